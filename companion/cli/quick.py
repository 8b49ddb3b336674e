"""The quick path: a command other than a game's line run without importing typer
(a game's line is its verb table's: ``companion.cli.verbcommands``).

Importing typer costs about as much as the commands themselves, so a command
line whose words are plain (known options, values where values go, nothing
typer would refuse or print help for) is read here and its function called
directly. The reading follows a table (``companion.cli.command_table``) that
is made from typer's own reading of the declarations, so the two cannot
disagree on names, flags or types; anything this reader is not sure of
(help, an unknown or repeated option, a value that is not a plain number, a
missing or extra argument) goes to typer, which runs it or says what is
wrong. A test runs every command both ways and compares the bytes.

    python -m companion.cli.dispatch    rewrites the table after a command changes
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.values import Value


class Row(Value):
    """One parameter as typer reads it: ``kind`` is argument, option or flag; ``on``
    its option words (a flag's ``off`` words set it false); ``type`` str, int or other
    (anything else, read by typer); ``nargs`` -1 for an argument taking the rest."""

    name: str
    kind: str
    on: tuple[str, ...]
    off: tuple[str, ...]
    type: str
    nargs: int
    multiple: bool
    required: bool


def entry(path: tuple[str, ...]) -> tuple[list[Row], str | None] | None:
    """The rows of the command at ``path`` and its context parameter's name, or None
    where the quick path cannot run it."""
    from companion.cli.command_table import COMMANDS

    found = COMMANDS.get(path)
    if found is None:
        return None
    return [Row(*row) for row in found[0]], found[1]


def read(rows: list[Row], words: list[str],
         long_options: Callable[[list[str], list[str]], list[str]],
         number: Callable[[str, str], int] | None = None) -> dict[str, Any] | None:
    """The values typer would pass for ``words`` (those given; the rest keep the
    function's defaults), or None where typer must read them. ``long_options`` spells
    out prefixes of long options, as it does for typer."""
    options = {word: row for row in rows if row.kind != "argument" for word in row.on}
    offs = {word: row for row in rows if row.kind == "flag" for word in row.off}
    words = long_options([w for w in (*options, *offs) if w.startswith("--")], words)
    refuse_repeats(rows, words)
    values: dict[str, Any] = {}
    given: list[str] = []
    rest = iter(words)
    for word in rest:
        if word == "--":
            return None
        if len(word) < 2 or not word.startswith("-"):
            given.append(word)
            continue
        name, equals, attached = word.partition("=") if word.startswith("--") else (
            word[:2], "=" if len(word) > 2 else "", word[2:])
        if name in offs and not equals and offs[name].type == "bool":
            values[offs[name].name] = False
            continue
        row = options.get(name)
        if row is None:
            return None  # help, a combined or unknown option: typer says what it is
        if row.kind == "flag":
            if equals or row.type != "bool":
                return None
            values[row.name] = True
            continue
        value = attached if equals else next(rest, None)
        if value is None or (not equals and value.startswith("-") and len(value) > 1):
            return None
        converted = convert(row, value, number)
        if converted is None:
            return None
        if row.multiple:
            values.setdefault(row.name, []).append(converted)
        else:
            values[row.name] = converted
    positional = [row for row in rows if row.kind == "argument"]
    spread = unpack(given, [row.nargs for row in positional])
    if spread is None:
        return None
    for row, value in zip(positional, spread, strict=True):
        if value is None or value == ():
            if row.required:
                return None
            continue  # the function's default, as typer passes it
        if row.nargs == 1:
            converted = convert(row, value, number)
            if converted is None:
                return None
            values[row.name] = converted
        else:
            items = [convert(row, item, number) for item in value]
            if any(item is None for item in items):
                return None
            values[row.name] = items
    return values


def refuse_repeats(rows: list[Row], words: list[str]) -> None:
    """Refuse an option given twice where it takes one value (``verbs.given_twice``, the
    words of every command and of the game lines): typer would keep the last one silently.
    ``words`` have their long options spelled out; an option's value is not an option."""
    owner = {word: row for row in rows if row.kind != "argument" for word in (*row.on, *row.off)}
    typed: dict[str, list[str]] = {}
    rest = iter(words)
    for word in rest:
        if word == "--":
            break
        name, equals = (word.partition("=")[0], "=" in word) if word.startswith("--") else (
            word[:2], len(word) > 2)
        row = owner.get(name) if word.startswith("-") else None
        if row is None:
            continue
        if row.kind == "option" and not equals:
            next(rest, None)  # its value, whatever it looks like
        if not row.multiple:
            forms = row.off if name in row.off else row.on
            typed.setdefault(row.name, []).append(
                next((form for form in forms if form.startswith("--")), name))
    for words_typed in typed.values():
        if len(words_typed) > 1:
            from companion.verbs import given_twice

            raise given_twice(*words_typed)


def convert(row: Row, value: str, number: Callable[[str, str], int] | None = None) -> Any:
    """``value`` as typer converts it; None where only typer should (it may refuse).
    A whole number is read by ``number`` (``number_reader``), as typer reads it."""
    if row.type == "str":
        return value
    if row.type == "int":
        return (number or number_reader(None))(value, number_name(row.on))
    return None


def number_reader(kind: str | None) -> Callable[[str, str], int]:
    """The reader of whole numbers in the commands of ``kind`` (a game: its verb table's
    ``number``; else none): every reader of command lines, typer's too, calls it."""
    from companion.kinds import KINDS

    if kind in KINDS:
        from companion.cli.grammar import grammar_of

        return grammar_of(kind).number
    from companion.numbers import whole

    return whole


def number_name(words: Sequence[str]) -> str:
    """What a number's error names: the parameter's long option, else its first word."""
    return next((word for word in words if word.startswith("--")), words[0])


def unpack(words: list[str], nargs: list[int]) -> list[Any] | None:
    """Positional words shared out among arguments as click does (one may take the rest;
    those after it are filled from the end); None when words are left over or too few
    are there for the arguments after the one taking the rest."""
    taker = next((n for n, count in enumerate(nargs) if count < 0), None)
    if taker is None:
        if len(words) > len(nargs):
            return None
        return [*words, *[None] * (len(nargs) - len(words))]
    before, after = len(nargs[:taker]), len(nargs[taker + 1:])
    if len(words) < before + after:
        return None
    end = len(words) - after
    return [*words[:before], tuple(words[before:end]), *words[end:]]
