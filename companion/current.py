"""Which game is current, and its kind, read without the store (a rule lookup asks for
the current game's kind; loading the store would cost more than the lookup).

Each kind keeps its own current game (``current-KIND``: the game ``companion KIND ...``
acts on), and ``current`` names the one made current last, of any kind. A data folder
written before kinds kept their own has ``current`` only: it stands for its own kind's
pointer until that pointer is written.
"""

from __future__ import annotations

import re
from pathlib import Path

from companion import safefile
from companion.errors import DataProblem
from companion.resources import data_home

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")  # a game's name, its file's stem

# The first lines of a save as the store writes them; anything else is read by the store.
_HEAD = re.compile(rb'schema = [0-9]+\nkind = "([a-z]+)"\n')


def save_path(home: Path, name: str) -> Path:
    return home / "games" / f"{name}.toml"


def pointer_path(home: Path, kind: str | None = None) -> Path:
    """The file naming the current game: of ``kind``, or (None) the last made current."""
    return home / ("current" if kind is None else f"current-{kind}")


def read_pointer(home: Path, kind: str | None = None) -> str | None:
    try:
        name = safefile.read_text(pointer_path(home, kind), 256).strip()
    except (OSError, DataProblem):
        return None
    return name if NAME.fullmatch(name) else None


def current_name(home: Path, kind: str | None = None) -> str | None:
    """The current game's name, or None. With ``kind``: that kind's current game; without
    its own pointer, the last game made current if its save says it is of that kind."""
    name = read_pointer(home, kind)
    if name is not None or kind is None:
        return name
    last = read_pointer(home)
    return last if last is not None and saved_kind(home, last) == kind else None


def current_kind(home: Path | None = None) -> str | None:
    """The current game's kind (``saved_kind``: a rule lookup only ranks sections by it),
    or None."""
    home = data_home() if home is None else home
    name = current_name(home)
    return None if name is None else saved_kind(home, name)


def saved_kind(home: Path, name: str) -> str | None:
    """The kind of the save ``name``, read from its first two lines as the store writes
    them; None when it has no such lines (a hand edit: the store reads the whole file)."""
    try:
        head = safefile.read_bytes(save_path(home, name), 64, head=True)
    except (OSError, DataProblem):
        return None
    found = _HEAD.match(head)
    return found.group(1).decode("ascii") if found is not None else None
