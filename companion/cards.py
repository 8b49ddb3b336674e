"""Standard playing cards and jokers as small immutable values.

``Card.parse`` accepts what players type (``10h``, ``Th``, ``♥10``, ``queen of
spades``, ``joker``); ``str(card)`` is always the canonical text (``10H``,
``QS``, ``JK``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from companion.errors import NotationError
from companion.numbers import whole_or_none
from companion.values import Value

RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: Final = ("S", "H", "D", "C")
SUIT_NAMES: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES: Final = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
JOKER_RANK: Final = 0

CARD_FORMS: Final = "expected rank+suit like 10H, QS, AD, or JK"

_SYMBOL_TO_SUIT = dict(zip("♠♤♥♡♦♢♣♧", "SSHHDDCC", strict=True))
_WORD_RANKS = {
    "ace": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "jack": 11, "knave": 11,
    "queen": 12, "king": 13,
}
_LETTER_RANKS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
_SUIT_WORDS = {word: suit for suit, name in SUIT_NAMES.items() for word in (name, name[:-1])}
_COMPACT = re.compile(r"(10|[2-9]|[ATJQK])([SHDC])|([SHDC])(10|[2-9]|[ATJQK])")
_WORDS = re.compile(r"([a-z]+|10|[2-9])\s+of\s+([a-z]+)")


class Card(Value, as_tuple=True):
    """One card: ``rank`` 1 (ace) to 13 (king) with a suit, or rank 0 for a joker.

    A value: immutable, hashable and ordered by rank, then suit.
    """

    __slots__ = ()
    rank: int
    suit: str | None = None

    def __new__(cls, rank: int, suit: str | None = None) -> Card:
        if rank == JOKER_RANK:
            if suit is not None:
                raise NotationError("a joker has no suit")
        elif not (1 <= rank <= 13) or suit not in SUITS:
            raise NotationError(f"no such card: rank {rank!r}, suit {suit!r}")
        return tuple.__new__(cls, (rank, suit))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card as a player types it; raise NotationError quoting the token."""
        card = CARD_OF.get(text) or _parse(text)
        if card is None:
            raise NotationError(f"{text.strip()!r} is not a card: {CARD_FORMS}")
        return card

    @classmethod
    def joker(cls) -> Card:
        return cls(JOKER_RANK)

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def is_red(self) -> bool:
        return self.suit in ("H", "D")

    @property
    def is_black(self) -> bool:
        return self.suit in ("S", "C")

    @property
    def is_pip(self) -> bool:
        """2 to 10."""
        return 2 <= self.rank <= 10

    def name(self) -> str:
        """``queen of spades``, ``10 of hearts``, ``joker``."""
        if self.is_joker:
            return "joker"
        assert self.suit is not None
        rank = RANK_NAMES.get(self.rank, str(self.rank))
        return f"{rank} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        if self.suit is None:  # a joker, the one card without a suit
            return "JK"
        return f"{RANKS[self.rank - 1]}{self.suit}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def _parse(text: str) -> Card | None:
    raw = text.strip()
    if not raw or len(raw) > 40:
        return None
    lowered = " ".join(raw.lower().split())
    if lowered in ("jk", "joker", "jo", "jkr"):
        return Card(JOKER_RANK)
    words = _WORDS.fullmatch(lowered)
    if words:
        rank_word, suit_word = words.groups()
        rank = _WORD_RANKS.get(rank_word) or whole_or_none(rank_word)
        suit = _SUIT_WORDS.get(suit_word)
        if rank is None or suit is None:
            return None
        return Card(rank, suit)
    # Symbols become letters so that "♥10", "10♥" and "10 ♥" read as "10H".
    compact = "".join(_SYMBOL_TO_SUIT.get(ch, ch) for ch in raw if not ch.isspace())
    match = _COMPACT.fullmatch(compact.upper()) if compact.isascii() else None
    if not match:
        return None
    rank_text, suit = (match.group(1), match.group(2)) if match.group(1) else (
        match.group(4), match.group(3))
    rank = _LETTER_RANKS.get(rank_text) or whole_or_none(rank_text)
    return Card(rank, suit) if rank is not None else None


def full_deck(jokers: int = 0) -> list[Card]:
    """One 52-card deck plus ``jokers`` jokers, in a fixed order."""
    cards = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
    return cards + [Card(JOKER_RANK)] * jokers


# Each card's own words (``str(card)``) to the card: the words a save keeps, read by one
# dict lookup.
CARD_OF: Final = {str(card): card for card in (*full_deck(), Card(JOKER_RANK))}
CARD_TEXTS: Final = frozenset(CARD_OF)

# Words that only make sense inside a card's name: left alone, they mean a name was split.
_NAME_WORDS = {*_WORD_RANKS, *_SUIT_WORDS, "of"}


def join_card_names(tokens: list[str]) -> list[str]:
    """Typed words with each card name of several words made one: ``queen of diamonds``.

    Other words pass unchanged. A name word left alone (``queen diamonds``) is
    refused with a hint, rather than read as something else.
    """
    typed = " ".join(tokens)
    if typed.isascii() and _NAME_WORDS.isdisjoint(typed.lower().split()):
        return tokens
    joined: list[str] = []
    at = 0
    while at < len(tokens):
        for size in (3, 2):
            words = " ".join(tokens[at:at + size])
            if at + size <= len(tokens) and _parse(tokens[at]) is None and _parse(words):
                joined.append(words)
                at += size
                break
        else:
            if tokens[at].lower() in _NAME_WORDS:
                raise NotationError(
                    f"{' '.join(tokens[at:at + 3])!r} is not a card: name one as 'queen of "
                    "diamonds' (quoted if it is misread) or QD")
            joined.append(tokens[at])
            at += 1
    return joined


def card_groupings(tokens: list[str], reads: Callable[[str], bool], count: int,
                   most: int = 2) -> list[list[str]]:
    """The ways (at most two) to group ``tokens`` into ``count`` cards of 1..most words.

    Callers use a grouping only when it is the one way: two mean the words are
    ambiguous and are left as typed.
    """
    found: list[list[str]] = []

    def walk(at: int, done: list[str]) -> None:
        if len(found) > 1 or len(done) > count:
            return
        if at == len(tokens):
            if len(done) == count:
                found.append(done)
            return
        for size in range(1, most + 1):
            words = " ".join(tokens[at:at + size])
            if at + size <= len(tokens) and reads(words):
                walk(at + size, [*done, words])

    walk(0, [])
    return found
