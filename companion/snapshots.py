"""Snapshots of replayed games, so that opening a long game does not replay every action.

The saved game stays the source of truth. A snapshot is the engine's state
after the first N actions, as plain values (``Engine.state_data``), filed
under a BLAKE2 digest of everything that made it: this code (version, file
sizes and times), the kind, the settings and exactly those N action texts.
It is used only when the digest of the saved file's own first N actions
matches; the actions after N are then replayed as usual. Anything else (a
hand-edited file, an upgrade, a damaged or missing cache) falls back to a
full replay, so a snapshot can make opening faster but never different.

Snapshots are taken every ``EVERY`` actions; the newest ``KEEP`` are kept, so
that an ``undo`` rarely costs a full replay. They live in ``<home>/cache/``
as signed cache files (``companion.cachefile``: a keyed MAC over the whole
file, checked before a byte is parsed; plain values only, never objects). A
state read back is rebuilt by the kind's own ``engine_from_data``, which
checks every value and the engine's invariants (cards conserved, life
within its maximum, counts in range): a state that fails them is never used.
Set ``COMPANION_SNAPSHOTS=0`` to turn them off.

The same machinery keeps other states that replaying the actions builds, each in
its own file with its own digests (``purpose``): ``companion.history`` keeps
its tracers in ``<name>.trace``, the sheets the last share code in
``<name>.share``.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from hashlib import blake2b
from pathlib import Path

from companion import cachefile, plain
from companion.game import Applied, Engine

FORMAT = 3
MAX_CACHE_BYTES = 64 * 1024 * 1024
EVERY = 100
KEEP = 3
_PACKAGE = Path(__file__).resolve().parent


def enabled() -> bool:
    return os.environ.get("COMPANION_SNAPSHOTS", "1") != "0"


def dumped(value: object) -> bytes | None:
    """Plain values as bytes (marshal: only numbers, strings, bytes, lists, tuples,
    tables); None for a value that holds anything else (it is just not kept)."""
    if value is not None and not isinstance(
            value, tuple | list | dict | str | bytes | int | float):
        return None  # not what an engine's ``state_data`` gives
    try:
        return marshal.dumps(value)
    except ValueError:
        return None


def load(data: bytes) -> object:
    """Plain values read back from ``dumped``'s bytes; only ever called on bytes whose
    MAC matched (``companion.cachefile``). Raises on anything damaged."""
    return marshal.loads(data)


def _canonical(value: object) -> str:
    """Settings as text that does not depend on the order of their keys."""
    if isinstance(value, dict):
        items = sorted((str(k), _canonical(v)) for k, v in value.items())
        return "{" + ",".join(f"{k!r}:{v}" for k, v in items) + "}"
    if isinstance(value, list | tuple):
        return "[" + ",".join(_canonical(v) for v in value) + "]"
    return repr(value)


@cache
def _code_stamp(kind: str) -> bytes:
    """What the engine's behaviour depends on, cheaply: versions and source file stats."""
    import companion

    parts = [f"{FORMAT} {companion.__version__} {sys.version} {kind}"]
    folders = [_PACKAGE, _PACKAGE / kind]
    with contextlib.suppress(OSError):
        from companion.resources import resource_dir

        folders.append(resource_dir("rulebook"))
    for folder in folders:
        try:
            entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
        except OSError:
            continue
        for entry in entries:
            if entry.name.endswith((".py", ".toml")) and entry.is_file():
                stat = entry.stat()
                parts.append(f"{folder.name}/{entry.name} {stat.st_size} {stat.st_mtime_ns}")
    return "\n".join(parts).encode()


class Snapshots:
    """The snapshots of one game, under ``<home>/cache/<name>.snap``."""

    def __init__(self, home: Path, name: str, kind: str, settings: Mapping[str, object],
                 purpose: str = "snap") -> None:
        self.home = home
        self.purpose = purpose
        self.path = home / "cache" / f"{name}.{purpose}"
        self.kind = kind
        self.seed = blake2b(_code_stamp(kind), digest_size=32)
        if purpose != "snap":  # another cache's points never match these (nor theirs these)
            self.seed.update(f"{purpose}\0".encode())
        self.seed.update(_canonical(settings).encode("utf-8", "surrogatepass"))

    def digests(self, actions: Sequence[str], points: Sequence[int]) -> dict[int, str]:
        """The digest of the first N actions for each N in ``points`` (ascending)."""
        running = self.seed.copy()
        found: dict[int, str] = {}
        done = 0
        for point in points:
            for action in actions[done:point]:
                running.update(action.encode("utf-8", "surrogatepass") + b"\0")
            done = point
            found[point] = running.hexdigest()
        return found

    def _stored(self) -> list[tuple[int, str, bytes]]:
        """The points in the cache file: (number of actions, digest, state's bytes)."""
        payload = cachefile.read(self.path, self.home, self.purpose, MAX_CACHE_BYTES)
        if payload is None:
            return []
        try:
            version, points = plain.fixed(load(payload), 2)
            if version != FORMAT or type(points) is not list or len(points) > 2 * KEEP:
                return []
            found = []
            for point in points:
                number, digest, blob = plain.fixed(point, 3)
                if type(number) is not int or type(digest) is not str or type(blob) is not bytes:
                    return []
                found.append((number, digest, blob))
        except Exception:  # a cache we wrote but cannot read (an older layout): rebuilt
            return []
        return found

    def restore(self, actions: Sequence[str], rebuild: Callable[[object], Engine]
                ) -> tuple[Engine, list[Applied], int] | None:
        """The newest snapshot that the saved actions lead to, or None.

        ``rebuild`` is the kind's ``engine_from_data`` for the game's settings: it
        checks the state and raises for anything the engine would not have written.
        The snapshot is used only if it holds exactly the first N saved actions, each
        with its ruling lines as text.
        """
        for number, blob in self.matching(actions):
            try:
                state, pairs = plain.fixed(load(blob), 2)
                if type(pairs) is not list or len(pairs) != number:
                    return None
                applied = []
                for i, (action, lines) in enumerate(pairs):  # a pair, or the unpacking raises
                    if action != actions[i] or type(lines) is not tuple or not all(
                            type(line) is str for line in lines):
                        return None
                    applied.append(Applied(actions[i], lines))  # the same text as ``action``
                engine = rebuild(state)
            except Exception:  # damaged, or not a state the engine would write: replayed
                return None
            return engine, applied, number
        return None

    def matching(self, actions: Sequence[str]) -> list[tuple[int, bytes]]:
        """The stored points that exactly the first N saved actions lead to, newest first
        (none when snapshots are off)."""
        if not enabled():
            return []
        points = self._stored()
        usable = sorted((p for p in points if 0 < p[0] <= len(actions)), key=lambda p: p[0])
        digests = self.digests(actions, [p[0] for p in usable])
        return [(number, blob) for number, digest, blob in reversed(usable)
                if digests[number] == digest]

    def points_after(self, start: int, total: int) -> list[int]:
        """Where a replay from ``start`` to ``total`` should take snapshots."""
        if not enabled():
            return []
        newest = [total - total % EVERY - EVERY * k for k in range(KEEP)]
        return sorted(p for p in newest if p > start)

    @staticmethod
    def take(engine: Engine, applied: Sequence[Applied]) -> bytes | None:
        """The engine's state and the actions so far, as plain values' bytes."""
        return dumped((engine.state_data(), [(a.action, a.lines) for a in applied]))

    def save(self, actions: Sequence[str], taken: dict[int, bytes]) -> None:
        """Keep the newest snapshots among those taken and those already on disk."""
        from companion import safefile

        if not enabled() or not cachefile.folder_usable(self.path.parent):
            return
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
        with safefile.locked_or_skip(self.path) as held:
            if held:  # another command is writing them: its snapshots will do
                self._save(actions, taken)

    def _save(self, actions: Sequence[str], taken: dict[int, bytes]) -> None:
        old = self._stored()
        total = len(actions)
        digests = self.digests(actions, sorted({p[0] for p in old if p[0] <= total} | set(taken)))
        # The newest points on this game's line first; an old point off it (after an undo
        # and other actions) is dropped, one ahead of it (actions undone) kept if there is
        # room, for a redo.
        line = {p[0]: p for p in old if p[0] <= total and digests[p[0]] == p[1]}
        line.update((n, (n, digests[n], blob)) for n, blob in taken.items())
        keep = sorted(line.values(), key=lambda p: p[0])[-KEEP:]
        ahead = sorted((p for p in old if p[0] > total), key=lambda p: p[0])
        keep = sorted(keep + ahead[:KEEP - len(keep)], key=lambda p: p[0])
        cachefile.write(self.path, self.home, self.purpose,
                        marshal.dumps((FORMAT, [list(p) for p in keep])))
