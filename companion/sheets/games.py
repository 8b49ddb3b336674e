"""Each game's sheets: a saved game's (``game_sheet``, with its share code, so the paper
can bring the game back) and the blank one for the table (``blank_sheet``), built from
the engine's status (each value read as it is used) and the rulebook's tables, every
number from them. ``BUILDERS`` names each kind's two builders.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from companion import plain
from companion.errors import BadInput
from companion.kinds import kind_info
from companion.numbers import is_whole
from companion.resources import tables  # not the engines': a blank sheet needs no engine
from companion.sheets import (
    Block,
    Chart,
    Checks,
    Fields,
    Para,
    Section,
    Sheet,
    Table,
    Track,
    Writing,
)

if TYPE_CHECKING:
    from companion.history import History


def chart_section(history: History, *, side: bool = False) -> Section:
    """The chart of the game: life (Hebrac, each Half Deck hero, Elbereth's equipment) or
    running gold per player (Tricky) after each action."""
    titles = {"life": "Life over the game", "gold": "Gold over the game",
              "equipment": "Equipment over the game"}
    chart = Chart(history.measure, tuple((s.label, tuple(s.values)) for s in history.series),
                  tuple(history.marks))
    return Section(titles[history.measure], (chart,), side=side)


NOTES_SHOWN = 5
NOTE_CHARS = 200


def fields(value: object) -> dict[str, object]:
    """A table of an engine's status (a hero, a battle, a round), its values read where
    they are used."""
    return plain.table(value, plain.text, lambda field: field)


def outcome(status: Mapping[str, object], *ends: str) -> str:
    """The game's outcome as the sheet says it: one of ``ends``, else "playing"."""
    found = plain.text(status["outcome"])
    return found if found in ends else "playing"


def notes_section(notes: Sequence[str], most: int = NOTES_SHOWN) -> list[Section]:
    """The game's notes, the last few and each cut short: the sheet stays one page."""
    if not notes:
        return []
    shown = list(notes[-most:])
    blocks: list[Block] = [Para(n if len(n) <= NOTE_CHARS else n[:NOTE_CHARS - 3] + "...")
                           for n in shown]
    if len(notes) > len(shown):
        blocks.insert(0, Para(f"({len(notes) - len(shown)} earlier notes are in the game.)"))
    return [Section("Notes", tuple(blocks))]


def counted(value: object, leave_out: str = "") -> str:
    """Counts (enemies beaten, cards used, cards in a deck) as ``name count, ...``."""
    return ", ".join(f"{name} {count}" for name, count in plain.table(
        value, plain.text, plain.integer).items() if name != leave_out)


def player_count(kind: str, players: list[str] | int, low: int, high: int) -> int:
    """How many play on a blank sheet, refused outside the game's range."""
    count = players if isinstance(players, int) else len(players)
    if not low <= count <= high:
        raise BadInput(f"{kind_info(kind).title} is for {low} to {high} players, not {count}")
    return count


# == Hebrac's Dungeon: the adventure log ============================================
# The left side is the adventurer: life and maximum life, magic, inventory, aces,
# levels and chambers cleared, spells cast. The right side is the reference the table
# needs without the rulebook: attack values, enemies, spell costs, merchant prices,
# trade values and the priestess's theft order.

SUITS = {"H": "\u2665", "D": "\u2666", "S": "\u2660", "C": "\u2663"}
POTIONS = {"H": "Life potions", "S": "Strength potions", "C": "Magic potions", "D": "Gems"}
BLANK_LEVELS = 4
BLANK_SPELL_ROWS = 6
SHOWN_LEVELS = 6
SHOWN_BATTLES = 12


def hebrac_sheet(name: str, settings: Mapping[str, object], status: Mapping[str, object],
                 notes: Sequence[str], history: History) -> Sheet:
    levels = history.levels
    chambers = plain.integer(settings["chambers"])
    level = plain.integer(status["level"])
    inventory = plain.items(status["inventory"], plain.text)
    lines = [f"Game {name}: {outcome(status, 'won', 'dead', 'lost')}, level {level}",
             f"Rules {settings['rules']}, {chambers} chambers a level, {settings['decks']} "
             f"decks, {settings['jokers']} jokers"]
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
    return Sheet("hebrac", name, lines, [*main, *hebrac_reference()], dense=len(inventory) > 30)


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
    names = tables("hebrac")["aces"]
    return Checks(tuple((f"{card} {names[card]}", card in held)
                        for card in ("AH", "AD", "AS", "AC")))


def _spells_cast(cast: Sequence[str]) -> tuple[Block, ...]:
    if not cast:
        return (Para("None yet."),)
    spells = tables("hebrac")["spells"]
    counts = Counter(cast)
    rows = tuple((spells[spell_id]["name"], str(count)) for spell_id, count in counts.items())
    # Many spells run side by side: the chart and the battles keep the log on one page.
    return (Table(("Spell", "Times"), rows, title="{0}", numeric=(1,),
                  split=2 if len(rows) > 6 else 1),)


def hebrac_blank() -> Sheet:
    setup = tables("hebrac")["setup"]
    treasure = tables("hebrac")["treasure"]
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
    return Sheet("hebrac", "", lines, [*main, *hebrac_reference()])


def hebrac_reference() -> list[Section]:
    data = tables("hebrac")
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


# == Tricky Dungeon: the score sheet ===============================================
# A row per round: the round, the active player, the hero, the trump, and for each
# player the gold of the round and the running total; then the totals and the
# winners. The hero table sits on the side, with the bases and minimums for the
# number of players.
BLANK_NOTE_LINES = 4
ROUND_NOTE = "Each player: gold this round / running total."


def tricky_sheet(name: str, settings: dict[str, object], status: Mapping[str, object],
                 notes: Sequence[str], history: History) -> Sheet:
    players = plain.items(status["players"], plain.text)
    sheet = plain.items(status["sheet"], fields)
    played = len(sheet)
    total = plain.optional(plain.integer)(status.get("rounds_total"))
    of = f" of {total}" if total else ""
    state = (f"finished after {played} rounds" if status["outcome"] == "finished"
             else f"playing, {played}{of} rounds played")
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
    side = _tricky_heroes(str(status["set"]), settings, len(players))
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
        hero = plain.text(playing["hero"])
        row = tables("tricky")["heroes"].get(hero)
        line = [str(playing["number"]), str(playing["active"]),
                str(row["name"]) if row else hero, str(playing["trump"])]
        cells.append(tuple(line + [""] * (2 * len(players))))
    scores = fields(status["scores"])
    foot = ("Total", "", "", "") + tuple(
        cell for player in players for cell in ("", str(scores[player])))
    return _round_table(players, cells, total or 0, foot,
                        writing=max(len(cells), total or 0) > len(rows))


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


def tricky_blank(players: list[str] | int | None) -> Sheet:
    """With no count given: columns for the most players and rows for the longest game."""
    game = tables("tricky")["game"]
    low, high = int(game["min_players"]), int(game["max_players"])
    count = None if players is None else player_count("tricky", players, low, high)
    names = players if isinstance(players, list) else []
    for name in names:
        if len(name) > 12:
            raise BadInput(f"{name[:20]!r} is a long name: at most 12 characters on the sheet")
    setups = {n: tables("tricky")["players"][str(n)]
              for n in ([count] if count else range(low, high + 1))}
    rounds = {n: n * int(setup["rounds_per_player"]) for n, setup in setups.items()}
    labels = names or [f"P{n}" for n in range(1, (count or high) + 1)]
    # The page is the table: across the whole width, rows a finger high, the Hero column
    # wide enough to write "Barbarian", the gold cells wide enough for two digits.
    table = _round_table(labels, [], max(rounds.values()),
                         ("Total",) + ("",) * (3 + 2 * len(labels)),
                         writing=True, widths=(6, 10, 15, 10) + (6, 6) * len(labels))
    main = [Section("Rounds", (table,), wide=True), Section("Result", (Writing(("Winner",)),))]
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
    heroes, cards = _tricky_heroes("all", {}, count)
    return Sheet("tricky", "", (first, "Set: A / B / C (circle one)"),
                 [*main, heroes._replace(side=False, wide=True), cards],
                 dense=max(rounds.values()) + 2 * len(labels) > 30)


def _tricky_heroes(hero_set: str, settings: Mapping[str, object], players: int | None,
            ) -> list[Section]:
    from companion.tricky.cards import default_deck_settings, numbers_in, table, words_in
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
    kinds = table()["kinds"]
    consolation = int(table()["game"]["no_gold_consolation"])
    assumed = set(table()["assumed_kinds"])  # marked as on screen ('deck')
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


# == Half Deck Dungeon Heroes: the party sheet =====================================
# Four hero slots with their attributes, life boxes and gear; the counts of both decks,
# their discard piles and the cards removed; the hands; on the side the cards met so
# far with their numbers (the printed cards are lost, so the sheet keeps them) and the
# combat rules in short.
LETTERS = {"strength": "S", "magic": "M"}
BLANK_CARD_ROWS = 12
EFFECT_CHARS = 60
TABLE_CARDS = 20


def halfdeck_sheet(name: str, settings: Mapping[str, object], status: Mapping[str, object],
                   notes: Sequence[str], history: History) -> Sheet:
    players = plain.integer(settings["players"])
    ended = outcome(status, "won", "lost")
    if status.get("won_by"):
        ended += f" ({status['won_by']})"
    lines = [f"Game {name}: {ended}, round {status['round']}",
             f"{players} player{'' if players == 1 else 's'}; endgame {settings['endgame']}; "
             f"dungeon deck {settings['deck_size']} cards"
             + (f"; rescue {settings['rescue']}" if settings.get("rescue") else "")]
    held = plain.table(status["hands"], plain.text, lambda cards: plain.items(cards, plain.text))
    hands = Fields(tuple(
        ((f"Player {player}" if players > 1 else "Hand"), ", ".join(cards) or "empty")
        for player, cards in held.items()))
    goals = ", ".join(g.removeprefix("endgame-") for g in plain.items(
        status["endgame_left"], plain.text)) or "none"
    main = [
        _halfdeck_heroes(plain.items(status["heroes"], fields), players),
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
    side = [*halfdeck_reference(met, writing=False), chart_section(history, side=True)]
    return Sheet("halfdeck", name, lines, [*main, *side], dense=len(met) > 20)


def _halfdeck_heroes(in_play: list[dict[str, object]], players: int) -> Section:
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


def halfdeck_blank(players: list[str] | int | None) -> Sheet:
    setup = tables("halfdeck")["setup"]
    count = player_count("halfdeck", 1 if players is None else players,
                         int(setup["players_min"]), int(setup["players_max"]))
    names = players if isinstance(players, list) else [
        f"Player {n}" if count > 1 else "Hand" for n in range(1, count + 1)]
    main = [
        _halfdeck_heroes([], count),
        Section("Decks", (_decks(None), Checks((("Endgame treasure in the dungeon", False),
                                         ("Endgame boss in the dungeon", False))))),
        Section("Hands", (Fields(tuple((name, "") for name in names)),)),
        Section("Rounds", (Track("Round", 30),)),
    ]
    decks = tables("halfdeck")["decks"]
    lines = (f"{count} player{'' if count == 1 else 's'}: {decks['hero_cards']} hero cards, "
             f"{decks['dungeon_cards']} dungeon cards. Date: ________",)
    rows = tuple(("",) * 4 for _ in range(BLANK_CARD_ROWS))
    return Sheet("halfdeck", "", lines, [*main, *halfdeck_reference(rows, writing=True)])


def halfdeck_reference(cards: tuple[tuple[str, ...], ...], *, writing: bool) -> list[Section]:
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


# == Elbereth: the dungeon log =====================================================
# Floors 1 to 7 (what was beaten, walls broken, the boss, the key and the stairs), the
# six pieces of equipment and their state, the coin and the key; on the side the
# enemies' strengths, the bosses, the wall die and what to do after a miss.
STATE_NOTE = "State: equipped (face up), face down (used, or not found yet), or discarded."


def elbereth_sheet(name: str, settings: Mapping[str, object], status: Mapping[str, object],
                   notes: Sequence[str], history: History) -> Sheet:
    floors = plain.integer(status["floors"])
    now = plain.integer(status["floor"])
    equip = plain.items(settings["equip"], plain.text)
    lines = [f"Game {name}: {outcome(status, 'won', 'lost')}, floor {now} of {floors}",
             f"Started with {' and '.join(equip)}"
             + ("; boss expansion" if settings.get("bosses") else "")]
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
    side = elbereth_reference(bool(settings.get("bosses")))
    return Sheet("elbereth", name, lines, [*main, *side])


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


def elbereth_blank() -> Sheet:
    main = [
        _floors([], 0, int(tables("elbereth")["deck"]["floors"])),
        _equipment(None),
        Section("Coin and key", (Fields((("Coin", ""), ("Key", ""))),)),
    ]
    lines = (f"Pick {tables('elbereth')['equipment']['start']} pieces of equipment to start with. "
             "Date: ________",)
    return Sheet("elbereth", "", lines, [*main, *elbereth_reference(True)])


def elbereth_reference(bosses: bool) -> list[Section]:
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


BUILDERS: dict[str, tuple[Callable[..., Sheet], Callable[..., Sheet]]] = {
    "hebrac": (hebrac_sheet, hebrac_blank), "tricky": (tricky_sheet, tricky_blank),
    "halfdeck": (halfdeck_sheet, halfdeck_blank), "elbereth": (elbereth_sheet, elbereth_blank)}


def game_sheet(kind: str, name: str, settings: dict[str, Any], actions: Sequence[str],
               status: dict[str, Any], history: History, notes: Sequence[str] = (),
               redo: Sequence[str] = ()) -> Sheet:
    """The sheet of a saved game, carrying its share code (or why there is none)."""
    from companion.share import share_body

    game = kind_info(kind).name
    sheet = BUILDERS[game][0](name, settings, status, notes, history)
    if status.get("next") and game != "tricky":  # Tricky's result says it
        sheet.lines += (f"Next: {status['next']}",)
    try:
        sheet.share_body = share_body(kind, name, settings, actions, notes, redo)
    except BadInput as error:
        sheet.share_note = str(error)
    return sheet


def blank_sheet(kind: str, players: list[str] | int | None = None) -> Sheet:
    name = kind_info(kind).name
    if name in ("tricky", "halfdeck"):
        return BUILDERS[name][1](players)
    if players is not None:  # the others' blank sheets take no players
        raise BadInput(f"{kind_info(kind).title} is played alone: leave out --players")
    return BUILDERS[name][1]()


def parse_players(values: Sequence[str]) -> list[str] | int | None:
    """``--players``: a count (``3``) or names (``Ann Bo`` or ``Ann,Bo``); None if not given."""
    names = [part.strip() for value in values for part in value.split(",") if part.strip()]
    if not names:
        return None
    if len(names) == 1 and names[0].isascii() and names[0].isdigit():
        if not is_whole(names[0]):
            raise BadInput(f"--players: {names[0][:12]}... is not a number of players")
        return int(names[0])
    if any(name.isdigit() or is_whole(name) for name in names):
        raise BadInput("--players takes a count (3) or names (Ann Bo Cy), not both")
    return names
