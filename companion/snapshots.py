"""Snapshots of replayed games, so that opening a long game does not replay every action.

The saved game stays the source of truth. A snapshot is the engine's state
after the first N actions (pickled), filed under a BLAKE2 digest of everything
that made it: this code (version, file sizes and times), the kind, the
settings and exactly those N action texts. It is used only when the digest of
the saved file's own first N actions matches; the actions after N are then
replayed as usual. Anything else (a hand-edited file, an upgrade, a damaged
or missing cache) falls back to a full replay, so a snapshot can make opening
faster but never different.

Snapshots are taken every ``EVERY`` actions; the newest ``KEEP`` are kept, so
that an ``undo`` rarely costs a full replay. They live in ``<home>/cache/``,
are written atomically and never fsynced: losing them costs time, not data.
Each snapshot is signed (keyed BLAKE2 over its digest and bytes, with a
random key kept in ``<home>/cache/.key``): an edited snapshot is not read at
all. Reading only accepts companion's own classes and plain containers, and
a snapshot is used only if it holds the kind's engine and exactly the
actions it claims. Set ``COMPANION_SNAPSHOTS=0`` to turn them off.

The same machinery keeps other states that replaying the actions builds, each in
its own file with its own digests (``purpose``): ``companion.history`` keeps
its tracers in ``<name>.trace``.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from companion.game import Applied, Engine

try:  # the C module behind hashlib.blake2b, without hashlib's OpenSSL start-up cost
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - other Pythons
    from hashlib import blake2b

FORMAT = 2
MAX_CACHE_BYTES = 64 * 1024 * 1024
EVERY = 100
KEEP = 3
_PACKAGE = Path(__file__).resolve().parent
_SAFE_BUILTINS = {
    ("builtins", name) for name in ("set", "frozenset", "dict", "list", "tuple", "bytearray")
} | {("collections", name) for name in ("Counter", "OrderedDict", "deque", "defaultdict")}


def enabled() -> bool:
    return os.environ.get("COMPANION_SNAPSHOTS", "1") != "0"


def load(data: bytes) -> Any:
    """A pickled point read back, accepting only companion's classes and plain containers."""
    return _restricted()(io.BytesIO(data)).load()


# The C pickler itself: the pickle module around it costs a command more to import.
PROTOCOL = 5  # the newest protocol (pickle.HIGHEST_PROTOCOL since Python 3.8)


def pickled(value: Any) -> bytes | None:
    """A point's bytes; None for a state that cannot be pickled (it is just replayed)."""
    from _pickle import dumps

    try:
        return dumps(value, protocol=PROTOCOL)
    except Exception:
        return None


@cache
def _restricted() -> Any:
    from _pickle import Unpickler, UnpicklingError  # only when there is a snapshot to read

    class Restricted(Unpickler):
        """Only companion's own classes and plain containers: a cache file runs no code."""

        def find_class(self, module: str, name: str) -> Any:
            if (module, name) in _SAFE_BUILTINS:
                return super().find_class(module, name)
            if (module == "companion" or module.startswith("companion.")) and "." not in name:
                found = super().find_class(module, name)
                if isinstance(found, type) and found.__module__.startswith("companion"):
                    return found
            raise UnpicklingError(f"{module}.{name} is not allowed in a snapshot")

    return Restricted


def _canonical(value: Any) -> str:
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

    def __init__(self, home: Path, name: str, kind: str, settings: dict[str, Any],
                 purpose: str = "snap") -> None:
        self.path = home / "cache" / f"{name}.{purpose}"
        self._key: bytes | None = None
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

    def key(self) -> bytes:
        """This installation's signing key, made on first use (never through a symlink)."""
        if self._key is None:
            from companion import safefile

            path = self.path.parent / ".key"
            try:
                self._key = safefile.read_bytes(path, 64)
            except FileNotFoundError:
                self._key = os.urandom(32)
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    safefile.write_new(path, self._key, sync=False)
                except OSError:
                    pass  # another process made it first (or none can be kept): unsigned
            except Exception:
                self._key = os.urandom(32)  # an unreadable key: nothing stored is trusted
            if len(self._key) < 16:
                self._key = os.urandom(32)
        return self._key

    def sign(self, number: int, digest: str, blob: bytes) -> str:
        mac = blake2b(key=self.key()[:64], digest_size=32)
        mac.update(f"{number} {digest} ".encode())
        mac.update(blob)
        return mac.hexdigest()

    def _stored(self) -> list[tuple[int, str, bytes]]:
        from companion import safefile

        try:
            stored = load(safefile.read_bytes(self.path, MAX_CACHE_BYTES))
            if stored["format"] != FORMAT:
                return []
            points = [(int(n), str(d), bytes(b), str(m)) for n, d, b, m in stored["points"]]
        except Exception:  # a missing or damaged cache means a full replay
            return []
        return [(n, d, b) for n, d, b, m in points if self.sign(n, d, b) == m]

    def restore(self, actions: Sequence[str], engine_type: type | None = None
                ) -> tuple[Engine, list[Applied], int] | None:
        """The newest snapshot that the saved actions lead to, or None.

        Used only if it holds an engine of ``engine_type`` and exactly the first
        N saved actions, each with its ruling lines as text.
        """
        for number, blob in self.matching(actions):
            try:
                engine, pairs = load(blob)
                applied = [Applied(action, tuple(lines)) for action, lines in pairs]
            except Exception:
                return None
            if engine_type is not None and type(engine) is not engine_type:
                return None
            if len(applied) != number or any(
                    a.action != actions[i] or not all(isinstance(x, str) for x in a.lines)
                    for i, a in enumerate(applied)):
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
        return pickled((engine, [(a.action, a.lines) for a in applied]))

    def save(self, actions: Sequence[str], taken: dict[int, bytes]) -> None:
        """Keep the newest snapshots among those taken and those already on disk."""
        from companion import safefile

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
        signed = [(n, d, b, self.sign(n, d, b)) for n, d, b in keep]
        from _pickle import dumps

        from companion import safefile

        data = dumps({"format": FORMAT, "points": signed}, protocol=PROTOCOL)
        with contextlib.suppress(OSError):  # the folder was made by save()
            safefile.replace(self.path, data, sync=False, suffix="part")
