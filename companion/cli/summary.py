"""companion KIND summary: look back at a game; also printed when a game ends."""

from __future__ import annotations

from typing import Any

from companion.cli.common import GameOption, JsonOption, echo, echo_lines, emit_json, games
from companion.cli.declare import Group
from companion.cli.output import blocks_allowed, width


def ascii_only() -> bool:
    """Plain ASCII bars with --plain, or where the output cannot carry the block characters."""
    return not blocks_allowed()


def add_summary(app: Group, kind: str) -> None:
    """The ``summary`` verb of a game kind."""

    @app.command("summary")
    def summary(game: GameOption = None, as_json: JsonOption = False) -> None:
        """Look back at the game: its figures and a life chart (any time)."""
        show_summary(kind, game, as_json)


def show_summary(kind: str, game: str | None, as_json: bool) -> None:
    store = games()
    opened = store.open(store.resolve(game, kind))
    history = _history(opened)
    if as_json:
        emit_json({"game": opened.record.name, **history.as_json()})
        return
    from companion.summary import summary_lines

    echo_lines(summary_lines(history, opened.record.name, width(), ascii_only=ascii_only()))


def echo_end_summary(opened: Any) -> None:
    """After the action that ended the game: the summary, set apart by a blank line."""
    from companion.summary import summary_lines

    echo()
    echo_lines(summary_lines(_history(opened), opened.record.name, width(),
                             ascii_only=ascii_only()))


def _history(opened: Any) -> Any:
    from companion.history import trace

    record = opened.record
    return trace(record.kind, opened.settings, record.actions)  # with the game's edition
