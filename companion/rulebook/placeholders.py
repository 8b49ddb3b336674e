"""``{path}`` placeholders in rule texts, filled from the game's tables.

Rule texts name the engines' numbers (``{prices.ace}``, ``{spells|costs}``)
rather than typing them, so a changed table changes the text.
"""

from __future__ import annotations

import re
from typing import Any

_PLACEHOLDER = re.compile(r"\{([A-Za-z0-9_.-]+)(?:\|([a-z]+))?\}")


def lookup(data: Any, path: str) -> Any:
    """The value at a dotted ``path`` of a tables dict; KeyError when there is none."""
    for part in path.split("."):
        if not isinstance(data, dict) or part not in data:
            raise KeyError(path)
        data = data[part]
    return data


def _render_value(value: Any, style: str | None) -> str:
    if style is None:
        if isinstance(value, dict):
            raise ValueError("a table needs a style, like |costs")
        if isinstance(value, list):
            return ", ".join(str(v) for v in value)
        return str(value)
    if style == "ranked" and isinstance(value, list):
        lines = []
        for start in range(0, len(value), 5):
            group = value[start:start + 5]
            lines.append(f"- {start + 1}-{start + len(group)}: {' '.join(map(str, group))}")
        return "\n".join(lines)
    if style == "pair" and isinstance(value, list) and len(value) == 2:
        return f"{value[0]} with 2-3 players, {value[1]} with 4"
    if style == "lines" and isinstance(value, list):
        return "\n".join(f"- {item}" for item in value)
    if style == "costs" and isinstance(value, dict):
        lines = []
        for row in value.values():
            unit = f" per {row['unit']}" if row.get("unit") else ""
            lines.append(f"- {row['name']}: {row['cost']}{unit}")
        return "\n".join(lines)
    raise ValueError(f"unknown style |{style}")


def fill(text: str, numbers: dict[str, Any] | None) -> tuple[str, list[str]]:
    """Fill ``{path}`` placeholders from a tables dict; return the text and the problems."""
    problems: list[str] = []

    def one(match: re.Match[str]) -> str:
        path, style = match.group(1), match.group(2)
        if numbers is None:
            problems.append(f"{{{path}}}: the game has no tables file")
            return match.group(0)
        try:
            return _render_value(lookup(numbers, path), style)
        except KeyError:
            problems.append(f"{{{path}}}: no such number in the tables")
        except ValueError as error:
            problems.append(f"{{{path}}}: {error}")
        return match.group(0)

    return _PLACEHOLDER.sub(one, text), problems
