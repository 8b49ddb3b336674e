"""Elbereth's state read back from plain values (``engine_from_data``): what
``ElberethGame.state_data`` wrote, each value checked, then what every sequence of
actions keeps true."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from companion import plain
from companion.elbereth.book import (
    COIN_DOWN,
    COIN_GONE,
    COIN_UP,
    DISCARDED,
    DOWN,
    EQUIPPED,
    Miss,
    equipment,
    rules,
)
from companion.elbereth.fight import enemy

if TYPE_CHECKING:
    from companion.elbereth.engine import ElberethGame

STATE_FIELDS = ("floor", "removed", "items", "coin", "key", "bosses_met", "miss",
                "ogre_wins", "won", "lost", "beaten_total", "life_trail", "beaten", "walls",
                "picked", "stairs", "shops", "floor_boss", "boss_down")
ITEM_STATES = (EQUIPPED, DOWN, DISCARDED)
COIN_STATES = (COIN_UP, COIN_DOWN, COIN_GONE)


def read_state(game: ElberethGame, data: object) -> None:
    """Give the new ``game`` the state whose ``state_data()`` was ``data``, each value
    checked, then the bookkeeping the actions keep (``_check_state``);
    ``plain.BadState`` otherwise."""
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
        foe = enemy(game, plain.choice(name, fighters))  # as 'attack' names it
        game.miss = Miss(foe, plain.integer(roll, 1, foe.strength - 1))  # a miss: short
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
