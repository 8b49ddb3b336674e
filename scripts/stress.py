#!/usr/bin/env python3
"""Concurrent writers and killed saves, as whole `companion` processes, on a scratch folder.

    python scripts/stress.py writers [--writers 40] [--each 6] [--timeout 15]
    python scripts/stress.py kills [--kills 200]
    python scripts/stress.py cache-kills [--kills 100]
    python scripts/stress.py cache-writers [--writers 20] [--rounds 6]

``writers`` starts WRITERS processes at once, each running EACH `hebrac note`
commands one after the other on one game, and counts the commands that
failed (a lock timeout is exit 3) and the notes missing afterwards.
``kills`` SIGKILLs a process that saves in a loop, KILLS times at random
moments (once it is ready), and checks after each kill that the save reads, replays and holds
every note acknowledged before the kill.
``cache-kills`` does the same to a process that writes every cache in a loop (an
action appended to a long Hebrac game, then its snapshots, tracer state, share
code, the statistics and the rulebook index written again), and checks after
each kill that every cache file is absent or valid (its MAC right), that the
save holds every action acknowledged and replays to what its snapshots give;
stale temp files (``.NAME.PID-RANDOM.part``, from writers killed mid-write)
are counted, not removed; at the end one unkilled pass must leave every cache
valid. ``cache-writers`` starts WRITERS processes at the same instant, each
opening the same long game and writing the same caches (a round each: no
cache, one action more, caches warm, the key removed, the cache folder
removed, a hundred actions more), and checks that every process's answers
agree with a replay without caches and that every cache reads valid after.
Each prints one line of figures.
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import itertools
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.session import Games  # noqa: E402
from companion.store import GameRecord, Store  # noqa: E402

WRITER = """
import sys
from pathlib import Path
from companion.session import Games
from companion.store import Store
games = Games(Store(Path(sys.argv[1])))
games.open("g")
print("ready", flush=True)
number = int(sys.argv[2])
while True:
    games.note("g", f"note {number}")
    print(number, flush=True)
    number += 1
"""


def writers(count: int, each: int, timeout: float) -> None:
    home = Path(tempfile.mkdtemp(prefix="companion-stress-"))
    Games(Store(home)).new("hebrac", {}, "g")
    env = {**os.environ, "COMPANION_HOME": str(home), "COMPANION_LOCK_TIMEOUT": str(timeout)}
    script = "; ".join(f"{sys.executable} -m companion hebrac note -g g w$0-{n} >/dev/null "
                       "2>>$1 || echo fail >>$1" for n in range(each))
    started = time.monotonic()
    procs = [subprocess.Popen(["sh", "-c", script, str(w), str(home / f"err{w}")], env=env)
             for w in range(count)]
    for proc in procs:
        proc.wait()
    took = time.monotonic() - started
    failed = sum((home / f"err{w}").read_text().count("fail") for w in range(count)
                 if (home / f"err{w}").exists())
    notes = Store(home).read("g").notes
    print(f"writers={count} commands={count * each} failed={failed} "
          f"saved={len(notes)} lost={count * each - failed - len(notes)} seconds={took:.1f}")


def kills(count: int) -> None:
    home = Path(tempfile.mkdtemp(prefix="companion-stress-"))
    store = Store(home)
    Games(store).new("hebrac", {}, "g")
    rng = random.Random(19)
    bad = 0
    acknowledged = 0
    for _ in range(count):
        first = len(Store(home).read("g").notes)
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(home), str(first)],
                                cwd=ROOT, stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        time.sleep(rng.uniform(0.0, 0.1))  # mostly mid-save: a save takes a few ms
        proc.send_signal(signal.SIGKILL)
        said = proc.stdout.read().split()
        proc.wait()
        proc.stdout.close()
        try:
            Games(Store(home)).open("g")  # reads and replays
            notes = Store(home).read("g").notes
        except Exception as error:  # noqa: BLE001 - counted and shown
            print(f"broken after a kill: {error}")
            bad += 1
            continue
        wanted = {f"note {n}" for n in said}
        acknowledged += len(wanted)
        if not wanted <= set(notes):
            print(f"lost acknowledged notes: {sorted(wanted - set(notes))[:3]}")
            bad += 1
    print(f"kills={count} acknowledged={acknowledged} broken_or_lost={bad}")


# -- the caches ---------------------------------------------------------------------------
SETTINGS = {"life": 99}
ROUTE = ("A1", "A2", "A3", "A4", "B4", "B3")


def legal_actions() -> Iterator[str]:
    """Endless legal Hebrac play (as tests/test_shell_snapshots.py): six chambers a level."""
    while True:
        for chamber in ROUTE:
            yield f"enter {chamber} 3S"
            yield from ["attack 2H"] * 8
            yield from ("attack 5H", "take 10H", "use 10H")
        yield "next-level"


def play(count: int) -> list[str]:
    return list(itertools.islice(legal_actions(), count))


def long_game(home: Path, count: int) -> None:
    from companion.hebrac.engine import normalize_settings

    store = Store(home)
    record = GameRecord(kind="hebrac", name="g", settings=normalize_settings(SETTINGS),
                        actions=play(count))
    with store.lock("g"):
        store.write(record, new=True)


# What one process computes from the caches (and writes them): the game opened (snapshots),
# its trace, its share code, the statistics and the rulebook index; printed as JSON.
LOOK = """
def look(home, name="g"):
    from companion import rulebook
    from companion.history import traced
    from companion.resources import cache_home
    from companion.session import Games
    from companion.sheets import share_code
    from companion.stats import read_games
    from companion.store import Store
    import hashlib, json
    game = Games(Store(home)).open(name)
    record = game.record
    tracer = traced(record.kind, game.settings, record.actions, (home, name))
    code = share_code(record.kind, name, game.settings, record.actions, record.notes,
                      record.redo, home)
    stats = [e.as_json() for e in read_games(Store(home), lambda message: None)]
    rules = rulebook.load_index(cache_home())
    rows = hashlib.sha256(repr([tuple(s) for s in rules.sections]).encode()).hexdigest()
    return json.dumps({"actions": len(record.actions), "status": game.engine.status(),
                       "trace": tracer.finish(len(record.actions)).as_json(), "code": code,
                       "stats": stats, "rules": rows}, sort_keys=True, default=str)
"""

CACHE_WRITER = "from __future__ import annotations\nimport itertools\n" + LOOK + f"""
ROUTE = {ROUTE!r}
{inspect.getsource(legal_actions)}
{inspect.getsource(play)}
""" + """
import os, sys
from pathlib import Path
from companion import rulebook
from companion.resources import cache_home
from companion.rulebook.build import save_cache
from companion.session import Games
from companion.store import Store
home = Path(sys.argv[1])
index = rulebook.index()
print("ready", flush=True)
for step in itertools.count(int(sys.argv[2])):
    games = Games(Store(home))
    count = len(games.open("g").record.actions)
    games.act("g", play(count + 1)[-1])
    print(count + 1, flush=True)  # acknowledged: saved
    if step % 2:  # every other pass the snapshots are taken again from the start
        (home / "cache" / "g.snap").unlink(missing_ok=True)
    look(home)  # snapshots, trace, share code and statistics written again
    save_cache(cache_home() / rulebook.CACHE_FILE, rulebook.cache_key(), index)
"""

TEMP = re.compile(r"^\..+\.\d+-[0-9a-f]{16}\.\w+$")  # companion.safefile.temp_name


def cache_purposes() -> dict[str, tuple[str, int]]:
    from companion import rulebook, snapshots, stats

    return {".snap": ("snap", snapshots.MAX_CACHE_BYTES),
            ".trace": ("trace", snapshots.MAX_CACHE_BYTES),
            ".share": ("share", snapshots.MAX_CACHE_BYTES),
            "stats.json": ("stats", stats.MAX_CACHE_BYTES),
            rulebook.CACHE_FILE: (rulebook.CACHE_FILE, rulebook.MAX_CACHE_BYTES)}


def invalid_caches(home: Path) -> list[str]:
    """The cache files there that are not valid signed files (absent ones are fine)."""
    from companion import cachefile

    cachefile.forget_keys()
    folder = home / "cache"
    if cachefile.key(home, make=False) is None:
        return [f"{p.name} (no key)" for p in folder.glob("[!.]*")] if folder.is_dir() else []
    bad = []
    purposes = cache_purposes()
    for path in sorted(folder.glob("[!.]*")):
        found = next((v for k, v in purposes.items() if path.name.endswith(k)), None)
        if found is None:
            bad.append(f"{path.name} (unknown)")
        elif cachefile.read(path, home, found[0], found[1]) is None:
            bad.append(path.name)
    return bad


def stale_temps(home: Path) -> list[Path]:
    return [p for folder in (home, home / "cache") if folder.is_dir()
            for p in folder.iterdir() if TEMP.match(p.name)]


def reference(home: Path) -> dict[str, Any]:
    """What LOOK must print, worked out with no cache at all (a replay of the save)."""
    from companion.editions import saved
    from companion.game import load_kind, replay
    from companion.history import trace
    from companion.rulebook.build import build_index
    from companion.share import encode
    from companion.stats import read_games

    record = Store(home).read("g")
    settings = load_kind("hebrac").normalize_settings(saved(record.settings))
    engine, _ = replay("hebrac", settings, record.actions)
    rows = build_index().sections
    found: dict[str, Any] = json.loads(json.dumps({
        "actions": len(record.actions), "status": engine.status(),
        "trace": trace("hebrac", settings, record.actions).as_json(),
        "code": encode("hebrac", "g", settings, record.actions, record.notes, record.redo),
        "stats": [e.as_json() for e in read_games(Store(home), lambda m: None,
                                                  use_cache=False)],
        "rules": hashlib.sha256(repr([tuple(s) for s in rows]).encode()).hexdigest()},
        sort_keys=True, default=str))
    return found


def looked(home: Path) -> dict[str, Any]:
    """LOOK in a fresh process, never killed (it reads the caches, rebuilding any missing)."""
    done = subprocess.run([sys.executable, "-c", LOOK + "import sys; from pathlib import Path;"
                           " print(look(Path(sys.argv[1])))", str(home)],
                          cwd=ROOT, env=cache_env(home), capture_output=True, text=True,
                          check=True)
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def cache_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_SNAPSHOTS"}
    env["COMPANION_HOME"] = str(home)
    return env


def cache_kills(count: int) -> None:
    home = Path(tempfile.mkdtemp(prefix="companion-stress-"))
    os.environ["COMPANION_HOME"] = str(home)  # for this process's own reads (rulebook)
    long_game(home, 250)
    rng = random.Random(23)
    broken = invalid = acknowledged = 0
    started = time.monotonic()
    for kill in range(count):
        first = len(Store(home).read("g").actions)
        proc = subprocess.Popen([sys.executable, "-c", CACHE_WRITER, str(home), str(kill)],
                                cwd=ROOT, env=cache_env(home), stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        time.sleep(rng.uniform(0.0, 0.4))  # a pass takes about 0.1 s: any moment of it
        proc.send_signal(signal.SIGKILL)
        said = [int(n) for n in proc.stdout.read().split()]
        proc.wait()
        proc.stdout.close()
        acknowledged += len(said)
        bad = invalid_caches(home)
        if bad:
            print(f"kill {kill}: caches not valid: {bad}")
            invalid += len(bad)
        try:
            from companion.game import replay

            actions = Store(home).read("g").actions
            opened = Games(Store(home)).open("g")  # from the snapshots, if valid
            engine, _ = replay("hebrac", opened.settings, actions)
            if actions != play(len(actions)) or len(actions) < max(said, default=first):
                print(f"kill {kill}: the save holds {len(actions)} actions, not the "
                      f"{max(said, default=first)} acknowledged ones")
                broken += 1
            elif opened.engine.status() != engine.status():
                print(f"kill {kill}: the snapshots open to another state than a replay")
                broken += 1
        except Exception as error:  # noqa: BLE001 - counted and shown
            print(f"kill {kill}: broken: {error}")
            broken += 1
    temps = stale_temps(home)  # at most one a kill: the write it interrupted
    if temps:
        kinds = sorted({re.sub(r"\.\d+-[0-9a-f]{16}", "", p.name) for p in temps})
        print(f"stale temp files left by killed writers: {len(temps)} ({', '.join(kinds)})")
    final = looked(home)  # one pass to the end: every cache read or made again
    left = invalid_caches(home)
    disagree = final != reference(home)
    took = time.monotonic() - started
    print(f"cache-kills kills={count} actions_acknowledged={acknowledged} "
          f"invalid_after_kill={invalid} broken_or_lost={broken} stale_temp={len(temps)} "
          f"invalid_at_end={len(left)} disagrees_with_replay={int(disagree)} "
          f"actions={final['actions']} seconds={took:.1f}")


ROUNDS = ("no-cache", "one-more-action", "warm", "key-removed", "cache-folder-removed",
          "hundred-more-actions")

CACHE_READER = LOOK + """
import sys, time
from pathlib import Path
start = float(sys.argv[2])
if time.time() > start:
    print("late", file=sys.stderr)
time.sleep(max(0.0, start - time.time()))  # every process starts at the same instant
print(look(Path(sys.argv[1])))
"""


def cache_writers(count: int, rounds: int) -> None:
    import shutil

    home = Path(tempfile.mkdtemp(prefix="companion-stress-"))
    os.environ["COMPANION_HOME"] = str(home)
    long_game(home, 250)
    failed = disagreed = invalid = processes = late = 0
    started = time.monotonic()
    for number in range(rounds):
        what = ROUNDS[number % len(ROUNDS)]
        extra = {"one-more-action": 1, "hundred-more-actions": 100}.get(what, 0)
        if extra:
            with Store(home).lock("g"):
                record = Store(home).read("g")
                record.actions = play(len(record.actions) + extra)
                Store(home).write(record)
        if what == "key-removed":
            (home / "cache.key").unlink(missing_ok=True)
        elif what in ("cache-folder-removed", "no-cache") and (home / "cache").exists():
            shutil.rmtree(home / "cache")
        want = reference(home)
        at = time.time() + 1.0 + count * 0.15  # after every process has imported companion
        procs = [subprocess.Popen([sys.executable, "-c", CACHE_READER, str(home), str(at)],
                                  cwd=ROOT, env=cache_env(home), stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for _ in range(count)]
        for proc in procs:
            out, err = proc.communicate()
            processes += 1
            late += err.startswith("late")
            if proc.returncode != 0:
                failed += 1
                print(f"round {what}: a process failed: {err.strip().splitlines()[-1:]}")
            elif json.loads(out) != want:
                disagreed += 1
                got = json.loads(out)
                print(f"round {what}: differs from a replay in "
                      f"{sorted(k for k in want if want[k] != got.get(k))}")
        bad = invalid_caches(home)
        if bad or not (home / "cache" / "g.snap").is_file():
            print(f"round {what}: caches not valid afterwards: {bad}")
            invalid += len(bad)
    temps = stale_temps(home)
    took = time.monotonic() - started
    print(f"cache-writers writers={count} rounds={rounds} processes={processes} "
          f"started_late={late} failed={failed} disagreed={disagreed} "
          f"invalid_caches={invalid} stale_temp={len(temps)} seconds={took:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    w = sub.add_parser("writers")
    w.add_argument("--writers", type=int, default=40)
    w.add_argument("--each", type=int, default=6)
    w.add_argument("--timeout", type=float, default=15)
    k = sub.add_parser("kills")
    k.add_argument("--kills", type=int, default=200)
    ck = sub.add_parser("cache-kills")
    ck.add_argument("--kills", type=int, default=100)
    cw = sub.add_parser("cache-writers")
    cw.add_argument("--writers", type=int, default=20)
    cw.add_argument("--rounds", type=int, default=len(ROUNDS))
    args = parser.parse_args()
    if args.what == "writers":
        writers(args.writers, args.each, args.timeout)
    elif args.what == "kills":
        kills(args.kills)
    elif args.what == "cache-kills":
        cache_kills(args.kills)
    else:
        cache_writers(args.writers, args.rounds)


if __name__ == "__main__":
    main()
