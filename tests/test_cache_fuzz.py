"""Every cache file, damaged or forged every way we know, read by real `companion` processes.

A cache may only make companion faster. For each cache (snapshots, tracer
states, share codes, the rulebook index in the data folder, ~/.cache and
$XDG_CACHE_HOME, the statistics, the cache key, the remembered data folder)
and each damage (empty, truncated, a bit flipped in the MAC or the payload,
over the reader's limit, huge and sparse, random bytes, another game's or
home's file, a symlink out of the data folders, to /dev/zero or to nowhere, a
FIFO, a folder; for the key also removed and chmod 644), and for the cache
folders and a cache's lock file themselves (a symlink to a forged copy,
elsewhere or nowhere, a file, a FIFO), a command that reads it runs as a
subprocess and must give exactly the exit code, stdout and stderr of the same
command with no cache at all, within ``TIME_LIMIT`` seconds (``too_slow``),
with the saved games byte for byte as they were and nothing outside the data
folders touched; the cache is then rebuilt. Forged caches (signed with another
home's key, or edited under their MAC) are never used, while the same forgery
signed with the right key is: the forgeries would show. A planted cache
changes nothing an action saves. The shell's history file is refused unread,
and never written through, when it is anything but a plain file.

By default a fast subset runs (the first command reading each cache, one seed
of the random damages). ``COMPANION_CACHE_FUZZ=long`` runs every command
reading each cache and more seeds. The subprocesses run several at once: the
first test of this file prepares every selected case and hands them to a
thread pool; each test then waits for its own case.
"""

from __future__ import annotations

import difflib
import hashlib
import itertools
import marshal
import os
import random
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion import cachefile, rulebook, snapshots
from companion import stats as stats_module
from companion import store as store_module
from companion import tables as tables_module
from companion.resources import POINTER, resource_dir
from companion.store import GameRecord, Store
from tests.test_shell_snapshots import SETTINGS, legal_actions

if sys.platform == "win32":  # pragma: no cover
    pytest.skip("FIFOs, symlinks and sparse files are POSIX", allow_module_level=True)

LONG = os.environ.get("COMPANION_CACHE_FUZZ", "").strip().lower() == "long"
SEEDS = range(8) if LONG else range(1)
WORKERS = (os.cpu_count() or 2) + 1
TIME_LIMIT = 2.0  # seconds for one command (0.1-0.5 s each, even replaying): too_slow
TIMEOUT = 10.0  # never hang the suite
SPARSE = 1 << 40  # a 1 TiB file that takes no room
HEAD = len(cachefile.MAGIC) + 65
USER_DATA = "user/.local/share/companion"

# The commands, by a short name (test ids): none of them changes a saved game.
COMMANDS: dict[str, tuple[str, ...]] = {
    "status": ("hebrac", "status", "-g", "long"),
    "log": ("hebrac", "log", "-g", "long"),
    "odds": ("hebrac", "odds", "-g", "long"),
    "spells": ("hebrac", "spells", "-g", "long"),
    "summary": ("hebrac", "summary", "-g", "long"),
    "sheet-text": ("sheet", "-g", "long", "--format", "text"),
    "sheet-md": ("sheet", "-g", "long", "--format", "md"),
    "sheet-html": ("sheet", "-g", "long", "--format", "html"),
    "rules": ("rules", "paralysis"),
    "rules-card": ("rules", "hebrac", "QS"),
    "stats-all": ("stats", "--all"),
    "stats": ("stats",),
    "stats-json": ("stats", "--json", "--all"),
    "export-csv": ("export", "--csv", "--all"),
    "games": ("games",),
    "status-g200": ("hebrac", "status", "-g", "g200"),
}
# Actions, for the planted-cache tests: each changes the save.
ACTIONS: dict[str, tuple[str, ...]] = {
    "attack": ("hebrac", "attack", "2H", "-g", "long"),
    "undo": ("hebrac", "undo", "-g", "long"),
    "fatal-attack": ("hebrac", "attack", "2H", "-g", "dying"),  # ends it: the summary
}


# -- the folders of one case -----------------------------------------------------------
# Each case is a folder holding ``home`` (COMPANION_HOME), ``user`` (HOME), ``xdg``
# (XDG_CACHE_HOME in the "xdg" environment), ``outside`` (symlink targets, decoys) and
# ``cwd`` (the commands' working folder). Only the data folders may change.
DATA_FOLDERS = {
    "home": ("home",),
    "user": (USER_DATA, "user/.cache/companion"),
    "xdg": (USER_DATA, "xdg/companion"),
    "none": (),
}
DATA_HOME = {"home": "home", "user": USER_DATA, "xdg": USER_DATA}


def environment(case: Path, env: str) -> dict[str, str]:
    """The environment of a command in ``case``: HOME is the case's own user folder;
    COMPANION_HOME (env "home") or none, with XDG_CACHE_HOME (env "xdg") or not."""
    found = {k: v for k, v in os.environ.items()
             if not k.startswith(("COMPANION_", "XDG_")) and k not in ("NO_COLOR", "HOME")}
    found.update(HOME=str(case / "user"), COLUMNS="40", LINES="24", TERM="dumb",
                 PYTHONHASHSEED="0")
    if env == "home":
        found["COMPANION_HOME"] = str(case / "home")
    elif env == "xdg":
        found["XDG_CACHE_HOME"] = str(case / "xdg")
    return found


@dataclass(frozen=True)
class Ran:
    code: int | None  # None: timed out
    out: str
    err: str
    seconds: float  # wall time
    cpu: float  # the process's own user and system time
    queued: float = 0.0  # time it was ready to run but waited for a CPU (a busy machine)


def run(args: tuple[str, ...], case: Path, env: str) -> Ran:
    """``python -m companion ARGS`` in ``case``, killed after TIMEOUT seconds; its output
    with the case's folder written ``<CASE>``, its wall, CPU and run-queue times."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-m", "companion", *args],
                                env=environment(case, env), cwd=case / "cwd",
                                stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        code: int | None = None
        # Waited for by hand, not by proc.wait: once it has exited (not yet reaped) its
        # scheduler figures are read, then os.wait4 gives its own CPU time.
        while os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
            if time.monotonic() - started > TIMEOUT:
                proc.kill()
                break
            time.sleep(0.004)
        seconds = time.monotonic() - started
        queued = _queued(proc.pid)
        _, status, usage = os.wait4(proc.pid, 0)
        if seconds <= TIMEOUT:
            code = os.waitstatus_to_exitcode(status)
        proc.returncode = -9 if code is None else code  # reaped here: Popen must not wait
        out.seek(0)
        err.seek(0)
        return Ran(code, _text(out.read(), case), _text(err.read(), case), seconds,
                   usage.ru_utime + usage.ru_stime, queued)


def _queued(pid: int) -> float:
    """Seconds the process spent waiting for a CPU (Linux's schedstat; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/schedstat").read_text().split()
        return int(fields[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


def _text(data: bytes | str | None, case: Path) -> str:
    if data is None:
        return ""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    return text.replace(str(case), "<CASE>")


# -- signed files, read and written without companion's key caches -----------------------
def key_of(case: Path, env: str) -> bytes:
    return (case / DATA_HOME[env] / cachefile.KEY_FILE).read_bytes()


def signed(secret: bytes, purpose: str, name: str, payload: bytes) -> bytes:
    return cachefile.MAGIC + cachefile.mac(secret, purpose, name, payload) + b"\n" + payload


def verified(path: Path, key_file: Path, purpose: str, limit: int) -> bytes | None:
    """The payload (at most ``limit`` bytes) of a regular cache file at ``path`` signed
    with the key at ``key_file`` (a private regular file of 32 bytes); None for anything
    else."""
    try:
        info = os.lstat(key_file)
        if not stat.S_ISREG(info.st_mode) or info.st_mode & 0o077 or info.st_size != 32:
            return None
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit + HEAD:
            return None
        secret = key_file.read_bytes()
        data = path.read_bytes()
    except OSError:
        return None
    payload = data[HEAD:]
    if data[:HEAD] != cachefile.MAGIC + cachefile.mac(secret, purpose, path.name, payload) \
            + b"\n":
        return None
    return payload


def inputs_key(case: Path, env: str) -> str:
    """What the remembered data folder is filed under for ``case``'s environment
    (companion.resources: the platform, the user and what platformdirs reads)."""
    from companion.resources import _DATA_HOME_INPUTS

    values = environment(case, env)
    return repr((sys.platform, os.getuid(), *(values.get(name) for name in _DATA_HOME_INPUTS)))


def pointer_path(case: Path, env: str) -> Path:
    return case / ("xdg/companion" if env == "xdg" else "user/.cache/companion") / POINTER


def sign_pointer(case: Path, env: str) -> None:
    """The remembered data folder as the command would write it for ``case``: a copied
    pointer names the template's folder, under another HOME, and would not be used."""
    folder = case / USER_DATA
    payload = f"{inputs_key(case, env)}\n{folder}\n".encode()
    pointer = pointer_path(case, env)  # signed with its own folder's key
    secret = (pointer.parent / cachefile.KEY_FILE).read_bytes()
    pointer.write_bytes(signed(secret, POINTER, POINTER, payload))


# -- what a case must leave as it was ----------------------------------------------------
def snapshot(case: Path, env: str) -> dict[str, tuple[Any, ...]]:
    """Everything under ``case`` but its data folders: kind, bytes, times, link targets."""
    skip = set(DATA_FOLDERS[env])
    found: dict[str, tuple[Any, ...]] = {}
    for top, folders, files in os.walk(case):
        here = os.path.relpath(top, case)
        folders[:] = [name for name in folders
                      if os.path.normpath(os.path.join(here, name)) not in skip]
        for name in folders + files:
            rel = os.path.normpath(os.path.join(here, name))
            info = os.lstat(os.path.join(top, name))
            if stat.S_ISLNK(info.st_mode):
                found[rel] = ("symlink", os.readlink(os.path.join(top, name)), info.st_mtime_ns)
            elif stat.S_ISREG(info.st_mode):
                digest = (hashlib.sha256(Path(top, name).read_bytes()).hexdigest()
                          if info.st_size <= 1 << 26 else "(not read: huge)")
                found[rel] = ("file", info.st_size, info.st_mtime_ns, digest,
                              stat.S_IMODE(info.st_mode))
            elif stat.S_ISDIR(info.st_mode):
                found[rel] = ("folder", stat.S_IMODE(info.st_mode))
            else:
                found[rel] = ("other", stat.S_IFMT(info.st_mode), info.st_mtime_ns)
    return found


def changes(before: dict[str, tuple[Any, ...]], after: dict[str, tuple[Any, ...]]) -> list[str]:
    found = [f"appeared outside the data folders: {k} {after[k]}" for k in after
             if k not in before]
    found += [f"vanished outside the data folders: {k}" for k in before if k not in after]
    found += [f"changed outside the data folders: {k} {before[k]} -> {after[k]}"
              for k in before if k in after and before[k] != after[k]]
    return found


def saved_games(case: Path, env: str) -> dict[str, bytes]:
    folder = case / DATA_HOME[env] / "games"
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.toml"))}


def masked(games: dict[str, bytes]) -> dict[str, bytes]:
    """The saves with their ``updated`` time blanked (an action sets it to now)."""
    return {name: re.sub(rb'(?m)^updated = "\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"$',
                         b'updated = "(now)"', data) for name, data in games.items()}


TEMP_NAME = re.compile(r"^\..+\.\d+-[0-9a-f]{16}\.\w+$")  # safefile.temp_name's names


def leftovers(case: Path, env: str) -> list[str]:
    found = []
    for folder in DATA_FOLDERS[env]:
        for top, _, files in os.walk(case / folder):
            found += [os.path.join(top, f) for f in files if TEMP_NAME.match(f)]
    return [f"a temp file was left behind: {os.path.relpath(f, case)}" for f in found]


def too_slow(ran: Ran) -> bool:
    """Over TIME_LIMIT seconds, not counting the time the process waited for a CPU (on a
    machine busy with other tests): what it spent running, or blocked (a FIFO, a lock)."""
    return ran.seconds - ran.queued >= TIME_LIMIT


def same_as(ran: Ran, base: Ran, what: str) -> list[str]:
    """Problems if ``ran`` is not ``base`` exactly, or too slow."""
    problems = []
    if ran.code is None:
        problems.append(f"{what}: timed out after {TIMEOUT} s")
    elif (ran.code, ran.out, ran.err) != (base.code, base.out, base.err):
        lines = [f"{what}: exit {ran.code} (no cache: {base.code})"]
        for label, mine, theirs in (("stdout", ran.out, base.out), ("stderr", ran.err, base.err)):
            if mine != theirs:
                diff = difflib.unified_diff(theirs.splitlines(), mine.splitlines(),
                                            f"{label} with no cache", f"{label} here",
                                            lineterm="", n=1)
                lines += list(itertools.islice(diff, 30))
        problems.append("\n".join(lines))
    if too_slow(ran):
        problems.append(f"{what}: took {ran.seconds:.2f} s ({ran.cpu:.2f} s of CPU, "
                        f"{ran.queued:.2f} s waiting for one; limit {TIME_LIMIT} s)")
    return problems


# -- the world: template folders, copied for every case -------------------------------------
def write_game(games: Path, name: str, actions: list[str]) -> None:
    store = Store(games.parent)
    record = GameRecord(kind="hebrac", name=name, settings=dict(SETTINGS), actions=actions)
    with store.lock(name):
        store.write(record, new=True)


def long_games(folder: Path) -> None:
    """The saved games of every template: long Hebrac games (snapshots every 100 actions)
    and an example of each kind (for the statistics)."""
    play = list(itertools.islice(legal_actions(), 250))
    write_game(folder, "long", play)
    write_game(folder, "long2", list(itertools.islice(legal_actions(), 230)))
    write_game(folder, "g200", play[:200])
    write_game(folder, "dying", play + ["attack 2H"] * 92)  # one more attack kills
    for example in ("hebrac-win", "tricky-3p", "halfdeck-win", "elbereth-win"):
        shutil.copyfile(resource_dir("examples") / f"{example}.toml", folder / f"{example}.toml")


def new_case(folder: Path, games: Path, env: str) -> None:
    for part in ("home", "user", "outside", "cwd", "xdg"):
        (folder / part).mkdir(parents=True)
    target = folder / DATA_HOME[env] / "games"
    target.mkdir(parents=True)
    for game in games.glob("*.toml"):
        shutil.copyfile(game, target / game.name)


def warm(folder: Path, env: str, commands: list[tuple[str, ...]], made: list[str]) -> None:
    for args in commands:
        ran = run(args, folder, env)
        assert ran.code == 0, (args, ran)
    missing = [name for name in made if not (folder / name).is_file()]
    assert not missing, f"the warm-up did not make {missing}"


def code_stamp() -> list[tuple[str, int, int]]:
    """companion's sources and rulebook: what the caches are filed under (with the
    versions), so that a change to them while this file runs makes every cache stale."""
    import companion

    found = []
    for folder, pattern in ((Path(companion.__file__).parent, "*.py"),
                            (resource_dir("rulebook"), "*.toml")):
        for path in sorted(folder.rglob(pattern)):
            info = path.stat()
            found.append((str(path), info.st_size, info.st_mtime_ns))
    return found


class World:
    """The template cases (caches warm), baselines (the commands with no cache) and
    the cases made from them."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.stamp = code_stamp()
        self.counter = itertools.count()
        self.lock = threading.Lock()
        self.baselines: dict[tuple[str, tuple[str, ...]], Future[tuple[Ran, dict[str, bytes]]]] = {}
        games = root / "games" / "games"
        games.mkdir(parents=True)
        long_games(games)
        self.templates = {"home": root / "t-home", "user": root / "t-user",
                          "xdg": root / "t-xdg", "other": root / "t-other"}
        for env, folder in self.templates.items():
            new_case(folder, games, "home" if env == "other" else env)
        new_case(root / "t-other-user", games, "user")
        shutil.copytree(root / "t-other-user" / "user", self.templates["other"] / "user",
                        dirs_exist_ok=True)
        shutil.rmtree(root / "t-other-user")
        md = ("sheet", "--format", "md", "-g")
        home = "home/cache/"
        warmups: list[Callable[[], None]] = [
            lambda: warm(self.templates["home"], "home",
                         [(*md, "long"), (*md, "long2"), ("hebrac", "summary", "-g", "dying"),
                          *(("hebrac", "status", "-g", g) for g in ("long", "long2", "dying")),
                          COMMANDS["status-g200"], COMMANDS["rules"], COMMANDS["stats-all"]],
                         [home + f for f in ("long.snap", "long.trace", "long.share", "long2.snap",
                                             "long2.trace", "long2.share", "dying.snap",
                                             "dying.trace", "g200.snap", "stats.json",
                                             "long.reading", "long2.reading", "g200.reading",
                                             "hebrac.tables", rulebook.CACHE_FILE)]
                         + ["home/cache.key"]),
            lambda: warm(self.templates["other"], "home",
                         [COMMANDS["status"], COMMANDS["rules"], COMMANDS["stats-all"]],
                         [home + "stats.json", home + rulebook.CACHE_FILE, home + "hebrac.tables",
                          "home/cache.key"]),
            lambda: warm(self.templates["other"], "user", [COMMANDS["games"]],
                         ["user/.cache/companion/" + POINTER, USER_DATA + "/cache.key"]),
            lambda: warm(self.templates["user"], "user", [COMMANDS["status"], COMMANDS["rules"]],
                         ["user/.cache/companion/" + f for f in (POINTER, rulebook.CACHE_FILE)]
                         + [USER_DATA + f for f in ("/cache.key", "/cache/long.snap")]),
            lambda: warm(self.templates["xdg"], "xdg", [COMMANDS["status"], COMMANDS["rules"]],
                         ["xdg/companion/" + f for f in (POINTER, rulebook.CACHE_FILE)]
                         + [USER_DATA + f for f in ("/cache.key", "/cache/long.snap")]),
        ]
        with ThreadPoolExecutor(len(warmups)) as pool:
            for done in [pool.submit(step) for step in warmups]:
                done.result()

    def case(self, env: str) -> Path:
        """A fresh copy of the template of ``env``, its caches warm and valid."""
        folder = self.root / "cases" / f"{next(self.counter):04d}-{env}"
        shutil.copytree(self.templates[env], folder, symlinks=True)
        if env != "home":
            sign_pointer(folder, env)
        return folder

    def clean_case(self, env: str) -> Path:
        """A copy of the template of ``env`` with no cache at all, and no key."""
        folder = self.root / "cases" / f"{next(self.counter):04d}-{env}-clean"
        shutil.copytree(self.templates[env], folder, symlinks=True)
        for name in ("home/cache", "home/cache.key", "user/.cache", f"{USER_DATA}/cache",
                     f"{USER_DATA}/cache.key", "xdg/companion"):
            path = folder / name
            if path.is_dir():
                shutil.rmtree(path)
            elif path.exists():
                path.unlink()
        return folder

    def baseline(self, env: str, args: tuple[str, ...]) -> tuple[Ran, dict[str, bytes]]:
        """The command's output on a clean copy (no cache, no key) and the saves after."""
        with self.lock:
            future = self.baselines.get((env, args))
            mine = future is None
            if future is None:
                future = self.baselines[(env, args)] = Future()
        if mine:
            try:
                case = self.clean_case(env)
                ran = run(args, case, env)
                assert ran.code is not None, f"{args} timed out with no cache"
                future.set_result((ran, saved_games(case, env)))
                shutil.rmtree(case)
            except BaseException as error:
                future.set_exception(error)
        return future.result()


# -- the caches and the damages ------------------------------------------------------------
@dataclass(frozen=True)
class Cache:
    name: str
    env: str
    path: str  # in the case folder
    purpose: str  # cachefile's purpose; "" for the key
    limit: int
    other: tuple[str, str]  # a file of the same kind: (template, path in it)
    commands: tuple[str, ...]  # that read it, the fastest first
    removed: str = ""  # a cache removed first, so that the command writes it
    key_at: str = ""  # the key that signs it, when not the data folder's

    @property
    def key_file(self) -> str:
        return self.key_at or f"{DATA_HOME[self.env]}/{cachefile.KEY_FILE}"


CACHES = [
    Cache("snap", "home", "home/cache/long.snap", "snap", snapshots.MAX_CACHE_BYTES,
          ("home", "home/cache/long2.snap"), ("status", "log", "odds", "spells")),
    Cache("reading", "home", "home/cache/long.reading", store_module.READING_CACHE,
          2 * store_module.MAX_SAVE_BYTES, ("home", "home/cache/long2.reading"),
          ("status", "log", "sheet-md")),
    Cache("tables", "home", "home/cache/hebrac.tables", tables_module.PURPOSE,
          tables_module.MAX_TABLES_BYTES, ("other", "home/cache/hebrac.tables"),
          ("status", "log")),
    Cache("trace", "home", "home/cache/long.trace", "trace", snapshots.MAX_CACHE_BYTES,
          ("home", "home/cache/long2.trace"), ("summary", "sheet-text")),
    Cache("share", "home", "home/cache/long.share", "share", snapshots.MAX_CACHE_BYTES,
          ("home", "home/cache/long2.share"), ("sheet-md", "sheet-html", "sheet-text")),
    Cache("rulebook", "home", f"home/cache/{rulebook.CACHE_FILE}", rulebook.CACHE_FILE,
          rulebook.MAX_CACHE_BYTES, ("other", f"home/cache/{rulebook.CACHE_FILE}"),
          ("rules", "rules-card")),
    Cache("stats", "home", "home/cache/stats.json", "stats", stats_module.MAX_CACHE_BYTES,
          ("other", "home/cache/stats.json"), ("stats-all", "stats", "stats-json", "export-csv")),
    Cache("key", "home", "home/cache.key", "", cachefile.KEY_BYTES,
          ("other", "home/cache.key"), ("sheet-md", "rules", "stats-all")),
    Cache("data-home", "user", f"user/.cache/companion/{POINTER}", POINTER, 8192,
          ("other", f"user/.cache/companion/{POINTER}"), ("status", "rules", "games"),
          key_at=f"user/.cache/companion/{cachefile.KEY_FILE}"),  # its own folder's key
    Cache("user-rulebook", "user", f"user/.cache/companion/{rulebook.CACHE_FILE}",
          rulebook.CACHE_FILE, rulebook.MAX_CACHE_BYTES,
          ("other", f"home/cache/{rulebook.CACHE_FILE}"), ("rules", "rules-card")),
    Cache("xdg-rulebook", "xdg", f"xdg/companion/{rulebook.CACHE_FILE}", rulebook.CACHE_FILE,
          rulebook.MAX_CACHE_BYTES, ("other", f"home/cache/{rulebook.CACHE_FILE}"),
          ("rules", "rules-card")),
]
# The cache folders themselves, and a cache's lock file: their own damages.
CACHE_FOLDERS = [
    Cache("cache-folder", "home", "home/cache", "", 0, ("home", ""),
          ("sheet-md", "rules", "stats-all")),
    Cache("user-cache-folder", "user", "user/.cache/companion", "", 0, ("user", ""),
          ("status", "rules")),
]
SNAP_LOCK = Cache("snap-lock", "home", "home/cache/.long.snap.lock", "", 0, ("home", ""),
                  ("status", "log"), removed="home/cache/long.snap")


@dataclass
class Spot:
    """Where a damage is done."""

    world: World
    case: Path
    cache: Cache
    rng: random.Random

    @property
    def path(self) -> Path:
        return self.case / self.cache.path

    def replace_by_link(self, target: str | Path) -> None:
        self.path.unlink()
        self.path.symlink_to(target)

    def payload(self) -> bytes:
        found = verified(self.path, self.case / self.cache.key_file, self.cache.purpose,
                         self.cache.limit)
        assert found is not None, f"{self.cache.path}: not a valid cache in the template"
        return found


def _flip(spot: Spot, start: int, end: int) -> None:
    data = bytearray(spot.path.read_bytes())
    at = spot.rng.randrange(start, end if end > start else len(data))
    data[at] ^= 1 << spot.rng.randrange(8)
    spot.path.write_bytes(bytes(data))


def _oversized(spot: Spot) -> None:
    if not spot.cache.purpose:  # the key: twice its size, still private
        spot.path.write_bytes(spot.path.read_bytes() * 2)
        return
    payload = spot.payload()
    padding = b" " * (spot.cache.limit + 1 - len(payload))  # still a valid payload's bytes
    spot.path.write_bytes(signed((spot.case / spot.cache.key_file).read_bytes(),
                                 spot.cache.purpose, spot.path.name, payload + padding))


def _sparse(spot: Spot) -> None:
    os.truncate(spot.path, SPARSE)


def _random(spot: Spot) -> None:
    size = spot.path.stat().st_size
    spot.path.write_bytes(spot.rng.randbytes(size))


def _truncated(spot: Spot) -> None:
    data = spot.path.read_bytes()
    spot.path.write_bytes(data[:spot.rng.randrange(1, len(data))])


def _other(spot: Spot) -> None:
    template, path = spot.cache.other
    shutil.copy2(spot.world.templates[template] / path, spot.path)


def _outside(spot: Spot) -> None:
    """A symlink to a copy of the valid file, outside the data folders: neither read
    (it would be valid) nor written through."""
    victim = spot.case / "outside" / "victim"
    shutil.copy2(spot.path, victim)
    spot.replace_by_link(victim)


def _fifo(spot: Spot) -> None:
    spot.path.unlink()
    os.mkfifo(spot.path)


def _folder(spot: Spot) -> None:
    spot.path.unlink()
    spot.path.mkdir()
    (spot.path / "inside").write_bytes(b"not a cache")


DAMAGES: dict[str, Callable[[Spot], object]] = {
    "empty": lambda spot: spot.path.write_bytes(b""),
    "flip-mac": lambda spot: _flip(spot, len(cachefile.MAGIC), HEAD - 1),
    "flip-payload": lambda spot: _flip(spot, HEAD, 0),
    "oversized": _oversized,
    "sparse": _sparse,
    "other": _other,
    "symlink-outside": _outside,
    "symlink-devzero": lambda spot: spot.replace_by_link("/dev/zero"),
    "symlink-dangling": lambda spot: spot.replace_by_link(spot.case / "outside" / "nothing"),
    "fifo": _fifo,
    "folder": _folder,
    **{f"truncated-{seed}": _truncated for seed in SEEDS},
    **{f"random-{seed}": _random for seed in SEEDS},
    **({f"flip-any-{seed}": lambda spot: _flip(spot, 0, 0) for seed in SEEDS} if LONG else {}),
}
KEY_DAMAGES: dict[str, Callable[[Spot], object]] = {
    **{name: damage for name, damage in DAMAGES.items()
       if name not in ("flip-mac", "flip-payload")},
    "flipped": lambda spot: _flip(spot, 0, 0),
    "removed": lambda spot: spot.path.unlink(),
    "chmod-644": lambda spot: spot.path.chmod(0o644),
}


def _folder_link_to_copy(spot: Spot) -> None:
    """The cache folder a symlink to a copy of it whose caches are forged but signed with
    the right key: were the link followed, the forgeries would show."""
    copy = spot.case / "outside" / "cache-copy"
    shutil.copytree(spot.path, copy, symlinks=True)
    forge_all(copy, spot.case, spot.cache.env)
    shutil.rmtree(spot.path)
    spot.path.symlink_to(copy, target_is_directory=True)


def forge_all(folder: Path, case: Path, env: str) -> None:
    """Every cache in ``folder`` forged (a life of 1, another enemy, another share code,
    other figures, another rule's text) and signed with ``case``'s own key."""
    secret = key_of(case, env)
    for path in folder.iterdir():
        if path.name.startswith(".") or path.name in (POINTER, cachefile.KEY_FILE):
            continue  # the pointer and the cache folder's own key (which signs it)
        purpose = path.suffix[1:] if path.suffix in (".snap", ".trace", ".share", ".reading",
                                                      ".tables") else \
            {"stats.json": "stats", rulebook.CACHE_FILE: rulebook.CACHE_FILE}[path.name]
        limit = 1 << 26
        payload = verified(path, case / DATA_HOME[env] / cachefile.KEY_FILE, purpose, limit)
        assert payload is not None, path
        if purpose == "snap":
            forged = _newest(payload, forge_snap)
        elif purpose == "trace":
            forged = _newest(payload, forge_trace)
        elif purpose == "share":
            forged = _newest(payload, lambda blob: _long2_code(case).encode())
        elif purpose == "reading":
            forged = forge_reading(payload)
        elif purpose == "tables":
            forged = forge_tables(payload)
        elif purpose == "stats":
            forged = forge_stats(payload)
        else:
            forged = forge_rulebook(payload)
        assert forged != payload
        path.write_bytes(signed(secret, purpose, path.name, forged))


def _folder_replaced(spot: Spot, make: Callable[[Path], object]) -> None:
    shutil.rmtree(spot.path)
    make(spot.path)


def _empty_elsewhere(spot: Spot) -> None:
    (spot.case / "outside" / "empty").mkdir()
    _folder_replaced(spot, lambda p: p.symlink_to(spot.case / "outside" / "empty", True))


FOLDER_DAMAGES: dict[str, Callable[[Spot], object]] = {
    "symlink-to-a-forged-copy": _folder_link_to_copy,
    "symlink-to-empty": _empty_elsewhere,
    "symlink-dangling": lambda spot: _folder_replaced(
        spot, lambda p: p.symlink_to(spot.case / "outside" / "nothing", True)),
    "symlink-devzero": lambda spot: _folder_replaced(spot, lambda p: p.symlink_to("/dev/zero")),
    "file": lambda spot: _folder_replaced(spot, lambda p: p.write_bytes(b"not a folder")),
    "fifo": lambda spot: _folder_replaced(spot, os.mkfifo),
}
LOCK_DAMAGES = {name: DAMAGES[name] for name in ("symlink-outside", "symlink-devzero",
                                                 "symlink-dangling", "fifo", "folder")}


# -- the jobs: prepared one by one, run several at once --------------------------------------
@dataclass
class Job:
    id: str
    prepare: Callable[[World], Any]
    check: Callable[[World, Any], list[str]]
    fields: dict[str, Any] = field(default_factory=dict)

    def __repr__(self) -> str:
        return self.id


def finish(case: Path, problems: list[str]) -> list[str]:
    if not problems:
        shutil.rmtree(case, ignore_errors=True)  # no 64 MiB files or 1 TiB sparse ones kept
    else:
        problems.append(f"(the case is kept in {case})")
    return problems


Damages = dict[str, Callable[[Spot], object]]


def damage_job(cache: Cache, damage: str, command: str, damages: Damages,
               rebuilt: bool) -> Job:
    name = f"{cache.name}-{damage}-{command}"

    def prepare(world: World) -> Any:
        case = world.case(cache.env)
        if cache.removed:
            (case / cache.removed).unlink()
        damages[damage](Spot(world, case, cache, random.Random(name)))
        return case, snapshot(case, cache.env), saved_games(case, cache.env)

    def check(world: World, prepared: Any) -> list[str]:
        case, outside, games = prepared
        args = COMMANDS[command]
        ran = run(args, case, cache.env)
        base, _ = world.baseline(cache.env, args)
        problems = same_as(ran, base, " ".join(args))
        problems += changes(outside, snapshot(case, cache.env))
        if saved_games(case, cache.env) != games:
            problems.append("the saved games changed")
        problems += leftovers(case, cache.env)
        if rebuilt and not problems:
            problems += not_rebuilt(case, cache)
        return finish(case, problems)

    return Job(name, prepare, check)


def not_rebuilt(case: Path, cache: Cache) -> list[str]:
    """The damaged cache (or key) is valid again after the command."""
    path = case / cache.path
    if not cache.purpose:
        info = os.lstat(path)
        if stat.S_ISREG(info.st_mode) and not info.st_mode & 0o077 and info.st_size == 32:
            return []
        return [f"the key was not made again: {stat.filemode(info.st_mode)} {info.st_size}"]
    if verified(path, case / cache.key_file, cache.purpose, cache.limit) is None:
        return [f"{cache.path} was not written again (a valid cache)"]
    return []


def intact_job(cache: Cache) -> Job:
    """The template's caches are the ones the commands use: read, not written again."""
    command = cache.commands[0]

    def prepare(world: World) -> Any:
        case = world.case(cache.env)
        info = os.lstat(case / cache.path)
        return case, (info.st_ino, info.st_mtime_ns)

    def check(world: World, prepared: Any) -> list[str]:
        case, before = prepared
        args = COMMANDS[command]
        ran = run(args, case, cache.env)
        problems = same_as(ran, world.baseline(cache.env, args)[0], " ".join(args))
        info = os.lstat(case / cache.path)
        if (info.st_ino, info.st_mtime_ns) != before:
            problems.append(f"{cache.path} was written again: the valid cache was not used")
        return finish(case, problems)

    return Job(f"{cache.name}-{command}", prepare, check)


def damage_jobs() -> list[Job]:
    jobs = []
    for cache in [*CACHES, *CACHE_FOLDERS, SNAP_LOCK]:
        if cache in CACHE_FOLDERS:
            damages = FOLDER_DAMAGES
        elif cache is SNAP_LOCK:
            damages = LOCK_DAMAGES
        else:
            damages = KEY_DAMAGES if cache.name == "key" else DAMAGES
        for damage in damages:
            # a cache folder or lock not to be used: no cache is written, none rebuilt
            rebuilt = cache in CACHES and damage != "folder"
            for command in cache.commands if LONG else cache.commands[:1]:
                jobs.append(damage_job(cache, damage, command, damages, rebuilt))
    return jobs


# -- forgeries -----------------------------------------------------------------------------
def _newest(payload: bytes, change: Callable[[Any], Any]) -> bytes:
    """A snapshots-layout payload (FORMAT, points) with its newest point's blob changed."""
    version, points = marshal.loads(payload)
    points = sorted(points, key=lambda point: point[0])
    number, digest, blob = points[-1]
    points[-1] = [number, digest, change(blob)]
    return marshal.dumps((version, points))


def forge_snap(blob: bytes) -> bytes:
    state, pairs = marshal.loads(blob)
    state["life"] = 1
    state["life_trail"][-1] = 1
    return marshal.dumps((state, pairs))


def forge_reading(payload: bytes) -> bytes:
    """The save's reading with another starting life, under the same bytes' digest."""
    digest, data = payload[:32], marshal.loads(payload[32:])
    data["settings"]["life"] = 42
    return digest + marshal.dumps(data)


def forge_tables(payload: bytes) -> bytes:
    """A rulebook tables file's reading with other numbers, under the same bytes' digest."""
    digest, data = payload[:32], marshal.loads(payload[32:])
    data["forged"] = True
    return digest + marshal.dumps(data)


def forge_trace(blob: bytes) -> bytes:
    state = marshal.loads(blob)
    state["own"]["battles"][0]["enemy"] = "9D demon"
    return marshal.dumps(state)


def forge_rulebook(payload: bytes) -> bytes:
    head, _, body = payload.partition(b"\n")
    rows, data, tables, packed = marshal.loads(body)
    rows = tuple(tuple(row[:4]) + (row[4].replace("frozen", "thawed"),) + tuple(row[5:])
                 if row[0] == "hebrac.spell.paralysis" else row for row in rows)
    return head + b"\n" + marshal.dumps((rows, data, tables, packed))


def forge_stats(payload: bytes) -> bytes:
    import json

    data = json.loads(payload)
    for entry in data["games"].values():
        if entry["kind"] == "hebrac":
            entry["facts"]["level"] = 9
    return json.dumps(data).encode()


@dataclass(frozen=True)
class Forgery:
    name: str
    path: str
    purpose: str
    command: str
    forge: Callable[[Path, bytes], bytes]  # (case, genuine payload) -> forged payload
    shows: Callable[[Path], str]  # what the output holds when the forgery is used


def _long2_code(case: Path) -> str:
    found = verified(case / "home/cache/long2.share", case / "home/cache.key", "share",
                     snapshots.MAX_CACHE_BYTES)
    assert found is not None
    return str(marshal.loads(found)[1][-1][2].decode("ascii"))


FORGERIES = [
    Forgery("snap", "home/cache/g200.snap", "snap", "status-g200",
            lambda case, p: _newest(p, forge_snap), lambda case: "life 1/99"),
    Forgery("reading", "home/cache/g200.reading", store_module.READING_CACHE, "status-g200",
            lambda case, p: forge_reading(p), lambda case: "/42"),
    Forgery("trace", "home/cache/long.trace", "trace", "summary",
            lambda case, p: _newest(p, forge_trace), lambda case: "9D demon"),
    Forgery("share", "home/cache/long.share", "share", "sheet-md",
            lambda case, p: _newest(p, lambda blob: _long2_code(case).encode()),
            lambda case: _long2_code(case)[:60]),
    Forgery("rulebook", f"home/cache/{rulebook.CACHE_FILE}", rulebook.CACHE_FILE, "rules",
            lambda case, p: forge_rulebook(p), lambda case: "thawed"),
    Forgery("stats", "home/cache/stats.json", "stats", "stats-all",
            lambda case, p: forge_stats(p), lambda case: "Deepest level 9"),
]
VARIANTS = ("other-key", "edited", "right-key")


def forgery_job(forgery: Forgery, variant: str) -> Job:
    def prepare(world: World) -> Any:
        case = world.case("home")
        path = case / forgery.path
        genuine = verified(path, case / "home/cache.key", forgery.purpose, 1 << 26)
        assert genuine is not None
        forged = forgery.forge(case, genuine)
        assert forged != genuine
        if variant == "other-key":  # another home's key: a file made elsewhere, copied here
            cachefile.forget_keys()
            assert cachefile.write(path, world.templates["other"] / "home", forgery.purpose,
                                   forged)
        elif variant == "edited":  # the payload changed, the MAC kept
            path.write_bytes(path.read_bytes()[:HEAD] + forged)
        else:  # the control: signed with the right key, the forgery is used and shows
            cachefile.forget_keys()
            assert cachefile.write(path, case / "home", forgery.purpose, forged)
        return case, snapshot(case, "home"), saved_games(case, "home")

    def check(world: World, prepared: Any) -> list[str]:
        case, outside, games = prepared
        args = COMMANDS[forgery.command]
        ran = run(args, case, "home")
        base, _ = world.baseline("home", args)
        shows = forgery.shows(case)
        assert shows not in base.out
        if variant == "right-key":
            problems = [] if shows in ran.out else [
                f"the forgery signed with the right key was not used: {shows!r} not in\n"
                f"{ran.out}{ran.err}"]
            return finish(case, problems)
        problems = same_as(ran, base, " ".join(args))
        problems += changes(outside, snapshot(case, "home"))
        if saved_games(case, "home") != games:
            problems.append("the saved games changed")
        return finish(case, problems)

    return Job(f"{forgery.name}-{variant}", prepare, check)


DATA_HOME_VARIANTS = ("elsewhere", "own-key", "other-key", "edited", "right-key")


def data_home_forgery_job(variant: str) -> Job:
    """A remembered data folder that names a decoy folder with a game of its own."""

    def prepare(world: World) -> Any:
        case = world.case("user")
        decoy = case / ("outside" if variant == "elsewhere" else "user") / "decoy"
        (decoy / "games").mkdir(parents=True)
        text = (resource_dir("examples") / "hebrac-win.toml").read_text("utf-8")
        (decoy / "games" / "decoy.toml").write_text(
            text.replace('name = "hebrac-win"', 'name = "decoy"'), "utf-8")
        pointer = pointer_path(case, "user")
        payload = f"{inputs_key(case, 'user')}\n{decoy}\n".encode()
        cachefile.forget_keys()
        if variant == "elsewhere":  # outside HOME, signed with the right key
            assert cachefile.write(pointer, pointer.parent, POINTER, payload)
        elif variant == "own-key":  # a folder that brings its own key vouches for itself
            assert cachefile.write(pointer, decoy, POINTER, payload)
        elif variant == "other-key":
            assert cachefile.key(decoy) is not None
            assert cachefile.write(pointer, world.templates["other"] / "home", POINTER, payload)
        elif variant == "edited":
            assert cachefile.key(decoy) is not None
            pointer.write_bytes(pointer.read_bytes()[:HEAD] + payload)
        else:  # the cache folder's own key: what companion itself writes
            assert cachefile.write(pointer, pointer.parent, POINTER, payload)
        return case, snapshot(case, "user"), saved_games(case, "user")

    def check(world: World, prepared: Any) -> list[str]:
        case, outside, games = prepared
        args = COMMANDS["games"]
        ran = run(args, case, "user")
        base, _ = world.baseline("user", args)
        assert "decoy" not in base.out
        if variant == "right-key":
            return finish(case, [] if "decoy" in ran.out else [
                f"a pointer signed with the cache folder's key was not used:\n"
                f"{ran.out}{ran.err}"])
        problems = same_as(ran, base, "games")
        problems += changes(outside, snapshot(case, "user"))
        if saved_games(case, "user") != games:
            problems.append("the saved games changed")
        return finish(case, problems)

    return Job(f"data-home-{variant}", prepare, check)


# -- planted caches and actions ----------------------------------------------------------------
def _game_of(args: tuple[str, ...]) -> str:
    return args[args.index("-g") + 1]


def _plant_forged(case: Path, world: World, suffix: str, forge: Callable[[bytes], bytes],
                  game: str) -> None:
    path = case / "home/cache" / f"{game}.{suffix}"
    genuine = verified(path, case / "home/cache.key", suffix, snapshots.MAX_CACHE_BYTES)
    assert genuine is not None
    cachefile.forget_keys()
    assert cachefile.write(path, world.templates["other"] / "home", suffix,
                           _newest(genuine, forge))


def _plant_random(case: Path, game: str) -> None:
    rng = random.Random(game)
    for path in (case / "home/cache").iterdir():
        if not path.name.startswith("."):
            path.write_bytes(rng.randbytes(path.stat().st_size))


def _plant_key(case: Path) -> None:
    key = case / "home/cache.key"
    key.write_bytes(os.urandom(32))
    key.chmod(0o600)


def _plant_fifo(case: Path, game: str) -> None:
    for suffix in ("snap", "trace"):
        path = case / "home/cache" / f"{game}.{suffix}"
        path.unlink()
        os.mkfifo(path)


def _plant_folder_link(case: Path) -> None:
    shutil.copytree(case / "home/cache", case / "outside/cache-copy")
    forge_all(case / "outside/cache-copy", case, "home")
    shutil.rmtree(case / "home/cache")
    (case / "home/cache").symlink_to(case / "outside/cache-copy", True)


PLANTS: dict[str, Callable[[Path, World, str], None]] = {
    "snap-forged": lambda case, world, game: _plant_forged(case, world, "snap", forge_snap,
                                                           game),
    "trace-forged": lambda case, world, game: _plant_forged(case, world, "trace", forge_trace,
                                                            game),
    "all-random": lambda case, world, game: _plant_random(case, game),
    "fifos": lambda case, world, game: _plant_fifo(case, game),
    "key-replaced": lambda case, world, game: _plant_key(case),
    "cache-folder-link": lambda case, world, game: _plant_folder_link(case),
}


def action_job(plant: str, action: str) -> Job:
    args = ACTIONS[action]

    def prepare(world: World) -> Any:
        case = world.case("home")
        PLANTS[plant](case, world, _game_of(args))
        return case, snapshot(case, "home")

    def check(world: World, prepared: Any) -> list[str]:
        case, outside = prepared
        ran = run(args, case, "home")
        base, base_games = world.baseline("home", args)
        problems = same_as(ran, base, " ".join(args))
        after = saved_games(case, "home")
        if masked(after) != masked(base_games):
            for name in sorted(set(after) | set(base_games)):
                if masked(after).get(name) != masked(base_games).get(name):
                    diff = difflib.unified_diff(
                        masked(base_games).get(name, b"").decode().splitlines(),
                        masked(after).get(name, b"").decode().splitlines(),
                        f"{name} from a clean home", f"{name} here", lineterm="", n=1)
                    problems.append("\n".join(itertools.islice(diff, 30)))
        problems += changes(outside, snapshot(case, "home"))
        problems += leftovers(case, "home")
        return finish(case, problems)

    return Job(f"{plant}-{action}", prepare, check)


# -- the parameters: every case must pass (a finding is fixed, never marked as expected) ------
def params(jobs: list[Job]) -> list[Any]:
    return [pytest.param(job, id=job.id) for job in jobs]


DAMAGE_JOBS = damage_jobs()
INTACT_JOBS = [intact_job(cache) for cache in CACHES]
FORGERY_JOBS = [forgery_job(f, v) for f in FORGERIES for v in VARIANTS if v != "right-key"]
FORGERY_JOBS += [data_home_forgery_job(v) for v in DATA_HOME_VARIANTS if v != "right-key"]
CONTROL_JOBS = [forgery_job(f, "right-key") for f in FORGERIES]
CONTROL_JOBS.append(data_home_forgery_job("right-key"))
ACTION_JOBS = [action_job(plant, action) for plant in PLANTS for action in ACTIONS]
ALL_JOBS = {job.id: job for job in (*DAMAGE_JOBS, *INTACT_JOBS, *FORGERY_JOBS, *CONTROL_JOBS,
                                    *ACTION_JOBS)}


WORLD: list[World] = []


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    WORLD.append(World(tmp_path_factory.mktemp("cache-fuzz")))
    yield WORLD[-1]
    WORLD.clear()


@pytest.fixture(scope="module")
def pool(request: pytest.FixtureRequest, world: World) -> Iterator[dict[int, Future[list[str]]]]:
    """Every selected job of this file, prepared here one by one (the forgeries use
    companion's own writer, whose key cache is not for threads) and run in a pool."""
    selected = []
    for item in request.session.items:
        callspec = getattr(item, "callspec", None)
        job = callspec.params.get("job") if callspec is not None else None
        if isinstance(job, Job) and getattr(item, "module", None) is sys.modules[__name__]:
            selected.append(job)
    futures: dict[int, Future[list[str]]] = {}
    executor = ThreadPoolExecutor(WORKERS)
    try:
        for job in selected:
            if id(job) in futures:
                continue
            try:
                prepared = job.prepare(world)
            except BaseException as error:  # reported by the job's own test
                failed: Future[list[str]] = Future()
                failed.set_exception(error)
                futures[id(job)] = failed
                continue
            futures[id(job)] = executor.submit(job.check, world, prepared)
        cachefile.forget_keys()
        yield futures
    finally:
        executor.shutdown(wait=True, cancel_futures=True)


def outcome(pool: dict[int, Future[list[str]]], job: Job) -> None:
    problems = pool[id(job)].result()
    if problems and WORLD and code_stamp() != WORLD[0].stamp:
        pytest.skip("companion's sources changed while this file ran (every cache made "
                    "before is stale, outputs may differ): run it again")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("job", params(DAMAGE_JOBS))
def test_a_damaged_cache_changes_nothing(pool: dict[int, Future[list[str]]], job: Job) -> None:
    outcome(pool, job)


@pytest.mark.parametrize("job", params(INTACT_JOBS))
def test_the_caches_planted_are_the_ones_read(pool: dict[int, Future[list[str]]],
                                              job: Job) -> None:
    outcome(pool, job)


@pytest.mark.parametrize("job", params(FORGERY_JOBS))
def test_a_forged_cache_is_never_used(pool: dict[int, Future[list[str]]], job: Job) -> None:
    outcome(pool, job)


@pytest.mark.parametrize("job", params(CONTROL_JOBS))
def test_the_same_forgery_with_the_right_key_would_show(pool: dict[int, Future[list[str]]],
                                                        job: Job) -> None:
    outcome(pool, job)


@pytest.mark.parametrize("job", params(ACTION_JOBS))
def test_a_planted_cache_does_not_change_what_an_action_saves(
        pool: dict[int, Future[list[str]]], job: Job) -> None:
    outcome(pool, job)


# -- the shell's history -----------------------------------------------------------------------
HISTORY_PLANTS = ("fifo", "symlink-outside", "symlink-devzero", "symlink-devnull",
                  "symlink-dangling", "folder", "huge", "sparse", "not-utf8")


def plant_history(kind: str, path: Path, outside: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    outside.mkdir(exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "symlink-outside":
        (outside / "victim").write_text("status\nlog\n")
        path.symlink_to(outside / "victim")
    elif kind in ("symlink-devzero", "symlink-devnull"):
        path.symlink_to("/dev/zero" if kind == "symlink-devzero" else "/dev/null")
    elif kind == "symlink-dangling":
        path.symlink_to(outside / "nothing")
    elif kind == "folder":
        path.mkdir()
    elif kind == "huge":
        from companion.cli.shell import MAX_HISTORY_BYTES

        path.write_bytes(b"status\n" * (MAX_HISTORY_BYTES // 7 + 1))
    elif kind == "sparse":
        path.write_bytes(b"status\n")
        os.truncate(path, SPARSE)
    else:
        path.write_bytes(b"status\n\xff\xfe\n")


def tree(folder: Path) -> dict[str, tuple[Any, ...]]:
    return snapshot(folder, "none") if folder.exists() else {}


@pytest.mark.parametrize("kind", HISTORY_PLANTS)
def test_the_history_reader_refuses_what_is_not_a_plain_file(kind: str, tmp_path: Path) -> None:
    from companion.cli.shell import _read_history

    path = tmp_path / "home" / "shell_history"
    plant_history(kind, path, tmp_path / "outside")
    before = tree(tmp_path)
    started = time.monotonic()
    assert _read_history(path) == []
    assert time.monotonic() - started < TIME_LIMIT
    assert changes(before, tree(tmp_path)) == []


@pytest.mark.parametrize("kind", [k for k in HISTORY_PLANTS
                                  if k not in ("huge", "sparse", "not-utf8")])
def test_the_history_writer_never_writes_through(kind: str, tmp_path: Path) -> None:
    from companion.cli.shell import _append_history

    path = tmp_path / "home" / "shell_history"
    plant_history(kind, path, tmp_path / "outside")
    before = tree(tmp_path)
    started = time.monotonic()
    assert _append_history(path, "status") is False
    assert time.monotonic() - started < TIME_LIMIT
    assert changes(before, tree(tmp_path)) == []


@pytest.mark.parametrize("kind", ["fifo", "symlink-outside"])
def test_the_shell_starts_with_a_planted_history(kind: str, tmp_path: Path,
                                                 world: World) -> None:
    """A real shell in a pseudo-terminal, with readline: the planted history is not read,
    not written through; the line typed is kept in a plain file that replaces it."""
    pexpect = pytest.importorskip("pexpect")
    from companion.cli.shell import prompt_text
    from companion.game import replay

    case = world.case("home")
    history = case / "home" / "shell_history"
    plant_history(kind, history, case / "outside")
    before = snapshot(case, "home")
    engine, _ = replay("hebrac", SETTINGS, list(itertools.islice(legal_actions(), 200)))
    prompt = prompt_text("g200", engine.prompt(), 40, "hebrac", engine.status)
    env = {**environment(case, "home"), "INPUTRC": "/dev/null"}
    child = pexpect.spawn(sys.executable, ["-m", "companion", "shell", "--game", "g200"],
                          env=env, cwd=str(case / "cwd"), encoding="utf-8",
                          dimensions=(24, 40), timeout=TIMEOUT)
    try:
        child.expect_exact(prompt)
        child.sendline("status")
        child.expect_exact(prompt)
        assert "life 94/99" in " ".join(str(child.before).split())
        child.sendline("exit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    assert changes(before, snapshot(case, "home")) == []
    assert not history.is_symlink() and history.is_file()
    assert history.read_text("utf-8").split("\n")[-3:] == ["status", "exit", ""]
    assert saved_games(case, "home") == saved_games(world.templates["home"], "home")
