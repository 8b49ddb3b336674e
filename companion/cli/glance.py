"""A game at a glance, per kind, from its engine's status: the shell's prompt (the vital
numbers within ``budget(columns)``: the engine's prompt when it fits, else shorter forms,
at last the longest cut), and the big view for the table (``KIND big``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any


def budget(columns: int) -> int:
    """Columns the prompt may take, "> " included: seven tenths of the screen."""
    return max(columns * 7 // 10, 20)


def prompt_text(game: str | None, vitals: str, columns: int, kind: str | None = None,
                state: Callable[[], dict[str, Any]] | None = None) -> str:
    """``VITALS> `` (the game's name when it has none) in at most ``budget(columns)``
    columns. ``state``, the game's status, is asked only when the vitals are too long:
    it gives the shorter forms."""
    room = budget(columns) - 2
    forms = [vitals or game or "companion"]
    maker = SHORTER.get(kind or "")
    if vitals and len(vitals) > room and maker is not None and state is not None:
        forms += maker(state())
    for form in forms:
        if len(form) <= room:
            return f"{form}> "
    shortest = min(forms, key=len)
    return f"{shortest[: room - 2].rstrip()}..> "


def short_names(names: Sequence[str], least: int = 2) -> list[str]:
    """Each name cut to its shortest start (``least`` letters or more) no other shares."""
    out = []
    for name in names:
        size = min(least, len(name))
        while size < len(name) and any(
                other != name and other[:size].lower() == name[:size].lower()
                for other in names):
            size += 1
        out.append(name[:size])
    return out


def _over(state: dict[str, Any]) -> str:
    outcome = state.get("outcome", "playing")
    return "" if outcome == "playing" else f" [{outcome}]"


def _hebrac(state: dict[str, Any]) -> list[str]:
    where = state.get("position") or "-"
    head = f"L{state['level']} {where}"
    life = f"{state['life']}/{state['max_life']}"
    return [f"{head} life {life} mp {state['magic_points']}{_over(state)}",
            f"{head} {life} mp{state['magic_points']}{_over(state)}"]


def _tricky(state: dict[str, Any]) -> list[str]:
    players = list(state.get("players") or [])
    scores = state.get("scores") or {}
    rnd = state.get("round")
    active = rnd.get("active") if isinstance(rnd, dict) else None
    short = short_names(players)
    marked = ["*" * (p == active) + s for p, s in zip(players, short, strict=True)]
    wide = " ".join(f"{m} {scores.get(p, 0)}" for p, m in zip(players, marked, strict=True))
    tight = " ".join(f"{m}{scores.get(p, 0)}" for p, m in zip(players, marked, strict=True))
    if state.get("outcome") == "finished" or state.get("winners"):
        return [f"[finished] {wide}", f"[end] {tight}"]
    number = rnd["number"] if isinstance(rnd, dict) else state.get("rounds_played", 0) + 1
    total = state.get("rounds_total")
    head = f"R{number}" + (f"/{total}" if total else "")
    if isinstance(rnd, dict):  # who leads: the trick's cards are typed from that player
        trick = f"T{len(rnd.get('tricks') or []) + 1}"
        leader = str(rnd.get("leader", ""))
        lead = dict(zip(players, short, strict=True)).get(leader, leader)
        return [f"{head} {trick} {leader} leads | {wide}", f"{head} {trick} {lead} leads {tight}",
                f"R{number} {trick} {lead} leads {tight}", f"{head} {trick} {lead} leads",
                f"R{number} {trick} {lead} leads"]
    return [f"{head} pick | {wide}", f"{head} pick {tight}", f"R{number} {tight}"]


def _halfdeck(state: dict[str, Any]) -> list[str]:
    heroes = [h for h in state.get("heroes") or [] if isinstance(h, dict)]
    names = short_names([str(h["name"]) for h in heroes], 3)
    lives = " ".join(f"{n}{h['life']}" for n, h in zip(names, heroes, strict=True))
    head = f"R{state['round']}" + (f" {lives}" if lives else "")
    hand = state.get("hand_size", 0)
    over = _over(state)
    foe = state.get("encounter")
    if isinstance(foe, dict):
        life = f" {foe['life']}" if foe.get("life") is not None else ""
        name = str(foe["name"])
        return [f"{head} hand {hand} | {name}{life}{over}",
                f"{head} h{hand} | {name}{life}{over}",
                f"{head} h{hand} | {name[:8].rstrip()}{life}{over}",
                f"{head} |{life or ' foe'}{over}"]
    decks = f"{state.get('hero_deck', 0)}/{state.get('dungeon_deck', 0)}"
    return [f"{head} | hand {hand} | decks {decks}{over}",
            f"{head} hand {hand} decks {decks}{over}",
            f"{head} hand {hand}{over}", f"{head} h{hand}{over}"]


def _elbereth(state: dict[str, Any]) -> list[str]:
    gear = list(state.get("equipped") or [])
    marks = [m for m, on in (("coin", state.get("coin") == "face up"),
                             ("key", state.get("key"))) if on]
    head = " ".join([f"F{state['floor']}", f"gear {len(gear)}", *marks])
    miss = state.get("miss")
    tail = f" | miss vs {miss['enemy']}" if isinstance(miss, dict) else ""
    short = f" | miss {str(miss['enemy'])[:6]}" if isinstance(miss, dict) else ""
    return [f"{head}{tail}{_over(state)}", f"{head}{short}{_over(state)}",
            f"F{state['floor']} g{len(gear)}{' miss' if short else ''}{_over(state)}"]


SHORTER: dict[str, Callable[[dict[str, Any]], list[str]]] = {
    "hebrac": _hebrac, "tricky": _tricky, "halfdeck": _halfdeck, "elbereth": _elbereth,
}


# The big view's digits, five rows tall: the glyphs of these characters side by side,
# three columns each ('x' is ink: a block, or '#' where blocks cannot print), a space
# between two.
_DRAWN = "0123456789-/?"
_FONT = (
    "xxx  x  xxx xxx x x xxx xxx xxx xxx xxx       x xxx",
    "x x xx    x   x x x x   x     x x x x x       x   x",
    "x x  x  xxx  xx xxx xxx xxx  x  xxx xxx xxx  x   xx",
    "x x  x  x     x   x   x x x  x  x x   x     x      ",
    "xxx xxx xxx xxx   x xxx xxx  x  xxx xxx     x    x ",
)


def big_text(text: str, ink: str = "#") -> list[str]:
    """``text`` (digits, '-', '/') in five rows of large characters."""
    places = [_DRAWN.find(char) if char in _DRAWN else _DRAWN.index("?") for char in text]
    return [" ".join(row[4 * at:4 * at + 3] for at in places).replace("x", ink).rstrip()
            for row in _FONT]


def figures(kind: str, status: Mapping[str, Any]) -> tuple[str, list[tuple[str, str]]]:
    """A heading line and the figures that matter now: (label, value) pairs."""
    if kind == "hebrac":
        shown = [("life", f"{status['life']}/{status['max_life']}"),
                 ("magic", str(status["magic_points"]))]
        encounter = status.get("encounter") or {}
        if (isinstance(encounter, Mapping) and encounter.get("stage") == "battle"
                and encounter.get("enemy_life") is not None):
            shown.append((f"enemy {encounter.get('enemy', '')}".strip(),
                          str(encounter["enemy_life"])))
        return f"Level {status['level']}, at {status.get('position') or '-'}", shown
    if kind == "tricky":
        played = status.get("rounds_played", 0)
        total = status.get("rounds_total", 0)
        scores = status.get("scores") or {}
        return (f"Round {min(played + 1, total)} of {total}: gold",
                [(str(name), str(gold)) for name, gold in scores.items()])
    if kind == "halfdeck":
        heroes = status.get("heroes") or []
        return (f"Round {status.get('round', 1)}: life",
                [(str(hero.get("name", "?")), str(hero.get("life", "?")))
                 for hero in heroes if isinstance(hero, Mapping)])
    if kind == "elbereth":
        equipped = status.get("equipped") or []
        return ("Elbereth", [("floor", f"{status['floor']}/{status['floors']}"),
                             ("deck", str(status["deck"])),
                             ("equipped", str(len(equipped)))])
    raise ValueError(kind)


def big_lines(kind: str, status: Mapping[str, Any], columns: int, blocks: bool) -> list[str]:
    """The big view: the heading, then each figure's label and its large digits."""
    ink = "\u2588" if blocks else "#"
    heading, shown = figures(kind, status)
    outcome = status.get("outcome")
    lines = [(f"{heading} ({outcome})" if outcome and outcome != "playing" else heading)
             [:columns]]
    for label, value in shown:
        art = big_text(value, ink)  # too wide for the screen: the figure in plain digits
        lines += ["", f"{label}: {value}"[:columns]] if max(map(len, art)) > columns \
            else ["", label[:columns], *art]
    return lines
