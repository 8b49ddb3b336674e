from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cards import Card, full_deck
from companion.errors import NotationError
from tests.plays import parses_back


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("10H", "10H"), ("10h", "10H"), ("th", "10H"), ("TH", "10H"), ("H10", "10H"),
        ("QS", "QS"), ("qs", "QS"), ("sq", "QS"), ("AD", "AD"), ("ad", "AD"), ("2c", "2C"),
        ("JK", "JK"), ("jk", "JK"), ("joker", "JK"), ("Joker", "JK"),
        ("♥10", "10H"), ("10♥", "10H"), ("10 ♥", "10H"), ("♡10", "10H"), ("Q♠", "QS"),
        ("♤Q", "QS"), ("A♦", "AD"), ("♢a", "AD"), ("K♣", "KC"), ("♧k", "KC"),
        ("10 of hearts", "10H"), ("ten of hearts", "10H"), ("queen of spades", "QS"),
        ("Queen Of Spades", "QS"), ("ace of clubs", "AC"), ("king of diamonds", "KD"),
        ("jack of spade", "JS"), ("7 of clubs", "7C"), ("  5s  ", "5S"),
    ],
)
def test_accepted_forms(text: str, canonical: str) -> None:
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("text", ["QX", "", "1H", "11S", "10", "H", "jokers", "ZZ", "Q S S",
                                  "queen of stars", "0S", "٣S", "²H", "ſQ"])
def test_refused_forms(text: str) -> None:
    with pytest.raises(NotationError):
        Card.parse(text)


def test_error_quotes_token_and_forms() -> None:
    with pytest.raises(NotationError) as error:
        Card.parse("QX")
    assert str(error.value) == "'QX' is not a card: expected rank+suit like 10H, QS, AD, or JK"


def test_every_card_round_trips() -> None:
    for card in full_deck(jokers=1):
        assert Card.parse(str(card)) == card
        assert Card.parse(card.name()) == card
        assert eval(repr(card)) == card  # noqa: S307 - repr is pasteable code


def test_values_are_frozen_and_hashable() -> None:
    card = Card.parse("QS")
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]
    assert len({Card.parse("qs"), Card.parse("QS"), Card.parse("queen of spades")}) == 1
    assert card.is_black and not card.is_red
    assert Card.parse("JK").is_joker


@given(st.text(max_size=30))
def test_fuzz_parse_is_total(text: str) -> None:
    parses_back(Card.parse, text)


@given(st.sampled_from(full_deck(jokers=1)), st.sampled_from(["{}", " {} ", "{}".lower()]))
def test_fuzz_canonical_forms(card: Card, pattern: str) -> None:
    assert Card.parse(pattern.format(str(card).lower())) == card
