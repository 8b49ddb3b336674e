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

An action is a value (``companion.halfdeck.grammar``): text is read once by
``GRAMMAR.parse``, each verb has its handler, and the canonical value a
handler returns is what the save keeps, written by ``GRAMMAR.text``. Names
are matched as everywhere (``companion.names``): exactly, then by a unique
prefix; a name that is neither says what it could be, or what is close.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from itertools import chain
from typing import TYPE_CHECKING, NamedTuple, assert_never, cast

from companion import names, plain
from companion.dice import parse_die
from companion.editions import at_least, edition
from companion.errors import BadInput, RuleRefused
from companion.game import Applied, Record
from companion.halfdeck import grammar
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
from companion.halfdeck.grammar import GRAMMAR, Action
from companion.numbers import whole_or_none
from companion.tables import tables
from companion.text import wrap
from companion.verbs import MAX_ACTION_CHARS

if TYPE_CHECKING:
    from typing import TypedDict

    class DecksTable(TypedDict):
        hero_cards: int
        dungeon_cards: int
        endgame_cards: int

    class SetupTable(TypedDict):
        players_min: int
        players_max: int
        start_hand: int
        coop_start_hand: int
        mulligan_min: int
        mulligan_max: int
        redraw_max: int

    class HeroesTable(TypedDict):
        life: int
        max_in_play: int
        gear_per_hero: int

    class EnemiesTable(TypedDict):
        minion_life: int
        boss_life: int
        endgame_boss_life: int

    class DieTable(TypedDict):
        faces: int

    class CombatTable(TypedDict):
        miss_damage: int
        escape_damage: int
        support_attackers: int

    class TeamTable(TypedDict):
        copies: int
        escape: str
        attack: str
        escape_aliases: list[str]
        attack_aliases: list[str]

    class HalfDeckTables(TypedDict):
        """``rulebook/halfdeck.tables.toml`` as read."""

        decks: DecksTable
        setup: SetupTable
        heroes: HeroesTable
        enemies: EnemiesTable
        die: DieTable
        combat: CombatTable
        team: TeamTable

    class GearStatus(TypedDict):
        name: str
        attribute: str
        bonus: int
        one_use: bool
        standby: bool

    class HeroStatus(TypedDict):
        name: str
        player: int
        strength: int
        magic: int
        life: int
        gear: GearStatus | None

    class EncounterStatus(TypedDict):
        name: str
        kind: str
        attribute: str
        number: int
        life: int
        loot: int | None
        effect: str
        player: int
        rolls: int

    class HalfDeckStatus(TypedDict):
        """``status --json``: the keys in this order."""

        game: str
        round: int
        phase: str
        heroes: list[HeroStatus]
        lives: dict[str, int]
        gear: dict[str, str]
        hands: dict[str, list[str]]
        hand_size: int
        draws_due: dict[str, int]
        hero_deck: int
        hero_discard: int
        hero_removed: int
        dungeon_deck: int
        dungeon_discard: int
        dungeon_removed: int
        endgame_left: list[str]
        prisoner: str | None
        encounter: EncounterStatus | None
        team_cards_used: dict[str, int]
        next_player: int | None
        cards: dict[str, dict[str, str | int | bool]]
        won_by: str | None
        next: str | None
        outcome: str
        settings: dict[str, object]

KIND = "halfdeck"
TITLE = "Half Deck Dungeon Heroes"
ENDGAMES = ("both", "treasure", "boss")
TRAP_NEEDS = ("reach", "attribute")
ASSIST_RULES = ("loose", "strict")
"""When a roll may have supporters (halfdeck.ruling.assist): any time, or only when the
main attacker's best roll falls short of the enemy's number."""
ASSIST_EDITION = 3
"""The edition that brought the assist setting; earlier games assist as 'loose'."""
ENDGAMES_LEFT = {"both": (ENDGAME_TREASURE, ENDGAME_BOSS), "treasure": (ENDGAME_TREASURE,),
                 "boss": (ENDGAME_BOSS,)}
"""The endgame cards each --endgame puts in the dungeon deck."""
ENCOUNTERS = (MINION, BOSS, ENDGAME_BOSS, TRAP)
"""The dungeon cards met as an encounter (a trap starts with a minion's life)."""

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
R_RESCUE_FULL = "halfdeck.ruling.rescue-full"

# The numbers the actions take (``hero --str``, ``equip --mag``, ``draw --loot``...).
HERO_NUMBERS = (0, 20)
DUNGEON_NUMBERS = (1, 40)
LOOT_NUMBERS = (0, 26)


# -- the rulebook's numbers ----------------------------------------------------------------
class Numbers(NamedTuple):
    """Every number of ``rulebook/halfdeck.tables.toml`` the game uses, read once."""

    hero_cards: int
    dungeon_cards: int
    endgame_cards: int
    players_min: int
    players_max: int
    start_hand: int
    coop_start_hand: int
    mulligan_min: int
    mulligan_max: int
    redraw_max: int
    life: int
    max_in_play: int
    minion_life: int
    boss_life: int
    endgame_boss_life: int
    faces: int
    miss_damage: int
    escape_damage: int
    support_attackers: int
    copies: int
    escape: str
    attack: str
    escape_aliases: tuple[str, ...]
    attack_aliases: tuple[str, ...]

    def enemy_life(self, kind: str) -> int:
        """The life an encounter starts with."""
        return {MINION: self.minion_life, BOSS: self.boss_life,
                ENDGAME_BOSS: self.endgame_boss_life, TRAP: self.minion_life}[kind]


_NUMBERS: list[Numbers] = []


def table() -> HalfDeckTables:
    """The rulebook's tables as read (``numbers()`` is the typed view the engine uses)."""
    # TOML carries no types: the record says what the shipped file holds (every value
    # is read through numbers(), which the game's tests use throughout)
    return cast("HalfDeckTables", tables("halfdeck"))


def numbers() -> Numbers:
    """The rulebook's numbers (read on first use: the grammar and the CLI need none)."""
    if not _NUMBERS:
        data = table()
        decks, setup, heroes = data["decks"], data["setup"], data["heroes"]
        enemies, combat, team = data["enemies"], data["combat"], data["team"]
        _NUMBERS.append(Numbers(
            hero_cards=int(decks["hero_cards"]), dungeon_cards=int(decks["dungeon_cards"]),
            endgame_cards=int(decks["endgame_cards"]),
            players_min=int(setup["players_min"]), players_max=int(setup["players_max"]),
            start_hand=int(setup["start_hand"]), coop_start_hand=int(setup["coop_start_hand"]),
            mulligan_min=int(setup["mulligan_min"]), mulligan_max=int(setup["mulligan_max"]),
            redraw_max=int(setup["redraw_max"]),
            life=int(heroes["life"]), max_in_play=int(heroes["max_in_play"]),
            minion_life=int(enemies["minion_life"]), boss_life=int(enemies["boss_life"]),
            endgame_boss_life=int(enemies["endgame_boss_life"]),
            faces=int(data["die"]["faces"]),
            miss_damage=int(combat["miss_damage"]),
            escape_damage=int(combat["escape_damage"]),
            support_attackers=int(combat["support_attackers"]),
            copies=int(team["copies"]), escape=str(team["escape"]),
            attack=str(team["attack"]),
            escape_aliases=tuple(map(str, team["escape_aliases"])),
            attack_aliases=tuple(map(str, team["attack_aliases"]))))
    return _NUMBERS[0]


# -- settings -------------------------------------------------------------------
class Settings(NamedTuple):
    """A game's normalised settings, read once (the store keeps them as a table)."""

    players: int
    endgame: str
    deck_size: int
    rescue: str
    trap_needs: str
    shuffle_back: bool
    assist_rule: str  # earlier editions have none: they assist as 'loose'
    edition: int

    @classmethod
    def read(cls, settings: Mapping[str, object]) -> Settings:
        """Settings ``normalize_settings`` gave: a value of another type is a bug."""
        return cls(plain.integer(settings["players"]), plain.text(settings["endgame"]),
                   plain.integer(settings["deck_size"]), plain.text(settings["rescue"]),
                   plain.text(settings["trap_needs"]), plain.flag(settings["shuffle_back"]),
                   plain.text(settings.get("assist_rule", "loose")), edition(settings))


def normalize_settings(raw: Mapping[str, object]) -> dict[str, object]:
    known = {"players", "endgame", "deck_size", "rescue", "trap_needs", "shuffle_back",
             "assist_rule", "edition", "seats"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise BadInput(f"unknown Half Deck setting {unknown[0]!r}")
    rules = numbers()

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
    full, endgame_cards = full_deck(endgame)
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
    players = number("players", rules.players_min, rules.players_min, rules.players_max)
    settings: dict[str, object] = {
        "players": players,
        "endgame": endgame,
        "deck_size": number("deck_size", full, endgame_cards + 1, full),
        "rescue": card_name(rescue_text) if rescue_text else "",
        "trap_needs": trap_needs,
        "shuffle_back": shuffle_back,
        "assist_rule": assist_rule,
        "edition": number_of_edition,
    }
    seats = raw.get("seats") or []
    if seats:  # who sits at each player's place: the same person in every game's record
        named = seat_names(seats, players, raw.get("players") is None)
        settings["seats"] = named
        settings["players"] = len(named)
    if not at_least(settings, ASSIST_EDITION):
        # An earlier game has no such setting: it assists as it always did (loose).
        if assist_rule != "loose":
            raise BadInput(f"--assist-rule {assist_rule} is for games of edition "
                           f"{ASSIST_EDITION} on; this one is of edition {number_of_edition}, "
                           "where any roll may be assisted")
        del settings["assist_rule"]
    return settings


def seat_names(seats: object, players: int, any_count: bool) -> list[str]:
    """The players' names, in the order of their numbers (``--seat Ann --seat Bo``: Ann is
    player 1); as many as ``--players`` says, unless it was left out."""
    from companion.names import check_player, key

    if not isinstance(seats, list) or not all(isinstance(seat, str) for seat in seats):
        raise BadInput("seats: expected a list of names")
    rules = numbers()
    if not rules.players_min <= len(seats) <= rules.players_max:
        raise BadInput(f"--seat names {rules.players_min} to {rules.players_max} players, "
                       f"not {len(seats)}")
    if not any_count and len(seats) != players:
        raise BadInput(f"--players {players} but {len(seats)} --seat names: give one per "
                       "player")
    named = [seat for seat in seats if isinstance(seat, str)]  # all of them, as checked
    for seat in named:
        check_player(seat)
    keys = [key(seat) for seat in named]
    twice = next((seat for seat, k in zip(named, keys, strict=True) if keys.count(k) > 1), None)
    if twice is not None:
        raise BadInput(f"{twice!r} is named twice: each player needs a name of their own")
    return named


def full_deck(endgame: str) -> tuple[int, int]:
    """The full dungeon deck for ``--endgame`` and the endgame cards in it: the endgame
    card not chosen is set aside, so the deck is one card short."""
    rules = numbers()
    in_deck = rules.endgame_cards if endgame == "both" else 1
    return rules.dungeon_cards - (rules.endgame_cards - in_deck), in_deck


def new_engine(settings: Mapping[str, object]) -> HalfDeckGame:
    return HalfDeckGame(normalize_settings(settings))


def setup_lines(settings: Mapping[str, object], width: int = 40) -> list[str]:
    """What to lay out when a game starts, each line at most ``width`` columns."""
    chosen = Settings.read(normalize_settings(settings))
    rules = numbers()
    full, endgames = full_deck(chosen.endgame)
    size, prisoner = chosen.deck_size, chosen.rescue
    said = ["Split the deck by the colour of backs:",
            f" blue: the hero deck, {rules.hero_cards - bool(prisoner)} cards"]
    if chosen.endgame != "both":
        aside = "boss" if chosen.endgame == "treasure" else "treasure"
        said.append(f" set the endgame {aside} aside")
    said.append(f" red: the dungeon deck, {size} cards")
    if size < full:
        goal = "both endgame cards" if endgames > 1 else f"the endgame {chosen.endgame}"
        said.append(f"   ({goal} among them)")
    if prisoner:
        said.append(f"Shuffle the prisoner, {prisoner}, into the red deck.")
    said.append("Shuffle both decks face down.")
    if chosen.players == 1:
        said.append(f"Draw {rules.start_hand} hero cards: 'hand CARD...'")
        said.append(f"  (redraw {rules.mulligan_min} to "
                    f"{min(rules.mulligan_max, rules.start_hand)} of them once)")
    else:
        said.append("Each player picks a hero card from the hero deck: 'hero NAME --pick', "
                    f"then draws {rules.coop_start_hand}: 'hand CARD... --player N'.")
        said.append("Player 1 turns up the first red card, then each player in turn.")
    said.append(f"At most {rules.max_in_play} heroes in play, one gear each.")
    return [line for text in said for line in wrap(text, width, indent="  ")]


# -- the table ------------------------------------------------------------------
class Gear(Record):
    """A gear card on a hero: the attribute it adds to and by how much."""

    __slots__ = ("name", "attribute", "bonus", "one_use", "standby")

    def __init__(self, name: str, attribute: str, bonus: int, one_use: bool = False,
                 standby: bool = False) -> None:
        self.name = name
        self.attribute = attribute
        self.bonus = bonus
        self.one_use = one_use
        self.standby = standby

    def text(self) -> str:
        what = f"{self.name} {LETTER[self.attribute]}+{self.bonus}"
        if self.standby:
            return what + " (one use, standby)"
        return what + (" (one use)" if self.one_use else "")


class Hero(Record):
    """A hero in play: its card's numbers, whose it is, its life and gear."""

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


class Roll(NamedTuple):
    """One hero's part in a roll: the die, and the attribute and gear for the main roller."""

    hero: Hero
    die: int


# -- matching names (companion.names) ------------------------------------------------------
def find_name(typed: str, pool: Iterable[str], what: str) -> str | None:
    """The name in ``pool`` that ``typed`` (a card name as ``card_name`` writes it) stands
    for: itself, else the one it is a prefix of. Several: "could be ... type more"; none
    but close ones: "did you mean ..."; nothing close: None, for the caller's own words."""
    pool = list(pool)
    if typed in pool:
        return typed
    table = names.spellings(pool)
    found = names.candidates(typed, table)
    if len(found) == 1:
        return found[0]
    if found or names.closest(typed, table):
        return names.match(typed, table, what)  # raises: several, or only close ones
    return None


def lead_name(words: Sequence[str], pool: Iterable[str], what: str) -> tuple[str | None, int]:
    """The name at the start of ``words`` and how many words it took: the longest run of
    words naming a name of ``pool`` exactly, else by a unique prefix (unquoted names:
    ``equip warrior steel sword``); else as ``find_name`` rules on the first word alone."""
    pool = list(pool)
    table = names.spellings(pool)
    for count in range(len(words), 0, -1):
        spelled = names.key(" ".join(words[:count]))
        if spelled in table:
            return table[spelled], count
    for count in range(len(words), 0, -1):
        found = names.candidates(" ".join(words[:count]), table)
        if len(found) == 1:
            return found[0], count
    return find_name(card_name(words[0]), pool, what), 1


def group_names(words: Sequence[str], pool: Iterable[str]) -> list[str]:
    """Words typed unquoted, as the names they spell: the longest run of words that is
    exactly a name of ``pool`` is that name; any other word is a name of its own (a card
    may be new: no prefix is guessed). A word typed as one name (quoted, or joined with
    _) is never joined with the next."""
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


# -- the game -------------------------------------------------------------------
class HalfDeckGame:
    """One game: the decks' counts, the hands, the heroes and the card being resolved, as
    the actions so far left them."""

    def __init__(self, settings: dict[str, object]) -> None:
        self.settings = settings
        self.config = Settings.read(settings)
        rules = numbers()
        self.players = self.config.players
        self.rescue = self.config.rescue
        self.known: dict[str, CardInfo] = {}
        self.hero_deck = rules.hero_cards - (1 if self.rescue else 0)
        self.hero_discard = 0
        self.hero_removed = 0
        self.dungeon_deck = self.config.deck_size + (1 if self.rescue else 0)
        self.dungeon_discard = 0
        self.dungeon_removed = 0
        self.endgame_left = list(ENDGAMES_LEFT[self.config.endgame])
        self.rescue_left = bool(self.rescue)
        self.round = 0
        self.heroes: list[Hero] = []
        self.hands: dict[int, list[str]] = {p: [] for p in self.player_numbers}
        start = rules.start_hand if self.players == 1 else rules.coop_start_hand
        self.owed: dict[int, int] = dict.fromkeys(self.player_numbers, start)
        self.start_hand = start
        self.mulliganed: set[int] = set()
        self.picked: set[int] = set()
        self.redrawn: dict[int, int] = {}
        self.traded: set[int] = set()
        self.escapes_used = 0
        self.team_attacks_used = 0
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
        return numbers().escape

    @property
    def attack_card(self) -> str:
        return numbers().attack

    @property
    def team_used(self) -> dict[str, int]:
        """The team cards played, by name."""
        return {self.escape_card: self.escapes_used, self.attack_card: self.team_attacks_used}

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
        """The hero in play ``name`` stands for: its name, or a unique prefix of it."""
        key = card_name(name)
        for hero in self.heroes:
            if hero.name == key:
                return hero
        in_play = [h.name for h in self.heroes]
        if self._holds(key):  # a card of this game, elsewhere: the rules refuse it
            raise RuleRefused(f"{key} is not a hero in play (in play: "
                              f"{', '.join(in_play) or 'none'})", R_HEROES)
        if not in_play:  # a name the game does not know is bad input, whatever the state
            raise BadInput(f"{name.strip()!r} is not a hero in play: none is in play")
        key = names.match(name, in_play, "hero in play")  # a prefix, else bad input
        return next(h for h in self.heroes if h.name == key)

    def _holds(self, name: str) -> bool:
        """Whether the game has a card of that name anywhere but in play."""
        return name in self.known or name == self.rescue or any(
            name in hand for hand in self.hands.values()) or any(
            name == fallen for fallen, _ in self.fallen)

    def _check_named(self, cards: Iterable[str]) -> None:
        """A name no card of this game has is bad input, whatever the state (checked before
        the rules: the same mistake gets the same exit code)."""
        for name in cards:
            if not (self._holds(name) or name in self.team_used or any(
                    name in (h.name, h.gear and h.gear.name) for h in self.heroes)):
                raise BadInput(f"{name!r} is not a card of this game")

    def held(self, typed: str, player: int | None = None) -> str:
        """The card of a hand (``player``'s, else any) that ``typed`` stands for; the
        name as typed when it is a card of the game already, or when no card held is
        close (the caller says it is not held)."""
        key = card_name(typed)
        hands = [self.hands[player]] if player is not None else list(self.hands.values())
        if self._holds(key) or any(h.name == key for h in self.heroes):
            return key
        found = find_name(key, chain.from_iterable(hands), "card in the hand")
        return key if found is None else found

    def card_pool(self) -> list[str]:
        """Every card name this game holds, team cards' other names included: what unquoted
        words are grouped into (``hand warrior steel sword``)."""
        rules = numbers()
        held = chain.from_iterable(self.hands.values())
        in_play = chain.from_iterable((h.name, *((h.gear.name,) if h.gear else ()))
                                      for h in self.heroes)
        return list(dict.fromkeys(chain(self.known, held, in_play, (rules.escape,),
                                        rules.escape_aliases, (rules.attack,),
                                        rules.attack_aliases)))

    def team_name(self, name: str) -> str:
        """A team card's companion name for any of its aliases, else the name."""
        rules = numbers()
        if name == rules.escape or name in rules.escape_aliases:
            return rules.escape
        if name == rules.attack or name in rules.attack_aliases:
            return rules.attack
        return name

    def specials_left(self) -> int:
        return len(self.endgame_left) + (1 if self.rescue_left else 0)

    def owed_total(self) -> int:
        return sum(self.owed.values())

    def card(self, name: str) -> CardInfo | None:
        """What this game knows of a card (the CLI asks before filling from the catalog)."""
        return self.known.get(card_name(name))

    # -- the action language ------------------------------------------------------
    def apply(self, action: Action | str) -> Applied:
        value = GRAMMAR.parse(action) if isinstance(action, str) else action
        if self.outcome != "playing":
            raise RuleRefused(f"the game is over ({self.outcome})", R_END)
        before = len(self.fallen)
        canonical, lines = self._do(value)
        point = {h.name: h.life for h in self.heroes}
        point.update(self.fallen[before:])
        self.life_trail.append(point)
        return Applied(GRAMMAR.text(canonical), tuple(lines))

    def _do(self, action: Action) -> tuple[Action, list[str]]:
        """The handler of the action's verb: the canonical action and the ruling."""
        match action:
            case grammar.Hand():
                return self._do_hand(action)
            case grammar.Hero():
                return self._do_hero(action)
            case grammar.Equip():
                return self._do_equip(action)
            case grammar.Draw():
                return self._do_draw(action)
            case grammar.Attack() | grammar.TeamAttack():
                return self._fight(action)
            case grammar.Challenge():
                return self._do_challenge(action)
            case grammar.Escape():
                return self._do_escape(action)
            case grammar.TeamEscape():
                return self._do_team_escape(action)
            case grammar.ShuffleBack():
                return self._do_shuffle_back(action)
            case grammar.Loot():
                return self._do_loot(action)
            case grammar.Discard():
                return self._do_discard(action)
            case grammar.Heal():
                return self._do_heal(action)
            case grammar.Hurt():
                return self._do_hurt(action)
            case grammar.Trade():
                return self._do_trade(action)
            case _:
                assert_never(action)

    # -- small readers --------------------------------------------------------------
    def _player(self, given: int | None, default: int | None = None) -> int:
        if given is None:
            if default is not None:
                return default
            if not self.coop:
                return 1
            raise BadInput(f"say whose it is: --player 1 to {self.players}")
        if given not in self.player_numbers:
            raise BadInput(f"--player must be from 1 to {self.players}, not {str(given)!r}")
        return given

    def _player_option(self, player: int) -> int | None:
        """Players are written out in co-op games only (solo games read better without)."""
        return player if self.coop else None

    def _refuse_in_dungeon(self, what: str) -> None:
        if self.encounter is not None:
            raise RuleRefused(f"cannot {what} now: {self.encounter.card.name} is not "
                              f"resolved ({self._next_hint()})", R_PREP)

    def _learn(self, info: CardInfo) -> CardInfo:
        """Merge an action's card facts with the game's; refuse a card that changed. Only
        checks: the action keeps the card (``known``) once every check has passed."""
        old = self.known.get(info.name)
        if old is None:
            missing = info.missing()
            if missing:
                raise BadInput(f"{info.name} is new to this game: give {', '.join(missing)}")
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
    def _do_hand(self, action: grammar.Hand) -> tuple[Action, list[str]]:
        if not action.cards:
            raise BadInput(f"usage: {GRAMMAR.verbs['hand'].usage_line()}")
        # A card drawn may be new to the game: each word is one card, as typed (the CLI
        # groups unquoted multi-word names it knows before they get here).
        names_ = [self.team_name(card_name(a)) for a in action.cards]
        due = [p for p in self.player_numbers if self.owed[p] > 0]
        player = self._player(action.player,
                              due[0] if len(due) == 1 or not self.coop and due else None)
        if self.owed[player] < len(names_):
            owed = self.owed[player]
            whose = f"player {player}" if self.coop else "you"
            several = ("; a new name of several words is one card when quoted or joined "
                       "with _ (steel_sword)" if len(names_) > owed > 0 else "")
            raise RuleRefused(f"{len(names_)} named, {owed} due to {whose} (a hero card is "
                              "drawn for the start hand, loot or a redraw; each name is one "
                              f"card){several}", R_HAND)
        if self.rescue_left and self.rescue in names_:
            raise RuleRefused(f"{self.rescue} is the prisoner in the dungeon deck, not in the "
                              "hero deck", R_RESCUE)
        self._check_team_copies(names_)
        self._check_one_place(names_)
        lines = self._take_hero_cards(len(names_))
        self.owed[player] -= len(names_)
        self.hands[player].extend(names_)
        who = f"player {player} draws" if self.coop else "drawn"
        lines.insert(0, f"{who}: {', '.join(names_)}")
        if self.owed[player]:
            lines.append(f"{self.owed[player]} more to draw")
        lines.append(f"hero deck {self.hero_deck}")
        return grammar.Hand(tuple(names_), self._player_option(player)), lines

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

    def _check_one_place(self, cards: Sequence[str]) -> None:
        """Each hero card is in one place: one drawn is not in play nor in a hand (the team
        cards have copies: ``_check_team_copies`` counts them)."""
        seen: set[str] = set()
        for name in cards:
            if name in self.team_used:
                continue
            if name in seen:
                raise RuleRefused(f"{name} is named twice: there is one {name} card", R_HAND)
            seen.add(name)
            where = self._place(name)
            if where:
                raise RuleRefused(f"{name} is {where} already: there is one {name} card",
                                  R_HAND)

    def _place(self, name: str) -> str:
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

    def _check_team_copies(self, cards: Sequence[str]) -> None:
        copies = numbers().copies
        for team, used in self.team_used.items():
            held = sum(hand.count(team) for hand in self.hands.values())
            new = list(cards).count(team)
            if new and held + new + used > copies:
                raise RuleRefused(f"there are {copies} {team} cards: {held} held and "
                                  f"{used} used already", R_TEAM)

    def _do_discard(self, action: grammar.Discard) -> tuple[Action, list[str]]:
        if not action.cards:
            raise BadInput(f"usage: {GRAMMAR.verbs['discard'].usage_line()}")
        names_ = self._discarded(action.cards)
        self._check_named(names_)
        # --forced: a card's text makes the player discard: no redraw, any time.
        effect, in_play = action.forced, action.in_play
        if not effect:
            self._refuse_in_dungeon("discard by choice")
        player = self._discard_player(action.player, names_, in_play)
        hand = list(self.hands[player])
        from_hand: list[str] = []
        from_play: list[str] = []
        for name in names_:
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
        return grammar.Discard(tuple(names_), self._player_option(player), effect,
                               in_play), lines

    def _discarded(self, words: Sequence[str]) -> list[str]:
        """The cards a discard names: each word a card when each is one held or in play (as
        saves write them), else names read from the words (unquoted, prefixes)."""
        pool = list(dict.fromkeys(chain(
            chain.from_iterable(self.hands.values()), (h.name for h in self.heroes),
            (g.name for g in self._gear_in_play()))))
        plain_names = [self.team_name(card_name(word)) for word in words]
        if all(name in pool for name in plain_names):
            return plain_names
        found: list[str] = []
        at = 0
        while at < len(words):
            name, count = lead_name(words[at:], pool, "card in a hand or in play")
            found.append(name or plain_names[at])
            at += count
        return found

    def _discard_player(self, given: int | None, cards: Sequence[str], in_play: bool) -> int:
        if not self.coop or given is not None:
            return self._player(given)
        holders = [p for p in self.player_numbers
                   if all(n in self.hands[p] for n in cards)] if not in_play else []
        owners = {h.player for h in self.heroes
                  if h.name in cards or (h.gear is not None and h.gear.name in cards)}
        candidates = holders or sorted(owners)
        if len(candidates) == 1:
            return candidates[0]
        raise BadInput(f"say whose cards these are: --player 1 to {self.players}")

    def _check_redraw(self, player: int, count: int) -> None:
        rules = numbers()
        if self.round == 0:
            if player in self.mulliganed:
                raise RuleRefused("the first hand may be redrawn once only", R_MULLIGAN)
            low, high = rules.mulligan_min, min(rules.mulligan_max, self.start_hand)
            if not low <= count <= high:
                raise RuleRefused(f"a first-hand redraw is {low} to {high} cards", R_MULLIGAN)
            return
        limit = rules.redraw_max
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
    def _do_hero(self, action: grammar.Hero) -> tuple[Action, list[str]]:
        pick = action.pick
        # Picked from the deck, a hero may be new to the game: its name is as typed.
        name = self.team_name(card_name(action.name))
        if name in self.team_used:
            raise RuleRefused(f"{name} is a team card: it is played from the hand, not put in "
                              "play as a hero", R_TEAM)
        name = name if pick else self.held(name)
        info = self._learn_card(name, HERO, _in_range(action.strength, "str", *HERO_NUMBERS),
                                _in_range(action.magic, "mag", *HERO_NUMBERS))
        self._refuse_in_dungeon("put a hero in play")
        if any(h.name == name for h in self.heroes):
            raise RuleRefused(f"{name} is in play already", R_HEROES)
        holders = [p for p in self.player_numbers if name in self.hands[p]]
        default = holders[0] if len(holders) == 1 else None
        if pick and self.coop and default is None:
            free = [p for p in self.player_numbers if p not in self.picked]
            default = free[0] if free else None
        player = self._player(action.player, default)
        old = self.hero(action.replace) if action.replace else None
        if old is not None and self.coop and old.player != player:
            raise RuleRefused(f"{old.name} is player {old.player}'s hero", R_COOP)
        limit = numbers().max_in_play
        if old is None and len(self.heroes) >= limit:
            raise RuleRefused(f"{limit} heroes are in play: replace one with --replace HERO",
                              R_HEROES)
        if pick:
            if not self.coop or self.round != 0 or player in self.picked:
                raise RuleRefused("only in co-op, before the first round, each player picks "
                                  "one hero from the hero deck", R_COOP)
            if self.rescue_left and name == self.rescue and self.config.edition >= 3:
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
        self.known.setdefault(name, info)
        lines = self._leaves(old, "leaves for the discard pile") if old else []
        hero = Hero(name, _known(info.strength), _known(info.magic), player, numbers().life)
        self.heroes.append(hero)
        owner = f" for player {player}" if self.coop else ""
        lines.insert(0, f"{name} (S{hero.strength} M{hero.magic}, life {hero.life}) joins "
                        f"the party{owner}")
        return grammar.Hero(name, hero.strength, hero.magic, self._player_option(player),
                            old.name if old else None, pick), lines

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

    def equipped(self, words: Sequence[str]) -> tuple[Hero, str]:
        """``equip``'s words: the hero in play they name first, then the gear's name (the
        card of its player's hand it stands for)."""
        usage = f"usage: {GRAMMAR.verbs['equip'].usage_line()}"
        if len(words) < 2:
            raise BadInput(usage)
        if len(words) == 2:
            hero, typed = self.hero(words[0]), words[1]
        else:  # names typed unquoted: the hero's words come first
            found, count = lead_name(words, [h.name for h in self.heroes], "hero in play")
            if count == len(words):
                raise BadInput(usage)
            hero = self.hero(words[0] if found is None else found)
            typed = " ".join(words[count:])
        return hero, self.held(self.team_name(card_name(typed)), hero.player)

    def _do_equip(self, action: grammar.Equip) -> tuple[Action, list[str]]:
        hero, name = self.equipped(action.words)
        if name in (self.escape_card, self.attack_card):
            raise RuleRefused(f"{name} is a team card: it is played from the hand, not "
                              "equipped", R_TEAM)
        strength = _bonus(action.strength, "str")
        magic = _bonus(action.magic, "mag")
        if strength is not None and magic is not None:
            raise BadInput("gear gives --str +N or --mag +N, not both")
        info = self._learn_card(name, GEAR, strength, magic, one_use=action.one_use)
        standby = action.standby
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
        self.known.setdefault(name, info)
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
        bonus = f"+{info.number}"
        return grammar.Equip((hero.name, name),
                             bonus if attribute == STRENGTH else None,
                             None if attribute == STRENGTH else bonus,
                             info.one_use, standby), [line]

    # -- the dungeon -----------------------------------------------------------------
    def _do_draw(self, action: grammar.Draw) -> tuple[Action, list[str]]:
        name = card_name(action.name)
        flags = (action.minion, action.boss, action.trap, action.misc, action.endgame_boss,
                 action.endgame_treasure, action.hero)
        kinds = [k for k, given in zip((*DUNGEON_KINDS, HERO), flags, strict=True) if given]
        if len(kinds) > 1:
            raise BadInput(f"a card is one kind: --{kinds[0]} or --{kinds[1]}")
        if not kinds and name not in self.known and name != self.rescue:
            # A card named alone is one the game knows: by its name's start too.
            pool = [*self.known, *([self.rescue] if self.rescue else [])]
            name = find_name(name, pool, "card this game knows") or name
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
        if self.team_name(name) in self.team_used:
            raise RuleRefused(f"{self.team_name(name)} is a team card of the hero deck, not a "
                              "dungeon card", R_TEAM)
        if kind == HERO:
            return self._draw_prisoner(action, name)
        if name == self.rescue:
            raise BadInput(f"{name} is this game's prisoner: a hero")
        strength = _in_range(action.strength, "str", *DUNGEON_NUMBERS)
        magic = _in_range(action.magic, "mag", *DUNGEON_NUMBERS)
        loot = _in_range(action.loot, "loot", *LOOT_NUMBERS)
        effect = action.effect or ""
        if kind in ONE_NUMBER and strength is not None and magic is not None:
            raise BadInput(f"a {kind} card is --str N or --mag N, not both")
        if kind in (MISC, ENDGAME_TREASURE) and (strength is not None or magic is not None):
            raise BadInput(f"a {kind} card has no strength or magic number")
        if kind in (TRAP, ENDGAME_BOSS, ENDGAME_TREASURE) and loot is not None:
            raise BadInput(f"a {kind.replace('-', ' ')} card has no loot number")
        if action.one_use and kind != MISC:
            raise BadInput("--one-use is for miscellaneous cards (gear takes it on 'equip')")
        if kind == MISC and loot is None:
            loot = known.loot if known is not None and known.loot is not None else 0
        info = self._learn_card(name, kind, strength, magic, loot, action.one_use, effect)
        player = self._player(action.player, self.next_player)
        self._check_can_draw()
        special = kind in (ENDGAME_BOSS, ENDGAME_TREASURE)
        if special and kind not in self.endgame_left:
            why = ("is set aside in this game (--endgame "
                   f"{self.config.endgame})") if self._endgame_set_aside(kind) \
                else "was drawn already"
            raise RuleRefused(f"the {kind.replace('-', ' ')} {why}", R_ENDGAME)
        if not special and self.dungeon_deck <= self.specials_left():
            raise RuleRefused(self._only_specials_text(), R_ENDGAME)
        self.known.setdefault(name, info)
        self._start_round(player)
        lines = self._reveal(info, player)
        return grammar.Draw(
            name, minion=kind == MINION, boss=kind == BOSS, trap=kind == TRAP,
            misc=kind == MISC, endgame_boss=kind == ENDGAME_BOSS,
            endgame_treasure=kind == ENDGAME_TREASURE, strength=info.strength,
            magic=info.magic, loot=info.loot if kind in (MINION, BOSS, MISC) else None,
            effect=info.effect or None, one_use=info.one_use,
            player=self._player_option(player)), lines

    def _endgame_set_aside(self, kind: str) -> bool:
        return self.config.endgame not in ("both", kind.removeprefix("endgame-"))

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
        encounter = Encounter(info, numbers().enemy_life(kind), player)
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

    def _draw_prisoner(self, action: grammar.Draw, name: str) -> tuple[Action, list[str]]:
        if name != self.rescue:
            raise BadInput(f"a hero is drawn from the dungeon only as the prisoner of a "
                           f"rescue game (--rescue), not {name}")
        if not self.rescue_left:
            raise RuleRefused(f"{name} was rescued already", R_RESCUE)
        info = self._learn_card(name, HERO, _in_range(action.strength, "str", *HERO_NUMBERS),
                                _in_range(action.magic, "mag", *HERO_NUMBERS))
        player = self._player(action.player, self.next_player)
        self._check_can_draw()
        self.known.setdefault(name, info)
        self._start_round(player)
        self.rescue_left = False
        lines = [f"round {self.round}: {name}, the prisoner, is rescued"]
        rules = numbers()
        if len(self.heroes) >= rules.max_in_play:
            self.hands[player].append(name)
            lines.append(f"the party is full: {name} goes to the hand; 'hero {name} --replace "
                         f"HERO' plays it now ({R_RESCUE_FULL})")
        else:
            hero = Hero(name, _known(info.strength), _known(info.magic), player, rules.life)
            self.heroes.append(hero)
            owner = f" for player {player}" if self.coop else ""
            lines.append(f"{name} (S{hero.strength} M{hero.magic}, life {hero.life}) joins "
                         f"the party{owner}")
        return grammar.Draw(name, hero=True, strength=info.strength, magic=info.magic,
                            player=self._player_option(player)), lines

    def _trap_needs_text(self) -> str:
        if self.config.trap_needs == "reach":
            return " (none reaches its number even with a 6)"
        return " (no hero has that attribute)"

    def _can_attempt(self, hero: Hero, encounter: Encounter) -> bool:
        value = hero.attribute(encounter.attribute)
        if self.config.trap_needs == "attribute":
            return value > 0
        bonus, _ = self._bonus(hero, encounter)
        return value + bonus + numbers().faces >= encounter.card.number

    def _needs_line(self, encounter: Encounter, heroes: Sequence[Hero]) -> str:
        """What each hero needs on the die, so the player sees who should roll."""
        faces = numbers().faces
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
    def _fight(self, action: grammar.Attack | grammar.TeamAttack) -> tuple[Action, list[str]]:
        team = isinstance(action, grammar.TeamAttack)
        usage = f"usage: {GRAMMAR.verbs['team-attack' if team else 'attack'].usage_line()}"
        main = Roll(self.hero(action.hero), _die(action.die))
        supporters = [Roll(self.hero(s.hero), _die(s.die)) for s in action.assist]
        names_ = [main.hero.name] + [s.hero.name for s in supporters]
        if len(set(names_)) != len(names_):
            raise RuleRefused("each hero rolls once per attack", R_ASSIST)
        limit = numbers().support_attackers
        if team and not supporters:
            raise BadInput(f"{usage} (a team attack has supporters)")
        if not team and len(supporters) > limit:
            raise RuleRefused(f"{limit} support attacker per roll without a team attack card",
                              R_ASSIST)
        encounter = self.encounter
        if encounter is None or encounter.kind not in FOES:
            what = "a trap is met with 'challenge HERO ROLL'" if encounter else \
                "no enemy is in play: 'draw NAME' turns up a dungeon card"
            raise RuleRefused(what, R_COMBAT)
        given_loot_to = action.loot_to if isinstance(action, grammar.Attack) else None
        loot_to = self._loot_to(given_loot_to, main, supporters)
        source = self._team_card_holder(self.attack_card, action.source, main.hero) \
            if isinstance(action, grammar.TeamAttack) else None
        ruling = self._assist_ruling(encounter, main, team) if supporters else []
        lines: list[str] = []
        if source is not None:
            self.hands[source].remove(self.attack_card)
            self.team_attacks_used += 1
            self.hero_removed += 1
            lines.append(f"{self.attack_card} card played: removed from play")
        lines += ruling
        lines += self._roll(encounter, main, supporters, loot_to)
        rolled = (main.hero.name, str(main.die),
                  tuple(grammar.HeroRoll(s.hero.name, str(s.die)) for s in supporters))
        if source is not None:
            return grammar.TeamAttack(*rolled, self._player_option(source)), lines
        return grammar.Attack(*rolled, None if given_loot_to is None else loot_to), lines

    def _assist_ruling(self, encounter: Encounter, main: Roll, team: bool) -> list[str]:
        """halfdeck.ruling.assist: supporters for a main attacker whose best roll reaches
        the enemy's number alone are refused (strict) or allowed and said so (loose)."""
        if self.config.edition < ASSIST_EDITION:
            return []  # an earlier game has no such setting: it assists any roll
        hero, attribute = main.hero, encounter.attribute
        bonus, gear = self._bonus(hero, encounter)
        faces = numbers().faces
        best = faces + hero.attribute(attribute) + bonus
        if best < encounter.card.number:
            return []
        parts = [str(faces), f"{LETTER[attribute]}{hero.attribute(attribute)}"]
        if gear is not None:
            parts.append(f"{bonus} {gear.name}")
        what = "team attack" if team else "assist"
        reach = f"{hero.name}'s best alone {' + '.join(parts)} = {best} >= " \
                f"{LETTER[attribute]}{encounter.card.number}"
        if self.assist_refused(best, encounter.card.number):
            raise RuleRefused(f"no {what} (--assist-rule strict): {reach}", R_ASSIST_RULE)
        return [f"{what} allowed (--assist-rule loose): {reach}"]

    def assist_refused(self, best: int, number: int) -> bool:
        """halfdeck.ruling.assist, strict: no supporter (nor team attack) for a main
        attacker whose best roll alone (a 6, attribute and gear) reaches the number; what
        ``odds`` offers follows it too."""
        return (self.config.edition >= ASSIST_EDITION and self.config.assist_rule == "strict"
                and best >= number)

    def _loot_to(self, given: int | None, main: Roll, supporters: Sequence[Roll]) -> int:
        if given is None:
            return main.hero.player
        allowed = {main.hero.player} | {s.hero.player for s in supporters}
        if not self.coop or given not in allowed:
            raise RuleRefused("loot goes to the main attacker's player, or by agreement to "
                              "the supporter's", R_COOP)
        return given

    def _team_card_holder(self, card: str, given: int | None, hero: Hero) -> int:
        if given is not None:
            if given not in self.player_numbers:
                raise BadInput(f"--from must be from 1 to {self.players}")
            order = [given]
        else:
            order = [hero.player] + [p for p in self.player_numbers if p != hero.player]
        for player in order:
            if card in self.hands[player]:
                return player
        where = f"player {order[0]}'s hand" if given is not None else "a hand"
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
        damage = numbers().miss_damage
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

    def _do_challenge(self, action: grammar.Challenge) -> tuple[Action, list[str]]:
        hero = self.hero(action.hero)
        die = _die(action.die)
        encounter = self.encounter
        if encounter is None or encounter.kind != TRAP:
            what = "an enemy is fought with 'attack HERO ROLL'" if encounter else \
                "no trap is in play"
            raise RuleRefused(what, R_TRAP)
        if not self._can_attempt(hero, encounter):
            why = f"cannot reach {encounter.title()} even with a 6" \
                if self.config.trap_needs == "reach" else \
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
        return grammar.Challenge(hero.name, str(die)), lines + spent

    def _do_escape(self, action: grammar.Escape) -> tuple[Action, list[str]]:
        encounter = self._escapable("escape")
        damage = numbers().escape_damage
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
        return action, lines

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

    def _do_team_escape(self, action: grammar.TeamEscape) -> tuple[Action, list[str]]:
        encounter = self._escapable("team-escape")
        first = self.heroes[0] if self.heroes else None
        assert first is not None  # an encounter needs a hero
        source = self._team_card_holder(self.escape_card, action.source, first)
        self.hands[source].remove(self.escape_card)
        self.escapes_used += 1
        self.hero_removed += 1
        self.encounter = None
        self.dungeon_discard += 1
        return grammar.TeamEscape(self._player_option(source)), [
            f"{self.escape_card} card played: the party leaves {encounter.card.name} unhurt, "
            "no loot; the card is removed from play"]

    def _do_shuffle_back(self, action: grammar.ShuffleBack) -> tuple[Action, list[str]]:
        encounter = self.encounter
        if encounter is None or encounter.kind != ENDGAME_BOSS:
            raise RuleRefused("only the endgame boss is shuffled back", R_ENDGAME)
        if not self.config.shuffle_back:
            raise RuleRefused("this game does not shuffle the endgame boss back "
                              "(--no-shuffle-back)", R_ENDGAME)
        if encounter.rolls:
            raise RuleRefused("the fight with the endgame boss has begun", R_ENDGAME)
        self.encounter = None
        self.endgame_left.append(ENDGAME_BOSS)
        self.dungeon_deck += 1
        return action, [f"{encounter.card.name} is shuffled back into the dungeon "
                        f"deck ({self.dungeon_deck} cards)"]

    # -- card effects ------------------------------------------------------------------
    def _do_loot(self, action: grammar.Loot) -> tuple[Action, list[str]]:
        count = action.loot
        most = numbers().hero_cards
        if not 1 <= count <= most:
            raise BadInput(f"loot is 1 to {most} cards")
        player = self._player(action.player, self.drawer)
        self.owed[player] += count
        return grammar.Loot(count, self._player_option(player)), [
            self._loot_line(count, player)]

    def _do_heal(self, action: grammar.Heal) -> tuple[Action, list[str]]:
        hero = self.hero(action.hero)
        amount = action.amount
        top = numbers().life
        if amount < 1:
            raise BadInput("heal by 1 or more")
        before = hero.life
        hero.life = min(top, hero.life + amount)
        capped = f" (at most {top})" if before + amount > top else ""
        return grammar.Heal(hero.name, amount), [
            f"{hero.name} life {before} -> {hero.life}{capped}"]

    def _do_hurt(self, action: grammar.Hurt) -> tuple[Action, list[str]]:
        hero = self.hero(action.hero)
        amount = action.amount
        if amount < 1:
            raise BadInput("hurt by 1 or more")
        lines = [f"{hero.name} life {hero.life} -> {hero.life - amount}"]
        hero.life -= amount
        if hero.life <= 0:
            lines += self._dies(hero)
        return grammar.Hurt(hero.name, amount), lines

    def _do_trade(self, action: grammar.Trade) -> tuple[Action, list[str]]:
        first, second = action.first, action.second
        first_card = self.team_name(card_name(action.first_card))
        second_card = self.team_name(card_name(action.second_card))
        if not self.coop:
            raise RuleRefused("trading is between players of a co-op game", R_TRADE)
        self._check_named((self.held(first_card), self.held(second_card)))
        for player in (first, second):
            if player not in self.player_numbers:
                raise BadInput(f"players are 1 to {self.players}, not {player}")
        if first == second:
            raise BadInput("a trade is between two players")
        self._refuse_in_dungeon("trade")
        first_card = self.held(first_card, first)
        second_card = self.held(second_card, second)
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
        return grammar.Trade(first, first_card, second, second_card), [
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
                not encounter.rolls and self.config.shuffle_back else ""
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

    def status(self) -> HalfDeckStatus:
        """The state as JSON holds it ('status --json')."""
        encounter: EncounterStatus | None = None
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
            "team_cards_used": self.team_used,
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
                           f"life {hero.life}/{numbers().life}", width)
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
    def state_data(self) -> dict[str, object]:
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
            "team_used": [self.escapes_used, self.team_attacks_used],
            "encounter": None if encounter is None else [
                encounter.card.name, encounter.life, encounter.player, encounter.rolls],
            "next_player": self.next_player, "drawer": self.drawer, "won_by": self.won_by,
            "lost": self.lost, "life_trail": [dict(point) for point in self.life_trail],
            "fallen": list(self.fallen),
        }




# -- readers ---------------------------------------------------------------------
def _die(text: str) -> int:
    return parse_die(text, numbers().faces)


def _in_range(value: int | None, key: str, low: int, high: int) -> int | None:
    if value is not None and not low <= value <= high:
        raise BadInput(f"--{key} must be from {low} to {high}, not {str(value)!r}")
    return value


def _bonus(text: str | None, key: str) -> int | None:
    """A gear bonus, ``+N`` (or ``N``), from 0 to 20."""
    if text is None:
        return None
    value = whole_or_none(text.strip().removeprefix("+"))
    if value is None:
        raise BadInput(f"--{key} takes a whole number, not {text[:20]!r}")
    low, high = HERO_NUMBERS
    if not low <= value <= high:
        raise BadInput(f"--{key} must be from {low} to {high}, not {text!r}")
    return value


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


# Status lines continue four spaces in, under the item they belong to.
_wrap = partial(wrap, indent="    ")


# -- the cached state ---------------------------------------------------------------
STATE_FIELDS = ("known", "hero_deck", "hero_discard", "hero_removed", "dungeon_deck",
                "dungeon_discard", "dungeon_removed", "endgame_left", "rescue_left", "round",
                "heroes", "hands", "owed", "mulliganed", "picked", "redrawn", "traded",
                "team_used", "encounter", "next_player", "drawer", "won_by", "lost",
                "life_trail", "fallen")


def engine_from_data(settings: Mapping[str, object], data: object) -> HalfDeckGame:
    """The game whose ``state_data()`` was ``data``, each value checked, then what the
    actions keep true (``_check_state``); ``plain.BadState`` otherwise."""
    game = new_engine(settings)
    state = plain.record(data, STATE_FIELDS)
    rules = numbers()
    players, blue = game.players, rules.hero_cards
    top = rules.life
    player = partial(plain.integer, low=1, high=players)
    count = partial(plain.integer, low=0)

    known = plain.items(state["known"], _card)
    game.known = {info.name: info for info in known}
    plain.check(len(game.known) == len(known), "a card known twice")
    for key in ("hero_deck", "hero_discard", "hero_removed", "dungeon_deck",
                "dungeon_discard", "dungeon_removed"):
        setattr(game, key, count(state[key]))
    endgames = ENDGAMES_LEFT[game.config.endgame]
    game.endgame_left = plain.items(state["endgame_left"], lambda v: plain.choice(v, endgames),
                                    len(endgames))
    game.rescue_left = plain.flag(state["rescue_left"])
    game.round = count(state["round"])
    game.heroes = plain.items(state["heroes"], partial(_hero, game, top),
                              rules.max_in_play)
    hands = plain.fixed(state["hands"], players)
    game.hands = {p: plain.items(hand, _name, blue) for p, hand in zip(
        game.player_numbers, hands, strict=True)}
    owed = plain.fixed(state["owed"], players)
    game.owed = {p: count(n) for p, n in zip(game.player_numbers, owed, strict=True)}
    game.mulliganed = _players(state["mulliganed"], players)
    game.picked = _players(state["picked"], players)
    redrawn = plain.items(state["redrawn"], lambda v: plain.fixed(v, 2), players)
    most = rules.redraw_max
    game.redrawn = {player(p): plain.integer(n, 1, most) for p, n in redrawn}
    plain.check(len(game.redrawn) == len(redrawn), "a player's redraw counted twice")
    game.traded = _players(state["traded"], players)
    escapes, attacks = plain.fixed(state["team_used"], 2)
    game.escapes_used = plain.integer(escapes, 0, rules.copies)
    game.team_attacks_used = plain.integer(attacks, 0, rules.copies)
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


def _name(value: object) -> str:
    """A card's name as ``card_name`` writes it."""
    name = plain.text(value, 40)
    try:
        plain.check(card_name(name) == name, "a card name not in its written form")
    except BadInput:
        raise plain.BadState(f"not a card name: {name!r}") from None
    return name


def _card(value: object) -> CardInfo:
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


def _known_card(game: HalfDeckGame, value: object, kinds: Sequence[str]) -> CardInfo:
    card = game.known.get(_name(value))
    plain.check(card is not None and card.kind in kinds,
                f"{value!r} is not a known {' or '.join(kinds)} card")
    assert card is not None
    return card


def _hero_name(game: HalfDeckGame, value: object) -> str:
    return _known_card(game, value, (HERO,)).name


def _fallen(game: HalfDeckGame, top: int, value: object) -> tuple[str, int]:
    """A hero who died and its last life (a hero discarded by a card's text dies at any)."""
    name, life = plain.fixed(value, 2)
    return _hero_name(game, name), plain.integer(life, high=top)


def _hero(game: HalfDeckGame, top: int, value: object) -> Hero:
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


def _gear(game: HalfDeckGame, value: object) -> Gear:
    name, attribute, bonus, one_use, standby = plain.fixed(value, 5)
    card = _known_card(game, name, (GEAR,))
    gear = Gear(card.name, plain.choice(attribute, LETTER), plain.integer(bonus, *HERO_NUMBERS),
                plain.flag(one_use), plain.flag(standby))
    plain.check((gear.attribute, gear.bonus, gear.one_use) == (
        card.attribute, card.number, card.one_use), f"{gear.name} is not as its card says")
    plain.check(gear.one_use or not gear.standby, "gear on standby that is not one use")
    return gear


def _players(value: object, players: int) -> set[int]:
    """A set of players, written as a sorted list."""
    found = plain.items(value, partial(plain.integer, low=1, high=players), players)
    plain.check(found == sorted(set(found)), "players not in order, or twice")
    return set(found)


def _encounter(game: HalfDeckGame, value: object) -> Encounter:
    name, life, player, rolls = plain.fixed(value, 4)
    card = _known_card(game, name, ENCOUNTERS)  # the very card ``known`` holds
    full = numbers().enemy_life(card.kind)
    encounter = Encounter(card, plain.integer(life, 1, full),
                          plain.integer(player, 1, game.players), plain.integer(rolls, 0))
    # Each roll takes at most one life; a trap is challenged once, and then it is gone.
    plain.check(encounter.life + encounter.rolls >= full, "an enemy hit more than it was rolled")
    plain.check(card.kind != TRAP or encounter.rolls == 0, "a trap rolled against")
    return encounter


def _life_trail(game: HalfDeckGame, value: object, top: int) -> list[dict[str, int]]:
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
    rules = numbers()
    settings = game.settings
    heroes, encounter = game.heroes, game.encounter
    # The blue deck: every hero card is in the deck, a discard pile, removed, a hand or in
    # play; the prisoner is a red card until rescued.
    hands = sum(len(hand) for hand in game.hands.values())
    gear = len(game._gear_in_play())
    blue = game.hero_deck + game.hero_discard + game.hero_removed + hands + len(heroes) + gear
    check(blue == rules.hero_cards - game.rescue_left,
          "the hero cards do not add up")
    # The red deck: an endgame card that ends the game leaves it, and so does an enemy
    # left unresolved when the last hero falls.
    rescued = bool(game.rescue) and not game.rescue_left
    start = game.config.deck_size + bool(game.rescue)
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
    copies = rules.copies
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

