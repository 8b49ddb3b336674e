"""Half Deck: the records a game is made of (a hero, its gear, the encounter) and the
places its cards move between (``HalfDeckGame.move``, ``move_red``)."""

from __future__ import annotations

from companion.halfdeck.cards import LETTER, STRENGTH, CardInfo
from companion.halfdeck.grammar import Action
from companion.values import Record, Value

Done = tuple[Action, list[str]]
"""What a verb's change returns: the canonical action the save keeps, and the ruling."""


# -- the records ----------------------------------------------------------------
class Gear(Value):
    """A gear card a hero carries (a value: it is put on, used up or discarded whole)."""

    name: str
    attribute: str
    bonus: int
    one_use: bool = False
    standby: bool = False

    def text(self) -> str:
        what = f"{self.name} {LETTER[self.attribute]}+{self.bonus}"
        if self.standby:
            return what + " (one use, standby)"
        return what + (" (one use)" if self.one_use else "")


class Hero(Record):
    __slots__ = ("name", "strength", "magic", "player", "life", "gear")

    def __init__(self, name: str, strength: int, magic: int, player: int, life: int,
                 gear: Gear | None = None) -> None:
        self.name = name
        self.strength = strength
        self.magic = magic
        self.player = player
        self.life = life
        self.gear = gear

    def attribute(self, which: str) -> int:
        return self.strength if which == STRENGTH else self.magic


class Encounter(Record):
    """The dungeon card being resolved: its life, who drew it, the rolls against it."""

    __slots__ = ("card", "life", "player", "rolls")

    def __init__(self, card: CardInfo, life: int, player: int, rolls: int = 0) -> None:
        self.card = card
        self.life = life
        self.player = player
        self.rolls = rolls

    @property
    def kind(self) -> str:
        return self.card.kind

    def title(self) -> str:
        return f"{self.card.name} {LETTER[self.attribute]}{self.card.number}"

    @property
    def attribute(self) -> str:
        attribute = self.card.attribute
        assert attribute is not None
        return attribute


class Roll(Value):
    """One hero's part in a roll."""

    hero: Hero
    die: int


# -- where a hero card is ---------------------------------------------------------------
DECK, DISCARD, REMOVED, HAND, PLAY, GEAR, DUNGEON = (
    "deck", "discard", "removed", "hand", "play", "gear", "dungeon")
# Where a hero card is, whose hand, the hero, its gear (a plain tuple: moves are many).
Place = tuple[str, int, "Hero | None", "Gear | None"]

THE_DECK: Place = (DECK, 0, None, None)
THE_DISCARD: Place = (DISCARD, 0, None, None)
THE_REMOVED: Place = (REMOVED, 0, None, None)
THE_DUNGEON: Place = (DUNGEON, 0, None, None)


def hand_of(player: int) -> Place:
    return HAND, player, None, None


def in_play(hero: Hero) -> Place:
    return PLAY, hero.player, hero, None


def worn(hero: Hero, gear: Gear) -> Place:
    return GEAR, hero.player, hero, gear


# Dungeon cards: counted in the deck, the discard pile, removed; met as the encounter;
# or gone with the game (an endgame card, an enemy left when the party falls).
RED_DECK, RED_DISCARD, RED_REMOVED, RED_MET, RED_GONE = (
    "red deck", "red discard", "red removed", "met", "gone")
RED_COUNTS = {RED_DECK: "dungeon_deck", RED_DISCARD: "dungeon_discard",
              RED_REMOVED: "dungeon_removed"}
