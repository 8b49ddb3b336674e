"""companion elbereth's lines that run a function of their own (``WRITTEN``).

Each game command turns its words into one action text and hands it to the
core; the engine rules on it. Every action's command is made from the verb
table (``companion/elbereth/grammar.py``), which reads its words; attack and
break-wall are run here (no typer is loaded): ``--roll`` rolls the die here (never in the engine),
and the number goes into the action like a typed one, so the saved game
replays the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cli.common import act, echo
from companion.verbs import quote

if TYPE_CHECKING:
    from companion.cli.verbcommands import VerbCommand
    from companion.verbs import Line, Value

KIND = "elbereth"

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


def _die(value: str | None, line: Line, as_json: bool) -> str:
    if value is not None and value.strip().lower() != "roll":
        return value
    if value is None and not line.own.get("roll"):
        from companion.errors import BadInput

        raise BadInput("give the die (1-6), or --roll to let companion roll it")
    rolled = roll_die()
    if not as_json:
        echo(f"Rolled: {rolled}")
    return str(rolled)


def _attack(command: VerbCommand, _value: Value | None, line: Line) -> None:
    enemy, roll = _enemy_and_die(line.args)
    act(KIND, line.game, join_action("attack", enemy, _die(roll, line, line.json)), line.json)


def _break_wall(command: VerbCommand, _value: Value | None, line: Line) -> None:
    roll = line.args[0] if line.args else None
    act(KIND, line.game, join_action("break-wall", _die(roll, line, line.json)), line.json)


# Every action's command, from the verb table (companion/elbereth/grammar.py); attack
# and break-wall read their words here (an enemy's name of several words, --roll).
WRITTEN = {"attack": _attack, "break-wall": _break_wall}
