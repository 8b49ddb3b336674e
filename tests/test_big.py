"""The big view: the numbers that matter now, in large digits, for every kind."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.cli.glance import big_lines, big_text, figures
from companion.game import replay

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def example(name: str) -> tuple[str, dict[str, object]]:
    data = tomllib.loads((EXAMPLES / f"{name}.toml").read_text(encoding="utf-8"))
    engine = replay(data["kind"], data["settings"], data["actions"])
    return data["kind"], engine.status()


def test_digits_are_five_rows_of_three_columns() -> None:
    assert big_text("10") == [" #  ###", "##  # #", " #  # #", " #  # #", "### ###"]
    assert big_text("7/15", "*")[0] == "***   *  *  ***"


def test_a_character_without_a_glyph_shows_as_a_question_mark() -> None:
    assert big_text("x") == big_text("?")


@pytest.mark.parametrize(("name", "labels"), [
    ("hebrac-death", ["life", "magic"]),
    ("tricky-4p", None),
    ("halfdeck-coop", ["warrior", "cleric"]),
    ("elbereth-win", ["floor", "deck", "equipped"]),
])
def test_each_kind_shows_its_own_numbers(name: str, labels: list[str] | None) -> None:
    kind, status = example(name)
    _heading, shown = figures(kind, status)
    if labels is None:  # Tricky: one figure per player, their gold
        assert [label for label, _ in shown] == list(status["scores"])  # type: ignore[call-overload]
    else:
        assert [label for label, _ in shown][:len(labels)] == labels
    lines = big_lines(kind, status, 40, blocks=False)
    assert all(len(line) <= 40 for line in lines)
    assert len(lines) <= 30


def test_hebrac_shows_life_out_of_its_maximum_and_the_enemy_in_battle() -> None:
    status = {"life": 12, "max_life": 15, "magic_points": 7, "level": 2, "position": "B3",
              "encounter": {"enemy": "10D", "enemy_life": 10, "stage": "battle"},
              "outcome": "playing"}
    lines = big_lines("hebrac", status, 40, blocks=True)
    assert lines[0] == "Level 2, at B3"
    assert lines[2] == "life"
    assert lines[3] == big_text("12/15", "\u2588")[0]
    assert "enemy 10D" in lines


def test_a_number_too_wide_for_the_screen_is_written_small() -> None:
    status = {"rounds_played": 1, "rounds_total": 8, "scores": {"Ann": 123456789},
              "outcome": "playing"}
    lines = big_lines("tricky", status, 20, blocks=False)
    assert "Ann: 123456789" in lines


def test_the_end_of_a_game_is_said_in_the_heading() -> None:
    status = {"rounds_played": 8, "rounds_total": 8, "scores": {"Ann": 3, "Bo": 5},
              "outcome": "finished"}
    assert big_lines("tricky", status, 40, blocks=False)[0] == "Round 8 of 8: gold (finished)"
