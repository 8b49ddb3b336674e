"""Elbereth's cached state: every state the games reach is built back the same, field by
field, and plays on the same; a state the engine never writes is refused with BadState."""

from __future__ import annotations

import marshal
import random
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.editions import saved
from companion.elbereth.engine import (
    STATE_FIELDS,
    ElberethGame,
    engine_from_data,
    new_engine,
    normalize_settings,
)
from companion.plain import BadState
from companion.resources import resource_dir
from tests.referee import Run
from tests.statecheck import assert_round_trips, differences, rebuilt
from tests.test_referee_elbereth import check, new_settings, step

LEGACY = Path(__file__).parent / "legacy"
SAVES = [*sorted(resource_dir("examples").glob("elbereth-*.toml")),
         *sorted(LEGACY.glob("elbereth-*.toml")),
         *sorted((LEGACY / "crafted").glob("elbereth-*.toml"))]
PLAIN = {"equip": ["sword", "armour"]}
BOSSES = {"equip": ["sword", "armour"], "bosses": True}
State = dict[str, Any]


def state_after(raw: dict[str, Any], actions: list[str]) -> State:
    """The state after ``actions``, as a cache file gives it back."""
    game = new_engine(raw)
    for action in actions:
        game.apply(action)
    data: State = marshal.loads(marshal.dumps(game.state_data()))
    return data


def load(raw: dict[str, Any], data: Any) -> ElberethGame:
    return engine_from_data(normalize_settings(raw), data)


# -- every state reached comes back the same -------------------------------------------
def test_the_saves_are_found() -> None:
    assert len(SAVES) == 7


@pytest.mark.parametrize("path", SAVES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_state_of_a_saved_game_round_trips(path: Path) -> None:
    data = tomllib.loads(path.read_text())
    actions = data["actions"]
    # a save without an edition is of the first, as the store reads it
    assert assert_round_trips("elbereth", saved(data["settings"]), actions) == len(actions)


@pytest.mark.parametrize("seed", range(1, 7))
def test_refereed_games_round_trip_at_every_step(seed: int) -> None:
    rng = random.Random(seed)
    states = 0
    while states < 500:
        run = Run("elbereth", new_settings(rng), rng, check)
        while run.steps < 200 and run.engine.outcome == "playing" and step(run):
            pass
        if run.actions:
            states += assert_round_trips("elbereth", run.settings, run.actions)
    assert states >= 500


def test_a_new_game_and_a_miss_waiting_round_trip() -> None:
    for raw, actions in ((PLAIN, []), (BOSSES, ["attack ogre 5"]),
                         (BOSSES, ["attack ogre 5", "attack ogre 2"]),
                         (PLAIN, ["attack 6 1"])):
        game = new_engine(raw)
        for action in actions:
            game.apply(action)
        assert not differences(game, rebuilt("elbereth", raw, game))


def test_the_state_is_plain_and_loads_fast() -> None:
    data = tomllib.loads((resource_dir("examples") / "elbereth-win.toml").read_text())
    game = new_engine(saved(data["settings"]))
    for action in data["actions"]:
        game.apply(action)
    game.life_trail = [6] * 2000 + game.life_trail  # as long as a 2,000-action game's
    blob = marshal.dumps(game.state_data())
    settings_ = normalize_settings(saved(data["settings"]))
    best = float("inf")
    for _ in range(5):  # the best of five: a busy machine slows some, never all
        start = time.perf_counter()
        engine_from_data(settings_, marshal.loads(blob))
        best = min(best, time.perf_counter() - start)
    assert best < 0.005, best


# -- a state the engine never writes is refused ----------------------------------------
ON_FLOOR_ONE = ["attack rat 3", "pickup coin", "attack dragon 6", "found stairs"]
BASES: dict[str, tuple[dict[str, Any], list[str]]] = {
    "key": (PLAIN, ON_FLOOR_ONE),
    "floor 2": (PLAIN, [*ON_FLOOR_ONE, "descend"]),
    "miss": (PLAIN, ["attack rat 1"]),
    "ogre": (BOSSES, ["attack ogre 5", "attack ogre 2"]),
    "knight miss": (BOSSES, ["attack knight 1"]),
    "bribed": (BOSSES, ["pickup coin", "bribe merchant coin"]),
    "bosses floor 2": (BOSSES, ["pickup coin", "bribe merchant coin", "found stairs",
                                "descend", "attack knight 6"]),
}
Tamper = Callable[[State], None]


def _win() -> tuple[dict[str, Any], list[str]]:
    data = tomllib.loads((resource_dir("examples") / "elbereth-win.toml").read_text())
    return saved(data["settings"]), data["actions"]


BASES["won"] = _win()


def put(**fields: Any) -> Tamper:
    return lambda state: state.update(fields)


def put_in(field: str, **entries: Any) -> Tamper:
    return lambda state: state[field].update(entries)


def drop(field: str) -> Tamper:
    return lambda state: state.pop(field)


def discard_all(state: State) -> None:
    state["items"] = dict.fromkeys(state["items"], "discarded")
    state["life_trail"] = [6, 0]


# (base, tamper, the reason given; None: refused while reading the values)
REFUSED: dict[str, tuple[str, Tamper, str | None]] = {
    # values the engine never writes
    "floor as text": ("key", put(floor="1"), None),
    "floor as true": ("key", put(floor=True), None),
    "key as a number": ("key", put(key=1), None),
    "floor past the last": ("key", put(floor=8), None),
    "floor zero": ("key", put(floor=0), None),
    "walls below zero": ("key", put(walls=-1), None),
    "walls beyond the deck's twelve": ("key", put(walls=13), None),
    "three shops": ("key", put(shops=3), None),
    "an ogre streak of two wins": ("ogre", put(ogre_wins=2), None),
    "a miss that hits": ("ogre", put(miss=("ogre", 5)), None),
    "a miss rolled 0": ("miss", put(miss=("rat", 0)), None),
    "a miss of three fields": ("miss", put(miss=("rat", 1, 1)), None),
    "a miss against a strength": ("miss", put(miss=("3", 1)), None),
    "a count of zero kept": ("key", put_in("beaten", rat=0), None),
    "an unknown item state": ("key", put_in("items", sword="broken"), None),
    "an unknown item": ("key", put(items={"shield": "equipped"}), None),
    "an unknown coin state": ("key", put(coin="lost"), None),
    "an unknown enemy": ("key", put_in("beaten_total", goblin=1), None),
    "the dragon among the common enemies": ("key", put_in("beaten", dragon=1), None),
    "a boss without the expansion": ("key", put(floor_boss="knight"), None),
    "the key picked up": ("key", put(picked=["key"]), None),
    "a field missing": ("key", drop("stairs"), None),
    "a field more": ("key", put(gold=3), None),
    "a huge trail": ("key", put(life_trail=[6] * 200_000), None),
    "a huge table": ("key", put(beaten={str(i): 1 for i in range(1000)}), None),
    "more pickups than cards": ("key", put(picked=["coin"] * 8), None),
    # the bookkeeping broken
    "cards removed off the floor": ("key", put(removed=7), "removed unseen"),
    "a wall on the last floor": ("won", put(walls=1), "accounted for"),
    "eight rats on a floor": ("key", put(beaten={"rat": 8}, beaten_total={"rat": 8,
                                         "dragon": 1}), "enemies beaten on this floor"),
    "the coin picked up twice": ("key", put(picked=["coin", "coin"]), "picked up twice"),
    "fewer beaten in all than here": ("key", put(beaten_total={"dragon": 1}), "add up"),
    "a boss down never met": ("key", put(floor_boss=None), "never met"),
    "the key with the boss up": ("miss", put(key=True), "the key without"),
    "a floor gone down without its dragon": ("floor 2", put(beaten_total={"rat": 1}),
                                             "gone down"),
    "a floor without its boss met": ("bosses floor 2", put(bosses_met={"knight": 2}),
                                     "one for each floor"),
    "this floor's boss not met": ("bosses floor 2", put(floor_boss="mage"), "not met on it"),
    "a boss beaten never met": ("bosses floor 2",
                                put(beaten_total={"merchant": 1, "mage": 1}),
                                "met and left behind"),
    "a boss beaten twice": ("bosses floor 2", put(beaten_total={"knight": 2}),
                            "met and left behind"),
    "bosses met in a dragon game": ("key", put(bosses_met={"dragon": 1}), "without the"),
    "the coin gone unbribed": ("key", put(coin="gone"), "the coin gone"),
    "an ogre streak with the dragon": ("key", put(ogre_wins=1), "the ogre's streak"),
    "an ogre streak and a rat missed": ("ogre", put(miss=("rat", 1)), "the ogre's streak"),
    "life regained": ("key", put(life_trail=[6, 5, 6, 6, 6]), "life trail"),
    "gear lost off the trail": ("key", put_in("items", sword="discarded"), "life trail"),
    "a trail of no actions": ("key", put(life_trail=[]), "life trail"),
    "a miss with no gear": ("miss", discard_all, "no equipment"),
    "a miss after a win": ("miss", put(won=True), "after the end"),
    "a miss against another boss": ("knight miss", put(miss=("mage", 1)),
                                    "against a boss"),
    "won and lost": ("won", put(lost=True), "both won and lost"),
    "won on floor one": ("key", put(won=True), "before leaving the last floor"),
    "won with the key kept": ("won", put(key=True), "before leaving the last floor"),
    "lost with gear left": ("key", put(lost=True), "lost with equipment left"),
}


@pytest.mark.parametrize("base", sorted(BASES))
def test_each_base_state_loads(base: str) -> None:
    raw, actions = BASES[base]
    state = state_after(raw, actions)
    assert load(raw, state).state_data() == state


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_tampered_state_is_refused(case: str) -> None:
    base, tamper, reason = REFUSED[case]
    raw, actions = BASES[base]
    state = state_after(raw, actions)
    tamper(state)
    with pytest.raises(BadState) as refused:
        load(raw, state)
    if reason is not None:
        assert reason in str(refused.value)
    else:  # refused while reading, before any bookkeeping is checked
        assert not any(reason in str(refused.value) for _, _, reason in REFUSED.values()
                       if reason is not None)


@pytest.mark.parametrize("data", [None, [], (), "state", 3, {}, {"floor": 1}])
def test_no_state_at_all_is_refused(data: Any) -> None:
    with pytest.raises(BadState):
        load(PLAIN, data)


WORDS = ["sword", "staff", "armour", "coin", "rat", "dragon", "ogre", "knight", "merchant",
         "equipped", "face down", "face up", "discarded", "gone", "floor", "x"]
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 12) | st.sampled_from(WORDS),
    lambda inner: (st.lists(inner, max_size=4) | st.tuples(inner, inner)
                   | st.dictionaries(st.sampled_from(WORDS), inner, max_size=4)),
    max_leaves=8)


@settings(max_examples=300, deadline=None)
@given(base=st.sampled_from(sorted(BASES)), field=st.sampled_from(STATE_FIELDS),
       key=st.none() | st.sampled_from(WORDS), value=VALUES)
def test_any_value_in_any_field_is_refused_or_a_sound_game(
        base: str, field: str, key: str | None, value: Any) -> None:
    raw, actions = BASES[base]
    state = state_after(raw, actions)
    if key is not None and isinstance(state[field], dict):
        state[field][key] = value  # one entry of a table changed or added
    else:
        state[field] = value
    try:
        game = load(raw, state)
    except BadState:
        return
    check(game)  # what the referee holds every game to
    again = load(raw, marshal.loads(marshal.dumps(game.state_data())))
    assert not differences(game, again)
