"""The pager: long output on a terminal goes through it, as git does; nothing else does.

The pager is a script that records what it was given (and the LESS it saw).
In process, a fake terminal (stdout and stdin answering ``isatty``) with
LINES set; then a real pseudo-terminal, and a pipe, for the whole program.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.cli import output
from tests.conftest import CLI

RECORDER = """\
import os, sys
out = sys.argv[1]
data = sys.stdin.buffer.read()
with open(out, "ab") as f:
    f.write(data)
with open(out + ".less", "w") as f:
    f.write(os.environ.get("LESS", "<unset>"))
"""


class Pager:
    """A pager command that records what it got; ``got`` is '' until it runs."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        script = folder / "recorder.py"
        script.write_text(RECORDER, "utf-8")
        self.out = folder / "paged.txt"
        self.command = shlex.join([sys.executable, str(script), str(self.out)])

    @property
    def got(self) -> str:
        return self.out.read_text("utf-8") if self.out.exists() else ""

    @property
    def less(self) -> str:
        return Path(str(self.out) + ".less").read_text("utf-8")


@pytest.fixture
def pager(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Pager:
    made = Pager(tmp_path / "pager")
    monkeypatch.setenv("PAGER", made.command)
    for name in ("COMPANION_PAGER", "LESS"):
        monkeypatch.delenv(name, raising=False)
    return made


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch, home: Path) -> Callable[[], None]:
    """Makes stdout and stdin answer as a terminal of 40 columns and 10 lines: called in
    the test, where stdout is the stream the commands write to (pytest changes it after
    the fixtures are set up)."""

    def on() -> None:
        monkeypatch.setattr("sys.stdout.isatty", lambda: True, raising=False)
        monkeypatch.setattr("sys.stdin.isatty", lambda: True, raising=False)
        monkeypatch.setenv("TERM", "xterm")
        monkeypatch.setenv("COLUMNS", "40")
        monkeypatch.setenv("LINES", "10")
        monkeypatch.setenv("NO_COLOR", "1")

    return on


Terminal = Callable[[], None]


def straight(cli: CLI, *args: str) -> str:
    """What ``companion ARGS`` prints with the pager off."""
    result = cli("--no-pager", *args)
    assert result.code == 0, result.err
    return result.out


# -- in process, a fake terminal ------------------------------------------------------
def test_long_help_goes_through_the_pager(
        terminal: Terminal, cli: CLI, pager: Pager) -> None:
    terminal()
    expected = straight(cli, "hebrac", "--help")
    assert pager.got == ""
    result = cli("hebrac", "--help")
    assert (result.code, result.out, result.err) == (0, "", "")
    assert pager.got == expected
    assert pager.less == "FRX"  # git's default when LESS is unset


def test_less_settings_of_ones_own_are_kept(
        terminal: Terminal, cli: CLI, pager: Pager, monkeypatch: pytest.MonkeyPatch) -> None:
    terminal()
    monkeypatch.setenv("LESS", "-R")
    assert cli("rules", "hebrac", "--toc").code == 0
    assert pager.less == "-R" and pager.got.startswith("Hebrac's Dungeon: contents")


def test_what_fits_the_screen_is_printed(
        terminal: Terminal, cli: CLI, pager: Pager, monkeypatch: pytest.MonkeyPatch) -> None:
    terminal()
    monkeypatch.setenv("LINES", "200")
    result = cli("hebrac", "--help")
    assert result.code == 0 and result.out.startswith("Hebrac's Dungeon")
    assert pager.got == ""
    monkeypatch.setenv("LINES", "10")
    short = cli("hebrac", "check")  # 10 lines with a prompt under them: too tall
    assert short.out == "" and pager.got.startswith("Is this spell")


@pytest.mark.parametrize("settings", [
    {"COMPANION_PAGER": "cat"}, {"PAGER": "cat"}, {"COMPANION_PAGER": ""},
    {"TERM": "dumb"}, {"PAGER": "/no/such/pager --at-all"}, {"PAGER": "'unclosed"},
])
def test_turned_off_or_missing_prints_straight(
        terminal: Terminal, cli: CLI, pager: Pager, monkeypatch: pytest.MonkeyPatch,
        settings: dict[str, str]) -> None:
    terminal()
    expected = straight(cli, "hebrac", "--help")
    for name, value in settings.items():
        monkeypatch.setenv(name, value)
    result = cli("hebrac", "--help")
    assert (result.code, result.out, result.err) == (0, expected, "")
    assert pager.got == ""


def test_companion_pager_wins_over_pager(
        terminal: Terminal, cli: CLI, pager: Pager, monkeypatch: pytest.MonkeyPatch) -> None:
    terminal()
    monkeypatch.setenv("COMPANION_PAGER", pager.command)
    monkeypatch.setenv("PAGER", "cat")
    assert cli("--help").out == ""
    assert pager.got.startswith("Scorekeeper")


def test_no_pager_option_holds_for_one_command(
        terminal: Terminal, cli: CLI, pager: Pager) -> None:
    terminal()
    assert cli("--no-pager", "hebrac", "--help").out.startswith("Hebrac's Dungeon")
    assert pager.got == ""
    assert cli("hebrac", "--help").out == ""  # the next command pages again
    assert pager.got.startswith("Hebrac's Dungeon")


@pytest.mark.usefixtures("home")
def test_never_off_a_terminal(cli: CLI, pager: Pager, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LINES", "5")
    assert cli("hebrac", "--help").out.startswith("Hebrac's Dungeon")  # stdout captured
    monkeypatch.setattr("sys.stdout.isatty", lambda: True, raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert cli("hebrac", "--help").out.startswith("Hebrac's Dungeon")  # stdin is not one
    assert pager.got == ""


def test_an_error_is_never_held_nor_its_exit_code_changed(
        terminal: Terminal, cli: CLI, pager: Pager, monkeypatch: pytest.MonkeyPatch) -> None:
    terminal()
    result = cli("rules", "hebrac.nope")
    assert (result.code, result.out) == (2, "")
    assert result.err.startswith("Error: no section hebrac.nope")
    monkeypatch.setattr("companion.rulebook.build.check", lambda *a, **k: [f"problem {n}"
                                                                      for n in range(20)])
    failing = cli("rules", "--check")  # prints 21 lines, then exits 1
    assert failing.code == 1 and failing.out.startswith("Rulebook: 20 problems\n- problem 0")
    assert pager.got == ""


def test_a_pager_that_quits_at_once_is_no_error(
        terminal: Terminal, cli: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    terminal()
    monkeypatch.setenv("PAGER", shlex.join([sys.executable, "-c", "pass"]))
    result = cli("rules", "hebrac", "--toc")
    assert (result.code, result.out, result.err) == (0, "", "")


def test_paged_commands_of_ours(
        terminal: Terminal, cli: CLI, pager: Pager, monkeypatch: pytest.MonkeyPatch) -> None:
    terminal()
    monkeypatch.setenv("LINES", "5")  # the stats of one game are short
    cli("hebrac", "new", "--name", "g")
    for args in (["sheet", "hebrac", "--format", "text"], ["stats", "--all"],
                 ["rules", "hebrac", "--toc"], ["hebrac", "new", "--help"]):
        expected = straight(cli, *args)
        pager.out.unlink(missing_ok=True)
        result = cli(*args)
        assert (result.code, result.out) == (0, ""), args
        assert pager.got == expected, args


def test_page_and_paged_without_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    output.page("a\nb\n")
    with output.paged():
        print("c")
    assert capsys.readouterr().out == "a\nb\nc\n"
    assert output.paged()(lambda: 7)() == 7


# -- the whole program: a pseudo-terminal and a pipe -----------------------------------
def test_a_real_terminal_pages_and_a_pipe_does_not(tmp_path: Path, pager: Pager) -> None:
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items()
           if k not in ("COLUMNS", "LINES", "NO_COLOR", "COMPANION_PAGER", "LESS")}
    env.update(COMPANION_HOME=str(tmp_path / "home"), TERM="xterm", PAGER=pager.command,
               NO_COLOR="1")

    def on_terminal(*args: str) -> tuple[int, str]:
        child = pexpect.spawn(sys.executable, ["-m", "companion", *args], env=env,
                              encoding="utf-8", dimensions=(20, 40), timeout=60)
        child.expect(pexpect.EOF)
        child.close()
        return child.exitstatus, str(child.before).replace("\r\n", "\n")

    piped = subprocess.run([sys.executable, "-m", "companion", "hebrac", "--help"],
                           env={**env, "COLUMNS": "40"}, capture_output=True, text=True,
                           check=False)
    assert piped.returncode == 0 and piped.stdout.startswith("Hebrac's Dungeon")
    assert pager.got == ""
    code, shown = on_terminal("hebrac", "--help")
    assert (code, shown) == (0, "")
    assert pager.got == piped.stdout
    pager.out.unlink()
    code, shown = on_terminal("--no-pager", "hebrac", "--help")
    assert (code, shown) == (0, piped.stdout)
    assert pager.got == ""
    code, shown = on_terminal("hebrac", "status")  # an error: straight, exit 2
    assert code == 2 and shown.startswith("Error: no current game")
    assert pager.got == ""
