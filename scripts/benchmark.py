#!/usr/bin/env python3
"""How fast companion answers, with this machine's Python start-up alongside.

    python scripts/benchmark.py [--runs N] [--only NAME...] [--json]
    python scripts/benchmark.py --only serve     # the live table (Chromium for its pages)
    python scripts/benchmark.py --only instructions --against ../old   # valgrind's counts

Builds the saved games it needs (500 and 2,000 legal Hebrac actions) in a
temporary COMPANION_HOME, then takes each measurement: one-shot commands are
timed as whole processes (subprocess + time.perf_counter), in-process figures
call the code directly. Every figure is a median over ``--runs`` runs. The
one-shot ``status`` runs side by side with a minimal Typer hello-world and
``python -c pass`` in one loop (one of each per round), so their ratio holds on
a busy machine.

Adding a figure is one function: decorate it with ``@measurement("name")``;
it receives the ``Bench`` (homes, games, runs, helpers) and returns Figures.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import itertools
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HELLO = '''\
import typer

app = typer.Typer()


@app.command()
def main(name: str = "world") -> None:
    print(f"Hello {name}")


if __name__ == "__main__":
    app()
'''
ROUTE = ("A1", "A2", "A3", "A4", "B4", "B3")
SIZES = (250, 500, 1000, 2000)
STATS_GAMES = 300  # a player's saved games over a year or two


def hebrac_actions() -> Iterator[str]:
    """Endless legal Hebrac play at life 99: each chamber a long battle with a 3S warrior
    (eight lost rounds of 2H, one lost life each), won with 5H; its 10H is taken and drunk;
    six chambers clear half a level, then the next level."""
    while True:
        for chamber in ROUTE:
            yield f"enter {chamber} 3S"
            yield from ["attack 2H"] * 8
            yield from ("attack 5H", "take 10H", "use 10H")
        yield "next-level"


@dataclass
class Figure:
    name: str
    ms: float
    note: str = ""


@dataclass
class Bench:
    """What every measurement gets: a temporary home with saved games, and helpers."""

    runs: int
    home: Path
    work: Path
    python: str = sys.executable
    games: dict[int, str] = field(default_factory=dict)  # actions -> game name
    startup_ms: float = 0.0
    hello_ms: float = 0.0
    labels: tuple[str, ...] = ()  # the one-shot commands to time (all when empty)
    against: Path | None = None  # another checkout, for 'instructions'

    def env(self, **extra: str) -> dict[str, str]:
        """The processes' environment: this checkout, the temporary home, and byte-code
        cached in a temporary folder, as an installed package's is (some environments set
        PYTHONDONTWRITEBYTECODE, which would time the compiler instead)."""
        drop = ("COMPANION_SNAPSHOTS", "PYTHONDONTWRITEBYTECODE", "NO_COLOR")
        env = {k: v for k, v in os.environ.items() if k not in drop}
        env.update(COMPANION_HOME=str(self.home), COLUMNS="40", PYTHONPATH=str(ROOT),
                   PYTHONPYCACHEPREFIX=str(self.work / "pycache"))
        env.update(extra)
        return env

    def process_ms(self, argv: Sequence[str], env: dict[str, str] | None = None) -> float:
        """Wall time of one process, output discarded (no terminal drawing)."""
        start = time.perf_counter()
        done = subprocess.run(list(argv), env=env or self.env(), stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, check=False)
        took = (time.perf_counter() - start) * 1000
        if done.returncode:
            raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode()}")
        return took

    def median_ms(self, call: Callable[[], Any], runs: int | None = None) -> float:
        times = []
        for _ in range(runs or self.runs):
            start = time.perf_counter()
            call()
            times.append((time.perf_counter() - start) * 1000)
        return statistics.median(times)

    def companion(self, *args: str) -> list[str]:
        """What the ``companion`` console script runs."""
        return [self.python, "-c", "import sys; from companion.cli.main import run; run()", *args]


MEASUREMENTS: list[tuple[str, Callable[[Bench], list[Figure]]]] = []


def measurement(name: str) -> Callable[[Callable[[Bench], list[Figure]]],
                                       Callable[[Bench], list[Figure]]]:
    def register(function: Callable[[Bench], list[Figure]]) -> Callable[[Bench], list[Figure]]:
        MEASUREMENTS.append((name, function))
        return function

    return register


# -- set-up ---------------------------------------------------------------------------
def build_games(bench: Bench) -> None:
    """Saved Hebrac games of each size, checked legal by a replay."""
    from companion.hebrac.engine import normalize_settings
    from companion.store import GameRecord, Store

    store = Store(bench.home)
    actions = list(itertools.islice(hebrac_actions(), max(SIZES) + 10 * bench.runs + 100))
    for size in SIZES:
        name = f"h{size}"
        record = GameRecord(kind="hebrac", name=name, settings=normalize_settings({"life": 99}),
                            actions=actions[:size])
        with store.lock(name):
            store.write(record, new=True)
        store.open(name)  # raises if any action is not legal
        bench.games[size] = name
    store.set_current(bench.games[500])


# -- measurements ---------------------------------------------------------------------
@measurement("startup")
def startup_and_status(bench: Bench) -> list[Figure]:
    """python -c pass, a Typer hello-world, and one-shot status: side by side, interleaved."""
    hello = bench.work / "hello.py"
    hello.write_text(HELLO)
    bare, typer_hello, status, status_platform = [], [], [], []
    # As a player runs it: no COMPANION_HOME, the saves in the platform's data folder.
    user = bench.work / "user"
    (user / ".local" / "share").mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        (user / ".local" / "share" / "companion").symlink_to(bench.home)
    platform_env = {k: v for k, v in bench.env().items()
                    if k not in ("COMPANION_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME")}
    platform_env["HOME"] = str(user)
    for warm_up in ([bench.python, "-c", "pass"], [bench.python, str(hello)],
                    bench.companion("hebrac", "status")):
        bench.process_ms(warm_up)  # byte-code and file caches, for all three alike
    bench.process_ms(bench.companion("hebrac", "status"), platform_env)  # the folder found
    for _ in range(bench.runs):
        bare.append(bench.process_ms([bench.python, "-c", "pass"]))
        typer_hello.append(bench.process_ms([bench.python, str(hello)]))
        status.append(bench.process_ms(bench.companion("hebrac", "status")))
        status_platform.append(bench.process_ms(bench.companion("hebrac", "status"),
                                                platform_env))
    bench.startup_ms = statistics.median(bare)
    bench.hello_ms = statistics.median(typer_hello)
    ratio = statistics.median(status) / bench.hello_ms
    return [
        Figure("python -c pass", bench.startup_ms),
        Figure("typer hello-world", bench.hello_ms),
        Figure("hebrac status, 500 actions, one-shot", statistics.median(status),
               f"{ratio:.2f} x hello-world"),
        Figure("  same, no COMPANION_HOME (platform folder)", statistics.median(status_platform),
               f"{statistics.median(status_platform) / bench.hello_ms:.2f} x hello-world"),
    ]


# The one-shot commands of issue 16's list: (label, words, whether the game must be put
# back after each run). {h} is the 500-action Hebrac game, {t} a Tricky game in a round.
COMMANDS: list[tuple[str, tuple[str, ...], bool]] = [
    ("hebrac status", ("hebrac", "status", "-g", "{h}"), False),
    ("hebrac attack", ("hebrac", "attack", "2H", "-g", "{h}"), True),
    ("hebrac undo", ("hebrac", "undo", "-g", "{h}"), True),
    ("hebrac log", ("hebrac", "log", "-g", "{h}"), False),
    ("hebrac check trade", ("hebrac", "check", "trade", "JS", "--offer", "9D"), False),
    ("hebrac check steal", ("hebrac", "check", "steal", "3D", "4C"), False),
    ("hebrac check price", ("hebrac", "check", "price", "KS"), False),
    ("hebrac check spell", ("hebrac", "check", "spell", "healing", "--with", "7C"), False),
    ("hebrac spells", ("hebrac", "spells", "-g", "{h}"), False),
    ("tricky status", ("tricky", "status", "-g", "{t}"), False),
    ("tricky trick", ("tricky", "trick", "Y3", "G4", "-g", "{t}"), True),
    ("tricky scores", ("tricky", "scores", "-g", "{t}"), False),
    ("tricky heroes", ("tricky", "heroes"), False),
    ("games", ("games",), False),
    ("rules QUERY", ("rules", "paralysis"), False),
    ("rules hebrac CARD", ("rules", "hebrac", "QS"), False),
    ("sheet hebrac --format text", ("sheet", "hebrac", "--format", "text", "-g", "{h}"), False),
    ("sheet tricky --format text", ("sheet", "tricky", "--format", "text", "-g", "{t}"), False),
    ("sheet elbereth --format text",
     ("sheet", "elbereth", "--format", "text", "-g", "{e}"), False),
    ("sheet halfdeck --format text",
     ("sheet", "halfdeck", "--format", "text", "-g", "{hh}"), False),
    ("sheet hebrac --format html", ("sheet", "hebrac", "--format", "html", "-g", "{h}"), False),
    ("sheet halfdeck --format html",
     ("sheet", "halfdeck", "--format", "html", "-g", "{hh}"), False),
    ("hd a 2h (short form)", ("hd", "a", "2h", "-g", "{h}"), True),
    ("hebrac odds", ("hebrac", "odds", "-g", "{h}"), False),
    ("elbereth status", ("elbereth", "status", "-g", "{e}"), False),
    ("halfdeck status", ("halfdeck", "status", "-g", "{hh}"), False),
    ("sheet hebrac --format md", ("sheet", "hebrac", "--format", "md", "-g", "{h}"), False),
    ("share --text", ("share", "--text", "-g", "{h}"), False),
    ("import CODE", ("import", "{code}", "--name", "imported", "--force"), False),
    ("export --csv", ("export", "--csv", "--all"), False),
    ("stats", ("stats", "--all"), False),
    ("demo", ("demo",), False),
    ("help", ("--help",), False),
]
TRICKY_ACTIONS = ["round thief --active ann --exchange 0", "trick R1 B2"]


def tricky_game(bench: Bench) -> str:
    """A two-player Tricky game in its first round, one trick played."""
    from companion.store import GameRecord, Store
    from companion.tricky.deck import load_deck
    from companion.tricky.engine import normalize_settings

    store = Store(bench.home)
    if store.exists("t"):  # made by an earlier measurement of this run
        return "t"
    settings = normalize_settings({**load_deck(), "players": ["ann", "bob"]})
    record = GameRecord(kind="tricky", name="t", settings=settings,
                        actions=list(TRICKY_ACTIONS))
    with store.lock("t"):
        store.write(record, new=True)
    store.open("t")
    return "t"


def example_game(bench: Bench, example: str) -> str:
    """One of the examples as a saved game (played to its end), named after it."""
    import tomllib

    from companion.resources import example_paths
    from companion.store import GameRecord, Store

    store = Store(bench.home)
    if store.exists(example):  # made by an earlier measurement of this run
        return example
    path = next(p for p in example_paths() if p.stem == example)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    record = GameRecord(kind=data["kind"], name=example, settings=data["settings"],
                        actions=list(data["actions"]), notes=list(data.get("notes", [])))
    with store.lock(example):
        store.write(record, new=True)
    store.open(example)
    return example


def put_back(bench: Bench, name: str, actions: list[str]) -> None:
    """The saved game as it was before a timed command changed it."""
    from companion.store import Store

    store = Store(bench.home)
    with store.lock(name):
        record = store.read(name)
        record.actions = list(actions)
        record.redo = []
        store.write(record)


@measurement("commands")
def one_shot_commands(bench: Bench) -> list[Figure]:
    """Each listed one-shot command against a Typer hello-world, pair by pair: one of each
    per round, the ratio taken within the pair, the median of the ratios reported."""
    from companion.store import Store

    hello = bench.work / "hello.py"
    hello.write_text(HELLO)
    names = command_names(bench)
    fill = command_words(bench, names)
    before = {name: list(Store(bench.home).read(name).actions) for name in names.values()}
    figures = []
    for label, words, changes in COMMANDS:
        if bench.labels and not label.startswith(bench.labels):
            continue
        argv = bench.companion(*(w.format(**fill) for w in words))
        game = next((names[k] for k in names if "{" + k + "}" in words), None)
        bench.process_ms([bench.python, str(hello)])
        bench.process_ms(argv)
        if changes and game:
            put_back(bench, game, before[game])
        ratios, times = [], []
        for _ in range(bench.runs):
            hello_ms = bench.process_ms([bench.python, str(hello)])
            took = bench.process_ms(argv)
            if changes and game:
                put_back(bench, game, before[game])
            ratios.append(took / hello_ms)
            times.append(took)
        figures.append(Figure(f"{label}, one-shot", statistics.median(times),
                              f"{statistics.median(ratios):.2f} x hello-world"))
    return figures


def command_names(bench: Bench) -> dict[str, str]:
    """The games COMMANDS name: ``{h}`` the 500-action Hebrac game, and so on."""
    return {"h": bench.games[500], "t": tricky_game(bench),
            "e": example_game(bench, "elbereth-win"), "hh": example_game(bench, "halfdeck-win")}


def command_words(bench: Bench, names: dict[str, str]) -> dict[str, str]:
    """What COMMANDS' braces stand for: the games, and ``{code}`` the share code of the
    500-action game (what 'import' is given)."""
    done = subprocess.run(bench.companion("share", "--text", "-g", names["h"]),
                          env=bench.env(), capture_output=True, text=True, check=True)
    return {**names, "code": done.stdout.strip()}


@measurement("instructions")
def instructions(bench: Bench) -> list[Figure]:
    """Each listed one-shot command's instructions, counted by valgrind (callgrind), in
    millions: the same count run after run, where wall time moves by 10% here, so a
    change of a few per cent shows. With ``--against DIR`` (another checkout: a git
    worktree of an older commit), each command also runs on that tree's code, in a copy
    of the same saved games whose caches that code made itself."""
    import shutil

    if shutil.which("valgrind") is None:
        return [Figure("instructions", 0.0, "valgrind is not installed here: skipped")]
    names = command_words(bench, command_names(bench))
    trees = {"this": ROOT, **({"against": bench.against} if bench.against else {})}
    homes = {label: _warm_home(bench, label, tree, names) for label, tree in trees.items()}
    figures = []
    for label, words, _changes in COMMANDS:
        if bench.labels and not label.startswith(bench.labels):
            continue
        args = [w.format(**names) for w in words]
        counts = {tree: _instructions(bench, tree, trees[tree], homes[tree], args)
                  for tree in trees}
        note = "M instructions, not ms"
        if "against" in counts:
            change = counts["this"] - counts["against"]
            note += (f"; against: {counts['against']:.1f}, {change:+.1f} "
                     f"({change / counts['against']:+.1%})")
        figures.append(Figure(f"{label}, instructions", counts["this"], note))
    return figures


def _tree_env(bench: Bench, label: str, tree: Path, home: Path) -> dict[str, str]:
    return bench.env(COMPANION_HOME=str(home), PYTHONPATH=str(tree), PYTHONHASHSEED="0",
                     PYTHONPYCACHEPREFIX=str(bench.work / f"pycache-{label}"))


def _warm_home(bench: Bench, label: str, tree: Path, names: dict[str, str]) -> Path:
    """The saved games with no cache, then each read-only command run twice on ``tree``'s
    code: its caches and byte-code as a player's are after a first use."""
    import shutil

    home = bench.work / f"instructions-{label}"
    shutil.copytree(bench.home, home, ignore=shutil.ignore_patterns("cache", "cache.key"))
    for _label, words, changes in COMMANDS:
        if not changes:
            argv = bench.companion(*(w.format(**names) for w in words))
            for _ in range(2):
                subprocess.run(argv, env=_tree_env(bench, label, tree, home), cwd=tree,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return home


def _instructions(bench: Bench, label: str, tree: Path, home: Path, args: list[str]) -> float:
    """Millions of instructions of one run, in a copy of ``home`` (an action changes it)."""
    import shutil

    copy = bench.work / f"instructions-{label}-run"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(home, copy)
    return _callgrind(bench.companion(*args), _tree_env(bench, label, tree, copy), tree,
                      f"{' '.join(args)} ({label})")


def _callgrind(argv: list[str], env: dict[str, str], cwd: Path, what: str) -> float:
    """Millions of instructions of one run of ``argv``, counted by valgrind."""
    import re

    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           *argv], env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or found is None:
        raise SystemExit(f"{what} failed under valgrind: {done.stderr[-500:]}")
    return int(found.group(1)) / 1e6


@measurement("replay-instructions")
def replay_instructions(bench: Bench) -> list[Figure]:
    """The replay of 2,000 Hebrac actions in instructions (valgrind), the same count run
    after run: the child of 'replay' less the same child with its imports only, beside
    ``python -c pass`` whole."""
    import shutil

    if shutil.which("valgrind") is None:
        return [Figure("replay instructions", 0.0, "valgrind is not installed here: skipped")]
    child = [bench.python, "-c", REPLAY_CHILD]
    bench.process_ms(child)  # byte-code cached first
    env = bench.env(PYTHONHASHSEED="0")
    bare = _callgrind([bench.python, "-c", "pass"], env, ROOT, "python -c pass")
    replayed = _callgrind(child, env, ROOT, "replay") - _callgrind(
        [*child, "imports only"], env, ROOT, "replay's imports")
    return [Figure("python -c pass, instructions", bare, "M instructions, not ms"),
            Figure("replay 2,000 Hebrac actions, instructions", replayed,
                   f"M instructions, not ms; {replayed / bare:.2f} x python -c pass")]


@measurement("shell-rules")
def shell_rules(bench: Bench) -> list[Figure]:
    """'rules QUERY' typed in the shell: the first time (its command built), then again."""
    from companion import session
    from companion.cli.shell import Shell

    os.environ.update(bench.env())
    shell = Shell(bench.games[500], interactive=False)

    def line(text: str) -> float:
        start = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()):
            shell.run_line(text)
        took = (time.perf_counter() - start) * 1000
        if shell.last_code:
            raise SystemExit(f"shell line {text!r} failed")
        return took

    first = line("rules paralysis")
    queries = itertools.cycle(["paralysis", "escape", "merchant", "queen of spades", "QS"])
    again = statistics.median(line(f"rules {next(queries)}") for _ in range(max(bench.runs, 30)))
    session.keep_open(False)
    return [Figure("shell: rules QUERY, first in a session", first, "the rulebook index read"),
            Figure("shell: rules QUERY", again, "target: under 10 ms")]


@measurement("oneshot-action")
def oneshot_action(bench: Bench) -> list[Figure]:
    """A one-shot action on the 500-action game, each a new one (the save included)."""
    from companion.store import Store

    store = Store(bench.home)
    name = bench.games[500]
    upcoming = itertools.islice(hebrac_actions(), 500, None)
    times = []
    for _ in range(max(5, bench.runs // 2)):
        words = next(upcoming).split()
        times.append(bench.process_ms(bench.companion("hebrac", *words, "-g", name)))
    with store.lock(name):  # back to 500 actions for the next figures
        record = store.read(name)
        del record.actions[500:]
        store.write(record)
    return [Figure("hebrac attack, 500 actions, one-shot", statistics.median(times),
                   "save included")]


@measurement("shell")
def shell_actions(bench: Bench) -> list[Figure]:
    """Shell lines on the 500-action game, in-process; output to memory (no terminal)."""
    from companion import session
    from companion.cli.shell import Shell
    from companion.store import GameRecord, Store

    os.environ.update(bench.env())
    name = bench.games[500]
    store = Store(bench.home)
    upcoming = itertools.islice(hebrac_actions(), 500, None)
    shell = Shell(name, interactive=False)

    def line(text: str) -> None:
        with contextlib.redirect_stdout(io.StringIO()) as out:
            shell.run_line(text)
        if shell.last_code:
            raise SystemExit(f"shell line {text!r} failed: {out.getvalue()}")

    def timed(lines: Iterator[str]) -> float:
        return bench.median_ms(lambda: line(next(lines)), max(bench.runs, 30))

    status = timed(itertools.repeat("status"))
    session.keep_open(False)  # what keeping the game open saves: each line replays it
    replayed = timed(itertools.repeat("status"))
    session.keep_open(True)
    action = timed(upcoming)
    # The save alone, at the same size, as the shell makes it: the record just replayed,
    # the file on disk known to this process (it replayed those bytes).
    from companion.store import dumps_record, parse_record

    record = store.read(name)

    def save(into: Store) -> None:
        with into.lock(name):
            into.write(record, replayed=True)

    save(store)
    save_ms = bench.median_ms(lambda: save(store), max(bench.runs, 30))
    session.keep_open(False)  # a store that has not replayed the file: as a one-shot's
    unknown_ms = bench.median_ms(lambda: save(Store(bench.home)), max(bench.runs, 30))
    session.keep_open(True)
    dump_ms = bench.median_ms(lambda: dumps_record(record), max(bench.runs, 30))
    text = dumps_record(record).encode()
    parse_ms = bench.median_ms(lambda: parse_record(text), max(bench.runs, 30))
    # The same lines with the disk write left out: what the shell itself costs.
    real_write = Store.write
    on_disk = store.read_raw(name)

    def no_disk(self: Store, record: GameRecord, *, new: bool = False,
                replayed: bool = False) -> bytes:
        # The bytes on disk, taken for the game just played: the next line replays nothing.
        return on_disk

    try:
        Store.write = no_disk  # type: ignore[method-assign]
        no_write = timed(upcoming)
    finally:
        Store.write = real_write  # type: ignore[method-assign]
        session.keep_open(False)
    return [
        Figure("shell: status, 500 actions", status, "the game kept open"),
        Figure("  same, the game not kept", replayed,
               f"replayed each line: keeping it is {replayed / status:.0f} x faster"),
        Figure("shell: attack, 500 actions, saved", action, "atomic save + fsync"),
        Figure("  of which the save", save_ms,
               f"serialise {dump_ms:.1f}, parse back {parse_ms:.1f}, rest disk"),
        Figure("  same, the file on disk not known", unknown_ms,
               f"replayed before it is replaced: {unknown_ms / save_ms:.1f} x"),
        Figure("shell: attack, disk write left out", no_write, "not a real use: a figure"),
    ]


@measurement("load")
def load_games(bench: Bench) -> list[Figure]:
    """Opening a saved game (read, parse, check, rebuild the state), in-process, as a
    one-shot command does: a store that has not replayed the file yet."""
    from companion.game import replay
    from companion.store import Store

    def fresh_open(name: str) -> object:
        return Store(bench.home).open(name)

    figures = [Figure(f"load {size} actions", bench.median_ms(
        functools.partial(fresh_open, bench.games[size])), "read, check, replay")
        for size in SIZES]
    record = Store(bench.home).read(bench.games[2000])
    figures.append(Figure("engine replay alone, 2000 actions", bench.median_ms(
        lambda: replay("hebrac", record.settings, record.actions)), "no file, no checks"))
    return figures


REPLAY_CHILD = """\
import itertools, os, sys, time
from scripts.benchmark import hebrac_actions
from companion.game import replay
from companion.hebrac.engine import normalize_settings
actions = list(itertools.islice(hebrac_actions(), 2000))
settings = normalize_settings({"life": 99})
start = time.process_time()
if sys.argv[1:] != ["imports only"]:
    replay("hebrac", settings, actions)
print((time.process_time() - start) * 1000, flush=True)
# No interpreter shutdown: its collection of cycles skips what the first replay froze,
# which 'replay instructions' would count as the replay's own saving (a fifth of it).
os._exit(0)
"""


@measurement("replay")
def replay_cpu(bench: Bench) -> list[Figure]:
    """2,000 Hebrac actions replayed, parse included, as a command's first replay (a fresh
    process: nothing read before), beside ``python -c pass``, one of each per round. CPU
    time, which a busy machine disturbs less than wall time: the replay's own from inside
    the child, python's start-up from the children's rusage."""
    import resource

    child = [bench.python, "-c", REPLAY_CHILD]
    bench.process_ms(child)  # byte-code cached first
    bare, replays = [], []
    # a round is cheap (two processes) and this machine's slow moments land on single
    # rounds: enough of them for a median that one or two slow ones do not move
    for _ in range(max(bench.runs, 31)):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        bench.process_ms([bench.python, "-c", "pass"])
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        bare.append((after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
                    * 1000)
        done = subprocess.run(child, env=bench.env(), capture_output=True, text=True,
                              check=True)
        replays.append(float(done.stdout))
    startup, replayed = statistics.median(bare), statistics.median(replays)
    # this machine's slow moments land on single rounds: their spread, round by round
    rounds = sorted(r / b for b, r in zip(bare, replays, strict=True))
    return [Figure("python -c pass, CPU", startup),
            Figure("replay 2,000 Hebrac actions (parse included), CPU", replayed,
                   f"{replayed / startup:.2f} x python -c pass CPU (round by round "
                   f"{rounds[0]:.2f}-{rounds[-1]:.2f})")]


@measurement("odds")
def hebrac_odds(bench: Bench) -> list[Figure]:
    """Whole-battle chance on a full two-deck game (108 cards), exact, in-process."""

    from companion.hebrac import odds
    from companion.hebrac.engine import new_engine

    game = new_engine({})
    game.apply("enter A1 JS")  # adventurer, life 10, against life 15: the longest battle
    plan = odds.deck_model(game).plan(odds.attack_class, odds.ATTACK_VALUES)
    battle = odds._battle_setup(game, 0, 0)
    double = battle._replace(double_attack=True)
    return [
        Figure("odds: whole battle, two decks", bench.median_ms(
            lambda: odds.battle_chance(plan, battle)), "exact fraction, life 15 vs 10"),
        Figure("odds: same, Double Attack round", bench.median_ms(
            lambda: odds.battle_chance(plan, double)), "the slowest battle shape"),
        Figure("odds: full report with advice", bench.median_ms(
            lambda: odds.odds_report(game)), "deck model replay included"),
    ]


@measurement("stats")
def stats_many(bench: Bench) -> list[Figure]:
    """'companion stats' over 300 saved games (the examples, copied under new names),
    one-shot: the first run replays every game, later runs read the cache (stats.json):
    the one cache kept, for this gain."""
    import shutil
    import tomllib

    from companion.resources import resource_dir

    home = bench.work / "stats-home"
    games = home / "games"
    games.mkdir(parents=True, exist_ok=True)
    sources = [(p.read_text("utf-8"), tomllib.loads(p.read_text("utf-8"))["name"])
               for p in sorted(resource_dir("examples").glob("*.toml"))
               if "kind" in tomllib.loads(p.read_text("utf-8"))]
    for number in range(STATS_GAMES):
        text, name = sources[number % len(sources)]
        copy = f"g{number:03d}"
        (games / f"{copy}.toml").write_text(text.replace(f'name = "{name}"', f'name = "{copy}"'),
                                           "utf-8")
    env = bench.env(COMPANION_HOME=str(home))
    argv = bench.companion("stats")
    cold = []
    for _ in range(max(3, bench.runs // 4)):
        shutil.rmtree(home / "cache", ignore_errors=True)
        cold.append(bench.process_ms(argv, env))
    bench.process_ms(argv, env)
    warm = [bench.process_ms(argv, env) for _ in range(bench.runs)]
    gain = statistics.median(cold) / statistics.median(warm)
    return [Figure(f"stats, {STATS_GAMES} games, one-shot", statistics.median(warm),
                   f"figures cached: the stats.json cache's gain is {gain:.1f} x "
                   "(kept only while at least 2 x)"),
            Figure("  same, first run (no cache)", statistics.median(cold),
                   "every game replayed")]


# -- the live table (companion serve) ----------------------------------------------------
SERVE_IDLE_SECONDS = 30.0


class Served:
    """``companion serve`` on 127.0.0.1 (never another address), on a free port."""

    def __init__(self, bench: Bench, game: str, *args: str) -> None:
        self.start = time.perf_counter()
        self.process = subprocess.Popen(
            [bench.python, "-m", "companion", "serve", "--host", "127.0.0.1", "--port", "0",
             "-g", game, *args], env=bench.env(PYTHONUNBUFFERED="1"),
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        lines: list[str] = []
        assert self.process.stdout is not None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            lines.append(line.rstrip("\n"))
            if line.startswith("Listening on"):
                break
        else:
            self.stop()
            raise SystemExit("companion serve did not start")
        # The banner prints the view link whole on a line of its own (after the QR code);
        # the act links are asked for apart ('serve --act-links').
        self.links = {}
        found = [line for line in lines if line.startswith("http://")]
        if found:
            self.links["View"] = found[0]
        if "View" not in self.links:
            self.stop()
            raise SystemExit(f"companion serve printed no link: {lines}")
        if "--players-act" in args:
            port = self.links["View"].rsplit(":", 1)[1].split("/")[0]
            shown = subprocess.run(
                [bench.python, "-m", "companion", "serve", "--act-links", "--host",
                 "127.0.0.1", "--port", port, "-g", game], env=bench.env(), check=False,
                capture_output=True, text=True, stdin=subprocess.DEVNULL).stdout.splitlines()
            for at, line in enumerate(shown[:-1]):
                if line == "The host acts with:":
                    self.links["Act"] = next(x for x in shown[at + 1:] if x.startswith("http"))

    def state(self, timeout: float = 10) -> dict[str, Any]:
        import urllib.request

        with urllib.request.urlopen(self.links["View"] + "/state", timeout=timeout) as answer:
            found: dict[str, Any] = json.loads(answer.read())
            return found

    def ready_ms(self) -> float:
        """From the process's start to the first state served."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                self.state(timeout=2)
                return (time.perf_counter() - self.start) * 1000
            except OSError:
                time.sleep(0.005)
        raise SystemExit("companion serve answered nothing")

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def stop(self) -> None:
        import signal

        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            self.process.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.communicate(timeout=10)


def _browser() -> Any:
    """Playwright driving Debian's Chromium, or None where either is missing."""
    import importlib.util

    if importlib.util.find_spec("playwright") is None or not Path("/usr/bin/chromium").exists():
        return None
    from playwright.sync_api import sync_playwright

    return sync_playwright()


def _percentile(values: Sequence[float], part: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(part * (len(ordered) - 1)))]


@measurement("serve")
def serve_table(bench: Bench) -> list[Figure]:
    """The live table: the server's start, the delay from an action saved (through the
    store, as any command saves it) until every open page shows it, with 1 and 8 pages
    (Chromium, each page a context of its own, as each phone is), an action typed on a
    page, the server's memory and its CPU when idle with 8 pages open, and 'hebrac
    status' one-shot while it serves (it imports none of the server's modules)."""
    import random

    from companion.session import Games
    from companion.store import Store

    name = bench.games[500]
    store = Store(bench.home)
    before = list(store.read(name).actions)
    upcoming = itertools.islice(hebrac_actions(), 500, None)
    figures: list[Figure] = []
    starts = []
    for _ in range(max(3, bench.runs // 4)):
        served = Served(bench, name)
        starts.append(served.ready_ms())
        served.stop()
    figures.append(Figure("serve: start to the first state served", statistics.median(starts),
                          "process start, imports, bind, first state"))
    playwright = _browser()
    served = Served(bench, name, "--players-act")
    try:
        if playwright is None:
            figures.append(Figure("serve: pages", 0.0, "no Chromium or Playwright here: "
                                  "skipped the figures with pages"))
            return figures
        with playwright as driver:
            browser = driver.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--no-sandbox", "--disable-gpu",
                                                   "--disable-dev-shm-usage"])
            pages: list[Any] = []
            try:
                for count in (1, 8):
                    while len(pages) < count:
                        context = browser.new_context(viewport={"width": 390, "height": 844})
                        page = context.new_page()
                        page.goto(served.links["View"])
                        pages.append(page)
                    for page in pages:
                        _page_shows(page, len(store.read(name).actions), 10)
                    delays, each = [], []
                    for _ in range(bench.runs):
                        Games(store).act(name, next(upcoming))
                        saved = time.time() * 1000
                        actions = len(store.read(name).actions)
                        shown = [_page_shows(page, actions, 5) - saved for page in pages]
                        delays.append(max(shown))
                        each += shown
                        # Any moment of the watcher's quarter second, not always the same.
                        time.sleep(0.25 + 0.25 * random.random())
                    what = "page" if count == 1 else "pages"
                    figures.append(Figure(f"serve: saved to every page shown, {count} {what}",
                                          statistics.median(delays),
                                          f"95th percentile {_percentile(delays, 0.95):.0f} ms"
                                          f"; each page: median {statistics.median(each):.0f}"))
                figures.append(Figure("serve: server memory, 8 pages open", served.rss_mb(),
                                      "MB resident (RSS), not ms"))
                time.sleep(1)
                cpu = served.cpu_seconds()
                idle_start = time.monotonic()
                time.sleep(SERVE_IDLE_SECONDS)
                share = (served.cpu_seconds() - cpu) / (time.monotonic() - idle_start)
                figures.append(Figure("serve: CPU when idle, 8 pages open", share * 1000,
                                      f"ms of CPU per second ({share:.2%}) over "
                                      f"{SERVE_IDLE_SECONDS:.0f} s"))
                acting = browser.new_context().new_page()
                acting.goto(served.links["Act"])
                _page_shows(acting, len(store.read(name).actions), 10)
                typed, across = [], []
                for _ in range(max(5, bench.runs // 2)):
                    words = next(upcoming)
                    acting.fill("#line", words)
                    sent = time.time() * 1000
                    start = time.perf_counter()
                    acting.press("#line", "Enter")
                    _page_answered(acting, 30)
                    typed.append((time.perf_counter() - start) * 1000)
                    across.append(_page_shows(pages[0], len(store.read(name).actions), 10)
                                  - sent)
                figures.append(Figure("serve: an action typed on a page, answered",
                                      statistics.median(typed),
                                      "the command run in the server's process"))
                figures.append(Figure("serve: an action sent from one page, shown on another",
                                      statistics.median(across),
                                      f"95th percentile {_percentile(across, 0.95):.0f} ms"))
            finally:
                browser.close()
        hello = bench.work / "hello.py"
        hello.write_text(HELLO)
        status, hellos = [], []
        for _ in range(bench.runs):
            hellos.append(bench.process_ms([bench.python, str(hello)]))
            status.append(bench.process_ms(bench.companion("hebrac", "status", "-g", name)))
        probe = ("import sys; from companion.cli.main import run\ntry: run(['hebrac', "
                 f"'status', '-g', {name!r}])\nexcept SystemExit: pass\nprint(sorted(m for m in "
                 "sys.modules if m.split('.')[0] in ('starlette', 'uvicorn', 'anyio', 'h11')"
                 " or m.startswith('companion.serve')), file=sys.stderr)")
        done = subprocess.run([bench.python, "-c", probe], env=bench.env(), check=False,
                              capture_output=True, text=True)
        imported = done.stderr.strip().splitlines()[-1]
        figures.append(Figure("hebrac status, one-shot, while serving 8 pages",
                              statistics.median(status),
                              f"{statistics.median(status) / statistics.median(hellos):.2f} x "
                              f"hello-world; server modules imported: {imported}"))
    finally:
        served.stop()
        put_back(bench, name, before)
    return figures


def _page_shows(page: Any, actions: int, timeout: float) -> float:
    """When (ms since the epoch, the page's clock) the page showed ``actions`` actions."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = page.evaluate("[document.body.dataset.actions, document.body.dataset.shown]")
        if found[0] == str(actions):
            return float(found[1])
        time.sleep(0.005)
    raise SystemExit(f"a page did not show {actions} actions within {timeout} s")


def _page_answered(page: Any, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.evaluate("document.querySelector('#answer').textContent.split('\\n').length > 1"
                         " && !document.querySelector('#act button').disabled"):
            return
        time.sleep(0.005)
    raise SystemExit("no answer on the page")


# -- running ---------------------------------------------------------------------------
def machine() -> str:
    return (f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, "
            f"{os.cpu_count()} CPUs")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="runs per figure (median)")
    parser.add_argument("--only", nargs="*", help="measurement names: "
                        + ", ".join(name for name, _ in MEASUREMENTS))
    parser.add_argument("--command", nargs="*", metavar="LABEL",
                        help="'commands' measures only the commands whose label starts so "
                        "(e.g. --command rules 'hebrac undo')")
    parser.add_argument("--against", type=Path, metavar="DIR",
                        help="'instructions' also counts the commands on the checkout in DIR")
    parser.add_argument("--json", action="store_true", help="print JSON")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        work = Path(folder)
        bench = Bench(runs=options.runs, home=work / "home", work=work,
                      labels=tuple(options.command or ()),
                      against=options.against.resolve() if options.against else None)
        build_games(bench)
        chosen = [(n, f) for n, f in MEASUREMENTS if not options.only or n in options.only]
        if not any(n == "startup" for n, _ in chosen):  # every table shows python -c pass
            chosen.insert(0, next(m for m in MEASUREMENTS if m[0] == "startup"))
        figures: list[Figure] = []
        for _, function in chosen:
            figures += function(bench)
    if options.json:
        print(json.dumps({"machine": machine(), "runs": options.runs,
                          "python_startup_ms": bench.startup_ms,
                          "figures": [vars(f) for f in figures]}, indent=2))
        return 0
    print(f"companion benchmark: {machine()}")
    print(f"median of {options.runs} runs; python -c pass = {bench.startup_ms:.1f} ms here")
    width = max(len(f.name) for f in figures)
    for figure in figures:
        startups = figure.ms / bench.startup_ms if bench.startup_ms else 0
        note = f"  {figure.note}" if figure.note else ""
        print(f"{figure.name:<{width}}  {figure.ms:8.2f} ms  {startups:5.2f} x start{note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
