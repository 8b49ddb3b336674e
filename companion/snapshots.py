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
Reading only accepts companion's own classes and plain containers.
Set ``COMPANION_SNAPSHOTS=0`` to turn them off.
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

FORMAT = 1
EVERY = 100
KEEP = 3
_PACKAGE = Path(__file__).resolve().parent
_SAFE_BUILTINS = {
    ("builtins", name) for name in ("set", "frozenset", "dict", "list", "tuple", "bytearray")
} | {("collections", name) for name in ("Counter", "OrderedDict", "deque", "defaultdict")}


def enabled() -> bool:
    return os.environ.get("COMPANION_SNAPSHOTS", "1") != "0"


def _load(data: bytes) -> Any:
    return _restricted()(io.BytesIO(data)).load()


@cache
def _restricted() -> Any:
    import pickle  # only when there is a snapshot to read

    class Restricted(pickle.Unpickler):
        """Only companion's own classes and plain containers: a cache file runs no code."""

        def find_class(self, module: str, name: str) -> Any:
            if (module, name) in _SAFE_BUILTINS:
                return super().find_class(module, name)
            if (module == "companion" or module.startswith("companion.")) and "." not in name:
                found = super().find_class(module, name)
                if isinstance(found, type) and found.__module__.startswith("companion"):
                    return found
            raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a snapshot")

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

    def __init__(self, home: Path, name: str, kind: str, settings: dict[str, Any]) -> None:
        self.path = home / "cache" / f"{name}.snap"
        self.kind = kind
        self.seed = blake2b(_code_stamp(kind), digest_size=32)
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
        try:
            stored = _load(self.path.read_bytes())
            if stored["format"] != FORMAT:
                return []
            return [(int(n), str(d), bytes(b)) for n, d, b in stored["points"]]
        except Exception:  # a missing or damaged cache means a full replay
            return []

    def restore(self, actions: Sequence[str]) -> tuple[Engine, list[Applied], int] | None:
        """The newest snapshot that the saved actions lead to, or None."""
        if not enabled():
            return None
        points = self._stored()
        usable = sorted((p for p in points if 0 < p[0] <= len(actions)), key=lambda p: p[0])
        digests = self.digests(actions, [p[0] for p in usable])
        for number, digest, blob in reversed(usable):
            if digests[number] != digest:
                continue
            try:
                engine, pairs = _load(blob)
                applied = [Applied(action, tuple(lines)) for action, lines in pairs]
            except Exception:
                return None
            if len(applied) == number:
                return engine, applied, number
        return None

    def points_after(self, start: int, total: int) -> list[int]:
        """Where a replay from ``start`` to ``total`` should take snapshots."""
        if not enabled():
            return []
        newest = [total - total % EVERY - EVERY * k for k in range(KEEP)]
        return sorted(p for p in newest if p > start)

    @staticmethod
    def take(engine: Engine, applied: Sequence[Applied]) -> bytes | None:
        import pickle

        try:
            return pickle.dumps((engine, [(a.action, a.lines) for a in applied]),
                                protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # an engine that cannot be pickled is just replayed
            return None

    def save(self, actions: Sequence[str], taken: dict[int, bytes]) -> None:
        """Keep the newest snapshots among those taken and those already on disk."""
        old = self._stored()
        digests = self.digests(actions, sorted(taken))
        mine = {n: (n, digests[n], blob) for n, blob in taken.items()}
        # An old snapshot off this game's line is dropped: the newest line wins.
        merged = {n: p for n, p in ((p[0], p) for p in old) if n not in mine}
        merged.update(mine)
        keep = sorted(merged.values(), key=lambda p: p[0])[-KEEP:]
        import pickle

        data = pickle.dumps({"format": FORMAT, "points": keep}, protocol=pickle.HIGHEST_PROTOCOL)
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.part")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_bytes(data)
            os.replace(tmp, self.path)
        except OSError:
            with contextlib.suppress(OSError):
                tmp.unlink()
