"""Resumable traces: a trace resumed from the game's cached tracer is the full trace.

The cache (``<home>/cache/<name>.trace``, kept by ``companion.snapshots``) only
saves time: a stale, damaged or foreign one means a replay from the start, and
``COMPANION_SNAPSHOTS=0`` turns it off.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion import history, snapshots
from companion.game import load_kind
from companion.history import trace, traced
from companion.store import Store
from tests.conftest import CLI
from tests.referee import Run, play
from tests.test_share import EXAMPLES
from tests.test_share_cli import save


def referee_games(tmp_path: Path) -> list[dict[str, Any]]:
    """Random games of every kind, played by the referees (one seed each)."""
    from tests import (
        test_referee_elbereth,
        test_referee_halfdeck,
        test_referee_hebrac,
        test_referee_tricky,
    )

    home = tmp_path / "referees"
    scripts: list[list[str]] = []

    def halfdeck_settings(rng: random.Random) -> dict[str, Any]:
        chosen = test_referee_halfdeck.new_settings(rng)
        scripts.append(chosen.pop("_script"))
        return chosen

    def halfdeck_step(run: Run) -> bool:
        if not hasattr(run, "script"):
            run.script = scripts[-1]  # type: ignore[attr-defined]
        return test_referee_halfdeck.step(run)

    for module in (test_referee_hebrac, test_referee_tricky, test_referee_elbereth):
        kind = module.__name__.rsplit("_", 1)[1]
        play(kind, 11, home, module.new_settings, module.step, module.check)
    play("halfdeck", 11, home, halfdeck_settings, halfdeck_step, test_referee_halfdeck.check)
    store = Store(home)
    games = []
    for name in store.names():
        record = store.read(name)
        games.append({"kind": record.kind, "name": name, "settings": record.settings,
                      "actions": list(record.actions)})
    return games


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    played = referee_games(tmp_path_factory.mktemp("trace"))
    assert {g["kind"] for g in played} == {"hebrac", "tricky", "halfdeck", "elbereth"}
    return [*EXAMPLES, *played]


@pytest.fixture
def replayed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The actions each trace replays (every tracer's ``after`` goes through the base's)."""
    seen: list[str] = []
    after = history.Tracer.after

    def counting(self: history.Tracer, action: str, before: Any) -> None:
        seen.append(action)
        after(self, action, before)

    monkeypatch.setattr(history.Tracer, "after", counting)
    return seen


def looked_at(game: dict[str, Any], actions: list[str], cache: tuple[Path, str] | None
              ) -> tuple[history.History, dict[str, Any]]:
    tracer = traced(game["kind"], game["settings"], actions, cache)
    return tracer.finish(len(actions)), tracer.engine.status()


def test_a_resumed_trace_is_the_full_trace(games: list[dict[str, Any]], tmp_path: Path,
                                           replayed: list[str]) -> None:
    rng = random.Random(5)
    for number, game in enumerate(games):
        actions = game["actions"]
        cache = (tmp_path / f"home{number}", game["name"])
        # Each look resumes from the one before: a few actions, one more, none, all.
        cuts = sorted({0, 1, *rng.sample(range(len(actions) + 1), min(3, len(actions) + 1))})
        cuts += [min(cuts[-1] + 1, len(actions)), len(actions), len(actions)]
        done = 0
        for cut in cuts:
            replayed.clear()
            got = looked_at(game, actions[:cut], cache)
            assert replayed == actions[done:cut], (game["name"], done, cut)
            replayed.clear()
            assert got == looked_at(game, actions[:cut], None), (game["name"], cut)
            done = cut


def test_the_trace_cache_follows_an_undo(games: list[dict[str, Any]], tmp_path: Path,
                                         replayed: list[str]) -> None:
    """After an undo the newest state on the game's line is used, and the one ahead of it is
    kept for a redo."""
    game = next(g for g in games if g["kind"] == "hebrac" and len(g["actions"]) > 30)
    actions, cache = game["actions"], (tmp_path, game["name"])
    looked_at(game, actions[:20], cache)
    looked_at(game, actions[:30], cache)
    replayed.clear()
    looked_at(game, actions[:28], cache)
    assert replayed == actions[20:28]
    replayed.clear()
    assert looked_at(game, actions[:30], cache) == looked_at(game, actions[:30], None)
    assert replayed == actions[:30]  # the first look resumed after 30: nothing replayed


def test_another_games_trace_cache_is_not_used(tmp_path: Path, replayed: list[str]) -> None:
    mine, other = [g for g in EXAMPLES if g["kind"] == "hebrac"][:2]
    looked_at(mine, mine["actions"], (tmp_path, "mine"))
    kept = tmp_path / "cache" / "mine.trace"
    (tmp_path / "cache" / "other.trace").write_bytes(kept.read_bytes())
    replayed.clear()
    assert (looked_at(other, other["actions"], (tmp_path, "other"))
            == looked_at(other, other["actions"], None))
    assert replayed == other["actions"] + other["actions"]


def test_an_edited_trace_cache_is_not_used(tmp_path: Path, replayed: list[str]) -> None:
    """A kept state edited with its MAC kept is not read at all."""
    game = next(g for g in EXAMPLES if g["kind"] == "hebrac" and len(g["actions"]) > 10)
    actions = game["actions"][:10]
    looked_at(game, actions, (tmp_path, "mine"))
    kept = tmp_path / "cache" / "mine.trace"
    data = bytearray(kept.read_bytes())
    data[-3] ^= 0x04
    kept.write_bytes(bytes(data))
    replayed.clear()
    assert looked_at(game, actions, (tmp_path, "mine")) == looked_at(game, actions, None)
    assert replayed == actions + actions


@pytest.mark.parametrize("damage", ["garbage", "truncated", "engine snapshot", "other code"])
def test_a_damaged_or_stale_trace_cache_means_a_full_trace(
        tmp_path: Path, replayed: list[str], damage: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = next(g for g in EXAMPLES if g["kind"] == "elbereth")
    actions, cache = game["actions"], (tmp_path, game["name"])
    truth = looked_at(game, actions, None)
    looked_at(game, actions, cache)
    kept = tmp_path / "cache" / f"{game['name']}.trace"
    if damage == "garbage":
        kept.write_bytes(b"\x80\x05not a cache at all")
    elif damage == "truncated":
        kept.write_bytes(kept.read_bytes()[:-40])
    elif damage == "engine snapshot":  # a signed point of the engine cache under this name
        settings = load_kind(game["kind"]).normalize_settings(game["settings"])
        engine = snapshots.Snapshots(tmp_path, game["name"], game["kind"], settings)
        replay = load_kind(game["kind"]).new_engine(settings)
        applied = [replay.apply(action) for action in actions]
        blob = engine.take(replay, applied)
        assert blob is not None
        engine.save(actions, {len(actions): blob})
        engine.path.replace(kept)
    else:  # an upgrade: the code's stamp differs, so no digest matches
        monkeypatch.setattr(snapshots, "FORMAT", snapshots.FORMAT + 1)
        snapshots._code_stamp.cache_clear()
    replayed.clear()
    assert looked_at(game, actions, cache) == truth
    assert replayed == actions
    snapshots._code_stamp.cache_clear()


def test_no_trace_cache_when_snapshots_are_off(tmp_path: Path, replayed: list[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    game = next(g for g in EXAMPLES if g["kind"] == "tricky")
    actions, cache = game["actions"], (tmp_path, game["name"])
    looked_at(game, actions, cache)
    monkeypatch.setenv("COMPANION_SNAPSHOTS", "0")
    replayed.clear()
    assert looked_at(game, actions, cache) == looked_at(game, actions, None)
    assert replayed == actions + actions  # the kept state is not read
    (tmp_path / "cache" / f"{game['name']}.trace").unlink()
    looked_at(game, actions, cache)
    assert not (tmp_path / "cache" / f"{game['name']}.trace").exists()


def test_an_unwritable_cache_still_traces(tmp_path: Path, replayed: list[str]) -> None:
    game = next(g for g in EXAMPLES if g["kind"] == "halfdeck")
    actions = game["actions"]
    (tmp_path / "cache").write_text("a file where the cache folder goes")
    assert looked_at(game, actions, (tmp_path, game["name"])) == looked_at(game, actions, None)


def test_elbereth_floors_left_are_each_floors_status_when_left(
        games: list[dict[str, Any]]) -> None:
    """What the dungeon log's finished floors show: the status after the last action on
    each floor (as a replay reading the status after every action finds it)."""
    fields = ("beaten_here", "walls_here", "floor_boss", "boss_beaten")
    played = [g for g in games if g["kind"] == "elbereth"]
    assert any(len(trace("elbereth", g["settings"], g["actions"]).floors) > 1 for g in played)
    for game in played:
        module = load_kind("elbereth")
        engine = module.new_engine(module.normalize_settings(game["settings"]))
        left = []
        before = engine.status()
        for action in game["actions"]:
            engine.apply(action)
            now = engine.status()
            if now["floor"] != before["floor"]:
                left.append({key: before[key] for key in fields})
            before = now
        assert list(trace("elbereth", game["settings"], game["actions"]).floors) == left


@pytest.mark.parametrize("game", EXAMPLES, ids=[g["name"] for g in EXAMPLES])
def test_sheet_and_summary_are_the_same_cold_warm_and_uncached(
        cli: CLI, home: Path, game: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    name = save(home, {**game, "actions": game["actions"][:-1]})
    cli("sheet", "--format", "text")  # a kept trace one action short
    with Store(home).lock(name):
        store = Store(home)
        record = store.read(name)
        record.actions = list(game["actions"])
        store.write(record)
    kind = game["kind"]
    cold = [cli("sheet", "--format", "text"), cli(kind, "summary")]
    warm = [cli("sheet", "--format", "text"), cli(kind, "summary")]
    monkeypatch.setenv("COMPANION_SNAPSHOTS", "0")
    off = [cli("sheet", "--format", "text"), cli(kind, "summary")]
    assert cold == warm == off
    assert all(result.code == 0 and result.err == "" for result in off)


def test_a_sheet_of_a_game_that_no_longer_replays_says_so(cli: CLI, home: Path) -> None:
    game = next(g for g in EXAMPLES if g["kind"] == "hebrac")
    name = save(home, game)
    assert cli("sheet", "--format", "text").code == 0
    path = Store(home).path(name)
    text = path.read_text()
    first = game["actions"][0]
    path.write_text(text.replace(f'"{first}"', '"enter Z9 5S"', 1))
    for args in (["sheet", "--format", "text"], ["hebrac", "summary"]):
        result = cli(*args)
        assert result.code != 0 and result.out == ""
        assert "action 1 'enter Z9 5S' no longer replays" in " ".join(result.err.split())
