"""companion halfdeck's lines that run a function of their own (``WRITTEN``; no typer).

Card numbers come from the player or, for a card the game has not seen, from the
installation's catalog, and are written into the action so the save replays without
the catalog. Names may be several words, unquoted, or the start of a known name.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from companion.cli.common import act, is_die, name_and_die, open_game, roll_die
from companion.errors import BadInput, CompanionError, DataProblem
from companion.halfdeck import grammar
from companion.halfdeck.grammar import GRAMMAR

if TYPE_CHECKING:
    from companion.cli.dispatch import VerbCommand
    from companion.game import Applied
    from companion.halfdeck.cards import CardInfo
    from companion.halfdeck.engine import HalfDeckGame
    from companion.verbs import Line, Value

KIND = "halfdeck"


def _catalog_entry(engine: HalfDeckGame, name: str) -> CardInfo | None:
    """The catalog's card when this game does not know it yet, else None."""
    from companion.halfdeck import catalog

    return None if engine.card(name) is not None else catalog.load().get(name)


def _catalog_names() -> dict[str, CardInfo]:
    """The catalog, to match names against; a catalog that cannot be read is left out
    (its numbers are not needed to name a card the game knows)."""
    from companion.halfdeck import catalog

    try:
        return catalog.load()
    except DataProblem:
        return {}


def _act(game: str | None, action: Value, as_json: bool, rolled: Sequence[str] = ()) -> None:
    """Apply one action, keep the cards it used in the catalog, print the ruling (and the
    summary when the game ends; before it, the dice companion ``rolled``)."""
    act(KIND, game, GRAMMAR.text(action), as_json, _learn, rolled)


def _learn(opened: Any, applied: Applied) -> list[str]:
    """The cards whose numbers the action just applied carries, kept in the catalog: what
    changed there (its numbers are in the ruling: they are not said twice)."""
    from companion.halfdeck import catalog

    engine: HalfDeckGame = opened.engine
    action = GRAMMAR.parse(applied.action)
    cards = (action.name,) if isinstance(action, grammar.Hero | grammar.Draw) else \
        action.words[1:] if isinstance(action, grammar.Equip) else ()
    notes: list[str] = []
    for info in filter(None, map(engine.card, cards)):  # the cards the game knows now
        try:
            change = catalog.learn(info)
        except DataProblem as error:
            notes.append(f"catalog not saved: {error}")
            continue
        if change:
            notes.append(f"catalog: {info.name} {change}")
    return notes


# -- the game's actions: read by the verb table (companion/halfdeck/grammar.py), run here
def _typed(command: VerbCommand, line: Line) -> Any:
    """The action the verb table builds from the words and options typed, before the
    command finds names by their start and numbers in the catalog."""
    from companion.verbs import FLAG

    given = [(p.option[2:], None if p.kind == FLAG else str(line.own[p.name]))
             for p in command.verb.params if line.own.get(p.name) not in (None, False)]
    return GRAMMAR.build(command.verb, list(line.args), given)


def _number(command: VerbCommand, line: Line, name: str) -> int | None:
    """An option's whole number as typed ('+1' too), else None."""
    value = line.own.get(name)
    if value is None:
        return None
    option = next(p.option for p in command.verb.line if p.name == name)
    return GRAMMAR.number(str(value), option)


def _play(command: VerbCommand, value: Value | None, line: Line) -> None:
    """A verb whose words the table reads (escape, loot, discard, heal...)."""
    _act(line.game, value or _typed(command, line), line.json)


def _hand(command: VerbCommand, _value: Value | None, line: Line) -> None:
    from companion.halfdeck.engine import group_names

    action: grammar.Hand = _typed(command, line)
    if len(action.cards) > 1:  # names of several words need no quotes when they are known
        # (never joined because fewer cards are due: the engine says "2 named, 1 due")
        action = action._replace(cards=tuple(group_names(action.cards, [
            *open_game(line.game, KIND).engine.card_pool(), *_catalog_names()])))
    _act(line.game, action, line.json)


def _hero(command: VerbCommand, _value: Value | None, line: Line) -> None:
    from companion.halfdeck.cards import HERO, card_name
    from companion.names import find

    action: grammar.Hero = _typed(command, line)
    strength, magic = action.strength, action.magic
    engine: HalfDeckGame = open_game(line.game, KIND).engine
    typed = card_name(action.name)
    if not action.pick:
        typed = engine.held(typed)  # from the hand: by the start of its name too
    elif (strength is None or magic is None) and engine.card(typed) is None:
        # picked from the deck, not named with both numbers (a new card): a hero of the
        # catalog, by its start too
        heroes = [c.name for c in _catalog_names().values() if c.kind == HERO]
        typed = find(typed, heroes, "hero card") or typed
    if strength is None or magic is None:
        entry = _catalog_entry(engine, typed)
        if entry is not None and entry.kind == HERO:
            strength = entry.strength if strength is None else strength
            magic = entry.magic if magic is None else magic
    _act(line.game, action._replace(name=typed, strength=strength, magic=magic), line.json)


def _equip(command: VerbCommand, _value: Value | None, line: Line) -> None:
    action: grammar.Equip = _typed(command, line)
    for bonus, option in ((action.strength, "--str"), (action.magic, "--mag")):
        if bonus is not None:
            GRAMMAR.number(bonus, option)  # a bad number is refused before the game is read
    engine: HalfDeckGame = open_game(line.game, KIND).engine
    hero_in_play, gear = engine.equipped(action.words)
    action = action._replace(words=(hero_in_play.name, gear))
    entry = _catalog_entry(engine, gear)
    if action.strength is None and action.magic is None and entry is not None \
            and entry.kind == "gear":
        action = action._replace(
            strength=None if entry.strength is None else f"+{entry.strength}",
            magic=None if entry.magic is None else f"+{entry.magic}",
            one_use=action.one_use or entry.one_use)
    _act(line.game, action, line.json)


def _draw(command: VerbCommand, _value: Value | None, line: Line) -> None:
    from companion.halfdeck.cards import DUNGEON_KINDS, HERO, card_name
    from companion.names import find

    action: grammar.Draw = _typed(command, line)
    strength, magic, loot = action.strength, action.magic, action.loot
    effect, one_use = action.effect, action.one_use
    given = [k for k in (*DUNGEON_KINDS, HERO) if getattr(action, k.replace("-", "_"))]
    engine: HalfDeckGame = open_game(line.game, KIND).engine
    typed = card_name(action.name)
    cards = {} if given or engine.card(typed) is not None else _catalog_names()
    if not given and engine.card(typed) is None and typed not in cards:
        # A card named alone is one the game or the catalog knows: by its start too.
        pool = [*engine.known, *([engine.rescue] if engine.rescue else []),
                *(c.name for c in cards.values() if c.kind in DUNGEON_KINDS)]
        typed = find(typed, pool, "card this game or the catalog knows") or typed
    entry = _catalog_entry(engine, typed)
    if entry is not None and (not given or given == [entry.kind]):
        if entry.kind == HERO and typed == engine.rescue:
            strength = entry.strength if strength is None else strength
            magic = entry.magic if magic is None else magic
        elif entry.kind != HERO:
            given = given or [entry.kind]
            if strength is None and magic is None:
                strength, magic = entry.strength, entry.magic
            loot = entry.loot if loot is None else loot
            effect = effect or entry.effect or None
            one_use = one_use or entry.one_use
    _act(line.game, action._replace(
        name=typed, **{k.replace("-", "_"): True for k in given}, strength=strength,
        magic=magic, loot=loot, effect=effect, one_use=one_use), line.json)


def _attack(command: VerbCommand, _value: Value | None, line: Line) -> None:
    """attack, challenge (whose words take no --assist) and team-attack: ``HERO [ROLL]``
    for the main attacker, then for each supporter, each die given or rolled (the engine
    rules on how many supporters the roll may have). An attack's supporters each follow
    ``--assist``; a team attack's may (a save's own line, as 'log' shows it), and their
    names are found by their start."""
    team = command.verb.name == "team-attack"
    number = _number(command, line, "source" if team else "loot_to")
    parts: list[list[str]] = [[]]
    for word in line.args:
        if word.lower() != "--assist":
            parts[-1].append(word)
        elif not team:
            parts.append([])
    if not all(parts):
        raise BadInput(f"usage: {command.verb.usage_line()}")
    engine: HalfDeckGame | None = open_game(line.game, KIND).engine if team else None
    rolled: list[str] = []  # the dice companion rolled, said by each hero's full name

    def die(value: str | None, who: str) -> str:
        """The die given, else rolled (the game is read at the first roll, if not yet, to
        name the hero in full: its start may be typed)."""
        nonlocal engine
        if value is not None and value.strip().lower() != "roll":
            return value
        if value is None and not line.own.get("roll"):
            raise BadInput(f"give {who}'s die (1-6), or --roll to let companion roll it")
        face = roll_die()
        engine = engine or open_game(line.game, KIND).engine
        try:
            who = engine.hero(who).name
        except CompanionError:
            pass  # the engine says what is wrong when the action is applied
        rolled.append(f"{who} {face}")
        return str(face)

    typed = _heroes_and_dice(parts[0], engine) if engine else map(name_and_die, parts)
    main, *supporters = [grammar.HeroRoll(name, die(roll, name)) for name, roll in typed]
    action: grammar.Action = grammar.Challenge(main.hero, main.die)
    if team:
        action = grammar.TeamAttack(main.hero, main.die, tuple(supporters), number)
    elif command.verb.name == "attack":
        action = grammar.Attack(main.hero, main.die, tuple(supporters), number)
    _act(line.game, action, line.json, rolled)


def _heroes_and_dice(words: list[str], engine: HalfDeckGame
                     ) -> Iterator[tuple[str, str | None]]:
    """Each hero's name (several words, or the start of a hero in play's), then its die
    if one follows: read one at a time, as each die is rolled."""
    from companion.names import lead

    in_play = [h.name for h in engine.heroes]
    at = 0
    while at < len(words):
        name, count = lead(words[at:], in_play, "hero in play")
        who = name or words[at]
        at += count
        roll = words[at] if at < len(words) and is_die(words[at]) else None
        at += roll is not None
        yield who, roll


def _loot(command: VerbCommand, _value: Value | None, line: Line) -> None:
    count = GRAMMAR.number(line.args[0], "count")  # the word typed is a count, not a loot
    _act(line.game, grammar.Loot(count, _number(command, line, "player")), line.json)


# Every action's command, from the verb table; each reads its words here (names by
# their start, numbers from the catalog, dice rolled) but the three that take none.
WRITTEN = {
    "hand": _hand, "hero": _hero, "equip": _equip, "draw": _draw, "attack": _attack,
    "team-attack": _attack, "challenge": _attack, "escape": _play,
    "team-escape": _play, "shuffle-back": _play, "loot": _loot, "discard": _play,
    "heal": _play, "hurt": _play, "trade": _play}
