"""A line typed on a page: read as the shell reads it, run as the one-shot command.

Only a command on the game shown is taken (``command_words``, with the
dispatcher's own functions). It runs in the server's own process (no one-shot
start to pay for each tap) through the command line's entry: the same engine,
lock, atomic save and backups, and the lines a terminal's pipe gets. Its output
is caught for the calling thread only: the shell the server may run beside
keeps its screen.
"""

from __future__ import annotations

import contextlib
import io
import shlex
import sys
import threading
from pathlib import Path
from typing import Any

from companion.errors import BadInput
from companion.values import Value
from companion.verbs import MAX_ACTION_CHARS

MAX_OUTPUT_LINES = 200


class Answer(Value):
    """What the command printed: its exit code, its output lines, its error lines."""

    code: int
    lines: list[str]
    errors: list[str]


def command_words(kind: str, game: str, line: str) -> list[str]:
    """The ``companion`` arguments for ``line`` typed on the page of game ``game``."""
    from companion.cli import dispatch

    if len(line) > MAX_ACTION_CHARS:
        raise BadInput(f"a line is at most {MAX_ACTION_CHARS} characters")
    try:
        typed = shlex.split(line)
    except ValueError as error:
        raise BadInput(f"cannot read {line.strip()!r}: {error}") from None
    if not typed:
        raise BadInput("type an action, as in the shell")
    words = dispatch.game_line(kind, typed)  # as the shell reads a line
    other = None
    if words is None:
        with contextlib.suppress(BadInput):
            other = dispatch.pick_top(typed[0])
        if other is None:
            raise BadInput(f"no such command {typed[0]!r} for this game (the page takes the "
                           "game's own commands, as the shell does)")
    else:
        found = dispatch.route([kind, *words])
        if not found.leaf or not on_the_game(found.path):
            other = " ".join(found.path[1:]) or words[0]
    if words is None or other is not None:
        raise BadInput(f"'{other}' is not taken from the table's page: play it in the shell")
    if any(word == "--" or _names_game(word) for word in words[1:]):
        raise BadInput("the page acts on the game it shows: leave out --game and --")
    return ["--plain", kind, *words, "--game", game]


def on_the_game(path: tuple[str, ...]) -> bool:
    """Whether the command at ``path`` acts on one saved game and writes no other file."""
    from companion.cli.dispatch import target

    if path[1:2] == ("new",):
        return False
    verb = getattr(target(path), "verb", None)
    if verb is not None:  # a game's line: its verb table declares its options
        return any(param.name == "game" for param in verb.line)
    from companion.cli.options import leaf

    try:
        names = {param.name for param in leaf(path).params}
    except KeyError:  # no such command
        return False
    return "game" in names and "output" not in names


def _names_game(word: str) -> bool:
    """``--game`` or a prefix of it (options take unique prefixes), or ``-g`` alone, with
    its value or among other short flags."""
    if word.startswith("--"):
        option = word[2:].split("=", 1)[0].lower()
        return bool(option) and "game".startswith(option)
    return word.startswith("-") and "g" in word[1:]  # '-jg NAME' too


def warm(kind: str) -> None:
    """Import now what a page's first command of ``kind`` needs (the command line's
    reader, the game's commands), so that the first tap is answered as fast as the next."""
    import importlib

    for name in ("companion.cli.main", "companion.cli.dispatch", "companion.cli.commands",
                 "companion.cli.verbcommands", "companion.session", f"companion.cli.{kind}"):
        try:
            importlib.import_module(name)
        except ImportError:  # only a cost saved: the command will say what is missing
            return


_RUNNING = threading.Lock()
"""One page's command at a time in this process (the store's lock orders the others)."""


def run(words: list[str], home: Path) -> Answer:
    """Run ``companion WORDS`` on the data folder ``home`` in this process, as on a pipe
    with no input: what it prints is caught for this thread only."""
    from companion.cli import output
    from companion.cli.main import run_words
    from companion.store import data_home

    if data_home() != home:
        return Answer(3, [], ["Error: the table's data folder is not this process's: "
                              "restart 'companion serve'"])
    with _RUNNING:
        out, err = _Caught.start()
        was_plain, vitals = output.plain(), output.vitals_shown_in_prompt()
        output.vitals_in_prompt(False)  # a one-shot command prints the vitals itself
        try:
            code = run_words(words)
        finally:
            _Caught._local.caught = None
            output.set_plain(was_plain)  # '--plain' here is this command's own
            output.vitals_in_prompt(vitals)
    return Answer(code, _lines(out.getvalue()), _lines(err.getvalue()))


class _Caught:
    """``sys.stdout`` or ``sys.stderr`` (and their ``__stdout__``/``__stderr__``, which the
    width is read from): what a thread running a page's command writes is caught, as a
    pipe would be (no terminal, no size), while every other thread writes through."""

    _local = threading.local()

    def __init__(self, name: str, through: Any) -> None:
        self.name, self.through = name, through

    @classmethod
    def start(cls) -> tuple[io.StringIO, io.StringIO]:
        caught = (io.StringIO(), io.StringIO())
        for name in ("stdout", "stderr", "__stdout__", "__stderr__"):
            found = getattr(sys, name)
            if not isinstance(found, _Caught):  # put back by something since: wrap it again
                setattr(sys, name, cls(name.strip("_"), found))
        cls._local.caught = {"stdout": caught[0], "stderr": caught[1]}
        return caught

    def _target(self) -> Any:
        caught = getattr(self._local, "caught", None)
        return caught[self.name] if caught else self.through

    def __getattr__(self, name: str) -> Any:  # write, flush, isatty, fileno, buffer...
        # Caught, it is a StringIO's: no terminal, no file descriptor, no buffer.
        return getattr(self._target(), name)

    @property
    def encoding(self) -> str:
        return str(getattr(self._target(), "encoding", None) or "utf-8")


def _lines(text: str) -> list[str]:
    lines = text.splitlines()
    cut = len(lines) - MAX_OUTPUT_LINES
    return [f"({cut} lines before these)", *lines[-MAX_OUTPUT_LINES:]] if cut > 0 else lines
