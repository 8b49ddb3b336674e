"""Tricky card notation, card kinds and the deck settings."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion import plain
from companion.errors import BadInput, NotationError, RuleRefused
from companion.resources import tables
from companion.tricky.cards import (
    KINDS,
    Deck,
    TrickyCard,
    default_deck_settings,
    normalize_deck,
    parse_per_colour,
    table,
)
from companion.tricky.deck import DeckChange, deck_lines, update_deck
from tests.plays import parses_back

DECK = Deck.from_settings(default_deck_settings())


@pytest.mark.parametrize("text", ["G4", "g4", "4G", "4g", "green 4", "Green 4", "4 green",
                                  "green4", "g 4", " G4 ", "green four", "four green", "g-4"])
def test_card_forms(text: str) -> None:
    assert DECK.parse(text) == TrickyCard("G", 4)


@pytest.mark.parametrize(("text", "card"), [("r0", "R0"), ("B7", "B7"), ("yellow 5", "Y5"),
                                             ("0 red", "R0"), ("seven blue", "B7")])
def test_canonical_text(text: str, card: str) -> None:
    assert str(DECK.parse(text)) == card


@pytest.mark.parametrize("text", ["G8", "G10", "X4", "4", "G", "", "  ", "green", "purple 3",
                                  "G--1", "G4 R3", "gg4", "g٣", "Ｇ4", "10H", "red 4 4"])
def test_bad_cards_are_refused_with_the_forms(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        DECK.parse(text)
    message = str(caught.value)
    assert f"{text.strip()!r} is not a card" in message
    assert "like G4, r0, 4G or 'green 4' (colours: red, blue, yellow, green)" in message


@given(st.text(max_size=40))
def test_any_text_parses_back_or_raises_notation_error(text: str) -> None:
    card = parses_back(DECK.parse, text)
    assert card is None or str(card) in {str(c) for c in DECK.cards()}


@given(st.text(alphabet="rbygRBYG01234567890 -reldubnowfivs", max_size=12))
def test_card_like_text_parses_back_or_raises(text: str) -> None:
    parses_back(DECK.parse, text)


def test_custom_colours_change_the_letters() -> None:
    deck = Deck.from_settings(normalize_deck({"colours": ["pink", "black", "orange", "white"]}))
    assert deck.parse("pink 3") == TrickyCard("P", 3)
    assert deck.parse("w7") == TrickyCard("W", 7)
    with pytest.raises(NotationError, match="colours: pink, black, orange, white"):
        deck.parse("R3")


def test_thirty_two_cards() -> None:
    cards = DECK.cards()
    assert len(cards) == len(set(cards)) == 32


@pytest.mark.parametrize(("card", "kind"), [
    ("R0", "torch"), ("G0", "torch"), ("R1", "potion"), ("B1", "goblin"), ("B2", "potion"),
    ("R2", "goblin"), ("Y3", "spell"), ("G4", "spell"), ("Y5", "potion"), ("G5", "orc"),
    ("G6", "potion"), ("Y6", "orc"), ("R7", "ogre"),
])
def test_card_kinds_with_the_default_potions(card: str, kind: str) -> None:
    assert DECK.kind(DECK.parse(card)) == kind


def test_kind_counts_of_the_whole_deck() -> None:
    assert DECK.counts(DECK.cards()) == {"potions": 4, "torches": 4, "goblins": 6,
                                         "spells": 8, "orcs": 6, "ogres": 4}


def test_stars_per_colour() -> None:
    assert [DECK.stars_of(TrickyCard(c, 4)) for c in "RBYG"] == [1, 2, 3, 4]


def test_default_deck_is_all_unverified() -> None:
    settings = default_deck_settings()
    assert settings["potions"] == [1, 2, 5, 6]
    assert settings["stars"] == [1, 2, 3, 4]
    assert settings["thief_base"] == [5, 4]
    assert settings["unverified"] == ["colours", "stars", "potions", "thief_base",
                                      "trickster_base", "barbarian_minimum",
                                      "sorcerer_minimum", "knight_minimum"]


@pytest.mark.parametrize(("raw", "message"), [
    ({"colours": ["red", "rose", "yellow", "green"]}, "two names start with 'R'"),
    ({"colours": ["red", "blue"]}, "expected 4 colour names"),
    ({"colours": ["red", "blue", "yellow", "one"]}, "'one' is not a colour name"),
    ({"stars": [1, 1, 3, 4]}, "each colour needs its own number of stars"),
    ({"stars": [0, 1, 3, 4]}, "stars: expected 4 whole numbers from 1 to 9"),
    ({"potions": [0, 2, 5, 6]}, "a potion is valued 1, 2, 5 or 6, not 0"),
    ({"potions": [1, 2, 5, 7]}, "a potion is valued 1, 2, 5 or 6, not 7"),
    ({"thief_base": [5]}, "thief_base: expected 2 whole numbers"),
    ({"unverified": ["nothing"]}, "unverified: expected a list of"),
])
def test_bad_deck_settings(raw: dict[str, object], message: str) -> None:
    with pytest.raises(BadInput, match=message):
        normalize_deck(raw)


def test_per_colour_numbers_in_any_order_and_form() -> None:
    assert parse_per_colour(DECK, ["G6", "1r", "yellow 5", "b2"], "potions", [1, 2, 5, 6]) \
        == [1, 2, 5, 6]
    with pytest.raises(BadInput, match="potions: red is given twice"):
        parse_per_colour(DECK, ["R1", "R2", "Y5", "G6"], "potions", [1, 2, 5, 6])
    with pytest.raises(NotationError, match="'X1' is not a colour and a number"):
        parse_per_colour(DECK, ["X1", "B2", "Y5", "G6"], "potions", [1, 2, 5, 6])


def test_update_deck_marks_typed_items_checked() -> None:
    settings, lines = update_deck(default_deck_settings(),
                                  DeckChange(potions=["R2", "B1", "Y5", "G6"]))
    assert settings["potions"] == [2, 1, 5, 6]
    assert "potions" not in settings["unverified"]
    assert "stars" in settings["unverified"]
    assert lines == ["Potions: R1 B2 Y5 G6 -> R2 B1 Y5 G6"]


def test_update_deck_confirm_and_reset() -> None:
    confirmed, lines = update_deck(default_deck_settings(), DeckChange(confirm=True))
    assert confirmed["unverified"] == []
    assert lines == ["Confirmed: every deck setting checked against the cards."]
    back, lines = update_deck(confirmed, DeckChange(reset=True))
    assert back == default_deck_settings()
    assert lines == ["Back to the rulebook's defaults."]


def test_update_deck_refuses_a_potion_that_is_a_spell() -> None:
    with pytest.raises(RuleRefused) as caught:
        update_deck(default_deck_settings(), DeckChange(potions=["R3", "B2", "Y5", "G6"]))
    assert caught.value.rule == "tricky.deck.potions"
    assert "R3 cannot be a potion" in str(caught.value)


def test_update_deck_refuses_equal_stars() -> None:
    with pytest.raises(RuleRefused) as caught:
        update_deck(default_deck_settings(), DeckChange(stars=["R2", "B2", "Y3", "G4"]))
    assert caught.value.rule == "tricky.deck.stars"


def test_renamed_colours_keep_their_stars_and_potions() -> None:
    settings, lines = update_deck(default_deck_settings(),
                                  DeckChange(colours=["rose", "black", "orange", "white"]))
    deck = Deck.from_settings(settings)
    assert deck.text(settings["potions"]) == "R1 B2 O5 W6"
    assert lines == ["Colours: red blue yellow green -> rose black orange white"]


def test_deck_lines_mark_unverified() -> None:
    lines = deck_lines(default_deck_settings(), "Deck")
    assert lines[:4] == ["Deck", "Colours: red blue yellow green (unverified)",
                         "Stars: R1 B2 Y3 G4 (unverified)",
                         "Potions: R1 B2 Y5 G6 (unverified)"]
    confirmed, _ = update_deck(default_deck_settings(), DeckChange(confirm=True))
    assert "Potions: R1 B2 Y5 G6" in deck_lines(confirmed, "Deck")
    assert not any("unverified" in line for line in deck_lines(confirmed, "Deck"))


def _checked(raw: dict[str, object]) -> dict[str, object]:
    """The shipped tables read with every value's type checked (``plain.BadState`` for a
    rulebook that is not what the code reads), as ``table`` gives them."""
    word, number, flag = plain.text, plain.integer, plain.flag

    def words(value: object) -> list[str]:
        return plain.items(value, word)

    def numbers(value: object) -> list[int]:
        return plain.items(value, number)

    def read(value: object, readers: dict[str, Callable[[object], object]],
             needed: Sequence[str]) -> dict[str, object]:
        """A table of the keys ``readers`` read (those ``needed`` at least), each read."""
        if type(value) is not dict or not set(needed) <= value.keys() <= readers.keys():
            raise plain.BadState(f"not a table of {', '.join(readers)}")
        return {key: readers[key](item) for key, item in value.items()}

    def table_of(readers: dict[str, Callable[[object], object]],
                 needed: Sequence[str]) -> Callable[[object], object]:
        return lambda value: read(value, readers, needed)

    deck = dict(zip(("colours", "low", "high", "stars", "potions", "potion_values",
                     "unverified"), (words, number, number, numbers, numbers, numbers, words),
                    strict=True))
    game = dict.fromkeys(("deck_size", "min_players", "max_players", "no_gold_consolation",
                          "max_rounds_per_player"), number)
    variants = dict.fromkeys(("race_gold", "guild_rounds_per_player", "random_passes",
                              "trickster_face_up"), number)
    players = {"hand": number, "rounds_per_player": number, "pair": lambda v: number(v, 0, 1),
               "exchange_max": number, "others_exchange": flag, "potions_exchanged": flag,
               "open_exchange": flag}
    hero = {"name": word, "aliases": words, "trump": word, "chooser": word, "trick": word,
            "gold": word, "counts": words, "each": number, "reward": number, "base": numbers,
            "minimum": numbers, "setting": word, "note": word}
    kinds = read(raw["kinds"], {**dict.fromkeys(KINDS[1:], numbers), "assumed": words},
                 KINDS[1:])
    data = read(raw, {
        "deck": table_of(deck, deck.keys()), "kinds": lambda v: v,
        "players": lambda v: plain.table(v, word, table_of(
            players, ("hand", "rounds_per_player", "pair", "others_exchange"))),
        "game": table_of(game, game.keys()), "variants": table_of(variants, variants.keys()),
        "sets": lambda v: plain.table(v, word, words),
        "heroes": lambda v: plain.table(v, word, table_of(hero, ("name", "trump", "gold",
                                                                 "counts"))),
        "sections": lambda v: plain.table(v, word, word)}, ())
    assumed = kinds.pop("assumed", [])
    return {**data, "kinds": kinds, "assumed_kinds": assumed}

def test_the_shipped_tables_have_the_types_the_code_reads() -> None:
    assert _checked(tables("tricky")) == table()
