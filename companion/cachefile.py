"""Cache files: plain data behind a keyed MAC that is checked before a byte is parsed.

A cache only makes companion faster; ``cache/stats.json`` (``companion.stats``) is
the one kept. Each cache file is::

    companion-cache 1\\n<MAC, 64 hex digits>\\n<payload>

The MAC is keyed BLAKE2b over the cache's purpose, the file's name and the
payload, with a random key kept in the data folder (``cache.key``: a regular
file of this user, mode 0600, never read through a symlink). A file whose MAC
is wrong or missing, or that is not a regular file of at most the caller's
limit, is ignored (the caller rebuilds it); the payload is parsed only after
the MAC matched, and callers still check what they parsed. The payload is plain
JSON: no object is ever rebuilt from a cache, and nothing in it runs. A cache
folder that is a symlink, not a folder, or not this user's is never used. Writes
are atomic (a fresh O_EXCL temp name with a random part, then a rename) and not
fsynced: losing a cache costs time, never data.
"""

from __future__ import annotations

import contextlib
import os
import stat
from functools import cache
from hashlib import blake2b
from pathlib import Path

from companion import safefile
from companion.errors import DataProblem

KEY_FILE = "cache.key"
KEY_BYTES = 32
MAGIC = b"companion-cache 1\n"
_HEAD = len(MAGIC) + 65  # the MAGIC line and the MAC line
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_keys: dict[str, bytes | None] = {}


def _own(info: os.stat_result) -> bool:
    return not hasattr(os, "getuid") or info.st_uid == os.getuid()


@cache
def folder_usable(folder: Path) -> bool:
    """A cache folder companion may use: missing (made on the first write), or a real
    folder of this user; never a symlink (it could lead anywhere)."""
    try:
        info = os.lstat(folder)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and _own(info)


def key(home: Path) -> bytes | None:
    """This data folder's cache key, made on first use; None when none can be kept (then
    no cache is read or written: an unkeyed cache could not be told from a planted one)."""
    where = str(home)
    if where not in _keys:
        _keys[where] = _load_key(home / KEY_FILE)
    return _keys[where]


def _read_key(path: Path) -> bytes | None:
    """The key at ``path`` if it is a private regular file of this user; None if it
    is missing; raises ValueError for one that is there but not to be trusted."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise ValueError("unreadable") from error
    try:
        info = os.fstat(fd)
        if (not stat.S_ISREG(info.st_mode) or not _own(info) or info.st_mode & 0o077
                or info.st_size != KEY_BYTES):
            raise ValueError("not a private key file")
        data = os.read(fd, KEY_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) != KEY_BYTES:
        raise ValueError("wrong size")
    return data


def _load_key(path: Path) -> bytes | None:
    try:
        found = _read_key(path)
        if found is not None:
            return found
        trusted = True
    except ValueError:
        trusted = False  # planted, damaged or readable by others: replaced by a new key
    fresh = os.urandom(KEY_BYTES)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = safefile.temp_name(path, "key")
        fd = safefile.create_new(tmp, 0o600)
        try:
            os.write(fd, fresh)
        finally:
            os.close(fd)
        try:
            if trusted:  # publish only if still missing: a parallel command's key wins
                try:
                    os.link(tmp, path)
                except FileExistsError:
                    return _read_key(path)
                except OSError:  # no hard links here: a plain rename
                    os.replace(tmp, path)
            else:
                os.replace(tmp, path)
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink()
    except (OSError, ValueError):
        return None
    return fresh


def mac(secret: bytes, purpose: str, name: str, payload: bytes) -> bytes:
    digest = blake2b(key=secret, digest_size=32, person=b"companion-cache1")
    digest.update(f"{purpose}\0{name}\0".encode("utf-8", "surrogatepass"))
    digest.update(payload)
    return digest.hexdigest().encode("ascii")


def read(path: Path, home: Path, purpose: str, limit: int) -> bytes | None:
    """The payload of the cache file at ``path`` if its MAC (keyed by ``home``'s key) is
    right; None for anything else: missing, not a regular file, too large, unsigned,
    signed with another key, edited, or a cache folder not to be used."""
    if not folder_usable(path.parent):
        return None
    secret = key(home)
    if secret is None:
        return None
    try:
        data = safefile.read_bytes(path, limit + _HEAD)
    except (OSError, DataProblem):
        return None
    if not data.startswith(MAGIC) or data[_HEAD - 1:_HEAD] != b"\n":
        return None
    payload = data[_HEAD:]
    if data[len(MAGIC):_HEAD - 1] != mac(secret, purpose, path.name, payload):
        return None
    return payload


def write(path: Path, home: Path, purpose: str, payload: bytes) -> bool:
    """Sign ``payload`` and put it at ``path`` atomically; False if it was not kept."""
    if not folder_usable(path.parent):  # checked first: no key made through a link
        return False
    secret = key(home)
    if secret is None:
        return False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not folder_usable.__wrapped__(path.parent):  # made just now, or planted since
            return False
        safefile.replace(path, MAGIC + mac(secret, purpose, path.name, payload) + b"\n"
                         + payload, sync=False, suffix="part")
    except OSError:
        return False
    _clean_stale_parts(path)
    return True


STALE_SECONDS = 600


def _clean_stale_parts(path: Path) -> None:
    """Remove the temp files a killed writer of this cache left (old enough that no
    writer still running can own them: a cache write takes milliseconds)."""
    import time

    now = time.time()
    for stale in path.parent.glob(f".{path.name}.*.part"):
        with contextlib.suppress(OSError):
            info = os.lstat(stale)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_SECONDS:
                stale.unlink()


def forget_keys() -> None:
    """Read the keys again (tests that replace them)."""
    _keys.clear()
    folder_usable.cache_clear()
