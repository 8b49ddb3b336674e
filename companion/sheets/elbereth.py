"""Elbereth: the dungeon log (a saved game) and the blank sheet.

Floors 1 to 7 (what was beaten, walls broken, the boss, the key and the
stairs), the six pieces of equipment and their state, the coin and the key;
on the side the enemies' strengths, the bosses, the wall die and what to do
after a miss.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, cast

from companion import plain
from companion.errors import BadInput
from companion.sheets.model import Fields, Para, Section, Sheet, Table, notes_section, outcome
from companion.tables import tables

if TYPE_CHECKING:
    from companion.elbereth.engine import ElberethTables
    from companion.history import History

TITLE = "Elbereth"
FLOOR_HEADERS = ("Floor", "Beaten", "Walls", "Boss", "Key", "Stairs")
STATE_NOTE = "State: equipped (face up), face down (used, or not found yet), or discarded."


def _table() -> ElberethTables:
    # what the engine's table() says the shipped file holds (not imported: a blank
    # sheet needs no engine)
    return cast("ElberethTables", tables("elbereth"))


def _items() -> list[tuple[str, str]]:
    equipment = _table()["equipment"]
    return ([(item, "attack") for item in equipment["offensive"]]
            + [(item, "defence") for item in equipment["protective"]])


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
    from companion.sheets.chart import chart_section

    rows = [_floor_row(number, floor, done=True)
            for number, floor in enumerate(history.floors, start=1)]
    rows.append(_floor_row(now, status, done=False))
    rows += [(str(n),) + ("",) * 5 for n in range(now + 1, floors + 1)]
    states = plain.table(status["equipment"], plain.text, plain.text)
    equipment = Table(("Item", "Use", "State"), tuple(
        (item, use, states[item]) for item, use in _items()),
        title="{0} ({1})", key=2, note=STATE_NOTE)
    beaten = ", ".join(f"{enemy} {count}" for enemy, count in plain.table(
        status["beaten_total"], plain.text, plain.integer).items())
    main = [
        Section("Floors", (Table(FLOOR_HEADERS, tuple(rows), title="Floor {0}",
                                 writing=now < floors),)),
        Section("Equipment", (equipment,)),
        chart_section(history),
        Section("Coin and key", (Fields((
            ("Coin", str(status["coin"])),
            ("Key", "held" if status["key"] else "not held"),
            ("Beaten in all", beaten or "nothing yet"),
            ("Cards removed unseen", str(status["removed"])),
        )),)),
    ]
    main += notes_section(list(notes))
    return Sheet(kind="elbereth", title=TITLE, name=name, heading="dungeon log",
                 lines=tuple(lines), sections=[*main, *reference(bool(settings.get("bosses")))])


def _floor_row(number: int, floor: Mapping[str, object], *, done: bool) -> tuple[str, ...]:
    beaten = ", ".join(f"{enemy} {count}" for enemy, count in plain.table(
        floor["beaten_here"], plain.text, plain.integer).items()
                       if enemy != floor.get("floor_boss"))
    boss = plain.optional(plain.text)(floor.get("floor_boss")) or ""
    if boss:
        boss += " (beaten)" if floor.get("boss_beaten") else ""
    key = "used" if done else ("held" if floor["key"] else "")
    stairs = "taken" if done else ("found" if floor["stairs"] else "")
    label = str(number) if done else f"{number} (now)"
    return (label, beaten, str(floor["walls_here"] or ""), boss, key, stairs)


# -- the blank sheet --------------------------------------------------------------
def blank_sheet(players: list[str] | int | None) -> Sheet:
    if players is not None:
        raise BadInput("Elbereth is played alone: leave out --players")
    floors = int(_table()["deck"]["floors"])
    start = int(_table()["equipment"]["start"])
    rows = tuple((str(n),) + ("",) * 5 for n in range(1, floors + 1))
    equipment = Table(("Item", "Use", "State"), tuple((item, use, "") for item, use in _items()),
                      title="{0} ({1})", key=2, writing=True, note=STATE_NOTE)
    main = [
        Section("Floors", (Table(FLOOR_HEADERS, rows, title="Floor {0}", writing=True),)),
        Section("Equipment", (equipment,)),
        Section("Coin and key", (Fields((("Coin", ""), ("Key", ""))),)),
    ]
    lines = (f"Pick {start} pieces of equipment to start with. Date: ________",)
    return Sheet(kind="elbereth", title=TITLE, name="", heading="blank dungeon log",
                 lines=lines, sections=[*main, *reference(True)])


# -- the side: reference ----------------------------------------------------------
def reference(bosses: bool) -> list[Section]:
    data = _table()
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
            ("Boss", "Strength", "Bribe"), tuple(rows), title="{0}", numeric=()),), side=True))
    die = data["wall_die"]
    sections.append(Section("Wall die", (Para(
        ", ".join(f"{face} {die[face]}" for face in sorted(die))
        + ". The item rolled is turned face down if equipped, else discarded."),), side=True))
    deck = data["deck"]
    counts = ", ".join(f"{name} {count}" for name, count in deck["count"].items())
    sections.append(Section("Deck", (Para(
        f"{sum(deck['count'].values())} cards: {counts}; the up stairs start face up. "
        f"Each descent removes {deck['removed_per_descent']} unseen. The coin buys any item "
        "at a shop; the key and the down stairs let you descend."),), side=True))
    return sections
