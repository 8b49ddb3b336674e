"""What the rulebook is made of: the games, a section, the index and its ranking stats,
and a section's text laid out for a narrow terminal.

The bottom layer of the package: it imports no other rulebook module, so every
other one (building, loading, searching, cards, the check) may import it. The
layout lives here rather than in a module of its own: every lookup shown needs
it, and one module fewer to load is start-up time saved.
"""

from __future__ import annotations

from typing import Any

from companion.values import Value

GAMES = ("hebrac", "tricky", "halfdeck", "elbereth")
GAME_TITLES = {
    "hebrac": "Hebrac's Dungeon",
    "tricky": "Tricky Dungeon",
    "halfdeck": "Half Deck Dungeon Heroes",
    "elbereth": "Elbereth",
}
SOURCE_NAMES = {
    "000": "Hebrac 2005 text",
    "001": "Hebrac classic text",
    "002": "Half Deck rules",
    "003": "Elbereth rules",
    "004": "Tricky Dungeon rules",
}
# A section id named in a rule's text.
ID_IN_TEXT = r"\b(?:hebrac|tricky|halfdeck|elbereth)(?:\.[a-z0-9-]+)+"


# -- sections -------------------------------------------------------------------
class Section(Value):
    """One rule: ``text`` has its placeholders filled; ``raw`` is as written."""

    id: str
    game: str
    title: str
    parent: str
    text: str
    raw: str
    keywords: tuple[str, ...]
    source: str

    @property
    def short_id(self) -> str:
        """The id without its game: ``spell.escape``."""
        return self.id.split(".", 1)[1]

    def references(self) -> list[str]:
        """Section ids named in the text, in order, without repeats."""
        import re

        found: list[str] = []
        for ref in re.findall(ID_IN_TEXT, self.text):
            ref = ref.rstrip(".-")
            if ref != self.id and ref not in found:
                found.append(ref)
        return found

    def source_text(self) -> str:
        """``000: Enemy cards`` made readable: ``Hebrac 2005 text: Enemy cards``."""
        import re

        def name(match: re.Match[str]) -> str:
            return SOURCE_NAMES.get(match.group(1), match.group(1))

        return re.sub(r"\b(00\d)\b", name, self.source)

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "title": self.title, "parent": self.parent,
                "text": self.text, "keywords": list(self.keywords), "source": self.source}


class Stats(Value):
    """What ranking needs: per term, the sections holding it and its weight in each
    (``postings``: section number, then the weight in half points, repeated, as text:
    a search reads only its own terms'), each section's weighted length, their average
    and each title's terms."""

    postings: dict[str, str]
    lengths: list[float]
    average: float
    titles: list[frozenset[str]]

    def weights(self, term: str) -> list[int]:
        """The term's postings as numbers."""
        return [int(number) for number in self.postings[term].split()]

    def idf(self, term: str) -> float:
        """The term's IDF (BM25's), from the number of sections holding it."""
        import math

        held = (self.postings[term].count(" ") + 1) // 2
        return math.log(1 + (len(self.lengths) - held + 0.5) / (held + 0.5))


class Index:
    """Every game's sections, the rulebook files' extra tables (``cards``,
    ``difference``) and the ranking ``stats``: the shipped stats are read only by
    the first search (lookups by id or card never need them)."""

    __slots__ = ("sections", "data", "_stats", "grams", "by_id")

    def __init__(self, sections: list[Section], data: dict[str, dict[str, Any]],
                 stats: Stats | None = None) -> None:
        self.sections = sections
        self.data = data
        self._stats = stats
        self.grams: dict[str, list[str]] = {}  # the typo tables, made on the first typo
        self.by_id: dict[str, Section] = {}

    @property
    def stats(self) -> Stats:
        if self._stats is None:
            from companion.resources import shipped

            found = shipped("rulebook/ranking.json")
            self._stats = Stats(found["postings"], found["lengths"], found["average"],
                                [frozenset(title) for title in found["titles"]])
        return self._stats


# -- the games' tables and cards ----------------------------------------------------------
def game_tables(game: str) -> dict[str, Any] | None:
    """The game's tables, or None when the file does not exist (yet)."""
    from companion.tables import tables

    try:
        return tables(game)
    except FileNotFoundError:
        return None


def card_entry(table: dict[str, Any], card: Any) -> dict[str, Any] | None:
    """A card's row in a ``[cards.*]`` table: its own key, else its class (``A``,
    ``J``, ``Q-red``, a suit...)."""
    if card.is_joker:
        keys = ["JK"]
    else:
        keys = [str(card)]
        if card.rank == 1:
            keys.append("A")
        elif card.rank == 11:
            keys.append("J")
        elif card.rank == 12:
            keys.append("Q-red" if card.is_red else "Q-black")
        elif card.rank == 13:
            keys.append("K")
        else:
            keys.append(card.suit)
    for key in keys:
        if key in table:
            return dict(table[key])
    return None


# -- text layout: a rule's text for a narrow terminal -----------------------------------
def wrap(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    """Wrapped at spaces by the one keep-together rule (``companion.text.fill``); a word
    longer than the line is left whole."""
    from companion.text import fill

    return fill(" ".join(text.split()), width, first, rest)


def text_lines(text: str, width: int) -> list[str]:
    """A section's text laid out for ``width`` columns: paragraphs and ``- `` lists."""
    out: list[str] = []
    for number, block in enumerate(text.split("\n\n")):
        if number:
            out.append("")
        for item in block.split("\n"):
            if item.startswith("- "):
                out += wrap(item[2:], width, "- ", "  ")
            else:
                out += wrap(item, width)
    return out


def id_title_lines(item: Section, width: int, indent: str = "") -> list[str]:
    """``id  title`` on one line when it fits, else the title below the id."""
    one = f"{indent}{item.id}  {item.title}"
    if len(one) <= width:
        return [one]
    return [f"{indent}{item.id}"] + wrap(item.title, width, indent + "  ", indent + "  ")


def section_lines(item: Section, width: int) -> list[str]:
    """A section shown whole: title, id, where it sits, the text, its source."""
    lines = wrap(item.title, width)
    lines.append(item.id)
    lines += wrap(f"{GAME_TITLES.get(item.game, item.game)} > {item.parent}", width)
    lines.append("")
    lines += text_lines(item.text, width)
    if item.source:
        lines.append("")
        lines += wrap(f"Source: {item.source_text()}", width, "", "  ")
    return lines
