"""A trick: one card per player from the leader, the winner as the hero's trick rule
and the trump give it, the revokes it shows; the last trick ends the round."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from companion.cards import card_groupings
from companion.errors import BadInput
from companion.tricky.cards import TrickyCard
from companion.tricky.grammar import Trick
from companion.tricky.score import finish_round
from companion.tricky.start import need_prediction, need_round, verify_new_cards
from companion.tricky.state import PlayedTrick, Round
from companion.tricky.tricks import trick_winner
from companion.tricky.views import haul_line, revoke_line

if TYPE_CHECKING:
    from companion.tricky.engine import Ruled, TrickyGame


class TrickPlan(NamedTuple):
    """A trick checked: its cards new to the round, who won it and why."""

    round: Round
    trick: PlayedTrick
    reason: str


def check_trick(game: TrickyGame, action: Trick) -> TrickPlan:
    rnd = need_round(game, "enter a trick")
    leader = rnd.leader
    args = list(action.cards)
    if len(args) > game.count:  # cards named in words: 'green 4 red 5'
        ways = card_groupings(args, lambda text: game.deck.colour_and_number(text)
                              is not None, game.count)
        args = ways[0] if len(ways) == 1 else args
    if len(args) != game.count:
        order = ", ".join(game.seat_order(leader))
        quote = "; quote a card in words, like 'green 4'" if len(args) > game.count else ""
        raise BadInput(f"a trick is {game.count} cards, one per player, in play order: "
                       f"{order}{quote}")
    cards: tuple[TrickyCard, ...] = tuple(game.deck.parse_all(args))
    need_prediction(game, rnd)
    verify_new_cards(game, rnd, cards, "in this trick")
    position, reason = trick_winner(cards, game.deck, rnd.trump, rnd.hero.trick)
    winner = (leader + position) % game.count
    return TrickPlan(rnd, PlayedTrick(len(rnd.tricks) + 1, leader, cards, winner), reason)


def play_trick(game: TrickyGame, plan: TrickPlan) -> Ruled:
    rnd, trick, reason = plan
    number, leader, cards, winner = trick
    revokes = rnd.play(trick, game.count)
    asked = game.deck.colour_name(cards[0].colour)
    plays = ", ".join(f"{player} {card}"
                      for player, card in zip(game.seat_order(leader), cards, strict=True))
    lines = [f"Trick {number} of {game.hand}, {asked} asked: {plays}",
             f"{game.players[winner]} wins: {reason}"]
    lines += [revoke_line(game, r) for r in revokes]
    if number == game.hand:
        lines += finish_round(game, rnd, rnd.collected(game.deck), "tricks")
    else:
        lines += [haul_line(game, rnd), f"{game.players[winner]} leads trick {number + 1}"]
    return Trick(tuple(map(str, cards))), lines
