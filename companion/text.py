"""Plain-text layout shared by every game's status and advice: wrapping for narrow screens."""

from __future__ import annotations

import re

from companion.errors import BadInput


def wrap(text: str, width: int, indent: str = "  ") -> list[str]:
    """Wrap at spaces for a ``width``-column screen (at least 20).

    The first line keeps its leading spaces; continuation lines get them plus
    ``indent``. Words are never split unless one is longer than a whole line
    (a 40-letter card name), so no line is ever too wide.
    """
    width = max(20, width)
    if len(text) <= width:
        return [text]
    lead = " " * (len(text) - len(text.lstrip(" ")))
    more = lead + indent
    lines: list[str] = []
    current = lead
    for word in text.split():
        while len(more) + len(word) > width:
            room = width - len(current) - (1 if current.strip() else 0)
            if room < 4:
                lines.append(current)
                current = more
                continue
            head, word = word[:room], word[room:]
            lines.append(f"{current} {head}" if current.strip() else current + head)
            current = more
        candidate = f"{current} {word}" if current.strip() else current + word
        if len(candidate) > width and current.strip():
            lines.append(current)
            current = more + word
        else:
            current = candidate
    lines.append(current)
    return lines


# Control characters, C1 controls and the invisible direction marks: a terminal would act
# on them (an escape sequence recolours or clears the screen) and a share code refuses them.
_BEYOND_LAYOUT = (r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f"
                  r"\u202a-\u202e\u2066-\u2069")  # all but tab and line breaks
CONTROL = re.compile(f"[\t\n\r{_BEYOND_LAYOUT}]")
# What a save may not hold, and a command word (older saves may have tabs and line breaks
# in notes, and a share code may be pasted in lines: harmless).
TERMINAL_CONTROL = re.compile(f"[{_BEYOND_LAYOUT}]")
MAX_NOTE_CHARS = 500
MAX_NOTES = 100


def check_text(text: str, what: str) -> str:
    """``text`` if it holds no control character or escape sequence, else BadInput."""
    found = CONTROL.search(text)
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
