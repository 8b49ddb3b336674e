"""What the model-based referees share: the step budget, a game run, the checks after a step.

A referee deals real shuffled cards, plays random legal actions (and some illegal
ones) through an engine and checks, after every step, what must always hold.
``COMPANION_REFEREE_STEPS`` sets the steps per game kind (a few hundred by default,
so CI stays fast; set thousands for a long run).
"""

from __future__ import annotations

import os
import pickle
import random
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from companion.errors import BadInput, CompanionError, RuleRefused
from companion.game import Engine, Record, load_kind, replay
from companion.session import Games
from companion.store import Store

STEPS = int(os.environ.get("COMPANION_REFEREE_STEPS", "300"))
REPLAY_EVERY = 40  # a replay check this often (and at the end of every game)


def fields(engine: Engine) -> dict[str, Any]:
    """Every field of ``engine`` (its ``__dict__``, or the ``__slots__`` of its classes)."""
    found = getattr(engine, "__dict__", None)
    if found is not None:
        return dict(found)
    return {name: getattr(engine, name) for cls in type(engine).__mro__
            for name in getattr(cls, "__slots__", ())}


def snapshot(engine: Engine) -> dict[str, Any]:
    """A deep copy of every field of ``engine`` (through pickle: far cheaper than deepcopy)."""
    return pickle.loads(pickle.dumps(fields(engine), pickle.HIGHEST_PROTOCOL))  # noqa: S301


class Run(Record):
    """One game played by a referee: its settings, the actions kept, the engine;
    ``replayed``, the game rebuilt from the actions kept as a replay does, each applied in
    turn (fed the ``fed`` first, so a check costs the new actions only); ``model``, what
    the referee keeps beside the game (the real cards)."""

    __slots__ = ("kind", "settings", "rng", "check", "engine", "actions", "refused", "steps",
                 "last_error", "replayed", "fed", "model")

    def __init__(self, kind: str, settings: dict[str, Any], rng: random.Random,
                 check: Callable[[Engine], None]) -> None:
        module = load_kind(kind)
        self.kind, self.rng, self.check = kind, rng, check
        self.settings = module.normalize_settings(settings)
        self.engine: Engine = module.new_engine(self.settings)
        self.replayed: Engine = module.new_engine(self.settings)
        self.actions: list[str] = []
        self.refused: list[str] = []
        self.steps = self.fed = 0
        self.last_error = ""
        self.model: Any = None
        check(self.engine)

    def where(self) -> str:
        return f"{self.kind} {self.settings} after {self.actions[-8:]}"

    def may_act_after_end(self, action: str) -> bool:
        """An action the rules still accept once the game has ended (none by default)."""
        return False

    def act(self, action: str) -> bool:
        """Play ``action``; True when accepted. Every step is checked."""
        self.steps += 1
        before = snapshot(self.engine)
        outcome = self.engine.outcome
        try:
            applied = self.engine.apply(action)
        except (RuleRefused, BadInput) as error:
            self.refused.append(action)
            self.last_error = str(error)
            # a refused action changes nothing: the very engine that refused it is as it
            # was, field by field (not through a view of it)
            after = fields(self.engine)
            assert after == before, (f"refused {action!r} changed "
                                     f"{[k for k in before if before[k] != after[k]]}: "
                                     f"{self.where()}")
            return False
        assert outcome == "playing" or self.may_act_after_end(action), \
            f"{action!r} accepted after the end: {self.where()}"
        self.actions.append(applied.action)
        try:
            self.check(self.engine)
        except AssertionError as error:
            raise AssertionError(f"{error}: {self.where()}") from error
        if len(self.actions) % REPLAY_EVERY == 0:
            self.check_replay()
        return True

    def must_accept(self, action: str) -> None:
        """An action the rules allow now: it is accepted."""
        assert self.act(action), f"{action!r} was refused ({self.last_error}): {self.where()}"

    def must_refuse(self, action: str) -> None:
        """An action the rules forbid now: it is refused and changes nothing."""
        assert not self.act(action), f"{action!r} was accepted: {self.where()}"

    def check_replay(self) -> None:
        """Replaying the saved actions gives the same state (and the same canonical text)."""
        for action in self.actions[self.fed:]:
            assert self.replayed.apply(action).action == action, self.where()
        self.fed = len(self.actions)
        assert self.replayed.status() == self.engine.status(), \
            f"replay differs: {self.where()}"

    def finish(self, home: Path) -> None:
        """The end of a game: replayed once more, by the replay commands use too; a saved
        game refuses on disk unchanged."""
        self.check_replay()
        engine = replay(self.kind, self.settings, self.actions)
        assert engine.status() == self.engine.status(), f"replay differs: {self.where()}"
        if self.engine.outcome != "playing":
            for action in self.refused[-2:] + self.actions[-1:]:
                self.must_refuse(action)  # the outcome is final
        store = Store(home)
        name = f"{self.kind}-{self.rng.randrange(10**9)}"
        Games(store).new(self.kind, self.settings, name)
        with store.lock(name):
            record = store.read(name)
            record.actions = list(self.actions)
            record.outcome = self.engine.outcome
            store.write(record)
        path = store.path(name)
        saved = path.read_bytes()
        for action in self.refused[-3:]:
            try:
                Games(store).act(name, action)
            except CompanionError:
                pass
            else:  # refused here, but perhaps legal at the end of the game
                saved = path.read_bytes()
                continue
            assert path.read_bytes() == saved, f"a refused {action!r} changed the file"


def play(kind: str, seed: int, home: Path, new_settings: Callable[[random.Random], Mapping[str,
         Any]], step: Callable[[Run], bool], check: Callable[[Engine], None]) -> int:
    """Games of ``kind`` until STEPS steps are played; returns the games played."""
    rng = random.Random(seed)
    steps = games = 0
    while steps < STEPS:
        run = Run(kind, dict(new_settings(rng)), rng, check)
        games += 1
        while run.steps < STEPS - steps and run.engine.outcome == "playing":
            if not step(run):
                break  # the driver has nothing more to play in this game
        run.finish(home)
        steps += max(run.steps, 1)
    return games


def refereed(kind: str, seed: int, home: Path,
             new_settings: Callable[[random.Random], Mapping[str, Any]],
             step: Callable[[Run], bool], check: Callable[[Engine], None],
             reached: Counter[str]) -> None:
    """Games of ``kind`` played by a referee from ``seed``: one game at least, and the
    real cards found conserved (counted in ``reached``) after half the steps at least."""
    reached.clear()
    games = play(kind, seed, home, new_settings, step, check)
    assert games >= 1 and STEPS > 0
    assert reached["cards conserved"] >= STEPS // 2, reached
