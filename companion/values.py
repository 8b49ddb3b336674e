"""The two kinds of record companion declares, both plain classes cheap to declare.

- ``Value``: a frozen value, a tuple (an action, a ruling's row, a setting, a card).
- ``Record``: state that changes (an engine's state, a saved game), a class with
  ``__slots__``.

Why these and not ``NamedTuple`` or ``dataclass``: a command loads dozens of record
classes, and ``typing.NamedTuple`` compiles code and parses annotations for each (about
a tenth of a millisecond apiece), while ``dataclasses`` imports ``inspect``, a large part
of a command's start. ``TypedDict`` stays only as the type of a JSON or TOML document.
"""

# No 'from __future__ import annotations': the fields are read from real annotations.

from collections import namedtuple
from collections.abc import Iterable
from typing import Self, dataclass_transform

# The C descriptor that reads a NamedTuple's fields: as fast as a NamedTuple's own reads
# (a property over itemgetter takes 1.6 times as long), made once from a public API.
_field = type(namedtuple("_Probe", "x").x)  # type: ignore[attr-defined]


@dataclass_transform(frozen_default=True)
class Value(tuple[object, ...]):
    """A small frozen value whose fields are its class's annotations, in order, with
    their defaults (``class Enter(Value): chamber: str; enemy: str | None = None``); a
    subclass without annotations keeps its base's fields.

    What a ``NamedTuple`` gives, eight times faster to declare (no code is compiled per
    class, no annotation parsed), and equal only to a value of the same class
    (``Heal() != Refuse()``), never to a plain tuple; or, declared ``as_tuple=True``,
    compared and hashed as the tuple it is, in C (cards, which every replay counts).
    Fields read as fast as a ``NamedTuple``'s.
    """

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    _defaults: dict[str, object] = {}

    def __init_subclass__(cls, as_tuple: bool = False) -> None:
        if as_tuple:  # a card, compared and counted in every replay: a tuple's C methods
            for name in ("__eq__", "__ne__", "__hash__"):
                setattr(cls, name, getattr(tuple, name))
        if "__annotations__" not in cls.__dict__:
            return
        names = tuple(cls.__dict__["__annotations__"])
        cls._defaults = {name: cls.__dict__[name] for name in names if name in cls.__dict__}
        cls._fields = names
        setattr(cls, "__match_args__", names)  # noqa: B010 (set on each class, not Value)
        for at, name in enumerate(names):
            setattr(cls, name, _field(at, name))

    def __new__(cls, *args: object, **kwargs: object) -> Self:
        fields = cls._fields
        if not kwargs and len(args) == len(fields):  # the usual call: every field, in order
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


class Record:
    """A mutable record (an engine's state, a saved game, an action's words): its fields
    are its ``__slots__``, compared and shown in order."""

    __slots__: tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    __hash__ = None  # type: ignore[assignment]  # mutable: no hash, as with a dataclass

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"
