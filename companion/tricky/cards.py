"""Tricky Dungeon cards: 4 colours x values 0-7, with stars and one potion per colour.

Which card is a potion and how many stars a colour has were lost with the
rulebook's icons, so a ``Deck`` is built from settings (defaults in
``rulebook/tricky.tables.toml``). ``Deck.parse`` reads what players type
(``G4``, ``r0``, ``4G``, ``green 4``); ``str(card)`` is the canonical ``G4``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Final, cast

from companion import text as printed
from companion.errors import BadInput, NotationError
from companion.numbers import whole_or_none
from companion.resources import tables
from companion.values import Value

KINDS: Final = ("potion", "torch", "goblin", "spell", "orc", "ogre")
PLURALS: Final = {"potion": "potions", "torch": "torches", "goblin": "goblins",
                  "spell": "spells", "orc": "orcs", "ogre": "ogres", "trick": "tricks"}
NUMBER_WORDS: Final = ("zero", "one", "two", "three", "four", "five", "six", "seven")
DECK_ITEMS: Final = ("colours", "stars", "potions", "thief_base", "trickster_base",
                     "barbarian_minimum", "sorcerer_minimum", "knight_minimum")
"""The deck settings saved per installation and copied into each game."""
HERO_NUMBERS: Final = DECK_ITEMS[3:]

# Patterns as text: ``re`` compiles each on its first use, not at import.
_NAME = r"[a-z]{2,12}"
_VALUE = r"[0-9]|" + "|".join(NUMBER_WORDS)
_COLOUR_FIRST = rf"([a-z]+)[ -]?({_VALUE})"
_VALUE_FIRST = rf"({_VALUE})[ -]?([a-z]+)"

if TYPE_CHECKING:
    from typing import NotRequired, TypedDict

    class DeckTable(TypedDict):
        """``[deck]``: the cards' colours and values, and the defaults of the settings."""

        colours: list[str]
        low: int
        high: int
        stars: list[int]
        potions: list[int]
        potion_values: list[int]
        unverified: list[str]

    class PlayersRow(TypedDict):
        """``[players.N]``: what the number of players changes."""

        hand: int
        rounds_per_player: int
        pair: int
        exchange_max: NotRequired[int]
        others_exchange: bool
        potions_exchanged: NotRequired[bool]
        open_exchange: NotRequired[bool]

    class GameTable(TypedDict):
        deck_size: int
        min_players: int
        max_players: int
        no_gold_consolation: int
        max_rounds_per_player: int

    class VariantsTable(TypedDict):
        race_gold: int
        guild_rounds_per_player: int
        random_passes: int
        trickster_face_up: int

    class HeroRow(TypedDict):
        """``[heroes.ID]``: one hero's rules."""

        name: str
        aliases: NotRequired[list[str]]
        trump: str
        chooser: NotRequired[str]
        trick: NotRequired[str]
        gold: str
        counts: list[str]
        each: NotRequired[int]
        reward: NotRequired[int]
        base: NotRequired[list[int]]
        minimum: NotRequired[list[int]]
        setting: NotRequired[str]
        note: NotRequired[str]

    class TrickyTables(TypedDict):
        """``rulebook/tricky.tables.toml`` as the code reads it."""

        deck: DeckTable
        kinds: dict[str, list[int]]  # torch to ogre: the values of each kind
        assumed_kinds: list[str]  # ``[kinds] assumed``: kinds whose values are a ruling
        players: dict[str, PlayersRow]  # by the number of players, "2" to "4"
        game: GameTable
        variants: VariantsTable
        sets: dict[str, list[str]]  # A, B, C: hero ids; ``inferred``: set letters
        heroes: dict[str, HeroRow]  # by id, in the rulebook's order
        sections: dict[str, str]


@cache
def table() -> TrickyTables:
    """The rulebook's tables as shipped (as trusted as the code: a test checks each
    value's type), the kinds whose values are a ruling set apart from the kinds."""
    data = tables("tricky")
    kinds = {kind: data["kinds"][kind] for kind in KINDS[1:]}
    return cast("TrickyTables", {**data, "kinds": kinds,
                                 "assumed_kinds": data["kinds"].get("assumed", [])})


Settings = Mapping[str, object]
"""A game's settings (or the deck's) as the store keeps them, normalised; read through
``words_in`` and ``numbers_in``, which give them their types."""


def words_in(settings: Settings, key: str) -> tuple[str, ...]:
    """A list of words of the settings (``colours``, ``unverified``; none when missing)."""
    value = settings.get(key, ())
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise BadInput(f"{key}: expected a list of words")
    return tuple(map(str, value))


def numbers_in(settings: Settings, key: str) -> tuple[int, ...]:
    """A list of whole numbers of the settings (``stars``, ``thief_base``)."""
    value = settings[key]
    if not isinstance(value, list | tuple) or not all(isinstance(v, int) for v in value):
        raise BadInput(f"{key}: expected a list of whole numbers")
    return tuple(map(int, value))


def wrap(text: str, width: int, indent: str = "  ", keep: Iterable[str] = ()) -> list[str]:
    """``text`` cut for a screen of 20 columns at least as the CLI cuts it
    (``companion.text.wrap``: never inside a change, a name and its number or a
    hyphenated name), its trailing spaces dropped. The names in ``keep``
    (``Fairy Scout``) are not split."""
    return printed.wrap(text.rstrip(" "), max(20, width), indent, keep=keep, printed=True)


class TrickyCard(Value, as_tuple=True):
    """One card: a colour letter (``R``) and a value (0-7)."""

    colour: str
    value: int

    def __str__(self) -> str:
        return f"{self.colour}{self.value}"


class Deck(Value):
    """The deck as these players have it: colour names, stars and potions per colour."""

    colours: tuple[str, ...]
    stars: tuple[int, ...]
    potions: tuple[int, ...]
    unverified: frozenset[str] = frozenset()

    @classmethod
    def from_settings(cls, settings: Settings) -> Deck:
        return cls(words_in(settings, "colours"), numbers_in(settings, "stars"),
                   numbers_in(settings, "potions"), frozenset(words_in(settings, "unverified")))

    @property
    def letters(self) -> tuple[str, ...]:
        return _initials(self.colours)

    @property
    def low(self) -> int:
        return table()["deck"]["low"]

    @property
    def high(self) -> int:
        return table()["deck"]["high"]

    def cards(self) -> list[TrickyCard]:
        return [TrickyCard(letter, value) for letter in self.letters
                for value in range(self.low, self.high + 1)]

    # -- reading -------------------------------------------------------------
    def colour_letter(self, text: str) -> str | None:
        """``r``, ``R`` or ``red`` to ``R``; None if it names no colour."""
        word = text.strip().lower()
        for letter, name in zip(self.letters, self.colours, strict=True):
            if word in (letter.lower(), name):
                return letter
        return None

    def parse_colour(self, text: str) -> str:
        letter = self.colour_letter(text) if text.isascii() else None
        if letter is None:
            raise NotationError(f"{text.strip()!r} is not a colour: expected one of "
                                f"{', '.join(self.colours)} (or its first letter)")
        return letter

    def parse(self, text: str) -> TrickyCard:
        """Read a card as a player types it; raise NotationError quoting the token."""
        card = _card(self, text)
        if card is None:
            raise NotationError(f"{text.strip()!r} is not a card: expected a colour and a "
                                f"value {self.low}-{self.high} like G4, r0, 4G or 'green 4' "
                                f"(colours: {', '.join(self.colours)})")
        return card

    def colour_and_number(self, text: str) -> tuple[str, int] | None:
        """A colour and a one-digit number in any card form (``R1``, ``1r``, ``red one``)."""
        raw = " ".join(text.split()).lower()
        if not raw or len(raw) > 30 or not raw.isascii():
            return None
        for pattern, colour_at in ((_COLOUR_FIRST, 1), (_VALUE_FIRST, 2)):
            match = re.fullmatch(pattern, raw)
            if match is None:
                continue
            letter = self.colour_letter(match.group(colour_at))
            number = match.group(3 - colour_at)
            if letter is not None:
                value = (NUMBER_WORDS.index(number) if number in NUMBER_WORDS
                         else whole_or_none(number))
                if value is not None:
                    return letter, value
        return None

    # -- what a card is ----------------------------------------------------------
    def colour_name(self, letter: str) -> str:
        return self.colours[self.letters.index(letter)]

    def stars_of(self, card: TrickyCard) -> int:
        return self.stars[self.letters.index(card.colour)]

    def is_potion(self, card: TrickyCard) -> bool:
        return self.potions[self.letters.index(card.colour)] == card.value

    def potion_cards(self) -> list[TrickyCard]:
        return [TrickyCard(letter, value)
                for letter, value in zip(self.letters, self.potions, strict=True)]

    def kind(self, card: TrickyCard) -> str:
        """potion, torch, goblin, spell, orc or ogre."""
        if self.is_potion(card):
            return "potion"
        kinds = table()["kinds"]
        for kind in KINDS[1:]:
            if card.value in kinds[kind]:
                return kind
        raise BadInput(f"{card} has no kind in the rulebook")  # pragma: no cover

    def counts(self, cards: Sequence[TrickyCard]) -> dict[str, int]:
        """How many of each kind, keyed by the plural (``potions``, ``ogres``)."""
        found = dict.fromkeys((PLURALS[k] for k in KINDS), 0)
        known = _plurals(self)  # each card's kind looked up once per deck: every trick counts
        for card in cards:
            plural = known.get(card)
            if plural is None:
                plural = known[card] = PLURALS[self.kind(card)]
            found[plural] += 1
        return found

    def text(self, values: Sequence[int]) -> str:
        """``R1 B2 Y5 G6`` for per-colour numbers."""
        return " ".join(f"{letter}{value}"
                        for letter, value in zip(self.letters, values, strict=True))

    def flag(self, item: str) -> str:
        """`` (unverified)`` when the players have not confirmed ``item``."""
        return " (unverified)" if item in self.unverified else ""


@lru_cache(maxsize=512)
def _card(deck: Deck, text: str) -> TrickyCard | None:
    """The card ``text`` names in ``deck``, or None. Cached: a game types the same few
    dozen cards again and again, and every command replays the whole game."""
    found = deck.colour_and_number(text)
    if found is None or not deck.low <= found[1] <= deck.high:
        return None
    return TrickyCard(*found)


@cache
def _plurals(deck: Deck) -> dict[TrickyCard, str]:
    """The cards of ``deck`` counted so far, by the plural of their kind (``potions``,
    ``ogres``): filled as cards are counted, so a command that counts a few pays for a
    few."""
    return {}


@cache
def _initials(colours: tuple[str, ...]) -> tuple[str, ...]:
    """The colours' letters, upper case: a deck's cards are named by them."""
    return tuple(name[0].upper() for name in colours)


# -- settings ------------------------------------------------------------------------
def default_deck_settings() -> dict[str, object]:
    deck = table()["deck"]
    settings: dict[str, object] = {
        "colours": list(deck["colours"]),
        "stars": list(deck["stars"]),
        "potions": list(deck["potions"]),
    }
    for hero in table()["heroes"].values():
        if "setting" in hero:
            settings[hero["setting"]] = list(hero.get("base") or hero["minimum"])
    settings["unverified"] = [item for item in DECK_ITEMS if item in deck["unverified"]]
    return settings


def normalize_deck(raw: Settings) -> dict[str, object]:
    """Check the deck settings (filling defaults); raise BadInput naming the bad one."""
    defaults = default_deck_settings()
    given = raw.get("colours", defaults["colours"])
    count = len(table()["deck"]["colours"])  # as many as the defaults
    if (not isinstance(given, list) or len(given) != count
            or not all(isinstance(c, str) for c in given)):
        raise BadInput(f"colours: expected {count} colour names")
    colours = [str(c).strip().lower() for c in given]
    for name in colours:
        if not re.fullmatch(_NAME, name) or name in NUMBER_WORDS:
            raise BadInput(f"{name!r} is not a colour name: 2 to 12 letters a-z, not a number")
    letters = [name[0] for name in colours]
    clash = next((a for a in colours if letters.count(a[0]) > 1), None)
    if clash is not None:
        raise BadInput(f"colours: two names start with {clash[0].upper()!r}; each colour "
                       "needs its own first letter")
    stars = _numbers(raw, defaults, "stars", 1, 9)
    if len(set(stars)) != len(stars):
        raise BadInput("stars: each colour needs its own number of stars (they break ties)")
    potions = _numbers(raw, defaults, "potions", 0, 9)
    allowed = table()["deck"]["potion_values"]
    bad = next((v for v in potions if v not in allowed), None)
    if bad is not None:
        raise BadInput(f"potions: a potion is valued {or_list(allowed)}, not {bad}")
    settings: dict[str, object] = {"colours": colours, "stars": stars, "potions": potions}
    for item in HERO_NUMBERS:
        settings[item] = _numbers(raw, defaults, item, 0, 20, count=2)
    unverified = raw.get("unverified", defaults["unverified"])
    if not isinstance(unverified, list) or not all(u in DECK_ITEMS for u in unverified):
        raise BadInput(f"unverified: expected a list of {', '.join(DECK_ITEMS)}")
    settings["unverified"] = [item for item in DECK_ITEMS if item in unverified]
    return settings


def _numbers(raw: Settings, defaults: Settings, key: str, low: int,
             high: int, count: int = 4) -> list[int]:
    value = raw.get(key, defaults[key])
    if (not isinstance(value, list) or len(value) != count
            or not all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high
                       for v in value)):
        raise BadInput(f"{key}: expected {count} whole numbers from {low} to {high}")
    return list(value)


def or_list(values: Sequence[int]) -> str:
    return ", ".join(map(str, values[:-1])) + f" or {values[-1]}"


def parse_per_colour(deck: Deck, tokens: Sequence[str], what: str,
                     example: Sequence[int]) -> list[int]:
    """``R1 B2 Y3 G4`` (any order, any card form) to numbers in colour order."""
    given: dict[str, int] = {}
    for token in tokens:
        found = deck.colour_and_number(token)
        if found is None:
            raise NotationError(f"{token.strip()!r} is not a colour and a number: expected "
                                f"one per colour like {deck.text(example)}")
        letter, number = found
        if letter in given:
            raise BadInput(f"{what}: {deck.colour_name(letter)} is given twice")
        given[letter] = number
    missing = [deck.colour_name(c) for c in deck.letters if c not in given]
    if missing:
        raise BadInput(f"{what}: give one per colour; {', '.join(missing)} missing")
    return [given[letter] for letter in deck.letters]
