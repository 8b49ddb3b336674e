"""The plain records the engines keep (cards, chambers, rounds): equal by value, shown
field by field, and copied whole."""

from __future__ import annotations

import copy

import pytest

from companion.cards import Card, full_deck
from companion.errors import NotationError
from companion.hebrac.state import Chamber, Encounter
from companion.tricky.engine import Round
from companion.tricky.heroes import heroes
from companion.tricky.state import Trump


def test_cards_check_their_values_however_made() -> None:
    for rank, suit in ((0, "S"), (14, "S"), (5, None), (5, "X")):
        with pytest.raises(NotationError):
            Card(rank, suit)
    deck = full_deck(jokers=2)
    assert copy.deepcopy(deck) == deck
    assert sorted(deck)[:3] == [Card.joker(), Card.joker(), Card.parse("AC")]  # rank, suit
    assert sorted(deck)[-1] == Card.parse("KS")
    assert Card(12, "S") == Card.parse("QS") and hash(Card(12, "S")) == hash(Card.parse("QS"))


def test_records_compare_and_show_by_field() -> None:
    one = Encounter("A1", Card.parse("5D"), "battle")
    two = Encounter("A1", Card.parse("5D"), "battle")
    assert one == two and one.prisoners == [] and one.prisoners is not two.prisoners
    two.rounds = 1
    assert one != two
    assert repr(Chamber("B2")) == (
        "Chamber(name='B2', enemy=None, treasure=None, visited=False, enemy_gone=False, "
        "treasure_gone=False, robbed_adventurer=False)")
    assert Chamber("B2") != Encounter("B2", Card.parse("5D"), "battle")
    with pytest.raises(TypeError):
        hash(Chamber("B2"))
    with pytest.raises(AttributeError):
        Chamber("B2").colour = "red"  # type: ignore[attr-defined]


def test_records_survive_a_deep_copy() -> None:
    chamber = Chamber("C3")
    chamber.enemy, chamber.treasure, chamber.visited = Card.parse("JS"), Card.parse("4H"), True
    encounter = Encounter("A1", Card.parse("9C"), "battle")
    encounter.rounds = 2
    rnd = Round(1, 0, heroes()["thief"], Trump("colour", colour="R"), predict=2)
    rnd.discards.append(Card.parse("QS"))  # type: ignore[arg-type]  # any value will do
    rnd.via = "result"
    for record in (chamber, rnd, encounter):
        again = copy.deepcopy(record)
        assert again == record and again is not record
