"""Hebrac's state as plain values: every game round-trips, a tampered state is refused.

``HebracGame.state_data`` is what ``hebrac check`` copies; ``engine_from_data`` builds
the game back and checks every value and invariant (companion.plain). Each example and
legacy save, and random referee games, must come back field by field the same at every
action; each kind of damage must raise ``BadState`` and nothing else.
"""

from __future__ import annotations

import copy
import marshal
import random
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tests.test_referee_hebrac as referee
from companion.cards import Card
from companion.editions import saved
from companion.errors import RuleRefused
from companion.game import Engine
from companion.hebrac.engine import STATE_FIELDS, HebracGame, engine_from_data, new_engine
from companion.plain import BadState
from companion.resources import resource_dir
from companion.store import GameRecord
from tests.referee import Run
from tests.statecheck import assert_round_trips, differences, rebuilt

LEGACY = Path(__file__).parent / "legacy"
EXAMPLES = sorted(resource_dir("examples").glob("hebrac-*.toml"))
# Saves of the first edition: no edition recorded, read as the store reads them.
LEGACY_SAVES = sorted(LEGACY.glob("hebrac-*.toml")) + sorted((LEGACY / "crafted").glob(
    "hebrac-*.toml"))


def record_of(path: Path) -> GameRecord:
    return GameRecord.from_toml(tomllib.loads(path.read_text()))


def test_there_are_games_to_check() -> None:
    assert len(EXAMPLES) >= 4 and len(LEGACY_SAVES) >= 8


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_round_trips_at_every_action(path: Path) -> None:
    record = record_of(path)
    assert assert_round_trips("hebrac", record.settings, record.actions) == len(record.actions)


@pytest.mark.parametrize("path", LEGACY_SAVES, ids=lambda p: p.stem)
def test_every_legacy_save_round_trips_at_every_action(path: Path) -> None:
    record = record_of(path)
    checked = assert_round_trips("hebrac", saved(record.settings), record.actions)
    assert checked == len(record.actions)


def test_a_new_game_round_trips() -> None:
    game = new_engine({})
    assert not differences(game, rebuilt("hebrac", game.settings, game))


# -- random games from the referee ----------------------------------------------------
def round_trip_check(engine: Engine) -> None:
    """The referee's own checks, then the game rebuilt from its state is the same."""
    referee.check(engine)
    assert isinstance(engine, HebracGame)
    found = differences(engine, rebuilt("hebrac", engine.settings, engine))
    assert not found, found[:5]


@pytest.mark.parametrize("seed", [3, 11, 29, 47])
def test_referee_games_round_trip_at_every_step(seed: int) -> None:
    rng = random.Random(seed)
    new = referee.new_settings(rng)
    new["life"] = 99  # a long game: several levels, spells, merchants, jokers
    new["edition"] = 1 if seed % 2 else 2
    run = Run("hebrac", new, rng, round_trip_check)
    while run.steps < 160 and run.engine.outcome == "playing":
        if not referee.step(run):
            break
    assert len(run.actions) > 40
    # and a game rebuilt halfway plays on exactly as the replayed one
    assert_round_trips("hebrac", run.settings, run.actions, every=20)


# -- tampered states --------------------------------------------------------------------
SETTINGS = {"late_potions": True, "life": 15, "decks": 1, "jokers": 2}
# A battle under way: a prisoner fights, a round was lost, visions are left.
ACTIONS = ["enter A1 2S", "attack 9H", "take JH", "enter A2 3S", "attack 9D", "take 4C",
           "enter A3 4D", "attack KD", "take 5C", "cast remote-vision", "see B3 6S",
           "enter B3", "attack 2D --prisoner JH"]


def base_state() -> tuple[HebracGame, dict[str, Any]]:
    game = new_engine(SETTINGS)
    for action in ACTIONS:
        game.apply(action)
    return game, marshal.loads(marshal.dumps(game.state_data()))


def refused(change: Callable[[dict[str, Any]], Any], match: str | None = None) -> None:
    """The base state changed by ``change`` is refused with BadState (``match``: why)."""
    game, state = base_state()
    change(state)
    with pytest.raises(BadState, match=match):
        engine_from_data(game.settings, state)


def see(state: dict[str, Any], card: str, source: str = "draw") -> None:
    """Record ``card`` as seen, as ledger.see does: the ledgers stay in agreement."""
    state["seen"].append((card, source))
    state["deck_log"].append((source, (card,), 0))


def test_the_base_state_is_accepted() -> None:
    game, state = base_state()
    assert not differences(game, engine_from_data(game.settings, state))
    assert game.encounter is not None and game.encounter.prisoners


@pytest.mark.parametrize("field, value", [
    ("life", "14"), ("life", 14.0), ("life", True), ("level", None), ("inventory", "5C"),
    ("inventory", [["5C"]]), ("effects", "curse"), ("notes", [3]), ("pending", 1),
    ("chambers", [["2S"]]), ("encounter", {"chamber": "B3"}), ("seen", {"2S": "table"}),
    ("deck_log", "deal"), ("life_trail", [15, "14"]), ("position", b"B3"),
])
def test_a_field_of_the_wrong_type_is_refused(field: str, value: Any) -> None:
    refused(lambda state: state.__setitem__(field, value))


def test_a_flag_that_is_a_number_is_refused() -> None:
    def change(state: dict[str, Any]) -> None:
        state["chambers"]["A1"] = ("2S", "JH", 1, True, True, False, False)
    refused(change, "true or false")


def test_a_count_that_is_true_is_refused() -> None:
    # True == 1 and hashes alike: the ledger's shortcut for repeated events must not pass it
    def change(state: dict[str, Any]) -> None:
        state["deck_log"] += [("under", (), 1), ("under", (), True)]
    refused(change)


@pytest.mark.parametrize("field, value", [
    ("level", 0), ("genie_of_life", -1), ("remote_vision", -1), ("games_waiting", 3),
    ("life", 10**12), ("dealt", -24),
])
def test_a_number_out_of_range_is_refused(field: str, value: int) -> None:
    refused(lambda state: state.__setitem__(field, value), "whole number")


@pytest.mark.parametrize("index, value", [(4, -1), (5, 3), (9, ["JH"] * 5)])
def test_an_encounter_number_out_of_range_is_refused(index: int, value: Any) -> None:
    def change(state: dict[str, Any]) -> None:
        fields = list(state["encounter"])
        fields[index] = value
        state["encounter"] = tuple(fields)
    refused(change)


@pytest.mark.parametrize("change", [
    lambda s: s.__setitem__("pending", "genie-KH"),
    lambda s: s.__setitem__("effects", ["haste"]),
    lambda s: s.__setitem__("spells_cast", ["fireball"]),
    lambda s: s.__setitem__("aces_found", ["KH"]),
    lambda s: s.__setitem__("position", "D1"),
    lambda s: s.__setitem__("teleport_target", "A9"),
    lambda s: s.__setitem__("inventory", ["1C"]),
    lambda s: s.__setitem__("inventory", ["5c"]),  # a player's spelling, not the engine's
    lambda s: s.__setitem__("encounter", ("B3", "6S", "dancing", *s["encounter"][3:])),
    lambda s: s.__setitem__("encounter", ("D3", *s["encounter"][1:])),
    lambda s: s["seen"].__setitem__(0, ("2S", "stolen")),
    lambda s: s["deck_log"].__setitem__(0, ("shuffle", (), 24)),
], ids=["pending", "effect", "spell", "ace", "position", "teleport", "card", "card-case",
        "stage", "encounter-chamber", "source", "event"])
def test_an_unknown_word_is_refused(change: Callable[[dict[str, Any]], Any]) -> None:
    refused(change, "not")


def test_a_missing_field_is_refused() -> None:
    refused(lambda state: state.pop("life"), "fields this version writes")


def test_an_extra_field_is_refused() -> None:
    refused(lambda state: state.__setitem__("gold", 0), "fields this version writes")


@pytest.mark.parametrize("change", [
    lambda s: s["chambers"].__setitem__("A1", s["chambers"]["A1"][:6]),
    lambda s: s.__setitem__("encounter", s["encounter"][:10]),
    lambda s: s["encounter"][10].pop("total"),
    lambda s: s["encounter"][10].__setitem__("won_by_potion", False),
    lambda s: s["seen"].__setitem__(0, ("2S", "table", 0)),
    lambda s: s["deck_log"].__setitem__(0, ("deal", ())),
], ids=["chamber", "encounter", "round", "won-by-potion", "seen", "event"])
def test_a_record_with_a_field_missing_or_extra_is_refused(
        change: Callable[[dict[str, Any]], Any]) -> None:
    refused(change)


@pytest.mark.parametrize("field", ["under_deck", "notes", "life_trail", "seen", "deck_log",
                                   "inventory", "deck_top"])
def test_a_huge_list_is_refused(field: str) -> None:
    def change(state: dict[str, Any]) -> None:
        state[field] = state[field][:1] * 100_001 if state[field] else ["x"] * 100_001
    refused(change)


# One test per invariant engine_from_data checks.
def test_life_above_its_maximum_is_refused() -> None:
    def change(state: dict[str, Any]) -> None:
        state["life"] = state["life_trail"][-1] = 21  # 15, and the Ruby's 5 if it were held
    refused(change, "above its maximum")


def test_a_late_potion_after_the_ruby_is_dropped_stops_at_the_maximum() -> None:
    # a late potion after the Ruby is dropped gives back life up to the maximum left only
    game = new_engine({"late_potions": True, "life": 15})
    for action in ["enter A1 AS", "take AH", "enter A2 2S", "attack 9H", "take 5H",
                   "enter A3 3S", "attack 9D", "take 6S", "use 5H", "enter A4 8S",
                   "attack 2H", "drop AH", "potion 6S"]:
        game.apply(action)
    assert game.life == game.max_life == 15
    assert not differences(game, rebuilt("hebrac", game.settings, game))


def test_a_card_held_twice_is_refused() -> None:
    refused(lambda state: state["inventory"].append("5C"), "cards not conserved")


def test_a_card_lost_is_refused() -> None:
    refused(lambda state: state["inventory"].remove("5C"), "cards not conserved")


# First edition: Stone Statue leaves the merchant faced in place. Stealing Spirit then takes
# his ware without putting his card under the Hand Deck a second time; Body Switch finds no
# enemy to replace (issue 32).
STONE_MERCHANT = ["enter A1 2S", "attack 9H", "take 10C", "enter A2 3S", "attack 9D",
                  "take 9C", "enter A3 4S", "attack 9S", "take 8C", "enter A4 KS",
                  "cast stone-statue A4"]


def first_edition(last: str) -> HebracGame:
    game = new_engine({"edition": 1})
    for action in STONE_MERCHANT + [last]:
        game.apply(action)
    return game


def test_a_first_edition_merchant_turned_to_stone_goes_under_once() -> None:
    actions = STONE_MERCHANT + ["cast stealing-spirit 8H"]
    assert assert_round_trips("hebrac", {"edition": 1}, actions) == len(actions)
    assert first_edition("cast stealing-spirit 8H").under_deck.count(Card.parse("KS")) == 1


def test_a_first_edition_body_switch_on_a_merchant_turned_to_stone_is_refused() -> None:
    game = new_engine({"edition": 1})
    for action in STONE_MERCHANT:
        game.apply(action)
    before = copy.deepcopy(game.__dict__)
    with pytest.raises(RuleRefused, match="A4 has no enemy to replace"):
        game.apply("cast body-switch 2D")
    assert game.__dict__ == before


def test_first_edition_cards_out_are_still_seen() -> None:
    game = first_edition("cast stealing-spirit 8H")
    state = marshal.loads(marshal.dumps(game.state_data()))
    state["inventory"].append("5C")  # out, never seen
    with pytest.raises(BadState, match="cards not conserved"):
        engine_from_data(game.settings, state)


def test_a_waiting_genie_from_nowhere_is_refused() -> None:
    refused(lambda state: state.__setitem__("pending", "genie-KD"), "cards not conserved")


def test_more_copies_than_the_decks_hold_are_refused() -> None:
    def change(state: dict[str, Any]) -> None:  # one deck: a second 5C, seen drawn
        see(state, "5C")
        state["inventory"].append("5C")
    refused(change, "more copies out than the decks hold")


def test_an_inventory_card_never_stored_is_refused() -> None:
    def change(state: dict[str, Any]) -> None:  # a queen acts at once, never kept
        see(state, "QS")
        state["inventory"].append("QS")
    refused(change, "never stored")


def test_a_second_copy_of_an_ace_held_is_refused() -> None:
    def change(state: dict[str, Any]) -> None:
        see(state, "AH")
        see(state, "AH")
        state["inventory"] += ["AH", "AH"]
    game, state = base_state()
    change(state)
    with pytest.raises(BadState, match="never stored"):
        engine_from_data({**game.settings, "decks": 2}, state)


def test_cards_seen_not_in_the_ledger_are_refused() -> None:
    refused(lambda state: state["seen"].pop(), "cards seen are not the Hand Deck's events")


def test_cards_under_not_in_the_ledger_are_refused() -> None:
    refused(lambda state: state["under_deck"].pop(),
            "under the Hand Deck are not its events")


def test_a_life_trail_not_one_step_per_action_is_refused() -> None:
    refused(lambda state: state["life_trail"].append(14), "one step per action")


def test_a_life_trail_not_ending_at_life_is_refused() -> None:
    refused(lambda state: state["life_trail"].__setitem__(-1, 13), "one step per action")


def test_a_level_without_its_deal_is_refused() -> None:
    def change(state: dict[str, Any]) -> None:
        state["level"], state["dealt"] = 2, 48
    refused(change, "one deal per level")


def test_cards_dealt_not_per_level_are_refused() -> None:
    refused(lambda state: state.__setitem__("dealt", 25), "one deal per level")


def test_an_action_event_with_a_count_is_refused() -> None:
    refused(lambda state: state["deck_log"].__setitem__(1, ("action", (), 1)),
            "an action or a deal")


def test_chambers_out_of_map_order_are_refused() -> None:
    def change(state: dict[str, Any]) -> None:
        state["chambers"] = dict(reversed(state["chambers"].items()))
    refused(change, "chambers in map order")


def test_level_effects_twice_are_refused() -> None:
    refused(lambda state: state.__setitem__("effects", ["curse", "curse"]), "each once")


def test_a_position_in_an_unvisited_chamber_is_refused() -> None:
    def change(state: dict[str, Any]) -> None:
        state["position"] = "C4"
        state["encounter"] = None  # the battle's cards are elsewhere: conserve them
        state["inventory"].append("JH")
        state["chambers"]["B3"] = ("6S", None, False, False, False, False, False)
    refused(change, "unvisited chamber")


def test_an_encounter_away_from_the_player_is_refused() -> None:
    refused(lambda state: state.__setitem__("position", "A1"), "not where the player is")


def test_an_encounter_with_another_enemy_is_refused() -> None:
    def change(state: dict[str, Any]) -> None:
        state["encounter"] = (state["encounter"][0], "7S", *state["encounter"][2:])
    refused(change, "enemy is not its chamber's")


def test_a_prisoner_that_is_not_a_jack_is_refused() -> None:
    def change(state: dict[str, Any]) -> None:  # the JH becomes a 5H everywhere
        def swap(value: Any) -> Any:
            if value == "JH":
                return "5H"
            if isinstance(value, list | tuple):
                return type(value)(swap(v) for v in value)
            if isinstance(value, dict):
                return {k: swap(v) for k, v in value.items()}
            return value
        state.update(swap(state))
    refused(change, "prisoner is not a jack")


def test_a_sold_out_merchant_in_a_chamber_not_cleared_is_refused() -> None:
    refused(lambda state: state.__setitem__("sold_out", "B3"), "sold-out merchant")


def test_a_switched_enemy_unknown_is_refused() -> None:
    def change(state: dict[str, Any]) -> None:
        state["chambers"]["C4"] = (None, None, False, False, False, False, True)
    refused(change, "switched enemy")


# -- any damage at all: refused with BadState, never another exception -------------------
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(),
                 st.sampled_from(["", "AH", "JK", "5C", "B3", "battle", "draw", "under",
                                  "curse", "genie-KD", "x" * 20_000]),
                 st.lists(st.sampled_from(["AH", "JK", 1, None]), max_size=3),
                 st.tuples(st.sampled_from(["under", "draw", "AH"]), st.just(()),
                           st.integers(-1, 30)))


def paths(value: Any, where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a state that a value could be put."""
    found = [where]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*where, key))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value[:12]):
            found += paths(item, (*where, index))
    return found


def put(state: Any, where: tuple[Any, ...], value: Any) -> Any:
    if not where:
        return value
    head, rest = where[0], where[1:]
    if isinstance(state, dict):
        return {**state, head: put(state[head], rest, value)}
    items = list(state)
    items[head] = put(items[head], rest, value)
    return type(state)(items)


BASE_GAME, BASE_STATE = base_state()
PLACES = paths(BASE_STATE)[1:]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(place=st.sampled_from(PLACES), junk=JUNK)
def test_any_value_anywhere_is_refused_or_gives_a_playable_game(place: tuple[Any, ...],
                                                                 junk: Any) -> None:
    state = put(copy.deepcopy(BASE_STATE), place, junk)
    try:
        game = engine_from_data(BASE_GAME.settings, state)
    except BadState:
        return
    game.status()  # what was accepted is a game the engine can show
    assert set(game.state_data()) == set(STATE_FIELDS)
