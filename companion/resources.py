"""Where the shipped data lives: inside the installed package, or beside it in a checkout."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def resource_dir(name: str) -> Path:
    """``rulebook`` or ``examples``: in the wheel under ``companion/_data``, else the checkout."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {name} folder is missing from this installation")


def rulebook_path(filename: str) -> Path:
    return resource_dir("rulebook") / filename


def example_paths() -> list[Path]:
    return sorted(resource_dir("examples").glob("*.toml"))
