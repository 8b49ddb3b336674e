"""companion elbereth ...: Elbereth commands.

Each game command turns its words into one action text and hands it to the
core; the engine rules on it. ``--roll`` rolls the die here (never in the
engine): the number goes into the action like a typed one, so the saved game
replays the same.
"""

from __future__ import annotations

from typing import Annotated

from companion.actions import join_action
from companion.cli.common import (
    GameOption,
    JsonOption,
    NameOption,
    act,
    add_common_commands,
    echo,
    new_game,
)
from companion.cli.declare import Argument, Group, Option
from companion.cli.dice_odds import elbereth_odds
from companion.cli.summary import add_summary

KIND = "elbereth"
app = Group(no_args_is_help=True, rich_markup_mode=None,
                  help="Elbereth: solitaire roguelike, seven floors, one die.")
add_common_commands(app, KIND)
add_summary(app, KIND)
app.command("odds")(elbereth_odds)

RollArg = Annotated[str | None, Argument(help="The die (1-6).")]
RollFlag = Annotated[bool, Option("--roll", "-r", help="Let companion roll the die.")]
Item = Annotated[str, Argument(help="sword, staff, bow, armour, helm or gauntlets.")]


def roll_die() -> int:
    """One d6 roll for --roll (tests replace this)."""
    import random

    return random.SystemRandom().randint(1, 6)


def _die(value: str | None, roll: bool, as_json: bool) -> str:
    if value is not None and value.strip().lower() != "roll":
        return value
    if value is None and not roll:
        from companion.errors import BadInput

        raise BadInput("give the die (1-6), or --roll to let companion roll it")
    rolled = roll_die()
    if not as_json:
        echo(f"Rolled: {rolled}")
    return str(rolled)


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


@app.command()
def attack(
    enemy: Annotated[str, Argument(help="rat, spider, snake, dragon, a boss, or a "
                                              "strength 3-6.")],
    roll: RollArg = None, roll_all: RollFlag = False,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Attack a visible enemy: the die must reach its strength."""
    act(KIND, game, join_action("attack", enemy, _die(roll, roll_all, as_json)), as_json)


@app.command()
def boost(
    items: Annotated[list[str], Argument(help="Equipped sword, staff or bow.")],
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """After a miss: turn offensive gear face down, +1 each."""
    act(KIND, game, join_action("boost", *items), as_json)


@app.command()
def block(item: Item, game: GameOption = None, as_json: JsonOption = False) -> None:
    """After a miss: turn one equipped armour, helm or gauntlets face down."""
    act(KIND, game, join_action("block", item), as_json)


@app.command()
def wound(item: Item, game: GameOption = None, as_json: JsonOption = False) -> None:
    """After a miss: discard any piece of equipment for good."""
    act(KIND, game, join_action("wound", item), as_json)


@app.command()
def bribe(
    boss: Annotated[str, Argument(help="knight, mage, marksman, merchant or smith.")],
    item: Annotated[str | None, Argument(help="The smith's protective item.")] = None,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Bosses expansion: give the boss his price instead of fighting."""
    act(KIND, game, join_action("bribe", boss, item or ""), as_json)


@app.command()
def pickup(
    item: Annotated[str, Argument(help="A piece of equipment, or the coin.")],
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Pick up an item card found in the dungeon."""
    act(KIND, game, join_action("pickup", item), as_json)


@app.command("break-wall")
def break_wall(
    roll: RollArg = None, roll_all: RollFlag = False,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Break a wall: the die face's item is damaged (1 sword ... 6 gauntlets)."""
    act(KIND, game, join_action("break-wall", _die(roll, roll_all, as_json)), as_json)


@app.command()
def found(
    what: Annotated[str, Argument(help="stairs or shop.")],
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Record the down stairs or a shop turned up on this floor."""
    act(KIND, game, join_action("found", what), as_json)


@app.command()
def shop(item: Item, game: GameOption = None, as_json: JsonOption = False) -> None:
    """Spend the coin at a shop of this floor for one piece of equipment."""
    act(KIND, game, join_action("shop", item), as_json)


@app.command()
def descend(game: GameOption = None, as_json: JsonOption = False) -> None:
    """Take the down stairs with the floor's key (from floor 7: win)."""
    act(KIND, game, "descend", as_json)
