"""Saves written before rules editions (release 08db6ae) replay as that release replayed them.

tests/legacy/ holds the example games exactly as that release shipped them, and
tests/legacy/crafted/ one small save for each check made stricter since, each with the
state that release gave it in [expect]. Each is opened as a player's file is, through
the store and 'status', and must give that state with exit 0, its file untouched.
"""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest

from companion import share
from companion.editions import CURRENT, FIRST
from tests.conftest import CLI

LEGACY = Path(__file__).parent / "legacy"
SAVES = sorted(LEGACY.glob("*.toml")) + sorted((LEGACY / "crafted").glob("*.toml"))

# Share codes the release before editions printed for two crafted saves.
OLD_CODES = {
    "tricky-2p-unnamed-exchange": (
        "CMP2.L77777T2JJEZG3HLLSAVBUNU4VXZODA4MXAZUKGMQHZSFIRZ7SIHF3QCBVODR4AI2CXKA7JDONPO"
        "HKDO4MLTQTZTBSHZNPDIZCPKEY3UKHLGGK5FPFWAWKPZK3G67A4OYHLMM434B5Z5CCD27QLBGDQIZYQ5J4"
        "2P5QUAH52LYFKNDEAB4JRP75ORDV4N6XSNOOTB6X3UQAAA.92DF1D0D"),
    "hebrac-two-jokers": (
        "CMP2.D777PCNAHT23KW5RMHBIAYBCHWZYBGFS24OCGBGYMOYIMS7AYZOMQNQU4JT2RHDADK7LPN75ECL7J"
        "GHUZU6IU77KH2ZINZIRPT234C6IZBTDVTERE4A7DCRD3TT2JAT7R4BMYBRXLQEMO3MZODGUWVM52AQA."
        "0E5885E4"),
}


def install(home: Path, path: Path, text: str | None = None) -> dict[str, object]:
    """Put a save where the store keeps games; return its parsed contents."""
    data = tomllib.loads(path.read_text())
    games = home / "games"
    games.mkdir(parents=True, exist_ok=True)
    target = games / f"{data['name']}.toml"
    if text is None:
        shutil.copyfile(path, target)
    else:
        target.write_text(text)
    return data


def test_every_earlier_example_game_is_kept() -> None:
    assert sorted(p.stem for p in LEGACY.glob("*.toml")) == [
        "elbereth-bosses", "elbereth-loss", "elbereth-win", "halfdeck-coop", "halfdeck-loss",
        "halfdeck-win", "hebrac-death", "hebrac-every-enemy", "hebrac-spells", "hebrac-win",
        "tricky-2p", "tricky-3p", "tricky-4p"]


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_earlier_save_replays_to_the_state_it_had(path: Path, cli: CLI, home: Path) -> None:
    data = install(home, path)
    name, kind = str(data["name"]), str(data["kind"])
    before = (home / "games" / f"{name}.toml").read_bytes()
    result = cli(kind, "status", "--game", name, "--json")
    assert result.code == 0, result.err
    status = json.loads(result.out)
    expect = data["expect"]
    assert isinstance(expect, dict)
    for key, expected in expect.items():
        assert status[key] == expected, key
    assert status["outcome"] == data["outcome"]
    if kind == "hebrac":  # nothing left owed that the earlier release did not owe
        assert status["pending"] is None
        assert status["games_waiting"] == 0
    assert (home / "games" / f"{name}.toml").read_bytes() == before, "status wrote the file"


CRAFTED = LEGACY / "crafted"


@pytest.mark.parametrize("stem, why", [
    ("tricky-short-rounds", "--rounds-per-player must be a whole number from 4 to 10"),
    ("tricky-2p-unnamed-exchange", "with two players the exchange is open"),
    ("tricky-trickster-exchange", "less the Trickster's 4 face up = 1"),
    ("hebrac-two-jokers", "settle Hebrac's game first"),
    ("hebrac-sold-out-merchant", "nothing to refuse now"),
    ("elbereth-face-down-coin", "a face-down coin is spent or never picked up"),
])
def test_the_same_save_marked_current_edition_is_refused(stem: str, why: str, cli: CLI,
                                                        home: Path) -> None:
    """The checks stay as strict for games of this edition: only the marker differs (the
    sold-out merchant's check is the second edition's: the third keeps him while Stealing
    Spirit could take his ware, as it could in that save)."""
    path = CRAFTED / f"{stem}.toml"
    number = 2 if stem == "hebrac-sold-out-merchant" else CURRENT
    text = path.read_text().replace("[settings]\n", f"[settings]\nedition = {number}\n")
    data = install(home, path, text)
    result = cli(str(data["kind"]), "status", "--game", stem)
    assert result.code == 3
    assert why in " ".join(result.err.split())


def test_a_new_game_records_its_edition(cli: CLI, home: Path) -> None:
    assert cli("tricky", "new", "Ann", "Bo", "--name", "fresh").code == 0
    saved = tomllib.loads((home / "games" / "fresh.toml").read_text())
    assert saved["settings"]["edition"] == CURRENT


def test_an_earlier_game_keeps_its_rules_for_what_is_typed_now(cli: CLI, home: Path) -> None:
    install(home, CRAFTED / "tricky-race-zero.toml")
    game = ("--game", "tricky-race-zero")
    result = cli("tricky", "round", "barbarian", "--trump", "R", "--exchange", "3", *game)
    assert result.code == 0, result.err
    assert cli("tricky", "exchange", "--count", "2", *game).code == 0
    saved = tomllib.loads((home / "games" / "tricky-race-zero.toml").read_text())
    assert "edition" not in saved["settings"]  # still a game of the first edition
    assert saved["actions"][-2:] == ["round barbarian --active Bo --trump R --exchange 3",
                                     "exchange --player Ann --count 2"]
    # A new game of today's edition refuses the same exchange.
    assert cli("tricky", "new", "Ann", "Bo", "--name", "fresh").code == 0
    result = cli("tricky", "round", "barbarian", "--trump", "R", "--exchange", "3",
                 "--game", "fresh")
    assert result.code == 1
    assert "with two players the exchange is open" in " ".join(result.err.split())


def test_status_says_an_earlier_game_keeps_its_rules(cli: CLI, home: Path) -> None:
    install(home, CRAFTED / "hebrac-two-jokers.toml")
    result = cli("hebrac", "status", "--game", "hebrac-two-jokers")
    assert result.code == 0, result.err
    assert "Rules: first edition, kept for this game" in result.out
    assert cli("hebrac", "new", "--name", "fresh").code == 0
    assert "edition" not in cli("hebrac", "status", "--game", "fresh").out


def test_an_earlier_game_with_many_long_notes_opens_and_plays(cli: CLI, home: Path) -> None:
    install(home, CRAFTED / "hebrac-many-notes.toml")
    game = ("--game", "hebrac-many-notes")
    assert cli("hebrac", "status", *game).code == 0
    result = cli("hebrac", "undo", *game)  # a write of the whole file
    assert result.code == 0, result.err
    saved = tomllib.loads((home / "games" / "hebrac-many-notes.toml").read_text())
    assert len(saved["notes"]) == 120
    assert saved["notes"][0] == "Level 1\tcleared\nall twelve chambers"
    assert len(saved["notes"][1]) == 600
    # The limits hold for what is typed now.
    result = cli("hebrac", "note", "one more", *game)
    assert result.code == 2
    assert "a game keeps at most 100 notes" in " ".join(result.err.split())


@pytest.mark.parametrize("stem", sorted(OLD_CODES))
def test_a_code_of_the_earlier_release_imports_as_a_first_edition_game(stem: str) -> None:
    shared = share.decode(OLD_CODES[stem])
    assert shared.settings["edition"] == FIRST
    data = tomllib.loads((CRAFTED / f"{stem}.toml").read_text())
    assert shared.record.actions == data["actions"]
    status = shared.engine.status()
    for key, expected in data["expect"].items():
        assert status[key] == expected, key


@pytest.mark.parametrize("stem", ["tricky-2p-unnamed-exchange", "hebrac-unit-spells"])
def test_a_first_edition_game_round_trips_through_its_code(stem: str) -> None:
    data = tomllib.loads((CRAFTED / f"{stem}.toml").read_text())
    settings = {**data["settings"], "edition": FIRST}
    code = share.encode(data["kind"], data["name"], settings, data["actions"])
    shared = share.decode(code)
    assert shared.settings["edition"] == FIRST
    assert shared.record.actions == data["actions"]


def test_a_race_saved_with_no_rounds_loads_in_either_edition(cli: CLI, home: Path) -> None:
    path = CRAFTED / "tricky-race-zero.toml"
    text = path.read_text().replace("[settings]\n", f"[settings]\nedition = {CURRENT}\n")
    install(home, path, text)
    result = cli("tricky", "status", "--game", "tricky-race-zero")
    assert result.code == 0, result.err
    assert "Race to 20 gold" in result.out
    assert "edition" not in result.out


def test_two_jokers_typed_now_in_an_earlier_game_are_one_game(cli: CLI, home: Path) -> None:
    install(home, CRAFTED / "hebrac-two-jokers.toml")
    game = ("--game", "hebrac-two-jokers")
    for action in (("enter", "A3", "AH"), ("take", "KD", "JK", "JK", "6H"), ("refuse",),
                   ("enter", "A4", "AS")):
        result = cli("hebrac", *action, *game)
        assert result.code == 0, (action, result.err)
    # The same in a game of this edition: the second joker's game is owed first.
    assert cli("hebrac", "new", "--name", "fresh").code == 0
    for action in (("enter", "A1", "AH"), ("take", "KD", "JK", "JK", "6H"), ("refuse",)):
        assert cli("hebrac", *action, "--game", "fresh").code == 0
    result = cli("hebrac", "enter", "A2", "AS", "--game", "fresh")
    assert result.code == 1
    assert "settle Hebrac's game first" in " ".join(result.err.split())


def test_an_earlier_game_moves_between_homes_with_its_edition(cli: CLI, home: Path) -> None:
    install(home, CRAFTED / "tricky-2p-unnamed-exchange.toml")
    code = cli("share", "--text", "--game", "tricky-2p-unnamed-exchange").out.strip()
    result = cli("import", code, "--name", "moved")
    assert result.code == 0, result.err
    assert "Rules: first edition, kept for this game" in result.out.splitlines()
    saved = tomllib.loads((home / "games" / "moved.toml").read_text())
    assert saved["settings"]["edition"] == FIRST


def test_stats_summary_and_import_read_earlier_saves_under_their_edition(cli: CLI,
                                                                          home: Path) -> None:
    for path in sorted(CRAFTED.glob("*.toml")):
        install(home, path)
    result = cli("stats")
    assert result.code == 0, result.err
    assert "skipped" not in result.err
    result = cli("tricky", "summary", "--game", "tricky-short-rounds")
    assert result.code == 0, result.err
    assert "tricky-short-rounds: Ann wins with 4 gold" in " ".join(result.out.split())
    result = cli("import", str(CRAFTED / "hebrac-two-jokers.toml"), "--name", "via-file")
    assert result.code == 0, result.err
    saved = tomllib.loads((home / "games" / "via-file.toml").read_text())
    assert saved["settings"]["edition"] == FIRST
