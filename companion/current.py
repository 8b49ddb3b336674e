"""Which game is current, and its kind, read without the store.

A rule lookup ranks the current game's sections first, so it asks for the
current game's kind; loading the store for that (its records, its TOML
parser) would cost more than the lookup. ``Store`` reads the same things
through these functions.
"""

from __future__ import annotations

import re
from pathlib import Path

from companion import safefile
from companion.errors import DataProblem
from companion.resources import data_home

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
"""A game's name (and its file's stem)."""

# The first lines of a save as the store writes them; anything else is read by the store.
_HEAD = re.compile(rb'schema = [0-9]+\nkind = "([a-z]+)"\n')


def save_path(home: Path, name: str) -> Path:
    """Where the game ``name`` (already checked) is saved under ``home``."""
    return home / "games" / f"{name}.toml"


def current_name(home: Path) -> str | None:
    """The current game's name, or None (none set, or the pointer is unreadable)."""
    try:
        name = safefile.read_text(home / "current", 256).strip()
    except (OSError, DataProblem):
        return None
    return name if NAME.fullmatch(name) else None


def current_kind(home: Path | None = None) -> str | None:
    """The current game's kind, or None when there is no readable current game.

    Read from the first two lines of the save, as the store writes them (a rule
    lookup only ranks sections by it); a save laid out otherwise (edited by hand)
    has no kind here: the store reads and checks it when the game is opened.
    """
    home = data_home() if home is None else home
    name = current_name(home)
    if name is None:
        return None
    try:
        head = safefile.read_bytes(save_path(home, name), 64, head=True)
    except (OSError, DataProblem):
        return None
    found = _HEAD.match(head)
    return found.group(1).decode("ascii") if found is not None else None
