"""Sheets to print: a saved game's score sheet or log, or a blank one for the table.

``game_sheet`` builds a saved game's sheet (with its share code, so the paper
can bring the game back), ``blank_sheet`` an empty one; ``render`` writes
either as 40-column text, Markdown for a chat, or one self-contained HTML
page that prints on one sheet of A4 or Letter. No printing, and no files.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.errors import BadInput
from companion.kinds import kind_info
from companion.numbers import is_whole
from companion.sheets.model import Sheet

if TYPE_CHECKING:
    from companion.history import History

PLAYED_ALONE = ("hebrac", "elbereth")  # their blank sheets take no players


def builder(kind: str) -> Any:
    """The kind's module of this package: its ``game_sheet`` and ``blank_sheet``."""
    return importlib.import_module(f"companion.sheets.{kind_info(kind).name}")


def game_sheet(kind: str, name: str, settings: dict[str, Any], actions: Sequence[str],
               status: dict[str, Any], notes: Sequence[str] = (), redo: Sequence[str] = (),
               history: History | None = None) -> Sheet:
    """The sheet of a saved game, carrying its share code (or why there is none).
    ``history``: the game's trace, when the caller has it (else the game is traced)."""
    from companion.share import share_body

    if history is None:
        from companion.history import trace

        history = trace(kind, settings, actions)
    sheet: Sheet = builder(kind).game_sheet(name, settings, status, notes, history)
    try:
        sheet.share_body = share_body(kind, name, settings, actions, notes, redo)
    except BadInput as error:
        sheet.share_note = str(error)
    return sheet


def blank_sheet(kind: str, players: list[str] | int | None = None) -> Sheet:
    module = builder(kind)
    if kind_info(kind).name not in PLAYED_ALONE:
        sheet: Sheet = module.blank_sheet(players)
    elif players is not None:
        raise BadInput(f"{kind_info(kind).title} is played alone: leave out --players")
    else:
        sheet = module.blank_sheet()
    return sheet


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
    if fmt == "html":
        from companion.sheets.html import render_html

        return render_html(sheet, paper)
    if fmt not in ("text", "md"):
        raise BadInput(f"--format must be text, md or html, not {fmt!r}")
    from companion.sheets.text import render_markdown, render_text

    return render_text(sheet) if fmt == "text" else render_markdown(sheet)
