"""What every game kind shares: the engine protocol, the kind registry, replay.

A game is its settings plus the actions typed; its state is always the replay
of those actions through the kind's engine. Engines are imported only when a
command needs them, so a Hebrac command never loads the Tricky engine.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from companion.errors import BadInput, CompanionError, DataProblem

JSON_SCHEMA = 1
"""Version of every ``--json`` object; bumped when a field changes meaning."""


@dataclass(frozen=True, slots=True)
class Applied:
    """One action as recorded (canonical text) and the ruling lines it produced."""

    action: str
    lines: tuple[str, ...]


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


class KindModule(Protocol):
    """What a kind's engine module provides."""

    KIND: str
    TITLE: str

    def normalize_settings(self, raw: Mapping[str, Any]) -> dict[str, Any]: ...

    def new_engine(self, settings: Mapping[str, Any]) -> Engine: ...


@dataclass(frozen=True, slots=True)
class KindInfo:
    name: str
    title: str
    module: str
    aliases: tuple[str, ...] = ()


KINDS: dict[str, KindInfo] = {
    info.name: info
    for info in (
        KindInfo("hebrac", "Hebrac's Dungeon", "companion.hebrac.engine",
                 ("h", "hd", "hebrac's")),
        KindInfo("tricky", "Tricky Dungeon", "companion.tricky.engine", ("t", "td")),
        KindInfo("halfdeck", "Half Deck Dungeon Heroes", "companion.halfdeck.engine",
                 ("hh", "hddh", "half-deck")),
        KindInfo("elbereth", "Elbereth", "companion.elbereth.engine", ("e", "elb")),
    )
}


def kind_info(name: str) -> KindInfo:
    key = name.strip().lower()
    for info in KINDS.values():
        if key == info.name or key in info.aliases:
            return info
    known = ", ".join(KINDS)
    raise BadInput(f"{name!r} is not a game kind: expected one of {known}")


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
