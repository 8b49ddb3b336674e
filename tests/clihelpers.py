"""What the command-line tests of several games share: a command's output and its
errors, a saved game's actions, and the example games fitting 40 columns."""

from __future__ import annotations

import tomllib
from pathlib import Path

from companion.game import replay
from companion.halfdeck import catalog
from companion.resources import resource_dir
from companion.session import Games
from companion.store import Store
from tests.conftest import CLI


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
