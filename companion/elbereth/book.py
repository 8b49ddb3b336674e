"""Elbereth's rulebook, typed: the tables' numbers and names (``table()``), the names
players type for items and enemies, a game's settings and its setup lines."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, cast

from companion import names
from companion.editions import edition
from companion.errors import BadInput, NotationError, RuleRefused
from companion.numbers import choice, flag, whole_or_none
from companion.resources import tables
from companion.text import wrap
from companion.values import Value

if TYPE_CHECKING:
    from typing import NotRequired, TypedDict

    from companion.elbereth.engine import ElberethGame

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


SHORT_BOOST = ("settles", "refused")
BRIBE_FROM = ("equipped", "any")

EQUIPPED = "equipped"
DOWN = "face down"
DISCARDED = "discarded"
COIN_UP, COIN_DOWN, COIN_GONE = "face up", "face down", "gone"

R_BOSS = "elbereth.bosses"  # named by refusals (the verbs' own are in play)


def table() -> ElberethTables:
    """The rulebook's tables as read: every number and name the game uses."""
    # TOML carries no types: the record says what the shipped file holds (the game's
    # tests read every value through it)
    return cast("ElberethTables", tables("elbereth"))


def equipment() -> tuple[str, ...]:
    """Every piece of equipment, the offensive ones first."""
    gear = table()["equipment"]
    return (*gear["offensive"], *gear["protective"])


# -- names ------------------------------------------------------------------------------
@cache
def _item_spellings(coin: bool) -> dict[str, str]:
    aliases: dict[str, list[str]] = {}
    for alias, item in table()["equipment"]["aliases"].items():
        aliases.setdefault(item, []).append(alias)
    return names.spellings([*equipment(), *(["coin"] if coin else [])], aliases)


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
    known = table()
    aliases: dict[str, list[str]] = {}  # by name (the dragon is an enemy and a boss)
    for group in (known["enemies"], known["bosses"] if bosses else {}):
        for name, foe in group.items():
            aliases.setdefault(name, []).extend(foe.get("aliases", ()))
    return names.spellings(aliases, aliases)


def enemy(game: ElberethGame, text: str) -> Enemy:
    """An enemy by name (any case, plural, a unique prefix) or by strength."""
    key = " ".join(text.lower().replace("-", " ").split())
    enemies, bosses = table()["enemies"], table()["bosses"]
    strength = whole_or_none(key)
    if strength is not None:
        found = [Enemy(n, e["strength"], n == "dragon") for n, e in enemies.items()
                 if e["strength"] == strength]
        if game.bosses:
            found = [e for e in found if e.name != "dragon"]
            found += [Enemy(n, b["strength"], True) for n, b in bosses.items()
                      if b["strength"] == strength
                      and (game.floor_boss is None or n == game.floor_boss)
                      and game.bosses_met.get(n, game.floor) == game.floor]
        if len(found) == 1:
            return found[0]
        if not found:
            each = ", ".join(f"{n} {e['strength']}" for n, e in enemies.items())
            raise NotationError(f"no enemy has strength {key}: {each}")
        shown = " or ".join(e.name for e in found)
        raise BadInput(f"strength {key} could be {shown}: name the enemy")
    here = _enemy_spellings(game.bosses)
    every = _enemy_spellings(True)
    boss = names.candidates(text, every) if not names.candidates(text, here) else []
    if len(boss) == 1:  # a boss named in a game without them
        raise RuleRefused(f"the {boss[0]} comes with the bosses expansion "
                          "(new --bosses)", R_BOSS)
    strengths = [e["strength"] for e in enemies.values()]
    listed = [*dict.fromkeys(here.values()),
              f"or a strength {min(strengths)}-{max(strengths)}"]
    name = names.match(text, here, "enemy", listed)
    if game.bosses and name in bosses:
        return Enemy(name, bosses[name]["strength"], True)
    return Enemy(name, enemies[name]["strength"], name == "dragon")


# -- settings -------------------------------------------------------------------
class Settings(Value):
    """A game's settings, checked and typed (``plain()`` is what the save keeps)."""

    equip: tuple[str, ...]
    bosses: bool
    short_boost: str  # a boost that falls short: "settles" the miss, or is "refused"
    bribe_from: str  # bribes take "equipped" gear only, or "any" not discarded
    bribe_key: bool  # a bribed boss gives the floor's key
    edition: int

    def plain(self) -> dict[str, object]:
        return {**dict(zip(self._fields, self, strict=True)), "equip": list(self.equip)}


def read_settings(raw: Mapping[str, object]) -> Settings:
    unknown = sorted(set(raw) - set(Settings._fields))
    if unknown:
        raise BadInput(f"unknown Elbereth setting {unknown[0]!r}")
    start = table()["equipment"]["start"]
    given = raw.get("equip")
    if not isinstance(given, list | tuple) or not all(isinstance(i, str) for i in given):
        raise BadInput(f"choose {start} pieces of equipment to start with: --equip ITEM ITEM "
                       f"({', '.join(equipment())})")
    chosen = tuple(item_name(str(i)) for i in given)
    if len(chosen) != start or len(set(chosen)) != start:
        raise BadInput(f"choose {start} different pieces of equipment: --equip ITEM ITEM")
    short_boost = choice(raw, "short_boost", SHORT_BOOST)
    bribe_from = choice(raw, "bribe_from", BRIBE_FROM)
    return Settings(chosen, flag(raw, "bosses", False), short_boost, bribe_from,
                    flag(raw, "bribe_key", True), edition(raw))


def normalize_settings(raw: Mapping[str, object]) -> dict[str, object]:
    return read_settings(raw).plain()


def setup_lines(settings: Mapping[str, object]) -> list[str]:
    """What to lay out on the table before the first card, at most 40 columns a line."""
    chosen = read_settings(settings)
    known = table()
    gear = len(equipment())
    deck = []
    for name, number in known["deck"]["count"].items():
        if name == "coin":
            deck.append(f"{gear + number} items ({gear} gear + coin)")
        elif name == "dragon" and chosen.bosses:
            deck.append("1 boss")
        elif name not in equipment():
            deck.append(f"the {name}" if number == 1
                        else f"{number} {name}" + ("" if name.endswith("s") else "s"))
    said = [f"One player, one {len(known['wall_die'])}-sided die.",
            f"Inventory, face down: the {gear} equipment cards, the coin, the key.",
            f"Turn up (equipped): {', '.join(chosen.equip)}.",
            "Up stairs face up in front of you.",
            f"Dungeon deck, {sum(known['deck']['count'].values())} cards shuffled: "
            f"{', '.join(deck)}."]
    if chosen.bosses:
        said.append(f"1 boss: drawn at random from the {len(known['bosses'])} boss cards, "
                    "the dragon among them.")
    said.append("Deal cards face up around the up stairs until none fit; then act.")
    return [part for line in said for part in wrap(line, 40)]


class Enemy(Value):
    name: str
    strength: int
    boss: bool  # the floor's key holder: the dragon, or a boss of the expansion


class Miss(Value):
    enemy: Enemy
    roll: int
