"""Half Deck Dungeon Heroes: the tracked game.

The player plays with the real cards and a real die and types what happens:
the cards drawn into the hand (``hand``), heroes put in play (``hero``),
gear equipped (``equip``), each dungeon card turned up (``draw``) and each
roll (``attack``, ``challenge``). The engine keeps every hero's life and
gear, the hands, and the counts of both decks, their discard piles and the
cards removed from play, and rules on every roll.

Card numbers are printed on cards we do not have: an action carries them
(``draw 'goblin minion' --minion --str 7 --loot 1``) the first time a card
is used in a game; later actions may name the card alone. Canonical action
text always carries the numbers, so a game replays without the catalog.

An action is a value (``companion.halfdeck.grammar``): text is read once by
``GRAMMAR.parse``, each verb has its handler, and the canonical value a
handler returns is what the save keeps, written by ``GRAMMAR.text``. Names
are matched as everywhere (``companion.names``): exactly, then by a unique
prefix; a name that is neither says what it could be, or what is close.
"""


from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Generic, TypeVar

from companion.errors import RuleRefused
from companion.game import Applied
from companion.halfdeck import grammar, snapshot, view
from companion.halfdeck.grammar import GRAMMAR, Action
from companion.halfdeck.rules import (
    KIND,
    R_END,
    TITLE,
    normalize_settings,
    numbers,
    setup_lines,
    table,
)
from companion.halfdeck.state import (
    Encounter,
    Gear,
    Hero,
    State,
    find_name,
    group_names,
    lead_name,
)

if TYPE_CHECKING:
    from companion.halfdeck.rules import HalfDeckStatus, HalfDeckTables

__all__ = ["KIND", "TITLE", "Encounter", "Gear", "HalfDeckGame", "HalfDeckTables", "Hero",
           "engine_from_data", "find_name", "group_names", "lead_name", "new_engine",
           "normalize_settings", "numbers", "setup_lines", "table"]

Done = tuple[Action, list[str]]
A = TypeVar("A", bound=Action)
P = TypeVar("P")


class Rule:
    """What the verb table holds for each action type: how it is run."""

    __slots__ = ()

    def run(self, state: State, action: Action) -> Done:
        raise NotImplementedError


class Step(Rule, Generic[A, P]):
    """A verb's rule: ``check`` reads the state and raises the refusal (a rule id, or bad
    input) without changing anything, and gives what ``change`` needs; ``change`` then
    changes the state, through the one place each quantity changes, and says how."""

    __slots__ = ("kind", "check", "change")

    def __init__(self, kind: type[A], check: Callable[[State, A], P],
                 change: Callable[[State, P], Done]) -> None:
        self.kind = kind
        self.check = check
        self.change = change

    def run(self, state: State, action: Action) -> Done:
        assert isinstance(action, self.kind)  # the table maps each action type to its step
        return self.change(state, self.check(state, action))


_STEPS: dict[type, Rule] = {}


def steps() -> dict[type, Rule]:
    """The verb table: each action type, its check and its change (the verbs' modules are
    loaded by the first action: a command that only reads a game needs none of them)."""
    if not _STEPS:
        from companion.halfdeck import combat, dungeon, hand, party

        _STEPS.update({
            grammar.Hand: Step(grammar.Hand, hand.check_hand, hand.change_hand),
            grammar.Discard: Step(grammar.Discard, hand.check_discard, hand.change_discard),
            grammar.Loot: Step(grammar.Loot, hand.check_loot, hand.change_loot),
            grammar.Trade: Step(grammar.Trade, hand.check_trade, hand.change_trade),
            grammar.Hero: Step(grammar.Hero, party.check_hero, party.change_hero),
            grammar.Equip: Step(grammar.Equip, party.check_equip, party.change_equip),
            grammar.Heal: Step(grammar.Heal, party.check_heal, party.change_heal),
            grammar.Hurt: Step(grammar.Hurt, party.check_hurt, party.change_hurt),
            grammar.Draw: Step(grammar.Draw, dungeon.check_draw, dungeon.change_draw),
            grammar.Escape: Step(grammar.Escape, dungeon.check_escape, dungeon.change_escape),
            grammar.TeamEscape: Step(grammar.TeamEscape, dungeon.check_team_escape,
                                     dungeon.change_team_escape),
            grammar.ShuffleBack: Step(grammar.ShuffleBack, dungeon.check_shuffle_back,
                                      dungeon.change_shuffle_back),
            grammar.Attack: Step(grammar.Attack, combat.check_attack, combat.change_attack),
            grammar.TeamAttack: Step(grammar.TeamAttack, combat.check_attack, combat.change_attack),
            grammar.Challenge: Step(grammar.Challenge, combat.check_challenge,
                                    combat.change_challenge),
        })
    return _STEPS


class HalfDeckGame(State):
    """A game as the engine protocol has it (``companion.game.Engine``): the state, and
    ``apply`` running each action through its verb's check, then its change."""

    __slots__ = ()

    def apply(self, action: Action | str) -> Applied:
        value = GRAMMAR.parse(action) if isinstance(action, str) else action
        if self.outcome != "playing":
            raise RuleRefused(f"the game is over ({self.outcome})", R_END)
        before = len(self.fallen)
        canonical, lines = steps()[type(value)].run(self, value)
        point = {h.name: h.life for h in self.heroes}
        point.update(self.fallen[before:])
        self.life_trail.append(point)
        return Applied(GRAMMAR.text(canonical), tuple(lines))

    def equipped(self, words: list[str]) -> tuple[Hero, str]:
        """``equip``'s words: the hero in play, then the gear card of its player's hand."""
        from companion.halfdeck.party import equipped

        return equipped(self, words)

    def assist_refused(self, best: int, number: int) -> bool:
        """Whether --assist-rule strict refuses a supporter here (``odds`` asks)."""
        from companion.halfdeck.combat import assist_refused

        return assist_refused(self, best, number)

    def status(self) -> HalfDeckStatus:
        return view.status(self)

    def status_lines(self, width: int = 40) -> list[str]:
        return view.status_lines(self, width)

    def prompt(self) -> str:
        return view.prompt(self)

    def state_data(self) -> dict[str, object]:
        return snapshot.state_data(self)


def new_engine(settings: Mapping[str, object]) -> HalfDeckGame:
    return HalfDeckGame(normalize_settings(settings))


def engine_from_data(settings: Mapping[str, object], data: object) -> HalfDeckGame:
    """The game whose ``state_data()`` was ``data`` (``snapshot.read_state``)."""
    return snapshot.read_state(new_engine(settings), data)
