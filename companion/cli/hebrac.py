"""companion hebrac ...: Hebrac's Dungeon commands.

Each game command turns its words into one action text and hands it to the
core (``common.act``); the engine rules on it. ``check`` answers questions on
typed cards without a game.
"""

from __future__ import annotations

from typing import Annotated

from companion.actions import join_action
from companion.cli.common import (
    GameOption,
    JsonOption,
    NameOption,
    act,
    add_common_commands,
    echo,
    echo_lines,
    emit_json,
    hebrac_engine_or_none,
    new_game,
)
from companion.cli.declare import Argument, Group, Option
from companion.cli.hebrac_check import check_app
from companion.cli.hebrac_odds import odds
from companion.cli.summary import add_summary

KIND = "hebrac"
app = Group(no_args_is_help=True, rich_markup_mode=None,
                  help="Hebrac's Dungeon: solo dungeon crawl with two decks and jokers.")
add_common_commands(app, KIND)
add_summary(app, KIND)
app.add_group(check_app, name="check")
app.command("odds")(odds)

Cards = Annotated[list[str], Argument(help="Cards like 10H, QS, AD, JK.")]
# A card may be named in words, unquoted: 'enter B1 queen of diamonds'.
OneCard = Annotated[list[str], Argument(help="A card like 10H or queen of hearts.",
                                              metavar="CARD")]
OptionalCards = Annotated[list[str] | None, Argument(help="Cards like 10H, QS, AD, JK.")]


@app.command()
def new(
    name: NameOption = None,
    life: Annotated[int, Option(help="Starting and maximum life.")] = 15,
    decks: Annotated[int, Option(help="52-card decks in play.")] = 2,
    jokers: Annotated[int, Option(help="Jokers in play.")] = 4,
    rules: Annotated[str, Option(help="Rule revision: 2005 or classic.")] = "2005",
    chambers: Annotated[int, Option(help="Chambers per level (12 or more).")] = 12,
    inventory_limit: Annotated[int, Option(help="Most cards held (0: no limit).")] = 0,
    late_potions: Annotated[bool, Option(help="Strength potions after the attack.")] = False,
    evil: Annotated[bool, Option(help="Evil alignment: fake trades allowed.")] = False,
    ace_offer_value: Annotated[int, Option(help="An ace offered in a trade counts as.")]
    = 12,
    bag_partial: Annotated[str, Option(
        help="Bag of Meres, short offer: covers or refused.")] = "covers",
    illusion_black_queen: Annotated[str, Option(
        help="Illusion on an adventurer's black queen: refused or allowed.")] = "refused",
) -> None:
    """Start a game (it becomes the current one)."""
    new_game(KIND, {"life": life, "decks": decks, "jokers": jokers, "rules": rules,
                    "chambers": chambers, "inventory_limit": inventory_limit,
                    "late_potions": late_potions, "evil": evil,
                    "ace_offer_value": ace_offer_value, "bag_partial": bag_partial,
                    "illusion_black_queen": illusion_black_queen}, name)


@app.command()
def enter(
    words: Annotated[list[str], Argument(
        help="Chamber like A1 (rows A-C), then the enemy card turned up.",
        metavar="CHAMBER [ENEMY]")],
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Move into CHAMBER; ENEMY is the card turned up (left out if already known)."""
    act(KIND, game, join_action("enter", *words), as_json)


@app.command()
def attack(
    cards: Cards,
    potion: Annotated[str | None, Option(help="Strength potion drunk this round.")] = None,
    prisoner: Annotated[list[str] | None, Option(
        "--prisoner", "-p", help="Prisoner called (repeat).")] = None,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """One round of battle: the attack card(s) turned from the Hand Deck."""
    act(KIND, game, join_action("attack", *cards, options={"potion": potion,
                                                            "prisoner": prisoner or []}),
        as_json)


@app.command()
def potion(card: OneCard, game: GameOption = None, as_json: JsonOption = False) -> None:
    """Late strength potion after a lost round (needs --late-potions)."""
    act(KIND, game, join_action("potion", *card), as_json)


@app.command()
def reveal(card: OneCard, game: GameOption = None, as_json: JsonOption = False) -> None:
    """Turn up an adventurer's or merchant's treasure to trade or buy.

    A merchant with nothing to sell (gems, a black queen) leaves at once,
    unless Stealing Spirit could still take his ware: then cast it, or
    'refuse'.
    """
    act(KIND, game, join_action("reveal", *card), as_json)


@app.command()
def offer(cards: OptionalCards = None, game: GameOption = None,
          as_json: JsonOption = False) -> None:
    """Trade these inventory cards for the adventurer's treasure."""
    act(KIND, game, join_action("offer", *(cards or [])), as_json)


@app.command()
def buy(cards: OptionalCards = None, game: GameOption = None,
        as_json: JsonOption = False) -> None:
    """Pay the merchant with these gem cards (none with the Bag of Meres)."""
    act(KIND, game, join_action("buy", *(cards or [])), as_json)


@app.command()
def heal(game: GameOption = None, as_json: JsonOption = False) -> None:
    """White priestess: full recovery instead of her treasure."""
    act(KIND, game, "heal", as_json)


@app.command()
def play(card: OneCard, game: GameOption = None, as_json: JsonOption = False) -> None:
    """Play Hebrac's game: red wins, black costs 5 life."""
    act(KIND, game, join_action("play", *card), as_json)


@app.command()
def refuse(game: GameOption = None, as_json: JsonOption = False) -> None:
    """Decline a trade, a sale or Hebrac's game."""
    act(KIND, game, "refuse", as_json)


@app.command()
def take(
    cards: Annotated[list[str], Argument(
        help="The treasure; then the 3 cards a KD gives or the 3 chambers a KS clears.")],
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Take the chamber's treasure (or Hebrac's prize).

    A KS takes the chambers by itself when no more than 3 unvisited are left.
    """
    act(KIND, game, join_action("take", *cards), as_json)


@app.command()
def use(card: OneCard, game: GameOption = None, as_json: JsonOption = False) -> None:
    """Drink a life potion (hearts 2-10), any time."""
    act(KIND, game, join_action("use", *card), as_json)


@app.command()
def drop(card: OneCard, game: GameOption = None, as_json: JsonOption = False) -> None:
    """Discard a card from the inventory."""
    act(KIND, game, join_action("drop", *card), as_json)


@app.command()
def move(chamber: Annotated[str, Argument(help="A visited chamber.")],
         game: GameOption = None, as_json: JsonOption = False) -> None:
    """Walk back to a chamber already explored."""
    act(KIND, game, join_action("move", chamber), as_json)


@app.command("next-level")
def next_level(game: GameOption = None, as_json: JsonOption = False) -> None:
    """Go down to the next level."""
    act(KIND, game, "next-level", as_json)


@app.command()
def cast(
    spell: Annotated[str, Argument(help="Spell name or unique prefix.")],
    targets: Annotated[list[str] | None, Argument(help="Chambers or cards.")] = None,
    with_: Annotated[list[str] | None, Option(
        "--with", "-w", help="Club card paid (repeat).")] = None,
    count: Annotated[int | None, Option(
        "--count", "-n", help="Lives, chambers or cards bought.")] = None,
    overpay: Annotated[bool, Option(help="Spend cards not needed for the cost.")] = False,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Cast a spell paid with magic potions (cheapest payment if --with is left out).

    Healing, Remote Vision and Future Perception buy as many units as the
    payment covers and can be used; a cast that would lose a unit's worth of
    points is refused unless --overpay.
    """
    act(KIND, game, join_action("cast", spell, *(targets or []), options={
        "with": with_ or [], "count": count, "overpay": overpay}), as_json)


@app.command()
def see(
    words: Annotated[list[str], Argument(
        help="Chamber looked at and its enemy card; more pairs for more chambers.",
        metavar="CHAMBER [ENEMY] [CHAMBER ENEMY...]")],
    treasure: Annotated[str | None, Option(
        "--treasure", "-t", help="Its treasure (God Vision).")] = None,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Record cards seen by a vision spell or genie: 'see B2 4D C2 9H'."""
    act(KIND, game, join_action("see", *words, options={"treasure": treasure}), as_json)


@app.command()
def peek(cards: Cards, game: GameOption = None, as_json: JsonOption = False) -> None:
    """Record the Hand Deck's top cards seen by Future Perception.

    A card then drawn that is not the one seen on top is noted with a warning.
    """
    act(KIND, game, join_action("peek", *cards), as_json)


@app.command()
def spells(game: GameOption = None, as_json: JsonOption = False,
           every: Annotated[bool, Option(
               "--all", help="With a game: every spell and why it cannot be cast now.")]
           = False) -> None:
    """Spell costs and timing; with a Hebrac game, which are castable now."""
    from companion.hebrac import rules

    engine = hebrac_engine_or_none(game)
    rows = []
    for spell in rules.spells().values():
        row: dict[str, object] = {"spell": spell.id, "name": spell.name, "cost": spell.cost,
                                  "unit": spell.unit, "timing": spell.timing}
        if engine is not None:
            ok, why = engine.can_cast(spell)
            enough = engine.magic_points >= spell.cost
            row["castable"] = ok and enough
            row["why"] = why if not ok else (
                "castable now" if enough else f"you have {engine.magic_points} magic points")
        rows.append(row)
    if as_json:
        emit_json({"spells": rows})
        return
    if engine is not None and not every:
        echo_lines(castable_lines(rows, engine.magic_points))
        return
    for row in rows:
        per = f"/{row['unit']}" if row["unit"] else ""
        mark = "" if "castable" not in row else ("  yes" if row["castable"] else "  no")
        echo(f"{row['cost']:>2}{per:<9} {row['name']}{mark}")
        echo(f"   {row.get('why', row['timing'])}")


def castable_lines(rows: list[dict[str, object]], magic: int) -> list[str]:
    """One screen in a game: what can be cast now, then the rest on one line."""
    now = [r for r in rows if r["castable"]]
    later = [r for r in rows if not r["castable"]]
    lines = [f"Castable now with magic {magic}:" if now else f"Nothing castable now (magic "
                                                            f"{magic})."]
    for row in now:
        per = f"/{row['unit']}" if row["unit"] else ""
        lines.append(f"{row['cost']:>2}{per:<9} {row['name']}")
    if later:
        dear = [r for r in later if int(str(r["cost"])) > magic]
        word = "Not now" if now else "Spells"
        lines.append(f"{word} (cost): " + ", ".join(
            f"{r['spell']} {r['cost']}" for r in later) + ".")
        if dear:
            lines.append(f"{len(dear)} of them cost more than {magic}; "
                         "'spells --all' says why each waits.")
        else:
            lines.append("'spells --all' says why each waits.")
    return lines
