"""Sheets to print: a saved game's score sheet or log, or a blank one for the table.

``game_sheet`` builds a saved game's sheet (with its share code, so the paper
can bring the game back), ``blank_sheet`` an empty one; ``render`` writes
either as 40-column text, Markdown for a chat, or one self-contained HTML
page that prints on one sheet of A4 or Letter. No printing, and no files but
the share code kept in the game's cache when the caller names its home.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from companion.errors import BadInput
from companion.game import kind_info
from companion.numbers import is_whole
from companion.sheets.model import Sheet

if TYPE_CHECKING:
    from companion.history import History

PAPERS = ("a4", "letter")
BUILDERS = {
    "hebrac": "companion.sheets.hebrac",
    "tricky": "companion.sheets.tricky",
    "halfdeck": "companion.sheets.halfdeck",
    "elbereth": "companion.sheets.elbereth",
}


class Builder(Protocol):
    def game_sheet(self, name: str, settings: dict[str, Any], actions: Sequence[str],
                   status: dict[str, Any], notes: Sequence[str],
                   history: History | None = None) -> Sheet: ...

    def blank_sheet(self, players: list[str] | int | None) -> Sheet: ...


def builder(kind: str) -> Builder:
    name = kind_info(kind).name
    module: Any = importlib.import_module(BUILDERS[name])
    return module  # type: ignore[no-any-return]


def game_sheet(kind: str, name: str, settings: dict[str, Any], actions: Sequence[str],
               status: dict[str, Any], notes: Sequence[str] = (), redo: Sequence[str] = (),
               history: History | None = None) -> Sheet:
    """The sheet of a saved game, carrying its share code (or why there is none).
    ``history``: the game's trace, when the caller has it (else the game is traced)."""
    sheet = builder(kind).game_sheet(name, settings, actions, status, notes, history)
    try:
        sheet.share_code = share_code(kind, name, settings, actions, notes, redo)
    except BadInput as error:
        sheet.share_note = str(error)
    return sheet


def share_code(kind: str, name: str, settings: dict[str, Any], actions: Sequence[str],
               notes: Sequence[str], redo: Sequence[str]) -> str:
    """``companion.share.encode``'s code for the game."""
    from companion.share import encode

    return encode(kind, name, settings, actions, notes, redo)


def blank_sheet(kind: str, players: list[str] | int | None = None) -> Sheet:
    return builder(kind).blank_sheet(players)


def parse_players(values: Sequence[str]) -> list[str] | int | None:
    """``--players``: a count (``3``) or names (``Ann Bo`` or ``Ann,Bo``); None if not given."""
    names = [part.strip() for value in values for part in value.split(",") if part.strip()]
    if not names:
        return None
    if len(names) == 1 and names[0].isascii() and names[0].isdigit():
        if not is_whole(names[0]):
            raise BadInput(f"--players: {names[0][:12]}... is not a number of players")
        return int(names[0])
    if any(name.isdigit() or is_whole(name) for name in names):
        raise BadInput("--players takes a count (3) or names (Ann Bo Cy), not both")
    return names


def render(sheet: Sheet, fmt: str = "text", paper: str = "a4") -> str:
    if fmt == "text":
        from companion.sheets.text import render_text

        return render_text(sheet)
    if fmt == "md":
        from companion.sheets.text import render_markdown

        return render_markdown(sheet)
    if fmt == "html":
        from companion.sheets.html import render_html

        return render_html(sheet, paper)
    raise BadInput(f"--format must be text, md or html, not {fmt!r}")
