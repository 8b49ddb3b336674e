"""Printing for every command, without typer or rich: width, wrapping, plain mode, JSON.

Kept light: every command prints through it, a game's line among them. A terminal gets
long lines wrapped at spaces (``text.wrap``) so a ruling never breaks inside a word or a card
on a 40-column phone, then coloured (``companion.cli.colour``; never with ``--plain``
or NO_COLOR); a pipe or a file gets each line whole, one ruling a line, for grep and
scripts.

Paging, as git does it: output taller than the terminal (help, rules, sheets, stats, a
log) goes through COMPANION_PAGER, else PAGER, else ``less`` (LESS=FRX when unset);
``cat`` or an empty value, ``--no-pager``, a pipe, no terminal at the input and
TERM=dumb turn it off. A pager that cannot start leaves the text printed straight.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

# Every command imports it already (main).
from companion.text import shown_controls, wrap

JSON_SCHEMA = 1
"""Version of every ``--json`` object; bumped when a field changes meaning."""

_plain = False
_set_no_color = False
_pager = True


def set_plain(on: bool = True) -> None:
    """``--plain``: no colour, bold or line editing; NO_COLOR tells other code the same."""
    global _plain, _set_no_color
    _plain = on
    if on and not os.environ.get("NO_COLOR"):
        os.environ["NO_COLOR"] = "1"
        _set_no_color = True
    elif not on and _set_no_color:
        os.environ.pop("NO_COLOR", None)
        _set_no_color = False


def plain() -> bool:
    return _plain


def colour_allowed(stream: Any = None) -> bool:
    """Colour only on a terminal that shows it (not TERM=dumb), without --plain or NO_COLOR
    (https://no-color.org)."""
    return not _plain and not os.environ.get("NO_COLOR") \
        and os.environ.get("TERM") != "dumb" and is_terminal(
        sys.stdout if stream is None else stream)


def is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a closed or odd stream
        return False


def error_line(message: str) -> str:
    """The ``Error:`` line as a pipe gets it: one line, a control character shown."""
    # What the message quotes from a file or a faulty path never acts on the terminal.
    return "Error: " + " ".join(shown_controls(message).split())


def error_text(message: str) -> str:
    """The ``Error: ...`` line for ``message``: one line on a pipe (for grep and scripts),
    wrapped at spaces to the width on a terminal, "Error:" in red when colour is on;
    control characters and escape sequences shown as ``\\xNN`` (``\\uNNNN``), never sent."""
    line = error_line(message)
    if not is_terminal(sys.stderr):
        return line + "\n"
    columns = width()
    lines = []
    for part in wrap(line, columns, printed=True):
        # A word wider than the screen (a file's path) is cut: an error is read whole.
        while len(part) > columns:
            lines.append(part[:columns])
            part = "  " + part[columns:]
        lines.append(part)
    if colour_allowed(sys.stderr):
        from companion.cli.colour import RED, paint

        lines[0] = paint("Error:", RED) + lines[0][len("Error:"):]
    return "".join(part + "\n" for part in lines)


def width() -> int:
    """Terminal width for layouts; COLUMNS wins so tests and phones can set it."""
    return _size("COLUMNS", 0) or 80


def height() -> int:
    """Terminal height: LINES wins (as COLUMNS does for the width); 0 when unknown."""
    return _size("LINES", 1)


def _size(name: str, index: int) -> int:
    """A size the environment sets (1 to 9999, read as every number is read), else the
    terminal's (``index`` 0 its columns, 1 its lines), else 0."""
    from companion.numbers import whole_or_none

    env = os.environ.get(name, "")
    given = whole_or_none(env) if len(env) < 5 else None
    if given:
        return given
    # What shutil.get_terminal_size does, without importing shutil (start-up time).
    try:
        size = os.get_terminal_size(sys.__stdout__.fileno())  # type: ignore[union-attr]
        return max(size[index], 0)
    except (AttributeError, ValueError, OSError):
        return 0


def _out(lines: Iterable[str]) -> str:
    if not is_terminal(sys.stdout):
        return "".join(line + "\n" for line in lines)
    columns = width()
    if not colour_allowed():
        return "".join(part + "\n" for line in lines
                       for part in wrap(line, columns, printed=True))
    from companion.cli.colour import highlight, keep_together

    return "".join(highlight(part) + "\n" for line in lines
                   for part in wrap(keep_together(line), columns, printed=True))


def echo(line: str = "") -> None:
    sys.stdout.write(_out((line,)))


def echo_lines(lines: Iterable[str]) -> None:
    sys.stdout.write(_out(lines))


def emit_json(payload: Mapping[str, object]) -> None:
    import json

    data = {"schema": JSON_SCHEMA, **payload}
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def answer(as_json: bool, data: Mapping[str, object], lines: Iterable[str]) -> None:
    """A command's answer: its figures as JSON with --json, else its lines."""
    if as_json:
        emit_json(data)
    else:
        echo_lines(lines)


# The game's vital numbers after an action; the shell shows them in its prompt instead.
_vitals_in_prompt = False


def vitals_in_prompt(on: bool) -> None:
    global _vitals_in_prompt
    _vitals_in_prompt = on


def vitals_shown_in_prompt() -> bool:
    return _vitals_in_prompt


def echo_vitals(line: str) -> None:
    if not _vitals_in_prompt:
        echo(line)


def echo_status(settings: Mapping[str, Any], engine: Any) -> None:
    """A game's status: its edition and settings, its state, and its life (or gold)
    sparkline, in block characters unless --plain."""
    from companion.editions import status_line
    from companion.summary import trail_sparks

    echo_lines(status_line(settings))
    echo_lines(engine.status_lines(width()))
    echo_lines(trail_sparks(engine, width(), ascii_only=not blocks_allowed()))


def blocks_allowed() -> bool:
    """Block characters for charts, unless --plain or the output cannot carry them."""
    if _plain:
        return False
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "\u2581\u2588".encode(encoding)
    except (LookupError, UnicodeEncodeError):
        return False
    return True


# -- the pager -----------------------------------------------------------------------

def set_pager(on: bool = True) -> None:
    """``--no-pager`` (``on`` False): long output straight to the screen. Every command
    sets it again (the root's options), so it holds for one command."""
    global _pager
    _pager = on


def paging() -> bool:
    """Whether long output may go through a pager now: on a terminal that can run one,
    with someone at it (stdin a terminal too: never a pipe, a script or a test)."""
    return _pager and is_terminal(sys.stdout) and is_terminal(sys.stdin) \
        and os.environ.get("TERM") != "dumb" and pager_command() is not None


def pager_command() -> list[str] | None:
    """The pager's words: COMPANION_PAGER, else PAGER, else less; None for none (empty,
    'cat', or words that do not read)."""
    chosen = os.environ.get("COMPANION_PAGER", os.environ.get("PAGER", "less"))
    import shlex

    try:
        words = shlex.split(chosen)
    except ValueError:
        return None
    return None if not words or words == ["cat"] else words


def taller(text: str) -> bool:
    """Whether ``text`` takes more lines than the terminal shows with a prompt under it
    (a line wider than the terminal counted as the lines it takes)."""
    rows = height()
    if rows <= 0:
        return False
    from companion.cli.colour import visible

    columns = width()
    taken = 0
    for line in text.splitlines():
        taken += max(1, -(-len(visible(line)) // columns))
        if taken >= rows:
            return True
    return False


def page(text: str) -> None:
    """Print ``text``; through the pager when one is wanted and ``text`` is taller than the
    terminal. A pager that cannot start leaves ``text`` printed straight."""
    command = pager_command() if paging() and taller(text) else None
    if command is None or not _through(command, text):
        sys.stdout.write(text)


def _through(command: list[str], text: str) -> bool:
    """Run the pager on ``text``; False if it could not start. The pager has the keyboard
    while it runs: an interrupt is its to handle, and quitting early is no error."""
    import subprocess

    environment = dict(os.environ)
    environment.setdefault("LESS", "FRX")  # git's choice: colour, and no pager for a screenful
    sys.stdout.flush()
    try:
        pager = subprocess.Popen(command, stdin=subprocess.PIPE, env=environment)
    except (OSError, ValueError):  # not installed, not runnable
        return False
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    assert pager.stdin is not None
    # It quit before reading all (the pipe breaks, when written or closed): it had enough.
    with contextlib.suppress(OSError, KeyboardInterrupt), pager.stdin:
        pager.stdin.write(text.encode(encoding, "replace"))
    while True:
        with contextlib.suppress(KeyboardInterrupt):
            pager.wait()
            return True


class _Held(io.StringIO):
    """What a paged command prints, held until it ends; it answers as the terminal it
    stands for, so wrapping and colour are what they would be."""

    def __init__(self, real: Any) -> None:
        super().__init__()
        self.real = real

    def isatty(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return str(getattr(self.real, "encoding", None) or "utf-8")

    def fileno(self) -> int:
        return int(self.real.fileno())


@contextlib.contextmanager  # a lower-case name: it reads as a decorator and a 'with'
def paged() -> Iterator[None]:
    """Hold what a command prints and ``page`` it when it ends: ``with paged():`` or
    ``@paged()`` on a command function. Off the terminal it does nothing; an error
    prints what was held, straight, and goes on as it would (the same exit code)."""
    real = sys.stdout
    if not paging() or isinstance(real, _Held):
        yield
        return
    sys.stdout = held = _Held(real)
    try:
        yield
    except BaseException:
        sys.stdout = real
        real.write(held.getvalue())
        raise
    sys.stdout = real
    page(held.getvalue())
