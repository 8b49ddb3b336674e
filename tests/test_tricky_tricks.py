"""Who wins a trick, and revoke detection."""

from __future__ import annotations

import pytest

from companion.errors import BadInput, RuleRefused
from companion.tricky.cards import Deck, default_deck_settings, normalize_deck
from companion.tricky.engine import TrickyGame, new_engine
from companion.tricky.state import Trump, trick_winner

DECK = Deck.from_settings(default_deck_settings())
CONFIRMED = Deck.from_settings({**default_deck_settings(), "unverified": []})
NO_TRUMP = Trump()


def win(cards: str, trump: Trump = NO_TRUMP, order: str = "highest",
        deck: Deck = DECK) -> tuple[str, str]:
    played = [deck.parse(card) for card in cards.split()]
    position, reason = trick_winner(played, deck, trump, order)
    return str(played[position]), reason


def test_highest_of_the_asked_colour_wins() -> None:
    assert win("B3 B6 B1") == ("B6", "the highest blue wins, B6")


def test_other_colours_never_win_without_trumps() -> None:
    assert win("B3 G7 R7 Y7") == ("B3", "the highest blue wins, B3")


def test_colour_trump_beats_the_asked_colour() -> None:
    assert win("B7 R0 B6", Trump("colour", colour="R")) == ("R0", "R0 is the only trump (red)")


def test_colour_trump_is_decided_by_value_in_the_colour() -> None:
    assert win("B7 R2 R5", Trump("colour", colour="R")) == (
        "R5", "R5 is the highest trump (red)")


def test_asked_colour_is_the_trump_colour() -> None:
    assert win("R3 R6 B7", Trump("colour", colour="R")) == (
        "R6", "R6 is the highest trump (red)")


def test_value_trump_ties_go_to_more_stars() -> None:
    assert win("B7 Y2 G2 R2", Trump("value", value=2)) == (
        "G2", "trumps tie on 2 (2s): G2 has the most stars (Y2 3, G2 4, R2 1) (unverified)")


def test_value_trump_single() -> None:
    assert win("G7 B2 G6", Trump("value", value=2)) == ("B2", "B2 is the only trump (2s)")


def test_spell_trumps_highest_value_first() -> None:
    assert win("Y7 G3 R4", Trump("spells")) == ("R4", "R4 is the highest trump (spells)")


def test_spell_trumps_equal_value_go_to_more_stars() -> None:
    assert win("R7 B4 G4 Y3", Trump("spells"), deck=CONFIRMED) == (
        "G4", "trumps tie on 4 (spells): G4 has the most stars (B4 2, G4 4)")


def test_potion_trumps() -> None:
    # default potions R1 B2 Y5 G6: the highest potion value wins
    assert win("B7 R1 Y5", Trump("potions")) == ("Y5", "Y5 is the highest trump (potions)")
    assert win("B7 B2 G1", Trump("potions")) == ("B2", "B2 is the only trump (potions)")


def test_potion_trumps_of_equal_value_go_to_more_stars() -> None:
    settings = normalize_deck({"potions": [2, 2, 5, 6]})
    deck = Deck.from_settings(settings)
    assert win("G7 R2 B2", Trump("potions"), deck=deck)[0] == "B2"


def test_torch_trumps_go_to_more_stars() -> None:
    assert win("Y6 R0 Y0", Trump("torches"), deck=CONFIRMED) == (
        "Y0", "trumps tie on 0 (torches): Y0 has the most stars (R0 1, Y0 3)")


def test_custom_stars_decide() -> None:
    deck = Deck.from_settings(normalize_deck({"stars": [4, 3, 2, 1], "unverified": []}))
    assert win("G0 R0", Trump("torches"), deck=deck)[0] == "R0"


def test_nymph_lowest_of_the_asked_colour() -> None:
    assert win("Y5 Y1 R0 Y3", order="lowest") == ("Y1", "Nymph: the lowest yellow wins, Y1")


def test_fairy_scout_second_highest() -> None:
    assert win("G4 G7 G5 B6", order="second-highest") == (
        "G5", "Fairy Scout: the second highest green wins, G5 (G7 is highest)")


def test_fairy_scout_lone_card_of_the_asked_colour() -> None:
    assert win("G4 B7 R7", order="second-highest") == (
        "G4", "Fairy Scout: G4 is the only green")


def test_fairy_scout_two_players() -> None:
    assert win("G4 G6", order="second-highest")[0] == "G4"


# -- tricks in a game -------------------------------------------------------------
def three() -> TrickyGame:
    return new_engine({"players": ["Ann", "Bo", "Cy"], "set": "all"})


def test_first_leader_is_the_active_player_then_the_winner() -> None:
    g = three()
    g.apply("round thief --active Bo")
    applied = g.apply("trick B3 B6 B1")
    # one line: who won and why (issue 35); who leads next is the prompt
    assert applied.lines == ("Cy wins: the highest blue wins, B6",)
    assert g.prompt() == "R1/6 T2/9 Cy leads | Ann 0 Bo 0 Cy 0"
    applied = g.apply("trick R7 R2 R3")  # Cy leads: Cy R7, Ann R2, Bo R3
    assert applied.lines == ("Cy wins: the highest red wins, R7",)
    assert "Bo (active): 0 tricks: 5 gold so far" in g.status_lines()


def test_a_trick_has_one_card_per_player() -> None:
    g = three()
    g.apply("round thief")
    with pytest.raises(BadInput, match="a trick is 3 cards, one per player, in play order: "
                                       "Ann, Bo, Cy"):
        g.apply("trick B3 B6")


def test_each_card_once_per_round() -> None:
    g = three()
    g.apply("round thief")
    with pytest.raises(RuleRefused, match="B3 is named twice in this trick"):
        g.apply("trick B3 b3 B1")
    g.apply("trick B3 B6 B1")
    with pytest.raises(RuleRefused, match="B6 was played in trick 1 of this round") as caught:
        g.apply("trick G3 B6 G1")
    assert caught.value.rule == "tricky.deck.cards"


def test_nymph_round_in_play() -> None:
    g = three()
    g.apply("round nymph")
    assert g.apply("trick Y5 Y1 Y3").lines == ("Bo wins: Nymph: the lowest yellow wins, Y1",)


def test_round_ends_after_the_last_trick_with_gold_from_the_haul() -> None:
    g = new_engine({"players": ["Ann", "Bo", "Cy", "Di"], "set": "C"})
    g.apply("round nymph")
    lines: tuple[str, ...] = ()
    for cards in ["R7 R1 R2 R3", "G7 G1 G2 G3", "B7 B1 B2 B3", "Y7 Y1 Y2 Y3",
                  "R0 R4 R5 R6", "G0 G4 G5 G6"]:
        g.apply(f"trick {cards}")
    lines = g.apply("trick B0 B4 B5 B6").lines
    # the 1s won tricks 1-4 (Bo, Cy, Di, Ann); Ann took Y7 and then led and won the 0s
    assert lines == ("Ann wins: Nymph: the lowest blue wins, B0",
                     "Round 1 over. Nymph: 1 ogre x 2 = 2 gold", "Ann +2",
                     "Scores: Ann 2, Bo 0, Cy 0, Di 0")
    # Y7 Y1 Y2 Y3, R0 R4 R5 R6, G0 G4 G5 G6 (the green potion), B0 B4 B5 B6
    assert g.rounds[0].counts == {"tricks": 4, "potions": 1, "torches": 3, "goblins": 2,
                                  "spells": 4, "orcs": 5, "ogres": 1, "last_trick": True}
    assert g.rounds[0].via == "tricks"
    assert g.current is None


def test_haul_counts_the_cards_of_won_tricks() -> None:
    g = three()
    g.apply("round wizard")
    lines = g.apply("trick Y4 Y5 R1").lines  # Y4 is a spell: trump for the Wizard
    assert lines == ("Ann wins: Y4 is the only trump (spells)",)
    assert "Ann (active): 1 trick, 2 potions: 4 gold so far" in g.status_lines(80)


def test_last_trick_counts_for_the_assassin() -> None:
    g = new_engine({"players": ["Ann", "Bo", "Cy", "Di"]})
    g.apply("round assassin")
    for cards in ["R0 R1 R2 R3", "G0 G1 G2 G3", "B0 B1 B2 B3", "Y0 Y1 Y2 Y3",
                  "R4 R5 R6 R7", "G4 G5 G6 G7"]:
        g.apply(f"trick {cards}")
    lines = g.apply("trick B4 B5 B7 B6").lines  # Cy leads the last trick
    assert lines[0] == "Ann wins: the highest blue wins, B7"
    assert lines[1] == "Round 1 over. Assassin: won the last trick: 4 gold"


# -- revokes -------------------------------------------------------------------------
def test_revoke_is_flagged_with_the_trick_numbers() -> None:
    g = three()
    g.apply("round thief")
    g.apply("trick B3 G6 B1")  # Bo does not follow blue
    g.apply("trick R7 R2 R3")  # Ann wins trick 1 (B3), leads red
    applied = g.apply("trick R6 B5 R4")  # Ann leads R6, Bo plays blue, Cy R4
    assert applied.lines[1] == "Revoke? Bo: no blue in trick 1, B5 now"
    assert "Revoke? Bo did not follow blue in trick 1, then played B5 in trick 3" \
        in g.status_lines(80)
    assert g.status()["round"]["revokes"] == [
        {"player": "Bo", "colour": "blue", "missed": 1, "played": 3, "card": "B5"}]


def test_revoke_as_leader_is_flagged_too() -> None:
    g = three()
    g.apply("round thief")
    g.apply("trick B3 G6 B7")  # Bo misses blue; Cy wins
    g.apply("trick G0 G1 G7")  # Cy leads G0, Ann G1, Bo G7: Bo wins
    applied = g.apply("trick B6 B2 B1")  # Bo leads blue
    assert applied.lines == ("Bo wins: the highest blue wins, B6",
                             "Revoke? Bo: no blue in trick 1, B6 now")


def test_following_colour_is_no_revoke() -> None:
    g = three()
    g.apply("round thief")
    lines = [line for cards in ("B3 B6 B1", "B7 B2 G1", "G2 G3 G4")
             for line in g.apply(f"trick {cards}").lines]
    assert not any(line.startswith("Revoke") for line in lines)


def test_revoke_flagged_once_per_miss() -> None:
    g = three()
    g.apply("round thief")
    g.apply("trick B3 G6 B1")  # Bo misses blue; Ann wins
    first = g.apply("trick R6 B5 R4").lines  # Ann leads R6: Bo B5 is a revoke (and misses red)
    second = g.apply("trick R7 B4 R5").lines  # Ann leads again: Bo's B4 is no new revoke,
    assert sum(line.startswith("Revoke") for line in first) == 1
    assert [line for line in second if line.startswith("Revoke")] == []
    assert len(g.rounds[0].revokes) == 1


def test_revokes_are_per_round() -> None:
    g = new_engine({"players": ["Ann", "Bo"]})
    g.apply("round thief")
    g.apply("trick B3 G6")
    for cards in ["B7 B6", "B5 B4", "R0 R1", "R2 R3", "G0 G1", "G2 G3", "Y0 Y1", "Y2 Y3"]:
        g.apply(f"trick {cards}")
    g.apply("round thief")
    assert not any(line.startswith("Revoke") for line in g.apply("trick G1 B1").lines)


def test_each_trick_answers_in_two_lines_at_forty_columns() -> None:
    """Issue 35: who won and why in one line, then the prompt naming who leads next (the
    next trick's cards are typed from that player); the round's end aside."""
    g = three()
    g.apply("round thief --active Bo")
    hands = ["R0 R1 R2", "R3 R4 R5", "R6 R7 G0", "G1 G2 G3", "G4 G5 G6", "G7 B0 B1",
             "B2 B3 B4", "B5 B6 B7", "Y0 Y1 Y2"]
    for number, cards in enumerate(hands, start=1):
        lines = g.apply(f"trick {cards}").lines
        if number < len(hands):
            rnd = g.current
            assert rnd is not None
            leader = g.players[rnd.leader]
            assert len(lines) == 1 and lines[0].startswith(f"{leader} wins: "), lines
            assert len(lines[0]) <= 40 and len(g.prompt()) <= 40
            assert f" {leader} leads | " in g.prompt()
        else:
            assert lines[1].startswith("Round 1 over.")
