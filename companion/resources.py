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
POINTER = "data-home"


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
    """platformdirs' user data folder, remembered in the cache folder on XDG systems.

    Importing platformdirs costs about as much as a whole command, and every
    command needs this folder. The answer is kept in ``data-home`` with the
    inputs it came from (platform, user, the environment variables platformdirs
    reads) and a MAC keyed by the cache folder's own key (``companion.cachefile``;
    never the key of the folder it names, which a planted folder would bring). It is
    used only while the inputs are the same, the MAC matches and the folder is an
    absolute path under the user's home;
    anything else (a damaged or planted file, a folder elsewhere) means asking
    platformdirs again.
    """
    pointer = None
    if sys.platform not in ("win32", "darwin", "ios"):
        cache = cache_home()
        pointer = cache / POINTER if cache is not None else None
    uid = os.getuid() if hasattr(os, "getuid") else -1
    key = repr((sys.platform, uid, *(os.environ.get(name) for name in _DATA_HOME_INPUTS)))
    if pointer is not None:
        remembered = _remembered(pointer, key)
        if remembered is not None:
            return remembered
    found = _ask_platformdirs()
    if pointer is not None and "\n" not in key + str(found):
        from companion import cachefile

        cachefile.write(pointer, pointer.parent, POINTER,
                        f"{key}\n{found}\n".encode("utf-8", "replace"))
    return found


def _remembered(pointer: Path, key: str) -> Path | None:
    """The folder ``pointer`` names, if it may be trusted for these inputs."""
    from companion import cachefile

    # Signed with the cache folder's own key: a folder named in a planted file cannot
    # vouch for itself with a key of its own.
    payload = cachefile.read(pointer, pointer.parent, POINTER, 8192)
    if payload is None:
        return None
    try:
        saved_key, folder, end = payload.decode("utf-8").split("\n")
    except ValueError:
        return None
    home = user_home()
    if (end or saved_key != key or not os.path.isabs(folder)
            or os.path.normpath(folder) != folder
            or not folder.startswith(home.rstrip("/") + "/")):
        return None
    return Path(folder)


def _ask_platformdirs() -> Path:
    """platformdirs' answer, with a relative ``HOME`` taken as unset (the user's own home
    instead); an answer that is still not absolute means ``~/.local/share/companion``."""
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
        return Path(user_home()) / ".cache" / "companion"
    try:
        import platformdirs
    except ImportError:  # pragma: no cover - a dependency, but the cache is optional
        return None
    return Path(platformdirs.user_cache_dir("companion", appauthor=False))
