"""companion elbereth new, odds and summary: the Elbereth commands typer reads."""

from __future__ import annotations

from typing import Annotated

import typer
from typer import Option

from companion.cli.common import new_game
from companion.cli.dice_odds import elbereth_odds
from companion.cli.options import NameOption
from companion.cli.summary import add_summary

KIND = "elbereth"
app = typer.Typer(no_args_is_help=True, rich_markup_mode=None,
                  help="Elbereth: solitaire roguelike, seven floors, one die.")
add_summary(app, KIND)
app.command("odds")(elbereth_odds)


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
    new_game(KIND, {"equip": list(equip) if equip else None, "bosses": bosses,
                    "short_boost": short_boost, "bribe_from": bribe_from,
                    "bribe_key": bribe_key}, name)
