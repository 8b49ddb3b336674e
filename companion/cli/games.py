"""companion games ...: list, remove and choose saved games; companion demo."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer
from typer import Argument, Option

from companion.cli.common import echo, games
from companion.cli.options import JsonOption
from companion.cli.output import answer
from companion.current import NAME, read_pointer
from companion.errors import BadInput, CompanionError, GameNotFound
from companion.kinds import KINDS, kind_info

if TYPE_CHECKING:
    from companion.session import Games

games_app = typer.Typer(help="List and remove saved games.", invoke_without_command=True,
                        rich_markup_mode=None)


@games_app.callback()
def games_list(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """List saved games; '*' marks each kind's current game."""
    if ctx.invoked_subcommand is not None:
        return

    session = games()
    store = session.store
    rows: list[dict[str, object]] = []
    for name in store.names():
        try:
            record = store.read(name)
            rows.append({"name": name, "kind": record.kind, "updated": record.updated,
                         "outcome": record.outcome, "actions": len(record.actions),
                         "current": False})
        except CompanionError as error:
            rows.append({"name": name, "kind": "?", "updated": "?", "outcome": "unreadable",
                         "actions": 0, "current": False, "problem": str(error)})
    # Each kind's current game, from the kinds just read (no file is read twice); a game
    # that cannot be read has no kind, and is marked when it was made current last.
    known = {str(row["name"]): str(row["kind"]) for row in rows}
    current = {session.current_of(kind, known) for kind in KINDS}
    if known.get(last := read_pointer(store.home) or "") == "?":
        current.add(last)
    for row in rows:
        row["current"] = row["name"] in current
    answer(as_json, {"games": rows}, [text for row in rows for text in (
        f"{'*' if row['current'] else ' '} {row['name']}  {row['kind']}  {row['outcome']}",
        f"    {row['actions']} actions, {row['updated']}")]
        or ["No saved games. Start one with 'companion hebrac new'."])


@games_app.command("rm")
def games_rm(
    name: Annotated[str, Argument(help="The game to remove.")],
    yes: Annotated[bool, Option("--yes", "-y", help="Do not ask.")] = False,
) -> None:
    """Remove a saved game (its last version stays among the backups)."""
    store = games().store
    if not store.exists(name):
        store.read(name)  # raises the not-found error
    if not yes and not confirmed(f"Remove {name}?"):
        # Declining is an answer, not an error (as with 'rm -i'): exit 0.
        echo(f"Kept {name}: nothing was removed.")
        return
    store.remove(name)
    echo(f"Removed {name}; its last version is in {store.backup_path(name, 1)}.")


def confirmed(question: str) -> bool:
    """Ask ``question [y/N]`` on the terminal: True for y or yes (any case), False for
    anything else, as 'rm -i' reads it. No answer at all (the input ended, or cannot be
    read) is a usage error: '--yes' removes without asking."""
    sys.stdout.write(f"{question} [y/N]: ")
    sys.stdout.flush()
    try:
        answer = sys.stdin.readline() if sys.stdin is not None else ""
    except UnicodeDecodeError:
        answer = "?"  # an answer, and not yes
    except (OSError, ValueError):  # closed or unreadable: no answer
        answer = ""
    except KeyboardInterrupt:
        sys.stdout.write("\n")  # the interrupt's error line starts a line of its own
        raise
    if not answer:
        sys.stdout.write("\n")
        raise BadInput(f"no answer to '{question}': nothing was removed ('--yes' removes "
                       "without asking)")
    return answer.strip().lower() in ("y", "yes")


@games_app.command("use")
def games_use(name: Annotated[str, Argument(
        help="The game to make current (or a kind, to list its games).")]) -> None:
    """Make a saved game current (each kind keeps its own current game)."""
    session = games()
    store = session.store
    if not (NAME.fullmatch(name) and store.exists(name)):
        name = _only_match(session, name)
    kind = store.read(name).kind
    store.set_current(name)
    echo(f"{name} is now the current {kind} game.")


def _only_match(session: Games, wanted: str) -> str:
    """The one saved game ``wanted`` can mean: a kind's only game, or the only name that
    holds it; else an error listing the games it can mean (or all of them)."""
    from companion.session import listed

    store = session.store
    try:
        kind: str | None = kind_info(wanted).name
    except BadInput:
        kind = None
    if kind is not None:
        found = store.names_of(kind)
        what = f"{wanted!r} is a kind, not a game"
    else:
        found = [n for n in store.names() if wanted.lower() in n.lower()]
        what = f"no saved game named {wanted!r}"
    if len(found) == 1:
        return str(found[0])
    if found:
        raise GameNotFound(f"{what}: 'companion games use NAME' with NAME one of {listed(found)}")
    if kind is not None:
        raise GameNotFound(f"{what}: {session.choices(kind)}")
    others = store.names()
    if not others:
        raise GameNotFound(f"{what}: no game is saved yet")
    raise GameNotFound(f"{what}: the saved games are {listed(others)}")


def demo(example: Annotated[str | None, Argument(
        help="An example's name (default: the first).")] = None) -> None:
    """Replay an example game: in a temporary home, printing every ruling."""
    from companion.cli.helpformat import start_command
    from companion.cli.output import echo_lines, paged
    from companion.demo import run_demo

    shown = run_demo(example)
    # It ends on how to start one's own game: the demo's game is gone with its home.
    ending = [f"Your own game: {start_command(shown.kind)}"]
    if shown.first:
        ending.append(f"Then: {shown.first}")
    with paged():
        echo_lines([*shown.lines, *ending])
