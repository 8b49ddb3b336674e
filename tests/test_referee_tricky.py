"""Tricky Dungeon refereed: real shuffled cards dealt, random rounds, every step checked.

Hands and the leftover pile are dealt from the 32 cards; exchanges draw from what is
left (less the Trickster's face-up cards); players follow the asked colour (now and
then one revokes). After every step: each card at most once a round, the totals equal
the sum of the round rows, a round pays only the active player or the consolation,
the end comes when the rules say and is final, refusals change nothing, replay agrees.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.game import Engine
from companion.tricky.cards import TrickyCard, table
from companion.tricky.engine import TrickyGame
from tests.referee import STEPS, Run, play

NAMES = ["Ann", "Bo", "Cy", "Di"]


def check(engine: Engine) -> None:
    game = engine
    assert isinstance(game, TrickyGame)
    status = game.status()
    rows = status["sheet"]
    sums = {p: sum(row["gold"][p] for row in rows) for p in game.players}
    assert status["scores"] == sums, (status["scores"], sums)
    bonus = int(table()["game"]["no_gold_consolation"])
    for row in rows:
        others = [g for p, g in row["gold"].items() if p != row["active"]]
        assert row["gold"][row["active"]] >= 0
        assert others == [0] * len(others) or (row["gold"][row["active"]] == 0
                                                and others == [bonus] * len(others)), row
    rnd = game.current
    if rnd is not None:
        used = [c for t in rnd.tricks for c in t.cards] + rnd.discards
        assert len(used) == len(set(used)), used
        assert all(c in game.deck.cards() for c in used)
        assert len(rnd.tricks) < game.hand
        assert sum(rnd.exchanged.values()) <= game.leftover()
    if game.settings["race"]:
        done = game.current is None and bool(game.rounds)
        assert game.finished == (done and max(game.totals) >= game.settings["race"])
    else:
        assert len(game.rounds) <= (game.rounds_total or 0)
        assert game.finished == (game.current is None
                                 and len(game.rounds) == game.rounds_total)


class Hands:
    """This round's real cards: each player's hand and the leftover pile."""

    def __init__(self, run: Run, game: TrickyGame) -> None:
        cards = game.deck.cards()
        run.rng.shuffle(cards)
        self.hands = [cards[i * game.hand:(i + 1) * game.hand] for i in range(game.count)]
        self.leftover = cards[game.hand * game.count:]


def state(run: Run) -> dict[str, Any]:
    found: dict[str, Any] | None = getattr(run, "tricky", None)
    if found is None:
        found = {"round": 0, "hands": None}
        run.tricky = found  # type: ignore[attr-defined]
    return found


def step(run: Run) -> bool:
    game = run.engine
    assert isinstance(game, TrickyGame)
    rng, kept = run.rng, state(run)
    rnd = game.current
    if rng.random() < 0.07:
        illegal(run, game)
        return True
    if rnd is None:
        return new_round(run, game, kept)
    hands: Hands = kept["hands"]
    if rnd.hero.gold == "prediction" and rnd.predict is None:
        run.must_accept(f"predict {rng.randint(0, game.hand + 4)}")
        return True
    if not rnd.tricks and not kept["exchanged"]:
        kept["exchanged"] = True
        exchange(run, game, hands, rnd.hero.id == "trickster")
        return True
    if not rnd.tricks and rng.random() < 0.25:
        run.must_accept(result(game, rng))
        return True
    play_trick(run, game, hands)
    return True


def new_round(run: Run, game: TrickyGame, kept: dict[str, Any]) -> bool:
    rng = run.rng
    active = game.next_active()
    if active is None:
        active = rng.randrange(game.count)
    choices = game.guild_left(active) if game.settings["guild"] else list(game.choices)
    heroes = rng.sample(choices, min(len(choices), 3))
    hero = heroes[-1]
    text = f"round {hero.id} --active {game.players[active]}"
    if game.settings["random_heroes"]:
        for passed in heroes[:-1][:rng.randint(0, 2)]:
            text += f" --pass {passed.id}"
    if hero.trump == "colour":
        text += f" --trump {rng.choice(game.deck.letters)}"
    elif hero.trump == "value":
        text += f" --trump {rng.randint(game.deck.low, game.deck.high)}"
    run.must_accept(text)
    kept["hands"] = Hands(run, game)
    kept["exchanged"] = False
    return True


def exchange(run: Run, game: TrickyGame, hands: Hands, trickster: bool) -> None:
    rng = run.rng
    rnd = game.current
    assert rnd is not None
    if trickster:  # his face-up cards leave the pile first, playable as his own
        face_up = int(table()["variants"]["trickster_face_up"])
        hands.hands[rnd.active] += hands.leftover[:face_up]
        del hands.leftover[:face_up]
    two = game.count == 2
    order = [rnd.active, (rnd.active + 1) % game.count] if two else [rnd.active]
    most = 7 if two else len(hands.leftover)
    for player in order:
        hand = hands.hands[player]
        allowed = [c for c in hand if not (two and game.deck.is_potion(c))]
        count = rng.randint(0, min(most, len(hands.leftover), len(allowed)))
        aside = rng.sample(allowed, count)
        if two or rng.random() < 0.5:
            text = "exchange " + " ".join(map(str, aside)) + f" --player {game.players[player]}"
            if not aside:
                text = f"exchange --count 0 --player {game.players[player]}"
        else:
            text = f"exchange --count {count}"
        run.must_accept(text)
        for card in aside:
            hand.remove(card)
        hand += hands.leftover[:count]
        del hands.leftover[:count]
        most = count


def play_trick(run: Run, game: TrickyGame, hands: Hands) -> None:
    rng = run.rng
    rnd = game.current
    assert rnd is not None
    leader = rnd.leader
    cards: list[TrickyCard] = []
    for position in range(game.count):
        hand = hands.hands[(leader + position) % game.count]
        same = [c for c in hand if cards and c.colour == cards[0].colour]
        pool = same if same and rng.random() > 0.03 else hand  # now and then a revoke
        cards.append(rng.choice(pool))
    run.must_accept("trick " + " ".join(map(str, cards)))
    for position, card in enumerate(cards):
        hands.hands[(leader + position) % game.count].remove(card)


def result(game: TrickyGame, rng: random.Random) -> str:
    tricks = rng.randint(0, game.hand)
    won = rng.sample(game.deck.cards(), tricks * game.count)
    counts = game.deck.counts(won)
    text = f"result --tricks {tricks}"
    for key in ("potions", "spells", "goblins", "orcs", "ogres"):
        text += f" --{key} {counts[key]}"
    last = tricks == game.hand or (tricks > 0 and rng.random() < 0.5)
    return text + (" --last-trick" if last else " --no-last-trick")


def illegal(run: Run, game: TrickyGame) -> None:
    rnd = game.current
    choices = ["trick", "tally --tricks 2"]
    if rnd is not None:
        choices.append(f"round {game.choices[0].id}")
        if rnd.hero.gold != "prediction":
            choices.append("predict 3")
        if rnd.tricks:
            choices.append("exchange --count 0")
            played = rnd.tricks[0].cards
            choices.append("trick " + " ".join(map(str, played)))
    elif game.next_active() is not None:
        wrong = game.players[(game.next_active() or 0) + 1 - game.count]
        choices.append(f"round {game.choices[0].id} --active {wrong}")
    else:
        choices.append("result --tricks 1")
    run.must_refuse(run.rng.choice(choices))


def new_settings(rng: random.Random) -> dict[str, Any]:
    players = NAMES[:rng.randint(2, 4)]
    variant = rng.choice(("plain", "plain", "race", "guild", "random", "longer"))
    settings: dict[str, Any] = {"players": players,
                                "set": rng.choice(("A", "B", "C", "all"))}
    if variant == "race":
        settings["race"] = 15
    elif variant == "guild":
        settings["guild"] = True
    elif variant == "random":
        settings["random_heroes"], settings["set"] = True, "all"
    elif variant == "longer":
        settings["rounds_per_player"] = 5
    return settings


@pytest.mark.parametrize("seed", [1, 2])
def test_tricky_referee(seed: int, tmp_path: Path) -> None:
    games = play("tricky", seed, tmp_path, new_settings, step, check)
    assert games >= 1 and STEPS > 0
