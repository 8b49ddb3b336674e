"""The d6 that Elbereth and Half Deck Dungeon Heroes roll: reading a typed roll."""

from __future__ import annotations

from companion.errors import BadInput

ROLL_FORMS = "a die roll is a whole number from 1 to 6"


def parse_die(text: str, faces: int = 6) -> int:
    """A typed roll, 1 to ``faces``; anything else is refused quoting the token."""
    stripped = text.strip()
    if not stripped.isascii() or not stripped.isdigit() or not 1 <= int(stripped) <= faces:
        raise BadInput(f"{text!r} is not a roll: {ROLL_FORMS}")
    return int(stripped)
