"""companion elbereth's lines that run a function of their own (``WRITTEN``): attack and
break-wall read an enemy's name of several words and roll the die for --roll (no typer
is loaded). The verb table reads every other line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cli.common import act, echo, name_and_die, roll_die
from companion.errors import BadInput
from companion.verbs import quote

if TYPE_CHECKING:
    from companion.cli.dispatch import VerbCommand
    from companion.verbs import Line, Value

KIND = "elbereth"

def _die(value: str | None, line: Line) -> str:
    if value is not None and value.strip().lower() != "roll":
        return value
    if value is None and not line.own.get("roll"):
        raise BadInput("give the die (1-6), or --roll to let companion roll it")
    rolled = roll_die()
    if not line.json:
        echo(f"Rolled: {rolled}")
    return str(rolled)


def _attack(command: VerbCommand, _value: Value | None, line: Line) -> None:
    enemy, roll = name_and_die(line.args)
    die = _die(roll, line)  # rolled (and said) before the words are checked
    act(KIND, line.game, f"attack {quote(enemy)} {quote(die)}", line.json)


def _break_wall(command: VerbCommand, _value: Value | None, line: Line) -> None:
    roll = line.args[0] if line.args else None
    act(KIND, line.game, f"break-wall {quote(_die(roll, line))}", line.json)


WRITTEN = {"attack": _attack, "break-wall": _break_wall}
