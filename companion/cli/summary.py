"""companion KIND summary: look back at a game; also printed when a game ends."""

from __future__ import annotations

from typing import Any

import typer

from companion.cli.common import echo_lines, emit_json, games
from companion.cli.options import GameOption, JsonOption
from companion.cli.output import blocks_allowed, width


def game_app(kind: str, about: str) -> typer.Typer:
    """A game kind's typer commands, its ``summary`` among them."""
    app = typer.Typer(no_args_is_help=True, rich_markup_mode=None, help=about)

    @app.command("summary")
    def summary(game: GameOption = None, as_json: JsonOption = False) -> None:
        """Look back at the game: its figures and a life chart (any time)."""
        record, _, tracer = traced_game(game, kind)
        history = tracer.finish(len(record.actions))
        if as_json:
            emit_json({"game": record.name, **history.as_json()})
            return
        from companion.summary import summary_lines

        echo_lines(summary_lines(history, record.name, width(),
                                 ascii_only=not blocks_allowed()))

    return app


def traced_game(game: str | None, kind: str | None
                ) -> tuple[Any, dict[str, Any], Any]:
    """A saved game replayed once: its record, its settings as the engine reads them, and
    its tracer after every action (``companion.history.traced``), whose engine holds the
    final state. A game that does not replay is opened as usual: the error every command
    gives."""
    from companion.editions import saved
    from companion.game import load_kind
    from companion.history import traced

    store = games()
    name = store.resolve(game, kind)
    record = store.store.read(name)
    try:
        settings = load_kind(record.kind).normalize_settings(saved(record.settings))
        return record, settings, traced(record.kind, settings, record.actions)
    except Exception:
        opened = store.open(name)  # raises the store's own words for a game that does not replay
    return opened.record, opened.settings, traced(opened.record.kind, opened.settings,
                                                  opened.record.actions)
