"""Reading the rulebook files: building the search index when the package is made, and
checking them (``companion rules --check``: ids, texts, numbers, coverage).

The text's ``{path}`` placeholders are filled from the game's tables here (rule texts
name the engines' numbers rather than typing them, so a changed table changes the
text). The finished index and the tables are written as JSON files shipped in the
package (``shipped_sources``, by ``scripts/ship_rulebook.py``); a test fails when they
are stale against ``rulebook/*.toml``.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections import defaultdict
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from companion.cards import full_deck
from companion.errors import DataProblem
from companion.halfdeck.cards import KINDS
from companion.resources import rulebook_path
from companion.rulebook import GAMES, SECTION_ID, Index, Section, hebrac_card_rows, index
from companion.rulebook.ranking import terms
from companion.values import Value

FIELD_WEIGHTS = {"title": 3.0, "keywords": 2.5, "id": 1.5, "parent": 0.5, "text": 1.0}
_PLACEHOLDER = re.compile(r"\{([A-Za-z0-9_.-]+)(?:\|([a-z]+))?\}")


class Book(Value):
    """One game's rulebook file: its sections and its extra tables (cards, differences)."""

    game: str
    sections: tuple[Section, ...]
    data: dict[str, Any]
    problems: tuple[str, ...] = ()


# -- {path} placeholders -------------------------------------------------------------
def lookup(data: Any, path: str) -> Any:
    """The value at a dotted ``path`` of a tables dict; KeyError when there is none."""
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
        return "\n".join(f"- {start + 1}-{start + len(value[start:start + 5])}: "
                         f"{' '.join(map(str, value[start:start + 5]))}"
                         for start in range(0, len(value), 5))
    if style == "pair" and isinstance(value, list) and len(value) == 2:
        return f"{value[0]} with 2-3 players, {value[1]} with 4"
    if style == "costs" and isinstance(value, dict):
        return "\n".join(f"- {row['name']}: {row['cost']}"
                         + (f" per {row['unit']}" if row.get("unit") else "")
                         for row in value.values())
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
            return _render_value(lookup(numbers, path), style)
        except KeyError:
            problems.append(f"{{{path}}}: no such number in the tables")
        except ValueError as error:
            problems.append(f"{{{path}}}: {error}")
        return match.group(0)

    return _PLACEHOLDER.sub(one, text), problems


# -- the rulebook files --------------------------------------------------------------
def normalise_text(text: str) -> str:
    """Paragraphs joined into one line each, list items one per line, blocks by blank
    lines: in the TOML a line starting ``- `` opens a list item, an indented line
    continues it, a plain line continues a paragraph."""
    blocks: list[str] = []
    for chunk in re.split(r"\n\s*\n", text.strip()):
        items: list[str] = []
        for line in chunk.splitlines():
            stripped = line.strip()
            if not stripped:
                continue
            if items and not stripped.startswith("- ") and (
                    line[0].isspace() or not items[-1].startswith("- ")):
                items[-1] += " " + stripped
            else:
                items.append(stripped)
        if items:
            blocks.append("\n".join(items))
    return "\n\n".join(blocks)


def _toml(name: str) -> dict[str, Any] | None:
    """A file of ``rulebook/`` as parsed; None when there is none."""
    path = rulebook_path(name)
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        return None
    except tomllib.TOMLDecodeError as error:
        raise DataProblem(f"{path.name} is not valid TOML: {error}") from error


@cache
def book(game: str) -> Book:
    """The game's rulebook, read once; placeholder problems are kept for ``check``."""
    data = _toml(f"{game}.rules.toml")
    if data is None:
        raise DataProblem(f"the rulebook for {game} is missing ({game}.rules.toml)")
    numbers = tables_file(game)
    sections: list[Section] = []
    problems: list[str] = []
    for number, row in enumerate(data.get("section", []), start=1):
        sid = str(row.get("id", "")) or f"{game}.<section {number}>"
        text, missing = fill(normalise_text(str(row.get("text", ""))), numbers)
        problems += [f"{sid}: {p}" for p in missing]
        keywords = row.get("keywords", [])
        sections.append(Section(
            id=sid, game=game, title=str(row.get("title", "")).strip(),
            parent=str(row.get("parent", "")).strip(), text=text,
            keywords=tuple(str(k) for k in keywords) if isinstance(keywords, list) else (),
            source=str(row.get("source", "")).strip()))
    return Book(game, tuple(sections), data, tuple(problems))


@cache
def tables_file(game: str) -> dict[str, Any] | None:
    """The game's tables file as parsed (not ``resources.tables``, which reads the shipped
    file made from it); None when there is none."""
    return _toml(f"{game}.tables.toml")


def _shipped_data(game: str) -> dict[str, Any]:
    """What lookups need of a rulebook file besides its sections: the cards (their
    summaries filled here, so a card's lookup reads no tables) and the differences."""
    data = {k: v for k, v in book(game).data.items() if k in ("cards", "difference")}
    if "cards" in data:
        data["cards"] = {role: {key: {**entry, "summary": fill(str(entry["summary"]),
                                                               tables_file(game))[0]}
                                for key, entry in entries.items()}
                         for role, entries in data["cards"].items()}
    return data


# -- the index ------------------------------------------------------------------------
def build_index() -> tuple[Index, dict[str, Any]]:
    """The index over every game's sections and the ranking's figures, from the rulebook
    files."""
    items = [s for game in GAMES for s in book(game).sections]
    postings: dict[str, list[int]] = defaultdict(list)
    lengths: list[float] = []
    for number, item in enumerate(items):
        counts: dict[str, float] = defaultdict(float)
        fields = {"title": item.title, "keywords": " ".join(item.keywords),
                  "id": item.short_id.replace(".", " ").replace("-", " "),
                  "parent": item.parent, "text": item.text}
        for name, value in fields.items():
            for term in terms(value):
                counts[term] += FIELD_WEIGHTS[name]
        for term, count in counts.items():
            half = int(count * 2)
            if half != count * 2:  # kept as whole half points: whole numbers ship smallest
                raise ValueError(f"field weights must be multiples of 0.5, not {count}")
            postings[term] += (number, half)
        lengths.append(sum(counts.values()))  # exact: whole half points
    stats = {"postings": {t: " ".join(map(str, p)) for t, p in postings.items()},
             "lengths": lengths, "average": sum(lengths) / max(1, len(items)),
             "titles": [sorted(set(terms(item.title))) for item in items]}
    return Index(items, {game: _shipped_data(game) for game in GAMES}), stats


def _json(value: object) -> str:
    """Compact JSON, one file a line: plain data, read back by ``json.loads``."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n"


def shipped_sources() -> dict[str, str]:
    """The text of each shipped data file, by its path in the checkout."""
    tables = {game: found for game in GAMES if (found := tables_file(game)) is not None}
    idx, stats = build_index()
    return {
        "companion/tables.json": _json(tables),
        "companion/rulebook/index.json": _json({"sections": idx.sections, "data": idx.data}),
        "companion/rulebook/ranking.json": _json(stats),
    }


# -- the check ------------------------------------------------------------------------
# How engines name a section in a refusal: a double-quoted id literal
# ("tricky.two-player", "hebrac.spell.escape"), file names aside.
CODE_ID = re.compile(rf'"({SECTION_ID})(?<!\.toml)(?<!\.py)"')


def code_rule_ids(root: Path | None = None) -> dict[str, list[str]]:
    """Section ids named as string literals in the package's code, with the files naming them."""
    base = root or Path(__file__).resolve().parents[1]
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
    books = []
    for game in games:
        try:
            books.append(book(game))
        except DataProblem as error:
            problems.append(str(error))
    known = {s.id for b in books for s in b.sections}
    seen: set[str] = set()
    for item_book in books:
        problems += item_book.problems
        for item in item_book.sections:
            game = item_book.game
            faults = {f"the id must look like {game}.topic.name":
                      not re.fullmatch(SECTION_ID, item.id) or not item.id.startswith(game + "."),
                      "id used twice": item.id in seen, "no title": not item.title,
                      "no parent": not item.parent, "no source": not item.source,
                      "empty text": not item.text.strip(),
                      "no keywords": not item.keywords or not all(k.strip() for k in item.keywords),
                      **{f"names {ref}, which is not a section": ref not in known
                         for ref in item.references()}}
            problems += [f"{item.id}: {fault}" for fault, found in faults.items() if found]
            seen.add(item.id)
        problems += _check_covers(item_book)
    if "hebrac" in games:
        problems += _check_hebrac_cards(known)
    if "halfdeck" in games:
        problems += [f"halfdeck card kind {kind}: no section halfdeck.card.{kind}"
                     for kind in KINDS if f"halfdeck.card.{kind}" not in known]
    for sid, files in sorted(code_rule_ids(code_root).items()):
        if sid.split(".", 1)[0] in games and sid not in known:
            problems.append(f"{sid} (named in {', '.join(files)}) is not a section")
    return problems


def _check_covers(item_book: Book) -> list[str]:
    """Every spell, hero, card... listed in the tables has its section."""
    problems = []
    known = {s.id for s in item_book.sections}
    for cover in item_book.data.get("covers", []):
        path = str(cover["table"])
        try:
            table = lookup(tables_file(item_book.game) or {}, path)
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
    """Every card of the deck, as enemy and as treasure, and every difference of the two
    texts, has its section."""
    problems = []
    for card in full_deck(jokers=1):
        rows = hebrac_card_rows(card)
        if None in rows:
            problems.append(f"hebrac.rules.toml has no [cards] entry for {card}")
        problems += [f"card {card}: {row['section']} is not a section"
                     for row in rows if row is not None and row["section"] not in known]
    problems += [f"difference {row.get('topic')!r}: {row.get('section')} is not a section"
                 for row in index().data.get("hebrac", {}).get("difference", [])
                 if row.get("section") not in known]
    return problems
