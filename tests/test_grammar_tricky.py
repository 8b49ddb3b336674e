"""Tricky's verb table: the CLI agrees with it, every saved action reads back to the
same line, and any action value written as text reads back to the same value."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import BadInput
from companion.tricky.engine import new_engine
from companion.tricky.grammar import (
    GRAMMAR,
    Action,
    Exchange,
    Predict,
    Result,
    Round,
    Trick,
)
from tests.plays import by_text_and_value, misfit, reads_back, written_back
from tests.verbcheck import disagreements, saved_actions, saves

SAVES = saves("tricky")
SAVED = saved_actions("tricky")


def test_the_cli_agrees_with_the_verb_table() -> None:
    assert disagreements("tricky", GRAMMAR) == []


def test_the_short_forms_are_the_ones_the_cli_knew() -> None:
    assert GRAMMAR.aliases() == {'t': 'trick', 'r': 'round', 're': 'result', 'x': 'exchange'}


def test_every_saved_action_is_found() -> None:
    assert len(SAVES) == 10 and len(SAVED) > 300


@pytest.mark.parametrize("text", sorted(set(SAVED)))
def test_a_saved_action_reads_back_to_its_own_line(text: str) -> None:
    reads_back(GRAMMAR, text)


def test_the_lines_read() -> None:
    assert GRAMMAR.parse("round barb r --active Ann") == Round(("barb", "r"), "Ann")
    assert GRAMMAR.parse("exchange 2") == Exchange(("2",))
    assert GRAMMAR.parse("exchange R3 G4 --player Bo --count 2") == \
        Exchange(("R3", "G4"), "Bo", 2)
    assert GRAMMAR.parse("predict 4") == Predict(4)
    assert GRAMMAR.parse("trick green 4 R0") == Trick(("green", "4", "R0"))
    assert GRAMMAR.parse("result 4 1 --no-last-trick") == Result((4, 1), last_trick=False)
    assert GRAMMAR.parse("result --ogres 2 --tricks 3") == Result(tricks=3, ogres=2)


@pytest.mark.parametrize(("text", "message"), [
    ("bid 3", "'bid' is not a Tricky action: expected one of round, exchange, predict, "
              "trick, result"),
    ("round", "usage: round HERO [TRUMP] [--predict N] [--exchange N] [--active PLAYER] "
              "[--pass HERO]"),
    ("predict", "usage: predict N (tricks + potions the active player will collect)"),
    ("predict 3 4", "usage: predict N"),
    ("predict x", "prediction must be a whole number, not 'x'"),
    ("trick G4 --fast", "'trick' takes no option --fast"),
    ("result --gold 3", "'result' takes no option --gold"),
    ("result x", "counts must be a whole number, not 'x'"),
    ("round thief --active Ann --active Bo", "option --active given more than once"),
])
def test_what_does_not_fit_the_table(text: str, message: str) -> None:
    assert misfit(GRAMMAR, text).startswith(message)


def test_the_engine_takes_a_value_as_its_text() -> None:
    by_text_and_value(lambda: new_engine({"players": ["Ann", "Bo", "Cy"]}), [
        ("round barb r", Round(("barb", "r"))),
        ("exchange 2", Exchange(("2",))),
        ("trick R1 R2 R3", Trick(("R1", "R2", "R3")))])


# -- any value written and read back ---------------------------------------------------
WORD = st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
               min_size=1, max_size=8)
NOT_AN_OPTION = WORD.filter(lambda word: not word.startswith("-"))
ODD = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=6) \
    .filter(lambda word: word.strip() != "" and not word.startswith("--"))
MAYBE_WORD = st.none() | WORD | ODD
COUNT = st.integers(min_value=0, max_value=10**9 - 1)
MAYBE = st.none() | COUNT

ACTIONS: st.SearchStrategy[Action] = st.one_of(
    st.builds(Round, st.lists(NOT_AN_OPTION | ODD, min_size=1, max_size=3).map(tuple),
              MAYBE_WORD, MAYBE_WORD, MAYBE, MAYBE,
              st.lists(WORD | ODD, max_size=3).map(tuple)),
    st.builds(Exchange, st.lists(NOT_AN_OPTION | ODD, max_size=4).map(tuple), MAYBE_WORD,
              MAYBE),
    st.builds(Predict, COUNT),
    st.builds(Trick, st.lists(NOT_AN_OPTION | ODD, max_size=4).map(tuple)),
    st.builds(Result, st.lists(COUNT, max_size=3).map(tuple), MAYBE, MAYBE, MAYBE, MAYBE,
              MAYBE, MAYBE, st.none() | st.booleans()),
)


@settings(max_examples=300, deadline=None)
@given(ACTIONS)
def test_any_action_value_reads_back_from_its_text(action: Action) -> None:
    written_back(GRAMMAR, action)


# -- an option given twice (issue 32, item 3, for Tricky's verbs) ---------------------------
FILLER = {"int": "1", "player": "Ann", "trump": "R", "hero": "thief", "card": "G4"}
BEFORE = {"round": "round thief", "exchange": "exchange 1", "predict": "predict 1",
          "trick": "trick G4", "result": "result"}


@pytest.mark.parametrize(("verb", "param"), [
    (verb.name, param) for verb in GRAMMAR.verbs.values() for param in verb.params
    if param.kind in ("option", "options", "switch")])
def test_an_option_given_twice_is_refused_or_takes_several(verb: str, param: object) -> None:
    """Never silently overwritten: a repeatable option says so in its help, any other
    given twice is a one-line error."""
    from companion.verbs import Param

    assert isinstance(param, Param)
    word = "--" + (param.word or param.name).replace("_", "-")
    if param.kind == "switch":  # --x --no-x: two answers to one question
        with pytest.raises(BadInput, match="together"):
            GRAMMAR.parse(f"{BEFORE[verb]} {word} --no-{word[2:]}")
        return
    value = FILLER.get(param.type, "1")
    twice = f"{BEFORE[verb]} {word} {value} {word} {value}"
    if param.kind == "options":
        assert "up to" in param.help or "several" in param.help
        assert len(getattr(GRAMMAR.parse(twice), param.name)) == 2
    else:
        with pytest.raises(BadInput, match=f"option {word} given more than once") as caught:
            GRAMMAR.parse(twice)
        assert "\n" not in str(caught.value)
