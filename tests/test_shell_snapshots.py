"""Snapshots make opening a long game fast, and never make it different from a replay."""

from __future__ import annotations

import itertools
import os
import pickle  # only to plant what an older companion wrote
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import cachefile, snapshots
from companion.errors import DataProblem
from companion.game import replay
from companion.hebrac.engine import engine_from_data, normalize_settings
from companion.session import Games
from companion.snapshots import Snapshots
from companion.store import GameRecord, Store, dumps_record

SETTINGS = normalize_settings({"life": 99})
ROUTE = ("A1", "A2", "A3", "A4", "B4", "B3")


def legal_actions() -> Iterator[str]:
    """Long legal Hebrac play: clear six chambers a level, healing as it goes."""
    while True:
        for chamber in ROUTE:
            yield f"enter {chamber} 3S"
            yield from ["attack 2H"] * 8
            yield from ("attack 5H", "take 10H", "use 10H")
        yield "next-level"


def saved(home: Path, count: int, name: str = "g") -> Store:
    store = Store(home)
    record = GameRecord(kind="hebrac", name=name, settings=dict(SETTINGS),
                        actions=list(itertools.islice(legal_actions(), count)))
    with store.lock(name):
        store.write(record, new=record.name not in store.names())
    return store


def replayed_status(actions: list[str]) -> dict[str, Any]:
    engine, _ = replay("hebrac", SETTINGS, actions)
    return engine.status()


def snap_of(store: Store, name: str = "g") -> Snapshots:
    return Snapshots(store.home, name, "hebrac", SETTINGS)


def restored(store: Store, actions: list[str], name: str = "g") -> Any:
    return snap_of(store, name).restore(actions, lambda data: engine_from_data(SETTINGS, data))


def test_open_takes_snapshots_and_then_starts_from_the_newest(home: Path) -> None:
    store = saved(home, 250)
    actions = store.read("g").actions
    first = Games(store).open("g")
    assert (home / "cache" / "g.snap").is_file()
    found = restored(store, actions)
    assert found is not None and found[2] == 200
    engine, applied, _ = found
    assert engine.status() == replayed_status(actions[:200])
    assert [a.action for a in applied] == [a.action for a in first.applied[:200]]
    again = Games(store).open("g")
    assert again.engine.status() == first.engine.status() == replayed_status(actions)
    assert [(a.action, a.lines) for a in again.applied] == \
        [(a.action, a.lines) for a in first.applied]


def test_an_edited_file_is_replayed_not_restored(home: Path) -> None:
    store = saved(home, 250)
    Games(store).open("g")
    with store.lock("g"):
        record = store.read("g")
        assert record.actions[0] == "enter A1 3S"
        record.actions[0] = "enter A1 4S"  # an early change, before every snapshot
        store.write(record)
    opened = Games(store).open("g")
    assert opened.engine.status() == replayed_status(record.actions)
    assert opened.applied[0].action == "enter A1 4S"
    assert opened.applied[1].lines == ("attack 2 = 2 vs warrior 4: lose 2 life, 99 -> 97",)


def test_undo_below_the_newest_snapshot_uses_an_older_one(home: Path) -> None:
    store = saved(home, 205)
    games = Games(store)
    games.open("g")
    opened, _ = games.undo("g", 10)
    actions = store.read("g").actions
    assert len(actions) == 195
    assert opened.engine.status() == replayed_status(actions)
    found = restored(store, actions)
    assert found is not None and found[2] == 100


def test_an_action_that_no_longer_replays_is_named_after_a_snapshot(home: Path) -> None:
    store = saved(home, 250)
    Games(store).open("g")
    with store.lock("g"):
        record = store.read("g")
        record.actions[229] = "enter C4 5S"  # in the middle of a battle: refused
        store.path("g").write_text(dumps_record(record))  # by hand: the store refuses it
    with pytest.raises(DataProblem, match="action 230 'enter C4 5S' no longer replays"):
        Games(store).open("g")


@pytest.mark.parametrize("damage", [b"", b"not a pickle", b"\x80\x05garbage"])
def test_a_damaged_cache_means_a_full_replay(home: Path, damage: bytes) -> None:
    store = saved(home, 150)
    Games(store).open("g")
    (home / "cache" / "g.snap").write_bytes(damage)
    opened = Games(store).open("g")
    assert opened.engine.status() == replayed_status(store.read("g").actions)


class Evil:
    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (os.system, ("echo pwned > evil.txt",))


def test_a_cache_file_cannot_run_code(home: Path, monkeypatch: pytest.MonkeyPatch,
                                      tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    store = saved(home, 150)
    actions = store.read("g").actions
    snaps = snap_of(store)
    Games(store).open("g")
    good = snaps.path.read_bytes()
    head = good[:len(cachefile.MAGIC) + 65]
    # a pickle behind the MAC line of a real cache, and a pickle alone: neither is parsed
    for planted in (head + pickle.dumps(Evil()), pickle.dumps(Evil())):
        snaps.path.write_bytes(planted)
        assert restored(store, actions) is None
        assert Games(store).open("g").engine.status() == replayed_status(actions)
    assert not (tmp_path / "evil.txt").exists()


def test_a_cache_signed_with_another_key_is_not_used(home: Path, tmp_path: Path) -> None:
    store = saved(home, 150)
    actions = store.read("g").actions
    Games(store).open("g")
    assert restored(store, actions) is not None
    (home / cachefile.KEY_FILE).unlink()
    cachefile.forget_keys()
    assert restored(store, actions) is None  # a new key: the old file is not trusted
    assert Games(store).open("g").engine.status() == replayed_status(actions)
    assert restored(store, actions) is not None  # written again with the new key


def test_other_code_or_settings_do_not_match(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = saved(home, 150)
    actions = store.read("g").actions
    Games(store).open("g")
    assert restored(store, actions) is not None
    other = Snapshots(store.home, "g", "hebrac", {**SETTINGS, "life": 98})
    assert other.restore(actions, lambda data: engine_from_data(SETTINGS, data)) is None
    monkeypatch.setattr(snapshots, "_code_stamp", lambda kind: b"another version")
    assert restored(store, actions) is None


def test_snapshots_can_be_turned_off(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_SNAPSHOTS", "0")
    store = saved(home, 150)
    opened = Games(store).open("g")
    assert not list(home.glob("cache/*.snap"))  # other caches (the save's reading) are kept
    assert opened.engine.status() == replayed_status(store.read("g").actions)


def test_snapshot_points_keep_the_newest_few() -> None:
    snaps = Snapshots(Path("/nonexistent"), "g", "hebrac", SETTINGS)
    assert snaps.points_after(0, 99) == []
    assert snaps.points_after(0, 250) == [100, 200]
    assert snaps.points_after(0, 2000) == [1800, 1900, 2000]
    assert snaps.points_after(1900, 2050) == [2000]
    assert snaps.points_after(2000, 2050) == []
