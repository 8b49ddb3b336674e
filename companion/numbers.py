"""Reading a whole number typed by a player or found in a file: one parser for all.

``str.isdigit`` also accepts superscripts and other scripts' digits (``³``,
``٣``), which ``int`` then refuses or reads in a way nobody typed, and
``int`` refuses (or takes long over) numbers of thousands of digits. Every
number companion reads goes through ``whole``: ASCII digits only, at most
``MAX_DIGITS`` of them. A setting that is one word of a fixed list (``--rules``,
``--endgame``) is read by ``choice``, with the one error for all of them, and a
true/false setting by ``flag``; a d6 typed (Elbereth, Half Deck) by ``parse_die``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.errors import BadInput

MAX_DIGITS = 9
_DIGITS = frozenset("0123456789")


def is_whole(text: str) -> bool:
    """Whether ``text`` is 1 to MAX_DIGITS ASCII digits (no sign, no spaces)."""
    return 0 < len(text) <= MAX_DIGITS and all(char in _DIGITS for char in text)


def whole_or_none(text: str) -> int | None:
    """The number ``text`` holds (ASCII digits, at most MAX_DIGITS), else None."""
    return int(text) if is_whole(text) else None


def whole(text: str, what: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high``; BadInput quoting the text otherwise."""
    bare = text.strip()
    value = whole_or_none(bare)
    if value is None or (low is not None and value < low) or (high is not None
                                                              and value > high):
        span = f" from {low} to {high}" if low is not None and high is not None else ""
        if not span and len(bare) > MAX_DIGITS and all(char in _DIGITS for char in bare):
            span = f" of at most {MAX_DIGITS} digits"
        shown = repr(text) if len(text) <= 20 else repr(text[:20] + "...")
        raise BadInput(f"{what} must be a whole number{span}, not {shown}")
    return value


def choice(raw: Mapping[str, object], key: str, allowed: Sequence[str],
           shown: Sequence[str] | None = None) -> str:
    """The setting ``key`` of ``raw``: one of ``allowed`` in any case (the first when not
    given); the error lists them as ``shown`` orders them (``allowed``'s order if None)."""
    value = str(raw.get(key) or allowed[0]).lower()
    if value not in allowed:
        words = list(shown or allowed)
        raise BadInput(f"--{key.replace('_', '-')} must be {', '.join(words[:-1])} or "
                       f"{words[-1]}, not {value!r}")
    return value


def flag(raw: Mapping[str, object], key: str, default: bool) -> bool:
    """The true/false setting ``key`` of ``raw`` (``default`` when not given)."""
    value = raw.get(key, default)
    if not isinstance(value, bool):
        raise BadInput(f"{key} must be true or false")
    return value


ROLL_FORMS = "a die roll is a whole number from 1 to 6"


def parse_die(text: str, faces: int = 6) -> int:
    """A typed roll, 1 to ``faces``; anything else is refused quoting the token."""
    if (value := whole_or_none(text.strip())) is None or not 1 <= value <= faces:
        raise BadInput(f"{text[:20]!r} is not a roll: {ROLL_FORMS}")
    return value
