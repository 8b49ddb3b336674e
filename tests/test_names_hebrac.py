"""Hebrac: every name a player types (spells, and the encounters 'check spell' stands in)
is matched one way (companion.names): exactly in any case, by a unique prefix, in several
words unquoted; otherwise an error naming the candidates or the closest names. Cards are
notation, not names (companion.cards)."""

from __future__ import annotations

import pytest

from companion.cards import Card
from companion.errors import NotationError
from companion.hebrac import rules
from companion.hebrac.engine import HebracGame, new_engine
from tests.conftest import CLI


def rich() -> HebracGame:
    """A game with magic enough for any spell, standing in A1 (a battle with a 10)."""
    engine = new_engine({})
    engine.apply("enter A1 10S")
    engine.inventory += [Card(rank, "C") for rank in (10, 10, 9, 9)]
    return engine


def cast(text: str) -> str:
    return rich().apply(text).action


def error(text: str) -> str:
    with pytest.raises(NotationError) as caught:
        rich().apply(text)
    return str(caught.value)


# -- spells ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("typed", "spell"), [
    ("paralysis", "paralysis"), ("PARALYSIS", "paralysis"), ("Super_Strength", "super-strength"),
    ("god vision", "god-vision"), ("Levitation", "teleport")])
def test_a_spell_exactly_in_any_case_and_by_its_other_name(typed: str, spell: str) -> None:
    assert rules.find_spell(typed).id == spell


def test_a_spell_by_a_unique_prefix() -> None:
    assert rules.find_spell("para").id == "paralysis"
    assert rules.find_spell("Levit").id == "teleport"
    assert rules.find_spell("god v").id == "god-vision"
    assert cast("cast para") == "cast paralysis --with 9C"
    assert cast("cast sup") == "cast super-strength --with 9C"


def test_a_spell_in_several_words_unquoted() -> None:
    assert cast("cast super strength") == "cast super-strength --with 9C"
    assert cast("cast Double Attack") == "cast double-attack --with 9C"
    assert cast("cast hell bomb") == "cast hell-bomb --with 9C"
    engine = new_engine({})  # Stone Statue is not for battle
    engine.inventory += [Card(10, "C"), Card(9, "C")]
    assert engine.apply("cast stone statue B1 B2").action == \
        "cast stone-statue B1 B2 --with 10C --with 9C"
    engine = new_engine({})
    engine.inventory += [Card(10, "C"), Card(2, "C")]
    assert engine.apply("cast genie of luck 2H 3H 4H 5H 6H").action == \
        "cast genie-of-luck 2H 3H 4H 5H 6H --with 10C --with 2C"
    assert cast("cast remote vis") == "cast remote-vision --with 9C --count 9"


def test_a_spell_prefix_of_several_asks_for_more() -> None:
    assert error("cast st") == "'st' could be stealing-spirit or stone-statue: type more"
    assert error("cast re") == "'re' could be remote-vision or revelation: type more"
    with pytest.raises(NotationError, match="'s' could be super-strength or "
                                            "stealing-spirit or stone-statue: type more"):
        rules.find_spell("s")


def test_an_unknown_spell_gets_the_closest_or_the_list() -> None:
    assert error("cast paralisys") == "'paralisys' is not a spell: did you mean paralysis?"
    assert error("cast healng") == "'healng' is not a spell: did you mean healing?"
    assert error("cast fireball").startswith(
        "'fireball' is not a spell: expected one of remote-vision, future-perception, "
        "healing, escape")


def test_check_spell_names_spells_the_same_way(cli: CLI) -> None:
    result = cli("hebrac", "check", "spell", "para", "--with", "5C", "--battle")
    assert result.code == 0 and "Paralysis costs 4" in result.out
    result = cli("hebrac", "check", "spell", "healng", "--with", "5C")
    assert result.code == 2
    assert result.err == "Error: 'healng' is not a spell: did you mean healing?\n"


# -- encounters (check spell --encounter) ------------------------------------------------------
def test_an_encounter_exactly_by_prefix_and_in_words(cli: CLI) -> None:
    for typed, refusal in (("Merchant", "Escape does not work on a merchant"),
                           ("merch", "Escape does not work on a merchant"),
                           ("black priestess", "Escape does not work on a black priestess"),
                           ("white p", "no spell may be cast on a white priestess")):
        result = cli("hebrac", "check", "spell", "escape", "--with", "5C", "--encounter", typed)
        assert result.code == 1 and f"timing: no, {refusal} (rule" in result.out


def test_an_encounter_prefix_of_several_or_unknown(cli: CLI) -> None:
    for typed, error in (("a", "'a' could be amazon or adventurer: type more"),
                         ("demn", "'demn' is not an encounter: did you mean demon?"),
                         ("dragon", "'dragon' is not an encounter: expected one of warrior, "
                                    "amazon, magician")):
        result = cli("hebrac", "check", "spell", "escape", "--with", "5C", "--encounter", typed)
        assert result.code == 2 and result.err.startswith(f"Error: {error}")


def test_check_spell_reads_an_encounter_by_prefix(cli: CLI) -> None:
    result = cli("hebrac", "check", "spell", "escape", "--with", "3C", "--encounter", "merch")
    assert result.code == 1 and "Escape does not work on a merchant" in result.out
