"""Tricky Dungeon: the score sheet of a trick-taking game for 2 to 4 players.

Players deal and play the real cards; the engine keeps the rounds, settles
each trick, counts what the active player collected and works out the gold.
An action is a value of ``companion.tricky.grammar`` (``Round``, ``Trick``,
``Result``...), or its text (``round barbarian --active Ann --trump R``, ``trick
G4 R0 B7``, ``result 3``) read once by the grammar; each ``apply`` checks the
action first and raises ``RuleRefused`` naming the rulebook section.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from itertools import chain
from typing import TYPE_CHECKING, NamedTuple, cast

from companion import plain
from companion.cards import card_groupings
from companion.editions import FIRST, at_least, edition, strict
from companion.errors import BadInput, NotationError, RuleRefused
from companion.game import Applied, Record
from companion.names import check_player
from companion.numbers import is_whole
from companion.tricky.cards import (
    DECK_ITEMS,
    KINDS,
    PLURALS,
    Deck,
    Settings,
    TrickyCard,
    normalize_deck,
    plural,
    table,
    words_in,
)
from companion.tricky.grammar import (
    COUNTS,
    GRAMMAR,
    RESULT_ORDER,
    Action,
    Exchange,
    Predict,
    Result,
    Trick,
)
from companion.tricky.grammar import Round as RoundAction
from companion.tricky.heroes import (
    COUNT_HELP,
    COUNT_WORDS,
    SETS,
    TRUMP_TEXT,
    Hero,
    gold_for_round,
    hero_number,
    heroes_in,
    lead_hero,
    number_note,
    parse_hero,
)
from companion.tricky.layout import wrap
from companion.tricky.tricks import Trump, trick_winner
from companion.values import Value

if TYPE_CHECKING:
    from typing import TypedDict

    class TrickStatus(TypedDict):
        number: int
        leader: str
        cards: list[str]
        winner: str

    class RevokeStatus(TypedDict):
        player: str
        colour: str  # its name
        missed: int
        played: int
        card: str

    class RoundStatus(TypedDict):
        """The round being played."""

        number: int
        active: str
        hero: str  # its id
        trump: str
        predict: int | None
        passed: list[str]
        exchanged: dict[str, int]
        discards: list[str]
        tricks: list[TrickStatus]
        leader: str
        collected: dict[str, int | bool]
        revokes: list[RevokeStatus]

    class SheetRowStatus(TypedDict):
        """A ``SheetRow``, its fields by name."""

        round: int
        active: str
        hero: str
        trump: str
        via: str
        gold: dict[str, int]
        revokes: int

    class TrickyStatus(TypedDict):
        """What ``status --json`` shows."""

        game: str
        players: list[str]
        set: str
        rounds_played: int
        rounds_total: int | None
        race: int | None
        guild: bool
        random_heroes: bool
        tricks_per_round: int
        round: RoundStatus | None
        next_active: str | None
        scores: dict[str, int]
        sheet: list[SheetRowStatus]
        winners: list[str]
        unverified: list[str]
        next: str | None
        outcome: str
        settings: dict[str, object]

    # A round as ``Round.state_data`` writes it, once read back and checked (its records
    # are lists or tuples, read only by unpacking them).
    RoundRow = tuple[
        int, int, str, object, int | None, Sequence[str], Sequence[tuple[int, int]],
        Sequence[str], Sequence[tuple[int, int, Sequence[str], int]],
        Sequence[tuple[int, str, int, int, str]], Sequence[tuple[int, dict[str, int]]],
        dict[str, int | bool] | None, Sequence[int] | None, str, str]

KIND = "tricky"
TITLE = "Tricky Dungeon"

# Rulebook section ids named by refusals (tests check each is in [sections]).
R_CARDS = "tricky.deck.cards"
R_ACTIVE = "tricky.round.active"
R_HERO = "tricky.round.hero"
R_EXCHANGE = "tricky.round.exchange"
R_END = "tricky.round.end"
R_RESULT = "tricky.round.result"
R_SET = "tricky.setup.set"
R_HERO_TRUMP = "tricky.hero.trump"
R_SEER = "tricky.hero.seer"
R_GAME_END = "tricky.game.end"
R_TWO = "tricky.two-player"
R_RANDOM = "tricky.variant.random"
R_TRICKSTER = "tricky.ruling.trickster-face-up"
R_GUILD_ONCE = "tricky.ruling.guild"
R_SEER_ORDER = "tricky.ruling.seer-exchange"
R_RESULT_TRICKS = "tricky.ruling.result-tricks"



# -- settings -------------------------------------------------------------------
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
                "trick; then the turn passes clockwise")
    if setup.race:
        said.append(f"Race: the first with {setup.race} gold at a round's end wins")
    else:
        times = {1: "once", 2: "twice"}.get(setup.rounds_per_player,
                                            f"{setup.rounds_per_player} times")
        said.append(f"{game.rounds_total} rounds: each player is active {times}")
    names = [hero.name for hero in game.choices]
    return [part for line in said for part in wrap(line, 40, keep=names)]


def counted(value: int, what: str) -> int:
    """A count typed at the table (the grammar read it as a whole number): 0 or more."""
    if value < 0:
        raise BadInput(f"{what} must be a whole number 0 or more, not '{value}'")
    return value


class TableRules(Value):
    """What the number of players changes (``[players.N]`` of the tables)."""

    hand: int
    rounds_per_player: int
    pair: int  # which of a hero's two numbers: 0 with 2-3 players, 1 with 4
    exchange_max: int | None  # the most one player exchanges, if not the leftover pile
    others_exchange: bool  # two players: the other one exchanges too
    potions_exchanged: bool
    open_exchange: bool  # the cards put aside are named

    @classmethod
    def of(cls, players: int) -> TableRules:
        row = table()["players"][str(players)]
        most = row.get("exchange_max")
        return cls(row["hand"], row["rounds_per_player"], row["pair"], most,
                   row["others_exchange"], row.get("potions_exchanged", True),
                   row.get("open_exchange", False))


# -- the round ----------------------------------------------------------------------
class PlayedTrick(NamedTuple):
    number: int
    leader: int
    cards: tuple[TrickyCard, ...]
    winner: int


class Revoke(NamedTuple):
    """A player who did not follow ``colour`` in trick ``missed`` played it in ``played``."""

    player: int
    colour: str
    missed: int
    played: int
    card: TrickyCard


class Round(Record):
    __slots__ = ("number", "active", "hero", "trump", "predict", "passed", "exchanged",
                 "discards", "tricks", "revokes", "not_followed", "counts", "gold",
                 "gold_line", "via")

    def __init__(self, number: int, active: int, hero: Hero, trump: Trump,
                 predict: int | None = None, passed: tuple[Hero, ...] = ()) -> None:
        self.number = number
        self.active = active
        self.hero = hero
        self.trump = trump
        self.predict = predict
        self.passed = passed
        self.exchanged: dict[int, int] = {}
        self.discards: list[TrickyCard] = []
        self.tricks: list[PlayedTrick] = []
        self.revokes: list[Revoke] = []
        self.not_followed: dict[int, dict[str, int]] = {}
        self.counts: dict[str, int | bool] | None = None
        self.gold: list[int] | None = None
        self.gold_line = ""
        self.via = ""

    @property
    def done(self) -> bool:
        return self.gold is not None

    @property
    def leader(self) -> int:
        return self.tricks[-1].winner if self.tricks else self.active

    def state_data(self, card: Callable[[TrickyCard], str] = str) -> tuple[object, ...]:
        """The round's fields in order as plain values: heroes by id, cards as ``G4``
        (``card`` names them), the tables keyed by seat as (seat, value) pairs in order."""
        return (self.number, self.active, self.hero.id, tuple(self.trump), self.predict,
                tuple(hero.id for hero in self.passed), list(self.exchanged.items()),
                list(map(card, self.discards)),
                [(t.number, t.leader, tuple(map(card, t.cards)), t.winner) for t in self.tricks],
                [(r.player, r.colour, r.missed, r.played, card(r.card)) for r in self.revokes],
                [(seat, dict(missed)) for seat, missed in self.not_followed.items()],
                None if self.counts is None else dict(self.counts),
                None if self.gold is None else list(self.gold), self.gold_line, self.via)


class SheetRow(NamedTuple):
    """A finished round on the score sheet."""

    round: int
    active: str
    hero: str
    trump: str
    via: str  # "tricks" (played out) or "result" (typed in)
    gold: dict[str, int]  # each player's gold, by name
    revokes: int


class Setup(Value):
    """What a game was started with, typed: read once from its normalised settings."""

    hero_set: str  # A, B, C or all
    rounds_per_player: int  # 0 in a race
    race: int  # the gold to reach; 0 when the game is played for its rounds
    guild: bool
    random_heroes: bool

    @classmethod
    def of(cls, settings: Settings) -> Setup:
        """From settings ``normalize_settings`` gave: a value of another type is a bug
        (``plain.BadState``), never a player's input."""
        return cls(plain.text(settings["set"]), plain.integer(settings["rounds_per_player"]),
                   plain.integer(settings["race"]), plain.flag(settings["guild"]),
                   plain.flag(settings["random_heroes"]))


# -- the game -------------------------------------------------------------------
class TrickyGame:
    def __init__(self, settings: dict[str, object]) -> None:
        self.settings = settings  # as saved (status shows it; hero numbers are read in it)
        self.setup = Setup.of(settings)
        self.players: list[str] = list(words_in(settings, "players"))
        self.count = len(self.players)
        self.deck = Deck.from_settings(settings)
        self.rules = TableRules.of(self.count)
        self.hand = self.rules.hand
        self.choices = heroes_in(self.setup.hero_set)
        self.rounds: list[Round] = []
        # Checks added in edition 2 apply to games of edition 2 on (companion.editions).
        self.strict = strict(settings)
        # Edition 3: no exchange after the Seer's prediction (tricky.ruling.seer-exchange).
        self.seer_exchanges_first = at_least(settings, 3)

    # -- derived numbers --------------------------------------------------------
    @property
    def rounds_total(self) -> int | None:
        """Rounds in the game; None in a race."""
        if self.setup.race:
            return None
        return self.setup.rounds_per_player * self.count

    @property
    def current(self) -> Round | None:
        """The round being played (hero picked, gold not yet counted)."""
        if self.rounds and not self.rounds[-1].done:
            return self.rounds[-1]
        return None

    @property
    def totals(self) -> list[int]:
        sums = [0] * self.count
        for rnd in self.rounds:
            for seat, gold in enumerate(rnd.gold or ()):
                sums[seat] += gold
        return sums

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
        if not self.rounds:
            return None
        return (self.rounds[0].active + len(self.rounds)) % self.count

    def leftover(self) -> int:
        return table()["game"]["deck_size"] - self.hand * self.count

    def exchange_limit(self) -> int:
        """The most cards one player exchanges in a round."""
        most = self.rules.exchange_max
        return min(self.hand, self.leftover()) if most is None else most

    def parse_player(self, text: str) -> int:
        """A player's seat from their name as typed: exactly (any case), then a unique
        start; else an error naming the candidates or the closest names."""
        key = text.strip().casefold()
        exact = [seat for seat, name in enumerate(self.players) if name.casefold() == key]
        if len(exact) == 1:  # before names.match: 'Mary-Ann' and 'Mary_Ann' are two players
            return exact[0]
        from companion import names

        return self.players.index(names.match(text, self.players, "player of this game"))

    # -- the action language ------------------------------------------------------
    def apply(self, action: Action | str) -> Applied:
        """Check ``action`` (a value, or its text read once by the grammar), then play it."""
        value: Action = GRAMMAR.parse(action) if isinstance(action, str) else action
        if self.finished:
            raise RuleRefused(f"the game is over: {self._winner_text()}", R_GAME_END)
        if isinstance(value, Trick):
            canonical, lines = self._do_trick(value)
        elif isinstance(value, RoundAction):
            canonical, lines = self._do_round(value)
        elif isinstance(value, Result):
            canonical, lines = self._do_result(value)
        elif isinstance(value, Exchange):
            canonical, lines = self._do_exchange(value)
        elif isinstance(value, Predict):
            canonical, lines = self._do_predict(value)
        else:  # another game's action, say
            raise BadInput(f"{value!r} is not a Tricky action")
        return Applied(GRAMMAR.text(canonical), tuple(lines))

    def _need_round(self, what: str) -> Round:
        rnd = self.current
        if rnd is None:
            raise RuleRefused(f"no round is being played: pick a hero with 'round HERO' "
                              f"before you {what}", R_HERO)
        return rnd

    def _before_play(self, rnd: Round, what: str) -> None:
        if rnd.tricks:
            raise RuleRefused(f"{what} comes before the first trick; "
                              f"{plural(len(rnd.tricks), 'trick')} entered", R_EXCHANGE)

    # -- round: the active player picks a hero -----------------------------------
    def _do_round(self, action: RoundAction) -> tuple[Action, list[str]]:
        hero, trump_text = self._hero_and_trump(action)
        if self.current is not None:
            rnd = self.current
            raise RuleRefused(f"round {rnd.number} is not over: {len(rnd.tricks)} of "
                              f"{self.hand} tricks entered (or use 'result')", R_END)
        active = self._verify_active(action.active)
        self._verify_hero(hero, active)
        passed = self._verify_passes(hero, action.pass_)
        trump = self._parse_trump(hero, trump_text)
        rnd = Round(len(self.rounds) + 1, active, hero, trump, passed=passed)
        predict = None
        if action.predict is not None:
            predict = self._verify_predict(rnd, action.predict)
        exchange = None
        if action.exchange is not None:
            exchange = counted(action.exchange, "--exchange")
            self._verify_exchange(rnd, active, exchange, [], named=False)
        # verified: change the state
        rnd.predict = predict
        if exchange is not None:
            rnd.exchanged[active] = exchange
        self.rounds.append(rnd)
        name = self.players[active]
        of = f" of {self.rounds_total}" if self.rounds_total else ""
        lines = [f"Round {rnd.number}{of}: {name} plays the {hero.name}"]
        if passed:
            lines.append(f"Passed on: {', '.join(h.name for h in passed)}")
        lines.append(self._trump_line(rnd))
        if hero.trick != "highest":
            lines.append(f"Tricks: the {hero.trick_rule()}")
        lines.append(f"Gold: {self._gold_rule(hero)}")
        if hero.note:
            lines.append(f"{hero.name}: {hero.note}")
        if exchange is not None:  # the exchange comes first, then the prediction
            lines.append(f"{name} exchanges {plural(exchange, 'card')}")
        if predict is not None:
            lines.append(f"{name} predicts {predict} tricks + potions")
        lines.append(f"{name} leads the first trick")
        canonical = RoundAction((hero.id,), name, trump.option(), exchange, predict,
                                tuple(h.id for h in passed))
        return canonical, lines

    def _hero_and_trump(self, action: RoundAction) -> tuple[Hero, str | None]:
        """The hero, in one or more words, then its trump: given after the hero (``barb
        red``) or as --trump."""
        hero, taken = lead_hero(action.hero, self.choices)
        after = action.hero[taken:]
        if len(after) > 1:
            raise BadInput(f"usage: {GRAMMAR.verb('round').usage_line()}")
        if not after:
            return hero, action.trump
        if action.trump is not None:
            raise BadInput(f"the trump is given twice: {after[0]!r} and --trump")
        if hero.trump not in ("colour", "value"):
            raise RuleRefused(f"the {hero.name} takes no trump: its trump is "
                              f"{hero.trump_rule()}", R_HERO_TRUMP)
        return hero, after[0]

    def _verify_active(self, text: str | None) -> int:
        expected = self.next_active()
        if text is None:
            return 0 if expected is None else expected
        chosen = self.parse_player(text)
        if expected is not None and chosen != expected:
            before = self.players[(expected - 1) % self.count]
            raise RuleRefused(f"{self.players[chosen]} is not the active player: "
                              f"{self.players[expected]} is, clockwise after {before}", R_ACTIVE)
        return chosen

    def _verify_hero(self, hero: Hero, active: int) -> None:
        if hero not in self.choices:
            raise RuleRefused(f"the {hero.name} is in set {hero.set}; this game plays set "
                              f"{self.setup.hero_set}", R_SET)
        if self.setup.guild:
            before = next((r for r in self.rounds if r.active == active and r.hero == hero),
                          None)
            if before is not None:
                raise RuleRefused(f"Adventurers Guild: {self.players[active]} played the "
                                  f"{hero.name} in round {before.number}", R_GUILD_ONCE)

    def _verify_passes(self, hero: Hero, texts: Sequence[str]) -> tuple[Hero, ...]:
        if not texts:
            return ()
        if not self.setup.random_heroes:
            raise RuleRefused("passing on a hero is for the Random Dungeon "
                              "(new game with --random-heroes)", R_RANDOM)
        limit = table()["variants"]["random_passes"]
        if len(texts) > limit:
            raise RuleRefused(f"Random Dungeon: at most {limit} heroes are passed on; the "
                              f"next one turned up is played", R_RANDOM)
        passed = tuple(parse_hero(t, self.choices) for t in texts)
        for number, other in enumerate(passed):
            if other == hero or other in passed[:number]:
                raise RuleRefused(f"Random Dungeon: the {other.name} was turned up once; "
                                  "each hero card is exposed once", R_RANDOM)
        return passed

    def _parse_trump(self, hero: Hero, text: str | None) -> Trump:
        if hero.trump in ("colour", "value"):
            if text is None:
                raise BadInput(f"the {hero.name} needs its trump: 'round {hero.id} "
                               f"{hero.trump.upper()}', {hero.trump_rule()}")
            if hero.trump == "colour":
                return Trump("colour", colour=self.deck.parse_colour(text))
            value = text.strip()
            if not (is_whole(value) and self.deck.low <= int(value) <= self.deck.high):
                raise NotationError(f"{text!r} is not a card value: the {hero.name}'s trump "
                                    f"is a value {self.deck.low} to {self.deck.high}")
            return Trump("value", value=int(value))
        if text is not None:
            raise RuleRefused(f"the {hero.name} takes no --trump: its trump is "
                              f"{hero.trump_rule()}", R_HERO_TRUMP)
        return Trump(hero.trump)

    def _trump_line(self, rnd: Round) -> str:
        hero, trump = rnd.hero, rnd.trump
        if trump.kind == "none":
            return "No trump"
        text = f"Trump: {TRUMP_TEXT.get(trump.kind) or trump.text(self.deck)}"
        if trump.kind == "potions":
            text += f" ({self.deck.text(self.deck.potions)}){self.deck.flag('potions')}"
        if hero.chooser == "left":
            left = self.players[(rnd.active + 1) % self.count]
            text += f", chosen by {left} (left of {self.players[rnd.active]})"
        return text

    def _gold_rule(self, hero: Hero) -> str:
        if hero.setting is None:
            return hero.gold_rule()
        number = hero_number(hero, self.settings, self.count)
        return f"{hero.gold_rule(str(number))} ({number_note(hero, self.settings, self.count)})"

    # -- exchange and prediction --------------------------------------------------
    def _do_exchange(self, action: Exchange) -> tuple[Action, list[str]]:
        rnd = self._need_round("exchange cards")
        self._before_play(rnd, "the exchange")
        typed, words = action.number, list(action.cards)
        if len(words) == 1 and words[0].isascii() and words[0].isdigit() and typed is None:
            typed, words = int(words[0]), []  # 'exchange 2': how many, the cards unshown
        cards = self.deck.parse_all(self._card_words(words))
        count = counted(typed, "--count") if typed is not None else len(cards)
        if cards and count != len(cards):
            raise BadInput(f"--count {count} but {plural(len(cards), 'card')} named")
        if action.player is not None:
            player = self.parse_player(action.player)
        elif rnd.active in rnd.exchanged and self.rules.others_exchange:
            player = (rnd.active + 1) % self.count  # two players: then the other one
        else:
            player = rnd.active
        self._verify_after_prediction(rnd, player, count, cards)
        self._verify_exchange(rnd, player, count, cards, named=bool(cards))
        rnd.exchanged[player] = count
        rnd.discards.extend(cards)
        name = self.players[player]
        line = f"{name} exchanges {plural(count, 'card')}"
        if cards:
            line += f", putting aside {' '.join(map(str, cards))}"
        return Exchange(tuple(map(str, cards)), name, count), [line]

    def _verify_after_prediction(self, rnd: Round, player: int, count: int,
                                 cards: Sequence[TrickyCard]) -> None:
        """Every exchange comes before the Seer's prediction (edition 3 on): one typed
        after it is refused with the order to type them in."""
        if rnd.predict is None or not self.seer_exchanges_first or player in rnd.exchanged:
            return  # (an exchange given twice is refused as that)
        typed = " ".join(map(str, cards)) if cards else str(count)
        if player != rnd.active:
            typed += f" --player {self.players[player]}"
        raise RuleRefused("the Seer predicts after every exchange: undo the prediction (a "
                          "round line with --predict: retype it without), then "
                          f"'exchange {typed}' and 'predict {rnd.predict}'", R_SEER_ORDER)

    def _exchange_open(self, rnd: Round) -> bool:
        """Can an exchange still be entered in this round (before its first trick)?"""
        if rnd.tricks:
            return False
        if rnd.active not in rnd.exchanged:
            return True
        return self.rules.others_exchange and len(rnd.exchanged) < 2

    def _card_words(self, args: list[str]) -> list[str]:
        """Cards named in words ('green 4 red 5') as one word each, when only one way fits."""
        if all(self.deck.colour_and_number(word) for word in args):
            return args
        ways = [way for count in range((len(args) + 1) // 2, len(args) + 1)
                for way in card_groupings(args, lambda text: self.deck.colour_and_number(text)
                                          is not None, count)]
        return ways[0] if len(ways) == 1 else args

    def _verify_exchange(self, rnd: Round, player: int, count: int,
                         cards: Sequence[TrickyCard], *, named: bool) -> None:
        name = self.players[player]
        active = self.players[rnd.active]
        two = self.rules.others_exchange
        if player in rnd.exchanged:
            raise RuleRefused(f"{name} has exchanged already this round", R_EXCHANGE)
        if player != rnd.active:
            if not two:
                raise RuleRefused(f"only the active player ({active}) exchanges cards",
                                  R_EXCHANGE)
            if rnd.active not in rnd.exchanged:
                raise RuleRefused(f"{active} (active) exchanges first: enter that, 0 if none",
                                  R_TWO)
            most = rnd.exchanged[rnd.active]
            if count > most:
                raise RuleRefused(f"{name} may exchange at most {most}: never more than "
                                  f"{active} (active)", R_TWO)
        limit = self.exchange_limit()
        if count > limit:
            why = (f"at most {limit} with {self.count} players" if two
                   else f"the leftover pile has {limit}")
            raise RuleRefused(f"{name} cannot exchange {count} cards: {why}",
                              R_TWO if two else R_EXCHANGE)
        if self.strict:  # the first edition checked neither (companion.editions)
            self._verify_leftover(rnd, name, count)
        if self.strict and self.rules.open_exchange and count and not named:
            raise RuleRefused(f"with two players the exchange is open: name the {count} "
                              f"cards put aside, 'exchange{' CARD' * count}'"
                              if count > 1 else "with two players the exchange is open: name "
                              "the card put aside, 'exchange CARD'", R_TWO)
        self._verify_new_cards(rnd, cards, "in this exchange")
        if not self.rules.potions_exchanged:
            potion = next((c for c in cards if self.deck.is_potion(c)), None)
            if potion is not None:
                raise RuleRefused(f"{potion} is a potion{self.deck.flag('potions')}: with two "
                                  "players potions are never exchanged", R_TWO)

    def _verify_leftover(self, rnd: Round, name: str, count: int) -> None:
        """Cards drawn in exchanges come from what the leftover pile still holds."""
        face_up = table()["variants"]["trickster_face_up"] \
            if rnd.hero.id == "trickster" else 0
        taken = sum(rnd.exchanged.values())
        left = self.leftover() - face_up - taken
        if count <= left or not (face_up or taken):
            return  # the per-player limits above cover a full pile
        text = f"the leftover pile has {self.leftover()}"
        if face_up:
            text += f", less the Trickster's {face_up} face up"
        if taken:
            text += f", less {taken} exchanged"
        raise RuleRefused(f"{name} cannot exchange {plural(count, 'card')}: {text} = {left}",
                          R_TRICKSTER if face_up else R_EXCHANGE)

    def _verify_new_cards(self, rnd: Round, cards: Sequence[TrickyCard], where: str) -> None:
        """Each card once per round: not twice here, not played or put aside before."""
        seen: set[TrickyCard] = set()
        for card in cards:
            if card in seen:
                raise RuleRefused(f"{card} is named twice {where}", R_CARDS)
            seen.add(card)
            played = next((t.number for t in rnd.tricks if card in t.cards), None)
            if played is not None:
                raise RuleRefused(f"{card} was played in trick {played} of this round", R_CARDS)
            if card in rnd.discards:
                raise RuleRefused(f"{card} was put aside in this round's exchange", R_CARDS)

    def _do_predict(self, action: Predict) -> tuple[Action, list[str]]:
        rnd = self._need_round("predict")
        predict = self._verify_predict(rnd, action.prediction)
        rnd.predict = predict
        line = f"{self.players[rnd.active]} predicts {predict} tricks + potions"
        return Predict(predict), [line]

    def _verify_predict(self, rnd: Round, typed: int) -> int:
        if rnd.hero.gold != "prediction":
            raise RuleRefused(f"only the Seer predicts; this round's hero is the "
                              f"{rnd.hero.name}", R_SEER)
        if rnd.predict is not None:
            raise RuleRefused(f"the prediction is made: {rnd.predict}", R_SEER)
        self._before_play(rnd, "the prediction")
        predict = counted(typed, "the prediction")
        most = self.hand + len(self.deck.colours)
        if predict > most:
            raise RuleRefused(f"a prediction of {predict} cannot come true: at most {self.hand} "
                              f"tricks + {len(self.deck.colours)} potions = {most}", R_SEER)
        return predict

    def _need_prediction(self, rnd: Round) -> None:
        if rnd.hero.gold == "prediction" and rnd.predict is None:
            raise RuleRefused("the Seer predicts before play, after any exchange: "
                              "'predict N' (tricks + potions)", R_SEER)

    # -- tricks -----------------------------------------------------------------
    def _do_trick(self, action: Trick) -> tuple[Action, list[str]]:
        rnd = self._need_round("enter a trick")
        leader = rnd.leader
        args = list(action.cards)
        if len(args) > self.count:  # cards named in words: 'green 4 red 5'
            ways = card_groupings(args, lambda text: self.deck.colour_and_number(text)
                                  is not None, self.count)
            args = ways[0] if len(ways) == 1 else args
        if len(args) != self.count:
            order = ", ".join(self.seat_order(leader))
            quote = "; quote a card in words, like 'green 4'" if len(args) > self.count else ""
            raise BadInput(f"a trick is {self.count} cards, one per player, in play order: "
                           f"{order}{quote}")
        cards = tuple(self.deck.parse_all(args))
        self._need_prediction(rnd)
        self._verify_new_cards(rnd, cards, "in this trick")
        # verified: settle the trick
        number = len(rnd.tricks) + 1
        position, reason = trick_winner(cards, self.deck, rnd.trump, rnd.hero.trick)
        winner = (leader + position) % self.count
        rnd.tricks.append(PlayedTrick(number, leader, cards, winner))
        revokes = self._watch_revokes(rnd, number, leader, cards)
        asked = self.deck.colour_name(cards[0].colour)
        plays = ", ".join(f"{player} {card}"
                          for player, card in zip(self.seat_order(leader), cards, strict=True))
        lines = [f"Trick {number} of {self.hand}, {asked} asked: {plays}",
                 f"{self.players[winner]} wins: {reason}"]
        lines += [self._revoke_line(r) for r in revokes]
        if number == self.hand:
            lines += self._finish_round(rnd, self._collected(rnd), "tricks")
        else:
            lines += [self._haul_line(rnd), f"{self.players[winner]} leads trick {number + 1}"]
        return Trick(tuple(map(str, cards))), lines

    def seat_order(self, leader: int) -> list[str]:
        return [self.players[(leader + i) % self.count] for i in range(self.count)]

    def _watch_revokes(self, rnd: Round, number: int, leader: int,
                       cards: Sequence[TrickyCard]) -> list[Revoke]:
        """Flag a player who plays a colour they did not follow earlier this round."""
        asked = cards[0].colour
        found: list[Revoke] = []
        for position, card in enumerate(cards):
            player = (leader + position) % self.count
            missed = rnd.not_followed.setdefault(player, {})
            if card.colour in missed:  # flagged once; a new miss is new evidence
                found.append(Revoke(player, card.colour, missed.pop(card.colour), number, card))
            if position > 0 and card.colour != asked:
                missed.setdefault(asked, number)
        rnd.revokes += found
        return found

    def _revoke_line(self, revoke: Revoke) -> str:
        return (f"Revoke? {self.players[revoke.player]} did not follow "
                f"{self.deck.colour_name(revoke.colour)} in trick {revoke.missed}, "
                f"then played {revoke.card} in trick {revoke.played}")

    def _collected(self, rnd: Round) -> dict[str, int | bool]:
        """What the active player took: tricks, cards of each kind, the last trick."""
        won = [t for t in rnd.tricks if t.winner == rnd.active]
        counts: dict[str, int | bool] = {"tricks": len(won)}
        counts.update(self.deck.counts([card for t in won for card in t.cards]))
        counts["last_trick"] = bool(rnd.tricks) and rnd.tricks[-1].winner == rnd.active
        return counts

    def _haul_line(self, rnd: Round) -> str:
        counts = self._collected(rnd)
        shown = ["tricks", *(c for c in rnd.hero.counts if c not in ("tricks", "last_trick"))]
        haul = ", ".join(plural(int(counts[c]), COUNT_WORDS[c]) for c in shown)
        hero = rnd.hero
        if hero.gold in ("per", "base-minus", "over-minimum"):
            # The gold the haul is worth now, so nobody adds it up at the table; heroes
            # paid on the last trick or a prediction are settled only at the end.
            number = hero_number(hero, self.settings, self.count) if hero.setting else 0
            gold, _ = gold_for_round(hero, counts, number=number)
            haul += f": {gold} gold so far"
        return f"{self.players[rnd.active]} (active): {haul}"

    # -- the end of a round ---------------------------------------------------------
    def _round_gold(self, rnd: Round, counts: Mapping[str, int | bool]) -> tuple[list[int], str]:
        """Each player's gold for the round's haul, and the line explaining the active's."""
        hero = rnd.hero
        number = hero_number(hero, self.settings, self.count) if hero.setting else 0
        note = number_note(hero, self.settings, self.count) if hero.setting else ""
        gold, line = gold_for_round(hero, counts, number=number, note=note,
                                    predict=rnd.predict)
        golds = [0] * self.count
        golds[rnd.active] = gold
        if gold == 0:
            bonus = table()["game"]["no_gold_consolation"]
            for seat in range(self.count):
                if seat != rnd.active:
                    golds[seat] = bonus
        return golds, line

    def _finish_round(self, rnd: Round, counts: dict[str, int | bool], via: str) -> list[str]:
        golds, line = self._round_gold(rnd, counts)
        gold = golds[rnd.active]
        name = self.players[rnd.active]
        lines = [f"Round {rnd.number} over. {line}"]
        if gold == 0:
            bonus = table()["game"]["no_gold_consolation"]
            others = [p for p in range(self.count) if p != rnd.active]
            each = " each" if len(others) > 1 else ""
            lines.append(f"{name} earns no gold: {', '.join(self.players[p] for p in others)} "
                         f"+{bonus}{each}")
        else:
            lines.append(f"{name} +{gold}")
        rnd.counts, rnd.gold, rnd.gold_line, rnd.via = counts, golds, line, via
        if self.finished:  # the final scores follow once, in the summary's table
            lines.append(self._end_line())
        else:
            lines.append("Scores: " + self._scores_text())
        return lines

    def _scores_text(self) -> str:
        return ", ".join(f"{p} {g}" for p, g in zip(self.players, self.totals, strict=True))

    def _winner_text(self, gold: bool = True) -> str:
        winners = self.winners()
        verb = "wins" if len(winners) == 1 else "share the win"
        most = f" with {max(self.totals)} gold" if gold else ""
        return f"{' and '.join(winners)} {verb}{most}"

    def _end_line(self) -> str:
        """Who won, without the gold: the final scores are shown beside it, once."""
        if self.setup.race:
            return f"Race to {self.setup.race} won: {self._winner_text(gold=False)}"
        return f"Game over after {len(self.rounds)} rounds: {self._winner_text(gold=False)}"

    def _do_result(self, action: Result) -> tuple[Action, list[str]]:
        """The fast path: the active player's haul, typed in, gives the gold at once."""
        given = self._result_counts(action)
        rnd = self._need_round("enter a result")
        if rnd.tricks:
            raise RuleRefused(f"{plural(len(rnd.tricks), 'trick')} of this round entered: "
                              "enter the rest, or undo them to use 'result'", R_RESULT)
        missing = next((c for c in rnd.hero.counts if c not in given), None)
        if missing is not None:
            option = "--last-trick or --no-last-trick" if missing == "last_trick" \
                else f"--{missing}"
            raise BadInput(f"the {rnd.hero.name}'s gold needs {option} ({COUNT_HELP[missing]})")
        self._need_prediction(rnd)
        least = self._implied_tricks(given)
        self._verify_haul(given if least is None else {**given, "tricks": least})
        counts: dict[str, int | bool] = dict.fromkeys(COUNTS, 0)
        counts["last_trick"] = False
        counts.update(given)
        if least is not None:
            counts["tricks"] = least
        lines = self._finish_round(rnd, counts, "result")
        if least:  # said after the gold's line, which stays as the hero pays
            lines.insert(1, f"at least {plural(least, 'trick')} won, as the haul implies "
                            f"(rule {R_RESULT_TRICKS})")
        number = {key: int(given[key]) if key in given else None for key in COUNTS}
        last = given.get("last_trick")
        canonical = Result((), number["tricks"], number["potions"], number["spells"],
                           number["goblins"], number["orcs"], number["ogres"],
                           None if last is None else bool(last))
        return canonical, lines

    def _result_counts(self, action: Result) -> dict[str, int | bool]:
        """The counts a result gives, by name: its words are tricks then potions
        (``result 4 1``), the rest come by their options."""
        extra = action.counts[len(RESULT_ORDER):]
        if extra:  # name the options they were probably meant for: what the hero counts
            needed = () if self.current is None else self.current.hero.counts
            free = [key for key in dict.fromkeys((*needed, *COUNTS)) if key in COUNTS
                    and key not in RESULT_ORDER and getattr(action, key) is None]
            meant = " ".join(f"--{key} {number}"
                             for key, number in zip(free, extra, strict=False))
            hint = f": did you mean {meant}?" if len(extra) <= len(free) else ""
            raise BadInput(f"'result' takes at most {len(RESULT_ORDER)} words (tricks, then "
                           f"potions){hint}")
        given: dict[str, int | bool] = {}
        for key, number in zip(RESULT_ORDER, action.counts, strict=False):
            option = getattr(action, key)
            if option is not None:
                raise BadInput(f"{key} given twice: {number} and --{key} {option}")
            given[key] = counted(number, key)
        for key in COUNTS:
            value = getattr(action, key)
            if value is not None:
                given[key] = counted(value, f"--{key}")
        if action.last_trick is not None:
            given["last_trick"] = action.last_trick
        return {key: given[key] for key in (*COUNTS, "last_trick") if key in given}

    def _implied_tricks(self, given: Mapping[str, int | bool]) -> int | None:
        """A haul typed without its trick count (the hero pays for other things): the
        fewest tricks that hold it, 1 at least when the last trick was won
        (tricky.ruling.result-tricks); None when the count is given."""
        if "tricks" in given:
            return None
        cards = sum(int(given.get(key, 0)) for key in COUNTS[1:])
        least = max(-(-cards // self.count), 1 if given.get("last_trick") is True else 0)
        if least > self.hand:
            raise RuleRefused(f"{plural(cards, 'card')} need at least {least} tricks: a round "
                              f"has {self.hand}", R_RESULT)
        return least

    def _verify_haul(self, given: Mapping[str, int | bool]) -> None:
        """Refuse a haul the deck cannot make."""
        most = self.deck.counts(self.deck.cards())
        most["tricks"] = self.hand
        for key in COUNTS:
            if key in given and int(given[key]) > most[key]:
                raise RuleRefused(f"--{key} {given[key]}: a round has at most {most[key]}",
                                  R_RESULT)
        tricks = given.get("tricks")
        if tricks is None:
            return
        tricks = int(tricks)
        cards = sum(int(given.get(k, 0)) for k in COUNTS[1:])
        if cards > tricks * self.count:
            raise RuleRefused(f"{plural(tricks, 'trick')} hold {tricks * self.count} cards, "
                              f"not {cards}", R_RESULT)
        last = given.get("last_trick")
        if last is True and tricks == 0:
            raise RuleRefused("the last trick won with 0 tricks?", R_RESULT)
        if last is False and tricks == self.hand:
            raise RuleRefused(f"all {self.hand} tricks won, so the last one too", R_RESULT)

    # -- what commands show -------------------------------------------------------------
    def _next_hint(self) -> str:
        rnd = self.current
        if rnd is None:
            nxt = self.next_active()
            who = "any player" if nxt is None else self.players[nxt]
            return f"'round HERO' ({who} picks)"
        if rnd.hero.gold == "prediction" and rnd.predict is None:
            if self._exchange_open(rnd):
                return "'exchange' if any, then 'predict N' (the Seer's tricks + potions)"
            return "'predict N' (the Seer's tricks + potions)"
        if not rnd.tricks:
            return f"'trick' from {self.players[rnd.leader]}, or 'result'"
        return f"'trick' from {self.players[rnd.leader]}"

    def sheet(self) -> list[SheetRow]:
        """One row per finished round: active player, hero, trump, gold to each."""
        return [SheetRow(r.number, self.players[r.active], r.hero.name, r.trump.text(self.deck),
                         r.via, dict(zip(self.players, r.gold or (), strict=True)),
                         len(r.revokes))
                for r in self.rounds if r.done]

    def guild_left(self, player: int) -> list[Hero]:
        used = {r.hero for r in self.rounds if r.active == player}
        return [h for h in self.choices if h not in used]

    def status(self) -> TrickyStatus:
        rnd = self.current
        round_json: RoundStatus | None = None
        if rnd is not None:
            round_json = {
                "number": rnd.number, "active": self.players[rnd.active], "hero": rnd.hero.id,
                "trump": rnd.trump.text(self.deck), "predict": rnd.predict,
                "passed": [h.id for h in rnd.passed],
                "exchanged": {self.players[p]: n for p, n in rnd.exchanged.items()},
                "discards": [str(c) for c in rnd.discards],
                "tricks": [{"number": t.number, "leader": self.players[t.leader],
                            "cards": [str(c) for c in t.cards],
                            "winner": self.players[t.winner]} for t in rnd.tricks],
                "leader": self.players[rnd.leader],
                "collected": self._collected(rnd),
                "revokes": [{"player": self.players[r.player],
                             "colour": self.deck.colour_name(r.colour), "missed": r.missed,
                             "played": r.played, "card": str(r.card)} for r in rnd.revokes],
            }
        nxt = self.next_active()
        return {
            "game": KIND,
            "players": self.players,
            "set": self.setup.hero_set,
            "rounds_played": sum(1 for r in self.rounds if r.done),
            "rounds_total": self.rounds_total,
            "race": self.setup.race or None,
            "guild": self.setup.guild,
            "random_heroes": self.setup.random_heroes,
            "tricks_per_round": self.hand,
            "round": round_json,
            "next_active": None if rnd is not None or nxt is None else self.players[nxt],
            "scores": dict(zip(self.players, self.totals, strict=True)),
            "sheet": [{"round": row.round, "active": row.active, "hero": row.hero,
                       "trump": row.trump, "via": row.via, "gold": row.gold,
                       "revokes": row.revokes} for row in self.sheet()],
            "winners": self.winners() if self.finished else [],
            "unverified": sorted(self.deck.unverified),
            "next": None if self.finished else self._next_hint(),
            "outcome": self.outcome,
            "settings": self.settings,
        }

    def status_lines(self, width: int = 40) -> list[str]:
        lines: list[str] = []
        rnd = self.current
        of = f" of {self.rounds_total}" if self.rounds_total else ""
        if self.setup.race:
            lines.append(f"Race to {self.setup.race} gold")
        if self.finished:
            lines.append(self._end_line())
        elif rnd is not None:
            lines.append(f"Round {rnd.number}{of}: {self.players[rnd.active]} plays the "
                         f"{rnd.hero.name}")
            lines.append(self._trump_line(rnd))
            if rnd.predict is not None:
                lines.append(f"Prediction: {rnd.predict}")
            lines.append(f"Trick {len(rnd.tricks) + 1} of {self.hand}: "
                         f"{self.players[rnd.leader]} leads")
            lines.append(self._haul_line(rnd))
            lines += [self._revoke_line(r) for r in rnd.revokes]
        else:
            nxt = self.next_active()
            who = f"{self.players[nxt]} picks" if nxt is not None else "any player starts"
            lines.append(f"Round {len(self.rounds) + 1}{of}: {who}")
            if self.setup.guild and nxt is not None:
                lines.append(f"Heroes left for {self.players[nxt]}: "
                             + ", ".join(h.name for h in self.guild_left(nxt)))
            else:
                lines.append(f"Set {self.setup.hero_set}: "
                             + ", ".join(h.name for h in self.choices))
        lines.append("Scores: " + self._scores_text())
        if not self.finished:
            lines.append(f"Next: {self._next_hint()}")
        if self.deck.unverified:
            lines.append(f"Unverified: {plural(len(self.deck.unverified), 'deck setting')} "
                         "(see 'deck')")
        keep = [hero.name for hero in self.choices]
        return [part for line in lines for part in wrap(line, width, keep=keep)]

    def sheet_lines(self, width: int = 40) -> list[str]:
        """The score sheet: a row per round and the totals (a table if it fits)."""
        rows = self.sheet()
        lines: list[str] = []
        table_lines = self._sheet_table(rows)
        if rows and max(len(line) for line in table_lines) <= width:
            lines += table_lines
        else:
            for row in rows:
                lines += wrap(f"{row.round}. {row.active}: {row.hero}, trump {row.trump}", width,
                              keep=(row.hero,))
                lines += wrap("   " + "  ".join(f"{p} {g}" for p, g in row.gold.items()),
                              width, indent="   ")
        if not rows:
            lines.append("No rounds played yet.")
        lines += wrap("Totals: " + self._scores_text(), width)
        if self.finished:
            lines += wrap(self._end_line(), width)
        else:
            left = self.rounds_total - len(rows) if self.rounds_total else None
            if left is not None:
                lines.append(f"{plural(left, 'round')} to play")
        return lines

    def _sheet_table(self, rows: list[SheetRow]) -> list[str]:
        names = self.players
        active_w = max(6, *(len(p) for p in names))
        hero_w = max(4, *(len(r.hero) for r in rows)) if rows else 4
        trump_w = max(5, *(len(r.trump) for r in rows)) if rows else 5
        gold_w = [max(3, len(p)) for p in names]
        head = (f"{'#':>2} {'Active':<{active_w}} {'Hero':<{hero_w}} {'Trump':<{trump_w}} "
                + " ".join(f"{p:>{w}}" for p, w in zip(names, gold_w, strict=True)))
        lines = [head.rstrip()]
        for row in rows:
            lines.append(
                (f"{row.round:>2} {row.active:<{active_w}} {row.hero:<{hero_w}} "
                 f"{row.trump:<{trump_w}} "
                 + " ".join(f"{row.gold[p]:>{w}}"
                            for p, w in zip(names, gold_w, strict=True))).rstrip())
        return lines

    def state_data(self) -> dict[str, list[tuple[object, ...]]]:
        """The rounds as plain values (``engine_from_data`` reads them back); the rest of
        the game is built from the settings."""
        name = {card: str(card) for card in self.deck.cards()}.__getitem__  # str() per card is slow
        return {"rounds": [rnd.state_data(name) for rnd in self.rounds]}

    def prompt(self) -> str:
        if self.finished:  # the scores are in the ruling's summary, or the status
            return "[finished]"
        scores = " ".join(f"{p} {g}" for p, g in zip(self.players, self.totals, strict=True))
        rnd = self.current
        of = f"/{self.rounds_total}" if self.rounds_total else ""
        if rnd is None:
            return f"R{len(self.rounds) + 1}{of} pick a hero | {scores}"
        return (f"R{rnd.number}{of} {self.players[rnd.active]} {rnd.hero.name} "
                f"T{len(rnd.tricks) + 1}/{self.hand} | {scores}")



# -- the state read back from the caches ----------------------------------------------
# A long game holds hundreds of rounds and thousands of tricks, so every value's type and
# range is checked a column at a time (sets and maps run at C speed) before the rounds are
# built; then the rules are checked round by round, the round still being played settled
# again trick by trick.
PLAYED_HAUL = ("tricks", *(PLURALS[kind] for kind in KINDS), "last_trick")
"""A played-out round's haul, in the order of ``TrickyGame._collected`` (with torches)."""
RESULT_HAUL = (*COUNTS, "last_trick")
"""A typed result's haul, in the order of ``_do_result``."""
HAUL_KEYS = frozenset((*PLAYED_HAUL, *RESULT_HAUL))
VIAS = frozenset(("", "tricks", "result"))
_SEQUENCES = frozenset((list, tuple))
_WHOLE = frozenset((int,))
_WORD = frozenset((str,))
_TABLE = frozenset((dict,))
_TRUMP_PARTS = frozenset((str, int, type(None)))
_FLAG = frozenset((bool,))
_COUNTS = frozenset(range(1000))  # a haul the deck can make is far less
_TRICK_NUMBERS = tuple(range(1, 100))  # more than any hand has
_PLURALS = PLAYED_HAUL[1:-1]


def engine_from_data(settings: Settings, data: object) -> TrickyGame:
    """The game whose ``state_data()`` was ``data``, every value and rule checked;
    ``plain.BadState`` for anything the engine would not have written."""
    game = new_engine(settings)
    rows = plain.record(data, ("rounds",))["rounds"]
    most = game.rounds_total or game.count * game.setup.race  # a round pays >= 1
    if not isinstance(rows, (list, tuple)) or type(rows) not in _SEQUENCES \
            or len(rows) > most:
        raise plain.BadState(f"not {most} rounds or fewer")
    reader = _StateReader(game)
    game.rounds = reader.rounds(rows)
    _check_rounds(game, reader)
    return game


def _records(rows: Collection[object], size: int) -> Sequence[Sequence[object]]:
    """Each row a list or tuple of ``size`` fields."""
    plain.check(not rows or set(map(type, rows)) <= _SEQUENCES, f"not records of {size} fields")
    # each a list or tuple, checked just above (mypy cannot follow the set of types)
    found = cast("Sequence[Sequence[object]]", rows)
    plain.check(not found or set(map(len, found)) == {size}, f"not records of {size} fields")
    return found


def _sequences(values: Collection[object], most: int) -> Sequence[Sequence[object]]:
    """Each value a list or tuple of at most ``most`` items."""
    plain.check(not values or set(map(type, values)) <= _SEQUENCES,
                f"not lists of at most {most} items")
    # each a list or tuple, checked just above (mypy cannot follow the set of types)
    found = cast("Sequence[Sequence[object]]", values)
    plain.check(not found or max(map(len, found)) <= most, f"not lists of at most {most} items")
    return found


def _lists(values: Collection[object], most: int) -> list[object]:
    """Each value a list or tuple of at most ``most`` items; all their items, in order."""
    return list(chain.from_iterable(_sequences(values, most)))


def _tables(values: Collection[object], what: str) -> Sequence[dict[object, object]]:
    """Each value a table (its keys and values checked by the caller)."""
    plain.check(set(map(type, values)) <= _TABLE, what)
    # each a dict, checked just above (mypy cannot follow the set of types)
    return cast("Sequence[dict[object, object]]", values)


def _numbers(values: Collection[object], allowed: frozenset[int]) -> None:
    """Each value a whole number (not a bool, which a set takes for 0 or 1) in ``allowed``."""
    plain.check(set(map(type, values)) <= _WHOLE and allowed.issuperset(values),
                "not whole numbers in range")


def _words(values: Iterable[object], allowed: frozenset[str]) -> None:
    """Each value one of the ``allowed`` words (anything else, a list too, is not in it)."""
    try:
        plain.check(allowed.issuperset(values), "not the expected words")
    except TypeError:  # unhashable
        raise plain.BadState("not the expected words") from None


def _trumps(hero: Hero, deck: Deck) -> dict[tuple[object, ...], Trump]:
    """The trumps a round of ``hero`` can have, by their plain values."""
    if hero.trump == "colour":
        found = [Trump("colour", colour=letter) for letter in deck.letters]
    elif hero.trump == "value":
        found = [Trump("value", value=value) for value in range(deck.low, deck.high + 1)]
    else:
        found = [Trump(hero.trump)]
    return {tuple(trump): trump for trump in found}


class _StateReader:
    """Reads one game's rounds back: every value's type and range, then the rounds built."""

    def __init__(self, game: TrickyGame) -> None:
        self.game = game
        deck = game.deck
        self.card_of = {str(card): card for card in deck.cards()}
        self.card_names = frozenset(self.card_of)
        self.heroes = {hero.id: hero for hero in game.choices}
        self.hero_ids = frozenset(self.heroes)
        # by hero id, looked up with the values read before they are known to be words
        self.trumps: dict[object, dict[tuple[object, ...], Trump]] = {
            hero.id: _trumps(hero, deck) for hero in game.choices}
        self.letters = frozenset(deck.letters)
        self.seats = frozenset(range(game.count))
        self.trick_numbers = frozenset(range(1, game.hand + 1))
        self.kinds = {card: PLURALS[deck.kind(card)] for card in deck.cards()}
        self.most = {**deck.counts(deck.cards()), "tricks": game.hand}  # one round's haul

    def rounds(self, rows: Sequence[object]) -> list[Round]:
        found = _records(rows, len(Round.__slots__))
        if not found:
            return []
        (numbers, actives, heroes, trumps, predicts, passed, exchanged, discards, tricks,
         revokes, not_followed, counts, golds, lines, vias) = zip(*found, strict=True)
        game = self.game
        _numbers(numbers, frozenset(range(1, len(rows) + 1)))
        _numbers(actives, self.seats)
        _words(heroes, self.hero_ids)
        trump_rows = _records(trumps, 3)
        plain.check(set(map(type, chain.from_iterable(trump_rows))) <= _TRUMP_PARTS,
                    "not a trump")
        trump_of = [self.trumps[hero].get(tuple(trump))
                    for hero, trump in zip(heroes, trump_rows, strict=True)]
        plain.check(None not in trump_of, "a trump the hero does not take")
        _numbers([p for p in predicts if p is not None],
                 frozenset(range(game.hand + len(game.deck.colours) + 1)))
        _words(_lists(passed, table()["variants"]["random_passes"]), self.hero_ids)
        exchanges = _sequences(exchanged, game.count)
        pairs = _records(list(chain.from_iterable(exchanges)), 2)
        if pairs:
            seats, taken = zip(*pairs, strict=True)
            _numbers(seats, self.seats)
            _numbers(taken, frozenset(range(game.exchange_limit() + 1)))
        _words(_lists(discards, len(self.card_of)), self.card_names)
        self._tricks(_lists(tricks, game.hand))
        self._revokes(_lists(revokes, game.hand * game.count))
        misses = _sequences(not_followed, game.count)
        missed = _records(list(chain.from_iterable(misses)), 2)
        if missed:
            seats, colours = zip(*missed, strict=True)
            _numbers(seats, self.seats)
            by_colour = _tables(colours, "not colours")
            plain.check(set[object]().union(*by_colour) <= self.letters, "not colours")
            _numbers([n for misses_of in by_colour for n in misses_of.values()],
                     self.trick_numbers)
        hauls = _tables([haul for haul in counts if haul is not None], "not a haul")
        plain.check(set[object]().union(*hauls) <= HAUL_KEYS, "not a haul")
        _numbers([n for haul in hauls for key, n in haul.items() if key != "last_trick"],
                 _COUNTS)
        plain.check({type(haul.get("last_trick", False)) for haul in hauls} <= _FLAG,
                    "the last trick not true or false")
        paid = _records([gold for gold in golds if gold is not None], game.count)
        gold = list(chain.from_iterable(paid))
        plain.check(set(map(type, gold)) <= _WHOLE, "not gold")
        # whole numbers, checked just above (mypy cannot follow the set of types)
        plain.check(min(cast("list[int]", gold), default=0) >= 0, "not gold")
        plain.check(set(map(type, lines)) <= _WORD, "not a line")
        # words, checked just above (mypy cannot follow the set of types)
        plain.check(max(map(len, cast("tuple[str, ...]", lines))) <= plain.MAX_TEXT,
                    "not a line")
        _words(vias, VIAS)
        # every column checked above (mypy cannot follow the sets of types)
        built = list(map(self._round, cast("Sequence[RoundRow]", found), trump_of))
        plain.check([len(rnd.exchanged) for rnd in built] == list(map(len, exchanges)),
                    "a player exchanged twice in a round")
        plain.check([len(rnd.not_followed) for rnd in built] == list(map(len, misses)),
                    "a player's misses given twice in a round")
        return built

    def _tricks(self, tricks: Sequence[object]) -> None:
        found = _records(tricks, 4)
        if found:
            numbers, leaders, played, winners = zip(*found, strict=True)
            _numbers(numbers, self.trick_numbers)
            _numbers(leaders + winners, self.seats)
            _words(chain.from_iterable(_records(played, self.game.count)), self.card_names)

    def _revokes(self, revokes: Sequence[object]) -> None:
        found = _records(revokes, 5)
        if found:
            players, colours, missed, played, cards = zip(*found, strict=True)
            _numbers(players, self.seats)
            _words(colours, self.letters)
            _numbers(missed + played, self.trick_numbers)
            _words(cards, self.card_names)

    def _round(self, row: RoundRow, trump: Trump | None) -> Round:
        """A round from values already checked."""
        (number, active, hero_id, _, predict, passed, exchanged, discards, tricks, revokes,
         not_followed, counts, gold, gold_line, via) = row
        card = self.card_of.__getitem__
        hero = self.heroes.__getitem__
        assert trump is not None  # checked with the column
        rnd = Round(number, active, hero(hero_id), trump, predict, tuple(map(hero, passed)))
        rnd.exchanged = dict(exchanged)
        rnd.discards = list(map(card, discards))
        rnd.tricks = [PlayedTrick(number, leader, tuple(map(card, cards)), winner)
                      for number, leader, cards, winner in tricks]
        rnd.revokes = [Revoke(player, colour, missed, played, card(name))
                       for player, colour, missed, played, name in revokes]
        rnd.not_followed = {seat: dict(missed) for seat, missed in not_followed}
        rnd.counts = None if counts is None else dict(counts)
        rnd.gold = None if gold is None else list(gold)
        rnd.gold_line = gold_line
        rnd.via = via
        return rnd


def _rule(condition: bool, rnd: Round, what: str) -> None:
    """A rule each round keeps (the message is made only when it is broken)."""
    if not condition:
        raise plain.BadState(f"round {rnd.number}: {what}")


def _check_rounds(game: TrickyGame, reader: _StateReader) -> None:
    """The rules every state the engine reaches keeps."""
    rounds = game.rounds
    if not rounds:
        return
    race = game.setup.race
    plain.check(bool(race) or len(rounds) <= (game.rounds_total or 0),
                "more rounds than the game has")
    plain.check([rnd.number for rnd in rounds] == list(range(1, len(rounds) + 1)),
                "rounds not numbered in order")
    first = rounds[0].active
    plain.check([rnd.active for rnd in rounds]
                == [(first + number) % game.count for number in range(len(rounds))],
                "the active player not going round clockwise")
    plain.check(all(rnd.done for rnd in rounds[:-1]), "a round unfinished before the last")
    if race and len(rounds) > 1:
        paid = [rnd.gold or [] for rnd in rounds[:-1]]
        totals = [sum(gold) for gold in zip(*paid, strict=True)]
        plain.check(max(totals) < race, "a round played after the race was won")
    if game.setup.guild:
        plain.check(len({(rnd.active, rnd.hero) for rnd in rounds}) == len(rounds),
                    "a hero played twice by one player in the Adventurers Guild")
    for rnd in rounds:
        _check_start(game, rnd)
        _check_exchanges(game, rnd)
        _check_tricks(game, rnd)
        _check_end(game, rnd, reader)


def _check_start(game: TrickyGame, rnd: Round) -> None:
    """Heroes passed on only in the Random Dungeon, each once; the Seer's prediction."""
    if rnd.passed:
        _rule(game.setup.random_heroes, rnd, "a hero passed on")
        _rule(rnd.hero not in rnd.passed and len(set(rnd.passed)) == len(rnd.passed), rnd,
              "a hero turned up twice")
    if rnd.hero.gold == "prediction":
        _rule(rnd.predict is not None or not (rnd.tricks or rnd.done), rnd,
              "the Seer played without a prediction")
    else:
        _rule(rnd.predict is None, rnd, "only the Seer predicts")


def _check_exchanges(game: TrickyGame, rnd: Round) -> None:
    """Who exchanged how many, what was put aside, and the leftover pile never overdrawn."""
    if not rnd.exchanged:
        _rule(not rnd.discards, rnd, "cards put aside without an exchange")
        return
    for seat, count in rnd.exchanged.items():
        if seat != rnd.active:  # two players: the other one after the active, no more
            _rule(game.rules.others_exchange, rnd, "not the active player exchanged")
            _rule(next(iter(rnd.exchanged)) == rnd.active and count <= rnd.exchanged[rnd.active],
                  rnd, "the other player exchanged before or more than the active one")
    taken = sum(rnd.exchanged.values())
    _rule(len(rnd.discards) <= taken, rnd, "more cards put aside than exchanged")
    if not game.rules.potions_exchanged:
        _rule(not any(map(game.deck.is_potion, rnd.discards)), rnd, "a potion put aside")
    if not game.strict:  # the first edition checked neither (companion.editions)
        return
    if game.rules.open_exchange:
        _rule(len(rnd.discards) == taken, rnd, "an open exchange's cards unnamed")
    face_up = table()["variants"]["trickster_face_up"] \
        if rnd.hero.id == "trickster" else 0
    before = 0
    for count in rnd.exchanged.values():  # as _verify_leftover checks each exchange
        _rule(not (face_up or before) or count <= game.leftover() - face_up - before, rnd,
              "more cards exchanged than the leftover pile holds")
        before += count


def _check_tricks(game: TrickyGame, rnd: Round) -> None:
    """Each card once a round; each trick numbered in turn and led by the last one's winner.
    The round being played is settled again (winners, revokes, colours not followed: what
    it plays on with); a finished round's revokes name cards played."""
    tricks = rnd.tricks
    if not tricks:
        _rule(not rnd.revokes and not rnd.not_followed, rnd, "a revoke before any trick")
        _rule(len(set(rnd.discards)) == len(rnd.discards), rnd, "a card put aside twice")
        return
    numbers, leaders, played, winners = zip(*tricks, strict=True)
    _rule(numbers == _TRICK_NUMBERS[:len(tricks)] and leaders[0] == rnd.active
          and leaders[1:] == winners[:-1], rnd, "a trick out of turn")
    cards = set(chain.from_iterable(played))
    cards.update(rnd.discards)
    _rule(len(cards) == len(tricks) * game.count + len(rnd.discards), rnd, "a card held twice")
    if rnd.done:
        for revoke in rnd.revokes:
            trick = tricks[revoke.played - 1] if revoke.played <= len(tricks) else None
            _rule(trick is not None and revoke.missed < revoke.played
                  and trick.cards[(revoke.player - trick.leader) % game.count] == revoke.card
                  and revoke.card.colour == revoke.colour, rnd, "a revoke of a card not played")
        return  # all its tricks played (or none, checked above): its misses are in range
    watched = Round(rnd.number, rnd.active, rnd.hero, rnd.trump)
    for trick in tricks:
        position, _ = trick_winner(trick.cards, game.deck, rnd.trump, rnd.hero.trick)
        _rule(trick.winner == (trick.leader + position) % game.count, rnd,
              "a trick won by the wrong player")
        game._watch_revokes(watched, trick.number, trick.leader, trick.cards)
    _rule(rnd.revokes == watched.revokes, rnd, "revokes not as the tricks give them")
    _rule([(seat, list(missed.items())) for seat, missed in rnd.not_followed.items()]
          == [(seat, list(missed.items())) for seat, missed in watched.not_followed.items()],
          rnd, "colours not followed not as the tricks give them")


def _check_end(game: TrickyGame, rnd: Round, reader: _StateReader) -> None:
    """A round ends with all its tricks or a typed result, paid as its hero pays."""
    counts = rnd.counts
    if rnd.gold is None or counts is None:
        _rule(rnd.gold is None and counts is None and rnd.via == "" and rnd.gold_line == ""
              and len(rnd.tricks) < game.hand, rnd, "half finished")
        return
    _rule(rnd.via != "", rnd, "half finished")
    if rnd.via == "tricks":
        _rule(len(rnd.tricks) == game.hand and tuple(counts) == PLAYED_HAUL
              and list(counts.values()) == _haul(rnd, reader.kinds), rnd,
              "the haul is not what the tricks hold")
    else:
        _rule(not rnd.tricks and tuple(counts) == RESULT_HAUL
              and all(number <= reader.most[key] for key, number in counts.items()
                      if key != "last_trick"), rnd, "not a result the deck can make")
    golds, line = game._round_gold(rnd, counts)
    _rule(rnd.gold == golds and rnd.gold_line == line, rnd, "gold not as the hero pays")


def _haul(rnd: Round, kinds: Mapping[TrickyCard, str]) -> list[int | bool]:
    """The values of ``TrickyGame._collected`` (keys ``PLAYED_HAUL``) for a played-out
    round, each card's kind looked up once per state (``Deck.kind`` reads the tables for
    every card: slow over a long game)."""
    won = [trick.cards for trick in rnd.tricks if trick.winner == rnd.active]
    found = list(map(kinds.__getitem__, chain.from_iterable(won)))
    return [len(won), *map(found.count, _PLURALS), rnd.tricks[-1].winner == rnd.active]
