"""Plain-text layout shared by every game's status and advice: wrapping for narrow screens,
chances as percentages, text checked for control characters."""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from companion.errors import BadInput

if TYPE_CHECKING:  # fractions is slow to import, and every command reads this module
    from collections.abc import Iterable
    from fractions import Fraction


def wrap(text: str, width: int, indent: str = "  ", *, keep: Iterable[str] = (),
         printed: bool = False) -> list[str]:
    """``text`` in lines for a ``width``-column screen, cut as ``fill`` cuts (``keep`` as
    there); continuation lines get the first line's leading spaces plus ``indent``. A
    game's text has its spaces collapsed and at least 20 columns, and a word longer than
    a line (a 40-letter card name) is cut: no line is ever too wide. A line as ``printed``
    (``output``) keeps its spaces and its words whole, and a continuation indent of half
    a line at most."""
    if not printed:
        width = max(20, width)
    if len(text) <= width:
        return [text]
    lead = " " * (len(text) - len(text.lstrip(" ")))
    if printed:
        return fill(text, width, "", (lead + indent)[:max(width // 2, 0)], keep=keep)
    return fill(lead + " ".join(text.split()), width, "", lead + indent, keep=keep, cut=True)


# -- lines for a narrow screen: the one rule of where a line may break -----------
GLUE = "\x00"
"""A space a caller made unbreakable (``colour.keep_together`` glues a coloured phrase
with it); a glued phrase wider than a line still breaks at its spaces."""
QUOTED = 16
"""A quoted phrase this long or shorter, quotes included, stays whole ('attack CARD')."""
CHANGE = frozenset({"->", "\u2192"})
SEPARATOR = "|"
"""Between the parts of a line of vital numbers: it ends a line, never opens one."""
# Words that link a number to what follows rather than own it: "4 vs warrior", "for 2".
_LINKS = frozenset("a an and are as at be but by for from if in is nor of on or per than "
                   "the then to vs was with x".split())
# Patterns, not compiled here: a line that fits never needs them (start-up time); re
# compiles each once, on the first line too long, and keeps it.
_NAME_MARKS = "'\u2019-"  # inside a name of letters: Mary-Jo, O'Neil
_COUNT = r"[-+]?\d+(?:\.\d+)?"
# A number, or a card or place that carries one: 12, +8, 15/15, 87.0%, 10H, -3C, Y4, A1.
_NUMBERED = r"[-+]?\d+(?:\.\d+)?(?:/\d+)?%?|[-+]?\d+[A-Za-z]|[A-Z]\d+"
_OPENING = "([\"'"
_CLOSING = ",.;:!?)]\"'"
_QUOTES = "'\""
_BRACKETS = {"(": ")", "[": "]"}
_RANKS = frozenset("2 3 4 5 6 7 8 9 10 A J Q K".split())
_TOKEN = "[^ \x00]+"
_FREE, _GLUED, _KEPT = 0, 1, 2  # how a space holds the words either side of it


def units(text: str, keep: Iterable[str] = ()) -> list[str]:
    """``text`` split where a line may break: each unit is a word, or words that read as one.

    Kept together: a change (``15 -> 12``, ``life 12 -> 15``); a name and its number,
    or a card or chamber that carries one (``Ann 12``, ``life 15/15``, ``Bo Y4``), not
    after a linking word (``vs 9``) nor after punctuation (``Scores: 3``); a bare count
    and what it counts (``4 potions``, not ``4 vs``); an option and its value
    (``--count 2``, not ``--set or``); a quoted phrase of at most ``QUOTED`` characters
    (``'attack CARD'``); a separator and the word before it (``hand 7 |``); the names
    in ``keep`` (``Fairy Scout``) and spaces the caller glued (``GLUE``). A hyphenated
    word (``Mary-Jo``) is one word: lines never break at a hyphen.
    """
    return [_shown(group) for group in _groups(_words(text.strip(" "), keep), _GLUED)]


def fill(text: str, width: int, first: str = "", rest: str = "", *,
         keep: Iterable[str] = (), cut: bool = False, units: bool = True) -> list[str]:
    """``text`` in lines of at most ``width``, broken only between ``units``: the first
    line starts with ``first`` and the text's own leading spaces, the others with
    ``rest``. A unit too wide for a line breaks at its spaces (a glued phrase first
    between its units); a word wider than a line is kept whole, or cut with ``cut``.
    Without ``units`` (help's prose, as textwrap lays it out) the spaces are collapsed and
    a line breaks at any of them, but not inside a glued phrase, nor before a lone '-'
    or '+' (a line opening on '- undo' reads as a bullet).
    """
    if not units:
        text = " ".join(text.split())
    body = text.lstrip(" ")
    if GLUE not in text and len(first) + len(text) <= width:
        return [first + text if body else first]
    lines: list[str] = []
    current = first + text[: len(text) - len(body)] if body else first
    fresh = True

    def put(piece: list[tuple[str, str, int]], strength: int) -> None:
        nonlocal current, fresh
        shown = _shown(piece)
        gap = "" if fresh else piece[0][0]
        if len(current) + len(gap) + len(shown) <= width:
            current += gap + shown
        elif not fresh and len(rest) + len(shown) <= width:
            lines.append(current)
            current = rest + shown
        elif len(piece) > 1:  # wider than any line: break it at its looser spaces
            for part in _groups(piece, strength + 1):
                put(part, strength + 1)
            return
        else:
            word = shown
            while cut and len(rest) + len(word) > width:
                room = width - len(current) - len(gap)
                if room < 4:
                    if fresh:  # not even four letters fit: leave the word whole
                        break
                    lines.append(current)
                    current, gap, fresh = rest, "", True
                    continue
                lines.append(current + gap + word[:room])
                current, gap, fresh, word = rest, "", True, word[room:]
            if fresh or len(current) + len(gap) + len(word) <= width:
                current += gap + word
            else:
                lines.append(current)
                current = rest + word
        fresh = False

    for group in _groups(_words(body, keep) if units else _spaced(body), _GLUED):
        put(group, _GLUED)
    lines.append(current)
    return lines


def _words(text: str, keep: Iterable[str]) -> list[tuple[str, str, int]]:
    """Each word of ``text``: (the spaces before it, the word, how that space holds)."""
    found = list(re.finditer(_TOKEN, text))
    words = [token.group() for token in found]
    gaps = [""] + [text[found[at - 1].end():found[at].start()] for at in range(1, len(found))]
    held = [_GLUED if GLUE in gap else _FREE for gap in gaps]
    numbered = [False] * len(words)  # taken by the name before it, or by a change
    for at in range(1, len(words)):
        left, right = words[at - 1], words[at]
        if right == SEPARATOR:
            held[at] = _KEPT
        elif left in CHANGE or right in CHANGE or (
                _is_name(left) and re.fullmatch(_NUMBERED, right.rstrip(_CLOSING))) or (
                _is_option(left) and right[0] not in "-([" and right.lower() not in _LINKS):
            held[at] = _KEPT
            numbered[at] = True
        elif not numbered[at - 1] and re.fullmatch(_COUNT, left.lstrip(_OPENING)) \
                and _is_name(right.rstrip(_CLOSING)):
            held[at] = _KEPT
    for at in range(len(words)):
        _hold_quoted(words, gaps, at, held)
        _hold_places(words, at, held)
    for name in keep:
        if " " in name:
            for match in re.finditer(re.escape(name), text):
                for at, token in enumerate(found[1:], 1):
                    if match.start() < token.start() < match.end():
                        held[at] = _KEPT
    return [(gap.replace(GLUE, " "), word, how)
            for gap, word, how in zip(gaps, words, held, strict=True)]


def _spaced(text: str) -> list[tuple[str, str, int]]:
    """``_words`` for help's prose: a glued phrase, or a word and a lone '-' or '+'
    after it, is one word."""
    words: list[str] = []
    for word in text.split(" "):
        if words and word in ("-", "+"):
            words[-1] += " " + word
        else:
            words.append(word.replace(GLUE, " "))
    return [(" ", word, _FREE) for word in words]


def _is_name(word: str) -> bool:
    """A word of letters that can own a number (``Ann``, ``Mary-Jo``, ``(life``)."""
    bare = word.lstrip(_OPENING)
    return _is_letters(bare) and bare.lower() not in _LINKS


def _is_option(word: str) -> bool:
    """An option's name (``--count``, ``(--assist-rule``): its value may follow it."""
    bare = word.lstrip(_OPENING)
    return bare[:2] == "--" and bare[2:].replace("-", "").isalnum()


def _is_letters(word: str) -> bool:
    """Letters (Ann, Mary-Jo, not Y5): what ``[^\\W\\d_](?:[^\\W\\d_]|['\u2019-])*``
    matches, without compiling its Unicode class (0.3 ms at start-up): a letter is
    alphanumeric and not a decimal digit."""
    return bool(word) and _letter(word[0]) and all(
        _letter(c) or c in _NAME_MARKS for c in word[1:])


def _letter(c: str) -> bool:
    return c.isalnum() and not c.isdecimal()


def _hold_quoted(words: list[str], gaps: list[str], at: int, held: list[int]) -> None:
    """Hold together a quoted phrase that opens at ``words[at]``, if it is short."""
    bare = words[at].lstrip("([")
    if not bare or bare[0] not in _QUOTES:
        return
    quote = bare[0]
    closing = _CLOSING.replace(quote, "")  # what may follow the closing quote
    alone = bare.rstrip(closing)
    if len(alone) > 1 and alone.endswith(quote):
        return  # 'next-level': a quoted word, whole already
    length = len(bare)
    for end in range(at + 1, len(words)):
        closed = words[end].rstrip(closing)
        length += len(gaps[end]) + len(closed)
        if length > QUOTED:
            return
        if closed.endswith(quote):
            held[at + 1:end + 1] = [_KEPT] * (end - at)
            return
        length += len(words[end]) - len(closed)


def _hold_places(words: list[str], at: int, held: list[int]) -> None:
    """Hold together a bracketed list of chambers or cards that opens at ``words[at]``:
    ``(A1, A4, C1, C4)`` is read as one (a list wider than a line still breaks)."""
    if words[at][:1] not in _BRACKETS:
        return
    closing = _BRACKETS[words[at][0]]
    for end in range(at, len(words)):
        if not _is_place(words[end].lstrip("([").rstrip(_CLOSING)):
            return
        if words[end].rstrip(_CLOSING.replace(closing, "")).endswith(closing):
            held[at + 1:end + 1] = [_KEPT] * (end - at)
            return
        if not words[end].endswith(","):
            return


def _is_place(word: str) -> bool:
    """A chamber (``A1``), a Tricky card (``Y4``) or a card (``10H``, ``QS``); no
    pattern: it would be compiled for the first line that breaks."""
    if 2 <= len(word) <= 3 and "A" <= word[0] <= "Z" and word[1:].isdigit() \
            and word[1:].isascii():
        return True
    return len(word) in (2, 3) and word[-1] in "SHDC" and word[:-1] in _RANKS


def _groups(words: list[tuple[str, str, int]], strength: int
            ) -> list[list[tuple[str, str, int]]]:
    """``words`` in runs joined by spaces that hold at ``strength`` or more."""
    groups: list[list[tuple[str, str, int]]] = []
    for word in words:
        if groups and word[2] >= strength:
            groups[-1].append(word)
        else:
            groups.append([word])
    return groups


def _shown(words: list[tuple[str, str, int]]) -> str:
    return words[0][1] + "".join(gap + word for gap, word, _ in words[1:])


def percent(p: Fraction) -> str:
    """A chance to one decimal, never rounded to a certainty it is not: ``<0.1%``, ``>99.9%``."""
    if p in (0, 1):
        return f"{int(p * 100)}%"
    shown = round(float(p) * 100, 1)
    return "<0.1%" if shown == 0 else ">99.9%" if shown == 100 else f"{shown:.1f}%"


# Control characters, C1 controls and the invisible direction marks: a terminal would act
# on them (an escape sequence recolours or clears the screen) and a share code refuses them.
_BEYOND_LAYOUT = (r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f"
                  r"\u202a-\u202e\u2066-\u2069")  # all but tab and line breaks


def control(text: str, *, layout: bool = False) -> re.Match[str] | None:
    """The first character of ``text`` a terminal would act on (tab and line breaks too with
    ``layout``: a save's notes and a pasted share code may hold them), or None; printable
    text, most of it, needs no pattern built."""
    return None if text.isprintable() else _controls(layout).search(text)


@cache
def _controls(layout: bool) -> re.Pattern[str]:
    return re.compile(("[\t\n\r" if layout else "[") + _BEYOND_LAYOUT + "]")


def shown_controls(text: str) -> str:
    """``text`` with each terminal control character written as ``\\xNN`` (``\\uNNNN``):
    what a file or a path quotes is shown, never acted on by a terminal or a spreadsheet."""

    def shown(found: re.Match[str]) -> str:
        code = ord(found.group())
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"

    return _controls(False).sub(shown, text)

MAX_NOTE_CHARS = 500
MAX_NOTES = 100


def check_text(text: str, what: str) -> str:
    found = control(text, layout=True)
    if found is not None:
        raise BadInput(f"{what} holds a control character ({ord(found.group()):#04x}): "
                       "type plain text")
    if any("\ud800" <= char <= "\udfff" for char in text):
        raise BadInput(f"{what} holds a broken character: type plain text")
    return text


def check_note(text: str) -> str:
    """A note as the share code and sheets carry it: plain text, at most MAX_NOTE_CHARS."""
    check_text(text, "the note")
    if not text.strip():
        raise BadInput("the note is empty")
    if len(text) > MAX_NOTE_CHARS:
        raise BadInput(f"a note is at most {MAX_NOTE_CHARS} characters; this one has "
                       f"{len(text)}")
    return text
