"""companion elbereth odds / companion halfdeck odds: chances before a roll
(``companion.dice_odds``).
"""

from __future__ import annotations

from typing import Annotated

from typer import Argument, Option

from companion.cli.common import echo_lines, emit_json, games, width
from companion.cli.options import GameOption, JsonOption, whole


def elbereth_odds(
    enemy: Annotated[str | None, Argument(
        help="The enemy about to be attacked (name or strength); default: the missed one, "
             "else every enemy.")] = None,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Chance to hit: with 0, 1, 2 or 3 offensive items spent after a miss, best first."""
    from companion.dice_odds import elbereth_report

    store = games()
    opened = store.open(store.resolve(game, "elbereth"))
    lines, data = elbereth_report(opened.engine, enemy, width())
    if as_json:
        emit_json({"game": opened.record.name, **data})
        return
    echo_lines(lines)


def halfdeck_odds(
    target: Annotated[int | None, Option(
        help="Ask about this number instead of the encounter's.",
                parser=whole("--target", "halfdeck"))] = None,
    attribute: Annotated[str | None, Option(
        help="With --target: strength or magic.")] = None,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Chance to hit: for each hero, alone and with an assistant, best first."""
    from companion.dice_odds import halfdeck_report

    store = games()
    opened = store.open(store.resolve(game, "halfdeck"))
    lines, data = halfdeck_report(opened.engine, target,
                                  attribute.lower() if attribute else None, width())
    if as_json:
        emit_json({"game": opened.record.name, **data})
        return
    echo_lines(lines)
