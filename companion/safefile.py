"""Reading and writing files in the data folder without trusting what is there.

Every file companion reads back (saves, backups, the current game's name, the
card catalog, the deck settings, the statistics' cache, a share code's file) is opened
without blocking, checked to be a regular file of at most a given size, and
only then read: a FIFO, a device (a symlink to /dev/zero) or a huge sparse
file is refused before a byte is read. Every file companion writes goes to a
fresh temp file created with O_EXCL|O_NOFOLLOW (a planted file or symlink of
that name is never followed or reused), is fsynced, then renamed over the old
one (a rename replaces a symlink, it does not write through it). Side files
that are read, changed and written back do so under their own lock
(``locked``), so parallel commands do not lose each other's changes.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import time
from collections.abc import Iterator
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


def read_bytes(path: Path, limit: int, *, head: bool = False, follow: bool = False) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (with ``head``: its first
    ``limit`` bytes, however long it is).

    A symlink is not followed (inside companion's folders a link could lead
    anywhere) unless ``follow`` is set, for a file the player named. Raises
    FileNotFoundError when there is no file (callers have their own message
    for that), ``Unreadable`` naming the file for anything else.
    """
    flags = os.O_RDONLY | _NONBLOCK | _CLOEXEC | (0 if follow else _NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as error:
        if error.errno == errno.ELOOP and not follow:
            raise Unreadable(path, "a symlink, not followed") from None
        raise Unreadable(path, f"cannot be read: {error.strerror or error}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Unreadable(path, f"not a regular file ({_kind(info.st_mode)})")
        if info.st_size > limit and not head:
            raise TooLarge(path, f"the file is larger than {limit} bytes")
        chunks = []
        left = limit if head else limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
    except OSError as error:
        raise Unreadable(path, f"cannot be read: {error.strerror or error}") from None
    finally:
        os.close(fd)
    if len(data) > limit:  # grew while being read
        raise TooLarge(path, f"the file is larger than {limit} bytes")
    return data


def read_text(path: Path, limit: int, *, follow: bool = False) -> str:
    """``read_bytes`` decoded as UTF-8; DataProblem when it is not."""
    try:
        return read_bytes(path, limit, follow=follow).decode("utf-8")
    except UnicodeDecodeError:
        raise Unreadable(path, "the file is not UTF-8 text") from None


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISLNK, "a symlink"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a plain file"


def temp_name(path: Path, suffix: str = "tmp") -> Path:
    """A fresh name beside ``path``: ``.NAME.PID-RANDOM.SUFFIX`` (64 random bits: not to be
    guessed from the process id)."""
    return path.with_name(f".{path.name}.{os.getpid()}-{random_hex()}.{suffix}")


def random_hex() -> str:
    return os.urandom(8).hex()


def create_new(path: Path, mode: int = 0o644) -> int:
    """Open a file that must not exist yet (never a planted file or symlink)."""
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, mode)


def write_new(path: Path, data: bytes, *, sync: bool = True) -> None:
    """Write ``data`` to a file created by ``create_new``; fsync it unless ``sync`` is off."""
    fd = create_new(path)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        if sync:
            os.fsync(fd)
    finally:
        os.close(fd)


def replace(path: Path, data: bytes, *, sync: bool = True, suffix: str = "tmp") -> None:
    """Atomically put ``data`` at ``path``: fresh temp file, fsync, rename, fsync the folder.

    Raises OSError; the temp file is removed on failure.
    """
    tmp = temp_name(path, suffix)
    try:
        write_new(tmp, data, sync=sync)
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
    """``replace`` for a file the player named: only a regular file, or a new one, is
    replaced (never a device, FIFO, socket, folder or symlink: the rename would put a
    plain file in its place). Raises OSError, or Unreadable for such a file."""
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


def open_lock(lock_path: Path) -> int:
    """The descriptor of a lock file, created if need be; never through a symlink."""
    try:
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | _NOFOLLOW | _CLOEXEC | _NONBLOCK,
                     0o644)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise DataProblem(f"{lock_path}: the lock file is a symlink; remove it") from None
        raise DataProblem(f"cannot write in {lock_path.parent}: {error.strerror}") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise DataProblem(f"{lock_path}: the lock file is not a regular file; remove it")
    return fd


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the exclusive lock of a side file (``.NAME.lock`` beside it)."""
    lock_path = path.with_name(f".{path.name}.lock")
    fd = open_lock(lock_path)
    try:
        acquire(fd, lock_path)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


# -- locks: one writer at a time per file ------------------------------------------
DEFAULT_LOCK_TIMEOUT = 15.0
MAX_LOCK_TIMEOUT = 600.0


def lock_timeout(text: str | None) -> float:
    """``COMPANION_LOCK_TIMEOUT``: seconds from 0 to 600; anything else is the default 15."""
    try:
        value = float(text) if text is not None and len(text) < 20 else DEFAULT_LOCK_TIMEOUT
    except ValueError:
        return DEFAULT_LOCK_TIMEOUT
    if value != value or value < 0:  # NaN or negative
        return DEFAULT_LOCK_TIMEOUT
    return min(value, MAX_LOCK_TIMEOUT)


LOCK_TIMEOUT = lock_timeout(os.environ.get("COMPANION_LOCK_TIMEOUT"))

class _LockWait(Exception):
    """The lock's wait ran out (raised by the timer's signal handler)."""


def acquire(fd: int, lock_path: Path) -> None:
    """Take the exclusive lock on ``fd``, else DataProblem once the lock has not changed
    hands for LOCK_TIMEOUT seconds.

    Waiting commands block in the kernel (woken when the lock is released)
    rather than poll: a poller sleeping between tries is overtaken again and
    again by newcomers. Each holder stamps the lock file when it takes the
    lock; a waiter gives up only when the stamp has stayed the same for
    LOCK_TIMEOUT seconds (a holder that is stuck), not while the queue ahead
    of it is moving: forty writers on two cores all get their turn.
    """
    timeout = LOCK_TIMEOUT
    if not _try(fd, lock_path):
        stamp = _stamp_of(fd)
        deadline = time.monotonic() + timeout
        blocked = timeout > 0 and _can_wait_blocked()
        pause = 0.002
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise DataProblem(f"{lock_path}: the game is locked by another command; "
                                  "try again")
            if blocked:
                if _wait_blocked(fd, lock_path, min(left, _LOOK_EVERY)):
                    break
            else:
                time.sleep(min(pause, left))
                pause = min(pause * 1.5, 0.05)
                if _try(fd, lock_path):
                    break
            now = _stamp_of(fd)
            if now != stamp:  # the lock changed hands: the queue moves, wait on
                stamp, deadline = now, time.monotonic() + timeout
    with contextlib.suppress(OSError, AttributeError):  # no pwrite: no stamp, plain timeout
        os.pwrite(fd, f"{os.getpid()} {time.monotonic_ns()}\n".encode().ljust(40), 0)


_LOOK_EVERY = 0.5  # seconds between looks at the lock's stamp while waiting


def _stamp_of(fd: int) -> bytes:
    try:
        return os.pread(fd, 40, 0)
    except (OSError, AttributeError):
        return b""


def _try(fd: int, lock_path: Path) -> bool:
    try:
        _try_lock(fd)
    except OSError as error:
        if error.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK, errno.EDEADLK):
            raise DataProblem(f"cannot lock {lock_path}: {error.strerror}") from error
        return False
    return True


def _can_wait_blocked() -> bool:
    import signal
    import threading

    return (hasattr(signal, "setitimer")
            and threading.current_thread() is threading.main_thread())


def _wait_blocked(fd: int, lock_path: Path, timeout: float) -> bool:
    """Block on the lock, with an interval timer to stop waiting; True when it is held."""
    import signal

    def ring(signum: int, frame: object) -> None:
        raise _LockWait

    previous = signal.signal(signal.SIGALRM, ring)
    try:
        try:
            signal.setitimer(signal.ITIMER_REAL, timeout)
            try:
                _lock_blocking(fd)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
        except _LockWait:
            return _try(fd, lock_path)  # released just as the timer rang
        except OSError as error:
            raise DataProblem(f"cannot lock {lock_path}: {error.strerror}") from error
    finally:
        signal.signal(signal.SIGALRM, previous)
    return True


if sys.platform == "win32":  # pragma: no cover - the phones and laptops we test are POSIX
    import msvcrt

    def _try_lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _lock_blocking(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_LOCK, 1)

else:  # fcntl imported by the lock's first use: a command that only reads takes none
    def _try_lock(fd: int) -> None:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _lock_blocking(fd: int) -> None:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX)
