"""The command line: exact output and exit codes, through the Hebrac game kind."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.clihelpers import no_current_game
from tests.conftest import CLI


def test_new_game_is_current_and_listed(cli: CLI) -> None:
    result = cli("hebrac", "new", "--name", "first")
    assert result.code == 0
    assert result.out.splitlines()[0] == "New game 'first' (hebrac), now current."
    cli("hebrac", "new")
    listing = cli("games")
    assert listing.code == 0
    lines = listing.out.splitlines()
    assert lines[0] == "  first  hebrac  playing"
    assert lines[2] == "* hebrac-1  hebrac  playing"


def test_games_json_has_schema(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g")
    data = json.loads(cli("games", "--json").out)
    assert data["schema"] == 1
    assert data["games"][0]["name"] == "g" and data["games"][0]["current"] is True


def test_action_prints_ruling_then_vitals(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g")
    result = cli("hebrac", "enter", "a1", "queen of hearts")
    assert result.code == 0
    assert result.out == ("A1: QH = white priestess: 'heal' (life to max, treasure lost) or "
                          "'take CARD'\nL1 A1 life 15/15 magic 0\n")
    assert result.err == ""


def test_bad_card_exit_2_with_forms(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g")
    cli("hebrac", "enter", "A1", "5S")
    result = cli("hebrac", "attack", "QX")
    assert (result.code, result.out) == (2, "")
    assert result.err == "Error: 'QX' is not a card: expected rank+suit like 10H, QS, AD, " \
        "or JK\n"


def test_rule_refusal_exit_1_names_the_rule(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g")
    result = cli("hebrac", "enter", "B2", "5S")
    assert result.code == 1
    assert result.err == "Error: the first chamber of a level is a corner: A1, A4, C1, C4 " \
        "(rule hebrac.map.first-chamber)\n"


def test_a_top_level_command_typed_in_a_game_is_pointed_to(cli: CLI) -> None:
    for words in (("h", "sheet"), ("tricky", "Stats"), ("elbereth", "rules", "x")):
        result = cli(*words)
        name = words[1].lower()
        assert (result.code, result.out) == (2, "")
        assert result.err == (f"Error: No such command {words[1]!r} in "
                              f"{'hebrac' if words[0] == 'h' else words[0]}: it is "
                              f"companion's own, 'companion {name}'\n")
    assert cli("hebrac", "xyz").err == (
        "Error: No such command 'xyz' (see 'companion hebrac --help')\n")


def test_usage_errors_exit_2(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g")
    assert cli("hebrac", "attack").code == 2
    result = cli("hebrac", "bogus")
    assert result.code == 2 and result.err.startswith("Error: No such command 'bogus'")
    assert cli("hebrac", "new", "--chambers", "7").err == \
        "Error: --chambers must be a whole number from 12 to 30\n"


def test_no_current_game(cli: CLI) -> None:
    result = cli("hebrac", "status")
    assert (result.code, result.err) == (2, no_current_game("hebrac"))


def test_game_option_and_kind_mismatch(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "one")
    cli("hebrac", "new", "--name", "two")
    assert cli("hebrac", "enter", "A1", "AS", "--game", "one").code == 0
    assert json.loads(cli("hebrac", "status", "-g", "one", "--json").out)["position"] == "A1"
    assert json.loads(cli("hebrac", "status", "--json").out)["position"] is None
    assert cli("hebrac", "status", "-g", "nope").err == \
        "Error: no saved game named 'nope' (see 'companion games')\n"


def test_status_json_fields(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g")
    cli("hebrac", "enter", "A1", "9D")
    data = json.loads(cli("hebrac", "status", "--json").out)
    for key in ("schema", "game", "rules", "life", "max_life", "magic_points", "inventory",
                "level", "position", "visited", "cleared", "encounter", "effects", "outcome"):
        assert key in data
    assert data["encounter"] == {
        "chamber": "A1", "enemy": "9D", "kind": "demon", "enemy_life": 9, "treasure": None,
        "stage": "battle", "rounds": 0, "battle_effects": [], "prisoners": [],
        "spell_cast": False}


def test_status_text_fits_40_columns(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g")
    cli("hebrac", "enter", "A1", "9D")
    result = cli("hebrac", "status")
    assert result.out == """g (hebrac)
Level 1  life 15/15  magic 0  gems 0
Inventory: empty
Aces: 0/4
     1   2   3   4
A  @9D   .   .   .
B    .   .   .   .
C    .   .   .   .
x cleared o open . unknown @ you + next
Cleared 0 of 12
A1: 9D demon, life 9, round 1
Next: 'attack CARD'
Life 15 ██ 15
"""
    assert max(len(line) for line in result.out.splitlines()) <= 40


def test_log_undo_redo(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g")
    cli("hebrac", "enter", "A1", "6D")
    cli("hebrac", "attack", "4H")
    assert cli("hebrac", "log").out == """  1. enter A1 6D
     A1: 6D = demon, life 6: 'attack CARD'
  2. attack 4H
     attack 4 = 4 vs demon 6: lose 2 life, 15 -> 13
"""
    undo = cli("hebrac", "undo")
    assert undo.out == "Undone: attack 4H\nChanged: life 13 -> 15\nL1 A1 life 15/15 magic 0\n"
    assert cli("hebrac", "log").out.endswith("(1 undone, 'redo' brings them back)\n")
    redo = cli("hebrac", "redo")
    assert redo.out == "Redone: attack 4H\n  attack 4 = 4 vs demon 6: lose 2 life, 15 -> 13\n" \
        "Changed: life 15 -> 13\nL1 A1 life 13/15 magic 0\n"
    cli("hebrac", "undo", "2")
    assert cli("hebrac", "redo", "5").out.count("Redone:") == 2
    cli("hebrac", "undo")
    cli("hebrac", "attack", "10H")  # a new action forgets the redo stack
    assert cli("hebrac", "redo").err == "Error: nothing to redo\n"
    assert cli("hebrac", "undo", "0").code == 2


def test_games_rm(cli: CLI, home: Path) -> None:
    cli("hebrac", "new", "--name", "g")
    result = cli("games", "rm", "g", "--yes")
    assert result.out == f"Removed g; its last version is in {home / 'backups' / 'g.1.toml'}.\n"
    assert cli("games").out == "No saved games. Start one with 'companion hebrac new'.\n"
    assert cli("games", "rm", "g", "--yes").code == 2


def test_check_trade_and_exit_codes(cli: CLI) -> None:
    ok = cli("hebrac", "check", "trade", "7H", "--offer", "3H", "--offer", "6D")
    assert (ok.code, ok.out) == (0, "Legal: offer 3 (3H) + 6 (6D) = 9 >= 7H worth 7: trade "
                                    "accepted, 2 given away\n")
    no = cli("hebrac", "check", "trade", "9H", "--offer", "5C")
    assert (no.code, no.out) == (1, "Not legal: offer 5 (5C) = 5 < 9H worth 9: not enough\n")
    bad = cli("hebrac", "check", "trade", "9X", "--offer", "5C")
    assert bad.code == 2 and bad.err.startswith("Error: '9X' is not a card")


def test_check_spell(cli: CLI) -> None:
    result = cli("hebrac", "check", "spell", "stealing spirit", "--with", "8C", "--battle")
    assert result.code == 0
    assert result.out == ("Legal: Stealing Spirit costs 6: 8 = 8, 2 lost\n"
                          "  timing: as Escape, the treasure comes too; allowed against a "
                          "merchant\n")
    merchant = cli("hebrac", "check", "spell", "escape", "--with", "3C", "--encounter",
                   "merchant")
    assert merchant.code == 1
    assert merchant.out.splitlines()[1] == \
        "  timing: no, Escape does not work on a merchant (rule hebrac.spell.escape)"
    scepter = cli("hebrac", "check", "spell", "teleport", "--with", "4C", "--scepter", "--json")
    data = json.loads(scepter.out)
    assert data["legal"] is True and data["points"] == 8 and data["waste"] == 0
    assert cli("hebrac", "check", "spell", "curse").code == 2


def test_check_steal_price_attack(cli: CLI) -> None:
    steal = cli("hebrac", "check", "steal", "--by", "treasure", "AD", "2S", "JH", "4S")
    assert steal.out == "Ruling: she takes 2S, the least valuable (theft rank 40 of 40)\n"
    enemy = cli("hebrac", "check", "steal", "--by", "enemy", "AD", "AH", "9D")
    assert enemy.out == "Ruling: she takes AD, the most valuable (theft rank 1 of 40)\n"
    price = cli("hebrac", "check", "price", "7C")
    assert (price.code, price.out) == (0, "For sale: 7C costs 14 gems\n")
    assert cli("hebrac", "check", "price", "7D").code == 1
    paid = cli("hebrac", "check", "price", "7C", "--pay", "9D", "--pay", "5D")
    assert paid.out == "Legal: gems 9 + 5 = 14 >= price 14: bought\n"
    attack = cli("hebrac", "check", "attack", "9D", "4H", "--bracelet")
    assert (attack.code, attack.out) == (1, "Not win: attack 4 + 3 bracelet = 7 vs demon 9: "
                                            "lose 2 life\n")
    win = cli("hebrac", "check", "attack", "9D", "5H", "3S", "--super", "--curse")
    assert (win.code, win.out) == (0, "Win: attack 5x2 + 3x2 = 16 vs demon 5 (cursed): "
                                      "battle won\n")


def test_spells_table_with_a_game(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g")
    # Nothing castable: one line says so, the rest fold into one line.
    out = cli("hebrac", "spells").out.splitlines()
    assert out[0] == "Nothing castable now (magic 0)."
    assert out[1].startswith("Spells (cost): remote-vision 1, future-perception 1, healing 2,")
    assert out[1].endswith(", stone-statue 15, god-vision 15.")
    assert out[2:] == ["18 of them cost more than 0; 'spells --all' says why each waits."]
    out = cli("hebrac", "spells", "--all").out.splitlines()
    assert out[0] == " 1/chamber  Remote Vision  no"
    assert out[1] == "   you have 0 magic points"


def test_spells_in_a_battle_castable_first(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g")
    for action in ("enter A1 5S", "attack 8H", "take 9C", "enter A2 10S"):
        cli("hebrac", *action.split())
    assert cli("hebrac", "spells").out == """Castable now with magic 9:
 1/chamber  Remote Vision
 1/card     Future Perception
 2/life     Healing
 3          Escape
 4          Paralysis
 4          Double Attack
 5          Super Strength
 5          Anti-Magic
 6          Stealing Spirit
 7          Body Switch
 8          Teleport
 9          Revelation
 9          Hell Bomb
Not now (cost): illusion 4, curse 10, genie-of-luck 11, stone-statue 15, god-vision 15.
4 of them cost more than 9; 'spells --all' says why each waits.
"""


def test_demo_runs(cli: CLI) -> None:
    result = cli("demo")
    assert result.code == 0
    assert result.out.startswith("Demo: hebrac-every-enemy (hebrac), replayed in a temporary "
                                 "home.\n")
    assert "Final state:" in result.out
    assert cli("demo", "nope").code == 2


def test_python_dash_m_and_no_traceback(home: Path) -> None:
    env = {"COMPANION_HOME": str(home), "PATH": "/usr/bin:/bin"}
    args = [sys.executable, "-m", "companion", "hebrac", "enter", "A1", "5S\u202e"]
    result = subprocess.run(args, capture_output=True, text=True, env=env)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stderr.startswith("Error: ")


def test_checks_refuse_malformed_input(cli: CLI) -> None:
    cases = [
        (("hebrac", "check", "spell", "fireball", "--with", "5C"),
         "Error: 'fireball' is not a spell: expected one of remote-vision, future-perception, "),
        (("hebrac", "check", "spell", "escape", "--with", "5X"), "Error: '5X' is not a card"),
        (("hebrac", "check", "spell", "escape", "--with", "5C", "--encounter", "dragon"),
         "Error: 'dragon' is not an encounter: expected one of warrior, amazon"),
        (("hebrac", "check", "spell", "escape", "--with", "5C", "--battle", "--trading"),
         "Error: choose one of --battle, --trading"),
        (("hebrac", "check", "trade", "ZZ"), "Error: 'ZZ' is not a card"),
        (("hebrac", "check", "steal", "--by", "friend", "AD"),
         "Error: --by must be enemy or treasure, not 'friend'"),
        (("hebrac", "check", "price", "11H"), "Error: '11H' is not a card"),
        (("hebrac", "check", "attack", "KS", "5H"),
         "Error: KS is a merchant, not an enemy you battle"),
        (("hebrac", "check", "attack", "9D", "5H", "5H", "5H"),
         "Error: one attack card, or two under Double Attack"),
        (("hebrac", "check", "attack", "9D", "5H", "--potion", "99"),
         "Error: --prisoners runs 0 to 20 and --potion 0 to 10"),
    ]
    for args, start in cases:
        result = cli(*args)
        assert result.code == 2, args
        assert result.err.startswith(start), (args, result.err)
        assert result.err.count("\n") == 1


def test_checks_with_a_game_use_its_state(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g")
    cli("hebrac", "enter", "A1", "AS")
    cli("hebrac", "take", "AD")
    trade = cli("hebrac", "check", "trade", "9H", "-g", "g")
    assert trade.out == "Legal: 9H worth 9: the Bag of Meres pays, no offer needed\n"
    steal = cli("hebrac", "check", "steal", "-g", "g")
    assert steal.out == "Ruling: she takes AD, the most valuable (theft rank 1 of 40)\n"
    spell = cli("hebrac", "check", "spell", "escape", "-g", "g")
    assert spell.code == 1 and spell.out == "Not legal: Escape costs 3: you have 0 magic points\n"
    # Without --game the check is hypothetical, whatever the current game holds.
    assert cli("hebrac", "check", "trade", "9H").code == 1


# -- words a newcomer types (issue 35) ------------------------------------------------------
def test_global_options_work_after_the_command(cli: CLI) -> None:
    """Every global option, after every command: the same as before it."""
    from companion.cli.dispatch import ROOT_FLAGS

    cli("hebrac", "new")
    for flag in (f for f in ROOT_FLAGS if f != "--version"):
        for words in (["sheet"], ["hebrac", "status"], ["h", "s"], ["games"],
                      ["rules", "hebrac", "escape"], ["hebrac", "log"]):
            before, after = cli(flag, *words), cli(*words, flag)
            assert (after.code, after.out, after.err) == (before.code, before.out,
                                                           before.err), (flag, words)
            assert after.code == 0, (flag, words, after.err)
    result = cli("sheet", "--no-pager", "--plain")
    assert result.code == 0 and result.out == cli("--plain", "--no-pager", "sheet").out


def test_a_global_option_twice_is_refused_wherever_typed(cli: CLI) -> None:
    for words in (["--plain", "--plain", "games"], ["--plain", "games", "--plain"],
                  ["games", "--no-pager", "--no-pager"]):
        result = cli(*words)
        flag = words[0] if words[0].startswith("--") else words[1]
        assert (result.code, result.out, result.err) == (
            2, "", f"Error: option {flag} given more than once\n"), words


def test_a_command_keeps_its_own_option_of_a_global_name(cli: CLI) -> None:
    """'rules --plain' is the rules' own option (no colour): it is not moved."""
    ran = cli("rules", "hebrac", "escape", "--plain")
    assert ran.code == 0 and ran.out == cli("rules", "--plain", "hebrac", "escape").out
    assert cli("--plain", "rules", "hebrac", "escape", "--plain").code == 0


def test_a_card_typed_for_undo_names_the_verb_meant(cli: CLI) -> None:
    cli("hebrac", "new")
    result = cli("h", "u", "5h")
    assert (result.code, result.out, result.err) == (2, "", (
        "Error: the number of actions to undo must be a whole number, not '5h'; '5h' looks "
        "like a card: did you mean 'use 5h'?\n"))
    result = cli("h", "r", "QS")
    assert result.code == 2 and result.err.endswith("'QS' looks like a card: did you mean "
                                                    "'reveal QS'?\n")
    result = cli("h", "undo", "x")
    assert (result.code, result.err) == (
        2, "Error: the number of actions to undo must be a whole number, not 'x'\n")
    cli("tricky", "new", "Ann", "Bo")
    result = cli("t", "u", "5h")  # no Tricky verb takes a card there: no guess
    assert (result.code, result.err) == (
        2, "Error: the number of actions to undo must be a whole number, not '5h'\n")


def test_sheet_with_no_game_offers_the_blank_sheet(cli: CLI) -> None:
    result = cli("sheet")
    assert (result.code, result.out) == (2, "")
    assert result.err == ("Error: no current game: see 'companion games', "
                          "or pass --game NAME; or an empty sheet to fill in by hand: "
                          "'companion sheet GAME_KIND --blank'\n")
    result = cli("sheet", "tricky")
    assert result.code == 2 and result.err.endswith(
        "; or an empty sheet to fill in by hand: 'companion sheet tricky --blank'\n")
    assert cli("sheet", "tricky", "--blank").code == 0
