"""Elbereth: the tracked game.

The player lays out the real dungeon cards and rolls a real die; the engine
keeps the equipment (equipped face up, face down, or discarded for good),
the coin and the key, the floor and the deck's counts, and rules on every
roll: fights (an attack, the choice after a miss: boost, block or wound, and a
boss's bribe) and exploring (an item picked up, a wall broken, the stairs or a shop
found, gear bought with the coin, the way down taken with the key). Actions are
values of ``companion.elbereth.grammar`` (``Attack("spider", 3)``), or their text
(``attack spider 3``, ``boost sword``, ``break-wall 5``), read once by its
``GRAMMAR``.

The game is a state record (``ElberethGame``) and its verbs: each is ruled by the
function of its name here (``break-wall``: ``break_wall``), which checks first,
raising ``RuleRefused`` with its rule id while nothing has changed, then makes the
change and says how. Each quantity with a rule changes in one place: an item's state
in ``set_item`` (the hero's life is the equipment not discarded), the coin's in
``set_coin``, the floor's cards in ``account`` (checked by ``check_room``), the floor
in ``descend``. The rulebook's tables, the names players type and the settings come
first; the hints commands show, after the verbs; the status and the prompt, last.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache, partial
from typing import TYPE_CHECKING, Literal, cast

from companion import names
from companion.editions import at_least, edition
from companion.elbereth import grammar
from companion.errors import BadInput, NotationError, RuleRefused
from companion.game import Applied, rule
from companion.numbers import choice, flag, parse_die, whole_or_none
from companion.resources import tables
from companion.text import wrap
from companion.values import Value

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


KIND = "elbereth"
TITLE = "Elbereth"
SHORT_BOOST = ("settles", "refused")
BRIBE_FROM = ("equipped", "any")

EQUIPPED = "equipped"
DOWN = "face down"
DISCARDED = "discarded"
COIN_UP, COIN_DOWN, COIN_GONE = "face up", "face down", "gone"

Ruled = tuple[grammar.Action, list[str]]
"""What a verb gives back: the canonical action and its ruling's lines."""


# Rulebook section ids named by refusals.
R_BOSS = "elbereth.bosses"
R_ATTACK = "elbereth.action.attack"
R_MISS = "elbereth.action.miss"
R_BOOST = "elbereth.miss.boost"
R_BLOCK = "elbereth.miss.block"
R_WOUND = "elbereth.miss.wound"
R_PICKUP = "elbereth.action.pickup"
R_SHOP = "elbereth.action.shop"
R_DESCEND = "elbereth.action.descend"
R_EXPLORE = "elbereth.explore"
R_BRIBE = "elbereth.bosses.bribe"
R_BRIBE_COIN = "elbereth.ruling.bribe"
R_DECK = "elbereth.setup.deck"
R_END = "elbereth.game.end"

OGRE_BROKEN = "the ogre's streak is broken: he needs two wins in a row again"
# What 'found' records, and the other words players use for it.
FOUND = {"stairs": ("down stairs", "stair"), "shop": ("shops",)}
FOUND_SPELLINGS = names.spellings(FOUND, FOUND)


# -- the rulebook ------------------------------------------------------------------
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


# -- attack ----------------------------------------------------------------------------
def attack(game: ElberethGame, action: grammar.Attack) -> Ruled:
    foe = enemy(game, action.enemy)
    roll = parse_die(str(action.roll))  # the real die, 1 to 6: a value may hold any number
    refuse_if_missed(game, "attack")
    if foe.boss:
        check_boss(game, foe.name)
    else:
        game.check_room(f"{foe.name} can be here", foe.name)
    lines: list[str] = []
    if game.ogre_wins and foe.name != "ogre":
        game.ogre_wins = 0
        lines.append(OGRE_BROKEN)
    if foe.boss:
        game.floor_boss = foe.name
        if game.bosses:
            game.bosses_met[foe.name] = game.floor
    if roll >= foe.strength:
        lines.append(f"roll {roll} >= {foe.name} {foe.strength}: success")
        lines += beat(game, foe)
    else:
        lines += missed(game, foe, roll)
    return grammar.Attack(foe.name, roll), lines


def missed(game: ElberethGame, foe: Enemy, roll: int) -> list[str]:
    lines = [f"roll {roll} < {foe.name} {foe.strength}: miss, the {foe.name} stays"]
    if not game.left():
        game.lost = True
        lines.append("no equipment is left to discard: you lose")
        return lines
    game.miss = Miss(foe, roll)
    lines.append(f"settle it: {settle_hint(game)}")
    return lines


def beat(game: ElberethGame, foe: Enemy) -> list[str]:
    if foe.name == "ogre":
        wins = table()["bosses"]["ogre"]["wins"]
        game.ogre_wins += 1
        if game.ogre_wins < wins:
            return [f"the ogre loses a head ({game.ogre_wins} of {wins}): beat him again "
                    "with your next attack"]
        game.ogre_wins = 0
    game.beaten_total[foe.name] += 1
    if not foe.boss:
        game.account(foe.name)
        return [f"the {foe.name} is beaten; explore what opens up"]
    game.boss_down = True
    game.key = True
    return [f"the {foe.name} is beaten: you take the key of floor {game.floor}"]


# -- after a miss: boost, block or wound --------------------------------------------------
def boost(game: ElberethGame, action: grammar.Boost) -> Ruled:
    items = tuple(item_name(a) for a in action.items)
    if len(set(items)) != len(items):
        raise BadInput("each item boosts once")
    miss = need_miss(game, "boost")
    for item in items:
        if item not in table()["equipment"]["offensive"]:
            raise RuleRefused(f"the {item} is protective: only the sword, staff and bow "
                              "boost an attack", R_BOOST)
        if game.items[item] != EQUIPPED:
            raise RuleRefused(f"the {item} is {game.items[item]}, not equipped", R_BOOST)
    step = table()["equipment"]["boost"]
    total = miss.roll + step * len(items)
    foe = miss.enemy
    sums = f"roll {miss.roll} + {step * len(items)} ({', '.join(items)})"
    if total < foe.strength and game.config.short_boost == "refused":
        raise RuleRefused(f"{sums} = {total} < {foe.name} {foe.strength}: not enough "
                          "(this game refuses a boost that falls short)", R_BOOST)
    for item in items:
        game.set_item(item, DOWN)
    spent = f"{', '.join(items)} turned face down"
    if total >= foe.strength:
        game.miss = None
        lines = [f"{sums} = {total} >= {foe.name} {foe.strength}: success; {spent}"]
        lines += beat(game, foe)
    else:
        lines = [f"{sums} = {total} < {foe.name} {foe.strength}: still a miss; "
                 f"{spent}, the miss is settled and the {foe.name} stays"]
        lines += settled(game, miss)
    return grammar.Boost(items), lines


def block(game: ElberethGame, action: grammar.Block) -> Ruled:
    item = item_name(action.item)
    miss = need_miss(game, "block")
    if item not in table()["equipment"]["protective"]:
        raise RuleRefused(f"the {item} does not protect: block with the armour, helm or "
                          "gauntlets", R_BLOCK)
    if game.items[item] != EQUIPPED:
        raise RuleRefused(f"the {item} is {game.items[item]}, not equipped", R_BLOCK)
    game.set_item(item, DOWN)
    return grammar.Block(item), [
        f"blocked with the {item}, now face down; the {miss.enemy.name} stays",
        *settled(game, miss)]


def wound(game: ElberethGame, action: grammar.Wound) -> Ruled:
    item = item_name(action.item)
    miss = need_miss(game, "wound")
    if game.items[item] == DISCARDED:
        raise RuleRefused(f"the {item} is discarded already: choose one of "
                          f"{', '.join(game.left())}", R_WOUND)
    game.set_item(item, DISCARDED)
    return grammar.Wound(item), [
        f"hurt: the {item} discarded for good ({len(game.left())} equipment left); "
        f"the {miss.enemy.name} stays", *settled(game, miss)]


def need_miss(game: ElberethGame, verb: str) -> Miss:
    if game.miss is None:
        raise RuleRefused(f"'{verb}' answers a missed attack, and none is waiting", R_MISS)
    return game.miss


def settled(game: ElberethGame, miss: Miss) -> list[str]:
    """A miss settled without success: the ogre's streak of wins is broken."""
    game.miss = None
    if miss.enemy.name == "ogre" and game.ogre_wins:
        game.ogre_wins = 0
        return [OGRE_BROKEN]
    return []


def refuse_if_missed(game: ElberethGame, what: str) -> None:
    if game.miss is not None:
        raise RuleRefused(f"cannot {what} now: settle the miss against the "
                          f"{game.miss.enemy.name} first ({settle_hint(game)})", R_MISS)


# -- bribe (bosses expansion) ---------------------------------------------------------------
def bribe(game: ElberethGame, action: grammar.Bribe) -> Ruled:
    if not game.bosses:
        raise RuleRefused("bribes come with the bosses expansion (new --bosses)", R_BOSS)
    foe = enemy(game, action.boss)
    boss = foe.name
    if not foe.boss:
        raise RuleRefused(f"the {boss} takes no bribe: only bosses do", R_BRIBE)
    wanted = table()["bosses"][boss].get("bribe")
    if wanted is None:
        raise RuleRefused(f"the {boss} takes no bribe: fight him", R_BRIBE)
    refuse_if_missed(game, "bribe")
    check_boss(game, boss)
    item = bribe_item(game, boss, wanted, action.item)
    game.floor_boss = boss
    game.bosses_met[boss] = game.floor
    game.boss_down = True
    game.ogre_wins = 0
    game.beaten_total[boss] += 1
    if item == "coin":
        game.set_coin(COIN_GONE)
    else:
        game.set_item(item, DISCARDED)
    lines = [f"the {boss} takes your {item} for good and lets you pass"]
    if game.config.bribe_key:
        game.key = True
        lines.append(f"you take the key of floor {game.floor}")
    else:
        lines.append("no key from a bribe in this game (--no-bribe-key)")
    return grammar.Bribe(boss, item), lines


def check_boss(game: ElberethGame, boss: str) -> None:
    if game.floor_boss is not None and game.floor_boss != boss:
        raise RuleRefused(f"floor {game.floor}'s {game.boss_word()} is the "
                          f"{game.floor_boss}, not the {boss}", R_BOSS)
    if game.boss_down:
        raise RuleRefused(f"the {boss} of floor {game.floor} is beaten already", R_ATTACK)
    met = game.bosses_met.get(boss)
    if game.bosses and met is not None and met != game.floor:
        raise RuleRefused(f"the {boss} was met on floor {met}: each boss comes once a game",
                          R_BOSS)


def bribe_item(game: ElberethGame, boss: str, wanted: str, given: str | None) -> str:
    any_state = game.config.bribe_from == "any"
    if wanted == "coin":
        if given and item_name(given, coin=True) != "coin":
            raise RuleRefused(f"the {boss} takes the coin only", R_BRIBE)
        first = not at_least(game.settings, 2)
        if game.coin == COIN_UP or first and any_state and game.coin == COIN_DOWN:
            return "coin"  # the first edition took a face-down coin (companion.editions)
        if game.coin == COIN_DOWN:  # unlike face-down gear, never yours to give
            raise RuleRefused(f"the {boss} wants the coin and yours is {game.coin}: a "
                              "face-down coin is spent or never picked up, so not yours "
                              "to give", R_BRIBE_COIN)
        raise RuleRefused(f"the {boss} wants the coin and yours is {game.coin}", R_BRIBE)
    choices = table()["equipment"]["protective"] if wanted == "protective" else (wanted,)
    usable = [i for i in choices if game.items[i] == EQUIPPED
              or any_state and game.items[i] == DOWN]
    if given:
        item = item_name(given)
        if item not in choices:
            raise RuleRefused(f"the {boss} takes {' or '.join(choices)}, not the {item}",
                              R_BRIBE)
        if item not in usable:
            raise RuleRefused(f"the {item} is {game.items[item]}: the {boss} is bribed "
                              f"with {'your' if any_state else 'equipped'} gear", R_BRIBE)
        return item
    if not usable:
        need = "equipped " if not any_state else ""
        raise RuleRefused(f"the {boss} wants {need}{' or '.join(choices)} and you have "
                          "none to give: fight him", R_BRIBE)
    if len(usable) > 1:
        raise BadInput(f"name the item for the {boss}: {' or '.join(usable)}")
    return usable[0]


# -- exploring ---------------------------------------------------------------------
def pickup(game: ElberethGame, action: grammar.Pickup) -> Ruled:
    item = item_name(action.item, coin=True)
    refuse_if_missed(game, "pick up")
    state = game.coin if item == "coin" else game.items[item]
    if state in (EQUIPPED, COIN_UP):
        raise RuleRefused(f"you have the {item} already", R_PICKUP)
    if state in (DISCARDED, COIN_GONE):
        raise RuleRefused(f"the {item} is gone for good: its card cannot be turned up "
                          "again", R_PICKUP)
    game.check_room(f"{item} card", item)
    game.account(item)
    if item == "coin":
        game.set_coin(COIN_UP)
        return grammar.Pickup(item), ["coin picked up: face up, ready for a shop"]
    game.set_item(item, EQUIPPED)
    return grammar.Pickup(item), [f"{item} picked up and equipped"]


def break_wall(game: ElberethGame, action: grammar.BreakWall) -> Ruled:
    roll = parse_die(str(action.roll))
    refuse_if_missed(game, "break a wall")
    game.check_room("wall", "wall")
    item = table()["wall_die"][str(roll)]
    state = game.items[item]
    game.account("wall")
    if state == EQUIPPED:
        game.set_item(item, DOWN)
        what = f"{item} equipped, so damaged: face down"
    elif state == DOWN:
        game.set_item(item, DISCARDED)
        what = f"{item} not equipped, so discarded for good"
    else:
        what = f"{item} gone already: no further loss"
    return grammar.BreakWall(roll), [f"roll {roll} = {item}: {what}",
                             "the wall opens; explore behind it"]


def found(game: ElberethGame, action: grammar.Found) -> Ruled:
    what = names.match(action.what, FOUND_SPELLINGS, "'found' card")
    refuse_if_missed(game, "explore")
    if what == "stairs" and game.stairs:
        raise RuleRefused(f"the {what} of floor {game.floor} are found already", R_EXPLORE)
    if what == "shop":
        game.check_room("shop", "shop")
        game.account("shop")
        which = "a shop" if game.shops == 1 else "a second shop"
        return grammar.Found(what), [f"{which}: 'shop ITEM' buys any one equipment with the coin"]
    game.stairs = True
    hint = "'descend' when ready" if game.key else "the key is still missing"
    return grammar.Found(what), [f"the down stairs of floor {game.floor}: {hint}"]


def shop(game: ElberethGame, action: grammar.Shop) -> Ruled:
    item = item_name(action.item)
    refuse_if_missed(game, "shop")
    if not game.shops:
        raise RuleRefused(f"no shop is found on floor {game.floor} ('found shop' first)",
                          R_SHOP)
    if game.coin != COIN_UP:
        raise RuleRefused(f"the shop wants a coin and yours is {game.coin}", R_SHOP)
    if game.items[item] == EQUIPPED:
        raise RuleRefused(f"the {item} is equipped already", R_SHOP)
    if game.items[item] == DISCARDED:
        raise RuleRefused(f"the {item} is discarded for good: the shop cannot sell it",
                          R_SHOP)
    game.set_coin(COIN_DOWN)
    game.set_item(item, EQUIPPED)
    return grammar.Shop(item), [f"the coin buys the {item}: equipped; coin face down"]


def descend(game: ElberethGame, action: grammar.Descend) -> Ruled:
    refuse_if_missed(game, "descend")
    if not game.key:
        raise RuleRefused(f"the key of floor {game.floor} is missing: beat the "
                          f"{game.floor_boss or game.boss_word()}", R_DESCEND)
    if not game.stairs:
        raise RuleRefused(f"the down stairs of floor {game.floor} are not found yet "
                          "('found stairs')", R_DESCEND)
    game.key = False
    if game.floor == game.floors:
        game.won = True
        return grammar.Descend(), [f"you leave floor {game.floor}, the last: you win!"]
    step = table()["deck"]["removed_per_descent"]
    game.floor += 1
    game.removed += step
    game.new_floor()
    return grammar.Descend(), [
        f"floor {game.floor}: {step} cards removed unseen ({game.removed} in all)",
        f"dungeon deck {deck_text(game)}"]


# -- what commands show -----------------------------------------------------------
# Status lines continue four spaces in, under the item they belong to.
indented = partial(wrap, indent="    ")


def settle_hint(game: ElberethGame) -> str:
    options = []
    if game.equipped("offensive"):
        options.append(f"'boost {' '.join(game.equipped('offensive'))}' (+1 each)")
    if game.equipped("protective"):
        options.append(f"'block {'|'.join(game.equipped('protective'))}'")
    left = game.left()
    options.append(f"'wound {left[0]}' to lose your last item for good" if len(left) == 1
                   else f"'wound ITEM' to lose one of your {len(left)} items for good")
    return ", ".join(options[:-1]) + (" or " if len(options) > 1 else "") + options[-1]


def deck_text(game: ElberethGame) -> str:
    return f"{game.others() + 2} = {game.others()} + {game.boss_word()} + down stairs"


def next_hint(game: ElberethGame) -> str:
    if game.miss is not None:
        return f"settle the miss: {settle_hint(game)}"
    if game.key and game.stairs:
        return "'descend'" + (" to win" if game.floor == game.floors else "")
    need = []
    if not game.key:
        need.append(f"beat the {game.floor_boss or game.boss_word()} for the key")
    if not game.stairs:
        need.append("find the stairs ('found stairs')")
    return "explore: 'attack ENEMY ROLL', 'pickup', 'break-wall'; " + " and ".join(need)


def near_death(game: ElberethGame) -> str | None:
    """One line (40 columns) when a miss could soon end the game: what still saves
    you. You lose on a miss with no equipment left to discard, so a hero down to
    the last piece is one unsettled miss from that."""
    if game.outcome != "playing" or game.miss is not None or len(game.left()) > 1:
        return None
    if not game.left():
        return "Near death: no gear left; a miss loses"
    item = game.left()[0]
    if game.items[item] == EQUIPPED:
        if item in table()["equipment"]["offensive"]:
            return f"Near death: on a miss, boost {item} (+{table()['equipment']['boost']})"
        return f"Near death: on a miss, block {item}"
    if game.shops and game.coin == COIN_UP:
        return f"Near death: shop {item} to equip it"
    return f"Near death: equip the {item} (pickup)"


# -- the game -------------------------------------------------------------------
class ElberethGame:
    """The game's state record: the hero's gear, coin and key, the floor and its cards."""

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
        self.new_floor()

    def new_floor(self) -> None:
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
        return "won" if self.won else "lost" if self.lost else "playing"

    @property
    def floors(self) -> int:
        return table()["deck"]["floors"]

    def others(self) -> int:
        """Dungeon cards of this floor besides the dragon (or boss) and the down stairs."""
        return table()["deck"]["others"] - table()["deck"]["removed_per_descent"] * (self.floor - 1)

    def accounted(self) -> int:
        """Other cards of this floor known to be on the table: beaten, broken, taken, found."""
        return sum(self.beaten.values()) + self.walls + len(self.picked) + self.shops

    def left(self) -> list[str]:
        """Equipment not discarded for good."""
        return [item for item, state in self.items.items() if state != DISCARDED]

    def equipped(self, group: Literal["offensive", "protective"] | None = None) -> list[str]:
        chosen = table()["equipment"][group] if group else equipment()
        return [item for item in chosen if self.items[item] == EQUIPPED]

    def boss_word(self) -> str:
        return "boss" if self.bosses else "dragon"

    enemy = enemy  # an enemy by name (any case, plural, a unique prefix) or by strength

    # -- the action language ------------------------------------------------------
    def apply(self, action: grammar.Action | str) -> Applied:
        over = (RuleRefused(f"the game is over ({self.outcome})", R_END)
                if self.outcome != "playing" else None)
        applied = rule(self, action, grammar.GRAMMAR, __name__, over)
        self.life_trail.append(len(self.left()))
        return applied

    # -- the quantities with a rule, each changed in one place ----------------------
    def check_room(self, what: str, kind: str) -> None:
        """One more 'other' card of this kind fits this floor's share of the deck."""
        left = self.others()
        if self.accounted() + 1 > left:
            shown = "no cards" if left == 0 else f"only {left} cards"
            raise RuleRefused(f"floor {self.floor} holds {shown} besides the "
                              f"{self.boss_word()} and the down stairs, all accounted for: "
                              f"no {what}", R_DECK)
        count = table()["deck"]["count"][kind]
        if kind in self.items or kind == "coin":
            have = self.picked.count(kind)
        else:
            have = {"wall": self.walls, "shop": self.shops}.get(kind, self.beaten[kind])
        if have + 1 > count:
            raise RuleRefused(f"the deck has {count} {kind} card{'' if count == 1 else 's'}: "
                              f"{have} on this floor already", R_DECK)

    def account(self, kind: str) -> None:
        """One more 'other' card of this floor turned up (``check_room`` checked it fits):
        an enemy beaten, a wall broken, an item picked up, a shop found."""
        if kind == "wall":
            self.walls += 1
        elif kind == "shop":
            self.shops += 1
        elif kind in self.items or kind == "coin":
            self.picked.append(kind)
        else:
            self.beaten[kind] += 1

    def set_item(self, item: str, state: str) -> None:
        """A piece of equipment equipped, face down, or discarded for good (the hero's
        life is the equipment not discarded: nothing discarded comes back)."""
        assert self.items[item] != DISCARDED, item  # the checks refuse it first
        self.items[item] = state

    def set_coin(self, state: str) -> None:
        """The coin face up (picked up), face down (spent) or gone (a bribe)."""
        assert self.coin != COIN_GONE  # the checks refuse it first
        self.coin = state

    # -- what commands show -------------------------------------------------------
    def status(self) -> dict[str, object]:
        """The state as JSON holds it ('status --json'), the keys in this order."""
        miss: dict[str, object] | None = None
        if self.miss is not None:
            miss = {"enemy": self.miss.enemy.name, "strength": self.miss.enemy.strength,
                    "roll": self.miss.roll}
        return {
            "game": "elbereth",
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
            "next": next_hint(self) if self.outcome == "playing" else None,
            "outcome": self.outcome,
            "settings": self.settings,
        }

    def status_lines(self, width: int = 40) -> list[str]:
        mode = " (bosses)" if self.bosses else ""
        lines = [f"Floor {self.floor} of {self.floors}{mode}"]
        lines += indented(f"Deck {deck_text(self)}", width)
        lines.append(f"Removed unseen: {self.removed}")
        for label, state in (("Equipped", EQUIPPED), ("Face down", DOWN),
                             ("Discarded", DISCARDED)):
            held = [i for i, s in self.items.items() if s == state]
            if held or state == EQUIPPED:
                held = held or ["none"]
                lines += indented(f"{label}: {', '.join(held)}", width)
        lines.append(f"Coin: {self.coin}  Key: {'yes' if self.key else 'no'}")
        lines.append(f"Stairs: {'found' if self.stairs else 'not found'}  "
                     f"Shop: {('found', 'two found')[self.shops - 1] if self.shops else 'no'}")
        beaten = [f"{n} {c}" for n, c in self.beaten.items()]
        if self.walls:
            beaten.append(f"walls {self.walls}")
        if beaten:
            lines += indented(f"This floor: {', '.join(beaten)}", width)
        if self.floor_boss is not None:
            state = "beaten" if self.boss_down else "waiting"
            if self.floor_boss == "ogre" and self.ogre_wins and not self.boss_down:
                state = f"{self.ogre_wins} of {table()['bosses']['ogre']['wins']} wins"
            lines += indented(f"Boss: {self.floor_boss}, {state}", width)
        if self.miss is not None:
            lines += indented(f"Miss: roll {self.miss.roll} vs {self.miss.enemy.name} "
                           f"{self.miss.enemy.strength}", width)
        danger = near_death(self)
        if danger is not None:
            lines += indented(danger, width)
        if self.outcome == "playing":
            lines += indented(f"Next: {next_hint(self)}", width)
        else:
            lines.append("You won!" if self.won else "You lost.")
        return lines

    def prompt(self) -> str:
        """Short, so a typed action fits beside it in the shell at 40 columns (issue 35): the
        floor, how many items are equipped (the status names them), coin, key, a miss."""
        parts = [f"F{self.floor} gear {len(self.equipped())}"]
        if self.coin == COIN_UP:
            parts.append("coin")
        if self.key:
            parts.append("key")
        text = " ".join(parts)
        if self.miss is not None:
            text += f" | miss {self.miss.enemy.name}"
        return text + ("" if self.outcome == "playing" else f" [{self.outcome}]")


new_engine = ElberethGame  # a game from its settings (companion.game)
