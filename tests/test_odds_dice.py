"""Dice odds (Elbereth, Half Deck): exact chances against every face of the dice."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from companion import dice_odds
from companion.dice_odds import Roller, chance_at_least, elbereth_choices, elbereth_wins


@pytest.mark.parametrize("dice", [1, 2, 3])
@pytest.mark.parametrize("bonus", [0, 2, 5])
def test_chance_at_least_counts_every_face(dice: int, bonus: int) -> None:
    rolls = list(itertools.product(range(1, 7), repeat=dice))
    for target in range(0, 6 * dice + bonus + 2):
        hits = sum(1 for r in rolls if sum(r) + bonus >= target)
        assert chance_at_least(target, dice, bonus) == Fraction(hits, len(rolls))


def brute_streak(strength: int, items: int, wins: int) -> Fraction:
    """Every sequence of ``wins`` rolls; boosts spent just as needed, shared."""
    good = 0
    for rolls in itertools.product(range(1, 7), repeat=wins):
        spare = items
        for roll in rolls:
            spare -= max(0, strength - roll)
            if spare < 0:
                break
        else:
            good += 1
    return Fraction(good, 6 ** wins)


@pytest.mark.parametrize("strength", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("items", [0, 1, 2, 3])
@pytest.mark.parametrize("wins", [1, 2])
def test_elbereth_streak_against_every_roll(strength: int, items: int, wins: int) -> None:
    assert elbereth_wins(strength, items, wins) == brute_streak(strength, items, wins)


def test_elbereth_choices_best_first_and_capped_by_items() -> None:
    choices = elbereth_choices(5, offensive=3)
    assert [(c.label, c.chance) for c in choices] == [
        ("up to 3 items", Fraction(5, 6)), ("up to 2 items", Fraction(2, 3)),
        ("up to 1 item", Fraction(1, 2)), ("no item", Fraction(1, 3))]
    assert [c.label for c in elbereth_choices(6, offensive=1)] == ["up to 1 item", "no item"]
    # a rat with two items: both 100%, the cheaper first
    assert [c.label for c in elbereth_choices(3, offensive=3)][:2] == ["up to 2 items",
                                                                       "up to 3 items"]


def test_elbereth_after_a_miss_is_certain_arithmetic() -> None:
    choices = elbereth_choices(5, offensive=2, roll=3)
    assert [(c.label, c.chance) for c in choices] == [
        ("boost 2", 1), ("no boost", 0), ("boost 1", 0)]  # on a tie, the cheaper first
    ogre = elbereth_choices(5, offensive=3, wins=2, roll=4)
    assert ogre[0].label == "boost 1"
    assert ogre[0].chance == elbereth_wins(5, 2, 1)  # two items left for the second head


def test_halfdeck_pairs_and_team_against_every_face() -> None:
    heroes = [Roller("warrior", 4, 2), Roller("cleric", 1), Roller("ranger", 3, 1)]
    choices = dice_odds.halfdeck_choices(heroes, 10, team=True)
    labels = [c.label for c in choices]
    assert labels[0] == "warrior + team"
    assert len(choices) == 3 + 6 + 3
    for choice in choices:
        main = next(h for h in heroes if choice.label.startswith(h.name))
        dice = 1 if " + " not in choice.label else (3 if "team" in choice.label else 2)
        rolls = list(itertools.product(range(1, 7), repeat=dice))
        hits = sum(1 for r in rolls if sum(r) + main.total >= 10)
        assert choice.chance == Fraction(hits, len(rolls))
    assert [c.chance for c in choices] == sorted((c.chance for c in choices), reverse=True)


def test_halfdeck_trap_is_met_alone() -> None:
    heroes = [Roller("warrior", 4), Roller("cleric", 1)]
    choices = dice_odds.halfdeck_choices(heroes, 7, assist=False)
    assert [(c.label, c.chance) for c in choices] == [("warrior", Fraction(2, 3)),
                                                     ("cleric", Fraction(1, 6))]
