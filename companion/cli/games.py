"""companion games ...: list, remove and choose saved games; companion demo."""

from __future__ import annotations

from typing import Annotated

from companion.cli.common import JsonOption, echo, emit_json, games
from companion.cli.declare import Argument, Context, Group, Option
from companion.errors import CompanionError

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
