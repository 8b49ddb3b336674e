"""Shared fixtures: an isolated data home and an in-process CLI runner."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.cli.main import run


@dataclass
class Result:
    code: int
    out: str
    err: str


CLI = Callable[..., Result]


@pytest.fixture(autouse=True)
def own_user_home(tmp_path_factory: pytest.TempPathFactory,
                  monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test runs with a home folder of its own: nothing it does (a data folder
    found without COMPANION_HOME, a cache key, a shell history) reaches the real one."""
    from companion import cachefile

    monkeypatch.setenv("HOME", str(tmp_path_factory.mktemp("user")))
    for name in ("XDG_DATA_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    cachefile.forget_keys()
    yield
    cachefile.forget_keys()


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
