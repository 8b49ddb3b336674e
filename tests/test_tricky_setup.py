"""What a new Tricky game lays out, the result typed in words, the hero table of a game,
and lines cut for a phone: never inside a change, a name and its number, or a name."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.errors import BadInput
from companion.tricky.cards import wrap
from companion.tricky.engine import new_engine, setup_lines
from tests.conftest import CLI
from tests.plays import played

VARIANTS: list[dict[str, Any]] = [
    {"players": ["Ann", "Bo", "Cy"]},
    {"players": ["Ann", "Bo"]},
    {"players": ["Alexandra", "Bartholomew", "Christopher", "Dominique"], "set": "all"},
    {"players": ["Ann", "Bo"], "race": 20},
    {"players": ["Ann", "Bo", "Cy", "Di"], "random_heroes": True},
    {"players": ["Ann", "Bo", "Cy"], "guild": True},
    {"players": ["Ann", "Bo", "Cy"], "rounds_per_player": 4, "set": "C"},
]


# -- setup ---------------------------------------------------------------------------
def test_the_table_for_three_players() -> None:
    assert setup_lines({"players": ["Ann", "Bo", "Cy"], "set": "B"}) == [
        "Seats, clockwise: Ann, Bo, Cy",
        "Heroes: set B face up for all to see:",
        "  Dwarven Hunter, Trickster, Seer,",
        "  Troubadour, Sorcerer",
        "Each round: shuffle the 32 cards and",
        "  deal 9 each; the 5 left over lie face",
        "  down, the pile exchanges draw from",
        "Agree who is active first: that player",
        "  picks a hero and leads the first trick",
        "  ('round HERO --active NAME'; else",
        "  Ann); then the turn passes clockwise",
        "6 rounds: each player is active twice",
    ]


@pytest.mark.parametrize("settings", VARIANTS, ids=lambda s: ",".join(map(str, s.values())))
def test_every_setup_line_fits_forty_columns(settings: dict[str, Any]) -> None:
    lines = setup_lines(settings)
    assert all(len(line) <= 40 for line in lines), lines
    text = " ".join(" ".join(lines).split())
    game = new_engine(settings)
    assert f"deal {game.hand} each; the {game.leftover()} left over" in text
    assert ", ".join(game.players) in text
    assert "Fairy Scout" not in text or "Fairy Scout" in " ".join(lines)  # never split


def test_the_numbers_come_from_the_settings_and_the_rules() -> None:
    text = " ".join(" ".join(setup_lines(VARIANTS[1])).split())
    assert "each may exchange up to 7" in text and "potions stay in hand" in text
    assert "8 rounds: each player is active 4 times" in text
    assert "Race: the first with 20 gold at a round's end wins" in \
        " ".join(" ".join(setup_lines(VARIANTS[3])).split())
    assert "shuffled face down; each round turn one up (up to 2 may be passed on)" in \
        " ".join(" ".join(setup_lines(VARIANTS[4])).split())
    guild = " ".join(" ".join(setup_lines(VARIANTS[5])).split())
    assert "each player plays each hero once" in guild and "15 rounds" in guild
    assert "12 rounds: each player is active 4 times" in \
        " ".join(" ".join(setup_lines(VARIANTS[6])).split())


def test_a_new_game_shows_its_table(cli: CLI) -> None:
    result = cli("tricky", "new", "Ann", "Bo", "--set", "C")
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[1:3] == ["On the table:", "Seats, clockwise: Ann, Bo"]
    table = lines[2:lines.index("R1/8 pick a hero | Ann 0 Bo 0")]
    assert table == setup_lines({"players": ["Ann", "Bo"], "set": "C"})


# -- result in words -----------------------------------------------------------------
def test_result_words_are_tricks_then_potions() -> None:
    game = new_engine({"players": ["Ann", "Bo", "Cy"]})
    game.apply("round barbarian r")
    applied = game.apply("result 7 1")
    assert applied.action == "result --tricks 7 --potions 1"
    assert applied.lines[0].startswith("Round 1 over. Barbarian: 7 tricks + 1 potion = 8")


@pytest.mark.parametrize(("hero", "typed", "message"), [
    ("thief", "result 3 1 2", "did you mean --spells 2?"),
    ("dwarven-hunter", "result 3 1 2", "did you mean --goblins 2?"),
    ("nymph", "result 3 0 1", "did you mean --ogres 1?"),
    ("witch", "result 3 0 1 4", "did you mean --spells 1 --goblins 4?"),
])
def test_extra_result_words_name_the_options_meant(hero: str, typed: str, message: str) -> None:
    game = new_engine({"players": ["Ann", "Bo", "Cy"], "set": "all"})
    game.apply(f"round {hero}")
    with pytest.raises(BadInput) as caught:
        game.apply(typed)
    assert str(caught.value) == ("'result' takes at most 2 words (tricks, then potions): "
                                 + message)


def test_result_in_words_from_the_cli(cli: CLI) -> None:
    cli("tricky", "new", "Ann", "Bo", "Cy", "--set", "all")
    cli("tricky", "round", "wizard")
    result = cli("tricky", "re", "1", "2")
    assert (result.code, result.out.splitlines()[0]) == (
        0, "Round 1 over. Wizard: 2 potions x 2 = 4 gold")
    assert "  2. result --tricks 1 --potions 2" in cli("tricky", "log").out.splitlines()
    cli("tricky", "round", "elvish")
    result = cli("tricky", "result", "2", "0", "3")
    assert (result.code, result.err) == (
        2, "Error: 'result' takes at most 2 words (tricks, then potions): did you mean "
           "--orcs 3?\n")


# -- the hero table of a game -----------------------------------------------------------
def test_heroes_of_the_current_game_then_all(cli: CLI) -> None:
    cli("tricky", "new", "Ann", "Bo", "Cy", "--set", "B")
    lines = cli("tricky", "heroes").out.splitlines()
    assert lines[:3] == ["Numbers for 3 players", "Set B", "Dwarven Hunter"]
    assert "Set A" not in lines and "Thief" not in lines
    assert lines[-1] == "The other sets: 'heroes --all'."
    every = cli("tricky", "heroes", "--all").out.splitlines()
    sets = [line for line in every if line.startswith("Set ")]
    assert sets == ["Set B (this game's)", "Set A", "Set C"]
    assert "Thief" in every and "The other sets: 'heroes --all'." not in every
    data = json.loads(cli("tricky", "heroes", "--json").out)
    assert (data["sets"], len(data["heroes"])) == (["B"], 5)


def test_heroes_without_a_tricky_game_shows_every_set(cli: CLI) -> None:
    cli("hebrac", "new")
    lines = cli("tricky", "heroes").out.splitlines()
    assert [line for line in lines if line.startswith("Set ")][:3] == [
        "Set A", "Set B", "Set C"]
    assert lines[0] == "Numbers N/M: with 2-3 players/with 4"


# -- lines for a phone ---------------------------------------------------------------------
def test_a_change_and_a_name_with_its_number_stay_whole() -> None:
    assert wrap("Potions: R1 B2 Y5 G6 -> R2 B1 Y5 G6", 22) == [
        "Potions: R1 B2 Y5", "  G6 -> R2 B1 Y5 G6"]
    assert wrap("life went 15 -> 12 in the end", 20) == ["life went 15 -> 12", "  in the end"]
    assert wrap("Scores: Annabelle 10, Bartholomew 12, Mary-Jo 3", 30) == [
        "Scores: Annabelle 10,", "  Bartholomew 12, Mary-Jo 3"]
    assert wrap("Heroes: Thief, Fairy Scout, Nymph", 24, keep=["Fairy Scout"]) == [
        "Heroes: Thief,", "  Fairy Scout, Nymph"]


def test_the_scores_and_status_keep_names_whole() -> None:
    players = ["Alexandra", "Bartholomew", "Christopher", "Dominique"]
    game = played(new_engine({"players": players, "set": "B"}),
                  "round dwarven hunter", "result --goblins 3")
    for width in (40, 60):
        for line in (*game.status_lines(width), *game.sheet_lines(width)):
            assert len(line) <= width
            assert not line.rstrip().endswith((*players, "Dwarven")), line
