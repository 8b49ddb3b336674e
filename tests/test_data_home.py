"""The player's data folder without COMPANION_HOME: platformdirs' answer, worked out
without importing platformdirs on XDG systems, and nothing written to find it."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from companion.resources import data_home

pytestmark = pytest.mark.skipif(sys.platform in ("win32", "darwin"),
                                reason="worked out by hand on XDG systems only")


@pytest.fixture
def fresh_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("COMPANION_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "ANDROID_DATA",
                 "ANDROID_ROOT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    return tmp_path


def platforms_answer() -> Path:
    return Path(platformdirs.user_data_dir("companion", appauthor=False))


@pytest.mark.parametrize("xdg", [None, "", "   ", "relative/data", "/abs/data", "/abs/data/"])
def test_the_folder_is_platformdirs_answer_without_platformdirs(
        fresh_user: Path, monkeypatch: pytest.MonkeyPatch, xdg: str | None) -> None:
    if xdg is not None:
        monkeypatch.setenv("XDG_DATA_HOME", xdg)
    expected = platforms_answer()
    if not expected.is_absolute():  # a relative answer means the user's own folder
        expected = fresh_user / ".local" / "share" / "companion"
    monkeypatch.setitem(sys.modules, "platformdirs", None)  # importing it now fails
    assert data_home() == expected
    assert list(fresh_user.iterdir()) == []  # nothing remembered, nothing written


def test_termux_is_an_xdg_system(fresh_user: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in (("ANDROID_DATA", "/data"), ("ANDROID_ROOT", "/system"),
                        ("PREFIX", "/data/data/com.termux/files/usr")):
        monkeypatch.setenv(name, value)
    assert data_home() == platforms_answer() == fresh_user / ".local" / "share" / "companion"


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
    assert data_home() == Path(real) / ".local" / "share" / "companion"
    assert list(work.iterdir()) == []


def test_companion_home_wins(fresh_user: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_HOME", str(fresh_user / "saves"))
    assert data_home() == fresh_user / "saves"
    assert not (fresh_user / ".cache").exists()
