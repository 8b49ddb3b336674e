"""companion stats / companion export: looking back over every saved game."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

from typer import Argument, Option

from companion import stats as records
from companion.cli.common import echo, games, width, write_output
from companion.cli.options import JsonOption, OutputOption
from companion.cli.output import answer, blocks_allowed, paged
from companion.errors import BadInput
from companion.kinds import kind_info

if TYPE_CHECKING:
    from collections.abc import Mapping

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
    if player is None and not players:
        found = records.figures(records.read_games(games().store, warn, kind=chosen), chosen,
                                every=every)
        answer(as_json, found, records.stats_lines(found, width(),
                                                   ascii_only=not blocks_allowed()))
        return
    # The roster, or one player's record (``player``, matched against the roster).
    if player is not None and players:
        raise BadInput("--players lists the players, --player NAME shows one: not both")
    records.check_kind(chosen)
    entries = records.read_games(games().store, warn, kind=chosen)
    everyone = records.people(entries)
    data: Mapping[str, object]  # the roster's figures, or one player's
    if player is None:
        data = records.roster_figures(everyone, chosen, every=every)
        lines = records.roster_lines(data, width())
    else:
        data = records.player_figures(entries, records.find(everyone, player, chosen), chosen,
                                      every=every)
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
