"""Whole Tricky games from examples/, replayed with their final scores asserted."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.game import replay
from companion.resources import resource_dir
from companion.store import GameRecord
from companion.tricky.engine import normalize_settings

EXAMPLES = sorted(resource_dir("examples").glob("tricky-*.toml"))


def test_there_is_a_game_for_two_three_and_four_players() -> None:
    assert {p.stem for p in EXAMPLES} >= {"tricky-2p", "tricky-3p", "tricky-4p"}
    counts = {len(tomllib.loads(p.read_text())["settings"]["players"]) for p in EXAMPLES}
    assert counts >= {2, 3, 4}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_replays_to_its_final_scores(path: Path) -> None:
    data = tomllib.loads(path.read_text())
    record = GameRecord.from_toml(data)  # the saved-game format; [expect] is ignored
    assert normalize_settings(record.settings) == record.settings
    engine, applied = replay(record.kind, record.settings, record.actions, source=str(path))
    assert [a.action for a in applied] == record.actions, "actions are stored canonical"
    status = engine.status()
    for key, expected in data["expect"].items():
        assert status[key] == expected, key
    assert record.outcome == engine.outcome == "finished"
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
