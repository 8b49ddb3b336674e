"""Reading plain values (None, bools, ints, strings, lists, tuples and string-keyed
tables: saved settings, a status or statistics document) with every one checked: a value
of the wrong type, out of range or too long raises ``BadState``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")
K = TypeVar("K")
MAX_ITEMS = 100_000
MAX_TEXT = 10_000
MAX_NUMBER = 999_999_999  # the 9-digit rule every typed number follows


class BadState(ValueError):
    """A value that is not what the companion writes."""


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
