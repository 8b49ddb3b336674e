"""What the command-line and engine tests of several games share: a command's output, a
saved game's actions, the example games fitting 40 columns, notation read back, refused
actions that change nothing, and a referee's run."""

from __future__ import annotations

import copy
import random
import tomllib
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from companion.errors import BadInput, NotationError, RuleRefused
from companion.game import Engine, replay
from companion.halfdeck import catalog
from companion.resources import resource_dir
from companion.session import Games
from companion.store import Store
from tests.conftest import CLI
from tests.referee import STEPS, Run, play
from tests.statecheck import differences

C = TypeVar("C")


# -- the command line ------------------------------------------------------------------
def printed(cli: CLI, *args: str) -> str:
    """What ``companion ARGS`` prints, once it has exited 0 with nothing on stderr."""
    result = cli(*args)
    assert (result.code, result.err) == (0, "")
    return result.out


def no_current_game(kind: str) -> str:
    """The error of a ``kind`` command given no game while ``kind`` has no current one."""
    return f"Error: no current game: start one with 'companion {kind} new', or pass --game NAME\n"


def not_a_roll(text: str) -> str:
    """The error of a die roll typed as ``text``, which is none from 1 to 6."""
    return f"Error: {text!r} is not a roll: a die roll is a whole number from 1 to 6\n"


def saved(home: Path, name: str = "g") -> list[str]:
    """The actions saved in the game ``name`` of ``home``."""
    return list(tomllib.loads((home / "games" / f"{name}.toml").read_text())["actions"])


# -- the example games -----------------------------------------------------------------
def examples_of(kind: str) -> list[Path]:
    """The example games of ``kind`` (the Half Deck card catalog is none)."""
    return sorted(path for path in resource_dir("examples").glob(f"{kind}-*.toml")
                  if path.name != catalog.FILE_NAME)


def every_status_fits_40_columns(kind: str, path: Path) -> None:
    """The status of the example at ``path`` fits 40 columns at its start and after each
    action."""
    data = tomllib.loads(path.read_text())
    for count in range(len(data["actions"]) + 1):
        engine = replay(kind, data["settings"], data["actions"][:count])
        too_long = [line for line in engine.status_lines(40) if len(line) > 40]
        assert too_long == [], (count, too_long)


def status_command_fits_40_columns(cli: CLI, home: Path, kind: str, path: Path) -> None:
    """'status' of the example at ``path``, played to its end in ``home``, fits 40
    columns."""
    data = tomllib.loads(path.read_text())
    games = Games(Store(home))
    games.new(kind, data["settings"], "ex")
    for action in data["actions"]:
        games.act("ex", action)
    result = cli(kind, "status", "--game", "ex")
    assert result.code == 0
    assert max(len(line) for line in result.out.splitlines()) <= 40


# -- the engines ---------------------------------------------------------------------
def parses_back(parse: Callable[[str], C], text: str) -> C | None:
    """The card ``text`` is read as, which its own text reads back as; None where
    ``parse`` refuses ``text`` as no card (any other error is a bug)."""
    try:
        card = parse(text)
    except NotationError:
        return None
    assert parse(str(card)) == card
    return card


def refusals_change_nothing(game: Engine, most: int, next_action: Callable[[], str]) -> None:
    """Up to ``most`` actions of ``next_action()`` applied while ``game`` is played: each
    refused one leaves the whole engine, field by field (a deep copy compared, not its
    snapshot), as it was before; any other error is a bug."""
    for _ in range(most):
        if game.outcome != "playing":
            break
        action = next_action()
        before = copy.deepcopy(game)
        try:
            game.apply(action)
        except (RuleRefused, BadInput) as error:
            found = differences(game, before)
            assert not found, (action, str(error), found[:3])


def refereed(kind: str, seed: int, home: Path,
             new_settings: Callable[[random.Random], Mapping[str, Any]],
             step: Callable[[Run], bool], check: Callable[[Engine], None],
             reached: Counter[str]) -> None:
    """Games of ``kind`` played by a referee from ``seed``: one game at least, and the
    real cards found conserved (counted in ``reached``) after half the steps at least."""
    reached.clear()
    games = play(kind, seed, home, new_settings, step, check)
    assert games >= 1 and STEPS > 0
    assert reached["cards conserved"] >= STEPS // 2, reached
