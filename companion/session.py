"""Saved games and engines together: open by replay, act, undo, redo.

Every change is made under the game's lock on a fresh read of the file, so two
commands on one game never lose each other's actions. A refused action raises
before anything is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.errors import BadInput, CompanionError, DataProblem, GameNotFound
from companion.game import Applied, Engine, kind_info, load_kind
from companion.store import GameRecord, Store, check_name


@dataclass
class OpenGame:
    record: GameRecord
    engine: Engine
    applied: list[Applied]


class Games:
    def __init__(self, store: Store | None = None) -> None:
        self.store = store if store is not None else Store()

    def resolve(self, name: str | None, kind: str | None = None) -> str:
        """The game a command acts on: ``name``, else the current game."""
        if name is None:
            name = self.store.current()
            if name is None or not self.store.exists(name):
                hint = f"start one with 'companion {kind} new'" if kind else "see 'companion games'"
                raise GameNotFound(f"no current game: {hint}, or pass --game NAME")
        check_name(name)
        if kind is not None:
            record = self.store.read(name)
            if record.kind != kind_info(kind).name:
                raise BadInput(f"{name!r} is a {record.kind} game, not {kind_info(kind).name}")
        return name

    def open(self, name: str) -> OpenGame:
        return self._replay(self.store.read(name))

    def _replay(self, record: GameRecord, extra: list[str] | None = None) -> OpenGame:
        path = self.store.path(record.name)
        try:
            module = load_kind(record.kind)
            engine = module.new_engine(module.normalize_settings(record.settings))
        except CompanionError as error:
            raise self.store.problem(path, f"its settings are not valid: {error}") from error
        applied: list[Applied] = []
        for number, action in enumerate(record.actions, start=1):
            try:
                applied.append(engine.apply(action))
            except CompanionError as error:
                raise self.store.problem(
                    path, f"action {number} {action!r} no longer replays: {error}"
                ) from error
        return OpenGame(record, engine, applied)

    def new(self, kind: str, settings: Mapping[str, Any], name: str | None = None) -> OpenGame:
        info = kind_info(kind)
        module = load_kind(info.name)
        normalized = module.normalize_settings(settings)
        module.new_engine(normalized)  # refuse impossible settings before any write
        game_name = check_name(name) if name else self.store.next_free_name(info.name)
        record = GameRecord(kind=info.name, name=game_name, settings=normalized)
        with self.store.lock(game_name):
            self.store.write(record, new=True)
        self.store.set_current(game_name)
        return self._replay(record)

    def act(self, name: str, action: str) -> tuple[OpenGame, Applied]:
        """Apply one action and save it; a refusal leaves the file untouched."""
        with self.store.transaction(name) as record:
            game = self._replay(record)
            applied = game.engine.apply(action)
            record.actions.append(applied.action)
            record.redo.clear()
            record.outcome = game.engine.outcome
            self.store.write(record)
        game.applied.append(applied)
        return game, applied

    def undo(self, name: str, count: int = 1) -> tuple[OpenGame, list[str]]:
        """Take back the last ``count`` actions; return the game and the actions undone."""
        if count < 1:
            raise BadInput("undo takes a number of actions of 1 or more")
        with self.store.transaction(name) as record:
            if not record.actions:
                raise BadInput("nothing to undo")
            count = min(count, len(record.actions))
            undone = record.actions[-count:]
            del record.actions[-count:]
            record.redo = undone + record.redo
            game = self._replay(record)
            record.outcome = game.engine.outcome
            self.store.write(record)
        return game, undone

    def redo(self, name: str, count: int = 1) -> tuple[OpenGame, list[Applied]]:
        if count < 1:
            raise BadInput("redo takes a number of actions of 1 or more")
        with self.store.transaction(name) as record:
            if not record.redo:
                raise BadInput("nothing to redo")
            count = min(count, len(record.redo))
            game = self._replay(record)
            redone: list[Applied] = []
            for action in record.redo[:count]:
                try:
                    redone.append(game.engine.apply(action))
                except CompanionError as error:
                    raise DataProblem(f"redo of {action!r} no longer applies: {error}") from error
            record.actions.extend(a.action for a in redone)
            del record.redo[:count]
            record.outcome = game.engine.outcome
            self.store.write(record)
        game.applied.extend(redone)
        return game, redone

    def note(self, name: str, text: str) -> None:
        with self.store.transaction(name) as record:
            record.notes.append(text)
            self.store.write(record)
