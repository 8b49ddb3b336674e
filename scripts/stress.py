#!/usr/bin/env python3
"""Concurrent writers and killed saves, as whole `companion` processes, on a scratch folder.

    python scripts/stress.py writers [--writers 40] [--each 6] [--timeout 15]
    python scripts/stress.py kills [--kills 200]

``writers`` starts WRITERS processes at once, each running EACH `hebrac note`
commands one after the other on one game, and counts the commands that
failed (a lock timeout is exit 3) and the notes missing afterwards.
``kills`` SIGKILLs a process that saves in a loop, KILLS times at random
moments (once it is ready), and checks after each kill that the save reads, replays and holds
every note acknowledged before the kill.
Each prints one line of figures.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.session import Games  # noqa: E402
from companion.store import Store  # noqa: E402

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    w = sub.add_parser("writers")
    w.add_argument("--writers", type=int, default=40)
    w.add_argument("--each", type=int, default=6)
    w.add_argument("--timeout", type=float, default=15)
    k = sub.add_parser("kills")
    k.add_argument("--kills", type=int, default=200)
    args = parser.parse_args()
    if args.what == "writers":
        writers(args.writers, args.each, args.timeout)
    else:
        kills(args.kills)


if __name__ == "__main__":
    main()
