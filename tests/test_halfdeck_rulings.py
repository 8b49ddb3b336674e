"""Half Deck Dungeon Heroes: one test per ruling, plus the seed's worked examples."""

from __future__ import annotations

from typing import Any

import pytest

from companion.errors import BadInput
from companion.halfdeck.engine import Gear, HalfDeckGame, new_engine, normalize_settings
from tests.plays import lines, played, refused

START = "hand warrior cleric 'steel sword' 'rusty sword' escape 'team attack'"
PARTY = (START, "hero warrior --str 4 --mag 1", "hero cleric --str 1 --mag 4")
TRIO = ("hand warrior cleric ranger 'steel sword' escape 'team attack'",
        "hero warrior --str 4 --mag 1", "hero cleric --str 1 --mag 4",
        "hero ranger --str 3 --mag 1")
GOBLIN = "draw 'goblin minion' --minion --str 7 --loot 1"
GOLEM = "draw 'rock golem boss' --boss --str 10 --loot 2"
PIT = "draw 'spiked pit trap' --trap --str 7 --effect 'discard a gear'"


def game(*actions: str, **settings: Any) -> HalfDeckGame:
    return played(new_engine(settings), *actions)


# -- combat: the seed's examples ------------------------------------------------------
def test_seed_example_steel_sword_hits_the_goblin() -> None:
    engine = game(*PARTY, "equip warrior 'steel sword' --str +2", GOBLIN)
    assert lines(engine, "attack warrior 3") == [
        "warrior 3 + S4 + 2 steel sword = 9 >= goblin minion S7: hit, goblin minion life "
        "1 -> 0",
        "goblin minion is defeated",
        "loot 1: draw 1 hero card, 'hand CARD...'"]


def test_seed_example_rusty_sword_misses_and_the_hero_takes_one() -> None:
    engine = game(*PARTY, "equip warrior 'rusty sword' --str +1", GOBLIN)
    assert lines(engine, "attack warrior 1") == [
        "warrior 1 + S4 + 1 rusty sword = 6 < goblin minion S7: miss, warrior life 4 -> 3"]
    assert engine.encounter is not None and engine.encounter.life == 1


def test_seed_example_assist_against_the_rock_golem() -> None:
    engine = game(*PARTY, "equip warrior 'rusty sword' --str +1", GOLEM)
    assert lines(engine, "attack warrior 2 --assist cleric 4")[-1] == (
        "warrior 2 + S4 + 1 rusty sword + cleric 4 = 11 >= rock golem boss S10: hit, "
        "rock golem boss life 4 -> 3")


def test_seed_example_spiked_pit_passed_with_9() -> None:
    engine = game(*PARTY, "equip warrior 'steel sword' --str +2", PIT)
    assert lines(engine, "challenge warrior 3") == [
        "warrior 3 + S4 + 2 steel sword = 9 >= spiked pit trap S7: the trap is passed "
        "safely"]
    assert engine.encounter is None and engine.dungeon_discard == 1


def test_equal_to_the_number_is_a_hit() -> None:
    engine = game(*PARTY, GOBLIN)
    assert lines(engine, "attack warrior 3")[0].endswith("hit, goblin minion life 1 -> 0")


def test_the_enemy_decides_the_attribute_and_only_matching_gear_counts() -> None:
    engine = game(*PARTY, "equip cleric 'steel sword' --str +2",
                  "draw 'shadow imp' --minion --mag 8 --loot 0")
    assert lines(engine, "attack cleric 3")[0] == \
        "cleric 3 + M4 = 7 < shadow imp M8: miss, cleric life 4 -> 3"


def test_assist_failing_hurts_both_heroes() -> None:
    engine = game(*PARTY, GOLEM)
    assert lines(engine, "attack cleric 1 --assist warrior 1") == [
        "cleric 1 + S1 + warrior 1 = 3 < rock golem boss S10: miss, cleric life 4 -> 3, "
        "warrior life 4 -> 3"]


def test_one_support_attacker_without_a_team_attack_card() -> None:
    engine = game(*TRIO, GOLEM)
    assert refused(engine, "attack warrior 1 --assist cleric 1 --assist ranger 2",
                   "halfdeck.combat.assist") == \
        "1 support attacker per roll without a team attack card (rule halfdeck.combat.assist)"


def test_team_attack_adds_every_supporter_and_removes_the_card() -> None:
    engine = game(*TRIO, GOLEM)
    assert lines(engine, "team-attack cleric 6 --assist warrior 2 --assist ranger 3") == [
        "team attack card played: removed from play",
        "cleric 6 + S1 + warrior 2 + ranger 3 = 12 >= rock golem boss S10: hit, rock golem "
        "boss life 4 -> 3"]
    assert engine.hero_removed == 1 and "team attack" not in engine.hands[1]
    refused(engine, "team-attack cleric 1 --assist warrior 2", "halfdeck.team.cards")


def test_team_attack_failing_hurts_every_roller() -> None:
    engine = game(*PARTY, GOLEM)
    assert lines(engine, "team-attack cleric 1 --assist warrior 1")[1].endswith(
        "miss, cleric life 4 -> 3, warrior life 4 -> 3")


def test_each_hero_rolls_once_per_attack() -> None:
    engine = game(*PARTY, GOLEM)
    refused(engine, "attack warrior 1 --assist warrior 2", "halfdeck.combat.assist")


# -- the assist ruling (halfdeck.ruling.assist) -----------------------------------------
RUSTY = "equip warrior 'rusty sword' --str +1"
R_ASSIST_RULE = "halfdeck.ruling.assist"


def test_the_assist_rule_is_loose_by_default_and_recorded() -> None:
    assert normalize_settings({})["assist_rule"] == "loose"
    assert normalize_settings({"assist_rule": "Strict"})["assist_rule"] == "strict"


def test_loose_accepts_an_assist_the_main_attacker_could_do_without_and_says_so() -> None:
    engine = game(*PARTY, RUSTY, GOLEM)  # the seed's example: 6 + 4 + 1 reaches 10
    assert lines(engine, "attack warrior 2 --assist cleric 4") == [
        "assist allowed (--assist-rule loose): warrior's best alone 6 + S4 + 1 rusty sword "
        "= 11 >= S10",
        "warrior 2 + S4 + 1 rusty sword + cleric 4 = 11 >= rock golem boss S10: hit, "
        "rock golem boss life 4 -> 3"]


def test_loose_says_nothing_when_the_assist_is_needed() -> None:
    engine = game(*PARTY, GOLEM)  # the cleric's best: 6 + 1 = 7 < 10
    assert lines(engine, "attack cleric 6 --assist warrior 5") == [
        "cleric 6 + S1 + warrior 5 = 12 >= rock golem boss S10: hit, rock golem boss life "
        "4 -> 3"]


def test_loose_says_so_for_a_team_attack_too() -> None:
    engine = game(*TRIO, GOLEM)
    assert lines(engine, "team-attack warrior 1 --assist cleric 2 --assist ranger 3")[:2] == [
        "team attack card played: removed from play",
        "team attack allowed (--assist-rule loose): warrior's best alone 6 + S4 = 10 >= "
        "S10"]


def test_strict_refuses_an_assist_the_main_attacker_can_do_without() -> None:
    engine = game(*PARTY, RUSTY, GOLEM, assist_rule="strict")
    assert refused(engine, "attack warrior 2 --assist cleric 4", R_ASSIST_RULE) == (
        "no assist (--assist-rule strict): warrior's best alone 6 + S4 + 1 rusty sword = 11 "
        ">= S10 (rule halfdeck.ruling.assist)")
    assert engine.encounter is not None and engine.encounter.rolls == 0
    assert [h.life for h in engine.heroes] == [4, 4]
    assert lines(engine, "attack warrior 5") == [  # alone, it is any roll
        "warrior 5 + S4 + 1 rusty sword = 10 >= rock golem boss S10: hit, rock golem boss "
        "life 4 -> 3"]


def test_strict_a_best_roll_equal_to_the_number_reaches_it() -> None:
    engine = game(*PARTY, GOLEM, assist_rule="strict")  # 6 + 4 = 10, a hit at best
    assert refused(engine, "attack warrior 1 --assist cleric 6", R_ASSIST_RULE).startswith(
        "no assist (--assist-rule strict): warrior's best alone 6 + S4 = 10 >= S10")


def test_strict_accepts_an_assist_when_the_best_roll_falls_short() -> None:
    engine = game(*PARTY, GOLEM, assist_rule="strict")  # the cleric's best: 7 < 10
    assert lines(engine, "attack cleric 6 --assist warrior 5") == [
        "cleric 6 + S1 + warrior 5 = 12 >= rock golem boss S10: hit, rock golem boss life "
        "4 -> 3"]


def test_strict_refuses_a_team_attack_and_keeps_the_card() -> None:
    engine = game(*TRIO, GOLEM, assist_rule="strict")
    assert refused(engine, "team-attack warrior 1 --assist cleric 2 --assist ranger 3",
                   R_ASSIST_RULE) == (
        "no team attack (--assist-rule strict): warrior's best alone 6 + S4 = 10 >= S10 "
        "(rule halfdeck.ruling.assist)")
    assert "team attack" in engine.hands[1] and engine.hero_removed == 0
    engine.apply("team-attack cleric 1 --assist warrior 2 --assist ranger 3")


def test_strict_weighs_the_main_attackers_gear_as_the_roll_would() -> None:
    start = ("hand warrior cleric bomb a b c", "hero warrior --str 4 --mag 1",
             "hero cleric --str 1 --mag 4", "equip warrior bomb --str +3 --one-use --standby")
    brute = game(*start, "draw 'orc brute' --minion --str 11 --loot 1", assist_rule="strict")
    brute.apply("attack warrior 1 --assist cleric 1")  # standby: 6 + 4 + 0 = 10 < 11
    ogre = game(*start, "draw 'ogre boss' --boss --str 11 --loot 2", assist_rule="strict")
    assert refused(ogre, "attack warrior 1 --assist cleric 1", R_ASSIST_RULE).startswith(
        "no assist (--assist-rule strict): warrior's best alone 6 + S4 + 3 bomb = 13 >= S11")


@pytest.mark.parametrize("number", [1, 2])
def test_earlier_editions_have_no_assist_rule_and_assist_any_roll(number: int) -> None:
    assert "assist_rule" not in normalize_settings({"edition": number})
    assert "assist_rule" not in normalize_settings({"edition": number, "assist_rule": "loose"})
    with pytest.raises(BadInput, match="edition 3 on"):
        normalize_settings({"edition": number, "assist_rule": "strict"})
    engine = game(*PARTY, RUSTY, GOLEM, edition=number)
    assert lines(engine, "attack warrior 2 --assist cleric 4") == [  # no ruling line
        "warrior 2 + S4 + 1 rusty sword + cleric 4 = 11 >= rock golem boss S10: hit, "
        "rock golem boss life 4 -> 3"]


# -- life -----------------------------------------------------------------------------
def test_a_minion_has_1_life_a_boss_4() -> None:
    engine = game(*PARTY, GOBLIN)
    assert engine.encounter is not None and engine.encounter.life == 1
    engine = game(*PARTY, GOLEM)
    for die in ("6", "6", "6"):
        lines(engine, f"attack warrior {die}")
    assert engine.encounter is not None and engine.encounter.life == 1
    assert lines(engine, "attack warrior 6")[1:] == [
        "rock golem boss is defeated", "loot 2: draw 2 hero cards, 'hand CARD...'"]


def test_heroes_have_4_life_and_healing_stops_there() -> None:
    engine = game(*PARTY, GOBLIN, "attack warrior 1")
    assert lines(engine, "heal warrior 3") == ["warrior life 3 -> 4 (at most 4)"]


def test_a_dead_hero_is_discarded_and_its_gear_goes_back_to_the_hand() -> None:
    engine = game(*PARTY, "equip warrior 'steel sword' --str +2", GOLEM)
    engine.heroes[0].life = 1
    assert lines(engine, "attack warrior 1")[1:] == [
        "warrior dies; steel sword back to the hand"]
    assert "steel sword" in engine.hands[1] and engine.hero_discard == 1


def test_the_game_is_lost_when_no_hero_is_left() -> None:
    engine = game(START, "hero warrior --str 4 --mag 1", GOBLIN)
    engine.heroes[0].life = 1
    assert lines(engine, "attack warrior 1")[-1] == "no hero is left: the game is lost"
    assert engine.outcome == "lost"
    refused(engine, "heal warrior 1", "halfdeck.game.end")


def test_hurt_kills_at_0() -> None:
    engine = game(*PARTY)
    assert lines(engine, "hurt cleric 4") == ["cleric life 4 -> 0", "cleric dies"]


# -- loot -------------------------------------------------------------------------------
def test_loot_is_drawn_before_the_next_dungeon_card() -> None:
    engine = game(*PARTY, GOBLIN, "attack warrior 3")
    refused(engine, GOBLIN, "halfdeck.round.hand")
    assert lines(engine, "hand 'fire tome'") == ["drawn: fire tome", "hero deck 19"]
    lines(engine, GOBLIN)


def test_more_cards_named_than_due_is_refused() -> None:
    engine = game(*PARTY, GOBLIN, "attack warrior 3")
    assert refused(engine, "hand a b", "halfdeck.round.hand").startswith(
        "2 named, 1 due to you")


def test_misc_card_loot_goes_to_its_drawer_and_one_use_is_removed() -> None:
    engine = game(*PARTY)
    assert lines(engine, "draw 'lost' --misc --one-use --effect 'skip a turn'") == [
        "round 1: lost (miscellaneous): skip a turn", "it is removed from play"]
    assert engine.dungeon_removed == 1
    lines(engine, "draw chest --misc --loot 2")
    assert engine.owed == {1: 2}


def test_loot_from_a_card_text() -> None:
    engine = game(*PARTY)
    assert lines(engine, "loot 2") == ["loot 2: draw 2 hero cards, 'hand CARD...'"]


# -- escapes ------------------------------------------------------------------------------
def test_forced_escape_hurts_every_hero_and_gives_no_loot() -> None:
    engine = game(*PARTY, GOLEM)
    assert lines(engine, "escape") == [
        "forced escape from rock golem boss: every hero takes 1, no loot",
        "warrior life 4 -> 3, cleric life 4 -> 3"]
    assert engine.encounter is None and engine.owed == {1: 0}
    assert engine.dungeon_discard == 1


def test_no_forced_escape_from_the_endgame_boss_or_a_trap() -> None:
    engine = game(*PARTY, "draw dragon --endgame-boss --str 12")
    refused(engine, "escape", "halfdeck.combat.forced-escape")
    refused(engine, "team-escape", "halfdeck.combat.forced-escape")
    refused(game(*PARTY, PIT), "escape", "halfdeck.combat.forced-escape")


def test_an_escape_card_leaves_unhurt_and_is_removed() -> None:
    engine = game(*PARTY, GOLEM)
    assert lines(engine, "team-escape") == [
        "escape card played: the party leaves rock golem boss unhurt, no loot; the card is "
        "removed from play"]
    assert [h.life for h in engine.heroes] == [4, 4] and engine.hero_removed == 1
    refused(game(*PARTY, GOLEM, "team-escape", GOLEM), "team-escape", "halfdeck.team.cards")


# -- traps ----------------------------------------------------------------------------------
def test_a_failed_challenge_shows_the_trap_text() -> None:
    engine = game(*PARTY, PIT)
    assert lines(engine, "challenge warrior 2") == [
        "warrior 2 + S4 = 6 < spiked pit trap S7: the trap strikes warrior: discard a gear",
        "(it hits the chosen hero unless the card says otherwise)"]


def test_a_trap_no_hero_can_reach_takes_effect_at_once() -> None:
    engine = game(START, "hero cleric --str 0 --mag 4")
    assert lines(engine, PIT) == [
        "round 1: spiked pit trap, trap S7",
        "no hero can attempt it (none reaches its number even with a 6): it takes effect "
        "at once: discard a gear"]
    assert engine.encounter is None and engine.dungeon_discard == 1


def test_trap_needs_attribute_setting_lets_any_hero_with_it_try() -> None:
    engine = game(START, "hero cleric --str 1 --mag 4", PIT, trap_needs="attribute")
    assert engine.encounter is not None
    engine = game(START, "hero cleric --str 0 --mag 4", PIT, trap_needs="attribute")
    assert engine.encounter is None


def test_a_hero_who_cannot_reach_the_trap_may_not_roll() -> None:
    engine = game(*PARTY, "draw 'rolling boulder' --trap --str 8")
    assert refused(engine, "challenge cleric 6", "halfdeck.trap.challenge") == \
        "cleric cannot reach rolling boulder S8 even with a 6 (rule halfdeck.trap.challenge)"
    lines(engine, "challenge warrior 4")


def test_attack_and_challenge_are_not_mixed_up() -> None:
    refused(game(*PARTY, PIT), "attack warrior 6", "halfdeck.combat.roll")
    refused(game(*PARTY, GOBLIN), "challenge warrior 6", "halfdeck.trap.challenge")


# -- heroes and gear --------------------------------------------------------------------------
def test_heroes_come_from_the_hand() -> None:
    engine = game(START)
    refused(engine, "hero ranger --str 3 --mag 2", "halfdeck.hero.in-play")


def test_at_most_four_heroes_then_replace() -> None:
    engine = game("hand a b c d e f", *(f"hero {n} --str 1 --mag 1" for n in "abcd"))
    refused(engine, "hero e --str 1 --mag 1", "halfdeck.hero.in-play")
    engine.heroes[0].gear = Gear("tome", "magic", 1)
    assert lines(engine, "hero e --str 1 --mag 1 --replace a") == [
        "e (S1 M1, life 4) joins the party",
        "a leaves for the discard pile; tome back to the hand"]


def test_one_gear_per_hero() -> None:
    engine = game(*PARTY, "equip warrior 'steel sword' --str +2")
    assert refused(engine, "equip warrior 'rusty sword' --str +1",
                   "halfdeck.gear.one-per-hero") == \
        "warrior carries steel sword already: one gear per hero (discard steel sword " \
        "first) (rule halfdeck.gear.one-per-hero)"


def test_gear_comes_from_the_hand_and_team_cards_are_not_gear() -> None:
    engine = game(*PARTY)
    refused(engine, "equip warrior axe --str +3", "halfdeck.gear.one-per-hero")
    refused(engine, "equip warrior escape", "halfdeck.team.cards")


def test_one_use_gear_is_removed_after_its_roll() -> None:
    engine = game(START, "hero warrior --str 4 --mag 1", "discard cleric",
                  "hand bomb", "equip warrior bomb --str +3 --one-use", GOBLIN)
    assert lines(engine, "attack warrior 1") == [
        "warrior 1 + S4 + 3 bomb = 8 >= goblin minion S7: hit, goblin minion life 1 -> 0",
        "bomb is used up: removed from play", "goblin minion is defeated",
        "loot 1: draw 1 hero card, 'hand CARD...'"]
    assert engine.heroes[0].gear is None and engine.hero_removed == 1


def test_standby_gear_gives_nothing_until_a_boss() -> None:
    engine = game(START, "hero warrior --str 4 --mag 1", "discard cleric", "hand bomb",
                  "equip warrior bomb --str +3 --one-use --standby", GOBLIN)
    assert lines(engine, "attack warrior 1")[0].startswith("warrior 1 + S4 = 5 <")
    engine.apply("escape")
    lines(engine, GOLEM)
    assert lines(engine, "attack warrior 3")[:2] == [
        "warrior 3 + S4 + 3 bomb = 10 >= rock golem boss S10: hit, rock golem boss life "
        "4 -> 3", "bomb is used up: removed from play"]


def test_only_one_use_gear_waits_on_standby() -> None:
    refused(game(*PARTY), "equip warrior 'steel sword' --str +2 --standby",
            "halfdeck.gear.one-use")


def test_discarding_a_hero_by_choice_returns_its_gear() -> None:
    engine = game(*PARTY, "equip warrior 'steel sword' --str +2")
    assert lines(engine, "discard warrior") == [
        "warrior leaves for the discard pile; steel sword back to the hand"]


def test_preparatory_actions_wait_for_the_dungeon_card() -> None:
    engine = game(*PARTY, GOBLIN)
    refused(engine, "equip warrior 'steel sword' --str +2", "halfdeck.round.preparatory")
    refused(engine, "discard 'rusty sword'", "halfdeck.round.preparatory")
    assert lines(engine, "discard 'rusty sword' --forced") == [
        "discarded from the hand: rusty sword"]


def test_a_dungeon_card_needs_a_hero_in_play() -> None:
    refused(game(START), GOBLIN, "halfdeck.round.dungeon")


# -- hand, mulligan, redraw -----------------------------------------------------------------
def test_the_first_hand_is_6_and_may_be_redrawn_once() -> None:
    engine = game()
    assert engine.owed == {1: 6}
    engine.apply("hand a b c d e f")
    assert lines(engine, "discard a b c") == [
        "discarded from the hand: a, b, c; draw 3: 'hand CARD...'"]
    engine.apply("hand g h i")
    refused(engine, "discard d", "halfdeck.round.mulligan")


def test_later_at_most_3_redrawn_per_preparatory_phase() -> None:
    engine = game(*PARTY, GOBLIN, "attack warrior 3", "hand a")
    engine.hands[1] += ["x", "y", "z"]
    engine.apply("discard x y")
    engine.apply("hand p q")
    refused(engine, "discard z a", "halfdeck.round.redraw")
    engine.apply("discard z")
    engine.apply("hand r")
    engine.apply(GOBLIN)
    engine.apply("attack warrior 6")
    engine.apply("hand s")
    engine.apply("discard p q r")  # a new phase, a new allowance


def test_the_hero_deck_reshuffles_its_discards_when_it_runs_out() -> None:
    engine = game(*PARTY)
    engine.hero_deck, engine.hero_discard = 1, 5
    engine.apply("loot 3")
    assert lines(engine, "hand a b c") == [
        "drawn: a, b, c", "hero deck ran out: 5 discarded cards shuffled into a new deck",
        "hero deck 3"]
    engine.apply("loot 9")
    refused(engine, "hand d e f g", "halfdeck.decks.reshuffle")


def test_three_of_each_team_card() -> None:
    engine = game("hand escape escape escape a b c")
    engine.apply("discard a")
    refused(engine, "hand 'escape card'", "halfdeck.team.cards")


# -- the dungeon deck and the endgame ----------------------------------------------------------
def test_counts_of_both_decks() -> None:
    engine = game(*PARTY, GOBLIN, "attack warrior 3")
    assert (engine.hero_deck, engine.dungeon_deck, engine.dungeon_discard) == (20, 25, 1)
    assert game(endgame="treasure").dungeon_deck == 25
    assert game(deck_size=15).dungeon_deck == 15


def test_endgame_treasure_wins_at_once() -> None:
    engine = game(*PARTY)
    assert lines(engine, "draw 'gold hoard' --endgame-treasure") == [
        "round 1: gold hoard, the endgame treasure: you win!"]
    assert engine.outcome == "won"


def test_defeating_the_endgame_boss_wins() -> None:
    engine = game(*PARTY, "draw dragon --endgame-boss --str 8")
    for _ in range(3):
        engine.apply("attack warrior 6")
    assert lines(engine, "attack warrior 6")[-1] == \
        "dragon, the endgame boss, is defeated: you win!"


def test_an_endgame_card_set_aside_cannot_turn_up() -> None:
    engine = game(*PARTY, endgame="treasure")
    assert refused(engine, "draw dragon --endgame-boss --str 8", "halfdeck.endgame.cards") \
        == "the endgame boss is set aside in this game (--endgame treasure) " \
           "(rule halfdeck.endgame.cards)"


def test_when_only_endgame_cards_are_left_one_must_turn_up() -> None:
    engine = game(*PARTY, deck_size=3)
    engine.apply("draw 'empty room' --misc")
    refused(engine, "draw 'empty room' --misc", "halfdeck.endgame.cards")
    engine.apply("draw dragon --endgame-boss --str 8")


def test_the_endgame_boss_may_go_back_before_the_first_roll() -> None:
    engine = game(*PARTY, "draw dragon --endgame-boss --str 8")
    assert lines(engine, "shuffle-back") == [
        "dragon is shuffled back into the dungeon deck (26 cards)"]
    engine.apply("draw dragon")
    engine.apply("attack warrior 1")
    refused(engine, "shuffle-back", "halfdeck.endgame.cards")
    off = game(*PARTY, "draw dragon --endgame-boss --str 8", shuffle_back=False)
    refused(off, "shuffle-back", "halfdeck.endgame.cards")


# -- cards typed once ----------------------------------------------------------------------------
def test_a_card_new_to_the_game_needs_its_numbers() -> None:
    engine = game(*PARTY)
    with pytest.raises(BadInput, match="goblin minion is new to this game: give --loot N"):
        engine.apply("draw 'goblin minion' --minion --str 7")


def test_a_known_card_is_named_alone_and_cannot_change() -> None:
    engine = game(*PARTY, GOBLIN, "attack warrior 3", "hand a")
    assert engine.apply("draw 'Goblin  Minion'").action == \
        "draw 'goblin minion' --minion --str 7 --loot 1"
    engine = game(*PARTY, GOBLIN, "attack warrior 3", "hand a")
    with pytest.raises(BadInput, match="goblin minion is minion S7 loot 1 in this game"):
        engine.apply("draw 'goblin minion' --str 8")


def test_bad_rolls_and_names_are_unreadable() -> None:
    engine = game(*PARTY, GOBLIN)
    with pytest.raises(BadInput, match="'7' is not a roll"):
        engine.apply("attack warrior 7")
    with pytest.raises(BadInput, match="is not a card name"):
        engine.apply("hand 123")


# -- co-op --------------------------------------------------------------------------------------
def test_coop_players_pick_a_hero_and_draw_3() -> None:
    engine = game(players=2)
    assert engine.owed == {1: 3, 2: 3}
    assert lines(engine, "hero warrior --str 4 --mag 1 --pick --player 1") == [
        "warrior (S4 M1, life 4) joins the party for player 1"]
    refused(engine, "hero rogue --str 3 --mag 1 --pick --player 1", "halfdeck.coop.players")
    engine.apply("hero cleric --str 1 --mag 4 --pick")
    assert [h.player for h in engine.heroes] == [1, 2] and engine.hero_deck == 24


def test_coop_loot_goes_to_the_last_main_attacker() -> None:
    engine = game("hero warrior --str 4 --mag 1 --pick --player 1",
                  "hero cleric --str 1 --mag 4 --pick --player 2",
                  "hand a b c --player 1", "hand d e f --player 2", GOLEM, players=2)
    for _ in range(3):
        engine.apply("attack warrior 6")
    engine.apply("attack cleric 6 --assist warrior 6")
    assert engine.owed == {1: 0, 2: 2}
    assert engine.next_player == 2


def test_coop_loot_may_go_to_the_supporter_by_agreement() -> None:
    engine = game("hero warrior --str 4 --mag 1 --pick --player 1",
                  "hero cleric --str 1 --mag 4 --pick --player 2",
                  "hand a b c --player 1", "hand d e f --player 2", GOBLIN, players=2)
    engine.apply("attack warrior 6 --assist cleric 1 --loot-to 2")
    assert engine.owed == {1: 0, 2: 1}


def test_coop_trading_once_per_player_per_phase() -> None:
    engine = game("hand a b c --player 1", "hand d e f --player 2", players=2)
    assert lines(engine, "trade 1 a 2 d") == ["player 1 gives a, player 2 gives d"]
    assert engine.hands == {1: ["b", "c", "d"], 2: ["e", "f", "a"]}
    refused(engine, "trade 1 b 2 e", "halfdeck.coop.trading")
    refused(game(), "trade 1 a 2 b", "halfdeck.coop.trading")


# -- rescue mission -------------------------------------------------------------------------------
def test_rescue_puts_the_prisoner_in_the_dungeon_deck() -> None:
    engine = game(START, "hero warrior --str 4 --mag 1", rescue="Ranger")
    assert (engine.hero_deck + 6, engine.dungeon_deck) == (25, 27)
    assert lines(engine, "draw ranger --str 3 --mag 2") == [
        "round 1: ranger, the prisoner, is rescued",
        "ranger (S3 M2, life 4) joins the party"]
    refused(engine, "draw ranger", "halfdeck.custom.rescue")


def test_the_prisoner_is_not_in_the_hero_deck() -> None:
    engine = game(rescue="ranger")
    refused(engine, "hand ranger", "halfdeck.custom.rescue")


def test_the_prisoner_cannot_be_picked_while_in_the_dungeon() -> None:
    engine = game(players=2, rescue="ranger")
    assert refused(engine, "hero ranger --str 3 --mag 2 --player 1 --pick",
                   "halfdeck.custom.rescue") == (
        "ranger is the prisoner in the dungeon deck, not in the hero deck (rule "
        "halfdeck.custom.rescue)")
    assert (engine.hero_deck, engine.heroes, engine.picked) == (25, [], set())


@pytest.mark.parametrize("number", [1, 2])
def test_an_earlier_game_may_still_pick_the_prisoner(number: int) -> None:
    engine = game("hero ranger --str 3 --mag 2 --player 1 --pick",
                  "hero cleric --str 1 --mag 4 --player 2 --pick",
                  "hand a b c --player 1", "hand d e f --player 2",
                  "draw ranger --hero --player 1", players=2, rescue="ranger", edition=number)
    assert [h.name for h in engine.heroes] == ["ranger", "cleric", "ranger"]  # as it was


# -- settings -------------------------------------------------------------------------------------
def test_settings_defaults_and_limits() -> None:
    assert normalize_settings({}) == {"players": 1, "endgame": "both", "deck_size": 26,
                                      "rescue": "", "trap_needs": "reach",
                                      "shuffle_back": True, "assist_rule": "loose",
                                      "edition": 3}
    assert normalize_settings({"endgame": "boss"})["deck_size"] == 25
    for bad in ({"players": 5}, {"endgame": "gold"}, {"deck_size": 27}, {"deck_size": 2},
                {"trap_needs": "maybe"}, {"colour": "red"}, {"assist_rule": "sometimes"}):
        with pytest.raises(BadInput):
            normalize_settings(bad)


# -- issue 32: rulings that cannot go wrong ---------------------------------------------------
def test_a_card_drawn_is_not_already_in_play_nor_held() -> None:
    """Item 10: each hero card is in one place (the team cards have copies)."""
    engine = game(*PARTY, "equip warrior 'steel sword' --str +2", GOBLIN, "attack warrior 6")
    before = engine.status()
    assert "warrior is in play already" in refused(engine, "hand warrior", "halfdeck.round.hand")
    assert "steel sword is in play on warrior already" in refused(
        engine, "hand 'steel sword'", "halfdeck.round.hand")
    assert "rusty sword is in the hand already" in refused(
        engine, "hand 'rusty sword'", "halfdeck.round.hand")
    assert engine.status() == before
    engine.apply("loot 1")
    refused(engine, "hand a a", "halfdeck.round.hand")
    assert lines(engine, "hand 'team attack' escape")[0] == "drawn: team attack, escape"


def test_a_team_card_is_never_a_hero() -> None:
    """Item 12: 'hero escape --str 1 --mag 1' does not put the escape card in play."""
    engine = game(*PARTY)
    for action in ("hero escape --str 1 --mag 1", "hero 'escape card' --str 1 --mag 1",
                   "hero 'team attack' --str 1 --mag 1"):
        assert "is a team card" in refused(engine, action, "halfdeck.team.cards")
    assert [h.name for h in engine.heroes] == ["warrior", "cleric"]
    assert "escape" not in engine.known
    coop = game(players=2)
    refused(coop, "hero escape --str 1 --mag 1 --pick --player 1", "halfdeck.team.cards")
    refused(engine, "draw escape --minion --str 3 --loot 1", "halfdeck.team.cards")


def test_an_unknown_name_is_bad_input_whatever_the_state() -> None:
    """Item 14: 'attack ghost 3' is exit 2 with or without a hero in play."""
    for engine in (game(START), game(*PARTY, GOBLIN)):
        for action in ("attack ghost 3", "challenge ghost 3", "heal ghost 1", "hurt ghost 1",
                       "discard ghost", "discard ghost --in-play --forced"):
            with pytest.raises(BadInput):
                engine.apply(action)
    coop = game("hand a b c --player 1", "hand d e f --player 2", players=2)
    with pytest.raises(BadInput):
        coop.apply("trade 1 ghost 2 d")
    # a card of the game in the wrong place is the rule's refusal
    refused(game(*PARTY, GOBLIN), "attack 'steel sword' 3", "halfdeck.hero.in-play")
    refused(game(START), "attack warrior 3", "halfdeck.hero.in-play")


def test_a_refused_new_card_is_not_learnt() -> None:
    """A refused action changes nothing, the cards the game knows included."""
    engine = game(START)
    refused(engine, "hero ghost --str 3 --mag 1", "halfdeck.hero.in-play")
    assert "ghost" not in engine.known
    with pytest.raises(BadInput):
        engine.apply("attack ghost 3")


def test_a_prisoner_rescued_into_a_full_party_goes_to_the_hand_and_says_so() -> None:
    """Item 13 (halfdeck.ruling.rescue-full): the hand; 'hero NAME --replace' plays it."""
    four = ("hand warrior cleric rogue mage a b", "hero warrior --str 4 --mag 1",
            "hero cleric --str 1 --mag 4", "hero rogue --str 2 --mag 2",
            "hero mage --str 1 --mag 3")
    engine = game(*four, rescue="ranger")
    assert lines(engine, "draw ranger --hero --str 3 --mag 2") == [
        "round 1: ranger, the prisoner, is rescued",
        "the party is full: ranger goes to the hand; 'hero ranger --replace HERO' plays it "
        "now (halfdeck.ruling.rescue-full)"]
    assert lines(engine, "hero ranger --replace rogue")[0].startswith("ranger (S3 M2, life 4)")
    from companion import rulebook

    assert rulebook.section("halfdeck.ruling.rescue-full") is not None


def test_strict_assists_odds_offer_only_what_the_engine_accepts() -> None:
    """Item 11: odds never suggests an assist --assist-rule strict refuses."""
    from companion.dice_odds import halfdeck_report

    engine = game(*TRIO, GOBLIN, assist_rule="strict")
    _, data = halfdeck_report(engine)
    for choice in data["choices"]:
        main, *others = [part.strip() for part in choice["choice"].split("+")]
        if not others:
            continue
        attempt = game(*TRIO, GOBLIN, assist_rule="strict")
        supporter = "cleric" if others[0] == "team" else others[0]
        attempt.apply(f"attack {main} 1 --assist {supporter} 1")  # accepted, not refused
    refused(engine, "attack warrior 1 --assist cleric 1", "halfdeck.ruling.assist")
    loose, _ = halfdeck_report(game(*TRIO, GOBLIN))
    assert any(line.startswith(" warrior + ") for line in loose)


def test_a_hero_picked_from_the_deck_is_not_one_held() -> None:
    """Found by the referee's conservation check: 'hero --pick' took a card held."""
    coop = game("hand warrior a b --player 1", players=2)
    assert "warrior is in player 1's hand already" in refused(
        coop, "hero warrior --str 4 --mag 1 --player 2 --pick", "halfdeck.round.hand")
