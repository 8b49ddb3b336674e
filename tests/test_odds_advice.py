"""Hebrac odds: the cards held that lower the chance of dying this round.

Each figure is checked twice against the engine: on a copy of the game after
the card is used (``apply``, then the odds of that game), and card by card: for
every next card the model allows, a copy of the game plays the round with the
card used and the engine says whether you die; weighted by the model's chance
of that card, the sum must be the advice's figure, exactly.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from companion.cards import Card
from companion.errors import RuleRefused
from companion.hebrac import odds
from companion.hebrac.engine import HebracGame, new_engine
from tests.conftest import CLI
from tests.deckmodel import next_card
from tests.plays import played
from tests.test_odds_cli import play

# Four treasures from empty chambers (aces), then a warrior 10 that takes 11 of 15 life in
# two rounds: life 4, and every attack of 6 or less kills.
SET_UP = ("enter A1 AS", "take 7H", "enter A2 AH", "take 5S", "enter A3 AD", "take JC",
          "enter B3 AC", "take 3H", "enter A4 10S", "attack 2C", "attack 7C")


def game_of(*actions: str, **settings: Any) -> HebracGame:
    return played(new_engine(settings), *actions)


def advice(game: HebracGame, kind: str) -> list[dict[str, Any]]:
    return [row for row in odds.odds_report(game).data["advice"] if row["advice"] == kind]


def survival(game: HebracGame) -> dict[str, dict[str, Any]]:
    return {row["card"]: row for row in advice(game, "survive")}


def death_by_engine(game: HebracGame, play: Callable[[HebracGame, Card], object]) -> Fraction:
    """The chance to die this round: each next card played on a copy by the engine."""
    found = Fraction(0)
    for card, chance in next_card(odds.deck_model(game)).items():
        trial = copy.deepcopy(game)
        play(trial, card)
        found += chance * (trial.outcome == "dead")
    return found


def round_death(game: HebracGame) -> Fraction:
    return Fraction(odds.odds_report(game).data["battle"]["round_death"]["exact"])


def checked_survival(game: HebracGame, card: str,
                     play: Callable[[HebracGame, Card], object]) -> tuple[str, str, Fraction]:
    """The advice on `card`: its kind, when it is used, and the chance to die with it, which
    must be the engine's playing each next card with it."""
    row = survival(game)[card]
    death = Fraction(row["death_with"]["exact"])
    assert death == death_by_engine(game, play)
    return row["kind"], row["when"], death


def test_the_death_figure_is_the_engines() -> None:
    game = game_of(*SET_UP)
    assert round_death(game) == death_by_engine(game, lambda g, c: g.apply(f"attack {c}"))
    # attack 1-6 of 97 unseen: 4 aces, 7 twos, 7 threes, 8 fours, 7 fives, 8 sixes
    assert round_death(game) == Fraction(41, 97)


def test_life_potion_counts_as_drunk_before_the_card() -> None:
    game = game_of(*SET_UP)
    rows = survival(game)
    for text in ("7H", "3H"):
        drunk = copy.deepcopy(game)
        drunk.apply(f"use {text}")  # the card goes under the Hand Deck: the odds see it
        after = Fraction(rows[text]["death_with"]["exact"])
        assert after == round_death(drunk)

        def use_then_attack(trial: HebracGame, card: Card, potion: str = text) -> None:
            trial.apply(f"use {potion}")
            trial.apply(f"attack {card}")

        assert after == death_by_engine(game, use_then_attack)
        assert rows[text]["when"] == "first" and rows[text]["kind"] == "life-potion"
    assert Fraction(rows["7H"]["death_with"]["exact"]) == 0  # life 11: no card kills


def test_life_potion_that_cannot_heal_is_not_advised() -> None:
    """At full life a potion heals nothing: it changes no outcome and is not listed."""
    game = game_of("enter A1 AS", "take 7H", "enter A2 10S", life=5)
    assert round_death(game) > 0
    assert "7H" not in survival(game)
    game.apply("attack 9C")  # life 4: now the potion heals 1
    assert survival(game)["7H"]["death_with"]["exact"] == str(round_death(
        _used(game, "use 7H")))


def _used(game: HebracGame, action: str) -> HebracGame:
    trial = copy.deepcopy(game)
    trial.apply(action)
    return trial


def test_the_plan_after_a_potion_is_the_models() -> None:
    """A card used goes under the Hand Deck: the plan the advice counts on is the one a
    replay of the game after 'use' builds, to the last segment."""
    game = game_of(*SET_UP)
    plan = odds.deck_model(game).plan(odds.attack_class, odds.ATTACK_VALUES)
    after = odds.deck_model(_used(game, "use 7H")).plan(odds.attack_class, odds.ATTACK_VALUES)
    assert odds.under_plan(plan, [Card.parse("7H")]) == after


def test_a_potion_put_under_an_emptying_hand_deck_is_drawn() -> None:
    """One card left and Double Attack: the second card is the life potion just drunk."""
    game = game_of("enter A1 AS", "take 7H", "enter A2 10S", "attack 5C")  # life 10 of 15
    plan = odds.Plan((0,) * 9 + (1,), (odds.PlanSegment(1, (), 1),))  # one ten left
    battle = odds.Battle(enemy_life=30, life=game.life, double_attack=True)
    now = odds.round_odds(plan, battle)
    assert now.death == 1  # the ten alone: lose 20
    [row] = odds.saving_cards(game, plan, battle, now)
    drunk = odds.round_odds(odds.under_plan(plan, [Card.parse("7H")]),
                            battle._replace(life=15))
    assert row.death == drunk.death == 0  # 10 + 7 = 17: lose 13 of 15
    assert odds.round_odds(plan, battle._replace(life=15)).death == 1  # without the 7H drawn


def test_strength_potion_is_drunk_first_without_the_variant() -> None:
    game = game_of(*SET_UP)
    assert checked_survival(game, "5S", lambda g, c: g.apply(f"attack {c} --potion 5S")) == (
        "strength-potion", "first", Fraction(4, 97))
    assert advice(game, "late-potion") == []  # no lost round to add it to


def _late(game: HebracGame, card: Card) -> None:
    game.apply(f"attack {card}")
    try:
        game.apply("potion 5S")  # only after a losing card: kept when the card wins
    except RuleRefused:
        assert game.encounter is None or game.encounter.stage == "treasure"


def test_strength_potion_is_drunk_late_under_the_variant() -> None:
    game = game_of(*SET_UP, late_potions=True)
    assert checked_survival(game, "5S", _late) == ("strength-potion", "late", Fraction(4, 97))


def test_prisoner_fights_from_the_coming_round() -> None:
    game = game_of(*SET_UP)
    assert checked_survival(game, "JC", lambda g, c: g.apply(f"attack {c} --prisoner JC")) == (
        "prisoner", "first", Fraction(18, 97))


def test_cards_counted_as_they_stand_are_not_advised_again() -> None:
    """--potion 2S counts the potion: no other strength potion this round; --prisoner JC
    called: the next jack is advised on top of him."""
    game = game_of("enter A1 AS", "take 7H", "enter A2 AH", "take 2S", "enter A3 AD",
                   "take JC", "enter B3 AC", "take JD", "enter B2 AS", "take 9S",
                   "enter A4 10S", "attack 2C", "attack 7C")
    report = odds.odds_report(game, potion="2S", prisoners=["JC"])
    # only an ace kills (1 + 2 + 3 = 6: lose 4): 3 of the 95 cards not seen
    assert report.data["battle"]["round_death"]["exact"] == "3/95"
    rows = {row["card"]: row for row in report.data["advice"] if row["advice"] == "survive"}
    assert set(rows) == {"7H", "JD"}
    assert rows["JD"]["death_with"]["exact"] == str(death_by_engine(
        game, lambda g, c: g.apply(f"attack {c} --potion 2S --prisoner JC --prisoner JD")))


def test_no_death_no_survival_advice() -> None:
    game = game_of("enter A1 AS", "take 7H", "enter A2 9D")
    assert odds.round_odds(odds.deck_model(game).plan(odds.attack_class, odds.ATTACK_VALUES),
                           odds._battle_setup(game, 0, 0)).death == 0
    assert advice(game, "survive") == []
    assert "S" not in odds.odds_report(game).assumptions


@pytest.mark.parametrize(("kind", "card", "when", "before", "after"), [
    ("life-potion", "10H", "first", Fraction(999_999, 1_000_000), Fraction(1, 8)),
    ("strength-potion", "10S", "late", Fraction(999_999, 1_000_000), Fraction(1, 10**7)),
    ("prisoner", "JH", "first", Fraction(1, 3), Fraction(0)),
])
def test_every_survival_line_fits_40_columns(kind: str, card: str, when: str,
                                             before: Fraction, after: Fraction) -> None:
    line = odds.Saving(kind, Card.parse(card), when, after).line(before)
    assert len(line) <= 40, line


# -- the round just lost, late-potions variant ------------------------------------------------
def test_late_potion_on_the_lost_round_is_the_engines() -> None:
    game = game_of(*SET_UP, late_potions=True)
    [row] = advice(game, "late-potion")
    drunk = _used(game, "potion 5S")  # 7 + 5 = 12 vs 10: the round is won after all
    assert (row["card"], row["life_after"], row["battle_won"]) == ("5S", drunk.life, True)
    assert drunk.encounter is not None and drunk.encounter.stage == "treasure"


def test_late_potion_after_a_life_potion_gives_the_engines_life() -> None:
    game = game_of(*SET_UP, "use 3H", late_potions=True)  # life 4 -> 7 since the round
    [row] = advice(game, "late-potion")
    drunk = _used(game, "potion 5S")  # the 3 life the round took come back: 10, not 7
    assert (row["life_before"], row["life_after"], row["battle_won"]) == (7, drunk.life, True)
    assert drunk.life == 10


def test_late_potion_undoes_a_deadly_round() -> None:
    game = game_of(*SET_UP[:-1], "attack 3C", late_potions=True)  # 3 vs 10: 7 - 7 = 0
    assert game.outcome == "dead"
    [row] = advice(game, "late-potion")
    drunk = _used(game, "potion 5S")
    assert (row["life_before"], row["life_after"], row["battle_won"]) == (0, drunk.life, False)
    assert drunk.outcome == "playing" and drunk.life == 5
    assert odds.odds_report(game).title == ["You are dead: a late potion can undo it."]
    without = game_of(*SET_UP[:-1], "attack 3C")
    assert odds.odds_report(without).title == ["The game is over (dead)."]


# -- the command at 40 columns --------------------------------------------------------------------
HEAD = """\
Battle: 10S warrior, life 10
You: life 4, round 3
Next card's attack value:
 1:4.1%  2:7.2%  3:7.2%  4:8.2%
 5:7.2%  6:8.2%  7:6.2%  8:8.2%
 9:8.2%  10:35.1%
Win this round: 35.1%
Life lost this round: 3.07 avg
Die this round: 42.3%
Win the battle: 43.8%
Advice:
"""
TAIL = """\
 Call prisoner JC: battle 43.8% -> 72.6%
   (+28.8)
 Spells out of reach with 0 magic:
   Paralysis 4, Super Strength 5, Double
   Attack 4
Assumptions: see 'odds --assumptions'.
"""


def against_dying(*, late: bool) -> str:
    """The survival advice, the 5S drunk before the attack card is turned or after it (late)."""
    first, now = ("late", "late") if late else ("first", "now")
    return f"""\
 Against dying this round:
  drink 7H first: death 42.3% -> 0%
  drink 5S {first}: death 42.3% -> 4.1%
  drink 3H first: death 42.3% -> 18.6%
  call JC first: death 42.3% -> 18.6%
 Potion 5S {now}: round 35.1% -> 73.2%
   (+38.1); battle 43.8% -> 82.0%
   (+38.1)
"""


ADVICE = HEAD + against_dying(late=False) + TAIL
LATE = HEAD + """\
 The lost round, with a late potion:
  drink 5S: battle won, life 7
""" + against_dying(late=True) + TAIL


@pytest.mark.parametrize(("flags", "expected"), [((), ADVICE), (("--late-potions",), LATE)],
                         ids=["first", "late"])
def test_survival_advice_at_40_columns(cli: CLI, flags: tuple[str, ...], expected: str) -> None:
    cli("hebrac", "new", "--name", "g", *flags)
    play(cli, *SET_UP)
    result = cli("hebrac", "odds")
    assert (result.code, result.err) == (0, "")
    assert result.out == expected
    assert max(len(line) for line in result.out.splitlines()) <= 40


def test_survival_assumption_at_40_columns(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g")
    play(cli, *SET_UP)
    out = cli("hebrac", "odds", "--assumptions").out
    assert out.endswith("""\
 S: each card used alone, before the
    attack card is turned; at 0 life the
    game stops at once (hebrac.game.end)
""")


def test_dead_with_a_late_potion_at_40_columns(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g", "--late-potions")
    play(cli, *SET_UP[:-1], "attack 3C")
    result = cli("hebrac", "odds")
    assert (result.code, result.err) == (0, "")
    assert result.out.splitlines()[:4] == [
        "You are dead: a late potion can undo it.", "Advice:",
        " The lost round, with a late potion:", "  drink 5S: life 0 -> 5"]
