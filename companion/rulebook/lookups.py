"""The index, loaded once per process from the data file shipped in the package
(``companion.rulebook.build`` makes it), and the lookups that read it: sections by
id, the contents, the rulebook files' extra tables.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from companion.rulebook.model import GAME_TITLES, GAMES, Index, Section

if TYPE_CHECKING:
    from companion.rulebook.build import Book

_INDEX: list[Index] = []


def index() -> Index:
    """The search index over every game's sections (read once per process)."""
    if not _INDEX:
        from companion.resources import shipped

        found = shipped("rulebook/index.json")
        _INDEX.append(Index([Section._make((*row[:6], tuple(row[6]), row[7]))
                             for row in found["sections"]], found["data"]))
    return _INDEX[0]


# -- lookups ------------------------------------------------------------------------
def book_data(game: str) -> dict[str, Any]:
    """A rulebook's extra tables (``cards``, ``difference``), from the index."""
    return index().data.get(game, {})


def book(game: str) -> Book:
    """The game's rulebook file, read once (``companion.rulebook.build``)."""
    from companion.rulebook.build import book as read

    return read(game)


def all_sections(games: Iterable[str] = GAMES) -> list[Section]:
    """Every section of these games, in rulebook order (from the index)."""
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


ID_SHAPE = r"[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)+"
"""Text shaped like a section id (``hebrac.spell.escape``, ``spell.escape``)."""


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
    from companion.names import closest, spellings
    from companion.names import key as name_key

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
            table.setdefault(name_key(item.short_id), item.id)
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
    return [{k: str(v) for k, v in row.items()} for row in book_data("hebrac").get(
        "difference", [])]


def summary() -> dict[str, int]:
    """Section count per game."""
    sections = all_sections()
    return {game: sum(1 for s in sections if s.game == game) for game in GAMES}
