"""Hebrac's Dungeon: the state's records, settings, rule ids and the map's geometry (the
game itself: ``companion.hebrac.engine``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache

from companion.cards import Card
from companion.editions import at_least, edition
from companion.errors import BadInput, NotationError
from companion.game import Record
from companion.hebrac import rules
from companion.hebrac.grammar import Action
from companion.hebrac.rules import Spell
from companion.numbers import choice, is_whole
from companion.values import Value

KIND = "hebrac"
TITLE = "Hebrac's Dungeon"
RULES = ("2005", "classic")
CHAMBER_FORMS = "expected a row letter and a column number like A1, B3, C4"

# Rulebook section ids named by refusals (tests check each exists).
R_MAP = "hebrac.map.moving"
R_ENCOUNTER = "hebrac.map.no-fleeing"
R_BATTLE = "hebrac.battle.rounds"
R_DEAD = "hebrac.game.end"
R_COPIES = "hebrac.setup.decks"
R_INVENTORY = "hebrac.variant.inventory-limit"
R_LATE = "hebrac.variant.late-potions"
R_EVIL = "hebrac.variant.alignment"
R_TRADE = "hebrac.trade.rules"
R_MERCHANT = "hebrac.enemy.king"
R_WHITE = "hebrac.enemy.red-queen"
R_HEBRAC = "hebrac.enemy.joker"
R_POTIONS = "hebrac.treasure.potions"
R_SPELLS = "hebrac.spell.paying"
R_ONE_SPELL = "hebrac.spell.one-per-battle"
R_UNITS = "hebrac.ruling.unit-spells"
R_GENIE_BOUGHT = "hebrac.ruling.genie-bought"
R_LATE_RULING = "hebrac.ruling.late-potions"
# Rulings of the third pass: shown where they apply, by refusal or by a line naming them.
R_NO_SALE = "hebrac.ruling.merchant-no-sale"
R_TELEPORTED = "hebrac.ruling.teleport-arrival"
R_ILLUSION_QUEEN = "hebrac.ruling.illusion-black-queen"
R_ESCAPED = "hebrac.ruling.escape-visited"
R_ANTI_MAGIC_HEBRAC = "hebrac.ruling.anti-magic-hebrac"
R_CURSE_FACED = "hebrac.ruling.curse-faced"
R_VISIONS = "hebrac.ruling.visions"
R_ROBBED = "hebrac.ruling.robbed-chamber"
R_SOLD_OUT = "hebrac.ruling.refuse-after-no-sale"
R_NO_FLEE = "hebrac.ruling.teleport-no-flee"
BAG_PARTIAL = ("covers", "refused")
ILLUSION_QUEEN = ("refused", "allowed")
THIRD = 3  # the edition whose checks the third pass of rulings added (companion.editions)


def spell_rule(spell: Spell) -> str:
    return f"hebrac.spell.{spell.id}"


# The canonical action and the ruling's lines, or the function that writes them when read.
Done = tuple[Action, list[str] | Callable[[], list[str]]]


def texts(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(map(str, cards)) if cards else ()


# -- settings -------------------------------------------------------------------
def normalize_settings(raw: Mapping[str, object]) -> dict[str, object]:
    setup = rules.table()["setup"]
    unknown = sorted(set(raw) - set(Settings._fields))
    if unknown:
        raise BadInput(f"unknown Hebrac setting {unknown[0]!r}")

    def number(key: str, default: int, low: int, high: int) -> int:
        value = default if raw.get(key) is None else raw[key]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise BadInput(f"--{key.replace('_', '-')} must be a whole number from {low} to {high}")
        return value

    chambers = number("chambers", setup["chambers"], setup["min_chambers"], 30)
    if chambers % setup["rows"]:
        raise BadInput(f"--chambers must be a multiple of {setup['rows']} (rows A-C)")
    bag_partial = choice(raw, "bag_partial", BAG_PARTIAL)
    revision = choice(raw, "rules", RULES)
    queen = choice(raw, "illusion_black_queen", ILLUSION_QUEEN)
    settings: dict[str, object] = {
        "life": number("life", setup["life"], 1, 99),
        "decks": number("decks", setup["decks"], 1, 8),
        "jokers": number("jokers", setup["jokers"], 0, 16),
        "rules": revision,
        "chambers": chambers,
        "inventory_limit": number("inventory_limit", 0, 0, 60),
        "late_potions": bool(raw.get("late_potions", False)),
        "evil": bool(raw.get("evil", False)),
        "ace_offer_value": number("ace_offer_value", rules.table()["trade"]["offer_ace"],
                                  1, 20),
        "bag_partial": bag_partial,
        "edition": edition(raw),
    }
    # hebrac.ruling.illusion-black-queen: kept only when not the default, so the saves,
    # examples and share codes of games at the default stay as they were.
    if queen != "refused":
        if not at_least(settings, THIRD):
            raise BadInput(f"--illusion-black-queen {queen} is for games of edition {THIRD} "
                           f"on; this one is of edition {settings['edition']}, where Illusion "
                           "never takes a black queen")
        settings["illusion_black_queen"] = queen
    return settings


class Settings(Value):
    """The normalised settings, typed: what the engine reads of them."""

    life: int
    decks: int
    jokers: int
    rules: str
    chambers: int
    inventory_limit: int
    late_potions: bool
    evil: bool
    ace_offer_value: int
    bag_partial: str
    edition: int
    illusion_black_queen: str  # kept in the settings only when not "refused"

    @classmethod
    def of(cls, settings: Mapping[str, object]) -> Settings:
        """Settings made by ``normalize_settings`` (each value checked there), in order."""
        found = {"illusion_black_queen": "refused", **settings}
        return cls._make(found[name] for name in cls._fields)


def setup_lines(settings: Mapping[str, object]) -> list[str]:
    """What to lay out on the table as a game starts, one short line each (40 columns)."""
    setup = Settings.of(normalize_settings(settings))
    table = rules.table()["setup"]
    columns = setup.chambers // len(ROWS)
    decks = f"{setup.decks} deck{'s' if setup.decks != 1 else ''}"
    jokers = f"{setup.jokers} joker{'s' if setup.jokers != 1 else ''}" if setup.jokers \
        else "no jokers"
    corners = corner_chambers(columns)
    lines = [f"Shuffle {decks} and {jokers} together.",
             f"Deal {table['rows']} rows (A-{ROWS[-1]}) of {columns} chambers, each",
             "a treasure card under an enemy card,",
             f"both face down: {table['cards_per_chamber'] * setup.chambers} cards in all.",
             "The rest, face down, is the Hand Deck.",
             f"You start with {setup.life} life and no cards.",
             f"Enter a corner: {', '.join(corners[:-1])} or {corners[-1]}.",
             f"Win by holding all {len(rules.table()['aces'])} aces."]
    if setup.inventory_limit:
        lines.append(f"Hold at most {setup.inventory_limit} cards at a time.")
    return lines


# -- map ------------------------------------------------------------------------
ROWS = "ABC"


def chamber_names(columns: int) -> list[str]:
    return [f"{row}{col}" for row in ROWS for col in range(1, columns + 1)]


def parse_chamber(text: str, columns: int) -> str:
    token = text.strip().upper()
    if len(token) >= 2 and token[0] in ROWS and is_whole(token[1:]):
        col = int(token[1:])
        if 1 <= col <= columns:
            return f"{token[0]}{col}"
        raise NotationError(
            f"{text!r} is not a chamber of this dungeon: columns run 1 to {columns}")
    raise NotationError(f"{text!r} is not a chamber: {CHAMBER_FORMS}")


def corner_chambers(columns: int) -> list[str]:
    """Where a level is entered first (hebrac.map.first-chamber)."""
    return [f"{row}{col}" for row in (ROWS[0], ROWS[-1]) for col in (1, columns)]


@cache
def neighbours(name: str, columns: int) -> tuple[str, ...]:
    row, col = ROWS.index(name[0]), int(name[1:])
    return tuple(f"{ROWS[r]}{c}" for r, c in ((row - 1, col), (row + 1, col), (row, col - 1),
                                               (row, col + 1))
                 if 0 <= r < len(ROWS) and 1 <= c <= columns)


class Chamber(Record):
    """One chamber of the level: what is known of its two cards and what is left."""

    __slots__ = ("name", "enemy", "treasure", "visited", "enemy_gone", "treasure_gone",
                 "robbed_adventurer")

    def __init__(self, name: str) -> None:  # dealt face down: nothing known yet
        self.name = name
        self.enemy: Card | None = None
        self.treasure: Card | None = None
        self.visited = False
        self.enemy_gone = False
        self.treasure_gone = False
        self.robbed_adventurer = False

    @property
    def cleared(self) -> bool:
        return self.enemy_gone and self.treasure_gone


class Encounter(Record):
    """The chamber being dealt with: its enemy, the stage, and battle effects."""

    __slots__ = ("chamber", "enemy", "stage", "treasure", "rounds", "paralysis",
                 "super_strength", "double_attack", "spell_cast", "prisoners", "last_round")

    def __init__(self, chamber: str, enemy: Card, stage: str, treasure: Card | None = None,
                 spell_cast: bool = False) -> None:
        self.chamber = chamber
        self.enemy = enemy
        self.stage = stage
        self.treasure = treasure
        self.rounds = 0
        self.paralysis = 0
        self.super_strength = False
        self.double_attack = False
        self.spell_cast = spell_cast
        self.prisoners: list[Card] = []
        self.last_round: rules.RoundResult | None = None


# -- the game -------------------------------------------------------------------
