"""Wrapping for terminals: lines fit the width, no word is lost, cut or reordered."""

from __future__ import annotations

import io
import os
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cli import output
from companion.cli.output import fit

WORD = st.text(alphabet="abcdefghijKQ10HS->:,()'", min_size=1, max_size=14)


@given(indent=st.integers(0, 8), words=st.lists(WORD, min_size=1, max_size=30),
       gaps=st.lists(st.integers(1, 3), min_size=30, max_size=30),
       columns=st.integers(20, 120))
def test_fit_keeps_every_word_in_order_within_the_width(
    indent: int, words: list[str], gaps: list[int], columns: int
) -> None:
    line = " " * indent + "".join(w + " " * g for w, g in zip(words, gaps, strict=False)).rstrip()
    lines = fit(line, columns)
    assert " ".join(lines).split() == line.split()
    for part in lines:
        assert len(part) <= columns or len(part.split()) == 1, (part, columns)
    assert lines[0].startswith(" " * indent)
    if len(line) <= columns:
        assert lines == [line]


def test_fit_indents_continuations_two_more() -> None:
    assert fit("   A1: 5S = warrior, life 5: 'attack CARD' or 'reveal CARD'", 30) == [
        "   A1: 5S = warrior, life 5:",
        "     'attack CARD' or 'reveal",
        "     CARD'",
    ]
    assert fit("short", 40) == ["short"]
    assert fit("x" * 50, 40) == ["x" * 50]


class Screen(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_terminals_get_wrapped_lines_and_pipes_whole_ones(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "20")
    monkeypatch.setenv("NO_COLOR", "1")  # colour keeps phrases whole: see test_narrow_*
    text = "attack 4 = 4 vs warrior 5: lose 1 life, 15 -> 14"
    screen, pipe = Screen(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", screen)
    output.echo(text)
    monkeypatch.setattr(sys, "stdout", pipe)
    output.echo(text)
    monkeypatch.undo()
    assert screen.getvalue() == ("attack 4 = 4 vs\n  warrior 5: lose 1\n  life, 15 -> 14\n")
    assert pipe.getvalue() == text + "\n"


def test_width_comes_from_columns_else_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "57")
    assert output.width() == 57
    monkeypatch.setenv("COLUMNS", "zero")
    assert output.width() >= 1
    monkeypatch.delenv("COLUMNS")
    assert output.width() >= 1


def test_plain_sets_and_gives_back_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    output.set_plain(True)
    try:
        assert output.plain() and not output.colour_allowed()
        assert os.environ["NO_COLOR"] == "1"
    finally:
        output.set_plain(False)
    assert "NO_COLOR" not in os.environ
