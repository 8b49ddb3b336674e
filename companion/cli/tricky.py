"""companion tricky new, scores, deck, heroes, summary: the Tricky commands typer reads.
``deck`` shows and changes the deck settings (per installation, or one game's copy).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from typer import Argument, Option

from companion.cli.common import echo_lines, emit_json, games, new_game, open_game, width
from companion.cli.options import GameOption, JsonOption, NameOption, whole
from companion.cli.output import paged
from companion.cli.summary import game_app
from companion.errors import BadInput, CompanionError, DataProblem, RuleRefused

if TYPE_CHECKING:
    from companion.tricky.cards import Settings
    from companion.tricky.deck import DeckChange
    from companion.tricky.engine import TrickyGame

KIND = "tricky"
app = game_app(KIND, "Tricky Dungeon: score sheet and trick referee for 2-4 players.")

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
        help="Longer game: rounds each player is active (2, or 4 with two players).",
                parser=whole("--rounds-per-player"))] = None,
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
    from companion.numbers import whole as whole_of
    from companion.tricky.cards import table
    from companion.tricky.deck import load_deck

    gold = None
    if race:  # the number typed after --race lands among the players: it is the gold
        numbers = [p for p in players if p.isascii() and p.isdigit()]
        if len(numbers) > 1:
            raise BadInput(f"--race takes one number, not {' '.join(numbers)}")
        players = [p for p in players if p not in numbers]
        gold = whole_of(numbers[0], "--race") if numbers else table()["variants"]["race_gold"]
    new_game(KIND, {**load_deck(), "players": players, "set": hero_set,
                    "rounds_per_player": rounds_per_player, "race": gold, "guild": guild,
                    "random_heroes": random_heroes}, name)


@app.command()
def scores(game: GameOption = None, as_json: JsonOption = False) -> None:
    """The score sheet: a row per round, the totals, and the winners at the end."""
    opened = open_game(game, KIND)
    engine: TrickyGame = opened.engine  # resolved as a tricky game
    if as_json:
        status = engine.status()
        emit_json({"game": opened.record.name, "players": status["players"],
                   "rounds": status["sheet"], "totals": status["scores"],
                   "winners": status["winners"], "rounds_total": status["rounds_total"],
                   "outcome": status["outcome"]})
        return
    echo_lines(_wrapped([f"{opened.record.name}: {', '.join(engine.players)}"]))
    echo_lines(engine.sheet_lines(width()))


def _hero_number(item: str) -> Any:
    """The option of a hero's base or minimum (``thief_base``: --thief-base N N)."""
    hero, number = item.split("_")
    what = "gold" if number == "base" else number
    return Option(metavar="N N", help=f"{hero.capitalize()}'s {what} with 2-3 players, "
                  "with 4.", parser=whole(f"--{hero}-{number}"))


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
    thief_base: Annotated[Pair | None, _hero_number("thief_base")] = None,
    trickster_base: Annotated[Pair | None, _hero_number("trickster_base")] = None,
    barbarian_minimum: Annotated[Pair | None, _hero_number("barbarian_minimum")] = None,
    sorcerer_minimum: Annotated[Pair | None, _hero_number("sorcerer_minimum")] = None,
    knight_minimum: Annotated[Pair | None, _hero_number("knight_minimum")] = None,
    confirm: Annotated[bool, Option(
        help="The players checked every setting against their cards.")] = False,
    reset: Annotated[bool, Option(help="Back to the rulebook's defaults.")] = False,
    game: Annotated[str | None, Option(
        "--game", "-g", help="Show or change this game's copy (the game is replayed).")]
    = None,
    as_json: JsonOption = False,
) -> None:
    """Deck settings for new games (or one game's copy); unverified ones are marked."""
    from companion.tricky import deck as book
    from companion.tricky.cards import HERO_NUMBERS

    pairs = (thief_base, trickster_base, barbarian_minimum, sorcerer_minimum, knight_minimum)
    numbers = {key: pair for key, pair in zip(HERO_NUMBERS, pairs, strict=True)
               if pair is not None}
    changes = book.DeckChange(colours, stars, potion, numbers, confirm, reset)
    lines: list[str] = []
    where: dict[str, str | None] = {"game": game}
    command = "deck"
    settings: Settings
    if game is not None:
        name, settings, lines = _game_deck(game, changes if changes else None)
        title, where["game"], command = f"Deck of game {name}", name, f"deck --game {name}"
    else:
        if changes:
            from companion import safefile

            with safefile.locked(book.deck_path()):  # read, change, write: one at a time
                settings, lines = book.update_deck(book.load_deck(), changes)
                book.save_deck(settings)
            current = _current_game()
            if current is not None:
                lines.append(f"Game {current} keeps its copy: add --game {current} to "
                             "change it.")
        else:
            settings = book.load_deck()
        title = "Deck for new games (this installation)"
        where["file"] = str(book.deck_path())
    if as_json:
        emit_json({**where, "changes": lines, "deck": book.deck_only(settings)})
        return
    echo_lines(_wrapped([*lines, *book.deck_lines(settings, title, command)]))


def _game_deck(game: str, changes: DeckChange | None) -> tuple[str, Settings, list[str]]:
    """Show, or change and replay, one game's copy of the deck settings."""
    from companion.editions import saved
    from companion.game import replay
    from companion.tricky.deck import update_deck
    from companion.tricky.engine import normalize_settings

    store = games()
    name = store.resolve(game, KIND)
    if changes is None:
        return name, store.store.read(name).settings, []
    with store.store.lock(name):
        record = store.store.read(name)
        deck_settings, lines = update_deck(record.settings, changes)
        settings = normalize_settings({**saved(record.settings), **deck_settings})
        try:
            engine = replay(KIND, settings, record.actions, source=name)
        except DataProblem as error:
            raise RuleRefused(f"{error}; the game was left as it was",
                              "tricky.deck.cards") from None
        record.settings = settings
        record.outcome = engine.outcome
        store.store.write(record, replayed=True)
    lines.append(f"Game {name} replayed: {engine.prompt()}")
    return name, settings, lines


def _current_game() -> str | None:
    """The current Tricky game (a hint and a default only: an unreadable file is left to
    'companion games' to report)."""
    try:
        found: str | None = games().current_of(KIND)
    except CompanionError:
        return None
    return found


def _wrapped(lines: list[str]) -> list[str]:
    """Cut at the width, as the engines' status lines are (COLUMNS on phones and tests),
    never inside a name and its number or a change."""
    from companion.tricky.cards import wrap

    columns = width()
    return [part for line in lines for part in wrap(line, columns)]


@app.command()
@paged()  # the hero table: through the pager on a terminal
def heroes(
    game: Annotated[str | None, Option(
        "--game", "-g", help="This game's heroes and numbers (default: the current game, "
                             "when it is a Tricky one).")] = None,
    every: Annotated[bool, Option(
        "--all", help="Every set, the game's own first.")] = False,
    as_json: JsonOption = False,
) -> None:
    """The hero table: set, trump, gold (in a game: its own set and numbers; --all)."""
    from companion.tricky.cards import table, words_in
    from companion.tricky.heroes import SETS, hero_json, hero_lines, heroes_in

    players: int | None = None
    hero_set = "all"
    name = game if game is not None else _current_game()
    settings: Settings
    if name is not None:
        store = games()
        name = store.resolve(name, KIND)
        settings = store.store.read(name).settings
        players, hero_set = len(words_in(settings, "players")), str(settings["set"])
    else:
        from companion.tricky.deck import load_deck

        settings = load_deck()
    own = [hero_set] if hero_set in SETS else []
    shown = [*own, *(letter for letter in SETS if letter not in own)] if every or not own \
        else own
    chosen = [hero for letter in shown for hero in heroes_in(letter)]
    if as_json:
        emit_json({"game": name, "players": players, "sets": shown,
                   "heroes": [hero_json(h, settings, players) for h in chosen]})
        return
    columns = width()
    lines = ["Numbers N/M: with 2-3 players/with 4" if players is None
             else f"Numbers for {players} players"]
    for letter in shown:
        lines.append(f"Set {letter}" + (" (this game's)" if own and every and letter in own
                                        else ""))
        lines += [line for hero in heroes_in(letter)
                  for line in hero_lines(hero, settings, players, columns)]
    data = table()
    lines.append(f"No gold for the active player: each other player gets "
                 f"{data['game']['no_gold_consolation']}.")
    inferred = [letter for letter in data["sets"]["inferred"] if letter in shown]
    if inferred:
        lines.append(f"Set{'s' * (len(inferred) > 1)} {' and '.join(inferred)}: inferred from "
                     "the rulebook's order.")
    if len(shown) < len(SETS):
        lines.append("The other sets: 'heroes --all'.")
    echo_lines(_wrapped(lines))
