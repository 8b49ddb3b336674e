"""Whole Elbereth games from examples/, replayed with their final state asserted."""

from __future__ import annotations

import tomllib

from companion.resources import resource_dir

EXAMPLES = sorted(resource_dir("examples").glob("elbereth-*.toml"))


def test_there_are_a_win_a_loss_and_a_bosses_game() -> None:
    assert {"elbereth-win", "elbereth-loss", "elbereth-bosses"} <= {p.stem for p in EXAMPLES}


def test_the_win_goes_through_seven_floors() -> None:
    actions = tomllib.loads((resource_dir("examples") / "elbereth-win.toml").read_text())[
        "actions"]
    assert actions.count("descend") == 7
    assert {a.split()[0] for a in actions} >= {"attack", "boost", "block", "wound", "pickup",
                                               "break-wall", "found", "shop", "descend"}


def test_the_bosses_game_meets_seven_different_bosses() -> None:
    data = tomllib.loads((resource_dir("examples") / "elbereth-bosses.toml").read_text())
    assert sorted(data["expect"]["bosses_met"].values()) == [1, 2, 3, 4, 5, 6, 7]
