"""Elbereth's verb table: the CLI agrees with it, every saved action reads back to the
same line, and any action value written as text reads back to the same value."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.elbereth.engine import new_engine
from companion.elbereth.grammar import (
    GRAMMAR,
    Action,
    Attack,
    Block,
    Boost,
    BreakWall,
    Bribe,
    Descend,
    Found,
    Pickup,
    Shop,
    Wound,
)
from companion.errors import BadInput
from tests.plays import by_text_and_value, misfit, reads_back, written_back
from tests.verbcheck import disagreements, same, saved_actions, saves

SAVES = saves("elbereth")
SAVED = saved_actions("elbereth")


def test_the_cli_agrees_with_the_verb_table() -> None:
    assert disagreements("elbereth", GRAMMAR) == []


def test_the_short_forms_are_the_ones_the_cli_knew() -> None:
    assert GRAMMAR.aliases() == {'a': 'attack', 'd': 'descend', 'p': 'pickup', 'f': 'found'}


def test_every_saved_action_is_found() -> None:
    assert len(SAVES) == 7 and len(SAVED) > 150
    assert {type(GRAMMAR.parse(text)) for text in SAVED} == {
        verb.action for verb in GRAMMAR.verbs.values()}


@pytest.mark.parametrize("text", sorted(set(SAVED)))
def test_a_saved_action_reads_back_to_its_own_line(text: str) -> None:
    reads_back(GRAMMAR, text)


@pytest.mark.parametrize(("text", "action"), [
    ("attack rat 3", Attack("rat", 3)),
    ("ATTACK Rats 03", Attack("Rats", 3)),
    ("attack 4 4", Attack("4", 4)),
    ("attack two headed ogre 5", Attack("two headed ogre", 5)),
    ("attack 'two headed ogre' 5", Attack("two headed ogre", 5)),
    ("boost sword bow", Boost(("sword", "bow"))),
    ("block armour", Block("armour")),
    ("wound helm", Wound("helm")),
    ("bribe smith", Bribe("smith")),
    ("bribe merchant coin", Bribe("merchant", "coin")),
    ("pickup coin", Pickup("coin")),
    ("break-wall 6", BreakWall(6)),
    ("found stairs", Found("stairs")),
    ("found down stairs", Found("down stairs")),
    ("shop bow", Shop("bow")),
    ("descend", Descend()),
])
def test_the_lines_read(text: str, action: Action) -> None:
    assert same(GRAMMAR.parse(text), action)


@pytest.mark.parametrize(("text", "message"), [
    ("fly", "'fly' is not a"),
    ("attack rat", "usage: attack ENEMY ROLL"),
    ("attack rat 3 4", "usage: attack ENEMY ROLL"),
    ("attack rat x", "roll must be a whole number, not 'x'"),
    ("boost", "usage: boost ITEM... (offensive equipment: sword, staff, bow)"),
    ("block", "usage: block ITEM (armour, helm or gauntlets)"),
    ("wound a b", "usage: wound ITEM (any equipment not discarded)"),
    ("bribe", "usage: bribe BOSS [ITEM]"),
    ("pickup", "usage: pickup ITEM"),
    ("break-wall", "usage: break-wall ROLL"),
    ("found", "usage: found stairs|shop"),
    ("shop a b", "usage: shop ITEM"),
    ("descend now", "usage: descend"),
    ("attack rat 3 --fast 1", "'attack' takes no option --fast"),
])
def test_what_does_not_fit_the_table(text: str, message: str) -> None:
    assert misfit(GRAMMAR, text).startswith(message)


def test_the_engine_takes_a_value_as_its_text() -> None:
    by_text, _ = by_text_and_value(
        lambda: new_engine({"equip": ["sword", "armour"], "bosses": True}),
        [("attack two headed ogre 5", Attack("two headed ogre", 5)),
         ("attack ogre 4", Attack("ogre", 4)),
         ("boost sword", Boost(("sword",))),
         ("found stairs", Found("stairs")),
         ("pickup coin", Pickup("coin")),
         ("break-wall 2", BreakWall(2)),
         ("descend", Descend())])
    assert by_text.apply("pickup Bo").action == "pickup bow"


# -- any value written and read back ---------------------------------------------------
WORD = st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-",
               min_size=1, max_size=8).filter(lambda word: not word.startswith("--"))
ODD = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=6) \
    .filter(lambda word: word.strip() != "" and not word.startswith("--"))
NAME = WORD | ODD
ROLL = st.integers(min_value=0, max_value=10**9 - 1)

ACTIONS: st.SearchStrategy[Action] = st.one_of(
    st.builds(Attack, NAME, ROLL),
    st.builds(Boost, st.lists(NAME, min_size=1, max_size=3).map(tuple)),
    st.builds(Block, NAME),
    st.builds(Wound, NAME),
    st.builds(Bribe, NAME, st.none() | NAME),
    st.builds(Pickup, NAME),
    st.builds(BreakWall, ROLL),
    st.builds(Found, NAME),
    st.builds(Shop, NAME),
    st.just(Descend()),
)


@settings(max_examples=300, deadline=None)
@given(ACTIONS)
def test_any_action_value_reads_back_from_its_text(action: Action) -> None:
    written_back(GRAMMAR, action)


def test_no_elbereth_verb_takes_an_option_that_could_be_overwritten() -> None:
    """An option given twice is never silently overwritten (issue 32, item 3): Elbereth's
    verbs take words only, so a repeated '--x' is an option they do not take."""
    assert [(verb.name, param.name) for verb in GRAMMAR.verbs.values()
            for param in verb.params if param.kind not in ("arg", "rest")] == []
    with pytest.raises(BadInput, match="takes no option"):
        GRAMMAR.parse("attack rat 3 --roll 4 --roll 5")
