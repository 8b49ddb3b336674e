"""Issue 35's dead ends and bad breaks: a dead game's spells, odds' letters, a tie of
killers, chamber lists at 40 columns."""

from __future__ import annotations

import json
import re

from companion.text import fill, wrap
from tests.conftest import CLI


def play(cli: CLI, *actions: str) -> None:
    for action in actions:
        result = cli("hebrac", *action.split())
        assert result.code in (0, 1), (action, result.err)


def test_nothing_is_castable_in_a_game_that_is_over(cli: CLI) -> None:
    assert cli("hebrac", "new", "--life", "3").code == 0
    play(cli, "enter A1 2S", "attack 10H", "take 5C")
    assert cli("hebrac", "spells").out.startswith("Castable now with magic 5:\n")
    play(cli, "enter A2 10S", "attack 2H")  # 2 against 10: 8 life lost, dead at 5 magic
    done = cli("hebrac", "spells")
    assert done.code == 0
    assert done.out == ("The game is over (dead): no spell can be cast.\n"
                        "'spells --all' lists them, with their costs.\n")
    every = cli("hebrac", "spells", "--all").out.splitlines()
    assert "Castable" not in cli("hebrac", "spells", "--all").out
    assert every[:2] == [" 1/chamber  Remote Vision  no", "   the game is over (dead)"]
    rows = json.loads(cli("hebrac", "spells", "--json").out)["spells"]
    assert not any(row["castable"] for row in rows)


def test_odds_show_no_letter_they_do_not_explain(cli: CLI) -> None:
    assert cli("hebrac", "new").code == 0
    play(cli, "enter A1 10S")
    short = cli("hebrac", "odds").out
    assert not re.search(r"\[[A-Z](,[A-Z])*\]", short), short
    assert short.endswith("\nAssumptions: see 'odds --assumptions'.\n")
    full = cli("hebrac", "odds", "--assumptions").out
    assert "Win the battle: 73.9% [D,B,K]" in full.splitlines()
    # Each letter shown is explained under 'Assumes:'.
    explained = set(re.findall(r"^ ([A-Z]): ", full, re.M))
    shown = {letter for tag in re.findall(r"\[([A-Z,]+)\]", full) for letter in tag.split(",")}
    assert shown and shown <= explained


def test_a_tie_of_killers_names_them_all(cli: CLI) -> None:
    for killer in ("10S", "9D"):
        assert cli("hebrac", "new", "--life", "1").code == 0
        play(cli, f"enter A1 {killer}", "attack 2H")
    data = json.loads(cli("stats", "hebrac", "--json").out)["kinds"]["hebrac"]
    assert data["killers"] == {"10S warrior": 1, "9D demon": 1}
    assert data["most_common_killer"] is None
    assert data["most_common_killers"] == ["10S warrior", "9D demon"]
    out = cli("stats", "hebrac").out
    assert "Most common killers, tied at 1 each:\n  10S warrior, 9D demon\n" in out
    assert max(len(line) for line in out.splitlines()) <= 40
    assert cli("hebrac", "new", "--life", "1").code == 0
    play(cli, "enter A1 9D", "attack 2H")
    data = json.loads(cli("stats", "hebrac", "--json").out)["kinds"]["hebrac"]
    assert (data["most_common_killer"], data["most_common_killers"]) == ("9D demon",
                                                                         ["9D demon"])
    assert "Most common killer: 9D demon\n" in cli("stats", "hebrac").out


def test_a_chamber_list_never_splits_inside_its_brackets() -> None:
    assert wrap("Next: 'enter CHAMBER ENEMY' (A1, A4, C1, C4)", 40) == [
        "Next: 'enter CHAMBER ENEMY'", "  (A1, A4, C1, C4)"]
    assert fill("Open: [B2, B3, 10H] then on to the next level", 30) == [
        "Open: [B2, B3, 10H] then on to", "the next level"]
    # Words in brackets still break as words; a list wider than a line breaks too.
    assert wrap("one two three four five six seven (a b c d e)", 40) == [
        "one two three four five six seven (a b c", "  d e)"]
    long = wrap("Chambers (A1, A2, A3, A4, B1, B2, B3, B4, C1, C2, C3, C4)", 40)
    assert all(len(line) <= 40 for line in long) and len(long) == 2


def test_status_at_40_columns_keeps_the_corners_together(cli: CLI) -> None:
    assert cli("hebrac", "new").code == 0
    lines = cli("hebrac", "status").out.splitlines()
    assert "  (A1, A4, C1, C4)" in lines
    assert not any(line.rstrip().endswith(("(A1,", "C1,")) for line in lines)
