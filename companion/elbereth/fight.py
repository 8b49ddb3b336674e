"""Fights: an attack, the choice after a miss (boost, block, wound) and a boss's bribe.

Each verb is a pure check that raises the refusal with its rule id and changes
nothing (``check_attack``...: they give a plan), then the change that plan makes.
Equipment changes state only through ``ElberethGame.set_item``, the coin through
``set_coin``, the floor's cards through ``account``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from companion import names
from companion.dice import parse_die
from companion.editions import strict
from companion.elbereth.book import (
    COIN_DOWN,
    COIN_GONE,
    COIN_UP,
    DISCARDED,
    DOWN,
    EQUIPPED,
    R_ATTACK,
    R_BLOCK,
    R_BOOST,
    R_BOSS,
    R_BRIBE,
    R_BRIBE_COIN,
    R_MISS,
    R_WOUND,
    Enemy,
    Miss,
    _enemy_spellings,
    item_name,
    rules,
)
from companion.elbereth.grammar import GRAMMAR, Attack, Block, Boost, Bribe, Wound
from companion.elbereth.views import settle_hint
from companion.errors import BadInput, NotationError, RuleRefused
from companion.numbers import whole_or_none

if TYPE_CHECKING:
    from companion.elbereth.engine import ElberethGame, Ruled

OGRE_BROKEN = "the ogre's streak is broken: he needs two wins in a row again"


def die(roll: int) -> int:
    """A roll of the real die, 1 to 6 (an action value may hold any whole number)."""
    return parse_die(str(roll))


# -- attack ----------------------------------------------------------------------------
class AttackPlan(NamedTuple):
    enemy: Enemy
    roll: int


def check_attack(game: ElberethGame, action: Attack) -> AttackPlan:
    enemy_ = enemy(game, action.enemy)
    roll = die(action.roll)
    refuse_if_missed(game, "attack")
    meet(game, enemy_)
    return AttackPlan(enemy_, roll)


def attack(game: ElberethGame, plan: AttackPlan) -> Ruled:
    foe, roll = plan
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
    return Attack(foe.name, roll), lines


# -- after a miss: boost, block or wound --------------------------------------------------
class BoostPlan(NamedTuple):
    miss: Miss
    items: tuple[str, ...]
    total: int
    sums: str


def check_boost(game: ElberethGame, action: Boost) -> BoostPlan:
    if not action.items:
        raise BadInput(f"usage: {GRAMMAR.verbs['boost'].usage_line()}")
    items = tuple(item_name(a) for a in action.items)
    if len(set(items)) != len(items):
        raise BadInput("each item boosts once")
    miss = need_miss(game, "boost")
    for item in items:
        if item not in rules().offensive:
            raise RuleRefused(f"the {item} is protective: only the sword, staff and bow "
                              "boost an attack", R_BOOST)
        if game.items[item] != EQUIPPED:
            raise RuleRefused(f"the {item} is {game.items[item]}, not equipped", R_BOOST)
    step = rules().boost
    total = miss.roll + step * len(items)
    foe = miss.enemy
    sums = f"roll {miss.roll} + {step * len(items)} ({', '.join(items)})"
    if total < foe.strength and game.config.short_boost == "refused":
        raise RuleRefused(f"{sums} = {total} < {foe.name} {foe.strength}: not enough "
                          "(this game refuses a boost that falls short)", R_BOOST)
    return BoostPlan(miss, items, total, sums)


def boost(game: ElberethGame, plan: BoostPlan) -> Ruled:
    miss, items, total, sums = plan
    foe = miss.enemy
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
    return Boost(items), lines


class ItemPlan(NamedTuple):
    """A miss answered with one item: blocked with it, or wounded (discarded)."""

    miss: Miss
    item: str


def check_block(game: ElberethGame, action: Block) -> ItemPlan:
    item = item_name(action.item)
    miss = need_miss(game, "block")
    if item not in rules().protective:
        raise RuleRefused(f"the {item} does not protect: block with the armour, helm or "
                          "gauntlets", R_BLOCK)
    if game.items[item] != EQUIPPED:
        raise RuleRefused(f"the {item} is {game.items[item]}, not equipped", R_BLOCK)
    return ItemPlan(miss, item)


def block(game: ElberethGame, plan: ItemPlan) -> Ruled:
    miss, item = plan
    game.set_item(item, DOWN)
    return Block(item), [
        f"blocked with the {item}, now face down; the {miss.enemy.name} stays",
        *settled(game, miss)]


def check_wound(game: ElberethGame, action: Wound) -> ItemPlan:
    item = item_name(action.item)
    miss = need_miss(game, "wound")
    if game.items[item] == DISCARDED:
        raise RuleRefused(f"the {item} is discarded already: choose one of "
                          f"{', '.join(game.left())}", R_WOUND)
    return ItemPlan(miss, item)


def wound(game: ElberethGame, plan: ItemPlan) -> Ruled:
    miss, item = plan
    game.set_item(item, DISCARDED)
    left = len(game.left())
    return Wound(item), [
        f"hurt: the {item} discarded for good ({left} equipment left); "
        f"the {miss.enemy.name} stays", *settled(game, miss)]


# -- bribe (bosses expansion) ---------------------------------------------------------------
class BribePlan(NamedTuple):
    boss: str
    item: str  # a piece of equipment, or the coin


def check_bribe(game: ElberethGame, action: Bribe) -> BribePlan:
    if not game.bosses:
        raise RuleRefused("bribes come with the bosses expansion (new --bosses)", R_BOSS)
    foe = enemy(game, action.boss)
    if not foe.boss:
        raise RuleRefused(f"the {foe.name} takes no bribe: only bosses do", R_BRIBE)
    wanted = rules().bosses[foe.name].bribe
    if wanted is None:
        raise RuleRefused(f"the {foe.name} takes no bribe: fight him", R_BRIBE)
    refuse_if_missed(game, "bribe")
    check_boss(game, foe.name)
    return BribePlan(foe.name, bribe_item(game, foe.name, wanted, action.item))


def bribe(game: ElberethGame, plan: BribePlan) -> Ruled:
    boss, item = plan
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
    return Bribe(boss, item), lines


# -- what they share ---------------------------------------------------------------------
def refuse_if_missed(game: ElberethGame, what: str) -> None:
    if game.miss is not None:
        raise RuleRefused(f"cannot {what} now: settle the miss against the "
                          f"{game.miss.enemy.name} first ({settle_hint(game)})", R_MISS)


def enemy(game: ElberethGame, text: str) -> Enemy:
    """An enemy by name (any case, plural, a unique prefix) or by strength."""
    key = " ".join(text.lower().replace("-", " ").split())
    known = rules()
    strength = whole_or_none(key)
    if strength is not None:
        found = [Enemy(n, e.strength, n == "dragon") for n, e in known.enemies.items()
                 if e.strength == strength]
        if game.bosses:
            found = [e for e in found if e.name != "dragon"]
            found += [Enemy(n, b.strength, True) for n, b in known.bosses.items()
                      if b.strength == strength
                      and (game.floor_boss is None or n == game.floor_boss)
                      and game.bosses_met.get(n, game.floor) == game.floor]
        if len(found) == 1:
            return found[0]
        if not found:
            each = ", ".join(f"{n} {e.strength}" for n, e in known.enemies.items())
            raise NotationError(f"no enemy has strength {key}: {each}")
        shown = " or ".join(e.name for e in found)
        raise BadInput(f"strength {key} could be {shown}: name the enemy")
    here = _enemy_spellings(game.bosses)
    every = _enemy_spellings(True)
    boss = names.candidates(text, every) if not names.candidates(text, here) else []
    if len(boss) == 1:  # a boss named in a game without them
        raise RuleRefused(f"the {boss[0]} comes with the bosses expansion "
                          "(new --bosses)", R_BOSS)
    strengths = [e.strength for e in known.enemies.values()]
    listed = [*dict.fromkeys(here.values()),
              f"or a strength {min(strengths)}-{max(strengths)}"]
    name = names.match(text, here, "enemy", listed)
    if game.bosses and name in known.bosses:
        return Enemy(name, known.bosses[name].strength, True)
    return Enemy(name, known.enemies[name].strength, name == "dragon")


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


def meet(game: ElberethGame, enemy: Enemy) -> None:
    if enemy.boss:
        check_boss(game, enemy.name)
    else:
        game.check_room(f"{enemy.name} can be here", enemy.name)


def missed(game: ElberethGame, enemy: Enemy, roll: int) -> list[str]:
    lines = [f"roll {roll} < {enemy.name} {enemy.strength}: miss, the {enemy.name} stays"]
    if not game.left():
        game.lost = True
        lines.append("no equipment is left to discard: you lose")
        return lines
    game.miss = Miss(enemy, roll)
    lines.append(f"settle it: {settle_hint(game)}")
    return lines


def beat(game: ElberethGame, enemy: Enemy) -> list[str]:
    if enemy.name == "ogre":
        wins = rules().bosses["ogre"].wins
        game.ogre_wins += 1
        if game.ogre_wins < wins:
            return [f"the ogre loses a head ({game.ogre_wins} of {wins}): beat him again "
                    "with your next attack"]
        game.ogre_wins = 0
    game.beaten_total[enemy.name] += 1
    if not enemy.boss:
        game.account(enemy.name)
        return [f"the {enemy.name} is beaten; explore what opens up"]
    game.boss_down = True
    game.key = True
    return [f"the {enemy.name} is beaten: you take the key of floor {game.floor}"]


def settled(game: ElberethGame, miss: Miss) -> list[str]:
    """A miss settled without success: the ogre's streak of wins is broken."""
    game.miss = None
    if miss.enemy.name == "ogre" and game.ogre_wins:
        game.ogre_wins = 0
        return [OGRE_BROKEN]
    return []


def need_miss(game: ElberethGame, verb: str) -> Miss:
    if game.miss is None:
        raise RuleRefused(f"'{verb}' answers a missed attack, and none is waiting", R_MISS)
    return game.miss


def bribe_item(game: ElberethGame, boss: str, wanted: str, given: str | None) -> str:
    any_state = game.config.bribe_from == "any"
    if wanted == "coin":
        if given and item_name(given, coin=True) != "coin":
            raise RuleRefused(f"the {boss} takes the coin only", R_BRIBE)
        first = not strict(game.settings)
        if first and any_state and game.coin == COIN_DOWN:
            return "coin"  # the first edition took a face-down coin (companion.editions)
        if game.coin == COIN_DOWN:  # unlike face-down gear, never yours to give
            raise RuleRefused(f"the {boss} wants the coin and yours is {game.coin}: a "
                              "face-down coin is spent or never picked up, so not yours "
                              "to give", R_BRIBE_COIN)
        if game.coin != COIN_UP:
            raise RuleRefused(f"the {boss} wants the coin and yours is {game.coin}",
                              R_BRIBE)
        return "coin"
    choices = rules().protective if wanted == "protective" else (wanted,)
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

