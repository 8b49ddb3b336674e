"""What every game kind shares: the engine protocol, the kind registry, replay.

A game is its settings plus the actions typed; its state is always the replay
of those actions through the kind's engine. Engines are imported only when a
command needs them, so a Hebrac command never loads the Tricky engine.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple, Protocol

from companion.errors import CompanionError, DataProblem
from companion.kinds import KINDS as KINDS
from companion.kinds import KindInfo as KindInfo
from companion.kinds import kind_info as kind_info


class Applied(NamedTuple):
    """One action as recorded (canonical text) and the ruling lines it produced."""

    action: str
    lines: tuple[str, ...]


class Record:
    """A mutable record (an engine's state, a saved game, an action's words): its fields
    are its ``__slots__``, compared and shown in order (a plain class: dataclasses would
    import inspect, a large part of a command's start)."""

    __slots__: tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    __hash__ = None  # type: ignore[assignment]  # mutable: no hash, as with a dataclass

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"


class Engine(Protocol):
    """A game in progress. ``apply`` checks an action, then changes the state.

    ``apply`` raises ``BadInput`` for text it cannot read and ``RuleRefused``
    for a legal-looking action the rules forbid. Callers never keep an engine
    whose ``apply`` raised: they rebuild it by replay (the store does).
    """

    def apply(self, action: str) -> Applied: ...

    def status(self) -> dict[str, Any]: ...

    def status_lines(self, width: int = 40) -> list[str]: ...

    @property
    def outcome(self) -> str: ...

    def prompt(self) -> str: ...

    def state_data(self) -> Any:
        """The whole state as plain values (None, bools, ints, strings, lists, tuples,
        string-keyed tables) for the caches; the kind module's ``engine_from_data``
        builds the same engine back from them."""


class KindModule(Protocol):
    """What a kind's engine module provides."""

    KIND: str
    TITLE: str

    def normalize_settings(self, raw: Mapping[str, Any]) -> dict[str, Any]: ...

    def new_engine(self, settings: Mapping[str, Any]) -> Engine: ...

    def engine_from_data(self, settings: Mapping[str, Any], data: Any) -> Engine:
        """The engine whose ``state_data()`` was ``data``, built through its own
        constructors; raises (``companion.plain.BadState``) for any value the engine
        would not have written, or a state that breaks its invariants."""


def load_kind(name: str) -> KindModule:
    module: Any = importlib.import_module(kind_info(name).module)
    return module  # type: ignore[no-any-return]


def replay(
    kind: str, settings: Mapping[str, Any], actions: Iterable[str], *, source: str = "the game"
) -> tuple[Engine, list[Applied]]:
    """Rebuild a game from its actions; an action that no longer replays is a data problem."""
    module = load_kind(kind)
    engine = module.new_engine(settings)
    applied: list[Applied] = []
    for number, action in enumerate(actions, start=1):
        try:
            applied.append(engine.apply(action))
        except CompanionError as error:
            raise DataProblem(
                f"{source}: action {number} {action!r} no longer replays: {error}"
            ) from error
    return engine, applied
