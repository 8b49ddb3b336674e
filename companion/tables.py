"""Rule numbers, read once from the shipped ``rulebook/*.tables.toml`` files."""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

from companion.resources import rulebook_path


@cache
def tables(game: str) -> dict[str, Any]:
    """The parsed ``rulebook/<game>.tables.toml`` (read once per process)."""
    with rulebook_path(f"{game}.tables.toml").open("rb") as handle:
        return tomllib.load(handle)
