"""The Tricky game: rounds, rotation, the fast path, two players, variants, the end."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from companion.errors import BadInput, RuleRefused
from companion.game import replay
from companion.tricky.engine import TrickyGame, new_engine, normalize_settings
from tests.plays import played
from tests.statecheck import differences

NAMES = ["Ann", "Bo", "Cy", "Di"]


def game(players: int = 3, **settings: Any) -> TrickyGame:
    return new_engine({"players": NAMES[:players], **settings})


def refused(g: TrickyGame, action: str, rule: str, message: str) -> None:
    with pytest.raises(RuleRefused) as caught:
        g.apply(action)
    assert caught.value.rule == rule
    assert message in str(caught.value)


def second_exchange_refused(g: TrickyGame, action: str, player: str) -> None:
    refused(g, action, "tricky.round.exchange", f"{player} has exchanged already this round")


def play_rounds(g: TrickyGame, *results: str) -> None:
    for result in results:
        g.apply("round thief")
        g.apply(f"result --tricks {result}")


# -- settings --------------------------------------------------------------------
def test_default_settings() -> None:
    settings = normalize_settings({"players": ["Ann", "Bo", "Cy"]})
    assert {k: settings[k] for k in ("players", "set", "rounds_per_player", "race", "guild",
                                     "random_heroes")} == {
        "players": ["Ann", "Bo", "Cy"], "set": "A", "rounds_per_player": 2, "race": 0,
        "guild": False, "random_heroes": False}
    assert normalize_settings(settings) == settings


@pytest.mark.parametrize(("players", "rounds", "tricks"), [(2, 8, 9), (3, 6, 9), (4, 8, 7)])
def test_rounds_and_tricks_by_player_count(players: int, rounds: int, tricks: int) -> None:
    g = game(players)
    assert (g.rounds_total, g.hand) == (rounds, tricks)


@pytest.mark.parametrize(("raw", "message"), [
    ({"players": ["Ann"]}, "Tricky Dungeon is for 2 to 4 players, not 1"),
    ({"players": NAMES + ["Ed"]}, "Tricky Dungeon is for 2 to 4 players, not 5"),
    ({"players": ["Ann", "ann"]}, "'Ann' is named twice"),
    ({"players": ["Ann", "B o"]}, "'B o' is not a player name"),
    ({"players": ["Ann", "-x"]}, "'-x' is not a player name"),
    ({"players": ["Ann", "Bo"], "set": "D"}, "--set must be A, B, C or all, not 'd'"),
    ({"players": ["Ann", "Bo"], "set": "A", "random_heroes": True},
     "--random-heroes plays all 15 heroes"),
    ({"players": ["Ann", "Bo"], "race": 15, "rounds_per_player": 3},
     "--race plays until someone has the gold: leave out --rounds-per-player"),
    ({"players": ["Ann", "Bo"], "race": 15, "guild": True}, "leave out --guild"),
    ({"players": ["Ann", "Bo"], "guild": True, "rounds_per_player": 3},
     "--guild plays 5 rounds per player"),
    ({"players": ["Ann", "Bo"], "guild": True, "random_heroes": True},
     "--guild and --random-heroes do not mix"),
    ({"players": ["Ann", "Bo"], "rounds_per_player": 11},
     "--rounds-per-player must be a whole number from 4 to 10 with 2 players"),
    ({"players": ["Ann", "Bo"], "race": -1}, "--race must be a whole number from 1 to 999"),
    ({"players": ["Ann", "Bo"], "colour": "red"}, "unknown Tricky setting 'colour'"),
])
def test_bad_settings(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(BadInput, match=message):
        normalize_settings(raw)


def test_unicode_player_names() -> None:
    assert new_engine({"players": ["Zoë", "Ünal"]}).players == ["Zoë", "Ünal"]


# -- rounds and rotation ---------------------------------------------------------------
def test_round_announces_the_hero_and_the_rules() -> None:
    g = game(3)
    applied = g.apply("round barb --trump r --exchange 2")
    assert applied.action == "round barbarian --active Ann --trump R --exchange 2"
    assert applied.lines == (
        "Round 1 of 6: Ann plays the Barbarian", "Trump: red",
        "Gold: 1 per trick or potion over 6 (3 players, unverified)",
        "Ann exchanges 2 cards", "Ann leads the first trick")


def test_any_player_may_start_then_clockwise() -> None:
    g = game(3)
    assert g.apply("round thief --active cy").action == "round thief --active Cy"
    g.apply("result --tricks 1")
    assert g.apply("round thief").action == "round thief --active Ann"
    g.apply("result --tricks 1")
    refused(g, "round thief --active Cy", "tricky.round.active",
            "Cy is not the active player: Bo is, clockwise after Ann")
    assert g.apply("round thief --active Bo").action == "round thief --active Bo"


def test_unknown_player() -> None:
    with pytest.raises(BadInput, match="'Ed' is not a player of this game: expected one of "
                                       "Ann, Bo, Cy"):
        game(3).apply("round thief --active Ed")


# The first round refused for what the game's settings allow.
@pytest.mark.parametrize(("players", "action", "rule", "message"), [
    pytest.param(3, "round ninja", "tricky.setup.set",
                 "the Ninja is in set C; this game plays set A",
                 id="hero-outside-the-set"),
    pytest.param(4, "round thief --exchange 5", "tricky.round.exchange",
                 "Ann cannot exchange 5 cards: the leftover pile has 4",
                 id="four-players-leftover-pile"),
    pytest.param(3, "round thief --pass witch", "tricky.variant.random",
                 "passing on a hero is for the Random Dungeon",
                 id="passing-needs-the-random-dungeon"),
])
def test_first_round_refused(players: int, action: str, rule: str, message: str) -> None:
    refused(game(players), action, rule, message)


# A round, the fast path's result and the exchange each wait for the tricks entered.
@pytest.mark.parametrize(("action", "rule", "message"), [
    pytest.param("round wizard", "tricky.round.end",
                 "round 1 is not over: 1 of 9 tricks entered (or use 'result')",
                 id="round-while-a-round-is-played"),
    pytest.param("result --tricks 1", "tricky.round.result",
                 "1 trick of this round entered: enter the rest, or undo them to use 'result'",
                 id="result-after-tricks"),
    pytest.param("exchange --count 1", "tricky.round.exchange",
                 "the exchange comes before the first trick; 1 trick entered",
                 id="exchange-before-the-first-trick"),
])
def test_refused_once_a_trick_is_entered(action: str, rule: str, message: str) -> None:
    refused(played(game(3), "round thief", "trick R1 R2 R3"), action, rule, message)


def test_actions_need_a_round() -> None:
    g = game(3)
    refused(g, "trick R1 R2 R3", "tricky.round.hero", "no round is being played")
    refused(g, "result --tricks 1", "tricky.round.hero", "no round is being played")
    refused(g, "exchange --count 1", "tricky.round.hero", "no round is being played")


def test_unknown_action() -> None:
    with pytest.raises(BadInput, match="'bid' is not a Tricky action: expected one of round, "
                                       "exchange, predict, trick, result"):
        game(3).apply("bid 3")


# -- the fast path ----------------------------------------------------------------
def test_result_gives_the_gold_at_once() -> None:
    g = played(game(3), "round barbarian --trump green")
    applied = g.apply("result --potions 2 --tricks 6")
    assert applied.action == "result --tricks 6 --potions 2"
    assert applied.lines == (
        "Round 1 over. Barbarian: 6 tricks + 2 potions = 8, 2 over minimum 6 "
        "(3 players, unverified): 2 gold", "Ann +2", "Scores: Ann 2, Bo 0, Cy 0")


def test_result_names_what_the_hero_needs() -> None:
    g = played(game(3, set="all"), "round wizard")
    with pytest.raises(BadInput, match=r"the Wizard's gold needs --potions \(potions "
                                       r"collected\)"):
        g.apply("result --tricks 3")
    g.apply("result --potions 0")
    g.apply("round assassin")
    with pytest.raises(BadInput, match="needs --last-trick or --no-last-trick"):
        g.apply("result --tricks 3")
    assert g.apply("result --no-last-trick --tricks 3").action == \
        "result --tricks 3 --no-last-trick"


@pytest.mark.parametrize(("action", "message"), [
    ("result --tricks 10", "--tricks 10: a round has at most 9"),
    ("result --tricks 2 --potions 5", "--potions 5: a round has at most 4"),
    ("result --tricks 2 --spells 9", "--spells 9: a round has at most 8"),
    ("result --tricks 2 --goblins 7", "--goblins 7: a round has at most 6"),
    ("result --tricks 2 --ogres 5", "--ogres 5: a round has at most 4"),
    ("result --tricks 1 --potions 2 --spells 2", "1 trick hold 3 cards, not 4"),
    ("result --tricks 0 --last-trick", "the last trick won with 0 tricks?"),
    ("result --tricks 9 --no-last-trick", "all 9 tricks won, so the last one too"),
])
def test_impossible_hauls(action: str, message: str) -> None:
    g = played(game(3), "round thief")
    refused(g, action, "tricky.round.result", message)


@pytest.mark.parametrize(("action", "message"), [
    ("result --tricks x", "--tricks must be a whole number, not 'x'"),
    ("result --tricks -1", "--tricks must be a whole number, not '-1'"),
    ("result -1", "counts must be a whole number, not '-1'"),
    ("result --tricks 2 --last-trick --no-last-trick",
     "--last-trick and --no-last-trick together"),
    ("result 3 1 2", r"'result' takes at most 2 words \(tricks, then potions\): did you mean "
                     r"--spells 2\?"),
    ("result 3 --tricks 3", "tricks given twice: 3 and --tricks 3"),
    ("result --tricks 2 --gold 3", "'result' takes no option --gold"),
])
def test_bad_results(action: str, message: str) -> None:
    g = played(game(3), "round thief")
    with pytest.raises(BadInput, match=message):
        g.apply(action)


# -- the Seer ------------------------------------------------------------------------
def test_seer_predicts_before_play() -> None:
    g = played(game(3, set="B"), "round seer")
    refused(g, "trick R1 R2 R3", "tricky.hero.seer", "the Seer predicts before play")
    refused(g, "result --tricks 3 --potions 1", "tricky.hero.seer",
            "the Seer predicts before play")
    refused(g, "predict 14", "tricky.hero.seer",
            "a prediction of 14 cannot come true: at most 9 tricks + 4 potions = 13")
    assert g.apply("predict 4").lines == ("Ann predicts 4 tricks + potions",)
    refused(g, "predict 5", "tricky.hero.seer", "the prediction is made: 4")
    assert g.apply("result --tricks 3 --potions 1").lines[0] == (
        "Round 1 over. Seer: predicted 4, got 3 tricks + 1 potion = 4, right: 5 gold")


def test_only_the_seer_predicts() -> None:
    g = game(3)
    refused(g, "round thief --predict 3", "tricky.hero.seer", "only the Seer predicts")
    g.apply("round thief")
    refused(g, "predict 3", "tricky.hero.seer", "only the Seer predicts")


def test_prediction_in_the_round_action() -> None:
    g = game(3, set="B")
    applied = g.apply("round seer --predict 2")
    assert applied.action == "round seer --active Ann --predict 2"
    assert "Ann predicts 2 tricks + potions" in applied.lines


# -- exchanges ---------------------------------------------------------------------
def test_three_players_only_the_active_player_exchanges() -> None:
    g = played(game(3), "round thief")
    refused(g, "exchange --player Bo --count 1", "tricky.round.exchange",
            "only the active player (Ann) exchanges cards")
    refused(g, "exchange --count 6", "tricky.round.exchange",
            "Ann cannot exchange 6 cards: the leftover pile has 5")
    assert g.apply("exchange --count 5").action == "exchange --player Ann --count 5"
    second_exchange_refused(g, "exchange --count 1", "Ann")


def test_two_player_exchange_limits() -> None:
    g = game(2)
    refused(g, "round thief --exchange 8", "tricky.two-player",
            "Ann cannot exchange 8 cards: at most 7 with 2 players")
    g.apply("round thief")
    refused(g, "exchange --player Bo --count 1", "tricky.two-player",
            "Ann (active) exchanges first: enter that, 0 if none")
    applied = g.apply("exchange R3 G4 y0")
    assert applied.action == "exchange R3 G4 Y0 --player Ann --count 3"
    assert applied.lines == ("Ann exchanges 3 cards, putting aside R3 G4 Y0",)
    refused(g, "exchange B3 B4 B5 B6", "tricky.two-player",
            "Bo may exchange at most 3: never more than Ann (active)")
    assert g.apply("exchange B3 B4").action == "exchange B3 B4 --player Bo --count 2"
    second_exchange_refused(g, "exchange --player Bo --count 0", "Bo")


def test_two_players_never_exchange_potions() -> None:
    g = played(game(2), "round thief")
    refused(g, "exchange R3 B2", "tricky.two-player",
            "B2 is a potion (unverified): with two players potions are never exchanged")


def test_discarded_cards_are_out_of_the_round() -> None:
    g = played(game(2), "round thief", "exchange R3 G4")
    refused(g, "exchange R3 --player Bo", "tricky.deck.cards",
            "R3 was put aside in this round's exchange")
    g.apply("exchange --player Bo --count 0")
    refused(g, "trick G4 G5", "tricky.deck.cards", "G4 was put aside in this round's exchange")


def test_exchange_count_must_match_the_cards() -> None:
    g = played(game(2), "round thief")
    with pytest.raises(BadInput, match="--count 3 but 2 cards named"):
        g.apply("exchange R3 G4 --count 3")


def test_exchange_reads_its_count_as_every_whole_number_is_read() -> None:
    g = played(game(3), "round thief")
    with pytest.raises(BadInput, match="'0000000002' is not a card"):
        g.apply("exchange 0000000002")  # ten digits: no count companion reads
    assert g.apply("exchange 002").action == "exchange --player Ann --count 2"


# -- the end of the game ------------------------------------------------------------
def test_game_ends_after_the_rounds_with_a_winner() -> None:
    g = game(3)
    play_rounds(g, "0", "1", "2", "3", "4")
    assert g.outcome == "playing"
    g.apply("round thief")
    applied = g.apply("result --tricks 5")
    # the Thief earns 5 - tricks: Ann 5, Bo 4, Cy 3, Ann 2, Bo 1, Cy 0 (Ann, Bo +1)
    assert g.totals == [5 + 2 + 1, 4 + 1 + 1, 3]
    assert applied.lines[-2:] == ("Cy earns no gold: Ann, Bo +1 each",
                                  "Game over after 6 rounds: Ann wins")  # no scores twice
    assert g.outcome == "finished"
    assert g.winners() == ["Ann"]
    refused(g, "round thief", "tricky.game.end", "the game is over: Ann wins with 8 gold")


def test_a_tie_shares_the_win() -> None:
    g = game(2)
    play_rounds(g, *["2"] * 7)
    g.apply("round thief")
    applied = g.apply("result --tricks 2")
    assert applied.lines[-1] == "Game over after 8 rounds: Ann and Bo share the win"
    assert g.winners() == ["Ann", "Bo"]


def test_longer_game() -> None:
    g = game(3, rounds_per_player=4)
    assert g.rounds_total == 12
    play_rounds(g, *["1"] * 11)
    assert g.outcome == "playing"
    play_rounds(g, "1")
    assert g.outcome == "finished"


def test_race_ends_at_the_round_that_reaches_the_gold() -> None:
    g = game(2, race=8)
    assert g.rounds_total is None
    play_rounds(g, "0", "9", "0")  # Ann 5, Bo 0 (Ann +1) -> Ann 6, then Ann +5 = 11
    assert g.totals == [11, 0]
    assert g.outcome == "finished"
    assert g.status_lines(40)[:3] == ["Race to 8 gold", "Race to 8 won: Ann wins",
                                     "Scores: Ann 11, Bo 0"]


def test_race_tie_is_shared() -> None:
    g = played(game(3, race=1), "round thief")
    applied = g.apply("result --tricks 9")  # Ann earns nothing: Bo and Cy +1 each
    assert applied.lines[-1] == "Race to 1 won: Bo and Cy share the win"
    assert g.winners() == ["Bo", "Cy"]


def test_race_goes_on_until_someone_has_the_gold() -> None:
    g = game(3, race=3)
    play_rounds(g, "9", "9", "9")  # Ann, Bo, Cy 0 in turn, the other two +1 each: 2 each
    assert g.outcome == "playing"
    g.apply("round thief")
    applied = g.apply("result --tricks 4")  # Ann +1 = 3
    assert applied.lines[-1] == "Race to 3 won: Ann wins"


def test_guild_each_hero_once_per_player() -> None:
    g = game(2, guild=True)
    assert g.rounds_total == 10
    g.apply("round thief")
    g.apply("result --tricks 1")
    g.apply("round thief")  # Bo may: another player's hero
    g.apply("result --tricks 1")
    refused(g, "round thief", "tricky.ruling.guild",
            "Adventurers Guild: Ann played the Thief in round 1")
    assert "Heroes left for Ann: Assassin, Barbarian, Wizard, Witch" in g.status_lines(80)


def test_guild_plays_every_hero_once() -> None:
    g = game(2, guild=True)
    heroes = ["thief", "assassin", "barbarian --trump R", "wizard", "witch"]
    results = ["--tricks 1", "--no-last-trick", "--tricks 1 --potions 0", "--potions 1",
               "--spells 1"]
    for hero, result in zip(heroes, results, strict=True):
        for _ in range(2):
            g.apply(f"round {hero}")
            g.apply(f"result {result}")
    assert g.outcome == "finished"


def test_random_dungeon_passes() -> None:
    g = game(3, random_heroes=True)
    assert g.settings["set"] == "all"
    applied = g.apply("round nymph --pass thief --pass seer")
    assert applied.action == "round nymph --active Ann --pass thief --pass seer"
    assert applied.lines[1] == "Passed on: Thief, Seer"
    g.apply("result --ogres 1")
    refused(g, "round nymph --pass a --pass b --pass c", "tricky.variant.random",
            "at most 2 heroes are passed on")
    refused(g, "round nymph --pass nymph", "tricky.variant.random",
            "the Nymph was turned up once")


def test_set_all_without_random() -> None:
    g = played(game(3, set="all"), "round ninja")
    assert g.rounds[0].hero.name == "Ninja"


# -- status and replay -------------------------------------------------------------------
def test_status_lines_fit_forty_columns() -> None:
    g = played(new_engine({"players": ["Annabelle", "Bartholomew", "Cyrano", "Dominique"],
                           "set": "C"}), "round knight --trump 3", "trick R1 R2 R3 B4")
    for width in (40, 60):
        lines = g.status_lines(width)
        assert all(len(line) <= width for line in lines), lines
    assert g.status_lines(40) == [
        "Round 1 of 8: Annabelle plays the Knight",
        "Trump: 3s",
        "Trick 2 of 7: Cyrano leads",
        "Annabelle (active): 0 tricks, 0 potions:",
        "  0 gold so far",
        "Scores: Annabelle 0, Bartholomew 0,",
        "  Cyrano 0, Dominique 0",
        "Next: 'trick' from Cyrano",
        "Unverified: 8 deck settings (see 'deck')",
    ]


def test_status_between_rounds_and_prompt() -> None:
    g = game(3)
    assert g.status_lines(40) == [
        "Round 1 of 6: any player starts", "Set A: Thief, Assassin, Barbarian,",
        "  Wizard, Witch", "Scores: Ann 0, Bo 0, Cy 0",
        "Next: 'round HERO --active NAME'", "Unverified: 8 deck settings (see 'deck')"]
    assert g.prompt() == "R1/6 pick a hero | Ann 0 Bo 0 Cy 0"
    g.apply("round thief")
    assert g.prompt() == "R1/6 T1/9 Ann leads | Ann 0 Bo 0 Cy 0"


def test_status_json_is_plain_data() -> None:
    g = played(game(3), "round thief", "trick R1 R2 R3")
    status = g.status()
    json.dumps(status)
    assert status["round"]["tricks"] == [
        {"number": 1, "leader": "Ann", "cards": ["R1", "R2", "R3"], "winner": "Cy"}]
    assert status["round"]["leader"] == "Cy"
    assert status["next"] == "'trick' from Cy"
    assert "schema" not in status


def test_sheet_table_and_stacked() -> None:
    g = game(3)
    play_rounds(g, "1", "9")
    assert g.sheet_lines(80) == [
        " # Active Hero  Trump Ann  Bo  Cy",
        " 1 Ann    Thief none    4   0   0",
        " 2 Bo     Thief none    1   0   1",
        "Totals: Ann 5, Bo 0, Cy 1",
        "4 rounds to play"]
    assert g.sheet_lines(30) == [
        "1. Ann: Thief, trump none", "   Ann 4  Bo 0  Cy 0",
        "2. Bo: Thief, trump none", "   Ann 1  Bo 0  Cy 1",
        "Totals: Ann 5, Bo 0, Cy 1", "4 rounds to play"]


def test_replay_gives_the_same_state() -> None:
    g = game(3)
    actions = [g.apply(a).action for a in ("round barb --trump y", "trick Y1 Y2 Y3",
                                          "trick b1 b2 b3")]
    again = replay("tricky", g.settings, actions)
    assert again.status() == g.status()


def test_players_by_unique_start() -> None:
    g = new_engine({"players": ["Ann", "Anna", "Bo"]})
    assert g.apply("round thief --active b").action == "round thief --active Bo"
    g2 = new_engine({"players": ["Ann", "Anna", "Bo"]})
    assert g2.apply("round thief --active ann").action == "round thief --active Ann"
    with pytest.raises(BadInput, match="'an' could be Ann or Anna: type more"):
        new_engine({"players": ["Ann", "Anna", "Bo"]}).apply("round thief --active an")


# -- a result without its trick count (issue 32, item 16) --------------------------------
def test_a_result_without_tricks_counts_the_tricks_its_haul_implies() -> None:
    """'result --last-trick' (the Assassin needs nothing else) is read as at least one
    trick won, never as 'won the last of 0 tricks'; the ruling says so when it applies."""
    g = played(game(3), "round assassin --active Ann")
    applied = g.apply("result --last-trick")
    assert applied.action == "result --last-trick"
    assert applied.lines[0] == "Round 1 over. Assassin: won the last trick: 4 gold"
    assert "at least 1 trick won, as the haul implies " \
           "(rule tricky.ruling.result-tricks)" in applied.lines
    finished = g.rounds[0]
    assert finished.counts is not None and finished.counts["tricks"] == 1
    g.apply("round wizard")
    applied = g.apply("result --potions 4")  # 4 cards, 3 players: 2 tricks at least
    assert "at least 2 tricks won, as the haul implies " \
           "(rule tricky.ruling.result-tricks)" in applied.lines
    g.apply("round assassin")
    plain = g.apply("result --no-last-trick")
    assert not any("tricky.ruling.result-tricks" in line for line in plain.lines)


def test_a_haul_that_needs_more_tricks_than_a_round_has_is_refused() -> None:
    g = played(game(3), "round wizard")
    before = copy.deepcopy(g.rounds[-1])
    refused(g, "result --potions 4 --spells 8 --goblins 6 --orcs 6 --ogres 4",
            "tricky.round.result", "28 cards need at least 10 tricks: a round has 9")
    assert not differences(g.rounds[-1], before)
