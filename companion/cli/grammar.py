"""The short forms of the commands every game shares, and the kinds' own short names (a
game's verbs declare theirs in its verb table). Light: read on every line.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING

from companion.kinds import KINDS

if TYPE_CHECKING:
    from companion.verbs import Grammar, Value

# The commands every game has. Undo and redo keep '-' and '+' everywhere, and 'u'/'r'
# where no commoner verb of the game wants the letter (a game's own short forms win).
SHARED: dict[str, str] = {"s": "status", "l": "log", "u": "undo", "r": "redo", "-": "undo",
                          "+": "redo"}


@cache
def grammar_of(kind: str) -> Grammar[Value]:
    """The verb table of ``kind`` (imported only when its game's words are read)."""
    grammar: Grammar[Value] = importlib.import_module(f"companion.{kind}.grammar").GRAMMAR
    return grammar


def aliases(kind: str | None) -> dict[str, str]:
    """A game's short forms: the shared ones, then its own verbs' (which win)."""
    if kind not in KINDS:
        return dict(SHARED)
    return {**SHARED, **grammar_of(kind).aliases()}


def shorts_by_name(kind: str) -> dict[str, list[str]]:
    """Each command of a game that has short forms, and its short forms."""
    found: dict[str, list[str]] = {}
    for short, name in aliases(kind).items():
        found.setdefault(name, []).append(short)
    return found


def implicit_verb(kind: str | None, word: str) -> str | None:
    """The verb a game's line means when it starts with ``word`` instead of a verb: in
    Hebrac a chamber ('C1 3S') can only be entered, the action typed most after attack."""
    rule = grammar_of(kind).implicit if kind in KINDS else None
    return rule[1] if rule is not None and rule[0].fullmatch(word) else None


def kind_aliases() -> dict[str, str]:
    return {alias: info.name for info in KINDS.values() for alias in info.aliases}
