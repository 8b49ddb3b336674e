"""A refused action changes nothing, by construction: a property over random games.

Each verb's check refuses before its change begins (companion.hebrac.engine.VERBS). Random
games, guided by what the game waits for, mixed with random action lines of every verb
and option, legal or not, in every edition: after each refusal the whole engine state,
every field deep-copied, is as it was; after each accepted action the cards are
conserved (tests/test_referee_hebrac.check).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cards import RANKS, SUITS
from companion.hebrac import rules, situation
from companion.hebrac.engine import HebracGame
from tests.referee import Run
from tests.test_referee_hebrac import check

CARDS = [f"{rank}{suit}" for rank in RANKS for suit in SUITS] + ["JK"]
SPELLS = sorted(rules.spells())


def chamber(game: HebracGame, rng: random.Random) -> str:
    return rng.choice(list(game.chambers))


def card(rng: random.Random) -> str:
    return rng.choice(CARDS)


def cards(rng: random.Random, most: int = 3) -> list[str]:
    return [card(rng) for _ in range(rng.randint(0, most))]


def held(game: HebracGame, rng: random.Random) -> str:
    """A card held if any (refusals deeper in the checks need one), else any."""
    return str(rng.choice(game.inventory)) if game.inventory and rng.random() < 0.7 \
        else card(rng)


def random_line(game: HebracGame, rng: random.Random) -> str:
    """Any verb with words and options drawn at random: mostly refused."""
    verb = rng.choice(("enter", "attack", "potion", "reveal", "offer", "buy", "heal", "play",
                       "refuse", "take", "use", "drop", "move", "next-level", "cast", "see",
                       "peek"))
    words: list[str] = []
    if verb in ("enter", "move"):
        words = [chamber(game, rng)] + ([card(rng)] if rng.random() < 0.6 else [])
    elif verb == "attack":
        words = [card(rng) for _ in range(rng.choice((1, 1, 2)))]
        for _ in range(rng.randint(0, 2)):
            words += ["--potion", held(game, rng)]
        if rng.random() < 0.3:
            words += ["--prisoner", held(game, rng)]
    elif verb in ("potion", "reveal", "play", "use", "drop"):
        words = [held(game, rng) if verb in ("potion", "use", "drop") else card(rng)]
    elif verb in ("offer", "buy"):
        words = [held(game, rng) for _ in range(rng.randint(0, 3))]
    elif verb == "take":
        words = [card(rng)] + rng.choice(([], cards(rng), [chamber(game, rng)
                                                             for _ in range(3)]))
    elif verb == "cast":
        words = [rng.choice(SPELLS)] + rng.choice(
            ([], [chamber(game, rng)], cards(rng, 5), ["next-level"],
             [card(rng), chamber(game, rng)]))
        for _ in range(rng.randint(0, 2)):
            words += ["--with", held(game, rng)]
        if rng.random() < 0.2:
            words += ["--count", str(rng.randint(1, 4))]
        if rng.random() < 0.1:
            words.append("--overpay")
    elif verb == "see":
        words = [chamber(game, rng), card(rng)] * rng.randint(1, 2)
        if rng.random() < 0.2:
            words = words[:2] + ["--treasure", card(rng)]
    elif verb == "peek":
        words = cards(rng) or [card(rng)]
    return " ".join([verb, *words])


def guided(game: HebracGame, rng: random.Random) -> str:
    """An action of the kind the game waits for, its cards drawn at random."""
    pending, encounter = game.pending, game.encounter
    if pending == "hebrac-game":
        return rng.choice((f"play {card(rng)}", "refuse"))
    if pending == "hebrac-prize":
        return f"take {card(rng)}"
    if pending == "genie-KD":
        return "take KD " + " ".join(card(rng) for _ in range(3))
    if pending == "genie-KS":
        targets = [n for n, c in game.chambers.items() if not c.visited and not c.enemy_gone]
        return "take KS " + " ".join(rng.sample(targets, min(3, len(targets))))
    if encounter is not None:
        stage = encounter.stage
        double = 2 if encounter.double_attack else 1
        options = {
            "battle": [f"attack {' '.join(card(rng) for _ in range(double))}"],
            "adventurer": [f"attack {card(rng)}", f"reveal {card(rng)}"],
            "trading": ["offer " + " ".join(held(game, rng) for _ in range(2)), "refuse"],
            "merchant": [f"reveal {card(rng)}", "refuse"],
            "sale": ["buy " + " ".join(str(c) for c in game.inventory if c.suit == "D"),
                     "refuse"],
            "white-priestess": ["heal", f"take {card(rng)}"],
            "hebrac": [f"play {card(rng)}", "refuse"],
            "treasure": [f"take {encounter.treasure or card(rng)}"],
        }[stage]
        if rng.random() < 0.15:
            options.append(f"cast {rng.choice(SPELLS)}")
        return rng.choice(options)
    names = situation.next_chambers(game)
    if names and rng.random() < 0.85:
        return f"enter {rng.choice(names)} {card(rng)}"
    return rng.choice(("next-level", f"cast {rng.choice(SPELLS)}", f"use {held(game, rng)}"))


PROFILES = (
    {"jokers": 4, "late_potions": True, "inventory_limit": 0},
    {"jokers": 2, "inventory_limit": 4, "evil": True},
    {"jokers": 2, "inventory_limit": 3, "edition": 1, "late_potions": True},
    {"jokers": 0, "decks": 3, "rules": "classic", "edition": 2, "bag_partial": "refused"},
)


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), profile=st.sampled_from(PROFILES))
def test_a_refused_action_leaves_the_whole_state_as_it_was(seed: int,
                                                           profile: dict[str, Any]) -> None:
    rng = random.Random(seed)
    run = Run("hebrac", dict(profile), rng, check)
    refused = 0
    for _ in range(120):
        game = run.engine
        assert isinstance(game, HebracGame)
        if game.outcome != "playing":
            break
        line = random_line(game, rng) if rng.random() < 0.4 else guided(game, rng)
        refused += not run.act(line)  # the Run compares every field after a refusal
    assert run.steps >= refused
