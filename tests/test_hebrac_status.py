"""Hebrac's words at the table: the set-up lines a new game shows, and the status line
that says, near death, what held can heal."""

from __future__ import annotations

from typing import Any

import pytest

from companion.cards import Card
from companion.hebrac import situation
from companion.hebrac.engine import HebracGame, new_engine, setup_lines
from companion.resources import tables
from tests.test_hebrac_rulings import game, give


# -- set-up ---------------------------------------------------------------------------------
def test_setup_lines_for_the_default_game() -> None:
    assert setup_lines({}) == [
        "Shuffle 2 decks and 4 jokers together.",
        "Deal 3 rows (A-C) of 4 chambers, each",
        "a treasure card under an enemy card,",
        "both face down: 24 cards in all.",
        "The rest, face down, is the Hand Deck.",
        "You start with 15 life and no cards.",
        "Enter a corner: A1, A4, C1 or C4.",
        "Win by holding all 4 aces.",
    ]


def test_setup_lines_take_their_numbers_from_the_settings() -> None:
    lines = setup_lines({"decks": 1, "jokers": 1, "chambers": 15, "life": 20,
                         "inventory_limit": 6})
    assert lines[0] == "Shuffle 1 deck and 1 joker together."
    assert lines[1] == "Deal 3 rows (A-C) of 5 chambers, each"
    assert lines[3] == "both face down: 30 cards in all."
    assert lines[5] == "You start with 20 life and no cards."
    assert lines[6] == "Enter a corner: A1, A5, C1 or C5."
    assert lines[-1] == "Hold at most 6 cards at a time."
    assert setup_lines({"jokers": 0})[0] == "Shuffle 2 decks and no jokers together."


def test_setup_lines_agree_with_the_rulebook_for_the_default_game() -> None:
    setup = tables("hebrac")["setup"]
    text = " ".join(setup_lines({}))
    assert f"{setup['dealt_per_level']} cards" in text
    assert f"{setup['life']} life" in text and f"{setup['decks']} decks" in text


@pytest.mark.parametrize("settings", [
    {}, {"chambers": 30, "decks": 8, "jokers": 16, "life": 99, "inventory_limit": 60},
    {"chambers": 12, "decks": 1, "jokers": 0, "life": 1}])
def test_setup_lines_fit_40_columns(settings: dict[str, Any]) -> None:
    assert all(len(line) <= 40 for line in setup_lines(settings))


# -- near death -----------------------------------------------------------------------------
def rescue(engine: HebracGame) -> list[str]:
    """The rescue line, unwrapped (``status_lines`` wraps it at 40 columns)."""
    line = situation.rescue_line(engine)
    return [] if line is None else [line]


def test_no_rescue_line_with_life_to_spare() -> None:
    engine = give(game(), "6H", "4C")
    assert situation.round_risk(engine) == 5 and rescue(engine) == []


def test_out_of_battle_life_at_five_or_less_is_near_death() -> None:
    engine = give(game("enter A1 10S", "attack 2H"), "6H", "3H", "4C")  # 15 -> 7
    engine.apply("attack 10D")  # battle won: exploring again, risk 5 (Hebrac's black card)
    engine.apply("take 5S")
    assert engine.life == 7 and rescue(engine) == []
    engine.life = 5
    assert engine.status_lines()[1] == "Near death: 6H +6, 3H +3, Healing +2"


def test_in_battle_the_worst_round_is_the_risk() -> None:
    engine = give(game("enter A1 10S", "attack 6H"), "6H", "10H", "5C", "4C")  # 15 -> 11
    assert situation.round_risk(engine) == 9  # an ace against life 10
    engine.apply("attack 4H")  # 11 -> 5
    lines = engine.status_lines()
    assert lines[0] == "Level 1  life 5/15  magic 9  gems 0"
    assert lines[1:3] == ["Next round can kill: 6H +6, 10H +10,",
                          "  Healing +4, Paralysis, Escape"]


def test_what_always_adds_lowers_the_risk() -> None:
    engine = give(game("enter A1 10S", "attack 2H"), "AS")  # 15 -> 7, bracelet +3
    assert situation.round_risk(engine) == 6 and engine.life == 7 and rescue(engine) == []
    engine.inventory.remove(Card.parse("AS"))
    assert rescue(engine) == ["Next round can kill: nothing held helps"]


def test_paralysis_leaves_only_the_usual_risk() -> None:
    engine = give(game("enter A1 10S", "attack 2H"), "4C")  # 15 -> 7
    assert situation.round_risk(engine) == 9
    engine.apply("cast paralysis")
    assert situation.round_risk(engine) == 5 and rescue(engine) == []


def test_healing_counts_only_when_it_may_be_cast_now() -> None:
    engine = give(game("enter A1 10S", "attack 2H"), "4C", "2C")  # 15 -> 7
    assert rescue(engine) == ["Next round can kill: Healing +3, Paralysis, Escape"]
    engine.apply("cast paralysis")  # one spell per battle: the round is safe, not after
    engine.life = 4
    assert rescue(engine) == ["Near death: nothing held heals you"]


def test_many_potions_are_counted_together_within_40_columns() -> None:
    engine = give(game("enter A1 10S", "attack 2H"),
                  "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "4C")  # life 7
    assert rescue(engine) == ["Next round can kill: 8 potions +8, Healing +2, Paralysis, "
                              "Escape"]
    assert all(len(line) <= 40 for line in engine.status_lines())


def test_no_rescue_line_at_full_life_or_after_the_end() -> None:
    engine = new_engine({"life": 3})
    assert rescue(engine) == []
    engine.apply("enter A1 10S")
    engine.apply("attack 2H")
    assert engine.outcome == "dead" and rescue(engine) == []


def test_the_round_that_can_kill_names_what_prevents_it() -> None:
    # issue 35: a newcomer died at 7 life holding a 5H and 6 magic points, with no hint
    engine = give(game("enter A1 9S"), "5H", "6C", "4S")
    engine.life = 7
    assert situation.round_risk(engine) == 8
    assert rescue(engine) == ["Next round can kill: 5H +5, Healing +3, 4S attack +4, "
                              "Paralysis, Escape"]
    assert all(len(line) <= 40 for line in engine.status_lines())
    engine.apply("cast paralysis")  # the next two rounds cost nothing
    assert situation.rescue_line(engine) is None
