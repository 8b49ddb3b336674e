"""The player's data folder without COMPANION_HOME: platformdirs' answer, remembered in a
signed pointer that a planted or damaged file cannot redirect."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs
import pytest

from companion import cachefile
from companion.resources import POINTER, cache_home, data_home

pytestmark = pytest.mark.skipif(sys.platform in ("win32", "darwin"),
                                reason="remembered on XDG systems only")


@pytest.fixture
def fresh_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("COMPANION_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    cachefile.forget_keys()
    return tmp_path


def platforms_answer() -> Path:
    return Path(platformdirs.user_data_dir("companion", appauthor=False))


def without_platformdirs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "platformdirs", None)  # importing it now fails


def pointer_of(user: Path) -> Path:
    return user / ".cache" / "companion" / POINTER


def test_the_folder_is_platformdirs_answer_then_remembered(
        fresh_user: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = data_home()
    assert first == platforms_answer() == fresh_user / ".local" / "share" / "companion"
    assert pointer_of(fresh_user).is_file()
    key = pointer_of(fresh_user).parent / cachefile.KEY_FILE  # the pointer's signer
    assert key.stat().st_mode & 0o777 == 0o600
    without_platformdirs(monkeypatch)
    assert data_home() == first


def test_another_input_asks_platformdirs_again(
        fresh_user: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data_home()
    monkeypatch.setenv("XDG_DATA_HOME", str(fresh_user / "elsewhere"))
    assert data_home() == platforms_answer() == fresh_user / "elsewhere" / "companion"
    without_platformdirs(monkeypatch)
    assert data_home() == fresh_user / "elsewhere" / "companion"


@pytest.mark.parametrize("damage", [b"\xff\xfe", b"", b"nonsense", b"x\nrelative/path\n"])
def test_a_damaged_memory_is_asked_again(
        fresh_user: Path, monkeypatch: pytest.MonkeyPatch, damage: bytes) -> None:
    pointer = pointer_of(fresh_user)
    data_home()
    pointer.write_bytes(damage)
    assert data_home() == platforms_answer()
    without_platformdirs(monkeypatch)
    assert data_home() == fresh_user / ".local" / "share" / "companion"  # remembered again


def _planted(fresh_user: Path, folder: Path) -> None:
    """The pointer rewritten by hand to name ``folder``, the inputs line kept."""
    pointer = pointer_of(fresh_user)
    raw = pointer.read_bytes()
    head = raw[:len(cachefile.MAGIC) + 65]
    inputs = raw[len(head):].split(b"\n")[0]
    pointer.write_bytes(head + inputs + b"\n" + str(folder).encode() + b"\n")


@pytest.mark.parametrize("where", ["outside", "under home, no key", "under home, own key"])
def test_a_planted_pointer_moves_no_save(
        fresh_user: Path, tmp_path_factory: pytest.TempPathFactory, where: str) -> None:
    data_home()
    if where == "outside":
        folder = tmp_path_factory.mktemp("elsewhere")
    else:
        folder = fresh_user / "Downloads" / "evil"
        folder.mkdir(parents=True)
    if where == "under home, own key":  # a key of its own, not the one that signed
        (folder / cachefile.KEY_FILE).write_bytes(os.urandom(32))
        (folder / cachefile.KEY_FILE).chmod(0o600)
    _planted(fresh_user, folder)
    cachefile.forget_keys()
    assert data_home() == platforms_answer()


def test_a_pointer_signed_by_the_folder_it_names_is_not_followed(
        fresh_user: Path) -> None:
    """A planted folder under the home that brings its own key, and a pointer to it
    signed with that key: the folder cannot vouch for itself."""
    data_home()
    folder = fresh_user / "Downloads" / "evil"
    folder.mkdir(parents=True)
    secret = os.urandom(cachefile.KEY_BYTES)
    (folder / cachefile.KEY_FILE).write_bytes(secret)
    (folder / cachefile.KEY_FILE).chmod(0o600)
    pointer = pointer_of(fresh_user)
    inputs = pointer.read_bytes()[len(cachefile.MAGIC) + 65:].split(b"\n")[0]
    payload = inputs + b"\n" + str(folder).encode() + b"\n"
    pointer.write_bytes(cachefile.MAGIC + cachefile.mac(secret, POINTER, POINTER, payload)
                        + b"\n" + payload)
    cachefile.forget_keys()
    assert data_home() == platforms_answer()
    assert sorted(p.name for p in folder.iterdir()) == [cachefile.KEY_FILE]


def test_a_symlinked_cache_folder_is_not_used(
        fresh_user: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    elsewhere = tmp_path_factory.mktemp("linked")
    (fresh_user / ".cache").mkdir()
    (fresh_user / ".cache" / "companion").symlink_to(elsewhere, target_is_directory=True)
    cachefile.forget_keys()
    assert data_home() == platforms_answer()
    assert list(elsewhere.iterdir()) == []  # nothing written through the link


def test_a_relative_home_is_ignored(fresh_user: Path, monkeypatch: pytest.MonkeyPatch,
                                    tmp_path: Path) -> None:
    import pwd
    from types import SimpleNamespace

    work = tmp_path / "work"
    work.mkdir()
    real = str(tmp_path / "real")  # the password database's home, not this machine's
    monkeypatch.setattr(pwd, "getpwuid", lambda uid: SimpleNamespace(pw_dir=real))
    monkeypatch.chdir(work)
    monkeypatch.setenv("HOME", "relative/home")
    assert str(data_home()).startswith(real)
    assert os.path.isabs(data_home())
    assert str(cache_home()).startswith(real)
    assert list(work.iterdir()) == []


def test_companion_home_wins_and_nothing_is_remembered(
        fresh_user: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_HOME", str(fresh_user / "saves"))
    assert data_home() == fresh_user / "saves"
    assert not (fresh_user / ".cache").exists()


def test_an_unwritable_cache_folder_still_gives_the_folder(
        fresh_user: Path) -> None:
    (fresh_user / ".cache").write_text("not a folder", encoding="utf-8")
    assert data_home() == platforms_answer()
