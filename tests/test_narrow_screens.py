"""A phone held upright: prompts that leave room to type, colour with a meaning, the
Hebrac map's next chambers, what undo changed, nothing printed twice."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

from companion.cli import output
from companion.cli.changes import change_line
from companion.cli.colour import GREEN, RED, RESET, YELLOW, highlight, visible
from companion.cli.glance import budget, prompt_text, short_names
from companion.cli.shell import Shell
from companion.game import load_kind, replay
from companion.hebrac import situation
from companion.resources import resource_dir
from companion.session import keep_open
from tests.conftest import CLI

EXAMPLES = [p for p in sorted(resource_dir("examples").glob("*.toml"))
            if "kind" in tomllib.loads(p.read_text("utf-8"))]
LONG_NAMES = ["Alexandra", "Bartholomew", "Christopher", "Dominique"]


def example(path: Path) -> tuple[str, dict[str, object], list[str]]:
    data = tomllib.loads(path.read_text("utf-8"))
    return data["kind"], data["settings"], list(data.get("actions", []))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_prompt_of_every_example_fits_one_line_at_40(path: Path) -> None:
    kind, settings, actions = example(path)
    module = load_kind(kind)
    engine = module.new_engine(module.normalize_settings(settings))
    for action in ["", *actions]:
        if action:
            engine.apply(action)
        for columns in (40, 60):
            shown = prompt_text("g", engine.prompt(), columns, kind, engine.status)
            assert "\n" not in shown
            assert len(shown) <= budget(columns) == columns * 7 // 10, (action, shown)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tricky_prompt_with_long_names(players: int) -> None:
    module = load_kind("tricky")
    names = LONG_NAMES[:players]
    engine = module.new_engine(module.normalize_settings({"players": names}))
    first = prompt_text("g", engine.prompt(), 40, "tricky", engine.status)
    engine.apply("round thief")
    playing = prompt_text("g", engine.prompt(), 40, "tricky", engine.status)
    assert len(first) <= 28 and len(playing) <= 28
    # who leads the trick first (its cards are typed from that player), then the scores
    assert (first, playing) == {
        2: ("R1/8 pick | Al 0 Ba 0> ", "R1/8 T1 Al leads *Al0 Ba0> "),
        3: ("R1/6 pick | Al 0 Ba 0 Ch 0> ", "R1/6 T1 Al leads> "),
        4: ("R1/8 pick Al0 Ba0 Ch0 Do0> ", "R1/8 T1 Al leads> "),
    }[players]


def test_short_names_are_distinct_starts() -> None:
    assert short_names(["Bob", "Bobby", "Ann"]) == ["Bob", "Bobb", "An"]
    assert short_names(["Alexandra", "Alexis"]) == ["Alexa", "Alexi"]


def test_elbereth_prompt_stays_one_line_after_a_miss() -> None:
    module = load_kind("elbereth")
    engine = module.new_engine(module.normalize_settings({"equip": ["sword", "armour"]}))
    before = prompt_text("g", engine.prompt(), 40, "elbereth", engine.status)
    engine.apply("attack dragon 1")
    after = prompt_text("g", engine.prompt(), 40, "elbereth", engine.status)
    assert before == "F1 gear 2> "
    assert after == "F1 gear 2 | miss dragon> "
    # a typed action fits beside it at 40 columns (issue 35, item 9)
    assert len(after + "attack spider 1") <= 40


def test_halfdeck_prints_its_vitals_once_in_the_shell(
        cli: CLI, capsys: pytest.CaptureFixture[str]) -> None:
    cli("halfdeck", "new", "--name", "g")
    shell = Shell(None, interactive=True)
    try:
        output.vitals_in_prompt(True)
        capsys.readouterr()
        shell.run_line("hand warrior cleric 'steel sword' 'torn map' 'cracked shield' escape")
        out = capsys.readouterr().out
    finally:
        output.vitals_in_prompt(False)
        keep_open(False)
    assert out == "drawn: warrior, cleric, steel sword, torn map, cracked shield, escape\n" \
        "hero deck 20\n"
    assert shell.prompt == "R0 | hand 6 | decks 20/26> "


def test_colour_marks_loss_win_gold_and_unverified() -> None:
    assert highlight("attack 4 = 4 vs demon 6: lose 2 life, 15 -> 13") == \
        f"attack 4 = 4 vs demon 6: {RED}lose 2 life{RESET}, 15 -> 13"
    assert highlight("attack 7 = 7 vs warrior 5: battle won") == \
        f"attack 7 = 7 vs warrior 5: {GREEN}battle won{RESET}"
    assert highlight("Round 2 over. Troubadour: 6 gold") == \
        f"Round 2 over. Troubadour: {YELLOW}6 gold{RESET}"
    assert "\x1b[36munverified\x1b[0m" in highlight("(3 players, unverified)")
    assert visible(highlight("lose 2 life; 6 gold; unverified")) == \
        "lose 2 life; 6 gold; unverified"


class Tty:
    def isatty(self) -> bool:
        return True


def test_colour_only_on_a_terminal_without_no_color_or_plain(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert output.colour_allowed(Tty())
    assert not output.colour_allowed(object())  # a pipe
    monkeypatch.setenv("TERM", "dumb")
    assert not output.colour_allowed(Tty())
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setenv("NO_COLOR", "1")
    assert not output.colour_allowed(Tty())
    monkeypatch.delenv("NO_COLOR")
    output.set_plain(True)
    try:
        assert not output.colour_allowed(Tty())
    finally:
        output.set_plain(False)


def test_error_is_one_line_on_a_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    message = "C4 is not next to a chamber you have visited: enter A2, B1"
    monkeypatch.setattr(sys, "stderr", object())
    assert output.error_text(message) == f"Error: {message}\n"


HALF = ["enter A1 5S", "attack 8H", "take 3C", "enter A2 4S", "attack 9H", "take 5C",
        "enter A3 3S", "attack 9H", "take 6C", "enter A4 2S", "attack 9H", "take 7C",
        "enter B4 5S", "attack 9H", "take 8C", "enter B3 4S", "attack 9H", "take 2D"]


def test_hebrac_next_names_next_level_as_soon_as_it_is_allowed() -> None:
    engine = replay("hebrac", {}, HALF[:-3])
    assert engine.status()["next"] == "'enter CHAMBER ENEMY' (B1, B2, B3, C4)"
    engine.apply("enter B3 4S")
    engine.apply("attack 9H")
    engine.apply("take 2D")
    assert engine.status()["next"] == \
        "'enter CHAMBER ENEMY' (B1, B2, C3, C4) or 'next-level'"
    lines = engine.status_lines(40)
    assert lines[3:7] == ["     1   2   3   4",
                          "A    x   x   x   x",
                          "B   +.  +.  @x   x",
                          "C    .   .  +.  +."]


def test_hebrac_all_cleared_says_only_next_level() -> None:
    chambers = [f"{r}{c}" for r in "ABC" for c in (1, 2, 3, 4)]
    order = ["A1", "A2", "A3", "A4", "B4", "B3", "B2", "B1", "C1", "C2", "C3", "C4"]
    assert sorted(order) == sorted(chambers)
    actions = []
    for number, name in enumerate(order):
        enemy, attack, treasure = 2 + number // 2, ("8H 8D 9H 9D 10H 10D".split())[number // 2], \
            2 + number // 2
        actions += [f"enter {name} {enemy}S", f"attack {attack}", f"take {treasure}C"]
    engine = replay("hebrac", {}, actions)
    assert engine.status()["next"] == "'next-level'"
    assert "+" not in "".join(situation.map_lines(engine))


def test_undo_says_what_changed(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g")
    for action in ("enter A1 5S", "attack 2H", "attack 8H", "take 3C"):
        cli("hebrac", *action.split())
    assert cli("hebrac", "undo", "3").out == (
        "Undone: attack 2H\nUndone: attack 8H\nUndone: take 3C\n"
        "Changed: life 12 -> 15; magic 3 -> 0; inventory -3C; cleared -A1\n"
        "L1 A1 life 15/15 magic 0\n")


def test_change_line_for_each_kind() -> None:
    assert change_line("tricky", {"scores": {"Ann": 3, "Bo": 0}, "rounds_played": 1},
                       {"scores": {"Ann": 0, "Bo": 0}, "rounds_played": 0}) == \
        "Changed: rounds 1 -> 0; gold Ann 3 -> 0"
    assert change_line("elbereth", {"floor": 1, "equipped": ["sword"]},
                       {"floor": 1, "equipped": ["armour", "sword"]}) == \
        "Changed: gear +armour"
    assert change_line("hebrac", {"life": 3}, {"life": 3}) == \
        "Changed: nothing the status shows"


class Screen:
    """A colour terminal 40 columns wide, as a phone's."""

    def __init__(self) -> None:
        self.text = ""

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.text += text
        return len(text)


def test_coloured_phrases_stay_whole_and_never_widen_a_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("NO_COLOR", raising=False)
    screen = Screen()
    monkeypatch.setattr(sys, "stdout", screen)
    output.echo("attack 2 = 2 vs an amazon 6: lose 4 life, 15 -> 11")  # glued by colour
    output.echo("Gold: Annabelle 10, Bartholomew 12, Christopher 3, Dominique 7")
    monkeypatch.undo()
    shown = [visible(line) for line in screen.text.splitlines()]
    assert shown == ["attack 2 = 2 vs an amazon 6:",
                     "  lose 4 life, 15 -> 11",
                     "Gold: Annabelle 10, Bartholomew 12,",
                     "  Christopher 3, Dominique 7"]
    assert f"{RED}lose 4 life{RESET}" in screen.text
