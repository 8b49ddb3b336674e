"""Tricky Dungeon's state records: the table's rules, the rounds, their tricks, and who
wins a trick (``trick_winner``: trumps, the asked colour, stars, the Nymph's and Fairy
Scout's turns), a pure function of the cards, the deck and the round's trump.

A round is the one place its cards change place: ``Round.put_aside`` for an
exchange's cards, ``Round.play`` for a trick's; both take cards checked new to
the round (``companion.tricky.play`` checks first). Its gold is set once, by
``Round.settle``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.tricky.cards import Deck, Settings, TrickyCard, table
from companion.tricky.heroes import Hero, gold_for_round, hero_number, number_note
from companion.values import Record, Value

Haul = dict[str, int | bool]
"""What the active player collected: tricks, cards of each kind, the last trick."""


class TableRules(Value):
    """What the number of players changes (``[players.N]`` of the tables)."""

    hand: int
    rounds_per_player: int
    pair: int  # which of a hero's two numbers: 0 with 2-3 players, 1 with 4
    others_exchange: bool  # two players: the other one exchanges too
    exchange_max: int | None = None  # the most one player exchanges, if not the leftover pile
    potions_exchanged: bool = True
    open_exchange: bool = False  # the cards put aside are named


class Setup(Value):
    """What a game was started with, typed: read once from its normalised settings."""

    hero_set: str  # A, B, C or all
    rounds_per_player: int  # 0 in a race
    race: int  # the gold to reach; 0 when the game is played for its rounds
    guild: bool
    random_heroes: bool


# -- the round ----------------------------------------------------------------------
class PlayedTrick(Value):
    number: int
    leader: int
    cards: tuple[TrickyCard, ...]
    winner: int


class Revoke(Value):
    """A player who did not follow ``colour`` in trick ``missed`` played it in ``played``."""

    player: int
    colour: str
    missed: int
    played: int
    card: TrickyCard


# -- the trump and who wins a trick ------------------------------------------------
SYMBOLS = {"spells": "spell", "potions": "potion", "torches": "torch"}
"""Trumps that are a kind of card rather than a chosen colour or value."""


class Trump(Value):
    """What is trump this round: ``none``, a ``colour`` (letter), a ``value``,
    or the ``spells``, ``potions`` or ``torches``."""

    kind: str = "none"
    colour: str | None = None
    value: int | None = None

    def covers(self, card: TrickyCard, deck: Deck) -> bool:
        if self.kind == "colour":
            return card.colour == self.colour
        if self.kind == "value":
            return card.value == self.value
        if self.kind in SYMBOLS:
            return deck.kind(card) == SYMBOLS[self.kind]
        return False

    def text(self, deck: Deck) -> str:
        """``red``, ``5s``, ``spells``, ``potions``, ``torches`` or ``none``."""
        if self.kind == "colour" and self.colour is not None:
            return deck.colour_name(self.colour)
        if self.kind == "value":
            return f"{self.value}s"
        return self.kind

    def option(self) -> str | None:
        """The ``--trump`` word of the action, if the hero takes one."""
        if self.kind == "colour":
            return self.colour
        if self.kind == "value":
            return str(self.value)
        return None


def trick_winner(cards: Sequence[TrickyCard], deck: Deck, trump: Trump,
                 order: str = "highest") -> tuple[int, str]:
    """The winning position in ``cards`` (play order, leader first) and why.

    A trump beats every other card; among trumps the highest value wins and
    equal values go to the colour with more stars. Without a trump the asked
    colour decides: highest, or ``lowest`` (Nymph), or ``second-highest``
    (Fairy Scout; a lone card of the asked colour still wins).
    """
    trumps = [i for i, card in enumerate(cards) if trump.covers(card, deck)]
    if trumps:
        what = trump.text(deck)
        if len(trumps) == 1:
            return trumps[0], f"{cards[trumps[0]]} is the only trump ({what})"
        best = max(trumps, key=lambda i: (cards[i].value, deck.stars_of(cards[i])))
        tied = [i for i in trumps if cards[i].value == cards[best].value]
        if len(tied) == 1:
            return best, f"{cards[best]} is the highest trump ({what})"
        stars = ", ".join(f"{cards[i]} {deck.stars_of(cards[i])}" for i in tied)
        return best, (f"trumps tie on {cards[best].value} ({what}): {cards[best]} has the "
                      f"most stars ({stars}){deck.flag('stars')}")
    asked = cards[0].colour
    colour = deck.colour_name(asked)
    following = sorted((i for i, card in enumerate(cards) if card.colour == asked),
                       key=lambda i: cards[i].value, reverse=True)
    if order == "lowest":
        return following[-1], f"Nymph: the lowest {colour} wins, {cards[following[-1]]}"
    if order == "second-highest":
        if len(following) == 1:
            return following[0], f"Fairy Scout: {cards[following[0]]} is the only {colour}"
        second = following[1]
        return second, (f"Fairy Scout: the second highest {colour} wins, {cards[second]} "
                        f"({cards[following[0]]} is highest)")
    return following[0], f"the highest {colour} wins, {cards[following[0]]}"


class Round(Record):
    __slots__ = ("number", "active", "hero", "trump", "predict", "passed", "exchanged",
                 "discards", "tricks", "revokes", "not_followed", "counts", "gold", "via")

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
        self.counts: Haul | None = None
        self.gold: list[int] | None = None
        self.via = ""

    @property
    def done(self) -> bool:
        return self.gold is not None

    @property
    def leader(self) -> int:
        return self.tricks[-1].winner if self.tricks else self.active

    # -- the changes: each checked before it is made ------------------------------
    def put_aside(self, player: int, count: int, cards: Sequence[TrickyCard]) -> None:
        """An exchange: ``count`` cards from the leftover pile, ``cards`` (if named) out."""
        self.exchanged[player] = count
        self.discards.extend(cards)

    def play(self, trick: PlayedTrick, players: int) -> list[Revoke]:
        """A trick's cards played, and the revokes it shows: a player who plays a colour
        they did not follow earlier this round is flagged (once; a new miss is new
        evidence)."""
        self.tricks.append(trick)
        asked = trick.cards[0].colour
        found: list[Revoke] = []
        for position, card in enumerate(trick.cards):
            player = (trick.leader + position) % players
            missed = self.not_followed.setdefault(player, {})
            if card.colour in missed:
                found.append(Revoke(player, card.colour, missed.pop(card.colour),
                                    trick.number, card))
            if position > 0 and card.colour != asked:
                missed.setdefault(asked, trick.number)
        self.revokes += found
        return found

    def golds(self, settings: Settings, players: int,
              counts: Mapping[str, int | bool]) -> tuple[list[int], str]:
        """Each player's gold for the haul ``counts``, and the line explaining the
        active player's: what the hero pays, or the consolation to every other player."""
        gold, line = gold_for_round(self.hero, counts,
                                    number=hero_number(self.hero, settings, players),
                                    note=number_note(self.hero, settings, players),
                                    predict=self.predict)
        bonus = table()["game"]["no_gold_consolation"] if gold == 0 else 0
        return [gold if seat == self.active else bonus for seat in range(players)], line

    def settle(self, counts: Haul, golds: list[int], via: str) -> None:
        """The round's end: its haul and each player's gold, set once."""
        self.counts, self.gold, self.via = counts, golds, via

    def collected(self, deck: Deck) -> Haul:
        """What the active player took: tricks, cards of each kind, the last trick."""
        won = [t for t in self.tricks if t.winner == self.active]
        return {"tricks": len(won), **deck.counts([card for t in won for card in t.cards]),
                "last_trick": bool(self.tricks) and self.tricks[-1].winner == self.active}
