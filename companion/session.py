"""Saved games and engines together: open by replay, act, undo, redo.

Every change is made under the game's lock on a fresh read of the file, so two
commands on one game never lose each other's actions; a refused action raises
before anything is written. A game is replayed only when its file's bytes are not
those this process replayed already (``Store.open``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager

from companion.current import read_pointer
from companion.errors import BadInput, CompanionError, DataProblem, GameNotFound
from companion.game import Applied, kind_info, load_kind
from companion.store import GameRecord, OpenGame, Store, check_name
from companion.store import keep_open as keep_open  # re-exported: the shell turns it on
from companion.text import MAX_NOTES, check_note

Seen = Callable[[OpenGame], None]


class Games:
    def __init__(self, store: Store | None = None) -> None:
        self.store = store if store is not None else Store()

    def resolve(self, name: str | None, kind: str | None = None) -> str:
        """The game a command acts on: ``name``, else the current game of ``kind`` (the
        game made current last when no kind is given)."""
        wanted = kind_info(kind).name if kind is not None else None
        if name is not None:
            check_name(name)
            if wanted is not None:
                found = self.store.kind(name)
                if found != wanted:
                    raise BadInput(f"{name!r} is a {found} game, not {wanted}: 'companion "
                                   f"{found} ... --game {name}' acts on it; "
                                   f"{self.choices(wanted)}")
            return name
        if wanted is None:
            name = read_pointer(self.store.home)
            if name is None or not self.store.exists(name):
                raise GameNotFound("no current game: see 'companion games', or pass --game NAME")
            return name
        name = self.current_of(wanted)
        if name is not None:
            return name
        saved = self.store.names_of(wanted)
        if not saved:
            raise GameNotFound(f"no current game: start one with 'companion {wanted} new', or "
                               "pass --game NAME")
        raise GameNotFound(f"no current {wanted} game: 'companion games use NAME' makes one of "
                           f"{listed(saved)} current, or pass --game NAME")

    def current_of(self, kind: str, known: Mapping[str, str] | None = None) -> str | None:
        """The game ``companion KIND`` acts on: the kind's current game, else its one saved
        game; None when there is none, or several and none is current. ``known``: every
        saved game's kind, when the caller has read them (they are not read again)."""
        # Its own pointer, else (a folder from before each kind kept one) the last game
        # made current, if it is of this kind.
        name = read_pointer(self.store.home, kind) or read_pointer(self.store.home)
        if name is not None:
            found = known.get(name) if known is not None else self.store.kind_or_none(name)
            # A file that cannot be read is still the one meant (unless the caller read it):
            # opening it says what is wrong with it, naming its backups.
            if found == kind or (known is None and found is None
                                 and os.path.lexists(self.store.path(name))):
                return name
        saved = (self.store.names_of(kind) if known is None
                 else [other for other, its in known.items() if its == kind])
        return saved[0] if len(saved) == 1 else None

    def choices(self, kind: str) -> str:
        """How to name a game of ``kind``, the saved ones listed."""
        saved = self.store.names_of(kind)
        if not saved:
            return f"no {kind} game is saved: 'companion {kind} new' starts one"
        return f"--game NAME names one of the {kind} games: {listed(saved)}"

    @contextmanager
    def _changing(self, name: str, seen: Seen | None = None) -> Iterator[OpenGame]:
        """Under the game's lock, the game as saved now (replayed: the store will accept to
        replace it) for this caller to change; ``seen`` is shown it."""
        with self.store.lock(name):
            game = self.store.open(name)
            if seen is not None:
                seen(game)
            try:
                yield game
            except BaseException:
                # It may have changed before the error: replayed when next opened.
                self.store.opened.pop(str(self.store.path(name)), None)
                raise

    def _save(self, game: OpenGame, *, new: bool = False) -> None:
        """Write the game changed under the lock (it has just replayed), and keep the bytes
        now on disk with the game they hold."""
        game.record.outcome = game.engine.outcome
        data = self.store.write(game.record, new=new, replayed=True)
        self.store.opened[str(self.store.path(game.record.name))] = (data, game)

    def new(self, kind: str, settings: Mapping[str, object], name: str | None = None,
            actions: Sequence[str] = ()) -> OpenGame:
        """A new game saved and made current; ``actions``: played already (a demo's)."""
        info = kind_info(kind)
        module = load_kind(info.name)
        normalized = module.normalize_settings(settings)
        module.new_engine(normalized)  # refuse impossible settings before any write
        game_name = check_name(name) if name else self.store.free_name(info.name)
        if name and self.store.exists(game_name):  # whose it is, and a free name to take
            found = self.store.kind_or_none(game_name)
            holder = f"a {found} game" if found else "a game"
            raise BadInput(f"{holder} is already named {name!r}: pick another --name (such as "
                           f"{self.store.free_name(name[:36], 2)}), or 'companion games rm "
                           f"{name}' first")
        record = GameRecord(kind=info.name, name=game_name, settings=normalized,
                            actions=list(actions))
        game = self.store.replay(record)
        with self.store.lock(game_name):
            self._save(game, new=True)
        self.store.set_current(game_name)
        return game

    def act(self, name: str, action: str) -> tuple[OpenGame, Applied]:
        """Apply one action and save it; a refusal leaves the file untouched."""
        with self._changing(name) as game:
            record = game.record
            applied = game.engine.apply(action)
            record.actions.append(applied.action)
            record.redo.clear()
            game.applied.append(applied)
            self._save(game)
        return game, applied

    def undo(self, name: str, count: int = 1, seen: Seen | None = None
             ) -> tuple[OpenGame, list[str]]:
        """Take back the last ``count`` actions; return the game and the actions undone.
        ``seen`` is shown the game as it was, read under the same lock."""
        if count < 1:
            raise BadInput("undo takes a number of actions of 1 or more")
        with self._changing(name, seen) as game:
            record = game.record  # the game is replayed anew, or let go on an error
            if not record.actions:
                raise BadInput("nothing to undo")
            undone = record.actions[-count:]
            del record.actions[-count:]
            record.redo = undone + record.redo
            game = self.store.replay(record)
            self._save(game)
        return game, undone

    def redo(self, name: str, count: int = 1, seen: Seen | None = None
             ) -> tuple[OpenGame, list[Applied]]:
        """Apply again what undo took back; ``seen`` as for ``undo``."""
        if count < 1:
            raise BadInput("redo takes a number of actions of 1 or more")
        with self._changing(name, seen) as game:
            record = game.record
            if not record.redo:
                raise BadInput("nothing to redo")
            redone: list[Applied] = []
            for action in record.redo[:count]:
                try:
                    redone.append(game.engine.apply(action))
                except CompanionError as error:
                    raise DataProblem(f"redo of {action!r} no longer applies: {error}") from error
            record.actions.extend(a.action for a in redone)
            del record.redo[:count]
            game.applied.extend(redone)
            self._save(game)
        return game, redone

    def note(self, name: str, text: str) -> None:
        check_note(text)
        with self._changing(name) as game:
            if len(game.record.notes) >= MAX_NOTES:
                raise BadInput(f"a game keeps at most {MAX_NOTES} notes (a share code carries "
                               "them all)")
            game.record.notes.append(text)  # notes take no part in the replay
            self._save(game)


def listed(names: list[str], most: int = 8) -> str:
    """Game names for an error line: at most ``most``, then how many more."""
    shown = ", ".join(names[:most])
    return shown if len(names) <= most else f"{shown} and {len(names) - most} more"
