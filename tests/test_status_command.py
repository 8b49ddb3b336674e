"""``KIND status``, the command typed most: the quick path (no typer) byte for byte what
typer prints, and light to load."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cli import main
from companion.cli.main import run_words
from companion.cli.output import set_plain
from companion.game import KINDS
from tests.conftest import CLI, Result


@pytest.fixture(autouse=True)
def not_plain_after() -> Iterator[None]:
    yield
    set_plain(False)  # --plain sets NO_COLOR for the process; give it back


def typer_path(capsys: pytest.CaptureFixture[str], *args: str) -> Result:
    """The command run by typer, the quick path turned off."""
    from companion.cli import dispatch

    capsys.readouterr()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dispatch, "run_quick", lambda found: (False, None))
        code = run_words(list(args))
    captured = capsys.readouterr()
    return Result(code, captured.out, captured.err)


@pytest.mark.parametrize("args", [
    ("hebrac", "status"),
    ("hebrac", "status", "--json"),
    ("hebrac", "status", "-g", "one"),
    ("hebrac", "status", "--game=one", "--json"),
    ("hebrac", "status", "-gone"),
    ("hebrac", "status", "-g", "nope"),
    ("hebrac", "status", "-g", "bad name!"),
    ("hebrac", "status", "--game="),
    ("tricky", "status", "-g", "one"),
    ("--plain", "hebrac", "status"),
])
def test_both_paths_print_the_same_bytes(
    cli: CLI, capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    cli("hebrac", "new", "--name", "one")
    cli("hebrac", "enter", "A1", "5S")
    cli("hebrac", "attack", "4H")
    fast = cli(*args)
    slow = typer_path(capsys, *args)
    assert (fast.code, fast.out, fast.err) == (slow.code, slow.out, slow.err)


def test_both_paths_agree_without_a_game(cli: CLI, capsys: pytest.CaptureFixture[str]) -> None:
    for kind in KINDS:
        fast = cli(kind, "status")
        slow = typer_path(capsys, kind, "status")
        assert (fast.code, fast.out, fast.err) == (slow.code, slow.out, slow.err)
        assert fast.code == 2 and fast.err.startswith("Error: no current game")


def test_every_kind_is_registered_with_the_shared_status() -> None:
    import typer.main

    from companion.cli.main import app

    tree = typer.main.get_command(app)
    for kind in KINDS:
        status = tree.commands[kind].commands["status"]  # type: ignore[attr-defined]
        assert status.callback.__qualname__ == "add_common_commands.<locals>.status", kind


def test_main_still_gives_the_app() -> None:
    from companion.cli.main import app

    assert main.app is app
    with pytest.raises(AttributeError):
        _ = main.no_such_thing


def test_status_imports_neither_typer_nor_rich_nor_other_engines(cli: CLI, home: Path) -> None:
    cli("hebrac", "new", "--name", "g")
    probe = (
        "import sys\n"
        "from companion.cli.main import run\n"
        "try:\n"
        "    run(['hebrac', 'status'])\n"
        "except SystemExit as stop:\n"
        "    assert stop.code == 0, stop.code\n"
        "heavy = ('typer', 'click', 'rich', 'qrcode', 'companion.tricky', 'companion.halfdeck',\n"
        "         'companion.elbereth')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy or\n"
        "             any(m.startswith(h) for h in heavy)), file=sys.stderr)\n"
    )
    env = {**os.environ, "COMPANION_HOME": str(home)}
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("g (hebrac)\n")
    assert done.stderr == "[]\n"
