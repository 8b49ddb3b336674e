"""Hebrac's Dungeon: the tracked game.

The player lays out real cards and types what turns up; the engine keeps life,
inventory, magic points, level and map, and rules on every action. An action is
a value of ``companion.hebrac.grammar`` (``Enter("A1", "5S")``), or its text
(``enter A1 5S``, ``attack 7H --potion 3S``) read once by the grammar; each
``apply`` checks the action against the rules first and raises ``RuleRefused``
naming the rule, and returns the action's canonical text with the ruling.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple, NotRequired, TypedDict, TypeVar, assert_never

from companion import plain
from companion.cards import SUITS, Card
from companion.editions import at_least, edition, strict
from companion.errors import BadInput, NotationError, RuleRefused
from companion.game import Applied, Record
from companion.hebrac import rules
from companion.hebrac.grammar import (
    GRAMMAR,
    Action,
    Attack,
    Buy,
    Cast,
    Drop,
    Enter,
    Heal,
    Move,
    NextLevel,
    Offer,
    Peek,
    Play,
    Potion,
    Refuse,
    Reveal,
    See,
    Take,
    Use,
)
from companion.hebrac.rules import Spell
from companion.numbers import is_whole, whole
from companion.text import wrap
from companion.values import Value

KIND = "hebrac"
TITLE = "Hebrac's Dungeon"
RULES = ("2005", "classic")
CHAMBER_FORMS = "expected a row letter and a column number like A1, B3, C4"

# Rulebook section ids named by refusals (tests check each exists).
R_MAP = "hebrac.map.moving"
R_FIRST = "hebrac.map.first-chamber"
R_ENCOUNTER = "hebrac.map.no-fleeing"
R_LEVEL = "hebrac.map.next-level"
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
R_PRISONER = "hebrac.treasure.jack"
R_SPELLS = "hebrac.spell.paying"
R_ONE_SPELL = "hebrac.spell.one-per-battle"
R_ANTI_MAGIC = "hebrac.spell.anti-magic"
R_UNITS = "hebrac.ruling.unit-spells"
R_GENIE_BOUGHT = "hebrac.ruling.genie-bought"
R_ADVENTURER_SPELLS = "hebrac.ruling.adventurer-battle-spells"
R_BAG_PARTIAL = "hebrac.ruling.bag-partial"
# Rulings of the third pass: shown where they apply, by refusal or by a line naming them.
R_NO_SALE = "hebrac.ruling.merchant-no-sale"
R_TELEPORTED = "hebrac.ruling.teleport-arrival"
R_ILLUSION_QUEEN = "hebrac.ruling.illusion-black-queen"
R_WON = "hebrac.ruling.spells-after-win"
R_ESCAPED = "hebrac.ruling.escape-visited"
R_ANTI_MAGIC_HEBRAC = "hebrac.ruling.anti-magic-hebrac"
R_CURSE_FACED = "hebrac.ruling.curse-faced"
R_VISIONS = "hebrac.ruling.visions"
R_ROBBED = "hebrac.ruling.robbed-chamber"
R_SOLD_OUT = "hebrac.ruling.refuse-after-no-sale"
BAG_PARTIAL = ("covers", "refused")
ILLUSION_QUEEN = ("refused", "allowed")
THIRD = 3  # the edition whose checks the third pass of rulings added (companion.editions)


def spell_rule(spell: Spell) -> str:
    return f"hebrac.spell.{spell.id}"


Done = tuple[Action, list[str]]  # the canonical action and the ruling's lines


class Seen(NamedTuple):
    """One chamber looked at: its canonical words, the treasure seen, the ruling's lines."""

    seen: tuple[str, ...]
    treasure: str | None
    lines: list[str]


def _texts(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple(map(str, cards))


# -- settings -------------------------------------------------------------------
def normalize_settings(raw: Mapping[str, object]) -> dict[str, object]:
    setup = rules.table()["setup"]
    known = {"life", "decks", "jokers", "rules", "chambers", "inventory_limit",
             "late_potions", "evil", "ace_offer_value", "bag_partial",
             "illusion_black_queen", "edition"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise BadInput(f"unknown Hebrac setting {unknown[0]!r}")

    def number(key: str, default: int, low: int, high: int) -> int:
        value = raw.get(key, default)
        if value is None:
            value = default
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise BadInput(f"--{key.replace('_', '-')} must be a whole number from {low} to {high}")
        return value

    chambers = number("chambers", int(setup["chambers"]), int(setup["min_chambers"]), 30)
    if chambers % int(setup["rows"]):
        raise BadInput(f"--chambers must be a multiple of {setup['rows']} (rows A-C)")
    bag_partial = str(raw.get("bag_partial") or "covers").lower()
    if bag_partial not in BAG_PARTIAL:
        raise BadInput(f"--bag-partial must be covers or refused, not {bag_partial!r}")
    revision = str(raw.get("rules") or "2005").lower()
    if revision not in RULES:
        raise BadInput(f"--rules must be 2005 or classic, not {revision!r}")
    queen = str(raw.get("illusion_black_queen") or "refused").lower()
    if queen not in ILLUSION_QUEEN:
        raise BadInput(f"--illusion-black-queen must be refused or allowed, not {queen!r}")
    settings: dict[str, object] = {
        "life": number("life", int(setup["life"]), 1, 99),
        "decks": number("decks", int(setup["decks"]), 1, 8),
        "jokers": number("jokers", int(setup["jokers"]), 0, 16),
        "rules": revision,
        "chambers": chambers,
        "inventory_limit": number("inventory_limit", 0, 0, 60),
        "late_potions": bool(raw.get("late_potions", False)),
        "evil": bool(raw.get("evil", False)),
        "ace_offer_value": number("ace_offer_value", int(rules.table()["trade"]["offer_ace"]),
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
        """Settings made by ``normalize_settings``: a value of another type is a bug, which
        ``plain`` refuses."""
        number, text, flag = plain.integer, plain.text, plain.flag
        return cls(number(settings["life"]), number(settings["decks"]),
                   number(settings["jokers"]), text(settings["rules"]),
                   number(settings["chambers"]), number(settings["inventory_limit"]),
                   flag(settings["late_potions"]), flag(settings["evil"]),
                   number(settings["ace_offer_value"]), text(settings["bag_partial"]),
                   edition(settings), text(settings.get("illusion_black_queen", "refused")))


def setup_lines(settings: Mapping[str, object]) -> list[str]:
    """What to lay out on the table as a game starts, one short line each (40 columns)."""
    setup = Settings.of(normalize_settings(settings))
    table = rules.table()["setup"]
    columns = setup.chambers // len(ROWS)
    per_chamber = int(table["cards_per_chamber"])
    decks = f"{setup.decks} deck{'s' if setup.decks != 1 else ''}"
    jokers = f"{setup.jokers} joker{'s' if setup.jokers != 1 else ''}" if setup.jokers \
        else "no jokers"
    corners = corner_chambers(columns)
    lines = [f"Shuffle {decks} and {jokers} together.",
             f"Deal {table['rows']} rows (A-{ROWS[-1]}) of {columns} chambers, each",
             "a treasure card under an enemy card,",
             f"both face down: {per_chamber * setup.chambers} cards in all.",
             "The rest, face down, is the Hand Deck.",
             f"You start with {setup.life} life and no cards.",
             f"Enter a corner: {', '.join(corners[:-1])} or {corners[-1]}.",
             f"Win by holding all {len(rules.numbers().aces)} aces."]
    if setup.inventory_limit:
        lines.append(f"Hold at most {setup.inventory_limit} cards at a time.")
    return lines


def new_engine(settings: Mapping[str, object]) -> HebracGame:
    return HebracGame(normalize_settings(settings))


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
    found = []
    for d_row, d_col in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + d_row, col + d_col
        if 0 <= r < len(ROWS) and 1 <= c <= columns:
            found.append(f"{ROWS[r]}{c}")
    return tuple(found)


class Chamber(Record):
    """One chamber of the level: what is known of its two cards and what is left."""

    __slots__ = ("name", "enemy", "treasure", "visited", "enemy_gone", "treasure_gone",
                 "robbed_adventurer", "hidden_switch")

    def __init__(self, name: str, enemy: Card | None = None, treasure: Card | None = None,
                 visited: bool = False, enemy_gone: bool = False, treasure_gone: bool = False,
                 robbed_adventurer: bool = False, hidden_switch: bool = False) -> None:
        self.name = name
        self.enemy = enemy
        self.treasure = treasure
        self.visited = visited
        self.enemy_gone = enemy_gone
        self.treasure_gone = treasure_gone
        self.robbed_adventurer = robbed_adventurer
        self.hidden_switch = hidden_switch

    @property
    def cleared(self) -> bool:
        return self.enemy_gone and self.treasure_gone


class LastRound(TypedDict):
    """The battle round just settled, as a late potion reopens it."""

    cards: list[Card]
    potion: int
    damage: int
    total: int
    enemy_life: int
    life_before: int
    no_damage: str | None
    won_by_potion: NotRequired[bool]  # a late potion added (only ever true)


if TYPE_CHECKING:  # what status() gives (``status --json``); types only
    class EncounterStatus(TypedDict):
        chamber: str
        enemy: str
        kind: str
        enemy_life: int | None  # None: not an enemy to battle
        treasure: str | None
        stage: str
        rounds: int
        battle_effects: list[str]
        prisoners: list[str]
        spell_cast: bool

    class ChamberStatus(TypedDict):
        enemy: str | None
        treasure: str | None
        visited: bool
        enemy_gone: bool
        treasure_gone: bool

    class VisionsStatus(TypedDict):
        remote: int
        future: int

    class HebracStatus(TypedDict):
        game: str
        rules: str
        life: int
        max_life: int
        magic_points: int
        gems: int
        inventory: list[str]
        level: int
        position: str | None
        visited: list[str]
        cleared: list[str]
        chambers: dict[str, ChamberStatus]
        encounter: EncounterStatus | None
        pending: str | None
        games_waiting: int
        effects: list[str]
        visions: VisionsStatus
        spells_cast: list[str]
        aces: list[str]
        next: str | None
        outcome: str
        settings: dict[str, object]


class Encounter(Record):
    """The chamber being dealt with: its enemy, the stage, and battle effects."""

    __slots__ = ("chamber", "enemy", "stage", "treasure", "rounds", "paralysis",
                 "super_strength", "double_attack", "spell_cast", "prisoners", "last_round")

    def __init__(self, chamber: str, enemy: Card, stage: str, treasure: Card | None = None,
                 rounds: int = 0, paralysis: int = 0, super_strength: bool = False,
                 double_attack: bool = False, spell_cast: bool = False,
                 prisoners: list[Card] | None = None,
                 last_round: LastRound | None = None) -> None:
        self.chamber = chamber
        self.enemy = enemy
        self.stage = stage
        self.treasure = treasure
        self.rounds = rounds
        self.paralysis = paralysis
        self.super_strength = super_strength
        self.double_attack = double_attack
        self.spell_cast = spell_cast
        self.prisoners = [] if prisoners is None else prisoners
        self.last_round = last_round


# -- the game -------------------------------------------------------------------
class HebracGame:
    def __init__(self, settings: dict[str, object]) -> None:
        self.settings = settings  # as the store saves them; read through ``setup``
        self.setup = Settings.of(settings)
        self.columns = self.setup.chambers // len(ROWS)
        self.base_max_life = self.setup.life
        self.life = self.setup.life
        self.genie_of_life = 0
        self.inventory: list[Card] = []
        self.level = 1
        self.chambers: dict[str, Chamber] = {}
        self.position: str | None = None
        self.encounter: Encounter | None = None
        # "hebrac-game", "hebrac-prize", or "genie-KD"/"genie-KS" (bought, traded or stolen:
        # the genie's cards or chambers come with the next 'take')
        self.pending: str | None = None
        self.games_waiting = 0  # further jokers drawn at once, each a game of its own
        # Rulings of edition 2 apply to games of edition 2 on (companion.editions).
        self.strict = strict(self.settings)
        self.effects: set[str] = set()  # level-long: anti-magic, curse, revelation, god-vision
        self.remote_vision = 0
        self.future_perception = 0
        self.teleport_target: str | None = None
        self.deck_top: list[Card] = []
        self.notes: list[str] = []  # said after the ruling: cards contradicting what is known
        self.sold_out: str | None = None  # a merchant with nothing to sell, closed at once
        self.under_deck: list[Card] = []
        self.seen: list[tuple[Card, str]] = []  # every card typed, in order, with its source
        self.dealt = 0  # cards dealt to the table since the start (2 per chamber per level)
        # For the odds: Hand Deck events in order, (kind, cards, unseen count); kind is
        # "action", "deal", "under" or a ``seen`` source. See companion/hebrac/odds.py.
        self.deck_log: list[tuple[str, tuple[Card, ...], int]] = []
        self.spells_cast: list[str] = []
        self.aces_found: list[str] = []
        # Life after each action (the first entry: before any), for the life charts.
        self.life_trail: list[int] = [self.life]
        self._new_level_layout()

    # -- derived numbers --------------------------------------------------------
    @property
    def max_life(self) -> int:
        numbers = rules.numbers()
        ruby = numbers.ruby_max_life if self.holds("AH") else 0
        return self.base_max_life + numbers.genie_of_life_max_life * self.genie_of_life + ruby

    @property
    def scepter(self) -> bool:
        return self.holds("AC")

    @property
    def magic_points(self) -> int:
        return sum(rules.magic_points(c, self.scepter) for c in self.inventory
                   if rules.is_magic_potion(c))

    @property
    def outcome(self) -> str:
        if self.life <= 0:
            return "dead"
        if len({c for c in self.inventory if c.rank == 1}) == 4:
            return "won"
        return "playing"

    @property
    def gems(self) -> int:
        """What the diamonds held would pay a merchant (players add these in their heads)."""
        return sum(c.rank for c in self.inventory if rules.is_gem(c))

    def holds(self, text: str) -> bool:
        return Card.parse(text) in self.inventory

    def cleared_count(self) -> int:
        return sum(1 for c in self.chambers.values() if c.cleared)

    # -- the action language ------------------------------------------------------
    def apply(self, action: Action | str) -> Applied:
        """Rule on one action (its text is read once by ``GRAMMAR``); the canonical text of
        what was done and the ruling's lines."""
        if isinstance(action, str):
            action = self._read(action)
        if self.outcome != "playing" and not (isinstance(action, Potion)
                                              and self._late_potion_open()):
            raise RuleRefused(f"the game is over ({self.outcome})", R_DEAD)
        self.deck_log.append(("action", (), 0))
        self.notes = []
        sold_out, self.sold_out = self.sold_out, None
        if isinstance(action, Refuse) and sold_out and self.encounter is None \
                and not self.pending:
            self.life_trail.append(self.life)
            return Applied("refuse", (f"{sold_out} is cleared already: the merchant had "
                                      f"nothing to sell (rule {R_SOLD_OUT})",))
        canonical, lines = self._do(action)
        self.life_trail.append(self.life)
        return Applied(GRAMMAR.text(canonical), tuple(lines + self.notes))

    @staticmethod
    def _read(text: str) -> Action:
        action: Action = GRAMMAR.parse(text)
        return action

    def _do(self, action: Action) -> Done:
        match action:
            case Enter():
                return self._do_enter(action)
            case Attack():
                return self._do_attack(action)
            case Potion():
                return self._do_potion(action)
            case Reveal():
                return self._do_reveal(action)
            case Offer():
                return self._do_offer(action)
            case Buy():
                return self._do_buy(action)
            case Heal():
                return self._do_heal(action)
            case Play():
                return self._do_play(action)
            case Refuse():
                return self._do_refuse(action)
            case Take():
                return self._do_take(action)
            case Use():
                return self._do_use(action)
            case Drop():
                return self._do_drop(action)
            case Move():
                return self._do_move(action)
            case NextLevel():
                return self._do_next_level(action)
            case Cast():
                return self._do_cast(action)
            case See():
                return self._do_see(action)
            case Peek():
                return self._do_peek(action)
        assert_never(action)

    # -- moving -------------------------------------------------------------------
    def _do_enter(self, action: Enter) -> Done:
        name = parse_chamber(action.chamber, self.columns)
        given = Card.parse(action.enemy) if action.enemy is not None else None
        self._refuse_if_busy("enter a chamber")
        chamber = self.chambers[name]
        if chamber.cleared:
            raise RuleRefused(f"{name} is cleared already: use 'move {name}' to walk there",
                              R_MAP)
        self._refuse_if_teleported(f"enter {name}", name)
        self._check_reachable(name)
        lines: list[str] = []
        self.teleport_target = None
        self.position = name
        chamber.visited = True
        if chamber.enemy_gone:
            if given is not None:
                raise RuleRefused(f"{name}'s enemy is gone: enter it without an enemy card", R_MAP)
            self.encounter = Encounter(name, chamber.enemy or Card.joker(), "treasure",
                                       treasure=chamber.treasure)
            lines.append(f"{name}: no guard left; take the treasure ('take CARD')")
            return Enter(name), lines
        enemy = given or chamber.enemy
        if enemy is None:
            raise BadInput(f"usage: enter {name} ENEMY (the card turned up)")
        if chamber.enemy is not None and given is not None and given != chamber.enemy:
            raise RuleRefused(f"{name}'s enemy is {chamber.enemy}, seen before, not {given}",
                              R_MAP)
        if chamber.enemy is None:
            self._check_copies([enemy])
        chamber.enemy = enemy
        chamber.hidden_switch = False
        lines += self._meet(name, enemy)
        return Enter(name, str(enemy)), lines

    def _meet(self, name: str, enemy: Card) -> list[str]:
        """Start the encounter with a chamber's enemy (on entering, or after a Body Switch)."""
        chamber = self.chambers[name]
        kind = rules.enemy_kind(enemy)
        spell_cast = self.encounter.spell_cast if self.encounter else False
        stage = {"empty": "treasure", "adventurer": "adventurer", "white priestess":
                 "white-priestess", "merchant": "merchant", "hebrac": "hebrac",
                 "black priestess": "treasure"}.get(kind, "battle")
        if kind == "adventurer" and chamber.robbed_adventurer:
            stage = "battle"
        self.encounter = Encounter(name, enemy, stage, treasure=chamber.treasure,
                                   spell_cast=spell_cast)
        life = rules.enemy_life(enemy, "curse" in self.effects) if rules.is_fighter(enemy) else 0
        if kind == "empty":
            chamber.enemy_gone = True
            self._under([enemy])
            if chamber.treasure_gone and self.strict:  # stolen before (Stealing Spirit,
                self.encounter = None  # then Body Switch)
                return [f"{name}: {enemy} = empty chamber; no treasure left: {name} cleared"]
            return [f"{name}: {enemy} = empty chamber; take the treasure"]
        if kind == "black priestess":
            lines = [f"{name}: {enemy} = black priestess"]
            lines.append(self._priestess_theft(by_enemy=True))
            chamber.enemy_gone = True
            self._under([enemy])
            if chamber.treasure_gone and self.strict:
                self.encounter = None
                return lines + [f"she is gone; no treasure left: {name} cleared"]
            lines.append("she is gone; take the treasure")
            return lines
        if kind == "white priestess":
            if "anti-magic" in self.effects:
                return [f"{name}: {enemy} = white priestess; Anti-Magic stops her healing: "
                        "take the treasure"]
            return [f"{name}: {enemy} = white priestess: 'heal' (life to max, "
                    "treasure lost) or 'take CARD'"]
        if kind == "merchant":
            return [f"{name}: {enemy} = merchant: 'reveal CARD' to see his ware"]
        if kind == "hebrac":
            return [f"{name}: JK = Hebrac: 'play CARD' (red wins the treasure, black "
                    "costs 5 life) or 'refuse'", *self._anti_magic_hebrac()]
        if stage == "battle" and kind == "adventurer":
            return [f"{name}: {enemy} = the adventurer you robbed: he attacks, life {life} "
                    f"(rule {R_ROBBED})"]
        if kind == "adventurer":
            return [f"{name}: {enemy} = adventurer, life {life}: 'attack CARD' or "
                    "'reveal CARD' to trade"]
        if chamber.treasure_gone:
            return [f"{name}: {enemy} = {kind}, life {life}; no treasure left here (rule "
                    f"{R_ROBBED})"]
        return [f"{name}: {enemy} = {kind}, life {life}: 'attack CARD'"]

    def _check_reachable(self, name: str) -> None:
        if self.teleport_target == name:
            return
        visited = [c.name for c in self.chambers.values() if c.visited]
        if not visited:
            corners = corner_chambers(self.columns)
            if name not in corners:
                raise RuleRefused(
                    f"the first chamber of a level is a corner: {', '.join(corners)}", R_FIRST)
            return
        reachable = {n for v in visited for n in neighbours(v, self.columns)} | set(visited)
        if name not in reachable:
            open_now = self.enterable()
            where = f": enter {', '.join(open_now)}" if open_now else ""
            raise RuleRefused(f"{name} is not next to a chamber you have visited{where}", R_MAP)

    def teleport_waiting(self) -> str | None:
        """The chamber Teleport put the player in, its enemy still to be turned up: from
        edition 3 on nothing but entering it may follow (hebrac.ruling.teleport-arrival)."""
        target = self.teleport_target
        if target is None or not at_least(self.settings, THIRD) or \
                self.chambers[target].cleared:
            return None
        return target

    def _enter_text(self, name: str) -> str:
        """What entering ``name`` is typed as: its enemy card only when still unknown."""
        chamber = self.chambers[name]
        known = chamber.enemy is not None or chamber.enemy_gone
        return f"enter {name}" if known else f"enter {name} CARD"

    def _refuse_if_teleported(self, what: str, name: str | None = None) -> None:
        target = self.teleport_waiting()
        if target is None or name == target:
            return
        raise RuleRefused(f"cannot {what}: Teleport put you in {target}; "
                          f"'{self._enter_text(target)}' turns up its enemy", R_TELEPORTED)

    def next_chambers(self) -> list[str]:
        """Chambers the player may enter next: the Teleport target alone while it waits
        (edition 3), else ``enterable``."""
        target = self.teleport_waiting()
        return [target] if target is not None else self.enterable()

    def enterable(self) -> list[str]:
        """Chambers the map lets 'enter' reach, in map order: not cleared, and a corner
        on a fresh level, else next to a visited chamber (or the Teleport target). From
        edition 3 a waiting Teleport target comes first: see ``next_chambers``."""
        visited = [c.name for c in self.chambers.values() if c.visited]
        if visited:
            near = {n for v in visited for n in neighbours(v, self.columns)} | set(visited)
        else:
            near = set(corner_chambers(self.columns))
        if self.teleport_target is not None:
            near.add(self.teleport_target)
        return [c.name for c in self.chambers.values() if c.name in near and not c.cleared]

    def next_level_allowed(self) -> bool:
        """All chambers cleared, or half of them under the 2005 rules."""
        cleared, total = self.cleared_count(), len(self.chambers)
        return cleared == total or (self.setup.rules == "2005" and 2 * cleared >= total)

    def _do_move(self, action: Move) -> Done:
        name = parse_chamber(action.chamber, self.columns)
        self._refuse_if_busy("move")
        self._refuse_if_teleported(f"move to {name}", name)
        if not self.chambers[name].visited:
            raise RuleRefused(f"{name} is unexplored: 'enter {name} ENEMY'", R_MAP)
        if self.chambers[name].enemy is not None and not self.chambers[name].enemy_gone:
            raise RuleRefused(f"{name} still has its guard: 'enter {name}'", R_MAP)
        self.position = name
        return Move(name), [f"you walk to {name}"]

    def _waiting_genie(self) -> Card | None:
        """The genie bought, traded or stolen whose 'take' is awaited, if any."""
        if self.pending and self.pending.startswith("genie-"):
            return Card.parse(self.pending.removeprefix("genie-"))
        return None

    def _refuse_if_busy(self, what: str) -> None:
        if self._waiting_genie() is not None:
            raise RuleRefused(f"cannot {what} now: the genie acts first ({self._next_hint()})",
                              R_GENIE_BOUGHT)
        if self.pending:
            raise RuleRefused(f"cannot {what} now: settle Hebrac's game first "
                              f"({self._next_hint()})", R_HEBRAC)
        if self.encounter is not None:
            raise RuleRefused(f"cannot {what} now: {self.encounter.chamber} is not settled "
                              f"({self._next_hint()})", R_ENCOUNTER)

    def _do_next_level(self, action: NextLevel) -> Done:
        self._refuse_if_busy("leave the level")
        self._refuse_if_teleported("leave the level")
        cleared, total = self.cleared_count(), len(self.chambers)
        half = self.setup.rules == "2005"
        if not self.next_level_allowed():
            need = "all chambers" if not half else f"half the chambers ({(total + 1) // 2})"
            raise RuleRefused(f"{cleared} of {total} chambers cleared: the next level needs "
                              f"{need}", R_LEVEL)
        return action, self._go_to_next_level(f"{cleared} of {total} chambers cleared")

    def _go_to_next_level(self, why: str) -> list[str]:
        ended = sorted(self.effects)
        self.level += 1
        self._new_level_layout()
        lines = [f"{why}: level {self.level}, deal {2 * len(self.chambers)} new cards"]
        if ended:
            lines.append(f"ended with the level: {', '.join(ended)}")
        return lines

    def _new_level_layout(self) -> None:
        unseen = 0  # face-down cards never turned up also go under
        for chamber in self.chambers.values():
            left = []
            if chamber.enemy is not None and not chamber.enemy_gone:
                left.append(chamber.enemy)
            if chamber.treasure is not None and not chamber.treasure_gone:
                left.append(chamber.treasure)
            unseen += (chamber.enemy is None and not chamber.enemy_gone) + (
                chamber.treasure is None and not chamber.treasure_gone)
            self._under(left)
        self._under([], unseen)
        self.chambers = {name: Chamber(name) for name in chamber_names(self.columns)}
        self.dealt += 2 * len(self.chambers)
        self.deck_log.append(("deal", (), 2 * len(self.chambers)))
        self.position = None
        self.encounter = None
        self.effects.clear()
        self.remote_vision = 0
        self.teleport_target = None

    # -- battle -------------------------------------------------------------------
    def _do_attack(self, action: Attack) -> Done:
        encounter = self.encounter
        if self.pending:
            self._refuse_if_busy("attack")
        if encounter is None:
            raise RuleRefused("no enemy to attack: 'enter CHAMBER ENEMY' first", R_BATTLE)
        if encounter.stage == "adventurer":
            encounter.stage = "battle"
        elif encounter.stage == "trading":
            if not self.setup.evil:
                raise RuleRefused("his treasure is revealed: a good adventurer cannot attack "
                                  "him now (evil alignment allows it)", R_EVIL)
            encounter.stage = "battle"
        if encounter.stage != "battle":
            raise RuleRefused(f"no battle in {encounter.chamber}: {self._next_hint()}", R_BATTLE)
        need = 2 if encounter.double_attack else 1
        usage = "attack CARD CARD (Double Attack)" if need == 2 else "attack CARD"
        if len(action.cards) != need:
            raise BadInput(f"usage: {usage}")
        cards = [Card.parse(t) for t in action.cards]
        potion_card = Card.parse(action.potion) if action.potion else None
        prisoners = [Card.parse(t) for t in action.prisoners]
        if potion_card is not None:
            self._require_held([potion_card], "strength potion")
            if not (potion_card.suit == "S" and potion_card.is_pip):
                raise RuleRefused(f"{potion_card} is not a strength potion (spades 2-10)",
                                  R_POTIONS)
        for prisoner in prisoners:
            if prisoner.rank != 11:
                raise RuleRefused(f"{prisoner} is not a prisoner (a jack)", R_PRISONER)
        self._require_held(prisoners + ([potion_card] if potion_card else []), "card")
        self._check_copies(cards, source="draw")
        for prisoner in prisoners:
            self.inventory.remove(prisoner)
            encounter.prisoners.append(prisoner)
        if potion_card is not None:
            self.inventory.remove(potion_card)
        lines = []
        if prisoners:
            lines.append(f"prisoner{'s' if len(prisoners) > 1 else ''} "
                         f"{' '.join(map(str, prisoners))} fight with you this battle")
        lines += self._attack_round(cards, potion_card.rank if potion_card else 0)
        if potion_card is not None:
            self._under([potion_card])
        return Attack(_texts(cards), str(potion_card) if potion_card else None,
                      _texts(prisoners)), lines

    def _attack_round(self, cards: list[Card], potion: int) -> list[str]:
        encounter = self.encounter
        assert encounter is not None
        enemy = encounter.enemy
        no_damage = self._no_damage(encounter)
        result = rules.settle_round(
            cards, enemy, curse="curse" in self.effects, bracelet=self.holds("AS"),
            prisoners=len(encounter.prisoners), potion=potion,
            super_strength=encounter.super_strength, no_damage=no_damage)
        encounter.rounds += 1
        if encounter.paralysis > 0:
            encounter.paralysis -= 1
        encounter.double_attack = False
        self._under(cards)
        before = self.life
        self.life -= result.damage
        encounter.last_round = {"cards": cards, "potion": potion, "damage": result.damage,
                                "total": result.total, "enemy_life": result.enemy_life,
                                "life_before": before, "no_damage": no_damage}
        if result.won:
            return [result.arithmetic] + self._battle_won()
        line = result.arithmetic
        if result.damage:
            line += f", {before} -> {self.life}"
        lines = [line]
        if self.life <= 0:
            lines.append("you die in the dungeon")
        return lines

    def _no_damage(self, encounter: Encounter) -> str | None:
        """Why the next round can cost no life, if it cannot."""
        if encounter.paralysis > 0:
            return "Paralysis"
        enemy = encounter.enemy
        if "anti-magic" in self.effects and enemy.suit == "C" and enemy.is_pip:
            return "Anti-Magic: magicians cannot hurt you"
        return None

    def _battle_won(self) -> list[str]:
        encounter = self.encounter
        assert encounter is not None
        chamber = self.chambers[encounter.chamber]
        chamber.enemy_gone = True
        self._under([encounter.enemy])
        lines = []
        if encounter.prisoners:
            verb = "leaves" if len(encounter.prisoners) == 1 else "leave"
            lines.append(f"{' '.join(map(str, encounter.prisoners))} {verb} you")
            self._under(encounter.prisoners)
            encounter.prisoners = []
        if chamber.treasure_gone:
            self.encounter = None
            lines.append(f"{chamber.name} cleared: its treasure was taken before (rule "
                         f"{R_ROBBED})")
            return lines
        encounter.stage = "treasure"
        lines.append("take the treasure: 'take CARD'")
        return lines

    def _late_potion_open(self) -> bool:
        encounter = self.encounter
        return bool(self.setup.late_potions and encounter and encounter.last_round
                    and not encounter.last_round.get("won_by_potion")
                    and encounter.last_round["total"] < encounter.last_round["enemy_life"])

    def _do_potion(self, action: Potion) -> Done:
        """Late strength potion (variant): added to the round just lost."""
        card = Card.parse(action.card)
        if not self.setup.late_potions:
            raise RuleRefused("a strength potion is drunk before the attack "
                              "('attack CARD --potion CARD'); the late-potions setting allows "
                              "it after", R_LATE)
        if not self._late_potion_open():
            raise RuleRefused("no lost round to add a potion to", R_LATE)
        if not (card.suit == "S" and card.is_pip):
            raise RuleRefused(f"{card} is not a strength potion (spades 2-10)", R_POTIONS)
        self._require_held([card], "strength potion")
        encounter = self.encounter
        assert encounter is not None and encounter.last_round is not None
        last = encounter.last_round
        self.inventory.remove(card)
        self._under([card])
        total = last["total"] + card.rank
        new_damage = max(0, last["enemy_life"] - total) if not last["no_damage"] else 0
        self.life = last["life_before"] - new_damage
        last["total"], last["damage"], last["won_by_potion"] = total, new_damage, True
        text = f"late potion: {last['total'] - card.rank} + {card.rank} = {total} vs " \
               f"{last['enemy_life']}"
        if total >= last["enemy_life"]:
            if encounter.stage == "battle":
                return Potion(str(card)), [
                    f"{text}: battle won, life {self.life}"] + self._battle_won()
            return Potion(str(card)), [f"{text}, life {self.life}"]
        return Potion(str(card)), [
            f"{text}: lose {new_damage} life, {last['life_before']} -> {self.life}"]

    # -- treasures ----------------------------------------------------------------
    def _do_take(self, action: Take) -> Done:
        card = Card.parse(action.card)
        extras: Sequence[str] = action.extras
        filled = self._genie_of_death_targets(card, extras)
        if filled:
            extras = filled
            self.notes.append(f"{' '.join(filled)}: the only unvisited chamber"
                                 f"{'s' if len(filled) > 1 else ''} with an enemy")
        if self.pending == "hebrac-prize":
            self.pending = None
            lines = [f"Hebrac's prize: {card}"]
            self._check_copies([card], source="pick")
            lines += self._gain(card, extras, source="prize")
            lines += self._next_game()
            return Take(str(card), self._canonical_extras(card, extras)), lines
        genie = self._waiting_genie()
        if genie is not None:
            if card != genie:
                raise RuleRefused(f"{genie} {rules.numbers().kings[str(genie)]} acts first: "
                                  f"{self._next_hint()}", R_GENIE_BOUGHT)
            self._check_room(card, extras)
            self.pending = None
            lines = self._genie(card, extras, source="bought") + self._next_game()
            return Take(str(card), self._canonical_extras(card, extras)), lines
        if self.pending:
            self._refuse_if_busy("take a treasure")
        encounter = self.encounter
        if encounter is None or encounter.stage not in ("treasure", "white-priestess"):
            hint = self._next_hint() if encounter else "'enter CHAMBER ENEMY' first"
            raise RuleRefused(f"no treasure to take now: {hint}", R_ENCOUNTER)
        chamber = self.chambers[encounter.chamber]
        if chamber.treasure_gone and self.strict:
            raise RuleRefused(f"{chamber.name}'s treasure is gone already", R_ENCOUNTER)
        self._check_known_treasure(chamber, card)
        self._check_copies([card] if chamber.treasure is None else [])
        self._check_room(card, extras)
        lines = [f"treasure of {chamber.name}: {card}"]
        if encounter.stage == "white-priestess":
            chamber.enemy_gone = True
            self._under([encounter.enemy])
        self._close_chamber(chamber, card)
        lines += self._gain(card, extras, source="chamber")
        return Take(str(card), self._canonical_extras(card, extras)), lines

    def _genie_of_death_targets(self, card: Card, extras: Sequence[str]) -> list[str]:
        """The chambers a KS must take when no choice is left and none are named."""
        if extras or card != Card.parse("KS"):
            return []
        wanted = rules.numbers().genie_of_death_enemies
        candidates = [c.name for c in self.chambers.values()
                      if not c.visited and not c.enemy_gone]
        return candidates if len(candidates) <= wanted else []

    def _canonical_extras(self, card: Card, extras: Sequence[str]) -> tuple[str, ...]:
        if card == Card.parse("KS"):
            return tuple(parse_chamber(e, self.columns) for e in extras)
        return tuple(str(Card.parse(e)) for e in extras)

    def _check_known_treasure(self, chamber: Chamber, card: Card) -> None:
        if chamber.treasure is not None and chamber.treasure != card:
            raise RuleRefused(f"{chamber.name}'s treasure is {chamber.treasure}, seen before, "
                              f"not {card}", R_ENCOUNTER)

    def _close_chamber(self, chamber: Chamber, treasure: Card | None) -> None:
        """The chamber's treasure is resolved (taken or lost): the chamber is cleared."""
        if treasure is None and not chamber.treasure_gone:  # lost: under the Hand Deck
            self._under([chamber.treasure] if chamber.treasure else [],
                        0 if chamber.treasure else 1)
        chamber.treasure = treasure or chamber.treasure
        chamber.treasure_gone = True
        chamber.enemy_gone = True
        if self.encounter and self.encounter.chamber == chamber.name:
            self._under(self.encounter.prisoners)
            self.encounter = None

    def _check_room(self, card: Card, extras: Sequence[str]) -> None:
        limit = self.setup.inventory_limit
        if not limit:
            return
        incoming = [card] + ([Card.parse(e) for e in extras] if card == Card.parse("KD") else [])
        stays = [c for c in incoming if self._would_store(c)]
        if len(self.inventory) + len(stays) > limit:
            raise RuleRefused(f"inventory full ({len(self.inventory)} of {limit}): "
                              "'drop CARD' first", R_INVENTORY)

    def _would_store(self, card: Card) -> bool:
        if card.rank == 1:
            return card not in self.inventory
        return card.is_pip or card.rank == 11

    def _gain(self, card: Card, extras: Sequence[str], source: str) -> list[str]:
        """A treasure reaches the player: stored, or acting at once (queens, kings, jokers)."""
        numbers = rules.numbers()
        if card.rank != 13 and extras:
            raise BadInput(f"only KD (three cards) and KS (three chambers) take extra words, "
                           f"not {card}")
        if card.is_joker:
            self._under([card])
            if self.pending is None or not self.strict:  # the first edition: one game
                self.pending = "hebrac-game"
            else:  # another joker drawn at once: its game follows (hebrac.ruling.genie-of-luck)
                self.games_waiting += 1
            return ["Hebrac's game: 'play CARD' (red: pick any Hand Deck card; black: lose "
                    f"{rules.numbers().black_card_damage} life) or 'refuse'",
                    *self._anti_magic_hebrac()]
        if card.rank == 1:
            name = rules.numbers().aces[str(card)]
            if card in self.inventory:
                self._under([card])
                return [f"{card} is a fake {name} (you hold one): discarded"]
            self.inventory.append(card)
            self.aces_found.append(str(card))
            lines = [f"{card} {name} into the inventory"]
            if card.suit == "H":
                lines.append(f"max life +{numbers.ruby_max_life}: {self.max_life}")
            held = len({c for c in self.inventory if c.rank == 1})
            lines.append(f"aces held: {held} of 4" + (": you win!" if held == 4 else ""))
            return lines
        if card.rank == 12:
            self._under([card])
            if "anti-magic" in self.effects:
                return [f"{card}: Anti-Magic holds on this level, the priestess does nothing"]
            if card.is_red:
                before = self.life
                self.life = self.max_life
                return [f"{card} white priestess heals you: {before} -> {self.life}"]
            return [f"{card} black priestess: " + self._priestess_theft(by_enemy=False)]
        if card.rank == 13:
            if not extras and source in ("merchant", "trade", "spell"):
                if self._genie_waits(card):
                    self.pending = f"genie-{card}"  # hebrac.ruling.genie-bought
                    return [f"{card} {rules.numbers().kings[str(card)]} acts at once: "
                            f"{self._genie_usage(card)}"]
                extras = self._genie_of_death_targets(card, [])  # no choice left: at once
            return self._genie(card, extras, source)
        self.inventory.append(card)
        assert card.suit is not None
        kind = rules.TREASURE_KINDS.get(card.suit, "prisoner") if card.rank != 11 else "prisoner"
        return [f"{card} {kind} into the inventory"]

    def _anti_magic_hebrac(self) -> list[str]:
        if "anti-magic" not in self.effects:
            return []
        return [f"Anti-Magic does not stop Hebrac's game (rule {R_ANTI_MAGIC_HEBRAC})"]

    def _genie(self, card: Card, extras: Sequence[str], source: str) -> list[str]:
        numbers = rules.numbers()
        name = numbers.kings[str(card)]
        self._under([card])
        if source == "genie":
            if extras:
                raise BadInput("a king drawn for a Genie of Luck takes no extra words")
            return [f"{card} {name} drawn for a genie: lost"]
        if card.suit == "H":
            self.genie_of_life += 1
            bonus = numbers.genie_of_life_max_life
            return [f"{card} {name}: max life +{bonus} for good, now {self.max_life}"]
        if card.suit == "C":
            self.effects.add("god-vision")
            return [f"{card} {name}: God Vision on this level ('see CHAMBER ENEMY "
                    "[--treasure CARD]')"]
        if card.suit == "D":
            wanted = numbers.genie_of_luck_cards
            if len(extras) != wanted:
                raise BadInput(f"usage: take KD CARD CARD CARD (the {wanted} Hand Deck cards)")
            return [f"{card} {name}: {wanted} Hand Deck cards, acting in the order typed"] + \
                self._genie_cards(extras)
        wanted = numbers.genie_of_death_enemies
        targets = [parse_chamber(e, self.columns) for e in extras]
        candidates = [c.name for c in self.chambers.values()
                      if not c.visited and not c.enemy_gone]
        if len(targets) != min(wanted, len(candidates)) or len(set(targets)) != len(targets):
            raise BadInput(f"usage: take KS CHAMBER x{min(wanted, len(candidates))} "
                           f"(unvisited: {' '.join(candidates) or 'none'})")
        for target in targets:
            if target not in candidates:
                raise RuleRefused(f"{target} is not an unvisited chamber with its enemy",
                                  "hebrac.treasure.king-of-spades")
        self._remove_enemies(targets)
        return [f"{card} {name}: enemies of {' '.join(targets)} removed; their treasures "
                "wait until you enter"]

    def _genie_targets(self) -> list[str]:
        return [c.name for c in self.chambers.values() if not c.visited and not c.enemy_gone]

    def _genie_waits(self, card: Card) -> bool:
        """A Genie of Luck, or of Death with a choice of chambers, won without a 'take'
        line needs one to act."""
        wanted = rules.numbers().genie_of_death_enemies
        return card.suit == "D" or (card.suit == "S" and len(self._genie_targets()) > wanted)

    def _genie_usage(self, card: Card) -> str:
        numbers = rules.numbers()
        if card.suit == "D":
            wanted = numbers.genie_of_luck_cards
            return f"'take KD{' CARD' * wanted}' (the Hand Deck's top cards)"
        targets = self._genie_targets()
        wanted = min(numbers.genie_of_death_enemies, len(targets))
        return f"'take KS{' CHAMBER' * wanted}' (unvisited: {' '.join(targets)})"

    def _next_game(self) -> list[str]:
        """The next joker's game, when several were drawn at once."""
        if self.pending is None and self.games_waiting:
            self.games_waiting -= 1
            self.pending = "hebrac-game"
            return ["the next joker: Hebrac's game again, 'play CARD' or 'refuse'"]
        return []

    def _genie_cards(self, extras: Sequence[str]) -> list[str]:
        cards = [Card.parse(e) for e in extras]
        self._check_copies(cards, source="draw")
        lines = []
        for drawn in cards:
            lines += [f"  {line}" for line in self._gain(drawn, [], source="genie")]
        return lines

    def _remove_enemies(self, targets: Iterable[str]) -> None:
        for target in targets:
            chamber = self.chambers[target]
            chamber.enemy_gone = True
            if chamber.enemy is not None:
                self._under([chamber.enemy])
            else:
                self._under([], 1)  # removed face down, unseen

    def _priestess_theft(self, by_enemy: bool) -> str:
        if "anti-magic" in self.effects:
            return "Anti-Magic holds: she steals nothing"
        victim = rules.theft_victim(self.inventory, by_enemy=by_enemy)
        which = "most" if by_enemy else "least"
        if victim is None:
            return "she finds nothing to steal"
        max_before, life_before = self.max_life, self.life
        self.inventory.remove(victim)
        self._under([victim])
        rank = rules.theft_rank(victim)
        line = f"she steals {victim}, your {which} valuable (theft rank {rank} of 40)"
        if self.max_life < max_before:
            self.life = min(self.life, self.max_life)
            line += f"; max life {max_before} -> {self.max_life}, life {life_before} -> {self.life}"
        return line

    def _do_heal(self, action: Heal) -> Done:
        encounter = self.encounter
        if encounter is None or encounter.stage != "white-priestess":
            raise RuleRefused("only a white priestess (red queen) heals: "
                              f"{self._next_hint()}", R_WHITE)
        if "anti-magic" in self.effects:
            raise RuleRefused("Anti-Magic holds on this level: the priestess cannot heal",
                              R_ANTI_MAGIC)
        chamber = self.chambers[encounter.chamber]
        self._under([encounter.enemy])
        before = self.life
        self.life = self.max_life
        self._close_chamber(chamber, None)
        return action, [f"the priestess heals you: {before} -> {self.life}; she leaves "
                        "with the treasure"]

    def _do_use(self, action: Use) -> Done:
        card = Card.parse(action.card)
        if not (card.suit == "H" and card.is_pip):
            raise RuleRefused(f"{card} is not a life potion (hearts 2-10)", R_POTIONS)
        self._require_held([card], "life potion")
        self.inventory.remove(card)
        self._under([card])
        before = self.life
        self.life = min(self.max_life, self.life + card.rank)
        capped = f" (max {self.max_life})" if before + card.rank > self.max_life else ""
        return Use(str(card)), [
            f"life potion {card}: {before} + {card.rank} -> {self.life}{capped}"]

    def _do_drop(self, action: Drop) -> Done:
        card = Card.parse(action.card)
        self._require_held([card], "card")
        max_before = self.max_life
        self.inventory.remove(card)
        self._under([card])
        line = f"{card} dropped"
        if self.max_life < max_before:
            before = self.life
            self.life = min(self.life, self.max_life)
            line += f"; max life {max_before} -> {self.max_life}, life {before} -> {self.life}"
        return Drop(str(card)), [line]

    # -- adventurers, merchants, Hebrac ---------------------------------------------
    def _do_reveal(self, action: Reveal) -> Done:
        card = Card.parse(action.card)
        encounter = self.encounter
        if encounter is None or encounter.stage not in ("adventurer", "merchant"):
            raise RuleRefused("only an adventurer's or a merchant's treasure is turned up "
                              "before it is won", R_TRADE)
        chamber = self.chambers[encounter.chamber]
        self._check_known_treasure(chamber, card)
        if chamber.treasure is None:
            self._check_copies([card])
        chamber.treasure = card
        encounter.treasure = card
        if encounter.stage == "adventurer":
            encounter.stage = "trading"
            value = rules.trade_value(card)
            if value is None:
                verdict = rules.check_trade(card, [])
                illusion = card.rank != 1 and self._illusion_queen()  # a black queen
                return Reveal(str(card)), [
                    verdict.reasons[0] + ": 'refuse'" + (
                        " or attack (evil)" if self.setup.evil else "") + (
                        " or 'cast illusion'" if illusion else "")]
            bag = " (the Bag of Meres pays: 'offer')" if self.holds("AD") else ""
            return Reveal(str(card)), [
                f"he offers {card}, worth {value}: 'offer CARD...' or 'refuse'{bag}"]
        encounter.stage = "sale"
        cost = rules.price(card)
        if cost is None and not self.strict:  # the first edition waited for 'refuse'
            return Reveal(str(card)), [rules.no_sale_reason(card) + ": 'refuse'"]
        blocked = self._stealing_blocked() if cost is None else None
        if cost is None and at_least(self.settings, THIRD) and blocked is None:
            # hebrac.ruling.merchant-no-sale: Stealing Spirit may still take it
            return Reveal(str(card)), [
                rules.no_sale_reason(card),
                f"Stealing Spirit may still take it: 'cast stealing-spirit {card}' or "
                f"'refuse' (rule {R_NO_SALE})"]
        if cost is None:  # no sale can happen: the refusal is the only answer
            self._under([encounter.enemy])
            self._close_chamber(chamber, None)
            self.sold_out = chamber.name
            lines = [rules.no_sale_reason(card) + f"; both cards go under, {chamber.name} "
                     "cleared"]
            if at_least(self.settings, THIRD):
                lines.append(f"no Stealing Spirit: {blocked} (rule {R_NO_SALE})")
            return Reveal(str(card)), lines
        gems = sum(c.rank for c in self.inventory if rules.is_gem(c))
        paying = "the Bag of Meres pays" if self.holds("AD") else f"you hold {gems} in gems"
        return Reveal(str(card)), [
            f"he sells {card} for {cost}: {paying}; 'buy CARD...' or 'refuse'"]

    def _stealing_blocked(self) -> str | None:
        """Why Stealing Spirit cannot be cast now (timing or magic points), or None."""
        spell = rules.spells()["stealing-spirit"]
        try:
            self.verify_cast(spell, None)
        except RuleRefused as error:
            return str(error.args[0])
        encounter = self.encounter
        if encounter is not None and self.chambers[encounter.chamber].treasure_gone:
            return f"{encounter.chamber} has no treasure left"
        if self.magic_points < spell.cost:
            return f"it costs {spell.cost}, you have {self.magic_points} magic points"
        return None

    def _do_offer(self, action: Offer) -> Done:
        offer = [Card.parse(t) for t in action.cards]
        encounter = self.encounter
        if encounter is None or encounter.stage != "trading" or encounter.treasure is None:
            raise RuleRefused("no trade under way: 'reveal CARD' an adventurer's treasure "
                              "first", R_TRADE)
        want = encounter.treasure
        bag = self.holds("AD")
        verdict = rules.check_trade(want, offer, bag=bag,
                                    ace_value=self.setup.ace_offer_value,
                                    bag_partial=self.setup.bag_partial)
        if not verdict.legal:
            short = bag and offer and verdict.data.get("value") is not None
            raise RuleRefused(verdict.reasons[0], R_BAG_PARTIAL if short else R_TRADE)
        self._require_held(offer, "card")
        self._check_room(want, [])
        max_before = self.max_life
        for card in offer:
            self.inventory.remove(card)
        self._under(offer)
        lines = list(verdict.reasons)
        if self.max_life < max_before:
            self.life = min(self.life, self.max_life)
            lines.append(f"max life {max_before} -> {self.max_life}")
        self._under([encounter.enemy])
        self._close_chamber(self.chambers[encounter.chamber], want)
        lines += self._gain(want, [], source="trade")
        return Offer(_texts(offer)), lines

    def _do_buy(self, action: Buy) -> Done:
        pay = [Card.parse(t) for t in action.cards]
        encounter = self.encounter
        if encounter is None or encounter.stage != "sale" or encounter.treasure is None:
            raise RuleRefused("no merchant's ware on show: 'reveal CARD' first", R_MERCHANT)
        want = encounter.treasure
        bag = self.holds("AD")
        verdict = rules.check_payment(want, pay, bag=bag,
                                      bag_partial=self.setup.bag_partial)
        if not verdict.legal:
            short = bag and pay and "paid" in verdict.data
            raise RuleRefused(verdict.reasons[0], R_BAG_PARTIAL if short else R_MERCHANT)
        self._require_held(pay, "gem")
        self._check_room(want, [])
        for card in pay:
            self.inventory.remove(card)
        self._under(pay + [encounter.enemy])
        self._close_chamber(self.chambers[encounter.chamber], want)
        lines = list(verdict.reasons) + self._gain(want, [], source="merchant")
        return Buy(_texts(pay)), lines

    def _do_refuse(self, action: Refuse) -> Done:
        if self.pending == "hebrac-game":
            self.pending = None
            return action, ["you decline Hebrac's game; he leaves", *self._next_game()]
        if self.pending:
            self._refuse_if_busy("refuse")
        encounter = self.encounter
        if encounter is None or encounter.stage not in ("trading", "sale", "merchant", "hebrac"):
            raise RuleRefused(f"nothing to refuse now: {self._next_hint()}", R_ENCOUNTER)
        chamber = self.chambers[encounter.chamber]
        self._under([encounter.enemy])
        self._close_chamber(chamber, None)
        if encounter.stage == "merchant":  # hebrac.ruling.merchant-unseen
            return action, [f"{chamber.name}: the merchant leaves, his ware unseen under the "
                            "Hand Deck; chamber cleared"]
        return action, [f"{chamber.name}: the treasure is lost; chamber cleared"]

    def _do_play(self, action: Play) -> Done:
        card = Card.parse(action.card)
        damage = rules.numbers().black_card_damage
        encounter = self.encounter
        as_enemy = encounter is not None and encounter.stage == "hebrac" and not self.pending
        if self.pending != "hebrac-game" and not as_enemy:
            raise RuleRefused("Hebrac offers no game now", R_HEBRAC)
        if card.is_joker:
            raise RuleRefused("a joker has no colour: turn the next card", R_HEBRAC)
        self._check_copies([card], source="draw")
        self._under([card])
        before = self.life
        if as_enemy:
            assert encounter is not None
            if card.is_red:
                self._under([encounter.enemy])
                chamber = self.chambers[encounter.chamber]
                chamber.enemy_gone = True
                encounter.stage = "treasure"
                if chamber.treasure_gone and self.strict:
                    self.encounter = None
                    return Play(str(card)), [
                        f"{card} is red: Hebrac yields; no treasure left: {chamber.name} "
                        "cleared"]
                return Play(str(card)), [
                    f"{card} is red: Hebrac yields; take the treasure"]
            self.life -= damage
            self._under([encounter.enemy])
            self._close_chamber(self.chambers[encounter.chamber], None)
            return Play(str(card)), [
                f"{card} is black: lose {damage} life, {before} -> {self.life}; Hebrac "
                "leaves with the treasure"]
        if card.is_red:
            self.pending = "hebrac-prize"
            return Play(str(card)), [
                f"{card} is red: pick any Hand Deck card, 'take CARD'"]
        self.pending = None
        self.life -= damage
        return Play(str(card)), [
            f"{card} is black: lose {damage} life, {before} -> {self.life}",
            *(self._next_game() if self.life > 0 else [])]

    # -- magic --------------------------------------------------------------------
    def _do_cast(self, action: Cast) -> Done:
        spell = rules.find_spell(action.spell)
        targets = action.targets
        count = self._spell_count(spell, action.units)
        paid = [Card.parse(t) for t in action.paid]
        overpay = action.overpay
        self.verify_cast(spell, targets)
        if paid:
            self._require_held(paid, "magic potion")
        if spell.unit and not self.strict:
            if paid and count is None:  # the first edition: what the payment covers
                count = max(1, self._points(paid) // spell.cost)
        elif spell.unit and (count is None or not paid):
            paid, count = self.unit_purchase(spell, paid, count, overpay)
        count = count or 1
        if not paid:
            potions = [c for c in self.inventory if rules.is_magic_potion(c)]
            chosen = rules.cheapest_payment(potions, spell.cost * count, self.scepter)
            if chosen is None:
                raise RuleRefused(f"{spell.name} costs {spell.cost * count}: you have "
                                  f"{self.magic_points} magic points", R_SPELLS)
            paid = list(chosen)
        verdict = rules.check_spell_payment(spell, paid, scepter=self.scepter, count=count,
                                            overpay=overpay)
        if not verdict.legal:
            raise RuleRefused(verdict.reasons[0], R_SPELLS)
        if self.strict:  # paid before it acts: a genie's black queen cannot take the payment
            self._pay_spell(paid)
            effect_lines = self._spell_effect(spell, targets, count)
        else:  # the first edition paid after the spell acted
            effect_lines = self._spell_effect(spell, targets, count)
            self._pay_spell(paid)
        self.spells_cast.append(spell.id)
        if self.encounter is not None:
            self.encounter.spell_cast = True
        lines = list(verdict.reasons)
        if action.spell.lower().startswith("levit"):
            lines.insert(0, "Levitation is the 2005 text's name for Teleport (8 points)")
        canonical = Cast(spell.id, self._canonical_targets(targets), _texts(paid),
                         count if spell.unit else None, overpay)
        return canonical, lines + effect_lines

    def _pay_spell(self, paid: Sequence[Card]) -> None:
        for card in paid:
            self.inventory.remove(card)
        self._under(paid)

    # -- spells paid per unit: buy what the payment covers and can be used ----------
    def useful_units(self, spell: Spell) -> tuple[int | None, str]:
        """How many units of a per-unit spell can still be used, and why (None: no cap)."""
        if spell.id == "healing":
            missing = max(0, self.max_life - self.life)
            if not missing:
                return 0, f"life is at its maximum, {self.life}/{self.max_life}"
            return missing, f"life {self.life}/{self.max_life}: {missing} missing"
        if spell.id == "remote-vision":
            free = sorted(self.effects & {"revelation", "god-vision"})
            if free:
                name = rules.spells()[free[0]].name
                return 0, f"{name} shows every enemy of this level already"
            unknown = sum(1 for c in self.chambers.values()
                          if c.enemy is None and not c.visited and not c.enemy_gone)
            useful = max(0, unknown - self.remote_vision)
            unused = f", {self.remote_vision} vision(s) unused" if self.remote_vision else ""
            return useful, f"{unknown} unknown enem{'y' if unknown == 1 else 'ies'}{unused}"
        if spell.id == "future-perception":
            deck = self.hand_deck_size()
            useful = max(0, deck - len(self.deck_top) - self.future_perception)
            return useful, f"{useful} Hand Deck card{'s' if useful != 1 else ''} not yet seen"
        return None, ""

    def hand_deck_size(self) -> int:
        """Cards in the Hand Deck: all cards less those held or on the table."""
        total = 52 * self.setup.decks + self.setup.jokers
        face_down = sum((c.enemy is None and not c.enemy_gone)
                        + (c.treasure is None and not c.treasure_gone)
                        for c in self.chambers.values())
        return total - sum(self.cards_out().values()) - face_down

    def unit_purchase(self, spell: Spell, paid: list[Card], count: int | None,
                       overpay: bool) -> tuple[list[Card], int]:
        """Fill in the payment or the count of a per-unit spell; refuse a waste of points.

        Points are never thrown away unasked: when what is paid covers a unit more
        than can be used, the cast is refused unless --overpay accepts the loss.
        """
        useful, why = self.useful_units(spell)
        cost, unit = spell.cost, spell.unit
        rule = R_UNITS
        if useful == 0:
            raise RuleRefused(f"{spell.name} would do nothing: {why}", rule)
        if count is not None and useful is not None and count > useful and not overpay:
            raise RuleRefused(f"{spell.name} --count {count}: {why}; --count {useful} "
                              "(or --overpay)", rule)
        if not paid and count is None:
            potions = [c for c in self.inventory if rules.is_magic_potion(c)]
            chosen = rules.unit_payment(potions, cost, useful, self.scepter)
            if chosen is None:
                raise RuleRefused(f"{spell.name} costs {cost} per {unit}: you have "
                                  f"{self.magic_points} magic points", R_SPELLS)
            paid, count = list(chosen[0]), chosen[1]
        elif not paid:
            assert count is not None
            potions = [c for c in self.inventory if rules.is_magic_potion(c)]
            chosen_cards = rules.cheapest_payment(potions, cost * count, self.scepter)
            if chosen_cards is None:
                raise RuleRefused(f"{spell.name} costs {cost * count} ({count} x {cost}): you "
                                  f"have {self.magic_points} magic points", R_SPELLS)
            paid = list(chosen_cards)
        else:
            covered = self._points(paid) // cost
            count = max(1, covered if useful is None else min(covered, useful))
        points = self._points(paid)
        lost = points - count * cost
        if lost >= cost and not overpay:
            spent = " + ".join(map(str, paid))
            units = unit if count == 1 or unit == "life" else f"{unit}s"
            more = points // cost
            capped = useful is not None and more > useful
            way = "" if capped else f"--count {more} uses them, or "
            why_count = f" ({why})" if capped else ""
            raise RuleRefused(f"{spell.name}: {spent} pays {points} for {count} {units} at "
                              f"{cost}{why_count}, {lost} lost: {way}add --overpay to cast "
                              "anyway", rule)
        return paid, count

    def _points(self, cards: Iterable[Card]) -> int:
        return sum(rules.magic_points(c, self.scepter) for c in cards)

    @staticmethod
    def _spell_count(spell: Spell, count: int | None) -> int | None:
        if count is None:
            return None
        if not spell.unit:
            raise BadInput(f"{spell.name} takes no --count")
        return whole(str(count), "--count", 1, 60)

    def _canonical_targets(self, targets: Sequence[str]) -> tuple[str, ...]:
        out = []
        for target in targets:
            if target.lower() == "next-level":
                out.append("next-level")
            else:
                try:
                    out.append(parse_chamber(target, self.columns))
                except NotationError:
                    out.append(str(Card.parse(target)))
        return tuple(out)

    def can_cast(self, spell: Spell) -> tuple[bool, str]:
        """Whether the timing rules allow ``spell`` now, and why not (magic points aside)."""
        try:
            self.verify_cast(spell, None)
        except RuleRefused as error:
            return False, str(error)
        return True, spell.timing

    def verify_cast(self, spell: Spell, targets: Sequence[str] | None) -> None:
        """Raise RuleRefused when the timing rules forbid ``spell`` now.

        ``targets`` None asks about timing only (for the spell list).
        """
        rule = spell_rule(spell)
        encounter = self.encounter
        if self.pending:
            self._refuse_if_busy("cast a spell")
        stage = encounter.stage if encounter else None
        in_battle = stage == "battle"
        if stage == "white-priestess":
            raise RuleRefused("no spell may be cast on a white priestess", R_WHITE)
        if encounter is not None and encounter.spell_cast and stage in ("battle", "adventurer",
                                                                           "trading"):
            raise RuleRefused("one spell per battle: already cast here", R_ONE_SPELL)
        sid = spell.id
        if sid in ("paralysis", "double-attack", "super-strength") and not in_battle:
            if stage == "adventurer":
                raise RuleRefused(f"{spell.name} is for battle only: the battle with an "
                                  "adventurer starts with the first 'attack'",
                                  R_ADVENTURER_SPELLS)
            raise RuleRefused(f"{spell.name} is for battle only", rule)
        if sid == "double-attack" and encounter and encounter.double_attack:
            raise RuleRefused("Double Attack is already waiting for the next round", rule)
        if sid == "escape" or sid == "stealing-spirit":
            if stage is None:
                raise RuleRefused(f"{spell.name} needs an enemy turned up", rule)
            assert encounter is not None
            kind = rules.enemy_kind(encounter.enemy)
            if sid == "escape" and kind == "black priestess":
                raise RuleRefused("Escape does not work on a black priestess", rule)
            if stage == "treasure":
                raise RuleRefused(f"{encounter.chamber} is won: no guard left to "
                                  f"{'escape' if sid == 'escape' else 'rob'}, "
                                  "'take CARD' takes the treasure", R_WON)
            if kind == "hebrac":
                raise RuleRefused(f"{spell.name} does not work on Hebrac", rule)
            if sid == "escape" and stage in ("merchant", "sale"):
                raise RuleRefused("Escape does not work on a merchant", rule)
            if sid == "stealing-spirit" and stage == "trading" and not self.setup.evil:
                raise RuleRefused("his treasure is revealed: Stealing Spirit is too late "
                                  "(evil alignment allows it)", R_EVIL)
        if sid == "illusion":
            if stage != "trading" or encounter is None or encounter.treasure is None:
                raise RuleRefused("Illusion works only while trading", rule)
            if encounter.treasure.rank == 1:
                raise RuleRefused("Illusion fails when the adventurer holds an ace", rule)
            if rules.trade_value(encounter.treasure) is None and not self._illusion_queen():
                raise RuleRefused(f"Illusion: {encounter.treasure} is a black priestess, never "
                                  "traded for (--illusion-black-queen refused)",
                                  R_ILLUSION_QUEEN)
        if sid == "stone-statue" and in_battle:
            raise RuleRefused("Stone Statue is forbidden in battle", rule)
        if sid == "hell-bomb" and not in_battle:
            if encounter is not None:
                raise RuleRefused("Hell Bomb: in battle, or from an explored chamber", rule)
            if self.position is None:
                raise RuleRefused("Hell Bomb needs a position: enter or move to a chamber", rule)
        if targets is None:
            return
        self._verify_targets(spell, targets)

    def _illusion_queen(self) -> bool:
        """hebrac.ruling.illusion-black-queen: may Illusion take a black queen?"""
        return self.setup.illusion_black_queen == "allowed"

    def _verify_targets(self, spell: Spell, targets: Sequence[str]) -> None:
        sid = spell.id
        rule = spell_rule(spell)
        needs = {"stealing-spirit": (1, 1, "cast stealing-spirit TREASURE"),
                 "teleport": (1, 1, "cast teleport CHAMBER|next-level"),
                 "genie-of-luck": (spell.numbers.get("cards", 5), spell.numbers.get("cards", 5),
                                   "cast genie-of-luck CARD x5"),
                 "stone-statue": (1, spell.numbers.get("enemies", 6),
                                  "cast stone-statue CHAMBER... (up to 6)"),
                 "body-switch": (1, 2, "cast body-switch CARD [CHAMBER]")}
        low, high, usage = needs.get(sid, (0, 0, f"cast {sid} (no targets)"))
        if not low <= len(targets) <= high:
            raise BadInput(f"usage: {usage}")
        if sid == "teleport" and targets[0].lower() != "next-level":
            parse_chamber(targets[0], self.columns)
        if sid == "stone-statue":
            names = [parse_chamber(t, self.columns) for t in targets]
            for name in names:
                chamber = self.chambers[name]
                if chamber.enemy_gone or chamber.cleared:
                    raise RuleRefused(f"{name} has no enemy left", rule)
            if len(set(names)) != len(names):
                raise BadInput("a chamber is named twice")

    def _spell_effect(self, spell: Spell, targets: Sequence[str], count: int) -> list[str]:
        sid = spell.id
        encounter = self.encounter
        if sid == "remote-vision":
            unused = self.remote_vision
            self.remote_vision += count
            lines = [f"you may look at {count} unexplored enem{'y' if count == 1 else 'ies'}: "
                     "'see CHAMBER CARD'"]
            if unused:
                lines.append(f"looks add up: {unused} unused + {count} = {self.remote_vision} "
                             f"(rule {R_VISIONS})")
            return lines
        if sid == "future-perception":
            self.future_perception += count
            return [f"look at the top {count} Hand Deck card{'s' if count > 1 else ''}: "
                    "'peek CARD...' records them"]
        if sid == "healing":
            before = self.life
            self.life = min(self.max_life, self.life + count)
            if self.life - before < count:
                return [f"heal {self.life - before} of {count}: {before} -> {self.life} "
                        f"(max {self.max_life})"]
            return [f"heal {count}: {before} -> {self.life}"]
        if sid in ("paralysis", "double-attack", "super-strength"):
            assert encounter is not None
            if sid == "paralysis":
                encounter.paralysis = rules.numbers().paralysis_rounds
                return ["the enemy is frozen: the next 2 rounds deal no damage"]
            if sid == "double-attack":
                encounter.double_attack = True
                return ["next round: 'attack CARD CARD'"]
            encounter.super_strength = True
            return ["attack cards count double for this battle"]
        if sid in ("anti-magic", "curse", "revelation", "god-vision"):
            self.effects.add(sid)
            what = {"anti-magic": "magicians cannot hurt you and priestesses cast nothing",
                    "curse": "enemy life is halved, rounded up",
                    "revelation": "you may look at every enemy: 'see CHAMBER CARD'",
                    "god-vision": "you may look at every card: 'see CHAMBER ENEMY "
                                  "--treasure CARD'"}[sid]
            lines = [f"{spell.name} until the level ends: {what}"]
            fights = ("battle", "adventurer") + ("trading",) * self.setup.evil
            if sid == "curse" and encounter is not None and rules.is_fighter(encounter.enemy) \
                    and encounter.stage in fights:
                full = rules.enemy_life(encounter.enemy)
                lines.append(f"{encounter.enemy} faced too: life {full} -> "
                             f"{rules.enemy_life(encounter.enemy, True)} (rule {R_CURSE_FACED})")
            return lines
        if sid == "escape":
            assert encounter is not None
            name = encounter.chamber
            return self._leave_encounter(f"you escape {name}; its enemy waits face down") + [
                f"you stay at {name}, now visited: 'enter {name}' meets its enemy again "
                f"(rule {R_ESCAPED})"]
        if sid == "stealing-spirit":
            return self._stealing_spirit(Card.parse(targets[0]))
        if sid == "illusion":
            assert encounter is not None and encounter.treasure is not None
            want = encounter.treasure
            self._check_room(want, [])
            self._under([encounter.enemy])
            self._close_chamber(self.chambers[encounter.chamber], want)
            lines = [f"the adventurer takes nothing for {want}"]
            if rules.trade_value(want) is None:  # a black queen
                lines.append("Illusion takes a black priestess too (--illusion-black-queen "
                             f"allowed, rule {R_ILLUSION_QUEEN})")
            return lines + self._gain(want, [], "trade")
        if sid == "body-switch":
            return self._body_switch(targets)
        if sid == "teleport":
            return self._teleport(targets[0])
        if sid == "hell-bomb":
            return self._hell_bomb()
        if sid == "genie-of-luck":
            return ["the Genie of Luck gives 5 cards"] + self._genie_cards(targets)
        if sid == "stone-statue":
            names = [parse_chamber(t, self.columns) for t in targets]
            self._remove_enemies(names)
            lines = [f"turned to stone: {' '.join(names)}; enter to take their treasures"]
            if encounter is not None and encounter.chamber in names and self.strict:
                # the enemy faced is gone, as Hell Bomb does
                encounter.stage, encounter.last_round = "treasure", None
                if self.chambers[encounter.chamber].treasure_gone:
                    self.encounter = None
                    return lines + [f"{encounter.chamber} cleared"]
                lines.append("the enemy you face is stone: take the treasure ('take CARD')")
            return lines
        raise AssertionError(sid)  # every spell of the table is handled above

    def _leave_encounter(self, line: str) -> list[str]:
        encounter = self.encounter
        if encounter is None:
            return []
        self._under(encounter.prisoners)
        self.encounter = None
        return [line]

    def _stealing_spirit(self, treasure: Card) -> list[str]:
        encounter = self.encounter
        assert encounter is not None
        chamber = self.chambers[encounter.chamber]
        self._check_known_treasure(chamber, treasure)
        if chamber.treasure_gone:
            raise RuleRefused(f"{chamber.name} has no treasure left",
                              "hebrac.spell.stealing-spirit")
        if chamber.treasure is None:
            self._check_copies([treasure])
        self._check_room(treasure, [])
        chamber.treasure = treasure
        chamber.treasure_gone = True
        lines = [f"you steal {treasure} from {chamber.name}"]
        if encounter.stage in ("merchant", "sale"):
            chamber.enemy_gone = True
            self._under([encounter.enemy])
            lines.append("the merchant vanishes; chamber cleared")
        else:
            if rules.enemy_kind(encounter.enemy) == "adventurer":
                chamber.robbed_adventurer = True
                lines.append(f"the adventurer will attack you if you come back (rule "
                             f"{R_ROBBED})")
            else:
                lines.append(f"its guard stays, face down: 'enter {chamber.name}' meets it "
                             f"again (rule {R_ESCAPED})")
        self._leave_encounter("")
        return lines + self._gain(treasure, [], "spell")

    def _body_switch(self, targets: Sequence[str]) -> list[str]:
        new = Card.parse(targets[0])
        self._check_copies([new], source="draw")
        encounter = self.encounter
        if encounter is not None and encounter.stage not in ("treasure",):
            if len(targets) > 1 and parse_chamber(targets[1], self.columns) != encounter.chamber:
                raise RuleRefused("in an encounter Body Switch replaces the enemy you face",
                                  "hebrac.spell.body-switch")
            old = encounter.enemy
            self._under([old] + encounter.prisoners)
            encounter.prisoners = []
            chamber = self.chambers[encounter.chamber]
            chamber.enemy = new
            return [f"{old} is replaced by {new}"] + self._meet(chamber.name, new)
        if len(targets) < 2:
            raise BadInput("usage: cast body-switch CARD CHAMBER (out of an encounter)")
        name = parse_chamber(targets[1], self.columns)
        chamber = self.chambers[name]
        if chamber.enemy_gone:
            raise RuleRefused(f"{name} has no enemy to replace", "hebrac.spell.body-switch")
        if chamber.enemy is not None:
            self._under([chamber.enemy])
        else:
            self._under([], 1)  # replaced face down, unseen
        chamber.enemy = new
        chamber.hidden_switch = not chamber.visited
        face = "face down" if chamber.hidden_switch else "face up"
        return [f"{name}'s enemy is now {new}, {face}"]

    def _teleport(self, target: str) -> list[str]:
        lines = self._leave_encounter("you vanish from the chamber; what is left stays")
        if target.lower() == "next-level":
            return lines + self._go_to_next_level("Teleport")
        name = parse_chamber(target, self.columns)
        chamber = self.chambers[name]
        if chamber.cleared or (chamber.visited and chamber.enemy_gone):
            self.position = name
            return lines + [f"you are in {name}"]
        self.teleport_target = name
        if self.teleport_waiting() is not None:
            return lines + [f"teleported to {name}: '{self._enter_text(name)}' turns up its "
                            f"enemy, nothing else first (rule {R_TELEPORTED})"]
        return lines + [f"teleported to {name}: 'enter {name} ENEMY'"]

    def _hell_bomb(self) -> list[str]:
        encounter = self.encounter
        centre = encounter.chamber if encounter else self.position
        assert centre is not None
        hit = [centre, *neighbours(centre, self.columns)]
        removed = [n for n in hit if not self.chambers[n].enemy_gone]
        if encounter is not None:
            self._under(encounter.prisoners)
            encounter.prisoners = []
            encounter.stage = "treasure"
            encounter.last_round = None
        self._remove_enemies(removed)
        lines = [f"Hell Bomb on {' '.join(hit)}: enemies removed from "
                 f"{' '.join(removed) or 'none'}; their treasures are free"]
        if encounter is not None:
            chamber = self.chambers[encounter.chamber]
            if chamber.treasure_gone:
                self.encounter = None
                lines.append(f"{chamber.name} cleared")
            else:
                lines.append("take the treasure: 'take CARD'")
        return lines

    # -- what the player sees -------------------------------------------------------
    def _do_see(self, action: See) -> Done:
        words = action.seen
        if len(words) > 2:  # several chambers at once: CHAMBER ENEMY CHAMBER ENEMY...
            if len(words) % 2 or action.treasure:
                raise BadInput("usage: see CHAMBER ENEMY [CHAMBER ENEMY...] (pairs; "
                               "--treasure with one chamber only)")
            pairs = [(words[i], words[i + 1]) for i in range(0, len(words), 2)]
            names = [parse_chamber(chamber, self.columns) for chamber, _ in pairs]
            if len(set(names)) != len(names):
                raise BadInput("a chamber is named twice")
            texts: list[str] = []
            lines: list[str] = []
            for chamber, enemy in pairs:
                seen = self._see_one(chamber, enemy, None)
                texts += seen.seen
                lines += seen.lines
            return See(tuple(texts)), lines + self._free_looks()
        if not 1 <= len(words) <= 2:
            raise BadInput("usage: see CHAMBER [ENEMY] [--treasure CARD]")
        looked = words[1] if len(words) > 1 else None
        one = self._see_one(words[0], looked, action.treasure)
        return See(one.seen, one.treasure), one.lines + (self._free_looks() if looked else [])

    def _free_looks(self) -> list[str]:
        """hebrac.ruling.visions: under Revelation or God Vision a look costs nothing, so
        Remote Vision's looks left are kept; said when there are some."""
        free = sorted(self.effects & {"revelation", "god-vision"})
        if not free or not self.remote_vision:
            return []
        name = rules.spells()[free[0]].name
        return [f"free under {name}: no Remote Vision look spent, {self.remote_vision} left "
                f"(rule {R_VISIONS})"]

    def _see_one(self, chamber_text: str, enemy_text: str | None,
                 treasure_text: str | None) -> Seen:
        name = parse_chamber(chamber_text, self.columns)
        enemy = Card.parse(enemy_text) if enemy_text else None
        treasure = Card.parse(treasure_text) if treasure_text else None
        chamber = self.chambers[name]
        god = "god-vision" in self.effects
        if treasure is not None and not god:
            raise RuleRefused("only God Vision shows treasures", "hebrac.spell.god-vision")
        lines = []
        if enemy is not None:
            if chamber.enemy is not None and chamber.enemy != enemy:
                raise RuleRefused(f"{name}'s enemy is {chamber.enemy}, not {enemy}", R_MAP)
            if chamber.enemy_gone or chamber.visited:
                raise RuleRefused(f"{name}'s enemy is not face down on the table", R_MAP)
            free = god or "revelation" in self.effects
            if not free and self.remote_vision < 1:
                raise RuleRefused("no vision to use: cast Remote Vision, Revelation or God "
                                  "Vision", "hebrac.spell.remote-vision")
            if chamber.enemy is None:
                self._check_copies([enemy])
            if not free:
                self.remote_vision -= 1
            chamber.enemy = enemy
            lines.append(f"{name}: the enemy is {enemy} ({rules.enemy_kind(enemy)})")
        if treasure is not None:
            if chamber.treasure_gone:
                raise RuleRefused(f"{name}'s treasure is gone", R_MAP)
            if chamber.treasure is not None and chamber.treasure != treasure:
                raise RuleRefused(f"{name}'s treasure is {chamber.treasure}, not {treasure}",
                                  R_MAP)
            if chamber.treasure is None:
                self._check_copies([treasure])
            chamber.treasure = treasure
            lines.append(f"{name}: the treasure is {treasure}")
        if not lines:
            raise BadInput("usage: see CHAMBER ENEMY [--treasure CARD]")
        return Seen((name, str(enemy)) if enemy else (name,),
                    str(treasure) if treasure else None, lines)

    def _do_peek(self, action: Peek) -> Done:
        cards = [Card.parse(t) for t in action.cards]
        if len(cards) > self.future_perception:
            raise RuleRefused(f"Future Perception shows {self.future_perception} more "
                              "card(s)", "hebrac.spell.future-perception")
        self._check_copies(cards, source="peek")
        self.future_perception -= len(cards)
        self.deck_top = cards
        return Peek(_texts(cards)), [
            f"top of the Hand Deck: {' '.join(map(str, cards))}"]

    # -- checks shared by actions -----------------------------------------------------
    def _require_held(self, cards: Sequence[Card], what: str) -> None:
        need = Counter(cards)
        have = Counter(self.inventory)
        for card, number in need.items():
            if have[card] < number:
                held = "" if have[card] == 0 else f" only {have[card]}"
                raise RuleRefused(f"{card} is not in your inventory{held} (the {what} must be "
                                  "held)", "hebrac.treasure.inventory")

    def cards_out(self) -> Counter[Card]:
        """Cards out of the Hand Deck now: inventory, known cards on the table."""
        out = Counter(self.inventory)
        for chamber in self.chambers.values():
            if chamber.enemy is not None and not chamber.enemy_gone:
                out[chamber.enemy] += 1
            if chamber.treasure is not None and not chamber.treasure_gone:
                out[chamber.treasure] += 1
        encounter = self.encounter
        if encounter is not None:
            out.update(encounter.prisoners)
        return out

    def _check_copies(self, new: Sequence[Card], source: str = "table") -> None:
        """Refuse more copies out of the Hand Deck than the decks hold; note what was seen.

        ``source`` says where the cards came from, for the odds: "table" (dealt cards
        turned up), "draw" (the Hand Deck's top), "pick" (chosen from the Hand Deck),
        "peek" (looked at, left on top).
        """
        out = self.cards_out()
        out.update(new)
        for card, number in out.items():
            copies = self.setup.jokers if card.is_joker else self.setup.decks
            if number > copies:
                where = f"{copies} joker{'s' if copies != 1 else ''}" if card.is_joker else \
                    f"{copies} deck{'s' if copies != 1 else ''}"
                raise RuleRefused(f"{card} would be out {number} times but the {where} hold "
                                  f"{copies}: a typo?", R_COPIES)
        self.seen.extend((card, source) for card in new)
        if source == "draw":
            for card, top in zip(new, self.deck_top, strict=False):
                if card != top:
                    self.notes.append(f"warning: Future Perception showed {top} on top of "
                                         f"the Hand Deck, not {card}; {card} is recorded")
            del self.deck_top[:len(new)]  # peeked cards leave the top as they are drawn
        if new:
            self.deck_log.append((source, tuple(new), 0))

    def _under(self, cards: Iterable[Card], unseen: int = 0) -> None:
        cards = tuple(cards)
        self.under_deck.extend(cards)
        if cards or unseen:
            self.deck_log.append(("under", cards, unseen))

    # -- what commands show -------------------------------------------------------------
    def _next_hint(self) -> str:
        if self.pending == "hebrac-game":
            return "'play CARD' or 'refuse' Hebrac's game"
        if self.pending == "hebrac-prize":
            return "'take CARD', your pick from the Hand Deck"
        genie = self._waiting_genie()
        if genie is not None:
            usage = self._genie_usage(genie)
            return usage.split(" (")[0] + ", the genie's work"
        encounter = self.encounter
        target = self.teleport_waiting()
        if encounter is None and target is not None:
            return f"'{self._enter_text(target)}' (Teleport put you there)"
        if encounter is None:
            open_now = self.enterable()
            enter = f"'enter CHAMBER ENEMY' ({', '.join(open_now)})" if open_now else ""
            if not self.next_level_allowed():
                return enter or "'enter CHAMBER ENEMY'"
            return f"{enter} or 'next-level'" if enter else "'next-level'"
        return {
            "battle": "'attack CARD'" + (" CARD" if encounter.double_attack else ""),
            "adventurer": "'attack CARD' or 'reveal CARD'",
            "trading": "'offer CARD...' or 'refuse'",
            "merchant": "'reveal CARD'",
            "sale": self._sale_hint(encounter.treasure),
            "white-priestess": "'heal' or 'take CARD'",
            "hebrac": "'play CARD' or 'refuse'",
            "treasure": "'take CARD'",
        }[encounter.stage]

    def _sale_hint(self, ware: Card | None) -> str:
        if ware is None or rules.price(ware) is not None:
            return "'buy CARD...' or 'refuse'"
        if self._stealing_blocked() is None:  # hebrac.ruling.merchant-no-sale
            return f"'cast stealing-spirit {ware}' or 'refuse'"
        return "'refuse'"

    def status(self) -> HebracStatus:
        encounter: EncounterStatus | None = None
        if self.encounter is not None:
            e = self.encounter
            fighter = rules.is_fighter(e.enemy)
            encounter = {
                "chamber": e.chamber, "enemy": str(e.enemy),
                "kind": rules.enemy_kind(e.enemy),
                "enemy_life": rules.enemy_life(e.enemy, "curse" in self.effects)
                if fighter else None,
                "treasure": str(e.treasure) if e.treasure else None,
                "stage": e.stage, "rounds": e.rounds,
                "battle_effects": [name for name, on in (
                    ("paralysis", e.paralysis > 0), ("super-strength", e.super_strength),
                    ("double-attack", e.double_attack)) if on],
                "prisoners": [str(p) for p in e.prisoners],
                "spell_cast": e.spell_cast,
            }
        return {
            "game": KIND,
            "rules": self.setup.rules,
            "life": self.life,
            "max_life": self.max_life,
            "magic_points": self.magic_points,
            "gems": self.gems,
            "inventory": [str(c) for c in self.inventory],
            "level": self.level,
            "position": self.position,
            "visited": [c.name for c in self.chambers.values() if c.visited],
            "cleared": [c.name for c in self.chambers.values() if c.cleared],
            "chambers": {c.name: self._chamber_json(c) for c in self.chambers.values()},
            "encounter": encounter,
            "pending": self.pending,
            "games_waiting": self.games_waiting,
            "effects": sorted(self.effects),
            "visions": {"remote": self.remote_vision, "future": self.future_perception},
            "spells_cast": self.spells_cast,
            "aces": sorted({str(c) for c in self.inventory if c.rank == 1}),
            "next": self._next_hint() if self.outcome == "playing" else None,
            "outcome": self.outcome,
            "settings": self.settings,
        }

    def _chamber_json(self, chamber: Chamber) -> ChamberStatus:
        return {"enemy": str(chamber.enemy) if chamber.enemy else None,
                "treasure": str(chamber.treasure) if chamber.treasure else None,
                "visited": chamber.visited, "enemy_gone": chamber.enemy_gone,
                "treasure_gone": chamber.treasure_gone}

    def map_lines(self) -> list[str]:
        cell = 4 if self.columns <= 8 else 3
        lines = ["  " + "".join(str(c).rjust(cell) for c in range(1, self.columns + 1))]
        # '+' marks where 'enter' may go next; only while nothing is being settled there.
        enterable = set(self.next_chambers()) if self.encounter is None and not self.pending \
            and self.outcome == "playing" else set()
        for row in ROWS:
            text = row + " "
            for col in range(1, self.columns + 1):
                text += self._map_cell(self.chambers[f"{row}{col}"], enterable).rjust(cell)
            lines.append(text)
        return lines

    def _map_cell(self, chamber: Chamber, enterable: Iterable[str] = ()) -> str:
        here = "@" if chamber.name == self.position else "+" if chamber.name in enterable else ""
        if chamber.cleared:
            mark = "x"
        elif chamber.enemy_gone:
            mark = "o"  # guard gone, treasure waiting
        elif chamber.enemy is not None:
            mark = str(chamber.enemy).lower() if not chamber.visited else str(chamber.enemy)
        else:
            mark = "."
        return here + mark

    def round_risk(self) -> int:
        """The most life the next round could cost: facing a fighter, its life less the
        weakest attack (an ace) with what always adds (bracelet, prisoners, Super
        Strength); else what a black card costs in Hebrac's game."""
        encounter = self.encounter
        black = rules.numbers().black_card_damage
        if encounter is None or not rules.is_fighter(encounter.enemy) or \
                encounter.stage not in ("battle", "adventurer"):
            return black
        worst = rules.settle_round(
            [Card(1, "S")], encounter.enemy, curse="curse" in self.effects,
            bracelet=self.holds("AS"), prisoners=len(encounter.prisoners),
            super_strength=encounter.super_strength, no_damage=self._no_damage(encounter))
        return max(black, worst.damage)

    def rescue_line(self, width: int = 40) -> str | None:
        """Near death (life at or below ``round_risk``): one line saying what held can heal,
        the life potions (each with the life it gives back now) and Healing (the most
        lives the magic held buys, when it may be cast now)."""
        missing = self.max_life - self.life
        if self.outcome != "playing" or not missing or self.life > self.round_risk():
            return None
        potions = [c for c in self.inventory if c.suit == "H" and c.is_pip]
        gains = [min(c.rank, missing) for c in potions]
        healing = rules.spells()["healing"]
        lives = min(self.magic_points // healing.cost, missing) \
            if self.can_cast(healing)[0] else 0
        spell = [f"{healing.name} +{lives}"] if lives else []
        if not potions and not spell:
            return "Near death: nothing held heals you"
        line = "Near death: " + ", ".join(
            [f"{card} +{gain}" for card, gain in zip(potions, gains, strict=True)] + spell)
        if len(line) > width:  # many potions: counted together
            total = min(sum(c.rank for c in potions), missing)
            count = f"{len(potions)} potion{'s' if len(potions) > 1 else ''} +{total}"
            line = "Near death: " + ", ".join(([count] if potions else []) + spell)
        return line

    def status_lines(self, width: int = 40) -> list[str]:
        lines = wrap(f"Level {self.level}  life {self.life}/{self.max_life}  magic "
                     f"{self.magic_points}  gems {self.gems}"
                     + ("  (scepter)" if self.scepter else ""), width)
        rescue = self.rescue_line(width)
        if rescue is not None:
            lines += wrap(rescue, width)
        inventory = " ".join(map(str, self.inventory)) or "empty"
        lines += wrap(f"Inventory: {inventory}", width)
        aces = sorted({str(c) for c in self.inventory if c.rank == 1})
        lines.append(f"Aces: {len(aces)}/4 {' '.join(aces)}".rstrip())
        if self.effects:
            lines += wrap("Level effects: " + ", ".join(sorted(self.effects)), width)
        lines += self.map_lines()
        lines.append("x cleared o open . unknown @ you + next")
        seen = [c for c in self.chambers.values() if c.enemy is not None and not c.visited
                and not c.enemy_gone]
        if seen:
            lines.append("lower case: seen, still face down")
        treasures = [f"{c.name} {c.treasure}" for c in self.chambers.values()
                     if c.treasure is not None and not c.treasure_gone]
        if treasures:
            lines += wrap("Treasures seen: " + ", ".join(treasures), width)
        lines.append(f"Cleared {self.cleared_count()} of {len(self.chambers)}")
        encounter = self.encounter
        if encounter is not None:
            text = f"{encounter.chamber}: {encounter.enemy} {rules.enemy_kind(encounter.enemy)}"
            if rules.is_fighter(encounter.enemy) and encounter.stage == "battle":
                life = rules.enemy_life(encounter.enemy, "curse" in self.effects)
                text += f", life {life}, round {encounter.rounds + 1}"
            lines += wrap(text, width)
            effects = [n for n, on in (("paralysis", encounter.paralysis > 0),
                                       ("super strength", encounter.super_strength),
                                       ("double attack", encounter.double_attack)) if on]
            if encounter.prisoners:
                effects.append("prisoners " + " ".join(map(str, encounter.prisoners)))
            if effects:
                lines += wrap("Battle: " + ", ".join(effects), width)
        if self.outcome == "playing":
            lines += wrap(f"Next: {self._next_hint()}", width)
        else:
            lines.append("You won!" if self.outcome == "won" else "You are dead.")
        return lines

    def prompt(self) -> str:
        where = self.position or "-"
        return (f"L{self.level} {where} life {self.life}/{self.max_life} "
                f"magic {self.magic_points}" + ("" if self.outcome == "playing"
                                                else f" [{self.outcome}]"))

    # -- the state as plain values, for the caches (companion.snapshots) -------------------
    def state_data(self) -> dict[str, object]:
        """The whole state as plain values, cards as their text; ``engine_from_data`` builds
        it back. What the settings give (columns, starting life, edition) is not kept."""
        encounter = self.encounter
        text = _texts_by_card()
        # The ledgers run to thousands of entries of a few hundred kinds: each kind once.
        events = dict.fromkeys(self.deck_log)
        for kind, cards, count in events:
            events[kind, cards, count] = (kind, tuple(map(text.__getitem__, cards)), count)
        seen = dict.fromkeys(self.seen)
        for card, source in seen:
            seen[card, source] = (text[card], source)
        return {
            "life": self.life,
            "genie_of_life": self.genie_of_life,
            "inventory": [str(c) for c in self.inventory],
            "level": self.level,
            "chambers": {name: (_card_text(c.enemy), _card_text(c.treasure), c.visited,
                                c.enemy_gone, c.treasure_gone, c.robbed_adventurer,
                                c.hidden_switch) for name, c in self.chambers.items()},
            "position": self.position,
            "encounter": None if encounter is None else _encounter_data(encounter),
            "pending": self.pending,
            "games_waiting": self.games_waiting,
            "effects": sorted(self.effects),
            "remote_vision": self.remote_vision,
            "future_perception": self.future_perception,
            "teleport_target": self.teleport_target,
            "deck_top": [str(c) for c in self.deck_top],
            "notes": list(self.notes),
            "sold_out": self.sold_out,
            "under_deck": list(map(text.__getitem__, self.under_deck)),
            "seen": list(map(seen.__getitem__, self.seen)),
            "dealt": self.dealt,
            "deck_log": list(map(events.__getitem__, self.deck_log)),
            "spells_cast": list(self.spells_cast),
            "aces_found": list(self.aces_found),
            "life_trail": list(self.life_trail),
        }


# -- the state read back from plain values (companion.plain) ---------------------------
STATE_FIELDS = ("life", "genie_of_life", "inventory", "level", "chambers", "position",
                "encounter", "pending", "games_waiting", "effects", "remote_vision",
                "future_perception", "teleport_target", "deck_top", "notes", "sold_out",
                "under_deck", "seen", "dealt", "deck_log", "spells_cast", "aces_found",
                "life_trail")
STAGES = ("battle", "adventurer", "trading", "merchant", "sale", "white-priestess", "hebrac",
          "treasure")
PENDING = ("hebrac-game", "hebrac-prize", "genie-KD", "genie-KS")
LEVEL_EFFECTS = ("anti-magic", "curse", "revelation", "god-vision")
SEEN_SOURCES = ("table", "draw", "pick", "peek")  # _check_copies's sources
LOG_KINDS = ("action", "deal", "under", *SEEN_SOURCES)
LAST_ROUND = ("cards", "potion", "damage", "total", "enemy_life", "life_before", "no_damage")


def _card_text(card: Card | None) -> str | None:
    return None if card is None else str(card)


# chamber, enemy, stage, treasure, rounds, paralysis, super strength, double attack, spell
# cast, prisoners, the last round (as LastRound, its cards as texts)
EncounterData = tuple[str, str, str, str | None, int, int, bool, bool, bool, list[str],
                      dict[str, object] | None]


def _encounter_data(e: Encounter) -> EncounterData:
    # the cards' key keeps its place
    last: dict[str, object] | None = None if e.last_round is None else {
        **e.last_round, "cards": [str(c) for c in e.last_round["cards"]]}
    return (e.chamber, str(e.enemy), e.stage, _card_text(e.treasure), e.rounds, e.paralysis,
            e.super_strength, e.double_attack, e.spell_cast, [str(c) for c in e.prisoners],
            last)


@cache
def _cards_by_text() -> dict[str, Card]:
    """Every card by its canonical text, each made by Card's own (checking) constructor."""
    cards = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)] + [Card.joker()]
    return {str(card): card for card in cards}


@cache
def _texts_by_card() -> dict[Card, str]:
    return {card: text for text, card in _cards_by_text().items()}


def _card(value: object) -> Card:
    card = _cards_by_text().get(value) if type(value) is str else None
    if card is None:
        raise plain.BadState(f"not a card: {value!r:.40}")
    return card


def _cards(value: object, limit: int = plain.MAX_ITEMS) -> list[Card]:
    """A list of cards' texts; one lookup each, as the ledgers run to thousands."""
    # isinstance tells mypy; type() refuses subclasses, which no engine writes
    if not isinstance(value, (list, tuple)) or type(value) not in (list, tuple) \
            or len(value) > limit:
        raise plain.BadState(f"not a list of at most {limit} cards")
    by_text = _cards_by_text()
    try:
        return [by_text[text] for text in value]
    except (KeyError, TypeError):  # not a card's text, or not even hashable
        raise plain.BadState("not a card's text in a list of cards") from None


T = TypeVar("T")


def _distinct(value: object, what: str, read: Callable[[object], T]) -> list[T]:
    """A long list of tuples (a ledger) read, each distinct entry once, the equal ones
    sharing what it was read as (a list among them cannot be a key, anything else
    fails ``plain.fixed``)."""
    if not isinstance(value, (list, tuple)) or type(value) not in (list, tuple) \
            or len(value) > plain.MAX_ITEMS:
        raise plain.BadState(f"not a list of {what}")
    try:
        distinct = dict.fromkeys(value)
    except TypeError:  # a list inside
        raise plain.BadState(f"not a list of {what}") from None
    found = {entry: read(entry) for entry in distinct}
    return list(map(found.__getitem__, value))


def _seen(value: object) -> list[tuple[Card, str]]:
    return _distinct(value, "cards seen", _seen_entry)


def _seen_entry(entry: object) -> tuple[Card, str]:
    text, source = plain.fixed(entry, 2)  # texts only, so an equal entry is the same entry
    return _card(text), plain.choice(source, SEEN_SOURCES)


Event = tuple[str, tuple[Card, ...], int]
Ledger = tuple[list[Event], list[tuple[Card, str]], list[Card]]


def _deck_log(value: object, deal: int) -> Ledger:
    """The Hand Deck's events, each as the engine writes it (see _check_copies, _under),
    with the cards they saw and those they put under, in order."""
    found = _distinct(value, "Hand Deck events", lambda entry: _logged(_event(entry, deal)))
    # 1, True and 1.0 are equal keys: each count must be a whole number itself
    # (_distinct took only a list or a tuple: the isinstance is for mypy)
    plain.check(isinstance(value, (list, tuple))
                and set(map(type, map(itemgetter(2), value))) <= {int}, "a count not a number")
    return (list(map(itemgetter(0), found)), list(chain.from_iterable(map(itemgetter(1), found))),
            list(chain.from_iterable(map(itemgetter(2), found))))


def _logged(event: Event) -> tuple[Event, tuple[tuple[Card, str], ...], tuple[Card, ...]]:
    """An event with the cards it saw (each with its source) and those it put under."""
    kind, cards, _ = event
    return (event, tuple((card, kind) for card in cards) if kind in SEEN_SOURCES else (),
            cards if kind == "under" else ())


def _event(entry: object, deal: int) -> Event:
    # (messages are fixed texts: a check's message is made even when it holds)
    kind, texts, count = plain.fixed(entry, 3)
    if type(texts) is not tuple or type(count) is not int:
        raise plain.BadState("not a Hand Deck event")
    cards = tuple(_cards(texts, 2 * deal))
    known = plain.choice(kind, LOG_KINDS)
    if known in ("action", "deal"):
        plain.check(not cards and count == (0 if known == "action" else deal),
                    "an action or a deal with cards or a wrong count")
    elif known == "under":
        plain.check(bool(cards or plain.integer(count, 0, deal)),
                    "an empty event under the Hand Deck")
    else:
        plain.check(bool(cards) and count == 0, "cards seen: none, or a count")
    return known, cards, count


def _chamber(name: str, value: object) -> Chamber:
    enemy, treasure, *marks = plain.fixed(value, 7)
    return Chamber(name, None if enemy is None else _card(enemy),
                   None if treasure is None else _card(treasure), *map(plain.flag, marks))


def _last_round(value: object) -> LastRound:
    """A battle round as _attack_round writes it; a late potion adds won_by_potion."""
    won = type(value) is dict and "won_by_potion" in value
    fields = LAST_ROUND + ("won_by_potion",) * won
    last = plain.record(value, fields)
    plain.check(tuple(last) == fields, "a round's fields out of their order")
    if won:
        plain.check(plain.flag(last["won_by_potion"]), "won_by_potion is only ever true")
    read = LastRound(cards=_cards(last["cards"], 2),
                     potion=plain.integer(last["potion"], 0, 10),
                     damage=plain.integer(last["damage"], 0),
                     total=plain.integer(last["total"], 0),
                     enemy_life=plain.integer(last["enemy_life"], 0),
                     life_before=plain.integer(last["life_before"]),
                     no_damage=plain.optional(plain.text)(last["no_damage"]))
    if won:
        read["won_by_potion"] = True
    return read


def _encounter(value: object, names: Sequence[str], jacks: int) -> Encounter:
    (chamber, enemy, stage, treasure, rounds, paralysis, super_strength, double_attack,
     spell_cast, prisoners, last) = plain.fixed(value, 11)
    return Encounter(
        plain.choice(chamber, names), _card(enemy), plain.choice(stage, STAGES),
        None if treasure is None else _card(treasure), plain.integer(rounds, 0),
        plain.integer(paralysis, 0, rules.numbers().paralysis_rounds),
        plain.flag(super_strength), plain.flag(double_attack), plain.flag(spell_cast),
        _cards(prisoners, jacks), None if last is None else _last_round(last))


def engine_from_data(settings: Mapping[str, object], data: object) -> HebracGame:
    """The game whose ``state_data()`` was ``data``, built through the constructors with
    every value and invariant checked; raises ``plain.BadState`` for anything the engine
    would not have written."""
    game = new_engine(settings)
    state = plain.record(data, STATE_FIELDS)
    names = list(game.chambers)
    deal = 2 * len(names)  # cards dealt per level
    decks, jokers = game.setup.decks, game.setup.jokers
    cards = 52 * decks + jokers

    def name(value: object) -> str:
        return plain.choice(value, names)

    chambers = plain.table(state["chambers"], name, lambda value: value, len(names))
    plain.check(list(chambers) == names, "not this dungeon's chambers in map order")
    game.chambers = {n: _chamber(n, chambers[n]) for n in names}
    game.life = plain.integer(state["life"])
    game.genie_of_life = plain.integer(state["genie_of_life"], 0)
    game.inventory = _cards(state["inventory"], cards)
    game.level = plain.integer(state["level"], 1)
    game.position = plain.optional(name)(state["position"])
    encounter = state["encounter"]
    game.encounter = None if encounter is None else _encounter(encounter, names, 4 * decks)
    game.pending = plain.optional(lambda value: plain.choice(value, PENDING))(state["pending"])
    game.games_waiting = plain.integer(state["games_waiting"], 0, jokers)
    effects = plain.items(state["effects"], lambda value: plain.choice(value, LEVEL_EFFECTS),
                          len(LEVEL_EFFECTS))
    plain.check(effects == sorted(set(effects)), "level effects not sorted, each once")
    game.effects = set(effects)
    game.remote_vision = plain.integer(state["remote_vision"], 0)
    game.future_perception = plain.integer(state["future_perception"], 0)
    game.teleport_target = plain.optional(name)(state["teleport_target"])
    game.deck_top = _cards(state["deck_top"], cards)
    game.notes = plain.items(state["notes"], plain.text)
    game.sold_out = plain.optional(name)(state["sold_out"])
    game.under_deck = _cards(state["under_deck"])
    game.seen = _seen(state["seen"])
    game.dealt = plain.integer(state["dealt"], 0)
    game.deck_log, seen, under = _deck_log(state["deck_log"], deal)
    # The ledgers agree: the Hand Deck's events hold every card seen and put under.
    plain.check(seen == game.seen, "the cards seen are not the Hand Deck's events")
    plain.check(under == game.under_deck, "the cards under the Hand Deck are not its events")
    spells = rules.spells()
    game.spells_cast = plain.items(state["spells_cast"], lambda value: plain.choice(value, spells))
    game.aces_found = plain.items(state["aces_found"], lambda value: plain.choice(value, ACES))
    game.life_trail = _numbers(state["life_trail"])
    _check_invariants(game)
    return game


ACES = ("AS", "AH", "AD", "AC")


def _numbers(value: object) -> list[int]:
    """A long list of whole numbers (the life trail), checked in bulk."""
    if not isinstance(value, (list, tuple)) or type(value) not in (list, tuple) \
            or len(value) > plain.MAX_ITEMS or not set(map(type, value)) <= {int} \
            or (value and not (
                -plain.MAX_NUMBER <= min(value) and max(value) <= plain.MAX_NUMBER)):
        raise plain.BadState("not a list of whole numbers")
    return list(value)


def _check_invariants(game: HebracGame) -> None:
    """What every state the engine reaches holds (tests/test_state_hebrac.py breaks each)."""
    check = plain.check
    chambers, encounter, log = game.chambers, game.encounter, game.deck_log
    numbers = rules.numbers()
    # Life: the maximum counts the Ruby held or not, as a late potion after the Ruby is
    # dropped gives back the life the round took, above the maximum left.
    highest = (game.base_max_life + numbers.genie_of_life_max_life * game.genie_of_life
               + numbers.ruby_max_life)
    check(game.life <= highest, f"life {game.life} above its maximum {highest}")
    # One action event per step of the life trail, one deal per level.
    kinds = list(map(itemgetter(0), log))
    trail = game.life_trail
    check(len(trail) == kinds.count("action") + 1 and trail[0] == game.base_max_life
          and trail[-1] == game.life, "the life trail is not one step per action")
    check(kinds.count("deal") == game.level and game.dealt == 2 * len(chambers) * game.level,
          "not one deal per level")
    # Cards conserved: each card seen (not just peeked) is held, on the table, with the
    # genie waiting or under the Hand Deck, and never more copies out than the decks hold.
    out = game.cards_out()
    genie = game._waiting_genie()
    if genie is not None:
        out[genie] += 1
    peeked = Counter(card for card, source in game.seen if source == "peek") \
        if "peek" in kinds else Counter()
    seen, under = Counter(map(itemgetter(0), game.seen)), Counter(game.under_deck)
    if game.strict:
        check(seen == out + under + peeked, "cards not conserved")
    else:  # the first edition can put a card under twice and lose one (Stone Statue on
        # the merchant faced, then Stealing Spirit or Body Switch): still nothing out unseen
        check(out + peeked <= seen, "cards not conserved")
    setup = game.setup
    check(all(number <= (setup.jokers if card.is_joker else setup.decks)
              for card, number in out.items()), "more copies out than the decks hold")
    # The inventory holds what _gain stores: pips, prisoners, one of each ace.
    aces = [card for card in game.inventory if card.rank == 1]
    check(all(card.is_pip or card.rank in (1, 11) for card in game.inventory)
          and len(set(aces)) == len(aces), "the inventory holds what is never stored")
    # References: where the player is, the chamber being settled, the merchant sold out.
    if game.position is not None:
        check(chambers[game.position].visited, "the position is an unvisited chamber")
    if encounter is not None:
        chamber = chambers[encounter.chamber]
        check(encounter.chamber == game.position, "the encounter is not where the player is")
        check(encounter.enemy == (chamber.enemy or Card.joker()),
              "the encounter's enemy is not its chamber's")
        check(all(card.rank == 11 for card in encounter.prisoners), "a prisoner is not a jack")
    if game.sold_out is not None:
        check(encounter is None and chambers[game.sold_out].cleared,
              "the sold-out merchant's chamber is not cleared")
    check(all(c.enemy is not None for c in chambers.values() if c.hidden_switch),
          "a switched enemy that is not known")
