"""A game played in a test, whatever the game: actions applied in turn, the lines a
ruling says, the refusals (and that they change nothing) and misread names, cards read
back; and the verb tables' round trips (an action's line read back to the same action)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import pytest

from companion.errors import BadInput, NotationError, RuleRefused
from companion.game import Engine
from companion.values import Value
from companion.verbs import Grammar
from tests.statecheck import differences
from tests.verbcheck import same

E = TypeVar("E", bound=Engine)
C = TypeVar("C")


def played(engine: E, *actions: str) -> E:
    """``engine`` after ``actions``, applied in turn."""
    for action in actions:
        engine.apply(action)
    return engine


def lines(engine: Engine, action: str) -> list[str]:
    """The lines ``action`` is ruled with."""
    return list(engine.apply(action).lines)


def saved_as(engine: Engine, text: str) -> str:
    """The line ``text`` is saved as, every name in it matched."""
    return engine.apply(text).action


def refused(engine: Engine, action: str, rule: str | None = None) -> str:
    """The message ``action`` is refused with, under ``rule`` when one is named."""
    with pytest.raises(RuleRefused) as error:
        engine.apply(action)
    if rule is not None:
        assert error.value.rule == rule
    return str(error.value)


def refused_until(engine: Engine, action: str, rule: str, *steps: str) -> None:
    """``action`` refused under ``rule`` before each of ``steps``, each played in turn:
    the steps the action waits for."""
    for step in steps:
        refused(engine, action, rule)
        engine.apply(step)


def misnamed(engine: Engine, text: str) -> str:
    """The message of ``text`` naming nothing the game knows, or several things."""
    with pytest.raises(NotationError) as caught:
        engine.apply(text)
    return str(caught.value)


def refusals_change_nothing(game: Engine, most: int, next_action: Callable[[], str]) -> None:
    """Up to ``most`` actions of ``next_action()`` applied while ``game`` is played: each
    refused one leaves the whole engine, field by field (a deep copy compared, not its
    snapshot), as it was before; any other error is a bug."""
    for _ in range(most):
        if game.outcome != "playing":
            break
        action = next_action()
        before = copy.deepcopy(game)
        try:
            game.apply(action)
        except (RuleRefused, BadInput) as error:
            found = differences(game, before)
            assert not found, (action, str(error), found[:3])


def parses_back(parse: Callable[[str], C], text: str) -> C | None:
    """The card ``text`` is read as, which its own text reads back as; None where
    ``parse`` refuses ``text`` as no card (any other error is a bug)."""
    try:
        card = parse(text)
    except NotationError:
        return None
    assert parse(str(card)) == card
    return card


# -- the verb tables -----------------------------------------------------------------------
def reads_back(grammar: Grammar[Value], text: str) -> None:
    """``text`` is the very line of the action it reads, which reads back the same."""
    action = grammar.parse(text)
    assert grammar.text(action) == text
    assert same(grammar.parse(grammar.text(action)), action)


def written_back(grammar: Grammar[Value], action: Value) -> None:
    """``action`` written as text reads back the same, and is then written the same."""
    text = grammar.text(action)
    assert same(grammar.parse(text), action), text
    assert grammar.text(grammar.parse(text)) == text


def misfit(grammar: Grammar[Value], text: str) -> str:
    """The message of ``text`` the verb table cannot read."""
    with pytest.raises(BadInput) as caught:
        grammar.parse(text)
    return str(caught.value)


def by_text_and_value(new: Callable[[], Any], steps: Iterable[tuple[str, object]]
                      ) -> tuple[Any, Any]:
    """Two new games (``new()``), one played from the actions' text, one from their
    values: each step is ruled the same, and the games end the same."""
    by_text, by_value = new(), new()
    for text, value in steps:
        assert by_text.apply(text) == by_value.apply(value)
    assert by_text.status() == by_value.status()
    return by_text, by_value
