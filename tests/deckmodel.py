"""What the odds tests ask of a Hand Deck model beyond what ``companion hebrac odds`` uses:
the next card's distribution, its bookkeeping checked, a battle counted in closed form."""

from __future__ import annotations

from fractions import Fraction

from companion.cards import Card
from companion.hebrac.engine import HebracGame
from companion.hebrac.odds import POOL, Battle, Counts, DeckModel, LoserTable


def logged(game: HebracGame, *kinds: str) -> list[Card]:
    """The cards of the game's Hand Deck events of these kinds, in order (``under``: the
    cards put under; ``table``, ``draw``, ``pick``, ``peek``: the cards seen there)."""
    return [card for kind, cards, _ in game.deck_log if kind in kinds for card in cards]


def next_card(model: DeckModel) -> dict[Card, Fraction]:
    """The distribution of the Hand Deck's next card."""
    group = next((s.group for s in model.segments if s.slots), None)
    if group is None:
        return {}
    g = model.groups[group]
    names = set(g.cards) | (set(model.pool) if g.unseen else set())
    found = {card: model.chance(group, card) for card in sorted(names)}
    return {card: p for card, p in found.items() if p}


def problems(model: DeckModel) -> list[str]:
    """Broken bookkeeping, if any: every group's cards in as many places as it has cards."""
    found = []
    for gid, group in model.groups.items():
        places = model.deck_slots(gid) + model.table[gid]
        if gid == POOL:
            places += model.unseen_under()
        if places != group.size or min(group.cards.values(), default=0) < 0:
            found.append(f"group {gid}: {group.size} cards in {places} places")
    return found


def closed_form(pool: Counts, battle: Battle) -> Fraction:
    """Single-card rounds from one well-shuffled pool (see ``LoserTable``)."""
    return LoserTable(pool, battle, battle.life).chance(battle.life, battle.paralysis)
