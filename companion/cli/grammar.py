"""The words of the command line: the registry of top-level words (a game kind or a
command, each named by where it lives, so that only the command a line runs is
imported; a new top-level command is one ``Entry`` line here), the short forms of the
commands every game shares and the kinds' own short names (a game's verbs declare theirs
in its verb table). Light: read on every line.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING, Any

from companion.kinds import KINDS
from companion.values import Value

if TYPE_CHECKING:
    from companion.verbs import Grammar
    from companion.verbs import Value as Action

HELP = "Scorekeeper and rules companion for card games played with real cards."


class Entry(Value):
    """A top-level word: ``target`` is ``module:attribute``, a ``Group`` of commands or a
    command function; ``help`` is a group's line in the listing."""

    name: str
    target: str
    help: str | None = None
    in_shell: bool = True  # 'shell' inside the shell makes no sense

    def load(self) -> Any:
        module, _, attribute = self.target.partition(":")
        return getattr(importlib.import_module(module), attribute)


REGISTRY: tuple[Entry, ...] = (  # in the order the top-level help lists them
    Entry("hebrac", "companion.cli.hebrac:app", "Hebrac's Dungeon: solo dungeon crawl."),
    Entry("tricky", "companion.cli.tricky:app", "Tricky Dungeon: trick-taking for 2-4 players."),
    Entry("halfdeck", "companion.cli.halfdeck_commands:app",
          "Half Deck Dungeon Heroes: heroes and dice."),
    Entry("elbereth", "companion.cli.elbereth_commands:app",
          "Elbereth: solo roguelike, seven floors."),
    Entry("games", "companion.cli.games:games_app"),
    Entry("shell", "companion.cli.shell:shell_command", in_shell=False),
    Entry("play", "companion.cli.shell:shell_command", "Same as 'shell'.", in_shell=False),
    Entry("serve", "companion.cli.serve:serve"),
    Entry("rules", "companion.cli.rules:rules_command"),
    Entry("sheet", "companion.cli.sheet:sheet"),
    Entry("stats", "companion.cli.stats:stats"),
    Entry("share", "companion.cli.share:share"),
    Entry("import", "companion.cli.share:import_game"),
    Entry("export", "companion.cli.stats:export"),
    Entry("demo", "companion.cli.games:demo"),
)
ENTRIES: dict[str, Entry] = {entry.name: entry for entry in REGISTRY}


def infos(group: Any) -> dict[str, Any]:
    """A typer group's commands, then its groups, by name (typer's order and names)."""
    found = {info.name or info.callback.__name__.lower().replace("_", "-"): info
             for info in group.registered_commands}
    found.update({info.name: info for info in group.registered_groups})
    return found

# The commands every game has. Undo and redo keep '-' and '+' everywhere, and 'u'/'r'
# where no commoner verb of the game wants the letter (a game's own short forms win).
SHARED: dict[str, str] = {"s": "status", "l": "log", "u": "undo", "r": "redo", "-": "undo",
                          "+": "redo"}


@cache
def grammar_of(kind: str) -> Grammar[Action]:
    """The verb table of ``kind`` (imported only when its game's words are read)."""
    grammar: Grammar[Action] = importlib.import_module(f"companion.{kind}.grammar").GRAMMAR
    return grammar


def aliases(kind: str) -> dict[str, str]:
    """A game's short forms: the shared ones, then its own verbs' (which win)."""
    return {**SHARED, **grammar_of(kind).aliases()}


def shorts_by_name(kind: str) -> dict[str, list[str]]:
    """Each command of a game that has short forms, and its short forms."""
    found: dict[str, list[str]] = {}
    for short, name in aliases(kind).items():
        found.setdefault(name, []).append(short)
    return found


def implicit_verb(kind: str | None, word: str) -> str | None:
    """The verb a game's line means when it starts with ``word`` instead of a verb: in
    Hebrac a chamber ('C1 3S') can only be entered, the action typed most after attack."""
    rule = grammar_of(kind).implicit if kind in KINDS else None
    return rule[1] if rule is not None and rule[0].fullmatch(word) else None
