"""The rulebook's sections and the index shipped in the package (read once a process),
the lookups that read them, and a section's text laid out for a narrow terminal.

The bottom layer of the package: every other rulebook module may import it, and it
imports none of them.
"""

from __future__ import annotations

from collections.abc import Iterable
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
ID_SHAPE = r"[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)+"
"""Text shaped like a section id (``hebrac.spell.escape``, ``spell.escape``)."""


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

        return re.sub(r"\b(00\d)\b", lambda m: SOURCE_NAMES.get(m.group(1), m.group(1)),
                      self.source)

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
        return [int(number) for number in self.postings[term].split()]

    def idf(self, term: str) -> float:
        """BM25's, from the number of sections holding the term."""
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
        self.by_id = {s.id: s for s in sections}

    @property
    def stats(self) -> Stats:
        if self._stats is None:
            from companion.resources import shipped

            found = shipped("rulebook/ranking.json")
            self._stats = Stats(found["postings"], found["lengths"], found["average"],
                                [frozenset(title) for title in found["titles"]])
        return self._stats


_INDEX: list[Index] = []


def index() -> Index:
    """The search index over every game's sections (read once per process)."""
    if not _INDEX:
        from companion.resources import shipped

        found = shipped("rulebook/index.json")
        _INDEX.append(Index([Section._make((*row[:6], tuple(row[6]), row[7]))
                             for row in found["sections"]], found["data"]))
    return _INDEX[0]


def book_data(game: str) -> dict[str, Any]:
    """A rulebook's extra tables (``cards``, ``difference``), from the index."""
    return index().data.get(game, {})


def all_sections(games: Iterable[str] = GAMES) -> list[Section]:
    """Every section of these games, in rulebook order."""
    wanted = set(games)
    return [s for s in index().sections if s.game in wanted]


def section(section_id: str) -> Section | None:
    return index().by_id.get(section_id)


def find_section(text: str, game: str | None = None) -> Section | None:
    """A section by its id, or by its id without the game (``spell.escape``) for ``game``."""
    key = text.strip().lower().rstrip(".")
    found = section(key)
    if found is None and game is not None:
        found = section(f"{game}.{key}")
    return found


def sections_under(prefix: str, game: str | None = None) -> list[Section]:
    """Sections whose id starts with ``prefix.``: ``hebrac.spell`` lists the spells.

    Only dotted text counts (``spell.x`` with a game, ``hebrac.spell``), so a
    one-word question is always searched.
    """
    import re

    key = prefix.strip().lower().rstrip(".")
    if not re.fullmatch(r"[a-z0-9-]+(\.[a-z0-9-]+)+", key):
        return []
    full = key if key.split(".", 1)[0] in GAMES else f"{game}.{key}" if game else key
    return [s for s in all_sections() if s.id.startswith(full + ".")]


def id_shaped(text: str) -> bool:
    """Whether ``text`` is one dotted word shaped like a section id: it names a section,
    or it is an error (never a question to search)."""
    import re

    return re.fullmatch(ID_SHAPE, text.strip().lower().rstrip(".")) is not None


def find_id(text: str, game: str | None = None) -> Section | None:
    """The section an id names: whole, or without its game for ``game``, or without its
    game when one game alone has it (``spell.escape``)."""
    found = find_section(text, game)
    key = text.strip().lower().rstrip(".")
    if found is None and key.split(".", 1)[0] not in GAMES:
        alone = [s for s in all_sections() if s.short_id == key]
        found = alone[0] if len(alone) == 1 else None
    return found


def unknown_id(text: str, game: str | None = None) -> str:
    """The error for an id that names no section: the closest ids, whole ids compared
    (``companion.names``' rule), within its game when it names one."""
    from companion.names import closest, key, spellings

    wanted = text.strip().lower().rstrip(".")
    head = wanted.split(".", 1)[0]
    if head in GAMES:
        game = head
    elif game is not None:
        wanted = f"{game}.{wanted}"
    items = all_sections([game] if game is not None else GAMES)
    table = spellings([s.id for s in items])
    if game is None:  # typed without its game: its short form counts too
        for item in items:
            table.setdefault(key(item.short_id), item.id)
    where = f"in {GAME_TITLES[game]}" if game is not None else "in the rulebooks"
    near = closest(wanted, table)
    if near:
        return f"no section {wanted} {where}: did you mean {' or '.join(near)}?"
    return f"no section {wanted} {where}: see 'companion rules {game or 'GAME'} --toc'"


def toc(game: str) -> list[tuple[str, list[Section]]]:
    """The game's sections grouped by parent heading, in file order."""
    groups: dict[str, list[Section]] = {}
    for item in all_sections([game]):
        groups.setdefault(item.parent or "Other", []).append(item)
    return list(groups.items())


def differences() -> list[dict[str, str]]:
    """What differs between Hebrac's 2005 and classic texts."""
    return [{k: str(v) for k, v in row.items()}
            for row in book_data("hebrac").get("difference", [])]


def summary() -> dict[str, int]:
    """Section count per game."""
    sections = all_sections()
    return {game: sum(1 for s in sections if s.game == game) for game in GAMES}


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
    elif card.rank == 12:
        keys = [str(card), "Q-red" if card.is_red else "Q-black"]
    else:
        keys = [str(card), {1: "A", 11: "J", 13: "K"}.get(card.rank, card.suit)]
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
