"""Wrapping for terminals: lines fit the width, no word is lost, cut or reordered, and a
line never breaks inside what reads as one unit (``companion.text.units``)."""

from __future__ import annotations

import io
import os
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion import rulebook
from companion.cli import output
from companion.text import GLUE, fill, units, wrap
from companion.tricky import cards
from tests.conftest import CLI

WORD = st.text(alphabet="abcdefghijKQ10HS->:,()'", min_size=1, max_size=14)
# Words as the games print them, so that every kind of unit turns up often.
TOKEN = st.one_of(
    st.sampled_from(["->", "Ann", "Bartholomew", "Mary-Jo", "life", "gold", "potions",
                     "vs", "for", "12", "3", "15/15", "+8", "Y4", "10H", "(3", "players,",
                     "'attack", "CARD'", "'next-level'", "'enter", "CHAMBER", "ENEMY'",
                     "Scores:", "lose", "2-10", "x" * 45]),
    WORD)


@given(indent=st.integers(0, 8), words=st.lists(WORD, min_size=1, max_size=30),
       gaps=st.lists(st.integers(1, 3), min_size=30, max_size=30),
       columns=st.integers(20, 120))
def test_a_printed_line_keeps_every_word_in_order_within_the_width(
    indent: int, words: list[str], gaps: list[int], columns: int
) -> None:
    line = " " * indent + "".join(w + " " * g for w, g in zip(words, gaps, strict=False)).rstrip()
    lines = wrap(line, columns, printed=True)
    assert " ".join(lines).split() == line.split()
    for part in lines:
        assert len(part) <= columns or len(part.split()) == 1, (part, columns)
    assert lines[0].startswith(" " * indent)
    if len(line) <= columns:
        assert lines == [line]


def straddles(text_units: list[str], lines: list[str]) -> list[str]:
    """The units that fit a line yet were split between two."""
    ends, count = set(), 0
    for line in lines[:-1]:
        count += len(line.split())
        ends.add(count)
    split, at = [], 0
    for unit in text_units:
        size = len(unit.split())
        if any(at < end < at + size for end in ends):
            split.append(unit)
        at += size
    return split


@given(words=st.lists(TOKEN, min_size=1, max_size=25), columns=st.integers(20, 80),
       rest=st.sampled_from(["", "  ", "    "]))
def test_fill_keeps_words_fits_the_width_and_never_splits_a_unit_that_fits(
    words: list[str], columns: int, rest: str
) -> None:
    text = " ".join(words)
    lines = fill(text, columns, "", rest)
    assert " ".join(lines).split() == text.split()  # every word, in order
    for line in lines:
        assert len(line) <= columns or len(line.split()) == 1, (line, columns)
    fitting = [unit for unit in units(text) if len(rest) + len(unit) <= columns]
    assert not set(straddles(units(text), lines)) & set(fitting), lines


@given(words=st.lists(TOKEN, min_size=1, max_size=25), columns=st.integers(20, 80))
def test_wrap_cuts_only_a_word_wider_than_a_line(words: list[str], columns: int) -> None:
    text = " ".join(words)
    lines = wrap(text, columns)
    assert all(len(line) <= columns for line in lines), lines
    assert "".join("".join(lines).split()) == "".join(text.split())


def test_units_at_40_columns_for_each_kind() -> None:
    # A change, whole with the name that owns its number.
    assert fill("attack 4 = 4 vs warrior 5: lose 1 life, 15 -> 14", 40) == [
        "attack 4 = 4 vs warrior 5: lose 1 life,", "15 -> 14"]
    assert fill("Both dice of the throw are now: 5/4 -> 7/6", 40, "", "  ") == [
        "Both dice of the throw are now:", "  5/4 -> 7/6"]
    # A name and its score, or the card its player played.
    assert fill("Scores: Annabelle 10, Bartholomew 12, Christopher 3", 40, "", "  ") == [
        "Scores: Annabelle 10, Bartholomew 12,", "  Christopher 3"]
    assert fill("     Trick 4 of 9, red asked: Cy R1, Ann R0, Bo R7", 40, "", "       ") == [
        "     Trick 4 of 9, red asked: Cy R1,", "       Ann R0, Bo R7"]
    # A count and what it counts; a linking word owns no number.
    assert fill("Round 6 over. Troubadour: 4 tricks + 4 potions = 8 gold", 40, "", "  ") == [
        "Round 6 over. Troubadour: 4 tricks +", "  4 potions = 8 gold"]
    assert fill("Tricky Dungeon, rules checked against (3 players, unverified)", 40) == [
        "Tricky Dungeon, rules checked against", "(3 players, unverified)"]
    assert units("Rules for 2 players") == ["Rules", "for", "2 players"]
    # A hyphenated command name is one word; a short quoted command stays whole.
    assert fill("All chambers are cleared here: go on with 'next-level'", 40, "", "  ") == [
        "All chambers are cleared here: go on", "  with 'next-level'"]
    assert fill("A1: 5S = warrior, life 5: 'attack CARD' or 'reveal CARD'", 40, "", "  ") == [
        "A1: 5S = warrior, life 5: 'attack CARD'", "  or 'reveal CARD'"]
    assert units("'enter CHAMBER ENEMY' or 'buy CARD CARD'") == [
        "'enter", "CHAMBER", "ENEMY'", "or", "'buy CARD CARD'"]  # over 16 characters
    # Names the caller knows (a hero), and a phrase it glued (a coloured one).
    assert cards.wrap("Heroes of this game: Thief, Fairy Scout, Nymph", 40,
                       keep=["Fairy Scout"]) == [
        "Heroes of this game: Thief, Fairy Scout,", "  Nymph"]
    assert fill(f"Ann has won the game by a lot: lose{GLUE}2{GLUE}life", 40) == [
        "Ann has won the game by a lot:", "lose 2 life"]


def test_a_unit_wider_than_the_screen_breaks_at_its_spaces() -> None:
    assert fill("Changed: Bartholomew-the-Elder -> Christopher-the-Younger", 40, "", "  ") == [
        "Changed: Bartholomew-the-Elder ->", "  Christopher-the-Younger"]
    glued = GLUE.join("Gold: Annabelle 10, Bartholomew 12, Christopher 3".split())
    assert fill(glued, 40, "", "  ") == [
        "Gold: Annabelle 10, Bartholomew 12,", "  Christopher 3"]  # its own units kept
    assert fill("see " + "x" * 45 + " now", 40) == ["see", "x" * 45, "now"]  # kept whole
    assert wrap("see " + "x" * 45 + " now", 40) == ["see " + "x" * 36, "  " + "x" * 9 + " now"]


def test_a_printed_line_continues_two_more_spaces_in() -> None:
    line = "   A1: 5S = warrior, life 5: 'attack CARD' or 'reveal CARD'"
    assert wrap(line, 30, printed=True) == [
        "   A1: 5S = warrior, life 5:",
        "     'attack CARD' or",
        "     'reveal CARD'",
    ]
    assert wrap("short", 40, printed=True) == ["short"]
    assert wrap("x" * 50, 40, printed=True) == ["x" * 50]
    assert wrap("Ann  12    Bo  3    Cy  9    Dee  0    Eve  7", 30, printed=True) == [
        "Ann  12    Bo  3    Cy  9", "  Dee  0    Eve  7"]  # columns keep their spaces


def test_rule_titles_wrap_under_their_own_first_character(cli: CLI) -> None:
    for game in rulebook.GAMES:
        lines = cli("rules", game, "--toc").out.splitlines()
        assert all(len(line) <= 40 for line in lines), game
        for parent, _ in rulebook.toc(game):
            titles = parent.split(" > ")
            shown = fill(parent, 40, keep=titles)
            assert any(lines[at:at + len(shown)] == shown  # under its first letter
                       for at in range(len(lines))), shown
            if all(len(title) + 2 <= 40 for title in titles):
                assert all(line.endswith(" >") for line in shown[:-1]), shown
        for line in lines:
            if line.startswith("    "):  # a title under its id, every line at 4
                assert not line.startswith("     "), line


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
