"""``companion KIND big``: the numbers that matter now, large enough to read across a table,
from the engine's own status; digits five rows tall, in block characters (``#`` with
``--plain`` or where blocks cannot print).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# The glyphs of these characters, side by side: five rows of three columns each ('x' is
# ink), a space between two.
_DRAWN = "0123456789-/?"
_FONT = (
    "xxx  x  xxx xxx x x xxx xxx xxx xxx xxx       x xxx",
    "x x xx    x   x x x x   x     x x x x x       x   x",
    "x x  x  xxx  xx xxx xxx xxx  x  xxx xxx xxx  x   xx",
    "x x  x  x     x   x   x x x  x  x x   x     x      ",
    "xxx xxx xxx xxx   x xxx xxx  x  xxx xxx     x    x ",
)
_GLYPHS = {char: [row[4 * at:4 * at + 3] for row in _FONT] for at, char in enumerate(_DRAWN)}
ROWS = 5


def big_text(text: str, ink: str = "#") -> list[str]:
    """``text`` (digits, '-', '/') in five rows of large characters."""
    rows = ["" for _ in range(ROWS)]
    for char in text:
        glyph = _GLYPHS.get(char, _GLYPHS["?"])
        for row in range(ROWS):
            rows[row] += glyph[row].replace("x", ink) + " "
    return [row.rstrip() for row in rows]


def figures(kind: str, status: Mapping[str, Any]) -> tuple[str, list[tuple[str, str]]]:
    """A heading line and the figures that matter now: (label, value) pairs."""
    if kind == "hebrac":
        shown = [("life", f"{status['life']}/{status['max_life']}"),
                 ("magic", str(status["magic_points"]))]
        encounter = status.get("encounter") or {}
        if (isinstance(encounter, Mapping) and encounter.get("stage") == "battle"
                and encounter.get("enemy_life") is not None):
            shown.append((f"enemy {encounter.get('enemy', '')}".strip(),
                          str(encounter["enemy_life"])))
        return f"Level {status['level']}, at {status.get('position') or '-'}", shown
    if kind == "tricky":
        played = status.get("rounds_played", 0)
        total = status.get("rounds_total", 0)
        scores = status.get("scores") or {}
        return (f"Round {min(played + 1, total)} of {total}: gold",
                [(str(name), str(gold)) for name, gold in scores.items()])
    if kind == "halfdeck":
        heroes = status.get("heroes") or []
        return (f"Round {status.get('round', 1)}: life",
                [(str(hero.get("name", "?")), str(hero.get("life", "?")))
                 for hero in heroes if isinstance(hero, Mapping)])
    if kind == "elbereth":
        equipped = status.get("equipped") or []
        return ("Elbereth", [("floor", f"{status['floor']}/{status['floors']}"),
                             ("deck", str(status["deck"])),
                             ("equipped", str(len(equipped)))])
    raise ValueError(kind)


def big_lines(kind: str, status: Mapping[str, Any], columns: int, blocks: bool) -> list[str]:
    """The big view: the heading, then each figure's label and its large digits."""
    ink = "\u2588" if blocks else "#"
    heading, shown = figures(kind, status)
    lines = [heading[:columns]]
    outcome = status.get("outcome")
    if outcome and outcome != "playing":
        lines[0] = f"{heading} ({outcome})"[:columns]
    for label, value in shown:
        art = big_text(value, ink)
        if max(len(row) for row in art) > columns:
            lines += ["", f"{label}: {value}"[:columns]]
            continue
        lines += ["", label[:columns], *art]
    return lines
