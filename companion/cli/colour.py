"""Colour with a meaning, on a terminal only: loss, win, warning, gold, unverified. The
words always say it; colour only makes them stand out.
"""

from __future__ import annotations

import re

from companion.text import GLUE  # a space no line breaks at

RESET = "\033[0m"
RED = "\033[31m"        # loss: life lost, a miss, the game lost
GREEN = "\033[32m"      # win: battle won, a hit, the game won
YELLOW = "\033[33m"     # gold, gems and magic points: what players count
MAGENTA = "\033[35m"    # warning: refused, cannot, the last chance
DIM_CYAN = "\033[36m"   # unverified numbers, settings the players should confirm

# Earlier meanings win where two overlap ("lose" inside a gold line stays a loss).
MEANINGS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (RED, re.compile(
        r"\blose \d+ life\b|\blose\b(?=$|[.:,!])|\bloses? \d+\b|\bcosts \d+ life\b|"
        r"\bmiss\b|\bYou are dead\b|\bYou lost\b|\bThe party is lost\b|\byou lose\b|"
        r"\blost on floor \d+\b|\bbattle lost\b|\bdead\b|-> -?\d+(?= \(dead\))")),
    (GREEN, re.compile(
        r"\bbattle won\b|\bYou won\b[^!.]*|\byou win\b|\bis defeated\b|\bis beaten\b|"
        r"\bhit\b|\b\w+ wins\b|\bTrade accepted\b|\bcleared\b(?= \d)")),
    (MAGENTA, re.compile(r"\bthe next miss ends the game\b|\bwarning\b|\blast chance\b",
                         re.IGNORECASE)),
    (DIM_CYAN, re.compile(r"\bunverified\b", re.IGNORECASE)),
    (YELLOW, re.compile(
        r"\b\d+ gold\b|\bgold \d+\b|\bGold: [^;]*|\bgems? \d+\b|\b\d+ gems?\b|"
        r"\bmagic( points)? \d+\b|\b\d+ magic points\b")),
)
_ESCAPE = re.compile(r"\033\[[0-9;]*m")


def paint(text: str, colour: str) -> str:
    return f"{colour}{text}{RESET}"


def _spans(line: str) -> list[tuple[int, int, str]]:
    taken: list[tuple[int, int, str]] = []
    for colour, pattern in MEANINGS:
        for found in pattern.finditer(line):
            start, end = found.span()
            if start == end or any(start < e and s < end for s, e, _ in taken):
                continue
            taken.append((start, end, colour))
    return taken


def keep_together(line: str) -> str:
    """``line`` with the spaces inside coloured phrases made unbreakable (``GLUE``), so
    wrapping never splits "lose 7 life" and each phrase is coloured whole."""
    for start, end, _ in _spans(line):
        line = line[:start] + line[start:end].replace(" ", GLUE) + line[end:]
    return line


def highlight(line: str) -> str:
    """``line`` with the spans that carry a meaning coloured (never overlapping)."""
    line = line.replace(GLUE, " ")
    out, at = [], 0
    for start, end, colour in sorted(_spans(line)):
        out += [line[at:start], paint(line[start:end], colour)]
        at = end
    return "".join(out) + line[at:]


def visible(text: str) -> str:
    """``text`` without colour codes (what the screen shows)."""
    return _ESCAPE.sub("", text)
