"""The keystroke script's check (scripts/keystrokes.py), on one example game per kind.

Each action is typed in its shortest form and replayed through the shell and as
one-shot commands in a temporary data folder; ``measure`` stops (SystemExit)
when a form does not save the example's action byte for byte.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

EXAMPLES = ("elbereth-loss", "halfdeck-loss", "hebrac-spells", "tricky-4p")
"""One per kind: Half Deck's names of several words, Hebrac's spells, Tricky's heroes and
counts, Elbereth's items and enemies."""


@pytest.fixture(scope="module")
def keystrokes() -> Iterator[ModuleType]:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
    try:
        import keystrokes
    finally:
        sys.path.pop(0)
    yield keystrokes


@pytest.fixture(scope="module")
def table(keystrokes: ModuleType) -> Any:
    return keystrokes.measure(EXAMPLES)


def test_every_kind_is_measured(table: Any) -> None:
    assert sorted(table) == ["elbereth", "halfdeck", "hebrac", "tricky"]


def test_no_common_action_needs_quotes(keystrokes: ModuleType, table: Any) -> None:
    for kind, verbs in table.items():
        for verb in keystrokes.common(kind):
            for row in verbs.get(verb, []):
                assert not row.quoted, (kind, row.action, row.quoted)
                assert not keystrokes.needs_quotes(row.words), (kind, row.action, row.words)


def test_names_are_typed_unquoted_and_by_their_start(table: Any) -> None:
    typed = {row.action: row.words for verbs in table.values() for rows in verbs.values()
             for row in rows}
    # a card of the catalog by its start, the numbers it keeps left out (not its loot)
    assert typed["draw 'goblin minion' --minion --str 7 --loot 1"] == ("d", "g", "--l", "1")
    assert typed["equip warrior 'rusty sword' --str +1"] == ("e", "w", "r")
    assert typed["hand 'team attack'"] == ("ha", "team", "attack")
    assert typed["cast double-attack --with 2C"] == ("c", "d")
    assert typed["round fairy-scout --active Cy"] == ("r", "f")
    assert typed["attack spider 2"] == ("a", "sp", "2")


def test_the_short_forms_are_shorter(keystrokes: ModuleType, table: Any) -> None:
    for kind, verbs in table.items():
        for verb in keystrokes.common(kind):
            rows = verbs.get(verb, [])
            assert all(row.shell <= row.shell_full for row in rows), (kind, verb)
            assert all(row.one_shot < row.one_shot_full for row in rows), (kind, verb)


def test_the_report_counts_the_quotes(keystrokes: ModuleType, table: Any) -> None:
    lines = keystrokes.report(table, markdown=True)
    assert lines[0].startswith("| Game | actions | shell | one-shot |")
    assert any(line.startswith("| halfdeck hand |") for line in lines)
    for kind in table:
        assert any(line.startswith(f"{kind}: 0 action(s) still typed with quotes")
                   for line in lines), kind


def test_a_form_that_saves_another_action_is_not_kept(keystrokes: ModuleType) -> None:
    """A start two names share saves nothing; a form read otherwise is undone."""
    record = next(r for r in keystrokes.examples(["elbereth-loss"]))
    with keystrokes.data_folder():
        game = keystrokes.Table(record["kind"], "trial", record["settings"])
        game.begin()
        saved, _error = game.attempt(["a", "s", "1"])  # spider or snake
        assert saved is None
        saved, _error = game.attempt(["a", "sp", "2"])
        assert saved == "attack spider 2"
        found = keystrokes.shortest(game, "elbereth", "attack rat 1")
        assert found.words == ["a", "r", "1"]
        assert game.saved() == ["attack rat 1"]
    assert shlex.join(found.words) == "a r 1"
