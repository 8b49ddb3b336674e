"""The rulebook's sections and the index shipped in the package: what a search (``ranking``)
and the check (``build``) read too, so it imports no other module of the rulebook."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Any

from companion.kinds import KINDS
from companion.resources import shipped
from companion.text import fill
from companion.values import Value

GAMES = tuple(KINDS)
GAME_TITLES = {name: info.title for name, info in KINDS.items()}
SOURCE_NAMES = {
    "000": "Hebrac 2005 text",
    "001": "Hebrac classic text",
    "002": "Half Deck rules",
    "003": "Elbereth rules",
    "004": "Tricky Dungeon rules",
}
# A section id: its game's name, then dotted words; so too where a rule's text names one.
SECTION_ID = rf"(?:{'|'.join(GAMES)})(?:\.[a-z0-9-]+)+"


class Section(Value):
    """One rule, its text's placeholders filled (``build``)."""

    id: str
    game: str
    title: str
    parent: str
    text: str
    keywords: tuple[str, ...]
    source: str

    @property
    def short_id(self) -> str:
        """The id without its game: ``spell.escape``."""
        return self.id.split(".", 1)[1]

    def references(self) -> list[str]:
        """Section ids named in the text, in order, without repeats."""
        found = dict.fromkeys(ref.rstrip(".-") for ref in re.findall(rf"\b{SECTION_ID}", self.text))
        return [ref for ref in found if ref != self.id]

    def source_text(self) -> str:
        """``000: Enemy cards`` made readable: ``Hebrac 2005 text: Enemy cards``."""
        return re.sub(r"\b(00\d)\b", lambda m: SOURCE_NAMES.get(m.group(1), m.group(1)),
                      self.source)

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "title": self.title, "parent": self.parent,
                "text": self.text, "keywords": list(self.keywords), "source": self.source}


class Index(Value):
    """Every game's sections and the rulebook files' extra tables (``cards``,
    ``difference``); the ranking's figures are apart (``ranking.stats``), read only by
    the first search (lookups by id or card never need them)."""

    sections: list[Section]
    data: dict[str, dict[str, Any]]


@cache
def index() -> Index:
    """The index shipped in the package (read once per process)."""
    found = shipped("rulebook/index.json")
    return Index([Section._make((*row[:5], tuple(row[5]), row[6])) for row in found["sections"]],
                 found["data"])


def hebrac_card_rows(card: Any) -> list[dict[str, Any] | None]:
    """A standard card's rows in Hebrac's ``[cards.enemy]`` and ``[cards.treasure]``
    tables: under its own key, else its class (``A``, ``J``, ``Q-red``, a suit...)."""
    if card.is_joker:
        keys = ["JK"]
    elif card.rank == 12:
        keys = [str(card), "Q-red" if card.is_red else "Q-black"]
    else:
        keys = [str(card), {1: "A", 11: "J", 13: "K"}.get(card.rank, card.suit)]
    tables = index().data.get("hebrac", {}).get("cards", {})
    return [next((dict(table[key]) for key in keys if key in table), None)
            for table in (tables.get("enemy", {}), tables.get("treasure", {}))]


def wrap(text: str, width: int, first: str = "", rest: str = "",
         keep: Sequence[str] = ()) -> list[str]:
    """Wrapped at spaces by the one keep-together rule (``companion.text.fill``, ``keep``
    as there); a word longer than the line is left whole."""
    return fill(" ".join(text.split()), width, first, rest, keep=keep)
