"""Issue 32, Hebrac: each finding as a new user met it, fixed (tests/test_referee_hebrac_spells.py
keeps the referee's own reports).

Each test plays the few actions that reach the finding and checks the ruling; a refusal
must leave the whole engine state as it was.
"""

from __future__ import annotations

import copy

import pytest

from companion.cards import Card
from companion.errors import BadInput, RuleRefused
from companion.hebrac import situation
from companion.hebrac.engine import HebracGame, new_engine
from tests.deckmodel import logged
from tests.plays import played


def play(*actions: str, **settings: object) -> HebracGame:
    return played(new_engine(settings), *actions)


def refused(game: HebracGame, action: str, rule: str) -> str:
    """``action`` is refused naming ``rule`` and changes nothing; the refusal's text."""
    before = copy.deepcopy(game.__dict__)
    with pytest.raises(RuleRefused) as caught:
        game.apply(action)
    assert caught.value.rule == rule
    assert game.__dict__ == before
    return str(caught.value)


# 1. late potions: the life given back counts from the life of now, capped
def test_a_late_potion_says_what_it_gives_back_to_a_life_healed_since() -> None:
    game = play("enter A1 AS", "take 5H", "enter A2 AD", "take 4S", "enter A3 9S",
                "attack 3H", "use 5H", late_potions=True)
    done = game.apply("potion 4S")
    assert game.life == 15
    assert done.lines == ("late potion: 3 + 4 = 7 vs 9: lose 2 life, not 6: 14 -> 15 "
                          "(max 15, rule hebrac.ruling.late-potions)",)


def test_a_late_potion_right_after_the_round_reads_as_before() -> None:
    game = play("enter A1 AS", "take 4S", "enter A2 9S", "attack 3H", late_potions=True)
    assert game.apply("potion 4S").lines == ("late potion: 3 + 4 = 7 vs 9: lose 2 life, "
                                             "15 -> 13",)


# 2. the inventory limit counts what is held after the action
def test_the_prize_of_hebrac_is_refused_at_the_limit_and_taken_after_a_drop() -> None:
    game = play("enter A1 AS", "take 2H", "enter A2 AD", "take JK", "play 5H",
                inventory_limit=1)
    refused(game, "take 6H", "hebrac.variant.inventory-limit")
    game.apply("drop 2H")
    game.apply("take 6H")
    assert [str(c) for c in game.inventory] == ["6H"]


def test_a_genie_of_luck_that_steals_back_fits_the_limit() -> None:
    # the black queen drawn steals one of the cards drawn before her: 2 held after
    game = play("enter A1 AS", "take 10C", "enter A2 AD", "take 9C", inventory_limit=2)
    game.apply("cast genie-of-luck 2H 3H QS KH JK")
    assert len(game.inventory) <= 2


def test_a_cast_refused_for_room_keeps_its_payment() -> None:
    game = play("enter A1 AS", "take 10C", "enter A2 AD", "take 9C", inventory_limit=2)
    refused(game, "cast genie-of-luck 2H 3H 4H 5H 6H", "hebrac.variant.inventory-limit")
    assert [str(c) for c in game.inventory] == ["10C", "9C"]


# 3. several strength potions before one attack
def test_two_strength_potions_before_one_attack_both_count() -> None:
    game = play("enter A1 AS", "take 4S", "enter A2 AD", "take 5S", "enter A3 JS")
    done = game.apply("attack 2H --potion 4S --potion 5S")
    assert done.action == "attack 2H --potion 4S --potion 5S"
    assert done.lines[0] == "attack 2 + 9 potion = 11 vs adventurer 10: battle won"
    assert game.inventory == []


def test_one_potion_reads_and_writes_as_before() -> None:
    game = play("enter A1 AS", "take 4S", "enter A2 9S")
    assert game.apply("attack 5H --potion 4S").action == "attack 5H --potion 4S"


def test_a_potion_named_twice_must_be_held_twice() -> None:
    game = play("enter A1 AS", "take 4S", "enter A2 9S")
    refused(game, "attack 5H --potion 4S --potion 4S", "hebrac.treasure.inventory")


# 4. Teleport: the player is in the chamber reached at once
def test_teleport_puts_you_on_the_map_and_under_hell_bomb_at_once() -> None:
    game = play("enter A1 AS", "take 10C", "enter A2 AD", "take 10C", "enter B1 AC",
                "take 9C", "enter B2 AH", "take 9C", "enter A3 7S", "cast escape",
                "move A1", "cast teleport A3")
    assert game.position == "A3"
    assert "@7S" in situation.map_lines(game)[1]
    game.apply("cast hell-bomb")
    assert game.chambers["A3"].enemy_gone and game.chambers["A4"].enemy_gone


# 5. a stolen treasure is not won again
def test_a_merchant_switched_in_where_the_ware_was_stolen_has_nothing_to_sell() -> None:
    game = play("enter A1 AS", "take 2D", "enter A2 AD", "take 10C", "enter B1 AC",
                "take 9C", "enter A3 7S", "cast stealing-spirit 2H", "cast body-switch KH A3")
    assert game.apply("enter A3").lines == (
        "A3: KH = merchant; nothing left to sell (rule hebrac.ruling.robbed-chamber): "
        "'refuse'",)
    refused(game, "reveal 2H", "hebrac.ruling.robbed-chamber")
    assert game.apply("refuse").lines == ("A3: the merchant leaves; chamber cleared",)
    assert game.chambers["A3"].cleared


# 6. first edition: the Genie of Luck's black queen never takes the payment
def test_first_edition_genie_of_luck_black_queen_spares_the_payment() -> None:
    game = play("enter A1 AS", "take 10C", "enter A2 AD", "take 9C", edition=1)
    done = game.apply("cast genie-of-luck QS 2H 3H 4H 5H --with 10C --with 9C")
    assert "  QS black priestess: she finds nothing to steal" in done.lines
    assert sorted(map(str, game.inventory)) == ["2H", "3H", "4H", "5H"]
    assert logged(game, "under").count(Card.parse("10C")) == 1


# 7. no Teleport away from a merchant or Hebrac
@pytest.mark.parametrize("enemy, more", [("KS", ()), ("KS", ("reveal 9H",)), ("JK", ())])
def test_teleport_is_refused_where_escape_is(enemy: str, more: tuple[str, ...]) -> None:
    game = play("enter A1 AS", "take 10C", "enter A2 AD", "take 9C", f"enter B1 {enemy}",
                *more)
    refused(game, "cast escape", "hebrac.spell.escape")
    text = refused(game, "cast teleport C4", "hebrac.ruling.teleport-no-flee")
    assert "Teleport, as Escape, is refused" in text


def test_teleport_in_battle_is_still_allowed() -> None:
    game = play("enter A1 AS", "take 10C", "enter A2 AD", "take 9C", "enter B1 9S")
    game.apply("cast teleport C4")
    assert game.encounter is None and game.position == "C4"


# 8. Stealing Spirit on a ware on show needs no card named
def test_stealing_spirit_takes_the_ware_on_show() -> None:
    game = play("enter A1 AS", "take 10C", "enter A2 AD", "take 9C", "enter B1 KS",
                "reveal 9H")
    done = game.apply("cast stealing-spirit")
    assert done.action == "cast stealing-spirit 9H --with 9C"
    assert Card.parse("9H") in game.inventory


def test_stealing_spirit_in_battle_still_needs_the_card() -> None:
    game = play("enter A1 AS", "take 10C", "enter A2 AD", "take 9C", "enter B1 9S")
    with pytest.raises(BadInput, match="usage: cast stealing-spirit TREASURE"):
        game.apply("cast stealing-spirit")


# 9. a King of Spades bought with no choice of chambers left acts at once, and says why
def test_a_bought_genie_of_death_with_no_choice_acts_at_once() -> None:
    setup = ["enter A1 AS", "take 9D", "enter A2 AS", "take 5D", "enter B1 AD", "take 10C",
             "enter B2 AD", "take 9C", "enter C1 AC", "take 8C", "enter C2 AC",
             "take 7C", "enter A3 AH", "take 6C", "enter B3 AH", "take 5C", "enter C3 KH"]
    game = play(*setup, decks=2)
    game.apply("reveal KS")
    done = game.apply("buy 9D 5D")
    assert game.pending is None
    assert done.lines[-1] == ("no choice of chambers left: it acts at once (rule "
                              "hebrac.ruling.genie-bought)")
    assert all(game.chambers[name].enemy_gone for name in ("A4", "B4", "C4"))


def test_check_attack_adds_several_strength_potions() -> None:
    from typer.testing import CliRunner

    from companion.cli.main import app

    result = CliRunner().invoke(app, ["hebrac", "check", "attack", "9D", "4H", "--potion", "3",
                                      "--potion", "2"])
    assert result.exit_code == 0
    assert "attack 4 + 5 potion = 9 vs demon 9: battle won" in result.output


def test_replay_leaves_the_cycle_collector_as_it_found_it() -> None:
    """A replay pauses the cycle collector (a game makes no cycles) and resumes it after,
    a refused action included; a caller that paused it finds it still paused."""
    import gc

    import pytest

    from companion.errors import DataProblem
    from companion.game import replay, replaying
    from companion.hebrac.engine import new_engine

    actions = ["enter A1 3S", "attack 5H", "take 10H"]
    assert gc.isenabled()
    replay("hebrac", {}, actions)
    assert gc.isenabled()
    with pytest.raises(DataProblem):
        replay("hebrac", {}, [*actions, "attack 5H"])
    assert gc.isenabled()
    assert [a.action for _n, _t, a in replaying(new_engine({}), actions)] == actions
    assert gc.isenabled()
    gc.disable()
    try:
        replay("hebrac", {}, actions)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_shipped_tables_hold_values_of_the_types_the_rules_read() -> None:
    """The rule tables ship with the package and are read untested at run time
    (``rules.table``): each value must be of the type ``HebracTables`` names."""
    from companion.hebrac import rules

    def words(value: object) -> bool:
        return type(value) is list and all(type(word) is str for word in value)

    def table_of(kind: type, value: object) -> bool:
        return type(value) is dict and all(type(v) is kind for v in value.values())

    found = rules.table()
    for key in ("setup", "battle", "hebrac_game", "treasure", "prices", "trade"):
        assert table_of(int, found[key]), key
    assert words(found["theft"]["order"])
    assert table_of(str, found["aces"]) and table_of(str, found["kings"])
    fields = {"name": str, "cost": int, "unit": str, "timing": str, "aliases": list,
              "cards": int, "enemies": int}
    for spell_id, row in found["spells"].items():
        assert {"name", "cost", "timing"} <= set(row), spell_id
        for key, value in row.items():
            assert type(value) is fields[key], (spell_id, key)
        assert words(row.get("aliases", [])), spell_id
