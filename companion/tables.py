"""Rule numbers: the shipped ``rulebook/*.tables.toml`` files, as parsed when the package
was made (``companion/tables_data.py``, made by ``scripts/ship_rulebook.py``)."""

from __future__ import annotations

from typing import Any


def tables(game: str) -> dict[str, Any]:
    """The parsed ``rulebook/<game>.tables.toml``; FileNotFoundError for a game with none."""
    from companion.tables_data import TABLES

    try:
        found: dict[str, Any] = TABLES[game]
    except KeyError:
        raise FileNotFoundError(f"rulebook/{game}.tables.toml") from None
    return found
