"""The rulebook: every rule of the four games as short sections, found by search.

``rulebook/<game>.rules.toml`` holds ``[[section]]`` entries (id, title, parent heading,
text, keywords, source); the numbers in their text are the engines' own, filled from the
game's tables (``build``). The index is built when the package is made and shipped in it
as JSON (``index.json``, ``ranking.json``): no TOML is parsed at start-up.

This module holds what every lookup needs (the sections and the shipped index, a
section by its id, the layout for a narrow terminal); ``ranking`` (search), ``cards``
(a card's facts) and ``build`` (the index made from the files, and ``--check``) are
imported only when used.

Pure: no typer, no rich; the CLI (``companion/cli/rules.py``) only prints.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
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
        return {**self._asdict(), "keywords": list(self.keywords)}


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


@cache
def _by_id() -> dict[str, Section]:
    return {s.id: s for s in index().sections}


def all_sections(games: Iterable[str] = GAMES) -> list[Section]:
    """Every section of these games, in rulebook order."""
    wanted = set(games)
    return [s for s in index().sections if s.game in wanted]


def section(section_id: str) -> Section | None:
    return _by_id().get(section_id)


def _key(text: str) -> str:
    """Typed text as an id is written: ``Spell.Escape.`` is ``spell.escape``."""
    return text.strip().lower().rstrip(".")


def _full_id(key: str, game: str | None) -> str:
    """``key`` with ``game`` in front, unless it names its game (or there is none)."""
    return key if game is None or key.split(".", 1)[0] in GAMES else f"{game}.{key}"


def find_section(text: str, game: str | None = None, alone: bool = False) -> Section | None:
    """A section by its id, or by its id without the game (``spell.escape``) for ``game``;
    with ``alone``, also without its game when one game alone has it."""
    key = _key(text)
    found = section(_full_id(key, game))
    if found is None and alone and key.split(".", 1)[0] not in GAMES:
        matches = [s for s in all_sections() if s.short_id == key]
        found = matches[0] if len(matches) == 1 else None
    return found


def sections_under(prefix: str, game: str | None = None) -> list[Section]:
    """Sections whose id starts with ``prefix.``: ``hebrac.spell`` lists the spells. Only
    dotted text counts (``spell.x`` with a game, ``hebrac.spell``), so a one-word question
    is always searched."""
    key = _key(prefix)
    if not re.fullmatch(r"[a-z0-9-]+(\.[a-z0-9-]+)+", key):
        return []
    return [s for s in all_sections() if s.id.startswith(_full_id(key, game) + ".")]


def id_shaped(text: str) -> bool:
    """Whether ``text`` is one dotted word shaped like a section id (``hebrac.spell.escape``,
    ``spell.escape``): it names a section, or it is an error (never a question to search)."""
    return re.fullmatch(r"[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)+", _key(text)) is not None


def unknown_id(text: str, game: str | None = None) -> str:
    """The error for an id that names no section: the closest ids, whole ids compared
    (``companion.names``' rule), within its game when it names one."""
    from companion.names import closest, key, spellings

    wanted = _full_id(_key(text), game)
    if wanted.split(".", 1)[0] in GAMES:
        game = wanted.split(".", 1)[0]
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
            for row in index().data.get("hebrac", {}).get("difference", [])]


def summary() -> dict[str, int]:
    counts = Counter(s.game for s in index().sections)
    return {game: counts[game] for game in GAMES}


# -- text layout: a rule's text for a narrow terminal -----------------------------------
def text_lines(text: str, width: int) -> list[str]:
    """A section's text laid out for ``width`` columns: paragraphs and ``- `` lists."""
    out: list[str] = []
    for number, block in enumerate(text.split("\n\n")):
        out += [""] if number else []
        for item in block.split("\n"):
            out += wrap(item[2:], width, "- ", "  ") if item.startswith("- ") else wrap(item, width)
    return out


def id_title_lines(item: Section, width: int, indent: str = "", short: bool = False) -> list[str]:
    """``id  title`` (the id without its game when ``short``) on one line when it fits,
    else the title below the id."""
    sid = item.short_id if short else item.id
    one = f"{indent}{sid}  {item.title}"
    if len(one) <= width:
        return [one]
    return [f"{indent}{sid}"] + wrap(item.title, width, indent + "  ", indent + "  ")


def section_lines(item: Section, width: int, also: Sequence[Section] = (),
                  sources: bool = False) -> list[str]:
    """A section sized for a phone: title, id, the text, then the related sections' ids
    on one line and where the rest is (``--sources``); with ``sources``, where it sits
    and comes from, and the related sections with their titles."""
    lines = [*wrap(item.title, width), item.id]
    if sources:
        lines += wrap(f"{GAME_TITLES.get(item.game, item.game)} > {item.parent}", width)
    lines += ["", *text_lines(item.text, width)]
    if sources:
        if item.source:
            lines += ["", *wrap(f"Source: {item.source_text()}", width, "", "  ")]
        if also:
            lines += ["", "See also:"]
            for other in also:
                lines += id_title_lines(other, width, "  ")
    elif also or item.source:
        names = [other.short_id if other.game == item.game else other.id for other in also]
        lines.append("")
        lines += wrap("See also: " + ", ".join(names), width, "", "  ") if names else []
        lines.append("Source and titles: --sources")
    return lines
