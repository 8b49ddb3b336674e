"""``KIND status``, the command typed most: read by the verb table every game shares
(no typer), one error for a line that cannot run, and light to load."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.game import KINDS
from tests.conftest import CLI
from tests.test_dispatch import probe_imports


@pytest.mark.parametrize(("args", "same_as"), [
    (("hebrac", "status", "-g", "one"), ("hebrac", "status")),
    (("hebrac", "status", "-gone"), ("hebrac", "status")),
    (("h", "s", "--gam", "one"), ("hebrac", "status")),
    (("hebrac", "status", "--game=one", "--json"), ("hebrac", "status", "--json")),
    (("hebrac", "status", "-jg", "one"), ("hebrac", "status", "--json")),
    (("hebrac", "status", "--plain"), ("--plain", "hebrac", "status")),
])
def test_every_spelling_of_a_status_line_prints_the_same_bytes(
    cli: CLI, args: tuple[str, ...], same_as: tuple[str, ...]
) -> None:
    cli("hebrac", "new", "--name", "one")
    cli("hebrac", "enter", "A1", "5S")
    cli("hebrac", "attack", "4H")
    typed, expected = cli(*args), cli(*same_as)
    assert (typed.code, typed.out, typed.err) == (0, expected.out, "")
    assert "14/15" in typed.out or '"life": 14' in typed.out


@pytest.mark.parametrize(("args", "error"), [
    (("hebrac", "status", "-g", "nope"), "Error: no saved game named 'nope'"),
    (("hebrac", "status", "--game="), "Error: "),
    (("tricky", "status", "-g", "one"), "Error: 'one' is a hebrac game"),
    (("hebrac", "status", "x"), "Error: Got unexpected extra argument(s) (x)\n"),
])
def test_a_status_line_that_cannot_run_is_one_error(
    cli: CLI, args: tuple[str, ...], error: str
) -> None:
    cli("hebrac", "new", "--name", "one")
    done = cli(*args)
    assert done.code == 2 and done.out == "" and done.err.startswith(error), done.err


def test_status_without_a_game(cli: CLI) -> None:
    for kind in KINDS:
        done = cli(kind, "status")
        assert done.code == 2 and done.err.startswith("Error: no current game")


def test_every_kind_is_registered_with_the_shared_status() -> None:
    from companion.cli.dispatch import target
    from companion.verbs import SHARED

    for kind in KINDS:
        assert target((kind, "status")).verb is SHARED[0], kind


def test_main_still_gives_the_app() -> None:
    from companion.cli.main import app

    assert main.app is app
    with pytest.raises(AttributeError):
        _ = main.no_such_thing


def test_status_imports_neither_typer_nor_rich_nor_other_engines(cli: CLI, home: Path) -> None:
    cli("hebrac", "new", "--name", "g")
    heavy = ("typer", "click", "rich", "qrcode", "companion.tricky", "companion.halfdeck",
             "companion.elbereth")
    done = probe_imports(home, heavy, "hebrac", "status")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("g (hebrac)\n")
    assert done.stderr == "[]\n"
