"""Half Deck Dungeon Heroes: the party sheet (a saved game) and the blank one.

Four hero slots with their attributes, life boxes and gear; the counts of
both decks, their discard piles and the cards removed; the hands; on the
side the cards met so far with their numbers (the printed cards are lost,
so the sheet keeps them) and the combat rules in short.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from companion import plain
from companion.sheets.model import (
    Block,
    Checks,
    Fields,
    Para,
    Section,
    Sheet,
    Table,
    Track,
    chart_section,
    counted,
    fields,
    notes_section,
    outcome,
    player_count,
)
from companion.tables import tables  # not the engine's: a blank sheet needs no engine

if TYPE_CHECKING:
    from companion.history import History

LETTERS = {"strength": "S", "magic": "M"}
BLANK_CARD_ROWS = 12
EFFECT_CHARS = 60
TABLE_CARDS = 20


# -- the saved game ---------------------------------------------------------------
def game_sheet(name: str, settings: Mapping[str, object], status: Mapping[str, object],
               notes: Sequence[str], history: History) -> Sheet:
    """``status``: the engine's (``HalfDeckGame.status``), each value read as it is used."""
    players = plain.integer(settings["players"])
    ended = outcome(status, "won", "lost")
    if status.get("won_by"):
        ended += f" ({status['won_by']})"
    lines = [f"Game {name}: {ended}, round {status['round']}",
             f"{players} player{'' if players == 1 else 's'}; endgame {settings['endgame']}; "
             f"dungeon deck {settings['deck_size']} cards"
             + (f"; rescue {settings['rescue']}" if settings.get("rescue") else "")]
    if status.get("next"):
        lines.append(f"Next: {status['next']}")
    held = plain.table(status["hands"], plain.text, lambda cards: plain.items(cards, plain.text))
    hands = Fields(tuple(
        ((f"Player {player}" if players > 1 else "Hand"), ", ".join(cards) or "empty")
        for player, cards in held.items()))
    goals = ", ".join(g.removeprefix("endgame-") for g in plain.items(
        status["endgame_left"], plain.text)) or "none"
    main = [
        _heroes(plain.items(status["heroes"], fields), players),
        Section("Decks", (_decks(status), Fields((
            ("Endgame in the dungeon", goals),
            ("Team cards used", counted(status["team_cards_used"]) or "none"),
            *((("Prisoner", str(status["prisoner"])),) if status.get("prisoner") else ()),
        )))),
        Section("Hands", (hands,)),
        *notes_section(notes),
    ]
    met = tuple(_card_row(card, info)
                for card, info in plain.table(status["cards"], plain.text, fields).items())
    # The chart goes on the side, under the rules: the long list of cards met is main's.
    return Sheet("halfdeck", name, lines,
                 [*main, *reference(met, writing=False), chart_section(history, side=True)],
                 dense=len(met) > 20)


def _heroes(in_play: list[dict[str, object]], players: int) -> Section:
    """The heroes in play, then an empty slot to write in for each hero still to come."""
    life = int(tables("halfdeck")["heroes"]["life"])
    blocks: list[Block] = []
    for hero in in_play:
        owner = f", player {hero['player']}" if players > 1 else ""
        blocks.append(Track(f"{plain.text(hero['name']).capitalize()} (S {hero['strength']}, "
                            f"M {hero['magic']}{owner})", life, plain.integer(hero["life"])))
        blocks.append(Fields((("Gear", _gear(plain.optional(fields)(hero["gear"]))),)))
    for _ in range(len(in_play), int(tables("halfdeck")["heroes"]["max_in_play"])):
        blocks += [Track("Hero ________  S ___  M ___", life), Fields((("Gear", ""),))]
    return Section("Heroes", tuple(blocks))


def _gear(gear: Mapping[str, object] | None) -> str:
    if gear is None:
        return "none"
    text = f"{gear['name']} {LETTERS.get(str(gear['attribute']), '?')}+{gear['bonus']}"
    if gear.get("standby"):
        return text + " (one use, on standby)"
    return text + (" (one use)" if gear.get("one_use") else "")


def _decks(status: Mapping[str, object] | None) -> Table:
    """Both decks' piles; without a status, empty cells to write in."""
    rows = tuple((label, *(str(status[f"{deck}_{pile}"]) if status else ""
                           for pile in ("deck", "discard", "removed")))
                 for label, deck in (("Hero (blue)", "hero"), ("Dungeon (red)", "dungeon")))
    return Table(("Deck", "Draw", "Discard", "Removed"), rows, writing=status is None,
                 numeric=(1, 2, 3) if status else ())


def _card_row(name: str, info: Mapping[str, object]) -> tuple[str, ...]:
    numbers = [f"{LETTERS[a]} {info[a]}" for a in ("strength", "magic") if a in info]
    if "loot" in info:
        numbers.append(f"loot {info['loot']}")
    effect = str(info.get("effect") or "")
    notes = [effect if len(effect) <= EFFECT_CHARS else effect[:EFFECT_CHARS - 3] + "..."] \
        if effect else []
    if info.get("one_use"):
        notes.insert(0, "one use")
    return (name, str(info.get("kind", "")).replace("-", " "), ", ".join(numbers),
            "; ".join(notes))


# -- the blank sheet --------------------------------------------------------------
def blank_sheet(players: list[str] | int | None) -> Sheet:
    setup = tables("halfdeck")["setup"]
    count = player_count("halfdeck", 1 if players is None else players,
                         int(setup["players_min"]), int(setup["players_max"]))
    names = players if isinstance(players, list) else [
        f"Player {n}" if count > 1 else "Hand" for n in range(1, count + 1)]
    main = [
        _heroes([], count),
        Section("Decks", (_decks(None), Checks((("Endgame treasure in the dungeon", False),
                                         ("Endgame boss in the dungeon", False))))),
        Section("Hands", (Fields(tuple((name, "") for name in names)),)),
        Section("Rounds", (Track("Round", 30),)),
    ]
    decks = tables("halfdeck")["decks"]
    lines = (f"{count} player{'' if count == 1 else 's'}: {decks['hero_cards']} hero cards, "
             f"{decks['dungeon_cards']} dungeon cards. Date: ________",)
    rows = tuple(("",) * 4 for _ in range(BLANK_CARD_ROWS))
    return Sheet("halfdeck", "", lines, [*main, *reference(rows, writing=True)])


# -- the side: cards met and combat --------------------------------------------------
def reference(cards: tuple[tuple[str, ...], ...], *, writing: bool) -> list[Section]:
    data = tables("halfdeck")
    life = data["heroes"]["life"]
    enemies = data["enemies"]
    combat = Para(
        "Attack or challenge: die + the hero's attribute (S or M, as the card asks) + gear; "
        "at least the card's number wins: 1 damage to the foe, or the trap is passed. "
        f"Else the attacker loses {data['combat']['miss_damage']} life (the supporter too). "
        f"Assist: one supporter adds a die. Forced escape: every hero loses "
        f"{data['combat']['escape_damage']}, no loot, never against the endgame boss.")
    lives = Fields((("Heroes", f"{life} life, 1 gear each, {data['heroes']['max_in_play']} "
                               "in play"),
                    ("Bosses", f"{enemies['boss_life']} life"),
                    ("Minions", f"{enemies['minion_life']} life")))
    table = Table(("Card", "Kind", "Numbers", "Notes"), cards, title="{0} ({1}): {2}", key=3,
                  writing=writing)
    body: tuple[Block, ...] = (table,) if cards else (Para("None yet."),)
    if len(cards) > TABLE_CARDS:  # many: one paragraph of numbers, so it stays one page
        body = (Para("; ".join(f"{c[0]} ({c[1]}) {c[2]}".rstrip() for c in cards) + "."),)
    return [Section("Cards met", body, side=len(cards) > TABLE_CARDS),
            Section("Combat", (combat, lives), side=True)]
