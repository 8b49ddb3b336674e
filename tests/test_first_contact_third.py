"""First contact, the last items of issue 35: the demo ends on one's own game and is paged;
a line of vital numbers never opens on a separator; each kind's first screen and the
shell name the game they act on."""

from __future__ import annotations

import shlex
import sys
import tomllib
from pathlib import Path

import pytest

from companion.cli.shell import banner
from companion.resources import example_paths
from companion.session import Games
from companion.store import Store
from companion.text import wrap
from tests.conftest import CLI


def saved_examples() -> list[Path]:
    return [p for p in example_paths() if "kind" in tomllib.loads(p.read_text("utf-8"))]


def terminal(monkeypatch: pytest.MonkeyPatch, columns: int = 40, lines: int = 30) -> None:
    """stdout and stdin answer as a terminal (no colour), ``columns`` wide."""
    monkeypatch.setattr("sys.stdout.isatty", lambda: True, raising=False)
    monkeypatch.setattr("sys.stdin.isatty", lambda: True, raising=False)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("LINES", str(lines))
    monkeypatch.setenv("NO_COLOR", "1")


# -- 1. the demo ----------------------------------------------------------------------
def test_demo_ends_with_how_to_start_ones_own_game_at_40(
        cli: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    terminal(monkeypatch)
    monkeypatch.setenv("COMPANION_PAGER", "cat")  # straight, to read it here
    out = cli("demo").out
    final = out[out.index("Final state:\n"):]
    # The demo's game is gone when it ends: no 'Next' of its own, then the player's.
    assert "Next:" not in final
    assert final.endswith(
        "Cleared 0 of 12\n"
        "Your own game: companion hebrac new\n"
        "Then: 'enter CHAMBER ENEMY'\n"
        "  (A1, A4, C1, C4)\n")


@pytest.mark.parametrize(("example", "ending"), [
    ("halfdeck-win", "Your own game: companion halfdeck new\n"
                     "Then: name the 6 hero cards drawn: 'hand CARD...'\n"),
    ("tricky-2p", "Your own game: companion tricky new PLAYERS...\n"
                  "Then: 'round HERO --active NAME'\n"),
    ("elbereth-win", "Your own game: companion elbereth new --equip ITEM ITEM\n"
                     "Then: explore: 'attack ENEMY ROLL', 'pickup', 'break-wall'; beat the "
                     "dragon for the key and find the stairs ('found stairs')\n"),
])
def test_each_kinds_demo_ends_on_that_kinds_new_game(
        cli: CLI, example: str, ending: str) -> None:
    result = cli("demo", example)
    assert result.code == 0
    assert result.out.endswith(ending)
    assert "\nNext:" not in result.out[result.out.index("Final state:"):]


def test_demo_goes_through_the_pager_on_a_terminal(
        cli: CLI, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    straight = cli("--no-pager", "demo").out
    terminal(monkeypatch)
    straight_at_40 = cli("--no-pager", "demo").out
    got = tmp_path / "paged.txt"
    monkeypatch.setenv("COMPANION_PAGER", shlex.join(
        [sys.executable, "-c", f"import sys; open({str(got)!r}, 'w').write(sys.stdin.read())"]))
    result = cli("demo")
    assert (result.code, result.out) == (0, "")
    assert got.read_text("utf-8") == straight_at_40
    assert len(straight.splitlines()) > 30  # what made it worth paging
    monkeypatch.setenv("LINES", "400")  # a screenful: printed, not paged
    got.unlink()
    assert cli("demo").out == straight_at_40 and not got.exists()


# -- 2. lines of vital numbers ----------------------------------------------------------
@pytest.mark.parametrize(("columns", "expected"), [
    (40, "cleric (S1 M4, life 4) joins the party\n  for player 2\ncatalog: cleric updated\n"
         "R0 warrior 4 cleric 4 | hand 0 |\n  decks 23/13\n"),
    (60, "cleric (S1 M4, life 4) joins the party for player 2\n"
         "catalog: cleric updated\nR0 warrior 4 cleric 4 | hand 0 | decks 23/13\n"),
    (80, "cleric (S1 M4, life 4) joins the party for player 2\n"
         "catalog: cleric updated\nR0 warrior 4 cleric 4 | hand 0 | decks 23/13\n"),
])
def test_half_deck_vitals_never_open_a_line_with_a_separator(
        cli: CLI, home: Path, monkeypatch: pytest.MonkeyPatch, columns: int,
        expected: str) -> None:
    data = tomllib.loads(Path("examples/halfdeck-coop.toml").read_text("utf-8"))
    games = Games(Store(home))
    games.new("halfdeck", data["settings"], "coop")
    games.act("coop", data["actions"][0])
    terminal(monkeypatch, columns)
    result = cli("halfdeck", *shlex.split(data["actions"][1]))
    assert (result.code, result.out) == (0, expected)


@pytest.mark.parametrize("path", saved_examples(), ids=lambda p: p.stem)
def test_no_status_or_vitals_line_opens_on_a_separator_or_is_cut(path: Path,
                                                                 tmp_path: Path) -> None:
    """Every game's status screen, rulings and vitals, after every action of every
    example, at 40, 60 and 80 columns: no line opens on '|' or ';', none is wider
    than the screen, and every word is there in order."""
    data = tomllib.loads(path.read_text("utf-8"))
    games = Games(Store(tmp_path))
    opened = games.new(data["kind"], data["settings"], "x")
    said: list[str] = []
    for action in ["", *data["actions"]]:
        if action:
            opened, applied = games.act("x", action)
            said = list(applied.lines)
        engine = opened.engine
        for columns in (40, 60, 80):
            for line in [*said, engine.prompt(), *engine.status_lines(columns)]:
                shown = wrap(line, columns, printed=True)
                assert " ".join(shown).split() == line.split(), shown
                for part in shown:
                    assert len(part) <= columns and part.lstrip()[:1] not in ("|", ";"), \
                        (path.stem, action, columns, shown)


# -- 3. the game each screen names -------------------------------------------------------
def two_kinds_in_play(cli: CLI) -> None:
    assert cli("hebrac", "new", "--name", "deep").code == 0
    assert cli("halfdeck", "new", "--name", "party").code == 0  # made current last


def test_a_kinds_first_screen_names_its_own_current_game(cli: CLI) -> None:
    two_kinds_in_play(cli)
    assert cli("hebrac").out == (
        "Hebrac's Dungeon: solo dungeon crawl\n"
        "with two decks and jokers.\n"
        "Start a game: companion hebrac new\n"
        "Current game: deep (hebrac)\n"
        "  companion hebrac status\n"
        "As you play: enter, attack, potion,\n"
        "  reveal, offer, buy, heal, play,\n"
        "  refuse, take, use, drop, move, ...\n"
        "Shorter: companion h (or hd)\n"
        "Rules: companion rules hebrac WORDS\n"
        "Every command: companion hebrac --help\n")
    assert "Current game: party (halfdeck)\n" in cli("halfdeck").out
    assert "Current game" not in cli("tricky").out  # none of its own
    assert "Current game: party (halfdeck)\n" in cli().out  # the shell's: made last
    # The current game removed, the kind's only other game is the one its commands act
    # on; with none left, nothing is named.
    assert cli("hebrac", "new", "--name", "deeper").code == 0
    assert cli("games", "rm", "deeper", "--yes").code == 0
    assert cli("hebrac", "status").out.startswith("deep (hebrac)\n")
    assert "Current game: deep (hebrac)\n" in cli("hebrac").out
    assert cli("games", "rm", "deep", "--yes").code == 0
    assert "Current game" not in cli("hebrac").out


def test_shell_banner_says_which_game_it_acts_on_and_how_to_switch(
        cli: CLI, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def shown(pinned: str | None, kind: str | None) -> list[str]:
        return banner(Games(Store(home)), pinned, kind, 40)

    assert shown(None, None) == ["companion shell: no game open.",
                                 "'help' lists the commands."]
    two_kinds_in_play(cli)
    assert shown("party", "halfdeck") == [
        "companion shell: party (halfdeck) is the",
        "  game your commands act on.",
        "Also in progress: deep (hebrac);",
        "  'games use NAME' switches to one.",
        "'help' lists the commands."]
    assert shown(None, None)[1:4] == [
        "In progress: deep (hebrac),",
        "  party (halfdeck); 'games use NAME'",
        "  opens one."]
    # A game that is over is not in progress.
    games = Games(Store(home))
    for action in ("enter A1 JK", "play 2S", "enter A2 JK", "play 3S", "enter A3 JK",
                   "play 4S"):
        games.act("deep", action)
    assert games.store.read("deep").outcome == "dead"
    assert shown("party", "halfdeck") == [
        "companion shell: party (halfdeck) is the",
        "  game your commands act on.",
        "'help' lists the commands."]
