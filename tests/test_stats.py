"""companion stats and companion export over the example games, imported into a fresh home.

Every expected number below was counted by hand from the files in examples/
(their actions, [expect] tables and the rules), not taken from the program's
output; the comment beside each says how.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.resources import resource_dir
from companion.stats import read_games
from companion.store import Store
from tests.clihelpers import printed
from tests.conftest import CLI

GAMES = sorted(p.name for p in resource_dir("examples").glob("*.toml")
               if p.name != "halfdeck-cards.toml")  # the card catalog is not a game


@pytest.fixture
def examples(cli: CLI) -> CLI:
    """Every example brought in with 'import FILE.toml' (a saved game's own file)."""
    for name in GAMES:
        result = cli("import", str(resource_dir("examples") / name))
        assert result.code == 0, result.err
    return cli


def stats_json(cli: CLI, *args: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(printed(cli, "stats", *args, "--json"))
    return data


def test_import_takes_a_saved_games_own_file(cli: CLI, home: Path) -> None:
    result = cli("import", str(resource_dir("examples") / "hebrac-death.toml"))
    assert result.code == 0
    assert result.out.splitlines()[:2] == ["Imported 'hebrac-death' (hebrac, 8",
                                           "actions), now current."]
    record = Store(home).read("hebrac-death")
    assert record.created == "2026-11-23 09:00:00"  # kept from the file: streaks need it
    assert record.outcome == "dead"


def test_import_checks_a_saved_file_like_a_code(cli: CLI, tmp_path: Path, home: Path) -> None:
    text = (resource_dir("examples") / "hebrac-death.toml").read_text()
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('"attack 5H"', '"attack 5Q"'))
    result = cli("import", str(bad))
    assert (result.code, result.out) == (2, "")
    assert result.err.startswith("Error: action 2 'attack 5Q' does not replay:")
    bad.write_text(text.replace('"attack 5H"', '"attack 5H\\u0007"'))
    assert cli("import", str(bad)).err == (
        f"Error: '{bad}' is not a saved game: it holds a control character (0x07)\n")
    bad.write_text(text.replace("schema = 1", "schema = 9"))
    assert cli("import", str(bad)).err == (
        f"Error: '{bad}' was written by a newer companion (schema 9, this one reads 1)\n")
    assert not (home / "games").exists() or not list((home / "games").glob("*.toml"))


def test_stats_over_the_examples(examples: CLI) -> None:
    kinds = stats_json(examples)["kinds"]
    assert isinstance(kinds, dict)
    hebrac = kinds["hebrac"]
    # Finished Hebrac examples: hebrac-death (outcome dead) and hebrac-win (won); the
    # other two are still playing. Same creation time, so name order: death, win.
    assert (hebrac["games"], hebrac["wins"], hebrac["win_rate"]) == (2, 1, 50)
    assert (hebrac["longest_streak"], hebrac["streak"]) == (1, {"wins": 1})
    # Neither has a next-level action nor a teleport: both end on level 1.
    assert (hebrac["deepest_level"], hebrac["average_level"]) == (1, 1)
    # hebrac-death dies in C2 against the 10D it entered ("enter C2 10D"): a demon.
    assert hebrac["most_common_killer"] == "10D demon"
    assert hebrac["spells"] == {}  # no 'cast' in either file

    tricky = kinds["tricky"]
    # [expect] winners: tricky-2p Ann, tricky-3p Bo, tricky-4p Cy. Ann and Bo sit at all
    # three tables, Cy at two (3p, 4p), Di at one (4p).
    assert tricky["games"] == 3
    assert tricky["wins_per_player"] == {"Ann": 1, "Bo": 1, "Cy": 1, "Di": 0}
    assert tricky["games_per_player"] == {"Ann": 3, "Bo": 3, "Cy": 2, "Di": 1}
    heroes = {(h["hero"], h["players"]): h for h in tricky["heroes"]}
    # Rounds settled by 'result', the active player's gold by the hero's rule:
    # 2p Wizard (2 per potion, 1 potion) = 2, its only round;
    assert heroes[("Wizard", 2)]["average_gold"] == 2
    # 3p Trickster (base 5 minus 1 per trick or potion: 1 trick, 0 potions) = 4;
    assert heroes[("Trickster", 3)]["average_gold"] == 4
    # 4p Ninja (1 per spell, 0 spells) = 0, its only round.
    assert heroes[("Ninja", 4)]["average_gold"] == 0
    # 2p Thief, two rounds. Round 1 trick by trick (Ann active, leads; no trump): B4>B1 Ann,
    # R7>R0 Ann, Y1<Y5 Bo, then Bo leads and wins Y3, B5, G5, Y4, Y6, G6: Ann 2 tricks,
    # 5 - 2 = 3. Round 6 by 'result --tricks 3' for Bo: 5 - 3 = 2. Average 2.5.
    assert heroes[("Thief", 2)] == {"hero": "Thief", "players": 2, "rounds": 2,
                                    "average_gold": 2.5}

    halfdeck = kinds["halfdeck"]
    # Outcomes: halfdeck-coop won, halfdeck-loss lost, halfdeck-win won; in name order
    # W L W: longest streak 1, now 1 win.
    assert (halfdeck["games"], halfdeck["wins"], halfdeck["win_rate"]) == (3, 2, 67)
    assert (halfdeck["longest_streak"], halfdeck["streak"]) == (1, {"wins": 1})
    # [expect] round: coop 5, loss 4, win 9: (5 + 4 + 9) / 3 = 6.
    assert halfdeck["average_rounds"] == 6
    # halfdeck-loss: the warrior dies to the shadow imp, then the cleric (no hero left).
    assert halfdeck["fallen"] == {"warrior": 1, "cleric": 1}

    elbereth = kinds["elbereth"]
    # elbereth-bosses won, elbereth-loss lost, elbereth-win won: W L W.
    assert (elbereth["games"], elbereth["wins"], elbereth["win_rate"]) == (3, 2, 67)
    # [expect] floor: bosses 7, loss 1, win 7: deepest 7, average 15 / 3 = 5.
    assert (elbereth["deepest_floor"], elbereth["average_floor"]) == (7, 5)
    # elbereth-loss ends on 'attack dragon 2' with no equipment left to discard.
    assert elbereth["most_common_foe"] == "dragon"


def test_stats_all_counts_games_still_playing(examples: CLI) -> None:
    hebrac = stats_json(examples, "hebrac", "--all")["kinds"]["hebrac"]  # type: ignore[index]
    # Four Hebrac examples; in name order death (dead), every-enemy (playing), spells
    # (playing), win (won): two in play are neither won nor lost, so one win of two
    # finished games, and the streak now is that win.
    assert (hebrac["games"], hebrac["in_play"], hebrac["wins"], hebrac["win_rate"]) == (
        4, 2, 1, 50)
    assert (hebrac["longest_streak"], hebrac["streak"]) == (1, {"wins": 1})
    lines = examples("stats", "hebrac", "--all").out.splitlines()
    assert "Games 4 (2 in play), wins 1 (50%)" in lines
    assert "Longest win streak 1; now 1 win" in lines
    # every-enemy ends with 'next-level', spells with 'cast teleport next-level': level 2.
    assert (hebrac["deepest_level"], hebrac["average_level"]) == (2, 1.5)
    # hebrac-spells casts each of these once, in this order.
    assert hebrac["spells"] == {"remote-vision": 1, "paralysis": 1, "curse": 1,
                                "double-attack": 1, "super-strength": 1, "healing": 1,
                                "anti-magic": 1, "teleport": 1}


def test_stats_for_one_player(examples: CLI) -> None:
    tricky = stats_json(examples, "--player", "Ann")["kinds"]["tricky"]  # type: ignore[index]
    # Ann's tables in name order: 2p won, 3p lost, 4p lost.
    assert (tricky["games"], tricky["wins"], tricky["win_rate"]) == (3, 1, 33)
    assert (tricky["longest_streak"], tricky["streak"]) == (1, {"losses": 2})
    heroes = {(h["hero"], h["players"]): h["average_gold"] for h in tricky["heroes"]}
    # Ann's active rounds only: the 2p Thief once (round 1, 3 gold), the 4p Ninja (0).
    assert heroes[("Thief", 2)] == 3 and heroes[("Ninja", 4)] == 0
    # [expect] scores: Ann 12 (2p), 2 (3p), 3 (4p); active in 4 of the 2p's 8 rounds and
    # in 2 of the others' (rounds_per_player 2).
    assert (tricky["gold_total"], tricky["gold_average"], tricky["best_game"],
            tricky["rounds_active"]) == (17, 5.7, {"game": "tricky-2p", "gold": 12}, 8)
    # Named as everywhere (tests/test_roster.py has the rest): any case, or a start.
    assert stats_json(examples, "--player", "an") == stats_json(examples, "--player", "ANN")
    assert examples("stats", "--player", "Zed").err == (
        "Error: 'Zed' is not a player: expected one of Ann, Bo, Cy, Di\n")
    assert examples("stats", "hebrac", "--player", "Ann").code == 2


def test_stats_text_at_40_columns(examples: CLI) -> None:
    assert printed(examples, "stats", "hebrac") == (
        "Hebrac's Dungeon (finished games)\n"
        "Games 2, wins 1 (50%)\n"
        "Longest win streak 1; now 1 win\n"
        "Deepest level 1, average 1\n"
        "Most common killer: 10D demon\n"
        "Spells by use:\n"
        "  none\n")
    result = examples("--plain", "stats", "halfdeck")
    assert result.out == (
        "Half Deck Dungeon Heroes (finished\n"
        "  games)\n"
        "Games 3, wins 2 (67%)\n"
        "Longest win streak 1; now 1 win\n"
        "Average rounds 6\n"
        "Heroes fallen:\n"
        "  warrior 1 " + "#" * 28 + "\n"
        "  cleric  1 " + "#" * 28 + "\n")
    everything = examples("stats").out.splitlines()
    assert max(map(len, everything)) <= 40
    assert "Wins per player:" in everything and "Best hero: Troubadour (7.0)" in everything


def test_a_corrupt_file_is_skipped_with_one_warning(examples: CLI, home: Path) -> None:
    (home / "games" / "hebrac-win.toml").write_text("schema = 1\nkind = [")
    result = examples("stats", "hebrac")
    assert result.code == 0
    warning = result.err.splitlines()
    assert len(warning) == 1 and warning[0].startswith(
        "Warning: skipped hebrac-win: not valid TOML")
    assert "Games 1, wins 0 (0%)" in result.out  # hebrac-death alone


def test_stats_write_nothing_but_the_cache(examples: CLI, home: Path) -> None:
    games = {p: p.read_bytes() for p in (home / "games").iterdir()}
    examples("stats")
    assert {p: p.read_bytes() for p in (home / "games").iterdir()} == games
    from companion import safefile

    payload = safefile.read_cache(home / "cache" / "stats.json", home, "stats", 1 << 25)
    assert payload is not None  # signed with this home's key
    assert len(json.loads(payload)["games"]) == len(GAMES)


def test_the_cache_gives_the_same_figures(examples: CLI, home: Path) -> None:
    store = Store(home)
    path = home / "cache" / "stats.json"
    assert not path.exists()
    fresh = read_games(store, print)  # every game replayed
    assert path.exists() and read_games(store, print) == fresh  # every one from the cache
    # A damaged, unsigned or forged cache is replayed over, never trusted.
    from companion import safefile

    good = path.read_bytes()
    for planted in (b'{"format": 3, "games": {"x": 1}',
                    good.replace(b'"outcome":"won"', b'"outcome":"dead"')):
        path.write_bytes(planted)
        assert read_games(store, print) == fresh
    # Signed by companion yet missing a key: still no traceback, the game replayed.
    safefile.write_cache(path, home, "stats", b'{"format": 3, "games": {"x": {"kind": "hebrac"}}}')
    assert read_games(store, print) == fresh
    payload = safefile.read_cache(path, home, "stats", 1 << 25)
    assert payload is not None  # written again, whole
    assert len(json.loads(payload)["games"]) == len(fresh)


def test_export_csv(examples: CLI, home: Path, tmp_path: Path) -> None:
    out = examples("export", "--csv").out.splitlines()
    assert out[0].startswith("game,kind,created,outcome,actions,won,")
    rows = [line.split(",") for line in out[1:]]
    # 2 finished Hebrac + 3 Half Deck + 3 Elbereth games, one row each; the Tricky games
    # one row per round: 8 (2p) + 6 (3p) + 8 (4p).
    assert len(rows) == 2 + 3 + 3 + 8 + 6 + 8
    assert out[1] == ("tricky-2p,tricky,2025-01-01 12:00:00,finished,80,,,,,,,,,,,Ann Bo,Ann,"
                      "1,Ann,Thief,3,Ann=3 Bo=0")
    death = next(line for line in out if line.startswith("hebrac-death,"))
    # 8 actions; cleared C1; won the 3S battle, lost to 10D; life 15 -> 7 -> (+4) 11 -> 2
    # -> -5: lost 8 + 9 + 7 = 24, healed 4.
    assert death == ("hebrac-death,hebrac,2026-11-23 09:00:00,dead,8,no,1,,1,1,1,24,4,"
                     "10D demon,,,,,,,,")
    assert examples("export").code == 2
    target = tmp_path / "games.csv"
    assert examples("export", "--csv", "--all", "-o", str(target)).out == (
        f"Wrote 13 games to {target}.\n")  # 4 + 3 + 3 + 3 examples
    assert target.read_text().count("\n") == 1 + 4 + 3 + 3 + 22


def test_a_counted_game_is_neither_parsed_nor_replayed_again(
        examples: CLI, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two hundred copies: the second run takes every figure from the cache (the
    benchmark times it: 'stats' over 500 games)."""
    games = home / "games"
    source = (games / "tricky-2p.toml").read_text()
    for number in range(200):
        name = f"copy-{number}"
        (games / f"{name}.toml").write_text(source.replace('"tricky-2p"', f'"{name}"'))
    first = examples("stats", "tricky").out

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("parsed or replayed again")

    with monkeypatch.context() as patch:
        patch.setattr("companion.history.trace", refuse)
        patch.setattr(Store, "decode", refuse)
        again = examples("stats", "tricky")
    assert (again.code, again.err, again.out) == (0, "", first)
    assert "Games 203" in first
    # A changed file is read again; the others still come from the cache.
    (games / "copy-7.toml").write_text(source.replace('"tricky-2p"', '"copy-7"') + "\n")
    assert examples("stats", "tricky").out == first
