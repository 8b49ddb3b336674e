"""The current game and its kind, read without the store (rule lookups rank by it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import safefile
from companion.current import current_kind, current_name
from companion.session import Games
from companion.store import GameRecord, Store


def saved(home: Path, kind: str = "tricky", name: str = "g") -> Store:
    store = Store(home)
    with store.lock(name):
        settings: dict[str, object] = {"players": ["a", "b"]} if kind == "tricky" else {}
        store.write(GameRecord(kind=kind, name=name, settings=settings), new=True)
    store.set_current(name)
    return store


def test_the_kind_of_a_save_as_the_store_writes_it(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    saved(tmp_path)
    monkeypatch.setattr(Store, "kind", lambda *_: pytest.fail("the store was asked"))
    assert current_kind(tmp_path) == "tricky"
    assert current_name(tmp_path) == "g"


def test_a_save_laid_out_otherwise_has_no_kind_here(tmp_path: Path) -> None:
    # Only a rule lookup's ranking asks: a save edited by hand ranks no game first,
    # and the store still reads it when the game is opened.
    store = saved(tmp_path)
    path = store.path("g")
    text = path.read_text(encoding="utf-8")
    path.write_text('kind = "tricky"\n' + text.replace('kind = "tricky"\n', ""),
                    encoding="utf-8")
    assert current_kind(tmp_path) is None
    assert store.kind("g") == "tricky"


def test_no_current_game_or_no_file_means_no_kind(tmp_path: Path) -> None:
    assert current_kind(tmp_path) is None
    (tmp_path / "current").write_text("gone\n", encoding="utf-8")
    assert current_kind(tmp_path) is None
    (tmp_path / "current").write_text("../etc\n", encoding="utf-8")
    assert current_name(tmp_path) is None and current_kind(tmp_path) is None


def test_a_broken_save_has_no_kind(tmp_path: Path) -> None:
    store = saved(tmp_path)
    store.path("g").write_bytes(b"\xff\xfe not toml")
    assert current_kind(tmp_path) is None


def test_reading_the_head_of_a_long_file(tmp_path: Path) -> None:
    path = tmp_path / "long"
    path.write_bytes(b"x" * 5000)
    assert safefile.read_bytes(path, 64, head=True) == b"x" * 64
    with pytest.raises(safefile.TooLarge):
        safefile.read_bytes(path, 64)
    folder = tmp_path / "folder"
    folder.mkdir()
    with pytest.raises(safefile.Unreadable):
        safefile.read_bytes(folder, 64, head=True)


def test_each_kind_keeps_its_own_current_game(tmp_path: Path) -> None:
    store = saved(tmp_path, "tricky", "t")
    saved(tmp_path, "hebrac", "h")
    assert current_name(tmp_path) == "h" and current_kind(tmp_path) == "hebrac"
    assert current_name(tmp_path, "tricky") == "t" and current_name(tmp_path, "hebrac") == "h"
    assert current_name(tmp_path, "elbereth") is None
    store.remove("t")
    assert current_name(tmp_path, "tricky") is None and current_name(tmp_path) == "h"


def test_a_folder_with_one_current_game_is_read_and_migrated(tmp_path: Path) -> None:
    # Written before each kind kept its own: 'current' alone names the game in play.
    store = saved(tmp_path, "hebrac", "old")
    (tmp_path / "current-hebrac").unlink()
    assert (tmp_path / "current").read_text(encoding="utf-8") == "old\n"
    assert Games(store).current_of("hebrac") == "old" and current_name(tmp_path, "hebrac") == "old"
    assert current_name(tmp_path, "tricky") is None
    # A game of another kind made current: the old one stays Hebrac's current game.
    saved(tmp_path, "tricky", "new")
    assert (tmp_path / "current-hebrac").read_text(encoding="utf-8") == "old\n"
    assert current_name(tmp_path, "hebrac") == "old" and current_name(tmp_path, "tricky") == "new"
    assert current_name(tmp_path) == "new"
    assert store.names_of("hebrac") == ["old"] and store.names_of("tricky") == ["new"]


def test_a_pointer_to_a_game_of_another_kind_is_not_that_kinds(tmp_path: Path) -> None:
    saved(tmp_path, "hebrac", "h1")
    saved(tmp_path, "hebrac", "h2")
    (tmp_path / "current-hebrac").write_text("t\n", encoding="utf-8")  # a hand edit
    saved(tmp_path, "tricky", "t")
    games = Games(Store(tmp_path))
    assert games.current_of("tricky") == "t"
    (tmp_path / "current-hebrac").write_text("t\n", encoding="utf-8")
    assert games.current_of("hebrac") is None
    assert "h1, h2" in games.choices("hebrac")
