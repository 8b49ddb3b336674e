"""companion.game.verify: "is this legal now?" asked of a copy of the game."""

from __future__ import annotations

import copy

import pytest

from companion.errors import RuleRefused
from companion.game import replay, verify
from tests.statecheck import differences

GAMES = {
    "hebrac": ({}, ["enter A1 9S"], "attack 10H", "next-level"),
    "tricky": ({"players": ["Ann", "Bo"]}, ["round thief"], "trick R1 R5", "round wizard"),
    "elbereth": ({"equip": ["sword", "armour"]}, [], "attack spider 5", "descend"),
    "halfdeck": ({}, ["hand warrior cleric 'steel sword' 'torn map' 'cracked shield' escape",
                      "discard 'torn map' 'cracked shield'", "hand 'rusty sword' 'team attack'",
                      "hero warrior --str 4 --mag 1", "hero cleric --str 1 --mag 4",
                      "equip warrior 'steel sword' --str +2",
                      "draw 'goblin minion' --minion --str 7 --loot 1"],
                 "attack warrior 3", "draw 'shadow imp' --minion --mag 8 --loot 2"),
}


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_verify_rules_as_apply_and_changes_nothing(kind: str) -> None:
    settings, played, legal, refused = GAMES[kind]
    engine = replay(kind, settings, played)
    before = copy.deepcopy(engine)
    ruled = verify(engine, legal)
    assert not differences(engine, before)  # the game itself is untouched, every field
    with pytest.raises(RuleRefused) as verified:
        verify(engine, refused)
    assert not differences(engine, before)
    with pytest.raises(RuleRefused) as applied:
        engine.apply(refused)
    assert str(verified.value) == str(applied.value)  # the refusal is the one apply gives
    assert ruled == engine.apply(legal)  # and the ruling is the one applying gives
