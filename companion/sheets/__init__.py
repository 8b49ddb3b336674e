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
    from pathlib import Path

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
               history: History | None = None, cache: Path | None = None) -> Sheet:
    """The sheet of a saved game, carrying its share code (or why there is none).
    ``history``: the game's trace, when the caller has it (else the game is traced);
    ``cache``: the home whose cache may keep the game's share code (see ``share_code``)."""
    sheet = builder(kind).game_sheet(name, settings, actions, status, notes, history)
    try:
        sheet.share_code = share_code(kind, name, settings, actions, notes, redo, cache)
    except BadInput as error:
        sheet.share_note = str(error)
    return sheet


def share_code(kind: str, name: str, settings: dict[str, Any], actions: Sequence[str],
               notes: Sequence[str], redo: Sequence[str], home: Path | None = None) -> str:
    """``companion.share.encode``'s code for the game; with ``home``, the last one is kept
    in its cache (``<name>.share``, by ``companion.snapshots``) under a digest of exactly
    what the code encodes and of companion's code. A kept code is used only if that
    digest and its own checksum match: anything else, and a game that cannot be shared,
    is encoded afresh."""
    from companion.snapshots import Snapshots, enabled

    if home is None or not enabled():
        from companion.share import encode

        return encode(kind, name, settings, actions, notes, redo)
    encoded = {"name": name, "settings": settings, "notes": list(notes), "redo": list(redo)}
    kept = Snapshots(home, name, kind, encoded, purpose="share")
    for number, blob in kept.matching(actions)[:1]:
        code = blob.decode("ascii", "replace")
        if number == len(actions) and _checksum_matches(code):
            return code
    from companion.share import encode

    code = encode(kind, name, settings, actions, notes, redo)
    if actions:  # a point is kept after at least one action
        kept.save(actions, {len(actions): code.encode("ascii")})
    return code


def _checksum_matches(code: str) -> bool:
    """``CMP<n>.<body>.<checksum>`` whose checksum is right (``companion.share.checksum``,
    checked here so that a kept code is used without importing the coder)."""
    from hashlib import sha256

    head, dot, given = code.rpartition(".")
    if not dot or not head.startswith("CMP") or "." not in head:
        return False
    digest: str = sha256(head.encode("ascii", "replace")).hexdigest()
    return digest[:8].upper() == given


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
