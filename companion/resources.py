"""Where things live: the shipped data (inside the installed package, or beside it in a
checkout), the rule numbers shipped with it, and the player's data home."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

_PACKAGE = Path(__file__).resolve().parent


def resource_dir(name: str) -> Path:
    """``rulebook`` or ``examples``: in the wheel under ``companion/_data``, else the checkout."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {name} folder is missing from this installation")


def shipped(name: str) -> Any:
    """A data file made from ``rulebook/`` by ``scripts/ship_rulebook.py`` (``tables.json``,
    ``rulebook/index.json``...), as parsed: shipped in the package, as trusted as the code."""
    import json

    try:
        with open(os.path.join(_PACKAGE, name), "rb") as handle:
            return json.loads(handle.read())
    except (OSError, ValueError) as error:
        from companion.errors import DataProblem

        raise DataProblem(f"companion/{name} is missing or damaged: reinstall companion "
                          f"({error})") from None


_TABLES: dict[str, dict[str, Any]] = {}


def tables(game: str) -> dict[str, Any]:
    """The parsed ``rulebook/<game>.tables.toml`` as shipped (``companion/tables.json``),
    read once a process; FileNotFoundError for a game with none."""
    if not _TABLES:
        _TABLES.update(shipped("tables.json"))
    try:
        return _TABLES[game]
    except KeyError:
        raise FileNotFoundError(f"rulebook/{game}.tables.toml") from None


def rulebook_path(filename: str) -> Path:
    return resource_dir("rulebook") / filename


def example_paths() -> list[Path]:
    return sorted(resource_dir("examples").glob("*.toml"))


def data_home() -> Path:
    """``$COMPANION_HOME``, else the platform's user data folder (never the cwd)."""
    env = os.environ.get("COMPANION_HOME")
    return Path(env).expanduser() if env else _platform_data_home()


def user_home() -> str:
    """The user's home folder: ``$HOME`` when it is an absolute path, else the password
    database's (a relative ``HOME`` would put the games under the current folder)."""
    home = os.environ.get("HOME", "")
    if os.path.isabs(home):
        return home
    try:
        import pwd

        return pwd.getpwuid(os.getuid()).pw_dir
    except (ImportError, KeyError, AttributeError):  # pragma: no cover - no such database
        return os.path.expanduser("~")


def _platform_data_home() -> Path:
    """platformdirs' user data folder, worked out here on Linux and the other XDG systems
    (Termux too): importing platformdirs costs about as much as a whole command."""
    android_app = (os.environ.get("ANDROID_DATA") == "/data"
                   and os.environ.get("ANDROID_ROOT") == "/system"
                   and not (os.environ.get("SHELL") or os.environ.get("PREFIX")))
    if sys.platform in ("win32", "darwin", "ios") or android_app:
        return _ask_platformdirs()
    xdg = os.environ.get("XDG_DATA_HOME", "")
    base = xdg if os.path.isabs(xdg) else os.path.join(user_home(), ".local", "share")
    return Path(base) / "companion"


def _ask_platformdirs() -> Path:
    """platformdirs' answer, a relative ``HOME`` taken as unset; an answer still not
    absolute means ``~/.local/share/companion``."""
    import platformdirs

    home = os.environ.get("HOME")
    relative = home is not None and not os.path.isabs(home)
    if relative:
        os.environ["HOME"] = user_home()
    try:
        found = platformdirs.user_data_dir("companion", appauthor=False)
    finally:
        if relative and home is not None:
            os.environ["HOME"] = home
    if not os.path.isabs(found):
        found = os.path.join(user_home(), ".local", "share", "companion")
    return Path(found)
