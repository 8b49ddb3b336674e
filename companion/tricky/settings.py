"""Tricky Dungeon's settings: players, hero set, variants and the deck copy, checked
once when a game starts (``normalize_settings``); a saved game keeps what it gives."""

from __future__ import annotations

from companion.editions import FIRST, edition
from companion.errors import BadInput
from companion.names import check_player
from companion.tricky.cards import DECK_ITEMS, Settings, normalize_deck, table
from companion.tricky.heroes import SETS


def normalize_settings(raw: Settings) -> dict[str, object]:
    """Players, hero set, variants and the deck copy; raise BadInput on a bad one."""
    known = {"players", "set", "rounds_per_player", "race", "guild", "random_heroes",
             *DECK_ITEMS, "unverified", "edition"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise BadInput(f"unknown Tricky setting {unknown[0]!r}")
    game = table()["game"]
    given = raw.get("players")
    if not isinstance(given, list) or not all(isinstance(p, str) for p in given):
        raise BadInput("players: expected a list of names")
    players: list[str] = given  # each checked a word just above
    if not game["min_players"] <= len(players) <= game["max_players"]:
        raise BadInput(f"Tricky Dungeon is for {game['min_players']} to {game['max_players']} "
                       f"players, not {len(players)}")
    for name in players:
        check_player(name)
    folded = [p.casefold() for p in players]
    twice = next((p for p, f in zip(players, folded, strict=True) if folded.count(f) > 1), None)
    if twice is not None:
        raise BadInput(f"{twice!r} is named twice: each player needs a name of their own")
    random_heroes = _flag(raw, "random_heroes")
    guild = _flag(raw, "guild")
    hero_set = str(raw.get("set") or ("all" if random_heroes else "A"))
    hero_set = hero_set.upper() if hero_set.upper() in SETS else hero_set.lower()
    if hero_set not in (*SETS, "all"):
        raise BadInput(f"--set must be A, B, C or all, not {hero_set!r}")
    if random_heroes and hero_set != "all":
        raise BadInput("--random-heroes plays all 15 heroes: leave out --set or use --set all")
    race = _whole(raw, "race", 0, 999)
    number = edition(raw)
    default_rounds = table()["players"][str(len(players))]["rounds_per_player"]
    rounds = raw.get("rounds_per_player")
    if rounds == 0 and (race or number == FIRST):
        rounds = None  # a race is saved with 0 rounds per player; so was the default once
    fewest = default_rounds if number > FIRST else 1  # the first edition allowed fewer
    variants = table()["variants"]
    if race and (guild or rounds is not None):
        raise BadInput("--race plays until someone has the gold: leave out "
                       + ("--guild" if guild else "--rounds-per-player"))
    if guild:
        if random_heroes:
            raise BadInput("--guild and --random-heroes do not mix: the guild picks heroes")
        if rounds not in (None, variants["guild_rounds_per_player"]):
            raise BadInput(f"--guild plays {variants['guild_rounds_per_player']} rounds per "
                           "player: leave out --rounds-per-player")
        rounds = variants["guild_rounds_per_player"]
    elif rounds is None:
        rounds = 0 if race else default_rounds
    else:  # the longer game adds rounds, never fewer (tricky.variant.longer)
        most = game["max_rounds_per_player"]
        if isinstance(rounds, bool) or not isinstance(rounds, int) or \
                not fewest <= rounds <= most:
            raise BadInput(f"--rounds-per-player must be a whole number from {fewest} "
                           f"to {most} with {len(players)} players (a longer game adds rounds)")
    deck = normalize_deck({k: raw[k] for k in (*DECK_ITEMS, "unverified") if k in raw})
    return {"players": list(players), "set": hero_set, "rounds_per_player": rounds,
            "race": race, "guild": guild, "random_heroes": random_heroes, **deck,
            "edition": number}


def _flag(raw: Settings, key: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise BadInput(f"{key}: expected true or false")
    return value


def _whole(raw: Settings, key: str, low: int, high: int) -> int:
    value = raw.get(key)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadInput(f"--{key.replace('_', '-')} must be a whole number from "
                       f"{max(low, 1)} to {high}")
    return value

