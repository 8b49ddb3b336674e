"""Whole Half Deck games from examples/, replayed with their final state asserted."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.game import replay
from companion.halfdeck import catalog
from companion.resources import resource_dir

GAMES = sorted(p for p in resource_dir("examples").glob("halfdeck-*.toml")
               if p.name != catalog.FILE_NAME)


def test_there_are_a_win_and_a_loss() -> None:
    assert {"halfdeck-win", "halfdeck-loss"} <= {p.stem for p in GAMES}


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_example_blue_cards_add_up_to_26(path: Path) -> None:
    data = tomllib.loads(path.read_text())
    engine = replay(data["kind"], data["settings"], data["actions"])
    in_play = sum(1 + (h.gear is not None) for h in engine.heroes)
    hands = sum(len(cards) for cards in engine.hands.values())
    assert engine.hero_deck + engine.hero_discard + engine.hero_removed + hands + in_play == 26


def test_the_win_uses_assist_team_cards_standby_and_shuffle_back() -> None:
    actions = tomllib.loads((resource_dir("examples") / "halfdeck-win.toml").read_text())[
        "actions"]
    verbs = {a.split()[0] for a in actions}
    assert {"team-attack", "team-escape", "shuffle-back", "challenge", "heal"} <= verbs
    assert any("--assist" in a for a in actions)
    assert any("--standby" in a for a in actions)


def test_the_seed_catalog_holds_the_cards_the_rules_name() -> None:
    cards = catalog.read_file(catalog.seed_path())
    assert {n: c.describe() for n, c in cards.items()} == {
        "warrior": "hero S4 M?", "cleric": "hero S? M?", "steel sword": "gear S+2",
        "rusty sword": "gear S+1", "goblin minion": "minion S7",
        "rock golem boss": "boss S10", "spiked pit trap": "trap S7"}


def test_the_coop_game_picks_trades_and_rescues() -> None:
    data = tomllib.loads((resource_dir("examples") / "halfdeck-coop.toml").read_text())
    assert data["settings"]["players"] == 2 and data["settings"]["rescue"] == "ranger"
    verbs = {a.split()[0] for a in data["actions"]}
    assert {"trade", "team-attack", "team-escape"} <= verbs
    assert any("--pick" in a for a in data["actions"])
    assert any("--loot-to" in a for a in data["actions"])
