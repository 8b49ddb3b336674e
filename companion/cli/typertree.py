"""The typer tree: the declarations handed to typer, only when typer must read the words.

``companion.cli.dispatch`` runs a plain command line without typer; anything
else (a usage error typer words, a command the quick path cannot read, help for
completion, the tests' whole tree) is built here: the same root, groups and
commands as the whole tree, narrowed to the path that runs. The quick path's
table (``companion/cli/command_table.py``) is written from typer's reading of
the same tree (``describe``).

    python -m companion.cli.dispatch    remakes companion/cli/command_table.py
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from companion.cli.commands import target
from companion.cli.declare import Group, Param
from companion.cli.verbcommands import VerbCommand
from companion.errors import BadInput


def typer_hint(hint: Any, name: str = "", kind: str | None = None) -> Any:
    """A declared type hint as typer reads it: ``Option``/``Argument`` records become
    typer's own, the declared ``Context`` typer's context."""
    import typing

    import typer

    from companion.cli.declare import Context

    if hint is Context:
        return typer.Context
    if typing.get_origin(hint) is not typing.Annotated:
        return hint
    base, *marks = typing.get_args(hint)
    made = [(typer.Option(*m.names, **{**_number(base, m.names or (
                "--" + name.replace("_", "-"),), kind), **m.settings})
             if m.kind == "option" else typer.Argument(**{**_number(base, (name,), kind),
                                                         **m.settings}))
            if isinstance(m, Param) else m for m in marks]
    return typing.Annotated[(base, *made)]


def _number(base: Any, names: tuple[str, ...], kind: str | None) -> dict[str, Any]:
    """typer's settings for a parameter of type ``base``: a whole number's reader."""
    from companion.cli.quick import number_name

    return {"parser": whole_number(number_name(names), kind)} if _of_int(base) else {}


def _of_int(hint: Any) -> bool:
    """Whether ``hint`` holds whole numbers: ``int``, ``int | None``, ``list[int]``..."""
    import typing

    if hint is int:
        return True
    return any(_of_int(arg) for arg in typing.get_args(hint) if arg is not type(None))


def whole_number(name: str, kind: str | None = None) -> Callable[[Any], int]:
    """The reader typer is given for every whole number: the one reader of numbers
    (``quick.number_reader``), so typer refuses what every other reader refuses
    ('1_0', '+1', '000000000000002') with the same error, naming ``name``."""
    from companion.cli.quick import number_reader

    whole = number_reader(kind)

    def whole_number(value: Any) -> int:  # typer's usage lines say 'whole_number'
        try:
            return value if isinstance(value, int) else whole(str(value), name)
        except BadInput as error:  # typer would put its own words on a ValueError
            raise Refused(error) from None

    return whole_number


class Refused(Exception):
    """A refusal raised inside typer's reading, carried out of it unchanged
    (``run``, which raises ``error`` again)."""

    def __init__(self, error: BadInput) -> None:
        super().__init__(str(error))
        self.error = error


def run(root: Any, args: list[str]) -> Any:
    """Let the click tree ``root`` read and run ``args``; errors are raised, not printed."""
    try:
        return root.main(args=args, prog_name="companion", standalone_mode=False)
    except Refused as refused:
        raise refused.error from None


def typer_callback(function: Callable[..., Any], kind: str | None = None) -> Callable[..., Any]:
    """``function`` as typer must see it: its hints resolved and given typer's objects.
    A wrapper carries them, so the declared function itself is left as it is."""
    import functools
    import inspect
    import typing

    hints = typing.get_type_hints(function, include_extras=True)
    signature = inspect.signature(function)
    params = [p.replace(annotation=typer_hint(hints.get(p.name, p.annotation), p.name, kind))
              for p in signature.parameters.values()]

    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        return function(*args, **kwargs)

    del call.__wrapped__  # typer must read the new signature, not follow it back
    call.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=params, return_annotation=hints.get("return", None))
    call.__annotations__ = {p.name: p.annotation for p in params}
    return call


def typer_app(group: Group, keep: tuple[str, ...] | None = None, kind: str | None = None) -> Any:
    """``group`` as a ``typer.Typer``; with ``keep``, only the command at that path below
    it (nothing below when ``keep`` is empty: a group that runs by itself)."""
    import typer

    app = typer.Typer(**group.settings)
    if group.own is not None:
        function, settings = group.own
        app.callback(**settings)(typer_callback(function, kind))
    for name, (function, settings) in group.commands.items():
        if isinstance(function, VerbCommand):
            continue  # a game's line: its verb table reads it, never typer
        if keep is None or keep[:1] == (name,):
            app.command(name, **settings)(typer_callback(function, kind))
    for name, (sub, settings) in group.groups.items():
        if keep is None or keep[:1] == (name,):
            app.add_typer(typer_app(sub, None if keep is None else keep[1:], kind),
                          name=name, **settings)
    return app


def root_app() -> Any:
    """The top of every tree, whole or narrowed to one command: the same options and text."""
    import typer

    from companion.cli.commands import HELP, main_options

    root = typer.Typer(
        name="companion",
        help=HELP,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    root.callback()(typer_callback(main_options))
    return root


def add_entry(root: Any, name: str, keep: tuple[str, ...] | None = None) -> None:
    """Put one top-level word into ``root`` (only the command at ``keep`` below it, if
    given)."""
    from companion.cli.commands import ENTRIES

    entry = ENTRIES[name]
    found = entry.load()
    if isinstance(found, Group):
        texts = {} if entry.help is None else {"help": entry.help}
        root.add_typer(typer_app(found, keep, entry.name), name=entry.name, **texts)
    else:
        root.command(entry.name, help=entry.help)(typer_callback(found, entry.name))


@cache
def whole_app() -> Any:
    """Every command as one ``typer.Typer``: completion, in-process callers, the tests."""
    from companion.cli.commands import REGISTRY

    root = root_app()
    for entry in REGISTRY:
        add_entry(root, entry.name)
    return root


@cache
def command(path: tuple[str, ...]) -> Any:
    """The click tree from the root down to the command at ``path`` only (cached: the
    shell runs the same commands again)."""
    import typer.main

    root = root_app()
    add_entry(root, path[0], path[1:])
    return typer.main.get_command(root)


@cache
def group(kind: str) -> Any:
    """One top-level group built whole (a game's commands: the shell's help and Tab)."""
    import typer.main

    root = root_app()
    add_entry(root, kind)
    return typer.main.get_command(root).commands[kind]  # type: ignore[attr-defined]


@cache
def tree() -> Any:
    """The whole click tree: options a group does not have, completion, the quick table."""
    import typer.main

    return typer.main.get_command(whole_app())


def leaf(path: tuple[str, ...]) -> Any:
    """The click command at ``path``, from its narrowed tree."""
    found = command(path)
    for name in path:
        found = found.commands[name]
    return found


def option_names(found: Any) -> list[str]:
    """A click command's long option names, ``--no-x`` forms included."""
    return [o for p in found.params for o in (*p.opts, *p.secondary_opts) if o.startswith("--")]


def param_row(param: Any) -> tuple[Any, ...]:
    """One click parameter as a row of the quick path's table (``quick.Row``'s fields)."""
    kind = "argument" if param.param_type_name == "argument" else (
        "flag" if param.is_flag else "option")
    type_ = {"StringParamType": "str", "whole_number": "int"}.get(
        str(param.type.name) if type(param.type).__name__ == "FuncParamType"
        else type(param.type).__name__, "other")
    if kind == "flag":  # one that is on by default and has no off form: typer's to read
        on_alone = param.default not in (False, None) and not param.secondary_opts
        type_ = "other" if on_alone else "bool"
    elif param.nargs > 1:
        type_ = "other"
    return (param.name, kind, tuple(param.opts), tuple(getattr(param, "secondary_opts", ())),
            type_, param.nargs, bool(param.multiple), bool(param.required))


def describe() -> dict[tuple[str, ...], Any]:
    """The quick path's table, read from the typer tree: for every command it may run
    (a group's callback may run only a command of its own), the parameters' rows
    (``quick.Row``) and the name of its context parameter (or None)."""
    import typing

    from companion.cli.declare import Context

    def context_name(path: tuple[str, ...]) -> str | None:
        found = target(path)
        if isinstance(found, Group):
            assert found.own is not None  # only a group with a callback runs by itself
            found = found.own[0]
        hints = typing.get_type_hints(found, include_extras=True)
        return next((name for name, hint in hints.items() if hint is Context), None)

    table: dict[tuple[str, ...], Any] = {}

    def walk(node: Any, path: tuple[str, ...], called: bool) -> None:
        is_group = hasattr(node, "commands")
        if path and not called and (not is_group or node.invoke_without_command):
            table[path] = (tuple(param_row(p) for p in node.params), context_name(path))
        if is_group:
            below = called or (bool(path) and node.callback is not None)
            for name, child in node.commands.items():
                walk(child, (*path, name), below)

    walk(tree(), (), False)
    return table


def table_text() -> str:
    """``companion/cli/command_table.py`` as ``describe`` makes it."""
    lines = ['"""The commands\' parameters as typer reads them: the quick path\'s table.',
             "",
             "Made by ``python -m companion.cli.dispatch`` from the declarations; a test",
             'fails when it is out of date. Rows: see ``companion.cli.quick.Row``."""',
             "",
             "from typing import Any",
             "",
             "COMMANDS: dict[tuple[str, ...], Any] = {"]
    for path, (rows, context) in sorted(describe().items()):
        lines += [f"    {path!r}: (", "        ("]
        lines += [f"            {row!r}," for row in rows]
        lines += ["        ),", f"        {context!r},", "    ),"]
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_table() -> None:
    """Rewrite ``companion/cli/command_table.py`` from ``table_text``."""
    from pathlib import Path

    table = Path(__file__).with_name("command_table.py")
    table.write_text(table_text(), encoding="utf-8")
    print(f"wrote {table}")
