"""companion sheet: a saved game's score sheet, or a blank one, as text, Markdown or HTML."""

from __future__ import annotations

import contextlib
from typing import Annotated

from typer import Argument, Option

from companion.cli.common import echo, games, write_output
from companion.cli.options import GameOption, OutputOption
from companion.cli.output import paged
from companion.current import read_pointer
from companion.errors import BadInput
from companion.kinds import kind_info

SUFFIXES = {".html": "html", ".htm": "html", ".md": "md", ".txt": "text"}


@paged()  # a long sheet: through the pager on a terminal (not one written to a file)
def sheet(
    words: Annotated[list[str] | None, Argument(
        help="The game kind (hebrac, tricky, halfdeck, elbereth); more names after "
             "--players.", metavar="[GAME_KIND]")] = None,
    game: GameOption = None,
    blank: Annotated[bool, Option("--blank", help="An empty sheet to fill in by hand.")]
    = False,
    players: Annotated[list[str] | None, Option(
        "--players", help="Blank sheet: the players' names, or how many.",
        metavar="NAME... | N")] = None,
    fmt: Annotated[str | None, Option(
        "--format", help="text (40 columns), md (for a chat) or html (to print).",
        metavar="text|md|html")] = None,
    output: OutputOption = None,
    paper: Annotated[str, Option("--paper", help="HTML: the paper it prints on.",
                                       metavar="a4|letter")] = "a4",
) -> None:
    """Print a score sheet: the saved game's, or a blank one (--blank)."""
    from companion.sheets import PAPERS
    from companion.sheets.games import blank_sheet, game_sheet, parse_players

    rest = list(words or [])
    kind = None
    if rest:
        with contextlib.suppress(BadInput):  # not a kind: a player's name (or an error)
            kind = kind_info(rest[0]).name
            rest.pop(0)
    if rest and players is None:
        raise BadInput(f"{rest[0]!r} is not a game kind: expected hebrac, tricky, halfdeck or "
                       "elbereth")
    roster = parse_players([*(players or []), *rest])
    paper = paper.lower()
    if paper not in PAPERS:
        raise BadInput(f"--paper must be a4 or letter, not {paper!r}")
    if fmt is None:
        fmt = SUFFIXES.get(output.suffix.lower(), "text") if output is not None else "text"
    if blank:
        if game is not None:
            raise BadInput("--blank makes an empty sheet: leave out --game")
        if kind is None:
            kind = _current_kind()
        built = blank_sheet(kind, roster)
    else:
        if roster is not None:
            raise BadInput("--players is for a blank sheet (--blank): a saved game has its "
                           "own players")
        from companion.cli.summary import traced_game

        try:
            record, settings, tracer = traced_game(game, kind)
        except BadInput as error:
            if game is not None:
                raise
            named = kind or "GAME_KIND"  # no game to print: the blank sheet is there too
            raise BadInput(f"{error}; or an empty sheet to fill in by hand: "
                           f"'companion sheet {named} --blank'") from None
        built = game_sheet(record.kind, record.name, settings, record.actions,
                           tracer.engine.status(), tracer.finish(len(record.actions)),
                           record.notes, record.redo)
    if fmt == "html":
        from companion.sheets.html import render_html

        page = render_html(built, paper)
    elif fmt in ("text", "md"):
        from companion.sheets.text import render_markdown, render_text

        page = render_text(built) if fmt == "text" else render_markdown(built)
    else:
        raise BadInput(f"--format must be text, md or html, not {fmt!r}")
    if write_output(output, page):
        size = f", {paper.upper() if paper == 'a4' else 'Letter'}" if fmt == "html" else ""
        echo(f"Wrote the {built.heading} ({fmt}{size}) to {output}.")


def _current_kind() -> str:
    """A blank sheet with no kind named: the current game's kind, if there is one."""
    store = games().store
    name = read_pointer(store.home)
    kind = store.kind_or_none(name) if name is not None else None  # None: unreadable
    if kind is not None:
        return str(kind)
    raise BadInput("which game? e.g. 'companion sheet hebrac --blank' (hebrac, tricky, "
                   "halfdeck or elbereth)")
