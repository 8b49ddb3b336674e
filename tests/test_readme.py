"""The README runs: every `companion ...` line of its code blocks, in order, in one fresh
data folder (a block builds on the blocks before it), in this process.

A line's expected exit code is 0 unless its comment says `exit N`. A line written
`$ companion ...` in a `text` block is followed by what it prints on a 40-column terminal
(stdout and stderr together, no colour); a `...` line there stands for lines left out.
`companion serve` is checked up to where it would listen on the network, and no
further: its options, the games it names and its address are read, then a stand-in for
the listening socket stops it (`--act-links`, which serves nothing, runs whole).
`companion shell` reads its lines from the README's comment (`type: a, b`), as piped.
"""

from __future__ import annotations

import io
import re
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cli.main import run_words
from companion.errors import BadInput
from companion.game import Record

README = Path(__file__).parent.parent / "README.md"
NOT_LISTENING = "a stand-in socket: the README's serve line is read, not served"


class Terminal(io.StringIO):
    """What a phone's terminal shows: wrapped to COLUMNS, stdout and stderr as one."""

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"

    def isatty(self) -> bool:
        return True


class Command(Record):
    """A README line: the words after `companion`, its comment, the exit code and the
    lines it is shown to print (None: not shown)."""

    __slots__ = ("line_number", "words", "comment", "code", "shown")

    def __init__(self, line_number: int, line: str) -> None:
        self.line_number = line_number
        self.words = shlex.split(line, comments=True)[1:]
        comment = re.search(r"\s#\s(.*)$", line)
        self.comment = comment.group(1) if comment else ""
        code = re.search(r"\bexit (\d+)", self.comment)
        self.code = int(code.group(1)) if code else 0
        self.shown: list[str] | None = None  # the lines the README shows it print

    def __repr__(self) -> str:
        return f"README.md:{self.line_number}: companion {shlex.join(self.words)}"


def commands(text: str) -> Iterator[Command]:
    """Every command of the README's code blocks, in order, with the output it shows."""
    fence: str | None = None
    last: Command | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            if fence is None:
                fence = line[3:].strip()
            else:
                if last is not None:
                    _trim(last)
                    yield last
                fence, last = None, None
            continue
        if fence is None:
            continue
        if line.startswith("$ "):
            if last is not None:
                _trim(last)
                yield last
            assert line.startswith("$ companion"), f"README.md:{number}: not companion"
            last = Command(number, line[2:])
            last.shown = []
        elif last is not None and last.shown is not None:
            last.shown.append(line)
        elif line.startswith("companion ") or line == "companion":
            if last is not None:
                yield last
            last = Command(number, line)


def _trim(command: Command) -> None:
    while command.shown and not command.shown[-1]:
        command.shown.pop()


def shown_in(shown: list[str], printed: list[str]) -> bool:
    """Whether ``printed`` is ``shown``, where a `...` line of ``shown`` stands for any
    lines (none included)."""
    parts: list[list[str]] = [[]]
    for line in shown:
        if line == "...":
            parts.append([])
        else:
            parts[-1].append(line)
    if len(parts) == 1:
        return printed == shown
    if printed[:len(parts[0])] != parts[0]:
        return False
    at = len(parts[0])
    for part in parts[1:-1]:
        found = next((start for start in range(at, len(printed) - len(part) + 1)
                      if printed[start:start + len(part)] == part), None)
        if found is None:
            return False
        at = found + len(part)
    last = parts[-1]
    return len(printed) - at >= len(last) and printed[len(printed) - len(last):] == last


def run(command: Command, monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[str]]:
    screen = Terminal()
    typed = re.search(r"\btype: (.*)$", command.comment)
    piped = "\n".join(typed.group(1).split(", ")) + "\n" if typed else ""
    stdin: io.StringIO = Terminal() if command.words[:1] == ["serve"] else io.StringIO(piped)
    with monkeypatch.context() as patch:
        patch.setattr(sys, "stdout", screen)
        patch.setattr(sys, "stderr", screen)
        patch.setattr(sys, "stdin", stdin)
        code = run_words(list(command.words))
    return code, screen.getvalue().splitlines()


@pytest.fixture
def readme_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.setenv("LINES", "9999")  # a screen taller than any output: no pager
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.chdir(tmp_path)  # files a command writes (-o FILE) land here
    from companion.serve import app, links

    def not_listening(host: str, port: int) -> None:
        raise BadInput(NOT_LISTENING)

    # The address a phone's hotspot gives: the tests' machine may have none, or a public one.
    monkeypatch.setattr(links, "lan_address", lambda: "192.168.43.1")
    monkeypatch.setattr(app, "listen", not_listening)
    return tmp_path


def test_every_command_in_the_readme_runs_as_shown(readme_home: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    found = list(commands(README.read_text()))
    assert len(found) >= 40, "the README's commands were not found"
    wrong = []
    for command in found:
        code, printed = run(command, monkeypatch)
        expected = command.code
        if command.words[:1] == ["serve"] and "--act-links" not in command.words:
            # Read, checked and stopped before listening: the stand-in's error, exit 2.
            if code != 2 or "Error: " + NOT_LISTENING not in " ".join(" ".join(printed).split()):
                wrong.append(f"{command}: not read up to listening (exit {code}): "
                             + "\n".join(printed))
            continue
        if code != expected:
            wrong.append(f"{command}: exit {code}, the README says {expected}\n"
                         + "\n".join(printed))
        elif command.shown is not None and not shown_in(command.shown, printed):
            wrong.append(f"{command}: prints\n" + "\n".join(printed))
    assert not wrong, "\n\n".join(wrong)


def test_the_readme_is_short_and_starts_with_the_set_up(
        readme_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = README.read_text()
    assert len(text.splitlines()) <= 450
    first_block = text.split("```")[1].splitlines()
    assert first_block == ["sh", "pip install . && companion demo",
                           "pip install '.[test]' && pytest -q -n auto --dist loadfile"]
    assert run_words(["demo"]) == 0  # the set-up's own command
    assert "Demo: " in capsys.readouterr().out


def test_a_shown_output_is_matched_with_its_gaps() -> None:
    assert shown_in(["a", "...", "d"], ["a", "b", "c", "d"])
    assert shown_in(["a", "...", "c", "...", "e"], ["a", "b", "c", "d", "e"])
    assert not shown_in(["a", "...", "d"], ["a", "b", "c"])
    assert not shown_in(["a", "b"], ["a", "b", "c"])
    assert shown_in(["...", "c"], ["a", "c"])
