"""Who wins a trick: trumps, the asked colour, stars, and the Nymph's and Fairy Scout's turns.

Pure functions of the cards played, the deck and the round's trump; the engine
maps the winning position back to a player.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.tricky.cards import Deck, TrickyCard
from companion.values import Value

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
