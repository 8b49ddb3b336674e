"""The ``companion`` command tree: sub-commands per game kind, plus games, rules, demo, shell.

Register a game kind's sub-app here with one ``app.add_typer(...)`` line.
``companion.cli.main.run`` is the entry point: it maps errors to exit codes
and answers ``KIND status`` without importing this module (or typer).
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any

import typer

from companion.cli import elbereth, halfdeck, hebrac, rules, share, sheet, tricky
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


@app.callback()
def main_options(
    plain: Annotated[bool, typer.Option(
        "--plain", help="Clean text: no colour, bold or line editing.")] = False,
) -> None:
    """Scorekeeper and rules companion for card games played with real cards."""
    from companion.cli.output import set_plain

    set_plain(plain)  # also resets it between commands of one process (the shell, tests)


KIND_APPS: dict[str, tuple[typer.Typer, str]] = {
    "hebrac": (hebrac.app, "Hebrac's Dungeon: solo dungeon crawl."),
    "tricky": (tricky.app, "Tricky Dungeon: trick-taking for 2-4 players."),
    "halfdeck": (halfdeck.app, "Half Deck Dungeon Heroes: heroes and dice."),
    "elbereth": (elbereth.app, "Elbereth: solitaire roguelike, seven floors."),
}
for _kind, (_sub_app, _help) in KIND_APPS.items():
    app.add_typer(_sub_app, name=_kind, help=_help)
app.command("rules")(rules.rules_command)
app.command("share")(share.share)
app.command("import")(share.import_game)
app.command("sheet")(sheet.sheet)

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


@app.command()
def shell(
    game: Annotated[str | None, typer.Option(
        "--game", "-g", help="Play this saved game, not the current one.")] = None,
) -> None:
    """Interactive shell: a game's commands without the prefix, 'help' lists them."""
    from companion.cli.shell import run_shell

    code = run_shell(game)
    if code:
        raise typer.Exit(code)


app.command("play", help="Same as 'shell'.")(shell)


@cache
def click_command(kind: str | None = None) -> Any:
    """The click command built from ``app``, once per process (building it costs most of a
    command's own time; the shell and in-process callers run many commands).

    With ``kind``, only that game's sub-commands are built: a one-shot
    ``companion hebrac attack 7H`` need not build the other ninety commands.
    """
    import typer.main

    if kind not in KIND_APPS:
        return typer.main.get_command(app)
    narrow = typer.Typer(name="companion", add_completion=False, pretty_exceptions_enable=False,
                         rich_markup_mode=None,
                         context_settings={"help_option_names": ["-h", "--help"]})
    narrow.callback()(main_options)
    sub_app, text = KIND_APPS[kind]
    narrow.add_typer(sub_app, name=kind, help=text)
    return typer.main.get_command(narrow)
