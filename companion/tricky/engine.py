"""Tricky Dungeon: the score sheet of a trick-taking game for 2 to 4 players.

Players deal and play the real cards; the engine keeps the rounds, settles
each trick, counts what the active player collected and works out the gold.
An action is a value of ``companion.tricky.grammar`` (``Round``, ``Trick``,
``Result``...), or its text (``round barbarian --active Ann --trump R``, ``trick
G4 R0 B7``, ``result 3``) read once by the grammar.

The game is a state record (``TrickyGame``: its settings and rounds,
``companion.tricky.state``) and its verbs: each is ruled by the function of its name
in ``companion.tricky.play``, which raises ``RuleRefused`` naming the rulebook
section before it changes anything. What commands show is ``views``.
"""

from __future__ import annotations

from companion import plain
from companion.editions import FIRST, at_least, edition
from companion.errors import BadInput, RuleRefused
from companion.game import Applied, rule
from companion.names import check_player
from companion.numbers import flag
from companion.tricky import views
from companion.tricky.cards import DECK_ITEMS, Deck, Settings, normalize_deck, table, words_in, wrap
from companion.tricky.grammar import GRAMMAR, KIND, Action
from companion.tricky.heroes import SETS, heroes_in
from companion.tricky.state import Round, Setup, TableRules

__all__ = ["KIND", "TITLE", "Round", "TrickyGame", "new_engine", "normalize_settings",
           "setup_lines"]

TITLE = "Tricky Dungeon"
R_GAME_END = "tricky.game.end"

Ruled = tuple[Action, list[str]]
"""What a verb gives back: the canonical action and its ruling's lines."""


# -- settings -------------------------------------------------------------------
def normalize_settings(raw: Settings) -> dict[str, object]:
    """Players, hero set, variants and the deck copy; raise BadInput on a bad one."""
    known = {"players", "set", "rounds_per_player", "race", "guild", "random_heroes",
             *DECK_ITEMS, "unverified", "edition"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise BadInput(f"unknown Tricky setting {unknown[0]!r}")
    game = table()["game"]
    players = raw.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadInput("players: expected a list of names")
    if not game["min_players"] <= len(players) <= game["max_players"]:
        raise BadInput(f"Tricky Dungeon is for {game['min_players']} to {game['max_players']} "
                       f"players, not {len(players)}")
    for name in players:
        check_player(name)
    folded = [p.casefold() for p in players]
    twice = next((p for p, f in zip(players, folded, strict=True) if folded.count(f) > 1), None)
    if twice is not None:
        raise BadInput(f"{twice!r} is named twice: each player needs a name of their own")
    random_heroes = flag(raw, "random_heroes", False)
    guild = flag(raw, "guild", False)
    hero_set = str(raw.get("set") or ("all" if random_heroes else "A"))
    hero_set = hero_set.upper() if hero_set.upper() in SETS else hero_set.lower()
    if hero_set not in (*SETS, "all"):
        raise BadInput(f"--set must be A, B, C or all, not {hero_set!r}")
    if random_heroes and hero_set != "all":
        raise BadInput("--random-heroes plays all 15 heroes: leave out --set or use --set all")
    race = 0 if raw.get("race") is None else raw.get("race")
    if isinstance(race, bool) or not isinstance(race, int) or not 0 <= race <= 999:
        raise BadInput("--race must be a whole number from 1 to 999")
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


def new_engine(settings: Settings) -> TrickyGame:
    return TrickyGame(normalize_settings(settings))


def setup_lines(settings: Settings) -> list[str]:
    """What to lay out when the game starts, in at most 40 columns: the seats, the heroes,
    the deal, who is active first and how long the game lasts."""
    game = new_engine(settings)
    setup, data = game.setup, table()
    said = [f"Seats, clockwise: {', '.join(game.players)}"]
    if setup.random_heroes:
        said.append(f"Heroes: all {len(game.choices)} shuffled face down; each round turn "
                    f"one up (up to {data['variants']['random_passes']} may be passed on)")
    else:
        which = f"all {len(game.choices)}" if setup.hero_set == "all" \
            else f"set {setup.hero_set}"
        said.append(f"Heroes: {which} face up for all to see: "
                    + ", ".join(hero.name for hero in game.choices))
    if setup.guild:
        said.append("Adventurers Guild: each player plays each hero once")
    said.append(f"Each round: shuffle the {data['game']['deck_size']} cards and deal "
                f"{game.hand} each; the {game.leftover()} left over lie face down, the "
                "pile exchanges draw from")
    if game.rules.open_exchange:
        said.append(f"Two players: each may exchange up to {game.exchange_limit()}, the "
                    "other no more than the active one, face up; potions stay in hand")
    said.append("Agree who is active first: that player picks a hero and leads the first "
                f"trick ('round HERO --active NAME'; else {game.players[0]}); then the turn "
                "passes clockwise")
    if setup.race:
        said.append(f"Race: the first with {setup.race} gold at a round's end wins")
    else:
        times = {1: "once", 2: "twice"}.get(setup.rounds_per_player,
                                            f"{setup.rounds_per_player} times")
        said.append(f"{game.rounds_total} rounds: each player is active {times}")
    names = [hero.name for hero in game.choices]
    return [part for line in said for part in wrap(line, 40, keep=names)]


# -- the game -------------------------------------------------------------------
class TrickyGame:
    """The game's state record: its settings, the table's rules, the rounds played."""

    def __init__(self, settings: dict[str, object]) -> None:
        self.settings = settings  # as saved (status shows it; hero numbers are read in it)
        # Settings normalize_settings gave: a value of another type is a bug (plain.BadState)
        self.setup = Setup(plain.text(settings["set"]),
                           plain.integer(settings["rounds_per_player"]),
                           plain.integer(settings["race"]), plain.flag(settings["guild"]),
                           plain.flag(settings["random_heroes"]))
        self.players: list[str] = list(words_in(settings, "players"))
        self.count = len(self.players)
        self.deck = Deck.from_settings(settings)
        self.rules = TableRules(**table()["players"][str(self.count)])
        self.hand = self.rules.hand
        self.choices = heroes_in(self.setup.hero_set)
        self.rounds: list[Round] = []
        # Checks added in edition 2 apply to games of edition 2 on (companion.editions).
        self.strict = at_least(settings, 2)
        # Edition 3: no exchange after the Seer's prediction (tricky.ruling.seer-exchange).
        self.seer_exchanges_first = at_least(settings, 3)

    # -- derived numbers --------------------------------------------------------
    @property
    def rounds_total(self) -> int | None:
        """Rounds in the game; None in a race."""
        return None if self.setup.race else self.setup.rounds_per_player * self.count

    @property
    def current(self) -> Round | None:
        """The round being played (hero picked, gold not yet counted)."""
        return self.rounds[-1] if self.rounds and not self.rounds[-1].done else None

    @property
    def totals(self) -> list[int]:
        return [sum(rnd.gold[seat] for rnd in self.rounds if rnd.gold)
                for seat in range(self.count)]

    @property
    def finished(self) -> bool:
        if self.current is not None or not self.rounds:
            return False
        if self.setup.race:
            return max(self.totals) >= self.setup.race
        return len(self.rounds) >= (self.rounds_total or 0)

    @property
    def outcome(self) -> str:
        return "finished" if self.finished else "playing"

    def winners(self) -> list[str]:
        best = max(self.totals)
        return [p for p, gold in zip(self.players, self.totals, strict=True) if gold == best]

    def next_active(self) -> int | None:
        """Who picks the next hero; None before the first round (any player may)."""
        return (self.rounds[0].active + len(self.rounds)) % self.count if self.rounds else None

    def leftover(self) -> int:
        return table()["game"]["deck_size"] - self.hand * self.count

    def exchange_limit(self) -> int:
        """The most cards one player exchanges in a round."""
        most = self.rules.exchange_max
        return min(self.hand, self.leftover()) if most is None else most

    def parse_player(self, text: str) -> int:
        """A player's seat from their name as typed (``names.match``)."""
        from companion import names

        return self.players.index(names.match(text, self.players, "player of this game"))

    # -- the action language ------------------------------------------------------
    def apply(self, action: Action | str) -> Applied:
        over = (RuleRefused(f"the game is over: {views.winner_text(self)}", R_GAME_END)
                if self.finished else None)
        return rule(self, action, GRAMMAR, "companion.tricky.play", over)

    # What commands show (companion.tricky.views).
    status = views.status
    status_lines = views.status_lines
    sheet_lines = views.sheet_lines
    prompt = views.prompt
