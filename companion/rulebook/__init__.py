"""The rulebook: every rule of the four games as short sections, found by search.

``rulebook/<game>.rules.toml`` holds ``[[section]]`` entries (id, title,
parent heading, text, keywords, source). Numbers that the engines use are
not typed into the text: ``{prices.ace}`` placeholders are filled from
``rulebook/<game>.tables.toml``, so the rulebook and the engines read the same
numbers.

Search is BM25 over the sections (titles and keywords weigh more than the
text) with light stemming, typo tolerance and card notation (``QS``,
``queen of spades``, ``G4``). The index is built when the package is made
(``build``, by ``scripts/ship_rulebook.py``) and shipped in it as JSON files
(``index.json``, ``ranking.json``): no TOML is parsed at start-up.

``sections`` holds what every lookup needs (sections, the index, the layout for a
narrow terminal); ``ranking`` (search), ``cards`` (a card's facts) and ``build`` (the
index made from the files, and ``--check``) are imported only when used, through the
functions below. This module gathers the names the CLI uses.

Pure: no typer, no rich; the CLI (``companion/cli/rules.py``) only prints.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.rulebook.sections import (
    GAME_TITLES,
    GAMES,
    all_sections,
    differences,
    find_id,
    find_section,
    id_shaped,
    id_title_lines,
    section,
    section_lines,
    sections_under,
    summary,
    text_lines,
    toc,
    unknown_id,
    wrap,
)

if TYPE_CHECKING:
    from companion.rulebook.cards import CardFacts, TrickyFacts
    from companion.rulebook.ranking import Hit

__all__ = [
    "GAMES", "GAME_TITLES", "all_sections", "check", "differences", "find_id", "find_section",
    "hebrac_card", "id_shaped", "id_title_lines", "search", "section", "section_lines",
    "sections_under", "summary", "text_lines", "toc", "tricky_card", "unknown_id", "wrap",
]


# -- searching, cards and the check: imported when used ----------------------------------
def search(text: str, game: str | None = None, prefer: str | None = None,
           limit: int = 5) -> list[Hit]:
    """Sections ranked for a question, best first (``companion.rulebook.ranking``)."""
    from companion.rulebook.ranking import search as ranked

    return ranked(text, game, prefer, limit)


def hebrac_card(text: str) -> CardFacts | None:
    """What a standard card is and does in Hebrac's Dungeon; None if ``text`` is no card."""
    # Card.parse reads only 2-3 signs (``10H``, ``♥10``), a joker's name (at most 5
    # letters) or ``RANK of SUIT``: other text needs no import of the cards module.
    lowered = " ".join(text.lower().split())
    if len(lowered.replace(" ", "")) > 5 and " of " not in lowered:
        return None
    from companion.rulebook.cards import hebrac_card as facts

    return facts(text)


def tricky_card(text: str, settings: dict[str, Any] | None = None) -> TrickyFacts | None:
    """What a Tricky Dungeon card is (``G4``, ``red 0``); None if ``text`` is no card."""
    from companion.rulebook.cards import tricky_card as facts

    return facts(text, settings)


def check(games: Sequence[str] = GAMES, code_root: Path | None = None) -> list[str]:
    """Every problem of the rulebook, one line each; empty when all is well."""
    from companion.rulebook.build import check as problems

    return problems(games, code_root)
