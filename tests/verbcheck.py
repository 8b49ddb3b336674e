"""Checks that a game's CLI commands are its verb table's (companion/KIND/grammar.py).

Every game command is made from the verb table and its words read by it
(``companion.cli.dispatch.VerbCommand``): this holds each verb to a command of its
name made from it, and gives the saved actions the grammar tests read.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from companion import verbs
from companion.resources import resource_dir


def disagreements(kind: str, grammar: verbs.Grammar[verbs.Value]) -> list[str]:
    """The verbs of ``kind`` with no command made from the verb table; empty when none."""
    from companion.cli.dispatch import names, target

    found: list[str] = []
    for verb in grammar.verbs.values():
        if verb.name not in names((kind,)):
            found.append(f"{verb.name}: no CLI command")
        elif getattr(target((kind, verb.name)), "verb", None) is not verb:
            found.append(f"{verb.name}: a command not made from the verb table")
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
