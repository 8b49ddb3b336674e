"""companion hebrac odds: exact chances from the cards entered, with advice
(``companion.hebrac.odds``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from typer import Option

from companion.cli.common import echo_lines, emit_json, games, width
from companion.cli.options import GameOption, JsonOption, whole
from companion.text import wrap

if TYPE_CHECKING:
    from companion.hebrac.odds import Report


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

    store = games()
    opened = store.open(store.resolve(game, "hebrac"))
    report = odds_report(opened.engine, next_cards=next_, card=card, kind=kind, potion=potion,
                         prisoners=prisoner or [])
    if as_json:
        emit_json({"game": opened.record.name, **report.data})
        return
    echo_lines(report.lines(width()) if assumptions else plain_lines(report, width()))


def plain_lines(report: Report, columns: int) -> list[str]:
    """The figures and advice without the assumption letters ([D,B,K]), which mean
    nothing until read beside what they stand for ('--assumptions' shows both); an
    approximation is said in words, since it changes how far a figure can be trusted."""
    out = [line for text in report.title for line in wrap(text, columns)]
    out += [line for text, _ in report.items for line in wrap(text, columns)]
    if "X" in report.assumptions:
        text = report.assumptions["X"]
        out += wrap(text[:1].upper() + text[1:] + ".", columns)
    if report.assumptions:
        out += wrap("Assumptions: see 'odds --assumptions'.", columns)
    return out
