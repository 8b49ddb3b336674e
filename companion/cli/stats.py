"""companion stats / companion export: looking back over every saved game."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

from companion.cli.common import JsonOption, echo, echo_lines, emit_json, games, width, write_output
from companion.cli.declare import Argument, Option
from companion.cli.output import blocks_allowed
from companion.errors import BadInput

KindArgument = Annotated[str | None, Argument(
    help="Only this game kind (hebrac, tricky, halfdeck, elbereth).", metavar="[GAME_KIND]")]
AllOption = Annotated[bool, Option("--all", help="Games still being played too.")]


def warn(message: str) -> None:
    sys.stdout.flush()
    sys.stderr.write(f"Warning: {' '.join(message.split())}\n")


def _kind(word: str | None) -> str | None:
    from companion.kinds import kind_info

    return kind_info(word).name if word is not None else None


def stats(
    kind: KindArgument = None,
    player: Annotated[str | None, Option(
        "--player", help="Tricky Dungeon: one player's wins, streaks and heroes.")] = None,
    as_json: JsonOption = False,
    every: AllOption = False,
) -> None:
    """Records over the saved games: wins, streaks and each game's own figures."""
    from companion.stats import check_player, figures, read_games, stats_lines

    chosen = _kind(kind)
    if player is not None and chosen not in (None, "tricky"):
        raise BadInput("--player counts a Tricky Dungeon player: the other games are solo")
    entries = read_games(games().store, warn, kind=chosen)
    if player is not None:
        check_player(entries, player)
        chosen = "tricky"
    data = figures(entries, chosen, player, every=every)
    if as_json:
        emit_json(data)
        return
    echo_lines(stats_lines(data, width(), ascii_only=not blocks_allowed()))


def export(
    kind: KindArgument = None,
    csv: Annotated[bool, Option("--csv", help="Comma-separated values, for a "
                                                    "spreadsheet.")] = False,
    every: AllOption = False,
    output: Annotated[Path | None, Option(
        "--output", "-o", help="Write to FILE instead of the screen.", metavar="FILE")] = None,
) -> None:
    """Every saved game as a table: one row per game, one per round for Tricky."""
    from companion.stats import csv_text, read_games

    if not csv:
        raise BadInput("say the format: 'companion export --csv'")
    entries = [e for e in read_games(games().store, warn, kind=_kind(kind))
               if every or e.ended]
    text = csv_text(entries)
    if output is None:
        sys.stdout.write(text)
        return
    write_output(output, text)
    echo(f"Wrote {len(entries)} game{'' if len(entries) == 1 else 's'} to {output}.")
