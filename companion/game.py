"""What every game kind shares: the engine protocol, the kind registry, replay.

A game is its settings plus the actions typed; its state is always the replay
of those actions through the kind's engine. Engines are imported only when a
command needs them, so a Hebrac command never loads the Tricky engine.
"""

from __future__ import annotations

import gc
import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

from companion.errors import BadInput, CompanionError, DataProblem
from companion.kinds import KINDS as KINDS
from companion.kinds import KindInfo as KindInfo
from companion.kinds import kind_info as kind_info
from companion.values import Record as Record  # its home is companion.values
from companion.values import Value

if TYPE_CHECKING:
    from companion.verbs import Grammar


class Applied(Value):
    """One action as ruled: the game's grammar, the action value done, and the ruling's
    lines or the function that writes them. Its canonical text (``action``) and its lines
    are written when read: a replay applies hundreds of actions and shows the text of a
    few (made with ``tuple.__new__``, in C, as a parsed action is)."""

    grammar: Any
    done: Any
    ruling: Any

    @property
    def action(self) -> str:
        return cast(str, self.grammar.text(self.done))

    @property
    def lines(self) -> tuple[str, ...]:
        lines = self.ruling
        return tuple(lines() if callable(lines) else lines)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Applied:
            return NotImplemented
        assert isinstance(other, Applied)
        return self.action == other.action and self.lines == other.lines

    __hash__ = None  # type: ignore[assignment]  # compared by what it says: no hash

    def __repr__(self) -> str:
        return f"Applied(action={self.action!r}, lines={self.lines!r})"


def plural(count: int, word: str) -> str:
    """``count`` and ``word``, in the plural unless one (torch: torches)."""
    return f"{count} {word if count == 1 else word + ('es' if word.endswith('ch') else 's')}"


_RULINGS: dict[str, dict[type, Callable[..., tuple[Any, Sequence[str]]]]] = {}


def rule(game: Any, action: object, grammar: Grammar[Any], module: str,
         game_over: CompanionError | None) -> Applied:
    """Rule on ``action`` (a value, or its text read once by the grammar) by the function
    of its verb's name in ``module`` (``Grammar.named``: imported by the first action, as
    a command that only reads a game needs none); a refused action changes nothing."""
    value = grammar.parse(action) if isinstance(action, str) else action
    if game_over is not None:
        raise game_over
    rulings = _RULINGS.get(module)
    if rulings is None:
        rulings = _RULINGS[module] = grammar.named(importlib.import_module(module))
    ruling = rulings.get(type(value))
    if ruling is None:  # another game's action, say
        from companion.names import a_name

        raise BadInput(f"{value!r} is not {a_name(grammar.title + ' action')}")
    canonical, lines = ruling(game, value)
    return tuple.__new__(Applied, (grammar, canonical, lines))


class Engine(Protocol):
    """A game in progress. ``apply`` checks an action, then changes the state.

    ``apply`` raises ``BadInput`` for text it cannot read and ``RuleRefused``
    for a legal-looking action the rules forbid. Callers never keep an engine
    whose ``apply`` raised: they rebuild it by replay (the store does).
    """

    def apply(self, action: str) -> Applied:
        """Apply an action: its text, parsed once (each engine also takes its own game's
        action values, as its own callers do)."""

    def status(self) -> Mapping[str, object]:
        """The state as the JSON of ``status --json`` (each engine's own record)."""

    def status_lines(self, width: int = 40) -> list[str]: ...

    @property
    def outcome(self) -> str: ...

    def prompt(self) -> str: ...


class KindModule(Protocol):
    """What a kind's engine module provides."""

    KIND: str
    TITLE: str

    def normalize_settings(self, raw: Mapping[str, object]) -> dict[str, object]: ...

    def new_engine(self, settings: Mapping[str, object]) -> Engine: ...


def load_kind(name: str) -> KindModule:
    # a kind's module is written to the protocol; importlib cannot tell mypy so
    return cast(KindModule, importlib.import_module(kind_info(name).module))


class ReplayFault(DataProblem):
    """A game that does not replay: its settings, or action ``number`` (``action``). A
    saved game's action that no longer applies is a data problem (exit 3)."""

    def __init__(self, message: str, number: int = 0, action: str = "",
                 reason: str = "", crashed: bool = False) -> None:
        super().__init__(message)
        self.number = number
        self.action = action
        self.reason = reason  # the engine's words, or the name of what it raised
        self.crashed = crashed  # raised something other than a CompanionError

    def because(self) -> str:
        """": the engine's words" or " (TypeError)": how a message ends with the reason."""
        return f" ({self.reason})" if self.crashed else f": {self.reason}"


def begin(kind: str, settings: Mapping[str, object]
          ) -> tuple[KindModule, dict[str, object], Engine]:
    """The kind's module, its settings normalised, and a new engine; ``ReplayFault`` when
    the settings are not valid (a hand-edited file must never crash a command)."""
    try:
        module = load_kind(kind)
        normalized = module.normalize_settings(settings)
        return module, normalized, module.new_engine(normalized)
    except CompanionError as error:
        raise ReplayFault(f"its settings are not valid: {error}", reason=str(error)) from None
    except Exception as error:
        name = type(error).__name__
        raise ReplayFault(f"its settings are not valid ({name})", reason=name,
                          crashed=True) from None


_frozen = False  # whether the first replay froze what the process had loaded


def replaying(engine: Engine, actions: Iterable[str], first: int = 1
              ) -> Iterator[tuple[int, str, Applied]]:
    """Apply ``actions`` (numbered from ``first``) one by one, yielding each with its
    ruling: the replay of callers that follow it action by action (store, sessions,
    share codes, history). An action that does not apply is a ``ReplayFault`` naming it.
    """
    # A replay makes no reference cycles, only objects that live as long as the game: the
    # cycle collector would walk them again and again (a tenth of the replay) to free
    # nothing, so it pauses (cycles the caller makes meanwhile are found after);
    # reference counting still frees every object dropped.
    global _frozen
    if not _frozen:  # (gc.get_freeze_count would walk every object frozen, each replay)
        # What the process loaded before its first replay (modules, tables) lives as long
        # as it does: frozen once, the collector never walks it again.
        gc.freeze()
        _frozen = True
    collecting = gc.isenabled()
    gc.disable()
    try:
        for number, action in enumerate(actions, start=first):
            try:
                applied = engine.apply(action)
            except Exception as error:
                # For an action of a saved game that is always a data problem, whatever
                # the engine raised (a hand-edited action must never crash a command).
                crashed = not isinstance(error, CompanionError)
                reason = type(error).__name__ if crashed else str(error)
                raise ReplayFault(f"action {number} {action!r} no longer replays: {reason}",
                                  number, action, reason, crashed) from None
            yield number, action, applied
    finally:
        if collecting:
            gc.enable()


def replay(
    kind: str, settings: Mapping[str, object], actions: Sequence[str], *, source: str = "the game"
) -> Engine:
    """Rebuild a game from its actions; one that does not replay is a data problem. No
    ruling is kept (most commands read none): ``replaying`` gives each one."""
    try:
        engine = begin(kind, settings)[2]
        for _step in replaying(engine, actions):
            pass
        return engine
    except ReplayFault as fault:
        raise DataProblem(f"{source}: {fault}") from None


def verify(engine: Engine, action: str) -> Applied:
    """What ``action`` would do to the game in ``engine``, which stays as it is: its
    ruling, or the error ``apply`` raises (``RuleRefused``, ``BadInput``). The check
    commands' "is this legal now?" (pokerkit's verify), on a deep copy of the engine
    (through pickle, in memory: several times cheaper than ``copy.deepcopy``)."""
    import pickle

    twin: Engine = pickle.loads(pickle.dumps(engine, pickle.HIGHEST_PROTOCOL))  # noqa: S301
    return twin.apply(action)
