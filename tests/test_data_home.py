"""The player's data folder without COMPANION_HOME: platformdirs' answer, remembered."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from companion.resources import data_home

pytestmark = pytest.mark.skipif(sys.platform in ("win32", "darwin"),
                                reason="remembered on XDG systems only")


@pytest.fixture
def fresh_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("COMPANION_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    return tmp_path


def platforms_answer() -> Path:
    return Path(platformdirs.user_data_dir("companion", appauthor=False))


def without_platformdirs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "platformdirs", None)  # importing it now fails


def test_the_folder_is_platformdirs_answer_then_remembered(
        fresh_user: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = data_home()
    assert first == platforms_answer() == fresh_user / ".local" / "share" / "companion"
    assert (fresh_user / ".cache" / "companion" / "data-home").is_file()
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
    pointer = fresh_user / ".cache" / "companion" / "data-home"
    data_home()
    key = pointer.read_text(encoding="utf-8").partition("\n")[0]
    pointer.write_bytes(damage if not damage.startswith(b"x\n") else
                        key.encode() + damage[1:])
    assert data_home() == platforms_answer()
    without_platformdirs(monkeypatch)
    assert data_home() == fresh_user / ".local" / "share" / "companion"  # remembered again
    assert pointer.read_text(encoding="utf-8").endswith("/.local/share/companion\n")


def test_companion_home_wins_and_nothing_is_remembered(
        fresh_user: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_HOME", str(fresh_user / "saves"))
    assert data_home() == fresh_user / "saves"
    assert not (fresh_user / ".cache").exists()


def test_an_unwritable_cache_folder_still_gives_the_folder(
        fresh_user: Path) -> None:
    (fresh_user / ".cache").write_text("not a folder", encoding="utf-8")
    assert data_home() == platforms_answer()
