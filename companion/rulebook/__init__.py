"""The rulebook: every rule of the four games as short sections, found by search.

``rulebook/<game>.rules.toml`` holds ``[[section]]`` entries (id, title, parent heading,
text, keywords, source); the numbers in their text are the engines' own, filled from the
game's tables (``build``). The index is built when the package is made and shipped in it
as JSON (``index.json``, ``ranking.json``): no TOML is parsed at start-up.

This module holds what every lookup needs (a section by its id, the layout for a narrow
terminal) on ``sections`` (the sections and the shipped index); ``ranking`` (search),
``cards`` (a card's facts) and ``build`` (the index made from the files, and
``--check``) are imported only when used, through the functions at the end.

Pure: no typer, no rich; the CLI (``companion/cli/rules.py``) only prints.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from companion.rulebook.sections import GAME_TITLES as GAME_TITLES  # the CLI's names too
from companion.rulebook.sections import GAMES as GAMES
from companion.rulebook.sections import Section, index
from companion.rulebook.sections import wrap as wrap

if TYPE_CHECKING:
    from companion.rulebook.cards import CardFacts
    from companion.rulebook.ranking import Hit

# Text shaped like a section id (``hebrac.spell.escape``, ``spell.escape``).
ID_SHAPE = r"[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)+"


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
    """Sections whose id starts with ``prefix.``: ``hebrac.spell`` lists the spells.

    Only dotted text counts (``spell.x`` with a game, ``hebrac.spell``), so a
    one-word question is always searched.
    """
    key = _key(prefix)
    if not re.fullmatch(r"[a-z0-9-]+(\.[a-z0-9-]+)+", key):
        return []
    return [s for s in all_sections() if s.id.startswith(_full_id(key, game) + ".")]


def id_shaped(text: str) -> bool:
    """Whether ``text`` is one dotted word shaped like a section id: it names a section,
    or it is an error (never a question to search)."""
    return re.fullmatch(ID_SHAPE, _key(text)) is not None


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


# -- searching, the check and a card's facts: imported when used -------------------------
def search(text: str, game: str | None = None, prefer: str | None = None,
           limit: int = 5) -> list[Hit]:
    from companion.rulebook.ranking import search as ranked

    return ranked(text, game, prefer, limit)


def check(games: Sequence[str] = GAMES, code_root: Path | None = None) -> list[str]:
    from companion.rulebook.build import check as problems

    return problems(games, code_root)


def hebrac_card(text: str) -> CardFacts | None:
    """What a standard card is and does in Hebrac's Dungeon; None if ``text`` is no card."""
    # Card.parse reads only 2-3 signs (``10H``, ``♥10``), a joker's name (at most 5
    # letters) or ``RANK of SUIT``: other text needs no import of the cards module.
    lowered = " ".join(text.lower().split())
    if len(lowered.replace(" ", "")) > 5 and " of " not in lowered:
        return None
    from companion.rulebook.cards import hebrac_card as facts

    return facts(text)
