"""Random Half Deck games for the referee: random settings, and plausible actions (the
cards at hand, the heroes in play), often legal, now and then anything."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.halfdeck.engine import HalfDeckGame

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
            gear = [h.gear.name for h in game.heroes if h.gear is not None]
            target = rng.choice([hero, *gear])
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
