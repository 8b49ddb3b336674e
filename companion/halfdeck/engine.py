"""Half Deck Dungeon Heroes: the tracked game.

The player plays with the real cards and a real die and types what happens:
the cards drawn into the hand (``hand``), heroes put in play (``hero``),
gear equipped (``equip``), each dungeon card turned up (``draw``) and each
roll (``attack``, ``challenge``). The engine keeps every hero's life and
gear, the hands, and the counts of both decks, their discard piles and the
cards removed from play, and rules on every roll.

Card numbers are printed on cards we do not have: an action carries them
(``draw 'goblin minion' --minion --str 7 --loot 1``) the first time a card
is used in a game; later actions may name the card alone. Canonical action
text always carries the numbers, so a game replays without the catalog.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import chain
from typing import Any

from companion import plain
from companion.actions import MAX_ACTION_CHARS, ActionWords, join_action
from companion.dice import parse_die
from companion.editions import at_least, edition
from companion.errors import BadInput, RuleRefused
from companion.game import Applied
from companion.halfdeck.cards import (
    BOSS,
    DUNGEON_KINDS,
    ENDGAME_BOSS,
    ENDGAME_TREASURE,
    FOES,
    GEAR,
    HERO,
    KINDS,
    LETTER,
    MINION,
    MISC,
    ONE_NUMBER,
    STRENGTH,
    TRAP,
    CardInfo,
    card_name,
)
from companion.numbers import whole_or_none
from companion.tables import tables
from companion.text import wrap

KIND = "halfdeck"
TITLE = "Half Deck Dungeon Heroes"
ENDGAMES = ("both", "treasure", "boss")
TRAP_NEEDS = ("reach", "attribute")
ASSIST_RULES = ("loose", "strict")
"""When a roll may have supporters (halfdeck.ruling.assist): any time, or only when the
main attacker's best roll falls short of the enemy's number."""
ASSIST_EDITION = 3
"""The edition that brought the assist setting; earlier games assist as 'loose'."""
LIFE_KEYS = {MINION: "minion_life", BOSS: "boss_life", ENDGAME_BOSS: "endgame_boss_life",
             TRAP: "minion_life"}
"""The dungeon cards met as an encounter and the tables' key of their starting life."""

# Rulebook section ids named by refusals.
R_PREP = "halfdeck.round.preparatory"
R_HAND = "halfdeck.round.hand"
R_MULLIGAN = "halfdeck.round.mulligan"
R_REDRAW = "halfdeck.round.redraw"
R_HEROES = "halfdeck.hero.in-play"
R_GEAR = "halfdeck.gear.one-per-hero"
R_ONE_USE = "halfdeck.gear.one-use"
R_DRAW = "halfdeck.round.dungeon"
R_COMBAT = "halfdeck.combat.roll"
R_ASSIST = "halfdeck.combat.assist"
R_ESCAPE = "halfdeck.combat.forced-escape"
R_TRAP = "halfdeck.trap.challenge"
R_TEAM = "halfdeck.team.cards"
R_ENDGAME = "halfdeck.endgame.cards"
R_END = "halfdeck.game.end"
R_COOP = "halfdeck.coop.players"
R_TRADE = "halfdeck.coop.trading"
R_DECKS = "halfdeck.decks.reshuffle"
R_RESCUE = "halfdeck.custom.rescue"
R_ASSIST_RULE = "halfdeck.ruling.assist"

def table() -> dict[str, Any]:
    return tables("halfdeck")


# -- settings -------------------------------------------------------------------
def normalize_settings(raw: Mapping[str, Any]) -> dict[str, Any]:
    known = {"players", "endgame", "deck_size", "rescue", "trap_needs", "shuffle_back",
             "assist_rule", "edition"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise BadInput(f"unknown Half Deck setting {unknown[0]!r}")
    setup, decks = table()["setup"], table()["decks"]

    def number(key: str, default: int, low: int, high: int) -> int:
        value = raw.get(key)
        if value is None:
            value = default
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise BadInput(f"--{key.replace('_', '-')} must be a whole number from {low} "
                           f"to {high}")
        return value

    endgame = str(raw.get("endgame") or "both").lower()
    if endgame not in ENDGAMES:
        raise BadInput(f"--endgame must be treasure, boss or both, not {endgame!r}")
    endgame_cards = int(decks["endgame_cards"]) if endgame == "both" else 1
    # The endgame card not chosen is set aside, so the full deck is one card short.
    full = int(decks["dungeon_cards"]) - (int(decks["endgame_cards"]) - endgame_cards)
    rescue_text = raw.get("rescue") or ""
    if not isinstance(rescue_text, str):
        raise BadInput("--rescue takes a hero card's name")
    trap_needs = str(raw.get("trap_needs") or "reach").lower()
    if trap_needs not in TRAP_NEEDS:
        raise BadInput(f"--trap-needs must be reach or attribute, not {trap_needs!r}")
    shuffle_back = raw.get("shuffle_back", True)
    if not isinstance(shuffle_back, bool):
        raise BadInput("shuffle_back must be true or false")
    assist_rule = str(raw.get("assist_rule") or "loose").lower()
    if assist_rule not in ASSIST_RULES:
        raise BadInput(f"--assist-rule must be loose or strict, not {assist_rule!r}")
    number_of_edition = edition(raw)
    settings = {
        "players": number("players", int(setup["players_min"]), int(setup["players_min"]),
                          int(setup["players_max"])),
        "endgame": endgame,
        "deck_size": number("deck_size", full, endgame_cards + 1, full),
        "rescue": card_name(rescue_text) if rescue_text else "",
        "trap_needs": trap_needs,
        "shuffle_back": shuffle_back,
        "assist_rule": assist_rule,
        "edition": number_of_edition,
    }
    if not at_least(settings, ASSIST_EDITION):
        # An earlier game has no such setting: it assists as it always did (loose).
        if assist_rule != "loose":
            raise BadInput(f"--assist-rule {assist_rule} is for games of edition "
                           f"{ASSIST_EDITION} on; this one is of edition {number_of_edition}, "
                           "where any roll may be assisted")
        del settings["assist_rule"]
    return settings


def new_engine(settings: Mapping[str, Any]) -> HalfDeckGame:
    return HalfDeckGame(normalize_settings(settings))


# -- the table ------------------------------------------------------------------
@dataclass
class Gear:
    name: str
    attribute: str
    bonus: int
    one_use: bool = False
    standby: bool = False

    def text(self) -> str:
        what = f"{self.name} {LETTER[self.attribute]}+{self.bonus}"
        if self.standby:
            return what + " (one use, standby)"
        return what + (" (one use)" if self.one_use else "")


@dataclass
class Hero:
    name: str
    strength: int
    magic: int
    player: int
    life: int
    gear: Gear | None = None

    def attribute(self, which: str) -> int:
        return self.strength if which == STRENGTH else self.magic


@dataclass
class Encounter:
    card: CardInfo
    life: int
    player: int
    rolls: int = 0

    @property
    def kind(self) -> str:
        return self.card.kind

    def title(self) -> str:
        return f"{self.card.name} {LETTER[self.attribute]}{self.card.number}"

    @property
    def attribute(self) -> str:
        attribute = self.card.attribute
        assert attribute is not None
        return attribute


@dataclass(frozen=True)
class Roll:
    """One hero's part in a roll: the die, and the attribute and gear for the main roller."""

    hero: Hero
    die: int


# -- the game -------------------------------------------------------------------
class HalfDeckGame:
    def __init__(self, settings: dict[str, Any]) -> None:
        self.settings = settings
        decks, setup = table()["decks"], table()["setup"]
        self.players: int = settings["players"]
        self.rescue: str = settings["rescue"]
        self.known: dict[str, CardInfo] = {}
        self.hero_deck = int(decks["hero_cards"]) - (1 if self.rescue else 0)
        self.hero_discard = 0
        self.hero_removed = 0
        self.dungeon_deck: int = settings["deck_size"] + (1 if self.rescue else 0)
        self.dungeon_discard = 0
        self.dungeon_removed = 0
        self.endgame_left = {"both": [ENDGAME_TREASURE, ENDGAME_BOSS],
                             "treasure": [ENDGAME_TREASURE],
                             "boss": [ENDGAME_BOSS]}[settings["endgame"]]
        self.rescue_left = bool(self.rescue)
        self.round = 0
        self.heroes: list[Hero] = []
        self.hands: dict[int, list[str]] = {p: [] for p in self.player_numbers}
        start = int(setup["start_hand"] if self.players == 1 else setup["coop_start_hand"])
        self.owed: dict[int, int] = dict.fromkeys(self.player_numbers, start)
        self.start_hand = start
        self.mulliganed: set[int] = set()
        self.picked: set[int] = set()
        self.redrawn: dict[int, int] = {}
        self.traded: set[int] = set()
        self.team_used: dict[str, int] = {self.escape_card: 0, self.attack_card: 0}
        self.encounter: Encounter | None = None
        self.next_player = 1
        self.drawer = 1  # who drew the last dungeon card: a card's loot is theirs
        self.won_by: str | None = None
        self.lost = False
        # Each hero's life after each action (first entry: before any), a fallen hero's
        # last life included, for the life charts; the heroes who died and their last life.
        self.life_trail: list[dict[str, int]] = [{}]
        self.fallen: list[tuple[str, int]] = []

    # -- derived -------------------------------------------------------------------
    @property
    def player_numbers(self) -> range:
        return range(1, self.players + 1)

    @property
    def coop(self) -> bool:
        return self.players > 1

    @property
    def escape_card(self) -> str:
        return str(table()["team"]["escape"])

    @property
    def attack_card(self) -> str:
        return str(table()["team"]["attack"])

    @property
    def outcome(self) -> str:
        if self.won_by is not None:
            return "won"
        return "lost" if self.lost else "playing"

    @property
    def phase(self) -> str:
        if self.outcome != "playing":
            return "over"
        if self.encounter is not None:
            return "dungeon"
        return "setup" if self.round == 0 else "preparatory"

    def hero(self, name: str) -> Hero:
        key = card_name(name)
        for hero in self.heroes:
            if hero.name == key:
                return hero
        in_play = ", ".join(h.name for h in self.heroes) or "none"
        raise RuleRefused(f"{key} is not a hero in play (in play: {in_play})", R_HEROES)

    def team_name(self, name: str) -> str:
        """A team card's companion name for any of its aliases, else the name."""
        team = table()["team"]
        if name == self.escape_card or name in team["escape_aliases"]:
            return self.escape_card
        if name == self.attack_card or name in team["attack_aliases"]:
            return self.attack_card
        return name

    def specials_left(self) -> int:
        return len(self.endgame_left) + (1 if self.rescue_left else 0)

    def owed_total(self) -> int:
        return sum(self.owed.values())

    def card(self, name: str) -> CardInfo | None:
        """What this game knows of a card (the CLI asks before filling from the catalog)."""
        return self.known.get(card_name(name))

    # -- the action language ------------------------------------------------------
    def apply(self, action: str) -> Applied:
        verb = action.split(None, 1)[0].lower() if action.strip() else ""
        words = ActionWords.split(action, flags=FLAGS.get(verb, ()))
        handler = getattr(self, f"_do_{words.verb.replace('-', '_')}", None)
        if handler is None or words.verb not in VERBS:
            raise BadInput(f"{words.verb!r} is not a Half Deck action: expected one of "
                           f"{', '.join(VERBS)}")
        if self.outcome != "playing":
            raise RuleRefused(f"the game is over ({self.outcome})", R_END)
        before = len(self.fallen)
        canonical, lines = handler(words, action)
        point = {h.name: h.life for h in self.heroes}
        point.update(self.fallen[before:])
        self.life_trail.append(point)
        return Applied(canonical, tuple(lines))

    # -- small readers --------------------------------------------------------------
    def _player(self, words: ActionWords, default: int | None = None) -> int:
        text = words.option("player")
        if text is None:
            if default is not None:
                return default
            if not self.coop:
                return 1
            raise BadInput(f"say whose it is: --player 1 to {self.players}")
        number = _whole(text, "--player")
        if number not in self.player_numbers:
            raise BadInput(f"--player must be from 1 to {self.players}, not {text!r}")
        return number

    def _player_option(self, player: int) -> int | None:
        """Players are written out in co-op games only (solo games read better without)."""
        return player if self.coop else None

    def _refuse_in_dungeon(self, what: str) -> None:
        if self.encounter is not None:
            raise RuleRefused(f"cannot {what} now: {self.encounter.card.name} is not "
                              f"resolved ({self._next_hint()})", R_PREP)

    def _learn(self, info: CardInfo) -> CardInfo:
        """Merge an action's card facts with the game's; refuse a card that changed."""
        old = self.known.get(info.name)
        if old is None:
            missing = info.missing()
            if missing:
                raise BadInput(f"{info.name} is new to this game: give {', '.join(missing)}")
            self.known[info.name] = info
            return info
        if old.kind != info.kind:
            raise BadInput(f"{info.name} is a {old.kind} in this game, not a {info.kind}")
        merged = CardInfo(
            info.name, info.kind,
            strength=_same(info.name, old, old.strength, info.strength, "strength"),
            magic=_same(info.name, old, old.magic, info.magic, "magic"),
            loot=_same(info.name, old, old.loot, info.loot, "loot"),
            one_use=old.one_use or info.one_use,
            effect=_same_text(info.name, old, info.effect),
        )
        if merged.one_use != old.one_use:
            raise BadInput(f"{info.name} is {old.describe()} in this game (not one use)")
        if merged != old:
            raise BadInput(f"{info.name} is {old.describe()} in this game")
        return old

    # -- the hand -------------------------------------------------------------------
    def _do_hand(self, words: ActionWords, text: str) -> tuple[str, list[str]]:
        words.check_options(("player",))
        if not words.args:
            raise BadInput("usage: hand CARD... (the hero cards drawn)")
        names = [self.team_name(card_name(a)) for a in words.args]
        due = [p for p in self.player_numbers if self.owed[p] > 0]
        player = self._player(words, due[0] if len(due) == 1 or not self.coop and due else None)
        if self.owed[player] < len(names):
            owed = self.owed[player]
            whose = f"player {player}" if self.coop else "you"
            raise RuleRefused(f"{_count(len(names), 'card')} named but {owed} hero card"
                              f"{'' if owed == 1 else 's'} due to {whose} (a draw comes "
                              "from the start hand, loot or a redraw)", R_HAND)
        if self.rescue_left and self.rescue in names:
            raise RuleRefused(f"{self.rescue} is the prisoner in the dungeon deck, not in the "
                              "hero deck", R_RESCUE)
        self._check_team_copies(names)
        lines = self._take_hero_cards(len(names))
        self.owed[player] -= len(names)
        self.hands[player].extend(names)
        who = f"player {player} draws" if self.coop else "drawn"
        lines.insert(0, f"{who}: {', '.join(names)}")
        if self.owed[player]:
            lines.append(f"{self.owed[player]} more to draw")
        lines.append(f"hero deck {self.hero_deck}")
        return join_action("hand", *names, options={"player": self._player_option(player)}), lines

    def _take_hero_cards(self, count: int) -> list[str]:
        if count > self.hero_deck + self.hero_discard:
            raise RuleRefused(f"only {self.hero_deck + self.hero_discard} hero cards are left "
                              "in the deck and its discard pile", R_DECKS)
        lines = []
        if count > self.hero_deck:
            count -= self.hero_deck
            lines.append(f"hero deck ran out: {self.hero_discard} discarded cards shuffled "
                         "into a new deck")
            self.hero_deck, self.hero_discard = self.hero_discard, 0
        self.hero_deck -= count
        return lines

    def _check_team_copies(self, names: Sequence[str]) -> None:
        copies = int(table()["team"]["copies"])
        for team in (self.escape_card, self.attack_card):
            held = sum(hand.count(team) for hand in self.hands.values())
            new = list(names).count(team)
            if new and held + new + self.team_used[team] > copies:
                raise RuleRefused(f"there are {copies} {team} cards: {held} held and "
                                  f"{self.team_used[team]} used already", R_TEAM)

    def _do_discard(self, words: ActionWords, text: str) -> tuple[str, list[str]]:
        words.check_options(("player", "forced", "in-play"))
        if not words.args:
            raise BadInput("usage: discard CARD... [--forced] [--in-play]")
        names = [self.team_name(card_name(a)) for a in words.args]
        # --forced: a card's text makes the player discard: no redraw, any time.
        effect, in_play = words.flag("forced"), words.flag("in-play")
        if not effect:
            self._refuse_in_dungeon("discard by choice")
        player = self._discard_player(words, names, in_play)
        hand = list(self.hands[player])
        from_hand: list[str] = []
        from_play: list[str] = []
        for name in names:
            if not in_play and name in hand:
                hand.remove(name)
                from_hand.append(name)
            elif name in [h.name for h in self.heroes] + [g.name for g in self._gear_in_play()]:
                if name in from_play:
                    raise BadInput(f"{name} is named twice")
                from_play.append(name)
            else:
                whose = f"player {player}'s" if self.coop else "the"
                raise RuleRefused(f"{name} is not in {whose} hand nor in play", R_HAND)
        if from_hand and not effect:
            self._check_redraw(player, len(from_hand))
        lines: list[str] = []
        for name in from_hand:
            self.hands[player].remove(name)
        self.hero_discard += len(from_hand)
        if from_hand:
            redraw = "" if effect else f"; draw {len(from_hand)}: 'hand CARD...'"
            lines.append(f"discarded from the hand: {', '.join(from_hand)}{redraw}")
            if not effect:
                self.owed[player] += len(from_hand)
                if self.round == 0:
                    self.mulliganed.add(player)
                else:
                    self.redrawn[player] = self.redrawn.get(player, 0) + len(from_hand)
        for name in from_play:
            lines += self._discard_in_play(name, death=effect)
        canonical = join_action("discard", *names, options={
            "player": self._player_option(player), "forced": effect, "in-play": in_play})
        return canonical, lines

    def _discard_player(self, words: ActionWords, names: Sequence[str], in_play: bool) -> int:
        if not self.coop or words.option("player") is not None:
            return self._player(words)
        holders = [p for p in self.player_numbers
                   if all(n in self.hands[p] for n in names)] if not in_play else []
        owners = {h.player for h in self.heroes
                  if h.name in names or (h.gear is not None and h.gear.name in names)}
        candidates = holders or sorted(owners)
        if len(candidates) == 1:
            return candidates[0]
        raise BadInput(f"say whose cards these are: --player 1 to {self.players}")

    def _check_redraw(self, player: int, count: int) -> None:
        setup = table()["setup"]
        if self.round == 0:
            if player in self.mulliganed:
                raise RuleRefused("the first hand may be redrawn once only", R_MULLIGAN)
            low, high = int(setup["mulligan_min"]), min(int(setup["mulligan_max"]),
                                                       self.start_hand)
            if not low <= count <= high:
                raise RuleRefused(f"a first-hand redraw is {low} to {high} cards", R_MULLIGAN)
            return
        limit = int(setup["redraw_max"])
        done = self.redrawn.get(player, 0)
        if done + count > limit:
            raise RuleRefused(f"at most {limit} cards are discarded and redrawn per "
                              f"preparatory phase ({done} already)", R_REDRAW)

    def _gear_in_play(self) -> list[Gear]:
        return [h.gear for h in self.heroes if h.gear is not None]

    def _discard_in_play(self, name: str, *, death: bool) -> list[str]:
        for hero in self.heroes:
            if hero.name == name:
                if death:
                    return self._dies(hero, "is discarded")
                return self._leaves(hero, "leaves for the discard pile")
        for hero in self.heroes:
            if hero.gear is not None and hero.gear.name == name:
                hero.gear = None
                self.hero_discard += 1
                return [f"{name} of {hero.name} goes to the discard pile"]
        raise AssertionError(name)  # checked by the caller

    def _leaves(self, hero: Hero, how: str) -> list[str]:
        """A hero leaves play: the card is discarded and its gear goes back to the hand."""
        self.heroes.remove(hero)
        self.hero_discard += 1
        line = f"{hero.name} {how}"
        if hero.gear is not None:
            self.hands[hero.player].append(hero.gear.name)
            whose = f"player {hero.player}'s" if self.coop else "the"
            line += f"; {hero.gear.name} back to {whose} hand"
        return [line]

    def _dies(self, hero: Hero, how: str = "dies") -> list[str]:
        self.fallen.append((hero.name, hero.life))
        lines = self._leaves(hero, how)
        if not self.heroes:
            self.lost = True
            self.encounter = None
            lines.append("no hero is left: the game is lost")
        elif self.coop and not any(h.player == hero.player for h in self.heroes):
            lines.append(f"player {hero.player} has no hero left: out, unless a hero card "
                         "from the hand replaces it")
        return lines

    # -- heroes and gear -------------------------------------------------------------
    def _do_hero(self, words: ActionWords, text: str) -> tuple[str, list[str]]:
        words.check_options(("str", "mag", "player", "replace", "pick"))
        words.check_count(1, 1, "hero NAME [--str S --mag M] [--replace HERO]")
        name = card_name(words.args[0])
        info = self._learn_card(name, HERO, _opt_int(words, "str", 0, 20),
                                _opt_int(words, "mag", 0, 20))
        self._refuse_in_dungeon("put a hero in play")
        if any(h.name == name for h in self.heroes):
            raise RuleRefused(f"{name} is in play already", R_HEROES)
        pick = words.flag("pick")
        holders = [p for p in self.player_numbers if name in self.hands[p]]
        default = holders[0] if len(holders) == 1 else None
        if pick and self.coop and default is None:
            free = [p for p in self.player_numbers if p not in self.picked]
            default = free[0] if free else None
        player = self._player(words, default)
        replace = card_name(r) if (r := words.option("replace")) else None
        old = self.hero(replace) if replace else None
        if old is not None and self.coop and old.player != player:
            raise RuleRefused(f"{old.name} is player {old.player}'s hero", R_COOP)
        limit = int(table()["heroes"]["max_in_play"])
        if old is None and len(self.heroes) >= limit:
            raise RuleRefused(f"{limit} heroes are in play: replace one with --replace HERO",
                              R_HEROES)
        if pick:
            if not self.coop or self.round != 0 or player in self.picked:
                raise RuleRefused("only in co-op, before the first round, each player picks "
                                  "one hero from the hero deck", R_COOP)
            if self.rescue_left and name == self.rescue and at_least(self.settings, 3):
                # (earlier editions let it be picked, and rescued later a second time)
                raise RuleRefused(f"{name} is the prisoner in the dungeon deck, not in the "
                                  "hero deck", R_RESCUE)
            self._take_hero_cards(1)
            self.picked.add(player)
        elif name not in self.hands[player]:
            whose = f"player {player}'s" if self.coop else "the"
            hint = " (or --pick it from the deck)" if self.coop and self.round == 0 \
                and player not in self.picked else ""
            raise RuleRefused(f"{name} is not in {whose} hand: 'hand {name}' first{hint}",
                              R_HEROES)
        else:
            self.hands[player].remove(name)
        lines = self._leaves(old, "leaves for the discard pile") if old else []
        hero = Hero(name, _known(info.strength), _known(info.magic), player,
                    int(table()["heroes"]["life"]))
        self.heroes.append(hero)
        owner = f" for player {player}" if self.coop else ""
        lines.insert(0, f"{name} (S{hero.strength} M{hero.magic}, life {hero.life}) joins "
                        f"the party{owner}")
        return join_action("hero", name, options={
            "str": hero.strength, "mag": hero.magic, "player": self._player_option(player),
            "replace": replace, "pick": pick}), lines

    def _learn_card(self, name: str, kind: str, strength: int | None, magic: int | None,
                    loot: int | None = None, one_use: bool = False, effect: str = "",
                    ) -> CardInfo:
        """The card an action names: what it says, completed by what the game knows."""
        known = self.known.get(name)
        if known is not None and known.kind == kind:
            if kind == HERO:
                strength = known.strength if strength is None else strength
                magic = known.magic if magic is None else magic
            elif strength is None and magic is None:
                strength, magic = known.strength, known.magic
            loot = known.loot if loot is None else loot
            effect = effect or known.effect
        return self._learn(CardInfo(name, kind, strength, magic, loot, one_use, effect))

    def _do_equip(self, words: ActionWords, text: str) -> tuple[str, list[str]]:
        words.check_options(("str", "mag", "one-use", "standby"))
        words.check_count(2, 2, "equip HERO GEAR [--str +N | --mag +N] [--one-use] [--standby]")
        hero = self.hero(words.args[0])
        name = self.team_name(card_name(words.args[1]))
        if name in (self.escape_card, self.attack_card):
            raise RuleRefused(f"{name} is a team card: it is played from the hand, not "
                              "equipped", R_TEAM)
        strength, magic = _opt_int(words, "str", 0, 20), _opt_int(words, "mag", 0, 20)
        if strength is not None and magic is not None:
            raise BadInput("gear gives --str +N or --mag +N, not both")
        info = self._learn_card(name, GEAR, strength, magic, one_use=words.flag("one-use"))
        standby = words.flag("standby")
        if standby and not info.one_use:
            raise RuleRefused("only one-use gear waits on standby", R_ONE_USE)
        self._refuse_in_dungeon("equip gear")
        if hero.gear is not None:
            raise RuleRefused(f"{hero.name} carries {hero.gear.name} already: one gear per "
                              f"hero (discard {hero.gear.name} first)", R_GEAR)
        hand = self.hands[hero.player]
        if name not in hand:
            whose = f"player {hero.player}'s" if self.coop else "the"
            raise RuleRefused(f"{name} is not in {whose} hand", R_GEAR)
        hand.remove(name)
        attribute = info.attribute
        assert attribute is not None
        hero.gear = Gear(name, attribute, info.number, info.one_use, standby)
        base = hero.attribute(attribute)
        letter = LETTER[attribute]
        line = f"{hero.name} takes {name}: {letter}{base} + {info.number} = " \
               f"{letter}{base + info.number}"
        if standby:
            line = f"{hero.name} takes {name} on standby: no bonus until a boss"
        elif info.one_use:
            line += " for one roll"
        return join_action("equip", hero.name, name, options={
            letter_option(attribute): f"+{info.number}", "one-use": info.one_use,
            "standby": standby}), [line]

    # -- the dungeon -----------------------------------------------------------------
    def _do_draw(self, words: ActionWords, text: str) -> tuple[str, list[str]]:
        words.check_options(("str", "mag", "loot", "effect", "one-use", "player", "hero",
                             *DUNGEON_KINDS))
        words.check_count(1, 1, "draw NAME [--minion|--boss|--trap|--misc|--endgame-boss|"
                                "--endgame-treasure] [--str N | --mag N] [--loot N]")
        name = card_name(words.args[0])
        kinds = [k for k in (*DUNGEON_KINDS, HERO) if words.flag(k)]
        if len(kinds) > 1:
            raise BadInput(f"a card is one kind: --{kinds[0]} or --{kinds[1]}")
        known = self.known.get(name)
        if kinds:
            kind = kinds[0]
        elif known is not None:
            kind = known.kind
        elif name == self.rescue:
            kind = HERO
        else:
            raise BadInput(f"say what {name} is: --minion, --boss, --trap, --misc, "
                           "--endgame-boss or --endgame-treasure")
        if kind == HERO:
            return self._draw_prisoner(words, name)
        if name == self.rescue:
            raise BadInput(f"{name} is this game's prisoner: a hero")
        strength, magic = _opt_int(words, "str", 1, 40), _opt_int(words, "mag", 1, 40)
        loot = _opt_int(words, "loot", 0, 26)
        effect = words.option("effect") or ""
        if kind in ONE_NUMBER and strength is not None and magic is not None:
            raise BadInput(f"a {kind} card is --str N or --mag N, not both")
        if kind in (MISC, ENDGAME_TREASURE) and (strength is not None or magic is not None):
            raise BadInput(f"a {kind} card has no strength or magic number")
        if kind in (TRAP, ENDGAME_BOSS, ENDGAME_TREASURE) and loot is not None:
            raise BadInput(f"a {kind.replace('-', ' ')} card has no loot number")
        if words.flag("one-use") and kind != MISC:
            raise BadInput("--one-use is for miscellaneous cards (gear takes it on 'equip')")
        if kind == MISC and loot is None:
            loot = known.loot if known is not None and known.loot is not None else 0
        info = self._learn_card(name, kind, strength, magic, loot, words.flag("one-use"),
                                effect)
        player = self._player(words, self.next_player)
        self._check_can_draw()
        special = kind in (ENDGAME_BOSS, ENDGAME_TREASURE)
        if special and kind not in self.endgame_left:
            why = ("is set aside in this game (--endgame "
                   f"{self.settings['endgame']})") if self._endgame_set_aside(kind) \
                else "was drawn already"
            raise RuleRefused(f"the {kind.replace('-', ' ')} {why}", R_ENDGAME)
        if not special and self.dungeon_deck <= self.specials_left():
            raise RuleRefused(self._only_specials_text(), R_ENDGAME)
        self._start_round(player)
        lines = self._reveal(info, player)
        canonical = join_action("draw", name, options={
            kind: True, "str": info.strength, "mag": info.magic,
            "loot": info.loot if kind in (MINION, BOSS, MISC) else None,
            "effect": info.effect or None, "one-use": info.one_use,
            "player": self._player_option(player)})
        return canonical, lines

    def _endgame_set_aside(self, kind: str) -> bool:
        return self.settings["endgame"] not in ("both", kind.removeprefix("endgame-"))

    def _only_specials_text(self) -> str:
        left = [k.replace("-", " ") for k in self.endgame_left]
        if self.rescue_left:
            left.append(f"the prisoner {self.rescue}")
        return (f"the dungeon deck holds {self.dungeon_deck} card"
                f"{'' if self.dungeon_deck == 1 else 's'}: only {' and '.join(left)} can "
                "be left")

    def _check_can_draw(self) -> None:
        self._refuse_in_dungeon("draw a dungeon card")
        if not self.heroes:
            raise RuleRefused("put a hero in play first: 'hero NAME'", R_DRAW)
        if self.owed_total() and self.hero_deck + self.hero_discard:
            due = ", ".join(f"player {p}: {n}" for p, n in self.owed.items() if n) \
                if self.coop else str(self.owed_total())
            raise RuleRefused(f"name the hero cards drawn first ({due}): 'hand CARD...'",
                              R_HAND)

    def _start_round(self, player: int) -> None:
        # Draws still due here have nothing to come from (checked): they lapse.
        self.owed = dict.fromkeys(self.player_numbers, 0)
        self.round += 1
        self.dungeon_deck -= 1
        self.drawer = player
        self.redrawn = {}
        self.traded = set()
        if self.coop:
            order = [p for p in self.player_numbers if any(h.player == p for h in self.heroes)]
            later = [p for p in order if p > player]
            self.next_player = (later or order or [1])[0]

    def _reveal(self, info: CardInfo, player: int) -> list[str]:
        kind = info.kind
        head = f"round {self.round}: {info.name}"
        number = f" {LETTER[info.attribute]}{info.number}" if info.attribute else ""
        if kind == ENDGAME_TREASURE:
            self.endgame_left.remove(kind)
            self.won_by = info.name
            return [f"{head}, the endgame treasure: you win!"]
        if kind == MISC:
            lines = [f"{head} (miscellaneous): {info.effect or 'follow its text'}"]
            if info.one_use:
                self.dungeon_removed += 1
                lines.append("it is removed from play")
            else:
                self.dungeon_discard += 1
            if info.loot:
                self.owed[player] += info.loot
                lines.append(self._loot_line(info.loot, player))
            return lines
        if kind == ENDGAME_BOSS:
            self.endgame_left.remove(kind)
        encounter = Encounter(info, int(table()["enemies"][LIFE_KEYS[kind]]), player)
        if kind == TRAP:
            able = [h for h in self.heroes if self._can_attempt(h, encounter)]
            if not able:
                self.dungeon_discard += 1
                return [f"{head}, trap{number}",
                        f"no hero can attempt it{self._trap_needs_text()}: it takes effect "
                        f"at once: {info.effect or 'apply its text'}"]
            self.encounter = encounter
            return [f"{head}, trap{number}: 'challenge HERO ROLL'",
                    self._needs_line(encounter, able)]
        self.encounter = encounter
        what = {MINION: "minion", BOSS: "boss", ENDGAME_BOSS: "the endgame boss"}[kind]
        loot = f", loot {info.loot}" if kind != ENDGAME_BOSS else ""
        return [f"{head}, {what}{number}, life {encounter.life}{loot}",
                self._needs_line(encounter, self.heroes)]

    def _draw_prisoner(self, words: ActionWords, name: str) -> tuple[str, list[str]]:
        if name != self.rescue:
            raise BadInput(f"a hero is drawn from the dungeon only as the prisoner of a "
                           f"rescue game (--rescue), not {name}")
        if not self.rescue_left:
            raise RuleRefused(f"{name} was rescued already", R_RESCUE)
        info = self._learn_card(name, HERO, _opt_int(words, "str", 0, 20),
                                _opt_int(words, "mag", 0, 20))
        player = self._player(words, self.next_player)
        self._check_can_draw()
        self._start_round(player)
        self.rescue_left = False
        lines = [f"round {self.round}: {name}, the prisoner, is rescued"]
        if len(self.heroes) >= int(table()["heroes"]["max_in_play"]):
            self.hands[player].append(name)
            lines.append(f"the party is full: {name} goes to the hand")
        else:
            hero = Hero(name, _known(info.strength), _known(info.magic), player,
                        int(table()["heroes"]["life"]))
            self.heroes.append(hero)
            owner = f" for player {player}" if self.coop else ""
            lines.append(f"{name} (S{hero.strength} M{hero.magic}, life {hero.life}) joins "
                         f"the party{owner}")
        return join_action("draw", name, options={
            "hero": True, "str": info.strength, "mag": info.magic,
            "player": self._player_option(player)}), lines

    def _trap_needs_text(self) -> str:
        if self.settings["trap_needs"] == "reach":
            return " (none reaches its number even with a 6)"
        return " (no hero has that attribute)"

    def _can_attempt(self, hero: Hero, encounter: Encounter) -> bool:
        value = hero.attribute(encounter.attribute)
        if self.settings["trap_needs"] == "attribute":
            return value > 0
        bonus, _ = self._bonus(hero, encounter)
        return value + bonus + int(table()["die"]["faces"]) >= encounter.card.number

    def _needs_line(self, encounter: Encounter, heroes: Sequence[Hero]) -> str:
        """What each hero needs on the die, so the player sees who should roll."""
        faces = int(table()["die"]["faces"])
        parts = []
        for hero in heroes:
            bonus, _ = self._bonus(hero, encounter)
            need = max(1, encounter.card.number - hero.attribute(encounter.attribute) - bonus)
            parts.append(f"{hero.name} {need}+" if need <= faces else f"{hero.name} no")
        return "needed on the die: " + ", ".join(parts)

    def _bonus(self, hero: Hero, encounter: Encounter) -> tuple[int, Gear | None]:
        gear = hero.gear
        if gear is None or gear.attribute != encounter.attribute:
            return 0, None
        # Standby gear waits for a boss; against anything else it gives nothing.
        if gear.standby and encounter.kind not in (BOSS, ENDGAME_BOSS):
            return 0, None
        return gear.bonus, gear

    # -- rolls -----------------------------------------------------------------------
    def _do_attack(self, words: ActionWords, text: str) -> tuple[str, list[str]]:
        return self._fight(text, team=False)

    def _do_team_attack(self, words: ActionWords, text: str) -> tuple[str, list[str]]:
        return self._fight(text, team=True)

    def _fight(self, text: str, *, team: bool) -> tuple[str, list[str]]:
        verb = "team-attack" if team else "attack"
        usage = f"{verb} HERO ROLL --assist HERO ROLL" + ("..." if team else "") + \
            (" [--from PLAYER]" if team else " [--loot-to PLAYER]")
        args, assists, options = _split_rolls(text, ("from",) if team else ("loot-to",))
        if len(args) != 2:
            raise BadInput(f"usage: {usage}")
        main = Roll(self.hero(args[0]), _die(args[1]))
        supporters = [Roll(self.hero(h), _die(r)) for h, r in assists]
        names = [main.hero.name] + [s.hero.name for s in supporters]
        if len(set(names)) != len(names):
            raise RuleRefused("each hero rolls once per attack", R_ASSIST)
        limit = int(table()["combat"]["support_attackers"])
        if team and not supporters:
            raise BadInput(f"usage: {usage} (a team attack has supporters)")
        if not team and len(supporters) > limit:
            raise RuleRefused(f"{limit} support attacker per roll without a team attack card",
                              R_ASSIST)
        encounter = self.encounter
        if encounter is None or encounter.kind not in FOES:
            what = "a trap is met with 'challenge HERO ROLL'" if encounter else \
                "no enemy is in play: 'draw NAME' turns up a dungeon card"
            raise RuleRefused(what, R_COMBAT)
        loot_to = self._loot_to(options.get("loot-to"), main, supporters)
        source = self._team_card_holder(self.attack_card, options.get("from"), main.hero) \
            if team else None
        ruling = self._assist_ruling(encounter, main, team) if supporters else []
        lines: list[str] = []
        if source is not None:
            self.hands[source].remove(self.attack_card)
            self.team_used[self.attack_card] += 1
            self.hero_removed += 1
            lines.append(f"{self.attack_card} card played: removed from play")
        lines += ruling
        lines += self._roll(encounter, main, supporters, loot_to)
        canonical = join_action(verb, main.hero.name, str(main.die))
        for support in supporters:
            canonical += " " + join_action("--assist", support.hero.name, str(support.die))
        extra = {"from": self._player_option(source) if source else None,
                 "loot-to": str(loot_to) if "loot-to" in options else None}
        tail = join_action("", options=extra)
        return (canonical + " " + tail).strip(), lines

    def _assist_ruling(self, encounter: Encounter, main: Roll, team: bool) -> list[str]:
        """halfdeck.ruling.assist: supporters for a main attacker whose best roll reaches
        the enemy's number alone are refused (strict) or allowed and said so (loose)."""
        if not at_least(self.settings, ASSIST_EDITION):
            return []  # an earlier game has no such setting: it assists any roll
        hero, attribute = main.hero, encounter.attribute
        bonus, gear = self._bonus(hero, encounter)
        faces = int(table()["die"]["faces"])
        best = faces + hero.attribute(attribute) + bonus
        if best < encounter.card.number:
            return []
        parts = [str(faces), f"{LETTER[attribute]}{hero.attribute(attribute)}"]
        if gear is not None:
            parts.append(f"{bonus} {gear.name}")
        what = "team attack" if team else "assist"
        reach = f"{hero.name}'s best alone {' + '.join(parts)} = {best} >= " \
                f"{LETTER[attribute]}{encounter.card.number}"
        if self.settings["assist_rule"] == "strict":
            raise RuleRefused(f"no {what} (--assist-rule strict): {reach}", R_ASSIST_RULE)
        return [f"{what} allowed (--assist-rule loose): {reach}"]

    def _loot_to(self, text: str | None, main: Roll, supporters: Sequence[Roll]) -> int:
        if text is None:
            return main.hero.player
        number = _whole(text, "--loot-to")
        allowed = {main.hero.player} | {s.hero.player for s in supporters}
        if not self.coop or number not in allowed:
            raise RuleRefused("loot goes to the main attacker's player, or by agreement to "
                              "the supporter's", R_COOP)
        return number

    def _team_card_holder(self, card: str, text: str | None, hero: Hero) -> int:
        if text is not None:
            player = _whole(text, "--from")
            if player not in self.player_numbers:
                raise BadInput(f"--from must be from 1 to {self.players}")
            order = [player]
        else:
            order = [hero.player] + [p for p in self.player_numbers if p != hero.player]
        for player in order:
            if card in self.hands[player]:
                return player
        where = f"player {order[0]}'s hand" if text is not None else "a hand"
        raise RuleRefused(f"no {card} card in {where}", R_TEAM)

    def _roll(self, encounter: Encounter, main: Roll, supporters: Sequence[Roll],
              loot_to: int) -> list[str]:
        hero = main.hero
        attribute = encounter.attribute
        bonus, gear = self._bonus(hero, encounter)
        parts = [str(main.die), f"{LETTER[attribute]}{hero.attribute(attribute)}"]
        if gear is not None:
            parts.append(f"{bonus} {gear.name}")
        parts += [f"{s.hero.name} {s.die}" for s in supporters]
        total = main.die + hero.attribute(attribute) + bonus + sum(s.die for s in supporters)
        sums = f"{hero.name} {' + '.join(parts)} = {total}"
        target = encounter.card.number
        encounter.rolls += 1
        lines: list[str] = []
        spent = self._spend_one_use(hero, gear)
        if total >= target:
            before = encounter.life
            encounter.life -= 1
            lines.append(f"{sums} >= {encounter.title()}: hit, {encounter.card.name} life "
                         f"{before} -> {encounter.life}")
            lines += spent
            if encounter.life <= 0:
                lines += self._defeated(encounter, loot_to)
            return lines
        damage = int(table()["combat"]["miss_damage"])
        hurt = [hero] + [s.hero for s in supporters]
        changes = ", ".join(f"{h.name} life {h.life} -> {h.life - damage}" for h in hurt)
        lines.append(f"{sums} < {encounter.title()}: miss, {changes}")
        lines += spent
        for victim in hurt:
            victim.life -= damage
        for victim in hurt:
            if victim.life <= 0 and not self.lost:
                lines += self._dies(victim)
        return lines

    def _spend_one_use(self, hero: Hero, gear: Gear | None) -> list[str]:
        if gear is None or not gear.one_use:
            return []
        hero.gear = None
        self.hero_removed += 1
        return [f"{gear.name} is used up: removed from play"]

    def _defeated(self, encounter: Encounter, loot_to: int) -> list[str]:
        card = encounter.card
        self.encounter = None
        if card.kind == ENDGAME_BOSS:
            self.won_by = card.name
            return [f"{card.name}, the endgame boss, is defeated: you win!"]
        self.dungeon_discard += 1
        line = f"{card.name} is defeated"
        if not card.loot:
            return [line + ": no loot"]
        self.owed[loot_to] += card.loot
        return [line, self._loot_line(_known(card.loot), loot_to)]

    def _loot_line(self, loot: int, player: int) -> str:
        whom = f" for player {player}" if self.coop else ""
        return f"loot {loot}{whom}: draw {loot} hero card{'' if loot == 1 else 's'}, " \
               f"'hand CARD...'"

    def _do_challenge(self, words: ActionWords, text: str) -> tuple[str, list[str]]:
        words.check_options(())
        words.check_count(2, 2, "challenge HERO ROLL")
        hero = self.hero(words.args[0])
        die = _die(words.args[1])
        encounter = self.encounter
        if encounter is None or encounter.kind != TRAP:
            what = "an enemy is fought with 'attack HERO ROLL'" if encounter else \
                "no trap is in play"
            raise RuleRefused(what, R_TRAP)
        if not self._can_attempt(hero, encounter):
            why = f"cannot reach {encounter.title()} even with a 6" \
                if self.settings["trap_needs"] == "reach" else \
                f"has no {encounter.attribute} to attempt {encounter.title()}"
            raise RuleRefused(f"{hero.name} {why}", R_TRAP)
        bonus, gear = self._bonus(hero, encounter)
        attribute = encounter.attribute
        parts = [str(die), f"{LETTER[attribute]}{hero.attribute(attribute)}"]
        if gear is not None:
            parts.append(f"{bonus} {gear.name}")
        total = die + hero.attribute(attribute) + bonus
        sums = f"{hero.name} {' + '.join(parts)} = {total}"
        spent = self._spend_one_use(hero, gear)
        self.encounter = None
        self.dungeon_discard += 1
        if total >= encounter.card.number:
            lines = [f"{sums} >= {encounter.title()}: the trap is passed safely"]
        else:
            effect = encounter.card.effect or "apply the text on the card"
            lines = [f"{sums} < {encounter.title()}: the trap strikes {hero.name}: {effect}",
                     "(it hits the chosen hero unless the card says otherwise)"]
        return join_action("challenge", hero.name, str(die)), lines + spent

    def _do_escape(self, words: ActionWords, text: str) -> tuple[str, list[str]]:
        words.check_options(())
        words.check_count(0, 0, "escape")
        encounter = self._escapable("escape")
        damage = int(table()["combat"]["escape_damage"])
        lines = [f"forced escape from {encounter.card.name}: every hero takes {damage}, "
                 "no loot"]
        self.encounter = None
        self.dungeon_discard += 1
        heroes = list(self.heroes)
        lines.append(", ".join(f"{h.name} life {h.life} -> {h.life - damage}" for h in heroes))
        for hero in heroes:
            hero.life -= damage
        for hero in heroes:
            if hero.life <= 0 and not self.lost:
                lines += self._dies(hero)
        return "escape", lines

    def _escapable(self, verb: str) -> Encounter:
        encounter = self.encounter
        if encounter is None:
            raise RuleRefused("nothing to escape from", R_ESCAPE)
        if encounter.kind == ENDGAME_BOSS:
            raise RuleRefused("there is no escape from the endgame boss", R_ESCAPE)
        if encounter.kind == TRAP and verb == "escape":
            raise RuleRefused("a forced escape is from minions and bosses; a trap is "
                              "challenged", R_ESCAPE)
        return encounter

    def _do_team_escape(self, words: ActionWords, text: str) -> tuple[str, list[str]]:
        words.check_options(("from",))
        words.check_count(0, 0, "team-escape [--from PLAYER]")
        encounter = self._escapable("team-escape")
        first = self.heroes[0] if self.heroes else None
        assert first is not None  # an encounter needs a hero
        source = self._team_card_holder(self.escape_card, words.option("from"), first)
        self.hands[source].remove(self.escape_card)
        self.team_used[self.escape_card] += 1
        self.hero_removed += 1
        self.encounter = None
        self.dungeon_discard += 1
        return join_action("team-escape", options={"from": self._player_option(source)}), [
            f"{self.escape_card} card played: the party leaves {encounter.card.name} unhurt, "
            "no loot; the card is removed from play"]

    def _do_shuffle_back(self, words: ActionWords, text: str) -> tuple[str, list[str]]:
        words.check_options(())
        words.check_count(0, 0, "shuffle-back")
        encounter = self.encounter
        if encounter is None or encounter.kind != ENDGAME_BOSS:
            raise RuleRefused("only the endgame boss is shuffled back", R_ENDGAME)
        if not self.settings["shuffle_back"]:
            raise RuleRefused("this game does not shuffle the endgame boss back "
                              "(--no-shuffle-back)", R_ENDGAME)
        if encounter.rolls:
            raise RuleRefused("the fight with the endgame boss has begun", R_ENDGAME)
        self.encounter = None
        self.endgame_left.append(ENDGAME_BOSS)
        self.dungeon_deck += 1
        return "shuffle-back", [f"{encounter.card.name} is shuffled back into the dungeon "
                                f"deck ({self.dungeon_deck} cards)"]

    # -- card effects ------------------------------------------------------------------
    def _do_loot(self, words: ActionWords, text: str) -> tuple[str, list[str]]:
        words.check_options(("player",))
        words.check_count(1, 1, "loot N [--player P]")
        count = _whole(words.args[0], "loot")
        if not 1 <= count <= int(table()["decks"]["hero_cards"]):
            raise BadInput(f"loot is 1 to {table()['decks']['hero_cards']} cards")
        player = self._player(words, self.drawer)
        self.owed[player] += count
        return join_action("loot", str(count), options={
            "player": self._player_option(player)}), [self._loot_line(count, player)]

    def _do_heal(self, words: ActionWords, text: str) -> tuple[str, list[str]]:
        words.check_options(())
        words.check_count(2, 2, "heal HERO N")
        hero = self.hero(words.args[0])
        amount = _whole(words.args[1], "heal")
        top = int(table()["heroes"]["life"])
        if amount < 1:
            raise BadInput("heal by 1 or more")
        before = hero.life
        hero.life = min(top, hero.life + amount)
        capped = f" (at most {top})" if before + amount > top else ""
        return join_action("heal", hero.name, str(amount)), [
            f"{hero.name} life {before} -> {hero.life}{capped}"]

    def _do_hurt(self, words: ActionWords, text: str) -> tuple[str, list[str]]:
        words.check_options(())
        words.check_count(2, 2, "hurt HERO N")
        hero = self.hero(words.args[0])
        amount = _whole(words.args[1], "hurt")
        if amount < 1:
            raise BadInput("hurt by 1 or more")
        lines = [f"{hero.name} life {hero.life} -> {hero.life - amount}"]
        hero.life -= amount
        if hero.life <= 0:
            lines += self._dies(hero)
        return join_action("hurt", hero.name, str(amount)), lines

    def _do_trade(self, words: ActionWords, text: str) -> tuple[str, list[str]]:
        words.check_options(())
        words.check_count(4, 4, "trade PLAYER CARD PLAYER CARD (each gives the card named)")
        first, second = _whole(words.args[0], "trade"), _whole(words.args[2], "trade")
        first_card = self.team_name(card_name(words.args[1]))
        second_card = self.team_name(card_name(words.args[3]))
        if not self.coop:
            raise RuleRefused("trading is between players of a co-op game", R_TRADE)
        for player in (first, second):
            if player not in self.player_numbers:
                raise BadInput(f"players are 1 to {self.players}, not {player}")
        if first == second:
            raise BadInput("a trade is between two players")
        self._refuse_in_dungeon("trade")
        for player, card in ((first, first_card), (second, second_card)):
            if player in self.traded:
                raise RuleRefused(f"player {player} has traded in this preparatory phase",
                                  R_TRADE)
            if card not in self.hands[player]:
                raise RuleRefused(f"{card} is not in player {player}'s hand", R_TRADE)
        self.hands[first].remove(first_card)
        self.hands[second].remove(second_card)
        self.hands[first].append(second_card)
        self.hands[second].append(first_card)
        self.traded |= {first, second}
        return join_action("trade", str(first), first_card, str(second), second_card), [
            f"player {first} gives {first_card}, player {second} gives {second_card}"]

    # -- what the player sees -------------------------------------------------------
    def _next_hint(self) -> str:
        if self.outcome == "won":
            return "the game is won"
        if self.outcome == "lost":
            return "the game is lost"
        encounter = self.encounter
        if encounter is not None:
            if encounter.kind == TRAP:
                return "'challenge HERO ROLL' (or 'team-escape')"
            more = "" if encounter.kind == ENDGAME_BOSS else ", 'escape' or 'team-escape'"
            back = " or 'shuffle-back'" if encounter.kind == ENDGAME_BOSS and \
                not encounter.rolls and self.settings["shuffle_back"] else ""
            return f"'attack HERO ROLL [--assist HERO ROLL]', 'team-attack'{more}{back}"
        due = [(p, n) for p, n in self.owed.items() if n]
        if due and self.hero_deck + self.hero_discard:
            if self.coop:
                return "name the hero cards drawn: " + ", ".join(
                    f"'hand CARD... --player {p}' ({n})" for p, n in due)
            return f"name the {due[0][1]} hero card{'' if due[0][1] == 1 else 's'} drawn: " \
                   "'hand CARD...'"
        if not self.heroes:
            return "put a hero in play: 'hero NAME'"
        who = f" (player {self.next_player})" if self.coop else ""
        return f"prepare (hero, equip, discard), then 'draw NAME'{who}"

    def status(self) -> dict[str, Any]:
        encounter = None
        if self.encounter is not None:
            e = self.encounter
            encounter = {"name": e.card.name, "kind": e.kind, "attribute": e.attribute,
                         "number": e.card.number, "life": e.life, "loot": e.card.loot,
                         "effect": e.card.effect, "player": e.player, "rolls": e.rolls}
        return {
            "game": KIND,
            "round": self.round,
            "phase": self.phase,
            "heroes": [{"name": h.name, "player": h.player, "strength": h.strength,
                        "magic": h.magic, "life": h.life,
                        "gear": None if h.gear is None else {
                            "name": h.gear.name, "attribute": h.gear.attribute,
                            "bonus": h.gear.bonus, "one_use": h.gear.one_use,
                            "standby": h.gear.standby}} for h in self.heroes],
            "lives": {h.name: h.life for h in self.heroes},
            "gear": {h.name: h.gear.name for h in self.heroes if h.gear is not None},
            "hands": {str(p): list(cards) for p, cards in self.hands.items()},
            "hand_size": sum(len(cards) for cards in self.hands.values()),
            "draws_due": {str(p): n for p, n in self.owed.items()},
            "hero_deck": self.hero_deck,
            "hero_discard": self.hero_discard,
            "hero_removed": self.hero_removed,
            "dungeon_deck": self.dungeon_deck,
            "dungeon_discard": self.dungeon_discard,
            "dungeon_removed": self.dungeon_removed,
            "endgame_left": list(self.endgame_left),
            "prisoner": self.rescue if self.rescue_left else None,
            "encounter": encounter,
            "team_cards_used": dict(self.team_used),
            "next_player": self.next_player if self.coop else None,
            "cards": {n: c.as_toml() for n, c in sorted(self.known.items())},
            "won_by": self.won_by,
            "next": self._next_hint() if self.outcome == "playing" else None,
            "outcome": self.outcome,
            "settings": self.settings,
        }

    def status_lines(self, width: int = 40) -> list[str]:
        phase = {"setup": "first preparatory phase", "preparatory": "preparatory phase",
                 "dungeon": "dungeon phase", "over": "game over"}[self.phase]
        lines = [f"Round {self.round}, {phase}"]
        lines += _wrap(f"Hero deck {self.hero_deck}, discard {self.hero_discard}, "
                       f"removed {self.hero_removed}", width)
        lines += _wrap(f"Dungeon {self.dungeon_deck}, discard {self.dungeon_discard}, "
                       f"removed {self.dungeon_removed}", width)
        goals = ", ".join(k.removeprefix("endgame-") for k in self.endgame_left) or "none"
        lines += _wrap(f"Endgame in the deck: {goals}", width)
        if self.rescue_left:
            lines += _wrap(f"Prisoner in the dungeon: {self.rescue}", width)
        for player in self.player_numbers:
            label = f"P{player} hand" if self.coop else "Hand"
            cards = ", ".join(self.hands[player]) or "empty"
            lines += _wrap(f"{label} ({len(self.hands[player])}): {cards}", width)
        lines.append("Heroes:" if self.heroes else "Heroes: none in play")
        for hero in self.heroes:
            owner = f" P{hero.player}" if self.coop else ""
            lines += _wrap(f" {hero.name}{owner} S{hero.strength} M{hero.magic} "
                           f"life {hero.life}/{table()['heroes']['life']}", width)
            if hero.gear is not None:
                lines += _wrap(f"   {hero.gear.text()}", width)
        encounter = self.encounter
        if encounter is not None:
            lines += _wrap(f"Facing: {encounter.title()} "
                           f"({encounter.card.kind.replace('-', ' ')})", width)
            details = [f"life {encounter.life}"] if encounter.kind in FOES else []
            if encounter.kind in (MINION, BOSS):
                details.append(f"loot {encounter.card.loot}")
            if encounter.card.effect:
                details.append(f"effect: {encounter.card.effect}")
            if details:
                lines += _wrap("  " + ", ".join(details), width)
        if self.outcome == "playing":
            lines += _wrap(f"Next: {self._next_hint()}", width)
        elif self.outcome == "won":
            lines += _wrap(f"You won ({self.won_by})!", width)
        else:
            lines.append("The party is lost.")
        return lines

    def prompt(self) -> str:
        heroes = " ".join(f"{h.name} {h.life}" for h in self.heroes) or "no heroes"
        cards = sum(len(c) for c in self.hands.values())
        text = f"R{self.round} {heroes} | hand {cards} | decks {self.hero_deck}/" \
               f"{self.dungeon_deck}"
        if self.encounter is not None:
            text += f" | {self.encounter.card.name} {self.encounter.life}" \
                if self.encounter.kind in FOES else f" | {self.encounter.card.name}"
        return text + ("" if self.outcome == "playing" else f" [{self.outcome}]")

    # -- the cached state -----------------------------------------------------------
    def state_data(self) -> dict[str, Any]:
        """Everything an action changes, as plain values (``engine_from_data`` reads it);
        the settings, the tables and what they give (the start hand) are not in it. Players'
        tables are lists in player order; the encounter names its card in ``known``."""
        encounter = self.encounter
        return {
            "known": [[c.name, c.kind, c.strength, c.magic, c.loot, c.one_use, c.effect]
                      for c in self.known.values()],
            "hero_deck": self.hero_deck, "hero_discard": self.hero_discard,
            "hero_removed": self.hero_removed, "dungeon_deck": self.dungeon_deck,
            "dungeon_discard": self.dungeon_discard, "dungeon_removed": self.dungeon_removed,
            "endgame_left": list(self.endgame_left), "rescue_left": self.rescue_left,
            "round": self.round,
            "heroes": [[h.name, h.strength, h.magic, h.player, h.life, None if h.gear is None
                        else [h.gear.name, h.gear.attribute, h.gear.bonus, h.gear.one_use,
                              h.gear.standby]] for h in self.heroes],
            "hands": [list(self.hands[p]) for p in self.player_numbers],
            "owed": [self.owed[p] for p in self.player_numbers],
            "mulliganed": sorted(self.mulliganed), "picked": sorted(self.picked),
            "redrawn": [[p, n] for p, n in self.redrawn.items()],  # in the order redrawn
            "traded": sorted(self.traded),
            "team_used": [self.team_used[self.escape_card], self.team_used[self.attack_card]],
            "encounter": None if encounter is None else [
                encounter.card.name, encounter.life, encounter.player, encounter.rolls],
            "next_player": self.next_player, "drawer": self.drawer, "won_by": self.won_by,
            "lost": self.lost, "life_trail": [dict(point) for point in self.life_trail],
            "fallen": list(self.fallen),
        }


VERBS = ("hand", "hero", "equip", "draw", "attack", "team-attack", "challenge", "escape",
         "team-escape", "shuffle-back", "loot", "discard", "heal", "hurt", "trade")
FLAGS = {"hero": ("pick",), "equip": ("one-use", "standby"),
         "draw": ("one-use", "hero", *DUNGEON_KINDS), "discard": ("forced", "in-play")}
"""Options that take no value, per verb."""


def letter_option(attribute: str) -> str:
    return "str" if attribute == STRENGTH else "mag"


# -- readers ---------------------------------------------------------------------
def _whole(text: str, what: str) -> int:
    value = whole_or_none(text.strip().removeprefix("+"))
    if value is None:
        raise BadInput(f"{what} takes a whole number, not {text[:20]!r}")
    return value


def _die(text: str) -> int:
    return parse_die(text, int(table()["die"]["faces"]))


def _opt_int(words: ActionWords, key: str, low: int, high: int) -> int | None:
    text = words.option(key)
    if text is None:
        return None
    value = _whole(text, f"--{key}")
    if not low <= value <= high:
        raise BadInput(f"--{key} must be from {low} to {high}, not {text!r}")
    return value


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _known(value: int | None) -> int:
    assert value is not None  # _learn refuses incomplete cards
    return value


def _same(name: str, old: CardInfo, before: int | None, given: int | None, key: str) -> int | None:
    if given is None or before is None or given == before:
        return before if given is None else given
    raise BadInput(f"{name} is {old.describe()} in this game, not {key} {given}")


def _same_text(name: str, old: CardInfo, given: str) -> str:
    if not given or not old.effect or given == old.effect:
        return given or old.effect
    raise BadInput(f"{name}'s effect in this game is {old.effect!r}")


def _split_rolls(text: str, single: Sequence[str]) -> tuple[list[str], list[tuple[str, str]],
                                                            dict[str, str]]:
    """Read ``VERB HERO ROLL --assist HERO ROLL ... --key value``: --assist takes two words."""
    try:
        words = shlex.split(text)[1:]
    except ValueError as error:
        raise BadInput(f"cannot read action {text!r}: {error}") from None
    args: list[str] = []
    assists: list[tuple[str, str]] = []
    options: dict[str, str] = {}
    rest = iter(words)
    for word in rest:
        if word == "--assist":
            hero, roll = next(rest, None), next(rest, None)
            if hero is None or roll is None:
                raise BadInput("--assist takes a hero and the die: --assist HERO ROLL")
            assists.append((hero, roll))
        elif word.startswith("--") and word[2:] in single:
            value = next(rest, None)
            if value is None or word[2:] in options:
                raise BadInput(f"{word} takes one value, once")
            options[word[2:]] = value
        elif word.startswith("--"):
            raise BadInput(f"option {word} is not known here")
        else:
            args.append(word)
    return args, assists, options


# Status lines continue four spaces in, under the item they belong to.
_wrap = partial(wrap, indent="    ")


# -- the cached state ---------------------------------------------------------------
STATE_FIELDS = ("known", "hero_deck", "hero_discard", "hero_removed", "dungeon_deck",
                "dungeon_discard", "dungeon_removed", "endgame_left", "rescue_left", "round",
                "heroes", "hands", "owed", "mulliganed", "picked", "redrawn", "traded",
                "team_used", "encounter", "next_player", "drawer", "won_by", "lost",
                "life_trail", "fallen")
ENDGAMES_LEFT = {"both": (ENDGAME_TREASURE, ENDGAME_BOSS), "treasure": (ENDGAME_TREASURE,),
                 "boss": (ENDGAME_BOSS,)}
"""The endgame cards each --endgame puts in the dungeon deck."""
# The numbers the actions take (``hero --str``, ``equip --mag``, ``draw --loot``...).
HERO_NUMBERS = (0, 20)
DUNGEON_NUMBERS = (1, 40)
LOOT_NUMBERS = (0, 26)


def engine_from_data(settings: Mapping[str, Any], data: Any) -> HalfDeckGame:
    """The game whose ``state_data()`` was ``data``, each value checked, then what the
    actions keep true (``_check_state``); ``plain.BadState`` otherwise."""
    game = new_engine(settings)
    state = plain.record(data, STATE_FIELDS)
    rules = table()
    players, blue = game.players, int(rules["decks"]["hero_cards"])
    top = int(rules["heroes"]["life"])
    player = partial(plain.integer, low=1, high=players)
    count = partial(plain.integer, low=0)

    known = plain.items(state["known"], _card)
    game.known = {info.name: info for info in known}
    plain.check(len(game.known) == len(known), "a card known twice")
    for key in ("hero_deck", "hero_discard", "hero_removed", "dungeon_deck",
                "dungeon_discard", "dungeon_removed"):
        setattr(game, key, count(state[key]))
    endgames = ENDGAMES_LEFT[game.settings["endgame"]]
    game.endgame_left = plain.items(state["endgame_left"], lambda v: plain.choice(v, endgames),
                                    len(endgames))
    game.rescue_left = plain.flag(state["rescue_left"])
    game.round = count(state["round"])
    game.heroes = plain.items(state["heroes"], partial(_hero, game, top),
                              int(rules["heroes"]["max_in_play"]))
    hands = plain.fixed(state["hands"], players)
    game.hands = {p: plain.items(hand, _name, blue) for p, hand in zip(
        game.player_numbers, hands, strict=True)}
    owed = plain.fixed(state["owed"], players)
    game.owed = {p: count(n) for p, n in zip(game.player_numbers, owed, strict=True)}
    game.mulliganed = _players(state["mulliganed"], players)
    game.picked = _players(state["picked"], players)
    redrawn = plain.items(state["redrawn"], lambda v: plain.fixed(v, 2), players)
    most = int(rules["setup"]["redraw_max"])
    game.redrawn = {player(p): plain.integer(n, 1, most) for p, n in redrawn}
    plain.check(len(game.redrawn) == len(redrawn), "a player's redraw counted twice")
    game.traded = _players(state["traded"], players)
    copies = int(rules["team"]["copies"])
    escapes, attacks = plain.fixed(state["team_used"], 2)
    game.team_used = {game.escape_card: plain.integer(escapes, 0, copies),
                      game.attack_card: plain.integer(attacks, 0, copies)}
    if state["encounter"] is not None:
        game.encounter = _encounter(game, state["encounter"])
    game.next_player = player(state["next_player"])
    game.drawer = player(state["drawer"])
    won_by = plain.optional(_name)(state["won_by"])
    if won_by is not None:
        card = game.known.get(won_by)
        plain.check(card is not None and card.kind in (ENDGAME_BOSS, ENDGAME_TREASURE),
                    "won by a card that is not a known endgame card")
    game.won_by = won_by
    game.lost = plain.flag(state["lost"])
    game.life_trail = _life_trail(game, state["life_trail"], top)
    game.fallen = plain.items(state["fallen"], partial(_fallen, game, top))
    _check_state(game)
    return game


def _name(value: Any) -> str:
    """A card's name as ``card_name`` writes it."""
    name = plain.text(value, 40)
    try:
        plain.check(card_name(name) == name, "a card name not in its written form")
    except BadInput:
        raise plain.BadState(f"not a card name: {name!r}") from None
    return name


def _card(value: Any) -> CardInfo:
    """A known card, in the shape each kind is learnt in (``_learn_card``)."""
    name, kind, strength, magic, loot, one_use, effect = plain.fixed(value, 7)
    kind = plain.choice(kind, KINDS)
    low, high = HERO_NUMBERS if kind in (HERO, GEAR) else DUNGEON_NUMBERS
    number = plain.optional(partial(plain.integer, low=low, high=high))
    info = CardInfo(_name(name), kind, number(strength), number(magic),
                    plain.optional(partial(plain.integer, low=LOOT_NUMBERS[0],
                                           high=LOOT_NUMBERS[1]))(loot),
                    plain.flag(one_use), plain.text(effect, MAX_ACTION_CHARS))
    numbers = (info.strength is not None) + (info.magic is not None)
    shape = {HERO: 2, GEAR: 1, MISC: 0, ENDGAME_TREASURE: 0}.get(kind, 1)
    plain.check(numbers == shape, f"a {kind} card with the wrong numbers")
    plain.check((info.loot is not None) == (kind in (MINION, BOSS, MISC)),
                f"a {kind} card with the wrong loot")
    plain.check(not info.one_use or kind in (GEAR, MISC), f"a {kind} card of one use")
    plain.check(not info.effect or kind in DUNGEON_KINDS, f"a {kind} card with an effect")
    return info


def _known_card(game: HalfDeckGame, value: Any, kinds: Sequence[str]) -> CardInfo:
    card = game.known.get(_name(value))
    plain.check(card is not None and card.kind in kinds,
                f"{value!r} is not a known {' or '.join(kinds)} card")
    assert card is not None
    return card


def _hero_name(game: HalfDeckGame, value: Any) -> str:
    return _known_card(game, value, (HERO,)).name


def _fallen(game: HalfDeckGame, top: int, value: Any) -> tuple[str, int]:
    """A hero who died and its last life (a hero discarded by a card's text dies at any)."""
    name, life = plain.fixed(value, 2)
    return _hero_name(game, name), plain.integer(life, high=top)


def _hero(game: HalfDeckGame, top: int, value: Any) -> Hero:
    name, strength, magic, player, life, gear = plain.fixed(value, 6)
    card = _known_card(game, name, (HERO,))
    hero = Hero(card.name, plain.integer(strength, *HERO_NUMBERS),
                plain.integer(magic, *HERO_NUMBERS), plain.integer(player, 1, game.players),
                plain.integer(life, 1, top))  # a hero at 0 dies
    plain.check(hero.strength == card.strength and hero.magic == card.magic,
                f"{hero.name}'s numbers are not its card's")
    if gear is not None:
        hero.gear = _gear(game, gear)
    return hero


def _gear(game: HalfDeckGame, value: Any) -> Gear:
    name, attribute, bonus, one_use, standby = plain.fixed(value, 5)
    card = _known_card(game, name, (GEAR,))
    gear = Gear(card.name, plain.choice(attribute, LETTER), plain.integer(bonus, *HERO_NUMBERS),
                plain.flag(one_use), plain.flag(standby))
    plain.check((gear.attribute, gear.bonus, gear.one_use) == (
        card.attribute, card.number, card.one_use), f"{gear.name} is not as its card says")
    plain.check(gear.one_use or not gear.standby, "gear on standby that is not one use")
    return gear


def _players(value: Any, players: int) -> set[int]:
    """A set of players, written as a sorted list."""
    found = plain.items(value, partial(plain.integer, low=1, high=players), players)
    plain.check(found == sorted(set(found)), "players not in order, or twice")
    return set(found)


def _encounter(game: HalfDeckGame, value: Any) -> Encounter:
    name, life, player, rolls = plain.fixed(value, 4)
    card = _known_card(game, name, tuple(LIFE_KEYS))  # the very card ``known`` holds
    full = int(table()["enemies"][LIFE_KEYS[card.kind]])
    encounter = Encounter(card, plain.integer(life, 1, full),
                          plain.integer(player, 1, game.players), plain.integer(rolls, 0))
    # Each roll takes at most one life; a trap is challenged once, and then it is gone.
    plain.check(encounter.life + encounter.rolls >= full, "an enemy hit more than it was rolled")
    plain.check(card.kind != TRAP or encounter.rolls == 0, "a trap rolled against")
    return encounter


def _life_trail(game: HalfDeckGame, value: Any, top: int) -> list[dict[str, int]]:
    """Each hero's life after each action: one small table per action, so it is checked
    in bulk (a long game holds thousands)."""
    if type(value) is not list or not 1 <= len(value) <= plain.MAX_ITEMS:
        raise plain.BadState("the life trail is not a list of points")
    heroes = {name for name, card in game.known.items() if card.kind == HERO}
    plain.check(set(map(type, value)) == {dict}, "a life trail point that is not a table")
    trail: list[dict[str, int]] = list(map(dict, value))
    plain.check(heroes.issuperset(chain.from_iterable(trail)),
                "a life trail point that is not the lives of known heroes")
    lives = list(chain.from_iterable(map(dict.values, trail)))
    plain.check(set(map(type, lives)) <= {int}, "a life that is not a number")
    plain.check(not lives or (min(lives) >= -plain.MAX_NUMBER and max(lives) <= top),
                "a life out of range in the life trail")
    plain.check(not trail[0], "a life trail that does not start before any hero")
    return trail


def _check_state(game: HalfDeckGame) -> None:
    """What every sequence of actions keeps true; a state breaking it was never written."""
    check = plain.check
    rules = table()
    settings = game.settings
    heroes, encounter = game.heroes, game.encounter
    # The blue deck: every hero card is in the deck, a discard pile, removed, a hand or in
    # play; the prisoner is a red card until rescued.
    hands = sum(len(hand) for hand in game.hands.values())
    gear = len(game._gear_in_play())
    blue = game.hero_deck + game.hero_discard + game.hero_removed + hands + len(heroes) + gear
    check(blue == int(rules["decks"]["hero_cards"]) - game.rescue_left,
          "the hero cards do not add up")
    # The red deck: an endgame card that ends the game leaves it, and so does an enemy
    # left unresolved when the last hero falls.
    rescued = bool(game.rescue) and not game.rescue_left
    start = settings["deck_size"] + bool(game.rescue)
    red = game.dungeon_deck + game.dungeon_discard + game.dungeon_removed + (
        encounter is not None)
    expected = start - rescued - (game.won_by is not None)
    check(red == expected or game.lost and red == expected - 1,
          "the dungeon cards do not add up")
    check(start - game.round <= game.dungeon_deck <= start,
          "the dungeon deck does not match the rounds played")
    check(game.dungeon_deck >= game.specials_left(),
          "fewer dungeon cards than endgame cards and prisoner left in it")
    check(len(set(game.endgame_left)) == len(game.endgame_left), "an endgame card twice")
    check(game.rescue_left <= bool(game.rescue), "a prisoner in a game with no rescue")
    if game.rescue_left:
        check(all(game.rescue not in hand for hand in game.hands.values()),
              "the prisoner in a hand while still in the dungeon")
        check(not at_least(settings, 3) or all(h.name != game.rescue for h in game.heroes),
              "the prisoner in play while still in the dungeon")
    # Heroes: each card in play once; the last life trail point is their life now. Before
    # edition 3 the prisoner may be there twice: 'hero --pick' took it while it was still
    # in the dungeon.
    names = [h.name for h in heroes]
    twice_ok = not at_least(settings, 3)
    check(all(names.count(name) == 1 or twice_ok and name == game.rescue and
              names.count(name) == 2 for name in names), "a hero in play twice")
    last = game.life_trail[-1]
    twice = {game.rescue} if names.count(game.rescue) == 2 or any(
        name == game.rescue for name, _ in game.fallen) else set()  # one name, two lives
    check(all(last.get(h.name) == h.life or h.name in twice for h in heroes),
          "the life trail does not end at the heroes' lives")
    copies = int(rules["team"]["copies"])
    for name, used in game.team_used.items():
        held = sum(hand.count(name) for hand in game.hands.values())
        check(held + used <= copies, f"more {name} cards than the {copies} printed")
    check(not game.picked or game.coop, "a hero picked in a solo game")
    check(not game.redrawn or game.round > 0, "a redraw counted before the first round")
    # The end, and what may wait.
    check(not (game.won_by is not None and game.lost), "both won and lost")
    check(not game.lost or not heroes, "lost with heroes in play")
    if game.won_by is not None:
        check(game.known[game.won_by].kind not in game.endgame_left,
              "won by an endgame card still in the dungeon deck")
    if encounter is not None:
        check(game.outcome == "playing" and bool(heroes) and game.round > 0,
              "an encounter after the end, with no hero or before any round")
        check(encounter.kind != ENDGAME_BOSS or ENDGAME_BOSS not in game.endgame_left,
              "the endgame boss both met and in the dungeon deck")
        check(encounter.player == game.drawer, "an encounter not drawn by the last drawer")
