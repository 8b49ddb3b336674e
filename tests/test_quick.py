"""The quick path (no typer) against typer's own reading, byte for byte.

Every command the quick path may run is run both ways on copies of one home:
the same output, errors, exit code and saved files. The lines are every
command with its required arguments, then with every flag, then with every
option given a value; and every action of every example, typed as a one-shot
command.
"""

from __future__ import annotations

import itertools
import shlex
import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.cli import dispatch, quick
from companion.cli.command_table import COMMANDS
from companion.cli.grammar import grammar_of
from companion.cli.main import run
from companion.cli.output import set_plain
from companion.errors import BadInput
from companion.game import KINDS
from companion.numbers import whole
from companion.resources import example_paths
from companion.store import GameRecord, Store

NOW = "2026-01-01 00:00:00"


def rows(path: tuple[str, ...]) -> list[quick.Row]:
    found = quick.entry(path)
    assert found is not None, path
    return found[0]


def read(path: tuple[str, ...], *words: str) -> dict[str, Any] | None:
    return quick.read(rows(path), list(words), dispatch.long_options,
                      quick.number_reader(path[0]))


# -- the table and the reader ----------------------------------------------------------
def test_the_table_is_typers_reading_of_the_commands() -> None:
    table = Path(dispatch.__file__).with_name("command_table.py")
    assert table.read_text(encoding="utf-8") == dispatch.table_text(), (
        "a command changed: run 'python -m companion.cli.dispatch' to remake the table")


def test_every_command_is_in_the_table_but_those_after_a_group_callback() -> None:
    assert ("hebrac", "spells") in COMMANDS and ("games",) in COMMANDS
    # a game's line (an action, status, undo...): its verb table reads it
    assert ("hebrac", "attack") not in COMMANDS and ("hebrac", "status") not in COMMANDS
    assert ("halfdeck", "attack") not in COMMANDS and ("halfdeck", "hand") not in COMMANDS
    assert ("halfdeck", "cards") in COMMANDS
    assert ("games", "rm") not in COMMANDS  # 'games' runs its own callback first
    assert ("halfdeck", "cards", "add") not in COMMANDS
    assert len(COMMANDS) >= 30


def test_the_reader_takes_what_typer_would_pass() -> None:
    assert read(("hebrac", "spells"), "--all") == {"every": True}
    assert read(("hebrac", "spells")) == {}
    assert read(("hebrac", "new"), "--no-evil", "--life", "20") == {
        "evil": False, "life": 20}


@pytest.mark.parametrize("words", [
    ("--help",), ("-h",), ("-jg", "x"), ("--json=1",), ("--game",), ("--game", "-j"),
    ("--", "5h"), ("--nope",), ("-x",), ("-5",),
])
def test_the_reader_leaves_to_typer_what_it_is_not_sure_of(words: tuple[str, ...]) -> None:
    assert read(("hebrac", "spells"), *words) is None


@pytest.mark.parametrize("word", ["x", "+1", "1_0", "-1", "٣", "000000000000002"])
def test_a_number_is_refused_alike_by_every_reader(word: str) -> None:
    """The quick path, typer and a game's verb table read numbers with ``numbers.whole``:
    the same refusal, word for word, whichever reads the line."""
    with pytest.raises(BadInput) as expected:
        whole(word, "--life")
    with pytest.raises(BadInput) as typer_read:
        dispatch.run(["hebrac", "new", "--life", word], whole=True)
    assert str(typer_read.value) == str(expected.value)
    if word.startswith("-"):  # an option's value, or an option? typer's to say
        assert read(("hebrac", "new"), "--life", word) is None
    else:
        with pytest.raises(BadInput) as quick_read:
            read(("hebrac", "new"), "--life", word)
        assert str(quick_read.value) == str(expected.value)
    with pytest.raises(BadInput) as verb_read:
        grammar_of("hebrac").parse(f"cast healing --count {shlex.quote(word)}")
    assert str(verb_read.value) == str(expected.value).replace("--life", "--count")
    assert read(("hebrac", "spells"), "1") is None  # one word too many: typer's to say


def test_a_games_numbers_are_read_as_its_verb_table_reads_them() -> None:
    """A game's commands read numbers with its table's ``number``, one-shot as in the
    shell: Half Deck lets a sign be typed ('+1'), the others refuse it."""
    from companion.verbs import read_line

    halfdeck = grammar_of("halfdeck")
    line = read_line(halfdeck.verbs["hand"], ["3h", "--player", "+1"])
    assert line.args == ["3h"] and halfdeck.number(str(line.own["player"]), "--player") == 1
    assert halfdeck.parse("hand 3h --player +1") == halfdeck.parse("hand 3h --player 1")
    line = read_line(halfdeck.verbs["equip"], ["a", "b", "--str", "+2"])
    assert line.args == ["a", "b"] and line.own["strength"] == "+2"
    with pytest.raises(BadInput, match="^--count must be a whole number, not '[+]1'$"):
        grammar_of("hebrac").parse("cast healing --count +1")


@pytest.mark.parametrize(("words", "message"), [
    (("--game", "a", "--game", "b"), "option --game given more than once"),
    (("-g", "a", "--game=b"), "option --game given more than once"),
    (("--json", "-j"), "option --json given more than once"),
    (("--gam", "a", "-gb"), "option --game given more than once"),
])
def test_an_option_given_twice_is_refused_not_overwritten(words: tuple[str, ...],
                                                          message: str) -> None:
    with pytest.raises(BadInput, match=f"^{message}$"):
        read(("hebrac", "spells"), *words)
    found = quick.entry(("hebrac", "spells"))
    assert found is not None
    quick.refuse_repeats(found[0], ["--game", "--game"])  # the second is the game's name


def test_an_ambiguous_option_prefix_is_the_same_error_both_ways() -> None:
    with pytest.raises(BadInput, match="'--i' could be --illusion-black-queen, "
                                       "--inventory-limit"):
        read(("hebrac", "new"), "--i", "3")


def test_arguments_are_shared_out_as_click_does() -> None:
    assert quick.unpack(["a", "b", "c"], [1, -1, 1]) == ["a", ("b",), "c"]
    assert quick.unpack(["a", "b"], [1, -1, 1]) == ["a", (), "b"]
    assert quick.unpack(["a"], [1, -1, 1]) is None
    assert quick.unpack(["a"], [1, 1]) == ["a", None]
    assert quick.unpack(["a", "b", "c"], [1, 1]) is None
    assert quick.unpack([], [-1]) == [()]


# -- both ways ---------------------------------------------------------------------------
class Both:
    """Runs a line quick in one home and through typer in a copy of it, and compares."""

    def __init__(self, root: Path, monkeypatch: pytest.MonkeyPatch,
                 capsys: pytest.CaptureFixture[str]) -> None:
        self.home, self.copy = root / "home", root / "copy"
        self.monkeypatch, self.capsys = monkeypatch, capsys
        self.quick_paths: set[tuple[str, ...]] = set()
        self.real = dispatch.run_quick
        monkeypatch.setattr("companion.store.now_text", lambda: NOW)
        monkeypatch.chdir(root)  # '-o FILE' writes here

    def one(self, home: Path, words: list[str], quick: bool) -> tuple[int, str, str, bool]:
        self.monkeypatch.setenv("COMPANION_HOME", str(home))
        dice = itertools.cycle([3, 5, 2, 6, 1, 4])  # '--roll': the same dice both ways
        self.monkeypatch.setattr("random.SystemRandom.randint", lambda *_: next(dice))
        taken: list[bool] = []

        def spy(found: dispatch.Route) -> tuple[bool, Any]:
            if not quick:
                return False, None
            try:
                done = self.real(found)
            except BaseException:  # the command ran and raised: it ran quick
                done = (True, None)
                raise
            finally:
                taken.append(done[0])
                if done[0]:
                    self.quick_paths.add(found.path)
            return done

        self.monkeypatch.setattr(dispatch, "run_quick", spy)
        self.capsys.readouterr()
        try:
            run(words)
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 0
        finally:
            set_plain(False)
        out, err = self.capsys.readouterr()
        shown = (out + "\0" + err).replace(str(home), "<home>")
        out, err = shown.split("\0")
        return code, out, err, any(taken)

    def check(self, words: list[str]) -> bool:
        """Both ways alike; whether the quick path ran it."""
        shutil.rmtree(self.copy, ignore_errors=True)
        if self.home.exists():
            shutil.copytree(self.home, self.copy)
        *fast, taken = self.one(self.home, words, quick=True)
        *slow, _ = self.one(self.copy, words, quick=False)
        assert fast == slow, words
        assert saves(self.home) == saves(self.copy), words
        return taken


def saves(home: Path) -> dict[str, str]:
    return {str(p.relative_to(home)): p.read_text(encoding="utf-8")
            for p in sorted(home.rglob("*.toml")) if "cache" not in p.parts}


@pytest.fixture
def both(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str]) -> Iterator[Both]:
    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.delenv("NO_COLOR", raising=False)
    yield Both(tmp_path, monkeypatch, capsys)


def example_games() -> list[Path]:
    """The examples that are games (one is a Half Deck card list)."""
    return [p for p in example_paths()
            if "kind" in tomllib.loads(p.read_text(encoding="utf-8"))]


def first_example(kind: str) -> Path:
    return next(p for p in example_games() if p.name.startswith(kind + "-"))


def start(home: Path, path: Path, name: str, played: bool) -> GameRecord:
    """The example as a saved game: all its actions played, or none."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    record = GameRecord(kind=data["kind"], name=name, settings=data["settings"],
                        actions=list(data["actions"]) if played else [])
    store = Store(home)
    with store.lock(name):
        store.write(record, new=True)
    return record


SAMPLE = {"int": "1", "str": "x", "bool": "", "other": "x"}


def lines_for(path: tuple[str, ...], game: str | None) -> list[list[str]]:
    """The command with its required arguments; then every flag; every option; every
    flag's off form."""
    found = rows(path)
    needed = [SAMPLE[r.type] for r in found if r.kind == "argument" and r.required]
    aimed = ["-g", game] if game and any(r.name == "game" for r in found) else []
    base = [*path, *needed, *aimed]
    flags = [r.on[0] for r in found if r.kind == "flag"]
    valued = [w for r in found if r.kind == "option" and r.name != "game"
              for w in (r.on[0], SAMPLE[r.type])]
    offs = [r.off[0] for r in found if r.kind == "flag" and r.off]
    return [base, [*base, *flags], [*base, *valued], [*base, *offs]]


def test_every_command_the_same_both_ways(both: Both) -> None:
    games = {kind: f"{kind}-game" for kind in KINDS}
    for kind, name in games.items():
        start(both.home, first_example(kind), name, played=False)
    for path in sorted(COMMANDS):
        if path[0] in ("shell", "play", "serve"):  # the terminal, a server: tests of their own
            continue
        for words in lines_for(path, games.get(path[0])):
            both.check(words)
    missed = {p for p in COMMANDS if p[0] not in ("shell", "play", "serve")}
    missed -= both.quick_paths
    assert not missed, f"never run quick: {sorted(missed)}"


def test_short_forms_and_plain_the_same_both_ways(both: Both) -> None:
    start(both.home, first_example("hebrac"), "g", played=False)
    Store(both.home).set_current("g")
    for words in (["h", "spells", "--al"], ["--plain", "rules", "paralysis"],
                  ["t", "heroes"], ["games", "--json"], ["h", "ch", "pr", "KS"]):
        assert both.check(words), words


@pytest.mark.parametrize("example", example_games(), ids=lambda p: p.stem)
def test_every_example_played_both_ways(both: Both, example: Path) -> None:
    record = start(both.home, example, "g", played=False)
    kind = record.kind
    actions = tomllib.loads(example.read_text(encoding="utf-8"))["actions"]
    for action in actions:  # a written command's (a game's line is its verb table's)
        words = [kind, *shlex.split(action), "-g", "g"]
        if dispatch.verb_command(dispatch.route(words)) is None:
            both.check(words)
        else:
            both.one(both.home, words, quick=True)
            both.one(both.copy, words, quick=True)
    assert both.check([kind, "summary", "-g", "g"])


@pytest.mark.parametrize("words", [
    ("hebrac", "attack", "4H"), ("hebrac", "undo"), ("hebrac", "log"),
    ("hebrac", "check", "price", "KS"), ("hebrac", "spells"), ("tricky", "heroes"),
    ("games",), ("rules", "paralysis"), ("rules", "hebrac", "QS"), ("hd", "a", "5h"),
])
def test_a_plain_command_line_never_imports_typer(home: Path, words: tuple[str, ...]) -> None:
    """Nor rich, qrcode, or another game's engine."""
    import os
    import subprocess
    import sys

    start(home, first_example("hebrac"), "g", played=True)
    Store(home).set_current("g")
    probe = (
        "import sys\n"
        "from companion.cli.main import run\n"
        "try:\n"
        f"    run({list(words)!r})\n"
        "except SystemExit as stop:\n"
        "    code = stop.code\n"
        "heavy = ('typer', 'click', 'rich', 'qrcode', 'companion.tricky',\n"
        "         'companion.halfdeck', 'companion.elbereth')\n"
        f"heavy = tuple(h for h in heavy if h != 'companion.{words[0]}')\n"
        "print(code, sorted(m for m in sys.modules if m.startswith(heavy)), file=sys.stderr)\n"
    )
    env = {**os.environ, "COMPANION_HOME": str(home)}
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True,
                          text=True, check=False)
    assert done.stderr.splitlines()[-1] in ("0 []", "1 []"), done.stderr
