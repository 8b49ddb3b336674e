"""Whole Tricky games from examples/, replayed with their final scores asserted."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.resources import resource_dir
from tests.replays import replayed

EXAMPLES = sorted(resource_dir("examples").glob("tricky-*.toml"))


def test_there_is_a_game_for_two_three_and_four_players() -> None:
    assert {p.stem for p in EXAMPLES} >= {"tricky-2p", "tricky-3p", "tricky-4p"}
    counts = {len(tomllib.loads(p.read_text())["settings"]["players"]) for p in EXAMPLES}
    assert counts >= {2, 3, 4}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_games_finish_without_revokes(path: Path) -> None:
    """Scores are checked with every example in test_examples.py; here, tricky specifics."""
    data = tomllib.loads(path.read_text())
    engine, applied = replayed(data["kind"], data["settings"], data["actions"])
    assert engine.outcome == "finished"
    assert not any(line.startswith("Revoke?") for a in applied for line in a.lines)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_mixes_tricks_and_the_fast_path(path: Path) -> None:
    actions = tomllib.loads(path.read_text())["actions"]
    assert any(a.startswith("trick ") for a in actions)
    assert any(a.startswith("result ") for a in actions)


def test_examples_play_every_hero_set() -> None:
    sets = {tomllib.loads(p.read_text())["settings"]["set"] for p in EXAMPLES}
    assert sets >= {"A", "B", "C"}


def test_two_player_example_exchanges_in_the_open() -> None:
    actions = tomllib.loads((resource_dir("examples") / "tricky-2p.toml").read_text())["actions"]
    exchanges = [a for a in actions if a.startswith("exchange ")]
    assert len(exchanges) >= 8
    assert any(a.endswith("--player Bo --count 2") for a in exchanges)
