"""Saved games: one readable TOML file per game, written so that nothing is lost.

Every change runs under an exclusive lock taken before the file is read; the
new text is serialised in memory, parsed back, written to a temp file in the
same folder, fsynced, renamed over the old file, and the folder is fsynced.
The version replaced goes to the backups (the last ``BACKUPS`` are kept). A
file that cannot be read, or was written by a newer companion, is never
overwritten: the error names it and the newest good backup.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import sys
import time
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import BadInput, DataProblem, GameNotFound

SCHEMA = 1
BACKUPS = 5
MAX_SAVE_BYTES = 4 * 1024 * 1024
LOCK_TIMEOUT = float(os.environ.get("COMPANION_LOCK_TIMEOUT", "15"))
NAME_FORMS = "letters, digits, '-' and '_', at most 40, starting with a letter or digit"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")


def data_home() -> Path:
    """``$COMPANION_HOME``, else the platform's user data folder (never the cwd)."""
    env = os.environ.get("COMPANION_HOME")
    if env:
        return Path(env).expanduser()
    import platformdirs  # only when no home is set: keeps tests and scripts lean

    return Path(platformdirs.user_data_dir("companion", appauthor=False))


def check_name(name: str) -> str:
    if not _NAME.fullmatch(name):
        raise BadInput(f"{name!r} is not a game name: {NAME_FORMS}")
    return name


def now_text() -> str:
    from datetime import UTC, datetime  # here, not at the top: 'status' never writes

    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")


@dataclass
class GameRecord:
    """A saved game: settings, the actions typed, redo stack, notes, summary."""

    kind: str
    name: str
    settings: dict[str, Any]
    actions: list[str] = field(default_factory=list)
    redo: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    created: str = field(default_factory=now_text)
    updated: str = field(default_factory=now_text)
    outcome: str = "playing"

    def to_toml(self) -> dict[str, Any]:
        # Setup first, actions one per line: the file reads like a hand history.
        return {
            "schema": SCHEMA,
            "kind": self.kind,
            "name": self.name,
            "created": self.created,
            "updated": self.updated,
            "outcome": self.outcome,
            "settings": self.settings,
            "actions": self.actions,
            "redo": self.redo,
            "notes": self.notes,
        }

    @classmethod
    def from_toml(cls, data: dict[str, Any]) -> GameRecord:
        """Validate a parsed file; raise ValueError naming the first bad field."""
        schema = data.get("schema")
        if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
            raise ValueError("no valid 'schema' number")
        if schema > SCHEMA:
            raise NewerSchema(schema)
        text_fields = ("kind", "name", "created", "updated", "outcome")
        for key in text_fields:
            if not isinstance(data.get(key), str):
                raise ValueError(f"field {key!r} is missing or not text")
        if not isinstance(data.get("settings"), dict):
            raise ValueError("field 'settings' is missing or not a table")
        lists = {}
        for key in ("actions", "redo", "notes"):
            value = data.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ValueError(f"field {key!r} is not a list of text")
            lists[key] = list(value)
        return cls(
            kind=data["kind"],
            name=data["name"],
            settings=dict(data["settings"]),
            actions=lists["actions"],
            redo=lists["redo"],
            notes=lists["notes"],
            created=data["created"],
            updated=data["updated"],
            outcome=data["outcome"],
        )


class NewerSchema(ValueError):
    def __init__(self, schema: int) -> None:
        super().__init__(f"written by a newer companion (schema {schema}, this one reads {SCHEMA})")


class Store:
    """The saved games under one data folder."""

    def __init__(self, home: Path | None = None) -> None:
        self.home = home if home is not None else data_home()
        self.games_dir = self.home / "games"
        self.backups_dir = self.home / "backups"

    # -- paths -----------------------------------------------------------
    def path(self, name: str) -> Path:
        return self.games_dir / f"{check_name(name)}.toml"

    def backup_path(self, name: str, number: int) -> Path:
        return self.backups_dir / f"{name}.{number}.toml"

    def names(self) -> list[str]:
        if not self.games_dir.is_dir():
            return []
        return sorted(
            p.stem for p in self.games_dir.glob("*.toml") if _NAME.fullmatch(p.stem)
        )

    def exists(self, name: str) -> bool:
        return self.path(name).exists()

    # -- reading ---------------------------------------------------------
    def read(self, name: str) -> GameRecord:
        path = self.path(name)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raise GameNotFound(f"no saved game named {name!r} (see 'companion games')") from None
        except OSError as error:
            raise DataProblem(f"cannot read {path}: {error.strerror}") from error
        return self._decode(path, raw)

    def _decode(self, path: Path, raw: bytes) -> GameRecord:
        if not raw.strip(b" \t\r\n"):
            raise self.problem(path, "the file is empty")
        if len(raw) > MAX_SAVE_BYTES:
            raise self.problem(path, f"the file is larger than {MAX_SAVE_BYTES} bytes")
        try:
            data = tomllib.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise self.problem(path, "the file is not UTF-8 text") from None
        except tomllib.TOMLDecodeError as error:
            raise self.problem(path, f"not valid TOML: {error}") from None
        try:
            record = GameRecord.from_toml(data)
        except NewerSchema as error:
            raise self.problem(path, str(error), newer=True) from None
        except ValueError as error:
            raise self.problem(path, f"not a saved game: {error}") from None
        if record.name != path.stem:
            raise self.problem(path, f"it names itself {record.name!r}, not {path.stem!r}")
        return record

    def newest_good_backup(self, name: str) -> Path | None:
        for number in range(1, BACKUPS + 1):
            candidate = self.backup_path(name, number)
            try:
                record = GameRecord.from_toml(tomllib.loads(candidate.read_text("utf-8")))
            except (OSError, ValueError, UnicodeDecodeError):
                continue
            if record.name == name:
                return candidate
        return None

    def problem(self, path: Path, reason: str, *, newer: bool = False) -> DataProblem:
        """A data error that names the file, the reason and the newest good backup."""
        backup = self.newest_good_backup(path.stem)
        advice = "update companion to open it" if newer else "it was left as it is"
        where = f"newest good backup: {backup}" if backup else "no good backup"
        return DataProblem(f"{path}: {reason}; {advice}; {where}")

    # -- writing ---------------------------------------------------------
    @contextlib.contextmanager
    def lock(self, name: str) -> Iterator[None]:
        """Hold the game's exclusive lock; wait up to LOCK_TIMEOUT seconds for it."""
        lock_path = self.games_dir / f".{check_name(name)}.lock"
        try:
            self.games_dir.mkdir(parents=True, exist_ok=True)
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise DataProblem(f"cannot write in {self.games_dir}: {error.strerror}") from error
        try:
            _acquire(fd, lock_path)
            yield
        finally:
            os.close(fd)  # closing the descriptor releases the lock

    @contextlib.contextmanager
    def transaction(self, name: str) -> Iterator[GameRecord]:
        """Lock, read, hand the record over; the caller saves with ``write``."""
        with self.lock(name):
            yield self.read(name)

    def write(self, record: GameRecord, *, new: bool = False) -> None:
        """Atomically replace the game's file. The caller holds the lock."""
        path = self.path(record.name)
        if new and path.exists():
            raise BadInput(f"a game named {record.name!r} already exists")
        record.updated = now_text()
        parts = _record_parts(record)
        # Parse back what we are about to write: never put down bytes we cannot read.
        if not _reads_back(record, parts):
            raise DataProblem(f"refusing to save {path}: the text did not read back the same")
        try:
            data = "".join(parts).encode("utf-8")
        except UnicodeEncodeError:
            raise BadInput("the text is not UTF-8 (undecodable bytes): nothing was saved") from None
        self._clean_temp_files(path)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            _write_synced(tmp, data)
            if path.exists():
                self._rotate_backups(record.name, path)
            os.replace(tmp, path)
            _fsync_dir(path.parent)
        except OSError as error:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise DataProblem(
                f"cannot save {path}: {error.strerror or error}; the saved game is unchanged"
            ) from error

    def _clean_temp_files(self, path: Path) -> None:
        # Under the lock, any temp file of this game is left over from a killed writer.
        for stale in path.parent.glob(f".{path.name}.*.tmp"):
            with contextlib.suppress(OSError):
                stale.unlink()

    def _rotate_backups(self, name: str, path: Path) -> None:
        self.backups_dir.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            self.backup_path(name, BACKUPS).unlink()
        for number in range(BACKUPS - 1, 0, -1):
            with contextlib.suppress(FileNotFoundError):
                os.replace(self.backup_path(name, number), self.backup_path(name, number + 1))
        newest = self.backup_path(name, 1)
        try:
            os.link(path, newest)  # the old file itself: cheap, and it is never changed
        except OSError:
            import shutil

            shutil.copy2(path, newest)

    def remove(self, name: str) -> None:
        """Delete a game; its last version stays as the newest backup."""
        path = self.path(name)
        with self.lock(name):
            if not path.exists():
                raise GameNotFound(f"no saved game named {name!r} (see 'companion games')")
            try:
                self._rotate_backups(name, path)
                path.unlink()
                _fsync_dir(path.parent)
            except OSError as error:
                raise DataProblem(f"cannot remove {path}: {error.strerror}") from error
        with contextlib.suppress(OSError):
            (self.games_dir / f".{name}.lock").unlink()
        if self.current() == name:
            self.set_current(None)

    # -- the current game --------------------------------------------------
    def current(self) -> str | None:
        try:
            name = (self.home / "current").read_text("utf-8").strip()
        except OSError:
            return None
        return name if _NAME.fullmatch(name) else None

    def set_current(self, name: str | None) -> None:
        target = self.home / "current"
        try:
            self.home.mkdir(parents=True, exist_ok=True)
            if name is None:
                target.unlink(missing_ok=True)
                return
        except OSError as error:
            raise DataProblem(f"cannot write {target}: {error.strerror}") from error
        replace_file(target, (name + "\n").encode(), "the current game's name")

    def next_free_name(self, kind: str) -> str:
        taken = set(self.names())
        number = 1
        while f"{kind}-{number}" in taken:
            number += 1
        return f"{kind}-{number}"


_TEXT_LISTS = ("actions", "redo", "notes")
_ESCAPES = {"\b": "\\b", "\n": "\\n", "\f": "\\f", "\r": "\\r",
            '"': '\\"', "\\": "\\\\"}
_NEEDS_ESCAPE = re.compile(r'[\x00-\x08\x0a-\x1f\x7f"\\]')


def toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters (but tab) escaped."""
    if _NEEDS_ESCAPE.search(text) is None:
        return '"' + text + '"'
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif (char < " " and char != "\t") or char == "\x7f":
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


# List item (action, redo, note) -> its line in the file, for items whose line tomllib
# has already read back as the same text. A line is a pure function of its item, so it
# needs checking once per process: a shell saving its 500th action parses one new line
# back, not the 500 before it (that whole-file parse was half the time of a save).
_CHECKED_LINES: dict[str, str] = {}
_CHECKED_MAX = 50_000


def _list_line(item: str) -> str:
    line = _CHECKED_LINES.get(item)
    return line if line is not None else f"    {toml_string(item)},\n"


def _record_parts(record: GameRecord) -> list[str]:
    """The file's text in pieces: scalars, one piece per list, settings (last)."""
    import tomli_w  # only writers need it (start-up time of read-only commands)

    data = record.to_toml()
    scalars = {k: v for k, v in data.items() if k not in _TEXT_LISTS and k != "settings"}
    parts = [tomli_w.dumps(scalars)]
    for key in _TEXT_LISTS:
        items = data[key]
        body = "".join(map(_list_line, items))
        parts.append(f"{key} = [\n{body}]\n" if items else f"{key} = []\n")
    parts.append("\n" + tomli_w.dumps({"settings": data["settings"]}))
    return parts


def dumps_record(record: GameRecord) -> str:
    """The save file's text, laid out as tomli-w lays it out.

    The action lists are written here, one per line: they are most of the file,
    and tomli-w takes four times as long on them. ``write`` parses the result
    back before anything reaches the disk.
    """
    return "".join(_record_parts(record))


def _reads_back(record: GameRecord, parts: list[str]) -> bool:
    """Whether tomllib reads ``parts`` joined back as ``record``.

    The scalars and settings are parsed whole. The lists are fixed syntax around
    one line per item, so each item's line is parsed (in one batch), unless it was
    read back before (``_CHECKED_LINES``).
    """
    try:
        data = tomllib.loads(parts[0] + parts[-1])
        items = [i for key in _TEXT_LISTS for i in getattr(record, key)]
        new = list(dict.fromkeys(i for i in items if i not in _CHECKED_LINES))
        if new:
            lines = [f"    {toml_string(item)},\n" for item in new]
            if tomllib.loads("v = [\n" + "".join(lines) + "]\n")["v"] != new:
                return False
            if len(_CHECKED_LINES) + len(new) > _CHECKED_MAX:
                _CHECKED_LINES.clear()
            _CHECKED_LINES.update(zip(new, lines, strict=True))
        for key in _TEXT_LISTS:
            data[key] = list(getattr(record, key))
        return GameRecord.from_toml(data) == record
    except (tomllib.TOMLDecodeError, ValueError):
        return False


def replace_file(path: Path, data: bytes, what: str) -> None:
    """Write a small side file (current game, deck settings, card catalog) atomically.

    Temp file in the same folder, fsync, rename, fsync the folder: a killed
    process leaves the old file or the new one. ``what`` names it in errors.
    """
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _write_synced(tmp, data)
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    except OSError as error:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise DataProblem(f"cannot save {what} {path}: {error.strerror or error}") from error


def _write_synced(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # some platforms cannot open a folder; the rename is still atomic
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def _acquire(fd: int, lock_path: Path) -> None:
    deadline = time.monotonic() + LOCK_TIMEOUT
    while True:
        try:
            _try_lock(fd)
            return
        except OSError as error:
            if error.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK,
                                   errno.EDEADLK):
                raise DataProblem(f"cannot lock {lock_path}: {error.strerror}") from error
            if time.monotonic() > deadline:
                raise DataProblem(
                    f"{lock_path}: the game is locked by another command; try again"
                ) from None
            time.sleep(0.005)


if sys.platform == "win32":  # pragma: no cover - the phones and laptops we test are POSIX
    import msvcrt

    def _try_lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
