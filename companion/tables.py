"""Rule numbers: the ``rulebook/*.tables.toml`` files as parsed when the package was made
(``companion/tables.json``, made by ``scripts/ship_rulebook.py``), read once a process."""

from __future__ import annotations

from typing import Any

_TABLES: dict[str, dict[str, Any]] = {}


def tables(game: str) -> dict[str, Any]:
    """The parsed ``rulebook/<game>.tables.toml``; FileNotFoundError for a game with none."""
    if not _TABLES:
        from companion.resources import shipped

        _TABLES.update(shipped("tables.json"))
    try:
        return _TABLES[game]
    except KeyError:
        raise FileNotFoundError(f"rulebook/{game}.tables.toml") from None
