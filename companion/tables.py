"""Rule numbers, read once from the shipped ``rulebook/*.tables.toml`` files."""

from __future__ import annotations

from typing import Any

_READ: dict[str, dict[str, Any]] = {}
PURPOSE = "tables"  # the cache of a tables file's reading: <cache>/<game>.tables
MAX_TABLES_BYTES = 1 << 20


def tables(game: str) -> dict[str, Any]:
    """The parsed ``rulebook/<game>.tables.toml`` (read once per process)."""
    found = _READ.get(game)
    if found is None:
        found = _READ.setdefault(game, _reading(game))
    return found


def _reading(game: str) -> dict[str, Any]:
    """The file's reading: kept in the cache folder under its bytes' digest (most commands
    need only these numbers, and would otherwise load tomllib for them), else parsed."""
    from companion import cachefile
    from companion.resources import cache_home, data_home, rulebook_path

    raw = rulebook_path(f"{game}.tables.toml").read_bytes()
    folder = cache_home()
    kept = None if folder is None else folder / f"{game}.{PURPOSE}"
    if kept is not None:
        home = data_home()
        found = cachefile.reading(kept, home, PURPOSE, raw, MAX_TABLES_BYTES)
        if type(found) is dict:
            return found
    import tomllib

    parsed = tomllib.loads(raw.decode("utf-8"))
    if kept is not None:
        cachefile.keep_reading(kept, home, PURPOSE, raw, parsed)
    return parsed


def remember(game: str, parsed: dict[str, Any]) -> None:
    """Take ``parsed`` as the game's tables, unless they were already read: the rulebook's
    index cache holds them, checked against the file's bytes, so the TOML is not parsed."""
    _READ.setdefault(game, parsed)
