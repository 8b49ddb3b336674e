"""The shell in a real pseudo-terminal, 40 columns wide: whole example games, kills, history.

Each example game is played line by line through ``python -m companion shell``;
after every line the prompt must show the vital numbers a replay gives, and at
the end the saved game and its status must equal the example's own replay.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.cli.colour import visible
from companion.cli.shell import prompt_text
from companion.game import load_kind
from companion.resources import resource_dir
from companion.session import Games
from companion.store import GameRecord, Store
from tests.replays import replayed

pexpect = pytest.importorskip("pexpect")
if sys.platform == "win32":  # pragma: no cover
    pytest.skip("pseudo-terminals are POSIX", allow_module_level=True)

WIDTH = 40
TIMEOUT = 30


# One whole game per kind; COMPANION_ALL_EXAMPLES=1 plays every example.
PLAYED = ("hebrac-every-enemy", "tricky-3p", "halfdeck-win", "elbereth-bosses")


def examples() -> list[Path]:
    every = [p for p in sorted(resource_dir("examples").glob("*.toml"))
             if tomllib.loads(p.read_text("utf-8")).get("actions")]
    if os.environ.get("COMPANION_ALL_EXAMPLES"):
        return every
    return [p for p in every if p.stem in PLAYED]


def shell_line(kind: str, action: str) -> str:
    """The line a player types for a saved action: the same words, with one exception.

    Half Deck's ``team-attack`` command takes ``HERO ROLL HERO ROLL...`` where
    the saved action writes the supporters as ``--assist HERO ROLL``.
    """
    words = shlex.split(action)
    if kind == "halfdeck" and words[0] == "team-attack":
        return shlex.join(w for w in words if w != "--assist")
    return action


def environment(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COMPANION_SNAPSHOTS")}
    env.update(COMPANION_HOME=str(home), COLUMNS=str(WIDTH), LINES="24", TERM="dumb",
               PYTHONHASHSEED="0", INPUTRC="/dev/null")
    return env


class Session:
    """A shell in a pseudo-terminal, read prompt to prompt."""

    def __init__(self, home: Path, *args: str, before: tuple[str, ...] = (),
                 term: str = "dumb") -> None:
        env = {**environment(home), "TERM": term}
        self.child = pexpect.spawn(sys.executable, ["-m", "companion", *before, "shell", *args],
                                   env=env, encoding="utf-8", dimensions=(24, WIDTH),
                                   timeout=TIMEOUT)
        self.child.delaybeforesend = None

    def until(self, prompt: str) -> str:
        """Everything printed up to ``prompt`` (as the terminal shows it).

        An ``Error:`` line instead fails at once with the error, not after a timeout.
        """
        wanted = prompt.replace("\n", "\r\n")
        if self.child.expect_exact([wanted, "Error: "]) == 1:
            self.child.expect_exact("\r\n")
            pytest.fail(f"Error: {self.child.before}")
        return str(self.child.before).replace("\r\n", "\n")

    def until_error(self, prompt: str) -> str:
        """Everything printed up to ``prompt``, errors included."""
        self.child.expect_exact(prompt.replace("\n", "\r\n"))
        return str(self.child.before).replace("\r\n", "\n")

    def line(self, text: str, prompt: str) -> str:
        self.child.sendline(text)
        return self.until(prompt)

    def close(self) -> int:
        self.child.sendline("exit")
        self.child.expect(pexpect.EOF)
        self.child.close()
        return int(self.child.exitstatus or 0)


def status_json(home: Path, kind: str, name: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "companion", kind, "status", "--json", "-g",
                           name], env=environment(home), capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def prompts(kind: str, settings: dict[str, Any], actions: list[str], name: str) -> list[str]:
    """The shell's prompt before the first action and after each one."""
    module = load_kind(kind)
    engine = module.new_engine(module.normalize_settings(settings))
    shown = [prompt_text(name, engine.prompt(), WIDTH, kind, engine.status)]
    for action in actions:
        engine.apply(action)
        shown.append(prompt_text(name, engine.prompt(), WIDTH, kind, engine.status))
    return shown


@pytest.fixture
def sessions() -> Iterator[list[Session]]:
    opened: list[Session] = []
    yield opened
    for session in opened:
        if session.child.isalive():
            session.child.kill(signal.SIGKILL)


@pytest.mark.parametrize("path", examples(), ids=lambda p: p.stem)
def test_shell_plays_a_whole_example_game(path: Path, tmp_path: Path,
                                          sessions: list[Session]) -> None:
    data = tomllib.loads(path.read_text("utf-8"))
    kind, settings, actions = data["kind"], data["settings"], data["actions"]
    home = tmp_path / "shell"
    Games(Store(home)).new(kind, settings, "ex")
    shell = Session(home)
    sessions.append(shell)
    expected = prompts(kind, settings, actions, "ex")
    banner = shell.until(expected[0])
    assert banner.startswith("companion shell: ex")
    for number, action in enumerate(actions, start=1):
        printed = shell.line(shell_line(kind, action), expected[number])
        assert "Error" not in printed, (number, action, printed)
        too_wide = [line for line in printed.splitlines()[1:] if len(visible(line)) > WIDTH]
        assert not too_wide, (action, too_wide)
    assert shell.close() == 0

    # What the shell saved is what the example replays to, action for action.
    _, applied = replayed(kind, settings, actions)
    assert Store(home).read("ex").actions == [a.action for a in applied]
    reference = tmp_path / "reference"
    store = Store(reference)
    with store.lock("ex"):
        store.write(GameRecord(kind=kind, name="ex", settings=settings, actions=actions),
                    new=True)
    assert status_json(home, kind, "ex") == status_json(reference, kind, "ex")


def hebrac_game(home: Path) -> None:
    Games(Store(home)).new("hebrac", {"life": 99}, "g")


def test_killing_the_shell_loses_nothing_confirmed(tmp_path: Path,
                                                  sessions: list[Session]) -> None:
    hebrac_game(tmp_path)
    shell = Session(tmp_path)
    sessions.append(shell)
    shell.until("> ")
    shell.line("e a1 5s", "L1 A1 life 99/99 magic 0> ")
    for life in range(96, 80, -3):
        shell.line("a 2h", f"L1 A1 life {life}/99 magic 0> ")
    shell.child.kill(signal.SIGKILL)
    shell.child.wait()
    assert Store(tmp_path).read("g").actions == ["enter A1 5S"] + ["attack 2H"] * 6


def test_two_shells_and_a_one_shot_command_see_each_other(tmp_path: Path,
                                                          sessions: list[Session]) -> None:
    hebrac_game(tmp_path)
    first, second = Session(tmp_path), Session(tmp_path, "--game", "g")
    sessions += [first, second]
    start = "L1 - life 99/99 magic 0> "
    first.until(start)
    second.until(start)
    first.line("e a1 5s", "L1 A1 life 99/99 magic 0> ")
    shown = second.line("status", "L1 A1 life 99/99 magic 0> ")
    assert "A1: 5S warrior, life 5, round 1" in shown
    second.line("a 4h", "L1 A1 life 98/99 magic 0> ")
    done = subprocess.run([sys.executable, "-m", "companion", "hebrac", "attack", "3H"],
                          env=environment(tmp_path), capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    printed = first.line("a 2h", "L1 A1 life 93/99 magic 0> ")
    assert "lose 3 life, 96 -> 93" in " ".join(printed.split())  # wrapped at 40
    assert Store(tmp_path).read("g").actions == ["enter A1 5S", "attack 4H", "attack 3H",
                                                  "attack 2H"]
    assert first.close() == 0 and second.close() == 0


def test_tab_completion_history_and_ctrl_c(tmp_path: Path, sessions: list[Session]) -> None:
    hebrac_game(tmp_path)
    shell = Session(tmp_path)
    sessions.append(shell)
    start = "L1 - life 99/99 magic 0> "
    shell.until(start)
    shell.child.send("en\t")
    shell.child.expect_exact("enter ")
    printed = shell.line("a1 5s", "L1 A1 life 99/99 magic 0> ")
    assert "A1: 5S = warrior, life 5" in printed
    shell.child.send("cast para\t")
    shell.child.expect_exact("paralysis ")
    shell.child.sendintr()
    shell.until("^C\n" + "L1 A1 life 99/99 magic 0> ")
    shell.line("a 2h", "L1 A1 life 96/99 magic 0> ")
    assert shell.close() == 0
    history = (tmp_path / "shell_history").read_text("utf-8").split("\n")
    assert "enter a1 5s" in history and "a 2h" in history and "exit" in history

    again = Session(tmp_path)
    sessions.append(again)
    again.until("L1 A1 life 96/99 magic 0> ")
    again.child.send("\x1b[A\x1b[A\r")  # up twice: 'a 2h' (after 'exit')
    again.until("L1 A1 life 93/99 magic 0> ")
    assert again.close() == 0


def test_no_game_yet_then_new(tmp_path: Path, sessions: list[Session]) -> None:
    shell = Session(tmp_path)
    sessions.append(shell)
    assert shell.until("companion> ").startswith("companion shell: no game open.")
    shell.child.sendline("a 4h")
    printed = shell.until_error("companion> ")
    # Wrapped at a space on the 40-column terminal, never inside a word.
    assert printed.splitlines()[1:] == ["Error: no game yet: start one with",
                                        "  'hebrac new', or 'games use NAME'"]
    printed = shell.line("hebrac new --name first", "L1 - life 15/15 magic 0> ")
    assert "New game 'first' (hebrac), now current." in printed
    assert shell.close() == 0


def test_plain_shell_writes_no_escape_codes(tmp_path: Path, sessions: list[Session]) -> None:
    hebrac_game(tmp_path)
    shell = Session(tmp_path, before=("--plain",), term="xterm-256color")
    sessions.append(shell)
    seen = shell.until("L1 - life 99/99 magic 0> ")
    seen += shell.line("e a1 5s", "L1 A1 life 99/99 magic 0> ")
    seen += shell.line("status", "L1 A1 life 99/99 magic 0> ")
    seen += shell.line("help", "L1 A1 life 99/99 magic 0> ")
    assert "Commands: new, status (s)" in seen
    assert "\x1b" not in seen
    assert shell.close() == 0
