"""Golden layouts: what a terminal 40, 60, 80 and 120 columns wide shows for each game.

Each game kind present plays one example game; its status, log, scores, rule
lookups and checks are compared with ``tests/golden/<case>.<width>.txt``.
Regenerate with ``UPDATE_GOLDEN=1 pytest tests/test_layout.py`` and read the
diff. Every line must fit the width, no table may fold into a column of
single characters, and wrapping may move words but never lose one.
"""

from __future__ import annotations

import importlib.util
import io
import os
import re
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cli.main import run
from companion.cli.output import set_plain
from companion.game import KINDS
from companion.resources import resource_dir
from companion.store import GameRecord, Store
from companion.values import Value

WIDTHS = (40, 60, 80, 120)
GOLDEN = Path(__file__).parent / "golden"
ESCAPE = re.compile(r"\x1b")
PREFERRED_EXAMPLE = {"hebrac": "hebrac-every-enemy", "tricky": "tricky-3p",
                     "halfdeck": "halfdeck-win", "elbereth": "elbereth-bosses"}
# (slug, arguments) per kind; the game's own commands get the kind put in front.
CASES: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "hebrac": [
        ("status", ("status",)),
        ("log", ("log",)),
        ("spells", ("spells",)),
        ("check-trade", ("check", "trade", "7H", "--offer", "3H", "--offer", "6D")),
        ("check-trade-no", ("check", "trade", "9H", "--offer", "5C")),
        ("check-spell", ("check", "spell", "stealing-spirit", "--with", "8C", "--battle")),
        ("check-steal", ("check", "steal", "--by", "enemy", "AD", "9H", "2S")),
        ("check-price", ("check", "price", "7C", "--pay", "9D", "--pay", "5D")),
        ("check-attack", ("check", "attack", "9D", "4H", "--bracelet")),
        ("odds", ("odds",)),
        ("odds-next", ("odds", "--next", "3", "--kind", "joker")),
    ],
    "tricky": [("status", ("status",)), ("log", ("log",)), ("scores", ("scores",)),
               ("heroes", ("heroes",)), ("deck", ("deck",))],
    "halfdeck": [("status", ("status",)), ("log", ("log",)), ("cards", ("cards",)),
                 ("odds", ("odds", "--target", "7", "--attribute", "strength"))],
    "elbereth": [("status", ("status",)), ("log", ("log",)), ("odds", ("odds", "dragon"))],
}
RULE_QUESTIONS = {"hebrac": "what does the merchant sell", "tricky": "who leads the first trick",
                  "halfdeck": "how does a hero escape", "elbereth": "how do I descend"}


def kinds_present() -> list[str]:
    """Kinds whose engine is in this checkout (all four once every kind has landed)."""
    return [kind for kind, info in KINDS.items() if importlib.util.find_spec(info.module)]


def example_for(kind: str) -> Path:
    paths = {p.stem: p for p in resource_dir("examples").glob(f"{kind}-*.toml")}
    playable = {stem: p for stem, p in paths.items()
                if tomllib.loads(p.read_text("utf-8")).get("actions")}
    return playable.get(PREFERRED_EXAMPLE[kind]) or playable[sorted(playable)[0]]


class Case(Value):
    kind: str
    slug: str
    args: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"{self.kind}-{self.slug}"


def all_cases() -> list[Case]:
    cases = []
    for kind in kinds_present():
        cases += [Case(kind, slug, (kind, *args)) for slug, args in CASES.get(kind, [])]
        cases.append(Case(kind, "rules", ("rules", kind, *RULE_QUESTIONS[kind].split())))
    return cases


class Terminal(io.StringIO):
    """Captured output that says it is a terminal, as a phone's would."""

    def __init__(self, terminal: bool = True) -> None:
        super().__init__()
        self.terminal = terminal

    def isatty(self) -> bool:
        return self.terminal


def install_example(home: Path, kind: str) -> None:
    data = tomllib.loads(example_for(kind).read_text("utf-8"))
    store = Store(home)
    record = GameRecord(kind=data["kind"], name="example", settings=data["settings"],
                        actions=list(data["actions"]), notes=list(data.get("notes", [])),
                        created="2026-01-01 00:00:00")
    with store.lock(record.name):
        store.write(record, new=True)
    store.set_current(record.name)


def show(args: tuple[str, ...], monkeypatch: pytest.MonkeyPatch, *, terminal: bool = True,
         plain: bool = False) -> str:
    out, err = Terminal(terminal), Terminal(terminal)
    with monkeypatch.context() as patch:
        patch.setattr(sys, "stdout", out)
        patch.setattr(sys, "stderr", err)
        try:
            run(["--plain", *args] if plain else list(args))
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 0
        finally:
            set_plain(False)
    text = out.getvalue()
    if err.getvalue():
        text += "--- stderr\n" + err.getvalue()
    if code:
        text += f"--- exit {code}\n"
    return text


@pytest.fixture(scope="module")
def example_homes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example games, saved once for the module: the cases only read them."""
    home = tmp_path_factory.mktemp("layout") / "home"
    for kind in kinds_present():
        install_example(home / kind, kind)
    return home


@pytest.fixture
def game_home(example_homes: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_HOME", str(example_homes))
    monkeypatch.setenv("NO_COLOR", "1")
    return example_homes


def run_case(case: Case, width: int, home: Path, monkeypatch: pytest.MonkeyPatch,
             **how: bool) -> str:
    monkeypatch.setenv("COMPANION_HOME", str(home / case.kind))
    monkeypatch.setenv("COLUMNS", str(width))
    return show(case.args, monkeypatch, **how)


def test_every_kind_has_landed() -> None:
    assert kinds_present() == list(KINDS)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("case", all_cases(), ids=lambda c: c.id)
def test_golden_layout(case: Case, width: int, game_home: Path,
                       monkeypatch: pytest.MonkeyPatch) -> None:
    text = run_case(case, width, game_home, monkeypatch)
    golden = GOLDEN / f"{case.id}.{width}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(text, "utf-8")
    assert "--- exit 2" not in text, text  # a usage error is not a layout
    too_wide = [line for line in text.splitlines() if len(line) > width]
    assert not too_wide, f"wider than {width}: {too_wide}"
    assert not ESCAPE.search(text)
    assert not folded(text.splitlines()), text
    assert text == golden.read_text("utf-8"), f"{golden.name} differs (UPDATE_GOLDEN=1)"


def folded(lines: list[str]) -> bool:
    """Three or more lines in a row of at most two characters: a table squeezed flat."""
    run_length = 0
    for line in lines:
        run_length = run_length + 1 if 0 < len(line.strip()) <= 2 else 0
        if run_length >= 3:
            return True
    return False


@pytest.mark.parametrize("case", all_cases(), ids=lambda c: c.id)
def test_wrapping_loses_no_word(case: Case, game_home: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal gets the piped text's words, in order; only the line breaks move."""
    terminal = run_case(case, 40, game_home, monkeypatch)
    piped = run_case(case, 40, game_home, monkeypatch, terminal=False)
    assert terminal.split() == piped.split()


@pytest.mark.parametrize("case", all_cases(), ids=lambda c: c.id)
def test_plain_no_color_and_pipes_write_no_escape_codes(
    case: Case, game_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert not ESCAPE.search(run_case(case, 40, game_home, monkeypatch, terminal=False))
    assert not ESCAPE.search(run_case(case, 40, game_home, monkeypatch))  # NO_COLOR=1
    monkeypatch.delenv("NO_COLOR")
    assert not ESCAPE.search(run_case(case, 40, game_home, monkeypatch, terminal=False))
    plain = run_case(case, 40, game_home, monkeypatch, plain=True)
    assert not ESCAPE.search(plain)
    monkeypatch.setenv("NO_COLOR", "1")
    assert plain == run_case(case, 40, game_home, monkeypatch)


@given(st.text(alphabet=st.sampled_from(list("aZéß5_-'\u2019½٣ xⅫ·(")), max_size=8))
def test_a_name_of_letters_is_what_the_pattern_says(word: str) -> None:
    """The keep-together rule's test for a name of letters, written without a regex, is
    the pattern it replaced."""
    from companion.text import _is_letters

    assert _is_letters(word) == bool(re.fullmatch(r"[^\W\d_](?:[^\W\d_]|['\u2019-])*", word))
