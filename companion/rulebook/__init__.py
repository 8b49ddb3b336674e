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

This module holds what every lookup needs (a section by its id, a card's facts, the
layout for a narrow terminal) on ``sections`` (the sections and the shipped index);
``ranking`` (search) and ``build`` (the index made from the files, and ``--check``)
are imported only when used, through ``search`` and ``check``.

Pure: no typer, no rich; the CLI (``companion/cli/rules.py``) only prints.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import DataProblem, NotationError
from companion.rulebook.sections import GAME_TITLES as GAME_TITLES  # the CLI's names too
from companion.rulebook.sections import GAMES as GAMES
from companion.rulebook.sections import Section, hebrac_card_rows, index
from companion.text import fill
from companion.values import Value

if TYPE_CHECKING:
    from companion.rulebook.ranking import Hit

# Text shaped like a section id (``hebrac.spell.escape``, ``spell.escape``).
ID_SHAPE = r"[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)+"


@cache
def _by_id() -> dict[str, Section]:
    return {s.id: s for s in index().sections}


def all_sections(games: Iterable[str] = GAMES) -> list[Section]:
    """Every section of these games, in rulebook order."""
    wanted = set(games)
    return [s for s in index().sections if s.game in wanted]


def section(section_id: str) -> Section | None:
    return _by_id().get(section_id)


def _key(text: str) -> str:
    """Typed text as an id is written: ``Spell.Escape.`` is ``spell.escape``."""
    return text.strip().lower().rstrip(".")


def find_section(text: str, game: str | None = None) -> Section | None:
    """A section by its id, or by its id without the game (``spell.escape``) for ``game``."""
    found = section(_key(text))
    return found if found is not None or game is None else section(f"{game}.{_key(text)}")


def sections_under(prefix: str, game: str | None = None) -> list[Section]:
    """Sections whose id starts with ``prefix.``: ``hebrac.spell`` lists the spells.

    Only dotted text counts (``spell.x`` with a game, ``hebrac.spell``), so a
    one-word question is always searched.
    """
    key = _key(prefix)
    if not re.fullmatch(r"[a-z0-9-]+(\.[a-z0-9-]+)+", key):
        return []
    full = key if key.split(".", 1)[0] in GAMES else f"{game}.{key}" if game else key
    return [s for s in all_sections() if s.id.startswith(full + ".")]


def id_shaped(text: str) -> bool:
    """Whether ``text`` is one dotted word shaped like a section id: it names a section,
    or it is an error (never a question to search)."""
    return re.fullmatch(ID_SHAPE, _key(text)) is not None


def find_id(text: str, game: str | None = None) -> Section | None:
    """The section an id names: whole, or without its game for ``game``, or without its
    game when one game alone has it (``spell.escape``)."""
    found = find_section(text, game)
    key = _key(text)
    if found is None and key.split(".", 1)[0] not in GAMES:
        alone = [s for s in all_sections() if s.short_id == key]
        found = alone[0] if len(alone) == 1 else None
    return found


def unknown_id(text: str, game: str | None = None) -> str:
    """The error for an id that names no section: the closest ids, whole ids compared
    (``companion.names``' rule), within its game when it names one."""
    from companion.names import closest, key, spellings

    wanted = _key(text)
    head = wanted.split(".", 1)[0]
    if head in GAMES:
        game = head
    elif game is not None:
        wanted = f"{game}.{wanted}"
    items = all_sections([game] if game is not None else GAMES)
    table = spellings([s.id for s in items])
    if game is None:  # typed without its game: its short form counts too
        for item in items:
            table.setdefault(key(item.short_id), item.id)
    where = f"in {GAME_TITLES[game]}" if game is not None else "in the rulebooks"
    near = closest(wanted, table)
    if near:
        return f"no section {wanted} {where}: did you mean {' or '.join(near)}?"
    return f"no section {wanted} {where}: see 'companion rules {game or 'GAME'} --toc'"


def toc(game: str) -> list[tuple[str, list[Section]]]:
    """The game's sections grouped by parent heading, in file order."""
    groups: dict[str, list[Section]] = {}
    for item in all_sections([game]):
        groups.setdefault(item.parent or "Other", []).append(item)
    return list(groups.items())


def differences() -> list[dict[str, str]]:
    """What differs between Hebrac's 2005 and classic texts."""
    return [{k: str(v) for k, v in row.items()}
            for row in index().data.get("hebrac", {}).get("difference", [])]


def summary() -> dict[str, int]:
    counts = Counter(s.game for s in index().sections)
    return {game: counts[game] for game in GAMES}


# -- text layout: a rule's text for a narrow terminal -----------------------------------
def wrap(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    """Wrapped at spaces by the one keep-together rule (``companion.text.fill``); a word
    longer than the line is left whole."""
    return fill(" ".join(text.split()), width, first, rest)


def text_lines(text: str, width: int) -> list[str]:
    """A section's text laid out for ``width`` columns: paragraphs and ``- `` lists."""
    out: list[str] = []
    for number, block in enumerate(text.split("\n\n")):
        out += [""] if number else []
        for item in block.split("\n"):
            out += wrap(item[2:], width, "- ", "  ") if item.startswith("- ") else wrap(item, width)
    return out


def id_title_lines(item: Section, width: int, indent: str = "") -> list[str]:
    """``id  title`` on one line when it fits, else the title below the id."""
    one = f"{indent}{item.id}  {item.title}"
    if len(one) <= width:
        return [one]
    return [f"{indent}{item.id}"] + wrap(item.title, width, indent + "  ", indent + "  ")


def section_lines(item: Section, width: int) -> list[str]:
    """A section shown whole: title, id, where it sits, the text, its source."""
    lines = wrap(item.title, width)
    lines.append(item.id)
    lines += wrap(f"{GAME_TITLES.get(item.game, item.game)} > {item.parent}", width)
    lines.append("")
    lines += text_lines(item.text, width)
    if item.source:
        lines.append("")
        lines += wrap(f"Source: {item.source_text()}", width, "", "  ")
    return lines


# -- searching and the check: imported when used ----------------------------------------
def search(text: str, game: str | None = None, prefer: str | None = None,
           limit: int = 5) -> list[Hit]:
    from companion.rulebook.ranking import search as ranked

    return ranked(text, game, prefer, limit)


def check(games: Sequence[str] = GAMES, code_root: Path | None = None) -> list[str]:
    from companion.rulebook.build import check as problems

    return problems(games, code_root)


# -- a card's facts: in Hebrac's Dungeon, then in Tricky Dungeon ----------------------------
class CardFacts(Value):
    """A card in Hebrac's Dungeon: as enemy, as treasure, and its numbers."""

    card: str
    name: str
    enemy: str
    enemy_section: str
    treasure: str
    treasure_section: str
    attack: int
    price: int | None
    price_note: str
    trade: int | None
    trade_note: str
    theft_rank: int | None
    theft_note: str

    def as_json(self) -> dict[str, Any]:
        return {
            "card": self.card, "name": self.name,
            "enemy": {"what": self.enemy, "section": self.enemy_section},
            "treasure": {"what": self.treasure, "section": self.treasure_section},
            "attack": self.attack, "price": self.price, "price_note": self.price_note,
            "trade_value": self.trade, "trade_note": self.trade_note,
            "theft_rank": self.theft_rank, "theft_note": self.theft_note,
        }

    def lines(self, width: int) -> list[str]:
        return [f"{self.card}  {self.name}", "Hebrac's Dungeon", "", *_wrapped(
            ("As enemy", self.enemy), f"  ({self.enemy_section})",
            ("As treasure", self.treasure), f"  ({self.treasure_section})",
            f"Attack value: {self.attack}", ("Price", self.price_note),
            ("Trade value", self.trade_note), ("Theft order", self.theft_note), width=width)]


def _wrapped(*rows: tuple[str, str] | str, width: int) -> list[str]:
    """``label: text`` rows wrapped for ``width`` columns (their later lines indented);
    a plain string is a line as it is."""
    out: list[str] = []
    for row in rows:
        out += [row] if isinstance(row, str) else wrap(f"{row[0]}: {row[1]}", width, "", "  ")
    return out


def hebrac_card(text: str) -> CardFacts | None:
    """What a standard card is and does in Hebrac's Dungeon; None if ``text`` is no card."""
    # Card.parse reads only 2-3 signs (``10H``, ``♥10``), a joker's name (at most 5
    # letters) or ``RANK of SUIT``: other text needs no import of the cards module.
    lowered = " ".join(text.lower().split())
    if len(lowered.replace(" ", "")) > 5 and " of " not in lowered:
        return None
    from companion.cards import Card

    try:
        card = Card.parse(text)
    except NotationError:
        return None
    from companion.hebrac import rules

    enemy, treasure = hebrac_card_rows(card)
    if enemy is None or treasure is None:
        raise DataProblem(f"hebrac.rules.toml has no [cards] entry for {card}")
    price = rules.price(card)
    trade = rules.trade_value(card)
    theft = rules.theft_rank(card)
    offer = rules.offer_value(card)
    price_note = (f"{price} gems" if price is not None
                  else "none: a merchant holding gems has sold out" if card.suit == "D"
                  else "none: nobody buys a black priestess")
    if trade is not None:
        trade_note = str(trade)
        if card.rank == 11 or card.rank == 1 or offer != trade:
            trade_note += f"; offered by you it counts {offer}"
    elif card.rank == 1:
        trade_note = f"none: he keeps his ace; offered by you it counts {offer}"
    else:
        trade_note = "none: nobody wants a black priestess"
    theft_note = (f"{theft} of {len(rules.theft_ranks())} (1 is taken first)"
                  if theft is not None else "never stolen (prisoners are safe)"
                  if card.rank == 11 else "never held: it acts at once")
    return CardFacts(
        card=str(card), name=card.name(),
        enemy=str(enemy["summary"]), enemy_section=str(enemy["section"]),
        treasure=str(treasure["summary"]), treasure_section=str(treasure["section"]),
        attack=rules.attack_value(card), price=price, price_note=price_note,
        trade=trade, trade_note=trade_note, theft_rank=theft, theft_note=theft_note)


class TrickyFacts(Value):
    """A Tricky Dungeon card as these players' deck has it (stars and potions are settings)."""

    card: str
    name: str
    kind: str
    kind_section: str
    stars: int
    stars_note: str
    potion: str
    trump: str
    counts_for: str

    def as_json(self) -> dict[str, Any]:
        return {"section" if name == "kind_section" else name: value
                for name, value in self._asdict().items()}

    def lines(self, width: int) -> list[str]:
        return [f"{self.card}  {self.name}", "Tricky Dungeon", "", *_wrapped(
            ("Kind", self.kind), f"  ({self.kind_section})",
            ("Stars", f"{self.stars}{self.stars_note}"), ("Potion", self.potion),
            ("Trump", self.trump), ("Counts for", self.counts_for), width=width)]


def tricky_card(text: str, settings: dict[str, Any] | None = None) -> TrickyFacts | None:
    """What a Tricky Dungeon card is (``G4``, ``red 0``); None if ``text`` is no card.

    ``settings`` are the players' deck settings (colours, stars, potions);
    the rulebook's defaults when None.
    """
    from companion.tricky.cards import PLURALS, Deck, default_deck_settings
    from companion.tricky.heroes import heroes

    deck = Deck.from_settings(settings or default_deck_settings())
    try:
        card = deck.parse(text)
    except NotationError:
        return None
    colour = deck.colour_name(card.colour)
    kind = deck.kind(card)
    plural = PLURALS[kind]
    potion_card = next(c for c in deck.potion_cards() if c.colour == card.colour)
    potion = (f"yes, {colour}'s potion" if kind == "potion"
              else f"no; {colour}'s potion is {potion_card}") + deck.flag("potions")
    symbol = {"spell": "spells", "potion": "potions", "torch": "torches"}.get(kind)
    every = list(heroes().values())
    by_kind = [h.name for h in every if symbol and h.trump == symbol]
    trump = f"with the {' or '.join(by_kind)} ({symbol})" if by_kind else "not by its kind"
    chosen = [h.name for h in every if h.trump == "colour"]
    valued = [h.name for h in every if h.trump == "value"]
    trump += (f"; {', '.join(chosen)} if {colour} is chosen; {', '.join(valued)} if "
              f"{card.value}s are chosen")
    counting = [h.name for h in every if plural in h.counts]
    return TrickyFacts(
        card=str(card), name=f"{colour} {card.value}", kind=kind,
        kind_section="tricky.deck.potions" if kind == "potion" else "tricky.deck.kinds",
        stars=deck.stars_of(card),
        stars_note=f" ({colour}{', unverified' if 'stars' in deck.unverified else ''})",
        potion=potion, trump=trump, counts_for=", ".join(counting) or "no hero")
