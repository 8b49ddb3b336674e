"""Hostile values in every parameter of every command, and corrupt saves under every command.

Every run must end with an exit code from 0 to 3, and a failure with exactly one
``Error:`` line and the data folder as it was; a corrupt save is never changed
and never rotated into the backups, whatever the command.

CI runs a sample (each parameter meets three hostile values, in turn, so that
every value is tried); ``COMPANION_FUZZ=all`` tries every value in every
parameter (about 5,500 command lines).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CLI, Result

HOSTILE = [
    "\u00b3", "\u0663", "9" * 5000, "-1", "\x1b[2J", "../../../etc/passwd", "/dev/zero", "",
    " ", "nan", "A" * 600, "\u202eevil", "'", '"', "CMP2.AAAA.00000000", "%s%n{}", "\u2603",
    "0", "99999999999999999999", "g/../../x", "NUL\x00", "-",
]
EVERY_VALUE = os.environ.get("COMPANION_FUZZ") == "all"
# An interactive loop; an example replayed whole; a server.
SKIPPED = {"shell", "play", "demo", "serve"}
WITH_NO_ERROR_LINE = {"hebrac check"}  # exit 1 means 'not legal', printed as the answer


def leaf_commands() -> Iterator[tuple[list[str], Any]]:
    import typer.main

    from companion.cli.main import app

    def walk(command: Any, path: list[str]) -> Iterator[tuple[list[str], Any]]:
        children = getattr(command, "commands", None)
        if children:
            for name, child in children.items():
                yield from walk(child, [*path, name])
        elif path and path[0] not in SKIPPED:
            yield path, command

    yield from walk(typer.main.get_command(app), [])


def command_lines() -> list[list[str]]:
    lines: list[list[str]] = []
    turn = 0
    for path, command in leaf_commands():
        params = [p for p in command.params if p.name != "help"]
        arguments = [p for p in params if p.param_type_name == "argument"]
        filler = ["2" for _ in arguments]
        for param in params:
            if getattr(param, "is_flag", False):
                continue
            values = HOSTILE if EVERY_VALUE else [
                HOSTILE[(turn + k) % len(HOSTILE)] for k in (0, 7, 15)]
            turn += 1
            for value in values:
                if param.param_type_name == "argument":
                    words = [value if p is param else "2" for p in arguments]
                    lines.append([*path, *words])
                else:
                    given = [value] * max(1, param.nargs)
                    lines.append([*path, *filler, param.opts[0], *given])
    return lines + verb_lines()


def verb_lines() -> list[list[str]]:
    """The same for a game's lines, which its verb table reads (typer never builds them):
    each word and each option that takes a value."""
    from companion.cli.dispatch import names, target
    from companion.kinds import KINDS

    lines: list[list[str]] = []
    turn = 0
    for kind in KINDS:
        for name in names((kind,)):
            verb = getattr(target((kind, name)), "verb", None)
            if verb is None:
                continue
            positional = [verb.words] if verb.words else [
                p for p in verb.params if p.positional]
            valued = [p for p in (*verb.params, *verb.line)
                      if p.kind in ("option", "options")]
            for param in [*positional, *valued]:
                values = HOSTILE if EVERY_VALUE else [
                    HOSTILE[(turn + k) % len(HOSTILE)] for k in (0, 7, 15)]
                turn += 1
                for value in values:
                    words = [value if p is param else "2" for p in positional]
                    if param in positional:
                        lines.append([kind, name, *words])
                    else:
                        lines.append([kind, name, *["2" for _ in positional], param.option,
                                      value])
    return lines


def files(home: Path) -> dict[Path, bytes]:
    """The data folder's files (lock files and the snapshot cache aside)."""
    found = {}
    for path in home.rglob("*"):
        if path.is_file() and not path.is_symlink() and not path.name.endswith(".lock") \
                and "cache" not in path.relative_to(home).parts:
            found[path] = path.read_bytes()
    return found


def restore(home: Path, saved: dict[Path, bytes]) -> None:
    now = files(home)
    for path in now.keys() - saved.keys():
        path.unlink()
    for path, data in saved.items():
        if now.get(path) != data:
            path.write_bytes(data)


def check(result: Result, words: list[str]) -> None:
    shown = " ".join(w[:20] for w in words)
    assert 0 <= result.code <= 3, (shown, result)
    if result.code == 0:
        return
    if result.code == 1 and " ".join(words[:2]) in WITH_NO_ERROR_LINE and not result.err:
        return
    assert result.err.startswith("Error: ") and result.err.count("\n") == 1, (shown, result)


@pytest.fixture
def played(cli: CLI, home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A game of each kind (Hebrac current), from a folder where ../../../ stays in tmp."""
    deep = tmp_path / "d1" / "d2" / "d3" / "d4"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)
    for args in (("tricky", "new", "Ann", "Bo", "--name", "t"),
                 ("halfdeck", "new", "--name", "h"),
                 ("elbereth", "new", "--equip", "sword", "armour", "--name", "e"),
                 ("hebrac", "new", "--name", "g"), ("hebrac", "enter", "A1", "5S")):
        assert cli(*args).code == 0
    return home


def test_hostile_values_in_every_parameter(cli: CLI, played: Path) -> None:
    lines = command_lines()
    assert len(lines) > (5_000 if EVERY_VALUE else 700)
    saved = files(played)
    for words in lines:
        result = cli(*words)
        check(result, words)
        if result.code:
            assert files(played) == saved, words
        else:
            restore(played, saved)


# -- corrupt saves ------------------------------------------------------------------------
def _text(old: str, new: str) -> Any:
    return lambda path: path.write_text(path.read_text().replace(old, new, 1))


def _bytes(data: bytes) -> Any:
    return lambda path: path.write_bytes(data)


def _fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def _device(path: Path) -> None:
    path.unlink()
    path.symlink_to("/dev/zero")


def _sparse(path: Path) -> None:
    with open(path, "r+b") as handle:
        handle.truncate(8 * 1024**3)


def _folder(path: Path) -> None:
    path.unlink()
    path.mkdir()


CORRUPTIONS: dict[str, Any] = {
    "empty": _bytes(b""),
    "zero bytes": _bytes(b"\x00" * 100),
    "not UTF-8": _bytes(b"\xff\xfe schema = 1"),
    "cut short": lambda path: path.write_bytes(path.read_bytes()[:60]),
    "not TOML": _text("actions = [", "actions = [[["),
    "newer schema": _text("schema = 1", "schema = 99"),
    "no schema": _text("schema = 1", "schemb = 1"),
    "another name": _text('name = "g"', 'name = "other"'),
    "kind unknown": _text('kind = "hebrac"', 'kind = "chess"'),
    "settings not a table": lambda path: path.write_text(
        path.read_text().split("[settings]")[0] + "settings = 3\n"),
    "life is text": _text("life = 15", 'life = "x"'),
    "life too large": _text("life = 15", "life = 99999999999999999999"),
    "unknown setting": _text("life = 15", "life = 15\ncheat = true"),
    "setting of another type": _text("decks = 2", "decks = [[1]]"),
    "action that does not replay": _text('"enter A1 5S"', '"enter B2 5S"'),
    "action with another script's digit": _text('"enter A1 5S"', '"enter A\u0661 5S"'),
    "action of 5000 digits": _text('"enter A1 5S"', '"enter A' + "1" * 5000 + ' 5S"'),
    "action with an escape": _text('"enter A1 5S"', '"enter A1 5S\\u001b[2J"'),
    "note with an escape": _text("notes = []", 'notes = ["\\u001b]0;owned\\u0007"]'),
    "setting with an escape": _text('rules = "2005"', 'rules = "\\u001b[31m"'),
    "actions not a list": _text("actions = [", "actions = 3\nxactions = ["),
    "deeply nested": _bytes(b"schema = 1\nx = " + b"[" * 3000 + b"]" * 3000 + b"\n"),
    "a FIFO": _fifo,
    "a symlink to /dev/zero": _device,
    "a huge sparse file": _sparse,
    "a folder": _folder,
}
COMMANDS = [
    ("hebrac", "status"), ("hebrac", "status", "--json"), ("hebrac", "log"), ("hebrac", "undo"),
    ("hebrac", "redo"), ("hebrac", "note", "hi"), ("hebrac", "attack", "4H"),
    ("hebrac", "spells"), ("hebrac", "odds"), ("games",), ("games", "--json"),
    ("games", "use", "g"), ("games", "rm", "g", "-y"), ("share", "--text"), ("sheet",),
    ("sheet", "--blank"), ("rules", "hebrac", "attack"), ("hebrac", "next-level"),
]


# Commands that answer without the current game (a list, a rule, a blank sheet, a table).
NEED_NO_GAME = {"games", "rules", ("sheet", "--blank"), ("hebrac", "spells")}


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A data folder with a Hebrac game of one action, its backups and a redo, and the
    game's share code: made once, copied for each corruption."""
    from tests.serve_helpers import companion

    folder = tmp_path_factory.mktemp("saved") / "home"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HOME", str(tmp_path_factory.mktemp("user")))
        for words in (("hebrac", "new", "--name", "g"), ("hebrac", "enter", "A1", "5S")):
            assert companion(folder, *words).returncode == 0
        code = companion(folder, "share", "--text").stdout.strip()
        for words in (("hebrac", "attack", "3H"), ("hebrac", "undo")):
            assert companion(folder, *words).returncode == 0
    return folder, code


@pytest.mark.parametrize("corruption", sorted(CORRUPTIONS))
def test_a_corrupt_save_under_every_command(cli: CLI, home: Path, saved: tuple[Path, str],
                                            corruption: str) -> None:
    shutil.copytree(saved[0], home)
    code = saved[1]
    path = home / "games" / "g.toml"
    CORRUPTIONS[corruption](path)
    kept = {p: p.read_bytes() for p in (home / "backups").iterdir()}
    left = os.lstat(path)
    for words in [*COMMANDS, ("import", code, "--force")]:
        result = cli(*words)
        check(result, list(words))
        assert result.code != 0 or words[0] in NEED_NO_GAME or words[:2] in NEED_NO_GAME, (
            corruption, words, result)
        assert "Traceback" not in result.err
        assert os.lstat(path).st_mtime_ns == left.st_mtime_ns and \
            os.lstat(path).st_ino == left.st_ino, (corruption, words)
        assert {p: p.read_bytes() for p in (home / "backups").iterdir()} == kept, words
    if path.is_dir():
        shutil.rmtree(path)
