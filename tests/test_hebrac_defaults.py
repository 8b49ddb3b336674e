"""Hebrac's Dungeon: defaults the engine fills in, short forms, and warnings.

Spells paid per unit buy what the payment covers and can be used; what only
one answer could be is not asked for; a typed card that contradicts what is
known is said after the ruling.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import Card, join_card_names
from companion.errors import BadInput, NotationError
from companion.hebrac import ledger, rules, spells
from companion.hebrac.engine import HebracGame
from tests.conftest import CLI
from tests.test_hebrac_rulings import game, give, last, refused


def hurt(life_lost: int, *cards: str) -> HebracGame:
    """A game at A1 after a lost round (``life_lost`` of 15), holding ``cards``."""
    engine = game("enter A1 10S", f"attack {10 - life_lost}H") if life_lost < 9 else game(
        "enter A1 10S", "attack AH")
    assert engine.life == 15 - life_lost
    return give(engine, *cards)


# -- spells paid per unit -------------------------------------------------------------
def test_healing_paid_by_a_single_7c_heals_3() -> None:
    engine = hurt(8, "7C")
    applied = engine.apply("cast healing")
    assert applied.action == "cast healing --with 7C --count 3"
    assert applied.lines == ("Healing costs 6 (3 x 2): 7 = 7, 1 lost (a life costs 2)",
                             "heal 3: 7 -> 10")
    assert engine.inventory == []


def test_healing_that_would_lose_points_is_refused_first() -> None:
    engine = hurt(1, "7C")
    assert refused(engine, "cast healing", "hebrac.ruling.unit-spells") == (
        "Healing: 7C pays 7 for 1 life at 2 (life 14/15: 1 missing), 5 lost: add --overpay "
        "to cast anyway (rule hebrac.ruling.unit-spells)")
    assert engine.inventory == [Card.parse("7C")] and engine.life == 14
    applied = engine.apply("cast healing --overpay")
    assert applied.action == "cast healing --with 7C --count 1 --overpay"
    assert applied.lines == ("Healing costs 2 (1 x 2): 7 = 7, 5 lost", "heal 1: 14 -> 15")


def test_healing_at_full_life_does_nothing_and_is_refused() -> None:
    assert refused(give(game(), "2C"), "cast healing", "hebrac.ruling.unit-spells") == (
        "Healing would do nothing: life is at its maximum, 15/15 "
        "(rule hebrac.ruling.unit-spells)")


def test_a_count_too_small_for_the_payment_is_refused_with_the_count_that_fits() -> None:
    engine = hurt(8, "7C")
    assert refused(engine, "cast healing --count 1", "hebrac.ruling.unit-spells") == (
        "Healing: 7C pays 7 for 1 life at 2, 5 lost: --count 3 uses them, or add --overpay to "
        "cast anyway (rule hebrac.ruling.unit-spells)")
    assert engine.apply("cast healing --count 3").lines[1] == "heal 3: 7 -> 10"


def test_a_count_above_what_can_be_used_is_refused() -> None:
    engine = hurt(2, "10C")
    assert refused(engine, "cast healing --count 5", "hebrac.ruling.unit-spells") == (
        "Healing --count 5: life 13/15: 2 missing; --count 2 (or --overpay) "
        "(rule hebrac.ruling.unit-spells)")


def test_with_alone_buys_what_it_covers() -> None:
    engine = hurt(8, "7C", "2C")
    applied = engine.apply("cast healing --with 7C --with 2C")
    assert applied.action == "cast healing --with 7C --with 2C --count 4"
    assert applied.lines == ("Healing costs 8 (4 x 2): 7 + 2 = 9, 1 lost (a life costs 2)",
                             "heal 4: 7 -> 11")


def test_with_and_count_together_are_cast_as_told() -> None:
    """Both named: the player chose, and saved games (which name both) replay as before."""
    engine = hurt(1, "10C")
    assert engine.apply("cast healing --with 10C --count 5").lines == (
        "Healing costs 10 (5 x 2): 10 = 10", "heal 1 of 5: 14 -> 15 (max 15)")


def test_without_with_the_payment_losing_fewest_points_is_chosen() -> None:
    engine = hurt(5, "3C", "4C")
    applied = engine.apply("cast healing")
    assert applied.action == "cast healing --with 4C --count 2"
    assert applied.lines == ("Healing costs 4 (2 x 2): 4 = 4", "heal 2: 10 -> 12")


def test_not_enough_points_for_one_unit() -> None:
    assert refused(hurt(4), "cast healing", "hebrac.spell.paying") == (
        "Healing costs 2 per life: you have 0 magic points (rule hebrac.spell.paying)")


def test_remote_vision_is_capped_by_the_enemies_still_unknown() -> None:
    engine = give(game(), "5C", "2C")
    for chamber in engine.chambers.values():
        chamber.enemy_gone = chamber.name not in ("B2", "C3")
    assert spells.useful_units(engine, rules.find_spell("remote")) == (2, "2 unknown enemies")
    assert engine.apply("cast remote-vision").action == "cast remote-vision --with 2C --count 2"
    assert refused(give(engine, "2C"), "cast remote-vision", "hebrac.ruling.unit-spells") == (
        "Remote Vision would do nothing: 2 unknown enemies, 2 vision(s) unused "
        "(rule hebrac.ruling.unit-spells)")
    assert engine.apply("cast remote-vision --with 5C --count 1").lines == (
        "Remote Vision costs 1 (1 x 1): 5 = 5, 4 lost",  # both named: cast as told
        "you may look at 1 unexplored enemy: 'see CHAMBER CARD'",
        "looks add up: 2 unused + 1 = 3 (rule hebrac.ruling.visions)")


def test_remote_vision_after_revelation_is_refused() -> None:
    engine = give(game(), "9C", "2C")
    last(engine, "cast revelation")
    assert refused(engine, "cast remote-vision", "hebrac.ruling.unit-spells") == (
        "Remote Vision would do nothing: Revelation shows every enemy of this level already "
        "(rule hebrac.ruling.unit-spells)")


def test_remote_vision_payment_covering_more_chambers_than_unknown() -> None:
    engine = give(game(), "5C")
    for chamber in engine.chambers.values():
        chamber.enemy_gone = chamber.name != "B2"
    assert refused(engine, "cast remote-vision", "hebrac.ruling.unit-spells") == (
        "Remote Vision: 5C pays 5 for 1 chamber at 1 (1 unknown enemy), 4 lost: add --overpay "
        "to cast anyway (rule hebrac.ruling.unit-spells)")


def test_future_perception_is_capped_by_the_hand_deck() -> None:
    engine = game()
    spell = rules.find_spell("future-perception")
    assert ledger.hand_deck_size(engine) == 2 * 52 + 4 - 24
    assert spells.useful_units(engine, spell) == (84, "84 Hand Deck cards not yet seen")
    last(give(engine, "3C"), "cast future-perception")  # 3 cards to be seen
    last(engine, "enter A1 5S")  # a table card turned up: the Hand Deck is as it was
    assert ledger.hand_deck_size(engine) == 84
    assert spells.useful_units(engine, spell) == (81, "81 Hand Deck cards not yet seen")
    last(engine, "peek 2H 3H")
    assert spells.useful_units(engine, spell) == (81, "81 Hand Deck cards not yet seen")


def brute_force_unit_payment(potions: list[Card], cost: int, useful: int | None,
                             scepter: bool) -> tuple[int, int, int] | None:
    """(points lost, points, cards) of the best unit payment by trying every subset."""
    best: tuple[int, int, int] | None = None
    for size in range(len(potions) + 1):
        for combo in itertools.combinations(potions, size):
            points = sum(rules.magic_points(c, scepter) for c in combo)
            units = points // cost if useful is None else min(points // cost, useful)
            if units >= 1 and (best is None or (points - units * cost, points, size) < best):
                best = (points - units * cost, points, size)
    return best


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(2, 10), max_size=7), st.sampled_from([1, 2]),
       st.one_of(st.none(), st.integers(0, 12)), st.booleans())
def test_unit_payment_matches_brute_force(ranks: list[int], cost: int, useful: int | None,
                                          scepter: bool) -> None:
    potions = [Card(rank, "C") for rank in ranks]
    found = rules.unit_payment(potions, cost, useful, scepter)
    best = brute_force_unit_payment(potions, cost, useful, scepter)
    if best is None:
        assert found is None
        return
    assert found is not None
    chosen, units = found
    points = sum(rules.magic_points(c, scepter) for c in chosen)
    assert (points - units * cost, points, len(chosen)) == best
    assert units == (points // cost if useful is None else min(points // cost, useful))


# -- what only one answer could be ------------------------------------------------------
def test_genie_of_death_takes_the_last_unvisited_chamber_by_itself() -> None:
    engine = game("enter A1 AS")
    for chamber in engine.chambers.values():
        chamber.visited = chamber.visited or chamber.name != "C4"
    applied = engine.apply("take KS")
    assert applied.action == "take KS C4"
    assert applied.lines == ("treasure of A1: KS",
                             "KS Genie of Death: enemies of C4 removed; their treasures wait "
                             "until you enter",
                             "C4: the only unvisited chamber with an enemy")
    assert engine.chambers["C4"].enemy_gone


def test_genie_of_death_still_asks_when_there_is_a_choice() -> None:
    engine = game("enter A1 AS")
    for chamber in engine.chambers.values():
        chamber.visited = chamber.visited or chamber.name not in ("C1", "C2", "C3", "C4")
    with pytest.raises(BadInput, match=r"usage: take KS CHAMBER x3 \(unvisited: C1 C2 C3 C4\)"):
        engine.apply("take KS")


# -- short forms -------------------------------------------------------------------------
def test_see_several_chambers_at_once() -> None:
    engine = give(game(), "2C")
    last(engine, "cast remote-vision")
    applied = engine.apply("see B2 4D C2 9H")
    assert applied.action == "see B2 4D C2 9H"
    assert applied.lines == ("B2: the enemy is 4D (demon)", "C2: the enemy is 9H (amazon)")
    assert engine.remote_vision == 0


@pytest.mark.parametrize(("action", "message"), [
    ("see B2 4D C2", "usage: see CHAMBER ENEMY [CHAMBER ENEMY...] (pairs; --treasure with one "
                     "chamber only)"),
    ("see B2 4D C2 9H --treasure 5H", "usage: see CHAMBER ENEMY [CHAMBER ENEMY...] (pairs; "
                                      "--treasure with one chamber only)"),
    ("see B2 4D B2 4D", "a chamber is named twice"),
])
def test_see_pairs_usage(action: str, message: str) -> None:
    engine = give(game(), "2C")
    last(engine, "cast remote-vision")
    with pytest.raises(BadInput) as error:
        engine.apply(action)
    assert str(error.value) == message


def test_see_pairs_need_a_vision_each() -> None:
    engine = give(game(), "2C")
    last(engine, "cast remote-vision --count 1 --overpay")
    assert refused(engine, "see B2 4D C2 9H", "hebrac.spell.remote-vision") == (
        "no vision to use: cast Remote Vision, Revelation or God Vision "
        "(rule hebrac.spell.remote-vision)")


def test_card_names_in_words_need_no_quotes() -> None:
    engine = game()
    applied = engine.apply("enter A1 queen of diamonds")
    assert applied.action == "enter A1 QD"
    assert engine.apply("take 2 of clubs").action == "take 2C"
    engine = game("enter A1 KD")
    assert engine.apply("reveal ten of hearts").action == "reveal 10H"


def test_spell_names_in_words_need_no_quotes() -> None:
    engine = give(game(), "2C")
    assert engine.apply("cast remote vision").action == "cast remote-vision --with 2C --count 2"
    engine = give(game("enter A1 KS"), "7C")
    applied = engine.apply("cast stealing spirit queen of hearts")
    assert applied.action == "cast stealing-spirit QH --with 7C"
    engine = give(game(), "10C", "2C")
    applied = engine.apply("cast genie of luck 2H 3H 4H 5H 6H")
    assert applied.action == "cast genie-of-luck 2H 3H 4H 5H 6H --with 10C --with 2C"


@pytest.mark.parametrize(("words", "joined"), [
    (["B1", "queen", "of", "diamonds"], ["B1", "queen of diamonds"]),
    (["B2", "10", "of", "hearts", "C2", "9H"], ["B2", "10 of hearts", "C2", "9H"]),
    (["10", "♥"], ["10 ♥"]),
    (["A1", "5S"], ["A1", "5S"]),
])
def test_join_card_names(words: list[str], joined: list[str]) -> None:
    assert join_card_names(words) == joined


def test_a_split_card_name_gets_a_hint() -> None:
    with pytest.raises(NotationError) as error:
        game().apply("enter A1 queen diamonds")
    assert str(error.value) == ("'queen diamonds' is not a card: name one as 'queen of "
                                "diamonds' (quoted if it is misread) or QD")


# -- warnings ----------------------------------------------------------------------------
def test_a_draw_other_than_the_peeked_top_card_is_warned() -> None:
    engine = give(game(), "3C")
    last(engine, "cast future-perception")
    last(engine, "peek 3D 9D KH")
    last(engine, "enter A1 5S")
    applied = engine.apply("attack 5H")
    assert applied.lines == ("attack 5 = 5 vs warrior 5: battle won",
                             "take the treasure: 'take CARD'",
                             "warning: Future Perception showed 3D on top of the Hand Deck, "
                             "not 5H; 5H is recorded")
    assert engine.deck_top == [Card.parse("9D"), Card.parse("KH")]


def test_the_peeked_card_drawn_is_not_warned() -> None:
    engine = give(game(), "3C")
    last(engine, "cast future-perception")
    last(engine, "peek 3D 9D KH")
    last(engine, "enter A1 5S")
    assert last(engine, "attack 3D") == ["attack 3 = 3 vs warrior 5: lose 2 life, 15 -> 13"]
    assert last(engine, "attack 10H")[-1] == ("warning: Future Perception showed 9D on top of "
                                              "the Hand Deck, not 10H; 10H is recorded")


def test_a_card_out_more_often_than_the_decks_hold_is_refused() -> None:
    engine = give(game("enter A1 5S", decks=1), "5H")
    assert refused(engine, "attack 5H", "hebrac.setup.decks") == (
        "5H would be out 2 times but the 1 deck hold 1: a typo? (rule hebrac.setup.decks)")


# -- through the command line ------------------------------------------------------------
def test_cli_refused_healing_exits_1_and_saves_nothing(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g")
    cli("hebrac", "enter", "A1", "10S")
    cli("hebrac", "attack", "9H")
    result = cli("hebrac", "cast", "healing")
    assert (result.code, result.out) == (1, "")
    assert result.err == ("Error: Healing costs 2 per life: you have 0 magic points (rule "
                          "hebrac.spell.paying)\n")
    assert cli("hebrac", "see", "B2", "4D", "C2").code == 2
    result = cli("hebrac", "see", "B2", "4D")
    assert (result.code, result.err) == (1, "Error: no vision to use: cast Remote Vision, "
                                            "Revelation or God Vision (rule "
                                            "hebrac.spell.remote-vision)\n")


def test_cli_card_names_in_words(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g")
    result = cli("hebrac", "enter", "A1", "queen", "of", "diamonds")
    assert (result.code, result.err) == (0, "")
    assert result.out.splitlines()[0] == ("A1: QD = white priestess: 'heal' (life to max, "
                                          "treasure lost) or 'take CARD'")
    result = cli("hebrac", "take", "two", "of", "clubs")
    assert result.out.splitlines()[:2] == ["treasure of A1: 2C", "2C magic potion into the "
                                                                 "inventory"]


def test_check_spell_with_a_game_buys_as_the_game_would(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g")
    for words in (("enter", "A1", "10S"), ("attack", "2H"), ("attack", "10H"), ("take", "7C")):
        assert cli("hebrac", *words).code == 0
    result = cli("hebrac", "check", "spell", "healing", "--game", "g")
    assert (result.code, result.out) == (0, "Legal: Healing costs 6 (3 x 2): 7 = 7, 1 lost (a "
                                            "life costs 2)\n  timing: any time; one life per "
                                            "2 points, never above the maximum\n"
                                            "  the game: heal 3: 7 -> 10\n")
    cli("hebrac", "new", "--name", "h")
    for words in (("enter", "A1", "3S"), ("attack", "2H"), ("attack", "10H"), ("take", "7C")):
        assert cli("hebrac", *words).code == 0
    result = cli("hebrac", "check", "spell", "healing")
    assert result.code == 2  # without --game: the potions must be named
    result = cli("hebrac", "check", "spell", "healing", "--game", "h")
    assert (result.code, result.out) == (1, "Not legal: Healing: 7C pays 7 for 1 life at 2 "
                                            "(life 14/15: 1 missing), 5 lost: add --overpay to "
                                            "cast anyway (rule hebrac.ruling.unit-spells)\n")
    # --overpay: the units the game buys (the missing life), not all the points cover
    result = cli("hebrac", "check", "spell", "healing", "--overpay", "--game", "h")
    assert (result.code, result.out) == (0, "Legal: Healing costs 2 (1 x 2): 7 = 7, 5 lost\n"
                                            "  timing: any time; one life per 2 points, never "
                                            "above the maximum\n  the game: heal 1: 14 -> 15\n")


def test_check_spell_with_a_game_asks_the_game_itself(cli: CLI) -> None:
    # The payment's arithmetic is right, but the potion named is not held: the game,
    # asked on a copy (companion.game.verify), refuses, and so does the check.
    cli("hebrac", "new", "--name", "g")
    assert cli("hebrac", "enter", "A1", "9S").code == 0
    result = cli("hebrac", "check", "spell", "paralysis", "--with", "4C", "--game", "g")
    assert (result.code, result.out) == (1, (
        "Not legal: Paralysis costs 4: 4 = 4\n"
        "  timing: battle only; the next two rounds deal no damage\n"
        "  the game: 4C is not in your inventory (the magic potion must be held) "
        "(rule hebrac.treasure.inventory)\n"))
    assert cli("hebrac", "log").out.count("cast") == 0  # the game itself is unchanged


def test_check_steal_of_the_ruby_says_the_max_life_it_takes(cli: CLI) -> None:
    ruby = cli("hebrac", "check", "steal", "--by", "enemy", "AH", "9D")
    lost = rules.table()["treasure"]["ruby_max_life"]
    assert ruby.out == ("Ruling: she takes AH, the most valuable (theft rank 2 of 40); "
                        f"max life drops by {lost}\n")
