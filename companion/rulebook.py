"""The rulebook: every rule of the four games as short sections, found by search.

``rulebook/<game>.rules.toml`` holds ``[[section]]`` entries (id, title,
parent heading, text, keywords, source). Numbers that the engines use are
not typed into the text: ``{prices.ace}`` placeholders are filled from
``rulebook/<game>.tables.toml`` when the book is loaded, so the rulebook and
the engines read the same numbers.

Search is BM25 over the sections (titles and keywords weigh more than the
text) with light stemming, typo tolerance and card notation (``QS``,
``queen of spades``, ``G4``). The index is built once per process, lazily.
Pure: no typer, no rich; the CLI (``companion/cli/rules.py``) only prints.
"""

from __future__ import annotations

import json
import math
import os
import re
import time
import tomllib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from companion.errors import DataProblem
from companion.resources import rulebook_path

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
SECTION_ID = re.compile(r"(hebrac|tricky|halfdeck|elbereth)(\.[a-z0-9-]+)+")
# How engines name a section in a refusal: a double-quoted id literal
# ("tricky.two-player", "hebrac.spell.escape"), file names aside.
CODE_ID = re.compile(
    r'"((?:hebrac|tricky|halfdeck|elbereth)\.[a-z0-9-]+(?:\.[a-z0-9-]+)*)(?<!\.toml)(?<!\.py)"')
_PLACEHOLDER = re.compile(r"\{([A-Za-z0-9_.-]+)(?:\|([a-z]+))?\}")
_ID_IN_TEXT = re.compile(r"\b(?:hebrac|tricky|halfdeck|elbereth)(?:\.[a-z0-9-]+)+")


# -- sections -------------------------------------------------------------------
@dataclass(frozen=True)
class Section:
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
        found: list[str] = []
        for ref in _ID_IN_TEXT.findall(self.text):
            ref = ref.rstrip(".-")
            if ref != self.id and ref not in found:
                found.append(ref)
        return found

    def source_text(self) -> str:
        """``000: Enemy cards`` made readable: ``Hebrac 2005 text: Enemy cards``."""
        def name(match: re.Match[str]) -> str:
            return SOURCE_NAMES.get(match.group(1), match.group(1))

        return re.sub(r"\b(00\d)\b", name, self.source)

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "title": self.title, "parent": self.parent,
                "text": self.text, "keywords": list(self.keywords), "source": self.source}


@dataclass(frozen=True)
class Book:
    """One game's rulebook file: its sections and its extra tables (cards, differences)."""

    game: str
    title: str
    sections: tuple[Section, ...]
    data: dict[str, Any]
    problems: tuple[str, ...] = ()


def _normalise_text(text: str) -> str:
    """Paragraphs joined into one line each, list items one per line, blocks by blank lines.

    In the TOML a line starting ``- `` opens a list item; an indented line
    continues it; a plain line continues a paragraph.
    """
    blocks: list[str] = []
    for chunk in re.split(r"\n\s*\n", text.strip()):
        items: list[str] = []
        for line in chunk.splitlines():
            stripped = line.strip()
            if not stripped:
                continue
            if stripped.startswith("- ") or not items:
                items.append(stripped)
            elif line[0].isspace() or not items[-1].startswith("- "):
                items[-1] += " " + stripped
            else:
                items.append(stripped)
        if items:
            blocks.append("\n".join(items))
    return "\n\n".join(blocks)


def _lookup(data: Any, path: str) -> Any:
    for part in path.split("."):
        if not isinstance(data, dict) or part not in data:
            raise KeyError(path)
        data = data[part]
    return data


def _render_value(value: Any, style: str | None) -> str:
    if style is None:
        if isinstance(value, dict):
            raise ValueError("a table needs a style, like |costs")
        if isinstance(value, list):
            return ", ".join(str(v) for v in value)
        return str(value)
    if style == "ranked" and isinstance(value, list):
        lines = []
        for start in range(0, len(value), 5):
            group = value[start:start + 5]
            lines.append(f"- {start + 1}-{start + len(group)}: {' '.join(map(str, group))}")
        return "\n".join(lines)
    if style == "pair" and isinstance(value, list) and len(value) == 2:
        return f"{value[0]} with 2-3 players, {value[1]} with 4"
    if style == "lines" and isinstance(value, list):
        return "\n".join(f"- {item}" for item in value)
    if style == "costs" and isinstance(value, dict):
        lines = []
        for row in value.values():
            unit = f" per {row['unit']}" if row.get("unit") else ""
            lines.append(f"- {row['name']}: {row['cost']}{unit}")
        return "\n".join(lines)
    raise ValueError(f"unknown style |{style}")


def fill(text: str, numbers: dict[str, Any] | None) -> tuple[str, list[str]]:
    """Fill ``{path}`` placeholders from a tables dict; return the text and the problems."""
    problems: list[str] = []

    def one(match: re.Match[str]) -> str:
        path, style = match.group(1), match.group(2)
        if numbers is None:
            problems.append(f"{{{path}}}: the game has no tables file")
            return match.group(0)
        try:
            return _render_value(_lookup(numbers, path), style)
        except KeyError:
            problems.append(f"{{{path}}}: no such number in the tables")
        except ValueError as error:
            problems.append(f"{{{path}}}: {error}")
        return match.group(0)

    return _PLACEHOLDER.sub(one, text), problems


def game_tables(game: str) -> dict[str, Any] | None:
    """The game's tables, or None when the file does not exist (yet)."""
    from companion.tables import tables

    try:
        return tables(game)
    except FileNotFoundError:
        return None


@cache
def book(game: str) -> Book:
    """The game's rulebook, read once; placeholder problems are kept for ``check``."""
    path = rulebook_path(f"{game}.rules.toml")
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError as error:
        raise DataProblem(f"the rulebook for {game} is missing ({path.name})") from error
    except tomllib.TOMLDecodeError as error:
        raise DataProblem(f"{path.name} is not valid TOML: {error}") from error
    numbers = game_tables(game)
    sections: list[Section] = []
    problems: list[str] = []
    for number, row in enumerate(data.get("section", []), start=1):
        sid = str(row.get("id", "")) or f"{game}.<section {number}>"
        raw = str(row.get("text", ""))
        text, missing = fill(_normalise_text(raw), numbers)
        problems += [f"{sid}: {p}" for p in missing]
        keywords = row.get("keywords", [])
        sections.append(Section(
            id=sid, game=game, title=str(row.get("title", "")).strip(),
            parent=str(row.get("parent", "")).strip(), text=text, raw=raw,
            keywords=tuple(str(k) for k in keywords) if isinstance(keywords, list) else (),
            source=str(row.get("source", "")).strip()))
    return Book(game, str(data.get("title", GAME_TITLES.get(game, game))), tuple(sections),
                data, tuple(problems))


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
    if "." not in key or not re.fullmatch(r"[a-z0-9-]+(\.[a-z0-9-]+)+", key):
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


# -- search ------------------------------------------------------------------------
STOPWORDS = frozenset("""
a an the of to in on at for with and or is are was were be been being do does did done
can could i you my your me we us our it its what whats how when where which who whom why
if then than this that these those there get gets got happen happens happened will would
should shall must may might just also about any some into from by as so out up off
him his her hers she he they them their have has had am not please tell explain mean
means meaning rule rules many much
""".split())

FIELD_WEIGHTS = {"title": 3.0, "keywords": 2.5, "id": 1.5, "parent": 0.5, "text": 1.0}
K1 = 1.2
B = 0.75
CARD_BONUS = 6.0
RULING_WEIGHT = 0.85
TITLE_BONUS = 0.5
_WORD = re.compile(r"[a-z0-9]+")


@cache
def stem(word: str) -> str:
    """Light stemming so plurals and -ing forms meet: potions/potion, stealing/steal."""
    w = word
    if len(w) <= 3 or w.isdigit():
        return w
    if w.endswith(("sses", "ches", "shes", "xes", "zes")):
        w = w[:-2]
    elif w.endswith("oes") and len(w) > 4:
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    if w.endswith("ing") and len(w) >= 6:
        w = w[:-3]
        if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz":
            w = w[:-1]
    elif w.endswith("ed") and len(w) >= 6:
        w = w[:-2]
        if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz":
            w = w[:-1]
    if w.endswith("ie"):
        w = w[:-1]
    elif w.endswith("y") and len(w) > 3:
        w = w[:-1] + "i"
    if w.endswith("e") and len(w) > 4:
        w = w[:-1]
    return w


def terms(text: str) -> list[str]:
    """Lower-case stemmed words without stop words."""
    words = _WORD.findall(text.lower().replace("'s", "").replace("\u2019s", ""))
    return [stem(w) for w in words if w not in STOPWORDS]


@dataclass
class Index:
    sections: list[Section]
    postings: dict[str, list[tuple[int, float]]]
    lengths: list[float]
    average: float
    idf: dict[str, float]
    titles: list[frozenset[str]]
    data: dict[str, dict[str, Any]] = field(default_factory=dict)
    grams: dict[str, list[str]] = field(default_factory=dict)
    by_id: dict[str, Section] = field(default_factory=dict)


def _fields(item: Section) -> dict[str, str]:
    return {"title": item.title, "keywords": " ".join(item.keywords),
            "id": item.short_id.replace(".", " ").replace("-", " "),
            "parent": item.parent, "text": item.text}


_INDEX: list[Index] = []
# The parts of a rulebook file that lookups need besides the sections.
_DATA_KEYS = ("cards", "difference")


def index() -> Index:
    """The search index over every game's sections (built once per process)."""
    if not _INDEX:
        _INDEX.append(build_index())
    return _INDEX[0]


def forget_index() -> None:
    """Drop the index, so the next lookup builds or loads it again (tests)."""
    _INDEX.clear()


def book_data(game: str) -> dict[str, Any]:
    """A rulebook's extra tables (``cards``, ``difference``), from the index when cached."""
    data = index().data.get(game)
    return data if data is not None else book(game).data


def build_index() -> Index:
    items = [s for game in GAMES for s in book(game).sections]
    postings: dict[str, list[tuple[int, float]]] = defaultdict(list)
    lengths: list[float] = []
    for number, item in enumerate(items):
        counts: dict[str, float] = defaultdict(float)
        length = 0.0
        for name, value in _fields(item).items():
            weight = FIELD_WEIGHTS[name]
            for term in terms(value):
                counts[term] += weight
                length += weight
        for term, count in counts.items():
            postings[term].append((number, count))
        lengths.append(length)
    total = len(items)
    idf = {t: math.log(1 + (total - len(p) + 0.5) / (len(p) + 0.5)) for t, p in postings.items()}
    average = sum(lengths) / max(1, total)
    titles = [frozenset(terms(item.title)) for item in items]
    data = {game: {k: v for k, v in book(game).data.items() if k in _DATA_KEYS}
            for game in GAMES}
    return Index(items, dict(postings), lengths, average, idf, titles, data)


# -- the index cache: a start-up without TOML parsing --------------------------------
CACHE_FILE = "rulebook-index.json"
CACHE_VERSION = 1


def _cache_key() -> str:
    """Changes whenever a rulebook or tables file, or this module, changes."""
    from companion.resources import resource_dir

    parts = [str(CACHE_VERSION)]
    for path in [*sorted(resource_dir("rulebook").glob("*.toml")), Path(__file__)]:
        stat = path.stat()
        parts.append(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}")
    return "|".join(parts)


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
        key = _cache_key()
    except OSError:
        return index()
    try:
        raw = json.loads(path.read_text("utf-8"))
        if raw.get("key") == key:
            _INDEX.append(_index_from_json(raw))
            return _INDEX[0]
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        pass
    idx = index()
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(f".{CACHE_FILE}.{os.getpid()}.tmp")
        temp.write_text(json.dumps(_index_to_json(idx, key), ensure_ascii=False), "utf-8")
        os.replace(temp, path)
    except OSError:
        pass
    return idx


def _index_to_json(idx: Index, key: str) -> dict[str, Any]:
    return {
        "key": key,
        "sections": [[s.id, s.game, s.title, s.parent, s.text, s.raw, list(s.keywords),
                      s.source] for s in idx.sections],
        "postings": {t: [[n, tf] for n, tf in p] for t, p in idx.postings.items()},
        "lengths": idx.lengths, "average": idx.average, "idf": idx.idf,
        "titles": [sorted(t) for t in idx.titles], "data": idx.data,
    }


def _index_from_json(raw: dict[str, Any]) -> Index:
    sections = [Section(id=r[0], game=r[1], title=r[2], parent=r[3], text=r[4], raw=r[5],
                        keywords=tuple(r[6]), source=r[7]) for r in raw["sections"]]
    postings = {t: [(int(n), float(tf)) for n, tf in p] for t, p in raw["postings"].items()}
    return Index(sections, postings, [float(x) for x in raw["lengths"]],
                 float(raw["average"]), {t: float(v) for t, v in raw["idf"].items()},
                 [frozenset(t) for t in raw["titles"]], dict(raw["data"]))


def _bigrams(word: str) -> set[str]:
    padded = f"^{word}$"
    return {padded[i:i + 2] for i in range(len(padded) - 1)}


def _gram_index(idx: Index) -> dict[str, list[str]]:
    if not idx.grams:
        grams: dict[str, list[str]] = defaultdict(list)
        for term in idx.postings:
            if len(term) >= 3 and not term.isdigit():
                for gram in _bigrams(term):
                    grams[gram].append(term)
        idx.grams = dict(grams)
    return idx.grams


def distance(a: str, b: str, limit: int) -> int:
    """Edit distance with adjacent swaps (optimal string alignment); ``limit + 1`` if over."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            cost = 0 if ca == cb else 1
            value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                value = min(value, previous2[j - 2] + 1)
            current[j] = value
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


def near_terms(term: str, idx: Index) -> list[tuple[str, float]]:
    """Vocabulary terms a typo may stand for, with a weight (closer weighs more)."""
    if len(term) < 4 or term.isdigit():
        return []
    limit = 1 if len(term) <= 5 else 2
    mine = _bigrams(term)
    shared: dict[str, int] = defaultdict(int)
    grams = _gram_index(idx)
    for gram in mine:
        for other in grams.get(gram, ()):
            shared[other] += 1
    need = max(1, len(mine) - 3 * limit)
    found = []
    for other, count in shared.items():
        if count >= need:
            d = distance(term, other, limit)
            if d <= limit:
                found.append((other, 0.8 if d == 1 else 0.6))
    found.sort(key=lambda pair: -pair[1])
    best = found[0][1] if found else 0.0
    return [pair for pair in found if pair[1] == best][:4]


# Card notation in a question: QS, 10h, queen of spades (Hebrac); G4 (Tricky).
_RANK_WORDS = ("ace|two|three|four|five|six|seven|eight|nine|ten|jack|knave|queen|king|"
               "[2-9]|10")
_CARD_PHRASE = re.compile(rf"\b({_RANK_WORDS})s?\s+of\s+(spade|heart|diamond|club)s?\b", re.I)
_CARD_TOKEN = re.compile(r"(10|[2-9]|[AJQK])[SHDC]|[SHDC](10|[2-9]|[AJQK])|JK")
_NOT_CARDS = frozenset({"as", "ad", "ah", "ac"})
_TOKEN = re.compile(r"[A-Za-z0-9\u2660-\u2667]+")


def standard_card(token: str) -> Any:
    """The Card a query token stands for (``QS``, ``10h``, ``K♠``), else None.

    Lower-case ``as``, ``ad``, ``ah`` and ``ac`` are words, not aces.
    """
    from companion.cards import Card
    from companion.errors import NotationError

    if token.lower() in ("joker", "jokers"):
        return Card.joker()
    if len(token) > 4 or token in _NOT_CARDS:
        return None
    symbols = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C",
               "\u2664": "S", "\u2661": "H", "\u2662": "D", "\u2667": "C"}
    compact = "".join(symbols.get(ch, ch) for ch in token).upper()
    if not _CARD_TOKEN.fullmatch(compact):
        return None
    try:
        return Card.parse(compact)
    except NotationError:
        return None


def hebrac_card_sections(card: Any) -> list[str]:
    """The enemy and treasure section ids of a standard card in Hebrac."""
    cards = book_data("hebrac").get("cards", {})
    found = []
    for role in ("enemy", "treasure"):
        entry = _card_entry(cards.get(role, {}), card)
        if entry is not None:
            found.append(str(entry["section"]))
    return found


def _card_class(card: Any) -> list[str]:
    """Keys a card may have in a ``[cards.*]`` table, most specific first."""
    if card.is_joker:
        return ["JK"]
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
    return keys


def _card_entry(table: dict[str, Any], card: Any) -> dict[str, Any] | None:
    for key in _card_class(card):
        if key in table:
            return dict(table[key])
    return None


@cache
def tricky_colours() -> dict[str, str]:
    """Colour letters of Tricky Dungeon's cards (``g`` -> ``green``), from its tables."""
    numbers = game_tables("tricky") or {}
    found: dict[str, str] = {}
    colours = numbers.get("colours") or numbers.get("colors") or numbers.get("cards", {}).get(
        "colours") or numbers.get("deck", {}).get("colours") or []
    if isinstance(colours, dict):
        for key, value in colours.items():
            name = value if isinstance(value, str) else str(value.get("name", key))
            found[str(key).lower()[0]] = name.lower()
            found[name.lower()[0]] = name.lower()
    elif isinstance(colours, list):
        for name in colours:
            found[str(name).lower()[0]] = str(name).lower()
    return found or {"g": "green", "r": "red", "b": "blue", "y": "yellow"}


@dataclass
class Query:
    """A question as search terms: weights per term and sections boosted by cards."""

    weights: dict[str, float] = field(default_factory=dict)
    boosts: dict[str, float] = field(default_factory=dict)
    cards: list[str] = field(default_factory=list)

    def add(self, term: str, weight: float) -> None:
        self.weights[term] = max(self.weights.get(term, 0.0), weight)


def parse_query(text: str, game: str | None = None) -> Query:
    """Terms of a question, with card notation expanded and typos mapped to real words."""
    idx = index()
    query = Query()
    text = re.sub(r"['\u2019]s\b", "", text)  # Hebrac's -> Hebrac, as in the index
    text = _CARD_PHRASE.sub(lambda m: " " + _phrase_code(m.group(1), m.group(2)) + " ", text)
    words: list[str] = []
    for token in _TOKEN.findall(text):
        card = standard_card(token) if game in (None, "hebrac") else None
        if card is not None:
            query.cards.append(str(card))
            words += card.name().replace(" of ", " ").split()
            for sid in hebrac_card_sections(card):
                query.boosts[sid] = query.boosts.get(sid, 0.0) + CARD_BONUS
            continue
        tricky = re.fullmatch(r"([A-Za-z])([0-7])", token)
        if tricky and game in (None, "tricky"):
            colour = tricky_colours().get(tricky.group(1).lower())
            if colour:
                query.cards.append(f"{tricky.group(1).upper()}{tricky.group(2)}")
                words += [colour, tricky.group(2)]
                words += TRICKY_VALUE_WORDS.get(int(tricky.group(2)), [])
                continue
        words.append(token)
    for word in words:
        for term in terms(word):
            if term in idx.postings:
                query.add(term, 1.0)
                continue
            for near, weight in near_terms(term, idx):
                query.add(near, weight)
    return query


# What a Tricky Dungeon value is called in the hero texts (3 and 4 are spells...).
TRICKY_VALUE_WORDS = {0: ["torch"], 1: ["goblin"], 2: ["goblin"], 3: ["spell"], 4: ["spell"],
                      5: ["orc"], 6: ["orc"]}


def _phrase_code(rank: str, suit: str) -> str:
    names = {"ace": "A", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
             "seven": "7", "eight": "8", "nine": "9", "ten": "10", "jack": "J", "knave": "J",
             "queen": "Q", "king": "K"}
    code = names.get(rank.lower(), rank)
    return f"{code}{suit[0].upper()}"


@dataclass(frozen=True)
class Hit:
    section: Section
    score: float


def search(text: str, game: str | None = None, prefer: str | None = None,
           limit: int = 5) -> list[Hit]:
    """Sections ranked for a question, best first.

    ``game`` keeps only that game's sections; ``prefer`` (the current game's
    kind) ranks its sections ahead of the others' when both match.
    """
    idx = index()
    query = parse_query(text, game)
    scores: dict[int, float] = defaultdict(float)
    matched: dict[int, int] = defaultdict(int)
    for term, weight in query.weights.items():
        idf = idx.idf[term]
        for number, tf in idx.postings[term]:
            norm = K1 * (1 - B + B * idx.lengths[number] / idx.average)
            scores[number] += weight * idf * tf * (K1 + 1) / (tf + norm)
            matched[number] += 1
    if query.boosts:
        positions = {s.id: n for n, s in enumerate(idx.sections)}
        for sid, bonus in query.boosts.items():
            if sid in positions:
                scores[positions[sid]] += bonus
    hits = []
    wanted = len(query.weights)
    for number, score in scores.items():
        item = idx.sections[number]
        if game is not None and item.game != game:
            continue
        if wanted > 1:  # sections matching more of the question's words come first
            score *= 1 + 0.5 * matched[number] / wanted
        in_title = sum(1 for term in query.weights if term in idx.titles[number])
        if in_title:  # the question's words in the title: most likely the section meant
            score *= 1 + TITLE_BONUS * in_title / max(1, len(idx.titles[number]))
        if prefer is not None and item.game == prefer:
            score *= 1.5
        if ".ruling." in item.id:  # the rule itself first, unless the ruling fits better
            score *= RULING_WEIGHT
        hits.append(Hit(item, round(score, 4)))
    hits.sort(key=lambda hit: (-hit.score, hit.section.id))
    return hits[:limit]


def lookup_seconds(queries: Sequence[str], game: str | None = None) -> float:
    """Average seconds per search over ``queries`` once the index is built (benchmarks)."""
    index()
    start = time.perf_counter()
    for text in queries:
        search(text, game)
    return (time.perf_counter() - start) / max(1, len(queries))


# -- card lookup (Hebrac) --------------------------------------------------------------
@dataclass(frozen=True)
class CardFacts:
    """A card in Hebrac's Dungeon: as enemy, as treasure, and its numbers."""

    card: str
    name: str
    enemy: str
    enemy_section: str
    treasure: str
    treasure_section: str
    attack: int
    price: int | None
    price_note: str
    trade: int | None
    trade_note: str
    theft_rank: int | None
    theft_note: str

    def as_json(self) -> dict[str, Any]:
        return {
            "card": self.card, "name": self.name,
            "enemy": {"what": self.enemy, "section": self.enemy_section},
            "treasure": {"what": self.treasure, "section": self.treasure_section},
            "attack": self.attack, "price": self.price, "price_note": self.price_note,
            "trade_value": self.trade, "trade_note": self.trade_note,
            "theft_rank": self.theft_rank, "theft_note": self.theft_note,
        }

    def lines(self, width: int) -> list[str]:
        out = [f"{self.card}  {self.name}"]
        out.append("Hebrac's Dungeon")
        out.append("")
        out += wrap(f"As enemy: {self.enemy}", width, "", "  ")
        out.append(f"  ({self.enemy_section})")
        out += wrap(f"As treasure: {self.treasure}", width, "", "  ")
        out.append(f"  ({self.treasure_section})")
        out.append(f"Attack value: {self.attack}")
        out += wrap(f"Price: {self.price_note}", width, "", "  ")
        out += wrap(f"Trade value: {self.trade_note}", width, "", "  ")
        out += wrap(f"Theft order: {self.theft_note}", width, "", "  ")
        return out


def hebrac_card(text: str) -> CardFacts | None:
    """What a standard card is and does in Hebrac's Dungeon; None if ``text`` is no card."""
    from companion.cards import Card
    from companion.errors import NotationError
    from companion.hebrac import rules

    try:
        card = Card.parse(text)
    except NotationError:
        return None
    data = book_data("hebrac").get("cards", {})
    numbers = game_tables("hebrac")
    enemy = _card_entry(data.get("enemy", {}), card)
    treasure = _card_entry(data.get("treasure", {}), card)
    if enemy is None or treasure is None:
        raise DataProblem(f"hebrac.rules.toml has no [cards] entry for {card}")
    price = rules.price(card)
    trade = rules.trade_value(card)
    theft = rules.theft_rank(card)
    offer = rules.offer_value(card)
    if price is not None:
        price_note = f"{price} gems"
    elif card.suit == "D":
        price_note = "none: a merchant holding gems has sold out"
    else:
        price_note = "none: nobody buys a black priestess"
    if trade is not None:
        trade_note = str(trade)
        if card.rank == 11 or card.rank == 1 or offer != trade:
            trade_note += f"; offered by you it counts {offer}"
    elif card.rank == 1:
        trade_note = f"none: he keeps his ace; offered by you it counts {offer}"
    else:
        trade_note = "none: nobody wants a black priestess"
    total = len(rules.theft_ranks())
    if theft is not None:
        theft_note = f"{theft} of {total} (1 is taken first)"
    elif card.rank == 11:
        theft_note = "never stolen (prisoners are safe)"
    else:
        theft_note = "never held: it acts at once"
    return CardFacts(
        card=str(card), name=card.name(),
        enemy=fill(str(enemy["summary"]), numbers)[0], enemy_section=str(enemy["section"]),
        treasure=fill(str(treasure["summary"]), numbers)[0],
        treasure_section=str(treasure["section"]),
        attack=rules.attack_value(card), price=price, price_note=price_note,
        trade=trade, trade_note=trade_note, theft_rank=theft, theft_note=theft_note)


# -- card lookup (Tricky Dungeon) ------------------------------------------------------------
@dataclass(frozen=True)
class TrickyFacts:
    """A Tricky Dungeon card as these players' deck has it (stars and potions are settings)."""

    card: str
    name: str
    kind: str
    kind_section: str
    stars: int
    stars_note: str
    potion: str
    trump: str
    counts_for: str

    def as_json(self) -> dict[str, Any]:
        return {"card": self.card, "name": self.name, "kind": self.kind,
                "section": self.kind_section, "stars": self.stars,
                "stars_note": self.stars_note, "potion": self.potion, "trump": self.trump,
                "counts_for": self.counts_for}

    def lines(self, width: int) -> list[str]:
        out = [f"{self.card}  {self.name}", "Tricky Dungeon", ""]
        out += wrap(f"Kind: {self.kind}", width, "", "  ")
        out.append(f"  ({self.kind_section})")
        out += wrap(f"Stars: {self.stars}{self.stars_note}", width, "", "  ")
        out += wrap(f"Potion: {self.potion}", width, "", "  ")
        out += wrap(f"Trump: {self.trump}", width, "", "  ")
        out += wrap(f"Counts for: {self.counts_for}", width, "", "  ")
        return out


def tricky_card(text: str, settings: dict[str, Any] | None = None) -> TrickyFacts | None:
    """What a Tricky Dungeon card is (``G4``, ``red 0``); None if ``text`` is no card.

    ``settings`` are the players' deck settings (colours, stars, potions);
    the rulebook's defaults when None.
    """
    from companion.errors import NotationError
    from companion.tricky.cards import PLURALS, Deck, default_deck_settings
    from companion.tricky.heroes import heroes

    deck = Deck.from_settings(settings or default_deck_settings())
    try:
        card = deck.parse(text)
    except NotationError:
        return None
    colour = deck.colour_name(card.colour)
    kind = deck.kind(card)
    plural = PLURALS[kind]
    potion_card = next(c for c in deck.potion_cards() if c.colour == card.colour)
    if kind == "potion":
        potion = f"yes, {colour}'s potion{deck.flag('potions')}"
    else:
        potion = f"no; {colour}'s potion is {potion_card}{deck.flag('potions')}"
    symbol = {"spell": "spells", "potion": "potions", "torch": "torches"}.get(kind)
    every = list(heroes().values())
    by_kind = [h.name for h in every if symbol and h.trump == symbol]
    trump = f"with the {' or '.join(by_kind)} ({symbol})" if by_kind else "not by its kind"
    chosen = [h.name for h in every if h.trump == "colour"]
    valued = [h.name for h in every if h.trump == "value"]
    trump += (f"; {', '.join(chosen)} if {colour} is chosen; {', '.join(valued)} if "
              f"{card.value}s are chosen")
    counting = [h.name for h in every if plural in h.counts]
    return TrickyFacts(
        card=str(card), name=f"{colour} {card.value}", kind=kind,
        kind_section="tricky.deck.potions" if kind == "potion" else "tricky.deck.kinds",
        stars=deck.stars_of(card),
        stars_note=f" ({colour}{', unverified' if 'stars' in deck.unverified else ''})",
        potion=potion, trump=trump, counts_for=", ".join(counting) or "no hero")


# -- the check ----------------------------------------------------------------------------
def code_rule_ids(root: Path | None = None) -> dict[str, list[str]]:
    """Section ids named as string literals in the package's code, with the files naming them."""
    base = root or Path(__file__).resolve().parent
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(base.rglob("*.py")):
        for sid in CODE_ID.findall(path.read_text("utf-8", errors="replace")):
            name = path.relative_to(base.parent).as_posix()
            if name not in found[sid]:
                found[sid].append(name)
    return dict(found)


def check(games: Sequence[str] = GAMES, code_root: Path | None = None) -> list[str]:
    """Every problem of the rulebook, one line each; empty when all is well."""
    problems: list[str] = []
    seen: dict[str, str] = {}
    books = []
    for game in games:
        try:
            books.append(book(game))
        except DataProblem as error:
            problems.append(str(error))
    for item_book in books:
        problems += item_book.problems
        for item in item_book.sections:
            where = item.id
            if not SECTION_ID.fullmatch(item.id) or not item.id.startswith(item_book.game + "."):
                problems.append(f"{where}: the id must look like {item_book.game}.topic.name")
            if item.id in seen:
                problems.append(f"{where}: id used twice")
            seen[item.id] = item.game
            for name, value in (("title", item.title), ("parent", item.parent),
                                ("source", item.source)):
                if not value:
                    problems.append(f"{where}: no {name}")
            if not item.text.strip():
                problems.append(f"{where}: empty text")
            if not item.keywords or not all(k.strip() for k in item.keywords):
                problems.append(f"{where}: no keywords")
        problems += _check_covers(item_book)
    known = {s.id for b in books for s in b.sections}
    for item_book in books:
        for item in item_book.sections:
            for ref in item.references():
                if ref not in known:
                    problems.append(f"{item.id}: names {ref}, which is not a section")
    if "hebrac" in games:
        problems += _check_hebrac_cards(known)
    if "halfdeck" in games:
        from companion.halfdeck.cards import KINDS

        problems += [f"halfdeck card kind {kind}: no section halfdeck.card.{kind}"
                     for kind in KINDS if f"halfdeck.card.{kind}" not in known]
    for sid, files in sorted(code_rule_ids(code_root).items()):
        if sid.split(".", 1)[0] in games and sid not in known:
            problems.append(f"{sid} (named in {', '.join(files)}) is not a section")
    return problems


def _check_covers(item_book: Book) -> list[str]:
    """Every spell, hero, card... listed in the tables has its section."""
    problems = []
    numbers = game_tables(item_book.game)
    known = {s.id for s in item_book.sections}
    for cover in item_book.data.get("covers", []):
        path = str(cover["table"])
        try:
            table = _lookup(numbers or {}, path)
        except KeyError:
            problems.append(f"{item_book.game}.tables.toml has no {path} (rules covers it)")
            continue
        keys = list(table) if isinstance(table, dict) else [
            str(row.get("id", row.get("name", ""))) if isinstance(row, dict) else str(row)
            for row in table]
        names = cover.get("names", {})
        for key in keys:
            name = str(names.get(key, key)).lower().replace("_", "-").replace(" ", "-")
            sid = str(cover["section"]).format(key=key.lower().replace("_", "-"), name=name)
            if sid not in known:
                problems.append(f"{path} {key}: no section {sid}")
    return problems


def _check_hebrac_cards(known: set[str]) -> list[str]:
    from companion.cards import full_deck

    problems = []
    for card in full_deck(jokers=1):
        try:
            facts = hebrac_card(str(card))
        except DataProblem as error:
            problems.append(str(error))
            continue
        assert facts is not None
        for sid in (facts.enemy_section, facts.treasure_section):
            if sid not in known:
                problems.append(f"card {card}: {sid} is not a section")
    for row in differences():
        if row.get("section") not in known:
            problems.append(f"difference {row.get('topic')!r}: {row.get('section')} is not a "
                            "section")
    return problems


def summary() -> dict[str, int]:
    """Section count per game."""
    sections = all_sections()
    return {game: sum(1 for s in sections if s.game == game) for game in GAMES}
