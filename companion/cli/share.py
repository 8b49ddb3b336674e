"""companion share / companion import: move a saved game between devices, no server;
``import`` checks and replays everything before it writes anything.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path
from typing import Annotated, Any

from typer import Argument, Option

from companion.cli.common import echo, echo_lines, games, open_game, read_file, width, write_output
from companion.cli.options import GameOption
from companion.cli.output import echo_status
from companion.errors import BadInput, DataProblem

MAX_READ_BYTES = 1024 * 1024
"""Most bytes read from a file or stdin (an HTML sheet holding a code fits)."""


def share(
    game: GameOption = None,
    qr: Annotated[bool, Option("--qr", help="A QR code (the default).")] = False,
    text: Annotated[bool, Option("--text", help="The code as one line of text.")]
    = False,
    output: Annotated[Path | None, Option("--output", "-o", help="Write the code to FILE.",
                                                metavar="FILE")] = None,
    ascii_only: Annotated[bool, Option("--ascii", help="Draw the QR code with '#'.")]
    = False,
    invert: Annotated[bool, Option("--invert", help="For a light screen: draw the "
                                                          "dark modules.")] = False,
) -> None:
    """Print the game's share code: as a QR code, as text, or into a file."""
    from companion.share import encode

    if qr + text + (output is not None) > 1:
        raise BadInput("choose one of --qr, --text and -o FILE")
    if (ascii_only or invert) and (text or output is not None):
        raise BadInput("--ascii and --invert draw the QR code: leave out --text and -o")
    opened = open_game(game)
    record = opened.record
    # The game's edition, also when its save predates editions (companion.editions).
    settings = {**record.settings, "edition": opened.settings["edition"]}
    code = encode(record.kind, record.name, settings, record.actions, record.notes,
                  record.redo)
    if text:
        echo(code)
        return
    if output is not None:
        write_output(output, code + "\n")
        say(f"Wrote the share code of {record.name!r} ({len(code)} characters) to {output}. "
            f"On the other device: companion import {output.name}")
        return
    echo_lines(qr_lines(code, ascii_only=ascii_only, invert=invert, of=repr(record.name),
                        instead="Use --text to print the code, or -o FILE to save it in a file."))
    actions = len(record.actions)
    say(f"{record.name}: {actions} action{'' if actions == 1 else 's'}, {len(code)} characters.")
    say("Scan it, then on the other device: companion import CODE")


def qr_lines(code: str, *, ascii_only: bool, invert: bool, of: str, instead: str,
             kind: str = "the share code") -> list[str]:
    """``code`` as a QR code drawn for this screen: ``kind`` of ``of`` (a game's name);
    ``instead`` says what to do when it is too long or too wide."""
    from companion.sheets.qr import ascii_lines, half_block_lines

    try:
        qr, quiet = fitted(code)
    except BadInput:
        raise BadInput(f"too long for a QR code: {kind} of {of} is {len(code)} characters, "
                       f"a QR code holds at most 4296. {instead}") from None
    if quiet is None:
        raise BadInput(f"too wide: the QR code of {of} needs {qr.columns(1)} columns and "
                       f"this screen has {width()}. {instead}")
    draw = ascii_lines if ascii_only else half_block_lines
    return draw(qr, invert=invert, quiet=quiet)


def fitted(text: str) -> tuple[Any, int | None]:
    """The QR code of ``text`` and the widest quiet zone with which it fits the screen
    (None: it does not fit)."""
    from companion.sheets.qr import QUIET, matrix

    qr = matrix(text, "L")
    # The standard's quiet zone is 4 modules; scanners read 2, and 1 on a screen
    # that is dark around it (tested): a narrow phone gets the thinner margin.
    return qr, next((q for q in (QUIET, 1) if qr.columns(q) <= width()), None)


def say(message: str, indent: str = "") -> None:
    """``message`` wrapped at spaces to the width (20 at least), never inside a word;
    ``indent`` opens each line after the first."""
    # textwrap keeps a path's or a name's spaces as they are, where fill folds them
    echo_lines(textwrap.wrap(message, max(20, width()), subsequent_indent=indent,
                             break_on_hyphens=False, break_long_words=False))


def import_game(
    source: Annotated[str, Argument(
        help="A share code, a file holding one, a saved game's own .toml file, or - to "
             "read it from stdin.", metavar="CODE|FILE|-")],
    name: Annotated[str | None, Option("--name", help="Save it under this name.")]
    = None,
    force: Annotated[bool, Option("--force", help="Replace a saved game of that name "
                                                        "(it goes to the backups).")] = False,
) -> None:
    """Bring in a shared game: checked and replayed before anything is written."""
    from companion.share import decode_text
    from companion.store import check_name

    shared = decode_text(read_source(source), "stdin" if source == "-" else repr(source[:200]))
    record = shared.record
    target = record.name = check_name(name) if name is not None else record.name
    record.outcome = shared.engine.outcome
    store = games().store
    with store.lock(target):
        replaced = store.exists(target)
        if replaced and not force:
            raise BadInput(f"a game named {target!r} already exists: give another with "
                           "--name NAME, or replace it with --force")
        store.write(record, new=not force, replayed=True)  # decode replayed it
    store.set_current(target)
    count = len(record.actions)
    what = f"{count} action{'' if count == 1 else 's'}"
    kept = f" in place of the old one, kept as {store.backup_path(target, 1)};" if replaced \
        else ","
    say(f"Imported {target!r} ({record.kind}, {what}){kept} now current.")
    echo_status(shared.settings, shared.engine)


def read_source(source: str) -> str:
    """The text of the code: the argument itself, a file, or stdin (size-limited)."""
    where = "stdin" if source == "-" else source
    if source == "-":
        stream = getattr(sys.stdin, "buffer", None)
        try:
            data = stream.read(MAX_READ_BYTES + 1) if stream is not None else \
                sys.stdin.read(MAX_READ_BYTES + 1).encode("utf-8", "replace")
        except OSError as error:
            raise DataProblem(f"cannot read stdin: {error.strerror or error}") from None
        if len(data) > MAX_READ_BYTES:
            raise BadInput(f"stdin holds more than {MAX_READ_BYTES} bytes: not a share code")
    elif source.strip()[:3].upper() == "CMP":
        return source
    else:  # a file over the limit is refused unread
        data = read_file(source, MAX_READ_BYTES,
                         f"{source[:200]!r} is neither a share code (CMP2....) nor a file",
                         f"{source[:200]} holds more than {MAX_READ_BYTES} bytes: not a share "
                         "code")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput(f"{where} is not UTF-8 text: not a share code") from None
