"""The ``companion`` command: sub-commands per game kind, plus games, rules, demo.

``run`` is the one place where core errors become ``Error: ...`` lines and
exit codes (0 ok, 1 refused by a rule, 2 bad input, 3 data problem).
"""

from __future__ import annotations

import sys
from typing import Annotated, NoReturn

import typer

from companion.cli import hebrac
from companion.cli.common import JsonOption, echo, emit_json, games
from companion.errors import CompanionError

app = typer.Typer(
    name="companion",
    help="Scorekeeper and rules companion for card games played with real cards.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(hebrac.app, name="hebrac", help="Hebrac's Dungeon: solo dungeon crawl.")

games_app = typer.Typer(
    help="List and remove saved games.", invoke_without_command=True, rich_markup_mode=None
)
app.add_typer(games_app, name="games")


@games_app.callback()
def games_list(ctx: typer.Context, as_json: JsonOption = False) -> None:
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
    name: Annotated[str, typer.Argument(help="The game to remove.")],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask.")] = False,
) -> None:
    """Remove a saved game (its last version stays among the backups)."""
    store = games().store
    if not store.exists(name):
        store.read(name)  # raises the not-found error
    if not yes and not typer.confirm(f"Remove {name}?", default=False):
        echo("Kept.")
        raise typer.Exit(1)
    store.remove(name)
    echo(f"Removed {name}; its last version is in {store.backup_path(name, 1)}.")


@games_app.command("use")
def games_use(name: Annotated[str, typer.Argument(help="The game to make current.")]) -> None:
    """Make a saved game the current one."""
    store = games().store
    store.read(name)
    store.set_current(name)
    echo(f"{name} is now the current game.")


@app.command()
def demo(
    example: Annotated[
        str | None, typer.Argument(help="An example's name (default: the first).")
    ] = None,
) -> None:
    """Replay an example game in a temporary home and print every ruling."""
    from companion.demo import run_demo

    for line in run_demo(example):
        echo(line)


def run(argv: list[str] | None = None) -> NoReturn:
    """Entry point: run the app and map every error to one line and an exit code."""
    from typer._click import exceptions as click_errors

    try:
        result = app(args=argv, prog_name="companion", standalone_mode=False)
    except CompanionError as error:
        _fail(str(error), error.exit_code)
    except click_errors.UsageError as error:
        _fail(error.format_message(), 2)
    except typer.Abort:
        _fail("aborted", 1)
    except click_errors.ClickException as error:
        _fail(error.format_message(), 2)
    except KeyboardInterrupt:
        _fail("interrupted", 130)
    except BrokenPipeError:
        sys.exit(0)
    sys.stdout.flush()
    sys.exit(result if isinstance(result, int) else 0)


def _fail(message: str, code: int) -> NoReturn:
    sys.stdout.flush()
    first = " ".join(message.split())
    sys.stderr.write(f"Error: {first}\n")
    sys.exit(code)
