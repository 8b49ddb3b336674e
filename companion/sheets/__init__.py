"""Sheets to print: what a sheet holds, independent of its format: sections of simple
blocks (values: ``_replace`` changes one).

``sheets/games.py`` builds each kind's (a saved game's, or a blank one for the table);
``sheets/text.py`` writes one as 40-column text or chat Markdown, ``sheets/html.py`` as
one self-contained HTML page that prints on one sheet of A4 or Letter. No printing,
and no files.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.kinds import kind_info
from companion.values import Record, Value

PAPERS = {"a4": "A4", "letter": "letter"}  # each paper as CSS names it


class Fields(Value):
    """``Label: value`` lines; an empty value leaves a line to write on."""

    pairs: tuple[tuple[str, str], ...]


class Track(Value):
    """Numbered boxes 1..total, the first ``marked`` filled in (life, gold to win...)."""

    label: str
    total: int
    marked: int = 0
    note: str = ""


class Checks(Value):
    """Tick boxes: the label and whether it is ticked."""

    items: tuple[tuple[str, bool], ...]


class Table(Value):
    """A table. On a narrow screen each row is stacked: ``title`` (a format string on
    the cells, ``{0}``...) heads the row, the other cells follow as ``Header value``,
    or as ``Group a/b`` when ``groups`` (label, span) sit above the headers."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    title: str = "{0}"
    key: int = 1
    groups: tuple[tuple[str, int], ...] = ()
    numeric: tuple[int, ...] = ()
    """Columns aligned to the right."""
    foot: tuple[str, ...] = ()
    """A last row (totals), set apart."""
    writing: bool = False
    """Rows left empty to be written on: taller in print."""
    note: str = ""
    split: int = 1
    """On paper, the rows in this many side-by-side runs (a long two-column list)."""
    widths: tuple[int, ...] = ()
    """On paper, each column's share of the width (a column to write a word in)."""

    @property
    def lead(self) -> int:
        """The columns before the first one under a group label."""
        return len(self.headers) - sum(span for _, span in self.groups)


class Writing(Value):
    """Lines to write on, each with its label."""

    labels: tuple[str, ...]


class Para(Value):
    text: str


class Chart(Value):
    """A line chart over the game: each series' value after each action (index 0: before
    any; None where its subject was not in play), marks where a level, round or floor
    begins. Drawn as SVG on paper (``html.py``), as sparklines in text (``text.py``)."""

    measure: str
    series: tuple[tuple[str, tuple[int | None, ...]], ...]
    marks: tuple[tuple[int, str], ...] = ()

    @property
    def values(self) -> list[int]:
        """Every value of every series, gaps left out."""
        return [v for _, values in self.series for v in values if v is not None]

    @property
    def top(self) -> int:
        return max(self.values, default=1)


Block = Fields | Track | Checks | Table | Writing | Para | Chart


class Section(Value):
    title: str
    blocks: tuple[Block, ...]
    side: bool = False
    """On paper, in the narrow column beside the main one (reference, hero table)."""
    wide: bool = False
    """On paper, across the whole page above the two columns (a big table to write in)."""


# What each kind's sheet of a saved game is called; a blank one is the "blank" one.
HEADINGS = {"hebrac": "adventure log", "tricky": "score sheet", "halfdeck": "party sheet",
            "elbereth": "dungeon log"}


class Sheet(Record):
    """A sheet to print: a saved game's (named), or a blank one (``name`` is "")."""

    __slots__ = ("kind", "name", "lines", "sections", "share_body", "share_note", "dense")

    def __init__(self, kind: str, name: str, lines: Sequence[str], sections: list[Section],
                 dense: bool = False) -> None:
        self.kind = kind
        self.name = name
        self.lines = tuple(lines)  # under the heading: the game's name, outcome and the like
        self.sections = sections
        self.share_body: str | None = None  # the share code without its checksum
        self.share_note: str | None = None  # why there is no QR code, when a saved game has none
        self.dense = dense  # much to print: smaller type, so that it still fits one page

    @property
    def title(self) -> str:
        return kind_info(self.kind).title

    @property
    def heading(self) -> str:
        return ("" if self.name else "blank ") + HEADINGS[self.kind]

    @property
    def share_code(self) -> str | None:
        """The share code, its checksum made only where it is shown (a text sheet says
        only that there is one)."""
        from companion.share import with_checksum

        return None if self.share_body is None else with_checksum(self.share_body)
