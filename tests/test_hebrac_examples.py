"""Whole Hebrac games from examples/, replayed with their final state asserted."""

from __future__ import annotations

import tomllib

from companion.resources import resource_dir

EXAMPLES = sorted(resource_dir("examples").glob("hebrac-*.toml"))


def test_there_are_a_win_a_death_every_enemy_and_spells() -> None:
    names = {p.stem for p in EXAMPLES}
    assert {"hebrac-win", "hebrac-death", "hebrac-every-enemy", "hebrac-spells"} <= names


def test_every_enemy_kind_is_met() -> None:
    from companion.cards import Card
    from companion.hebrac.rules import enemy_kind

    data = tomllib.loads((resource_dir("examples") / "hebrac-every-enemy.toml").read_text())
    kinds = {enemy_kind(Card.parse(a.split()[2])) for a in data["actions"]
             if a.startswith("enter ") and len(a.split()) == 3}
    assert kinds == {"empty", "warrior", "amazon", "magician", "demon", "adventurer",
                     "black priestess", "white priestess", "merchant", "hebrac"}


def test_spells_example_casts_eight_different_spells() -> None:
    data = tomllib.loads((resource_dir("examples") / "hebrac-spells.toml").read_text())
    assert len(set(data["expect"]["spells_cast"])) >= 8
