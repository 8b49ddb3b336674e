"""The rulebook: every rule of the four games as short sections, found by search.

``rulebook/<game>.rules.toml`` holds ``[[section]]`` entries (id, title,
parent heading, text, keywords, source). Numbers that the engines use are
not typed into the text: ``{prices.ace}`` placeholders are filled from
``rulebook/<game>.tables.toml`` when the book is loaded, so the rulebook and
the engines read the same numbers.

Search is BM25 over the sections (titles and keywords weigh more than the
text) with light stemming, typo tolerance and card notation (``QS``,
``queen of spades``, ``G4``). The index is built once (``build``), kept in a
cache file keyed by a digest of the rulebook files and of this package's code,
and read back at start-up without parsing TOML. This module is what every
lookup needs: the index, sections by id, the text layout. Ranking (``ranking``),
card facts (``cards``), building (``build``) and the self-check (``selfcheck``)
are imported only by the lookups that use them.
Pure: no typer, no rich; the CLI (``companion/cli/rules.py``) only prints.
"""

from __future__ import annotations

import marshal
import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from companion.rulebook.build import Book
    from companion.rulebook.cards import CardFacts, TrickyFacts
    from companion.rulebook.ranking import Hit

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
class Section(NamedTuple):
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


class Stats(NamedTuple):
    """What ranking needs: per term, the sections holding it and its weight in each
    (``postings``: section number, then the weight in half points, repeated), each
    section's weighted length, their average, each term's IDF and each title's terms."""

    postings: dict[str, tuple[int, ...]]
    lengths: list[float]
    average: float
    idf: dict[str, float]
    titles: list[frozenset[str]]


class Index:
    """Every game's sections, the rulebook files' extra tables (``cards``,
    ``difference``), the parsed tables files the text was filled from, and the ranking
    ``stats``: read from the cache only by the first search (lookups by id or card
    never need them)."""

    __slots__ = ("sections", "data", "tables", "_stats", "_packed", "grams", "by_id")

    def __init__(self, sections: list[Section], data: dict[str, dict[str, Any]],
                 tables: dict[str, dict[str, Any] | None], stats: Stats | None = None,
                 packed: bytes = b"") -> None:
        self.sections = sections
        self.data = data
        self.tables = tables
        self._stats = stats
        self._packed = packed  # the marshalled stats, when read from the cache
        self.grams: dict[str, list[str]] = {}  # the typo tables, made on the first typo
        self.by_id: dict[str, Section] = {}

    @property
    def stats(self) -> Stats:
        if self._stats is None:
            try:
                self._stats = Stats._make(marshal.loads(self._packed))
            except Exception:  # packed by this code and signed, yet unreadable: rebuilt
                from companion.rulebook.build import build_index

                self._stats = build_index().stats
        return self._stats

    @property
    def postings(self) -> dict[str, tuple[int, ...]]:
        return self.stats.postings

    @property
    def lengths(self) -> list[float]:
        return self.stats.lengths

    @property
    def average(self) -> float:
        return self.stats.average

    @property
    def idf(self) -> dict[str, float]:
        return self.stats.idf

    @property
    def titles(self) -> list[frozenset[str]]:
        return self.stats.titles

    def parts(self) -> tuple[Any, ...]:
        """The index as plain values (what the cache file holds), the stats packed."""
        packed = self._packed or marshal.dumps(tuple(self.stats))
        return (tuple(tuple(s) for s in self.sections), self.data, self.tables, packed)

    @classmethod
    def from_parts(cls, parts: tuple[Any, ...]) -> Index:
        rows, data, tables, packed = parts
        if not isinstance(packed, bytes):
            raise TypeError("the ranking stats are not packed")
        return cls([Section._make(row) for row in rows], data, tables, packed=packed)


_INDEX: list[Index] = []


def index() -> Index:
    """The search index over every game's sections (built once per process)."""
    if not _INDEX:
        from companion.rulebook.build import build_index

        _use(build_index())
    return _INDEX[0]


def _use(idx: Index) -> Index:
    """Keep ``idx`` as the process's index; its tables serve ``companion.tables`` too."""
    from companion.tables import remember

    _INDEX.append(idx)
    for game, parsed in idx.tables.items():
        if parsed is not None:
            remember(game, parsed)
    return idx


def forget_index() -> None:
    """Drop the index, so the next lookup builds or loads it again (tests)."""
    _INDEX.clear()


# -- the index cache: a start-up without TOML parsing --------------------------------
CACHE_FILE = "rulebook-index.bin"
CACHE_FORMAT = 4
MAX_CACHE_BYTES = 16 * 1024 * 1024


def cache_key() -> bytes:
    """Changes whenever a rulebook or tables file, or this package's code, changes: their
    names, sizes and a CRC-32 of their bytes, with the Python and cache format versions."""
    import zlib

    from companion.resources import resource_dir

    parts = [f"companion-rulebook {CACHE_FORMAT} {sys.version_info[0]}.{sys.version_info[1]}"
             f" {marshal.version}"]
    crc = 0
    for folder, suffix in ((resource_dir("rulebook"), ".toml"),
                           (Path(__file__).resolve().parent, ".py")):
        for name in sorted(os.listdir(folder)):
            if name.endswith(suffix):
                data = (folder / name).read_bytes()
                crc = zlib.crc32(data, crc)
                parts.append(f"{name}:{len(data)}")
    parts.append(f"{crc:08x}")
    return " ".join(parts).encode()


def read_cache(path: Path, key: bytes) -> Index | None:
    """The index kept at ``path`` for ``key``; None when missing, stale or damaged.

    The file is a signed cache file (``companion.cachefile``: its MAC is checked
    before a byte is parsed) whose payload is the key line and the marshalled
    index, plain values only.
    """
    from companion import cachefile
    from companion.resources import data_home

    data = cachefile.read(path, data_home(), CACHE_FILE, MAX_CACHE_BYTES)
    if data is None:
        return None
    head, _, payload = data.partition(b"\n")
    if head != key:
        return None
    try:
        return Index.from_parts(marshal.loads(payload))
    except Exception:  # signed by this code, so never expected: built again
        return None


def load_index(cache_dir: Path | None) -> Index:
    """``index()``, read from ``cache_dir`` when the cache is current, else built and saved.

    The cache is only an optimisation: any problem reading or writing it is ignored.
    """
    if _INDEX:
        return _INDEX[0]
    if cache_dir is None:
        return index()
    path = cache_dir / CACHE_FILE
    try:
        key = cache_key()
    except OSError:
        return index()
    found = read_cache(path, key)
    if found is not None:
        return _use(found)
    idx = index()
    from companion.rulebook.build import save_cache

    save_cache(path, key, idx)
    return idx


# -- lookups ------------------------------------------------------------------------
def book_data(game: str) -> dict[str, Any]:
    """A rulebook's extra tables (``cards``, ``difference``), from the index when cached."""
    data = index().data.get(game)
    return data if data is not None else book(game).data


def game_tables(game: str) -> dict[str, Any] | None:
    """The game's tables, or None when the file does not exist (yet)."""
    from companion.tables import tables

    try:
        return tables(game)
    except FileNotFoundError:
        return None


def book(game: str) -> Book:
    """The game's rulebook file, read once (``companion.rulebook.build``)."""
    from companion.rulebook.build import book as read

    return read(game)


def all_sections(games: Iterable[str] = GAMES) -> list[Section]:
    """Every section of these games, in rulebook order (from the index: cached)."""
    wanted = set(games)
    return [s for s in index().sections if s.game in wanted]


def _by_id() -> dict[str, Section]:
    idx = index()
    if not idx.by_id:
        idx.by_id.update((s.id, s) for s in idx.sections)
    return idx.by_id


def section(section_id: str) -> Section | None:
    return _by_id().get(section_id)


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
    key = prefix.strip().lower().rstrip(".")
    if "." not in key:
        return []
    import re

    if not re.fullmatch(r"[a-z0-9-]+(\.[a-z0-9-]+)+", key):
        return []
    full = key if key.split(".", 1)[0] in GAMES else f"{game}.{key}" if game else key
    return [s for s in all_sections() if s.id.startswith(full + ".")]


def toc(game: str) -> list[tuple[str, list[Section]]]:
    """The game's sections grouped by parent heading, in file order."""
    groups: dict[str, list[Section]] = {}
    for item in all_sections([game]):
        groups.setdefault(item.parent or "Other", []).append(item)
    return list(groups.items())


def differences() -> list[dict[str, str]]:
    """What differs between Hebrac's 2005 and classic texts."""
    return [{k: str(v) for k, v in row.items()} for row in book_data("hebrac").get(
        "difference", [])]


def summary() -> dict[str, int]:
    """Section count per game."""
    sections = all_sections()
    return {game: sum(1 for s in sections if s.game == game) for game in GAMES}


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


# -- searching, cards and the check: imported when used ----------------------------------
def search(text: str, game: str | None = None, prefer: str | None = None,
           limit: int = 5) -> list[Hit]:
    """Sections ranked for a question, best first (``companion.rulebook.ranking``)."""
    from companion.rulebook.ranking import search as ranked

    return ranked(text, game, prefer, limit)


def _may_be_card(text: str) -> bool:
    """False for text no card notation can be: ``Card.parse`` reads only 2-3 signs
    (``10H``, ``♥10``), a joker's name (at most 5 letters) or ``RANK of SUIT``."""
    lowered = " ".join(text.lower().split())
    return len(lowered.replace(" ", "")) <= 5 or " of " in lowered


def hebrac_card(text: str) -> CardFacts | None:
    """What a standard card is and does in Hebrac's Dungeon; None if ``text`` is no card."""
    if not _may_be_card(text):
        return None
    from companion.rulebook.cards import hebrac_card as facts

    return facts(text)


def tricky_card(text: str, settings: dict[str, Any] | None = None) -> TrickyFacts | None:
    """What a Tricky Dungeon card is (``G4``, ``red 0``); None if ``text`` is no card."""
    from companion.rulebook.cards import tricky_card as facts

    return facts(text, settings)


def check(games: Sequence[str] = GAMES, code_root: Path | None = None) -> list[str]:
    """Every problem of the rulebook, one line each; empty when all is well."""
    from companion.rulebook.selfcheck import check as problems

    return problems(games, code_root)


# -- text layout -----------------------------------------------------------------
def wrap(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    """Greedy wrap at spaces; a word longer than the line is left whole."""
    lines: list[str] = []
    current = first
    fresh = True
    for word in text.split():
        candidate = current + ("" if fresh else " ") + word
        if len(candidate) > width and not fresh:
            lines.append(current)
            current = rest + word
        else:
            current = candidate
        fresh = False
    lines.append(current)
    return lines


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
