"""A game's line, one-shot as in the shell, is read by its verb table alone.

``verbs.read_line`` reads the words typed after a verb (its parameters, and the
line's own ``--game`` and ``--json``); typer never reads them. Its errors are
worded as the rest of the command line words them (the bytes below are those
typer printed for these lines before the verb table read them).
"""

from __future__ import annotations

import shlex
import tomllib
from pathlib import Path

import pytest

from companion.cli.grammar import grammar_of
from companion.cli.main import run_words
from companion.errors import BadInput
from companion.resources import example_paths
from companion.store import GameRecord, Store
from companion.verbs import Line, read_line


def read(kind: str, verb: str, *words: str) -> Line:
    return read_line(grammar_of(kind).verbs[verb], list(words))


def test_the_words_are_read_as_a_command_line_takes_them() -> None:
    line = read("hebrac", "attack", "4h", "-p", "3s", "--pris=5s", "--pot", "7h", "-j",
                "-gone")
    assert line == Line(["4h"], [("prisoner", "3s"), ("prisoner", "5s"), ("potion", "7h")],
                        {"json": True, "game": "one"})
    assert read("hebrac", "attack", "4h", "--game=", "5h") == Line(["4h", "5h"], [],
                                                                   {"game": ""})
    assert read("hebrac", "attack", "4h", "--", "-5h").args == ["4h", "-5h"]
    assert read("hebrac", "attack", "4h", "-jg", "x").own == {"json": True, "game": "x"}
    assert read("hebrac", "offer") == Line([], [], {})


@pytest.mark.parametrize(("line", "error"), [
    ("attack", "Missing argument 'CARD...'."),
    ("attack 4h --bogus", "No such option: --bogus"),
    ("attack 4h --jsn", "No such option: --jsn (Possible options: --json)"),
    ("next-level --no-json", "No such option: --no-json (Possible options: --json)"),
    ("attack 4h -x", "No such option: -x"),
    ("attack 4h -5", "No such option: -5"),
    ("attack 4h --json=1", "Option '--json' does not take a value."),
    ("attack 4h --potion", "Option '--potion' requires an argument."),
    ("attack 4h --pri", "Option '--prisoner' requires an argument."),
    ("attack 4h -g", "Option '-g' requires an argument."),
    ("heal x y", "Got unexpected extra argument(s) (x y)"),
    ("cast", "Missing argument 'SPELL [TARGETS...]'."),
    ("cast fire -n 1_0", "--count must be a whole number, not '1_0'"),
    ("attack 4h --p 3s", "'--p' could be --potion, --prisoner: type more"),
    ("attack 4h --game a --bogus --game b", "option --game given more than once"),
    ("attack 4h -g a --game=b", "option --game given more than once"),
    ("attack 4h --json -j", "option --json given more than once"),
    ("attack 4h --gam a -gb", "option --game given more than once"),
])
def test_a_line_that_does_not_fit_is_one_error(home: Path, capsys: pytest.CaptureFixture[str],
                                               line: str, error: str) -> None:
    assert run_words(["hebrac", "new", "--name", "g"]) == 0
    capsys.readouterr()
    assert run_words(["hebrac", *shlex.split(line)]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"Error: {error}\n")


@pytest.mark.parametrize(("line", "error"), [
    ("hand", "Missing argument 'cards'."),
    ("hand 3h --bogus", "No such option: --bogus"),
    ("hand 3h --player x", "--player must be a whole number, not 'x'"),
    ("hero warrior --str 4 --str 5", "option --str given more than once"),
    ("equip", "Missing argument 'HERO GEAR'."),
    ("equip warrior sword --mag", "Option '--mag' requires an argument."),
    ("attack", "Missing argument 'HERO [ROLL] [--assist HERO ROLL]...'."),
    ("attack warrior 3 --assist",
     "usage: attack HERO ROLL --assist HERO ROLL [--loot-to PLAYER]"),
    ("attack warrior 3 --loot-to", "Option '--loot-to' requires an argument."),
    ("team-attack", "Missing argument 'heroes'."),
    ("team-attack --assist", "usage: team-attack HERO ROLL --assist HERO ROLL... "
                             "[--from PLAYER]"),
    ("ta a 1 --assist b 2 --bogus", "No such option: --bogus"),
    ("ta a 1 b 2 --from x", "--from must be a whole number, not 'x'"),
    ("challenge", "Missing argument 'HERO [ROLL]'."),
    ("loot x", "count must be a whole number, not 'x'"),
    ("loot 1 2", "Got unexpected extra argument(s) (2)"),
    ("heal cleric", "Missing argument 'hero'."),
    ("hurt cleric x", "amount must be a whole number, not 'x'"),
    ("trade", "Missing argument 'PLAYER CARD PLAYER CARD'."),
    ("trade 1 a 2", "usage: trade PLAYER CARD PLAYER CARD (each gives the card named)"),
    ("escape x", "Got unexpected extra argument(s) (x)"),
    ("team-escape --from", "Option '--from' requires an argument."),
])
def test_a_half_deck_line_that_does_not_fit_is_one_error(
        home: Path, capsys: pytest.CaptureFixture[str], line: str, error: str) -> None:
    """Half Deck's commands read their words themselves (names of several words, dice
    they may roll), from what the verb table read: the same bytes as before."""
    assert run_words(["halfdeck", "new", "--name", "g"]) == 0
    capsys.readouterr()
    assert run_words(["halfdeck", *shlex.split(line)]) == 2
    assert capsys.readouterr() == ("", f"Error: {error}\n")


def test_a_half_deck_line_keeps_assist_among_its_words() -> None:
    line = read("halfdeck", "attack", "war", "3", "--ASSIST", "cle", "roll", "-r", "-j")
    assert line == Line(["war", "3", "--ASSIST", "cle", "roll"], [],
                        {"roll": True, "json": True})
    assert read("halfdeck", "heal", "fire", "mage", "+1").args == ["fire", "mage", "+1"]


def test_options_that_take_several_values_collect_them() -> None:
    assert read("hebrac", "attack", "4h", "-p", "3s", "-p", "5s").given == [
        ("prisoner", "3s"), ("prisoner", "5s")]
    with pytest.raises(BadInput, match="^option --treasure given more than once$"):
        read("hebrac", "see", "A1", "-t", "5h", "--treasure", "6h")


def example_games() -> list[Path]:
    return [p for p in example_paths()
            if "kind" in tomllib.loads(p.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("example", example_games(), ids=lambda p: p.stem)
def test_every_example_typed_one_shot_saves_its_own_actions(
        home: Path, capsys: pytest.CaptureFixture[str], example: Path) -> None:
    """Each action of each example typed as a one-shot command: the save holds the
    example's lines (dice rolled by companion aside: those are typed as given)."""
    data = tomllib.loads(example.read_text(encoding="utf-8"))
    store = Store(home)
    record = GameRecord(kind=data["kind"], name="g", settings=data["settings"], actions=[])
    with store.lock("g"):
        store.write(record, new=True)
    for action in data["actions"]:
        code = run_words([data["kind"], *shlex.split(action), "-g", "g"])
        assert code == 0, (action, capsys.readouterr())
    saved = store.read("g")
    assert [grammar_of(data["kind"]).parse(a) for a in saved.actions] == [
        grammar_of(data["kind"]).parse(a) for a in data["actions"]]
