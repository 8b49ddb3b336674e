"""The Seer's round in order: the hero, every exchange, the prediction, the first trick
(tricky.ruling.seer-exchange; edition 3 on). One test per rule, the CLI's exact output."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from companion import rulebook
from companion.errors import RuleRefused
from companion.game import replay
from companion.rulebook.ranking import search
from companion.tricky.engine import TrickyGame, new_engine, normalize_settings
from companion.tricky.play import R_SEER_ORDER
from tests.conftest import CLI
from tests.statecheck import differences

NAMES = ["Ann", "Bo", "Cy", "Di"]
HOW = "the Seer predicts after every exchange: undo the prediction (a round line with " \
      "--predict: retype it without), then "


def game(players: int = 3, **settings: Any) -> TrickyGame:
    return new_engine({"players": NAMES[:players], "set": "B", **settings})


def refused(g: TrickyGame, action: str, rule: str, message: str) -> None:
    before = copy.deepcopy(g)
    with pytest.raises(RuleRefused) as caught:
        g.apply(action)
    assert caught.value.rule == rule
    assert str(caught.value) == f"{message} (rule {rule})"
    assert not differences(g, before)  # a refusal changes nothing


# -- the order ----------------------------------------------------------------------
def test_the_seer_exchanges_then_predicts() -> None:
    g = game()
    g.apply("round seer")
    assert g.apply("exchange 2").lines == ("Ann exchanges 2 cards",)
    assert g.apply("predict 3").lines == ("Ann predicts 3 tricks + potions",)
    assert g.apply("trick R1 R2 R3").lines[0] == "Cy wins: the highest red wins, R3"


def test_an_exchange_after_the_prediction_is_refused_with_the_order() -> None:
    g = game()
    g.apply("round seer")
    g.apply("predict 3")
    refused(g, "exchange 2", R_SEER_ORDER, HOW + "'exchange 2' and 'predict 3'")
    refused(g, "exchange --count 0", R_SEER_ORDER, HOW + "'exchange 0' and 'predict 3'")


def test_the_way_given_is_the_way_accepted() -> None:
    g = game()
    actions = ["round seer", "predict 3"]
    for action in actions:
        g.apply(action)
    with pytest.raises(RuleRefused):
        g.apply("exchange 2")
    undone = replay("tricky", g.settings, actions[:-1])  # undo the prediction
    assert isinstance(undone, TrickyGame)
    undone.apply("exchange 2")
    undone.apply("predict 3")
    assert undone.current is not None and undone.current.exchanged == {0: 2}


def test_a_prediction_on_the_round_line_stands_when_no_exchange_follows() -> None:
    g = game()
    applied = g.apply("round seer --predict 5")
    assert applied.action == "round seer --active Ann --predict 5"
    assert "Ann predicts 5 tricks + potions" in applied.lines
    g.apply("trick R1 R2 R3")  # no exchange: play goes on


def test_an_exchange_after_a_round_line_prediction_is_refused() -> None:
    g = game()
    g.apply("round seer --predict 5")
    refused(g, "exchange 1", R_SEER_ORDER, HOW + "'exchange 1' and 'predict 5'")


def test_the_round_line_exchange_comes_before_its_prediction() -> None:
    g = game()
    applied = g.apply("round seer --predict 3 --exchange 2")
    assert applied.action == "round seer --active Ann --exchange 2 --predict 3"
    assert applied.lines[-3:] == ("Ann exchanges 2 cards", "Ann predicts 3 tricks + potions",
                                  "Ann leads the first trick")


def test_two_players_both_exchange_before_the_prediction() -> None:
    g = game(2)
    g.apply("round seer")
    g.apply("exchange G4 R4")
    assert g.apply("exchange Y0").lines == ("Bo exchanges 1 card, putting aside Y0",)
    g.apply("predict 3")
    assert g.current is not None and g.current.exchanged == {0: 2, 1: 1}


def test_two_players_the_other_exchange_after_the_prediction_is_refused() -> None:
    g = game(2)
    g.apply("round seer")
    g.apply("exchange G4 R4")
    g.apply("predict 3")
    refused(g, "exchange Y0", R_SEER_ORDER, HOW + "'exchange Y0 --player Bo' and 'predict 3'")


def test_an_exchange_typed_twice_is_refused_as_that() -> None:
    g = game()
    g.apply("round seer")
    g.apply("exchange 2")
    g.apply("predict 3")
    refused(g, "exchange 1", "tricky.round.exchange", "Ann has exchanged already this round")


def test_other_heroes_exchange_as_before() -> None:
    g = game()
    g.apply("round trickster")
    g.apply("exchange 1")
    assert g.current is not None and g.current.predict is None


@pytest.mark.parametrize("number", [1, 2])
def test_earlier_editions_take_an_exchange_after_the_prediction(number: int) -> None:
    g = new_engine(normalize_settings({"players": NAMES[:3], "set": "B", "edition": number}))
    g.apply("round seer --predict 5")
    assert g.apply("exchange 1").lines == ("Ann exchanges 1 card",)
    g.apply("result --tricks 4 --potions 1")
    g.apply("round trickster")
    g.apply("result --tricks 0 --potions 0")
    g.apply("round seer")
    g.apply("predict 2")
    assert g.apply("exchange 1").lines == ("Cy exchanges 1 card",)


# -- what the game says next -----------------------------------------------------------
def test_next_asks_for_the_exchange_then_the_prediction() -> None:
    g = game()
    g.apply("round seer")
    assert g.status()["next"] == "'exchange' if any, then 'predict N' (the Seer's tricks + potions)"
    g.apply("exchange 2")
    assert g.status()["next"] == "'predict N' (the Seer's tricks + potions)"


def test_next_with_two_players_waits_for_the_other_exchange() -> None:
    g = game(2)
    g.apply("round seer")
    g.apply("exchange G4 R4")
    assert g.status()["next"].startswith("'exchange' if any, then 'predict N'")
    g.apply("exchange Y0")
    assert g.status()["next"] == "'predict N' (the Seer's tricks + potions)"


def test_play_before_the_prediction_says_the_exchange_may_come_first() -> None:
    g = game()
    g.apply("round seer")
    refused(g, "trick R1 R2 R3", "tricky.hero.seer", "the Seer predicts before play, after any "
            "exchange: 'predict N' (tricks + potions)")


# -- the rulebook -------------------------------------------------------------------------
def test_the_ruling_is_written_and_the_editions_say_what_changed() -> None:
    ruling = rulebook.section(R_SEER_ORDER)
    assert ruling is not None and ruling.parent == "Rulings"
    assert "--predict N' on the round line" in " ".join(ruling.text.split())
    editions = rulebook.section("tricky.ruling.editions")
    assert editions is not None
    assert "third edition, which refuses it (tricky.ruling.seer-exchange)" in \
        " ".join(editions.text.split())
    seer = rulebook.section("tricky.hero.seer")
    assert seer is not None and R_SEER_ORDER in seer.text


def test_the_ruling_is_found_by_a_players_question() -> None:
    hits = [hit.section.id for hit in search("seer exchange after prediction",
                                                        "tricky", limit=3)]
    assert R_SEER_ORDER in hits


# -- the command line -----------------------------------------------------------------------
def test_cli_refusal_names_the_ruling_and_the_way(cli: CLI) -> None:
    assert cli("tricky", "new", "Ann", "Bo", "Cy", "--set", "B", "--name", "g").code == 0
    assert cli("tricky", "round", "seer", "--predict", "3").code == 0
    result = cli("tricky", "exchange", "2")
    assert (result.code, result.out) == (1, "")
    assert result.err == ("Error: " + HOW + "'exchange 2' and 'predict 3' "
                          "(rule tricky.ruling.seer-exchange)\n")


def test_cli_short_forms_exchange_then_predict(cli: CLI) -> None:
    assert cli("tricky", "new", "Ann", "Bo", "Cy", "--set", "B", "--name", "g").code == 0
    assert cli("t", "r", "seer").code == 0
    assert cli("t", "x", "2").out == \
        "Ann exchanges 2 cards\nR1/6 T1/9 Ann leads | Ann 0 Bo 0 Cy 0\n"
    result = cli("t", "p", "3")  # 'p': the one tricky command starting so
    assert (result.code, result.out) == (
        0, "Ann predicts 3 tricks + potions\nR1/6 T1/9 Ann leads | Ann 0 Bo 0 Cy 0\n")
    assert cli("tricky", "log").out.splitlines()[-4:] == [
        "  2. exchange --player Ann --count 2", "     Ann exchanges 2 cards",
        "  3. predict 3", "     Ann predicts 3 tricks + potions"]


def test_cli_status_next_at_40_columns(cli: CLI) -> None:
    assert cli("tricky", "new", "Ann", "Bo", "Cy", "--set", "B", "--name", "g").code == 0
    assert cli("tricky", "round", "seer").code == 0
    lines = cli("tricky", "status").out.splitlines()
    assert lines[-4:-1] == ["Next: 'exchange' if any, then",
                            "  'predict N' (the Seer's tricks +", "  potions)"]
    assert all(len(line) <= 40 for line in lines)


# -- saved games ---------------------------------------------------------------------------
SAVE = """schema = 1
kind = "tricky"
created = "2026-11-20 12:00:00"
updated = "2026-11-20 12:00:00"
name = "seer-late"
outcome = "playing"
actions = ["round seer --active Ann --predict 3", "exchange --player Ann --count 2",
           "trick R0 R2 R4"]
redo = []
notes = []

[settings]
players = ["Ann", "Bo", "Cy"]
set = "B"
"""


@pytest.mark.parametrize(("marker", "code"), [("", 0), ("edition = 2\n", 0),
                                              ("edition = 3\n", 3)])
def test_a_save_with_an_exchange_after_the_prediction(cli: CLI, home: Path, marker: str,
                                                      code: int) -> None:
    """A save of an earlier edition replays and stays as it was; marked edition 3, the
    same actions are refused when it is opened, saying why."""
    games = home / "games"
    games.mkdir(parents=True)
    path = games / "seer-late.toml"
    path.write_text(SAVE.replace("[settings]\n", "[settings]\n" + marker))
    before = path.read_bytes()
    result = cli("tricky", "status", "--game", "seer-late")
    assert result.code == code, result.err
    if code:
        assert "the Seer predicts after every exchange" in " ".join(result.err.split())
    else:
        assert "Trick 2 of 9:" in result.out
    assert path.read_bytes() == before
