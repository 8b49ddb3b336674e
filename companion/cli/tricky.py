"""companion tricky ...: Tricky Dungeon commands.

Game commands turn their words into one action text for the core
(``common.act``). ``deck`` shows and changes the deck settings (per
installation, or one game's copy); ``heroes`` shows the hero table.
"""

from __future__ import annotations

from typing import Annotated, Any

from companion.actions import join_action
from companion.cli.common import (
    GameOption,
    JsonOption,
    NameOption,
    act,
    add_common_commands,
    echo_lines,
    emit_json,
    games,
    new_game,
    width,
)
from companion.cli.declare import Argument, Group, Option
from companion.cli.output import fit
from companion.cli.summary import add_summary
from companion.errors import BadInput

KIND = "tricky"
app = Group(no_args_is_help=True, rich_markup_mode=None,
                  help="Tricky Dungeon: score sheet and trick referee for 2-4 players.")
add_common_commands(app, KIND)
add_summary(app, KIND)

Four = tuple[str, str, str, str]
Pair = tuple[int, int]


@app.command()
def new(
    players: Annotated[list[str], Argument(
        help="2 to 4 players in seating order, clockwise (with --race, a number is the "
             "gold to reach).")],
    hero_set: Annotated[str | None, Option(
        "--set", help="Hero set: A (for beginners), B, C or all.")] = None,
    rounds_per_player: Annotated[int | None, Option(
        help="Longer game: rounds each player is active (2, or 4 with two players).")] = None,
    race: Annotated[bool, Option(
        "--race", help="Race: the first to 15 gold at a round's end wins ('--race 20': "
                       "to 20).")] = False,
    guild: Annotated[bool, Option(
        help="Adventurers Guild: 5 rounds each, each hero once per player.")] = False,
    random_heroes: Annotated[bool, Option(
        help="Random Dungeon: all 15 heroes, two may be passed on.")] = False,
    name: NameOption = None,
) -> None:
    """Start a game (it becomes the current one); the deck settings are copied in."""
    from companion.tables import tables
    from companion.tricky.deck import load_deck

    gold = None
    if race:  # the number typed after --race lands among the players: it is the gold
        numbers = [p for p in players if p.isascii() and p.isdigit()]
        if len(numbers) > 1:
            raise BadInput(f"--race takes one number, not {' '.join(numbers)}")
        players = [p for p in players if p not in numbers]
        gold = int(numbers[0]) if numbers else int(tables(KIND)["variants"]["race_gold"])
    new_game(KIND, {**load_deck(), "players": players, "set": hero_set,
                    "rounds_per_player": rounds_per_player, "race": gold, "guild": guild,
                    "random_heroes": random_heroes}, name)


@app.command("round")
def round_(
    hero: Annotated[list[str], Argument(
        help="The hero picked (name or its start), then its trump: a colour (Barbarian, "
             "Troubadour) or a value (Knight).", metavar="HERO [TRUMP]")],
    trump: Annotated[str | None, Option(
        metavar="COLOUR|VALUE", help="The trump, if not given after the hero.")]
    = None,
    predict: Annotated[int | None, Option(
        metavar="N", help="Seer: tricks + potions predicted, when no exchange follows "
                          "(else 'predict N' after it).")] = None,
    exchange: Annotated[int | None, Option(
        metavar="N", help="Cards the active player exchanged.")] = None,
    active: Annotated[str | None, Option(
        help="The active player (any player in round 1; then clockwise).")] = None,
    pass_: Annotated[list[str] | None, Option(
        "--pass", metavar="HERO", help="Random Dungeon: a hero passed on (up to 2).")] = None,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Start a round: the active player's hero and its choices ('round barb red')."""
    act(KIND, game, join_action("round", *hero, options={
        "active": active, "trump": trump, "predict": predict, "exchange": exchange,
        "pass": pass_ or []}), as_json)


@app.command()
def exchange(
    cards: Annotated[list[str] | None, Argument(
        help="How many cards ('exchange 2'), or the cards put aside if shown (open "
             "exchange with two players).", metavar="[N | CARD...]")] = None,
    count: Annotated[int | None, Option(metavar="N", help="How many cards.")] = None,
    player: Annotated[str | None, Option(
        help="Who exchanges (default: the active player, then the other).")] = None,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Record an exchange with the leftover pile, before the first trick."""
    act(KIND, game, join_action("exchange", *(cards or []), options={
        "player": player, "count": count}), as_json)


@app.command()
def predict(
    number: Annotated[int, Argument(help="Tricks + potions the Seer will collect.")],
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """The Seer's prediction, after the exchange."""
    act(KIND, game, join_action("predict", str(number)), as_json)


@app.command()
def trick(
    cards: Annotated[list[str], Argument(
        help="One card per player, in play order from the leader: G4, r0, 4G, 'green 4'.")],
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Settle a trick: who wins it and collects its cards."""
    act(KIND, game, join_action("trick", *cards), as_json)


@app.command()
def result(
    tricks: Annotated[int | None, Option(help="Tricks the active player won.")] = None,
    potions: Annotated[int | None, Option(help="Potions collected.")] = None,
    spells: Annotated[int | None, Option(help="Spells (3s and 4s) collected.")] = None,
    goblins: Annotated[int | None, Option(help="Goblins (1s, 2s) collected.")] = None,
    orcs: Annotated[int | None, Option(help="Orcs (5s, 6s) collected.")] = None,
    ogres: Annotated[int | None, Option(help="Ogres (7s) collected.")] = None,
    last_trick: Annotated[bool | None, Option(
        "--last-trick/--no-last-trick", help="Whether the active player won the last trick.")]
    = None,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Fast path: the active player's haul, and the round's gold at once."""
    act(KIND, game, join_action("result", options={
        "tricks": tricks, "potions": potions, "spells": spells, "goblins": goblins,
        "orcs": orcs, "ogres": ogres, "last-trick": last_trick is True,
        "no-last-trick": last_trick is False}), as_json)


@app.command()
def scores(game: GameOption = None, as_json: JsonOption = False) -> None:
    """The score sheet: a row per round, the totals, and the winners at the end."""
    store = games()
    opened = store.open(store.resolve(game, KIND))
    engine: Any = opened.engine
    if as_json:
        status = engine.status()
        emit_json({"game": opened.record.name, "players": status["players"],
                   "rounds": status["sheet"], "totals": status["scores"],
                   "winners": status["winners"], "rounds_total": status["rounds_total"],
                   "outcome": status["outcome"]})
        return
    echo_lines(_wrapped([f"{opened.record.name}: {', '.join(engine.players)}"]))
    echo_lines(engine.sheet_lines(width()))


@app.command()
def deck(
    colours: Annotated[Four | None, Option(
        metavar="C C C C", help="Colour names (their first letters are the card letters).")]
    = None,
    stars: Annotated[Four | None, Option(
        metavar="R1 B2 Y3 G4", help="Stars of each colour.")] = None,
    potion: Annotated[Four | None, Option(
        "--potion", "--potions", metavar="R1 B2 Y5 G6", help="The potion card of each colour.")]
    = None,
    thief_base: Annotated[Pair | None, Option(
        metavar="N N", help="Thief's gold with 2-3 players, with 4.")] = None,
    trickster_base: Annotated[Pair | None, Option(
        metavar="N N", help="Trickster's gold with 2-3 players, with 4.")] = None,
    barbarian_minimum: Annotated[Pair | None, Option(
        metavar="N N", help="Barbarian's minimum with 2-3 players, with 4.")] = None,
    sorcerer_minimum: Annotated[Pair | None, Option(
        metavar="N N", help="Sorcerer's minimum with 2-3 players, with 4.")] = None,
    knight_minimum: Annotated[Pair | None, Option(
        metavar="N N", help="Knight's minimum with 2-3 players, with 4.")] = None,
    confirm: Annotated[bool, Option(
        help="The players checked every setting against their cards.")] = False,
    reset: Annotated[bool, Option(help="Back to the rulebook's defaults.")] = False,
    game: Annotated[str | None, Option(
        "--game", "-g", help="Show or change this game's copy (the game is replayed).")]
    = None,
    as_json: JsonOption = False,
) -> None:
    """Deck settings for new games (or one game's copy); unverified ones are marked."""
    from companion.tricky.deck import deck_lines, deck_only, deck_path, load_deck, update_deck

    numbers = {key: value for key, value in (
        ("thief_base", thief_base), ("trickster_base", trickster_base),
        ("barbarian_minimum", barbarian_minimum), ("sorcerer_minimum", sorcerer_minimum),
        ("knight_minimum", knight_minimum)) if value is not None}
    changing = bool(colours or stars or potion or numbers or confirm or reset)
    changes: dict[str, Any] = {"colours": colours, "stars": stars, "potions": potion,
                               "numbers": numbers, "confirm": confirm, "reset": reset}
    lines: list[str] = []
    where: dict[str, str | None] = {"game": game}
    command = "deck"
    if game is not None:
        name, settings, lines = _game_deck(game, changes if changing else None)
        title, where["game"], command = f"Deck of game {name}", name, f"deck --game {name}"
    else:
        if changing:
            from companion import safefile
            from companion.tricky.deck import save_deck

            with safefile.locked(deck_path()):  # read, change, write: one at a time
                settings, lines = update_deck(load_deck(), **changes)
                save_deck(settings)
            lines += _current_game_hint()
        else:
            settings = load_deck()
        title = "Deck for new games (this installation)"
        where["file"] = str(deck_path())
    if as_json:
        emit_json({**where, "changes": lines, "deck": deck_only(settings)})
        return
    echo_lines(_wrapped([*lines, *deck_lines(settings, title, command)]))


def _game_deck(game: str, changes: dict[str, Any] | None) -> tuple[str, dict[str, Any],
                                                                    list[str]]:
    """Show, or change and replay, one game's copy of the deck settings."""
    from companion.editions import saved
    from companion.errors import DataProblem, RuleRefused
    from companion.game import replay
    from companion.tricky.deck import update_deck
    from companion.tricky.engine import normalize_settings

    store = games()
    name = store.resolve(game, KIND)
    if changes is None:
        return name, store.store.read(name).settings, []
    with store.store.transaction(name) as record:
        deck_settings, lines = update_deck(record.settings, **changes)
        settings = normalize_settings({**saved(record.settings), **deck_settings})
        try:
            engine, _ = replay(KIND, settings, record.actions, source=name)
        except DataProblem as error:
            raise RuleRefused(f"{error}; the game was left as it was",
                              "tricky.deck.cards") from None
        record.settings = settings
        record.outcome = engine.outcome
        store.store.write(record, replayed=True)
    lines.append(f"Game {name} replayed: {engine.prompt()}")
    return name, settings, lines


def _current_game_hint() -> list[str]:
    from companion.errors import CompanionError

    store = games().store
    current = store.current()
    if current is None:
        return []
    try:
        record = store.read(current)
    except CompanionError:  # a hint only; 'companion games' reports unreadable files
        return []
    if record.kind != KIND:
        return []
    return [f"Game {current} keeps its copy: add --game {current} to change it."]


def _wrapped(lines: list[str]) -> list[str]:
    """Cut at the width, as the engines' status lines are (COLUMNS on phones and tests)."""
    columns = width()
    return [part for line in lines for part in fit(line, columns)]


@app.command()
def heroes(
    game: Annotated[str | None, Option(
        "--game", "-g", help="Show this game's heroes and numbers.")] = None,
    as_json: JsonOption = False,
) -> None:
    """The hero table: set, trump, gold (a game's own numbers with --game)."""
    from companion.tricky.heroes import SETS, hero_json, hero_lines, heroes_in

    players: int | None = None
    hero_set = "all"
    if game is not None:
        store = games()
        settings = store.store.read(store.resolve(game, KIND)).settings
        players, hero_set = len(settings["players"]), settings["set"]
    else:
        from companion.tricky.deck import load_deck

        settings = load_deck()
    chosen = heroes_in(hero_set)
    if as_json:
        emit_json({"game": game, "players": players,
                   "heroes": [hero_json(h, settings, players) for h in chosen]})
        return
    lines = ["Numbers N/M: with 2-3 players/with 4" if players is None
             else f"Numbers for {players} players"]
    for letter in SETS:
        in_set = [h for h in chosen if h.set == letter]
        if in_set:
            lines.append(f"Set {letter}")
            lines += [line for hero in in_set for line in hero_lines(hero, settings, players)]
    lines += ["No gold for the active player: each other player gets 1.",
              "Sets B and C: inferred from the rulebook's order."]
    echo_lines(_wrapped(lines))
