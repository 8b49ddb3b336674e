"""Plain-text layout shared by every game's status and advice: wrapping for narrow screens."""

from __future__ import annotations


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
