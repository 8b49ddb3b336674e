"""Half Deck Dungeon Heroes: the tracked game.

The player plays with the real cards and die and types what happens; the engine keeps
every hero's life and gear, the hands and the counts of both decks, and rules on every
roll. An action carries a card's numbers the first time a game uses the card, and its
canonical text always does, so a game replays without the catalog. Each verb is ruled by
the function of its name in ``play``: it checks first (with the readers here; a refusal
changes nothing), then makes the change and returns the canonical action the save keeps.
Each quantity with a rule changes in one place here: a hero card's place
(``HalfDeckGame.move``: each card is in one place, and the decks' counts add up), a
dungeon card's (``move_red``), a hero's life (``set_lives``: at most the printed life; a
hero at 0 dies).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import chain

from companion import names
from companion.errors import BadInput, RuleRefused
from companion.game import Applied, plural, rule
from companion.halfdeck.cards import (
    BOSS,
    ENDGAME_BOSS,
    FOES,
    HERO,
    LETTER,
    MINION,
    STRENGTH,
    TRAP,
    CardInfo,
    card_name,
)
from companion.halfdeck.grammar import GRAMMAR, Action
from companion.halfdeck.rules import (
    ASSIST_EDITION,
    ENDGAMES_LEFT,
    KIND,
    R_END,
    R_HEROES,
    R_PREP,
    TITLE,
    Settings,
    normalize_settings,
    setup_lines,
    table,
)
from companion.text import wrap
from companion.values import Record, Value

__all__ = ["KIND", "TITLE", "Encounter", "Gear", "HalfDeckGame", "Hero", "group_names",
           "new_engine", "normalize_settings", "setup_lines", "table"]


Done = tuple[Action, list[str]]
"""What a verb's change returns: the canonical action the save keeps, and the ruling."""


# -- the records ----------------------------------------------------------------
class Gear(Value):
    """A gear card a hero carries (a value: it is put on, used up or discarded whole)."""

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


class Hero(Record):
    __slots__ = ("name", "strength", "magic", "player", "life", "gear")

    def __init__(self, name: str, strength: int, magic: int, player: int, life: int,
                 gear: Gear | None = None) -> None:
        self.name = name
        self.strength = strength
        self.magic = magic
        self.player = player
        self.life = life
        self.gear = gear

    def attribute(self, which: str) -> int:
        return self.strength if which == STRENGTH else self.magic


class Encounter(Record):
    """The dungeon card being resolved: its life, who drew it, the rolls against it."""

    __slots__ = ("card", "life", "player", "rolls")

    def __init__(self, card: CardInfo, life: int, player: int, rolls: int = 0) -> None:
        self.card = card
        self.life = life
        self.player = player
        self.rolls = rolls

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


class Roll(Value):
    hero: Hero
    die: int


# -- where a hero card is ---------------------------------------------------------------
DECK, DISCARD, REMOVED, HAND, PLAY, GEAR, DUNGEON = (
    "deck", "discard", "removed", "hand", "play", "gear", "dungeon")
# Where a hero card is, whose hand, the hero, its gear (a plain tuple: moves are many).
Place = tuple[str, int, "Hero | None", "Gear | None"]

THE_DECK, THE_DISCARD, THE_REMOVED, THE_DUNGEON = (
    (where, 0, None, None) for where in (DECK, DISCARD, REMOVED, DUNGEON))


def hand_of(player: int) -> Place:
    return HAND, player, None, None


def in_play(hero: Hero) -> Place:
    return PLAY, hero.player, hero, None


def worn(hero: Hero, gear: Gear) -> Place:
    return GEAR, hero.player, hero, gear


# Dungeon cards: counted in the deck, the discard pile, removed; met as the encounter;
# or gone with the game (an endgame card, an enemy left when the party falls).
RED_DECK, RED_DISCARD, RED_REMOVED, RED_MET, RED_GONE = (
    "red deck", "red discard", "red removed", "met", "gone")
RED_COUNTS = {RED_DECK: "dungeon_deck", RED_DISCARD: "dungeon_discard",
              RED_REMOVED: "dungeon_removed"}


# -- matching names (companion.names) ------------------------------------------------------
def group_names(words: Sequence[str], pool: Iterable[str]) -> list[str]:
    """Words typed unquoted, as the names of ``pool`` they spell (the longest run first);
    any other word is a name of its own: a card may be new, so no prefix is guessed. A
    word typed as one name (quoted, or joined with _) is never joined with the next."""
    table = names.spellings(pool)
    found: list[str] = []
    at = 0
    while at < len(words):
        count, name = 1, words[at]
        for size in range(len(words) - at, 0, -1):
            run = words[at:at + size]
            if size > 1 and any("_" in word or " " in word.strip() for word in run):
                continue
            spelled = names.key(" ".join(run))
            if spelled in table:
                count, name = size, table[spelled]
                break
        found.append(name)
        at += count
    return found


class HalfDeckGame(Record):
    """One game: the decks' counts, the hands, the heroes and the card being resolved, as
    the actions so far left them (``companion.game.Engine``). Two games are equal when
    every field is."""

    __slots__ = ("settings", "config", "players", "rescue", "known", "hero_deck",
                 "hero_discard", "hero_removed", "dungeon_deck", "dungeon_discard",
                 "dungeon_removed", "endgame_left", "rescue_left", "round", "heroes", "hands",
                 "owed", "start_hand", "mulliganed", "picked", "redrawn", "traded",
                 "team_used", "encounter", "next_player", "drawer", "won_by", "lost",
                 "life_trail", "fallen")

    def __init__(self, settings: dict[str, object]) -> None:
        self.settings = settings
        self.config = Settings.read(settings)
        self.players = self.config.players
        self.rescue = self.config.rescue
        self.known: dict[str, CardInfo] = {}
        self.hero_deck = table()["decks"]["hero_cards"] - (1 if self.rescue else 0)
        self.hero_discard = self.hero_removed = 0
        self.dungeon_deck = self.config.deck_size + (1 if self.rescue else 0)
        self.dungeon_discard = self.dungeon_removed = 0
        self.endgame_left = list(ENDGAMES_LEFT[self.config.endgame])
        self.rescue_left = bool(self.rescue)
        self.round = 0
        self.heroes: list[Hero] = []
        self.hands: dict[int, list[str]] = {p: [] for p in self.player_numbers}
        setup = table()["setup"]
        self.start_hand = setup["start_hand"] if self.players == 1 else setup["coop_start_hand"]
        self.owed: dict[int, int] = dict.fromkeys(self.player_numbers, self.start_hand)
        self.mulliganed: set[int] = set()
        self.picked: set[int] = set()
        self.redrawn: dict[int, int] = {}
        self.traded: set[int] = set()
        # each team card's copies played (removed from play), by its companion name
        self.team_used = dict.fromkeys((table()["team"]["escape"], table()["team"]["attack"]), 0)
        self.encounter: Encounter | None = None
        self.next_player = 1
        self.drawer = 1  # who drew the last dungeon card: a card's loot is theirs
        self.won_by: str | None = None
        self.lost = False
        # Each hero's life after each action (first entry: before any), a fallen hero's
        # last life included, for the life charts; the heroes who died and their last life.
        self.life_trail: list[dict[str, int]] = [{}]
        self.fallen: list[tuple[str, int]] = []

    @property
    def outcome(self) -> str:
        if self.won_by is not None:
            return "won"
        return "lost" if self.lost else "playing"

    def apply(self, action: Action | str) -> Applied:
        over = (RuleRefused(f"the game is over ({self.outcome})", R_END)
                if self.outcome != "playing" else None)
        before = len(self.fallen)
        applied = rule(self, action, GRAMMAR, "companion.halfdeck.play", over)
        point = {h.name: h.life for h in self.heroes}
        point.update(self.fallen[before:])
        self.life_trail.append(point)
        return applied

    def status(self) -> dict[str, object]:
        """The state as JSON holds it ('status --json'), the keys in this order."""
        encounter: dict[str, object] | None = None
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
                        "gear": None if h.gear is None else h.gear._asdict()}
                       for h in self.heroes],
            "lives": {h.name: h.life for h in self.heroes},
            "gear": {h.name: h.gear.name for h in self.heroes if h.gear is not None},
            "hands": {str(p): list(cards) for p, cards in self.hands.items()},
            "hand_size": sum(len(cards) for cards in self.hands.values()),
            "draws_due": {str(p): n for p, n in self.owed.items()},
            **{pile: getattr(self, pile) for pile in ("hero_deck", "hero_discard",
                                                      "hero_removed", *RED_COUNTS.values())},
            "endgame_left": list(self.endgame_left),
            "prisoner": self.rescue if self.rescue_left else None,
            "encounter": encounter,
            "team_cards_used": dict(self.team_used),
            "next_player": self.next_player if self.coop else None,
            "cards": {n: c.as_toml() for n, c in sorted(self.known.items())},
            "won_by": self.won_by,
            "next": self.next_hint() if self.outcome == "playing" else None,
            "outcome": self.outcome,
            "settings": self.settings,
        }

    def status_lines(self, width: int = 40) -> list[str]:
        width = max(20, width)

        def item(text: str, keep: Sequence[str] = ()) -> list[str]:
            """``wrap``'s lines, continued four spaces in, a card name kept whole."""
            return wrap(text, width, "    ", keep=keep)

        phase = {"setup": "first preparatory phase", "preparatory": "preparatory phase",
                 "dungeon": "dungeon phase", "over": "game over"}[self.phase]
        lines = [f"Round {self.round}, {phase}"]
        lines += item(f"Hero deck {self.hero_deck}, discard {self.hero_discard}, "
                      f"removed {self.hero_removed}")
        lines += item(f"Dungeon {self.dungeon_deck}, discard {self.dungeon_discard}, "
                      f"removed {self.dungeon_removed}")
        goals = ", ".join(k.removeprefix("endgame-") for k in self.endgame_left) or "none"
        lines += item(f"Endgame in the deck: {goals}")
        if self.rescue_left:
            lines += item(f"Prisoner in the dungeon: {self.rescue}")
        for player in self.player_numbers:
            label = f"P{player} hand" if self.coop else "Hand"
            cards = self.hands[player]
            lines += item(f"{label} ({len(cards)}): {', '.join(cards) or 'empty'}", cards)
        lines.append("Heroes:" if self.heroes else "Heroes: none in play")
        for hero in self.heroes:
            owner = f" P{hero.player}" if self.coop else ""
            lines += item(f" {hero.name}{owner} S{hero.strength} M{hero.magic} "
                          f"life {hero.life}/{table()['heroes']['life']}")
            if hero.gear is not None:
                lines += item(f"   {hero.gear.text()}")
        encounter = self.encounter
        if encounter is not None:
            lines += item(f"Facing: {encounter.title()} "
                          f"({encounter.card.kind.replace('-', ' ')})")
            details = [f"life {encounter.life}"] if encounter.kind in FOES else []
            if encounter.kind in (MINION, BOSS):
                details.append(f"loot {encounter.card.loot}")
            if encounter.card.effect:
                details.append(f"effect: {encounter.card.effect}")
            if details:
                lines += item("  " + ", ".join(details))
        if self.outcome == "playing":
            lines += wrap(f"Next: {self.next_hint()}", width)  # as every game's Next
        elif self.outcome == "won":
            lines += item(f"You won ({self.won_by})!")
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

    # -- derived ---------------------------------------------------------------------
    @property
    def player_numbers(self) -> range:
        return range(1, self.players + 1)

    @property
    def coop(self) -> bool:
        return self.players > 1

    @property
    def attack_card(self) -> str:
        return table()["team"]["attack"]

    @property
    def phase(self) -> str:
        if self.won_by is not None or self.lost:
            return "over"
        if self.encounter is not None:
            return "dungeon"
        return "setup" if self.round == 0 else "preparatory"

    def card(self, name: str) -> CardInfo | None:  # the CLI asks before the catalog
        return self.known.get(card_name(name))

    def next_hint(self) -> str:  # while the game is played
        encounter = self.encounter
        if encounter is not None:
            if encounter.kind == TRAP:
                return "'challenge HERO ROLL' (or 'team-escape')"
            more = "" if encounter.kind == ENDGAME_BOSS else ", 'escape' or 'team-escape'"
            back = " or 'shuffle-back'" if encounter.kind == ENDGAME_BOSS and \
                not encounter.rolls and self.config.shuffle_back else ""
            return f"'attack HERO ROLL [--assist HERO ROLL]', 'team-attack'{more}{back}"
        due = [(p, n) for p, n in self.owed.items() if n]
        if due and self.hero_deck + self.hero_discard:
            if self.coop:
                return "name the hero cards drawn: " + ", ".join(
                    f"'hand CARD... --player {p}' ({n})" for p, n in due)
            return f"name the {plural(due[0][1], 'hero card')} drawn: 'hand CARD...'"
        if not self.heroes:
            return "put a hero in play: 'hero NAME'"
        who = f" (player {self.next_player})" if self.coop else ""
        return f"prepare (hero, equip, discard), then 'draw NAME'{who}"

    # -- names -----------------------------------------------------------------------
    def hero(self, name: str) -> Hero:
        """The hero in play ``name`` stands for: its name, or a unique prefix of it."""
        key = card_name(name)
        for hero in self.heroes:
            if hero.name == key:
                return hero
        in_play = [h.name for h in self.heroes]
        if self.holds(key):  # a card of this game, elsewhere: the rules refuse it
            raise RuleRefused(f"{key} is not a hero in play (in play: "
                              f"{', '.join(in_play) or 'none'})", R_HEROES)
        if not in_play:  # a name the game does not know is bad input, whatever the state
            raise BadInput(f"{name.strip()!r} is not a hero in play: none is in play")
        key = names.match(name, in_play, "hero in play")  # a prefix, else bad input
        return next(h for h in self.heroes if h.name == key)

    def holds(self, name: str) -> bool:
        """Whether the game has a card of that name anywhere but in play."""
        return name in self.known or name == self.rescue or any(
            name in hand for hand in self.hands.values()) or any(
            name == fallen for fallen, _ in self.fallen)

    def check_named(self, cards: Iterable[str]) -> None:
        """A name no card of this game has is bad input, whatever the state (checked before
        the rules: the same mistake gets the same exit code)."""
        for name in cards:
            if not (self.holds(name) or name in self.team_used
                    or name in self.in_play_names()):
                raise BadInput(f"{name!r} is not a card of this game")

    def held(self, typed: str, player: int | None = None) -> str:
        """The card of a hand (``player``'s, else any) that ``typed`` stands for; the
        name as typed when it is a card of the game already, or when no card held is
        close (the caller says it is not held)."""
        key = card_name(typed)
        hands = [self.hands[player]] if player is not None else list(self.hands.values())
        if self.holds(key) or any(h.name == key for h in self.heroes):
            return key
        return names.find(key, chain.from_iterable(hands), "card in the hand") or key

    def card_pool(self) -> list[str]:
        """Every card name this game holds, team cards' other names included: what unquoted
        words are grouped into (``hand warrior steel sword``)."""
        team = table()["team"]
        return list(dict.fromkeys(chain(self.known, chain.from_iterable(self.hands.values()),
                                        self.in_play_names(), (team["escape"],),
                                        team["escape_aliases"], (team["attack"],),
                                        team["attack_aliases"])))

    def in_play_names(self) -> list[str]:
        """The heroes in play and their gear, each hero followed by its gear."""
        return [n for h in self.heroes for n in (h.name, *([h.gear.name] if h.gear else []))]

    def team_name(self, name: str) -> str:
        """A team card's companion name for any of its aliases, else the name."""
        team = table()["team"]
        if name == team["escape"] or name in team["escape_aliases"]:
            return team["escape"]
        if name == team["attack"] or name in team["attack_aliases"]:
            return team["attack"]
        return name

    def place(self, name: str) -> str:
        """Where a hero card of that name is, if in a hand or in play ('' otherwise)."""
        for hero in self.heroes:
            if hero.name == name:
                return "in play"
            if hero.gear is not None and hero.gear.name == name:
                return f"in play on {hero.name}"
        for player, hand in self.hands.items():
            if name in hand:
                return f"in player {player}'s hand" if self.coop else "in the hand"
        return ""

    def equipped(self, words: Sequence[str]) -> tuple[Hero, str]:
        """``equip``'s words: the hero in play they name first, then the gear's name (the card
        of its player's hand it stands for)."""
        usage = f"usage: {GRAMMAR.verbs['equip'].usage_line()}"
        if len(words) < 2:
            raise BadInput(usage)
        if len(words) == 2:
            hero, typed = self.hero(words[0]), words[1]
        else:  # names typed unquoted: the hero's words come first
            found, count = names.lead(words, [h.name for h in self.heroes], "hero in play")
            if count == len(words):
                raise BadInput(usage)
            hero = self.hero(words[0] if found is None else found)
            typed = " ".join(words[count:])
        return hero, self.held(self.team_name(card_name(typed)), hero.player)

    def assist_refused(self, best: int, number: int) -> bool:
        """halfdeck.ruling.assist, strict: no supporter (nor team attack) for a main attacker
        whose best roll alone (a 6, attribute and gear) reaches the number (``odds`` asks
        too)."""
        return (self.config.edition >= ASSIST_EDITION and self.config.assist_rule == "strict"
                and best >= number)

    # -- small readers -----------------------------------------------------------------
    def player(self, given: int | None, default: int | None = None) -> int:
        if given is None:
            if default is not None:
                return default
            if not self.coop:
                return 1
            raise BadInput(f"say whose it is: --player 1 to {self.players}")
        if given not in self.player_numbers:
            raise BadInput(f"--player must be from 1 to {self.players}, not {str(given)!r}")
        return given

    def player_option(self, player: int) -> int | None:
        return player if self.coop else None  # solo games' actions read better without

    def whose(self, player: int) -> str:
        return f"player {player}'s" if self.coop else "the"  # whose hand a line speaks of

    def refuse_in_dungeon(self, what: str) -> None:
        if self.encounter is not None:
            raise RuleRefused(f"cannot {what} now: {self.encounter.card.name} is not "
                              f"resolved ({self.next_hint()})", R_PREP)

    def learn_card(self, name: str, kind: str, strength: int | None, magic: int | None,
                   loot: int | None = None, one_use: bool = False, effect: str = "",
                   ) -> CardInfo:
        """The card an action names: what it says, completed by what the game knows; a card
        that changed is refused. Only checks: the action keeps the card (``remember``) once
        every check passed."""
        old = self.known.get(name)
        if old is None:
            info = CardInfo(name, kind, strength, magic, loot, one_use, effect)
            missing = info.missing()
            if missing:
                raise BadInput(f"{name} is new to this game: give {', '.join(missing)}")
            return info
        if old.kind != kind:
            raise BadInput(f"{name} is a {old.kind} in this game, not a {kind}")
        if kind == HERO:
            strength = old.strength if strength is None else strength
            magic = old.magic if magic is None else magic
        elif strength is None and magic is None:
            strength, magic = old.strength, old.magic
        numbers = (("strength", old.strength, strength), ("magic", old.magic, magic),
                   ("loot", old.loot, old.loot if loot is None else loot))
        for key, before, given in numbers:
            if None not in (before, given) and before != given:
                raise BadInput(f"{name} is {old.describe()} in this game, not {key} {given}")
        if effect and old.effect and effect != old.effect:
            raise BadInput(f"{name}'s effect in this game is {old.effect!r}")
        if one_use and not old.one_use:
            raise BadInput(f"{name} is {old.describe()} in this game (not one use)")
        if any(before is None and given is not None for _, before, given in numbers) or (
                effect and not old.effect):
            raise BadInput(f"{name} is {old.describe()} in this game")
        return old

    def remember(self, info: CardInfo) -> None:
        self.known.setdefault(info.name, info)

    # -- the one place each changes ------------------------------------------------------
    def move(self, name: str, source: Place, target: Place) -> list[str]:
        """A hero card changes place: the only way one does. Taking the last card of the
        hero deck first shuffles its discard pile into a new deck (said in the lines)."""
        lines: list[str] = []
        where, player, hero, _ = source
        if where == DECK:
            if not self.hero_deck:
                lines.append(f"hero deck ran out: {self.hero_discard} discarded cards "
                             "shuffled into a new deck")
                self.hero_deck, self.hero_discard = self.hero_discard, 0
            self.hero_deck -= 1
        elif where == DISCARD:
            self.hero_discard -= 1
        elif where == HAND:
            self.hands[player].remove(name)
        elif where == PLAY and hero is not None:
            self.heroes.remove(hero)
        elif where == GEAR and hero is not None:
            hero.gear = None
        elif where == DUNGEON:
            self.rescue_left = False
        else:  # nothing leaves REMOVED
            raise AssertionError(source)
        where, player, hero, gear = target
        if where == DISCARD:
            self.hero_discard += 1
        elif where == REMOVED:
            self.hero_removed += 1
        elif where == HAND:
            self.hands[player].append(name)
        elif where == PLAY and hero is not None:
            self.heroes.append(hero)
        elif where == GEAR and hero is not None:
            hero.gear = gear
        else:  # nothing goes back to DECK or DUNGEON but by a shuffle
            raise AssertionError(target)
        return lines

    def move_red(self, source: str, target: str) -> None:
        """A dungeon card changes place: the only way one does (the encounter itself is
        set by the verb that meets it)."""
        if source in RED_COUNTS:
            setattr(self, RED_COUNTS[source], getattr(self, RED_COUNTS[source]) - 1)
        elif source == RED_MET:
            self.encounter = None
        if target in RED_COUNTS:
            setattr(self, RED_COUNTS[target], getattr(self, RED_COUNTS[target]) + 1)

    def set_lives(self, changes: Sequence[tuple[Hero, int]]) -> list[str]:
        """Heroes' life changes: the only way it does. At most the printed life; then each
        hero at 0 or less dies, in order (until the party is lost)."""
        top = table()["heroes"]["life"]
        for hero, life in changes:
            hero.life = min(top, life)
        lines: list[str] = []
        for hero, _ in changes:
            if hero.life <= 0 and not self.lost:
                lines += self.dies(hero)
        return lines

    def leaves(self, hero: Hero, how: str) -> list[str]:
        """A hero leaves play: the card is discarded and its gear goes back to the hand."""
        gear = hero.gear
        line = f"{hero.name} {how}"
        if gear is not None:
            self.move(gear.name, worn(hero, gear), hand_of(hero.player))
            line += f"; {gear.name} back to {self.whose(hero.player)} hand"
        self.move(hero.name, in_play(hero), THE_DISCARD)
        return [line]

    def dies(self, hero: Hero, how: str = "dies") -> list[str]:
        self.fallen.append((hero.name, hero.life))
        lines = self.leaves(hero, how)
        if not self.heroes:
            self.lost = True
            if self.encounter is not None:  # the enemy facing the fallen party: gone
                self.move_red(RED_MET, RED_GONE)
            lines.append("no hero is left: the game is lost")
        elif self.coop and not any(h.player == hero.player for h in self.heroes):
            lines.append(f"player {hero.player} has no hero left: out, unless a hero card "
                         "from the hand replaces it")
        return lines


def new_engine(settings: Mapping[str, object]) -> HalfDeckGame:
    return HalfDeckGame(normalize_settings(settings))
