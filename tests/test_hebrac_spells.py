"""Hebrac's Dungeon magic: payment, timing and effect of each of the 18 spells."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import Card
from companion.errors import BadInput, NotationError, RuleRefused
from companion.hebrac import rules
from tests.test_hebrac_rulings import game, give, last, refused

COSTS = {
    "remote-vision": 1, "future-perception": 1, "healing": 2, "escape": 3, "illusion": 4,
    "paralysis": 4, "double-attack": 4, "super-strength": 5, "anti-magic": 5,
    "stealing-spirit": 6, "body-switch": 7, "teleport": 8, "revelation": 9, "hell-bomb": 9,
    "curse": 10, "genie-of-luck": 11, "stone-statue": 15, "god-vision": 15,
}


def test_eighteen_spells_with_their_costs() -> None:
    assert {s.id: s.cost for s in rules.spells().values()} == COSTS


@pytest.mark.parametrize(("text", "spell"), [
    ("stealing-spirit", "stealing-spirit"), ("Stealing Spirit", "stealing-spirit"),
    ("god vision", "god-vision"), ("GOD-VISION", "god-vision"), ("tele", "teleport"),
    ("levitation", "teleport"), ("Levit", "teleport"), ("heal", "healing"), ("st", None),
])
def test_spell_names(text: str, spell: str | None) -> None:
    if spell is None:
        with pytest.raises(BadInput, match="could be"):
            rules.find_spell(text)
    else:
        assert rules.find_spell(text).id == spell


def test_unknown_spell_lists_the_spells() -> None:
    with pytest.raises(NotationError, match="'fireball' is not a spell: expected one of "
                                            "remote-vision, future-perception"):
        rules.find_spell("fireball")


def test_magic_points_are_clubs_doubled_by_scepter() -> None:
    engine = give(game(), "5C", "3C", "9H", "JC")
    assert engine.magic_points == 8
    give(engine, "AC")
    assert engine.magic_points == 16


def test_seed_example_scepter_5_of_clubs_is_10_points() -> None:
    assert rules.magic_points(Card.parse("5C"), scepter=True) == 10


def test_seed_example_8_clubs_pays_stealing_spirit_2_lost() -> None:
    verdict = rules.check_spell_payment(rules.find_spell("stealing spirit"), [Card.parse("8C")])
    assert verdict.legal and verdict.reasons == ("Stealing Spirit costs 6: 8 = 8, 2 lost",)


def test_seed_example_3_and_5_clubs_pay_teleport() -> None:
    verdict = rules.check_spell_payment(rules.find_spell("levitation"),
                                        [Card.parse("3C"), Card.parse("5C")])
    assert verdict.legal and verdict.reasons == ("Teleport costs 8: 3 + 5 = 8",)


def test_payment_short_and_slips() -> None:
    spell = rules.find_spell("curse")
    short = rules.check_spell_payment(spell, [Card.parse("9C")])
    assert not short.legal and short.reasons == ("Curse costs 10: 9 = 9, 1 short",)
    slip = rules.check_spell_payment(spell, [Card.parse("10C"), Card.parse("2C")])
    assert slip.reasons == ("Curse costs 10: 2C not needed (add --overpay to spend it anyway)",)
    assert rules.check_spell_payment(spell, [Card.parse("10C"), Card.parse("2C")],
                                     overpay=True).legal
    assert not rules.check_spell_payment(spell, [Card.parse("10H")]).legal


def test_cast_spends_named_cards_and_loses_extra_points() -> None:
    engine = give(game("enter A1 5S"), "8C", "2C")
    lines = last(engine, "cast escape --with 8C")
    assert lines == ["Escape costs 3: 8 = 8, 5 lost",
                     "you escape A1; its enemy waits face down",
                     "you stay at A1, now visited: 'enter A1' meets its enemy again "
                     "(rule hebrac.ruling.escape-visited)"]
    assert engine.inventory == [Card.parse("2C")]


def test_cast_without_with_picks_the_cheapest_payment() -> None:
    engine = give(game("enter A1 5S"), "10C", "4C", "2C", "3C")
    applied = engine.apply("cast paralysis")
    assert applied.action == "cast paralysis --with 4C"
    assert applied.lines[0] == "Paralysis costs 4: 4 = 4"
    engine2 = give(game("enter A1 5S"), "10C", "3C", "2C")
    assert engine2.apply("cast escape").action == "cast escape --with 3C"
    engine3 = give(game("enter A1 5S"), "4C", "3C", "2C")
    assert engine3.apply("cast super-strength").action == "cast super-strength --with 3C --with 2C"


def brute_force_cheapest(potions: list[Card], cost: int, scepter: bool
                         ) -> tuple[int, int] | None:
    """(points, cards) of the best payment by trying every subset: the reference."""
    best: tuple[int, int] | None = None
    for size in range(len(potions) + 1):
        for combo in itertools.combinations(potions, size):
            points = sum(rules.magic_points(c, scepter) for c in combo)
            if points >= cost and (best is None or (points, size) < best):
                best = (points, size)
    return best


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(2, 10), max_size=9), st.integers(1, 40), st.booleans())
def test_cheapest_payment_matches_brute_force(ranks: list[int], cost: int, scepter: bool) -> None:
    potions = [Card(rank, "C") for rank in ranks]
    chosen = rules.cheapest_payment(potions, cost, scepter)
    best = brute_force_cheapest(potions, cost, scepter)
    if best is None:
        assert chosen is None
    else:
        assert chosen is not None
        assert (sum(rules.magic_points(c, scepter) for c in chosen), len(chosen)) == best


def test_not_enough_magic_points_is_refused() -> None:
    engine = give(game(), "2C")
    assert refused(engine, "cast curse", "hebrac.spell.paying") == \
        "Curse costs 10: you have 2 magic points (rule hebrac.spell.paying)"


def test_paying_with_cards_not_held_is_refused() -> None:
    engine = give(game(), "2C")
    refused(engine, "cast curse --with 10C", "hebrac.treasure.inventory")


def test_one_spell_per_battle() -> None:
    engine = give(game("enter A1 9S"), "4C", "5C")
    last(engine, "cast paralysis --with 4C")
    refused(engine, "cast super-strength --with 5C", "hebrac.spell.one-per-battle")


# -- each spell's timing and effect -----------------------------------------------------
def test_remote_vision_one_chamber_per_point() -> None:
    engine = give(game(), "2C")
    assert last(engine, "cast remote-vision --with 2C")[1].startswith(
        "you may look at 2 unexplored enemies")
    last(engine, "see B2 9D")
    last(engine, "see C3 QS")
    refused(engine, "see C4 5S", "hebrac.spell.remote-vision")
    assert engine.chambers["B2"].enemy == Card.parse("9D")
    refused(give(game(), "2C"), "see B2 9D --treasure 5H", "hebrac.spell.god-vision")


def test_remote_vision_count_asks_for_fewer_points() -> None:
    engine = give(game(), "5C", "2C")
    assert engine.apply("cast remote-vision --count 2").action == \
        "cast remote-vision --with 2C --count 2"


def test_future_perception_records_the_top_cards() -> None:
    engine = give(game(), "3C")
    last(engine, "cast future-perception --with 3C")
    assert last(engine, "peek 5H KD 2S") == ["top of the Hand Deck: 5H KD 2S"]
    refused(engine, "peek 9S", "hebrac.spell.future-perception")


def test_healing_one_life_per_two_points() -> None:
    engine = give(game("enter A1 10S", "attack 2H"), "7C")
    assert engine.life == 7
    lines = last(engine, "cast healing --with 7C")
    assert lines == ["Healing costs 6 (3 x 2): 7 = 7, 1 lost (a life costs 2)",
                     "heal 3: 7 -> 10"]


def test_healing_never_above_max() -> None:
    engine = give(game("enter A1 6S", "attack 2H"), "10C")
    assert refused(engine, "cast healing --with 10C", "hebrac.ruling.unit-spells") == (
        "Healing: 10C pays 10 for 4 life at 2 (life 11/15: 4 missing), 2 lost: add --overpay "
        "to cast anyway (rule hebrac.ruling.unit-spells)")
    applied = engine.apply("cast healing --with 10C --overpay")
    assert applied.action == "cast healing --with 10C --count 4 --overpay"
    assert applied.lines == ("Healing costs 8 (4 x 2): 10 = 10, 2 lost", "heal 4: 11 -> 15")
    engine = give(game("enter A1 6S", "attack 2H"), "10C")
    assert last(engine, "cast healing --with 10C --count 5")[1] == "heal 4 of 5: 11 -> 15 (max 15)"


def test_escape_leaves_the_enemy_face_down() -> None:
    engine = give(game("enter A1 9S"), "3C")
    last(engine, "cast escape --with 3C")
    assert engine.encounter is None and not engine.chambers["A1"].cleared
    last(engine, "enter A2 AS")
    last(engine, "take 2H")
    assert last(engine, "enter A1") == ["A1: 9S = warrior, life 9: 'attack CARD'"]
    refused(engine, "cast escape", "hebrac.spell.paying")


@pytest.mark.parametrize("enemy", ["KS", "JK"])
def test_escape_not_from_merchant_or_hebrac(enemy: str) -> None:
    engine = give(game(f"enter A1 {enemy}"), "3C")
    refused(engine, "cast escape --with 3C", "hebrac.spell.escape")


def test_escape_not_from_black_priestess() -> None:
    engine = give(game("enter A1 QS"), "3C")
    refused(engine, "cast escape --with 3C", "hebrac.spell.escape")


def test_illusion_only_while_trading_and_not_for_an_ace() -> None:
    engine = give(game("enter A1 JD"), "4C")
    refused(engine, "cast illusion --with 4C", "hebrac.spell.illusion")
    last(engine, "reveal 9H")
    assert last(engine, "cast illusion --with 4C")[1:] == [
        "the adventurer takes nothing for 9H", "9H life potion into the inventory"]
    ace = give(game("enter A1 JD", "reveal AS"), "4C")
    refused(ace, "cast illusion --with 4C", "hebrac.spell.illusion")


def test_paralysis_two_rounds_without_damage() -> None:
    engine = give(game("enter A1 10S"), "4C")
    refused(give(game(), "4C"), "cast paralysis --with 4C", "hebrac.spell.paralysis")
    last(engine, "cast paralysis --with 4C")
    assert last(engine, "attack 2H") == ["attack 2 = 2 vs warrior 10: no damage (Paralysis)"]
    last(engine, "attack 3H")
    assert last(engine, "attack 4H") == ["attack 4 = 4 vs warrior 10: lose 6 life, 15 -> 9"]


def test_double_attack_takes_two_cards_next_round() -> None:
    engine = give(game("enter A1 10S"), "4C")
    last(engine, "cast double-attack --with 4C")
    with pytest.raises(BadInput, match="attack CARD CARD"):
        engine.apply("attack 5H")
    assert last(engine, "attack 5H 6D")[0] == "attack 5 + 6 = 11 vs warrior 10: battle won"


def test_super_strength_doubles_attack_cards_for_the_battle() -> None:
    engine = give(game("enter A1 10S"), "5C", "2S")
    last(engine, "cast super-strength --with 5C")
    assert last(engine, "attack 3H --potion 2S")[0] == \
        "attack 3x2 + 2 potion = 8 vs warrior 10: lose 2 life, 15 -> 13"
    assert last(engine, "attack 5H")[0] == "attack 5x2 = 10 vs warrior 10: battle won"


def test_anti_magic_stops_white_priestess_healing() -> None:
    engine = give(game(), "5C")
    last(engine, "cast anti-magic --with 5C")
    last(engine, "enter A1 QH")
    refused(engine, "heal", "hebrac.spell.anti-magic")


def test_stealing_spirit_takes_treasure_guard_stays() -> None:
    engine = give(game("enter A1 9S"), "6C")
    assert last(engine, "cast stealing-spirit --with 6C 5H")[1:] == [
        "you steal 5H from A1", "its guard stays, face down: 'enter A1' meets it again "
        "(rule hebrac.ruling.escape-visited)", "5H life potion into the inventory"]
    assert not engine.chambers["A1"].cleared
    last(engine, "enter A2 AS")
    last(engine, "take 2D")
    assert last(engine, "enter A1") == ["A1: 9S = warrior, life 9; no treasure left here "
                                        "(rule hebrac.ruling.robbed-chamber)"]
    assert last(engine, "attack 10H")[1] == "A1 cleared: its treasure was taken before " \
        "(rule hebrac.ruling.robbed-chamber)"


def test_stealing_spirit_on_merchant_clears_and_robbed_adventurer_attacks() -> None:
    engine = give(game("enter A1 KS"), "6C", "7C")
    last(engine, "cast stealing-spirit --with 6C 3H")
    assert engine.chambers["A1"].cleared
    last(engine, "enter A2 JH")
    last(engine, "cast stealing-spirit --with 7C --overpay 4H")
    last(engine, "enter A3 AS")
    last(engine, "take 2C")
    assert last(engine, "enter A2") == ["A2: JH = the adventurer you robbed: he attacks, "
                                        "life 10 (rule hebrac.ruling.robbed-chamber)"]
    assert engine.encounter is not None and engine.encounter.stage == "battle"


def test_stealing_spirit_not_after_reveal_unless_evil() -> None:
    engine = give(game("enter A1 JD", "reveal 5H"), "6C")
    refused(engine, "cast stealing-spirit --with 6C 5H", "hebrac.variant.alignment")
    evil = give(game("enter A1 JD", "reveal 5H", evil=True), "6C")
    last(evil, "cast stealing-spirit --with 6C 5H")


def test_body_switch_in_battle_replaces_the_enemy() -> None:
    engine = give(game("enter A1 10S"), "7C")
    assert last(engine, "cast body-switch --with 7C 2H")[1:] == [
        "10S is replaced by 2H", "A1: 2H = amazon, life 2: 'attack CARD'"]
    assert engine.encounter is not None and engine.encounter.spell_cast


def test_body_switch_on_unexplored_chamber_stays_hidden() -> None:
    engine = give(game(), "7C")
    assert last(engine, "cast body-switch --with 7C 2H B3")[1] == "B3's enemy is now 2H, face down"
    assert engine.chambers["B3"].enemy == Card.parse("2H")


def test_teleport_any_chamber_or_next_level() -> None:
    engine = give(game(), "8C", "9C")
    assert last(engine, "cast teleport --with 8C B2")[1] == "teleported to B2: 'enter B2 CARD' " \
        "turns up its enemy, nothing else first (rule hebrac.ruling.teleport-arrival)"
    last(engine, "enter B2 AS")  # not a corner, allowed by the teleport
    last(engine, "take 3H")
    assert last(engine, "cast tele --with 9C --overpay next-level")[1].startswith(
        "Teleport: level 2")


def test_levitation_is_teleport_and_says_so() -> None:
    engine = give(game(), "8C")
    lines = last(engine, "cast levitation --with 8C next-level")
    assert lines[0] == "Levitation is the 2005 text's name for Teleport (8 points)"
    assert engine.apply  # the recorded action names the spell by its id
    engine2 = give(game(), "8C")
    assert engine2.apply("cast levitation --with 8C C1").action == "cast teleport C1 --with 8C"


def test_revelation_lets_every_enemy_be_seen() -> None:
    engine = give(game(), "9C")
    last(engine, "cast revelation --with 9C")
    for chamber, card in (("A1", "5S"), ("B2", "QS"), ("C4", "KD")):
        last(engine, f"see {chamber} {card}")
    assert engine.status()["chambers"]["B2"]["enemy"] == "QS"
    refused(engine, "see A2 --treasure 5H", "hebrac.spell.god-vision")


def test_hell_bomb_removes_five_enemies() -> None:
    engine = give(game("enter A1 AS", "take 2H", "enter A2 10S"), "9C")
    assert last(engine, "cast hell-bomb --with 9C")[1:] == [
        "Hell Bomb on A2 B2 A1 A3: enemies removed from A2 B2 A3; their treasures are free",
        "take the treasure: 'take CARD'"]
    last(engine, "take 5D")
    last(engine, "enter B2")
    last(engine, "take 6D")
    assert engine.chambers["B2"].cleared


def test_hell_bomb_from_an_explored_chamber_only() -> None:
    refused(give(game(), "9C"), "cast hell-bomb --with 9C", "hebrac.spell.hell-bomb")
    engine = give(game("enter A1 AS", "take 2H"), "9C")
    last(engine, "cast hell-bomb --with 9C")
    assert engine.chambers["B1"].enemy_gone and engine.chambers["A2"].enemy_gone


def test_curse_halves_the_current_enemy_too() -> None:
    engine = give(game("enter A1 9S"), "10C")
    last(engine, "cast curse --with 10C")
    assert last(engine, "attack 5H")[0] == "attack 5 = 5 vs warrior 5 (cursed): battle won"


def test_genie_of_luck_spell_five_cards() -> None:
    engine = give(game(), "6C", "5C")
    lines = last(engine, "cast genie --with 6C --with 5C 2H 3S KH QC 9D")
    assert lines[1:] == ["the Genie of Luck gives 5 cards", "  2H life potion into the inventory",
                         "  3S strength potion into the inventory",
                         "  KH Genie of Life drawn for a genie: lost",
                         "  QC black priestess: she steals 3S, your least valuable (theft rank "
                         "39 of 40)",
                         "  9D gems into the inventory"]
    with pytest.raises(BadInput, match="genie-of-luck CARD x5"):
        give(game(), "10C", "2C").apply("cast genie --with 10C --with 2C 2H")


def test_stone_statue_not_in_battle_up_to_six() -> None:
    engine = give(game("enter A1 9S"), "10C", "5C")
    refused(engine, "cast stone-statue --with 10C --with 5C B2", "hebrac.spell.stone-statue")
    calm = give(game(), "10C", "5C")
    assert last(calm, "cast stone-statue --with 10C --with 5C B2 B3 C4")[1] == \
        "turned to stone: B2 B3 C4; enter to take their treasures"
    with pytest.raises(BadInput):
        give(game(), "10C", "5C").apply(
            "cast stone-statue --with 10C --with 5C A1 A2 A3 A4 B1 B2 B3")


def test_god_vision_shows_enemies_and_treasures() -> None:
    engine = give(game(), "10C", "5C")
    last(engine, "cast god-vision --with 10C --with 5C")
    last(engine, "see A4 JK --treasure AH")
    assert engine.status()["chambers"]["A4"] == {
        "enemy": "JK", "treasure": "AH", "visited": False, "enemy_gone": False,
        "treasure_gone": False}


def test_spells_can_be_listed_with_timing() -> None:
    engine = give(game("enter A1 9S"), "4C")
    ok, why = engine.can_cast(rules.find_spell("illusion"))
    assert not ok and why == "Illusion works only while trading (rule hebrac.spell.illusion)"
    assert engine.can_cast(rules.find_spell("paralysis"))[0]


def test_every_spell_has_a_timing_test_here() -> None:
    text = Path(__file__).read_text()
    for spell_id in COSTS:
        assert spell_id in text.replace("cast genie ", "cast genie-of-luck ")


def test_every_spell_subset_costs_brute_force_small_case() -> None:
    potions = [Card(r, "C") for r in (2, 3, 5, 7)]
    for cost in range(1, 18):
        best = None
        for size in range(5):
            for combo in itertools.combinations(potions, size):
                total = sum(c.rank for c in combo)
                if total >= cost and (best is None or (total, size) < best):
                    best = (total, size)
        chosen = rules.cheapest_payment(potions, cost, False)
        got = None if chosen is None else (sum(c.rank for c in chosen), len(chosen))
        assert got == best


def test_refused_spell_changes_nothing() -> None:
    engine = give(game("enter A1 9S"), "4C")
    before = engine.status()
    with pytest.raises(RuleRefused):
        engine.apply("cast stone-statue --with 4C B2")
    assert engine.status() == before
