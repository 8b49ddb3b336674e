"""Every whole game in examples/, of every kind, replayed with its [expect] state asserted."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.game import load_kind
from companion.resources import example_paths
from companion.store import GameRecord
from tests.replays import replayed

# examples/ also holds data that is not a game (the Half Deck card catalog).
GAMES = [p for p in example_paths() if "kind" in tomllib.loads(p.read_text())]


def test_every_kind_has_examples() -> None:
    kinds = {tomllib.loads(p.read_text())["kind"] for p in GAMES}
    assert kinds == {"hebrac", "tricky", "halfdeck", "elbereth"}


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_example_replays_to_its_expected_state(path: Path) -> None:
    data = tomllib.loads(path.read_text())
    record = GameRecord.from_toml(data)  # the saved-game format; [expect] is ignored
    assert load_kind(record.kind).normalize_settings(record.settings) == record.settings
    engine, applied = replayed(record.kind, record.settings, record.actions)
    assert [a.action for a in applied] == record.actions, "actions are stored canonical"
    status = engine.status()
    for key, expected in data["expect"].items():
        assert status[key] == expected, key
    assert record.outcome == engine.outcome
