"""A card looked up in the rulebook: what it is and does in Hebrac's or Tricky Dungeon."""

from __future__ import annotations

from typing import Any

from companion.errors import DataProblem, NotationError
from companion.rulebook import hebrac_card_rows, wrap
from companion.values import Value


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
            "game": "hebrac", "card": self.card, "name": self.name,
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
        return {"game": "tricky", **{"section" if name == "kind_section" else name: value
                                     for name, value in self._asdict().items()}}

    def lines(self, width: int) -> list[str]:
        return [f"{self.card}  {self.name}", "Tricky Dungeon", "", *_wrapped(
            ("Kind", self.kind), f"  ({self.kind_section})",
            ("Stars", f"{self.stars}{self.stars_note}"), ("Potion", self.potion),
            ("Trump", self.trump), ("Counts for", self.counts_for), width=width)]


def tricky_card(text: str, settings: dict[str, Any] | None = None) -> TrickyFacts | None:
    """What a Tricky Dungeon card is (``G4``, ``red 0``); None if ``text`` is no card.
    ``settings``: the players' deck settings (colours, stars, potions), the rulebook's
    defaults when None."""
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
