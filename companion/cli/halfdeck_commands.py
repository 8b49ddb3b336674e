"""companion halfdeck new, cards, odds and summary: the Half Deck commands typer reads.
``cards`` keeps the installation's card catalog: the numbers of the cards entered.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from typer import Argument, Option

from companion.cli.common import echo, echo_lines, emit_json, new_game, open_game, width
from companion.cli.options import GameOption, JsonOption, NameOption, whole
from companion.cli.output import answer
from companion.cli.summary import game_app
from companion.errors import BadInput
from companion.text import check_text, wrap

KIND = "halfdeck"
app = game_app(KIND, "Half Deck Dungeon Heroes: heroes, gear, dice and two decks.")


@app.command("odds")
def halfdeck_odds(
    target: Annotated[int | None, Option(
        help="Ask about this number instead of the encounter's.",
                parser=whole("--target", "halfdeck"))] = None,
    attribute: Annotated[str | None, Option(
        help="With --target: strength or magic.")] = None,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Chance to hit: for each hero, alone and with an assistant, best first."""
    from companion.dice_odds import halfdeck_report

    opened = open_game(game, "halfdeck")
    lines, data = halfdeck_report(opened.engine, target,
                                  attribute.lower() if attribute else None, width())
    answer(as_json, {"game": opened.record.name, **data}, lines)


cards_app = typer.Typer(invoke_without_command=True, rich_markup_mode=None,
                        help="The cards entered so far (kept per installation).")
app.add_typer(cards_app, name="cards")


@app.command()
def new(
    name: NameOption = None,
    players: Annotated[int, Option(help="Players, 1-4 (2+ is co-op).",
            parser=whole("--players", KIND))] = 1,
    endgame: Annotated[str, Option(help="Endgame cards in the deck: treasure, boss "
                                              "or both.")] = "both",
    deck_size: Annotated[int | None, Option(
        help="Dungeon deck size (26, or 25 with one endgame card).",
        parser=whole("--deck-size", KIND))] = None,
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
def cards_list(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """List the cards entered so far, with their numbers."""
    if ctx.invoked_subcommand is not None:
        return
    from companion.halfdeck import catalog
    from companion.halfdeck.cards import KINDS

    cards = sorted(catalog.load().values(), key=lambda c: (KINDS.index(c.kind), c.name))
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
    strength: Annotated[int | None, Option("--str", help="Strength number.",
                                           parser=whole("--str", KIND))] = None,
    magic: Annotated[int | None, Option("--mag", help="Magic number.",
                                        parser=whole("--mag", KIND))] = None,
    loot: Annotated[int | None, Option(help="Loot number.",
            parser=whole("--loot", KIND))] = None,
    one_use: Annotated[bool, Option("--one-use", help="Removed from play after "
                                                            "use.")] = False,
    effect: Annotated[str | None, Option(help="The card's text, shortened.")] = None,
) -> None:
    """Enter a card (or correct one) in the catalog."""
    from companion.halfdeck import catalog
    from companion.halfdeck.cards import KINDS, MAX_NUMBER, CardInfo, card_name

    if kind not in KINDS:
        raise BadInput(f"--kind must be one of {', '.join(KINDS)}, not {kind!r}")
    for value, option in ((strength, "--str"), (magic, "--mag"), (loot, "--loot")):
        if value is not None and not 0 <= value <= MAX_NUMBER:
            raise BadInput(f"{option} must be from 0 to {MAX_NUMBER}")

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
    from companion.names import find

    # A card of the catalog by its name or the start of it (else the name as typed).
    key = card_name(" ".join(name))
    key = find(key, list(catalog.load()), "card in the catalog") or key
    if not catalog.forget(key):
        raise BadInput(f"{key} is not in the catalog (see 'companion halfdeck cards')")
    echo(f"catalog: {key} removed")


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
    from companion.halfdeck import catalog

    if qr and output is not None:
        raise BadInput("--qr draws the code here: leave out -o FILE")
    if (ascii_only or invert) and not qr:
        raise BadInput("--ascii and --invert draw the QR code: add --qr")
    cards = catalog.load()
    count = f"{len(cards)} card{'' if len(cards) == 1 else 's'}"
    text = catalog.encode(cards) if code or qr else catalog.toml_text(cards)
    if qr:
        from companion.cli.share import qr_lines

        echo_lines(qr_lines(text, ascii_only=ascii_only, invert=invert,
                            of="the card catalog", kind="the code",
                            instead="Use --code to print the code, or -o FILE to save it."))
        _say(f"The card catalog: {count}, {len(text)} characters. Scan it, then: companion "
             "halfdeck cards import CODE")
    elif output is not None:
        write_output(output, text if text.endswith("\n") else text + "\n")
        _say(f"Wrote the card catalog ({count}) to {output}. Elsewhere: companion halfdeck "
             f"cards import {output.name}")
    else:  # the TOML's last newline is echo's
        echo(text.rstrip("\n"))


def _say(message: str) -> None:
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
    _say(f"Catalog: {_listed(done.added, 'added')}.")
    if done.replaced:
        _say(f"{_listed(done.replaced, 'replaced')}.")
    if done.kept:
        _say(f"{_listed(done.kept, 'kept as they were')} (--replace takes the new numbers).")
    if done.same:
        _say(f"{len(done.same)} the same already.")


def _listed(names: list[str], what: str) -> str:
    count = f"{len(names)} {what}"
    return f"{count}: {', '.join(names)}" if names else count


def _read_source(source: str) -> tuple[str, str]:
    """The text of a code or a catalog file, and what to call it in an error."""
    from companion.cli.common import read_file
    from companion.halfdeck import catalog

    if catalog.looks_like_code(source):
        return source, "the code"
    where = repr(source[:200])
    data = read_file(source, catalog.MAX_CATALOG_BYTES,
                     f"{where} is neither a card catalog code ({catalog.CODE_PREFIX}...) nor a "
                     "file", f"{where} holds more than {catalog.MAX_CATALOG_BYTES} bytes: not a "
                     "card catalog")
    try:
        return data.decode("utf-8"), where
    except UnicodeDecodeError:
        raise BadInput(f"{where} is not UTF-8 text: not a card catalog") from None
