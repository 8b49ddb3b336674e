"""The players across the saved games: 'companion stats --players' and '--player NAME'.

Three Tricky Dungeon games are played here with 'result' only, so every figure
below is counted by hand from the rounds typed (the comment beside each says
how):

- a (finished): Ann and Bo. Ann plays the Wizard (2 gold per potion) with 2, 1, 1
  and 3 potions: 4 + 2 + 2 + 6 = 14; Bo the Witch (1 per spell) with 3, 1, 2, 1
  spells: 7. Ann wins. (Every active player earns some gold: no gold for them
  would give the others 1 each.)
- b (finished): Mary-Ann and ann. Mary-Ann's Wizard takes 1 potion each round:
  4 x 2 = 8; ann's Witch 3 spells each round: 4 x 3 = 12. ann wins.
- c (still being played): Bo, Ann, mary_ann and Anna; one round, Bo's Wizard with
  1 potion: Bo 2.

"Ann" (a, c) and "ann" (b) are one player, shown as Ann (two games spelled so);
"Mary-Ann" (b) and "mary_ann" (c) are one player, shown as mary_ann (one game
each: the newer game's spelling).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.stats import Entry, people, read_games
from companion.store import Store
from tests.conftest import CLI

ROUNDS = 8  # two players: each is active 4 times


def play(cli: CLI, name: str, players: list[str], hauls: list[tuple[str, str, str]]) -> None:
    """A new game ``name``, then a round per haul: (active player, hero, result option)."""
    assert cli("tricky", "new", *players, "--name", name).code == 0
    for active, hero, haul in hauls:
        result = cli("tricky", "round", hero, "--active", active)
        assert result.code == 0, result.err
        result = cli("tricky", "result", *haul.split())
        assert result.code == 0, result.err


@pytest.fixture
def tables(cli: CLI) -> CLI:
    ann = [("Ann", "wizard", f"--potions {n}") for n in (2, 1, 1, 3)]
    bo = [("Bo", "witch", f"--spells {n}") for n in (3, 1, 2, 1)]
    play(cli, "a", ["Ann", "Bo"], [r for pair in zip(ann, bo, strict=True) for r in pair])
    mary = [("Mary-Ann", "wizard", "--potions 1")] * 4
    ann2 = [("ann", "witch", "--spells 3")] * 4
    play(cli, "b", ["Mary-Ann", "ann"], [r for pair in zip(mary, ann2, strict=True)
                                         for r in pair])
    play(cli, "c", ["Bo", "Ann", "mary_ann", "Anna"], [("Bo", "wizard", "--potions 1")])
    return cli


def out(cli: CLI, *args: str) -> str:
    result = cli("--plain", "stats", *args)
    assert (result.code, result.err) == (0, ""), result.err
    assert max(map(len, result.out.splitlines())) <= 40
    return result.out


def as_json(cli: CLI, *args: str) -> dict[str, object]:
    result = cli("stats", *args, "--json")
    assert (result.code, result.err) == (0, "")
    data: dict[str, object] = json.loads(result.out)
    return data


def refused(cli: CLI, *args: str) -> str:
    result = cli("stats", *args)
    assert (result.code, result.out) == (2, ""), result
    return result.err


def test_the_games_are_as_counted(tables: CLI, home: Path) -> None:
    scores = {e.name: (e.outcome, e.facts["scores"]) for e in read_games(Store(home), print)}
    assert scores == {"a": ("finished", {"Ann": 14, "Bo": 7}),
                      "b": ("finished", {"Mary-Ann": 8, "ann": 12}),
                      "c": ("playing", {"Bo": 2, "Ann": 0, "mary_ann": 0, "Anna": 0})}


def test_the_roster_at_40_columns(tables: CLI) -> None:
    # Finished games: Ann a and b (won both), Bo a, mary_ann b; Anna only sits at c.
    # Most games first, then by name.
    assert out(tables, "--players") == (
        "Players (finished games)\n"
        "  Ann       2 games, 2 wins: tricky\n"
        "  Bo        1 game, 0 wins: tricky\n"
        "  mary_ann  1 game, 0 wins: tricky\n"
        "  Anna      0 games\n"
        "One player: 'stats --player NAME'\n")
    # Every game: c counts for all four, won by no one yet.
    assert out(tables, "--players", "--all") == (
        "Players (all games)\n"
        "  Ann       3 games, 2 wins: tricky\n"
        "  Bo        2 games, 0 wins: tricky\n"
        "  mary_ann  2 games, 0 wins: tricky\n"
        "  Anna      1 game, 0 wins: tricky\n"
        "One player: 'stats --player NAME'\n")
    assert out(tables, "tricky", "--players").startswith("Tricky Dungeon players (finished")


def test_one_players_record_at_40_columns(tables: CLI) -> None:
    assert out(tables, "--player", "Ann") == (
        "Ann (finished games)\n"
        "Also written ann: the same player\n"
        "Tricky Dungeon\n"
        "Games 2, wins 2 (100%)\n"            # a then b, both won
        "Longest win streak 2; now 2 wins\n"
        "Gold 26 in all, 13 a game\n"         # 14 in a + 12 in b
        "Best game: 14 gold (a)\n"
        "Rounds as active player: 8\n"        # 4 in a, 4 in b
        "Gold per round as active player:\n"
        "  Wizard 2p 3.5 " + "#" * 24 + "\n"  # a: (4 + 2 + 2 + 6) / 4
        "  Witch 2p  3.0 " + "#" * 21 + "\n"  # b: 3 each round; 24 * 3 / 3.5 = 20.6
        "Best hero: Wizard (3.5)\n"
        "Worst hero: Witch (3.0)\n")
    # Only in a game still being played: nothing finished to count, and how to see it.
    assert out(tables, "--player", "anna") == (
        "Anna (finished games)\n"
        "No finished games yet: '--all' counts\n"
        "  the games still being played\n")
    # A game still in play is neither won nor lost: no streak to show yet.
    assert out(tables, "--player", "anna", "--all").splitlines()[:3] == [
        "Anna (all games)", "Tricky Dungeon", "Games 1 (1 in play), wins 0 (0%)"]
    assert "streak" not in out(tables, "--player", "anna", "--all")


def test_names_are_matched_as_everywhere(tables: CLI) -> None:
    def shown(typed: str) -> str:
        return out(tables, "--player", typed).splitlines()[0]

    assert shown("ANN") == "Ann (finished games)"  # any case
    assert shown("ann") == "Ann (finished games)"  # exact, though 'Anna' starts so too
    assert shown("mary ann") == shown("Mary-Ann") == "mary_ann (finished games)"
    assert shown("m") == "mary_ann (finished games)"  # a unique start
    assert shown("b") == "Bo (finished games)"
    assert refused(tables, "--player", "an") == (
        "Error: 'an' could be Ann or Anna: type more\n")
    assert refused(tables, "--player", "Bob") == (
        "Error: 'Bob' is not a player: did you mean Bo?\n")
    assert refused(tables, "--player", "Zed") == (
        "Error: 'Zed' is not a player: expected one of Ann, Anna, Bo, mary_ann\n")
    assert refused(tables, "--player", "") == (
        "Error: '' is not a player: expected one of Ann, Anna, Bo, mary_ann\n")


def test_json(tables: CLI) -> None:
    players = as_json(tables, "--players")["players"]
    assert players == [
        {"name": "Ann", "spellings": ["Ann", "ann"], "games": 2, "wins": 2,
         "kinds": {"tricky": {"games": 2, "wins": 2}}},
        {"name": "Bo", "spellings": ["Bo"], "games": 1, "wins": 0,
         "kinds": {"tricky": {"games": 1, "wins": 0}}},
        {"name": "mary_ann", "spellings": ["Mary-Ann", "mary_ann"], "games": 1, "wins": 0,
         "kinds": {"tricky": {"games": 1, "wins": 0}}},
        {"name": "Anna", "spellings": ["Anna"], "games": 0, "wins": 0, "kinds": {}}]
    data = as_json(tables, "--player", "mary", "--all")
    assert (data["player"], data["spellings"], data["finished_only"]) == (
        "mary_ann", ["Mary-Ann", "mary_ann"], False)
    tricky = data["kinds"]["tricky"]  # type: ignore[index]
    # b lost (8 against 12), c still being played (0), neither won nor lost.
    assert (tricky["games"], tricky["in_play"], tricky["wins"], tricky["streak"]) == (
        2, 1, 0, {"losses": 1})
    assert (tricky["gold_total"], tricky["gold_average"], tricky["best_game"],
            tricky["rounds_active"]) == (8, 4, {"game": "b", "gold": 8}, 4)
    assert tricky["heroes"] == [{"hero": "Wizard", "players": 2, "rounds": 4,
                                 "average_gold": 2}]


def test_the_overall_figures_count_a_person_once(tables: CLI) -> None:
    tricky = as_json(tables, "tricky")["kinds"]["tricky"]  # type: ignore[index]
    # Finished: a (Ann wins) and b (ann wins): Ann twice, under one name.
    assert tricky["wins_per_player"] == {"Ann": 2, "Bo": 0, "mary_ann": 0}
    assert tricky["games_per_player"] == {"Ann": 2, "Bo": 1, "mary_ann": 1}


def test_games_that_name_no_one(tables: CLI, cli: CLI) -> None:
    assert refused(tables, "hebrac", "--players") == (
        "Error: Hebrac's Dungeon is played alone: its games name no players\n")
    assert refused(tables, "elbereth", "--player", "ann").startswith("Error: Elbereth is")
    # Half Deck saves number their players: none named yet.
    assert out(tables, "halfdeck", "--players") == (
        "No saved Half Deck Dungeon Heroes game\n"
        "  names a player yet.\n")
    assert refused(tables, "halfdeck", "--player", "ann") == (
        "Error: no saved Half Deck Dungeon Heroes game names a player yet\n")
    assert refused(tables, "--players", "--player", "ann") == (
        "Error: --players lists the players, --player NAME shows one: not both\n")


def test_no_saved_game(cli: CLI) -> None:
    assert out(cli, "--players") == "No saved game names a player yet.\n"
    assert refused(cli, "--player", "ann") == "Error: no saved game names a player yet\n"


def test_a_long_name_keeps_to_40_columns(cli: CLI) -> None:
    play(cli, "long", ["Bartholomew1", "Cy"], [
        ("Bartholomew1", "wizard", "--potions 2"), ("Cy", "witch", "--spells 1")] * 4)
    assert out(cli, "--players").splitlines()[1:3] == [
        "  Bartholomew1  1 game, 1 win: tricky",
        "  Cy            1 game, 0 wins: tricky"]
    out(cli, "--player", "bart")  # every line checked by out()


# -- the cache ----------------------------------------------------------------------------
def test_the_roster_comes_from_the_cache(tables: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    first = out(tables, "--players"), out(tables, "--player", "ann", "--all")

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("parsed or replayed again")

    with monkeypatch.context() as patch:
        patch.setattr("companion.history.trace", refuse)
        patch.setattr(Store, "decode", refuse)
        assert (out(tables, "--players"), out(tables, "--player", "ann", "--all")) == first


def test_a_tampered_cache_is_ignored(tables: CLI, home: Path) -> None:
    from companion import safefile

    first = out(tables, "--players")
    path = home / "cache" / "stats.json"
    genuine = path.read_bytes()
    assert b'"Anna"' in genuine
    # Edited after signing: the MAC no longer matches.
    path.write_bytes(genuine.replace(b'"Anna"', b'"Zoe"'))
    assert out(tables, "--players") == first
    assert path.read_bytes() == genuine  # written again from the replays
    # Signed with another key: not this home's cache.
    payload = genuine.split(b"\n", 2)[2].replace(b'"Anna"', b'"Zoe"')
    forged = safefile.mac(b"k" * safefile.KEY_BYTES, "stats", path.name, payload)
    path.write_bytes(safefile.MAGIC + forged + b"\n" + payload)
    assert out(tables, "--players") == first
    assert refused(tables, "--player", "zoe").startswith("Error: 'zoe' is not a player")


# -- the core ------------------------------------------------------------------------------
def entry(name: str, kind: str, outcome: str, facts: dict[str, object]) -> Entry:
    return Entry(name, kind, f"2030-01-01 00:00:0{name[-1]}", outcome, 1, facts)


def test_half_deck_seats_once_named_are_the_same_people() -> None:
    """What Half Deck Dungeon Heroes' figures need to join in: "players", a name per seat."""
    from companion.stats import find, player_figures

    halfdeck = {"round": 5, "won_by": "boss", "fallen": [], "players": ["ANN", "Cy"]}
    games = [entry("g1", "tricky", "finished", {
                 "players": ["Ann", "Bo"], "winners": ["Bo"], "scores": {"Ann": 1, "Bo": 3},
                 "rounds": []}),
             entry("g2", "halfdeck", "won", halfdeck),
             entry("g3", "halfdeck", "won", {**halfdeck, "players": 2}),  # a count: no one
             entry("g4", "hebrac", "won", {"players": ["Ann"]})]  # played alone
    everyone = people(games)
    assert [person.key for person in everyone] == ["ann", "bo", "cy"]
    ann = find(everyone, "a")
    # One game each as "Ann" and "ANN": the newer game's spelling.
    assert (ann.name, [g.name for g in ann.games]) == ("ANN", ["g1", "g2"])
    kinds = player_figures(games, ann, None)["kinds"]
    assert (kinds["tricky"]["games"], kinds["tricky"]["wins"]) == (1, 0)
    assert (kinds["halfdeck"]["games"], kinds["halfdeck"]["wins"]) == (1, 1)  # co-op: all win
