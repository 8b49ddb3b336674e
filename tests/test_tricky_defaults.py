"""Tricky Dungeon: what is given every round goes after the verb; defaults from the rules."""

from __future__ import annotations

import pytest

from companion.errors import BadInput, NotationError, RuleRefused
from tests.conftest import CLI
from tests.test_tricky_heroes import game


@pytest.mark.parametrize(("action", "canonical", "trump_line"), [
    ("round barb r", "round barbarian --active Ann --trump R", "Trump: red"),
    ("round barbarian green", "round barbarian --active Ann --trump G", "Trump: green"),
    ("round knight 5", "round knight --active Ann --trump 5", "Trump: 5s"),
    ("round trou b", "round troubadour --active Ann --trump B",
     "Trump: blue, chosen by Bo (left of Ann)"),
    ("round barb --trump y", "round barbarian --active Ann --trump Y", "Trump: yellow"),
    ("round dwarven hunter", "round dwarven-hunter --active Ann", "Trump: torches (0s)"),
])
def test_the_trump_follows_the_hero(action: str, canonical: str, trump_line: str) -> None:
    applied = game(3, set="all").apply(action)
    assert applied.action == canonical
    assert applied.lines[1] == trump_line


def test_a_trump_for_a_hero_without_one_is_refused() -> None:
    with pytest.raises(RuleRefused) as error:
        game(3).apply("round thief red")
    assert str(error.value) == ("the Thief takes no trump: its trump is none "
                                "(rule tricky.hero.trump)")


@pytest.mark.parametrize(("action", "error", "message"), [
    ("round barb r --trump g", BadInput, "the trump is given twice: 'r' and --trump"),
    ("round barb r g", BadInput, "usage: round HERO [TRUMP] [--predict N] [--exchange N] "
                                 "[--active PLAYER] [--pass HERO]"),
    ("round barb purple", NotationError, "'purple' is not a colour: expected one of red, "
                                         "blue, yellow, green (or its first letter)"),
    ("round knight", BadInput, "the Knight needs its trump: 'round knight VALUE', a value "
                               "(active player picks)"),
])
def test_round_usage(action: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as caught:
        game(3, set="all").apply(action)
    assert str(caught.value) == message


def test_exchange_count_after_the_verb() -> None:
    g = game(3)
    g.apply("round thief")
    applied = g.apply("exchange 2")
    assert applied.action == "exchange --player Ann --count 2"
    assert applied.lines == ("Ann exchanges 2 cards",)
    two = game(2)
    two.apply("round thief")
    with pytest.raises(RuleRefused):  # two players exchange in the open: the cards are named
        two.apply("exchange 2")
    assert two.apply("exchange 0").lines == ("Ann exchanges 0 cards",)
    assert two.apply("exchange 0").lines == ("Bo exchanges 0 cards",)


def test_exchange_count_and_cards_still_read() -> None:
    g = game(3)
    g.apply("round thief")
    assert g.apply("exchange --count 2").action == "exchange --player Ann --count 2"
    two = game(2)
    two.apply("round thief")
    assert two.apply("exchange R0 G0").action == "exchange R0 G0 --player Ann --count 2"
    assert two.apply("exchange R3").action == "exchange R3 --player Bo --count 1"


def test_trick_cards_in_words() -> None:
    g = game(3)
    g.apply("round thief")
    applied = g.apply("trick green 4 red 5 blue one")
    assert applied.action == "trick G4 R5 B1"
    with pytest.raises(NotationError) as caught:
        g.apply("trick green 4 red")  # as many words as cards: each word is a card
    assert str(caught.value) == ("'green' is not a card: expected a colour and a value 0-7 "
                                 "like G4, r0, 4G or 'green 4' (colours: red, blue, yellow, "
                                 "green)")
    with pytest.raises(BadInput) as error:
        g.apply("trick green 3 red 6 blue")
    assert str(error.value) == ("a trick is 3 cards, one per player, in play order: Ann, Bo, "
                                "Cy; quote a card in words, like 'green 4'")


def test_race_without_a_number_is_the_rules_15(cli: CLI) -> None:
    result = cli("tricky", "new", "Ann", "Bo", "--race")
    assert (result.code, result.err) == (0, "")
    lines = result.out.splitlines()
    assert lines[0] == "New game 'tricky-1' (tricky), now current."
    assert lines[lines.index("Race: the first with 15 gold at a") + 1] == "  round's end wins"
    assert "Race to 15 gold" in cli("tricky", "status").out.splitlines()
    result = cli("tricky", "new", "Ann", "Bo", "--race", "20")
    assert "Race: the first with 20 gold at a" in result.out.splitlines()
    result = cli("tricky", "new", "--race", "12", "Ann", "Bo", "Cy")
    assert "Race: the first with 12 gold at a" in result.out.splitlines()
    result = cli("tricky", "new", "Ann", "Bo", "--race", "20", "30")
    assert (result.code, result.err) == (2, "Error: --race takes one number, not 20 30\n")


def test_round_with_the_trump_after_the_hero(cli: CLI) -> None:
    assert cli("tricky", "new", "Ann", "Bo", "Cy").code == 0
    result = cli("tricky", "round", "barb", "r")
    assert (result.code, result.err) == (0, "")
    assert result.out.splitlines()[:2] == ["Round 1 of 6: Ann plays the Barbarian",
                                           "Trump: red"]
    result = cli("tricky", "exchange", "2")
    assert (result.code, result.out.splitlines()[0]) == (0, "Ann exchanges 2 cards")


def test_blank_sheet_without_players_serves_two_to_four(cli: CLI) -> None:
    result = cli("sheet", "tricky", "--blank")
    assert (result.code, result.err) == (0, "")
    lines = result.out.splitlines()
    assert lines[:13] == [
        "TRICKY DUNGEON: BLANK SCORE SHEET",
        "For 2 to 4 players (2 players: 9 cards",
        "each, 8 rounds; 3 players: 9 cards each,",
        "6 rounds; 4 players: 7 cards each, 8",
        "rounds); leave the unused columns and",
        "rounds empty. Date: ________",
        "Set: A / B / C (circle one)",
        "",
        "== Players, clockwise ==",
        "P1: ____________________________________",
        "P2: ____________________________________",
        "P3: ____________________________________",
        "P4: ____________________________________",
    ]
    assert "8." in lines and "9." not in lines
    at = lines.index("== Heroes, numbers N/M: 2-3 players/4 ==")
    assert lines[at + 1:at + 4] == ["Thief (A)", "   trump: none; gold: base 5/4, minus 1",
                                    "   per trick (unverified)"]


def test_exchange_cards_in_words() -> None:
    g = game(2)
    g.apply("round thief")
    g.apply("exchange R0 G0")
    applied = g.apply("exchange red 3 4 blue")
    assert applied.action == "exchange R3 B4 --player Bo --count 2"
    assert applied.lines == ("Bo exchanges 2 cards, putting aside R3 B4",)
