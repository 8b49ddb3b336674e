"""The d6 that Elbereth and Half Deck Dungeon Heroes roll: reading a typed roll."""

from __future__ import annotations

from companion.errors import BadInput

ROLL_FORMS = "a die roll is a whole number from 1 to 6"


def parse_die(text: str, faces: int = 6) -> int:
    """A typed roll, 1 to ``faces``; anything else is refused quoting the token."""
    from companion.numbers import whole_or_none

    value = whole_or_none(text.strip())
    if value is None or not 1 <= value <= faces:
        raise BadInput(f"{text[:20]!r} is not a roll: {ROLL_FORMS}")
    return value
