"""Half Deck Dungeon Heroes' cached state: every state the engine reaches is rebuilt
field by field from its plain values, and a state it never writes is refused."""

from __future__ import annotations

import marshal
import random
import time
import tomllib
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from companion.errors import BadInput, RuleRefused
from companion.halfdeck import catalog
from companion.halfdeck.engine import HalfDeckGame, engine_from_data, new_engine
from companion.plain import BadState
from companion.resources import resource_dir
from tests import test_referee_halfdeck as referee_halfdeck
from tests.referee import Run
from tests.statecheck import assert_round_trips, differences

LEGACY = Path(__file__).parent / "legacy"
GAMES = sorted(p for p in resource_dir("examples").glob("halfdeck-*.toml")
               if p.name != catalog.FILE_NAME) + sorted(LEGACY.glob("halfdeck-*.toml"))


def load(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text())


def rebuilt(engine: HalfDeckGame) -> HalfDeckGame:
    """The engine read back from its state, through the bytes a cache holds."""
    return engine_from_data(engine.settings, marshal.loads(marshal.dumps(engine.state_data())))


def assert_same(engine: HalfDeckGame, where: str) -> None:
    found = differences(engine, rebuilt(engine))
    assert not found, f"{where}: {found[:5]}"


# -- every example game, at every action ---------------------------------------------
def test_the_examples_are_all_found() -> None:
    assert {p.parent.name + "/" + p.stem for p in GAMES} >= {
        "examples/halfdeck-win", "examples/halfdeck-loss", "examples/halfdeck-coop",
        "legacy/halfdeck-win", "legacy/halfdeck-loss", "legacy/halfdeck-coop"}


@pytest.mark.parametrize("path", GAMES, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_example_round_trips_at_every_action(path: Path) -> None:
    data = load(path)
    assert data["kind"] == "halfdeck"
    checked = assert_round_trips("halfdeck", data["settings"], data["actions"])
    assert checked == len(data["actions"])


def test_a_new_game_round_trips() -> None:
    for settings in ({}, {"players": 3, "rescue": "ranger", "endgame": "boss"}):
        assert_same(new_engine(settings), str(settings))


# -- random games -------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_referee_games_round_trip(seed: int) -> None:
    """The referee's games (example games with random actions slipped in), checked after
    every accepted action; then the last one plays on from its rebuilt state."""
    rng = random.Random(seed)
    for _ in range(3):
        settings = referee_halfdeck.new_settings(rng)
        script = settings.pop("_script")

        def check(engine: Any) -> None:
            referee_halfdeck.check(engine)
            assert_same(engine, f"seed {seed}")

        run = Run("halfdeck", settings, rng, check)
        run.model = script
        while run.steps < 120 and run.engine.outcome == "playing":
            if not referee_halfdeck.step(run):
                break
        assert_round_trips("halfdeck", run.settings, run.actions, every=len(run.actions) or 1)


HEROES = {"warrior": (4, 1), "cleric": (1, 4), "ranger": (3, 2), "rogue": (2, 2),
          "mage": (0, 5)}
GEAR = {"steel sword": "--str +2", "fire tome": "--mag +2", "rusty sword": "--str +1",
        "bomb": "--str +3 --one-use", "holy water": "--mag +1 --one-use"}
BLUE = [*HEROES, *GEAR, "escape", "team attack", "torn map", "old boot"]
DUNGEON = {"goblin minion": "--minion --str 7 --loot 1",
           "shadow imp": "--minion --mag 8 --loot 2",
           "rock golem boss": "--boss --str 10 --loot 2",
           "spiked pit trap": "--trap --str 7 --effect 'discard a gear'",
           "magic rune": "--trap --mag 9",
           "lucky find": "--misc --loot 1", "cursed idol": "--misc --one-use",
           "dragon": "--endgame-boss --str 12", "gold hoard": "--endgame-treasure"}


def random_settings(rng: random.Random) -> dict[str, Any]:
    return {"players": rng.choice([1, 1, 2, 3]), "endgame": rng.choice(["both", "treasure",
                                                                       "boss"]),
            "deck_size": rng.choice([3, 6, 12, 25]), "rescue": rng.choice(["", "ranger"]),
            "trap_needs": rng.choice(["reach", "attribute"]),
            "shuffle_back": rng.random() < 0.7, "assist_rule": rng.choice(["loose", "strict"])}


def random_action(game: HalfDeckGame, rng: random.Random) -> str:
    """A plausible action: mostly the cards at hand and the heroes in play, often legal."""
    heroes = [h.name for h in game.heroes] or list(HEROES)
    hero, other = rng.choice(heroes), rng.choice(heroes)
    players = list(game.player_numbers)
    player = rng.choice(players)
    who = f" --player {player}" if game.coop else ""
    held = [card for hand in game.hands.values() for card in hand] or BLUE
    die = rng.choice([1, 2, 3, 4, 5, 6, 6])

    def hand() -> str:
        due = [p for p, n in game.owed.items() if n] or players
        owner = rng.choice(due)
        room = min(max(game.owed[owner], 1), game.hero_deck + game.hero_discard, 3)
        # mostly cards in no hand nor in play; now and then one that is (refused)
        free = [n for n in BLUE if n in ("escape", "team attack") or not any(
            n == h.name or (h.gear is not None and n == h.gear.name) for h in game.heroes)
            and not any(n in cards for cards in game.hands.values())]
        pool = free if len(free) >= 3 and rng.random() < 0.9 else BLUE
        names = rng.sample(pool, max(room, 1))
        return " ".join(["hand", *(repr(n) for n in names)] + (
            [f"--player {owner}"] if game.coop else []))

    def put_hero() -> str:
        name = rng.choice([c for c in held if c in HEROES] or list(HEROES))
        strength, magic = HEROES[name]
        pick = " --pick" if game.coop and game.round == 0 and rng.random() < 0.5 else ""
        replace = f" --replace {hero}" if len(game.heroes) >= 4 else ""
        return f"hero {name} --str {strength} --mag {magic}{pick}{replace}"

    def equip() -> str:
        name = rng.choice([c for c in held if c in GEAR] or list(GEAR))
        standby = " --standby" if "one-use" in GEAR[name] and rng.random() < 0.3 else ""
        return f"equip {hero} {name!r} {GEAR[name]}{standby}"

    def draw() -> str:
        if game.rescue_left and rng.random() < 0.2:
            return f"draw ranger --hero --str 3 --mag 2{who}"
        name = rng.choice(list(DUNGEON))
        return f"draw {name!r} {DUNGEON[name]}{who}"

    def attack() -> str:
        assist = f" --assist {other} {rng.randint(1, 6)}" if other != hero else ""
        loot = f" --loot-to {player}" if game.coop and rng.random() < 0.2 else ""
        if rng.random() < 0.2 and assist:
            return f"team-attack {hero} {die}{assist}"
        return f"attack {hero} {die}{assist}{loot}"

    def discard() -> str:
        if rng.random() < 0.3 and game.heroes:
            target = rng.choice([hero] + [g.name for g in game.gear_in_play()])
            return f"discard {target!r} --in-play" + (" --forced" if rng.random() < 0.5
                                                       else "")
        forced = " --forced" if rng.random() < 0.3 else ""
        return f"discard {rng.choice(held)!r}{forced}{who}"

    def trade() -> str:
        if len(players) < 2:
            return "trade 1 escape 2 escape"
        first, second = rng.sample(players, 2)
        give = [rng.choice(game.hands[p] or ["escape"]) for p in (first, second)]
        return f"trade {first} {give[0]!r} {second} {give[1]!r}"

    def challenge() -> str:
        return f"challenge {hero} {die}"

    def hurt() -> str:
        return f"hurt {hero} {rng.choice([1, 1, 1, 2, 9])}"

    def loot() -> str:
        return f"loot {rng.randint(1, 3)}{who}"

    def heal() -> str:
        return f"heal {hero} {rng.randint(1, 3)}"

    def escape() -> str:
        return rng.choice(["escape", "team-escape", "shuffle-back"])

    # Mostly what the phase asks for; now and then anything (often refused).
    makers: list[tuple[int, Callable[[], str]]]
    if rng.random() < 0.15:
        makers = [(1, m) for m in (hand, put_hero, equip, draw, attack, discard, trade,
                                   challenge, hurt, loot, heal, escape)]
    elif game.encounter is not None:
        makers = [(8, challenge if game.encounter.kind == "trap" else attack), (1, escape),
                  (1, hurt), (3, heal)]
    elif any(game.owed.values()) and game.hero_deck + game.hero_discard:
        makers = [(1, hand)]
    elif not game.heroes:
        makers = [(3, put_hero), (1, discard), (1, loot)]
    else:
        makers = [(2, put_hero), (3, equip), (6, draw), (2, discard), (1, trade), (1, loot),
                  (1, heal), (1, hurt)]
    weights = [w for w, _ in makers]
    return rng.choices([m for _, m in makers], weights)[0]()


SEEDS = range(10)


def random_games(seed: int, each: Callable[[HalfDeckGame, bool, list[str]], None]
                 ) -> list[tuple[dict[str, Any], list[str]]]:
    """Four games of random settings and random actions from the cards held; ``each`` sees
    the game after every accepted action (and whether an encounter was waiting before)."""
    rng = random.Random(seed)
    games = []
    for _ in range(4):
        settings = random_settings(rng)
        game = new_engine(settings)
        actions: list[str] = []
        for _ in range(250):
            if game.outcome != "playing":
                break
            facing = game.encounter is not None
            try:
                applied = game.apply(random_action(game, rng))
            except (BadInput, RuleRefused):
                game = new_engine(settings)  # a refused action's engine is not kept
                for action in actions:
                    game.apply(action)
                continue
            actions.append(applied.action)
            each(game, facing, actions)
        games.append((settings, actions))
    return games


@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_round_trip(seed: int) -> None:
    """Each accepted action's state is rebuilt; each game then plays on from a rebuilt
    state."""
    def each(game: HalfDeckGame, facing: bool, actions: list[str]) -> None:
        assert_same(game, f"{game.settings} after {actions[-3:]}")

    for settings, actions in random_games(seed, each):
        if actions:
            assert_round_trips("halfdeck", settings, actions, every=len(actions))


def test_random_games_reach_the_rare_states() -> None:
    """The random games meet what the checks treat apart: an enemy left behind by a lost
    party, a win, a rescue, redraws, co-op, the team cards."""
    seen: set[str] = set()

    def each(game: HalfDeckGame, facing: bool, actions: list[str]) -> None:
        seen.add(actions[-1].split()[0])
        seen.update(name for name, happened in (
            ("lost facing an enemy", game.lost and facing), ("won", game.won_by is not None),
            ("rescued", game.rescue and not game.rescue_left), ("redrawn", game.redrawn),
            ("mulliganed", game.mulliganed), ("co-op", game.coop)) if happened)

    for seed in SEEDS:
        random_games(seed, each)
    assert {"lost facing an enemy", "won", "rescued", "redrawn", "mulliganed", "co-op",
            "trade", "team-attack", "team-escape", "challenge", "escape"} <= seen, seen


CRAFTED: dict[str, tuple[dict[str, Any], list[str]]] = {
    # before edition 3, 'hero --pick' took the prisoner while it was still in the dungeon:
    # rescued, it is in play twice, and the life trail keeps one life for the name
    "the prisoner twice": ({"players": 2, "rescue": "ranger", "deck_size": 6, "edition": 2}, [
        "hero ranger --str 3 --mag 2 --player 1 --pick",
        "hero cleric --str 1 --mag 4 --player 2 --pick",
        "hand 'steel sword' escape 'torn map' --player 1",
        "hand 'fire tome' 'old boot' bomb --player 2",
        "draw ranger --hero --str 3 --mag 2 --player 1", "hurt ranger 2",
        "draw 'goblin minion' --minion --str 7 --loot 1 --player 2", "attack ranger 1",
        "hurt ranger 9", "attack cleric 6", "hand 'rusty sword' --player 2"]),
    # the last hero falls facing the rock golem: the golem's card is counted nowhere
    "lost facing an enemy": ({}, [
        "hand warrior cleric 'steel sword' escape 'team attack' 'torn map'",
        "hero warrior --str 4 --mag 1", "draw 'rock golem boss' --boss --str 10 --loot 2",
        "attack warrior 6", "hurt warrior 9"]),
    # the hero deck runs out and its discard pile becomes the deck
    "the hero deck reshuffled": ({"endgame": "boss"}, [
        "hand warrior b c d e f", "hero warrior --str 4 --mag 1", "discard b c d e f --forced",
        "loot 20", "hand " + " ".join(f"g{n}" for n in range(20)), "loot 3", "hand x y z",
        "draw dragon --endgame-boss --str 12", "shuffle-back",
        "draw 'gold pile' --misc --loot 2 --one-use", "hand u v"]),
    # a first-hand redraw, gear on standby, a trap no hero can reach, a misc card
    "redraws and standby": ({"trap_needs": "reach"}, [
        "hand warrior cleric bomb 'torn map' 'old boot' escape",
        "discard 'torn map' 'old boot'", "hand 'steel sword' 'team attack'",
        "hero warrior --str 4 --mag 1", "equip warrior bomb --str +3 --one-use --standby",
        "draw 'lucky find' --misc --loot 1", "hand 'fire tome'", "discard 'fire tome'",
        "hand a", "draw 'deep pit' --trap --str 30", "hero cleric --str 1 --mag 4",
        "draw 'rock golem boss' --boss --str 10 --loot 2", "attack warrior 6"]),
}


@pytest.mark.parametrize("name", sorted(CRAFTED))
def test_crafted_game_round_trips(name: str) -> None:
    settings, actions = CRAFTED[name]
    assert assert_round_trips("halfdeck", settings, actions) == len(actions)


def test_the_crafted_games_reach_their_states() -> None:
    def played(name: str) -> HalfDeckGame:
        settings, actions = CRAFTED[name]
        game = new_engine(settings)
        for action in actions:
            game.apply(action)
        return game

    twice = played("the prisoner twice")
    assert [h.name for h in twice.heroes] == ["cleric", "ranger"] and twice.fallen
    lost = played("lost facing an enemy")
    assert lost.lost and lost.encounter is None and lost.dungeon_discard == 0
    reshuffled = played("the hero deck reshuffled")  # 26 cards drawn, 5 of them twice
    assert (reshuffled.hero_deck, reshuffled.hero_discard, reshuffled.round) == (0, 0, 2)
    redraws = played("redraws and standby")
    assert redraws.mulliganed == {1} and redraws.round == 3  # the redraw's count reset
    assert redraws.heroes[0].gear is None  # the bomb spent on the golem


def test_the_prisoner_in_play_twice_is_an_earlier_editions_state_only() -> None:
    """Edition 3 refuses to pick the prisoner, so its state never holds it twice."""
    settings, actions = CRAFTED["the prisoner twice"]
    game = new_engine(settings)
    for action in actions[:5]:  # rescued: the ranger picked and rescued, in play twice
        game.apply(action)
    assert [h.name for h in game.heroes].count("ranger") == 2
    state = marshal.loads(marshal.dumps(game.state_data()))
    engine_from_data(game.settings, state)
    with pytest.raises(BadState, match="a hero in play twice"):
        engine_from_data({**game.settings, "edition": 3}, state)
    picked = new_engine(settings)
    picked.apply(actions[0])  # picked, still in the dungeon
    state = marshal.loads(marshal.dumps(picked.state_data()))
    engine_from_data(picked.settings, state)
    with pytest.raises(BadState, match="the prisoner in play while still in the dungeon"):
        engine_from_data({**picked.settings, "edition": 3}, state)


def test_a_long_games_state_loads_fast() -> None:
    """2,000 actions (a hero hurt and healed): its state loads in well under a few ms."""
    game = new_engine({})
    game.apply("hand warrior cleric 'steel sword' escape 'team attack' 'torn map'")
    game.apply("hero warrior --str 4 --mag 1")
    game.apply("hero cleric --str 1 --mag 4")
    while len(game.life_trail) <= 2000:
        game.apply("hurt warrior 1")
        game.apply("heal warrior 1")
    blob = marshal.dumps(game.state_data())
    best = min(timed(lambda: engine_from_data(game.settings, marshal.loads(blob)))
               for _ in range(5))
    assert best < 0.005, best
    assert_same(game, "the long game")


def timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


# -- states the engine never writes --------------------------------------------------
def state_after(stem: str, count: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """An example game's settings and its state after its first ``count`` actions."""
    data = load(resource_dir("examples") / f"{stem}.toml")
    game = new_engine(data["settings"])
    for action in data["actions"][:count]:
        game.apply(action)
    state = marshal.loads(marshal.dumps(game.state_data()))
    assert isinstance(state, dict)
    return game.settings, state


# Example states to tamper with: each names what it holds.
BASES = {
    # solo, both endgames: the dragon met, not yet rolled against
    "dragon": ("halfdeck-win", None),
    # co-op, rescue: the rock golem hit once by a team attack
    "golem": ("halfdeck-coop", 17),
    # co-op before the first round: heroes picked, cards traded
    "traded": ("halfdeck-coop", 5),
    # solo, first preparatory phase: a hand and no hero
    "first hand": ("halfdeck-win", 1),
    # solo, second round: a spiked pit trap met
    "trap": ("halfdeck-loss", 12),
    # solo, won by the dragon
    "won": ("halfdeck-win", 0),
    # solo, lost
    "lost": ("halfdeck-loss", 0),
}


def base(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    stem, count = BASES[name]
    actions = load(resource_dir("examples") / f"{stem}.toml")["actions"]
    if count is None:  # the dragon's first appearance
        count = next(i for i, a in enumerate(actions, 1) if a.startswith("draw dragon"))
    return state_after(stem, count or len(actions))


def test_the_bases_hold_what_they_say() -> None:
    assert base("dragon")[1]["encounter"][0] == "dragon"
    assert base("golem")[1]["encounter"][:2] == ["rock golem boss", 3]
    assert base("traded")[1]["traded"] == [1, 2] and base("traded")[1]["picked"] == [1, 2]
    assert base("first hand")[1]["heroes"] == [] and base("first hand")[1]["round"] == 0
    assert base("trap")[1]["encounter"][0] == "spiked pit trap"
    assert base("won")[1]["won_by"] == "dragon" and base("lost")[1]["lost"] is True


def hero(state: dict[str, Any], name: str) -> list[Any]:
    return next(h for h in state["heroes"] if h[0] == name)


def card(state: dict[str, Any], name: str) -> list[Any]:
    return next(c for c in state["known"] if c[0] == name)


def set_card(state: dict[str, Any], name: str, **fields: Any) -> None:
    row = card(state, name)
    for key, value in fields.items():
        row[["name", "kind", "strength", "magic", "loot", "one_use", "effect"].index(key)] = \
            value


def more_blue(state: dict[str, Any], name: str = "torn map") -> None:
    """Another card in the first hand, taken from the hero deck: the counts still add up."""
    state["hands"][0].append(name)
    state["hero_deck"] -= 1


def move_life(state: dict[str, Any], name: str, life: int) -> None:
    hero(state, name)[4] = life
    state["life_trail"][-1][name] = life


# (base, what is changed, the refusal's words)
TAMPERED: dict[str, tuple[str, Callable[[dict[str, Any]], object], str]] = {
    # the record itself
    "a field missing": ("golem", lambda s: s.pop("drawer"), "fields this version"),
    "a field more": ("golem", lambda s: s.update(luck=1), "fields this version"),
    "only one field": ("golem", lambda s: [s.pop(k) for k in list(s) if k != "known"],
                       "fields"),
    # values of the wrong type
    "a count as text": ("golem", lambda s: s.update(hero_deck="14"), "whole number"),
    "a count as a bool": ("golem", lambda s: s.update(round=True), "whole number"),
    "a float life": ("golem", lambda s: hero(s, "warrior").__setitem__(4, 3.0),
                     "whole number"),
    "a flag as a number": ("golem", lambda s: s.update(lost=0), "true or false"),
    "hands not a list": ("golem", lambda s: s.update(hands="escape"), "record of 2"),
    "a card name as a number": ("golem", lambda s: s["hands"][0].append(7), "text"),
    "a hero record too short": ("golem", lambda s: s["heroes"][0].pop(), "record of 6"),
    "an encounter too long": ("golem", lambda s: s["encounter"].append(0), "record of 4"),
    # numbers out of range
    "a negative count": ("golem", lambda s: s.update(hero_discard=-1), "from 0"),
    "a life above the full 4": ("golem", lambda s: move_life(s, "cleric", 5), "from 1 to 4"),
    "a hero in play at 0": ("golem", lambda s: move_life(s, "cleric", 0), "from 1 to 4"),
    "a third player's hero": ("golem", lambda s: hero(s, "cleric").__setitem__(3, 3),
                              "from 1 to 2"),
    "a third player to play": ("golem", lambda s: s.update(next_player=3), "from 1 to 2"),
    "player 0 drew": ("golem", lambda s: s.update(drawer=0), "from 1 to 2"),
    "a hand per player": ("golem", lambda s: s["hands"].append([]), "record of 2"),
    "a redraw of 4": ("trap", lambda s: s.update(redrawn=[[1, 4]]), "from 1 to 3"),
    "four team attacks used": ("golem", lambda s: s["team_used"].__setitem__(1, 4),
                               "from 0 to 3"),
    "a boss with 5 life": ("golem", lambda s: s["encounter"].__setitem__(1, 5), "from 1 to 4"),
    "a card number of 41": ("golem", lambda s: set_card(s, "goblin minion", strength=41),
                            "from 1 to 40"),
    "a loot of 27": ("golem", lambda s: set_card(s, "goblin minion", loot=27), "from 0 to 26"),
    "a fallen hero above 4": ("lost", lambda s: s["fallen"].__setitem__(
        0, (s["fallen"][0][0], 5)), "to 4"),
    # words the engine never writes
    "an unknown endgame": ("dragon", lambda s: s["endgame_left"].append("endgame-dragon"),
                           "expected words"),
    "an endgame set aside": ("golem", lambda s: s.update(endgame_left=["endgame-boss"]),
                             "expected words"),
    "an unknown card kind": ("golem", lambda s: set_card(s, "rusty sword", kind="potion"),
                             "expected words"),
    "an unknown attribute": ("golem", lambda s: hero(s, "warrior")[5].__setitem__(1, "luck"),
                             "expected words"),
    "a name not as written": ("golem", lambda s: s["hands"][0].__setitem__(0, "Iron Helm"),
                              "written form"),
    "not a card name": ("golem", lambda s: s["hands"][0].__setitem__(0, "-x"),
                        "not a card name"),
    # lists too long
    "a huge hand": ("golem", lambda s: s["hands"][0].extend(["bomb"] * 100_000),
                    "at most 26"),
    "a huge life trail": ("golem", lambda s: s.update(life_trail=[{}] * 100_001),
                          "life trail is not"),
    "a huge card list": ("golem", lambda s: s.update(known=[None] * 100_001), "at most"),
    "five heroes": ("golem", lambda s: s["heroes"].extend(s["heroes"][:2]), "at most 4"),
    # the cards
    "a card known twice": ("golem", lambda s: s["known"].append(list(s["known"][0])),
                           "known twice"),
    "a hero card without magic": ("golem", lambda s: set_card(s, "ranger", magic=None),
                                  "wrong numbers"),
    "gear of two numbers": ("golem", lambda s: set_card(s, "rusty sword", strength=1, magic=1),
                            "wrong numbers"),
    "a minion without loot": ("golem", lambda s: set_card(s, "goblin minion", loot=None),
                              "wrong loot"),
    "a trap with loot": ("trap", lambda s: set_card(s, "spiked pit trap", loot=1),
                         "wrong loot"),
    "a hero of one use": ("golem", lambda s: set_card(s, "ranger", one_use=True), "one use"),
    "gear with an effect": ("golem", lambda s: set_card(s, "rusty sword", effect="boom"),
                            "an effect"),
    "a hero unlike its card": ("golem", lambda s: hero(s, "warrior").__setitem__(1, 5),
                               "not its card's"),
    "a hero card unknown": ("golem", lambda s: hero(s, "warrior").__setitem__(0, "paladin"),
                            "not a known hero"),
    "gear as a hero": ("golem", lambda s: hero(s, "warrior").__setitem__(0, "steel sword"),
                       "not a known hero"),
    "gear unlike its card": ("golem", lambda s: hero(s, "warrior")[5].__setitem__(2, 3),
                             "as its card says"),
    "gear on standby not of one use": (
        "golem", lambda s: hero(s, "warrior")[5].__setitem__(4, True), "standby"),
    "an encounter with a gear card": (
        "golem", lambda s: s["encounter"].__setitem__(0, "steel sword"), "not a known"),
    "an encounter with a misc card": ("golem", lambda s: set_card(
        s, "rock golem boss", kind="misc", strength=None, magic=None), "not a known"),
    "a boss hit more than rolled": ("golem", lambda s: s["encounter"].__setitem__(1, 2),
                                    "hit more than it was rolled"),
    "a trap rolled against": ("trap", lambda s: s["encounter"].__setitem__(3, 1),
                              "trap rolled"),
    "won by a minion": ("won", lambda s: s.update(won_by="goblin minion"),
                        "not a known endgame"),
    "a fallen hero unknown": ("lost", lambda s: s["fallen"].__setitem__(
        0, ("paladin", 0)), "not a known hero"),
    # the players' sets and tables
    "players out of order": ("traded", lambda s: s.update(traded=[2, 1]), "not in order"),
    "a player twice": ("traded", lambda s: s.update(picked=[1, 1]), "not in order"),
    "a redraw counted twice": ("golem", lambda s: s.update(redrawn=[[1, 1], [1, 1]]),
                               "counted twice"),
    # the life trail
    "a trail point not a table": ("golem", lambda s: s["life_trail"].__setitem__(3, [1]),
                                  "not a table"),
    "a trail of an unknown hero": ("golem", lambda s: s["life_trail"][-1].update(paladin=4),
                                   "lives of known heroes"),
    "a trail life as a bool": ("golem", lambda s: s["life_trail"][3].update(
        warrior=True), "not a number"),
    "a trail life above 4": ("golem", lambda s: s["life_trail"][3].update(warrior=5),
                             "out of range"),
    "a trail starting with heroes": ("golem", lambda s: s["life_trail"][0].update(warrior=4),
                                     "does not start"),
    "an empty trail": ("golem", lambda s: s.update(life_trail=[]), "life trail is not"),
    # the invariants: cards conserved
    "a card held twice": ("golem", lambda s: s["hands"][0].append(s["hands"][0][0]),
                          "hero cards do not add up"),
    "a hero card lost": ("golem", lambda s: s.update(hero_deck=s["hero_deck"] - 1),
                         "hero cards do not add up"),
    "a dungeon card more": ("golem", lambda s: s.update(
        dungeon_discard=s["dungeon_discard"] + 1), "dungeon cards do not add up"),
    "a dungeon card lost unless lost": ("golem", lambda s: s.update(
        dungeon_discard=s["dungeon_discard"] - 1), "dungeon cards do not add up"),
    "more rounds than cards drawn": ("golem", lambda s: s.update(
        round=0, encounter=None, dungeon_discard=s["dungeon_discard"] + 1),
        "does not match the rounds"),
    "fewer cards than endgames left": ("dragon", lambda s: s.update(
        round=40, dungeon_deck=1, dungeon_discard=s["dungeon_discard"] + s["dungeon_deck"],
        endgame_left=["endgame-treasure", "endgame-boss"], encounter=None),
        "fewer dungeon cards than endgame"),
    "an endgame card twice": ("won", lambda s: s.update(
        endgame_left=["endgame-treasure", "endgame-treasure"]), "endgame card twice"),
    "a prisoner without a rescue": ("first hand", lambda s: s.update(
        rescue_left=True, hero_deck=s["hero_deck"] - 1), "no rescue"),
    "the prisoner in a hand": ("traded", partial(more_blue, name="ranger"),
                               "prisoner in a hand"),
    # heroes, team cards, the end
    "a hero in play twice": ("golem", lambda s: (s["heroes"].append(
        [*s["heroes"][0][:5], None]), s.update(hero_deck=s["hero_deck"] - 1)),
        "a hero in play twice"),
    "a life unlike the trail's": ("golem", lambda s: hero(s, "cleric").__setitem__(4, 3),
                                  "does not end at the heroes"),
    "a fourth team attack": ("golem", lambda s: s.update(
        hands=[[*s["hands"][0], "team attack"], s["hands"][1]], team_used=[0, 3],
        hero_removed=s["hero_removed"] + 2, hero_deck=s["hero_deck"] - 3),
        "more team attack cards"),
    "a pick in a solo game": ("first hand", lambda s: s.update(picked=[1]), "solo"),
    "a redraw before the first round": ("first hand", lambda s: s.update(redrawn=[[1, 2]]),
                                        "before the first round"),
    "won and lost": ("won", lambda s: s.update(lost=True), "both won and lost"),
    "lost with a hero in play": ("golem", lambda s: s.update(lost=True),
                                 "lost with heroes"),
    "won by an endgame still in the deck": ("won", lambda s: s.update(
        endgame_left=["endgame-boss"], dungeon_deck=s["dungeon_deck"]),
        "still in the dungeon deck"),
    "an encounter after the end": ("dragon", lambda s: s.update(
        won_by="dragon", dungeon_discard=s["dungeon_discard"] - 1), "after the end"),
    "an encounter drawn by another": ("golem", lambda s: s["encounter"].__setitem__(2, 1),
                                      "not drawn by the last drawer"),
    "the dragon met and in the deck": ("dragon", lambda s: s["endgame_left"].append(
        "endgame-boss"), "both met and in the dungeon"),
}


@pytest.mark.parametrize("name", sorted(TAMPERED))
def test_a_tampered_state_is_refused(name: str) -> None:
    stem, change, words = TAMPERED[name]
    settings, state = base(stem)
    engine_from_data(settings, state)  # as written, it is read back
    change(state)
    with pytest.raises(BadState, match=words):
        engine_from_data(settings, state)


# -- any damage: refused with BadState, never another error --------------------------
ODD_VALUES: list[Any] = [None, True, False, 0, 1, -1, 2, 4, 5, 27, 41, 10**12, 1.5, "",
                         "warrior", "escape", "endgame-boss", "luck", "Warrior", [], [1],
                         {}, {"warrior": 4}, (), ("warrior", 0), [[]], "x" * 50_000]


def paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Where each value of a state sits, the state itself included."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*path, key))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            found += paths(item, (*path, index))
    return found


def changed(value: Any, path: tuple[Any, ...], change: Callable[[Any, Any], Any]) -> Any:
    """A copy of ``value`` with ``change(container, key)`` made where ``path`` ends."""
    if len(path) == 1:
        copy = dict(value) if isinstance(value, dict) else list(value)
        change(copy, path[0])
        return tuple(copy) if isinstance(value, tuple) else copy
    inner = changed(value[path[0]], path[1:], change)
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = inner
    return tuple(copy) if isinstance(value, tuple) else copy


@pytest.mark.parametrize("name", sorted(BASES))
def test_damaged_states_raise_only_bad_state(name: str) -> None:
    """A value anywhere replaced, removed or doubled: refused with BadState, or read back
    as a state that itself round-trips."""
    settings, state = base(name)
    rng = random.Random(name)
    where = paths(state)[1:]
    for _ in range(150):
        path = rng.choice(where)
        odd = rng.choice(ODD_VALUES)
        how = rng.choice(["replace", "replace", "remove", "double"])

        def change(container: Any, key: Any, how: str = how, odd: Any = odd) -> None:
            if how == "replace":
                container[key] = odd
            elif how == "remove":
                del container[key]
            elif isinstance(container, list):
                container.insert(key, container[key])
            else:
                container[f"{key}2"] = container[key]

        damaged = changed(state, path, change)
        try:
            engine = engine_from_data(settings, damaged)
        except BadState:
            continue
        assert_same(engine, f"{how} {path} with {odd!r:.20}")


def test_the_state_is_plain_values() -> None:
    data = load(resource_dir("examples") / "halfdeck-coop.toml")
    game = new_engine(data["settings"])
    for action in data["actions"][:17]:
        game.apply(action)
    state = game.state_data()

    def plain_only(value: Any) -> None:
        assert type(value) in (type(None), bool, int, str, list, tuple, dict), value
        if isinstance(value, dict):
            assert all(type(key) is str for key in value), value
            value = list(value.values())
        if isinstance(value, list | tuple):
            for item in value:
                plain_only(item)

    plain_only(state)
    assert marshal.loads(marshal.dumps(state)) == state
