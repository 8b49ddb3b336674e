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
from companion.tricky.state import PlayedTrick, Revoke, Round
from companion.tricky.tricks import trick_winner

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
    """Who won and why, in one line: the cards typed are the action itself, the haul
    and who leads next are the status and the prompt (issue 35: a trick answers in at
    most two lines with the prompt); a revoke is flagged in a line of its own."""
    rnd, trick, reason = plan
    revokes = rnd.play(trick, game.count)
    lines = [f"{game.players[trick.winner]} wins: {reason}"]
    lines += [revoke_note(game, r) for r in revokes]
    if trick.number == game.hand:
        lines += finish_round(game, rnd, rnd.collected(game.deck), "tricks")
    return Trick(tuple(map(str, trick.cards))), lines


def revoke_note(game: TrickyGame, revoke: Revoke) -> str:
    """A revoke flagged in a trick's answer, short: the status says it in full."""
    return (f"Revoke? {game.players[revoke.player]}: no "
            f"{game.deck.colour_name(revoke.colour)} in trick {revoke.missed}, "
            f"{revoke.card} now")
