"""Hebrac's Dungeon: one test per ruling of the rulebook, plus the seeds' examples."""

from __future__ import annotations

from typing import Any

import pytest

from companion.cards import Card
from companion.errors import BadInput, NotationError
from companion.hebrac import ledger, rules
from companion.hebrac.engine import HebracGame, new_engine
from tests.deckmodel import logged
from tests.plays import lines as last  # its tests keep "lines" for what it returns
from tests.plays import played, refused


def game(*actions: str, **settings: Any) -> HebracGame:
    return played(new_engine(settings), *actions)


def give(engine: HebracGame, *cards: str) -> HebracGame:
    """Put cards straight into the inventory, as picked from the Hand Deck (set-up for a
    ruling test)."""
    picked = [Card.parse(c) for c in cards]
    ledger.see(engine, picked, source="pick")
    engine.inventory.extend(picked)
    return engine


# -- attack values and rounds -------------------------------------------------------
@pytest.mark.parametrize(("card", "value"), [("AS", 1), ("2H", 2), ("10D", 10), ("JC", 10),
                                             ("QH", 10), ("KS", 10), ("JK", 10)])
def test_attack_values(card: str, value: int) -> None:
    assert rules.attack_value(Card.parse(card)) == value


def test_seed_example_demon_6_attack_4_loses_2() -> None:
    engine = game("enter A1 6D")
    assert last(engine, "attack 4H") == ["attack 4 = 4 vs demon 6: lose 2 life, 15 -> 13"]
    assert engine.life == 13


def test_round_total_with_bracelet_prisoners_and_potion() -> None:
    engine = give(game("enter A1 10S"), "AS", "JH", "JD", "4S")
    lines = last(engine, "attack 2C --potion 4S --prisoner JH --prisoner JD")
    assert lines[1] == "attack 2 + 3 bracelet + 6 prisoners + 4 potion = 15 vs warrior 10: " \
        "battle won"
    assert engine.inventory == [Card.parse("AS")]  # potion drunk, prisoners left


def test_bracelet_example_from_the_guide() -> None:
    engine = give(game("enter A1 9D"), "AS")
    assert last(engine, "attack 4H") == ["attack 4 + 3 bracelet = 7 vs demon 9: lose 2 life, "
                                         "15 -> 13"]


def test_tie_wins_the_battle() -> None:
    engine = game("enter A1 7H")
    assert last(engine, "attack 7C")[0] == "attack 7 = 7 vs amazon 7: battle won"
    assert engine.encounter is not None and engine.encounter.stage == "treasure"


def test_battle_goes_on_until_win_or_death() -> None:
    engine = game("enter A1 10S", life=5)
    last(engine, "attack 6H")
    assert engine.life == 1 and engine.encounter is not None
    assert last(engine, "attack AH") == ["attack 1 = 1 vs warrior 10: lose 9 life, 1 -> -8",
                                         "you die in the dungeon"]
    assert engine.outcome == "dead"
    refused(engine, "use 5H", "hebrac.game.end")


def test_prisoners_stay_for_the_whole_battle_then_leave() -> None:
    engine = give(game("enter A1 10S"), "JH")
    last(engine, "attack 2C --prisoner JH")
    assert engine.encounter is not None and engine.encounter.prisoners == [Card.parse("JH")]
    assert "prisoner" in last(engine, "attack 5C")[0]  # 5 + 3 = 8 < 10, still helping
    lines = last(engine, "attack 7C")
    assert lines[0] == "attack 7 + 3 prisoner = 10 vs warrior 10: battle won"
    assert lines[1] == "JH leaves you"


def test_strength_potion_must_be_a_held_spade() -> None:
    engine = give(game("enter A1 10S"), "4C", "4S")
    refused(engine, "attack 2H --potion 4C", "hebrac.treasure.potions")
    refused(engine, "attack 2H --potion 5S", "hebrac.treasure.inventory")


def test_only_double_attack_takes_two_cards() -> None:
    engine = game("enter A1 10S")
    with pytest.raises(BadInput, match="usage: attack CARD"):
        engine.apply("attack 2H 3H")


# -- enemies -------------------------------------------------------------------------
def test_enemy_life_face_value_and_adventurer_10() -> None:
    assert rules.enemy_life(Card.parse("7C")) == 7
    assert rules.enemy_life(Card.parse("JS")) == 10


@pytest.mark.parametrize(("life", "cursed"), [(7, 4), (10, 5), (2, 1), (9, 5)])
def test_curse_halves_rounding_up(life: int, cursed: int) -> None:
    assert rules.cursed_life(life) == cursed


def test_seed_example_curse_magician_7_has_4() -> None:
    engine = give(game("enter A1 2H"), "10C")
    last(engine, "attack 5H")
    last(engine, "take 3D")
    last(engine, "cast curse --with 10C")
    assert last(engine, "enter A2 7C")[0] == "A2: 7C = magician, life 4: 'attack CARD'"
    assert last(engine, "attack 4D")[0] == "attack 4 = 4 vs magician 4 (cursed): battle won"


@pytest.mark.parametrize(("enemy", "kind"), [("2S", "warrior"), ("5H", "amazon"),
                                             ("9C", "magician"), ("10D", "demon")])
def test_pip_enemies_battle(enemy: str, kind: str) -> None:
    engine = game(f"enter A1 {enemy}")
    assert engine.encounter is not None and engine.encounter.stage == "battle"
    assert rules.enemy_kind(Card.parse(enemy)) == kind


def test_ace_enemy_is_an_empty_chamber() -> None:
    engine = game()
    assert last(engine, "enter A1 AC") == ["A1: AC = empty chamber; take the treasure"]
    assert last(engine, "take 5H") == ["treasure of A1: 5H", "5H life potion into the inventory"]
    assert engine.chambers["A1"].cleared


def test_black_queen_enemy_steals_most_valuable_at_once() -> None:
    engine = give(game(), "2S", "AD", "9H", "JH")
    lines = last(engine, "enter A1 QS")
    assert lines[1] == "she steals AD, your most valuable (theft rank 1 of 40)"
    assert Card.parse("AD") not in engine.inventory
    refused(engine, "attack 5H", "hebrac.battle.rounds")
    last(engine, "take 4D")
    assert engine.chambers["A1"].cleared


def test_black_queen_finds_nothing_and_never_takes_prisoners() -> None:
    engine = give(game(), "JH", "JS")
    assert last(engine, "enter A1 QC")[1] == "she finds nothing to steal"
    assert engine.inventory == [Card.parse("JH"), Card.parse("JS")]


def test_black_queen_treasure_steals_least_valuable() -> None:
    engine = give(game("enter A1 AC"), "AD", "2S", "4S", "3D")
    assert last(engine, "take QC")[1] == "QC black priestess: she steals 2S, your least " \
        "valuable (theft rank 40 of 40)"


def test_losing_the_ruby_lowers_max_life_and_caps_life() -> None:
    engine = give(game(), "AH")
    assert engine.max_life == 20
    engine.life = 18
    lines = last(engine, "enter A1 QS")
    assert lines[1] == "she steals AH, your most valuable (theft rank 2 of 40); max life " \
        "20 -> 15, life 18 -> 15"
    assert (engine.life, engine.max_life) == (15, 15)


def test_anti_magic_stops_priestess_theft() -> None:
    engine = give(game("enter A1 AC", "take 10C", "cast anti-magic --with 10C"), "AD")
    assert last(engine, "enter A2 QS")[1] == "Anti-Magic holds: she steals nothing"


def test_anti_magic_stops_magician_damage_only() -> None:
    engine = game("enter A1 AC", "take 10C", "cast anti-magic --with 10C --overpay",
                  "enter A2 9C")
    assert last(engine, "attack 2H")[0] == "attack 2 = 2 vs magician 9: no damage (Anti-Magic: " \
        "magicians cannot hurt you)"
    assert engine.life == 15


def test_white_priestess_heals_or_gives_treasure() -> None:
    engine = game("enter A1 5S", "attack 2H", "attack 9H")
    assert engine.life == 12
    last(engine, "take 2C")
    assert last(engine, "enter A2 QH")[0].endswith("'heal' (life to max, treasure lost) or "
                                                   "'take CARD'")
    assert last(engine, "heal") == ["the priestess heals you: 12 -> 15; she leaves with the "
                                    "treasure"]
    assert engine.chambers["A2"].cleared and engine.inventory == [Card.parse("2C")]


def test_white_priestess_refuses_spells() -> None:
    engine = give(game("enter A1 QD"), "5C")
    refused(engine, "cast healing --with 5C", "hebrac.enemy.red-queen")


def test_red_queen_treasure_heals_at_once() -> None:
    engine = game("enter A1 5S", "attack 2H", "attack 9H")
    assert last(engine, "take QD")[1] == "QD white priestess heals you: 12 -> 15"
    assert engine.inventory == []


def test_hebrac_enemy_red_card_wins_the_treasure() -> None:
    engine = game("enter A1 JK")
    assert last(engine, "play 3D") == ["3D is red: Hebrac yields; take the treasure"]
    last(engine, "take 9S")
    assert engine.inventory == [Card.parse("9S")]


def test_hebrac_enemy_black_card_costs_5_life_and_the_treasure() -> None:
    engine = game("enter A1 JK")
    assert last(engine, "play 3C") == ["3C is black: lose 5 life, 15 -> 10; Hebrac leaves "
                                       "with the treasure"]
    assert engine.chambers["A1"].cleared and engine.encounter is None


def test_hebrac_can_be_refused() -> None:
    engine = game("enter A1 JK")
    assert last(engine, "refuse") == ["A1: the treasure is lost; chamber cleared"]


def test_joker_treasure_red_gives_any_hand_deck_card() -> None:
    engine = game("enter A1 AS")
    assert "Hebrac's game" in last(engine, "take JK")[1]
    refused(engine, "enter A2 5S", "hebrac.enemy.joker")
    last(engine, "play 7H")
    assert last(engine, "take AC") == ["Hebrac's prize: AC", "AC Scepter of Leynos into the "
                                       "inventory", "aces held: 1 of 4"]


def test_joker_treasure_black_costs_5() -> None:
    engine = game("enter A1 AS", "take JK")
    assert last(engine, "play 2S") == ["2S is black: lose 5 life, 15 -> 10"]


# -- adventurers and trades ------------------------------------------------------------
@pytest.mark.parametrize(("want", "offer"), [("5H", ["5C"]), ("6S", ["2H", "4C"]),
                                             ("6C", ["8S"]), ("7H", ["3H", "6D"])])
def test_seed_trade_examples_hold(want: str, offer: list[str]) -> None:
    verdict = rules.check_trade(Card.parse(want), [Card.parse(c) for c in offer])
    assert verdict.legal, verdict.reasons
    engine = give(game("enter A1 JD"), *offer)
    last(engine, f"reveal {want}")
    last(engine, "offer " + " ".join(offer))
    assert engine.inventory == [Card.parse(want)]


@pytest.mark.parametrize(("card", "value"), [("JH", 8), ("QH", 9), ("QD", 9), ("KC", 10),
                                             ("JK", 2), ("7D", 7), ("AS", None), ("QS", None)])
def test_trade_values(card: str, value: int | None) -> None:
    assert rules.trade_value(Card.parse(card)) == value


def test_trade_offer_too_small_is_refused() -> None:
    engine = give(game("enter A1 JD", "reveal 9H"), "5C", "3S")
    assert refused(engine, "offer 5C 3S", "hebrac.trade.rules") == \
        "offer 5 (5C) + 3 (3S) = 8 < 9H worth 9: not enough (rule hebrac.trade.rules)"


def test_offered_ace_counts_12_and_jack_8() -> None:
    assert rules.offer_value(Card.parse("AS")) == 12
    assert rules.offer_value(Card.parse("JH")) == 8
    assert rules.check_trade(Card.parse("KD"), [Card.parse("AS")]).legal
    assert not rules.check_trade(Card.parse("KD"), [Card.parse("AS")], ace_value=1).legal


def test_ace_and_black_queen_cannot_be_traded_for() -> None:
    engine = give(game("enter A1 JD"), "10D")
    assert last(engine, "reveal AS") == ["AS cannot be traded for: an ace is kept by its "
                                         "owner: 'refuse'"]
    refused(engine, "offer 10D", "hebrac.trade.rules")
    last(engine, "refuse")
    assert engine.chambers["A1"].cleared


def test_revealed_adventurer_cannot_be_attacked_unless_evil() -> None:
    engine = game("enter A1 JD", "reveal 4H")
    refused(engine, "attack 10H", "hebrac.variant.alignment")
    evil = game("enter A1 JD", "reveal 4H", evil=True)
    assert last(evil, "attack 10H")[0] == "attack 10 = 10 vs adventurer 10: battle won"


def test_refusing_a_trade_loses_the_treasure() -> None:
    engine = game("enter A1 JD", "reveal 4H")
    last(engine, "refuse")
    assert engine.chambers["A1"].cleared and engine.inventory == []


def test_bag_of_meres_trades_for_nothing() -> None:
    engine = give(game("enter A1 JD", "reveal 9H"), "AD")
    assert last(engine, "offer")[0] == "9H worth 9: the Bag of Meres pays, no offer needed"


def test_traded_king_acts_at_once() -> None:
    engine = give(game("enter A1 JD", "reveal KH"), "10C")
    lines = last(engine, "offer 10C")
    assert lines[-1] == "KH Genie of Life: max life +2 for good, now 17"
    assert engine.inventory == []


# -- merchants -------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "cost"), [("AS", 12), ("7H", 7), ("7S", 7), ("7C", 14),
                                            ("JD", 8), ("QH", 9), ("KS", 10), ("JK", 2),
                                            ("7D", None), ("QS", None)])
def test_prices(card: str, cost: int | None) -> None:
    assert rules.price(Card.parse(card)) == cost


def test_buying_with_gems_gives_no_change() -> None:
    engine = give(game("enter A1 KS"), "9D", "6D", "2D")
    assert last(engine, "reveal 6C") == ["he sells 6C for 12: you hold 17 in gems; 'buy "
                                         "CARD...' or 'refuse'"]
    refused(engine, "buy 9D", "hebrac.enemy.king")
    assert last(engine, "buy 9D 6D")[0] == "gems 9 + 6 = 15 >= price 12: bought, no change for 3"
    assert engine.inventory == [Card.parse("2D"), Card.parse("6C")]


def test_only_gems_pay() -> None:
    engine = give(game("enter A1 KS", "reveal 6C"), "9H", "6H")
    assert refused(engine, "buy 9H 6H").startswith("9H is not a gem")


def test_no_sale_for_gems_or_black_queen() -> None:
    engine = give(game("enter A1 KS"), "10D")
    assert last(engine, "reveal 8D") == [
        "8D is gems: the merchant already sold his treasure; both cards go under, A1 cleared",
        "no Stealing Spirit: it costs 6, you have 0 magic points "
        "(rule hebrac.ruling.merchant-no-sale)"]
    assert engine.chambers["A1"].cleared and engine.encounter is None
    refused(engine, "buy 10D", "hebrac.enemy.king")
    engine = game("enter A1 KD")
    assert last(engine, "reveal QC")[0] == "QC is a black priestess: nobody buys one; both " \
        "cards go under, A1 cleared"
    assert logged(engine, "under") == [Card.parse("KD"), Card.parse("QC")]


def test_refuse_after_a_sold_out_merchant_is_still_read() -> None:
    """Games saved when 'refuse' had to be typed after such a merchant still replay."""
    engine = game("enter A1 KS", "reveal 8D")
    assert last(engine, "refuse") == ["A1 is cleared already: the merchant had nothing to sell "
                                      "(rule hebrac.ruling.refuse-after-no-sale)"]
    refused(engine, "refuse", "hebrac.map.no-fleeing")


def test_bag_of_meres_buys_for_nothing() -> None:
    engine = give(game("enter A1 KS", "reveal AH"), "AD")
    assert last(engine, "buy")[0] == "AH costs 12: the Bag of Meres pays"
    assert engine.max_life == 20


# -- treasures ---------------------------------------------------------------------------
def test_aces_and_fakes() -> None:
    engine = give(game("enter A1 AC"), "AS")
    assert last(engine, "take AS") == ["treasure of A1: AS", "AS is a fake Bracelet of Armok "
                                       "(you hold one): discarded"]
    assert engine.inventory == [Card.parse("AS")]


def test_scepter_doubles_magic_points() -> None:
    engine = give(game(), "5C", "3C")
    assert engine.magic_points == 8
    give(engine, "AC")
    assert engine.magic_points == 16


def test_four_different_aces_win() -> None:
    engine = give(game("enter A1 AC"), "AS", "AD", "AH")
    assert last(engine, "take AC")[-1] == "aces held: 4 of 4: you win!"
    assert engine.outcome == "won"
    refused(engine, "enter A2 5S", "hebrac.game.end")


def test_life_potion_any_time_never_above_max() -> None:
    engine = give(game("enter A1 10S", "attack 2H"), "6H")
    assert engine.life == 7
    assert last(engine, "use 6H") == ["life potion 6H: 7 + 6 -> 13"]
    give(engine, "9H")
    assert last(engine, "use 9H") == ["life potion 9H: 13 + 9 -> 15 (max 15)"]


def test_seed_example_life_potion_5_plus_6() -> None:
    engine = give(game(life=15), "6H")
    engine.life = 5
    assert last(engine, "use 6H") == ["life potion 6H: 5 + 6 -> 11"]


def test_genie_of_life_survives_losing_the_ruby() -> None:
    engine = give(game("enter A1 AS"), "AH")
    last(engine, "take KH")
    assert engine.max_life == 22
    last(engine, "drop AH")
    assert engine.max_life == 17


def test_genie_of_luck_three_cards_with_special_cases() -> None:
    engine = game("enter A1 AS")
    lines = last(engine, "take KD 5C QH KS")
    assert lines == ["treasure of A1: KD",
                     "KD Genie of Luck: 3 Hand Deck cards, acting in the order typed",
                     "  5C magic potion into the inventory",
                     "  QH white priestess heals you: 15 -> 15",
                     "  KS Genie of Death drawn for a genie: lost"]
    assert engine.inventory == [Card.parse("5C")]
    with pytest.raises(BadInput, match="take KD CARD CARD CARD"):
        game("enter A1 AS").apply("take KD 5C")


def test_genie_of_luck_joker_offers_hebrac_game() -> None:
    engine = game("enter A1 AS", "take KD 5C 4H JK")
    assert engine.pending == "hebrac-game"


def test_genie_of_death_removes_three_unvisited_enemies() -> None:
    engine = game("enter A1 AS")
    assert last(engine, "take KS C4 B3 c1")[1] == "KS Genie of Death: enemies of C4 B3 C1 " \
        "removed; their treasures wait until you enter"
    assert engine.chambers["C4"].enemy_gone and not engine.chambers["C4"].treasure_gone
    refused(engine, "enter B2 5S", "hebrac.map.moving")
    last(engine, "enter A2 AD")
    assert engine.apply("take 2H").action == "take 2H"


def test_genie_of_destiny_gives_god_vision() -> None:
    engine = game("enter A1 AS", "take KC")
    assert "god-vision" in engine.effects
    assert last(engine, "see C4 5S --treasure AH") == ["C4: the enemy is 5S (warrior)",
                                                       "C4: the treasure is AH"]


def test_inventory_limit_needs_a_drop_first() -> None:
    engine = give(game("enter A1 AS", inventory_limit=2), "2C", "3C")
    refused(engine, "take 5H", "hebrac.variant.inventory-limit")
    last(engine, "drop 2C")
    last(engine, "take 5H")
    assert len(engine.inventory) == 2


# -- the map and levels --------------------------------------------------------------------
def test_first_chamber_is_a_corner() -> None:
    engine = game()
    assert refused(engine, "enter B2 5S", "hebrac.map.first-chamber").startswith(
        "the first chamber of a level is a corner: A1, A4, C1, C4")


def test_next_chamber_is_adjacent_to_a_visited_one() -> None:
    engine = game("enter A1 AS", "take 2H", "enter A2 AS", "take 3H")
    refused(engine, "enter C3 5S", "hebrac.map.moving")
    last(engine, "enter B1 AS")  # next to A1, not to the current A2


def test_no_fleeing_an_unresolved_encounter() -> None:
    engine = game("enter A1 5S")
    refused(engine, "enter A2 5H", "hebrac.map.no-fleeing")


def test_next_level_2005_after_half_classic_after_all() -> None:
    actions = []
    for chamber in ("A1", "A2", "A3", "A4", "B4", "B3"):
        actions += [f"enter {chamber} AS", "take 2H", "drop 2H"]
    engine = game(*actions[:-3])
    refused(engine, "next-level", "hebrac.map.next-level")
    engine = game(*actions)
    assert last(engine, "next-level") == ["6 of 12 chambers cleared: level 2, deal 24 new cards"]
    classic = game(*actions, rules="classic")
    assert refused(classic, "next-level").startswith("6 of 12 chambers cleared: the next level "
                                                     "needs all chambers")


def test_level_effects_end_with_the_level() -> None:
    engine = give(game(), "10C", "5C", "9C")
    last(engine, "cast curse --with 10C")
    last(engine, "cast teleport --with 9C next-level --overpay")
    assert engine.effects == set() and engine.level == 2


def test_card_count_catches_a_fourth_queen_of_spades() -> None:
    engine = game("enter A1 AS", "take QS", "enter A2 QS", "take 2H")
    last(engine, "drop 2H")
    engine = give(game(), "10D", "10D")
    assert refused(engine, "enter A1 10D", "hebrac.setup.decks") == \
        "10D would be out 3 times but the 2 decks hold 2: a typo? (rule hebrac.setup.decks)"
    joker_game = give(game(jokers=0), "2C")
    refused(joker_game, "enter A1 JK", "hebrac.setup.decks")


def test_chamber_notation_errors_quote_the_token() -> None:
    with pytest.raises(NotationError, match="'Z9' is not a chamber: expected a row letter"):
        game().apply("enter Z9 5S")
    with pytest.raises(NotationError, match="columns run 1 to 4"):
        game().apply("enter A5 5S")


def test_more_chambers_add_columns() -> None:
    engine = game(chambers=15)
    assert len(engine.chambers) == 15 and "A5" in engine.chambers
    last(engine, "enter A5 AS")


def test_settings_are_validated() -> None:
    with pytest.raises(BadInput, match="--chambers must be a whole number from 12 to 30"):
        new_engine({"chambers": 9})
    with pytest.raises(BadInput, match="multiple of 3"):
        new_engine({"chambers": 13})
    with pytest.raises(BadInput, match="--rules must be 2005 or classic"):
        new_engine({"rules": "1999"})


def test_late_potion_variant_turns_a_lost_round() -> None:
    engine = give(game("enter A1 9S", late_potions=True), "4S")
    last(engine, "attack 6H")
    assert engine.life == 12
    assert last(engine, "potion 4S")[0] == "late potion: 6 + 4 = 10 vs 9: battle won, life 15"
    strict = give(game("enter A1 9S"), "4S")
    last(strict, "attack 6H")
    refused(strict, "potion 4S", "hebrac.variant.late-potions")


def test_canonical_actions_are_recorded() -> None:
    engine = give(game(), "5C")
    assert engine.apply("enter a1 'queen of hearts'").action == "enter A1 QH"
    assert engine.apply("take th").action == "take 10H"
