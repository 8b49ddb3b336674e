"""The ``companion`` command's entry point: the one place where errors become one
``Error: ...`` line and an exit code (0 ok, 1 refused by a rule, 2 bad input, 3 data
problem). ``companion.cli.main.app`` is the typer app of every command typer reads.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from companion.errors import CompanionError
from companion.text import control


def __getattr__(name: str) -> Any:
    """``app``: the whole command tree as a ``typer.Typer``, built on first use."""
    if name == "app":
        from companion.cli.options import whole_app

        return whole_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def run(argv: list[str] | None = None) -> NoReturn:
    """Entry point: run the command and map every error to one line and an exit code."""
    # Nearly all a command makes (modules, the game) lives until it ends: the cycle
    # collector, by default every 700 new objects, would walk them again and again to
    # free nothing (about 7% of a sheet). Every 100,000 instead: what lives long (the
    # shell, the live table) still has its cycles freed.
    gc.set_threshold(100_000)
    args = list(sys.argv[1:] if argv is None else argv)
    if sys.stdout is None:  # started with its output closed: nothing is run
        sys.exit(fail("the output is closed: nothing was run", 3))
    sys.exit(run_words(args))


def run_words(args: list[str]) -> int:
    """Run ``companion ARGS`` in this process; print errors as ``run`` does, return the code."""
    for word in args:
        # Bytes the terminal's encoding could not decode arrive as lone surrogates; they
        # would fail only when a save writes them, so stop them at the door.
        if not word.isascii() and any("\ud800" <= char <= "\udfff" for char in word):
            shown = word.encode("utf-8", "replace").decode("utf-8")
            return fail(f"{shown!r} is not UTF-8 text: check the terminal's encoding", 2)
        # Escape sequences and control characters would reach the screen and the saves.
        found = control(word)  # tab and line breaks pass: a pasted share code
        if found is not None:
            return fail(f"{word[:40]!r} holds a control character "
                        f"({ord(found.group()):#04x}): type plain text", 2)
        # Other scripts' digits and superscripts pass str.isdigit (and some pass int()):
        # numbers are typed with 0-9 only, so such a word is refused whatever reads it.
        if not word.isascii() and any(char.isdigit() for char in word if not char.isascii()):
            return fail(f"{word[:40]!r} holds a digit other than 0-9: type numbers with "
                        "0-9", 2)

    return guarded(lambda: dispatched(args))


def dispatched(args: list[str]) -> Any:
    """Run ``companion ARGS`` as the dispatcher routes them: a help screen, a game's line
    through its verb table, any other command through typer. Errors are raised."""
    from companion.cli import dispatch
    from companion.cli.output import echo, set_pager, set_plain
    from companion.kinds import KINDS

    found = dispatch.route(args)
    if any(word in dispatch.ROOT_FLAGS for word in found.args):
        found = dispatch.route(dispatch.root_first(found))
    lead = dispatch.leading(found.args)
    if "--version" in found.args[:lead]:
        from companion import __version__

        echo(f"companion {__version__}")
        return 0
    # The root's options, read first for every command alike (the shell's lines too).
    set_plain("--plain" in found.args[:lead])
    set_pager("--no-pager" not in found.args[:lead])
    screen = dispatch.help_screen(found)
    if screen is not None:
        from companion.cli import helpformat
        from companion.cli.output import page

        page(getattr(helpformat, screen)(found.path))
        return 0
    verb: Any = dispatch.target(found.path) if found.leaf and len(found.path) == 2 and \
        found.path[0] in KINDS else None
    if isinstance(verb, dispatch.VerbCommand):  # a game's line: read by its verb table
        return verb(found.args[found.at:])
    from companion.cli import options

    return options.run(found.path, found.args[lead:], found.at - lead if found.leaf else None)


def guarded(call: Callable[[], Any]) -> int:
    """Call, flush, and return the exit code; an error is one ``Error:`` line on stderr."""
    store = sys.modules.get("companion.store")
    if store is not None:
        store.saved_since_asked()  # start afresh: what this command saves is its own
    try:
        result = call()
        sys.stdout.flush()
    except CompanionError as error:
        return fail(str(error), error.exit_code)
    except KeyboardInterrupt:
        result = 130
    except BrokenPipeError:  # 'companion games | head -1': the reader has what it wanted
        _drop_stdout()
        return 0
    except OSError as error:
        if getattr(error, "filename", None) is not None:  # a file no command caught
            return fail(f"cannot use {error.filename}: {error.strerror or error}", 3)
        _drop_stdout()  # the output is on a full disk or was closed
        return fail(f"cannot write the output: {error.strerror or error}", 3)
    except SystemExit as stop:  # a command that exits by itself
        wrapped = getattr(sys.stdout, "wrapped", None)
        if type(sys.stdout).__name__ == "PacifyFlushWrapper" and wrapped is not None:
            sys.stdout = wrapped  # typer's exit 1 on a closed pipe: the reader had enough
            if type(sys.stderr).__name__ == "PacifyFlushWrapper":
                sys.stderr = getattr(sys.stderr, "wrapped", sys.__stderr__)
            _drop_stdout()
            return 0
        if isinstance(stop.code, str):  # a message: an error line like any other
            return fail(stop.code, 2)
        return stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except Exception as error:
        return _unexpected(error)
    if result == 130:  # an interrupt (typer turns one into exit code 130, silently)
        return fail(_what_was_saved("interrupted: nothing was saved", "interrupted after saving"),
                    130)
    return result if isinstance(result, int) else 0


def _unexpected(error: Exception) -> int:
    """Any other exception, typer's among them: one ``Error:`` line, never a traceback.
    A usage error is exit 2, and so is typer's Abort (the input ended before an answer);
    anything else is a fault companion did not foresee: exit 3, its type named."""
    typer = sys.modules.get("typer")  # loaded only if typer read the words
    if typer is not None and isinstance(error, typer.Abort):
        return fail(f"the input ended before the command had its answer; {_what_was_saved()}",
                    2)
    # click's ClickException, reached through typer's public BadParameter (typer vendors
    # click); without typer loaded, no usage error to tell apart
    usage = next((base for base in typer.BadParameter.__mro__
                  if base.__name__ == "ClickException"), ()) if typer is not None else ()
    if isinstance(error, usage):
        return fail(error.format_message(), 2)
    detail = " ".join(str(error).split())[:200]
    return fail(f"unexpected {type(error).__name__}{': ' if detail else ''}{detail} (a fault "
                f"in companion: please report it); {_what_was_saved()}", 3)


def fail(message: str, code: int) -> int:
    """Print ``message`` as the one ``Error:`` line on stderr; return ``code``."""
    from companion.cli.output import error_text

    try:
        sys.stdout.flush()
    except (OSError, ValueError, AttributeError):
        _drop_stdout()
    try:
        sys.stderr.write(error_text(message))
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass  # nowhere left to say it: the exit code says it
    return code


def _drop_stdout() -> None:
    """Point the output at /dev/null, so that the flush at exit cannot fail again."""
    try:
        fd = sys.stdout.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass  # an in-process stream (tests): nothing to flush at exit


def _what_was_saved(nothing: str = "nothing was saved", saved: str = "it had saved") -> str:
    """What a command stopped short had saved: ``nothing``, or the save files it wrote
    since it began, kept."""
    store = sys.modules.get("companion.store")
    written = store.saved_since_asked() if store is not None else []
    if not written:
        return nothing
    return (f"{saved} {', '.join(str(path) for path in written)}: that change was kept "
            "('undo' takes it back)")
