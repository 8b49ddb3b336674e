"""A line typed on a page: read as the shell reads it, run as the one-shot command.

The words are resolved as the shell resolves a line (the game's commands,
their aliases and unique prefixes, a Hebrac line that starts with a
chamber), with the dispatcher's own functions. Only a command on the game
shown is taken: one that has a ``--game`` option and no ``--output``, never
``new``, nor a ``--game`` or ``--`` typed in the line (the page acts on the
game it shows). The command then runs as ``companion --plain KIND VERB ...
--game NAME`` in a process of its own: the same dispatcher, engine, lock
and atomic save as every other command, its ruling lines or its ``Error:``
line exactly as a terminal's pipe gets them, and a fault in it cannot take
the server down (a one-shot command's start, about 60 ms here, is the cost).
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

from companion.errors import BadInput
from companion.verbs import MAX_ACTION_CHARS

TIMEOUT = 60.0
"""Seconds a page's command may take (the store's lock waits 15 s at most)."""
MAX_OUTPUT_LINES = 200
CONTROL = re.compile(r"[\x00-\x1f\x7f]")
"""No line from a page holds a control character (a NUL could not even be passed on)."""
CONTROL_ERROR = "a line holds no control character (no NUL, tab or line break)"


class Answer(NamedTuple):
    """What the command printed: its exit code, its output lines, its error lines."""

    code: int
    lines: list[str]
    errors: list[str]

    def as_json(self) -> dict[str, object]:
        return {"code": self.code, "lines": self.lines, "errors": self.errors}


def command_words(kind: str, game: str, line: str) -> list[str]:
    """The ``companion`` arguments for ``line`` typed on the page of game ``game``."""
    from companion.cli import dispatch

    if len(line) > MAX_ACTION_CHARS:
        raise BadInput(f"a line is at most {MAX_ACTION_CHARS} characters")
    if CONTROL.search(line):
        raise BadInput(CONTROL_ERROR)
    try:
        words = shlex.split(line)
    except ValueError as error:
        raise BadInput(f"cannot read {line.strip()!r}: {error}") from None
    if not words:
        raise BadInput("type an action, as in the shell")
    line_words = dispatch.game_line(kind, words)  # as the shell reads a line
    if line_words is not None:
        words = line_words
    name = line_words[0] if line_words is not None else None
    if name is None:
        try:
            other = dispatch.pick_top(words[0])
        except BadInput:
            other = None
        if other is not None:
            raise BadInput(f"'{other}' is not taken from the table's page: play it in the shell")
        raise BadInput(f"no such command {words[0]!r} for this game (the page takes the "
                       "game's own commands, as the shell does)")
    found = dispatch.route([kind, name, *words[1:]])
    if not found.leaf or not on_the_game(found.path):
        shown = " ".join(found.path[1:]) or name
        raise BadInput(f"'{shown}' is not taken from the table's page: play it in the shell")
    for word in words[1:]:
        if word == "--" or _names_game(word):
            raise BadInput("the page acts on the game it shows: leave out --game and --")
    return ["--plain", kind, name, *words[1:], "--game", game]


def on_the_game(path: tuple[str, ...]) -> bool:
    """Whether the command at ``path`` acts on one saved game and writes no other file."""
    from companion.cli.command_table import COMMANDS

    row = COMMANDS.get(path)
    if row is None or path[1:2] == ("new",):
        return False
    names = {param[0] for param in row[0]}
    return "game" in names and "output" not in names


def _names_game(word: str) -> bool:
    """``--game`` or a prefix of it (options take unique prefixes), or ``-g`` alone, with
    its value or among other short flags."""
    if word.startswith("--"):
        option = word[2:].split("=", 1)[0].lower()
        return bool(option) and "game".startswith(option)
    return word.startswith("-") and "g" in word[1:]  # '-jg NAME' too


def run(words: list[str], home: Path, timeout: float = TIMEOUT) -> Answer:
    """Run ``companion WORDS`` on the data folder ``home`` (no input, no terminal)."""
    env = {**os.environ, "COMPANION_HOME": str(home), "NO_COLOR": "1"}
    try:
        done = subprocess.run([sys.executable, "-m", "companion", *words], env=env,
                              stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout,
                              cwd=str(home) if home.is_dir() else None, check=False)
    except subprocess.TimeoutExpired:
        return Answer(3, [], [f"Error: the command took more than {timeout:.0f} s and was "
                              "stopped; see 'log' for what was saved"])
    except OSError as error:
        return Answer(3, [], [f"Error: cannot run the command: {error.strerror or error}"])
    return Answer(done.returncode, _lines(done.stdout), _lines(done.stderr))


def _lines(data: bytes) -> list[str]:
    lines = data.decode("utf-8", "replace").splitlines()
    if len(lines) > MAX_OUTPUT_LINES:
        cut = len(lines) - MAX_OUTPUT_LINES
        lines = [f"({cut} lines before these)", *lines[-MAX_OUTPUT_LINES:]]
    return lines
