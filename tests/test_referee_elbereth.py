"""Elbereth refereed: the real dungeon deck shuffled floor by floor, a real die, checks.

Each floor's deck is the cards still in the game plus the floor's dragon (or boss) and
the down stairs; seven cards leave at each descent. The referee turns cards up and acts
on them at random: attacks, misses settled every way, walls, pickups, shops, bribes.
After every step: each equipment card is in one state, the floor's cards accounted for
never exceed what its deck holds, the outcome is final, refusals change nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.elbereth.engine import (
    COIN_UP,
    DISCARDED,
    DOWN,
    EQUIPPED,
    ElberethGame,
    equipment,
    new_engine,
    table,
)
from companion.game import Engine
from tests.plays import refusals_change_nothing
from tests.referee import Run, refereed

ENEMIES = ("rat", "spider", "snake")


def check(engine: Engine) -> None:
    game = engine
    assert isinstance(game, ElberethGame)
    assert set(game.items) == set(equipment())
    assert all(state in (EQUIPPED, DOWN, DISCARDED) for state in game.items.values())
    assert 0 <= game.accounted() <= game.others(), (game.accounted(), game.others())
    counts = table()["deck"]["count"]
    for name, beaten in game.beaten.items():
        assert beaten <= counts[name]
    assert game.walls <= counts["wall"] and game.shops <= counts["shop"]
    assert game.removed == int(table()["deck"]["removed_per_descent"]) * (game.floor - 1)
    assert len(set(game.bosses_met)) == len(game.bosses_met)
    assert not (game.won and game.lost)
    if game.lost:
        assert not game.left()


class Dungeon:
    """The real cards: what is still in the game, this floor's deck, what lies face up."""

    def __init__(self, run: Run, game: ElberethGame) -> None:
        counts = table()["deck"]["count"]
        self.rng = run.rng
        self.others = [name for name in (*ENEMIES, "wall", "shop", *equipment(), "coin")
                       for _ in range(int(counts[name]))]
        bosses = list(table()["bosses"]) if game.bosses else []
        self.rng.shuffle(bosses)
        self.bosses = bosses
        self.floor = 0
        self.start: list[str] = []  # this floor's deck as dealt
        self.deck: list[str] = []
        self.up: list[str] = []  # turned up and not dealt with yet
        self.done: list[str] = []  # dealt with by an accepted action: the engine counts them
        self.lying: list[str] = []  # items already held or gone, left where they lie

    def new_floor(self, game: ElberethGame) -> None:
        if self.floor:
            step = int(table()["deck"]["removed_per_descent"])
            self.rng.shuffle(self.others)
            del self.others[:step]  # removed unseen
        self.floor = game.floor
        boss = self.bosses.pop() if self.bosses else "dragon"
        self.deck = [*self.others, boss, "stairs"]
        self.rng.shuffle(self.deck)
        self.start = list(self.deck)
        self.up, self.done, self.lying = [], [], []

    def dealt(self, card: str) -> None:
        """A card turned up and dealt with: beaten, broken, picked up, bribed."""
        self.up.remove(card)
        self.done.append(card)


def conserved(run: Run) -> None:
    """Each card of this floor's deck in exactly one place (face down, turned up, dealt
    with, left lying), and the cards dealt with exactly those the engine counts."""
    game, cards = run.engine, run.model
    assert isinstance(game, ElberethGame)
    if cards is None or cards.floor != game.floor:
        return  # just gone down: the next step deals the new floor
    places = [*cards.deck, *cards.up, *cards.done, *cards.lying]
    assert Counter(places) == Counter(cards.start), (places, cards.start)
    done = Counter(cards.done)
    assert {name: done[name] for name in ENEMIES if done[name]} == \
        {name: n for name, n in game.beaten.items() if n}, (done, game.beaten)
    assert (done["wall"], done["shop"]) == (game.walls, game.shops), done
    assert Counter(game.picked) == Counter(card for card in cards.done
                                           if card in game.items or card == "coin")
    assert game.stairs == ("stairs" in done)
    boss = next(card for card in cards.start if card == "dragon" or card in table()["bosses"])
    assert game.boss_down == (boss in done), (boss, done)
    REACHED["cards conserved"] += 1


def dungeon(run: Run, game: ElberethGame) -> Dungeon:
    found: Dungeon | None = run.model
    if found is None:
        found = run.model = Dungeon(run, game)
    if found.floor != game.floor:
        found.new_floor(game)
    return found


REACHED: Counter[str] = Counter()
"""The situations the referee made on purpose, so a test can tell they were reached."""


def step(run: Run) -> bool:
    """One move, then each card of the floor in one place (after refusals too)."""
    more = play_step(run)
    conserved(run)
    return more


def play_step(run: Run) -> bool:
    game = run.engine
    assert isinstance(game, ElberethGame)
    rng, cards = run.rng, dungeon(run, game)
    if rng.random() < 0.07:
        illegal(run, game)
        return True
    if game.miss is not None:
        name = game.miss.enemy.name
        before = game.beaten_total[name]
        settle(run, game)
        if game.beaten_total[name] > before and name in cards.up:
            cards.dealt(name)  # a boost turned the miss into a success
        return True
    if game.key and game.stairs and rng.random() < 0.5:
        run.must_accept("descend")
        return True
    walls_only = all(card == "wall" for card in cards.up)
    if cards.deck and (walls_only and rng.random() < 0.9 or rng.random() < 0.5):
        card = cards.deck.pop()
        if card == "shop":
            run.must_accept("found shop")
            cards.done.append(card)
        elif card == "stairs":
            run.must_accept("found stairs")
            cards.done.append(card)
        else:
            cards.up.append(card)
        return True
    if not cards.up:
        return False  # nothing left to do on this floor: a stuck game ends here
    card = rng.choice(cards.up)
    if card == "wall" and len(cards.up) > 1 and rng.random() < 0.8:
        card = rng.choice(cards.up)  # walls cost gear: most are left standing
    if card in ENEMIES or card in table()["bosses"]:
        return fight(run, game, cards, card)
    if card == "wall":
        run.must_accept(f"break-wall {rng.randint(1, 6)}")
        cards.dealt(card)
        return True
    state = game.coin if card == "coin" else game.items[card]
    if state in (EQUIPPED, COIN_UP) or state in (DISCARDED, "gone"):
        cards.up.remove(card)  # already held, or gone for good: left lying
        cards.lying.append(card)
        return True
    if game.shops and game.coin == COIN_UP and card != "coin" and rng.random() < 0.3:
        run.must_accept(f"shop {card}")
        return True
    run.must_accept(f"pickup {card}")
    cards.dealt(card)
    return True


def fight(run: Run, game: ElberethGame, cards: Dungeon, enemy: str) -> bool:
    rng = run.rng
    wanted = table()["bosses"].get(enemy, {}).get("bribe") if game.bosses else None
    if wanted is not None and rng.random() < 0.4:
        if run.act(f"bribe {enemy}"):
            cards.dealt(enemy)
        return True
    roll = max(rng.randint(1, 6), rng.randint(1, 6))  # a lucky hand, to see deeper floors
    run.must_accept(f"attack {enemy} {roll}")
    if game.miss is None and not game.lost and (enemy in ENEMIES or game.boss_down):
        cards.dealt(enemy)  # beaten (the ogre only with his second head)
    return True


def settle(run: Run, game: ElberethGame) -> None:
    rng = run.rng
    offensive = game.equipped("offensive")
    protective = game.equipped("protective")
    choices = ["wound"]
    if offensive:
        choices += ["boost"] * 2
    if protective:
        choices += ["block"] * 3
    choice = rng.choice(choices)
    if choice == "boost":
        items = rng.sample(offensive, rng.randint(1, len(offensive)))
        if run.act("boost " + " ".join(items)):
            return  # a short boost may be refused (--short-boost refused)
        choice = "wound"
    if choice == "block":
        run.must_accept(f"block {rng.choice(protective)}")
        return
    run.must_accept(f"wound {rng.choice(game.left())}")


def illegal(run: Run, game: ElberethGame) -> None:
    rng = run.rng
    choices = ["fly", "found dragon", "attack rat 7"]
    if not (game.key and game.stairs) or game.miss is not None:
        choices.append("descend")
    if game.miss is None:
        choices.append("boost sword")
        held = game.equipped()
        if held:
            choices.append(f"pickup {rng.choice(held)}")
    if not game.shops or game.coin != COIN_UP:
        choices.append("shop bow")
    run.must_refuse(rng.choice(choices))


def new_settings(rng: random.Random) -> dict[str, Any]:
    return {"equip": rng.sample(equipment(), 2), "bosses": rng.random() < 0.5,
            "short_boost": rng.choice(("settles", "refused")),
            "bribe_from": rng.choice(("equipped", "any")), "bribe_key": rng.random() < 0.8}


@pytest.mark.parametrize("seed", [1, 2])
def test_elbereth_referee(seed: int, tmp_path: Path) -> None:
    refereed("elbereth", seed, tmp_path, new_settings, step, check, REACHED)


# -- a refused action changes nothing at all (issue 32): random games, every refusal ------
PROPERTY_SETTINGS = (
    {"equip": ["sword", "armour"]},
    {"equip": ["bow", "helm"], "bosses": True},
    {"equip": ["staff", "gauntlets"], "bosses": True, "short_boost": "refused",
     "bribe_from": "any", "bribe_key": False},
    {"equip": ["sword", "bow"], "bosses": True, "bribe_from": "any", "edition": 1},
)
FOES = ("rat", "spider", "snake", "dragon", "ogre", "knight", "mage", "marksman",
        "merchant", "smith", "3", "6", "goblin")
ITEMS = (*equipment(), "coin", "key", "hat")


def random_action(data: Any) -> str:
    """An action a player might type: often legal, as often not."""
    draw, some = data.draw, st.sampled_from
    verb = draw(some(("attack", "attack", "attack", "boost", "block", "wound", "bribe",
                      "pickup", "break-wall", "found", "shop", "descend")))
    if verb == "attack":
        return f"attack {draw(some(FOES))} {draw(st.integers(0, 7))}"
    if verb == "boost":
        return "boost " + " ".join(draw(st.lists(some(ITEMS), min_size=1, max_size=3)))
    if verb in ("block", "wound", "pickup", "shop"):
        return f"{verb} {draw(some(ITEMS))}"
    if verb == "bribe":
        return f"bribe {draw(some(FOES))}" + (f" {draw(some(ITEMS))}"
                                              if draw(st.booleans()) else "")
    if verb == "break-wall":
        return f"break-wall {draw(st.integers(0, 7))}"
    if verb == "found":
        return f"found {draw(some(('stairs', 'shop', 'dragon')))}"
    return "descend"


@settings(max_examples=15, deadline=None)
@given(st.data())
def test_a_refused_action_leaves_the_whole_game_as_it_was(data: Any) -> None:
    game = new_engine(data.draw(st.sampled_from(PROPERTY_SETTINGS)))
    refusals_change_nothing(game, data.draw(st.integers(20, 80)), lambda: random_action(data))
