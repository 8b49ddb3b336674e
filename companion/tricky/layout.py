"""Lines cut for a narrow screen: at spaces, and never inside what reads as one unit.

A change (``15 -> 12``, ``5/4 -> 7/6``), a name and its number (``Bartholomew 0``,
``Round 3``) and a hyphenated name stay on one line: the CLI's one rule,
``companion.text.units``. A unit wider than the screen breaks at its spaces.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.text import fill


def wrap(text: str, width: int, indent: str | None = None, keep: Iterable[str] = ()
         ) -> list[str]:
    """``text`` in lines of at most ``width`` (20 at least); continuation lines take
    ``indent``, by default two more spaces than the line's own. The names in ``keep``
    (``Fairy Scout``) are not split either."""
    if indent is None:
        indent = " " * (len(text) - len(text.lstrip(" ")) + 2)
    return fill(text.rstrip(" "), max(20, width), "", indent, keep=keep)
