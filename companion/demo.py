"""``companion demo``: replay an example game in a throwaway home, printing every ruling."""

from __future__ import annotations

import tempfile
import tomllib
from pathlib import Path

from companion.errors import BadInput
from companion.resources import example_paths
from companion.session import Games
from companion.store import Store

DEFAULT_EXAMPLE = "hebrac-every-enemy"


def find_example(name: str | None) -> Path:
    # Only saved games: examples/ also holds data such as a card catalog.
    paths = {p.stem: p for p in example_paths()
             if "kind" in tomllib.loads(p.read_text("utf-8"))}
    wanted = name or DEFAULT_EXAMPLE
    if wanted not in paths:
        raise BadInput(f"{wanted!r} is not an example: expected one of {', '.join(sorted(paths))}")
    return paths[wanted]


def run_demo(name: str | None = None) -> list[str]:
    path = find_example(name)
    data = tomllib.loads(path.read_text("utf-8"))
    lines = [f"Demo: {path.stem} ({data['kind']}), replayed in a temporary home."]
    lines += [f"  {note}" for note in data.get("notes", [])]
    with tempfile.TemporaryDirectory(prefix="companion-demo-") as home:
        games = Games(Store(Path(home)))
        opened = games.new(data["kind"], data["settings"], path.stem)
        for action in data["actions"]:
            opened, applied = games.act(path.stem, action)
            lines.append(f"> {data['kind']} {applied.action}")
            lines += [f"  {line}" for line in applied.lines]
        lines.append("Final state:")
        lines += opened.engine.status_lines(40)
    return lines
