"""Where things live: the shipped data (inside the installed package, or beside it in a
checkout) and the player's data home."""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def resource_dir(name: str) -> Path:
    """``rulebook`` or ``examples``: in the wheel under ``companion/_data``, else the checkout."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {name} folder is missing from this installation")


def rulebook_path(filename: str) -> Path:
    return resource_dir("rulebook") / filename


def example_paths() -> list[Path]:
    return sorted(resource_dir("examples").glob("*.toml"))


def data_home() -> Path:
    """``$COMPANION_HOME``, else the platform's user data folder (never the cwd)."""
    env = os.environ.get("COMPANION_HOME")
    if env:
        return Path(env).expanduser()
    import platformdirs  # only when no home is set: keeps tests and scripts lean

    return Path(platformdirs.user_data_dir("companion", appauthor=False))


def cache_home() -> Path | None:
    """Where caches of the shipped data go: beside the saved games (``$COMPANION_HOME``),
    else the user cache folder; None when there is none.

    On Linux and the other XDG systems that folder is ``$XDG_CACHE_HOME/companion`` or
    ``~/.cache/companion``, worked out here: importing platformdirs would cost more than
    the cache saves, and a cache found elsewhere only means building it once more.
    """
    env = os.environ.get("COMPANION_HOME")
    if env:
        return Path(env).expanduser() / "cache"
    if sys.platform not in ("win32", "darwin", "ios"):
        xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
        if os.path.isabs(xdg):
            return Path(xdg) / "companion"
        try:
            return Path.home() / ".cache" / "companion"
        except RuntimeError:  # no home folder to be found
            return None
    try:
        import platformdirs
    except ImportError:  # pragma: no cover - a dependency, but the cache is optional
        return None
    return Path(platformdirs.user_cache_dir("companion", appauthor=False))
