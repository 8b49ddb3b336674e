"""The live table's libraries are for ``serve`` alone: no other command imports Starlette,
uvicorn or what they bring (anyio, h11, click), so none of them starts slower."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.serve_helpers import env, example, save_game

SERVER = ("starlette", "uvicorn", "anyio", "h11", "click", "companion.serve.app")

PROBE = """
import sys
from companion.cli.main import run
try:
    run({words!r})
except SystemExit as stop:
    code = stop.code
print(code, sorted(m for m in sys.modules if m.split('.')[0] in {roots!r}
                   or m in {modules!r}), file=sys.stderr)
"""


@pytest.mark.parametrize("words", [
    ("hebrac", "status"), ("hebrac", "status", "--json"), ("hebrac", "attack", "4H"),
    ("hebrac", "undo"), ("tricky", "status", "-g", "t"), ("games",), ("rules", "paralysis"),
    ("sheet", "--format", "text"), ("share", "--text"), ("serve", "--help"), ("--help",),
])
def test_no_other_command_imports_the_server(tmp_path: Path, words: tuple[str, ...]) -> None:
    home = tmp_path / "home"
    save_game(home, example("tricky-4p"), "t", 10)
    save_game(home, example("hebrac-win"), "g", 3)
    roots = {name.split(".")[0] for name in SERVER if not name.startswith("companion")}
    modules = {name for name in SERVER if name.startswith("companion")}
    probe = PROBE.format(words=list(words), roots=roots, modules=modules)
    done = subprocess.run([sys.executable, "-c", probe], env=env(home), capture_output=True,
                          text=True, check=False, timeout=60)
    last = done.stderr.splitlines()[-1]
    assert last in ("0 []", "1 []"), done.stderr


def test_serve_itself_imports_them_only_when_it_runs(tmp_path: Path) -> None:
    """``companion serve`` refused at its door (no terminal, no --host) has imported none."""
    home = tmp_path / "home"
    save_game(home, example("tricky-4p"), "t", 10)
    probe = PROBE.format(words=["serve"], roots={"starlette", "uvicorn", "anyio"},
                         modules=set())
    done = subprocess.run([sys.executable, "-c", probe], env=env(home), capture_output=True,
                          text=True, check=False, timeout=60, stdin=subprocess.DEVNULL)
    assert done.stderr.splitlines()[-1] == "2 []", done.stderr


def test_the_modules_warmed_for_a_first_tap_exist() -> None:
    """``warm`` stops quietly at a missing module, so a renamed one would only cost speed:
    each name it imports, and each game's commands, is checked here."""
    import importlib.util

    from companion.kinds import KINDS
    from companion.serve.app import WARMED

    for name in (*WARMED, *(f"companion.cli.{kind}" for kind in KINDS)):
        assert importlib.util.find_spec(name) is not None, name
