"""Exploring a floor: an item picked up, a wall broken, the stairs or a shop found,
gear bought with the coin, the way down taken with the key.

Each verb is a pure check that raises the refusal with its rule id and changes
nothing (it gives a plan), then the change that plan makes; a floor's cards are
counted only through ``ElberethGame.account`` (checked by ``check_room``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from companion import names
from companion.elbereth.book import (
    _FOUND_SPELLINGS,
    COIN_DOWN,
    COIN_GONE,
    COIN_UP,
    DISCARDED,
    DOWN,
    EQUIPPED,
    R_DESCEND,
    R_EXPLORE,
    R_PICKUP,
    R_SHOP,
    item_name,
    rules,
)
from companion.elbereth.fight import die, refuse_if_missed
from companion.elbereth.grammar import BreakWall, Descend, Found, Pickup, Shop
from companion.elbereth.views import deck_text
from companion.errors import RuleRefused

if TYPE_CHECKING:
    from companion.elbereth.engine import ElberethGame, Ruled


def check_pickup(game: ElberethGame, action: Pickup) -> str:
    item = item_name(action.item, coin=True)
    refuse_if_missed(game, "pick up")
    state = game.coin if item == "coin" else game.items[item]
    if state in (EQUIPPED, COIN_UP):
        raise RuleRefused(f"you have the {item} already", R_PICKUP)
    if state in (DISCARDED, COIN_GONE):
        raise RuleRefused(f"the {item} is gone for good: its card cannot be turned up "
                          "again", R_PICKUP)
    game.check_room(f"{item} card", item)
    return item


def pickup(game: ElberethGame, item: str) -> Ruled:
    game.account(item)
    if item == "coin":
        game.set_coin(COIN_UP)
        return Pickup(item), ["coin picked up: face up, ready for a shop"]
    game.set_item(item, EQUIPPED)
    return Pickup(item), [f"{item} picked up and equipped"]


class WallPlan(NamedTuple):
    roll: int
    item: str  # the item the die's face damages


def check_break_wall(game: ElberethGame, action: BreakWall) -> WallPlan:
    roll = die(action.roll)
    refuse_if_missed(game, "break a wall")
    game.check_room("wall", "wall")
    return WallPlan(roll, rules().wall_die[roll])


def break_wall(game: ElberethGame, plan: WallPlan) -> Ruled:
    roll, item = plan
    state = game.items[item]
    game.account("wall")
    head = f"roll {roll} = {item}"
    if state == EQUIPPED:
        game.set_item(item, DOWN)
        what = f"{item} equipped, so damaged: face down"
    elif state == DOWN:
        game.set_item(item, DISCARDED)
        what = f"{item} not equipped, so discarded for good"
    else:
        what = f"{item} gone already: no further loss"
    return BreakWall(roll), [f"{head}: {what}", "the wall opens; explore behind it"]


def check_found(game: ElberethGame, action: Found) -> str:
    what = names.match(action.what, _FOUND_SPELLINGS, "'found' card")
    refuse_if_missed(game, "explore")
    if what == "stairs" and game.stairs:
        raise RuleRefused(f"the {what} of floor {game.floor} are found already", R_EXPLORE)
    if what == "shop":
        game.check_room("shop", "shop")
    return what


def found(game: ElberethGame, what: str) -> Ruled:
    if what == "shop":
        game.account("shop")
        which = "a shop" if game.shops == 1 else "a second shop"
        return Found(what), [f"{which}: 'shop ITEM' buys any one equipment with the coin"]
    game.stairs = True
    hint = "'descend' when ready" if game.key else "the key is still missing"
    return Found(what), [f"the down stairs of floor {game.floor}: {hint}"]


def check_shop(game: ElberethGame, action: Shop) -> str:
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
    return item


def shop(game: ElberethGame, item: str) -> Ruled:
    game.set_coin(COIN_DOWN)
    game.set_item(item, EQUIPPED)
    return Shop(item), [f"the coin buys the {item}: equipped; coin face down"]


def check_descend(game: ElberethGame, action: Descend) -> Descend:
    refuse_if_missed(game, "descend")
    if not game.key:
        raise RuleRefused(f"the key of floor {game.floor} is missing: beat the "
                          f"{game.floor_boss or game.boss_word()}", R_DESCEND)
    if not game.stairs:
        raise RuleRefused(f"the down stairs of floor {game.floor} are not found yet "
                          "('found stairs')", R_DESCEND)
    return action


def descend(game: ElberethGame, action: Descend) -> Ruled:
    game.key = False
    if game.floor == game.floors:
        game.won = True
        return Descend(), [f"you leave floor {game.floor}, the last: you win!"]
    step = rules().step
    game.floor += 1
    game.removed += step
    game.new_floor()
    return Descend(), [
        f"floor {game.floor}: {step} cards removed unseen ({game.removed} in all)",
        f"dungeon deck {deck_text(game)}"]
