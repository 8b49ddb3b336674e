"""companion.game.verify and can_apply: "is this legal now?" asked of a copy of the game."""

from __future__ import annotations

import pytest

from companion.errors import RuleRefused
from companion.game import can_apply, replay, verify

GAMES = {
    "hebrac": ({}, ["enter A1 9S"], "attack 10H", "next-level"),
    "tricky": ({"players": ["Ann", "Bo"]}, ["round thief"], "trick R1 R5", "round wizard"),
    "elbereth": ({"equip": ["sword", "armour"]}, [], "attack spider 5", "descend"),
}


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_verify_rules_as_apply_and_changes_nothing(kind: str) -> None:
    settings, played, legal, refused = GAMES[kind]
    engine, _ = replay(kind, settings, played)
    before = engine.state_data()
    assert can_apply(kind, settings, engine, legal)
    ruled = verify(kind, settings, engine, legal)
    assert engine.state_data() == before  # the game itself is untouched
    assert ruled == engine.apply(legal)  # and the ruling is the one applying gives
    with pytest.raises(RuleRefused):
        verify(kind, settings, engine, refused)
    assert can_apply(kind, settings, engine, refused) is False
