"""Reading the rulebook files and building the search index, when the package is made.

The text's ``{path}`` placeholders are filled from the game's tables here. The
finished index and the tables are written as JSON files shipped in the package
(``shipped_sources``, by ``scripts/ship_rulebook.py``); a test fails when they are
stale against ``rulebook/*.toml``.
"""

from __future__ import annotations

import re
import tomllib
from collections import defaultdict
from functools import cache
from typing import Any

from companion.errors import DataProblem
from companion.resources import rulebook_path
from companion.rulebook.model import (
    GAME_TITLES,
    GAMES,
    Index,
    Section,
    Stats,
)
from companion.rulebook.placeholders import fill
from companion.rulebook.terms import FIELD_WEIGHTS, section_fields, terms
from companion.values import Value

# The parts of a rulebook file that lookups need besides the sections.
_DATA_KEYS = ("cards", "difference")


class Book(Value):
    """One game's rulebook file: its sections and its extra tables (cards, differences)."""

    game: str
    title: str
    sections: tuple[Section, ...]
    data: dict[str, Any]
    problems: tuple[str, ...] = ()


def normalise_text(text: str) -> str:
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
    numbers = tables_file(game)
    sections: list[Section] = []
    problems: list[str] = []
    for number, row in enumerate(data.get("section", []), start=1):
        sid = str(row.get("id", "")) or f"{game}.<section {number}>"
        raw = str(row.get("text", ""))
        text, missing = fill(normalise_text(raw), numbers)
        problems += [f"{sid}: {p}" for p in missing]
        keywords = row.get("keywords", [])
        sections.append(Section(
            id=sid, game=game, title=str(row.get("title", "")).strip(),
            parent=str(row.get("parent", "")).strip(), text=text, raw=raw,
            keywords=tuple(str(k) for k in keywords) if isinstance(keywords, list) else (),
            source=str(row.get("source", "")).strip()))
    return Book(game, str(data.get("title", GAME_TITLES.get(game, game))), tuple(sections),
                data, tuple(problems))


def build_index() -> Index:
    """The index over every game's sections, from the rulebook files."""
    items = [s for game in GAMES for s in book(game).sections]
    postings: dict[str, list[int]] = defaultdict(list)
    lengths: list[float] = []
    for number, item in enumerate(items):
        counts: dict[str, float] = defaultdict(float)
        length = 0.0
        for name, value in section_fields(item).items():
            weight = FIELD_WEIGHTS[name]
            for term in terms(value):
                counts[term] += weight
                length += weight
        for term, count in counts.items():
            half = int(count * 2)
            if half != count * 2:  # kept as whole half points: whole numbers ship smallest
                raise ValueError(f"field weights must be multiples of 0.5, not {count}")
            postings[term] += (number, half)
        lengths.append(length)
    average = sum(lengths) / max(1, len(items))
    titles = [frozenset(terms(item.title)) for item in items]
    data = {game: {k: v for k, v in book(game).data.items() if k in _DATA_KEYS}
            for game in GAMES}
    stats = Stats({t: " ".join(map(str, p)) for t, p in postings.items()}, lengths, average,
                  titles)
    return Index(items, data, stats)


# -- the data shipped in the package ----------------------------------------------------
SHIPPED_TABLES = "companion/tables.json"
SHIPPED_INDEX = "companion/rulebook/index.json"
SHIPPED_STATS = "companion/rulebook/ranking.json"


def _json(value: object) -> str:
    """Compact JSON, one file a line: plain data, read back by ``json.loads``."""
    import json

    return json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n"


@cache
def tables_file(game: str) -> dict[str, Any] | None:
    """The game's tables file as parsed (not ``companion.tables``, which reads the shipped
    module made from it); None when there is none."""
    try:
        with rulebook_path(f"{game}.tables.toml").open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        return None


def shipped_sources() -> dict[str, str]:
    """The text of each shipped data file, by its path in the checkout."""
    tables = {game: found for game in GAMES if (found := tables_file(game)) is not None}
    idx = build_index()
    stats = idx.stats
    return {
        SHIPPED_TABLES: _json(tables),
        SHIPPED_INDEX: _json({"sections": idx.sections, "data": idx.data}),
        SHIPPED_STATS: _json({"postings": stats.postings, "lengths": stats.lengths,
                              "average": stats.average,
                              "titles": [sorted(title) for title in stats.titles]}),
    }
