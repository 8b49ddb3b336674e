"""companion halfdeck ...: Half Deck Dungeon Heroes commands.

Each game command's words are read by the game's verb table
(``companion.halfdeck.grammar``: the verb's words and options); the command
here turns them into one action value and hands it to the core; the engine
rules on it. Card numbers come from the player or, for a card the game has
not seen yet, from the installation's card catalog, and are written into the
action so the saved game replays without the catalog. Names may be several
words, unquoted (``draw goblin minion``), or the start of a name the game or
the catalog knows (``attack war 3``). ``--roll`` rolls a die here (never in
the engine): the number goes into the action like a typed one.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

from companion.cli.common import (
    JsonOption,
    NameOption,
    add_common_commands,
    add_verbs,
    echo,
    echo_lines,
    echo_vitals,
    emit_json,
    games,
    new_game,
    width,
)
from companion.cli.declare import Argument, Context, Group, Option
from companion.cli.dice_odds import halfdeck_odds
from companion.cli.summary import add_summary
from companion.halfdeck import grammar
from companion.halfdeck.grammar import GRAMMAR

if TYPE_CHECKING:
    from companion.cli.verbcommands import VerbCommand
    from companion.halfdeck.cards import CardInfo
    from companion.halfdeck.engine import HalfDeckGame
    from companion.verbs import Line, Value

KIND = "halfdeck"
app = Group(no_args_is_help=True, rich_markup_mode=None,
                  help="Half Deck Dungeon Heroes: heroes, gear, dice and two decks.")
add_common_commands(app, KIND)
add_summary(app, KIND)
app.command("odds")(halfdeck_odds)
cards_app = Group(invoke_without_command=True, rich_markup_mode=None,
                        help="The cards entered so far (kept per installation).")
app.add_group(cards_app, name="cards")

StrOption = Annotated[int | None, Option("--str", help="Strength number.")]
MagOption = Annotated[int | None, Option("--mag", help="Magic number.")]


def roll_die() -> int:
    """One d6 roll for --roll (tests replace this)."""
    import random

    return random.SystemRandom().randint(1, 6)


def is_die(word: str) -> bool:
    """A die typed, or 'roll' for companion to roll it."""
    from companion.numbers import is_whole

    return is_whole(word.strip()) or word.strip().lower() == "roll"


class Dice:
    """Dice given or rolled for one command; remembers what was rolled to say so.
    ``named`` gives a hero's full name for what is said (a prefix may be typed)."""

    def __init__(self, roll_all: bool, named: Callable[[str], str] = str) -> None:
        self.roll_all = roll_all
        self.named = named
        self.rolled: list[str] = []

    def die(self, value: str | None, who: str) -> str:
        if value is not None and value.strip().lower() != "roll":
            return value
        if value is None and not self.roll_all:
            from companion.errors import BadInput

            raise BadInput(f"give {who}'s die (1-6), or --roll to let companion roll it")
        rolled = roll_die()
        self.rolled.append(f"{self.named(who)} {rolled}")
        return str(rolled)

    def say(self) -> None:
        if self.rolled:
            echo(f"Rolled: {', '.join(self.rolled)}")


def _engine(game: str | None) -> HalfDeckGame:
    store = games()
    return _halfdeck(store.open(store.resolve(game, KIND)).engine)


def _halfdeck(engine: object) -> HalfDeckGame:
    """The engine of a game opened as a Half Deck game (``resolve(game, KIND)``)."""
    from companion.halfdeck.engine import HalfDeckGame  # loaded: the game was replayed

    assert isinstance(engine, HalfDeckGame)
    return engine


def _hero_namer(game: str | None) -> Callable[[str], str]:
    """A hero's name in play for what a prefix stands for (the game is read once, and only
    when asked: when a die is rolled)."""
    opened: list[HalfDeckGame] = []

    def named(typed: str) -> str:
        from companion.errors import CompanionError

        if not opened:
            opened.append(_engine(game))
        try:
            return opened[0].hero(typed).name
        except CompanionError:
            return typed  # the engine says what is wrong when the action is applied
    return named


def _catalog_entry(engine: HalfDeckGame, name: str) -> CardInfo | None:
    """The catalog's card when this game does not know it yet, else None."""
    from companion.halfdeck import catalog
    from companion.halfdeck.cards import card_name

    key = card_name(name)
    if engine.card(key) is not None:
        return None
    return catalog.load().get(key)


def _catalog_names() -> dict[str, CardInfo]:
    """The catalog, to match names against; a catalog that cannot be read is left out
    (its numbers are not needed to name a card the game knows)."""
    from companion.errors import DataProblem
    from companion.halfdeck import catalog

    try:
        return catalog.load()
    except DataProblem:
        return {}


def _learned(action: grammar.Action) -> tuple[str, ...]:
    """The cards whose numbers an action carries, by their full names."""
    if isinstance(action, grammar.Hero | grammar.Draw):
        return (action.name,)
    if isinstance(action, grammar.Equip):
        return action.words[1:]
    return ()


def _act(game: str | None, action: grammar.Action, as_json: bool,
         dice: Dice | None = None) -> None:
    """Apply one action, keep the cards it used in the catalog, print the ruling (and the
    summary when the game ends)."""
    from companion.errors import DataProblem
    from companion.halfdeck import catalog

    store = games()
    name = store.resolve(game, KIND)
    # the engine applies the line the save will hold
    opened, applied = store.act(name, GRAMMAR.text(action))
    engine = _halfdeck(opened.engine)
    notes: list[str] = []
    for card in _learned(GRAMMAR.parse(applied.action)):
        info = engine.card(card)
        if info is None:
            continue
        try:
            change = catalog.learn(info)
        except DataProblem as error:
            notes.append(f"catalog not saved: {error}")
            continue
        if change:  # its numbers are in the ruling: they are not said twice
            notes.append(f"catalog: {info.name} {change}")
    if as_json:
        emit_json({"game": name, "action": applied.action, "ruling": list(applied.lines),
                   "catalog": notes, "state": engine.status()})
        return
    if dice is not None:
        dice.say()
    echo_lines(applied.lines)
    echo_lines(notes)
    echo_vitals(engine.prompt())
    if engine.outcome != "playing":
        from companion.cli.ending import echo_end_summary

        echo_end_summary(opened)


@app.command()
def new(
    name: NameOption = None,
    players: Annotated[int, Option(help="Players, 1-4 (2+ is co-op).")] = 1,
    endgame: Annotated[str, Option(help="Endgame cards in the deck: treasure, boss "
                                              "or both.")] = "both",
    deck_size: Annotated[int | None, Option(help="Dungeon deck size (26, or 25 with "
                                                       "one endgame card).")] = None,
    rescue: Annotated[str | None, Option(help="Rescue mission: this hero is in the "
                                                    "dungeon deck.")] = None,
    trap_needs: Annotated[str, Option(help="A hero may attempt a trap when a 6 "
                                                 "could pass it (reach) or when it has the "
                                                 "attribute (attribute).")] = "reach",
    shuffle_back: Annotated[bool, Option(help="The endgame boss may be shuffled back "
                                                    "before the first roll.")] = True,
    assist_rule: Annotated[str, Option(help="A roll may have supporters any time "
                                                  "(loose) or only when the main attacker "
                                                  "cannot reach the number alone "
                                                  "(strict).")] = "loose",
    seat: Annotated[list[str] | None, Option(
        help="A player's name, in the order of their numbers (repeat): the same person in "
             "every game's record ('stats --players').")] = None,
) -> None:
    """Start a game (it becomes the current one)."""
    new_game(KIND, {"players": None if seat and players == 1 else players,
                    "endgame": endgame, "deck_size": deck_size,
                    "rescue": rescue or "", "trap_needs": trap_needs,
                    "shuffle_back": shuffle_back, "assist_rule": assist_rule,
                    "seats": seat or []}, name)


# -- the card catalog ----------------------------------------------------------------
@cards_app.callback()
def cards_list(ctx: Context, as_json: JsonOption = False) -> None:
    """List the cards entered so far, with their numbers."""
    if ctx.invoked_subcommand is not None:
        return
    from companion.halfdeck import catalog

    cards = sorted(catalog.load().values(), key=catalog.sort_key)
    if as_json:
        emit_json({"cards": [{"name": c.name, **c.as_toml(), "missing": c.missing()}
                             for c in cards]})
        return
    if not cards:
        echo("No cards yet: 'companion halfdeck cards add NAME --kind KIND'.")
    for info in cards:
        echo(f"{info.name}: {info.describe()}")
        if info.missing():
            echo(f"  still needs {', '.join(info.missing())}")
        if info.effect:
            echo(f"  effect: {info.effect}")


@cards_app.command("add")
def cards_add(
    name: Annotated[list[str], Argument(help="The card's name.")],
    kind: Annotated[str, Option(help="hero, gear, minion, boss, trap, misc, "
                                           "endgame-boss or endgame-treasure.")],
    strength: StrOption = None,
    magic: MagOption = None,
    loot: Annotated[int | None, Option(help="Loot number.")] = None,
    one_use: Annotated[bool, Option("--one-use", help="Removed from play after "
                                                            "use.")] = False,
    effect: Annotated[str | None, Option(help="The card's text, shortened.")] = None,
) -> None:
    """Enter a card (or correct one) in the catalog."""
    from companion.errors import BadInput
    from companion.halfdeck import catalog
    from companion.halfdeck.cards import KINDS, MAX_NUMBER, CardInfo, card_name

    if kind not in KINDS:
        raise BadInput(f"--kind must be one of {', '.join(KINDS)}, not {kind!r}")
    for value, option in ((strength, "--str"), (magic, "--mag"), (loot, "--loot")):
        if value is not None and not 0 <= value <= MAX_NUMBER:
            raise BadInput(f"{option} must be from 0 to {MAX_NUMBER}")
    from companion.text import check_text

    info = CardInfo(card_name(" ".join(name)), kind, strength, magic, loot, one_use,
                    check_text(effect or "", "--effect"))
    change = catalog.learn(info)
    echo(f"catalog: {info.name} {change} ({info.describe()})" if change
         else f"catalog: {info.name} unchanged")


@cards_app.command("rm")
def cards_rm(name: Annotated[list[str], Argument(help="The card's name.")]) -> None:
    """Remove a card from the catalog (games keep their own copy)."""
    from companion.halfdeck import catalog
    from companion.halfdeck.cards import card_name

    key = _catalog_name(card_name(" ".join(name)), catalog.load())
    if not catalog.forget(key):
        from companion.errors import BadInput

        raise BadInput(f"{key} is not in the catalog (see 'companion halfdeck cards')")
    echo(f"catalog: {key} removed")


def _catalog_name(key: str, cards: dict[str, CardInfo]) -> str:
    """A card of the catalog by its name or the start of it (else the name as typed)."""
    from companion.halfdeck.engine import find_name

    return find_name(key, cards, "card in the catalog") or key


@cards_app.command("export")
def cards_export(
    output: Annotated[Path | None, Option("--output", "-o", help="Write it to FILE.",
                                                metavar="FILE")] = None,
    code: Annotated[bool, Option("--code", help="A code of one line, to paste or "
                                                      "send.")] = False,
    qr: Annotated[bool, Option("--qr", help="The code as a QR code, to scan.")] = False,
    ascii_only: Annotated[bool, Option("--ascii", help="Draw the QR code with "
                                                             "'#'.")] = False,
    invert: Annotated[bool, Option("--invert", help="For a light screen: draw the "
                                                          "dark modules.")] = False,
) -> None:
    """Pass the catalog on: as TOML (the default), a code (--code) or a QR code (--qr)."""
    from companion.cli.common import write_output
    from companion.errors import BadInput
    from companion.halfdeck import catalog

    if qr and output is not None:
        raise BadInput("--qr draws the code here: leave out -o FILE")
    if (ascii_only or invert) and not qr:
        raise BadInput("--ascii and --invert draw the QR code: add --qr")
    cards = catalog.load()
    count = f"{len(cards)} card{'' if len(cards) == 1 else 's'}"
    text = catalog.encode(cards) if code or qr else catalog.toml_text(cards)
    if qr:
        _show_qr(text, count, ascii_only=ascii_only, invert=invert)
    elif output is not None:
        write_output(output, text if text.endswith("\n") else text + "\n")
        _say(f"Wrote the card catalog ({count}) to {output}. Elsewhere: companion halfdeck "
             f"cards import {output.name}")
    elif code:
        echo(text)
    else:
        echo(text.rstrip("\n"))


def _show_qr(code: str, count: str, *, ascii_only: bool, invert: bool) -> None:
    from companion.cli.share import qr_lines

    echo_lines(qr_lines(code, ascii_only=ascii_only, invert=invert,
                        of="the card catalog", kind="the code",
                        instead="Use --code to print the code, or -o FILE to save it."))
    _say(f"The card catalog: {count}, {len(code)} characters. Scan it, then: companion "
         "halfdeck cards import CODE")


def _say(message: str) -> None:
    from companion.text import wrap

    echo_lines(wrap(message, width()))


@cards_app.command("import")
def cards_import(
    source: Annotated[str, Argument(help="A card catalog: its code, or a file holding "
                                               "the code or the TOML.",
                                          metavar="CODE|FILE")],
    replace: Annotated[bool, Option("--replace", help="Take the new numbers of a card "
                                                            "kept already.")] = False,
) -> None:
    """Add the cards another player entered (checked; a card kept already stays)."""
    from companion.halfdeck import catalog

    text, where = _read_source(source)
    done = catalog.merge(catalog.read_import(text, where), replace)
    said = [f"Catalog: {_listed(done.added, 'added')}."]
    if done.replaced:
        said.append(f"{_listed(done.replaced, 'replaced')}.")
    if done.kept:
        said.append(f"{_listed(done.kept, 'kept as they were')} (--replace takes the new "
                    "numbers).")
    if done.same:
        said.append(f"{len(done.same)} the same already.")
    for line in said:
        _say(line)


def _listed(names: list[str], what: str) -> str:
    count = f"{len(names)} {what}"
    return f"{count}: {', '.join(names)}" if names else count


def _read_source(source: str) -> tuple[str, str]:
    """The text of a code or a catalog file, and what to call it in an error."""
    from companion import safefile
    from companion.errors import BadInput
    from companion.halfdeck import catalog

    if catalog.looks_like_code(source):
        return source, "the code"
    where = repr(source[:200])
    try:
        data = safefile.read_bytes(Path(source), catalog.MAX_CATALOG_BYTES, follow=True)
    except FileNotFoundError:
        raise BadInput(f"{where} is neither a card catalog code ({catalog.CODE_PREFIX}...) "
                       "nor a file") from None
    except safefile.TooLarge:
        raise BadInput(f"{where} holds more than {catalog.MAX_CATALOG_BYTES} bytes: not a "
                       "card catalog") from None
    except safefile.Unreadable as error:
        raise BadInput(f"cannot read {where}: {error.reason}") from None
    except (OSError, ValueError) as error:
        raise BadInput(f"cannot read {where}: {getattr(error, 'strerror', None) or error}"
                       ) from None
    try:
        return data.decode("utf-8"), where
    except UnicodeDecodeError:
        raise BadInput(f"{where} is not UTF-8 text: not a card catalog") from None


# -- the game's actions: read by the verb table (companion/halfdeck/grammar.py), run here
def _number(command: VerbCommand, line: Line, name: str) -> int | None:
    """An option's whole number as typed ('+1' too), else None."""
    value = line.own.get(name)
    if value is None:
        return None
    option = next(p.option for p in command.verb.line if p.name == name)
    return GRAMMAR.number(str(value), option)


def _play(command: VerbCommand, value: Value | None, line: Line) -> None:
    """A verb whose words the table builds into its action (escape, team-escape...)."""
    assert isinstance(value, grammar.Action)
    _act(line.game, value, line.json)


def _hand(command: VerbCommand, _value: Value | None, line: Line) -> None:
    from companion.halfdeck.engine import group_names

    player, cards = _number(command, line, "player"), line.args
    if len(cards) > 1:  # names of several words need no quotes when they are known
        # (never joined because fewer cards are due: the engine says "2 named, 1 due")
        cards = group_names(cards, [*_engine(line.game).card_pool(), *_catalog_names()])
    _act(line.game, grammar.Hand(tuple(cards), player), line.json)


def _hero(command: VerbCommand, _value: Value | None, line: Line) -> None:
    from companion.halfdeck.cards import HERO, card_name
    from companion.halfdeck.engine import find_name

    strength, magic = _number(command, line, "strength"), _number(command, line, "magic")
    player, pick = _number(command, line, "player"), bool(line.own.get("pick"))
    replace = line.own.get("replace")
    engine = _engine(line.game)
    typed = card_name(" ".join(line.args))
    if not pick:
        typed = engine.held(typed)  # from the hand: by the start of its name too
    elif (strength is None or magic is None) and engine.card(typed) is None:
        # picked from the deck, not named with both numbers (a new card): a hero of the
        # catalog, by its start too
        heroes = [c.name for c in _catalog_names().values() if c.kind == HERO]
        typed = find_name(typed, heroes, "hero card") or typed
    if strength is None or magic is None:
        entry = _catalog_entry(engine, typed)
        if entry is not None and entry.kind == HERO:
            strength = entry.strength if strength is None else strength
            magic = entry.magic if magic is None else magic
    _act(line.game, grammar.Hero(typed, strength, magic, player,
                                 None if replace is None else str(replace), pick), line.json)


def _equip(command: VerbCommand, _value: Value | None, line: Line) -> None:
    strength, magic = _number(command, line, "strength"), _number(command, line, "magic")
    one_use = bool(line.own.get("one_use"))
    engine = _engine(line.game)
    hero_in_play, gear = engine.equipped(line.args)
    if strength is None and magic is None:
        entry = _catalog_entry(engine, gear)
        if entry is not None and entry.kind == "gear":
            strength, magic = entry.strength, entry.magic
            one_use = one_use or entry.one_use
    _act(line.game, grammar.Equip((hero_in_play.name, gear),
                                  None if strength is None else f"+{strength}",
                                  None if magic is None else f"+{magic}", one_use,
                                  bool(line.own.get("standby"))), line.json)


DUNGEON_FLAGS = ("minion", "boss", "trap", "misc", "endgame-boss", "endgame-treasure")


def _draw(command: VerbCommand, _value: Value | None, line: Line) -> None:
    from companion.halfdeck.cards import DUNGEON_KINDS, HERO, card_name
    from companion.halfdeck.engine import find_name

    strength, magic = _number(command, line, "strength"), _number(command, line, "magic")
    loot, player = _number(command, line, "loot"), _number(command, line, "player")
    effect = line.own.get("effect")
    effect = None if effect is None else str(effect)
    one_use = bool(line.own.get("one_use"))
    given = [k for k in (*DUNGEON_FLAGS, HERO) if line.own.get(k.replace("-", "_"))]
    engine = _engine(line.game)
    typed = card_name(" ".join(line.args))
    cards = {} if given or engine.card(typed) is not None else _catalog_names()
    if not given and engine.card(typed) is None and typed not in cards:
        # A card named alone is one the game or the catalog knows: by its start too.
        pool = [*engine.known, *([engine.rescue] if engine.rescue else []),
                *(c.name for c in cards.values() if c.kind in DUNGEON_KINDS)]
        typed = find_name(typed, pool, "card this game or the catalog knows") or typed
    entry = _catalog_entry(engine, typed)
    if entry is not None and (not given or given == [entry.kind]):
        if entry.kind == HERO:
            if typed == engine.rescue:
                strength = entry.strength if strength is None else strength
                magic = entry.magic if magic is None else magic
        else:
            given = given or [entry.kind]
            if strength is None and magic is None:
                strength, magic = entry.strength, entry.magic
            loot = entry.loot if loot is None else loot
            effect = effect or entry.effect or None
            one_use = one_use or entry.one_use
    _act(line.game, grammar.Draw(
        typed, minion="minion" in given, boss="boss" in given, trap="trap" in given,
        misc="misc" in given, endgame_boss="endgame-boss" in given,
        endgame_treasure="endgame-treasure" in given, hero=HERO in given, strength=strength,
        magic=magic, loot=loot, effect=effect, one_use=one_use, player=player), line.json)


def _hero_and_die(words: list[str]) -> tuple[str, str | None]:
    """``HERO [ROLL]``: the hero's words (a name may be several), then the die if given."""
    if len(words) > 1 and is_die(words[-1]):
        return " ".join(words[:-1]), words[-1]
    return " ".join(words), None


def _attack(command: VerbCommand, _value: Value | None, line: Line) -> None:
    """--assist is read among the words: it may be given for each supporter, and the
    engine rules on how many the roll may have."""
    from companion.errors import BadInput

    loot_to = _number(command, line, "loot_to")
    parts: list[list[str]] = [[]]
    for word in line.args:
        if word.lower() == "--assist":
            parts.append([])
        else:
            parts[-1].append(word)
    if not all(parts):
        raise BadInput(f"usage: {command.verb.usage_line()}")
    dice = Dice(bool(line.own.get("roll")), _hero_namer(line.game))
    rolled = []
    for part in parts:
        hero_name, roll = _hero_and_die(part)
        rolled.append(grammar.HeroRoll(hero_name, dice.die(roll, hero_name)))
    main, *supporters = rolled
    _act(line.game, grammar.Attack(main.hero, main.die, tuple(supporters), loot_to),
         line.json, dice=dice)


def _team_attack(command: VerbCommand, _value: Value | None, line: Line) -> None:
    """The words may be a save's own line: '--assist' before each supporter, as 'log'
    shows it."""
    from companion.errors import BadInput
    from companion.halfdeck.engine import lead_name

    source = _number(command, line, "source")
    heroes = [word for word in line.args if word.lower() != "--assist"]
    if not heroes:
        raise BadInput(f"usage: {command.verb.usage_line()}")
    engine = _engine(line.game)
    in_play = [h.name for h in engine.heroes]
    dice = Dice(bool(line.own.get("roll")))
    rolled: list[grammar.HeroRoll] = []
    at = 0
    while at < len(heroes):  # each hero's name (several words, a start), then its die
        found, count = lead_name(heroes[at:], in_play, "hero in play")
        who = found or heroes[at]
        at += count
        roll = heroes[at] if at < len(heroes) and is_die(heroes[at]) else None
        at += roll is not None
        rolled.append(grammar.HeroRoll(who, dice.die(roll, who)))
    main, *supporters = rolled
    _act(line.game, grammar.TeamAttack(main.hero, main.die, tuple(supporters), source),
         line.json, dice=dice)


def _challenge(command: VerbCommand, _value: Value | None, line: Line) -> None:
    dice = Dice(bool(line.own.get("roll")), _hero_namer(line.game))
    hero_name, roll = _hero_and_die(line.args)
    _act(line.game, grammar.Challenge(hero_name, dice.die(roll, hero_name)), line.json,
         dice=dice)


def _loot(command: VerbCommand, _value: Value | None, line: Line) -> None:
    count = GRAMMAR.number(line.args[0], "count")
    _act(line.game, grammar.Loot(count, _number(command, line, "player")), line.json)


def _discard(command: VerbCommand, _value: Value | None, line: Line) -> None:
    _act(line.game, grammar.Discard(tuple(line.args), _number(command, line, "player"),
                                    bool(line.own.get("forced")),
                                    bool(line.own.get("in_play"))), line.json)


def _life(command: VerbCommand, _value: Value | None, line: Line) -> None:
    """heal and hurt: the hero's words (a name may be several), then the amount."""
    amount = GRAMMAR.number(line.args[-1], "amount")
    life = grammar.Heal if command.verb.name == "heal" else grammar.Hurt
    _act(line.game, life(" ".join(line.args[:-1]), amount), line.json)


def _trade(command: VerbCommand, _value: Value | None, line: Line) -> None:
    _act(line.game, GRAMMAR.build(command.verb, list(line.args), ()), line.json)


# Every action's command, from the verb table; each reads its words here (names by
# their start, numbers from the catalog, dice rolled) but the three that take none.
add_verbs(app, KIND, GRAMMAR, GRAMMAR.verbs, {
    "hand": _hand, "hero": _hero, "equip": _equip, "draw": _draw, "attack": _attack,
    "team-attack": _team_attack, "challenge": _challenge, "escape": _play,
    "team-escape": _play, "shuffle-back": _play, "loot": _loot, "discard": _discard,
    "heal": _life, "hurt": _life, "trade": _trade})
