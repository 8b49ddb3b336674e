"""Hebrac's Dungeon: adventurers' trades, merchants' sales and Hebrac's game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from companion.cards import Card
from companion.editions import at_least
from companion.errors import RuleRefused
from companion.hebrac import board, ledger, rules, spells, treasures, view
from companion.hebrac.grammar import (
    Buy,
    Offer,
    Play,
    Refuse,
    Reveal,
)
from companion.hebrac.state import (
    R_BAG_PARTIAL,
    R_ENCOUNTER,
    R_HEBRAC,
    R_MERCHANT,
    R_NO_SALE,
    R_ROBBED,
    R_TRADE,
    THIRD,
    Done,
    texts,
)

if TYPE_CHECKING:
    from companion.hebrac.engine import HebracGame


def check_reveal(game: HebracGame, action: Reveal) -> Card:
    card = Card.parse(action.card)
    encounter = game.encounter
    if encounter is None or encounter.stage not in ("adventurer", "merchant"):
        raise RuleRefused("only an adventurer's or a merchant's treasure is turned up "
                          "before it is won", R_TRADE)
    chamber = game.chambers[encounter.chamber]
    if chamber.treasure_gone:
        raise RuleRefused(f"{chamber.name}'s treasure was taken before: nothing to "
                          f"reveal ({view.next_hint(game)})", R_ROBBED)
    treasures.check_known_treasure(game, chamber, card)
    if chamber.treasure is None:
        ledger.refuse_copies(game, [card])
    return card


def reveal(game: HebracGame, card: Card) -> Done:
    encounter = game.encounter
    assert encounter is not None
    chamber = game.chambers[encounter.chamber]
    if chamber.treasure is None:
        ledger.see(game, [card])
    chamber.treasure = card
    encounter.treasure = card
    if encounter.stage == "adventurer":
        encounter.stage = "trading"
        value = rules.trade_value(card)
        if value is None:
            verdict = rules.check_trade(card, [])
            illusion = card.rank != 1 and spells.illusion_queen(game)  # a black queen
            return Reveal(str(card)), [
                verdict.reasons[0] + ": 'refuse'" + (
                    " or attack (evil)" if game.setup.evil else "") + (
                    " or 'cast illusion'" if illusion else "")]
        bag = " (the Bag of Meres pays: 'offer')" if game.holds("AD") else ""
        return Reveal(str(card)), [
            f"he offers {card}, worth {value}: 'offer CARD...' or 'refuse'{bag}"]
    encounter.stage = "sale"
    cost = rules.price(card)
    if cost is None and not game.strict:  # the first edition waited for 'refuse'
        return Reveal(str(card)), [rules.no_sale_reason(card) + ": 'refuse'"]
    blocked = stealing_blocked(game) if cost is None else None
    if cost is None and at_least(game.settings, THIRD) and blocked is None:
        # hebrac.ruling.merchant-no-sale: Stealing Spirit may still take it
        return Reveal(str(card)), [
            rules.no_sale_reason(card),
            f"Stealing Spirit may still take it: 'cast stealing-spirit {card}' or "
            f"'refuse' (rule {R_NO_SALE})"]
    if cost is None:  # no sale can happen: the refusal is the only answer
        ledger.under(game, [encounter.enemy])
        treasures.close_chamber(game, chamber, None)
        game.sold_out = chamber.name
        lines = [rules.no_sale_reason(card) + f"; both cards go under, {chamber.name} "
                 "cleared"]
        if at_least(game.settings, THIRD):
            lines.append(f"no Stealing Spirit: {blocked} (rule {R_NO_SALE})")
        return Reveal(str(card)), lines
    gems = sum(c.rank for c in game.inventory if rules.is_gem(c))
    paying = "the Bag of Meres pays" if game.holds("AD") else f"you hold {gems} in gems"
    return Reveal(str(card)), [
        f"he sells {card} for {cost}: {paying}; 'buy CARD...' or 'refuse'"]


def stealing_blocked(game: HebracGame) -> str | None:
    """Why Stealing Spirit cannot be cast now (timing or magic points), or None."""
    spell = rules.spells()["stealing-spirit"]
    try:
        spells.verify_cast(game, spell, None)
    except RuleRefused as error:
        return str(error.args[0])
    encounter = game.encounter
    if encounter is not None and game.chambers[encounter.chamber].treasure_gone:
        return f"{encounter.chamber} has no treasure left"
    if game.magic_points < spell.cost:
        return f"it costs {spell.cost}, you have {game.magic_points} magic points"
    return None


class Paying(NamedTuple):
    """A trade or a purchase checked: the cards given, the ruling's lines."""

    cards: list[Card]
    reasons: list[str]


def check_offer(game: HebracGame, action: Offer) -> Paying:
    offer = [Card.parse(t) for t in action.cards]
    encounter = game.encounter
    if encounter is None or encounter.stage != "trading" or encounter.treasure is None:
        raise RuleRefused("no trade under way: 'reveal CARD' an adventurer's treasure "
                          "first", R_TRADE)
    want = encounter.treasure
    bag = game.holds("AD")
    verdict = rules.check_trade(want, offer, bag=bag,
                                ace_value=game.setup.ace_offer_value,
                                bag_partial=game.setup.bag_partial)
    if not verdict.legal:
        short = bag and offer and verdict.data.get("value") is not None
        raise RuleRefused(verdict.reasons[0], R_BAG_PARTIAL if short else R_TRADE)
    ledger.require_held(game, offer, "card")
    ledger.check_room(game, [(want, ())], offer)
    return Paying(offer, list(verdict.reasons))


def offer(game: HebracGame, checked: Paying) -> Done:
    given, lines = checked
    encounter = game.encounter
    assert encounter is not None and encounter.treasure is not None
    want = encounter.treasure
    max_before = game.max_life
    ledger.release(game, given)
    ledger.under(game, given)
    if game.max_life < max_before:
        lines.append(f"max life {max_before} -> {game.max_life}")
    ledger.under(game, [encounter.enemy])
    treasures.close_chamber(game, game.chambers[encounter.chamber], want)
    lines += treasures.gain(game, want, [], source="trade")
    return Offer(texts(given)), lines


def check_buy(game: HebracGame, action: Buy) -> Paying:
    pay = [Card.parse(t) for t in action.cards]
    encounter = game.encounter
    if encounter is None or encounter.stage != "sale" or encounter.treasure is None:
        raise RuleRefused("no merchant's ware on show: 'reveal CARD' first", R_MERCHANT)
    want = encounter.treasure
    bag = game.holds("AD")
    verdict = rules.check_payment(want, pay, bag=bag,
                                  bag_partial=game.setup.bag_partial)
    if not verdict.legal:
        short = bag and pay and "paid" in verdict.data
        raise RuleRefused(verdict.reasons[0], R_BAG_PARTIAL if short else R_MERCHANT)
    ledger.require_held(game, pay, "gem")
    ledger.check_room(game, [(want, ())], pay)
    return Paying(pay, list(verdict.reasons))


def buy(game: HebracGame, checked: Paying) -> Done:
    pay, lines = checked
    encounter = game.encounter
    assert encounter is not None and encounter.treasure is not None
    want = encounter.treasure
    ledger.release(game, pay)
    ledger.under(game, pay + [encounter.enemy])
    treasures.close_chamber(game, game.chambers[encounter.chamber], want)
    lines += treasures.gain(game, want, [], source="merchant")
    return Buy(texts(pay)), lines


def check_refuse(game: HebracGame, action: Refuse) -> Refuse:
    if game.pending == "hebrac-game":
        return action
    if game.pending:
        board.refuse_if_busy(game, "refuse")
    encounter = game.encounter
    if encounter is None or encounter.stage not in ("trading", "sale", "merchant", "hebrac"):
        raise RuleRefused(f"nothing to refuse now: {view.next_hint(game)}", R_ENCOUNTER)
    return action


def refuse(game: HebracGame, action: Refuse) -> Done:
    if game.pending == "hebrac-game":
        game.pending = None
        return action, ["you decline Hebrac's game; he leaves", *treasures.next_game(game)]
    encounter = game.encounter
    assert encounter is not None
    chamber = game.chambers[encounter.chamber]
    robbed = chamber.treasure_gone
    ledger.under(game, [encounter.enemy])
    treasures.close_chamber(game, chamber, None)
    if encounter.stage == "merchant" and robbed:
        return action, [f"{chamber.name}: the merchant leaves; chamber cleared"]
    if encounter.stage == "merchant":  # hebrac.ruling.merchant-unseen
        return action, [f"{chamber.name}: the merchant leaves, his ware unseen under the "
                        "Hand Deck; chamber cleared"]
    return action, [f"{chamber.name}: the treasure is lost; chamber cleared"]


def check_play(game: HebracGame, action: Play) -> Card:
    card = Card.parse(action.card)
    encounter = game.encounter
    as_enemy = encounter is not None and encounter.stage == "hebrac" and not game.pending
    if game.pending != "hebrac-game" and not as_enemy:
        raise RuleRefused("Hebrac offers no game now", R_HEBRAC)
    if card.is_joker:
        raise RuleRefused("a joker has no colour: turn the next card", R_HEBRAC)
    ledger.refuse_copies(game, [card])
    return card


def play(game: HebracGame, card: Card) -> Done:
    damage = rules.numbers().black_card_damage
    encounter = game.encounter
    as_enemy = encounter is not None and encounter.stage == "hebrac" and not game.pending
    ledger.see(game, [card], source="draw")
    ledger.under(game, [card])
    before = game.life
    if as_enemy:
        assert encounter is not None
        if card.is_red:
            ledger.under(game, [encounter.enemy])
            chamber = game.chambers[encounter.chamber]
            chamber.enemy_gone = True
            encounter.stage = "treasure"
            if chamber.treasure_gone and game.strict:
                game.encounter = None
                return Play(str(card)), [
                    f"{card} is red: Hebrac yields; no treasure left: {chamber.name} "
                    "cleared"]
            return Play(str(card)), [
                f"{card} is red: Hebrac yields; take the treasure"]
        ledger.set_life(game, game.life - damage)
        ledger.under(game, [encounter.enemy])
        treasures.close_chamber(game, game.chambers[encounter.chamber], None)
        return Play(str(card)), [
            f"{card} is black: lose {damage} life, {before} -> {game.life}; Hebrac "
            "leaves with the treasure"]
    if card.is_red:
        game.pending = "hebrac-prize"
        return Play(str(card)), [
            f"{card} is red: pick any Hand Deck card, 'take CARD'"]
    game.pending = None
    ledger.set_life(game, game.life - damage)
    return Play(str(card)), [
        f"{card} is black: lose {damage} life, {before} -> {game.life}",
        *(treasures.next_game(game) if game.life > 0 else [])]

