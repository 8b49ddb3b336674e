"""The end-of-game summary: a few lines at 40 columns, from a game's ``History``.

Shown when a game ends and by ``companion KIND summary`` at any time; every
figure comes from ``companion.history`` (the engines' state, replayed).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import accumulate, pairwise
from typing import TYPE_CHECKING, cast

from companion.history import History, Series, trail_series
from companion.spark import labelled
from companion.text import wrap

if TYPE_CHECKING:
    from companion.game import Engine
    from companion.history import (
        Battle,
        ElberethFacts,
        HalfDeckFacts,
        HebracCall,
        HebracFacts,
        TrickyFacts,
    )
    from companion.tricky.engine import TrickyGame

def summary_lines(history: History, name: str, width: int = 40, *,
                  ascii_only: bool = False) -> list[str]:
    width = max(30, width)
    lines = WRITERS[history.kind](history, name, width, ascii_only)
    if history.kind != "tricky":  # a chart under the heading; Tricky's is its running gold
        lines[1:1] = _sparks(history.series, width, ascii_only)
    return [part for line in lines for part in wrap(line, width)]


def _joined(items: Sequence[str]) -> str:
    return ", ".join(items) if items else "none"


def _counted(counts: Mapping[str, int]) -> str:
    return _joined([f"{name} {count}" if count > 1 else name for name, count in counts.items()])


def _sparks(series: Sequence[Series], width: int, ascii_only: bool,
            *, dead: bool = True, top: int | None = None) -> list[str]:
    """A sparkline per series, labels padded alike, on one scale (up to ``top``, else the
    highest value)."""
    label_width = max((len(line.label) for line in series), default=0)
    if top is None:
        top = max((v for line in series for v in line.values if v is not None), default=None)
    return [labelled(line.label, line.values, width, ascii_only=ascii_only, dead_at_zero=dead,
                     label_width=label_width, top=top) for line in series]


def _running_gold(players: Sequence[str], done: Sequence[Sequence[int]], width: int,
                  ascii_only: bool, top: int) -> list[str]:
    """Each player's gold after each round done (each round's gold by seat), from 0."""
    return _sparks([Series(player, [0, *accumulate(gold[seat] for gold in done)])
                    for seat, player in enumerate(players)], width, ascii_only, dead=False,
                   top=top)


# -- Hebrac's Dungeon ----------------------------------------------------------------
def _hebrac(history: History, name: str, width: int, ascii_only: bool) -> list[str]:
    facts = cast("HebracFacts", history.facts)
    lines = [f"{name}: {history.outcome}, level {facts['level']}"]
    lines.append(f"Chambers cleared: {facts['cleared']}")
    lines.append(f"Battles: {facts['battles_won']} won, {facts['battles_lost']} lost")
    lines.append(f"Life lost {facts['life_lost']}, healed {facts['life_healed']}")
    call = facts["closest_call"]
    if call:
        lines.append(f"Lowest life survived: {call['life']}, "
                     f"{_hebrac_when(history, facts, call)}")
    lines.append(f"Spells: {_counted(Counter(facts['spells_cast']))}")
    lines.append(f"Treasure kept: {_joined(facts['treasure'])}")
    if history.outcome == "dead":
        lines.append(f"Killed by: {_hebrac_killer(facts)}")
    if facts["battles"]:
        lines.append(f"  {'Where':<6} {'Enemy':<14} Rnd Life")
        for battle in facts["battles"]:
            result = "" if battle["result"] == "won" else f" {battle['result']}"
            where = f"L{battle['level']} {battle['chamber']}"
            lines.append(f"  {where:<6} {battle['enemy']:<14} {battle['rounds']:>3} "
                         f"{-battle['life_lost']:>4}{result}")
    return lines


def _hebrac_where(facts: HebracFacts, battle: Battle) -> str:
    """``C2``, or ``C2 on level 2`` once the game has gone past level 1 (chambers repeat)."""
    return f"{battle['chamber']}" + (f" on level {battle['level']}" if facts["level"] > 1 else "")


def _hebrac_when(history: History, facts: HebracFacts, call: HebracCall) -> str:
    """Where the lowest life was reached: in the battle it fell in, when the life line
    shows that battle's damage to be every loss from its first round to the next
    battle (so no other loss, such as Hebrac's game, is taken for it); else the action."""
    point = call["action"]
    battles = facts["battles"]
    life = [0 if value is None else value for value in history.series[0].values]
    for at, battle in enumerate(battles):
        end = battles[at + 1]["start"] if at + 1 < len(battles) else len(life)
        if battle["start"] <= point < end:
            window = life[battle["start"] - 1:end]
            lost = sum(max(0, a - b) for a, b in pairwise(window))
            if lost == battle["life_lost"]:
                return f"fighting the {battle['enemy']} in {_hebrac_where(facts, battle)}"
    level = _mark_at(history, point, 1)
    return f"after action {point}" + (f" on level {level}" if facts["level"] > 1 else "")


def _hebrac_killer(facts: HebracFacts) -> str:
    """The enemy of the battle that took the last life, and in which round. A death with
    no battle lost came from Hebrac's game: outside a battle only it costs life."""
    lost = [b for b in facts["battles"] if b["result"] == "lost"]
    if not lost or not facts["killed_by"]:
        return "Hebrac's game"
    battle = lost[-1]
    return f"{facts['killed_by']} in {_hebrac_where(facts, battle)}, round {battle['rounds']}"


# -- Tricky Dungeon -------------------------------------------------------------------
def _tricky(history: History, name: str, width: int, ascii_only: bool) -> list[str]:
    facts = cast("TrickyFacts", history.facts)
    players = facts["players"]
    scores = facts["scores"]
    if facts["winners"]:
        winners = " and ".join(facts["winners"])
        verb = "share the win" if len(facts["winners"]) > 1 else "wins"
        head = f"{name}: {winners} {verb} with {scores[facts['winners'][0]]} gold"
    else:
        head = f"{name}: playing, {len(facts['rounds'])} rounds scored"
    lines = [head, *_gold_table(facts, width), "Running gold:"]
    done = [[row["gold"][player] for player in players] for row in facts["rounds"]]
    lines += _running_gold(players, done, width, ascii_only, max(scores.values(), default=0))
    best = [f"{player} {top['hero']} {top['gold']}" for player in players
            if (top := facts["best_hero"][player]) is not None and top["gold"] > 0]
    if best:
        lines.append(f"Best hero: {', '.join(best)}")
    return lines


def _gold_table(facts: TrickyFacts, width: int) -> list[str]:
    """A row per round: number, hero (shortened to fit) and each player's gold."""
    players = facts["players"]
    column = max(3, min(5, max(len(p) for p in players)))
    names = "".join(f" {p[:column]:>{column}}" for p in players)
    hero_width = max(6, width - 3 - len(names) - 1)
    lines = [f"{'#':>2} {'Hero':<{hero_width}}{names}"]
    for row in facts["rounds"]:
        gold = "".join(f" {row['gold'][p]:>{column}}" for p in players)
        lines.append(f"{row['round']:>2} {row['hero'][:hero_width]:<{hero_width}}{gold}")
    total = "".join(f" {facts['scores'][p]:>{column}}" for p in players)
    lines.append(f"{'':>2} {'Total':<{hero_width}}{total}")
    return lines


# -- Half Deck Dungeon Heroes ----------------------------------------------------------
def _halfdeck(history: History, name: str, width: int, ascii_only: bool) -> list[str]:
    facts = cast("HalfDeckFacts", history.facts)
    outcome = history.outcome
    if facts["won_by"]:
        outcome += f" ({facts['won_by']})"
    lines = [f"{name}: {outcome}, round {facts['round']}"]
    lines.append(f"Fallen: {_joined(facts['fallen'])}")
    lines.append(f"Foes defeated {sum(facts['defeated'].values())}, "
                 f"escaped {facts['escaped']}; traps {facts['traps']}")
    lines.append(f"Life lost {facts['life_lost']}, healed {facts['life_healed']}")
    call = facts["closest_call"]
    if call:
        lines.append(f"Lowest life survived: {call['hero']} {call['life']}, round "
                     f"{_mark_at(history, call['action'], 0)}")
    return lines


def _mark_at(history: History, point: int, default: int) -> int:
    """The level or round under way at ``point``: the last one begun by then (its mark)."""
    return max((int(label[1:]) for at, label in history.marks if at <= point), default=default)


# -- Elbereth --------------------------------------------------------------------------
def _elbereth(history: History, name: str, width: int, ascii_only: bool) -> list[str]:
    facts = cast("ElberethFacts", history.facts)
    lines = [f"{name}: {history.outcome}, floor {facts['floor']} of {facts['floors']}"]
    lines.append(f"Beaten: {_counted(facts['beaten'])}")
    if facts["bosses_met"]:
        lines.append(f"Bosses met: {_joined(list(facts['bosses_met']))}")
    lines.append(f"Misses {facts['misses']}, walls broken {facts['walls']}")
    lines.append(f"Equipment lost: {_joined(facts['equipment_lost'])}")
    if facts["beaten_by"]:
        lines.append(f"Beaten by: {facts['beaten_by']}")
    return lines


WRITERS: dict[str, Callable[[History, str, int, bool], list[str]]] = {
    "hebrac": _hebrac,
    "tricky": _tricky,
    "halfdeck": _halfdeck,
    "elbereth": _elbereth,
}


def trail_sparks(engine: Engine, width: int, *, ascii_only: bool = False) -> list[str]:
    """The status's sparkline from the engine's own record of each action: life (Hebrac),
    each hero's life (Half Deck), equipment left (Elbereth), gold per round (Tricky)."""
    kind = type(engine).__module__.split(".")[-2]  # companion.<kind>.engine
    if kind == "tricky":
        tricky = cast("TrickyGame", engine)
        done = [r.gold for r in tricky.rounds if r.gold is not None]  # the rounds done
        return _running_gold(tricky.players, done, width, ascii_only,
                             max(tricky.totals)) if done else []
    series = trail_series(kind, engine)
    # a line needs two points; Half Deck has none before a hero is in play
    return _sparks(series, width, ascii_only) if series and len(series[0].values) > 1 else []
