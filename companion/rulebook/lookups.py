"""The index, loaded once per process, and the lookups that read it: sections by id,
the contents, the rulebook files' extra tables.

The index is read from its cache file without parsing TOML when the cache is
current; otherwise ``build`` (the layer below, imported only then) makes it
and it is saved for the next start-up.
"""

from __future__ import annotations

import marshal
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.rulebook.model import (
    CACHE_FILE,
    CACHE_FORMAT,
    GAME_TITLES,
    GAMES,
    MAX_CACHE_BYTES,
    Index,
    Section,
    Stats,
)

if TYPE_CHECKING:
    from companion.rulebook.build import Book

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


def _built_stats() -> Stats:
    """The ranking stats made afresh, for a cached index whose packed stats do not read."""
    from companion.rulebook.build import build_index

    return build_index().stats


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
        return Index.from_parts(marshal.loads(payload), rebuild=_built_stats)
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
