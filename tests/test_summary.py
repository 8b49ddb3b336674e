"""The end-of-game summary: every example's, golden at 40 columns; its figures by hand.

Regenerate the golden files with ``UPDATE_GOLDEN=1 pytest tests/test_summary.py``
and read the diff.
"""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

from companion.history import trace
from companion.resources import resource_dir
from companion.spark import sparkline
from tests.conftest import CLI
from tests.test_share_cli import save

GOLDEN = Path(__file__).parent / "golden"
EXAMPLES: dict[str, dict[str, Any]] = {
    path.stem: data for path in sorted(resource_dir("examples").glob("*.toml"))
    if "kind" in (data := tomllib.loads(path.read_text("utf-8")))}


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_every_example_summary_at_40_columns(cli: CLI, home: Path, name: str) -> None:
    data = EXAMPLES[name]
    save(home, data)
    result = cli(data["kind"], "summary", "-g", name)
    assert (result.code, result.err) == (0, "")
    assert max(len(line) for line in result.out.splitlines()) <= 40
    golden = GOLDEN / f"summary-{name}.40.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(result.out, "utf-8")
    assert result.out == golden.read_text("utf-8")


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_every_engine_keeps_a_point_per_action(name: str) -> None:
    from companion.game import replay

    data = EXAMPLES[name]
    engine = replay(data["kind"], data["settings"], data["actions"])
    history = trace(data["kind"], data["settings"], data["actions"])
    assert all(len(s.values) == len(data["actions"]) + 1 for s in history.series)
    trail = getattr(engine, "life_trail", None)
    assert trail is None or len(trail) == len(data["actions"]) + 1


def test_hebrac_death_by_hand() -> None:
    data = EXAMPLES["hebrac-death"]
    history = trace("hebrac", data["settings"], data["actions"])
    # Life after each action: enter C1 3S 15; attack 5H (5 >= warrior 3, won) 15; take 4H
    # 15; enter C2 10D 15; attack 2H (2 vs demon 10: -8) 7; use 4H (+4) 11; attack AC
    # (1 vs 10: -9) 2; attack 3S (3 vs 10: -7) -5, dead.
    assert history.series[0].values == [15, 15, 15, 15, 15, 7, 11, 2, -5]
    facts = history.facts
    assert (facts["life_lost"], facts["life_healed"]) == (8 + 9 + 7, 4)
    assert facts["closest_call"] == {"life": 2, "action": 7}
    assert facts["battles"] == [
        {"level": 1, "chamber": "C1", "enemy": "3S warrior", "rounds": 1, "life_lost": 0,
         "result": "won", "start": 2},
        {"level": 1, "chamber": "C2", "enemy": "10D demon", "rounds": 3, "life_lost": 24,
         "result": "lost", "start": 5}]
    assert facts["killed_by"] == "10D demon" and facts["cleared"] == 1


def _hebrac_summary(actions: list[str]) -> list[str]:
    from companion.summary import summary_lines

    return summary_lines(trace("hebrac", {"life": 15}, actions), "g", 40)


def test_hebrac_lowest_life_names_the_battle_only_when_the_battle_took_it() -> None:
    # The 3S warrior costs 1 life (2H: 2 vs 3), then Hebrac's game 5 more (5S is black):
    # the lowest life, 9, is no loss of the battle, whose only loss was 1.
    battle = ["enter A1 3S", "attack 2H", "attack 5H", "take 4C"]
    lines = _hebrac_summary([*battle, "enter A2 JK", "play 5S"])
    assert "Lowest life survived: 9, after action 6" in lines
    # A battle's own loss names the battle (Hebrac's game won: 5H is red): 2H costs 7.
    lines = _hebrac_summary([*battle, "enter A2 JK", "play 5H", "take 4D", "enter A3 9D",
                              "attack 2H"])
    assert lines[lines.index("Lowest life survived: 7, fighting the 9D") + 1] == \
        "  demon in A3"


def test_hebrac_death_in_hebracs_game() -> None:
    # Hebrac's game: a black card costs 5 life; at 15 the third one is the last.
    lines = _hebrac_summary(["enter A1 JK", "play 5S", "enter A2 JK", "play 6S",
                             "enter A3 JK", "play 7S"])
    assert lines[0] == "g: dead, level 1"
    assert "Killed by: Hebrac's game" in lines
    assert "Lowest life survived: 5, after action 4" in lines


def _levels_by_status(settings: dict[str, Any], actions: list[str]) -> list[tuple[int, int]]:
    """(level, chambers cleared) per level reached, read from the status after each action."""
    from companion.hebrac.engine import new_engine, normalize_settings

    engine = new_engine(normalize_settings(settings))
    levels: list[tuple[int, int]] = []
    level, cleared = 1, 0
    for action in actions:
        engine.apply(action)
        status = engine.status()
        if status["level"] != level:
            levels.append((level, cleared))
            level = int(status["level"])
        cleared = len(status["cleared"])
    return [*levels, (level, cleared)]


def _three_levels() -> list[str]:
    """Six chambers cleared (a battle won, its treasure taken and drunk), then the next
    level; the third level cut short."""
    chambers = ("A1", "A2", "A3", "A4", "B4", "B3")
    level = [step for chamber in chambers
             for step in (f"enter {chamber} 3S", "attack 5H", "take 10H", "use 10H")]
    return [*level, "next-level", *level, "next-level", *level[:9]]


@pytest.mark.parametrize("name", [n for n in EXAMPLES if EXAMPLES[n]["kind"] == "hebrac"])
def test_hebrac_levels_as_the_status_tells_them(name: str) -> None:
    data = EXAMPLES[name]
    history = trace("hebrac", data["settings"], data["actions"])
    assert history.levels == _levels_by_status(data["settings"], data["actions"])


def test_hebrac_levels_over_several_levels() -> None:
    settings, actions = {"life": 99}, _three_levels()
    for end in (0, 1, 24, 25, 26, len(actions)):
        history = trace("hebrac", settings, actions[:end])
        assert history.levels == _levels_by_status(settings, actions[:end])
    assert trace("hebrac", settings, actions).levels == [(1, 6), (2, 6), (3, 2)]
    assert "levels" not in trace("hebrac", settings, actions).as_json()


def test_tricky_marks_each_round() -> None:
    data = EXAMPLES["tricky-3p"]
    history = trace("tricky", data["settings"], data["actions"])
    # 'round' actions are actions 1, 11, 21, 31, 41 and 43 of the file.
    assert history.marks == [(1, "R1"), (11, "R2"), (21, "R3"), (31, "R4"), (41, "R5"),
                             (43, "R6")]
    assert [s.values[-1] for s in history.series] == [2, 12, 9]  # [expect.scores]


def test_summary_json(cli: CLI, home: Path) -> None:
    save(home, EXAMPLES["elbereth-loss"])
    data = json.loads(cli("elbereth", "summary", "--json").out)
    assert (data["game"], data["outcome"], data["measure"]) == ("elbereth-loss", "lost",
                                                                "equipment")
    # Six pieces of equipment at the start (sword and armour equipped, four face down);
    # each 'wound' discards one for good, and the last attack finds none left.
    assert data["series"]["Equipment"][0] == 6 and data["series"]["Equipment"][-1] == 0
    assert data["facts"]["equipment_lost"] == ["staff", "bow", "helm", "gauntlets", "sword",
                                               "armour"]


def test_the_summary_shows_when_the_game_ends(cli: CLI, home: Path) -> None:
    data = EXAMPLES["hebrac-death"]
    save(home, {**data, "actions": data["actions"][:-1], "outcome": "playing"})
    result = cli("hebrac", "attack", "3S")
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[lines.index("") + 1:] == (GOLDEN / "summary-hebrac-death.40.txt").read_text(
        "utf-8").splitlines()
    assert "" not in cli("hebrac", "status").out.splitlines()  # status: no summary


def test_sparkline_plain_and_long() -> None:
    # From 0 to 15 in 8 steps: 7 is step round(7 * 7 / 15) = 3, 11 is 5, 2 is 1.
    assert sparkline([15, 7, 11, 2, -5], 10, dead_at_zero=True) == "\u2588\u2584\u2586\u2582x"
    assert sparkline([15, 7, 11, 2, -5], 10, ascii_only=True, dead_at_zero=True) == "#~+.x"
    # Longer than the room: each stretch is drawn at its lowest (the 1 is never lost).
    assert sparkline([5] * 20 + [1] + [5] * 19, 4, ascii_only=True) == "##_#"
    assert sparkline([None, 1, 3], 5, ascii_only=True) == " _#"
