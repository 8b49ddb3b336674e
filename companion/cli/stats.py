"""companion stats / companion export: looking back over every saved game."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Annotated

from typer import Argument, Option

from companion import stats as records
from companion.cli.common import echo, games, width, write_output
from companion.cli.options import JsonOption, OutputOption
from companion.cli.output import answer, blocks_allowed, paged
from companion.errors import BadInput
from companion.kinds import kind_info

KindArgument = Annotated[str | None, Argument(
    help="Only this game kind (hebrac, tricky, halfdeck, elbereth).", metavar="[GAME_KIND]")]
AllOption = Annotated[bool, Option("--all", help="Games still being played too.")]


def warn(message: str) -> None:
    sys.stdout.flush()
    sys.stderr.write(f"Warning: {' '.join(message.split())}\n")


def _kind(word: str | None) -> str | None:
    return kind_info(word).name if word is not None else None


@paged()  # a long table: through the pager on a terminal
def stats(
    kind: KindArgument = None,
    player: Annotated[str | None, Option(
        "--player", help="One player's record, in every game (the name in any case, or "
                         "its start).", metavar="NAME")] = None,
    players: Annotated[bool, Option(
        "--players", help="Every player the saved games name.")] = False,
    as_json: JsonOption = False,
    every: AllOption = False,
) -> None:
    """Records over the saved games: wins, streaks and each game's own figures."""
    chosen = _kind(kind)
    if player is not None and players:
        raise BadInput("--players lists the players, --player NAME shows one: not both")
    if player is not None or players:  # the roster, or one player's record
        records.check_kind(chosen)
    entries = records.read_games(games().store, warn, kind=chosen)
    data: Mapping[str, object]  # the figures, the roster's, or one player's
    if player is None and not players:
        data = records.figures(entries, chosen, every=every)
        lines = records.stats_lines(data, width(), ascii_only=not blocks_allowed())
    elif player is None:
        data = records.roster_figures(records.people(entries), chosen, every=every)
        lines = records.roster_lines(data, width())
    else:
        person = records.find(records.people(entries), player, chosen)
        data = records.player_figures(entries, person, chosen, every=every)
        lines = records.player_lines(data, width(), ascii_only=not blocks_allowed())
    answer(as_json, data, lines)


def export(
    kind: KindArgument = None,
    csv: Annotated[bool, Option("--csv", help="Comma-separated values, for a "
                                                    "spreadsheet.")] = False,
    every: AllOption = False,
    output: OutputOption = None,
) -> None:
    """Every saved game as a table: one row per game, one per round for Tricky."""
    if not csv:
        raise BadInput("say the format: 'companion export --csv'")
    entries = [e for e in records.read_games(games().store, warn, kind=_kind(kind))
               if every or e.ended]
    if write_output(output, records.csv_text(entries)):
        echo(f"Wrote {len(entries)} game{'' if len(entries) == 1 else 's'} to {output}.")
