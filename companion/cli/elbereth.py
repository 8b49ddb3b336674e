"""companion elbereth ...: Elbereth commands.

Each game command turns its words into one action text and hands it to the
core; the engine rules on it. Most are made from the verb table
(``companion/elbereth/grammar.py``); attack and break-wall are written here:
``--roll`` rolls the die here (never in the engine), and the number goes
into the action like a typed one, so the saved game replays the same.
"""

from __future__ import annotations

from typing import Annotated

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
from companion.cli.verbcommands import add_verbs
from companion.elbereth.grammar import GRAMMAR
from companion.verbs import quote

KIND = "elbereth"
app = Group(no_args_is_help=True, rich_markup_mode=None,
                  help="Elbereth: solitaire roguelike, seven floors, one die.")
add_common_commands(app, KIND)
add_summary(app, KIND)
app.command("odds")(elbereth_odds)

RollArg = Annotated[str | None, Argument(help="The die (1-6).")]
RollFlag = Annotated[bool, Option("--roll", "-r", help="Let companion roll the die.")]
Item = Annotated[str, Argument(help="sword, staff, bow, armour, helm or gauntlets.")]


def join_action(*words: str) -> str:
    """An action line from its words (a name of several words quoted)."""
    return " ".join(quote(word) for word in words)


def roll_die() -> int:
    """One d6 roll for --roll (tests replace this)."""
    import random

    return random.SystemRandom().randint(1, 6)


def _enemy_and_die(words: list[str]) -> tuple[str, str | None]:
    """The enemy's words (a name may take several: two headed ogre) and the die after
    them, if the last word is one (a number, or 'roll')."""
    from companion.numbers import is_whole

    last = words[-1].strip().lower() if words else ""
    if len(words) > 1 and (last == "roll" or is_whole(last)):
        return " ".join(words[:-1]), words[-1]
    return " ".join(words), None


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
    words: Annotated[list[str], Argument(
        help="rat, spider, snake, dragon, a boss, or a strength 3-6; then the die (1-6).",
        metavar="ENEMY [ROLL]")],
    roll_all: RollFlag = False,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Attack a visible enemy: the die must reach its strength."""
    enemy, roll = _enemy_and_die(words)
    act(KIND, game, join_action("attack", enemy, _die(roll, roll_all, as_json)), as_json)


@app.command("break-wall")
def break_wall(
    roll: RollArg = None, roll_all: RollFlag = False,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Break a wall: the die face's item is damaged (1 sword to 6 gauntlets)."""
    act(KIND, game, join_action("break-wall", _die(roll, roll_all, as_json)), as_json)


# The other actions' commands, made from the verb table (companion/elbereth/grammar.py).
add_verbs(app, KIND, GRAMMAR, [name for name in GRAMMAR.verbs
                                if name not in ("attack", "break-wall")])
