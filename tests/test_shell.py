"""The shell in-process: one grammar with the one-shot commands, aliases, completion, memory."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion import session
from companion.cli import output
from companion.cli.shell import Shell, help_lines, prompt_text
from companion.store import GameRecord, OpenGame, Store
from tests.conftest import CLI

MakeShell = Callable[..., Shell]


@pytest.fixture
def make_shell(home: Path) -> Iterator[MakeShell]:
    made: list[Shell] = []

    def make(game: str | None = None, *, interactive: bool = False) -> Shell:
        shell = Shell(game, interactive=interactive)
        made.append(shell)
        return shell

    yield make
    session.keep_open(False)
    output.vitals_in_prompt(False)


@pytest.fixture
def shell(cli: CLI, make_shell: MakeShell) -> Shell:
    """A shell on a new Hebrac game named 'g'."""
    cli("hebrac", "new", "--name", "g")
    return make_shell()


def lines_of(shell: Shell, capsys: pytest.CaptureFixture[str], *lines: str) -> tuple[str, str]:
    capsys.readouterr()
    for line in lines:
        assert shell.run_line(line)
    captured = capsys.readouterr()
    return captured.out, captured.err


def test_shell_line_prints_what_the_one_shot_command_prints(
    cli: CLI, make_shell: MakeShell, capsys: pytest.CaptureFixture[str]
) -> None:
    cli("hebrac", "new", "--name", "one")
    one_shot = [cli("hebrac", "enter", "A1", "5S").out, cli("hebrac", "attack", "4H").out,
                cli("hebrac", "status").out, cli("hebrac", "log").out]
    cli("hebrac", "new", "--name", "two")
    shell = make_shell()
    assert shell.pinned == "two"
    shelled = [lines_of(shell, capsys, line)[0] for line in
               ("enter A1 5S", "attack 4H", "status", "log")]
    assert shelled == [text.replace("one (hebrac)", "two (hebrac)") for text in one_shot]


def test_aliases_and_prefixes_are_saved_at_once(
    shell: Shell, capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    out, err = lines_of(shell, capsys, "e a1 5s", "a 4h", "att 2h")
    assert err == ""
    assert Store(home).read("g").actions == ["enter A1 5S", "attack 4H", "attack 2H"]
    assert out.splitlines()[-1] == "L1 A1 life 11/15 magic 0"


def test_errors_are_one_line_and_the_shell_goes_on(
    shell: Shell, capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    out, err = lines_of(shell, capsys, "enter B2 5S")
    assert (out, shell.last_code) == ("", 1)
    assert err == "Error: the first chamber of a level is a corner: A1, A4, C1, C4 (rule " \
        "hebrac.map.first-chamber)\n"
    _, err = lines_of(shell, capsys, "e a1 5s", "a QX")
    assert err == "Error: 'QX' is not a card: expected rank+suit like 10H, QS, AD, or JK\n"
    assert shell.last_code == 2
    _, err = lines_of(shell, capsys, "re")
    assert err == "Error: 're' could be redo, refuse, reveal: type more\n"
    _, err = lines_of(shell, capsys, "bogus 3")
    assert err == "Error: no such command 'bogus' (see 'help')\n"
    _, err = lines_of(shell, capsys, "attack 'unclosed")
    assert err == "Error: cannot read \"attack 'unclosed\": No closing quotation\n"
    _, err = lines_of(shell, capsys, "attack --nope 3H")
    assert err == "Error: No such option: --nope\n"
    out, err = lines_of(shell, capsys, "a 4h")
    assert err == "" and "lose 1 life, 15 -> 14" in out
    assert Store(home).read("g").actions == ["enter A1 5S", "attack 4H"]


def test_exit_quit_and_end_of_input_leave(shell: Shell, monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    assert shell.run_line("") and shell.run_line("   ")
    assert not shell.run_line("exit")
    assert not shell.run_line("quit")
    assert not shell.run_line("q")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # Ctrl-D: the input ends
    assert shell.read_line(edited=False) is None
    shell.cmdloop()  # returns


def test_game_option_pins_the_shell_and_new_moves_it(
    cli: CLI, make_shell: MakeShell, capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    cli("hebrac", "new", "--name", "one")
    cli("hebrac", "new", "--name", "two")
    shell = make_shell("one")
    lines_of(shell, capsys, "e a1 5s")
    store = Store(home)
    assert store.read("one").actions == ["enter A1 5S"] and store.read("two").actions == []
    assert shell.expand(["a", "4h"]) == ["hebrac", "attack", "4h", "--game", "one"]
    assert shell.expand(["a", "4h", "-g", "two"]) == ["hebrac", "attack", "4h", "-g", "two"]
    assert shell.expand(["games"]) == ["games"]
    out, _ = lines_of(shell, capsys, "hebrac new --name three")
    assert out.startswith("New game 'three' (hebrac), now current.")
    assert shell.pinned == "three" and shell.kind == "hebrac"
    out, _ = lines_of(shell, capsys, "games use one")
    assert shell.pinned == "one"


def test_without_a_game_only_top_level_commands_run(
    make_shell: MakeShell, capsys: pytest.CaptureFixture[str]
) -> None:
    shell = make_shell()
    assert shell.pinned is None and shell.kind is None
    _, err = lines_of(shell, capsys, "attack 4h")
    assert err == "Error: no game yet: start one with 'hebrac new', or 'games use NAME'\n"
    out, _ = lines_of(shell, capsys, "games")
    assert out == "No saved games. Start one with 'companion hebrac new'.\n"
    lines_of(shell, capsys, "hebrac new --name g")
    assert shell.pinned == "g"


def test_an_unknown_game_fails_before_the_loop(make_shell: MakeShell) -> None:
    from companion.errors import GameNotFound

    with pytest.raises(GameNotFound):
        make_shell("nope")


def test_help_lists_commands_with_their_aliases(
    shell: Shell, capsys: pytest.CaptureFixture[str]
) -> None:
    out, _ = lines_of(shell, capsys, "help")
    assert out.startswith("Game g (hebrac): its commands without\n'companion hebrac'; a "
                          "unique prefix\nworks too.\nCommands: new, status (s), enter (e),\n"
                          "  attack (a), potion,")
    assert "undo (u,-)" in out and "redo (r,+)" in out and "next-level (nl)" in out
    assert max(map(len, out.splitlines())) <= 40
    wide = help_lines("hebrac", "g", 80)
    assert "  attack (a)       One round of battle" in wide
    assert max(map(len, wide)) <= 80 and not any(line.endswith("...") for line in wide)
    out, _ = lines_of(shell, capsys, "help attack")
    assert out.startswith("Usage: companion hebrac attack")
    assert "--potion" in out
    assert shell.last_code == 0


def test_prompt_shows_the_vital_numbers() -> None:
    assert prompt_text("g", "L1 A1 life 15/15 magic 0", 80) == "L1 A1 life 15/15 magic 0> "
    # One line at 40 columns, 28 at most: room is left to type.
    assert prompt_text("g", "L1 A1 life 15/15 magic 0", 40) == "L1 A1 life 15/15 magic 0> "
    status = {"level": 2, "position": "B3", "life": -5, "max_life": 15, "magic_points": 12,
              "outcome": "dead"}
    assert prompt_text("g", "L2 B3 life -5/15 magic 12 [dead]", 40, "hebrac",
                       lambda: status) == "L2 B3 -5/15 mp12 [dead]> "
    assert prompt_text("g", "", 40) == "g> "
    assert prompt_text(None, "", 40) == "companion> "


def test_interactive_prompt_replaces_the_vitals_line(
    cli: CLI, make_shell: MakeShell, capsys: pytest.CaptureFixture[str]
) -> None:
    cli("hebrac", "new", "--name", "g")
    shell = make_shell(interactive=True)
    output.vitals_in_prompt(True)  # make_shell turns it off again
    out, _ = lines_of(shell, capsys, "e a1 5s")
    assert out == "A1: 5S = warrior, life 5: 'attack CARD'\n"
    assert shell.prompt == "L1 A1 life 15/15 magic 0> "


def test_completion_offers_commands_spells_chambers_and_held_cards(
    shell: Shell, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "attack" in shell.candidates("", "") and "help" in shell.candidates("", "")
    assert shell.candidates("at", "at") == ["attack"]
    assert shell.candidates("ne", "ne") == ["new", "next-level"]
    assert shell.candidates("cast he", "he") == ["healing", "hell-bomb"]
    assert shell.candidates("c par", "par") == ["paralysis"]
    assert shell.candidates("enter C", "C") == ["C1", "C2", "C3", "C4"]
    assert shell.candidates("help at", "at") == ["attack"]
    assert shell.candidates("attack --p", "--p") == ["--potion", "--prisoner"]
    lines_of(shell, capsys, "e a1 5s", "a 10h", "take 3s", "e a2 4h", "a 10d", "take 6h")
    assert shell.candidates("use ", "") == ["3S", "6H"]
    assert shell.candidates("use 6", "6") == ["6H"]
    assert shell.candidates("a 5d --potion ", "") == ["3S", "6H"]
    assert shell.candidates("a 5d -g ", "") == ["g"]
    assert shell.candidates("bogus ", "") == []
    assert shell.candidates("attack 'open", "'open") == []


def test_completion_inserts_a_space_after_a_single_match(
    shell: Shell, monkeypatch: pytest.MonkeyPatch
) -> None:
    import readline

    monkeypatch.setattr(readline, "get_line_buffer", lambda: "at")
    monkeypatch.setattr(readline, "get_endidx", lambda: 2)
    assert shell.complete("at", 0) == "attack "
    assert shell.complete("at", 1) is None


def test_hero_names_complete_for_tricky(
    cli: CLI, make_shell: MakeShell, capsys: pytest.CaptureFixture[str]
) -> None:
    result = cli("tricky", "new", "Ann", "Bo", "--name", "t")
    assert result.code == 0, result.err
    shell = make_shell()
    assert shell.kind == "tricky"
    assert "barbarian" in shell.candidates("round ", "")
    assert shell.candidates("round fa", "fa") == ["fairy-scout"]


def test_kept_game_is_replayed_only_when_another_process_changed_it(
    cli: CLI, make_shell: MakeShell, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch, home: Path,
) -> None:
    cli("hebrac", "new", "--name", "g", "--life", "99")
    shell = make_shell()
    replays: list[int] = []
    real = Store.replay

    def counting(self: Store, record: GameRecord) -> OpenGame:
        replays.append(len(record.actions))
        return real(self, record)

    monkeypatch.setattr(Store, "replay", counting)
    lines_of(shell, capsys, "e a1 5s", "a 2h", "a 2h", "status", "log", "a 2h")
    assert replays == []
    env = {**os.environ, "COMPANION_HOME": str(home)}
    done = subprocess.run([sys.executable, "-m", "companion", "hebrac", "attack", "3H"],
                          env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    out, _ = lines_of(shell, capsys, "a 2h")
    assert replays == [5]
    assert "attack 2 = 2 vs warrior 5: lose 3 life, 88 -> 85" in out
    assert Store(home).read("g").actions[-2:] == ["attack 3H", "attack 2H"]


def test_a_refused_action_leaves_the_kept_game_whole(
    cli: CLI, make_shell: MakeShell, capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    cli("hebrac", "new", "--name", "g", "--life", "99")
    shell = make_shell()
    # An attack with a potion not held is refused after parts of the check ran.
    lines_of(shell, capsys, "e a1 5s", "a 2h --potion 3S", "a 2h --prisoner JH", "a 2h")
    from companion.game import replay

    engine = replay("hebrac", {"life": 99}, ["enter A1 5S", "attack 2H"])
    assert shell.games.store.open("g").engine.status() == engine.status()


def test_undo_and_redo_in_the_shell(
    shell: Shell, capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    out, _ = lines_of(shell, capsys, "e a1 5s", "a 4h", "undo")
    assert out.splitlines()[-3:] == ["Undone: attack 4H", "Changed: life 14 -> 15",
                                     "L1 A1 life 15/15 magic 0"]
    out, _ = lines_of(shell, capsys, "r")
    assert out.splitlines()[0] == "Redone: attack 4H"
    assert Store(home).read("g").actions == ["enter A1 5S", "attack 4H"]


def test_piped_shell_runs_a_script(cli: CLI, home: Path) -> None:
    cli("hebrac", "new", "--name", "g")
    env = {**os.environ, "COMPANION_HOME": str(home), "COLUMNS": "40"}
    done = subprocess.run([sys.executable, "-m", "companion", "shell"], input="e a1 5s\na 4h\n",
                          env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == ("A1: 5S = warrior, life 5: 'attack CARD'\nL1 A1 life 15/15 magic 0\n"
                           "attack 4 = 4 vs warrior 5: lose 1 life, 15 -> 14\n"
                           "L1 A1 life 14/15 magic 0\n")
    assert "\x1b" not in done.stdout
    again = subprocess.run([sys.executable, "-m", "companion", "play"], input="a 9h\n",
                           env=env, capture_output=True, text=True, check=False)
    assert again.stdout.startswith("attack 9 = 9 vs warrior 5: battle won\n")


def test_names_complete_for_half_deck_and_elbereth(
    home: Path, make_shell: MakeShell
) -> None:
    from companion.session import Games

    games = Games(Store(home))
    games.new("halfdeck", {}, "h")
    games.act("h", "hand warrior cleric 'steel sword' 'torn map' 'cracked shield' escape")
    shell = make_shell("h")
    assert shell.candidates("equip warrior st", "st") == ["'steel sword'"]
    assert shell.candidates("discard 'to", "'to") == ["'torn map'"]
    assert "warrior" in shell.candidates("hero ", "")
    games.new("elbereth", {"equip": ["sword", "bow"]}, "e")
    shell = make_shell("e")
    assert shell.candidates("attack dr", "dr") == ["dragon"]
    assert "sword" in shell.candidates("boost ", "")


def test_option_values_complete_players(cli: CLI, make_shell: MakeShell) -> None:
    cli("tricky", "new", "Ann", "Bo", "--name", "t")
    shell = make_shell()
    assert shell.candidates("round thief --active ", "") == ["Ann", "Bo"]


def test_without_readline_the_shell_still_works(
    cli: CLI, home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from companion.cli import shell as shell_module

    cli("hebrac", "new", "--name", "g")
    monkeypatch.setattr(shell_module, "_readline", lambda: None)
    shell = Shell(None, interactive=True)
    monkeypatch.setattr("sys.stdin", io.StringIO("e a1 5s\na 4h\n"))  # then end of input
    try:
        capsys.readouterr()
        shell.cmdloop()
    finally:
        session.keep_open(False)
    out = capsys.readouterr().out
    assert out == ("L1 - life 15/15 magic 0> A1: 5S = warrior, life 5: 'attack CARD'\n"
                   "L1 A1 life 15/15 magic 0> attack 4 = 4 vs warrior 5: lose 1 life, 15 -> 14\n"
                   "L1 A1 life 14/15 magic 0> \n")
    assert not (home / "shell_history").exists()
    assert Store(home).read("g").actions == ["enter A1 5S", "attack 4H"]


def test_big_shows_the_big_view_after_each_action_until_big_off(
    cli: CLI, make_shell: MakeShell, capsys: pytest.CaptureFixture[str]
) -> None:
    cli("hebrac", "new", "--name", "one")
    shell = make_shell()
    big = cli("hebrac", "big").out
    assert big.startswith("Level 1, at -\n\nlife\n")
    out, _ = lines_of(shell, capsys, "big")
    assert out == big
    out, _ = lines_of(shell, capsys, "C1 5S")
    assert out == ("C1: 5S = warrior, life 5: 'attack CARD'\nL1 C1 life 15/15 magic 0\n"
                   + cli("hebrac", "big").out)
    assert "enemy 5S" in out
    out, _ = lines_of(shell, capsys, "big off", "attack 9H")
    assert out.startswith("The big view is off ('big' turns it on).\nattack 9 = 9")
    assert "life\n" not in out


def test_a_pasted_companion_line_is_the_one_shot_command(
    cli: CLI, make_shell: MakeShell, capsys: pytest.CaptureFixture[str]
) -> None:
    """A README line pasted with its 'companion' runs as its words after it would."""
    cli("hebrac", "new", "--name", "one")
    one_shot = cli("hebrac", "enter", "A1", "5S").out
    cli("hebrac", "new", "--name", "two")
    shell = make_shell()
    out, err = lines_of(shell, capsys, "companion h e a1 5s")
    assert (out, err, shell.last_code) == (one_shot, "", 0)
    out, err = lines_of(shell, capsys, "companion h s")
    assert out == cli("hebrac", "status").out and err == ""
    out, err = lines_of(shell, capsys, "companion")
    assert out == "\n".join(help_lines("hebrac", "two", 40)) + "\n" and err == ""


def test_clear_clears_the_screen_of_a_terminal_only(
    shell: Shell, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.cli.shell import CLEAR_SCREEN

    assert lines_of(shell, capsys, "clear") == ("", "")  # a pipe keeps what it has
    assert shell.last_code == 0
    shell.interactive = True
    assert lines_of(shell, capsys, "clear") == (CLEAR_SCREEN, "")
    assert "clear" in shell.candidates("cl", "cl")


def test_a_game_named_by_a_prefix_is_not_named_twice(
    cli: CLI, make_shell: MakeShell, capsys: pytest.CaptureFixture[str]
) -> None:
    cli("hebrac", "new", "--name", "one")
    cli("hebrac", "new", "--name", "two")
    shell = make_shell()
    out, err = lines_of(shell, capsys, "status --ga one")
    assert err == "" and out.startswith("one (hebrac)")
    out, err = lines_of(shell, capsys, "status --game=one")
    assert err == "" and out.startswith("one (hebrac)")
    out, err = lines_of(shell, capsys, "status")
    assert err == "" and out.startswith("two (hebrac)")
