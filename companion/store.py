"""Saved games: one readable TOML file per game, written so that nothing is lost.

Every change runs under the game's lock taken before the file is read; the new
text is parsed back before it goes down atomically (``safefile.replace``), and
the version replaced goes to the backups (the last ``BACKUPS``). ``write`` and
``remove`` first check that the file on disk replays, and ``write`` the new
record too: a file that cannot be read, does not replay, or was written by a
newer companion is never overwritten nor rotated into the backups; the error
names it and the newest good backup (one that replays).
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from collections.abc import Iterator, Mapping
from itertools import count
from pathlib import Path

from companion import editions, safefile
from companion.current import (
    NAME,
    pointer_path,
    read_pointer,
    save_path,
    saved_kind,
)
from companion.errors import BadInput, CompanionError, DataProblem, GameNotFound
from companion.game import Applied, Engine, Record, ReplayFault, begin, replaying
from companion.resources import data_home as data_home  # re-exported: callers import it from here
from companion.text import control

SCHEMA = 1
BACKUPS = 5
MAX_SAVE_BYTES = 4 * 1024 * 1024
NAME_FORMS = "letters, digits, '-' and '_', at most 40, starting with a letter or digit"
TIME_FORM = "YYYY-MM-DD HH:MM:SS"
"""How a save's ``created`` and ``updated`` read: ``now_text``, the only form ever written."""
_TIME = re.compile(r"[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01]) "
                   r"(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]")
OUTCOMES: dict[str, tuple[str, ...]] = {
    "hebrac": ("playing", "won", "dead"),
    "tricky": ("playing", "finished"),
    "halfdeck": ("playing", "won", "lost"),
    "elbereth": ("playing", "won", "lost"),
}
"""Each kind's ``outcome`` words, as its engine's ``outcome`` gives them (a test reads the
engines): the kinds a save may be of, and what its ``outcome`` may say."""


_TEXTS = ("kind", "name", "created", "updated", "outcome")  # a save's texts, in order
_TEXT_LISTS = ("actions", "redo", "notes")


def check_name(name: str) -> str:
    if not NAME.fullmatch(name):
        raise BadInput(f"{name!r} is not a game name: {NAME_FORMS}")
    return name


def now_text() -> str:
    from datetime import UTC, datetime  # here, not at the top: 'status' never writes

    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")


class GameRecord(Record):
    """A saved game: settings, the actions typed, redo stack, notes, summary."""

    __slots__ = ("kind", "name", "settings", "actions", "redo", "notes", "created",
                 "updated", "outcome")

    def __init__(self, kind: str, name: str, settings: dict[str, object],
                 actions: list[str] | None = None, redo: list[str] | None = None,
                 notes: list[str] | None = None, created: str | None = None,
                 updated: str | None = None, outcome: str = "playing") -> None:
        self.kind = kind
        self.name = name
        self.settings = settings
        self.actions: list[str] = [] if actions is None else actions
        self.redo: list[str] = [] if redo is None else redo
        self.notes: list[str] = [] if notes is None else notes
        self.created = now_text() if created is None else created
        self.updated = now_text() if updated is None else updated
        self.outcome = outcome

    def to_toml(self) -> dict[str, object]:
        # Setup first, actions one per line: the file reads like a hand history.
        return {"schema": SCHEMA, **{key: getattr(self, key) for key in _TEXTS},
                "settings": self.settings, **{key: getattr(self, key) for key in _TEXT_LISTS}}

    @classmethod
    def from_toml(cls, data: Mapping[str, object]) -> GameRecord:
        """Validate a parsed file; raise ValueError naming the first bad field."""
        schema = data.get("schema")
        if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
            raise ValueError("no valid 'schema' number")
        if schema > SCHEMA:
            raise NewerSchema(schema)
        texts: dict[str, str] = {}
        for key in _TEXTS:
            value = data.get(key)
            if not isinstance(value, str):
                raise ValueError(f"field {key!r} is missing or not text")
            texts[key] = value
        kind, name, outcome = texts["kind"], texts["name"], texts["outcome"]
        # Shown by 'games', 'stats' and 'export': each only ever written in one form, so
        # anything else (an escape sequence, a spreadsheet formula) is a hand edit.
        outcomes = OUTCOMES.get(kind)
        if outcomes is None:
            raise ValueError(f"field 'kind' is not one of {', '.join(OUTCOMES)}")
        if not NAME.fullmatch(name):
            raise ValueError(f"field 'name' is not a game name ({NAME_FORMS})")
        for key in ("created", "updated"):
            if not _TIME.fullmatch(texts[key]):
                raise ValueError(f"field {key!r} is not a time of the form {TIME_FORM}")
        if outcome not in outcomes:
            raise ValueError(f"field 'outcome' is not one of {', '.join(outcomes)} (a "
                             f"{kind} game's)")
        settings = data.get("settings")
        if not isinstance(settings, dict):
            raise ValueError("field 'settings' is missing or not a table")
        lists: dict[str, list[str]] = {}
        for key in _TEXT_LISTS:
            value = data.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ValueError(f"field {key!r} is not a list of text")
            lists[key] = [str(v) for v in value]
        # Text a terminal would act on (escape sequences) is never typed: a hand edit.
        found = control(" ".join(_texts(settings, lists)))
        if found is not None:
            raise ValueError(f"it holds a control character ({ord(found.group()):#04x})")
        return cls(kind, name, {str(k): v for k, v in settings.items()}, lists["actions"],
                   lists["redo"], lists["notes"], texts["created"], texts["updated"], outcome)


def _texts(settings: dict[object, object], lists: dict[str, list[str]]) -> Iterator[str]:
    """Every piece of text of a record: its settings' texts and keys, its lists."""
    for items in lists.values():
        yield from items
    stack: list[object] = [settings]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            yield from (str(key) for key in value)
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


class NewerSchema(ValueError):
    def __init__(self, schema: int) -> None:
        super().__init__(f"written by a newer companion (schema {schema}, this one reads {SCHEMA})")


class OpenGame(Record):
    """A game replayed: its record, the engine, each action's ruling, and ``settings``,
    the record's settings as the engine read them (every key there)."""

    __slots__ = ("record", "engine", "applied", "settings")

    def __init__(self, record: GameRecord, engine: Engine, applied: list[Applied],
                 settings: dict[str, object]) -> None:
        self.record = record
        self.engine = engine
        self.applied = applied
        self.settings = settings


def replay_record(record: GameRecord) -> OpenGame:
    """Every action applied to a new engine: the one replay of a saved, opened, shared or
    imported game. ReplayFault says why the record does not replay."""
    _module, settings, engine = begin(record.kind, editions.saved(record.settings))
    applied = [done for _number, _action, done in replaying(engine, record.actions)]
    return OpenGame(record, engine, applied, settings)


# The games replayed, kept between the commands of a process that lives on (the shell).
_kept: dict[str, tuple[bytes, OpenGame]] | None = None


def keep_open(on: bool = True) -> None:
    """Keep opened games in memory between commands of this process (the shell): each
    use re-reads the file's bytes and replays only when another process changed them."""
    global _kept
    _kept = {} if on else None


class Store:
    """The saved games under one data folder."""

    def __init__(self, home: Path | None = None) -> None:
        self.home = home if home is not None else data_home()
        self.games_dir = self.home / "games"
        self.backups_dir = self.home / "backups"
        # path -> the file's bytes this process replayed and the game they replay to: a
        # write or a later command does not replay them again.
        self.opened = _kept if _kept is not None else {}

    # -- paths -----------------------------------------------------------
    def path(self, name: str) -> Path:
        return save_path(self.home, check_name(name))

    def backup_path(self, name: str, number: int) -> Path:
        return self.backups_dir / f"{name}.{number}.toml"

    def names(self) -> list[str]:
        return sorted(p.stem for p in self.games_dir.glob("*.toml") if NAME.fullmatch(p.stem))

    def exists(self, name: str) -> bool:
        return self.path(name).exists()

    # -- reading ---------------------------------------------------------
    def read(self, name: str) -> GameRecord:
        return self.decode(name, self.read_raw(name))

    def read_raw(self, name: str) -> bytes:
        """The saved file's bytes, not yet parsed (``decode``): for readers that keep what
        they derive from a file by its bytes."""
        path = self.path(name)
        try:
            return safefile.read_bytes(path, MAX_SAVE_BYTES)
        except FileNotFoundError:
            raise GameNotFound(
                f"no saved game named {path.stem!r} (see 'companion games')") from None
        except safefile.Unreadable as error:
            raise self.problem(path, error.reason) from None

    def kind(self, name: str) -> str:
        """The saved game's kind: from its first lines as ``write`` lays them out (cheap:
        a folder may hold hundreds), else from the whole file, read and checked."""
        found = saved_kind(self.home, check_name(name))
        return found if found in OUTCOMES else self.read(name).kind

    def decode(self, name: str, raw: bytes) -> GameRecord:
        path = self.path(name)
        try:
            record = parse_record(raw)
        except NewerSchema as error:
            raise self.problem(path, str(error), newer=True) from None
        except ValueError as error:
            raise self.problem(path, str(error)) from None
        if record.name != path.stem:
            raise self.problem(path, f"it names itself {record.name!r}, not {path.stem!r}")
        return record

    def open(self, name: str) -> OpenGame:
        """The game as saved now, replayed unless this process replayed these very bytes."""
        path, raw = self._raw(name)
        known = self.opened.get(path)
        if known is None or known[0] != raw:
            known = self.opened[path] = (raw, self.replay(self.decode(name, raw)))
        return known[1]

    def replay(self, record: GameRecord) -> OpenGame:
        """``replay_record``; a data problem naming the newest good backup when the record
        does not replay."""
        try:
            return replay_record(record)
        except ReplayFault as fault:
            raise self.problem(self.path(record.name), str(fault)) from None

    def _has_good_file(self, name: str, replayed: GameRecord | None = None) -> bool:
        """Whether the game has a saved file; it must read and replay (``open``). A file
        whose actions begin those of ``replayed`` (a record just replayed), of the same
        kind and settings, replays as they did: it is read, not replayed again (an
        imported game replacing an earlier copy of itself). The caller holds the lock."""
        try:
            path, raw = self._raw(name)
        except GameNotFound:
            return False
        known = self.opened.get(path)
        if known is None or known[0] != raw:
            old = self.decode(name, raw)
            if replayed is None or old.kind != replayed.kind \
                    or old.actions != replayed.actions[:len(old.actions)] \
                    or editions.saved(old.settings) != editions.saved(replayed.settings):
                self.opened[path] = (raw, self.replay(old))
        return True

    def _raw(self, name: str) -> tuple[str, bytes]:
        """The saved file's path (as ``opened`` keys it) and bytes; a file that cannot be
        read is no longer known."""
        path = str(self.path(name))
        try:
            return path, self.read_raw(name)
        except CompanionError:
            self.opened.pop(path, None)
            raise

    def problem(self, path: Path, reason: str, *, newer: bool = False) -> DataProblem:
        """What is wrong with the file at ``path``, and its newest backup that reads and
        replays (a backup that does not is no use)."""
        where = "no good backup"
        for number in range(1, BACKUPS + 1):
            candidate = self.backup_path(path.stem, number)
            try:
                record = parse_record(safefile.read_bytes(candidate, MAX_SAVE_BYTES))
                if record.name == path.stem:
                    replay_record(record)
                    where = f"newest good backup: {candidate}"
                    break
            except (OSError, ValueError, CompanionError, ReplayFault):
                continue
        advice = "update companion to open it" if newer else "it was left as it is"
        return DataProblem(f"{path}: {reason}; {advice}; {where}")

    # -- writing ---------------------------------------------------------
    @contextlib.contextmanager
    def lock(self, name: str) -> Iterator[None]:
        check_name(name)
        # Every write and removal holds this lock: neither folder may lead elsewhere.
        safefile.real_folder(self.games_dir, "the games folder")
        safefile.real_folder(self.backups_dir, "the backups folder", make=False)
        with safefile.locked(self.games_dir / name):
            yield

    def write(self, record: GameRecord, *, new: bool = False, replayed: bool = False) -> bytes:
        """The one way a save is written (the bytes written are returned), under the lock
        the caller holds: the file on disk must read and replay, and so must ``record``
        (``replayed``: the caller has just replayed it)."""
        path = self.path(record.name)
        if new and os.path.lexists(path):
            raise BadInput(f"a game named {record.name!r} already exists")
        had_file = self._has_good_file(record.name, record if replayed else None)
        if not replayed:
            try:
                replay_record(record)
            except ReplayFault as fault:
                raise DataProblem(f"refusing to save {path}: {fault}; the saved game is "
                                  "unchanged") from None
        record.updated = now_text()
        try:
            data = dumps_record(record).encode("utf-8")
        except UnicodeEncodeError:
            raise BadInput("the text is not UTF-8 (undecodable bytes): nothing was saved") from None
        # Parse back what we are about to write: never put down bytes we cannot read.
        try:
            same = parse_record(data) == record
        except ValueError:
            same = False
        if not same:
            raise DataProblem(f"refusing to save {path}: the text did not read back the same")
        safefile.clean_temp_files(path)  # under the lock: left over from a killed writer
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # the old file goes to the backups once the new one is safe on disk
            rotate = (lambda: self._rotate_backups(record.name, path)) if had_file else None
            safefile.replace(path, data, before=rotate)
        except OSError as error:
            raise DataProblem(f"cannot save {path}: {error.strerror or error}; the saved game "
                              "is unchanged") from error
        _saved.append(path)
        return data

    def _rotate_backups(self, name: str, path: Path) -> None:
        safefile.real_folder(self.backups_dir, "the backups folder")
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
        """Delete a game; its last version stays as the newest backup. A file that does
        not read and replay is left as it is (it would push a good backup out)."""
        path = self.path(name)
        with self.lock(name):
            if not self._has_good_file(name):
                raise GameNotFound(f"no saved game named {name!r} (see 'companion games')")
            try:
                self._rotate_backups(name, path)
                path.unlink()
                safefile.fsync_dir(path.parent)
            except OSError as error:
                raise DataProblem(f"cannot remove {path}: {error.strerror}") from error
            _saved.append(path)
        with safefile.locked(pointer_path(self.home)):
            for kind in (None, *OUTCOMES):
                if read_pointer(self.home, kind) == name:
                    self._write_pointer(kind, None)

    # -- the current game --------------------------------------------------
    def set_current(self, name: str) -> None:
        """Make ``name`` (a saved game) its kind's current game, and the last made current."""
        kind = self.kind(name)
        with safefile.locked(pointer_path(self.home)):
            last = read_pointer(self.home)
            if last is not None and last != name:
                # A folder from before each kind kept its own: the game current until
                # now keeps its place as its kind's current game.
                before = self.kind_or_none(last)
                if before is not None and read_pointer(self.home, before) is None:
                    self._write_pointer(before, last)
            self._write_pointer(kind, name)
            self._write_pointer(None, name)

    def kind_or_none(self, name: str) -> str | None:
        try:
            return self.kind(name)
        except (CompanionError, OSError):
            return None

    def _write_pointer(self, kind: str | None, name: str | None) -> None:
        target = pointer_path(self.home, kind)
        if name is not None:
            replace_file(target, (name + "\n").encode(), "the current game's name")
            return
        try:
            target.unlink(missing_ok=True)
        except OSError as error:
            raise DataProblem(f"cannot write {target}: {error.strerror}") from error

    def names_of(self, kind: str) -> list[str]:
        return [name for name in self.names() if self.kind_or_none(name) == kind]

    def free_name(self, stem: str, first: int = 1) -> str:
        """``STEM-N``: the first N from ``first`` that no saved game is named."""
        taken = set(self.names())
        return next(f"{stem}-{n}" for n in count(first) if f"{stem}-{n}" not in taken)


_NEEDS_ESCAPE = re.compile(r'[\x00-\x08\x0a-\x1f\x7f"\\]')
_ESCAPES: dict[int, str] = {}  # made on first need: most commands never escape a thing


def toml_string(text: str) -> str:
    if _NEEDS_ESCAPE.search(text) is not None:  # seldom: the search is the faster
        if not _ESCAPES:  # quotes, backslashes, control characters but tab
            controls = (*range(9), *range(10, 32), 0x7f)
            _ESCAPES.update({code: f"\\u{code:04x}" for code in controls})
            _ESCAPES.update(str.maketrans({"\b": "\\b", "\n": "\\n", "\f": "\\f", "\r": "\\r",
                                           '"': '\\"', "\\": "\\\\"}))
        text = text.translate(_ESCAPES)
    return '"' + text + '"'


def dumps_record(record: GameRecord) -> str:
    """The save file's text, laid out as tomli-w lays it out; the lists, most of the file,
    written here (tomli-w takes four times as long on them)."""
    import tomli_w  # only writers need it (start-up time of read-only commands)

    data = record.to_toml()
    scalars = {k: v for k, v in data.items() if k not in _TEXT_LISTS and k != "settings"}
    parts = [tomli_w.dumps(scalars)]
    for key in _TEXT_LISTS:
        items = [f"    {toml_string(item)},\n" for item in getattr(record, key)]
        parts.append(f"{key} = [\n{''.join(items)}]\n" if items else f"{key} = []\n")
    parts.append("\n" + tomli_w.dumps({"settings": record.settings}))
    return "".join(parts)


def replace_file(path: Path, data: bytes, what: str) -> None:
    """Write a small side file (current game, deck settings, card catalog) atomically;
    callers that read, change and write back hold ``safefile.locked(path)``. ``what``
    names the file in errors."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        safefile.replace(path, data)
    except OSError as error:
        raise DataProblem(f"cannot save {what} {path}: {error.strerror or error}") from error


def parse_record(raw: bytes) -> GameRecord:
    """A save's bytes as a record; ValueError (NewerSchema among them) says what is wrong."""
    if not raw.strip(b" \t\r\n"):
        raise ValueError("the file is empty")
    if len(raw) > MAX_SAVE_BYTES:
        raise ValueError(f"the file is larger than {MAX_SAVE_BYTES} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("the file is not UTF-8 text") from None
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"not valid TOML: {error}") from None
    except RecursionError:
        raise ValueError("not valid TOML: nested too deep") from None
    except ValueError as error:  # int() refuses a number of thousands of digits
        reason = (f"it holds a number of more than {sys.get_int_max_str_digits()} digits"
                  if "digits" in str(error) else "it holds a value that cannot be read")
        raise ValueError(f"not valid TOML: {reason}") from None
    try:
        return GameRecord.from_toml(data)
    except NewerSchema:
        raise
    except ValueError as error:
        raise ValueError(f"not a saved game: {error}") from None


# The saves written by this process since ``saved_since_asked`` was last asked: an
# interrupted command can say what it had already saved.
_saved: list[Path] = []

def saved_since_asked() -> list[Path]:
    paths = list(dict.fromkeys(_saved))
    _saved.clear()
    return paths
