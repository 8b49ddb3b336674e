"""What a review of input handling found, each kept as a test: text read from saves and
imported files, spreadsheet formulas in the CSV, numbers of thousands of digits in TOML,
undo and redo counts, 'games rm' declined, and every error path of the CLI."""

from __future__ import annotations

import csv
import inspect
import io
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion import store
from companion.cli.main import guarded
from companion.game import KINDS, load_kind
from companion.stats import CSV_COLUMNS, Entry, csv_text
from companion.store import OUTCOMES, Store
from tests.conftest import CLI, Result
from tests.test_hardening import folder_bytes, hebrac_game, one_error

HUGE = "9" * 5000  # past Python's 4,300-digit limit on reading an int
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def replace_line(path: Path, key: str, value: str) -> None:
    """Set a top-level scalar of a save as a hand edit would (``value`` is TOML)."""
    text = re.sub(rf"(?m)^{key} = .*$", lambda _: f"{key} = {value}", path.read_text())
    path.write_text(text)


# -- 1. created, updated, outcome and kind are checked as the store writes them ----------
HOSTILE_FIELDS = [
    ("created", '"=HYPERLINK(\\"http://evil.example/\\",\\"click\\")"'),
    ("created", '"2026-11-23 09:00:00\\u001b[2J"'),
    ("created", '"+cmd|\' /C calc\'!A0"'),
    ("created", '"2026-13-01 09:00:00"'),
    ("created", '"2026-11-23T09:00:00"'),
    ("created", '"\u0662\u0660\u0662\u0666-11-23 09:00:00"'),  # other scripts' digits
    ("updated", '"\\u001b]0;owned\\u0007"'),
    ("updated", '"@SUM(1+1)"'),
    ("outcome", '"\\u001b[31mwon"'),
    ("outcome", '"=1+1"'),
    ("outcome", '"finished"'),  # a Tricky word, not a Hebrac one
    ("outcome", '"WON"'),
    ("kind", '"hebrac\\u001b[2J"'),
]


@pytest.mark.parametrize(("key", "value"), HOSTILE_FIELDS)
def test_a_save_with_such_a_field_is_a_data_problem_left_as_it_is(
        cli: CLI, home: Path, key: str, value: str) -> None:
    path = hebrac_game(cli, home)
    replace_line(path, key, value)
    before = folder_bytes(home)
    status = one_error(cli("hebrac", "status"), 3)
    assert f"{path}: not a saved game: field {key!r}" in status
    assert f"it was left as it is; newest good backup: {home / 'backups' / 'g.1.toml'}" in status
    for words in (("hebrac", "note", "hi"), ("hebrac", "undo"), ("hebrac", "attack", "4H"),
                  ("games", "rm", "g", "--yes"), ("share", "--text")):
        assert one_error(cli(*words), 3) == status, words
    listed = cli("games")
    assert listed.code == 0 and "g  ?  unreadable" in listed.out
    exported = cli("export", "--csv", "--all")
    assert exported.code == 0 and exported.out == ",".join(CSV_COLUMNS) + "\n"
    assert exported.err.startswith("Warning: skipped g: not a saved game")
    for result in (listed, exported):
        assert "\x1b" not in result.out + result.err and "=HYPERLINK" not in result.out
    assert folder_bytes(home) == before


@pytest.mark.parametrize(("key", "value"), HOSTILE_FIELDS)
def test_an_imported_save_with_such_a_field_is_refused(
        cli: CLI, home: Path, tmp_path: Path, key: str, value: str) -> None:
    path = hebrac_game(cli, home)
    copy = tmp_path / "copy.toml"
    copy.write_text(path.read_text())
    replace_line(copy, key, value)
    assert cli("games", "rm", "g", "--yes").code == 0
    before = folder_bytes(home)
    result = cli("import", str(copy))
    assert f"is not a saved game: field {key!r}" in one_error(result, 2)
    assert "\x1b" not in result.err
    assert folder_bytes(home) == before


def test_good_times_and_every_kinds_outcomes_still_read(cli: CLI, home: Path) -> None:
    path = hebrac_game(cli, home)
    for created in ("2000-02-29 23:59:59", "1999-01-01 00:00:00"):
        replace_line(path, "created", f'"{created}"')
        assert cli("hebrac", "status").code == 0
        assert Store(home).read("g").created == created
    for outcome in OUTCOMES["hebrac"]:  # what the file says; the replay decides the state
        replace_line(path, "outcome", f'"{outcome}"')
        assert cli("hebrac", "status").code == 0


def test_the_outcome_words_are_the_engines_own() -> None:
    assert set(OUTCOMES) == set(KINDS)
    for kind in KINDS:
        module = load_kind(kind)
        # a set: a class is found once under each of its names (Elbereth's new_engine)
        found = {cls for cls in vars(module).values() if inspect.isclass(cls)
                 and cls.__module__ == module.__name__
                 and isinstance(vars(cls).get("outcome"), property)}
        assert len(found) == 1, kind
        source = inspect.getsource(vars(found.pop())["outcome"].fget)
        assert set(re.findall(r'"([a-z]+)"', source)) == set(OUTCOMES[kind]), kind


# -- 2. the CSV as a spreadsheet reads it ----------------------------------------------------
NUMERIC = {"actions", "level", "floor", "cleared", "battles_won", "battles_lost", "life_lost",
           "life_healed", "round", "gold"}


def spreadsheet_rows(text: str) -> list[dict[str, str]]:
    """The CSV read as a spreadsheet reads it; every cell that would run as a formula must
    be a number companion wrote, in a column of numbers."""
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    for row in rows:
        assert list(row) == list(CSV_COLUMNS)
        for column, cell in row.items():
            if cell[:1] in FORMULA:
                assert column in NUMERIC and re.fullmatch(r"-?[0-9]+(\.[0-9]+)?", cell), (
                    column, cell)
    return rows


def test_hostile_text_in_the_csv_is_shown_as_text() -> None:
    tricky = Entry("t", "tricky", '=HYPERLINK("http://evil.example/","x")', "finished", 7, {
        "players": ["=cmd", "Bo"], "winners": ["=cmd"],
        "rounds": [{"round": 1, "active": "=cmd", "hero": "@SUM(A1:A9)",
                    "gold": {"=cmd": -3, "Bo": 2}},
                   {"round": 2, "active": "Bo", "hero": "-2+3", "gold": {"=cmd": 0, "Bo": -1}}]})
    hebrac = Entry("h", "hebrac", "+1+1", "dead", 3, {
        "level": 1, "cleared": 0, "battles_won": 0, "battles_lost": 1, "life_lost": 15,
        "life_healed": -2, "killed_by": "\t=1", "spells_cast": ["-paralysis", "\r=2"]})
    elbereth = Entry("e", "elbereth", "2026-01-01 00:00:00", "lost", 2, {
        "floor": 1, "beaten_by": "rat\x1b[2J\u202e"})
    text = csv_text([tricky, hebrac, elbereth])
    assert "\x1b" not in text and "\u202e" not in text
    rows = spreadsheet_rows(text)
    assert len(rows) == 4
    first, second, death, loss = rows
    assert first["created"] == "'=HYPERLINK(\"http://evil.example/\",\"x\")"
    assert (first["players"], first["winners"], first["active"], first["hero"]) == (
        "'=cmd Bo", "'=cmd", "'=cmd", "'@SUM(A1:A9)")
    assert (first["gold"], first["gold_all"], second["gold"], second["hero"]) == (
        "-3", "'=cmd=-3 Bo=2", "-1", "'-2+3")
    assert (death["created"], death["killed_by"], death["spells_cast"]) == (
        "'+1+1", "'\t=1", "'-paralysis \r=2")
    assert death["life_healed"] == "-2"  # a number we wrote stays a number
    assert loss["killed_by"] == "rat\\x1b[2J\\u202e"
    # Numbers are written bare, text with a formula character quoted.
    lines = text.splitlines()
    assert ',-3,' in lines[1] and ",\"'=cmd\"," in lines[1]


def test_the_csv_of_benign_games_is_what_it_was(cli: CLI, home: Path) -> None:
    entry = Entry("t", "tricky", "2025-01-01 12:00:00", "finished", 80, {
        "players": ["Ann", "Bo"], "winners": ["Ann"],
        "rounds": [{"round": 1, "active": "Ann", "hero": "Thief", "gold": {"Ann": 3, "Bo": 0}}]})
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerow({"game": "t", "kind": "tricky", "created": "2025-01-01 12:00:00",
                     "outcome": "finished", "actions": 80, "players": "Ann Bo",
                     "winners": "Ann", "round": 1, "active": "Ann", "hero": "Thief",
                     "gold": 3, "gold_all": "Ann=3 Bo=0"})
    assert csv_text([entry]) == out.getvalue()


def test_hostile_names_notes_players_and_created_never_reach_the_csv_as_formulas(
        cli: CLI, home: Path, tmp_path: Path) -> None:
    for name in ("=cmd", "-cmd", "+cmd", "@cmd"):
        one_error(cli("hebrac", "new", "--name", name), 2)
    one_error(cli("tricky", "new", "=cmd", "Bo"), 2)
    one_error(cli("tricky", "new", "Ann", "@SUM(1)"), 2)
    one_error(cli("tricky", "new", "Ann", "-x"), 2)  # an option to typer: a usage error
    path = hebrac_game(cli, home)
    for note in (("=HYPERLINK(\"x\")",), ("+1",), ("--", "-1"), ("@SUM(1)",)):
        assert cli("hebrac", "note", *note).code == 0
    assert cli("tricky", "new", "Ann", "Bo", "--name", "t").code == 0
    copy = tmp_path / "x.toml"
    copy.write_text(path.read_text().replace('name = "g"', 'name = "x"'))
    replace_line(copy, "created", '"=HYPERLINK(\\"http://evil.example/\\")"')
    one_error(cli("import", str(copy)), 2)
    (home / "games" / "x.toml").write_text(copy.read_text())  # copied in by hand
    result = cli("export", "--csv", "--all")
    assert result.code == 0 and result.err.startswith("Warning: skipped x:")
    rows = spreadsheet_rows(result.out)
    assert sorted(row["game"] for row in rows) == ["g", "t"]
    assert "HYPERLINK" not in result.out


# -- 3. numbers of thousands of digits in TOML and in codes --------------------------------------
def test_importing_toml_with_a_huge_number_is_bad_input(cli: CLI, home: Path,
                                                        tmp_path: Path) -> None:
    bare = tmp_path / "bare.toml"
    bare.write_text(f"x = {HUGE}\n")
    assert one_error(cli("import", str(bare)), 2) == (
        f"Error: '{bare}' is not valid TOML: it holds a number of more than "
        f"{sys.get_int_max_str_digits()} digits\n")
    path = hebrac_game(cli, home)
    game = tmp_path / "game.toml"
    game.write_text(path.read_text().replace("life = 15", f"life = {HUGE}"))
    assert "is not valid TOML: it holds a number of more than" in one_error(
        cli("import", str(game), "--name", "copy"), 2)
    assert not (home / "games" / "copy.toml").exists()


def test_importing_such_toml_from_stdin_is_bad_input(cli: CLI, home: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(
        f"schema = 1\nkind = \"hebrac\"\nx = {HUGE}\n".encode())))
    assert one_error(cli("import", "-"), 2) == (
        "Error: stdin is not valid TOML: it holds a number of more than "
        f"{sys.get_int_max_str_digits()} digits\n")


@pytest.mark.parametrize("where", ["head", "settings", "actions"])
def test_a_save_with_a_huge_number_is_a_data_problem(cli: CLI, home: Path, where: str) -> None:
    path = hebrac_game(cli, home)
    text = path.read_text()
    if where == "head":  # before the kind: the quick readers of the kind fall back
        text = f"x = {HUGE}\n" + text
    elif where == "settings":
        text = text.replace("life = 15", f"life = {HUGE}")
    else:
        text = text.replace("actions = [", f"actions = [\n    {HUGE},")
    path.write_text(text)
    before = folder_bytes(home)
    status = one_error(cli("hebrac", "status"), 3)
    assert status.startswith(f"Error: {path}: not valid TOML: it holds a number of more than ")
    assert status.endswith(f"it was left as it is; newest good backup: "
                           f"{home / 'backups' / 'g.1.toml'}\n")
    for words in (("hebrac", "note", "hi"), ("sheet",), ("hebrac", "spells"),
                  ("hebrac", "spells", "--game", "g"), ("share", "--text")):
        assert one_error(cli(*words), 3) == status, words
    # A rule lookup only ranks by the current game's kind: it answers without it.
    result = cli("rules", "attack")
    assert (result.code, result.err) == (0, ""), result
    listed = cli("games")
    assert listed.code == 0 and "g  ?  unreadable" in listed.out
    assert folder_bytes(home) == before


def test_store_kind_never_raises_past_a_data_problem(home: Path, cli: CLI) -> None:
    path = hebrac_game(cli, home)
    path.write_text(f"x = {HUGE}\n" + path.read_text())
    with pytest.raises(store.DataProblem, match="not valid TOML"):
        Store(home).kind("g")
    path.write_text(path.read_text().replace('kind = "hebrac"', 'kind = "chess"'))
    with pytest.raises(store.DataProblem):
        Store(home).kind("g")


def test_share_codes_with_huge_numbers_are_bad_input(cli: CLI, home: Path) -> None:
    from tests.test_share import craft, craft2

    version_1 = craft('{"kind":"hebrac","name":"g","settings":{"life":' + HUGE + '},'
                      '"actions":[]}')
    assert "the code's data holds a number too large" in one_error(cli("import", version_1), 2)
    for digits, message in ((25, "the code's data holds a number too large"),
                            (4000, "the code's settings hold an item longer than the limit")):
        version_2 = craft2({"kind": "hebrac", "name": "g", "settings": {"life": 10**digits},
                            "actions": []})
        assert message in one_error(cli("import", version_2), 2)
    assert not (home / "games").exists() or not list((home / "games").glob("*.toml"))


# -- 4. undo and redo counts follow the 9-digit rule ----------------------------------------
@pytest.mark.parametrize("verb", ["undo", "redo"])
@pytest.mark.parametrize("count", ["99999999999999999999", "1234567890", "9" * 4000])
def test_a_count_of_more_than_nine_digits_is_bad_input(cli: CLI, home: Path, verb: str,
                                                       count: str) -> None:
    hebrac_game(cli, home)
    assert cli("hebrac", "undo").code == 0  # something to redo
    before = folder_bytes(home)
    err = one_error(cli("hebrac", verb, count), 2)
    if len(count) < 4300:
        shown = repr(count) if len(count) <= 20 else repr(count[:20] + "...")
        assert err == (f"Error: the number of actions to {verb} must be a whole number of "
                       f"at most 9 digits, not {shown}\n")
    assert folder_bytes(home) == before


def test_a_count_of_nine_digits_takes_what_there_is(cli: CLI, home: Path) -> None:
    hebrac_game(cli, home)
    assert cli("hebrac", "undo", "999999999").out.count("Undone:") == 2
    assert cli("hebrac", "redo", "999999999").out.count("Redone:") == 2


def test_the_shell_reads_counts_by_the_same_rule(home: Path, cli: CLI) -> None:
    hebrac_game(cli, home)
    before = folder_bytes(home)
    env = {**os.environ, "COLUMNS": "40", "COMPANION_HOME": str(home)}
    done = subprocess.run([sys.executable, "-m", "companion", "shell"],
                          input="undo 99999999999999999999\n- 1234567890\nredo 12345678901\n",
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == [
        "Error: the number of actions to undo must be a whole number of at most 9 digits, "
        "not '99999999999999999999'",
        "Error: the number of actions to undo must be a whole number of at most 9 digits, "
        "not '1234567890'",
        "Error: the number of actions to redo must be a whole number of at most 9 digits, "
        "not '12345678901'"]
    assert folder_bytes(home) == before


# -- 5. declining 'games rm' is an answer, not an error ---------------------------------------
@pytest.mark.parametrize("answer", ["n\n", "\n", "no\n", "maybe\n", "N"])
def test_declining_games_rm_exits_0_and_removes_nothing(
        cli: CLI, home: Path, monkeypatch: pytest.MonkeyPatch, answer: str) -> None:
    hebrac_game(cli, home)
    before = folder_bytes(home)
    monkeypatch.setattr(sys, "stdin", io.StringIO(answer))
    result = cli("games", "rm", "g")
    assert (result.code, result.err) == (0, "")
    assert result.out == "Remove g? [y/N]: Kept g: nothing was removed.\n"
    assert folder_bytes(home) == before


@pytest.mark.parametrize("answer", ["y\n", "YES\n", " yes \n"])
def test_confirming_games_rm_removes(cli: CLI, home: Path, monkeypatch: pytest.MonkeyPatch,
                                     answer: str) -> None:
    hebrac_game(cli, home)
    monkeypatch.setattr(sys, "stdin", io.StringIO(answer))
    result = cli("games", "rm", "g")
    assert (result.code, result.err) == (0, "")
    assert result.out.startswith("Remove g? [y/N]: Removed g;")
    assert not (home / "games" / "g.toml").exists()


def test_no_answer_to_games_rm_is_a_usage_error(cli: CLI, home: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    hebrac_game(cli, home)
    before = folder_bytes(home)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    result = cli("games", "rm", "g")
    assert one_error(result, 2) == ("Error: no answer to 'Remove g?': nothing was removed "
                                    "('--yes' removes without asking)\n")
    assert result.out == "Remove g? [y/N]: \n"
    assert folder_bytes(home) == before


def test_the_readme_says_what_declining_does() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    paragraph = next(p for p in readme.split("\n\n") if p.startswith("Exit codes:"))
    assert "games rm" in paragraph and "exits 0" in " ".join(paragraph.split())


# -- 6. every error path ends in one Error: line with exit 2 or 3 (1: a rule's refusal) -------
def run_guarded(call: Any, capsys: pytest.CaptureFixture[str]) -> Result:
    capsys.readouterr()
    code = guarded(call)
    captured = capsys.readouterr()
    return Result(code, captured.out, captured.err)


def raising(error: BaseException) -> Any:
    def call() -> None:
        raise error
    return call


def test_an_unforeseen_exception_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    result = run_guarded(raising(ZeroDivisionError("division by zero")), capsys)
    assert one_error(result, 3) == (
        "Error: unexpected ZeroDivisionError: division by zero (a fault in companion: please "
        "report it); nothing was saved\n")
    result = run_guarded(raising(RecursionError()), capsys)
    assert "unexpected RecursionError (a fault" in one_error(result, 3)


def test_a_file_error_no_command_caught_is_a_data_problem(
        capsys: pytest.CaptureFixture[str]) -> None:
    error = PermissionError(13, "Permission denied", "/somewhere/file")
    result = run_guarded(raising(error), capsys)
    assert one_error(result, 3) == "Error: cannot use /somewhere/file: Permission denied\n"


def test_an_exit_with_a_message_is_an_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    result = run_guarded(raising(SystemExit("it went wrong")), capsys)
    assert one_error(result, 2) == "Error: it went wrong\n"


def test_typers_abort_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    import typer

    result = run_guarded(raising(typer.Abort()), capsys)
    assert one_error(result, 2) == ("Error: the input ended before the command had its "
                                    "answer; nothing was saved\n")


def test_an_error_line_never_carries_an_escape_sequence(
        capsys: pytest.CaptureFixture[str]) -> None:
    from companion.errors import BadInput

    result = run_guarded(raising(BadInput("bad \x1b[2J\x07 \u202e thing")), capsys)
    assert one_error(result, 2) == "Error: bad \\x1b[2J\\x07 \\u202e thing\n"


@pytest.mark.parametrize("words", [
    ("hebrac", "undo", "x"), ("hebrac", "undo", "-1"), ("hebrac", "undo", "0"),
    ("hebrac", "undo", HUGE), ("hebrac", "nope"), ("games", "rm"), ("games", "use", "../x"),
    ("import", "CMP2.AAAA.00000000"), ("export",), ("export", "--csv", "-o", "/nonexistent/x"),
    ("sheet", "-o", "/nonexistent/x"), ("share", "--text", "--qr"), ("rules",),
])
def test_each_error_path_is_one_error_line(cli: CLI, home: Path, words: tuple[str, ...]) -> None:
    hebrac_game(cli, home)
    before = folder_bytes(home)
    result = cli(*words)
    assert result.code in (0, 2, 3), result
    if result.code:
        one_error(result, result.code)
    assert folder_bytes(home) == before


def test_a_refused_rule_is_exit_1_with_one_line(cli: CLI, home: Path) -> None:
    hebrac_game(cli, home)
    one_error(cli("hebrac", "enter", "C4", "5S"), 1)


@pytest.mark.parametrize("which", ["catalog", "deck"])
def test_a_side_file_holding_a_huge_number_is_a_data_problem(home: Path, which: str) -> None:
    from companion.errors import DataProblem
    from companion.halfdeck.catalog import catalog_path, read_file
    from companion.tricky.deck import deck_path, load_deck

    path = catalog_path() if which == "catalog" else deck_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"schema = 1\nnumber = {'9' * 5000}\n", encoding="utf-8")
    with pytest.raises(DataProblem, match=str(path)):
        if which == "catalog":
            read_file(path)
        else:
            load_deck()
