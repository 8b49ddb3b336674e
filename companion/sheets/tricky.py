"""Tricky Dungeon: the score sheet (a saved game) and the blank one.

A row per round: the round, the active player, the hero, the trump, and for
each player the gold of the round and the running total; then the totals and
the winners. The hero table sits on the side, with the bases and minimums
for the number of players.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from companion import plain
from companion.errors import BadInput
from companion.sheets.model import (
    NOTES_SHOWN,
    Fields,
    Para,
    Section,
    Sheet,
    Table,
    Writing,
    chart_section,
    fields,
    notes_section,
    player_count,
)
from companion.tricky.cards import default_deck_settings, numbers_in, words_in
from companion.tricky.cards import table as _table

if TYPE_CHECKING:
    from companion.history import History

BLANK_NOTE_LINES = 4
ROUND_NOTE = "Each player: gold this round / running total."


# -- the saved game ---------------------------------------------------------------
def game_sheet(name: str, settings: dict[str, object], status: Mapping[str, object],
               notes: Sequence[str], history: History) -> Sheet:
    """``status``: the engine's (``TrickyGame.status``), each value read where it is used."""
    players = plain.items(status["players"], plain.text)
    sheet = plain.items(status["sheet"], fields)
    played = len(sheet)
    total = plain.optional(plain.integer)(status.get("rounds_total"))
    of = f" of {total}" if total else ""
    if status["outcome"] == "finished":
        state = f"finished after {played} rounds"
    else:
        state = f"playing, {played}{of} rounds played"
    lines = [f"Game {name}: {state}",
             f"Players {', '.join(players)}; set {status['set']}; "
             f"{status['tricks_per_round']} tricks a round" + _variants(status)]
    rows = max(total or 0, played + 1)
    dense = rows + 2 * len(players) > 30
    # A long game's rounds fill the main column: its chart goes on the side.
    chart = chart_section(history, side=dense)
    main = [Section("Rounds", (_rounds(players, sheet, total, status),)),
            Section("Result", (Para(_result(status)),)), chart,
            *notes_section(notes, 2 if rows > 30 else NOTES_SHOWN)]
    side = _heroes(str(status["set"]), settings, len(players))
    return Sheet("tricky", name, lines, [*main, *side], dense=dense)


def _variants(status: Mapping[str, object]) -> str:
    found = [text for key, text in (("race", f"race to {status.get('race')} gold"),
                                    ("guild", "Adventurers Guild"),
                                    ("random_heroes", "Random Dungeon")) if status.get(key)]
    return "; " + ", ".join(found) if found else ""


def _rounds(players: list[str], rows: Sequence[Mapping[str, object]], total: int | None,
            status: Mapping[str, object]) -> Table:
    running = dict.fromkeys(players, 0)
    cells: list[tuple[str, ...]] = []
    for row in rows:
        line = [str(row["round"]), str(row["active"]), str(row["hero"]), str(row["trump"])]
        golds = plain.table(row["gold"], plain.text, plain.integer)
        for player in players:
            gold = golds[player]
            running[player] += gold
            line += [str(gold), str(running[player])]
        cells.append(tuple(line))
    current = status.get("round")
    if current:
        playing = fields(current)
        line = [str(playing["number"]), str(playing["active"]),
                _hero_name(plain.text(playing["hero"])), str(playing["trump"])]
        cells.append(tuple(line + [""] * (2 * len(players))))
    scores = fields(status["scores"])
    foot = ("Total", "", "", "") + tuple(
        cell for player in players for cell in ("", str(scores[player])))
    return _round_table(players, cells, total or 0, foot,
                        writing=max(len(cells), total or 0) > len(rows))


def _hero_name(hero_id: str) -> str:
    row = _table()["heroes"].get(hero_id)
    return str(row["name"]) if row else hero_id


def _round_table(labels: Sequence[str], rows: list[tuple[str, ...]], rounds: int,
                 foot: tuple[str, ...], *, writing: bool, widths: tuple[int, ...] = ()) -> Table:
    """The rounds played, then a row to write in for each round up to ``rounds``."""
    rows = [*rows, *((str(n),) + ("",) * (3 + 2 * len(labels))
                     for n in range(len(rows) + 1, rounds + 1))]
    headers = ("#", "Active", "Hero", "Trump") + ("+", "=") * len(labels)
    return Table(headers, tuple(rows), title="{0}. {1}: {2}, trump {3}", key=4,
                 groups=tuple((label, 2) for label in labels), numeric=tuple(
                     range(4, 4 + 2 * len(labels))), foot=foot, writing=writing,
                 note=ROUND_NOTE, widths=widths)


def _result(status: Mapping[str, object]) -> str:
    scores = plain.table(status["scores"], plain.text, plain.integer)
    ranking = ", ".join(f"{p} {g}" for p, g in sorted(scores.items(), key=lambda i: -i[1]))
    if status["outcome"] == "finished":
        winners = plain.items(status["winners"], plain.text)
        best = scores[winners[0]] if winners else 0
        who = " and ".join(winners)
        verb = "win" if len(winners) > 1 else "wins"
        return f"{who} {verb} with {best} gold. Gold: {ranking}."
    nxt = status.get("next") or ""
    return f"Playing. Gold: {ranking}." + (f" Next: {nxt}." if nxt else "")


# -- the blank sheet --------------------------------------------------------------
def blank_sheet(players: list[str] | int | None) -> Sheet:
    """With no count given: columns for the most players and rows for the longest game."""
    game = _table()["game"]
    low, high = int(game["min_players"]), int(game["max_players"])
    count = None if players is None else player_count("tricky", players, low, high)
    names = players if isinstance(players, list) else []
    for name in names:
        if len(name) > 12:
            raise BadInput(f"{name[:20]!r} is a long name: at most 12 characters on the sheet")
    setups = {n: _table()["players"][str(n)] for n in ([count] if count else range(low, high + 1))}
    rounds = {n: n * int(setup["rounds_per_player"]) for n, setup in setups.items()}
    labels = names or [f"P{n}" for n in range(1, (count or high) + 1)]
    main = [_rounds_to_fill(labels, max(rounds.values())),
            Section("Result", (Writing(("Winner",)),))]
    if names:
        main.append(Section("Notes", (Writing(("",) * BLANK_NOTE_LINES),)))
    else:  # the lines to write the names on take the notes' place
        main.insert(0, Section("Players, clockwise", (Writing(tuple(labels)),)))
    if count:
        setup = setups[count]
        first = (f"{count} players, {setup['hand']} cards each: {setup['rounds_per_player']} "
                 f"rounds as the active player each, {rounds[count]} rounds. Date: ________")
    else:
        games = "; ".join(f"{n} players: {setups[n]['hand']} cards each, {played} rounds"
                          for n, played in rounds.items())
        first = (f"For {low} to {high} players ({games}); leave the unused columns and rounds "
                 "empty. Date: ________")
    # The hero table goes across the page too (the rest beside the notes).
    heroes, cards = _heroes("all", {}, count)
    return Sheet("tricky", "", (first, "Set: A / B / C (circle one)"),
                 [*main, heroes._replace(side=False, wide=True), cards],
                 dense=max(rounds.values()) + 2 * len(labels) > 30)


def _rounds_to_fill(labels: list[str], rounds: int) -> Section:
    """The page is the table: across the whole width, rows a finger high, the Hero column
    wide enough to write "Barbarian", the gold cells wide enough for two digits."""
    table = _round_table(labels, [], rounds, ("Total",) + ("",) * (3 + 2 * len(labels)),
                         writing=True, widths=(6, 10, 15, 10) + (6, 6) * len(labels))
    return Section("Rounds", (table,), wide=True)


# -- the side: heroes and cards -----------------------------------------------------
def _heroes(hero_set: str, settings: Mapping[str, object], players: int | None,
            ) -> list[Section]:
    from companion.tricky.heroes import heroes_in, number_text

    deck = {**default_deck_settings(), **settings}
    unverified = set(words_in(deck, "unverified"))
    rows = []
    for hero in heroes_in(hero_set):
        rule = hero.gold_rule(number_text(hero, deck, players))
        if hero.setting in unverified:  # as on screen: not yet checked against the cards
            rule += " (unverified)"
        if hero.trick != "highest":
            rule += f"; {hero.trick_rule()}"
        rows.append((hero.name, hero.set, hero.trump_rule(), rule))
    title = "Heroes" if hero_set == "all" else f"Heroes of set {hero_set}"
    heroes = Table(("Hero", "Set", "Trump", "Gold"), tuple(rows), title="{0} ({1})", key=2)
    kinds = _table()["kinds"]
    consolation = int(_table()["game"]["no_gold_consolation"])
    assumed = set(_table()["assumed_kinds"])  # marked as on screen ('deck')
    cards = Fields((
        *((kind.capitalize(), " and ".join(map(str, kinds[kind]))
           + (" (assumed)" if kind in assumed else ""))
          for kind in ("torch", "goblin", "spell", "orc", "ogre")),
        ("Potions", " ".join(f"{colour} {value}" for colour, value in zip(
            words_in(deck, "colours"), numbers_in(deck, "potions"), strict=True))
         + (" (unverified)" if unverified & {"colours", "potions"} else "")),
        ("No gold", f"when the active player earns none, each other player gets "
                    f"{consolation}"),
    ))
    counts = f"{players} players" if players else "numbers N/M: 2-3 players/4"
    return [Section(f"{title}, {counts}", (heroes,), side=True),
            Section("Cards", (cards,), side=True)]
