"""Two kinds of record in companion/ (issue #33): ``Value`` for values, ``Record`` for
state that changes; ``TypedDict`` only as the type of a JSON or TOML document. Counted
from the source by scripts/record_kinds.py."""

from __future__ import annotations

from pathlib import Path

from scripts.record_kinds import classify

# Modules other branches are still converting: this list is emptied when they merge (and
# their document TypedDicts join DOCUMENTS).
CONVERTING: tuple[str, ...] = ()

# Each TypedDict is the type of a document: a rulebook table read from TOML, or what
# ``--json`` prints (a status, the roster).
DOCUMENTS = {
    f"companion.{name}" for name in (
        "elbereth.engine.DeckTable", "elbereth.engine.ElberethTables",
        "elbereth.engine.EquipmentTable", "elbereth.engine.FoeRow",
        "halfdeck.rules.CombatTable", "halfdeck.rules.DecksTable", "halfdeck.rules.DieTable",
        "halfdeck.rules.EnemiesTable", "halfdeck.rules.HalfDeckTables",
        "halfdeck.rules.HeroesTable", "halfdeck.rules.SetupTable", "halfdeck.rules.TeamTable",
        "tricky.cards.DeckTable", "tricky.cards.GameTable", "tricky.cards.HeroRow",
        "tricky.cards.PlayersRow", "tricky.cards.TrickyTables", "tricky.cards.VariantsTable",
        "tricky.views.SheetRowStatus",
        # Hebrac: the rule tables read from TOML.
        "hebrac.rules.HebracTables", "hebrac.rules.SpellRow",
        # A game's facts ('history --json', kept in the statistics' cache) and the
        # statistics' own figures ('stats --json', the roster).
        "history.Battle", "history.BestHero", "history.ElberethFacts", "history.FloorLeft",
        "history.HalfDeckCall", "history.HalfDeckFacts", "history.HebracCall",
        "history.HebracFacts", "history.TrickyFacts",
        "history.TrickyRound", "stats.BestGame", "stats.ElberethFigures",
        "stats.Figures", "stats.HalfDeckFigures", "stats.HebracFigures",
        "stats.HeroAverage", "stats.HeroFigures", "stats.OwnGold", "stats.PlayerTrickyFigures",
        "stats.RecordFigures", "stats.TrickyFigures", "stats.KindCount", "stats.PlayerFigures",
        "stats.RosterFigures", "stats.RosterRow")
}


def _settled(names: list[str]) -> list[str]:
    return [name for name in names if not name.startswith(CONVERTING)]


def test_no_named_tuple_or_dataclass_in_companion() -> None:
    kinds = classify()
    assert _settled(kinds["NamedTuple"]) == []
    assert _settled(kinds["dataclass"]) == []


def test_typed_dicts_only_for_documents() -> None:
    kinds = classify()
    assert sorted(_settled(kinds["TypedDict"])) == sorted(DOCUMENTS)
    assert len(kinds["Value"]) > 60 and len(kinds["Record"]) > 10  # the counter still counts


def test_the_counter_sees_each_kind(tmp_path: Path) -> None:
    root = tmp_path / "companion"
    root.mkdir()
    (root / "a.py").write_text(
        "from collections import namedtuple\n"
        "from dataclasses import dataclass\n"
        "from typing import NamedTuple, TypedDict\n"
        "from companion.values import Record, Value\n"
        "class P(NamedTuple):\n    x: int\n"
        "Q = namedtuple('Q', 'x')\n"
        "@dataclass(frozen=True)\nclass D:\n    x: int\n"
        "class V(Value):\n    x: int\n"
        "class W(V):\n    pass\n"
        "class R(Record):\n    __slots__ = ('x',)\n"
        "class T(TypedDict):\n    x: int\n"
        "class Plain:\n    pass\n")
    assert classify(root) == {
        "Value": ["companion.a.V", "companion.a.W"], "Record": ["companion.a.R"],
        "NamedTuple": ["companion.a.P", "companion.a.Q"], "dataclass": ["companion.a.D"],
        "TypedDict": ["companion.a.T"]}
