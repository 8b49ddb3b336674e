"""The commands typer reads: their shared options, the root, and running one.

Imported only when such a command runs: importing typer costs about as much as a
game's line.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Annotated, Any

import typer
from typer import Option
from typer.models import Default

from companion.errors import BadInput

GameOption = Annotated[
    str | None, Option("--game", "-g", help="Act on this saved game, not the current one.")
]
JsonOption = Annotated[bool, Option("--json", "-j", help="Print JSON instead of text.")]
NameOption = Annotated[str | None, Option("--name", help="Name of the new game.")]
OutputOption = Annotated[Path | None, Option(
    "--output", "-o", help="Write to FILE instead of the screen.", metavar="FILE")]


def whole(name: str, kind: str | None = None) -> Callable[[str | int], int]:
    """typer's reader of the whole number ``name`` (an option's long form): the one reader
    of numbers (``numbers.whole``; in a game, its verb table's, which may let a sign be
    typed), so typer refuses what every reader refuses ('1_0', '+1', '000000000000002')
    with the same error, not with its own int reader."""
    from companion.cli.grammar import grammar_of
    from companion.numbers import whole as whole_of_all

    read: Callable[[str, str], int] = whole_of_all if kind is None else grammar_of(kind).number

    def whole_number(value: str | int) -> int:
        if isinstance(value, int):  # a declared default, passed through the reader too
            return value
        try:
            return read(value, name)
        except BadInput as error:  # a ValueError: typer would put its own words on it
            raise Refused(error) from None

    return whole_number


class Refused(Exception):
    """A refusal raised inside typer's reading, carried out of it unchanged (``run``)."""

    def __init__(self, error: BadInput) -> None:
        super().__init__(str(error))
        self.error = error


def root(*names: str, keep: tuple[str, ...] = ()) -> typer.Typer:
    """The ``companion`` app holding the top-level words ``names`` (all of them: the whole
    tree), each with only the command or group at ``keep`` below it (all when empty). A
    command runs from a root holding its own path only: the same options and errors,
    while typer reads no other command (each costs it a reading of its signature)."""
    from companion.cli.grammar import ENTRIES, HELP

    app = typer.Typer(name="companion", help=HELP, no_args_is_help=True, add_completion=False,
                      pretty_exceptions_enable=False, rich_markup_mode=None,
                      context_settings={"help_option_names": ["-h", "--help"]})
    # The root's options (--plain, --no-pager) are read before typer (``main.dispatched``).
    app.callback()(lambda: None)
    for name in names:
        entry = ENTRIES[name]
        found = entry.load()
        if isinstance(found, typer.Typer):  # the group's own help unless the entry has one
            app.add_typer(narrowed(found, keep), name=name, help=entry.help or Default(None))
        else:
            app.command(name, help=entry.help)(found)
    return app


def narrowed(group: typer.Typer, keep: tuple[str, ...]) -> typer.Typer:
    """``group`` with only the command or group at ``keep`` below it (``group`` itself when
    ``keep`` is empty); ``KeyError`` when it has no such command."""
    if not keep:
        return group
    from copy import copy

    from companion.cli.grammar import infos

    kept = copy(infos(group)[keep[0]])
    alone = typer.Typer()
    alone.info, alone.registered_callback = group.info, group.registered_callback
    if isinstance(kept, typer.models.TyperInfo) and kept.typer_instance is not None:
        kept.typer_instance = narrowed(kept.typer_instance, keep[1:])
        alone.registered_groups = [kept]
    else:
        alone.registered_commands = [kept]
    return alone


@cache
def whole_app() -> typer.Typer:
    """Every command typer reads as one app (in-process callers, the tests); a game's
    lines are not among them: its verb table reads them."""
    from companion.cli.grammar import REGISTRY

    return root(*(entry.name for entry in REGISTRY))


@cache
def tree(path: tuple[str, ...]) -> Any:
    """The click command typer makes of the root holding the command or group at ``path``
    (kept: the shell runs the same commands again)."""
    return typer.main.get_command(root(*path[:1], keep=path[1:]))


def leaf(path: tuple[str, ...]) -> Any:
    found = tree(path)
    for name in path:
        found = found.commands[name]
    return found


def owners(path: tuple[str, ...]) -> dict[str, Any]:
    """Each option word of the command at ``path``, as typer reads it: its parameter."""
    return {word: p for p in leaf(path).params if p.param_type_name == "option"
            for word in (*p.opts, *p.secondary_opts)}


def run(path: tuple[str, ...], args: list[str], at: int | None) -> Any:
    """Let typer read and run ``companion ARGS`` (``at``: where the words of the command at
    ``path`` start, None when they lead to no one command); errors are raised, not
    printed."""
    if at is not None:
        from companion.verbs import spell_options

        owner = owners(path)
        own = spell_options([o for o in owner if o.startswith("--")], args[at:])
        refuse_repeats(owner, own)
        args = args[:at] + own
    try:
        return tree(path).main(args=args, prog_name="companion", standalone_mode=False)
    except Refused as refused:
        raise refused.error from None


def refuse_repeats(owner: dict[str, Any], words: list[str]) -> None:
    """Refuse an option given twice where it takes one value (``verbs.given_twice``, as the
    game lines do): typer would keep the last one silently. ``words`` have their long
    options spelled out; an option's value is not an option."""
    typed: dict[str, list[str]] = {}
    rest = iter(words)
    for word in rest:
        if word == "--":
            break
        name, equals = (word.partition("=")[0], "=" in word) if word.startswith("--") else (
            word[:2], len(word) > 2)
        param = owner.get(name) if word.startswith("-") else None
        if param is None:
            continue
        if not param.is_flag and not equals:
            next(rest, None)  # its value, whatever it looks like
        if not param.multiple:
            forms = param.secondary_opts if name in param.secondary_opts else param.opts
            typed.setdefault(param.name, []).append(
                next((form for form in forms if form.startswith("--")), name))
    for words_typed in typed.values():
        if len(words_typed) > 1:
            from companion.verbs import given_twice

            raise given_twice(*words_typed)
