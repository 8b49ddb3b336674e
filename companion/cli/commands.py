"""The ``companion`` command tree: one registry of top-level words, built on demand.

``REGISTRY`` names every top-level word once (a game kind's group or a
command) by where it lives, so nothing is imported until used: the dispatcher
(``companion.cli.dispatch``) imports only the command a line runs, and builds
typer commands from the same list (the whole tree only for help listings and
completion). A new top-level command is one ``Entry`` line here.
"""

from __future__ import annotations

import importlib
from typing import Annotated, Any

from companion.cli.declare import Option
from companion.values import Value

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
    Entry("halfdeck", "companion.cli.halfdeck:app",
          "Half Deck Dungeon Heroes: heroes and dice."),
    Entry("elbereth", "companion.cli.elbereth:app",
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


def target(path: tuple[str, ...]) -> Any:
    """The registry's object at ``path``: a ``Group`` or a command function."""
    found = ENTRIES[path[0]].load()
    for name in path[1:]:
        found = found.child(name)
    return found


def main_options(
    plain: Annotated[bool, Option(
        "--plain", help="Clean text: no colour, bold or line editing.")] = False,
    no_pager: Annotated[bool, Option(
        "--no-pager", help="Long output straight to the screen, not through a pager.")]
    = False,
) -> None:
    """Scorekeeper and rules companion for card games played with real cards."""
    from companion.cli.output import set_pager, set_plain

    # Both also reset between commands of one process (the shell, tests).
    set_plain(plain)
    set_pager(not no_pager)
