"""Which game is current, and its kind, read without the store.

Each kind keeps its own current game (``current-KIND``: the game ``companion
KIND ...`` acts on), and ``current`` names the one made current last, of any
kind. A data folder written before kinds kept their own has ``current`` only:
it stands for its own kind's pointer until that pointer is written.

A rule lookup ranks the current game's sections first, so it asks for the
current game's kind; loading the store for that (its records, its TOML
parser) would cost more than the lookup. ``Store`` reads the same things
through these functions.
"""

from __future__ import annotations

import re
from collections.abc import Callable
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


def pointer_path(home: Path, kind: str | None = None) -> Path:
    """The file naming the current game: of ``kind``, or (None) the last made current."""
    return home / ("current" if kind is None else f"current-{kind}")


def read_pointer(home: Path, kind: str | None = None) -> str | None:
    """The name a pointer file holds, or None (no file, or unreadable)."""
    try:
        name = safefile.read_text(pointer_path(home, kind), 256).strip()
    except (OSError, DataProblem):
        return None
    return name if NAME.fullmatch(name) else None


def current_name(home: Path, kind: str | None = None,
                 stands: Callable[[str], bool] | None = None) -> str | None:
    """The current game's name, or None (none set, or the pointer is unreadable).

    With ``kind``: that kind's current game; without its own pointer, the last game
    made current if it stands for that kind (a folder from before kinds kept their
    own): ``stands(name)``, by default whether its save says it is of that kind.
    """
    name = read_pointer(home, kind)
    if name is not None or kind is None:
        return name
    last = read_pointer(home)
    if last is None:
        return None
    return last if (stands(last) if stands else saved_kind(home, last) == kind) else None


def current_kind(home: Path | None = None) -> str | None:
    """The current game's kind, or None when there is no readable current game.

    Read from the first two lines of the save, as the store writes them (a rule
    lookup only ranks sections by it); a save laid out otherwise (edited by hand)
    has no kind here: the store reads and checks it when the game is opened.
    """
    home = data_home() if home is None else home
    name = current_name(home)
    return None if name is None else saved_kind(home, name)


def saved_kind(home: Path, name: str) -> str | None:
    """The kind of the save ``name``, read from its first two lines as the store writes
    them; None when it has no such lines, or no readable file."""
    try:
        head = safefile.read_bytes(save_path(home, name), 64, head=True)
    except (OSError, DataProblem):
        return None
    found = _HEAD.match(head)
    return found.group(1).decode("ascii") if found is not None else None
