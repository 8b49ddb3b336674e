"""companion halfdeck ...: Half Deck Dungeon Heroes commands.

Each game command turns its words into one action text and hands it to the
core; the engine rules on it. Card numbers come from the player or, for a
card the game has not seen yet, from the installation's card catalog, and
are written into the action so the saved game replays without the catalog.
``--roll`` rolls a die here (never in the engine): the number goes into the
action like a typed one.
"""

from __future__ import annotations

from typing import Annotated, Any

from companion.actions import join_action
from companion.cli.common import (
    GameOption,
    JsonOption,
    NameOption,
    add_common_commands,
    echo,
    echo_lines,
    echo_vitals,
    emit_json,
    games,
    new_game,
)
from companion.cli.declare import Argument, Context, Group, Option
from companion.cli.dice_odds import halfdeck_odds
from companion.cli.summary import add_summary
from companion.numbers import is_whole

KIND = "halfdeck"
app = Group(no_args_is_help=True, rich_markup_mode=None,
                  help="Half Deck Dungeon Heroes: heroes, gear, dice and two decks.")
add_common_commands(app, KIND)
add_summary(app, KIND)
app.command("odds")(halfdeck_odds)
cards_app = Group(invoke_without_command=True, rich_markup_mode=None,
                        help="The cards entered so far (kept per installation).")
app.add_group(cards_app, name="cards")

RollArg = Annotated[str | None, Argument(help="The die (1-6), or 'roll'.")]
RollFlag = Annotated[bool, Option("--roll", "-r", help="Let companion roll the die.")]
PlayerOption = Annotated[int | None, Option("--player", help="Whose (co-op).")]
StrOption = Annotated[int | None, Option("--str", help="Strength number.")]
MagOption = Annotated[int | None, Option("--mag", help="Magic number.")]


def roll_die() -> int:
    """One d6 roll for --roll (tests replace this)."""
    import random

    return random.SystemRandom().randint(1, 6)


class Dice:
    """Dice given or rolled for one command; remembers what was rolled to say so."""

    def __init__(self, roll_all: bool) -> None:
        self.roll_all = roll_all
        self.rolled: list[str] = []

    def die(self, value: str | None, who: str) -> str:
        if value is not None and value.strip().lower() != "roll":
            return value
        if value is None and not self.roll_all:
            from companion.errors import BadInput

            raise BadInput(f"give {who}'s die (1-6), or --roll to let companion roll it")
        rolled = roll_die()
        self.rolled.append(f"{who} {rolled}")
        return str(rolled)

    def say(self) -> None:
        if self.rolled:
            echo(f"Rolled: {', '.join(self.rolled)}")


def _engine(game: str | None) -> Any:
    store = games()
    return store.open(store.resolve(game, KIND)).engine


def _catalog_entry(engine: Any, name: str) -> Any:
    """The catalog's card when this game does not know it yet, else None."""
    from companion.halfdeck import catalog
    from companion.halfdeck.cards import card_name

    key = card_name(name)
    if engine.card(key) is not None:
        return None
    return catalog.load().get(key)


def _act(game: str | None, action: str, as_json: bool, learn: tuple[str, ...] = (),
         dice: Dice | None = None) -> None:
    """Apply one action, keep the cards it used in the catalog, print the ruling."""
    from companion.errors import DataProblem
    from companion.halfdeck import catalog

    store = games()
    name = store.resolve(game, KIND)
    opened, applied = store.act(name, action)
    notes: list[str] = []
    for card in learn:
        info = opened.engine.card(card)
        if info is None:
            continue
        try:
            note = catalog.learn(info)
        except DataProblem as error:
            note = f"catalog not saved: {error}"
        if note:
            notes.append(note)
    if as_json:
        emit_json({"game": name, "action": applied.action, "ruling": list(applied.lines),
                   "catalog": notes, "state": opened.engine.status()})
        return
    if dice is not None:
        dice.say()
    echo_lines(applied.lines)
    echo_lines(notes)
    echo_vitals(opened.engine.prompt())


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
) -> None:
    """Start a game (it becomes the current one)."""
    new_game(KIND, {"players": players, "endgame": endgame, "deck_size": deck_size,
                    "rescue": rescue or "", "trap_needs": trap_needs,
                    "shuffle_back": shuffle_back, "assist_rule": assist_rule}, name)


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
    name: Annotated[str, Argument(help="The card's name.")],
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
    from companion.halfdeck.cards import KINDS, CardInfo, card_name

    if kind not in KINDS:
        raise BadInput(f"--kind must be one of {', '.join(KINDS)}, not {kind!r}")
    for value, option in ((strength, "--str"), (magic, "--mag"), (loot, "--loot")):
        if value is not None and not 0 <= value <= 99:
            raise BadInput(f"{option} must be from 0 to 99")
    from companion.text import check_text

    info = CardInfo(card_name(name), kind, strength, magic, loot, one_use,
                    check_text(effect or "", "--effect"))
    echo(catalog.learn(info) or f"catalog: {info.name} unchanged")


@cards_app.command("rm")
def cards_rm(name: Annotated[str, Argument(help="The card's name.")]) -> None:
    """Remove a card from the catalog (games keep their own copy)."""
    from companion.halfdeck import catalog
    from companion.halfdeck.cards import card_name

    key = card_name(name)
    if not catalog.forget(key):
        from companion.errors import BadInput

        raise BadInput(f"{key} is not in the catalog (see 'companion halfdeck cards')")
    echo(f"catalog: {key} removed")


@app.command()
def hand(
    cards: Annotated[list[str], Argument(help="The hero cards drawn, by name.")],
    player: PlayerOption = None, game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Cards drawn from the hero deck into the hand (start, loot, redraw)."""
    _act(game, join_action("hand", *cards, options={"player": player}), as_json)


@app.command()
def hero(
    name: Annotated[str, Argument(help="The hero card.")],
    strength: StrOption = None, magic: MagOption = None,
    replace: Annotated[str | None, Option(help="The hero it replaces.")] = None,
    pick: Annotated[bool, Option("--pick", help="Co-op start: picked from the "
                                                      "deck.")] = False,
    player: PlayerOption = None, game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Put a hero in play from the hand (at most 4)."""
    if strength is None or magic is None:
        entry = _catalog_entry(_engine(game), name)
        if entry is not None and entry.kind == "hero":
            strength = entry.strength if strength is None else strength
            magic = entry.magic if magic is None else magic
    _act(game, join_action("hero", name, options={
        "str": strength, "mag": magic, "player": player, "replace": replace, "pick": pick}),
        as_json, learn=(name,))


@app.command()
def equip(
    hero: Annotated[str, Argument(help="The hero in play.")],
    gear: Annotated[str, Argument(help="The gear card from the hand.")],
    strength: Annotated[int | None, Option("--str", help="Strength bonus, +N.")] = None,
    magic: Annotated[int | None, Option("--mag", help="Magic bonus, +N.")] = None,
    one_use: Annotated[bool, Option("--one-use", help="Removed from play once "
                                                            "used.")] = False,
    standby: Annotated[bool, Option("--standby", help="One-use gear kept for a "
                                                            "boss.")] = False,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Give a hero one gear card from the hand (one gear per hero)."""
    if strength is None and magic is None:
        entry = _catalog_entry(_engine(game), gear)
        if entry is not None and entry.kind == "gear":
            strength, magic = entry.strength, entry.magic
            one_use = one_use or entry.one_use
    _act(game, join_action("equip", hero, gear, options={
        "str": None if strength is None else f"+{strength}",
        "mag": None if magic is None else f"+{magic}", "one-use": one_use,
        "standby": standby}), as_json, learn=(gear,))


DUNGEON_FLAGS = ("minion", "boss", "trap", "misc", "endgame-boss", "endgame-treasure")


@app.command()
def draw(
    name: Annotated[str, Argument(help="The dungeon card turned up.")],
    minion: Annotated[bool, Option("--minion", help="A minion (life 1).")] = False,
    boss: Annotated[bool, Option("--boss", help="A boss (life 4).")] = False,
    trap: Annotated[bool, Option("--trap", help="A trap.")] = False,
    misc: Annotated[bool, Option("--misc", help="A miscellaneous card.")] = False,
    endgame_boss: Annotated[bool, Option("--endgame-boss", help="The endgame "
                                                                      "boss.")] = False,
    endgame_treasure: Annotated[bool, Option("--endgame-treasure",
                                                   help="The endgame treasure.")] = False,
    strength: StrOption = None, magic: MagOption = None,
    loot: Annotated[int | None, Option(help="Loot number.")] = None,
    effect: Annotated[str | None, Option(help="The card's text, shortened.")] = None,
    one_use: Annotated[bool, Option("--one-use", help="A one-use miscellaneous "
                                                            "card.")] = False,
    player: PlayerOption = None, game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """A card turned up from the dungeon deck (numbers from the catalog if left out)."""
    given = [k for k, on in zip(DUNGEON_FLAGS, (minion, boss, trap, misc, endgame_boss,
                                                endgame_treasure), strict=True) if on]
    engine = _engine(game)
    entry = _catalog_entry(engine, name)
    if entry is not None and (not given or given == [entry.kind]):
        from companion.halfdeck.cards import card_name

        if entry.kind == "hero":
            if card_name(name) == engine.rescue:
                strength = entry.strength if strength is None else strength
                magic = entry.magic if magic is None else magic
        else:
            given = given or [entry.kind]
            if strength is None and magic is None:
                strength, magic = entry.strength, entry.magic
            loot = entry.loot if loot is None else loot
            effect = effect or entry.effect or None
            one_use = one_use or entry.one_use
    options: dict[str, Any] = dict.fromkeys(given, True)
    options.update({"str": strength, "mag": magic, "loot": loot, "effect": effect,
                    "one-use": one_use, "player": player})
    _act(game, join_action("draw", name, options=options), as_json, learn=(name,))


@app.command()
def attack(
    hero: Annotated[str, Argument(help="The main attacker.")],
    roll: RollArg = None,
    assist: Annotated[tuple[str, str] | None, Option(
        help="Support attacker and die: --assist HERO ROLL (ROLL may be 'roll').")] = None,
    roll_all: RollFlag = False,
    loot_to: Annotated[int | None, Option(help="Co-op: the player who draws the "
                                                     "loot.")] = None,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """One attack roll against the minion or boss: die + attribute + gear."""
    dice = Dice(roll_all)
    action = join_action("attack", hero, dice.die(roll, hero))
    if assist is not None:
        action += " " + join_action("--assist", assist[0], dice.die(assist[1], assist[0]))
    if loot_to is not None:
        action += " " + join_action("--loot-to", str(loot_to))
    _act(game, action, as_json, dice=dice)


@app.command("team-attack")
def team_attack(
    heroes: Annotated[list[str], Argument(
        help="HERO ROLL HERO ROLL...: the main attacker first, then the supporters.")],
    roll_all: RollFlag = False,
    from_: Annotated[int | None, Option("--from", help="Co-op: whose team attack "
                                                             "card.")] = None,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Play a team attack card: every named hero adds a die to the main roll."""
    dice = Dice(roll_all)
    pairs: list[tuple[str, str | None]] = []
    for word in heroes:
        is_die = is_whole(word.strip()) or word.strip().lower() == "roll"
        if is_die and pairs and pairs[-1][1] is None:
            pairs[-1] = (pairs[-1][0], word)
        else:
            pairs.append((word, None))
    rolled = [(h, dice.die(r, h)) for h, r in pairs]
    action = join_action("team-attack", *rolled[0])
    for helper, die in rolled[1:]:
        action += " " + join_action("--assist", helper, die)
    if from_ is not None:
        action += " " + join_action("--from", str(from_))
    _act(game, action, as_json, dice=dice)


@app.command()
def challenge(
    hero: Annotated[str, Argument(help="The hero who tries the trap.")],
    roll: RollArg = None, roll_all: RollFlag = False,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """One roll against a trap: die + attribute + gear."""
    dice = Dice(roll_all)
    _act(game, join_action("challenge", hero, dice.die(roll, hero)), as_json, dice=dice)


@app.command()
def escape(game: GameOption = None, as_json: JsonOption = False) -> None:
    """Forced escape: every hero takes 1 damage, no loot (not the endgame boss)."""
    _act(game, "escape", as_json)


@app.command("team-escape")
def team_escape(
    from_: Annotated[int | None, Option("--from", help="Co-op: whose escape "
                                                             "card.")] = None,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Play an escape card: the party leaves unhurt, no loot."""
    _act(game, join_action("team-escape", options={"from": from_}), as_json)


@app.command("shuffle-back")
def shuffle_back(game: GameOption = None, as_json: JsonOption = False) -> None:
    """Shuffle the endgame boss back into the dungeon deck before the first roll."""
    _act(game, "shuffle-back", as_json)


@app.command()
def loot(
    count: Annotated[int, Argument(help="Hero cards to draw.")],
    player: PlayerOption = None, game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """A card's text gives hero cards to draw (name them with 'hand')."""
    _act(game, join_action("loot", str(count), options={"player": player}), as_json)


@app.command()
def discard(
    cards: Annotated[list[str], Argument(help="Cards from the hand, or a hero or "
                                                    "gear in play.")],
    forced: Annotated[bool, Option("--forced", help="A card's text makes you "
                                                          "discard: no redraw.")] = False,
    in_play: Annotated[bool, Option("--in-play", help="The hero or gear in play, "
                                                            "not the hand's copy.")] = False,
    player: PlayerOption = None, game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Discard: from the hand to redraw (first hand 1-6 once; later up to 3), or in play."""
    _act(game, join_action("discard", *cards, options={
        "player": player, "forced": forced, "in-play": in_play}), as_json)


@app.command()
def heal(
    hero: Annotated[str, Argument(help="The hero.")],
    amount: Annotated[int, Argument(help="Life gained (at most 4 in all).")],
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """A card's text gives a hero life."""
    _act(game, join_action("heal", hero, str(amount)), as_json)


@app.command()
def hurt(
    hero: Annotated[str, Argument(help="The hero.")],
    amount: Annotated[int, Argument(help="Life lost.")],
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """A card's text takes a hero's life."""
    _act(game, join_action("hurt", hero, str(amount)), as_json)


@app.command()
def trade(
    first: Annotated[int, Argument(help="A player.")],
    first_card: Annotated[str, Argument(help="The card that player gives.")],
    second: Annotated[int, Argument(help="The other player.")],
    second_card: Annotated[str, Argument(help="The card the other gives.")],
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Co-op: two players swap a card each (once per player per preparatory phase)."""
    _act(game, join_action("trade", str(first), first_card, str(second), second_card),
         as_json)
