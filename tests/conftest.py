"""Shared fixtures: an isolated data home and an in-process CLI runner."""

from __future__ import annotations

from collections.abc import Callable
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
