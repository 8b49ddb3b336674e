"""``companion demo``: replay an example game in a throwaway home, printing every ruling."""

from __future__ import annotations

import tempfile
import tomllib
from pathlib import Path

from companion.errors import BadInput
from companion.game import load_kind
from companion.resources import example_paths
from companion.session import Games
from companion.store import Store
from companion.values import Value

DEFAULT_EXAMPLE = "hebrac-every-enemy"


class Demo(Value):
    """An example replayed: its kind, what it printed, and the first move of a new game
    of that kind (what a player types after 'new')."""

    kind: str
    lines: tuple[str, ...]
    first: str | None


def run_demo(name: str | None = None) -> Demo:
    stem = name or DEFAULT_EXAMPLE
    paths = {p.stem: p for p in example_paths()}
    data = tomllib.loads(paths[stem].read_text("utf-8")) if stem in paths else {}
    if "kind" not in data:  # examples/ also holds data such as a card catalog
        found = [s for s, p in paths.items() if "kind" in tomllib.loads(p.read_text("utf-8"))]
        raise BadInput(f"{stem!r} is not an example: expected one of {', '.join(sorted(found))}")
    kind = data["kind"]
    lines = [f"Demo: {stem} ({kind}), replayed in a temporary home."]
    lines += [f"  {note}" for note in data.get("notes", [])]
    with tempfile.TemporaryDirectory(prefix="companion-demo-") as home:
        # Saved once with every action, as an imported game is: one replay, one write.
        opened = Games(Store(Path(home))).new(kind, data["settings"], stem, data["actions"])
        first = load_kind(kind).new_engine(opened.settings).status().get("next")
        for applied in opened.applied:
            lines.append(f"> {kind} {applied.action}")
            lines += [f"  {line}" for line in applied.lines]
        lines.append("Final state:")
        lines += _without_next(opened.engine.status_lines(40))
    return Demo(kind, tuple(lines), str(first) if first else None)


def _without_next(lines: list[str]) -> list[str]:
    """Status lines without their 'Next:' hint (and its wrapped lines): the demo's game
    is gone once it ends, so its next move is no one's."""
    at = next((at for at, line in enumerate(lines) if line.startswith("Next: ")), None)
    if at is None:
        return lines
    end = at + 1
    while end < len(lines) and lines[end].startswith(" "):
        end += 1
    return lines[:at] + lines[end:]
