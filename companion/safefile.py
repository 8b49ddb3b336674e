"""Reading and writing files in the data folder without trusting what is there.

Every file companion reads back is opened without blocking and checked to be a
regular file of at most a given size before a byte is read (a FIFO, a device, a
huge sparse file is refused). Every file companion writes goes to a fresh temp
file created with O_EXCL|O_NOFOLLOW (a planted file or symlink is never followed
or reused), is fsynced, then renamed over the old one (a rename replaces a
symlink, it does not write through it). Files read, changed and written back are
so under their lock (``locked``): parallel commands lose nothing. A cache is
signed, its signature checked before a byte of it is parsed.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from companion.errors import DataProblem

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class Unreadable(DataProblem):
    """A file that is there but refused unread or unreadable; ``reason`` says why."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}; it was left as it is")
        self.path = path
        self.reason = reason


class TooLarge(Unreadable):
    """A regular file over the size limit (checked before reading)."""


def read_bytes(path: Path, limit: int, *, head: bool = False, follow: bool = False,
               private: bool = False) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (with ``head``: its first
    ``limit`` bytes; with ``private``: only a file of this user that no one else may
    read). A symlink is followed only with ``follow``, for a file the player named.
    FileNotFoundError when there is no file, ``Unreadable`` for anything else."""
    flags = os.O_RDONLY | _NONBLOCK | _CLOEXEC | (0 if follow else _NOFOLLOW)
    try:
        fd = os.open(path, flags)
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise Unreadable(path, f"not a regular file ({_kind(info.st_mode)})")
            if info.st_size > limit and not head:
                raise TooLarge(path, f"the file is larger than {limit} bytes")
            if private and (not _own(info) or info.st_mode & 0o077):
                raise Unreadable(path, "not a private file of this user")
            with open(fd, "rb", closefd=False) as handle:  # reads until the size or the end
                data = handle.read(limit if head else limit + 1)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise
    except OSError as error:
        if error.errno == errno.ELOOP and not follow:
            raise Unreadable(path, "a symlink, not followed") from None
        raise Unreadable(path, f"cannot be read: {error.strerror or error}") from None
    if len(data) > limit:  # grew while being read
        raise TooLarge(path, f"the file is larger than {limit} bytes")
    return data


def read_text(path: Path, limit: int) -> str:
    try:
        return read_bytes(path, limit).decode("utf-8")
    except UnicodeDecodeError:
        raise Unreadable(path, "the file is not UTF-8 text") from None


def _kind(mode: int) -> str:
    return {stat.S_IFLNK: "a symlink", stat.S_IFIFO: "a FIFO", stat.S_IFDIR: "a folder",
            stat.S_IFCHR: "a device", stat.S_IFBLK: "a device",
            stat.S_IFSOCK: "a socket"}.get(stat.S_IFMT(mode), "not a plain file")


def temp_name(path: Path, suffix: str = "tmp") -> Path:
    """A fresh name beside ``path``: ``.NAME.PID-RANDOM.SUFFIX`` (64 random bits: not to be
    guessed from the process id)."""
    return path.with_name(f".{path.name}.{os.getpid()}-{random_hex()}.{suffix}")


def random_hex() -> str:
    return os.urandom(8).hex()


def write_new(path: Path, data: bytes, *, sync: bool = True, mode: int = 0o644) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, mode)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        if sync:
            os.fsync(fd)
    finally:
        os.close(fd)


def replace(path: Path, data: bytes, *, sync: bool = True, suffix: str = "tmp",
            mode: int = 0o644, before: Callable[[], object] | None = None) -> None:
    """Atomically put ``data`` at ``path``: fresh temp file (of ``mode`` from the start),
    fsync, ``before()``, rename, fsync the folder. Raises OSError; the temp file is removed
    on failure."""
    tmp = temp_name(path, suffix)
    try:
        write_new(tmp, data, sync=sync, mode=mode)
        if before is not None:
            before()
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    if sync:
        fsync_dir(path.parent)


def real_folder(folder: Path, what: str, *, make: bool = True) -> None:
    """``folder`` made if missing (with ``make``); DataProblem if it is a symlink or not a
    folder (a link there would put saves wherever it leads)."""
    try:
        if make:
            with contextlib.suppress(FileExistsError):  # a file or a dangling symlink too
                folder.mkdir(parents=True, exist_ok=True)
        info = os.lstat(folder)
    except FileNotFoundError:
        return
    except OSError as error:
        raise DataProblem(f"cannot write in {folder}: {error.strerror or error}") from None
    if stat.S_ISLNK(info.st_mode):
        raise DataProblem(f"{folder}: {what} is a symlink, not followed; make it a folder")
    if not stat.S_ISDIR(info.st_mode):
        raise DataProblem(f"{folder}: {what} is not a folder ({_kind(info.st_mode)})")


def replace_regular(path: Path, data: bytes) -> None:
    """``replace`` for a file the player named: only a regular file, or a new one (the
    rename would put a plain file in place of a device, a folder, a symlink...)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise Unreadable(path, f"not a regular file ({_kind(info.st_mode)})")
    replace(path, data)


def fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # some platforms cannot open a folder; the rename is still atomic
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def clean_temp_files(path: Path, suffix: str = "tmp", older_than: float | None = None) -> None:
    """Remove the temp files of ``path`` that a killed writer left: every one when the
    caller holds the file's lock, else only those older than ``older_than`` seconds (a
    writer still running may own a young one)."""
    now = time.time()
    for stale in path.parent.glob(f".{path.name}.*.{suffix}"):
        with contextlib.suppress(OSError):
            if older_than is None or now - os.lstat(stale).st_mtime > older_than:
                stale.unlink()


# -- caches: plain data behind a keyed MAC, checked before a byte is parsed ---------
# A cache (``cache/stats.json`` is the one) is ``companion-cache 1\n<MAC>\n<payload>``,
# the MAC a keyed BLAKE2b over the cache's purpose, the file's name and the payload, the
# key random, in the data folder (``cache.key``: a private file of this user). A file
# whose MAC is wrong is ignored (the caller rebuilds it); the payload is plain JSON,
# parsed only after the MAC matched. A cache folder that is a symlink, or not this
# user's, is never used. Writes are not fsynced: losing a cache costs time, never data.
KEY_FILE = "cache.key"
KEY_BYTES = 32
MAGIC = b"companion-cache 1\n"
STALE_SECONDS = 600  # a cache write takes milliseconds: an older temp file is a dead one's
_HEAD = len(MAGIC) + 65  # the MAGIC line and the MAC line


def _own(info: os.stat_result) -> bool:
    return not hasattr(os, "getuid") or info.st_uid == os.getuid()


def cache_folder_usable(folder: Path) -> bool:
    """Missing (made on the first write), or a real folder of this user; never a symlink
    (it could lead anywhere)."""
    try:
        info = os.lstat(folder)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and _own(info)


def cache_key(home: Path) -> bytes | None:
    """This data folder's cache key, made on first use; None when none can be kept (then
    no cache is read or written: an unkeyed cache could not be told from a planted one)."""
    path = home / KEY_FILE
    try:
        found: bytes | None = read_bytes(path, KEY_BYTES, private=True)
    except FileNotFoundError:
        found = None
    except DataProblem:
        found = b""  # planted, damaged or readable by others: replaced by a new key
    if found is not None and len(found) == KEY_BYTES:
        return found
    fresh = os.urandom(KEY_BYTES)
    tmp = temp_name(path, "key")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_new(tmp, fresh, sync=False, mode=0o600)
        if found is None:  # published only if still missing: a parallel command's key wins
            try:
                os.link(tmp, path)
                return fresh
            except FileExistsError:
                return cache_key(home)
            except OSError:
                pass  # no hard links here: a plain rename
        os.replace(tmp, path)
    except OSError:
        return None
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()
    return fresh


def mac(secret: bytes, purpose: str, name: str, payload: bytes) -> bytes:
    from hashlib import blake2b  # only where a cache is used: hashlib loads OpenSSL

    digest = blake2b(key=secret, digest_size=32, person=b"companion-cache1")
    digest.update(f"{purpose}\0{name}\0".encode("utf-8", "surrogatepass"))
    digest.update(payload)
    return digest.hexdigest().encode("ascii")


def read_cache(path: Path, home: Path, purpose: str, limit: int) -> bytes | None:
    """The payload of the cache file at ``path`` if its MAC (keyed by ``home``'s key) is
    right; None for anything else."""
    if not cache_folder_usable(path.parent) or (secret := cache_key(home)) is None:
        return None
    try:
        data = read_bytes(path, limit + _HEAD)
    except (OSError, DataProblem):
        return None
    payload = data[_HEAD:]
    if data[:_HEAD] != MAGIC + mac(secret, purpose, path.name, payload) + b"\n":
        return None
    return payload


def write_cache(path: Path, home: Path, purpose: str, payload: bytes) -> bool:
    """Sign ``payload`` and put it at ``path`` atomically; False if it was not kept."""
    # the folder checked first: no key is made through a link
    if not cache_folder_usable(path.parent) or (secret := cache_key(home)) is None:
        return False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not cache_folder_usable(path.parent):  # made just now, or planted since
            return False
        replace(path, MAGIC + mac(secret, purpose, path.name, payload) + b"\n" + payload,
                sync=False, suffix="part")
    except OSError:
        return False
    clean_temp_files(path, "part", STALE_SECONDS)
    return True


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the exclusive lock of ``path`` (``.NAME.lock`` beside it, never through a
    symlink)."""
    lock_path = path.with_name(f".{path.name}.lock")
    try:
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | _NOFOLLOW | _CLOEXEC | _NONBLOCK,
                     0o644)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise DataProblem(f"{lock_path}: the lock file is a symlink; remove it") from None
        raise DataProblem(f"cannot write in {lock_path.parent}: {error.strerror}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise DataProblem(f"{lock_path}: the lock file is not a regular file; remove it")
        _acquire(fd, lock_path)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


# -- locks: one writer at a time per file ------------------------------------------
def lock_timeout(text: str | None) -> float:
    """``COMPANION_LOCK_TIMEOUT``: seconds from 0 to 600; anything else is the default 15."""
    try:
        value = float(text) if text is not None and len(text) < 20 else -1.0
    except ValueError:
        value = -1.0
    return min(value, 600.0) if value >= 0 else 15.0  # NaN is not >= 0 either


LOCK_TIMEOUT = lock_timeout(os.environ.get("COMPANION_LOCK_TIMEOUT"))


def _acquire(fd: int, lock_path: Path) -> None:
    """Take the exclusive lock on ``fd``, else DataProblem once the lock has not changed
    hands for LOCK_TIMEOUT seconds.

    Each holder stamps the lock file; a waiter gives up only when the stamp stayed the
    same for LOCK_TIMEOUT seconds (a stuck holder), not while the queue ahead moves (even
    when newcomers overtake it): forty writers all get their turn.
    """
    stamp: bytes | None = None
    deadline = pause = 0.0
    while True:
        try:
            if sys.platform == "win32":  # pragma: no cover - we test on POSIX
                import msvcrt

                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            else:  # imported at the first lock: a command that only reads takes none
                import fcntl

                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except OSError as error:
            if error.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK,
                                   errno.EDEADLK):
                raise DataProblem(f"cannot lock {lock_path}: {error.strerror}") from error
        try:
            now = os.pread(fd, 40, 0)
        except (OSError, AttributeError):
            now = b""
        if now != stamp:  # the lock changed hands (or is first met): the queue moves
            stamp, deadline = now, time.monotonic() + LOCK_TIMEOUT
        left = deadline - time.monotonic()
        if left <= 0:
            raise DataProblem(f"{lock_path}: the game is locked by another command; try again")
        pause = min(max(pause * 1.5, 0.002), 0.01)
        time.sleep(min(pause, left))
    with contextlib.suppress(OSError, AttributeError):  # no pwrite: no stamp, plain timeout
        os.pwrite(fd, f"{os.getpid()} {time.monotonic_ns()}\n".encode().ljust(40), 0)
