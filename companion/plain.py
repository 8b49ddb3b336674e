"""Reading back an engine's state from plain values, checking every one.

An engine's ``state_data()`` gives its state as plain values (None, bools,
ints, strings, lists, tuples and string-keyed tables); its kind module's
``engine_from_data(settings, data)`` builds the engine again through its own
constructors (``companion.game.verify`` tries an action on such a copy). These
helpers are what such a builder checks each value with: a value of the wrong
type, out of range or too long raises ``BadState``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

T = TypeVar("T")
K = TypeVar("K")
MAX_ITEMS = 100_000
MAX_TEXT = 10_000
MAX_NUMBER = 999_999_999  # the 9-digit rule every typed number follows


class BadState(ValueError):
    """A cached state that is not what the engine writes."""


def check(condition: bool, what: str) -> None:
    """An invariant the state must hold (cards conserved, life within its maximum...)."""
    if not condition:
        raise BadState(what)


def integer(value: object, low: int = -MAX_NUMBER, high: int = MAX_NUMBER) -> int:
    if type(value) is not int or not low <= value <= high:
        raise BadState(f"not a whole number from {low} to {high}: {value!r:.40}")
    return value


def flag(value: object) -> bool:
    if type(value) is not bool:
        raise BadState(f"not true or false: {value!r:.40}")
    return value


def text(value: object, limit: int = MAX_TEXT) -> str:
    if type(value) is not str or len(value) > limit:
        raise BadState(f"not a text of at most {limit} characters: {value!r:.40}")
    return value


def choice(value: object, allowed: Sequence[str] | Mapping[str, object]) -> str:
    if type(value) is not str or value not in allowed:
        raise BadState(f"not one of the expected words: {value!r:.40}")
    return value


def optional(read: Callable[[object], T]) -> Callable[[object], T | None]:
    """``read`` that also takes None."""
    def reader(value: object) -> T | None:
        return None if value is None else read(value)
    return reader


def items(value: object, read: Callable[[object], T], limit: int = MAX_ITEMS) -> list[T]:
    """A list or tuple of at most ``limit`` values, each read by ``read``."""
    # isinstance tells mypy; type() refuses subclasses, which no engine writes
    if not isinstance(value, (list, tuple)) or type(value) not in (list, tuple) \
            or len(value) > limit:
        raise BadState(f"not a list of at most {limit} items")
    return [read(item) for item in value]


def fixed(value: object, size: int) -> Sequence[object]:
    """A list or tuple of exactly ``size`` values (a record's fields in order)."""
    if not isinstance(value, (list, tuple)) or type(value) not in (list, tuple) \
            or len(value) != size:
        raise BadState(f"not a record of {size} fields")
    return value


def table(value: object, read_key: Callable[[object], K], read: Callable[[object], T],
          limit: int = MAX_ITEMS) -> dict[K, T]:
    """A table of at most ``limit`` entries, keys and values each read."""
    if type(value) is not dict or len(value) > limit:
        raise BadState(f"not a table of at most {limit} entries")
    return {read_key(k): read(v) for k, v in value.items()}


def record(value: object, fields: Sequence[str]) -> dict[str, object]:
    """A table with exactly these keys (a state written by another version is refused)."""
    if type(value) is not dict or len(value) != len(fields) or any(
            name not in value for name in fields):
        raise BadState("not the fields this version writes")
    return value
