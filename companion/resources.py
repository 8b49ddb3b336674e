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
    return _platform_data_home()


# The inputs platformdirs reads to find the user data folder on Linux and Termux; a
# remembered folder is used only while they are the same.
_DATA_HOME_INPUTS = ("HOME", "XDG_DATA_HOME", "ANDROID_DATA", "ANDROID_ROOT", "SHELL", "PREFIX")


def _platform_data_home() -> Path:
    """platformdirs' user data folder, remembered in the cache folder on XDG systems.

    Importing platformdirs costs about as much as a whole command, and every
    command needs this folder. The answer is kept with the inputs it came from
    (platform, user, the environment variables platformdirs reads) and asked
    again whenever any of them differs, or the file is missing or damaged.
    """
    pointer = None
    if sys.platform not in ("win32", "darwin", "ios"):
        cache = cache_home()
        pointer = cache / "data-home" if cache is not None else None
    uid = os.getuid() if hasattr(os, "getuid") else -1
    key = repr((sys.platform, uid, *(os.environ.get(name) for name in _DATA_HOME_INPUTS)))
    if pointer is not None:
        try:
            saved_key, _, saved = pointer.read_text(encoding="utf-8").partition("\n")
        except (OSError, UnicodeDecodeError):
            saved_key = saved = ""
        if saved_key == key and os.path.isabs(saved.strip()):
            return Path(saved.strip())
    import platformdirs

    found = Path(platformdirs.user_data_dir("companion", appauthor=False))
    if pointer is not None and "\n" not in key + str(found):
        from companion import safefile

        try:
            pointer.parent.mkdir(parents=True, exist_ok=True)
            safefile.replace(pointer, f"{key}\n{found}\n".encode(), sync=False)
        except OSError:
            pass  # remembered next time, or never: the answer is the same either way
    return found


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
