"""The ``companion`` command tree: one registry of top-level words, built on demand.

``REGISTRY`` names every top-level word once (a game kind's group or a
command) by where it lives, so nothing is imported until used: the dispatcher
(``companion.cli.dispatch``) imports only the command a line runs, and builds
typer commands from the same list (the whole tree only for help listings and
completion). A new top-level command is one ``Entry`` line here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Annotated, Any

from companion.cli.common import JsonOption, echo, emit_json, games
from companion.cli.declare import Argument, Context, Group, Option
from companion.errors import CompanionError

HELP = "Scorekeeper and rules companion for card games played with real cards."


@dataclass(frozen=True, slots=True)
class Entry:
    """A top-level word: ``target`` is ``module:attribute``, a ``Group`` of commands or a
    command function; ``help`` is a group's line in the listing."""

    name: str
    target: str
    help: str | None = None
    in_shell: bool = True  # 'shell' inside the shell makes no sense

    def load(self) -> Any:
        module, _, attribute = self.target.partition(":")
        return getattr(importlib.import_module(module), attribute)


REGISTRY: tuple[Entry, ...] = (
    Entry("hebrac", "companion.cli.hebrac:app", "Hebrac's Dungeon: solo dungeon crawl."),
    Entry("tricky", "companion.cli.tricky:app", "Tricky Dungeon: trick-taking for 2-4 players."),
    Entry("halfdeck", "companion.cli.halfdeck:app",
          "Half Deck Dungeon Heroes: heroes and dice."),
    Entry("elbereth", "companion.cli.elbereth:app",
          "Elbereth: solitaire roguelike, seven floors."),
    Entry("rules", "companion.cli.rules:rules_command"),
    Entry("share", "companion.cli.share:share"),
    Entry("import", "companion.cli.share:import_game"),
    Entry("sheet", "companion.cli.sheet:sheet"),
    Entry("stats", "companion.cli.stats:stats"),
    Entry("export", "companion.cli.stats:export"),
    Entry("games", "companion.cli.commands:games_app"),
    Entry("demo", "companion.cli.commands:demo"),
    Entry("shell", "companion.cli.shell:shell_command", in_shell=False),
    Entry("play", "companion.cli.shell:shell_command", "Same as 'shell'.", in_shell=False),
)
ENTRIES: dict[str, Entry] = {entry.name: entry for entry in REGISTRY}


def main_options(
    plain: Annotated[bool, Option(
        "--plain", help="Clean text: no colour, bold or line editing.")] = False,
) -> None:
    """Scorekeeper and rules companion for card games played with real cards."""
    from companion.cli.output import set_plain

    set_plain(plain)  # also resets it between commands of one process (the shell, tests)


games_app = Group(
    help="List and remove saved games.", invoke_without_command=True, rich_markup_mode=None
)


@games_app.callback()
def games_list(ctx: Context, as_json: JsonOption = False) -> None:
    """List saved games; '*' marks the current one."""
    if ctx.invoked_subcommand is not None:
        return
    store = games().store
    current = store.current()
    rows = []
    for name in store.names():
        try:
            record = store.read(name)
            rows.append({"name": name, "kind": record.kind, "updated": record.updated,
                         "outcome": record.outcome, "actions": len(record.actions),
                         "current": name == current})
        except CompanionError as error:
            rows.append({"name": name, "kind": "?", "updated": "?", "outcome": "unreadable",
                         "actions": 0, "current": name == current, "problem": str(error)})
    if as_json:
        emit_json({"games": rows})
        return
    if not rows:
        echo("No saved games. Start one with 'companion hebrac new'.")
        return
    for row in rows:
        mark = "*" if row["current"] else " "
        echo(f"{mark} {row['name']}  {row['kind']}  {row['outcome']}")
        echo(f"    {row['actions']} actions, {row['updated']}")


@games_app.command("rm")
def games_rm(
    name: Annotated[str, Argument(help="The game to remove.")],
    yes: Annotated[bool, Option("--yes", "-y", help="Do not ask.")] = False,
) -> None:
    """Remove a saved game (its last version stays among the backups)."""
    store = games().store
    if not store.exists(name):
        store.read(name)  # raises the not-found error
    if not yes:
        from typer import confirm

        if not confirm(f"Remove {name}?", default=False):
            echo("Kept.")
            raise SystemExit(1)
    store.remove(name)
    echo(f"Removed {name}; its last version is in {store.backup_path(name, 1)}.")


@games_app.command("use")
def games_use(name: Annotated[str, Argument(help="The game to make current.")]) -> None:
    """Make a saved game the current one."""
    store = games().store
    store.read(name)
    store.set_current(name)
    echo(f"{name} is now the current game.")


def demo(
    example: Annotated[
        str | None, Argument(help="An example's name (default: the first).")
    ] = None,
) -> None:
    """Replay an example game in a temporary home and print every ruling."""
    from companion.demo import run_demo

    for line in run_demo(example):
        echo(line)
