"""Elbereth: the dungeon log (a saved game) and the blank sheet.

Floors 1 to 7 (what was beaten, walls broken, the boss, the key and the
stairs), the six pieces of equipment and their state, the coin and the key;
on the side the enemies' strengths, the bosses, the wall die and what to do
after a miss.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from companion import plain
from companion.sheets.model import (
    Fields,
    Para,
    Section,
    Sheet,
    Table,
    chart_section,
    counted,
    notes_section,
    outcome,
)
from companion.tables import tables  # not the engine's: a blank sheet needs no engine

if TYPE_CHECKING:
    from companion.history import History

STATE_NOTE = "State: equipped (face up), face down (used, or not found yet), or discarded."


# -- the saved game ---------------------------------------------------------------
def game_sheet(name: str, settings: Mapping[str, object], status: Mapping[str, object],
               notes: Sequence[str], history: History) -> Sheet:
    """``status``: the engine's (``ElberethGame.status``), each value read as it is used."""
    floors = plain.integer(status["floors"])
    now = plain.integer(status["floor"])
    equip = plain.items(settings["equip"], plain.text)
    lines = [f"Game {name}: {outcome(status, 'won', 'lost')}, floor {now} of {floors}",
             f"Started with {' and '.join(equip)}"
             + ("; boss expansion" if settings.get("bosses") else "")]
    if status.get("next"):
        lines.append(f"Next: {status['next']}")
    rows = [_floor_row(number, floor, done=True)
            for number, floor in enumerate(history.floors, start=1)]
    rows.append(_floor_row(now, status, done=False))
    main = [
        _floors(rows, now, floors),
        _equipment(plain.table(status["equipment"], plain.text, plain.text)),
        chart_section(history),
        Section("Coin and key", (Fields((
            ("Coin", str(status["coin"])),
            ("Key", "held" if status["key"] else "not held"),
            ("Beaten in all", counted(status["beaten_total"]) or "nothing yet"),
            ("Cards removed unseen", str(status["removed"])),
        )),)),
        *notes_section(notes),
    ]
    return Sheet("elbereth", name, lines, [*main, *reference(bool(settings.get("bosses")))])


def _floor_row(number: int, floor: Mapping[str, object], *, done: bool) -> tuple[str, ...]:
    boss = plain.optional(plain.text)(floor.get("floor_boss")) or ""
    beaten = counted(floor["beaten_here"], leave_out=boss)
    if boss and floor.get("boss_beaten"):
        boss += " (beaten)"
    key = "used" if done else ("held" if floor["key"] else "")
    stairs = "taken" if done else ("found" if floor["stairs"] else "")
    label = str(number) if done else f"{number} (now)"
    return (label, beaten, str(floor["walls_here"] or ""), boss, key, stairs)


def _floors(rows: list[tuple[str, ...]], last: int, floors: int) -> Section:
    """The floors played, then a row to write in for each floor after ``last``."""
    rows = [*rows, *((str(n),) + ("",) * 5 for n in range(last + 1, floors + 1))]
    return Section("Floors", (Table(("Floor", "Beaten", "Walls", "Boss", "Key", "Stairs"),
                                    tuple(rows), title="Floor {0}", writing=last < floors),))


def _equipment(states: Mapping[str, str] | None) -> Section:
    """The six items with their state; with no game, a column to write it in."""
    equipment = tables("elbereth")["equipment"]
    items = ([(item, "attack") for item in equipment["offensive"]]
             + [(item, "defence") for item in equipment["protective"]])
    return Section("Equipment", (Table(("Item", "Use", "State"), tuple(
        (item, use, "" if states is None else states[item]) for item, use in items),
        title="{0} ({1})", key=2, writing=states is None, note=STATE_NOTE),))


# -- the blank sheet --------------------------------------------------------------
def blank_sheet() -> Sheet:
    main = [
        _floors([], 0, int(tables("elbereth")["deck"]["floors"])),
        _equipment(None),
        Section("Coin and key", (Fields((("Coin", ""), ("Key", ""))),)),
    ]
    lines = (f"Pick {tables('elbereth')['equipment']['start']} pieces of equipment to start with. "
             "Date: ________",)
    return Sheet("elbereth", "", lines, [*main, *reference(True)])


# -- the side: reference ----------------------------------------------------------
def reference(bosses: bool) -> list[Section]:
    data = tables("elbereth")
    enemies = Fields(tuple((name.capitalize(), f"strength {row['strength']}")
                           for name, row in data["enemies"].items()))
    sections = [Section("Enemies", (enemies, Para(
        "Attack: roll a die; at least the strength wins. After a miss: turn attack items "
        f"face down for +{data['equipment']['boost']} each, or turn one defence item face "
        "down, or discard any item for good (none left: the game is lost).")), side=True)]
    if bosses:
        rows = []
        for name, row in data["bosses"].items():
            bribe = row.get("bribe", "")
            if bribe == "protective":
                bribe = "a defence item"
            strength = str(row["strength"])
            if row.get("wins"):
                strength += f", {row['wins']} wins in a row"
            rows.append((name.capitalize(), strength, bribe or "-"))
        sections.append(Section("Bosses (expansion)", (Table(
            ("Boss", "Strength", "Bribe"), tuple(rows), title="{0}"),), side=True))
    die = data["wall_die"]
    sections.append(Section("Wall die", (Para(
        ", ".join(f"{face} {die[face]}" for face in sorted(die))
        + ". The item rolled is turned face down if equipped, else discarded."),), side=True))
    deck = data["deck"]
    sections.append(Section("Deck", (Para(
        f"{sum(deck['count'].values())} cards: {counted(deck['count'])}; the up stairs start "
        f"face up. Each descent removes {deck['removed_per_descent']} unseen. The coin buys "
        "any item at a shop; the key and the down stairs let you descend."),), side=True))
    return sections
