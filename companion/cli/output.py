"""Printing for every command, without typer or rich: width, wrapping, plain mode, JSON.

Kept light on purpose: the fast path of ``main.run`` (a one-shot ``status``)
prints through this module and never imports typer.

Wrapping: a terminal gets long lines wrapped at spaces to its width, with
continuation lines indented two more than the line itself, so a ruling never
breaks inside a word or a card on a 40-column phone. A pipe or a file gets
each line whole (one ruling per line, for grep and scripts). Colour
(``companion.cli.colour``) is added after wrapping, on a terminal only;
``--plain`` (and NO_COLOR) turn it off, and the shell's line editing too.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable
from typing import Any

JSON_SCHEMA = 1
"""Version of every ``--json`` object; bumped when a field changes meaning."""

_plain = False
_set_no_color = False
_SPACES = re.compile(r"( +)")


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
        and os.environ.get("TERM") != "dumb" and _is_terminal(
        sys.stdout if stream is None else stream)


def _stdout_is_terminal() -> bool:
    return _is_terminal(sys.stdout)


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a closed or odd stream
        return False


def error_text(message: str) -> str:
    """The ``Error: ...`` line for ``message``: one line on a pipe (for grep and scripts),
    wrapped at spaces to the width on a terminal, "Error:" in red when colour is on;
    control characters and escape sequences shown as ``\\xNN`` (``\\uNNNN``), never sent."""
    # What the message quotes from a file or a faulty path never acts on the terminal.
    from companion.text import TERMINAL_CONTROL

    message = TERMINAL_CONTROL.sub(_shown_control, message)
    line = "Error: " + " ".join(message.split())
    if not _is_terminal(sys.stderr):
        return line + "\n"
    columns = width()
    lines = []
    for part in fit(line, columns):
        # A word wider than the screen (a file's path) is cut: an error is read whole.
        while len(part) > columns:
            lines.append(part[:columns])
            part = "  " + part[columns:]
        lines.append(part)
    if colour_allowed(sys.stderr):
        from companion.cli.colour import RED, paint

        lines[0] = paint("Error:", RED) + lines[0][len("Error:"):]
    return "".join(part + "\n" for part in lines)


def _shown_control(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def width() -> int:
    """Terminal width for layouts; COLUMNS wins so tests and phones can set it."""
    env = os.environ.get("COLUMNS", "")
    if 0 < len(env) < 5 and env.isascii() and env.isdigit() and int(env) > 0:
        return int(env)
    # What shutil.get_terminal_size does, without importing shutil (start-up time).
    try:
        columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        columns = 0
    return columns if columns > 0 else 80


def wrapping() -> bool:
    return _stdout_is_terminal()


def fit(line: str, columns: int) -> list[str]:
    """``line`` cut at spaces into lines of at most ``columns`` characters.

    Continuation lines are indented two more than the line itself; a single
    word wider than the line is kept whole rather than cut.
    """
    if len(line) <= columns:
        return [line]
    body = line.lstrip(" ")
    indent = line[: len(line) - len(body)]
    pad = " " * min(len(indent) + 2, max(columns // 2, 0))
    lines: list[str] = []
    current = indent
    pending_space = ""
    for part in _SPACES.split(body):
        if not part:
            continue
        if part.startswith(" "):
            pending_space = part
            continue
        candidate = current + pending_space + part if current.strip() else current + part
        if len(candidate) > columns and current.strip():
            lines.append(current)
            current = pad + part
        else:
            current = candidate
        pending_space = ""
    lines.append(current)
    return lines


def _out(lines: Iterable[str]) -> str:
    if not wrapping():
        return "".join(line + "\n" for line in lines)
    columns = width()
    if not colour_allowed():
        return "".join(part + "\n" for line in lines for part in fit(line, columns))
    from companion.cli.colour import highlight, keep_together

    return "".join(highlight(part) + "\n" for line in lines
                   for part in fit(keep_together(line), columns))


def echo(line: str = "") -> None:
    sys.stdout.write(_out((line,)))


def echo_lines(lines: Iterable[str]) -> None:
    sys.stdout.write(_out(lines))


def emit_json(payload: dict[str, Any]) -> None:
    import json

    data = {"schema": JSON_SCHEMA, **payload}
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


# The game's vital numbers after an action; the shell shows them in its prompt instead.
_vitals_in_prompt = False


def vitals_in_prompt(on: bool) -> None:
    global _vitals_in_prompt
    _vitals_in_prompt = on


def echo_vitals(line: str) -> None:
    if not _vitals_in_prompt:
        echo(line)


def show_status(kind: str, game: str | None, as_json: bool) -> None:
    """``companion KIND status``: shared by the typer command and main.run's fast path."""
    from companion.session import Games

    store = Games()
    opened = store.open(store.resolve(game, kind))
    if as_json:
        emit_json({"name": opened.record.name, **opened.engine.status()})
    else:
        from companion.editions import status_line

        echo(f"{opened.record.name} ({opened.record.kind})")
        echo_lines(status_line(opened.settings))
        echo_lines(opened.engine.status_lines(width()))
        echo_lines(status_sparks(opened.engine))


def status_sparks(engine: Any) -> list[str]:
    """The status's life (or gold) sparkline; block characters unless --plain."""
    from companion.summary import trail_sparks

    return trail_sparks(engine, width(), ascii_only=not blocks_allowed())


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
