"""Sparklines: a series of numbers as one line of small bars, for a 40-column screen.

Unicode block characters by default; a plain ASCII ramp where the terminal
cannot show them or the user asked for plain text (``--plain``). A life at
0 or below is drawn ``x``: the point where the game was lost.
"""

from __future__ import annotations

from collections.abc import Sequence

BLOCKS = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588"
ASCII = "_.-~=+*#"
DEAD = "x"


def sparkline(values: Sequence[int | None], width: int, *, ascii_only: bool = False,
              dead_at_zero: bool = False, top: int | None = None) -> str:
    """At most ``width`` characters; a longer series is cut into equal stretches, each
    drawn at its lowest value (a closest call is never averaged away). ``None`` is a gap.
    ``top``: the value drawn as a full block (lines drawn side by side share it)."""
    ramp = ASCII if ascii_only else BLOCKS
    points = _buckets(values, max(1, width))
    known = [v for v in points if v is not None]
    if not known:
        return ""
    low = 0 if dead_at_zero else min(known)
    high = max(max(known) if top is None else top, low + 1)
    out = []
    for value in points:
        if value is None:
            out.append(" ")
        elif dead_at_zero and value <= 0:
            out.append(DEAD)
        else:
            step = (value - low) * (len(ramp) - 1) / (high - low)
            out.append(ramp[max(0, min(len(ramp) - 1, round(step)))])
    return "".join(out)


def _buckets(values: Sequence[int | None], width: int) -> list[int | None]:
    if len(values) <= width:
        return list(values)
    found: list[int | None] = []
    for index in range(width):
        start = index * len(values) // width
        end = max(start + 1, (index + 1) * len(values) // width)
        found.append(min((v for v in values[start:end] if v is not None), default=None))
    return found


def labelled(label: str, values: Sequence[int | None], width: int, *,
             ascii_only: bool = False, dead_at_zero: bool = False, label_width: int = 0,
             top: int | None = None) -> str:
    """``Life 15 ▇▇▆▃▁ 2``: label, first value, the line, last value, within ``width``."""
    known = [v for v in values if v is not None]
    if not known:
        return f"{label.ljust(label_width)} -"
    first, last = str(known[0]), str(known[-1])
    head = f"{label.ljust(label_width)} {first.rjust(2)} "
    room = max(4, width - len(head) - len(last) - 1)
    line = sparkline(values, room, ascii_only=ascii_only, dead_at_zero=dead_at_zero, top=top)
    return f"{head}{line} {last}"
