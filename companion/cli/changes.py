"""What an undo or a redo changed, in one line, from the status before and after: what
the players see move (``Changed: life 13 -> 15; inventory -7C``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any


def _foe(state: dict[str, Any]) -> Any:
    foe = state.get("encounter")
    if not isinstance(foe, dict):
        return None
    return f"{foe['name']} {foe['life']}" if foe.get("life") is not None else foe["name"]


# Per game kind: the label shown and where the value is (a key of the status, or what
# finds it there), in the order shown.
WATCHED: dict[str, tuple[tuple[str, str | Callable[[dict[str, Any]], Any]], ...]] = {
    "hebrac": (("level", "level"), ("life", "life"), ("magic", "magic_points"),
               ("gems", "gems"), ("inventory", "inventory"), ("cleared", "cleared"),
               ("at", "position")),
    "tricky": (("rounds", "rounds_played"),
               ("tricks", lambda state: len(state["round"].get("tricks") or [])
                if isinstance(state.get("round"), dict) else None),
               ("gold", "scores")),
    "halfdeck": (("round", "round"), ("life", "lives"),
                 ("hand", lambda state: [card for cards in (state.get("hands") or {}).values()
                                         for card in cards]),
                 ("gear", "gear"), ("foe", _foe), ("dungeon deck", "dungeon_deck")),
    "elbereth": (("floor", "floor"), ("gear", lambda state: sorted(state.get("equipped") or [])),
                 ("coin", "coin"), ("key", "key"),
                 ("miss vs", lambda state: state["miss"].get("enemy")
                  if isinstance(state.get("miss"), dict) else None)),
}


def change_line(kind: str, before: dict[str, Any], after: dict[str, Any]) -> str:
    """``label change`` for each watched value that moved, or that none did."""
    found = []
    for label, where in WATCHED.get(kind, ()):
        old, new = (state.get(where) if isinstance(where, str) else where(state)
                    for state in (before, after))
        if text := _change(old, new):
            found.append(f"{label} {text}")
    return "Changed: " + "; ".join(found) if found else "Changed: nothing the status shows"


def _change(old: Any, new: Any) -> str:
    if old == new:
        return ""
    if isinstance(old, list) or isinstance(new, list):
        gone = Counter(map(str, old or [])) - Counter(map(str, new or []))
        came = Counter(map(str, new or [])) - Counter(map(str, old or []))
        return " ".join([f"+{c}" for c in came.elements()] + [f"-{c}" for c in gone.elements()])
    if isinstance(old, dict) or isinstance(new, dict):
        old, new = old or {}, new or {}
        parts = [f"{name} {_show(old.get(name))} -> {_show(new.get(name))}"
                 for name in dict.fromkeys([*old, *new]) if old.get(name) != new.get(name)]
        return ", ".join(parts)
    return f"{_show(old)} -> {_show(new)}"


def _show(value: Any) -> str:
    if value is None:
        return "-"
    if value is True or value is False:
        return "yes" if value else "no"
    return str(value)
