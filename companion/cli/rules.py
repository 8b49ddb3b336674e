"""companion rules ...: look up a rule of any game, from a phone (the command's help
lists its forms). An id that names no section is an error offering the closest ids,
never a search's answer.
"""

from __future__ import annotations

from typing import Annotated, Any

from typer import Argument, Option

from companion import rulebook
from companion.cli.common import emit_json, width
from companion.cli.options import JsonOption
from companion.cli.output import answer, colour_allowed, paged, set_plain
from companion.errors import BadInput, CompanionError
from companion.kinds import kind_info

SEE_ALSO = 4
SEE_ALSO_SHARE = 0.3  # of the best hit's score: weaker hits are noise
MIN_WIDTH = 40

Words = Annotated[list[str] | None, Argument(
    help="[GAME] then a question, a card (QS, 10H, G4) or a section id.", show_default=False,
    metavar="[GAME] QUERY...")]


@paged()  # a long section, the contents: through the pager on a terminal
def rules_command(
    words: Words = None,
    toc: Annotated[bool, Option("--toc", help="List the game's sections.")] = False,
    diff: Annotated[bool, Option("--diff", help="Hebrac: 2005 vs classic text.")]
    = False,
    check: Annotated[bool, Option("--check", help="Check the rulebook itself.")] = False,
    plain: Annotated[bool, Option("--plain", help="No colour or bold.")] = False,
    sources: Annotated[bool, Option(
        "--sources", help="Where a section sits and comes from; related sections titled.")]
    = False,
    as_json: JsonOption = False,
) -> None:
    """Find a rule: ranked sections for a question, a card, an id, or the contents.

    \b
    companion rules hebrac queen of spades as a treasure
    companion rules hebrac QS      (a card; Tricky: G4)
    companion rules hebrac.spell.escape
    companion rules tricky --toc
    companion rules hebrac --diff
    """
    from companion.current import current_kind

    if plain:  # the command's own --plain is the root's: no colour, no bold
        set_plain()
    columns = max(MIN_WIDTH, width())
    game, query = _split_game(words or [])
    if check:
        _check(as_json)
        return
    if diff:
        if game not in (None, "hebrac"):
            raise BadInput("--diff compares Hebrac's two texts: 'companion rules hebrac --diff'")
        _diff(columns, as_json)
        return
    if toc or not query:
        if not query and not toc and game is None:
            _games(as_json)
            return
        _toc(game or current_kind(), columns, as_json)
        return
    text = " ".join(query)
    found = rulebook.find_section(text, game)
    listed = rulebook.sections_under(text, game) if found is None else []
    if listed:
        _listing(text, listed, columns, as_json)
        return
    if found is None and rulebook.id_shaped(text):  # its section, or an error: no search
        found = rulebook.find_section(text, game or current_kind(), alone=True)
        if found is None:
            raise BadInput(rulebook.unknown_id(text, game))
    if found is not None:
        _show(found, [rulebook.section(r) for r in found.references()], columns, as_json, text,
              sources)
        return
    prefer = current_kind() if game is None else None
    facts: Any = None  # a card: what it is and does
    # Card.parse reads only 2-3 signs (``10H``, ``♥10``), a joker's name (at most 5
    # letters) or ``RANK of SUIT``: other text needs no import of the cards module.
    lowered = " ".join(text.lower().split())
    if (game or prefer) in (None, "hebrac") and len(query) <= 3 and (
            len(lowered.replace(" ", "")) <= 5 or " of " in lowered):
        from companion.rulebook.cards import hebrac_card

        facts = hebrac_card(text)
    elif (game or prefer) == "tricky" and len(query) <= 2:
        from companion.rulebook.cards import tricky_card
        from companion.tricky.deck import load_deck

        try:  # the players' deck settings, if they saved any
            deck: dict[str, Any] | None = dict(load_deck())
        except CompanionError:
            deck = None
        facts = tricky_card(text, deck)
    if facts is not None:
        answer(as_json, facts.as_json(), facts.lines(columns))
        return
    from companion.rulebook.ranking import search

    hits = search(text, game, prefer=prefer, limit=1 + SEE_ALSO)
    if not hits:
        where = f" in {rulebook.GAME_TITLES[game]}" if game else ""
        if as_json:
            emit_json({"query": text, "game": game, "results": [], "section": None})
        raise BadInput(f"nothing found for '{text}'{where}: try other words, or "
                       "'companion rules GAME --toc'")
    best = hits[0].score
    others = [h for h in hits[1:] if h.score >= SEE_ALSO_SHARE * best]
    if as_json:
        emit_json({"query": text, "game": game, "prefer": prefer,
                   "results": [{"id": h.section.id, "title": h.section.title,
                                "parent": h.section.parent, "game": h.section.game,
                                "score": h.score} for h in [hits[0], *others]],
                   "section": hits[0].section.as_json()})
        return
    _show(hits[0].section, [h.section for h in others], columns, False, text, sources)


def _bold(text: str) -> str:
    """A title in bold where colour shows (``colour_allowed``: not with --plain)."""
    return f"\x1b[1m{text}\x1b[0m" if text and colour_allowed() else text


def _split_game(words: list[str]) -> tuple[str | None, list[str]]:
    """A leading game name (or alias) picks the game; the rest is the question."""
    if not words or "'" in words[0]:  # "hebrac's game" is a question, not a game name
        return None, list(words)
    try:
        return kind_info(words[0]).name, words[1:]
    except BadInput:
        return None, words


def _show(item: Any, also: list[Any], columns: int, as_json: bool, query: str,
          sources: bool = False) -> None:
    also = [a for a in also if a is not None][:SEE_ALSO]
    lines = rulebook.section_lines(item, columns, also, sources)
    title_lines = len(rulebook.wrap(item.title, columns))
    lines[:title_lines] = [_bold(line) for line in lines[:title_lines]]
    answer(as_json, {"query": query, "section": item.as_json(),
                     "see_also": [{"id": a.id, "title": a.title} for a in also]}, lines)


def _listing(prefix: str, items: list[Any], columns: int, as_json: bool) -> None:
    lines = [f"Sections under {prefix}:"]
    for item in items:
        lines += rulebook.id_title_lines(item, columns, "  ")
    answer(as_json, {"query": prefix, "sections": [{"id": s.id, "title": s.title,
                                                    "parent": s.parent} for s in items]}, lines)


def _toc(game: str | None, columns: int, as_json: bool) -> None:
    games = [game] if game else list(rulebook.GAMES)
    lines: list[str] = []
    for number, name in enumerate(games):
        if number:
            lines.append("")
        lines.append(_bold(f"{rulebook.GAME_TITLES[name]}: contents"))
        for parent, items in rulebook.toc(name):
            # A part (``4. Playing the game > Trump``): broken between its titles if it can.
            lines += rulebook.wrap(parent, columns, keep=parent.split(" > "))
            for item in items:
                lines += rulebook.id_title_lines(item, columns, "  ", short=True)
    lines += ["", f"Open one: companion rules {games[0]}.ID"]
    answer(as_json, {"games": [{"game": g, "title": rulebook.GAME_TITLES[g], "sections": [
        {"id": s.id, "title": s.title, "parent": s.parent}
        for s in rulebook.all_sections([g])]} for g in games]}, lines)


def _diff(columns: int, as_json: bool) -> None:
    rows = rulebook.differences()
    lines = [_bold("Hebrac's Dungeon: 2005 vs classic text")]
    for row in rows:
        lines += ["", *rulebook.wrap(row["topic"], columns), f"  ({row['section']})"]
        for label, key in (("2005", "rev2005"), ("classic", "classic"), ("setting", "setting")):
            if row.get(key):
                lines += rulebook.wrap(f"{label}: {row[key]}", columns, "  ", "    ")
    answer(as_json, {"game": "hebrac", "revisions": ["2005", "classic"], "differences": rows},
           lines)


def _games(as_json: bool) -> None:
    counts = rulebook.summary()
    answer(as_json, {"games": [{"game": g, "title": rulebook.GAME_TITLES[g], "sections": n}
                               for g, n in counts.items()]},
           ["Rulebooks:", *(f"  {name}  {rulebook.GAME_TITLES[name]} ({count})"
                            for name, count in counts.items()),
            "", "companion rules [GAME] QUESTION...", "companion rules GAME --toc"])


def _check(as_json: bool) -> None:
    from companion.rulebook.build import check

    problems = check()
    counts = rulebook.summary()
    if problems:
        lines = [f"Rulebook: {len(problems)} problem{'s' if len(problems) != 1 else ''}",
                 *(f"- {p}" for p in problems)]
    else:
        lines = [f"Rulebook OK: {sum(counts.values())} sections",
                 *(f"  {name} {count}" for name, count in counts.items())]
    answer(as_json, {"ok": not problems, "problems": problems, "sections": counts}, lines)
    if problems:
        raise SystemExit(1)
