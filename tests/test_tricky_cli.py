"""companion tricky ...: exact output and exit codes (COLUMNS=40, see conftest)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from tests.clihelpers import printed
from tests.conftest import CLI

UNVERIFIED = "Unverified: 8 deck settings (see 'deck')\n"


def started(cli: CLI, *players: str) -> None:
    assert cli("tricky", "new", *(players or ("Ann", "Bo", "Cy")), "--name", "g").code == 0


def test_new_game(cli: CLI) -> None:
    assert printed(cli, "tricky", "new", "Ann", "Bo", "Cy") == (
        "New game 'tricky-1' (tricky), now current.\n"
        "On the table:\n"
        "Seats, clockwise: Ann, Bo, Cy\n"
        "Heroes: set A face up for all to see:\n"
        "  Thief, Assassin, Barbarian, Wizard,\n"
        "  Witch\n"
        "Each round: shuffle the 32 cards and\n"
        "  deal 9 each; the 5 left over lie face\n"
        "  down, the pile exchanges draw from\n"
        "Agree who is active first: that player\n"
        "  picks a hero and leads the first trick\n"
        "  ('round HERO --active NAME'; else\n"
        "  Ann); then the turn passes clockwise\n"
        "6 rounds: each player is active twice\n"
        "R1/6 pick a hero | Ann 0 Bo 0 Cy 0\n"
        "Next: 'round HERO --active NAME'\n")


def test_new_game_refusals(cli: CLI) -> None:
    result = cli("tricky", "new", "Ann")
    assert (result.code, result.out) == (2, "")
    assert result.err == "Error: Tricky Dungeon is for 2 to 4 players, not 1\n"
    assert cli("tricky", "new", "A", "B", "--set", "E").err == \
        "Error: --set must be A, B, C or all, not 'e'\n"
    assert cli("tricky", "new", "A", "B", "--race", "15", "--guild").err == \
        "Error: --race plays until someone has the gold: leave out --guild\n"


def test_round_trick_and_vitals(cli: CLI) -> None:
    started(cli)
    result = cli("tricky", "round", "barbarian", "--trump", "red")
    assert result.code == 0
    assert result.out == ("Round 1 of 6: Ann plays the Barbarian\n"
                          "Trump: red\n"
                          "Gold: 1 per trick or potion over 6 (3 players, unverified)\n"
                          "Ann leads the first trick\n"
                          "R1/6 T1/9 Ann leads | Ann 0 Bo 0 Cy 0\n")
    result = cli("tricky", "trick", "B5", "r2", "green 7")
    # two lines: who won and why, then the prompt with who leads next (issue 35)
    assert result.out == ("Bo wins: R2 is the only trump (red)\n"
                          "R1/6 T2/9 Bo leads | Ann 0 Bo 0 Cy 0\n")


def test_bad_card_exit_2_with_the_forms(cli: CLI) -> None:
    started(cli)
    cli("tricky", "round", "thief")
    result = cli("tricky", "trick", "G4", "Q5", "R1")
    assert (result.code, result.out) == (2, "")
    assert result.err == ("Error: 'Q5' is not a card: expected a colour and a value 0-7 like "
                          "G4, r0, 4G or 'green 4' (colours: red, blue, yellow, green)\n")


def test_refusal_exit_1_names_the_rule_and_saves_nothing(cli: CLI, home: Path) -> None:
    started(cli)
    cli("tricky", "round", "thief")
    cli("tricky", "trick", "G4", "G5", "R1")
    before = (home / "games" / "g.toml").read_bytes()
    result = cli("tricky", "trick", "G4", "B5", "R2")
    assert (result.code, result.out) == (1, "")
    assert result.err == "Error: G4 was played in trick 1 of this round (rule tricky.deck.cards)\n"
    assert (home / "games" / "g.toml").read_bytes() == before


def test_usage_errors_exit_2(cli: CLI) -> None:
    started(cli)
    assert cli("tricky", "round", "knight").err == \
        "Error: the Knight is in set C; this game plays set A (rule tricky.setup.set)\n"
    assert cli("tricky", "round", "barbarian").err == \
        "Error: the Barbarian needs its trump: 'round barbarian COLOUR', a colour (active " \
        "player picks)\n"
    assert cli("tricky", "round", "barbarian").code == 2
    cli("tricky", "round", "thief")
    result = cli("tricky", "trick", "G4", "G5")
    assert (result.code, result.err) == (
        2, "Error: a trick is 3 cards, one per player, in play order: Ann, Bo, Cy\n")
    assert cli("tricky", "result", "--tricks", "x").code == 2


def test_result_fast_path_and_end_of_game(cli: CLI) -> None:
    started(cli, "Ann", "Bo")
    for _ in range(8):
        assert cli("tricky", "round", "thief").code == 0
        result = cli("tricky", "result", "--tricks", "4")
    assert result.out == ("Round 8 over. Thief: base 5 (2 players, unverified) - 4 tricks = "
                          "1: 1 gold\n"
                          "Bo +1\n"
                          "Game over after 8 rounds: Ann and Bo share the win\n"
                          "[finished]\n"
                          "\n"  # the end-of-game summary follows: the scores, once
                          "g: Ann and Bo share the win with 4 gold\n"
                          " # Hero                         Ann  Bo\n"
                          + "".join(f" {n} Thief                          {n % 2}   "
                                    f"{1 - n % 2}\n" for n in range(1, 9))
                          + "   Total                          4   4\n"
                          "Running gold:\n"
                          "Ann  0 \u2581\u2583\u2583\u2585\u2585\u2586\u2586\u2588\u2588 4\n"
                          "Bo   0 \u2581\u2581\u2583\u2583\u2585\u2585\u2586\u2586\u2588 4\n"
                          "Best hero: Ann Thief 1, Bo Thief 1\n")
    result = cli("tricky", "round", "thief")
    assert (result.code, result.err) == (
        1, "Error: the game is over: Ann and Bo share the win with 4 gold (rule "
           "tricky.game.end)\n")
    assert cli("games").out.startswith("* g  tricky  finished\n    16 actions, ")


def test_status_at_forty_columns(cli: CLI) -> None:
    started(cli, "Annabelle", "Bartholomew", "Cyrano", "Dominique")
    cli("tricky", "round", "assassin")
    cli("tricky", "trick", "R0", "R1", "R2", "R3")
    result = cli("tricky", "status")
    assert result.out == ("g (tricky)\n"
                          "Round 1 of 8: Annabelle plays the\n"
                          "  Assassin\n"
                          "No trump\n"
                          "Trick 2 of 7: Dominique leads\n"
                          "Annabelle (active): 0 tricks\n"
                          "Scores: Annabelle 0, Bartholomew 0,\n"
                          "  Cyrano 0, Dominique 0\n"
                          "Next: 'trick' from Dominique\n" + UNVERIFIED)
    assert all(len(line) <= 40 for line in result.out.splitlines())


def test_scores_stacked_at_forty_and_a_table_when_wide(
        cli: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    started(cli, "Annabelle", "Bartholomew", "Cyrano", "Dominique")
    cli("tricky", "round", "thief")
    cli("tricky", "result", "--tricks", "1")
    cli("tricky", "round", "witch")
    cli("tricky", "result", "--spells", "0")
    result = cli("tricky", "scores")
    assert result.out == ("g: Annabelle, Bartholomew, Cyrano,\n"
                          "  Dominique\n"
                          "1. Annabelle: Thief, trump none\n"
                          "   Annabelle 3  Bartholomew 0  Cyrano 0\n"
                          "   Dominique 0\n"
                          "2. Bartholomew: Witch, trump potions\n"
                          "   Annabelle 1  Bartholomew 0  Cyrano 1\n"
                          "   Dominique 1\n"
                          "Totals: Annabelle 4, Bartholomew 0,\n"
                          "  Cyrano 1, Dominique 1\n"
                          "6 rounds to play\n")
    monkeypatch.setenv("COLUMNS", "80")
    assert cli("tricky", "scores").out.splitlines()[1:4] == [  # a table when it fits
        " # Active      Hero  Trump   Annabelle Bartholomew Cyrano Dominique",
        " 1 Annabelle   Thief none            3           0      0         0",
        " 2 Bartholomew Witch potions         1           0      1         1"]


def test_scores_json(cli: CLI) -> None:
    started(cli, "Ann", "Bo")
    cli("tricky", "round", "wizard")
    cli("tricky", "result", "--potions", "2")
    data = json.loads(cli("tricky", "scores", "--json").out)
    assert data == {"schema": 1, "game": "g", "players": ["Ann", "Bo"],
                    "rounds": [{"round": 1, "active": "Ann", "hero": "Wizard",
                                "trump": "spells", "via": "result",
                                "gold": {"Ann": 4, "Bo": 0}, "revokes": 0}],
                    "totals": {"Ann": 4, "Bo": 0}, "winners": [], "rounds_total": 8,
                    "outcome": "playing"}


def test_action_json(cli: CLI) -> None:
    started(cli)
    data = json.loads(cli("tricky", "round", "thief", "--json").out)
    assert data["action"] == "round thief --active Ann"
    assert data["state"]["round"]["hero"] == "thief"


def test_undo_a_trick(cli: CLI) -> None:
    started(cli)
    cli("tricky", "round", "thief")
    cli("tricky", "trick", "G4", "G5", "R1")
    result = cli("tricky", "undo")
    assert result.out == "Undone: trick G4 G5 R1\nChanged: tricks 1 -> 0\n" \
        "R1/6 T1/9 Ann leads | Ann 0 Bo 0 Cy 0\n"
    assert cli("tricky", "redo").out.startswith("Redone: trick G4 G5 R1\n")


def test_two_player_limits(cli: CLI) -> None:
    started(cli, "Ann", "Bo")
    cli("tricky", "round", "thief")
    cli("tricky", "exchange", "R3", "G4")
    result = cli("tricky", "exchange", "--count", "3")
    assert (result.code, result.err) == (
        1, "Error: Bo may exchange at most 2: never more than Ann (active) "
           "(rule tricky.two-player)\n")
    result = cli("tricky", "exchange", "B2")
    assert result.err == ("Error: B2 is a potion (unverified): with two players potions are "
                          "never exchanged (rule tricky.two-player)\n")
    assert cli("tricky", "exchange", "B3", "G0").out.startswith(
        "Bo exchanges 2 cards, putting aside B3 G0\n")


def test_revoke_is_shown(cli: CLI) -> None:
    started(cli)
    cli("tricky", "round", "thief")
    cli("tricky", "trick", "B3", "G6", "B1")
    cli("tricky", "trick", "R7", "R2", "R3")
    result = cli("tricky", "trick", "R6", "B5", "R4")
    assert result.out == ("Ann wins: the highest red wins, R6\n"
                          "Revoke? Bo: no blue in trick 1, B5 now\n"
                          "R1/6 T4/9 Ann leads | Ann 0 Bo 0 Cy 0\n")
    assert "Revoke? Bo did not follow blue in" in cli("tricky", "status").out


# -- heroes --------------------------------------------------------------------------
def test_heroes_table(cli: CLI) -> None:
    result = cli("tricky", "heroes")
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[:8] == ["Numbers N/M: with 2-3 players/with 4", "Set A", "Thief",
                         "  trump: none", "  gold: base 5/4, minus 1 per trick",
                         "    (unverified)", "Assassin", "  trump: none"]
    assert "Set C" in lines and "Fairy Scout" in lines
    assert lines[-4:] == ["No gold for the active player: each",
                          "  other player gets 1.",
                          "Sets B and C: inferred from the",
                          "  rulebook's order."]
    assert all(len(line) <= 40 for line in lines)


def test_heroes_of_a_game(cli: CLI) -> None:
    cli("tricky", "new", "Ann", "Bo", "Cy", "Di", "--set", "C", "--name", "g")
    lines = cli("tricky", "heroes", "--game", "g").out.splitlines()
    assert lines[:6] == ["Numbers for 4 players", "Set C", "Knight",
                         "  trump: a value (active player picks)",
                         "  gold: 1 per trick or potion over 3", "    (unverified)"]
    assert "Thief" not in lines
    data = json.loads(cli("tricky", "heroes", "--game", "g", "--json").out)
    knight = data["heroes"][0]
    assert (knight["id"], knight["number"], knight["unverified"]) == ("knight", 3, True)
    assert len(data["heroes"]) == 5


# -- deck ---------------------------------------------------------------------------
DECK_DEFAULT = (
    "Deck for new games (this installation)\n"
    "Colours: red blue yellow green\n"
    "  (unverified)\n"
    "Stars: R1 B2 Y3 G4 (unverified)\n"
    "Potions: R1 B2 Y5 G6 (unverified)\n"
    "Kinds: 0 torches, 1-2 goblins, 3-4\n"
    "  spells, 5-6 orcs, 7 ogres (assumed);\n"
    "  potions are none of these\n"
    "Hero numbers, 2-3 players/4 players:\n"
    "  Thief base 5/4 (unverified)\n"
    "  Trickster base 5/4 (unverified)\n"
    "  Barbarian minimum 6/4 (unverified)\n"
    "  Sorcerer minimum 6/4 (unverified)\n"
    "  Knight minimum 5/3 (unverified)\n"
    "Check against your cards, then\n"
    "  'deck --confirm'.\n")


def test_deck_shows_defaults_marked_unverified(cli: CLI, home: Path) -> None:
    result = cli("tricky", "deck")
    assert (result.code, result.out) == (0, DECK_DEFAULT)
    assert not (home / "tricky-deck.toml").exists()


def test_deck_change_is_saved_for_new_games(cli: CLI, home: Path) -> None:
    result = cli("tricky", "deck", "--potion", "R2", "B1", "Y5", "G6", "--stars", "r1", "b2",
                 "y3", "g4")
    assert result.code == 0
    assert result.out.splitlines()[:2] == ["Stars: R1 B2 Y3 G4 (as before)",
                                           "Potions: R1 B2 Y5 G6 -> R2 B1 Y5 G6"]
    assert "Potions: R2 B1 Y5 G6\n" in result.out
    saved = tomllib.loads((home / "tricky-deck.toml").read_text())
    assert saved["potions"] == [2, 1, 5, 6]
    assert saved["unverified"] == ["colours", "thief_base", "trickster_base",
                                   "barbarian_minimum", "sorcerer_minimum", "knight_minimum"]
    started(cli)
    game = tomllib.loads((home / "games" / "g.toml").read_text())
    assert game["settings"]["potions"] == [2, 1, 5, 6]
    assert "Unverified: 6 deck settings (see 'deck')" in cli("tricky", "status").out


def test_deck_confirm(cli: CLI) -> None:
    result = cli("tricky", "deck", "--confirm")
    assert result.out.startswith("Confirmed: every deck setting checked\n  against the cards.\n"
                                 "Deck for new games (this installation)\nColours: red blue "
                                 "yellow green\n")
    assert "unverified" not in result.out
    started(cli)
    assert "Unverified" not in cli("tricky", "status").out


def test_deck_confirm_hints_at_the_current_game(cli: CLI) -> None:
    started(cli)
    result = cli("tricky", "deck", "--confirm")
    assert "Game g keeps its copy: add --game g to\n  change it.\n" in result.out


def test_deck_refusals(cli: CLI, home: Path) -> None:
    result = cli("tricky", "deck", "--potion", "R3", "B2", "Y5", "G6")
    assert (result.code, result.err) == (
        1, "Error: R3 cannot be a potion: potions are valued 1, 2, 5 or 6 (never a torch, "
           "spell or ogre) (rule tricky.deck.potions)\n")
    result = cli("tricky", "deck", "--stars", "R1", "B2", "Y3", "X4")
    assert (result.code, result.err) == (
        2, "Error: 'X4' is not a colour and a number: expected one per colour like "
           "R1 B2 Y3 G4\n")
    result = cli("tricky", "deck", "--potion", "R1", "B2", "Y5")
    assert (result.code, result.err) == (2, "Error: Option '--potion' requires 4 arguments.\n")
    assert cli("tricky", "deck", "--colours", "red", "rose", "blue", "green").err == \
        "Error: colours: two names start with 'R'; each colour needs its own first letter\n"
    assert not (home / "tricky-deck.toml").exists()


def test_deck_reset(cli: CLI) -> None:
    cli("tricky", "deck", "--confirm")
    result = cli("tricky", "deck", "--reset")
    assert result.out == "Back to the rulebook's defaults.\n" + DECK_DEFAULT


def test_bad_deck_file_is_a_data_problem(cli: CLI, home: Path) -> None:
    home.mkdir(parents=True)
    (home / "tricky-deck.toml").write_text("potions = [0, 2, 5, 6]\n")
    result = cli("tricky", "deck")
    assert result.code == 3
    assert result.err == (f"Error: {home / 'tricky-deck.toml'}: not a deck file (potions: a "
                          "potion is valued 1, 2, 5 or 6, not 0); fix it, or delete it to go "
                          "back to the defaults\n")
    assert cli("tricky", "new", "Ann", "Bo").code == 3


def test_deck_of_one_game_replays_it(cli: CLI, home: Path) -> None:
    started(cli)
    cli("tricky", "round", "thief")
    cli("tricky", "result", "--tricks", "1")
    result = cli("tricky", "deck", "--game", "g", "--thief-base", "7", "6")
    assert result.code == 0
    assert result.out.splitlines()[:4] == ["Thief base: 5/4 -> 7/6",
                                           "Game g replayed: R2/6 pick a hero |",
                                           "  Ann 6 Bo 0 Cy 0", "Deck of game g"]
    assert "Check against your cards, then 'deck\n  --game g --confirm'.\n" in result.out
    assert "Totals: Ann 6, Bo 0, Cy 0" in cli("tricky", "scores").out
    assert not (home / "tricky-deck.toml").exists()  # the installation's deck is untouched


def test_deck_of_one_game_refused_when_it_no_longer_replays(cli: CLI, home: Path) -> None:
    started(cli, "Ann", "Bo")
    cli("tricky", "round", "thief")
    cli("tricky", "exchange", "B1")
    before = (home / "games" / "g.toml").read_bytes()
    result = cli("tricky", "deck", "-g", "g", "--potion", "R2", "B1", "Y5", "G6")
    assert result.code == 1
    assert result.err == (
        "Error: g: action 2 'exchange B1 --player Ann --count 1' no longer replays: B1 is a "
        "potion: with two players potions are never exchanged (rule tricky.two-player); the "
        "game was left as it was (rule tricky.deck.cards)\n")
    assert (home / "games" / "g.toml").read_bytes() == before


def test_kind_mismatch(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "h")
    # Each kind keeps its own current game: a Hebrac game is none of Tricky's.
    result = cli("tricky", "status")
    assert result.code == 2
    assert result.err.startswith("Error: no current game: start one with 'companion tricky new'")
    result = cli("tricky", "status", "--game", "h")
    assert result.code == 2
    assert result.err.startswith("Error: 'h' is a hebrac game, not tricky")


def test_the_log_keeps_an_option_with_its_value_on_a_narrow_screen() -> None:
    from companion.text import wrap
    from companion.tricky.grammar import GRAMMAR, Exchange, Round

    exchange = "  2. " + GRAMMAR.text(Exchange((), "Annabelle", 2))
    assert wrap(exchange, 40, printed=True) == ["  2. exchange --player Annabelle", "    --count 2"]
    start = "  1. " + GRAMMAR.text(Round(("barbarian",), "Annabelle", "R", 2))
    assert wrap(start, 40, printed=True) == ["  1. round barbarian --active Annabelle",
                                             "    --trump R --exchange 2"]
