"""Shared fixtures: an isolated data home and an in-process CLI runner."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from companion.cli.main import run
from companion.cli.output import set_plain
from companion.values import Value

# No test is timed (speed is scripts/benchmark.py's): hypothesis's per-example deadline
# only made tests fail on a busy machine.
settings.register_profile("companion", deadline=None)
settings.load_profile("companion")

# Every save fsyncs its file and folder: 10-15 ms each on a disk, nothing in memory, and
# the tests save thousands of times. Their temporary folders (and the processes') are
# in memory where the system has it (tmpfs); the calls are made all the same.
MEMORY = "/dev/shm"
if "TMPDIR" not in os.environ and os.path.isdir(MEMORY) and os.access(MEMORY, os.W_OK):
    os.environ["TMPDIR"] = MEMORY
    tempfile.tempdir = None  # read TMPDIR again

# The processes the tests start (xdist's workers, servers, shells on a terminal, one-shot
# commands) read their bytecode compiled once, from a folder outside the tree: with
# PYTHONDONTWRITEBYTECODE each would compile every module it imports afresh (half a
# command's start; pytest's plugins, rewritten for their asserts, in every worker). Set
# before xdist starts its workers, so that they all share the one folder.
if "PYTHONPYCACHEPREFIX" not in os.environ:
    os.environ["PYTHONPYCACHEPREFIX"] = os.path.join(
        tempfile.gettempdir(), f"companion-tests-bytecode-{os.getuid()}")
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"]  # and this process from now on
    sys.dont_write_bytecode = False


class Result(Value):
    code: int
    out: str
    err: str


CLI = Callable[..., Result]

# In CI (CI=true, .ci/run) every test tool is installed: a test skipped for want of one
# (``pytest.importorskip``) fails instead, so no check vanishes in silence.
MISSING_IN_CI = "could not import"


def _fail_in_ci(report: pytest.CollectReport | pytest.TestReport) -> None:
    if os.environ.get("CI") == "true" and report.skipped and isinstance(report.longrepr, tuple):
        reason = str(report.longrepr[2])
        if MISSING_IN_CI in reason:
            report.outcome = "failed"
            report.longrepr = f"{reason} (missing in CI: .ci/run installs the test extras)"


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, Any, None]:
    outcome = yield
    _fail_in_ci(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item,
                              call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    outcome = yield
    _fail_in_ci(outcome.get_result())


@pytest.fixture(autouse=True)
def own_user_home(tmp_path_factory: pytest.TempPathFactory,
                  monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test runs with a home folder of its own: nothing it does (a data folder
    found without COMPANION_HOME, a cache key, a shell history) reaches the real one."""
    monkeypatch.setenv("HOME", str(tmp_path_factory.mktemp("user")))
    for name in ("XDG_DATA_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    yield


@pytest.fixture(autouse=True)
def not_plain_after() -> Iterator[None]:
    """'--plain' sets NO_COLOR for the rest of the process (a shell's later commands
    keep it); after a test it is given back, so no later test gets its colour from it."""
    before = os.environ.get("NO_COLOR")
    yield
    set_plain(False)
    if before is None:
        os.environ.pop("NO_COLOR", None)
    else:
        os.environ["NO_COLOR"] = before


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("COMPANION_HOME", str(folder))
    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.delenv("NO_COLOR", raising=False)
    return folder


@pytest.fixture
def cli(home: Path, capsys: pytest.CaptureFixture[str]) -> CLI:
    """Run ``companion ARGS`` in this process; return exit code, stdout, stderr."""

    def invoke(*args: str) -> Result:
        capsys.readouterr()
        try:
            run(list(args))
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 0
        else:  # pragma: no cover - run always exits
            code = 0
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return invoke
