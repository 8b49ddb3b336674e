"""Rulings an independent referee disputed, each reproduced, then the ruling applied."""

from __future__ import annotations

from typing import Any

import pytest

from companion.cards import Card
from companion.elbereth.engine import ElberethGame
from companion.elbereth.engine import new_engine as new_elbereth
from companion.errors import BadInput
from companion.hebrac.engine import HebracGame
from companion.hebrac.engine import new_engine as new_hebrac
from companion.tricky.engine import TrickyGame, normalize_settings
from companion.tricky.engine import new_engine as new_tricky
from tests.conftest import CLI
from tests.deckmodel import logged
from tests.plays import lines, played, refused

NAMES = ["Ann", "Bo", "Cy", "Di"]


def hebrac(*actions: str, **settings: Any) -> HebracGame:
    return played(new_hebrac(settings), *actions)


def tricky(players: int, *actions: str, **settings: Any) -> TrickyGame:
    return played(new_tricky({"players": NAMES[:players], **settings}), *actions)


def elbereth(*actions: str, **settings: Any) -> ElberethGame:
    return played(new_elbereth({"equip": ["sword", "armour"], **settings}), *actions)


# -- 1. a genie bought from a merchant or traded from an adventurer ----------------------
def test_a_genie_of_death_is_bought_and_acts_next() -> None:
    engine = hebrac("enter A1 AS", "take AD", "enter A2 KS", "reveal KS")
    assert lines(engine, "buy") == [
        "KS costs 10: the Bag of Meres pays",
        "KS Genie of Death acts at once: 'take KS CHAMBER CHAMBER CHAMBER' (unvisited: "
        "A3 A4 B1 B2 B3 B4 C1 C2 C3 C4)"]
    assert engine.chambers["A2"].cleared and engine.encounter is None
    assert engine.status()["next"] == "'take KS CHAMBER CHAMBER CHAMBER', the genie's work"
    refused(engine, "enter A3 5S", "hebrac.ruling.genie-bought")
    refused(engine, "refuse", "hebrac.ruling.genie-bought")
    refused(engine, "take KD 2H 3H 4H", "hebrac.ruling.genie-bought")
    assert lines(engine, "take KS A3 B1 C4") == [
        "KS Genie of Death: enemies of A3 B1 C4 removed; their treasures wait until you "
        "enter"]
    assert engine.pending is None
    assert all(engine.chambers[n].enemy_gone for n in ("A3", "B1", "C4"))
    assert lines(engine, "enter A3") == ["A3: no guard left; take the treasure ('take CARD')"]


def test_a_genie_of_luck_is_traded_for_and_gives_three_cards() -> None:
    engine = hebrac("enter A1 AS", "take 10D", "enter A2 JH", "reveal KD")
    assert lines(engine, "offer 10D") == [
        "offer 10 (10D) = 10 >= KD worth 10: trade accepted",
        "KD Genie of Luck acts at once: 'take KD CARD CARD CARD' (the Hand Deck's top "
        "cards)"]
    assert engine.chambers["A2"].cleared and engine.inventory == []
    assert lines(engine, "take KD 2H 3S 4C") == [
        "KD Genie of Luck: 3 Hand Deck cards, acting in the order typed",
        "  2H life potion into the inventory", "  3S strength potion into the inventory",
        "  4C magic potion into the inventory"]
    assert [str(c) for c in engine.inventory] == ["2H", "3S", "4C"]


def test_a_genie_needing_nothing_acts_on_the_same_line() -> None:
    engine = hebrac("enter A1 AS", "take 10D", "enter A2 KH", "reveal KH")
    assert lines(engine, "buy 10D") == ["gems 10 = 10 >= price 10: bought",
                                        "KH Genie of Life: max life +2 for good, now 17"]
    assert engine.pending is None


def test_a_genie_stolen_by_stealing_spirit_acts_next() -> None:
    engine = hebrac("enter A1 AS", "take 6C", "enter A2 JS")
    assert lines(engine, "cast stealing-spirit KS --with 6C")[-1].startswith(
        "KS Genie of Death acts at once: 'take KS CHAMBER CHAMBER CHAMBER'")
    lines(engine, "take KS A3 A4 B1")


# -- 2. a Genie of Luck turning up two jokers offers two of Hebrac's games ------------------
def test_two_jokers_from_a_genie_are_two_games_in_turn() -> None:
    engine = hebrac("enter A1 AS", "take KD JK JK 3C")
    assert lines(engine, "refuse") == [
        "you decline Hebrac's game; he leaves",
        "the next joker: Hebrac's game again, 'play CARD' or 'refuse'"]
    assert engine.pending == "hebrac-game"
    assert lines(engine, "play 5H") == ["5H is red: pick any Hand Deck card, 'take CARD'"]
    assert lines(engine, "take 9H") == ["Hebrac's prize: 9H", "9H life potion into the inventory"]
    assert engine.pending is None
    refused(engine, "refuse", "hebrac.map.no-fleeing")


def test_a_prize_taken_between_two_games_comes_first() -> None:
    engine = hebrac("enter A1 AS", "take KD JK JK 3C", "play 2D")
    assert lines(engine, "take 9H") == [
        "Hebrac's prize: 9H", "9H life potion into the inventory",
        "the next joker: Hebrac's game again, 'play CARD' or 'refuse'"]
    assert lines(engine, "play 4S") == ["4S is black: lose 5 life, 15 -> 10"]
    assert engine.pending is None


# -- 3. a late potion after a round lost under Paralysis ------------------------------------
def test_a_late_potion_completes_a_round_lost_under_paralysis() -> None:
    engine = hebrac("enter A1 AS", "take 7C", "enter A2 AS", "take 8S", "enter A3 9D",
                    "cast paralysis --with 7C", "attack 2H", late_potions=True)
    assert lines(engine, "potion 8S") == [
        "late potion: 2 + 8 = 10 vs 9: battle won, life 15", "take the treasure: 'take CARD'"]


def test_a_late_potion_still_needs_a_lost_round() -> None:
    engine = hebrac("enter A1 AS", "take 8S", "enter A2 2D", "attack 5H", late_potions=True)
    refused(engine, "potion 8S", "hebrac.variant.late-potions")


# -- 4. the Trickster's four face-up cards come from the leftover pile ----------------------
def test_trickster_four_players_leaves_nothing_to_exchange() -> None:
    engine = tricky(4, "round trickster", set="B")
    assert refused(engine, "exchange --count 1", "tricky.ruling.trickster-face-up") == (
        "Ann cannot exchange 1 card: the leftover pile has 4, less the Trickster's 4 face "
        "up = 0 (rule tricky.ruling.trickster-face-up)")
    assert engine.apply("exchange --count 0").action == "exchange --player Ann --count 0"


def test_trickster_three_players_one_card_left() -> None:
    engine = tricky(3, "round trickster", set="B")
    refused(engine, "exchange --count 2", "tricky.ruling.trickster-face-up")
    refused(tricky(3, set="B"), "round trickster --exchange 2", "tricky.ruling.trickster-face-up")
    assert lines(engine, "exchange --count 1") == ["Ann exchanges 1 card"]


def test_trickster_two_players_share_what_remains() -> None:
    engine = tricky(2, "round trickster", "exchange R0 R3 R4 R7 G0 G3 G4", set="B")
    assert refused(engine, "exchange B0 B3 B4 B7", "tricky.ruling.trickster-face-up") == (
        "Bo cannot exchange 4 cards: the leftover pile has 14, less the Trickster's 4 face "
        "up, less 7 exchanged = 3 (rule tricky.ruling.trickster-face-up)")
    assert lines(engine, "exchange B0 B3 B4") == ["Bo exchanges 3 cards, putting aside B0 B3 B4"]


def test_other_heroes_keep_the_whole_leftover_pile() -> None:
    assert lines(tricky(4, "round thief"), "exchange --count 4") == ["Ann exchanges 4 cards"]


# -- 5. Elbereth: two shops a floor; a face-down coin is not owned ---------------------------
def test_a_floor_may_hold_both_shops_but_not_three() -> None:
    engine = elbereth("found shop")
    assert lines(engine, "found shop") == [
        "a second shop: 'shop ITEM' buys any one equipment with the coin"]
    assert refused(engine, "found shop", "elbereth.setup.deck") == (
        "the deck has 2 shop cards: 2 on this floor already (rule elbereth.setup.deck)")


def test_the_merchant_never_takes_a_coin_not_picked_up() -> None:
    engine = elbereth(bosses=True, bribe_from="any")
    assert refused(engine, "bribe merchant coin", "elbereth.ruling.bribe") == (
        "the merchant wants the coin and yours is face down: a face-down coin is spent or "
        "never picked up, so not yours to give (rule elbereth.ruling.bribe)")
    engine.apply("pickup coin")
    assert engine.apply("bribe merchant coin").action == "bribe merchant coin"


# -- 6. loose checks --------------------------------------------------------------------------
def test_two_player_exchange_names_its_cards() -> None:
    engine = tricky(2, "round thief")
    assert refused(engine, "exchange --count 2", "tricky.two-player") == (
        "with two players the exchange is open: name the 2 cards put aside, 'exchange CARD "
        "CARD' (rule tricky.two-player)")
    refused(tricky(2), "round thief --exchange 2", "tricky.two-player")
    assert engine.apply("exchange --count 0").action == "exchange --player Ann --count 0"
    assert engine.apply("exchange --count 0").action == "exchange --player Bo --count 0"


@pytest.mark.parametrize(("players", "rounds", "low"), [(2, 3, 4), (3, 1, 2), (4, 0, 2)])
def test_rounds_per_player_is_never_fewer_than_the_rules(players: int, rounds: int,
                                                          low: int) -> None:
    with pytest.raises(BadInput) as error:
        normalize_settings({"players": NAMES[:players], "rounds_per_player": rounds})
    assert str(error.value) == (f"--rounds-per-player must be a whole number from {low} to 10 "
                                f"with {players} players (a longer game adds rounds)")


def test_a_race_is_saved_with_no_rounds_per_player() -> None:
    settings = normalize_settings({"players": NAMES[:2], "race": 15})
    assert settings["rounds_per_player"] == 0
    assert normalize_settings(settings) == settings


# -- rulings written down -----------------------------------------------------------------------
def test_battle_spells_wait_for_the_first_attack_on_an_adventurer() -> None:
    engine = hebrac("enter A1 AS", "take 6C", "enter A2 JH")
    assert refused(engine, "cast paralysis --with 6C --overpay",
                   "hebrac.ruling.adventurer-battle-spells") == (
        "Paralysis is for battle only: the battle with an adventurer starts with the first "
        "'attack' (rule hebrac.ruling.adventurer-battle-spells)")
    engine.apply("attack 3H")
    assert lines(engine, "cast paralysis --with 6C --overpay")[0].startswith("Paralysis costs 4")


def test_genie_of_luck_cards_act_in_order_and_all_count() -> None:
    engine = hebrac("enter A1 AS", "take AH", "enter A2 AS", "take AC", "enter A3 AS",
                    "take AD", "enter A4 AS")
    out = lines(engine, "take KD 2S QS AS")
    assert out[2:] == ["  2S strength potion into the inventory",
                       "  QS black priestess: she steals 2S, your least valuable (theft rank "
                       "40 of 40)",
                       "  AS Bracelet of Armok into the inventory",
                       "  aces held: 4 of 4: you win!"]
    assert engine.outcome == "won"


def test_the_bag_covers_a_partial_offer() -> None:
    engine = hebrac("enter A1 AS", "take AD", "enter A2 AS", "take 2S", "enter A3 JH",
                    "reveal 5C")
    assert lines(engine, "offer 2S") == [
        "offer 2 (2S) = 2, + 3 from the Bag of Meres = 5 >= 5C worth 5: trade accepted",
        "5C magic potion into the inventory"]
    assert Card.parse("2S") not in engine.inventory


def test_the_bag_partial_offer_refused_as_a_setting() -> None:
    engine = hebrac("enter A1 AS", "take AD", "enter A2 AS", "take 2S", "enter A3 JH",
                    "reveal 5C", bag_partial="refused")
    assert refused(engine, "offer 2S", "hebrac.ruling.bag-partial") == (
        "offer 2 (2S) = 2 < 5C worth 5: the Bag of Meres pays only for a bare 'offer' "
        "(--bag-partial refused) (rule hebrac.ruling.bag-partial)")
    engine.apply("offer")


def test_the_bag_covers_a_partial_payment_too() -> None:
    engine = hebrac("enter A1 AS", "take AD", "enter A2 AS", "take 2D", "enter A3 KC",
                    "reveal 9H")
    assert lines(engine, "buy 2D") == [
        "gems 2 = 2, + 7 from the Bag of Meres = 9 >= price 9: bought",
        "9H life potion into the inventory"]


def test_refusing_a_merchant_before_his_ware_is_turned_up() -> None:
    engine = hebrac("enter A1 KH")
    assert lines(engine, "refuse") == [
        "A1: the merchant leaves, his ware unseen under the Hand Deck; chamber cleared"]
    assert engine.chambers["A1"].cleared


def test_guild_refusal_names_its_ruling() -> None:
    engine = tricky(2, "round thief", "result --tricks 1", "round thief", "result --tricks 1",
                    guild=True)
    refused(engine, "round thief", "tricky.ruling.guild")


# -- found by the model-based referee -------------------------------------------------------
def test_stone_statue_on_the_merchant_you_face_frees_his_ware() -> None:
    engine = hebrac("enter A1 AS", "take 10C", "enter A2 AS", "take 7C", "enter A3 KD",
                    "reveal KD")
    assert lines(engine, "cast stone-statue A3 --with 10C --with 7C --overpay")[1:] == [
        "turned to stone: A3; enter to take their treasures",
        "the enemy you face is stone: take the treasure ('take CARD')"]
    refused(engine, "buy", "hebrac.enemy.king")
    assert lines(engine, "take KD 2H 3H 4H")[0] == "treasure of A3: KD"
    assert logged(engine, "under").count(Card.parse("KD")) == 2  # the merchant and the genie


def test_a_treasure_stolen_before_is_not_taken_twice() -> None:
    engine = hebrac("enter A1 AS", "take 10C", "enter A2 AS", "take 9C", "enter A3 10S",
                    "attack 7C", "cast stealing-spirit 5S --with 9C --overpay",
                    "cast body-switch AS A3 --with 10C --overpay")
    assert lines(engine, "enter A3 AS") == ["A3: AS = empty chamber; no treasure left: A3 "
                                            "cleared"]
    assert engine.encounter is None and engine.chambers["A3"].cleared
    assert engine.inventory.count(Card.parse("5S")) == 1


def test_a_spell_is_paid_before_it_acts() -> None:
    engine = hebrac("enter A1 AS", "take 10C", "enter A2 AS", "take 2C")
    out = lines(engine, "cast genie-of-luck QC 2S 3H 4H 5H --with 10C --with 2C")
    assert out[2] == "  QC black priestess: she finds nothing to steal"
    assert [str(c) for c in engine.inventory] == ["2S", "3H", "4H", "5H"]


def test_the_check_agrees_with_the_game_on_a_short_offer(cli: CLI) -> None:
    result = cli("hebrac", "check", "trade", "5C", "--offer", "2S", "--bag")
    assert (result.code, result.out) == (0, "Legal: offer 2 (2S) = 2, + 3 from the Bag of "
                                            "Meres = 5 >= 5C worth 5: trade accepted\n")
    cli("hebrac", "new", "--bag-partial", "refused")
    cli("hebrac", "enter", "A1", "AS")
    cli("hebrac", "take", "AD")
    result = cli("hebrac", "check", "trade", "5C", "--offer", "2S", "--game", "hebrac-1")
    assert (result.code, result.out) == (1, "Not legal: offer 2 (2S) = 2 < 5C worth 5: the "
                                            "Bag of Meres pays only for a bare 'offer' "
                                            "(--bag-partial refused)\n")
    result = cli("hebrac", "new", "--bag-partial", "maybe")
    assert (result.code, result.err) == (2, "Error: --bag-partial must be covers or refused, "
                                            "not 'maybe'\n")
