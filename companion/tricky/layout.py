"""Lines cut for a narrow screen: at spaces, and never inside what reads as one unit.

A change (``15 -> 12``, ``5/4 -> 7/6``), a name and its number (``Bartholomew 0``,
``Round 3``) and a hyphenated name stay on one line: the CLI's one rule,
``companion.text.units``. A unit wider than the screen breaks at its spaces.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion import text as printed


def wrap(text: str, width: int, indent: str = "  ", keep: Iterable[str] = ()) -> list[str]:
    """``text`` as printed (``companion.text.wrap``) on a screen of 20 columns at least,
    its trailing spaces dropped. The names in ``keep`` (``Fairy Scout``) are not split."""
    return printed.wrap(text.rstrip(" "), max(20, width), indent, keep=keep, printed=True)
