"""Checks that a game's CLI commands agree with its verb table (companion/KIND/grammar.py).

The verb table is the one declaration of a game's actions; the typer commands
keep their own declarations (for typer and the quick path's table), so this
check holds the two together: every verb has a command of its name, every
option of the verb is an option of the command (same word, short form,
repeatable or not, flag or not), a verb with words takes words, and the
command's help starts with the verb's help line.
"""

from __future__ import annotations

import importlib
import inspect
import tomllib
import typing
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from companion import verbs
from companion.cli.declare import Param as CliParam
from companion.resources import resource_dir

# Options every game command has that are no part of an action.
CLI_ONLY = frozenset({"--game", "--json"})


def cli_params(function: Any) -> tuple[dict[str, tuple[set[str], bool, bool]], int]:
    """A command's options (each word to: its other words, repeatable, flag) and how
    many positional parameters it has."""
    hints = typing.get_type_hints(function, include_extras=True)
    options: dict[str, tuple[set[str], bool, bool]] = {}
    positional = 0
    for name in inspect.signature(function).parameters:
        hint = hints.get(name)
        if typing.get_origin(hint) is not typing.Annotated:
            continue  # a context
        base, *marks = typing.get_args(hint)
        mark = next((m for m in marks if isinstance(m, CliParam)), None)
        if mark is None:
            continue
        if mark.kind == "argument":
            positional += 1
            continue
        words = set(mark.names) or {"--" + name.replace("_", "-")}
        text = str(base)
        repeatable = "list" in text
        is_flag = base is bool or text.startswith("bool")
        long = next((w for w in sorted(words) if w.startswith("--")), "")
        options[long.split("/")[0]] = (words, repeatable, is_flag)
    return options, positional


def help_of(function: Any, settings: dict[str, Any]) -> str:
    text = settings.get("help") or inspect.getdoc(function) or ""
    return " ".join(text.split())


def disagreements(kind: str, grammar: verbs.Grammar,
                  cli_only: Iterable[str] = ()) -> list[str]:
    """What the CLI of ``kind`` says differently from its verb table; empty when none."""
    app = importlib.import_module(f"companion.cli.{kind}").app
    extra = CLI_ONLY | set(cli_only)
    found: list[str] = []
    for verb in grammar.verbs.values():
        if verb.name not in app.commands:
            found.append(f"{verb.name}: no CLI command")
            continue
        function, settings = app.commands[verb.name]
        if getattr(function, "verb", None) is verb:
            continue  # made from the verb table and read by it: nothing to hold together
        options, positional = cli_params(function)
        wanted = {p.option: p for p in verb.params if not p.positional}
        for word, param in wanted.items():
            if word not in options:
                found.append(f"{verb.name}: the CLI has no {word}")
                continue
            words, repeatable, is_flag = options[word]
            if param.short and param.short not in words:
                found.append(f"{verb.name}: {word} has no short form {param.short} in the CLI")
            if repeatable != (param.kind == verbs.OPTIONS):
                found.append(f"{verb.name}: {word} repeatable in one and not the other")
            if is_flag != (param.kind in (verbs.FLAG, verbs.SWITCH)):
                found.append(f"{verb.name}: {word} a flag in one and not the other")
        for word in options:
            if word not in wanted and word not in extra:
                found.append(f"{verb.name}: the CLI's {word} is not in the verb table")
        takes_words = any(p.positional for p in verb.params)
        if takes_words != (positional > 0):
            found.append(f"{verb.name}: words in one and not the other")
        if not help_of(function, settings).startswith(" ".join(verb.help.split())):
            found.append(f"{verb.name}: the CLI's help does not start with {verb.help!r}")
    return found


def saves(kind: str) -> list[Path]:
    """Every saved game of ``kind`` the project keeps: the examples and the legacy saves
    (a Half Deck card catalog among the examples is not a game)."""
    legacy = Path(__file__).parent / "legacy"
    found = [*sorted(resource_dir("examples").glob(f"{kind}-*.toml")),
             *sorted(legacy.glob(f"{kind}-*.toml")),
             *sorted((legacy / "crafted").glob(f"{kind}-*.toml"))]
    return [path for path in found if "actions" in tomllib.loads(path.read_text())]


def saved_actions(kind: str) -> list[str]:
    """Every action line of those saves."""
    return [action for path in saves(kind) for action in tomllib.loads(path.read_text())["actions"]]


def same(one: object, other: object) -> bool:
    """Equal values of the same verb (two verbs' values of equal fields are equal tuples)."""
    return type(one) is type(other) and one == other
