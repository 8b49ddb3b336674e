"""Elbereth: one test per ruling, plus the deck facts of the rulebook tables."""

from __future__ import annotations

from typing import Any

import pytest

from companion.elbereth.engine import (
    DISCARDED,
    DOWN,
    EQUIPPED,
    ElberethGame,
    new_engine,
    normalize_settings,
    setup_lines,
    table,
)
from companion.errors import BadInput, NotationError
from tests.plays import lines, played, refused, refused_until


def game(*actions: str, equip: tuple[str, str] = ("sword", "armour"),
         **settings: Any) -> ElberethGame:
    return played(new_engine({"equip": list(equip), **settings}), *actions)


def to_floor(engine: ElberethGame, floor: int) -> ElberethGame:
    while engine.floor < floor:
        if not engine.key:
            engine.apply(f"attack {engine.floor_boss or 'dragon'} 6")
        engine.apply("found stairs")
        engine.apply("descend")
    return engine


# -- the deck ------------------------------------------------------------------------------
def test_the_deck_has_44_cards_and_floor_7_keeps_two() -> None:
    counts = table()["deck"]["count"]
    assert sum(counts.values()) == 44
    assert (counts["rat"], counts["spider"], counts["snake"], counts["wall"]) == (7, 7, 7, 12)
    deck = table()["deck"]
    assert deck["others"] == 44 - 2 == 6 * deck["removed_per_descent"]


def test_wall_die_faces() -> None:
    assert table()["wall_die"] == {"1": "sword", "2": "staff", "3": "bow", "4": "armour",
                                   "5": "helm", "6": "gauntlets"}


def test_two_different_pieces_of_equipment_to_start() -> None:
    assert normalize_settings({"equip": ["Armor", "bow"]})["equip"] == ["armour", "bow"]
    for bad in (None, ["sword"], ["sword", "sword"], ["sword", "coin"], ["sword", "key"]):
        with pytest.raises(BadInput):
            normalize_settings({"equip": bad})
    engine = game()
    assert engine.items == {"sword": EQUIPPED, "staff": DOWN, "bow": DOWN,
                            "armour": EQUIPPED, "helm": DOWN, "gauntlets": DOWN}


# -- attacks ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("enemy", "roll"), [("rat", 3), ("spider", 4), ("snake", 5),
                                             ("dragon", 6)])
def test_a_roll_equal_to_the_strength_wins(enemy: str, roll: int) -> None:
    assert lines(game(), f"attack {enemy} {roll}")[0] == \
        f"roll {roll} >= {enemy} {roll}: success"


def test_enemies_by_name_plural_or_strength() -> None:
    engine = game()
    assert engine.apply("attack Rats 3").action == "attack rat 3"
    assert engine.apply("attack 4 4").action == "attack spider 4"
    with pytest.raises(NotationError):
        engine.apply("attack orc 4")
    with pytest.raises(NotationError):
        engine.apply("attack 2 4")


def test_the_dragon_gives_the_floor_key_once() -> None:
    engine = game()
    assert lines(engine, "attack dragon 6") == [
        "roll 6 >= dragon 6: success", "the dragon is beaten: you take the key of floor 1"]
    assert engine.key
    refused(engine, "attack dragon 6", "elbereth.action.attack")


def test_a_miss_must_be_settled_first() -> None:
    engine = game()
    assert lines(engine, "attack spider 2") == [
        "roll 2 < spider 4: miss, the spider stays",
        "settle it: 'boost sword' (+1 each), 'block armour' or 'wound ITEM' to lose one "
        "of your 6 items for good"]
    refused(engine, "attack rat 5", "elbereth.action.miss")
    refused(engine, "pickup bow", "elbereth.action.miss")
    refused(game(), "block armour", "elbereth.action.miss")


def test_the_last_item_is_named_when_a_miss_could_take_it() -> None:
    """Issue 35: the wound choice said plainly, the last item by name."""
    engine = game()
    for item in ("sword", "staff", "bow", "armour", "helm"):
        engine.apply("attack spider 2")
        engine.apply(f"wound {item}")
    assert lines(engine, "attack spider 2")[1] == \
        "settle it: 'wound gauntlets' to lose your last item for good"


def test_boost_adds_1_per_offensive_item_and_spends_them() -> None:
    engine = game("pickup bow", "attack snake 3")
    assert lines(engine, "boost sword bow") == [
        "roll 3 + 2 (sword, bow) = 5 >= snake 5: success; sword, bow turned face down",
        "the snake is beaten; explore what opens up"]
    assert engine.items["sword"] == engine.items["bow"] == DOWN


def test_boost_takes_equipped_offensive_items_only() -> None:
    engine = game("attack snake 3")
    refused(engine, "boost armour", "elbereth.miss.boost")
    refused(engine, "boost staff", "elbereth.miss.boost")


def test_a_short_boost_settles_the_miss_by_default() -> None:
    engine = game("attack dragon 1")
    assert lines(engine, "boost sword") == [
        "roll 1 + 1 (sword) = 2 < dragon 6: still a miss; sword turned face down, the miss "
        "is settled and the dragon stays"]
    assert engine.miss is None


def test_a_short_boost_can_be_refused_by_setting() -> None:
    engine = game("attack dragon 1", short_boost="refused")
    refused(engine, "boost sword", "elbereth.miss.boost")


def test_block_turns_one_protective_item_face_down() -> None:
    engine = game("attack dragon 1")
    refused(engine, "block sword", "elbereth.miss.block")
    refused(engine, "block helm", "elbereth.miss.block")
    assert lines(engine, "block armour") == [
        "blocked with the armour, now face down; the dragon stays"]
    assert engine.items["armour"] == DOWN and engine.miss is None


def test_wound_discards_any_equipment_even_face_down() -> None:
    engine = game("attack dragon 1")
    assert lines(engine, "wound gauntlets") == [
        "hurt: the gauntlets discarded for good (5 equipment left); the dragon stays"]
    engine.apply("attack dragon 1")
    refused(engine, "wound gauntlets", "elbereth.miss.wound")


def test_a_miss_with_no_equipment_left_loses() -> None:
    engine = game()
    engine.items = dict.fromkeys(engine.items, DISCARDED)
    assert lines(engine, "attack rat 1")[-1] == "no equipment is left to discard: you lose"
    assert engine.outcome == "lost"
    refused(engine, "attack rat 3", "elbereth.game.end")


def test_the_coin_and_key_are_not_equipment() -> None:
    engine = game("attack dragon 1")
    with pytest.raises(NotationError, match="the coin is not equipment"):
        engine.apply("wound coin")


# -- exploring -------------------------------------------------------------------------------
@pytest.mark.parametrize(("roll", "item"), [(1, "sword"), (4, "armour")])
def test_break_a_wall_damages_the_equipped_item(roll: int, item: str) -> None:
    engine = game()
    assert lines(engine, f"break-wall {roll}") == [
        f"roll {roll} = {item}: {item} equipped, so damaged: face down",
        "the wall opens; explore behind it"]
    assert engine.items[item] == DOWN


def test_break_a_wall_discards_an_item_not_equipped() -> None:
    engine = game()
    assert lines(engine, "break-wall 5")[0] == "roll 5 = helm: helm not equipped, so " \
        "discarded for good"
    assert lines(engine, "break-wall 5")[0] == "roll 5 = helm: helm gone already: no " \
        "further loss"


def test_pickup_equips_a_face_down_item_once_per_floor() -> None:
    engine = game("break-wall 1")
    assert lines(engine, "pickup sword") == ["sword picked up and equipped"]
    refused(engine, "pickup sword", "elbereth.action.pickup")
    engine.apply("break-wall 1")
    refused(engine, "pickup sword", "elbereth.setup.deck")


def test_a_discarded_item_cannot_be_picked_up_or_bought() -> None:
    engine = game("break-wall 2", "pickup coin", "found shop")
    refused(engine, "pickup staff", "elbereth.action.pickup")
    refused(engine, "shop staff", "elbereth.action.shop")


def test_the_shop_sells_any_item_for_the_coin() -> None:
    engine = game()
    refused_until(engine, "shop bow", "elbereth.action.shop", "found shop", "pickup coin")
    refused(engine, "shop sword", "elbereth.action.shop")
    assert lines(engine, "shop bow") == ["the coin buys the bow: equipped; coin face down"]
    assert engine.coin == "face down"


def test_descend_needs_the_key_and_the_stairs() -> None:
    engine = game()
    refused_until(engine, "descend", "elbereth.action.descend", "attack dragon 6",
                  "found stairs")
    assert lines(engine, "descend") == ["floor 2: 7 cards removed unseen (7 in all)",
                                        "dungeon deck 37 = 35 + dragon + down stairs"]
    assert not engine.key and not engine.stairs


def test_leaving_floor_7_wins() -> None:
    engine = to_floor(game(), 7)
    assert engine.others() == 0 and engine.removed == 42
    engine.apply("attack dragon 6")
    engine.apply("found stairs")
    assert lines(engine, "descend") == ["you leave floor 7, the last: you win!"]
    assert engine.outcome == "won"


def test_a_floor_holds_only_the_cards_left_in_the_deck() -> None:
    engine = to_floor(game(), 7)
    assert refused(engine, "attack rat 3", "elbereth.setup.deck") == \
        "floor 7 holds no cards besides the dragon and the down stairs, all accounted for: " \
        "no rat can be here (rule elbereth.setup.deck)"
    engine = game(*["attack rat 3"] * 7)
    refused(engine, "attack rat 3", "elbereth.setup.deck")


def test_found_records_the_stairs_and_a_shop_once() -> None:
    engine = game("found stairs")
    refused(engine, "found stairs", "elbereth.explore")
    with pytest.raises(NotationError):
        engine.apply("found dragon")


# -- bosses ---------------------------------------------------------------------------------
def test_bosses_need_the_expansion() -> None:
    refused(game(), "attack knight 6", "elbereth.bosses")
    refused(game(), "bribe knight", "elbereth.bosses")


@pytest.mark.parametrize(("boss", "item"), [("knight", "sword"), ("mage", "staff"),
                                            ("marksman", "bow")])
def test_a_boss_is_bribed_with_his_equipped_item(boss: str, item: str) -> None:
    engine = game(equip=(item, "helm"), bosses=True)
    assert lines(engine, f"bribe {boss}") == [
        f"the {boss} takes your {item} for good and lets you pass",
        "you take the key of floor 1"]
    assert engine.items[item] == DISCARDED and engine.key


def test_the_merchant_takes_the_coin_and_the_smith_a_protective_item() -> None:
    engine = game(bosses=True)
    refused(engine, "bribe merchant", "elbereth.ruling.bribe")
    engine.apply("pickup coin")
    assert engine.apply("bribe merchant").action == "bribe merchant coin"
    assert engine.coin == "gone"
    smith = game(equip=("armour", "helm"), bosses=True)
    with pytest.raises(BadInput, match="name the item for the smith: armour or helm"):
        smith.apply("bribe smith")
    refused(smith, "bribe smith sword", "elbereth.bosses.bribe")
    assert smith.apply("bribe smith helm").action == "bribe smith helm"


def test_bribes_take_equipped_gear_unless_any_is_set() -> None:
    refused(game(bosses=True), "bribe mage", "elbereth.bosses.bribe")
    engine = game(bosses=True, bribe_from="any")
    assert engine.apply("bribe mage").action == "bribe mage staff"


def test_a_bribe_gives_no_key_when_set_so() -> None:
    engine = game(equip=("sword", "helm"), bosses=True, bribe_key=False)
    assert lines(engine, "bribe knight")[1] == "no key from a bribe in this game " \
        "(--no-bribe-key)"
    assert not engine.key


def test_the_ogre_and_the_dragon_take_no_bribe() -> None:
    refused(game(bosses=True), "bribe ogre", "elbereth.bosses.bribe")
    refused(game(bosses=True), "bribe rat", "elbereth.bosses.bribe")


def test_the_ogre_needs_two_wins_in_a_row() -> None:
    engine = game(bosses=True)
    assert lines(engine, "attack ogre 5")[1] == \
        "the ogre loses a head (1 of 2): beat him again with your next attack"
    engine.apply("attack ogre 2")
    assert lines(engine, "block armour")[1] == \
        "the ogre's streak is broken: he needs two wins in a row again"
    engine.apply("attack ogre 6")
    assert lines(engine, "attack ogre 5")[1] == \
        "the ogre is beaten: you take the key of floor 1"


def test_a_boosted_win_keeps_the_ogre_streak() -> None:
    engine = game("attack ogre 5", "attack ogre 4", bosses=True)
    assert lines(engine, "boost sword")[1] == "the ogre is beaten: you take the key of floor 1"


def test_attacking_another_enemy_breaks_the_ogre_streak() -> None:
    engine = game("attack ogre 5", bosses=True)
    assert lines(engine, "attack rat 3")[0] == \
        "the ogre's streak is broken: he needs two wins in a row again"


def test_one_boss_per_floor_each_once_a_game() -> None:
    engine = game("attack knight 6", bosses=True)
    refused(game("attack knight 1", "block armour", bosses=True), "attack mage 6",
            "elbereth.bosses")
    engine.apply("found stairs")
    engine.apply("descend")
    assert refused(engine, "attack knight 6", "elbereth.bosses") == \
        "the knight was met on floor 1: each boss comes once a game (rule elbereth.bosses)"


def test_strength_6_names_no_single_boss() -> None:
    engine = game(bosses=True)
    with pytest.raises(BadInput, match="strength 6 could be"):
        engine.apply("attack 6 6")
    engine = game("attack mage 1", "block armour", bosses=True)
    assert engine.apply("attack 6 6").action == "attack mage 6"


# -- near death: what can still save you -------------------------------------------------
def near_death(engine: ElberethGame) -> list[str]:
    return [line for line in engine.status_lines(40) if line.startswith("Near death")]


def test_no_warning_while_two_pieces_are_left() -> None:
    engine = game("break-wall 2", "break-wall 3", "break-wall 5", "break-wall 6")
    assert len(engine.left()) == 2 and near_death(engine) == []


def test_near_death_names_what_saves_you() -> None:
    engine = game("break-wall 2", "break-wall 3", "break-wall 5", "break-wall 6",
                  "attack rat 1", "wound armour")
    assert near_death(engine) == ["Near death: on a miss, boost sword (+1)"]
    engine.apply("break-wall 1")
    assert near_death(engine) == ["Near death: equip the sword (pickup)"]
    engine.apply("pickup coin")
    engine.apply("found shop")
    assert near_death(engine) == ["Near death: shop sword to equip it"]
    engine.apply("attack rat 1")  # a miss waiting: 'Next' says how to settle it
    assert near_death(engine) == []
    engine.apply("wound sword")
    assert near_death(engine) == ["Near death: no gear left; a miss loses"]
    engine.apply("attack rat 1")
    assert engine.outcome == "lost" and near_death(engine) == []


def test_near_death_with_armour_left_blocks() -> None:
    engine = game("break-wall 1", "break-wall 2", "break-wall 3", "break-wall 6",
                  "attack rat 1", "wound helm", equip=("armour", "helm"))
    assert near_death(engine) == ["Near death: on a miss, block armour"]


@pytest.mark.parametrize("item", ["sword", "staff", "bow", "armour", "helm", "gauntlets"])
@pytest.mark.parametrize("state", [EQUIPPED, DOWN])
@pytest.mark.parametrize("shop", [False, True])
def test_the_near_death_line_fits_40_columns(item: str, state: str, shop: bool) -> None:
    engine = game("pickup coin", "found shop") if shop else game()
    engine.items = {name: state if name == item else DISCARDED for name in engine.items}
    (line,) = near_death(engine)
    assert len(line) <= 40 and item in line


# -- what to lay out when a game starts ----------------------------------------------------
def test_setup_lines_lay_out_the_chosen_gear_and_the_deck() -> None:
    lines = setup_lines({"equip": ["gauntlets", "staff"]})
    text = " ".join(" ".join(lines).split())
    assert max(len(line) for line in lines) <= 40
    assert "Turn up (equipped): gauntlets, staff." in text
    assert f"Dungeon deck, {sum(table()['deck']['count'].values())} cards shuffled: 7 rats, " \
        "7 spiders, 7 snakes, the dragon, 12 walls, 2 shops, 7 items (6 gear + coin), the " \
        "down stairs." in text
    assert "boss" not in text


def test_setup_lines_with_the_bosses_put_one_boss_in_the_deck() -> None:
    lines = setup_lines({"equip": ["sword", "armour"], "bosses": True})
    text = " ".join(" ".join(lines).split())
    assert max(len(line) for line in lines) <= 40
    assert "7 snakes, 1 boss, 12 walls" in text
    assert "1 boss: drawn at random from the 7 boss cards, the dragon among them." in text


def test_setup_lines_check_the_settings() -> None:
    with pytest.raises(BadInput):
        setup_lines({"equip": ["sword"]})
