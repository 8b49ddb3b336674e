"""The summary printed after the action that ends a game (kept apart from the game
commands' module, which calls it, and from the ``summary`` command, which shares
``ascii_only``)."""

from __future__ import annotations

from typing import Any

from companion.cli.output import blocks_allowed, echo, echo_lines, width


def ascii_only() -> bool:
    """Plain ASCII bars with --plain, or where the output cannot carry the block characters."""
    return not blocks_allowed()


def echo_end_summary(opened: Any) -> None:
    """After the action that ended the game: the summary, set apart by a blank line."""
    from companion.history import trace
    from companion.summary import summary_lines

    record = opened.record
    history = trace(record.kind, opened.settings, record.actions)  # the game's edition
    echo()
    echo_lines(summary_lines(history, record.name, width(), ascii_only=ascii_only()))
