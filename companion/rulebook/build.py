"""Reading the rulebook files and building the search index (when the cache cannot serve).

The text's ``{path}`` placeholders are filled from the game's tables here, and
the finished index is saved for the next start-up (``save_cache``).
"""

from __future__ import annotations

import marshal
import math
import re
import tomllib
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from companion.errors import DataProblem
from companion.resources import rulebook_path
from companion.rulebook.model import (
    CACHE_FILE,
    GAME_TITLES,
    GAMES,
    Index,
    Section,
    Stats,
    game_tables,
)
from companion.rulebook.placeholders import fill
from companion.rulebook.terms import FIELD_WEIGHTS, section_fields, terms

# The parts of a rulebook file that lookups need besides the sections.
_DATA_KEYS = ("cards", "difference")


@dataclass(frozen=True)
class Book:
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
    numbers = game_tables(game)
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
            if half != count * 2:  # kept as whole half points: the cache reads ints fastest
                raise ValueError(f"field weights must be multiples of 0.5, not {count}")
            postings[term] += (number, half)
        lengths.append(length)
    total = len(items)
    idf = {t: math.log(1 + (total - len(p) // 2 + 0.5) / (len(p) // 2 + 0.5))
           for t, p in postings.items()}
    average = sum(lengths) / max(1, total)
    titles = [frozenset(terms(item.title)) for item in items]
    data = {game: {k: v for k, v in book(game).data.items() if k in _DATA_KEYS}
            for game in GAMES}
    stats = Stats({t: tuple(p) for t, p in postings.items()}, lengths, average, idf, titles)
    return Index(items, data, {game: game_tables(game) for game in GAMES}, stats)


def save_cache(path: Path, key: bytes, idx: Index) -> None:
    """Write the index for ``key`` to ``path`` as a signed cache file, whole or not at all.
    A folder that cannot be written, or tables holding what marshal cannot keep, leave
    no cache: the next start-up builds the index again."""
    from companion import cachefile
    from companion.resources import data_home

    try:
        payload = marshal.dumps(idx.parts())
    except ValueError:
        return
    cachefile.write(path, data_home(), CACHE_FILE, key + b"\n" + payload)
