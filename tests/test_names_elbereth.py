"""Elbereth: every name a player types (items, enemies and bosses, what 'found' records)
is matched one way (companion.names): exactly in any case, by a unique prefix, in
several words unquoted; otherwise an error naming the candidates or the closest names."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.elbereth.engine import ElberethGame, new_engine, normalize_settings
from companion.errors import NotationError, RuleRefused
from tests.conftest import CLI
from tests.plays import misnamed, played, saved_as


def game(*actions: str, **settings: Any) -> ElberethGame:
    return played(new_engine({"equip": ["sword", "armour"], **settings}), *actions)


# -- items --------------------------------------------------------------------------------
def test_items_exactly_in_any_case_and_by_their_other_names() -> None:
    assert saved_as(game(), "pickup BOW") == "pickup bow"
    assert saved_as(game(), "pickup Coin") == "pickup coin"
    assert saved_as(game("attack rat 1"), "block Armor") == "block armour"
    assert normalize_settings({"equip": ["HELMET", "sword"]})["equip"] == ["helm", "sword"]


def test_items_by_a_unique_prefix() -> None:
    assert saved_as(game(), "pickup gaunt") == "pickup gauntlets"
    assert saved_as(game(), "pickup c") == "pickup coin"
    assert saved_as(game("attack rat 1"), "wound h") == "wound helm"
    assert saved_as(game("pickup bow", "attack snake 3"), "boost sw b") == "boost sword bow"
    assert normalize_settings({"equip": ["gaunt", "St"]})["equip"] == ["gauntlets", "staff"]


def test_several_items_unquoted() -> None:
    engine = game("pickup staff", "pickup bow", "attack dragon 1")
    assert saved_as(engine, "boost Sword staff B") == "boost sword staff bow"


def test_an_item_prefix_of_several_asks_for_more() -> None:
    assert misnamed(game("attack rat 1"), "wound s") == "'s' could be sword or staff: type more"
    assert saved_as(game(equip=("sword", "bow")), "pickup a") == "pickup armour"  # armor too
    with pytest.raises(NotationError, match="'s' could be sword or staff: type more"):
        normalize_settings({"equip": ["s", "armour"]})


def test_an_unknown_item_offers_the_closest() -> None:
    # "an item": the article is companion.names' ("a item" until it picks "an")
    assert re.fullmatch(r"'swrod' is not an? item: did you mean sword\?",
                        misnamed(game("attack rat 1"), "wound swrod"))
    assert re.fullmatch(r"'lance' is not an? item: expected one of sword, staff, bow, "
                        r"armour, helm, gauntlets, coin", misnamed(game(), "pickup lance"))
    assert misnamed(game("attack rat 1"), "wound key") == \
        "the key is not equipment: expected one of sword, staff, bow, armour, helm, gauntlets"
    assert misnamed(game("attack rat 1"), "wound coin").startswith("the coin is not equipment")


# -- enemies and bosses -------------------------------------------------------------------
def test_enemies_exactly_in_any_case_and_by_their_other_names() -> None:
    assert saved_as(game(), "attack SPIDER 4") == "attack spider 4"
    assert saved_as(game(), "attack snakes 5") == "attack snake 5"
    assert saved_as(game(bosses=True), "attack Marksman 6") == "attack marksman 6"


def test_enemies_by_a_unique_prefix() -> None:
    assert saved_as(game(), "attack sp 4") == "attack spider 4"
    assert saved_as(game(), "attack d 6") == "attack dragon 6"
    assert saved_as(game(bosses=True), "attack marks 6") == "attack marksman 6"
    assert saved_as(game(bosses=True, equip=("staff", "helm")), "bribe mag") == \
        "bribe mage staff"
    assert saved_as(game(bosses=True, equip=("armour", "helm")), "bribe smi helm") == \
        "bribe smith helm"


def test_enemies_of_several_words_unquoted() -> None:
    assert saved_as(game(bosses=True), "attack two headed ogre 5") == "attack ogre 5"
    assert saved_as(game(bosses=True), "attack Two-Headed Ogre 5") == "attack ogre 5"
    assert saved_as(game(), "attack the dragon 6") == "attack dragon 6"
    assert saved_as(game(bosses=True), "attack the dragon 6") == "attack dragon 6"
    with pytest.raises(RuleRefused, match="the ogre takes no bribe"):
        game(bosses=True).apply("bribe two headed ogre")


def test_an_enemy_prefix_of_several_asks_for_more() -> None:
    assert misnamed(game(), "attack s 4") == "'s' could be spider or snake: type more"
    assert misnamed(game(bosses=True), "attack s 4") == \
        "'s' could be spider or snake or smith: type more"
    assert misnamed(game(bosses=True), "bribe m") == \
        "'m' could be mage or marksman or merchant: type more"


def test_an_unknown_enemy_offers_the_closest() -> None:
    assert re.fullmatch(r"'spidr' is not an? enemy: did you mean spider\?",
                        misnamed(game(), "attack spidr 4"))
    assert re.fullmatch(r"'orc' is not an? enemy: expected one of rat, spider, snake, "
                        r"dragon, or a strength 3-6", misnamed(game(), "attack orc 4"))
    assert misnamed(game(), "attack 2 4") == \
        "no enemy has strength 2: rat 3, spider 4, snake 5, dragon 6"
    # a boss named in a game without the expansion is refused by the rules, not the name
    for typed in ("knight", "kni", "two headed ogre"):
        with pytest.raises(RuleRefused, match="comes with the bosses expansion"):
            game().apply(f"attack {typed} 6")


# -- what 'found' records -----------------------------------------------------------------
def test_found_exactly_in_any_case() -> None:
    assert saved_as(game(), "found Stairs") == "found stairs"
    assert saved_as(game(), "found SHOPS") == "found shop"


def test_found_by_a_unique_prefix() -> None:
    assert saved_as(game(), "found st") == "found stairs"
    assert saved_as(game(), "found sh") == "found shop"


def test_found_in_several_words_unquoted() -> None:
    assert saved_as(game(), "found down stairs") == "found stairs"
    assert saved_as(game(), "found Down-Stairs") == "found stairs"


def test_a_found_prefix_of_several_asks_for_more() -> None:
    assert misnamed(game(), "found s") == "'s' could be stairs or shop: type more"


def test_an_unknown_found_offers_the_closest() -> None:
    assert misnamed(game(), "found shp") == "'shp' is not a 'found' card: did you mean shop?"
    assert misnamed(game(), "found dragon") == \
        "'dragon' is not a 'found' card: expected one of stairs, shop"


# -- on the command line ------------------------------------------------------------------
def test_names_of_several_words_on_the_command_line(cli: CLI) -> None:
    cli("elbereth", "new", "--equip", "sword", "armour", "--bosses", "--name", "g")
    result = cli("elbereth", "attack", "two", "headed", "ogre", "5")
    assert (result.code, result.out.splitlines()[0]) == (0, "roll 5 >= ogre 5: success")
    result = cli("elbereth", "found", "down", "stairs")
    assert result.out.splitlines()[0] == "the down stairs of floor 1: the key is still missing"
    result = cli("elbereth", "attack", "ogre")
    assert (result.code, result.err) == (2, "Error: give the die (1-6), or --roll to let "
                                            "companion roll it\n")
    result = cli("elbereth", "pickup", "gaunt")
    assert result.out.splitlines()[0] == "gauntlets picked up and equipped"


def test_roll_after_a_name_of_several_words(cli: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    cli("elbereth", "new", "--equip", "sword", "armour", "--bosses", "--name", "g")
    monkeypatch.setattr("companion.cli.elbereth.roll_die", lambda: 5)
    result = cli("elbereth", "attack", "two", "headed", "ogre", "--roll")
    assert result.out.splitlines()[:2] == ["Rolled: 5", "roll 5 >= ogre 5: success"]
    result = cli("elbereth", "attack", "ogre", "roll")
    assert result.out.splitlines()[:2] == ["Rolled: 5", "roll 5 >= ogre 5: success"]
