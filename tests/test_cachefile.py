"""Signed cache files: a keyed MAC over the whole file, checked before a byte is parsed;
the key a private file of the data folder; folders and files that are not what they
should be are never used."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from companion import safefile


@pytest.fixture
def home(tmp_path: Path) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


def test_a_written_cache_reads_back(home: Path) -> None:
    path = home / "cache" / "g.snap"
    assert safefile.write_cache(path, home, "snap", b"payload")
    assert safefile.read_cache(path, home, "snap", 100) == b"payload"
    assert (home / safefile.KEY_FILE).stat().st_mode & 0o777 == 0o600
    assert len((home / safefile.KEY_FILE).read_bytes()) == safefile.KEY_BYTES


def test_another_purpose_or_file_name_does_not_match(home: Path) -> None:
    path = home / "cache" / "g.snap"
    safefile.write_cache(path, home, "snap", b"payload")
    assert safefile.read_cache(path, home, "trace", 100) is None
    other = home / "cache" / "h.snap"  # another game's cache copied over
    other.write_bytes(path.read_bytes())
    assert safefile.read_cache(other, home, "snap", 100) is None


def test_a_cache_signed_with_another_key_is_not_used(home: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "other"
    path = home / "cache" / "g.snap"
    path.parent.mkdir()
    safefile.write_cache(elsewhere / "cache" / "g.snap", elsewhere, "snap", b"forged")
    path.write_bytes((elsewhere / "cache" / "g.snap").read_bytes())
    assert safefile.read_cache(path, home, "snap", 100) is None


@pytest.mark.parametrize("where", ["magic", "mac", "payload", "cut", "added"])
def test_a_cache_edited_after_writing_is_not_used(home: Path, where: str) -> None:
    path = home / "cache" / "g.snap"
    safefile.write_cache(path, home, "snap", b"the payload")
    data = bytearray(path.read_bytes())
    if where == "magic":
        data[0] ^= 1
    elif where == "mac":
        data[len(safefile.MAGIC) + 3] ^= 1
    elif where == "payload":
        data[-2] ^= 1
    elif where == "cut":
        data = data[:-1]
    else:
        data += b"!"
    path.write_bytes(bytes(data))
    assert safefile.read_cache(path, home, "snap", 100) is None


def test_an_unsigned_or_oversized_cache_is_not_used(home: Path) -> None:
    path = home / "cache" / "g.snap"
    path.parent.mkdir()
    path.write_bytes(b"plain data, no MAC")
    assert safefile.read_cache(path, home, "snap", 100) is None
    safefile.write_cache(path, home, "snap", b"x" * 200)
    assert safefile.read_cache(path, home, "snap", 100) is None  # over the caller's limit
    assert safefile.read_cache(path, home, "snap", 200) == b"x" * 200


@pytest.mark.parametrize("planted", ["fifo", "dev-zero", "folder", "dangling", "outside",
                                     "sparse"])
def test_what_is_not_a_regular_file_is_never_read(home: Path, tmp_path: Path,
                                                  planted: str) -> None:
    path = home / "cache" / "g.snap"
    path.parent.mkdir()
    outside = tmp_path / "outside.bin"
    safefile.write_cache(tmp_path / "x" / "g.snap", home, "snap", b"signed")
    outside.write_bytes((tmp_path / "x" / "g.snap").read_bytes())  # a good file, elsewhere
    if planted == "fifo":
        os.mkfifo(path)
    elif planted == "dev-zero":
        path.symlink_to("/dev/zero")
    elif planted == "folder":
        path.mkdir()
    elif planted == "dangling":
        path.symlink_to(tmp_path / "nothing")
    elif planted == "outside":
        path.symlink_to(outside)
    else:
        with path.open("wb") as handle:
            handle.truncate(8 * 1024**3)
    assert safefile.read_cache(path, home, "snap", 1 << 20) is None  # refused unread, never blocks
    before = outside.read_bytes()
    if planted in ("fifo", "dev-zero", "dangling", "outside"):  # a write replaces the entry
        assert safefile.write_cache(path, home, "snap", b"new")
        assert not path.is_symlink() and safefile.read_cache(path, home, "snap", 100) == b"new"
    assert outside.read_bytes() == before


def test_a_symlinked_cache_folder_is_never_used(home: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (home / "cache").symlink_to(elsewhere, target_is_directory=True)
    assert not safefile.write_cache(home / "cache" / "g.snap", home, "snap", b"x")
    assert list(elsewhere.iterdir()) == []
    safefile.write_cache(elsewhere / "g.snap", home, "snap", b"x")  # signed, but behind a link
    assert safefile.read_cache(home / "cache" / "g.snap", home, "snap", 100) is None


@pytest.mark.parametrize("planted", ["readable by others", "wrong size", "symlink", "folder"])
def test_a_key_that_is_not_private_is_replaced(home: Path, tmp_path: Path,
                                               planted: str) -> None:
    key = home / safefile.KEY_FILE
    known = tmp_path / "known.key"
    known.write_bytes(b"k" * safefile.KEY_BYTES)
    known.chmod(0o600)
    if planted == "readable by others":
        key.write_bytes(b"k" * safefile.KEY_BYTES)
        key.chmod(0o644)
    elif planted == "wrong size":
        key.write_bytes(b"short")
        key.chmod(0o600)
    elif planted == "symlink":
        key.symlink_to(known)
    else:
        key.mkdir()
    secret = safefile.cache_key(home)
    if planted == "folder":
        assert secret is None  # none can be kept: no cache is read or written
        assert not safefile.write_cache(home / "cache" / "g.snap", home, "snap", b"x")
        return
    assert secret is not None and secret != b"k" * safefile.KEY_BYTES
    assert not key.is_symlink() and key.stat().st_mode & 0o777 == 0o600
    assert known.read_bytes() == b"k" * safefile.KEY_BYTES  # never written through


def test_parallel_first_uses_agree_on_one_key(home: Path) -> None:
    import multiprocessing

    context = multiprocessing.get_context("fork")
    queue = context.Queue()

    def first_use() -> None:
            queue.put(safefile.cache_key(home))

    workers = [context.Process(target=first_use) for _ in range(8)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(30)
    keys = {queue.get(timeout=5) for _ in workers}
    assert keys == {(home / safefile.KEY_FILE).read_bytes()}


def test_temp_files_a_killed_writer_left_are_removed_once_old(home: Path) -> None:
    path = home / "cache" / "g.snap"
    safefile.write_cache(path, home, "snap", b"x")
    old = path.with_name(".g.snap.123-dead.part")
    young = path.with_name(".g.snap.456-busy.part")
    for left in (old, young):
        left.write_bytes(b"half a cache")
    past = time.time() - safefile.STALE_SECONDS - 60
    os.utime(old, (past, past))
    safefile.write_cache(path, home, "snap", b"y")
    assert not old.exists() and young.exists()  # a writer may still own a young one
