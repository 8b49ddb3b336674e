"""Hebrac's Dungeon: the one place for each quantity with a rule.

Life changes only through ``set_life`` (never above the maximum; dead at 0); a card
leaves the table, the inventory or the Hand Deck only through the functions here, which
keep the ledger the odds and the state check read (``deck_log``); ``check_room`` counts
the inventory limit after the action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from companion.cards import Card
from companion.errors import RuleRefused
from companion.hebrac import rules
from companion.hebrac.state import R_COPIES, R_INVENTORY

if TYPE_CHECKING:
    from companion.hebrac.engine import HebracGame


def set_life(game: HebracGame, value: int) -> None:
    """Every change of life: never above the maximum; at 0 or below the player is dead
    (``outcome``)."""
    # life at or below the maximum stays there going down: the maximum is read going up
    game.life = value if value < game.life else min(value, game.max_life)


def check_room(game: HebracGame, gains: Sequence[tuple[Card, Sequence[str]]],
                paying: Sequence[Card] = ()) -> None:
    """Refuse an action that would leave more cards held than the limit: counted after
    ``paying`` is given and each of ``gains`` (a card and its extra words) is won, in
    order, as ``board.gain`` stores, discards or lets a black priestess steal them."""
    limit = game.setup.inventory_limit
    if not limit:
        return
    held = list(game.inventory)
    for card in paying:
        held.remove(card)

    def win(card: Card, extras: Sequence[str], drawn: bool) -> None:
        if card.is_joker or card.rank == 13 and (drawn or card.suit != "D"):
            return  # a game of Hebrac's, or a genie that stores nothing
        if card.rank == 13:  # the Genie of Luck's cards, drawn
            if len(extras) == rules.table()["treasure"]["genie_of_luck_cards"]:
                for extra in extras:
                    win(Card.parse(extra), (), True)
        elif card.rank == 12:
            victim = None if card.is_red or "anti-magic" in game.effects else \
                rules.theft_victim(held, by_enemy=False)
            if victim is not None:
                held.remove(victim)
        elif card.rank != 1 or card not in held:  # a second copy of an ace is a fake
            held.append(card)

    for card, extras in gains:
        win(card, extras, False)
    if len(held) > limit:
        raise RuleRefused(f"inventory full ({len(game.inventory)} of {limit}): "
                          "'drop CARD' first", R_INVENTORY)


def hand_deck_size(game: HebracGame) -> int:
    """Cards in the Hand Deck: all cards less those held or on the table."""
    total = 52 * game.setup.decks + game.setup.jokers
    return total - sum(cards_out(game).values()) - on_table(game)[1]


def points(game: HebracGame, cards: Iterable[Card]) -> int:
    return sum(rules.magic_points(c, game.scepter) for c in cards)


def require_held(game: HebracGame, cards: Sequence[Card], what: str) -> None:
    for card in cards:
        have = game.inventory.count(card)
        if have < cards.count(card):
            held = "" if have == 0 else f" only {have}"
            raise RuleRefused(f"{card} is not in your inventory{held} (the {what} must be "
                              "held)", "hebrac.treasure.inventory")


def cards_out(game: HebracGame) -> Counter[Card]:
    """Cards out of the Hand Deck now: inventory, known cards on the table."""
    out = Counter(game.inventory)
    out.update(on_table(game)[0])
    encounter = game.encounter
    if encounter is not None:
        out.update(encounter.prisoners)
    return out


def on_table(game: HebracGame) -> tuple[list[Card], int]:
    """The chambers' cards still on the table: those known, and how many face down."""
    known, face_down = [], 0
    for chamber in game.chambers.values():
        for card, gone in ((chamber.enemy, chamber.enemy_gone),
                           (chamber.treasure, chamber.treasure_gone)):
            if card is None:
                face_down += not gone
            elif not gone:
                known.append(card)
    return known, face_down


def see(game: HebracGame, new: Sequence[Card], source: str = "table") -> None:
    """Note cards seen (checked by ``refuse_copies`` before) and, for the odds, where from:
    ``source`` "table" (dealt cards turned up), "draw" (the Hand Deck's top), "pick" (a
    card chosen from it) or "peek" (looked at and left on top)."""
    if not new:
        return
    if game.deck_top and source == "draw":
        for card, top in zip(new, game.deck_top, strict=False):
            if card != top:
                game.notes.append(f"warning: Future Perception showed {top} on top of "
                                     f"the Hand Deck, not {card}; {card} is recorded")
        del game.deck_top[:len(new)]  # peeked cards leave the top as they are drawn
    game.deck_log.append((source, tuple(new), 0))
    if source != "peek":
        typed = game.typed_out
        for card in new:
            typed[card] = typed.get(card, 0) + 1


def draw_under(game: HebracGame, cards: tuple[Card, ...]) -> None:
    """Cards drawn from the Hand Deck and put under it in the same action (a battle
    round's): seen, then gone under, the cards out as they were."""
    if game.deck_top:
        see(game, cards, source="draw")
        under(game, cards)
    else:
        game.deck_log.extend((("draw", cards, 0), ("under", cards, 0)))


def refuse_copies(game: HebracGame, new: Sequence[Card]) -> None:
    """Refuse more copies out of the Hand Deck than the decks hold (changes nothing)."""
    # Only the new cards can go over (every card out was checked so on its way in), and
    # no more than ``typed_out`` of each is out: most cards need no count.
    setup, typed = game.setup, game.typed_out
    for card in new:
        if typed.get(card, 0) + new.count(card) > (setup.decks if card.rank else setup.jokers):
            break
    else:
        return
    out = cards_out(game)
    out.update(new)
    for card, number in out.items():
        copies = setup.jokers if card.is_joker else setup.decks
        if number > copies:
            where = "joker" if card.is_joker else "deck"
            raise RuleRefused(f"{card} would be out {number} times but the {copies} {where}"
                              f"{'s' if copies != 1 else ''} hold {copies}: a typo?", R_COPIES)


def under(game: HebracGame, cards: Iterable[Card], unseen: int = 0) -> None:
    cards = tuple(cards)
    if cards:
        typed = game.typed_out
        for card in cards:
            typed[card] = typed.get(card, 0) - 1
    elif not unseen:
        return
    game.deck_log.append(("under", cards, unseen))


RUBY = Card(1, "H")  # the Ace of Hearts: its maximum life leaves with it


def release(game: HebracGame, cards: Sequence[Card]) -> tuple[str, ...]:
    """Cards leave the inventory (checked held before): the one way out of it. Life above
    a maximum lowered (the Ruby gone) is lost at once; what that changed is said (the
    maximum, then life), or nothing."""
    max_before, life_before = (game.max_life, game.life) if RUBY in cards else (0, 0)
    for card in cards:
        game.inventory.remove(card)
    if not max_before or game.max_life >= max_before:
        return ()
    set_life(game, game.life)
    return f"max life {max_before} -> {game.max_life}", f"life {life_before} -> {game.life}"


def store(game: HebracGame, card: Card) -> None:
    """A card into the inventory (``check_room`` counted it before): the one way in."""
    game.inventory.append(card)


def remove_enemies(game: HebracGame, targets: Iterable[str]) -> None:
    for target in targets:
        chamber = game.chambers[target]
        chamber.enemy_gone = True
        enemy = chamber.enemy  # None: removed face down, unseen
        under(game, [enemy] if enemy else [], 0 if enemy else 1)


def priestess_theft(game: HebracGame, by_enemy: bool) -> str:
    if "anti-magic" in game.effects:
        return "Anti-Magic holds: she steals nothing"
    victim = rules.theft_victim(game.inventory, by_enemy=by_enemy)
    which = "most" if by_enemy else "least"
    if victim is None:
        return "she finds nothing to steal"
    lost = release(game, [victim])
    under(game, [victim])
    rank = rules.theft_rank(victim)
    line = f"she steals {victim}, your {which} valuable (theft rank {rank} of 40)"
    return line + "; " + ", ".join(lost) if lost else line
