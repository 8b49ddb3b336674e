"""companion elbereth new, odds and summary: the Elbereth commands typer reads (the odds
from ``companion.dice_odds``)."""

from __future__ import annotations

from typing import Annotated

from typer import Argument, Option

from companion.cli.common import new_game, open_game, width
from companion.cli.options import GameOption, JsonOption, NameOption
from companion.cli.output import answer
from companion.cli.summary import game_app

app = game_app("elbereth", "Elbereth: solitaire roguelike, seven floors, one die.")


@app.command("odds")
def elbereth_odds(
    enemy: Annotated[str | None, Argument(
        help="The enemy about to be attacked (name or strength); default: the missed one, "
             "else every enemy.")] = None,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Chance to hit: with 0, 1, 2 or 3 offensive items spent after a miss, best first."""
    from companion.dice_odds import elbereth_report

    opened = open_game(game, "elbereth")
    lines, data = elbereth_report(opened.engine, enemy, width())
    answer(as_json, {"game": opened.record.name, **data}, lines)


@app.command()
def new(
    equip: Annotated[tuple[str, str] | None, Option(
        help="The two pieces of equipment to start with.")] = None,
    bosses: Annotated[bool, Option("--bosses", help="The boss mini-expansion.")]
    = False,
    short_boost: Annotated[str, Option(help="A boost that falls short: settles the "
                                                  "miss, or is refused.")] = "settles",
    bribe_from: Annotated[str, Option(help="Bribes take equipped gear only, or any "
                                                 "not discarded.")] = "equipped",
    bribe_key: Annotated[bool, Option(help="A bribed boss gives the floor's key.")]
    = True,
    name: NameOption = None,
) -> None:
    """Start a game (it becomes the current one)."""
    settings = dict(locals(), equip=list(equip) if equip else None)  # the options by name
    new_game("elbereth", settings, settings.pop("name"))
