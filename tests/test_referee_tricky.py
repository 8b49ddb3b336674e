"""Tricky Dungeon refereed: real shuffled cards dealt, random rounds, every step checked.

Hands and the leftover pile are dealt from the 32 cards; exchanges draw from what is
left (less the Trickster's face-up cards); players follow the asked colour (now and
then one revokes). After every step: each card at most once a round, the totals equal
the sum of the round rows, a round pays only the active player or the consolation,
the end comes when the rules say and is final, refusals change nothing, replay agrees.

Seer and Trickster rounds are played too, and in their own games: the Seer exchanges,
then predicts (on the round line when no exchange follows, now and then); a prediction
is there before any trick and pays exactly when it came true; from edition 3 no
exchange is taken once it is made, and the refusal names the ruling; games of earlier
editions predict before exchanging now and then, as they may. The Trickster's face-up
cards leave the leftover pile: exchanges never draw more than is left, and one that
would is refused by his ruling; his gold is the base less his tricks and potions.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.editions import at_least
from companion.game import Engine
from companion.tricky.cards import TrickyCard, table
from companion.tricky.engine import TrickyGame, new_engine
from companion.tricky.heroes import hero_number
from companion.tricky.play import R_RESULT, R_SEER, R_SEER_ORDER, R_TRICKSTER
from companion.tricky.views import guild_left
from tests.plays import refusals_change_nothing
from tests.referee import STEPS, Run, play, refereed

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
    for each in game.rounds:
        check_seer(game, each)
        check_trickster(game, each)
    if game.settings["race"]:
        done = game.current is None and bool(game.rounds)
        assert game.finished == (done and max(game.totals) >= game.settings["race"])
    else:
        assert len(game.rounds) <= (game.rounds_total or 0)
        assert game.finished == (game.current is None
                                 and len(game.rounds) == game.rounds_total)


def check_seer(game: TrickyGame, rnd: Any) -> None:
    """Only the Seer predicts; a prediction that can come true, made before any trick,
    paid exactly when it did."""
    if rnd.hero.gold != "prediction":
        assert rnd.predict is None, rnd.number
        return
    assert rnd.predict is not None or not (rnd.tricks or rnd.done), rnd.number
    if rnd.predict is not None:
        assert 0 <= rnd.predict <= game.hand + len(game.deck.colours)
    if rnd.done:
        assert rnd.counts is not None and rnd.gold is not None
        total = int(rnd.counts["tricks"]) + int(rnd.counts["potions"])
        reward = int(table()["heroes"]["seer"]["reward"])
        assert rnd.gold[rnd.active] == (reward if total == rnd.predict else 0), rnd.number


def check_trickster(game: TrickyGame, rnd: Any) -> None:
    """The Trickster's face-up cards are out of the leftover pile for every exchange (from
    edition 2); he is paid his base less tricks and potions, never below 0."""
    face_up = int(table()["variants"]["trickster_face_up"]) \
        if rnd.hero.id == "trickster" else 0
    if at_least(game.settings, 2):
        assert sum(rnd.exchanged.values()) <= game.leftover() - face_up, rnd.number
    if face_up and rnd.done:
        assert rnd.counts is not None and rnd.gold is not None
        base = hero_number(rnd.hero, game.settings, game.count)
        taken = int(rnd.counts["tricks"]) + int(rnd.counts["potions"])
        assert rnd.gold[rnd.active] == max(0, base - taken), rnd.number


class Hands:
    """This round's real cards: each player's hand, the leftover pile, the cards put
    aside in exchanges (the rest are played, in the engine's tricks)."""

    def __init__(self, run: Run, game: TrickyGame) -> None:
        cards = game.deck.cards()
        run.rng.shuffle(cards)
        self.hands = [cards[i * game.hand:(i + 1) * game.hand] for i in range(game.count)]
        self.leftover = cards[game.hand * game.count:]
        self.aside: list[TrickyCard] = []


def conserved(game: TrickyGame, kept: dict[str, Any]) -> None:
    """Each card of the deck in exactly one place: a hand, the leftover pile, put aside,
    or played in one of the round's tricks (as the engine keeps them); the cards the
    engine knows were put aside were."""
    hands: Hands | None = kept["hands"]
    number = kept.get("number")
    if hands is None or number is None:
        return
    rnd = game.rounds[number - 1]
    played = [card for trick in rnd.tricks for card in trick.cards]
    places = [*(card for hand in hands.hands for card in hand), *hands.leftover,
              *hands.aside, *played]
    assert len(places) == len(game.deck.cards()), (len(places), rnd.number)
    assert Counter(places) == Counter(game.deck.cards()), rnd.number
    assert Counter(rnd.discards) <= Counter(hands.aside), rnd.number
    REACHED["cards conserved"] += 1


def state(run: Run) -> dict[str, Any]:
    found: dict[str, Any] | None = run.model
    if found is None:
        found = run.model = {"round": 0, "hands": None, "favour": ()}
    return found


REFUSED: Counter[str] = Counter()
"""The rules named by the refusals ``refuse`` saw, so a test can tell they were tried."""
REACHED: Counter[str] = Counter()
"""The situations the referee made on purpose, so a test can tell they were reached."""


def refuse(run: Run, action: str, rule: str) -> None:
    """An action refused by ``rule`` (the test drivers without messages only refuse)."""
    run.must_refuse(action)
    said = getattr(run, "last_error", None)
    assert said is None or f"(rule {rule})" in said, (action, said, run.where())
    REFUSED[rule] += 1


def step(run: Run) -> bool:
    """One move, then what the order of a Seer's round keeps: from edition 3, once the
    prediction is made no exchange is taken, whatever the move was."""
    before = run.engine
    assert isinstance(before, TrickyGame)
    rnd = before.current
    made = None if rnd is None or rnd.predict is None else (rnd.number, dict(rnd.exchanged))
    more = play_step(run)
    after = run.engine
    assert isinstance(after, TrickyGame)
    conserved(after, state(run))  # after every step, refused ones too
    if made is not None and at_least(after.settings, 3):
        number, exchanged = made
        assert after.rounds[number - 1].exchanged == exchanged, "an exchange after predicting"
    return more


def play_step(run: Run) -> bool:
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
    seer = rnd.hero.gold == "prediction"
    late = seer and rnd.predict is not None and not rnd.tricks and \
        at_least(game.settings, 3) and next_exchanger(game) is not None
    if late and not kept["tried"]:  # an exchange after the prediction: once a round
        kept["tried"] = True
        seer_refusals(run, game, hands)
        return True
    if seer and rng.random() < (0.05 if rnd.tricks else 0.3):  # out of order, mostly early
        seer_refusals(run, game, hands)
        return True
    if rnd.hero.id == "trickster" and not kept["exchanged"] and rng.random() < 0.3:
        trickster_refusal(run, game, hands)
        return True
    if seer and rnd.predict is None and not kept["exchanged"] and \
            not at_least(game.settings, 3) and rng.random() < 0.5:
        predict(run, game)  # earlier editions take the exchange after it
        return True
    if not rnd.tricks and not kept["exchanged"]:
        kept["exchanged"] = True
        exchange(run, game, hands, rnd.hero.id == "trickster")
        return True
    if seer and rnd.predict is None:
        predict(run, game)
        return True
    if rnd.hero.id == "assassin" and not rnd.tricks and rng.random() < 0.5:
        last_trick_alone(run, game)
        return True
    if not rnd.tricks and rng.random() < 0.25:
        run.must_accept(result(game, rng))
        return True
    play_trick(run, game, hands)
    return True


def last_trick_alone(run: Run, game: TrickyGame) -> None:
    """Issue 32, item 16: the Assassin's result as its gold asks, the last trick and no
    trick count, is at least one trick won; with 0 tricks typed it is refused."""
    refuse(run, "result --tricks 0 --last-trick", R_RESULT)
    run.must_accept("result --last-trick")
    done = run.engine
    assert isinstance(done, TrickyGame)
    counts = done.rounds[-1].counts
    assert counts is not None and counts["tricks"] == 1 and counts["last_trick"] is True
    REACHED["result --last-trick"] += 1


def predict(run: Run, game: TrickyGame) -> None:
    run.must_accept(f"predict {run.rng.randint(0, game.hand + len(game.deck.colours))}")


def new_round(run: Run, game: TrickyGame, kept: dict[str, Any]) -> bool:
    rng = run.rng
    active = game.next_active()
    if active is None:
        active = rng.randrange(game.count)
    choices = guild_left(game, active) if game.settings["guild"] else list(game.choices)
    heroes = rng.sample(choices, min(len(choices), 3))
    favoured = [h for h in choices if h.id in kept["favour"]]
    if favoured and rng.random() < 0.8:
        heroes = [h for h in heroes if h not in favoured][:2] + [rng.choice(favoured)]
    hero = heroes[-1]
    text = f"round {hero.id} --active {game.players[active]}"
    if game.settings["random_heroes"]:
        for passed in heroes[:-1][:rng.randint(0, 2)]:
            text += f" --pass {passed.id}"
    if hero.trump == "colour":
        text += f" --trump {rng.choice(game.deck.letters)}"
    elif hero.trump == "value":
        text += f" --trump {rng.randint(game.deck.low, game.deck.high)}"
    hands = Hands(run, game)
    kept["hands"] = hands
    kept["exchanged"] = kept["tried"] = False
    aside: list[TrickyCard] = []
    if hero.gold == "prediction" and rng.random() < 0.4:
        # the prediction on the round line, no exchange after it; an exchange before it
        # may come on the same line (a count: with two players, only 0 is not shown)
        kept["exchanged"] = True
        if rng.random() < 0.5:
            most = 0 if game.count == 2 else len(hands.leftover)
            aside = rng.sample(hands.hands[active], rng.randint(0, most))
            text += f" --exchange {len(aside)}"
        text += f" --predict {rng.randint(0, game.hand + len(game.deck.colours))}"
    run.must_accept(text)
    kept["number"] = len(run.engine.status()["sheet"]) + 1  # the round just begun
    draw(hands, active, aside)
    return True


def draw(hands: Hands, player: int, aside: list[TrickyCard]) -> None:
    """``aside`` put out of ``player``'s hand, as many drawn from the leftover pile."""
    hand = hands.hands[player]
    for card in aside:
        hand.remove(card)
    hand += hands.leftover[:len(aside)]
    del hands.leftover[:len(aside)]
    hands.aside += aside


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
        if trickster and at_least(game.settings, 2) and player != rnd.active:
            over = too_many(game, hands, allowed, most)
            if over is not None:  # more than the face-up cards left in the pile
                refuse(run, f"{over} --player {game.players[player]}", R_TRICKSTER)
        count = rng.randint(0, min(most, len(hands.leftover), len(allowed)))
        aside = rng.sample(allowed, count)
        if count == 0 and rng.random() < 0.3:
            break  # nothing exchanged, nothing typed (and the other player can take none)
        if two or rng.random() < 0.5:
            text = "exchange " + " ".join(map(str, aside)) + f" --player {game.players[player]}"
            if not aside:
                text = f"exchange --count 0 --player {game.players[player]}"
        else:
            text = f"exchange --count {count}"
        run.must_accept(text)
        draw(hands, player, aside)
        most = count


def too_many(game: TrickyGame, hands: Hands, allowed: list[TrickyCard],
             most: int) -> str | None:
    """An exchange one card over what the leftover pile still holds, within every other
    limit (with two players: named, no potions, no more than the active player's)."""
    over = len(hands.leftover) + 1
    if over > min(most, game.exchange_limit()) or over > len(allowed):
        return None
    if game.count == 2:
        return "exchange " + " ".join(map(str, allowed[:over]))
    return f"exchange --count {over}"


def trickster_refusal(run: Run, game: TrickyGame, hands: Hands) -> None:
    """Before his exchange: one card more than the pile holds once his face-up cards are
    out is refused by the Trickster's ruling (from edition 2; earlier, not checked)."""
    rnd = game.current
    assert rnd is not None and rnd.hero.id == "trickster"
    face_up = int(table()["variants"]["trickster_face_up"])
    if not at_least(game.settings, 2) or rnd.active in rnd.exchanged or game.count == 2:
        return  # with two players the active's 7 always fit: the other's is tried
    over = len(hands.leftover) - face_up + 1
    if over <= game.exchange_limit():
        refuse(run, f"exchange --count {over}", R_TRICKSTER)


def seer_refusals(run: Run, game: TrickyGame, hands: Hands) -> None:
    """The Seer's round out of order: play before the prediction, a second prediction or
    one after a trick, and (from edition 3) an exchange after the prediction."""
    rng = run.rng
    rnd = game.current
    assert rnd is not None
    if rnd.predict is None:
        leader = rnd.leader
        cards = [hands.hands[(leader + p) % game.count][0] for p in range(game.count)]
        refuse(run, rng.choice(["trick " + " ".join(map(str, cards)), result(game, rng)]),
               R_SEER)
        refuse(run, f"predict {game.hand + len(game.deck.colours) + 1}", R_SEER)
        return
    later = next_exchanger(game)
    if later is None or rnd.tricks or not at_least(game.settings, 3):
        refuse(run, f"predict {rnd.predict}", R_SEER)
        return
    name = game.players[later]
    allowed = [c for c in hands.hands[later] if not game.deck.is_potion(c)]
    if game.count == 2 and allowed:
        text = f"exchange {rng.choice(allowed)} --player {name}"
    else:
        text = f"exchange --count {rng.randint(0, 2)} --player {name}"
    refuse(run, text, R_SEER_ORDER)


def next_exchanger(game: TrickyGame) -> int | None:
    """Who may still exchange in this round, the prediction aside: the active player,
    then with two players the other one; None when both (or the only one) have."""
    rnd = game.current
    assert rnd is not None
    if rnd.active not in rnd.exchanged:
        return rnd.active
    other = (rnd.active + 1) % game.count
    return other if game.count == 2 and other not in rnd.exchanged else None


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
    variant = rng.choice(("plain", "plain", "race", "guild", "random", "longer", "older"))
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
    elif variant == "older":  # a save of an earlier edition, played on
        settings["edition"] = rng.choice((1, 2))
    return settings


@pytest.mark.parametrize("seed", [1, 2])
def test_tricky_referee(seed: int, tmp_path: Path) -> None:
    refereed("tricky", seed, tmp_path, new_settings, step, check, REACHED)


# -- the Assassin's result without a trick count (issue 32, item 16) --------------------
def assassins(run: Run) -> bool:
    state(run)["favour"] = ("assassin",)
    return step(run)


def assassin_settings(rng: random.Random) -> dict[str, Any]:
    return {"players": NAMES[:rng.randint(2, 4)], "set": rng.choice(("A", "all")),
            "edition": rng.choice((1, 2, 3, 3))}


@pytest.mark.parametrize("seed", [1, 2])
def test_a_result_without_its_trick_count_refereed(seed: int, tmp_path: Path) -> None:
    REACHED.clear()
    play("tricky", seed, tmp_path, assassin_settings, assassins, check)
    assert REACHED["result --last-trick"] >= 1 and REACHED["cards conserved"], REACHED


# -- Seer and Trickster rounds, in games that pick them most of the time ----------------
def seer_and_trickster(run: Run) -> bool:
    state(run)["favour"] = ("seer", "trickster")
    return step(run)


def seer_and_trickster_settings(rng: random.Random) -> dict[str, Any]:
    settings: dict[str, Any] = {"players": NAMES[:rng.randint(2, 4)],
                                "set": rng.choice(("B", "all")),
                                "edition": rng.choice((1, 2, 3, 3, 3))}
    if rng.random() < 0.2:
        settings["race"] = 15
    return settings


@pytest.mark.parametrize("seed", [1, 2])
def test_seer_and_trickster_rounds_refereed(seed: int, tmp_path: Path) -> None:
    REFUSED.clear()
    games = play("tricky", seed, tmp_path, seer_and_trickster_settings, seer_and_trickster,
                 check)
    assert games >= 1
    if STEPS >= 300:  # each new refusal was tried (a short run may miss one)
        assert REFUSED[R_SEER_ORDER] and REFUSED[R_SEER] and REFUSED[R_TRICKSTER], REFUSED


# -- a refused action changes nothing at all (issue 32): random games, every refusal ------
PROPERTY_SETTINGS = (
    {"players": NAMES[:2], "set": "all"},
    {"players": NAMES[:3], "set": "A"},
    {"players": NAMES[:4], "set": "B", "race": 12},
    {"players": NAMES[:3], "guild": True},
    {"players": NAMES[:3], "random_heroes": True},
    {"players": NAMES[:2], "set": "all", "edition": 1},
    {"players": NAMES[:4], "set": "all", "edition": 2},
)
HERO_IDS = ("thief", "assassin", "barbarian", "wizard", "witch", "dwarven-hunter",
            "trickster", "seer", "troubadour", "sorcerer", "knight", "ninja",
            "elvish-hunter", "nymph", "fairy-scout", "nobody")


def random_action(data: Any, game: TrickyGame) -> str:
    """An action a player might type now: often legal, as often not."""
    draw, rnd = data.draw, game.current
    some = st.sampled_from
    verb = draw(some(("round", "exchange", "predict", "trick", "trick", "trick", "result")
                     if rnd is not None else ("round", "round", "round", "trick", "result")))
    players = [*game.players, "Zed"]
    cards = [str(card) for card in game.deck.cards()]
    if verb == "round":
        text = f"round {draw(some(HERO_IDS))}"
        for option, values in (("--trump", ("R", "G", "Y", "B", "3", "9", "x")),
                               ("--active", players), ("--exchange", ("0", "1", "3", "9")),
                               ("--predict", ("0", "4", "99")), ("--pass", HERO_IDS)):
            if draw(st.booleans()):
                text += f" {option} {draw(some(values))}"
        return text
    if verb == "exchange":
        if draw(st.booleans()):
            text = f"exchange {draw(st.integers(0, 9))}"
        else:
            text = "exchange " + " ".join(draw(st.lists(some(cards), min_size=1, max_size=3)))
        return text + (f" --player {draw(some(players))}" if draw(st.booleans()) else "")
    if verb == "predict":
        return f"predict {draw(st.integers(-1, 15))}"
    if verb == "trick":
        seen = set() if rnd is None else {
            str(card) for card in [*rnd.discards, *(c for t in rnd.tricks for c in t.cards)]}
        fresh = [card for card in cards if card not in seen]
        if draw(st.integers(0, 9)) < 7 and len(fresh) >= game.count:
            picked = draw(st.lists(some(fresh), min_size=game.count, max_size=game.count,
                                   unique=True))
        else:
            picked = draw(st.lists(some(cards), min_size=1, max_size=game.count + 1))
        return "trick " + " ".join(picked)
    text = "result"
    for option in ("--tricks", "--potions", "--spells", "--goblins", "--orcs", "--ogres"):
        if draw(st.booleans()):
            text += f" {option} {draw(st.integers(0, 10))}"
    return text + draw(some(("", " --last-trick", " --no-last-trick")))


@settings(max_examples=12, deadline=None)
@given(st.data())
def test_a_refused_action_leaves_the_whole_game_as_it_was(data: Any) -> None:
    game = new_engine(data.draw(st.sampled_from(PROPERTY_SETTINGS)))
    refusals_change_nothing(game, data.draw(st.integers(20, 60)),
                            lambda: random_action(data, game))
