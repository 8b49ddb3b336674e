"""Elbereth: the tracked game.

The player lays out the real dungeon cards and rolls a real die; the engine
keeps the equipment (equipped face up, face down, or discarded for good),
the coin and the key, the floor and the deck's counts, and rules on every
roll: attacks, the choice after a miss, breaking walls, shopping, bribing
bosses and descending. Actions are values of ``companion.elbereth.grammar``
(``Attack("spider", 3)``), or their text (``attack spider 3``, ``boost
sword``, ``break-wall 5``), read once by its ``GRAMMAR``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache, partial
from typing import TYPE_CHECKING, NamedTuple, cast

from companion import names, plain
from companion.dice import parse_die
from companion.editions import edition, strict
from companion.elbereth.grammar import (
    GRAMMAR,
    Action,
    Attack,
    Block,
    Boost,
    BreakWall,
    Bribe,
    Descend,
    Found,
    Pickup,
    Shop,
    Wound,
)
from companion.errors import BadInput, NotationError, RuleRefused
from companion.game import Applied
from companion.numbers import whole_or_none
from companion.tables import tables
from companion.text import wrap

if TYPE_CHECKING:
    from typing import NotRequired, TypedDict

    class DeckTable(TypedDict):
        """``[deck]``: the floors, what each descent removes, the cards by name."""

        floors: int
        removed_per_descent: int
        others: int
        kept_aside: list[str]
        count: dict[str, int]

    class FoeRow(TypedDict):
        """``[enemies.NAME]`` or ``[bosses.NAME]``."""

        strength: int
        aliases: NotRequired[list[str]]
        bribe: NotRequired[str]
        wins: NotRequired[int]

    class EquipmentTable(TypedDict):
        offensive: list[str]
        protective: list[str]
        start: int
        boost: int
        aliases: dict[str, str]

    class ElberethTables(TypedDict):
        """``rulebook/elbereth.tables.toml`` as read (TOML keys are text: the die faces
        too)."""

        deck: DeckTable
        enemies: dict[str, FoeRow]
        equipment: EquipmentTable
        wall_die: dict[str, str]
        bosses: dict[str, FoeRow]

    class MissStatus(TypedDict):
        enemy: str
        strength: int
        roll: int

    class ElberethStatus(TypedDict):
        """``status --json``: the keys in this order."""

        game: str
        floor: int
        floors: int
        deck: int
        others: int
        removed: int
        equipment: dict[str, str]
        equipped: list[str]
        coin: str
        key: bool
        stairs: bool
        shop: bool
        shops: int
        beaten_here: dict[str, int]
        walls_here: int
        picked_here: list[str]
        floor_boss: str | None
        boss_beaten: bool
        bosses_met: dict[str, int]
        ogre_wins: int
        beaten_total: dict[str, int]
        miss: MissStatus | None
        next: str | None
        outcome: str
        settings: dict[str, object]

KIND = "elbereth"
TITLE = "Elbereth"
SHORT_BOOST = ("settles", "refused")
BRIBE_FROM = ("equipped", "any")

EQUIPPED = "equipped"
DOWN = "face down"
DISCARDED = "discarded"
COIN_UP, COIN_DOWN, COIN_GONE = "face up", "face down", "gone"

# What 'found' records, and the other words players use for it.
FOUND = {"stairs": ("down stairs", "stair"), "shop": ("shops",)}
_FOUND_SPELLINGS = names.spellings(FOUND, FOUND)

# Rulebook section ids named by refusals.
R_ATTACK = "elbereth.action.attack"
R_MISS = "elbereth.action.miss"
R_BOOST = "elbereth.miss.boost"
R_BLOCK = "elbereth.miss.block"
R_WOUND = "elbereth.miss.wound"
R_PICKUP = "elbereth.action.pickup"
R_SHOP = "elbereth.action.shop"
R_DESCEND = "elbereth.action.descend"
R_EXPLORE = "elbereth.explore"
R_DECK = "elbereth.setup.deck"
R_BOSS = "elbereth.bosses"
R_BRIBE = "elbereth.bosses.bribe"
R_BRIBE_COIN = "elbereth.ruling.bribe"
R_END = "elbereth.game.end"


def table() -> ElberethTables:
    """The rulebook's tables as read (``rules()`` is the typed view the engine uses)."""
    # TOML carries no types: the record says what the shipped file holds (every value
    # is read through rules(), which the game's tests use throughout)
    return cast("ElberethTables", tables("elbereth"))


# -- the rulebook's numbers, typed ------------------------------------------------------
class Foe(NamedTuple):
    """An enemy or a boss: its strength, the other names it goes by, its bribe (a
    boss's price: an item, ``protective`` or ``coin``) and the wins in a row it takes."""

    strength: int
    aliases: tuple[str, ...] = ()
    bribe: str | None = None
    wins: int = 1


class Rules(NamedTuple):
    """Every number and name of ``rulebook/elbereth.tables.toml``, read once."""

    floors: int
    others: int  # floor 1's cards besides its key holder and the down stairs
    step: int  # cards removed unseen at each descent
    counts: dict[str, int]  # the deck, card by card
    enemies: dict[str, Foe]
    bosses: dict[str, Foe]
    offensive: tuple[str, ...]
    protective: tuple[str, ...]
    start: int  # pieces of equipment chosen at the start
    boost: int  # what each offensive item adds after a miss
    item_aliases: dict[str, str]
    wall_die: dict[int, str]  # die face to the item a wall damages

    @property
    def equipment(self) -> tuple[str, ...]:
        return (*self.offensive, *self.protective)


def _foes(rows: Mapping[str, FoeRow]) -> dict[str, Foe]:
    return {name: Foe(int(row["strength"]), tuple(row.get("aliases", ())),
                      None if row.get("bribe") is None else str(row["bribe"]),
                      int(row.get("wins", 1)))
            for name, row in rows.items()}


@cache
def rules() -> Rules:
    found = table()
    deck, gear = found["deck"], found["equipment"]
    return Rules(
        floors=int(deck["floors"]), others=int(deck["others"]),
        step=int(deck["removed_per_descent"]),
        counts={str(name): int(n) for name, n in deck["count"].items()},
        enemies=_foes(found["enemies"]), bosses=_foes(found["bosses"]),
        offensive=tuple(gear["offensive"]), protective=tuple(gear["protective"]),
        start=int(gear["start"]), boost=int(gear["boost"]),
        item_aliases={str(k): str(v) for k, v in gear["aliases"].items()},
        wall_die={int(face): str(item) for face, item in found["wall_die"].items()})


def equipment() -> list[str]:
    return list(rules().equipment)


# -- names ------------------------------------------------------------------------------
@cache
def _item_spellings(coin: bool) -> dict[str, str]:
    known = rules()
    aliases: dict[str, list[str]] = {}
    for alias, item in known.item_aliases.items():
        aliases.setdefault(item, []).append(alias)
    return names.spellings([*known.equipment, *(["coin"] if coin else [])], aliases)


def item_name(text: str, *, coin: bool = False) -> str:
    """An equipment name (``armor`` -> ``armour``, ``gaunt`` -> ``gauntlets``); the coin
    too when allowed."""
    typed = names.key(text)
    if typed == "key" or (typed == "coin" and not coin):
        raise NotationError(f"the {typed} is not equipment: expected one of "
                            f"{', '.join(equipment())}")
    return names.match(text, _item_spellings(coin), "item")


@cache
def _enemy_spellings(bosses: bool) -> dict[str, str]:
    """The enemies' names and aliases, the bosses' too in a bosses game."""
    known = rules()
    foes = {**known.enemies, **(known.bosses if bosses else {})}
    aliases: dict[str, list[str]] = {}
    for group in (known.enemies, known.bosses if bosses else {}):
        for name, foe in group.items():
            aliases.setdefault(name, []).extend(foe.aliases)
    return names.spellings(foes, aliases)


# -- settings -------------------------------------------------------------------
class Settings(NamedTuple):
    """A game's settings, checked and typed (``plain()`` is what the save keeps)."""

    equip: tuple[str, ...]
    bosses: bool
    short_boost: str  # a boost that falls short: "settles" the miss, or is "refused"
    bribe_from: str  # bribes take "equipped" gear only, or "any" not discarded
    bribe_key: bool  # a bribed boss gives the floor's key
    edition: int

    def plain(self) -> dict[str, object]:
        return {"equip": list(self.equip), "bosses": self.bosses,
                "short_boost": self.short_boost, "bribe_from": self.bribe_from,
                "bribe_key": self.bribe_key, "edition": self.edition}


def read_settings(raw: Mapping[str, object]) -> Settings:
    known = {"equip", "bosses", "short_boost", "bribe_from", "bribe_key", "edition"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise BadInput(f"unknown Elbereth setting {unknown[0]!r}")
    start = rules().start
    given = raw.get("equip")
    if not isinstance(given, list | tuple) or not all(isinstance(i, str) for i in given):
        raise BadInput(f"choose {start} pieces of equipment to start with: --equip ITEM ITEM "
                       f"({', '.join(equipment())})")
    chosen = tuple(item_name(str(i)) for i in given)
    if len(chosen) != start or len(set(chosen)) != start:
        raise BadInput(f"choose {start} different pieces of equipment: --equip ITEM ITEM")
    short_boost = str(raw.get("short_boost") or "settles").lower()
    if short_boost not in SHORT_BOOST:
        raise BadInput(f"--short-boost must be settles or refused, not {short_boost!r}")
    bribe_from = str(raw.get("bribe_from") or "equipped").lower()
    if bribe_from not in BRIBE_FROM:
        raise BadInput(f"--bribe-from must be equipped or any, not {bribe_from!r}")
    flags: dict[str, bool] = {}
    for key, default in (("bosses", False), ("bribe_key", True)):
        value = raw.get(key, default)
        if not isinstance(value, bool):
            raise BadInput(f"{key} must be true or false")
        flags[key] = value
    return Settings(chosen, flags["bosses"], short_boost, bribe_from, flags["bribe_key"],
                    edition(raw))


def normalize_settings(raw: Mapping[str, object]) -> dict[str, object]:
    return read_settings(raw).plain()


def new_engine(settings: Mapping[str, object]) -> ElberethGame:
    return ElberethGame(settings)


def setup_lines(settings: Mapping[str, object]) -> list[str]:
    """What to lay out on the table before the first card, at most 40 columns a line."""
    chosen = read_settings(settings)
    known = rules()
    gear = len(known.equipment)
    deck = []
    for name, number in known.counts.items():
        if name in known.equipment:
            continue
        if name == "coin":
            deck.append(f"{gear + number} items ({gear} gear + coin)")
        elif name == "dragon" and chosen.bosses:
            deck.append("1 boss")
        else:
            deck.append(_count(number, name))
    lines = [f"One player, one {len(known.wall_die)}-sided die.",
             *_wrap(f"Inventory, face down: the {gear} equipment cards, the coin, the key.",
                    40),
             *_wrap(f"Turn up (equipped): {', '.join(chosen.equip)}.", 40),
             "Up stairs face up in front of you.",
             *_wrap(f"Dungeon deck, {sum(known.counts.values())} cards shuffled: "
                    f"{', '.join(deck)}.", 40)]
    if chosen.bosses:
        lines += _wrap(f"1 boss: drawn at random from the {len(known.bosses)} boss cards, "
                       "the dragon among them.", 40)
    lines += _wrap("Deal cards face up around the up stairs until none fit; then act.", 40)
    return lines


def _count(number: int, name: str) -> str:
    if number == 1:
        return f"the {name}"
    return f"{number} {name}" + ("" if name.endswith("s") else "s")


class Enemy(NamedTuple):
    name: str
    strength: int
    boss: bool  # the floor's key holder: the dragon, or a boss of the expansion


class Miss(NamedTuple):
    enemy: Enemy
    roll: int


# What an action's handler gives back: the canonical action and its ruling's lines.
Ruled = tuple[Action, list[str]]


# -- the game -------------------------------------------------------------------
class ElberethGame:
    def __init__(self, settings: Mapping[str, object]) -> None:
        self.config = read_settings(settings)
        self.settings = self.config.plain()
        self.bosses = self.config.bosses
        self.floor = 1
        self.removed = 0
        self.items: dict[str, str] = {
            item: EQUIPPED if item in self.config.equip else DOWN for item in equipment()}
        self.coin = COIN_DOWN
        self.key = False
        self.bosses_met: dict[str, int] = {}
        self.miss: Miss | None = None
        self.ogre_wins = 0
        self.won = False
        self.lost = False
        self.beaten_total: Counter[str] = Counter()
        # Equipment not discarded (the hero's life) after each action, first entry: before any.
        self.life_trail: list[int] = [len(self.left())]
        self._new_floor()

    def _new_floor(self) -> None:
        self.beaten: Counter[str] = Counter()
        self.walls = 0
        self.picked: list[str] = []
        self.stairs = False
        self.shops = 0  # the deck holds two shop cards; both may turn up on one floor
        self.floor_boss: str | None = None
        self.boss_down = False

    # -- derived -------------------------------------------------------------------
    @property
    def outcome(self) -> str:
        if self.won:
            return "won"
        return "lost" if self.lost else "playing"

    @property
    def floors(self) -> int:
        return rules().floors

    def others(self) -> int:
        """Dungeon cards of this floor besides the dragon (or boss) and the down stairs."""
        return rules().others - rules().step * (self.floor - 1)

    def accounted(self) -> int:
        """Other cards of this floor known to be on the table: beaten, broken, taken, found."""
        return sum(self.beaten.values()) + self.walls + len(self.picked) + self.shops

    def left(self) -> list[str]:
        """Equipment not discarded for good."""
        return [item for item, state in self.items.items() if state != DISCARDED]

    def equipped(self, group: str | None = None) -> list[str]:
        known = rules()
        group_names = {"offensive": known.offensive, "protective": known.protective}
        chosen = group_names[group] if group else known.equipment
        return [item for item in chosen if self.items[item] == EQUIPPED]

    # -- the action language ------------------------------------------------------
    def apply(self, action: Action | str) -> Applied:
        value: Action = GRAMMAR.parse(action) if isinstance(action, str) else action
        if self.outcome != "playing":
            raise RuleRefused(f"the game is over ({self.outcome})", R_END)
        match value:
            case Attack():
                canonical, lines = self._do_attack(value)
            case Boost():
                canonical, lines = self._do_boost(value)
            case Block():
                canonical, lines = self._do_block(value)
            case Wound():
                canonical, lines = self._do_wound(value)
            case Bribe():
                canonical, lines = self._do_bribe(value)
            case Pickup():
                canonical, lines = self._do_pickup(value)
            case BreakWall():
                canonical, lines = self._do_break_wall(value)
            case Found():
                canonical, lines = self._do_found(value)
            case Shop():
                canonical, lines = self._do_shop(value)
            case Descend():
                canonical, lines = self._do_descend()
            case _:
                raise BadInput(f"{value!r} is not an Elbereth action")
        self.life_trail.append(len(self.left()))
        return Applied(GRAMMAR.text(canonical), tuple(lines))

    def _refuse_if_missed(self, what: str) -> None:
        if self.miss is not None:
            raise RuleRefused(f"cannot {what} now: settle the miss against the "
                              f"{self.miss.enemy.name} first ({self._settle_hint()})", R_MISS)

    def _check_room(self, what: str, kind: str) -> None:
        """One more 'other' card of this kind fits this floor's share of the deck."""
        left = self.others()
        if self.accounted() + 1 > left:
            shown = "no cards" if left == 0 else f"only {left} cards"
            raise RuleRefused(f"floor {self.floor} holds {shown} besides the "
                              f"{self._boss_word()} and the down stairs, all accounted for: "
                              f"no {what}", R_DECK)
        count = rules().counts[kind]
        have = {"wall": self.walls, "shop": self.shops}.get(kind, self.beaten[kind])
        if kind in equipment() or kind == "coin":
            have = self.picked.count(kind)
        if have + 1 > count:
            raise RuleRefused(f"the deck has {count} {kind} card{'' if count == 1 else 's'}: "
                              f"{have} on this floor already", R_DECK)

    def _boss_word(self) -> str:
        return "boss" if self.bosses else "dragon"

    # -- attacks --------------------------------------------------------------------
    def enemy(self, text: str) -> Enemy:
        """An enemy by name (any case, plural, a unique prefix) or by strength."""
        key = " ".join(text.lower().replace("-", " ").split())
        known = rules()
        strength = whole_or_none(key)
        if strength is not None:
            found = [Enemy(n, e.strength, n == "dragon") for n, e in known.enemies.items()
                     if e.strength == strength]
            if self.bosses:
                found = [e for e in found if e.name != "dragon"]
                found += [Enemy(n, b.strength, True) for n, b in known.bosses.items()
                          if b.strength == strength
                          and (self.floor_boss is None or n == self.floor_boss)
                          and self.bosses_met.get(n, self.floor) == self.floor]
            if len(found) == 1:
                return found[0]
            if not found:
                each = ", ".join(f"{n} {e.strength}" for n, e in known.enemies.items())
                raise NotationError(f"no enemy has strength {key}: {each}")
            shown = " or ".join(e.name for e in found)
            raise BadInput(f"strength {key} could be {shown}: name the enemy")
        here = _enemy_spellings(self.bosses)
        every = _enemy_spellings(True)
        boss = names.candidates(text, every) if not names.candidates(text, here) else []
        if len(boss) == 1:  # a boss named in a game without them
            raise RuleRefused(f"the {boss[0]} comes with the bosses expansion "
                              "(new --bosses)", R_BOSS)
        strengths = [e.strength for e in known.enemies.values()]
        listed = [*dict.fromkeys(here.values()),
                  f"or a strength {min(strengths)}-{max(strengths)}"]
        name = names.match(text, here, "enemy", listed)
        if self.bosses and name in known.bosses:
            return Enemy(name, known.bosses[name].strength, True)
        return Enemy(name, known.enemies[name].strength, name == "dragon")

    def _check_boss(self, boss: str) -> None:
        if self.floor_boss is not None and self.floor_boss != boss:
            raise RuleRefused(f"floor {self.floor}'s {self._boss_word()} is the "
                              f"{self.floor_boss}, not the {boss}", R_BOSS)
        if self.boss_down:
            raise RuleRefused(f"the {boss} of floor {self.floor} is beaten already", R_ATTACK)
        met = self.bosses_met.get(boss)
        if self.bosses and met is not None and met != self.floor:
            raise RuleRefused(f"the {boss} was met on floor {met}: each boss comes once a game",
                              R_BOSS)

    def _meet(self, enemy: Enemy) -> None:
        if enemy.boss:
            self._check_boss(enemy.name)
        else:
            self._check_room(f"{enemy.name} can be here", enemy.name)

    def _do_attack(self, action: Attack) -> Ruled:
        enemy = self.enemy(action.enemy)
        roll = _die(action.roll)
        self._refuse_if_missed("attack")
        self._meet(enemy)
        lines: list[str] = []
        if self.ogre_wins and enemy.name != "ogre":
            self.ogre_wins = 0
            lines.append("the ogre's streak is broken: he needs two wins in a row again")
        if enemy.boss:
            self.floor_boss = enemy.name
            if self.bosses:
                self.bosses_met[enemy.name] = self.floor
        if roll >= enemy.strength:
            lines.append(f"roll {roll} >= {enemy.name} {enemy.strength}: success")
            lines += self._beat(enemy)
        else:
            lines += self._missed(enemy, roll)
        return Attack(enemy.name, roll), lines

    def _missed(self, enemy: Enemy, roll: int) -> list[str]:
        lines = [f"roll {roll} < {enemy.name} {enemy.strength}: miss, the {enemy.name} stays"]
        if not self.left():
            self.lost = True
            lines.append("no equipment is left to discard: you lose")
            return lines
        self.miss = Miss(enemy, roll)
        lines.append(f"settle it: {self._settle_hint()}")
        return lines

    def _settle_hint(self) -> str:
        options = []
        if self.equipped("offensive"):
            options.append(f"'boost {' '.join(self.equipped('offensive'))}' (+1 each)")
        if self.equipped("protective"):
            options.append(f"'block {'|'.join(self.equipped('protective'))}'")
        options.append(f"'wound ITEM' ({len(self.left())} not discarded)")
        return ", ".join(options[:-1]) + (" or " if len(options) > 1 else "") + options[-1]

    def _beat(self, enemy: Enemy) -> list[str]:
        if enemy.name == "ogre":
            wins = rules().bosses["ogre"].wins
            self.ogre_wins += 1
            if self.ogre_wins < wins:
                return [f"the ogre loses a head ({self.ogre_wins} of {wins}): beat him again "
                        "with your next attack"]
            self.ogre_wins = 0
        self.beaten_total[enemy.name] += 1
        if not enemy.boss:
            self.beaten[enemy.name] += 1
            return [f"the {enemy.name} is beaten; explore what opens up"]
        self.boss_down = True
        self.key = True
        return [f"the {enemy.name} is beaten: you take the key of floor {self.floor}"]

    def _do_boost(self, action: Boost) -> Ruled:
        if not action.items:
            raise BadInput(f"usage: {GRAMMAR.verbs['boost'].usage_line()}")
        items = tuple(item_name(a) for a in action.items)
        if len(set(items)) != len(items):
            raise BadInput("each item boosts once")
        miss = self._need_miss("boost")
        for item in items:
            if item not in rules().offensive:
                raise RuleRefused(f"the {item} is protective: only the sword, staff and bow "
                                  "boost an attack", R_BOOST)
            if self.items[item] != EQUIPPED:
                raise RuleRefused(f"the {item} is {self.items[item]}, not equipped", R_BOOST)
        step = rules().boost
        total = miss.roll + step * len(items)
        enemy = miss.enemy
        sums = f"roll {miss.roll} + {step * len(items)} ({', '.join(items)})"
        if total < enemy.strength and self.config.short_boost == "refused":
            raise RuleRefused(f"{sums} = {total} < {enemy.name} {enemy.strength}: not enough "
                              "(this game refuses a boost that falls short)", R_BOOST)
        for item in items:
            self.items[item] = DOWN
        spent = f"{', '.join(items)} turned face down"
        if total >= enemy.strength:
            self.miss = None
            lines = [f"{sums} = {total} >= {enemy.name} {enemy.strength}: success; {spent}"]
            lines += self._beat(enemy)
        else:
            lines = [f"{sums} = {total} < {enemy.name} {enemy.strength}: still a miss; "
                     f"{spent}, the miss is settled and the {enemy.name} stays"]
            lines += self._settled(miss)
        return Boost(items), lines

    def _settled(self, miss: Miss) -> list[str]:
        """A miss settled without success: the ogre's streak of wins is broken."""
        self.miss = None
        if miss.enemy.name == "ogre" and self.ogre_wins:
            self.ogre_wins = 0
            return ["the ogre's streak is broken: he needs two wins in a row again"]
        return []

    def _need_miss(self, verb: str) -> Miss:
        if self.miss is None:
            raise RuleRefused(f"'{verb}' answers a missed attack, and none is waiting", R_MISS)
        return self.miss

    def _do_block(self, action: Block) -> Ruled:
        item = item_name(action.item)
        miss = self._need_miss("block")
        if item not in rules().protective:
            raise RuleRefused(f"the {item} does not protect: block with the armour, helm or "
                              "gauntlets", R_BLOCK)
        if self.items[item] != EQUIPPED:
            raise RuleRefused(f"the {item} is {self.items[item]}, not equipped", R_BLOCK)
        self.items[item] = DOWN
        return Block(item), [
            f"blocked with the {item}, now face down; the {miss.enemy.name} stays",
            *self._settled(miss)]

    def _do_wound(self, action: Wound) -> Ruled:
        item = item_name(action.item)
        miss = self._need_miss("wound")
        if self.items[item] == DISCARDED:
            raise RuleRefused(f"the {item} is discarded already: choose one of "
                              f"{', '.join(self.left())}", R_WOUND)
        self.items[item] = DISCARDED
        left = len(self.left())
        return Wound(item), [
            f"hurt: the {item} discarded for good ({left} equipment left); "
            f"the {miss.enemy.name} stays", *self._settled(miss)]

    def _do_bribe(self, action: Bribe) -> Ruled:
        if not self.bosses:
            raise RuleRefused("bribes come with the bosses expansion (new --bosses)", R_BOSS)
        enemy = self.enemy(action.boss)
        if not enemy.boss:
            raise RuleRefused(f"the {enemy.name} takes no bribe: only bosses do", R_BRIBE)
        wanted = rules().bosses[enemy.name].bribe
        if wanted is None:
            raise RuleRefused(f"the {enemy.name} takes no bribe: fight him", R_BRIBE)
        self._refuse_if_missed("bribe")
        self._check_boss(enemy.name)
        item = self._bribe_item(enemy.name, wanted, action.item)
        self.floor_boss = enemy.name
        self.bosses_met[enemy.name] = self.floor
        self.boss_down = True
        self.ogre_wins = 0
        self.beaten_total[enemy.name] += 1
        if item == "coin":
            self.coin = COIN_GONE
        else:
            self.items[item] = DISCARDED
        lines = [f"the {enemy.name} takes your {item} for good and lets you pass"]
        if self.config.bribe_key:
            self.key = True
            lines.append(f"you take the key of floor {self.floor}")
        else:
            lines.append("no key from a bribe in this game (--no-bribe-key)")
        return Bribe(enemy.name, item), lines

    def _bribe_item(self, boss: str, wanted: str, given: str | None) -> str:
        any_state = self.config.bribe_from == "any"
        if wanted == "coin":
            if given and item_name(given, coin=True) != "coin":
                raise RuleRefused(f"the {boss} takes the coin only", R_BRIBE)
            first = not strict(self.settings)
            if first and any_state and self.coin == COIN_DOWN:
                return "coin"  # the first edition took a face-down coin (companion.editions)
            if self.coin == COIN_DOWN:  # unlike face-down gear, never yours to give
                raise RuleRefused(f"the {boss} wants the coin and yours is {self.coin}: a "
                                  "face-down coin is spent or never picked up, so not yours "
                                  "to give", R_BRIBE_COIN)
            if self.coin != COIN_UP:
                raise RuleRefused(f"the {boss} wants the coin and yours is {self.coin}",
                                  R_BRIBE)
            return "coin"
        choices = rules().protective if wanted == "protective" else (wanted,)
        usable = [i for i in choices if self.items[i] == EQUIPPED
                  or any_state and self.items[i] == DOWN]
        if given:
            item = item_name(given)
            if item not in choices:
                raise RuleRefused(f"the {boss} takes {' or '.join(choices)}, not the {item}",
                                  R_BRIBE)
            if item not in usable:
                raise RuleRefused(f"the {item} is {self.items[item]}: the {boss} is bribed "
                                  f"with {'your' if any_state else 'equipped'} gear", R_BRIBE)
            return item
        if not usable:
            need = "equipped " if not any_state else ""
            raise RuleRefused(f"the {boss} wants {need}{' or '.join(choices)} and you have "
                              "none to give: fight him", R_BRIBE)
        if len(usable) > 1:
            raise BadInput(f"name the item for the {boss}: {' or '.join(usable)}")
        return usable[0]

    # -- exploring ------------------------------------------------------------------
    def _do_pickup(self, action: Pickup) -> Ruled:
        item = item_name(action.item, coin=True)
        self._refuse_if_missed("pick up")
        state = self.coin if item == "coin" else self.items[item]
        if state in (EQUIPPED, COIN_UP):
            raise RuleRefused(f"you have the {item} already", R_PICKUP)
        if state in (DISCARDED, COIN_GONE):
            raise RuleRefused(f"the {item} is gone for good: its card cannot be turned up "
                              "again", R_PICKUP)
        self._check_room(f"{item} card", item)
        self.picked.append(item)
        if item == "coin":
            self.coin = COIN_UP
            return Pickup(item), ["coin picked up: face up, ready for a shop"]
        self.items[item] = EQUIPPED
        return Pickup(item), [f"{item} picked up and equipped"]

    def _do_break_wall(self, action: BreakWall) -> Ruled:
        roll = _die(action.roll)
        self._refuse_if_missed("break a wall")
        self._check_room("wall", "wall")
        item = rules().wall_die[roll]
        state = self.items[item]
        self.walls += 1
        head = f"roll {roll} = {item}"
        if state == EQUIPPED:
            self.items[item] = DOWN
            what = f"{item} equipped, so damaged: face down"
        elif state == DOWN:
            self.items[item] = DISCARDED
            what = f"{item} not equipped, so discarded for good"
        else:
            what = f"{item} gone already: no further loss"
        return BreakWall(roll), [f"{head}: {what}", "the wall opens; explore behind it"]

    def _do_found(self, action: Found) -> Ruled:
        what = names.match(action.what, _FOUND_SPELLINGS, "'found' card")
        self._refuse_if_missed("explore")
        if what == "stairs" and self.stairs:
            raise RuleRefused(f"the {what} of floor {self.floor} are found already", R_EXPLORE)
        if what == "shop":
            self._check_room("shop", "shop")
            self.shops += 1
            which = "a shop" if self.shops == 1 else "a second shop"
            return Found(what), [f"{which}: 'shop ITEM' buys any one equipment with the coin"]
        self.stairs = True
        hint = "'descend' when ready" if self.key else "the key is still missing"
        return Found(what), [f"the down stairs of floor {self.floor}: {hint}"]

    def _do_shop(self, action: Shop) -> Ruled:
        item = item_name(action.item)
        self._refuse_if_missed("shop")
        if not self.shops:
            raise RuleRefused(f"no shop is found on floor {self.floor} ('found shop' first)",
                              R_SHOP)
        if self.coin != COIN_UP:
            raise RuleRefused(f"the shop wants a coin and yours is {self.coin}", R_SHOP)
        if self.items[item] == EQUIPPED:
            raise RuleRefused(f"the {item} is equipped already", R_SHOP)
        if self.items[item] == DISCARDED:
            raise RuleRefused(f"the {item} is discarded for good: the shop cannot sell it",
                              R_SHOP)
        self.coin = COIN_DOWN
        self.items[item] = EQUIPPED
        return Shop(item), [f"the coin buys the {item}: equipped; coin face down"]

    def _do_descend(self) -> Ruled:
        self._refuse_if_missed("descend")
        if not self.key:
            raise RuleRefused(f"the key of floor {self.floor} is missing: beat the "
                              f"{self.floor_boss or self._boss_word()}", R_DESCEND)
        if not self.stairs:
            raise RuleRefused(f"the down stairs of floor {self.floor} are not found yet "
                              "('found stairs')", R_DESCEND)
        self.key = False
        if self.floor == self.floors:
            self.won = True
            return Descend(), [f"you leave floor {self.floor}, the last: you win!"]
        step = rules().step
        self.floor += 1
        self.removed += step
        self._new_floor()
        return Descend(), [
            f"floor {self.floor}: {step} cards removed unseen ({self.removed} in all)",
            f"dungeon deck {self._deck_text()}"]

    def _deck_text(self) -> str:
        return f"{self.others() + 2} = {self.others()} + {self._boss_word()} + down stairs"

    # -- what the player sees -------------------------------------------------------
    def _next_hint(self) -> str:
        if self.miss is not None:
            return f"settle the miss: {self._settle_hint()}"
        if self.key and self.stairs:
            return "'descend'" + (" to win" if self.floor == self.floors else "")
        need = []
        if not self.key:
            need.append(f"beat the {self.floor_boss or self._boss_word()} for the key")
        if not self.stairs:
            need.append("find the stairs ('found stairs')")
        return "explore: 'attack ENEMY ROLL', 'pickup', 'break-wall'; " + " and ".join(need)

    def near_death(self) -> str | None:
        """One line (40 columns) when a miss could soon end the game: what still saves
        you. You lose on a miss with no equipment left to discard, so a hero down to
        the last piece is one unsettled miss from that."""
        if self.outcome != "playing" or self.miss is not None or len(self.left()) > 1:
            return None
        if not self.left():
            return "Near death: no gear left; a miss loses"
        item = self.left()[0]
        if self.items[item] == EQUIPPED:
            if item in rules().offensive:
                return f"Near death: on a miss, boost {item} (+{rules().boost})"
            return f"Near death: on a miss, block {item}"
        if self.shops and self.coin == COIN_UP:
            return f"Near death: shop {item} to equip it"
        return f"Near death: equip the {item} (pickup)"

    def status(self) -> ElberethStatus:
        miss: MissStatus | None = None
        if self.miss is not None:
            miss = {"enemy": self.miss.enemy.name, "strength": self.miss.enemy.strength,
                    "roll": self.miss.roll}
        return {
            "game": KIND,
            "floor": self.floor,
            "floors": self.floors,
            "deck": self.others() + 2,
            "others": self.others(),
            "removed": self.removed,
            "equipment": dict(self.items),
            "equipped": self.equipped(),
            "coin": self.coin,
            "key": self.key,
            "stairs": self.stairs,
            "shop": self.shops > 0,
            "shops": self.shops,
            "beaten_here": dict(self.beaten),
            "walls_here": self.walls,
            "picked_here": list(self.picked),
            "floor_boss": self.floor_boss,
            "boss_beaten": self.boss_down,
            "bosses_met": dict(self.bosses_met),
            "ogre_wins": self.ogre_wins,
            "beaten_total": dict(self.beaten_total),
            "miss": miss,
            "next": self._next_hint() if self.outcome == "playing" else None,
            "outcome": self.outcome,
            "settings": self.settings,
        }

    def status_lines(self, width: int = 40) -> list[str]:
        mode = " (bosses)" if self.bosses else ""
        lines = [f"Floor {self.floor} of {self.floors}{mode}"]
        lines += _wrap(f"Deck {self._deck_text()}", width)
        lines.append(f"Removed unseen: {self.removed}")
        for label, state in (("Equipped", EQUIPPED), ("Face down", DOWN),
                             ("Discarded", DISCARDED)):
            held = [i for i, s in self.items.items() if s == state]
            if held or state == EQUIPPED:
                held = held or ["none"]
                lines += _wrap(f"{label}: {', '.join(held)}", width)
        lines.append(f"Coin: {self.coin}  Key: {'yes' if self.key else 'no'}")
        lines.append(f"Stairs: {'found' if self.stairs else 'not found'}  "
                     f"Shop: {('found', 'two found')[self.shops - 1] if self.shops else 'no'}")
        beaten = [f"{n} {c}" for n, c in self.beaten.items()]
        if self.walls:
            beaten.append(f"walls {self.walls}")
        if beaten:
            lines += _wrap(f"This floor: {', '.join(beaten)}", width)
        if self.floor_boss is not None:
            state = "beaten" if self.boss_down else "waiting"
            if self.floor_boss == "ogre" and self.ogre_wins and not self.boss_down:
                state = f"{self.ogre_wins} of {rules().bosses['ogre'].wins} wins"
            lines += _wrap(f"Boss: {self.floor_boss}, {state}", width)
        if self.miss is not None:
            lines += _wrap(f"Miss: roll {self.miss.roll} vs {self.miss.enemy.name} "
                           f"{self.miss.enemy.strength}", width)
        danger = self.near_death()
        if danger is not None:
            lines += _wrap(danger, width)
        if self.outcome == "playing":
            lines += _wrap(f"Next: {self._next_hint()}", width)
        else:
            lines.append("You won!" if self.won else "You lost.")
        return lines

    def prompt(self) -> str:
        gear = self.equipped()
        parts = [f"F{self.floor}", f"gear {len(gear)}" + (f" ({' '.join(gear)})" if gear else "")]
        if self.coin == COIN_UP:
            parts.append("coin")
        if self.key:
            parts.append("key")
        if self.miss is not None:
            parts.append(f"miss vs {self.miss.enemy.name}")
        text = " | ".join(parts)
        return text + ("" if self.outcome == "playing" else f" [{self.outcome}]")

    # -- the cached state -----------------------------------------------------------
    def state_data(self) -> dict[str, object]:
        """Everything an action changes, as plain values (``engine_from_data`` reads it);
        the settings and the tables are not in it. A miss is its enemy's name and roll."""
        miss = None if self.miss is None else (self.miss.enemy.name, self.miss.roll)
        return {
            "floor": self.floor, "removed": self.removed, "items": dict(self.items),
            "coin": self.coin, "key": self.key, "bosses_met": dict(self.bosses_met),
            "miss": miss, "ogre_wins": self.ogre_wins, "won": self.won, "lost": self.lost,
            "beaten_total": dict(self.beaten_total), "life_trail": list(self.life_trail),
            "beaten": dict(self.beaten), "walls": self.walls, "picked": list(self.picked),
            "stairs": self.stairs, "shops": self.shops, "floor_boss": self.floor_boss,
            "boss_down": self.boss_down}


def _die(roll: int) -> int:
    """A roll of the real die, 1 to 6 (an action value may hold any whole number)."""
    return parse_die(str(roll))


# Status lines continue four spaces in, under the item they belong to.
_wrap = partial(wrap, indent="    ")


# -- the cached state ---------------------------------------------------------------
STATE_FIELDS = ("floor", "removed", "items", "coin", "key", "bosses_met", "miss",
                "ogre_wins", "won", "lost", "beaten_total", "life_trail", "beaten", "walls",
                "picked", "stairs", "shops", "floor_boss", "boss_down")
ITEM_STATES = (EQUIPPED, DOWN, DISCARDED)
COIN_STATES = (COIN_UP, COIN_DOWN, COIN_GONE)


def engine_from_data(settings: Mapping[str, object], data: object) -> ElberethGame:
    """The game whose ``state_data()`` was ``data``, each value checked, then the
    bookkeeping the actions keep (``_check_state``); ``plain.BadState`` otherwise."""
    game = new_engine(settings)
    state = plain.record(data, STATE_FIELDS)
    known = rules()
    counts = known.counts
    items = equipment()
    common = [name for name in known.enemies if name != "dragon"]  # never a key holder
    bosses = list(known.bosses) if game.bosses else ["dragon"]
    fighters = common + bosses
    floors = game.floors

    game.floor = plain.integer(state["floor"], 1, floors)
    game.removed = plain.integer(state["removed"], 0, known.others)
    given = plain.record(state["items"], items)
    game.items = {item: plain.choice(given[item], ITEM_STATES) for item in items}
    game.coin = plain.choice(state["coin"], COIN_STATES)
    game.key = plain.flag(state["key"])
    game.bosses_met = plain.table(state["bosses_met"], lambda k: plain.choice(k, bosses),
                                  lambda v: plain.integer(v, 1, floors), len(bosses))
    miss = state["miss"]
    if miss is not None:
        name, roll = plain.fixed(miss, 2)
        enemy = game.enemy(plain.choice(name, fighters))  # as 'attack' names it
        game.miss = Miss(enemy, plain.integer(roll, 1, enemy.strength - 1))  # a miss: short
    game.ogre_wins = plain.integer(state["ogre_wins"], 0, known.bosses["ogre"].wins - 1)
    game.won = plain.flag(state["won"])
    game.lost = plain.flag(state["lost"])
    game.beaten_total = Counter(plain.table(
        state["beaten_total"], lambda k: plain.choice(k, fighters),
        lambda v: plain.integer(v, 1), len(fighters)))
    game.life_trail = plain.items(state["life_trail"],
                                  lambda v: plain.integer(v, 0, len(items)))
    game.beaten = Counter(plain.table(state["beaten"], lambda k: plain.choice(k, common),
                                      lambda v: plain.integer(v, 1), len(common)))
    game.walls = plain.integer(state["walls"], 0, counts["wall"])
    game.picked = plain.items(state["picked"], lambda v: plain.choice(v, [*items, "coin"]),
                              len(items) + 1)
    game.stairs = plain.flag(state["stairs"])
    game.shops = plain.integer(state["shops"], 0, counts["shop"])
    game.floor_boss = plain.optional(lambda v: plain.choice(v, bosses))(state["floor_boss"])
    game.boss_down = plain.flag(state["boss_down"])
    _check_state(game, common, bosses)
    return game


def _check_state(game: ElberethGame, common: list[str], bosses: list[str]) -> None:
    """What every sequence of actions keeps true; a state breaking it was never written."""
    check = plain.check
    known = rules()
    counts = known.counts
    check(game.removed == known.step * (game.floor - 1),
          "the cards removed unseen do not match the floor")
    # The floor's deck: no card counted more often than the deck holds it.
    check(game.accounted() <= game.others(), "more cards accounted for than the floor holds")
    check(all(n <= counts[name] for name, n in game.beaten.items()),
          "more enemies beaten on this floor than the deck holds")
    check(all(game.picked.count(name) <= counts[name] for name in game.picked),
          "a card picked up twice on this floor")
    check(all(game.beaten_total[name] >= n for name, n in game.beaten.items())
          and all(n <= counts[name] * game.floor for name, n in game.beaten_total.items()
                  if name in common), "the enemies beaten in all do not add up")
    # The key holders: one a floor, each boss once a game; descending took the key.
    check(not game.boss_down or game.floor_boss is not None, "a boss beaten but never met")
    check(not game.key or game.boss_down, "the key without its boss beaten")
    beats = {name: n for name, n in game.beaten_total.items() if name in bosses}
    check(sum(beats.values()) == game.floor - 1 + game.boss_down,
          "the key holders beaten do not match the floors gone down")
    if game.bosses:
        met = list(game.bosses_met.values())
        check(met == list(range(1, game.floor + (game.floor_boss is not None))),
              "the bosses met are not one for each floor reached")
        check(game.floor_boss is None or game.bosses_met.get(game.floor_boss) == game.floor,
              "this floor's boss is not met on it")
        down = {name for name, floor in game.bosses_met.items() if floor < game.floor}
        if game.boss_down and game.floor_boss is not None:
            down.add(game.floor_boss)
        check(set(beats) == down and all(n == 1 for n in beats.values()),
              "the bosses beaten are not the bosses met and left behind")
    else:
        check(not game.bosses_met, "bosses met without the bosses expansion")
    takers = [name for name, boss in known.bosses.items() if boss.bribe == "coin"]
    check(game.coin != COIN_GONE or any(name in game.beaten_total for name in takers),
          "the coin gone with no boss bribed with it")
    check(not game.ogre_wins or (
        game.floor_boss == "ogre" and not game.boss_down
        and (game.miss is None or game.miss.enemy.name == "ogre")),
          "the ogre's streak without the ogre waiting")
    # The hero's life: equipment only ever leaves for good.
    trail = game.life_trail
    check(bool(trail) and trail[0] == len(game.items) and trail[-1] == len(game.left())
          and trail == sorted(trail, reverse=True), "the life trail does not match the gear")
    if game.miss is not None:
        enemy = game.miss.enemy
        check(bool(game.left()) and not game.won and not game.lost,
              "a miss waiting with no equipment to settle it, or after the end")
        check(not enemy.boss or game.floor_boss == enemy.name and not game.boss_down,
              "a miss against a boss that is not this floor's, or is beaten")
    check(not (game.won and game.lost), "both won and lost")
    check(not game.won or (game.floor == game.floors and game.stairs and game.boss_down
                           and not game.key), "won before leaving the last floor")
    check(not game.lost or not game.left(), "lost with equipment left")
