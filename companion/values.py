"""Small frozen values: what a ``NamedTuple`` gives, cheaper to declare.

A command loads dozens of record classes (each verb's action, the command table's
rows, a game's settings); ``typing.NamedTuple`` compiles code and parses annotations
for each, about a tenth of a millisecond apiece.
"""

# No 'from __future__ import annotations': the fields are read from real annotations.

from collections.abc import Iterable

try:  # the field reader NamedTuple uses (CPython's), else the same as a property
    from collections import _tuplegetter as _field  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover
    from operator import itemgetter

    def _field(at: int, doc: str | None) -> property:
        return property(itemgetter(at), doc=doc)
from typing import Self, dataclass_transform


@dataclass_transform(frozen_default=True)
class Value(tuple[object, ...]):
    """A small frozen value whose fields are its class's annotations, in order, with
    their defaults (``class Enter(Value): chamber: str; enemy: str | None = None``): an
    action, or a record a command reads a few of.

    What a ``NamedTuple`` gives, made eight times faster to declare (no code is compiled
    per class, no annotation parsed: a command loads dozens of such classes), and equal
    only to a value of the same class (``Heal() != Refuse()``), never to a plain tuple.
    Its fields are read as a ``NamedTuple``'s are, by index, at C speed.
    """

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    _defaults: dict[str, object] = {}

    def __init_subclass__(cls) -> None:
        names = tuple(cls.__dict__.get("__annotations__", {}))
        cls._defaults = {name: cls.__dict__[name] for name in names if name in cls.__dict__}
        cls._fields = names
        setattr(cls, "__match_args__", names)  # noqa: B010 (set on each class, not Value)
        for at, name in enumerate(names):
            setattr(cls, name, _field(at, None))

    def __new__(cls, *args: object, **kwargs: object) -> Self:
        fields = cls._fields
        if not kwargs and len(args) == len(fields):  # every field given, in order
            return tuple.__new__(cls, args)
        if len(args) > len(fields):
            raise TypeError(f"{cls.__name__} takes at most {len(fields)} values")
        values = list(args)
        for name in fields[len(args):]:
            if name in kwargs:
                values.append(kwargs.pop(name))
            elif name in cls._defaults:
                values.append(cls._defaults[name])
            else:
                raise TypeError(f"{cls.__name__} needs {name}")
        if kwargs:
            raise TypeError(f"{cls.__name__} has no field {next(iter(kwargs))!r}")
        return tuple.__new__(cls, values)

    def __getnewargs__(self) -> tuple[object, ...]:  # copy and pickle, as a NamedTuple's
        return tuple(self)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self,
                                                                        strict=True))
        return f"{type(self).__name__}({shown})"

    def _replace(self, **changes: object) -> Self:
        """A copy with some fields changed (as a ``NamedTuple``'s)."""
        return type(self)(**{**self._asdict(), **changes})

    @classmethod
    def _make(cls, values: Iterable[object]) -> Self:
        """The value of these fields, in order (as a ``NamedTuple``'s)."""
        return cls(*values)

    def _asdict(self) -> dict[str, object]:
        return dict(zip(self._fields, self, strict=True))
