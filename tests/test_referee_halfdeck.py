"""Half Deck Dungeon Heroes refereed: the example games played with random changes.

The printed cards are lost, so there is no real deck to deal: the referee replays each
example game and, at random points, slips in other actions (other rolls, heals,
hurts, escapes, loot, discards, nonsense). After every step: no hero above its full
life, the blue deck's 26 cards and the red deck's cards are all somewhere and never
more, refusals change nothing, replay agrees, the outcome is final.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

import pytest

from companion.game import Engine
from companion.halfdeck.engine import HalfDeckGame
from companion.store import GameRecord
from companion.tables import tables
from tests.referee import STEPS, Run, play

EXAMPLES = Path(__file__).parent.parent / "examples"


def examples() -> list[GameRecord]:
    found = []
    for path in sorted(EXAMPLES.glob("halfdeck-*.toml")):
        data = tomllib.loads(path.read_text())
        if data.get("kind") == "halfdeck":
            found.append(GameRecord.from_toml(data))
    return found


def check(engine: Engine) -> None:
    game = engine
    assert isinstance(game, HalfDeckGame)
    status = game.status()
    life = int(tables("halfdeck")["heroes"]["life"])
    assert all(0 <= hero["life"] <= life or status["outcome"] == "lost"
               for hero in status["heroes"]), status["heroes"]
    blue = (status["hero_deck"] + status["hero_discard"] + status["hero_removed"]
            + status["hand_size"] + len(status["heroes"]) + len(status["gear"]))
    assert blue <= int(tables("halfdeck")["decks"]["hero_cards"]), blue
    red = (status["dungeon_deck"] + status["dungeon_discard"] + status["dungeon_removed"]
           + (status["encounter"] is not None))
    prisoner = 1 if status["settings"]["rescue"] else 0  # the rescued hero's card is red
    assert red <= status["settings"]["deck_size"] + prisoner, red
    assert min(status["hero_deck"], status["dungeon_deck"], status["hero_discard"],
               status["dungeon_discard"]) >= 0, status


def others(game: HalfDeckGame, rng: random.Random) -> str:
    """Another action: often legal (a different roll, a heal), often not."""
    heroes = [h.name for h in game.heroes] or ["warrior"]
    hero = rng.choice(heroes)
    roll = rng.randint(1, 6)
    return rng.choice([
        f"attack {hero} {roll}", f"challenge {hero} {roll}", f"heal {hero} 1",
        f"hurt {hero} 1", "escape", "team-escape", "loot 1", "shuffle-back",
        f"attack {hero} 7", f"heal {hero} 9", "discard 'no such card'", "fly",
        f"team-attack {hero} {roll} --assist {rng.choice(heroes)} {roll}",
    ])


def step(run: Run) -> bool:
    game = run.engine
    assert isinstance(game, HalfDeckGame)
    script: list[str] = run.script  # type: ignore[attr-defined]
    if run.rng.random() < 0.2:
        run.act(others(game, run.rng))
        return True
    if not script:
        return False
    run.act(script.pop(0))
    return True


def new_settings(rng: random.Random) -> dict[str, Any]:
    record = rng.choice(examples())
    settings = dict(record.settings)
    settings["_script"] = list(record.actions)
    return settings


@pytest.mark.parametrize("seed", [1, 2])
def test_halfdeck_referee(seed: int, tmp_path: Path) -> None:
    scripts: list[list[str]] = []

    def settings(rng: random.Random) -> dict[str, Any]:
        chosen = new_settings(rng)
        scripts.append(chosen.pop("_script"))
        return chosen

    def first_step(run: Run) -> bool:
        if not hasattr(run, "script"):
            run.script = scripts[-1]  # type: ignore[attr-defined]
        return step(run)

    games = play("halfdeck", seed, tmp_path, settings, first_step, check)
    assert games >= 1 and STEPS > 0
