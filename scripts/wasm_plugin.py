"""pytest plugin for scripts/wasm_tests.sh: the tests under CPython built for WebAssembly.

WebAssembly has one process and no TLS, FIFOs, 64-bit file sizes or file locks. A test
that needs one of those is reported as skipped, naming what is missing; any other
failure stays a failure.
"""

from __future__ import annotations

import errno
import os
import re
import sys
import types
from collections.abc import Generator
from typing import Any

import pytest

# One process: a lock that always succeeds is the truth there.
fcntl = types.ModuleType("fcntl")
fcntl.LOCK_EX, fcntl.LOCK_NB, fcntl.LOCK_UN = 2, 4, 8  # type: ignore[attr-defined]
fcntl.flock = lambda fd, operation: None  # type: ignore[attr-defined]
sys.modules.setdefault("fcntl", fcntl)


def refuse_hard_link(*args: object, **kwargs: object) -> None:
    # As Android's shared storage does: saves fall back to a copy.
    raise PermissionError(errno.EPERM, "Operation not permitted")


os.link = refuse_hard_link

ABSENT_MODULES = {"ssl", "pwd", "readline", "_multiprocessing"}
NO_PROCESSES = {138, errno.ENOSYS}  # 138: "emscripten does not support processes"
# Tests that do not raise for want of a thing but see its absence (the output of a
# pager that could not start, a special file that could not be made).
# Matched in the test's id, lower-cased; the first match names the thing.
NEEDS = {
    "pager": "pager program",
    "fifo": "FIFOs",
    "sparse": "64-bit file sizes",
    # Pyodide 0.27 (CPython 3.12) resolves a mounted folder's absolute symlink on the host.
    "test_a_symlinked_games_or_backups_folder_is_refused": "absolute symlinks in mounts",
}


def missing(error: BaseException | None, where: str) -> str | None:
    """What the platform lacks, if that is why the test failed."""
    for mark, thing in NEEDS.items():
        if mark in where.lower():
            return thing
    if isinstance(error, ModuleNotFoundError) and error.name in ABSENT_MODULES:
        return f"module {error.name}"
    if isinstance(error, OSError) and error.errno in NO_PROCESSES:
        return "processes"
    if isinstance(error, AttributeError) and getattr(error, "obj", None) is os:
        return f"os.{error.name}"
    if isinstance(error, RuntimeError) and "new thread" in str(error):
        return "threads"
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # capfd's files end the runtime in Pyodide's CPython 3.12: such a test is not run.
    for item in items:
        if "capfd" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.skip(reason="WebAssembly: no file-descriptor capture"))


def skipped(report: Any, thing: str) -> None:
    report.outcome = "skipped"
    report.longrepr = (str(report.fspath), 0, f"WebAssembly has no {thing}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[
        None, Any, None]:
    report = (yield).get_result()
    error = call.excinfo.value if call.excinfo else None
    if report.failed and (thing := missing(error, item.nodeid)):
        skipped(report, thing)


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, Any, None]:
    report = (yield).get_result()
    module = re.search(r"No module named '(\w+)'", str(report.longrepr)) if report.failed else None
    if module and module[1] in ABSENT_MODULES:
        skipped(report, f"module {module[1]}")
