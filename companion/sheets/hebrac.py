"""Hebrac's Dungeon: the adventure log (a saved game) and the blank sheet.

The left side is the adventurer: life and maximum life, magic, inventory,
aces, levels and chambers cleared, spells cast. The right side is the
reference the table needs without the rulebook: attack values, enemies,
spell costs, merchant prices, trade values and the priestess's theft order.
Every number comes from the rulebook tables.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from companion import plain
from companion.hebrac.rules import table as _table
from companion.sheets.model import (
    Block,
    Checks,
    Fields,
    Para,
    Section,
    Sheet,
    Table,
    Track,
    Writing,
    chart_section,
    fields,
    notes_section,
    outcome,
)

if TYPE_CHECKING:
    from companion.history import History

SUITS = {"H": "\u2665", "D": "\u2666", "S": "\u2660", "C": "\u2663"}
POTIONS = {"H": "Life potions", "S": "Strength potions", "C": "Magic potions", "D": "Gems"}
BLANK_LEVELS = 4
BLANK_SPELL_ROWS = 6
SHOWN_LEVELS = 6
SHOWN_BATTLES = 12


# -- the saved game ---------------------------------------------------------------
def game_sheet(name: str, settings: Mapping[str, object], status: Mapping[str, object],
               notes: Sequence[str], history: History) -> Sheet:
    """``status``: the engine's status document, each value read as it is used."""
    levels = history.levels
    chambers = plain.integer(settings["chambers"])
    level = plain.integer(status["level"])
    inventory = plain.items(status["inventory"], plain.text)
    lines = [f"Game {name}: {outcome(status, 'won', 'dead', 'lost')}, level {level}",
             f"Rules {settings['rules']}, {chambers} chambers a level, {settings['decks']} "
             f"decks, {settings['jokers']} jokers"]
    if status.get("next"):
        lines.append(f"Next: {status['next']}")
    main = [
        Section("Life and magic", (
            Track("Life", plain.integer(status["max_life"]), plain.integer(status["life"]),
                  note=f"max {status['max_life']}"),
            Fields((("Magic points", str(status["magic_points"])),)),
        )),
        chart_section(history),
        Section("Inventory", _inventory(inventory)),
        Section("Aces found", (_aces(set(plain.items(status["aces"], plain.text))),)),
        Section("Levels and chambers cleared", _levels(levels, chambers, level)),
        Section("Battles", _battles(history.facts.get("battles"))),
        Section("Spells cast", _spells_cast(plain.items(status["spells_cast"], plain.text))),
        *notes_section(notes),
    ]
    return Sheet("hebrac", name, lines, [*main, *reference()], dense=len(inventory) > 30)


def _levels(levels: Sequence[tuple[int, int]], chambers: int, now: int) -> tuple[Block, ...]:
    """A track per level; the oldest go on one line when there are many (one page)."""
    blocks: list[Block] = []
    if len(levels) > SHOWN_LEVELS:
        older = levels[:-SHOWN_LEVELS]
        levels = levels[-SHOWN_LEVELS:]
        blocks.append(Fields((("Earlier levels", ", ".join(
            f"{level}: {cleared}/{chambers}" for level, cleared in older)),)))
    blocks += [Track(f"Level {level}" + (" (now)" if level == now else ""), chambers, cleared)
               for level, cleared in levels]
    return tuple(blocks)


def _battles(value: object) -> tuple[Block, ...]:
    """A row per battle (the history's facts); the oldest are left out past
    ``SHOWN_BATTLES`` (one page)."""
    battles = plain.items(value, fields)
    if not battles:
        return (Para("None yet."),)
    shown = battles[-SHOWN_BATTLES:]
    rows = tuple((f"L{b['level']} {b['chamber']}", str(b["enemy"]), str(b["rounds"]),
                  str(b["life_lost"]), str(b["result"])) for b in shown)
    note = (f"The last {len(shown)} of {len(battles)} battles."
            if len(battles) > len(shown) else "")
    return (Table(("Chamber", "Enemy", "Rounds", "Life lost", "Result"), rows,
                  title="{0}: {1}", key=2, numeric=(2, 3), note=note),)


def _inventory(cards: Sequence[str]) -> tuple[Block, ...]:
    if not cards:
        return (Para("Empty."),)
    groups: dict[str, list[str]] = {label: [] for label in (
        *POTIONS.values(), "Aces", "Prisoners", "Others")}
    for card in cards:
        rank, suit = card[:-1], card[-1]
        if rank == "A":
            groups["Aces"].append(card)
        elif rank == "J" and suit != "K":
            groups["Prisoners"].append(card)
        else:
            groups[POTIONS[suit] if rank.isdigit() else "Others"].append(card)
    # Two potions or gems or more: what they add up to.
    return (Fields(tuple((label, " ".join(found) + (
        f" (= {sum(int(card[:-1]) for card in found)})"
        if label in POTIONS.values() and len(found) > 1 else ""))
        for label, found in groups.items() if found)),)


def _aces(held: set[str]) -> Checks:
    names = _table()["aces"]
    return Checks(tuple((f"{card} {names[card]}", card in held)
                        for card in ("AH", "AD", "AS", "AC")))


def _spells_cast(cast: Sequence[str]) -> tuple[Block, ...]:
    if not cast:
        return (Para("None yet."),)
    spells = _table()["spells"]
    counts = Counter(cast)
    rows = tuple((spells[spell_id]["name"], str(count)) for spell_id, count in counts.items())
    # Many spells run side by side: the chart and the battles keep the log on one page.
    return (Table(("Spell", "Times"), rows, title="{0}", numeric=(1,),
                  split=2 if len(rows) > 6 else 1),)


# -- the blank sheet --------------------------------------------------------------
def blank_sheet() -> Sheet:
    setup = _table()["setup"]
    treasure = _table()["treasure"]
    life = int(setup["life"])
    most = life + int(treasure["ruby_max_life"]) + int(treasure["genie_of_life_max_life"])
    main = [
        Section("Life and magic", (
            Track("Life", most, note=f"start {life}; Ruby of Gaza +{treasure['ruby_max_life']}"
                                     f" while held, Genie of Life +"
                                     f"{treasure['genie_of_life_max_life']}"),
            Fields((("Max life", ""), ("Magic points", ""))),
        )),
        Section("Inventory", (Writing((
            *(f"{label} {SUITS[suit]}" for suit, label in POTIONS.items()), "Prisoners (J)",
            "Others")),)),
        Section("Aces found", (_aces(set()),)),
        Section("Levels and chambers cleared", _levels(
            [(level, 0) for level in range(1, BLANK_LEVELS + 1)], int(setup["chambers"]), 0)),
        Section("Spells cast", (Table(("Level", "Spell", "Points"),
                                      tuple(("", "", "") for _ in range(BLANK_SPELL_ROWS)),
                                      title="{0}", writing=True),)),
    ]
    lines = ("Adventurer: ____________  Date: ________",
             f"Start: {life} life, {setup['decks']} decks, {setup['jokers']} jokers, "
             f"{setup['chambers']} chambers a level")
    return Sheet("hebrac", "", lines, [*main, *reference()])


# -- the reference side -----------------------------------------------------------
def reference() -> list[Section]:
    data = _table()
    battle, prices, trade = data["battle"], data["prices"], data["trade"]
    attack = Para(
        f"Attack card: ace {battle['ace_attack']}, 2-10 their value, J Q K "
        f"{battle['face_attack']}, joker {battle['joker_attack']}. Bracelet of Armok "
        f"+{battle['bracelet_bonus']}, each prisoner called +{battle['prisoner_bonus']}. "
        "Attack at least the enemy's life: won; else lose the difference in life.")
    enemies = Fields((
        ("2-10", f"{SUITS['S']} warrior, {SUITS['H']} amazon, {SUITS['C']} magician, "
                 f"{SUITS['D']} demon; life = value"),
        ("J", f"adventurer, life {battle['adventurer_life']}"),
        ("Q", "priestess: black steals, red heals"),
        ("K", "merchant"), ("A", "empty chamber"), ("Joker", "Hebrac"),
    ))
    spells = Table(("Spell", "Cost"), tuple(
        (row["name"], str(row["cost"]) + (f"/{row['unit']}" if row.get("unit") else ""))
        for row in data["spells"].values()), title="{0}", numeric=(1,), split=2)
    per_point = "{}/point"
    deals = Table(("Card", "Price", "Trade"), (
        ("Ace", str(prices["ace"]), f"({trade['offer_ace']})"),
        (f"2-10 {SUITS['H']} {SUITS['S']}", per_point.format(prices["hearts_per_point"]),
         "value"),
        (f"2-10 {SUITS['C']}", per_point.format(prices["clubs_per_point"]), "value"),
        (f"2-10 {SUITS['D']}", "-", "value"),
        *((label, str(prices[key]), str(trade[key])) if key else (label, "-", "-")
          for label, key in (("J", "jack"), ("Red Q", "red_queen"), ("Black Q", None),
                             ("K", "king"), ("Joker", "joker"))),
    ), title="{0}", numeric=(1, 2),
        note=f"Price: what a merchant asks, in gems. Trade: what an adventurer's treasure is "
             f"worth; an ace is never traded for, but one offered counts {trade['offer_ace']}. "
             "A dash: no sale, no trade.")
    theft = Para(" ".join(data["theft"]["order"]) + " (jacks are never stolen)")
    return [
        Section("Attack values", (attack, enemies), side=True),
        Section("Spell costs (magic points)", (spells,), side=True),
        Section("Prices and trades", (deals,), side=True),
        Section("Theft order, first taken first", (theft,), side=True),
    ]
