"""Tricky's cached state: every state the games reach is built back the same, field by
field, and plays on the same; a state the engine never writes is refused with BadState."""

from __future__ import annotations

import marshal
import random
import re
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.editions import saved
from companion.plain import BadState
from companion.resources import resource_dir
from companion.tricky.engine import (
    Round,
    TrickyGame,
    engine_from_data,
    new_engine,
    normalize_settings,
)
from tests.referee import Run
from tests.statecheck import assert_round_trips, differences
from tests.test_referee_tricky import check, step

LEGACY = Path(__file__).parent / "legacy"
SAVES = [*sorted(resource_dir("examples").glob("tricky-*.toml")),
         *sorted(LEGACY.glob("tricky-*.toml")),
         *sorted((LEGACY / "crafted").glob("tricky-*.toml"))]
NAMES = ["Ann", "Bo", "Cy", "Di"]
FIELD = {name: place for place, name in enumerate(Round.__slots__)}
State = dict[str, Any]

# Two players: round 1 played out (open exchanges, a revoke), round 2 a typed result,
# round 3 under way with a revoke flagged.
TWO = {"players": NAMES[:2]}
TWO_ACTIONS = [
    "round thief --active Ann", "exchange G4 R4 --player Ann", "exchange Y0 --player Bo",
    "trick B4 B1", "trick R7 G2", "trick R3 R0", "trick Y7 Y6", "trick G7 G5", "trick B7 B6",
    "trick Y4 Y3", "trick G6 G3", "trick B5 B3",
    "round thief", "result --tricks 3",
    "round barbarian R", "trick B4 B1", "trick Y7 G2", "trick Y3 Y0",
]


def state_after(raw: dict[str, Any], actions: list[str]) -> State:
    """The state after ``actions`` as a cache file gives it back, with lists for tuples so
    that a test can change any field in place."""
    game = new_engine(raw)
    for action in actions:
        game.apply(action)
    data: State = thaw(marshal.loads(marshal.dumps(game.state_data())))
    return data


def thaw(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [thaw(item) for item in value]
    if isinstance(value, dict):
        return {key: thaw(item) for key, item in value.items()}
    return value


def load(raw: dict[str, Any], data: Any) -> TrickyGame:
    return engine_from_data(normalize_settings(raw), data)


def refused(raw: dict[str, Any], data: Any, why: str) -> None:
    with pytest.raises(BadState, match=re.escape(why)):
        load(raw, data)


def field(data: State, number: int, name: str) -> Any:
    """Round ``number``'s field ``name``."""
    return data["rounds"][number - 1][FIELD[name]]


def put(data: State, number: int, name: str, value: Any) -> State:
    data["rounds"][number - 1][FIELD[name]] = value
    return data


# -- every state reached comes back the same -------------------------------------------
def test_the_saves_are_found() -> None:
    assert len(SAVES) == 10


@pytest.mark.parametrize("path", SAVES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_state_of_a_saved_game_round_trips(path: Path) -> None:
    data = tomllib.loads(path.read_text())
    actions = data["actions"]
    # a save without an edition is of the first, as the store reads it
    assert assert_round_trips("tricky", saved(data["settings"]), actions) == len(actions)


VARIANTS: dict[str, dict[str, Any]] = {
    "two players": {"players": NAMES[:2], "set": "A"},
    "three, set B": {"players": NAMES[:3], "set": "B"},
    "four, set C": {"players": NAMES, "set": "C"},
    "race": {"players": NAMES[:3], "race": 15, "set": "all"},
    "guild": {"players": NAMES[:2], "guild": True},
    "random heroes": {"players": NAMES, "random_heroes": True},
    "longer, first edition": {"players": NAMES[:3], "rounds_per_player": 3, "edition": 1},
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_refereed_games_round_trip_at_every_step(variant: str) -> None:
    rng = random.Random(variant)
    states = 0
    while states < 150:
        run = Run("tricky", dict(VARIANTS[variant]), rng, check)
        while run.steps < 200 and run.engine.outcome == "playing" and step(run):
            pass
        states += assert_round_trips("tricky", run.settings, run.actions)


def test_the_crafted_state_round_trips_and_reads_lists_for_tuples() -> None:
    game = new_engine(TWO)
    for action in TWO_ACTIONS:
        game.apply(action)
    current = game.current
    assert current is not None and current.revokes and game.rounds[0].revokes
    assert not differences(game, load(TWO, state_after(TWO, TWO_ACTIONS)))
    assert_round_trips("tricky", TWO, TWO_ACTIONS)


def test_a_new_game_round_trips() -> None:
    game = new_engine(TWO)
    assert game.state_data() == {"rounds": []}
    assert not differences(game, load(TWO, {"rounds": []}))


class Driver:
    """The referee's moves played straight on an engine (no replays, no refusals tried),
    for a long game."""

    def __init__(self, raw: dict[str, Any], seed: int) -> None:
        self.settings = normalize_settings(raw)
        self.engine = new_engine(self.settings)
        self.rng = random.Random(seed)
        self.actions: list[str] = []
        self.model: Any = None  # what the referee keeps beside the game

    def must_accept(self, action: str) -> None:
        self.actions.append(self.engine.apply(action).action)

    def must_refuse(self, action: str) -> None:
        pass


def test_the_state_of_a_long_game_is_plain_and_reads_back() -> None:
    driver = Driver({"players": NAMES, "race": 999, "set": "all"}, seed=5)
    while len(driver.actions) < 2000:
        step(driver)  # type: ignore[arg-type]  # a Run as far as step() looks
    game = driver.engine
    assert isinstance(game, TrickyGame) and len(game.rounds) > 150
    blob = marshal.dumps(game.state_data())  # plain values only, or this raises
    copy = engine_from_data(driver.settings, marshal.loads(blob))
    assert not differences(game, copy)


# -- values of the wrong type, out of range, unknown words -----------------------------
def drop(data: State) -> State:
    data["rounds"][0].pop()
    return data


def extra(data: State) -> State:
    data["rounds"][0].append(None)
    return data


def trick(number: int, place: int, value: Any) -> Callable[[State], State]:
    def change(data: State) -> State:
        field(data, 1, "tricks")[number - 1][place] = value
        return data
    return change


def haul(key: str, value: Any) -> Callable[[State], State]:
    def change(data: State) -> State:
        field(data, 1, "counts")[key] = value
        return data
    return change


TAMPERED: dict[str, tuple[Callable[[State], Any], str]] = {
    "not a table": (lambda d: [d["rounds"]], "not the fields"),
    "no rounds": (lambda d: {}, "not the fields"),
    "a field more": (lambda d: {**d, "scores": [0, 0]}, "not the fields"),
    "rounds as text": (lambda d: {"rounds": "round thief"}, "rounds or fewer"),
    "a round's field missing": (drop, "records of 15"),
    "a round's field more": (extra, "records of 15"),
    "a round as a table": (lambda d: {"rounds": [dict(enumerate(d["rounds"][0]))]},
                           "records of 15"),
    "number as text": (lambda d: put(d, 1, "number", "1"), "whole numbers"),
    "active a bool": (lambda d: put(d, 2, "active", True), "whole numbers"),
    "active not a seat": (lambda d: put(d, 1, "active", 2), "whole numbers"),
    "unknown hero": (lambda d: put(d, 1, "hero", "dragon"), "expected words"),
    "hero of another set": (lambda d: put(d, 1, "hero", "seer"), "expected words"),
    "unknown trump": (lambda d: put(d, 1, "trump", ["spades", None, None]),
                      "a trump the hero does not take"),
    "trump the hero does not take": (lambda d: put(d, 1, "trump", ["colour", "R", None]),
                                     "a trump the hero does not take"),
    "trump of no colour": (lambda d: put(d, 3, "trump", ["colour", "Q", None]),
                           "a trump the hero does not take"),
    "trump with a list": (lambda d: put(d, 3, "trump", ["colour", ["R"], None]),
                          "not a trump"),
    "trump of 2 parts": (lambda d: put(d, 3, "trump", ["colour", "R"]), "records of 3"),
    "prediction above tricks + potions": (lambda d: put(d, 3, "predict", 14),
                                          "whole numbers"),
    "prediction negative": (lambda d: put(d, 3, "predict", -1), "whole numbers"),
    "passed on an unknown hero": (lambda d: put(d, 1, "passed", ["dragon"]),
                                  "expected words"),
    "three heroes passed on": (lambda d: put(d, 1, "passed", ["assassin", "wizard", "witch"]),
                               "at most 2"),
    "exchange above the most": (lambda d: put(d, 1, "exchanged", [[0, 8], [1, 1]]),
                                "whole numbers"),
    "exchange of no seat": (lambda d: put(d, 1, "exchanged", [[0, 2], [2, 1]]),
                            "whole numbers"),
    "exchange of 3 parts": (lambda d: put(d, 1, "exchanged", [[0, 2, 1]]), "records of 2"),
    "exchanges as a table": (lambda d: put(d, 1, "exchanged", {"0": 2}), "lists of at most"),
    "unknown card": (lambda d: put(d, 1, "discards", ["G4", "R4", "Z9"]), "expected words"),
    "card beyond the deck": (lambda d: put(d, 1, "discards", ["G4", "R4", "G8"]),
                             "expected words"),
    "card as a pair": (lambda d: put(d, 1, "discards", ["G4", "R4", ["Y", 0]]),
                       "expected words"),
    "card as a number": (lambda d: put(d, 1, "discards", ["G4", "R4", 7]), "expected words"),
    "trick of three cards": (trick(1, 2, ["B4", "B1", "Y2"]), "records of 2"),
    "trick card unknown": (trick(1, 2, ["B4", "b1"]), "expected words"),
    "trick number 0": (trick(1, 0, 0), "whole numbers"),
    "trick number 10": (trick(9, 0, 10), "whole numbers"),
    "trick winner not a seat": (trick(1, 3, 2), "whole numbers"),
    "trick leader a bool": (trick(1, 1, False), "whole numbers"),
    "ten tricks": (lambda d: put(d, 1, "tricks", field(d, 1, "tricks") * 2), "at most 9"),
    "revoke of no colour": (lambda d: put(d, 1, "revokes", [[1, "Q", 2, 3, "R0"]]),
                            "expected words"),
    "revoke in trick 10": (lambda d: put(d, 1, "revokes", [[1, "R", 2, 10, "R0"]]),
                           "whole numbers"),
    "miss of no colour": (lambda d: put(d, 3, "not_followed", [[1, {"Q": 2}]]),
                          "not colours"),
    "miss as a list": (lambda d: put(d, 3, "not_followed", [[1, ["Y", 2]]]), "not colours"),
    "miss in trick 0": (lambda d: put(d, 3, "not_followed", [[1, {"Y": 0}]]),
                        "whole numbers"),
    "unknown haul": (haul("gems", 1), "not a haul"),
    "haul negative": (haul("potions", -1), "whole numbers"),
    "haul of 4 digits": (haul("tricks", 1000), "whole numbers"),
    "last trick as 1": (haul("last_trick", 1), "true or false"),
    "haul as a list": (lambda d: put(d, 1, "counts", [9]), "not a haul"),
    "gold negative": (lambda d: put(d, 1, "gold", [-1, 1]), "not gold"),
    "gold a float": (lambda d: put(d, 1, "gold", [0.0, 1]), "not gold"),
    "gold for three": (lambda d: put(d, 1, "gold", [0, 1, 0]), "records of 2"),
    "gold line a number": (lambda d: put(d, 1, "gold_line", 0), "not a line"),
    "gold line too long": (lambda d: put(d, 1, "gold_line", "x" * 20_000), "not a line"),
    "unknown way to end": (lambda d: put(d, 1, "via", "dice"), "expected words"),
    "a million rounds": (lambda d: {"rounds": d["rounds"][:1] * 1_000_000}, "rounds or fewer"),
    "a million tricks": (lambda d: put(d, 3, "tricks", field(d, 3, "tricks") * 1_000_000),
                         "at most 9"),
    "a million discards": (lambda d: put(d, 1, "discards", ["G4"] * 1_000_000),
                           "at most 32"),
}


@pytest.mark.parametrize("what", TAMPERED)
def test_a_value_the_engine_never_writes_is_refused(what: str) -> None:
    change, why = TAMPERED[what]
    start = time.perf_counter()
    refused(TWO, change(state_after(TWO, TWO_ACTIONS)), why)
    assert time.perf_counter() - start < 1  # a huge list is refused at once


LEAVES = [None, True, False, -1, 0, 1, 2, 9, 10**12, 1.5, "", "x", "G4", "thief", "R",
          "tricks", [], [0], [0, 0], ["G4"], {}, {"R": 1}, {"tricks": 1}]


def paths(value: Any, where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Where every value of a state is, containers too."""
    found = [where]
    if isinstance(value, list):
        found += [p for place, item in enumerate(value) for p in paths(item, (*where, place))]
    elif isinstance(value, dict):
        found += [p for key, item in value.items() for p in paths(item, (*where, key))]
    return found


BASE = state_after(TWO, TWO_ACTIONS)
PATHS = paths(BASE)[1:]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PATHS), st.sampled_from(LEAVES), st.booleans())
def test_any_value_changed_is_refused_or_read_whole(where: tuple[Any, ...], leaf: Any,
                                                    remove: bool) -> None:
    """Refused with BadState, never another error; or a state the engine could hold."""
    data = thaw(BASE)
    parent = data
    for key in where[:-1]:
        parent = parent[key]
    if remove:
        del parent[where[-1]]
    else:
        parent[where[-1]] = thaw(leaf)
    try:
        game = load(TWO, data)
    except BadState:
        return
    again = load(TWO, thaw(marshal.loads(marshal.dumps(game.state_data()))))
    assert not differences(game, again)
    game.status()
    game.status_lines()


# -- the rules a state keeps, one test each ----------------------------------------------
def test_more_rounds_than_the_game_has_are_refused() -> None:
    data = state_after(TWO, TWO_ACTIONS)
    data["rounds"] *= 3  # 9 rounds; the game has 4 per player
    refused(TWO, data, "not 8 rounds or fewer")


def test_rounds_out_of_order_are_refused() -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 2, "number", 3),
            "rounds not numbered in order")


def test_the_active_player_goes_clockwise() -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 2, "active", 0),
            "not going round clockwise")


def test_only_the_last_round_is_unfinished() -> None:
    data = state_after(TWO, TWO_ACTIONS)
    for name, value in (("counts", None), ("gold", None), ("gold_line", ""), ("via", "")):
        put(data, 2, name, value)
    refused(TWO, data, "a round unfinished before the last")


def test_no_round_after_the_race_is_won() -> None:
    race = {"players": NAMES[:2], "race": 10}
    data = state_after(race, ["round thief --active Ann", "result --tricks 1",
                              "round thief", "result --tricks 1"])
    put(data, 1, "gold", [10, 0])
    refused(race, data, "a round played after the race was won")


def test_the_guild_plays_each_hero_once_per_player() -> None:
    guild = {"players": NAMES[:2], "guild": True}
    data = state_after(guild, ["round thief --active Ann", "result --tricks 1",
                               "round thief", "result --tricks 1",
                               "round assassin", "result --last-trick"])
    put(data, 3, "hero", "thief")
    refused(guild, data, "a hero played twice by one player in the Adventurers Guild")


def test_heroes_are_passed_on_only_in_the_random_dungeon() -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 1, "passed", ["assassin"]),
            "a hero passed on")


@pytest.mark.parametrize("passed", [["seer", "seer"], ["seer", "thief"]])
def test_a_hero_is_turned_up_once(passed: list[str]) -> None:
    random_heroes = {"players": NAMES[:2], "random_heroes": True}
    data = state_after(random_heroes, ["round thief --active Ann --pass seer --pass nymph",
                                       "result --tricks 2"])
    refused(random_heroes, put(data, 1, "passed", passed), "a hero turned up twice")


SEER = {"players": NAMES[:3], "set": "B"}
SEER_ACTIONS = ["round seer --active Ann --predict 3", "trick B4 B1 B2"]


def test_only_the_seer_predicts() -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 3, "predict", 3), "only the Seer predicts")


def test_the_seer_predicts_before_play() -> None:
    refused(SEER, put(state_after(SEER, SEER_ACTIONS), 1, "predict", None),
            "the Seer played without a prediction")


def test_with_three_players_only_the_active_one_exchanges() -> None:
    three = {"players": NAMES[:3]}
    data = state_after(three, ["round thief --active Ann", "exchange --count 2"])
    refused(three, put(data, 1, "exchanged", [[1, 2]]), "not the active player exchanged")


@pytest.mark.parametrize("exchanged", [[[1, 1], [0, 2]], [[0, 1], [1, 2]]],
                         ids=["other first", "other more"])
def test_with_two_players_the_other_exchanges_after_and_no_more(exchanged: Any) -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 1, "exchanged", exchanged),
            "the other player exchanged before or more than the active one")


def test_a_player_exchanges_once_a_round() -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 1, "exchanged", [[0, 2], [0, 1]]),
            "a player exchanged twice in a round")


def test_no_more_cards_are_put_aside_than_exchanged() -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 1, "exchanged", [[0, 1], [1, 1]]),
            "more cards put aside than exchanged")


def test_no_cards_are_put_aside_without_an_exchange() -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 2, "discards", ["G4"]),
            "cards put aside without an exchange")


def test_two_players_never_put_a_potion_aside() -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 1, "discards", ["G4", "R1", "Y0"]),
            "a potion put aside")


def test_two_players_name_the_cards_they_put_aside() -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 1, "discards", ["G4", "R4"]),
            "an open exchange's cards unnamed")


def test_the_first_edition_kept_unnamed_exchanges() -> None:
    first = {**TWO, "edition": 1}
    data = state_after(first, ["round thief --active Ann", "exchange --count 2",
                               "exchange --player Bo --count 1"])
    assert not load(first, data).rounds[0].discards


def test_the_leftover_pile_is_never_overdrawn() -> None:
    four = {"players": NAMES, "set": "B"}
    data = state_after(four, ["round trickster --active Ann", "exchange --count 0"])
    refused(four, put(data, 1, "exchanged", [[0, 1]]),
            "more cards exchanged than the leftover pile holds")


def test_a_card_is_held_once_a_round() -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 1, "discards", ["G4", "R4", "B4"]),
            "a card held twice")


def test_a_card_is_put_aside_once() -> None:
    data = state_after(TWO, TWO_ACTIONS)
    put(data, 2, "exchanged", [[1, 2]])
    refused(TWO, put(data, 2, "discards", ["G4", "G4"]), "a card put aside twice")


@pytest.mark.parametrize("place, value", [(1, 1), (0, 3)], ids=["leader", "number"])
def test_tricks_are_played_in_turn(place: int, value: int) -> None:
    refused(TWO, trick(2, place, value)(state_after(TWO, TWO_ACTIONS)), "a trick out of turn")


def test_the_trick_being_played_is_won_by_the_rules() -> None:
    data = state_after(TWO, TWO_ACTIONS)
    field(data, 3, "tricks")[-1][3] = 1
    refused(TWO, data, "a trick won by the wrong player")


def test_the_revokes_of_the_round_being_played_are_as_its_tricks_give() -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 3, "revokes", []),
            "revokes not as the tricks give them")


def test_the_colours_not_followed_are_as_the_tricks_give() -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 3, "not_followed", [[0, {}], [1, {"B": 1}]]),
            "colours not followed not as the tricks give them")


def test_a_players_misses_are_given_once() -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 3, "not_followed", [[0, {}], [0, {}]]),
            "a player's misses given twice in a round")


def test_a_finished_rounds_revokes_name_cards_played() -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 1, "revokes", [[1, "R", 2, 3, "R3"]]),
            "a revoke of a card not played")


def test_no_revoke_without_tricks() -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 2, "revokes", [[1, "R", 2, 3, "R0"]]),
            "a revoke before any trick")


@pytest.mark.parametrize("name, value", [("gold", [0, 1]), ("via", "tricks")])
def test_a_round_is_finished_whole_or_not_at_all(name: str, value: Any) -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 3, name, value), "half finished")


def test_a_finished_round_says_how_it_ended() -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 1, "via", ""), "half finished")


def test_a_played_out_round_has_the_haul_its_tricks_hold() -> None:
    refused(TWO, haul("spells", 5)(state_after(TWO, TWO_ACTIONS)),
            "the haul is not what the tricks hold")


@pytest.mark.parametrize("change", [
    lambda counts: counts.update(potions=5),  # the deck has 4
    lambda counts: counts.update(tricks=counts.pop("tricks")),  # another order
])
def test_a_typed_result_is_one_the_deck_can_make(change: Callable[[dict[str, Any]], None],
                                                 ) -> None:
    data = state_after(TWO, TWO_ACTIONS)
    change(field(data, 2, "counts"))
    refused(TWO, data, "not a result the deck can make")


@pytest.mark.parametrize("name, value", [("gold", [0, 3]), ("gold", [1, 2]),
                                         ("gold_line", "Thief: 3 gold")])
def test_gold_is_as_the_hero_pays(name: str, value: Any) -> None:
    refused(TWO, put(state_after(TWO, TWO_ACTIONS), 2, name, value), "gold not as the hero pays")
