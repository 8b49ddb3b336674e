"""Sheets as plain text (40 columns: a phone held upright) and as Markdown for a chat.

Tables are drawn as aligned columns when they fit, else stacked one row per
few lines. In Markdown, headings and lists are Markdown and tables go in a
fenced block, so they stay aligned in any chat that shows monospace.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from companion.sheets import Block, Chart, Checks, Fields, Sheet, Table, Track, Writing
from companion.spark import labelled

WIDTH = 40
FULL, EMPTY = "\u25a0", "\u25a1"  # filled and empty squares


def wrap(text: str, width: int = WIDTH, indent: str = "") -> list[str]:
    return textwrap.wrap(text, width, subsequent_indent=indent, break_long_words=True,
                         break_on_hyphens=False) or [""]


def render_text(sheet: Sheet, width: int = WIDTH) -> str:
    lines = wrap(f"{sheet.title}: {sheet.heading}".upper(), width)
    for line in sheet.lines:
        lines += wrap(line, width)
    for section in sheet.sections:
        lines += ["", *wrap(f"== {section.title} ==", width)]
        for block in section.blocks:
            lines += block_lines(block, width)
    end = (f"Move it to another device: companion share -g {sheet.name}"
           if sheet.share_body else sheet.share_note)
    if end:
        lines += ["", *wrap(end, width)]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def render_markdown(sheet: Sheet, width: int = WIDTH) -> str:
    lines = [f"## {sheet.title}: {sheet.heading}"]
    lines += [f"{line}  " for line in sheet.lines]
    for section in sheet.sections:
        lines += ["", f"### {section.title}"]
        for block in section.blocks:
            lines += markdown_lines(block, width)
    code = sheet.share_code  # its checksum made once
    if code:
        lines += ["", "### Share code", "", "To carry on with this game: `companion import CODE`",
                  "", f"`{code}`"]
    elif sheet.share_note:
        lines += ["", sheet.share_note]
    return "\n".join(lines) + "\n"


# -- blocks ---------------------------------------------------------------------
def block_lines(block: Block, width: int = WIDTH) -> list[str]:
    if isinstance(block, Fields):
        out: list[str] = []
        for label, value in block.pairs:
            if value:
                out += wrap(f"{label}: {value}", width, "  ")
            else:
                out.append(_blank_line(f"{label}: ", width))
        return out
    if isinstance(block, Track):
        return _track_lines(block, width)
    if isinstance(block, Checks):
        return [part for label, ticked in block.items
                for part in wrap(f"[{'x' if ticked else ' '}] {label}", width, "    ")]
    if isinstance(block, Table):
        return table_lines(block, width)
    if isinstance(block, Writing):
        return [_blank_line(f"{label}: " if label else "", width) for label in block.labels]
    if isinstance(block, Chart):
        return chart_lines(block, width)
    return wrap(block.text, width)


def markdown_lines(block: Block, width: int = WIDTH) -> list[str]:
    if isinstance(block, Fields):
        return [f"- **{label}:** {value or '____'}" for label, value in block.pairs]
    if isinstance(block, Track):
        return [f"- {line}" if n == 0 else f"  {line}"
                for n, line in enumerate(_track_lines(block, width))]
    if isinstance(block, Checks):
        return [f"- [{'x' if ticked else ' '}] {label}" for label, ticked in block.items]
    if isinstance(block, Table | Chart):  # aligned: in a fenced block
        return ["```", *block_lines(block, width), "```"]
    if isinstance(block, Writing):
        return [f"- {label}: ____" if label else "- ____" for label in block.labels]
    return [block.text]


def chart_lines(chart: Chart, width: int = WIDTH) -> list[str]:
    """One sparkline per series, labels padded alike."""
    label_width = max((len(label) for label, _ in chart.series), default=0)
    return [labelled(label, values, width, dead_at_zero=chart.measure != "gold",
                     label_width=label_width, top=chart.top) for label, values in chart.series]


def _blank_line(label: str, width: int) -> str:
    return label + "_" * max(4, width - len(label))


def _track_lines(track: Track, width: int) -> list[str]:
    head = f"{track.label} {track.marked}/{track.total}" if track.marked else track.label
    if track.note:
        head += f" ({track.note})"
    boxes = [FULL if n <= track.marked else EMPTY for n in range(1, track.total + 1)]
    groups = ["".join(boxes[i:i + 5]) for i in range(0, len(boxes), 5)]
    per_line = max(1, (width + 1) // 6)
    body = [" ".join(groups[i:i + per_line]) for i in range(0, len(groups), per_line)]
    return wrap(head, width) + body


# -- tables ---------------------------------------------------------------------
def table_lines(table: Table, width: int = WIDTH) -> list[str]:
    out = _aligned(table, width)
    if max((len(line) for line in out), default=0) > width:
        out = [line for row in (*table.rows, *([table.foot] if table.foot else []))
               for line in _stacked_row(table, row, width)]
    return out + (wrap(table.note, width) if table.note else [])


def _aligned(table: Table, width: int) -> list[str]:
    rows = [table.headers, *table.rows, *([table.foot] if table.foot else [])]
    widths = [max(len(row[i]) for row in rows) for i in range(len(table.headers))]
    if table.writing:
        widths = [max(w, 3) for w in widths]
        # Columns left to write in share the rest of the line.
        empty = [i for i in range(len(widths)) if i not in table.numeric
                 and not any(row[i] for row in table.rows)]
        extra = width - (sum(widths) + len(widths) - 1)
        for n, i in enumerate(empty):
            widths[i] += max(0, extra) // len(empty) + (n < max(0, extra) % len(empty))
    out = []
    if table.groups:
        # A group label spans its columns, centred; the last of them widens to a longer label.
        start = table.lead
        head = " ".join(" " * w for w in widths[:start])
        for label, span in table.groups:
            have = sum(widths[start:start + span]) + span - 1
            widths[start + span - 1] += max(0, len(label) - have)
            head += (" " if head else "") + label.center(max(have, len(label)))
            start += span
        out.append(head.rstrip())

    def line(cells: Iterable[str], blank: str = " ", from_column: int = 0) -> str:
        parts = [(cell.rjust(w) if i in table.numeric else cell.ljust(w)) if cell
                 else (blank if i >= from_column else " ") * w
                 for i, (cell, w) in enumerate(zip(cells, widths, strict=True))]
        return " ".join(parts).rstrip()

    out.append(line(table.headers))
    out.append(" ".join("-" * w for w in widths))
    blank = "_" if table.writing else " "
    out += [line(row, blank) for row in table.rows]
    if table.foot:
        out.append(" ".join("-" * w for w in widths))
        out.append(line(table.foot, blank, table.lead if table.groups else 0))
    return out


def _stacked_row(table: Table, row: tuple[str, ...], width: int) -> list[str]:
    rest: list[str] = []
    if row is table.foot:
        title = row[0]
    elif table.writing and not all(row[:table.key]):
        title = f"{row[0]}."
        rest += [_pair(table.headers[i], row[i], True) for i in range(1, table.key)]
    else:
        title = table.title.format(*row)
    # The columns before the groups (all of them when there are none) as "header: value".
    rest += [_pair(table.headers[i], row[i], table.writing) for i in range(table.key, table.lead)]
    start = table.lead
    for label, span in table.groups:
        values = [row[i] for i in range(start, start + span)]
        if row is table.foot:
            values = [v for v in values if v] or ["__"]
        else:
            values = [v or "__" for v in values]
        rest.append(f"{label} {'/'.join(values)}")
        start += span
    rest = [part for part in rest if part]
    out = wrap(title, width, "  ") if title else []
    if rest:
        indent = "   " if title else ""
        room = width - len(indent)
        body = wrap_parts(rest, room) if table.groups else wrap("; ".join(rest), room)
        out += [indent + line for line in body]
    return out


def wrap_parts(parts: list[str], width: int) -> list[str]:
    """Lines of whole parts two spaces apart (``Di 3/7`` never splits); a part too long
    alone is wrapped."""
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + 2 + len(part) <= width:
            lines[-1] += "  " + part
        else:
            lines += [part] if len(part) <= width else wrap(part, width)
    return lines


def _pair(header: str, value: str, writing: bool) -> str:
    if value:
        return f"{header.lower()}: {value}"
    return f"{header.lower()}: ____" if writing else ""
