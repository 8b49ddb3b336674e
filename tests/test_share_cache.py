"""The share code a sheet carries, kept in the game's cache (``<name>.share``).

A kept code is used only for exactly the game it encodes (kind, name, settings,
actions, notes, undone actions) and only if its own checksum matches; anything
else is encoded afresh, and ``COMPANION_SNAPSHOTS=0`` turns the cache off.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion import share, snapshots
from companion.errors import BadInput
from companion.game import load_kind
from companion.sheets import share_code
from tests.conftest import CLI
from tests.test_share import EXAMPLES
from tests.test_share_cli import save


def game_of(data: dict[str, Any]) -> dict[str, Any]:
    return {"kind": data["kind"], "name": data["name"],
            "settings": load_kind(data["kind"]).normalize_settings(data["settings"]),
            "actions": list(data["actions"]), "notes": list(data.get("notes", [])),
            "redo": list(data.get("redo", []))}


def code(game: dict[str, Any], home: Path | None) -> str:
    return share_code(game["kind"], game["name"], game["settings"], game["actions"],
                      game["notes"], game["redo"], home)


def fresh(game: dict[str, Any]) -> str:
    return share.encode(game["kind"], game["name"], game["settings"], game["actions"],
                        game["notes"], game["redo"])


@pytest.fixture
def encoded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the games encoded afresh."""
    seen: list[str] = []
    encode = share.encode

    def counting(kind: str, name: str, *args: Any) -> str:
        seen.append(name)
        return encode(kind, name, *args)

    monkeypatch.setattr(share, "encode", counting)
    return seen


@pytest.mark.parametrize("data", EXAMPLES, ids=[d["name"] for d in EXAMPLES])
def test_a_kept_code_is_the_code(tmp_path: Path, data: dict[str, Any],
                                 encoded: list[str]) -> None:
    game = game_of(data)
    truth = fresh(game)
    encoded.clear()
    assert code(game, tmp_path) == truth
    assert code(game, tmp_path) == truth
    assert encoded == [game["name"]]  # the second came from the cache


@pytest.mark.parametrize("change", ["name", "settings", "action", "one less", "one more",
                                    "note", "redo"])
def test_a_code_kept_for_another_game_is_not_used(tmp_path: Path, change: str,
                                                  encoded: list[str]) -> None:
    game = game_of(next(d for d in EXAMPLES if d["kind"] == "hebrac"))
    kept = code(game, tmp_path)
    other = {**game}
    if change == "name":
        (tmp_path / "cache" / "other.share").write_bytes(
            (tmp_path / "cache" / f"{game['name']}.share").read_bytes())
        other["name"] = "other"
    elif change == "settings":
        other["settings"] = {**game["settings"], "life": game["settings"]["life"] + 1}
    elif change == "action":
        other["actions"] = [*game["actions"][:-1], "take 2H"]
    elif change == "one less":
        other["actions"] = game["actions"][:-1]
    elif change == "one more":
        other["actions"] = [*game["actions"], "take 2H"]
    elif change == "note":
        other["notes"] = [*game["notes"], "one more note"]
    else:
        other["redo"] = ["take 2H"]
    encoded.clear()
    assert code(other, tmp_path) == fresh(other) != kept
    assert encoded == [other["name"], other["name"]]


def test_a_kept_code_with_a_wrong_checksum_is_not_used(tmp_path: Path,
                                                       encoded: list[str]) -> None:
    """Signed and filed under the right digest, yet not the code: its checksum tells."""
    game = game_of(next(d for d in EXAMPLES if d["kind"] == "tricky"))
    truth = code(game, tmp_path)
    kept = snapshots.Snapshots(tmp_path, game["name"], game["kind"],
                               {"name": game["name"], "settings": game["settings"],
                                "notes": game["notes"], "redo": game["redo"]}, purpose="share")
    assert kept.matching(game["actions"])[0][1] == truth.encode()
    body, check = truth.rsplit(".", 1)
    wrong = f"{body}.{'0' if check[0] != '0' else '1'}{check[1:]}"
    kept.save(game["actions"], {len(game["actions"]): wrong.encode()})
    assert kept.matching(game["actions"])[0][1] == wrong.encode()
    encoded.clear()
    assert code(game, tmp_path) == truth
    assert encoded == [game["name"]]


def test_a_damaged_share_cache_means_encoding(tmp_path: Path, encoded: list[str]) -> None:
    game = game_of(next(d for d in EXAMPLES if d["kind"] == "elbereth"))
    truth = code(game, tmp_path)
    (tmp_path / "cache" / f"{game['name']}.share").write_bytes(b"not a cache")
    encoded.clear()
    assert code(game, tmp_path) == truth
    assert encoded == [game["name"]]


def test_no_share_cache_when_snapshots_are_off(tmp_path: Path, encoded: list[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    game = game_of(next(d for d in EXAMPLES if d["kind"] == "halfdeck"))
    monkeypatch.setenv("COMPANION_SNAPSHOTS", "0")
    assert code(game, tmp_path) == code(game, tmp_path) == fresh(game)
    assert encoded == [game["name"]] * 3
    assert not (tmp_path / "cache").exists()


def test_a_game_that_cannot_be_shared_is_refused_each_time(tmp_path: Path,
                                                           encoded: list[str]) -> None:
    game = {"kind": "hebrac", "name": "g", "settings": {}, "notes": [], "redo": [],
            "actions": ["take 2H"] * (share.MAX_ACTIONS + 1)}
    for _ in range(2):
        with pytest.raises(BadInput, match="this game cannot be shared"):
            code(game, tmp_path)
    assert encoded == ["g", "g"]


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_sheets_carry_the_same_code_cached_or_not(cli: CLI, home: Path, fmt: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    for data in EXAMPLES:
        save(home, data)
        first, again = cli("sheet", "--format", fmt), cli("sheet", "--format", fmt)
        assert (home / "cache" / f"{data['name']}.share").exists()
        monkeypatch.setenv("COMPANION_SNAPSHOTS", "0")
        off = cli("sheet", "--format", fmt)
        monkeypatch.delenv("COMPANION_SNAPSHOTS")
        assert first == again == off
        assert cli("share", "--text").out.strip() in off.out
