"""Hebrac's Dungeon: the tracked game.

The player lays out real cards and types what turns up; the engine keeps life,
inventory, magic points, level and map, and rules on every action. An action is
a value of ``companion.hebrac.grammar`` (``Enter("A1", "5S")``), or its text
(``enter A1 5S``, ``attack 7H --potion 3S``) read once by the grammar; each
``apply`` checks the action against the rules first and raises ``RuleRefused``
naming the rule, and returns the action's canonical text with the ruling.

``HebracGame`` is the state record; the rules live in the topic modules (ledger, board,
spells, situation), and ``VERBS`` maps each verb to its ruling: its check, which refuses
and changes nothing, then its change.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from companion.cards import Card
from companion.editions import at_least
from companion.errors import RuleRefused
from companion.game import Applied
from companion.hebrac import board, grammar, ledger, rules, situation, state
from companion.hebrac.grammar import GRAMMAR, Action
from companion.hebrac.state import KIND, TITLE, Done, Encounter, normalize_settings, setup_lines

ACES = frozenset(Card(1, suit) for suit in "SHDC")  # holding all four wins

__all__ = ["KIND", "TITLE", "Encounter", "HebracGame", "new_engine", "normalize_settings",
           "setup_lines"]


class HebracGame:
    def __init__(self, settings: dict[str, object]) -> None:
        self.settings = settings  # as the store saves them; read through ``setup``
        self.setup = state.Settings.of(settings)
        self.columns = self.setup.chambers // len(state.ROWS)
        self.base_max_life = self.setup.life  # read by every max_life: cheaper than setup.life
        self.life = self.setup.life
        self.genie_of_life = 0
        self.inventory: list[Card] = []
        self.level = 1
        self.chambers: dict[str, state.Chamber] = {}
        self.position: str | None = None
        self.encounter: Encounter | None = None
        # "hebrac-game", "hebrac-prize", or "genie-KD"/"genie-KS" (bought, traded or stolen:
        # the genie's cards or chambers come with the next 'take')
        self.pending: str | None = None
        self.games_waiting = 0  # further jokers drawn at once, each a game of its own
        # Rulings of edition 2 apply to games of edition 2 on (companion.editions).
        self.strict = at_least(self.settings, 2)  # the checks made stricter in edition 2
        self.effects: set[str] = set()  # level-long: anti-magic, curse, revelation, god-vision
        self.remote_vision = 0
        self.future_perception = 0
        self.teleport_target: str | None = None
        self.deck_top: list[Card] = []
        self.notes: list[str] = []  # said after the ruling: cards contradicting what is known
        self.sold_out: str | None = None  # a merchant with nothing to sell, closed at once
        # Hand Deck events in order, (kind, cards, unseen count); kind is "action", "deal",
        # "under" or where cards seen came from (``ledger.see``). See hebrac/odds.py.
        self.deck_log: list[tuple[str, tuple[Card, ...], int]] = []
        # Each card typed (peeks aside) less those gone under: the cards out, and a genie
        # awaiting its 'take'; most cards typed need no closer count (ledger.refuse_copies).
        self.typed_out: dict[Card, int] = {}
        self.spells_cast: list[str] = []
        # Life after each action (the first entry: before any), for the life charts.
        self.life_trail: list[int] = [self.life]
        board.new_level_layout(self)

    @property
    def max_life(self) -> int:
        treasure = rules.table()["treasure"]
        ruby = treasure["ruby_max_life"] if ledger.RUBY in self.inventory else 0
        return self.base_max_life + treasure["genie_of_life_max_life"] * self.genie_of_life + ruby

    @property
    def scepter(self) -> bool:
        return self.holds("AC")

    @property
    def magic_points(self) -> int:
        return sum(rules.magic_points(c, self.scepter) for c in self.inventory
                   if rules.is_magic_potion(c))

    @property
    def outcome(self) -> str:
        if self.life <= 0:
            return "dead"
        if ACES.issubset(self.inventory):
            return "won"
        return "playing"

    @property
    def gems(self) -> int:
        """What the diamonds held would pay a merchant (players add these in their heads)."""
        return sum(c.rank for c in self.inventory if rules.is_gem(c))

    def holds(self, text: str) -> bool:
        return Card.parse(text) in self.inventory

    def cleared_count(self) -> int:
        return sum(1 for c in self.chambers.values() if c.cleared)

    def apply(self, action: Action | str) -> Applied:
        """Rule on one action (its text is read once by ``GRAMMAR``); the canonical text of
        what was done and the ruling's lines."""
        if action.__class__ is str:
            action = GRAMMAR.parse(action)
        # (issubset makes a set of the inventory: only worth it with four cards held)
        if (self.life <= 0 or len(self.inventory) > 3 and ACES.issubset(self.inventory)) \
                and not (
                isinstance(action, grammar.Potion) and situation.late_potion_open(self)):
            raise RuleRefused(f"the game is over ({self.outcome})", state.R_DEAD)
        sold_out = self.sold_out
        canonical, lines = VERBS[action.__class__](self, action)  # checks, then changes
        if sold_out:  # the merchant closed by the last action: gone with this one (a
            self.sold_out = None  # 'reveal', the one action closing one, is refused now)
        self.deck_log.append(("action", (), 0))  # the events the action logged precede it
        self.life_trail.append(self.life)
        notes = self.notes
        if notes:  # cards that contradict what is known, said after the ruling
            self.notes = []
            lines = partial(_noted, lines, notes)
        return tuple.__new__(Applied, (GRAMMAR, canonical, lines))

    # what other parts of companion ask (the odds, the CLI, the sheets), as methods
    can_cast = situation.can_cast
    status = situation.status
    status_lines = situation.status_lines
    prompt = situation.prompt


def _noted(lines: list[str] | Callable[[], list[str]], notes: list[str]) -> list[str]:
    """The ruling's lines, then the cards that contradict what is known."""
    return [*(lines() if callable(lines) else lines), *notes]


def new_engine(settings: Mapping[str, object]) -> HebracGame:
    return HebracGame(normalize_settings(settings))


def _spells(game: HebracGame, action: Any) -> Done:
    """A verb of ``companion.hebrac.spells`` (cast, see, peek: the function of the action's
    name), loaded with the first: a game without them (most commands) never reads it."""
    from companion.hebrac import spells

    verb: Callable[[HebracGame, Any], Done] = getattr(spells, action.__class__.__name__.lower())
    return verb(game, action)


VERBS: dict[type[Any], Callable[[HebracGame, Any], Done]] = {
    grammar.Enter: board.enter, grammar.Move: board.move, grammar.NextLevel: board.next_level,
    grammar.Attack: board.attack, grammar.Potion: board.potion, grammar.Refuse: board.refuse,
    grammar.See: _spells, grammar.Peek: _spells, grammar.Cast: _spells,
    grammar.Take: board.take, grammar.Heal: board.heal, grammar.Use: board.use,
    grammar.Drop: board.drop, grammar.Reveal: board.reveal, grammar.Offer: board.deal,
    grammar.Buy: board.deal, grammar.Play: board.play,
}
