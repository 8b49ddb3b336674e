"""companion hebrac new, spells, odds, check, summary: the Hebrac commands typer reads (the
odds exact, from the cards entered: ``companion.hebrac.odds``)."""

from __future__ import annotations

from typing import Annotated

from typer import Option

from companion.cli.common import hebrac_engine_or_none, new_game, open_game
from companion.cli.hebrac_check import check_app
from companion.cli.options import GameOption, JsonOption, NameOption, whole
from companion.cli.output import answer, echo, echo_lines, emit_json, width
from companion.cli.summary import game_app

KIND = "hebrac"
app = game_app(KIND, "Hebrac's Dungeon: solo dungeon crawl with two decks and jokers.")
app.add_typer(check_app, name="check")


@app.command("odds")
def odds(
    next_: Annotated[int | None, Option(
        "--next", help="Chance that a card or kind turns up among the next N cards.",
                parser=whole("--next"))] = None,
    card: Annotated[str | None, Option(help="The card --next asks about, like AS.")]
    = None,
    kind: Annotated[str | None, Option(
        help="The kind --next asks about: joker, ace, king, queen, jack, face, red, "
             "hearts, strength-potion, ...")] = None,
    potion: Annotated[str | None, Option(
        help="Count this strength potion in the coming round.")] = None,
    prisoner: Annotated[list[str] | None, Option(
        help="Count this prisoner as called (repeat).")] = None,
    assumptions: Annotated[bool, Option(
        "--assumptions", help="Also spell out what the figures assume.")] = False,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Exact odds of the coming round and the battle, with advice, from the cards seen."""
    from companion.hebrac.odds import odds_report

    opened = open_game(game, "hebrac")
    report = odds_report(opened.engine, next_cards=next_, card=card, kind=kind, potion=potion,
                         prisoners=prisoner or [])
    answer(as_json, {"game": opened.record.name, **report.data},
           report.lines(width(), assumptions))


@app.command()
def new(
    name: NameOption = None,
    life: Annotated[int, Option(help="Starting and maximum life.", parser=whole("--life"))] = 15,
    decks: Annotated[int, Option(help="52-card decks in play.", parser=whole("--decks"))] = 2,
    jokers: Annotated[int, Option(help="Jokers in play.", parser=whole("--jokers"))] = 4,
    rules: Annotated[str, Option(help="Rule revision: 2005 or classic.")] = "2005",
    chambers: Annotated[int, Option(help="Chambers per level (12 or more).",
            parser=whole("--chambers"))] = 12,
    inventory_limit: Annotated[int, Option(help="Most cards held (0: no limit).",
            parser=whole("--inventory-limit"))] = 0,
    late_potions: Annotated[bool, Option(help="Strength potions after the attack.")] = False,
    evil: Annotated[bool, Option(help="Evil alignment: fake trades allowed.")] = False,
    ace_offer_value: Annotated[int, Option(help="An ace offered in a trade counts as.",
            parser=whole("--ace-offer-value"))]
    = 12,
    bag_partial: Annotated[str, Option(
        help="Bag of Meres, short offer: covers or refused.")] = "covers",
    illusion_black_queen: Annotated[str, Option(
        help="Illusion on an adventurer's black queen: refused or allowed.")] = "refused",
) -> None:
    """Start a game (it becomes the current one)."""
    settings = dict(locals())  # every option but the name is the setting of its name
    new_game(KIND, settings, settings.pop("name"))


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
        if engine is not None and engine.outcome != "playing":
            # Nothing is cast once the game is over: the engine refuses every action.
            row.update(castable=False, why=f"the game is over ({engine.outcome})")
        elif engine is not None:
            ok, why = engine.can_cast(spell)
            enough = engine.magic_points >= spell.cost
            row.update(castable=ok and enough, why=why if not ok else (
                "castable now" if enough else f"you have {engine.magic_points} magic points"))
        rows.append(row)
    if as_json:
        emit_json({"spells": rows})
        return
    if engine is not None and not every:
        over = engine.outcome if engine.outcome != "playing" else None
        echo_lines(castable_lines(rows, engine.magic_points, over))
        return
    for row in rows:
        per = f"/{row['unit']}" if row["unit"] else ""
        mark = "" if "castable" not in row else ("  yes" if row["castable"] else "  no")
        echo(f"{row['cost']:>2}{per:<9} {row['name']}{mark}")
        echo(f"   {row.get('why', row['timing'])}")


def castable_lines(rows: list[dict[str, object]], magic: int,
                   over: str | None = None) -> list[str]:
    """One screen in a game: what can be cast now, then the rest on one line; when the
    game is ``over`` (its outcome), that nothing can be cast, and the costs."""
    if over is not None:
        return [f"The game is over ({over}): no spell can be cast.",
                "'spells --all' lists them, with their costs."]
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
        dearer = f"{len(dear)} of them cost more than {magic}; " if dear else ""
        lines.append(f"{dearer}'spells --all' says why each waits.")
    return lines
