"""Hebrac's Dungeon: cards seen by vision spells and genies (see, peek).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from companion.cards import Card
from companion.errors import BadInput, RuleRefused
from companion.hebrac import ledger, rules
from companion.hebrac.grammar import (
    Peek,
    See,
)
from companion.hebrac.state import (
    R_MAP,
    R_VISIONS,
    Done,
    parse_chamber,
    texts,
)

if TYPE_CHECKING:
    from companion.hebrac.engine import HebracGame


class Look(NamedTuple):
    """One chamber looked at: its name, the enemy and the treasure seen (None: not)."""

    name: str
    enemy: Card | None
    treasure: Card | None


def check_see(game: HebracGame, action: See) -> tuple[list[Look], bool]:
    """The chambers looked at, and whether several were (pairs), or the refusal: all are
    checked, the looks they spend and the copies they show together, before any counts."""
    words = action.seen
    if len(words) > 2:  # several chambers at once: CHAMBER ENEMY CHAMBER ENEMY...
        if len(words) % 2 or action.treasure:
            raise BadInput("usage: see CHAMBER ENEMY [CHAMBER ENEMY...] (pairs; "
                           "--treasure with one chamber only)")
        pairs = [(words[i], words[i + 1]) for i in range(0, len(words), 2)]
        names = [parse_chamber(chamber, game.columns) for chamber, _ in pairs]
        if len(set(names)) != len(names):
            raise BadInput("a chamber is named twice")
        looks = [check_look(game, chamber, enemy, None) for chamber, enemy in pairs]
    else:
        if not 1 <= len(words) <= 2:
            raise BadInput("usage: see CHAMBER [ENEMY] [--treasure CARD]")
        looks = [check_look(game, words[0], words[1] if len(words) > 1 else None,
                            action.treasure)]
    free = bool(game.effects & {"revelation", "god-vision"})
    spent = sum(look.enemy is not None for look in looks)
    if not free and spent > game.remote_vision:
        raise RuleRefused("no vision to use: cast Remote Vision, Revelation or God "
                          "Vision", "hebrac.spell.remote-vision")
    ledger.refuse_copies(game, new_cards(game, looks))
    return looks, len(words) > 2


def new_cards(game: HebracGame, looks: list[Look]) -> list[Card]:
    """The cards the looks turn up for the first time."""
    cards = []
    for name, enemy, treasure in looks:
        chamber = game.chambers[name]
        if enemy is not None and chamber.enemy is None:
            cards.append(enemy)
        if treasure is not None and chamber.treasure is None:
            cards.append(treasure)
    return cards


def check_look(game: HebracGame, chamber_text: str, enemy_text: str | None,
               treasure_text: str | None) -> Look:
    name = parse_chamber(chamber_text, game.columns)
    enemy = Card.parse(enemy_text) if enemy_text else None
    treasure = Card.parse(treasure_text) if treasure_text else None
    chamber = game.chambers[name]
    god = "god-vision" in game.effects
    if treasure is not None and not god:
        raise RuleRefused("only God Vision shows treasures", "hebrac.spell.god-vision")
    if enemy is not None:
        if chamber.enemy is not None and chamber.enemy != enemy:
            raise RuleRefused(f"{name}'s enemy is {chamber.enemy}, not {enemy}", R_MAP)
        if chamber.enemy_gone or chamber.visited:
            raise RuleRefused(f"{name}'s enemy is not face down on the table", R_MAP)
        if not (god or "revelation" in game.effects) and game.remote_vision < 1:
            raise RuleRefused("no vision to use: cast Remote Vision, Revelation or God "
                              "Vision", "hebrac.spell.remote-vision")
    if treasure is not None:
        if chamber.treasure_gone:
            raise RuleRefused(f"{name}'s treasure is gone", R_MAP)
        if chamber.treasure is not None and chamber.treasure != treasure:
            raise RuleRefused(f"{name}'s treasure is {chamber.treasure}, not {treasure}",
                              R_MAP)
    if enemy is None and treasure is None:
        raise BadInput("usage: see CHAMBER ENEMY [--treasure CARD]")
    return Look(name, enemy, treasure)


def see(game: HebracGame, checked: tuple[list[Look], bool]) -> Done:
    looks, pairs = checked
    free = bool(game.effects & {"revelation", "god-vision"})
    lines: list[str] = []
    words: list[str] = []
    for name, enemy, treasure in looks:
        chamber = game.chambers[name]
        if enemy is not None:
            if chamber.enemy is None:
                ledger.see(game, [enemy])
            if not free:
                game.remote_vision -= 1
            chamber.enemy = enemy
            lines.append(f"{name}: the enemy is {enemy} ({rules.enemy_kind(enemy)})")
            words += [name, str(enemy)]
        else:
            words.append(name)
        if treasure is not None:
            if chamber.treasure is None:
                ledger.see(game, [treasure])
            chamber.treasure = treasure
            lines.append(f"{name}: the treasure is {treasure}")
    if pairs:
        return See(tuple(words)), lines + free_looks(game)
    treasure = looks[0].treasure
    return (See(tuple(words), str(treasure) if treasure else None),
            lines + (free_looks(game) if looks[0].enemy else []))


def free_looks(game: HebracGame) -> list[str]:
    """hebrac.ruling.visions: under Revelation or God Vision a look costs nothing, so
    Remote Vision's looks left are kept; said when there are some."""
    free = sorted(game.effects & {"revelation", "god-vision"})
    if not free or not game.remote_vision:
        return []
    name = rules.spells()[free[0]].name
    return [f"free under {name}: no Remote Vision look spent, {game.remote_vision} left "
            f"(rule {R_VISIONS})"]


def check_peek(game: HebracGame, action: Peek) -> list[Card]:
    cards = [Card.parse(t) for t in action.cards]
    if len(cards) > game.future_perception:
        raise RuleRefused(f"Future Perception shows {game.future_perception} more "
                          "card(s)", "hebrac.spell.future-perception")
    ledger.refuse_copies(game, cards)
    return cards


def peek(game: HebracGame, cards: list[Card]) -> Done:
    ledger.see(game, cards, source="peek")
    game.future_perception -= len(cards)
    game.deck_top = cards
    return Peek(texts(cards)), [
        f"top of the Hand Deck: {' '.join(map(str, cards))}"]
