"""Rule numbers, read once from the shipped ``rulebook/*.tables.toml`` files."""

from __future__ import annotations

from typing import Any

_READ: dict[str, dict[str, Any]] = {}


def tables(game: str) -> dict[str, Any]:
    """The parsed ``rulebook/<game>.tables.toml`` (read once per process)."""
    found = _READ.get(game)
    if found is None:
        import tomllib  # only when no cached copy was handed over (``remember``)

        from companion.resources import rulebook_path

        with rulebook_path(f"{game}.tables.toml").open("rb") as handle:
            found = _READ.setdefault(game, tomllib.load(handle))
    return found


def remember(game: str, parsed: dict[str, Any]) -> None:
    """Take ``parsed`` as the game's tables, unless they were already read: the rulebook's
    index cache holds them, checked against the file's bytes, so the TOML is not parsed."""
    _READ.setdefault(game, parsed)
