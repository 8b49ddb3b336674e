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
``GRAMMAR.parse``; the verb table (``steps``) gives each action type its check,
which raises the refusal and changes nothing, and its change, which changes the
state (``companion.halfdeck.state``) only through the one place each quantity
changes; the canonical value the change returns is what the save keeps,
written by ``GRAMMAR.text``. The verbs live by topic: the hands
(``companion.halfdeck.hand``), the party (``party``), the dungeon
(``dungeon``), the rolls (``combat``); the rulebook's numbers and the settings
in ``rules``. Names are matched as everywhere (``companion.names``): exactly,
then by a unique prefix; a name that is neither says what it could be, or what
is close.
"""


from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Generic, TypeVar

from companion.errors import RuleRefused
from companion.game import Applied
from companion.halfdeck import grammar
from companion.halfdeck.cards import (
    BOSS,
    FOES,
    MINION,
)
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
from companion.text import wrap

if TYPE_CHECKING:
    from companion.halfdeck.rules import EncounterStatus, HalfDeckStatus, HalfDeckTables

__all__ = ["KIND", "TITLE", "Encounter", "Gear", "HalfDeckGame", "HalfDeckTables", "Hero",
           "find_name", "group_names", "lead_name", "new_engine",
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


# -- what the player sees ---------------------------------------------------------
# Status lines continue four spaces in, under the item they belong to.
_wrap = partial(wrap, indent="    ")


def status_of(state: State) -> HalfDeckStatus:
    """The state as JSON holds it ('status --json')."""
    encounter: EncounterStatus | None = None
    if state.encounter is not None:
        e = state.encounter
        encounter = {"name": e.card.name, "kind": e.kind, "attribute": e.attribute,
                     "number": e.card.number, "life": e.life, "loot": e.card.loot,
                     "effect": e.card.effect, "player": e.player, "rolls": e.rolls}
    return {
        "game": KIND,
        "round": state.round,
        "phase": state.phase,
        "heroes": [{"name": h.name, "player": h.player, "strength": h.strength,
                    "magic": h.magic, "life": h.life,
                    "gear": None if h.gear is None else {
                        "name": h.gear.name, "attribute": h.gear.attribute,
                        "bonus": h.gear.bonus, "one_use": h.gear.one_use,
                        "standby": h.gear.standby}} for h in state.heroes],
        "lives": {h.name: h.life for h in state.heroes},
        "gear": {h.name: h.gear.name for h in state.heroes if h.gear is not None},
        "hands": {str(p): list(cards) for p, cards in state.hands.items()},
        "hand_size": sum(len(cards) for cards in state.hands.values()),
        "draws_due": {str(p): n for p, n in state.owed.items()},
        "hero_deck": state.hero_deck,
        "hero_discard": state.hero_discard,
        "hero_removed": state.hero_removed,
        "dungeon_deck": state.dungeon_deck,
        "dungeon_discard": state.dungeon_discard,
        "dungeon_removed": state.dungeon_removed,
        "endgame_left": list(state.endgame_left),
        "prisoner": state.rescue if state.rescue_left else None,
        "encounter": encounter,
        "team_cards_used": state.team_used,
        "next_player": state.next_player if state.coop else None,
        "cards": {n: c.as_toml() for n, c in sorted(state.known.items())},
        "won_by": state.won_by,
        "next": state.next_hint() if state.outcome == "playing" else None,
        "outcome": state.outcome,
        "settings": state.settings,
    }

def lines_of(state: State, width: int = 40) -> list[str]:
    phase = {"setup": "first preparatory phase", "preparatory": "preparatory phase",
             "dungeon": "dungeon phase", "over": "game over"}[state.phase]
    lines = [f"Round {state.round}, {phase}"]
    lines += _wrap(f"Hero deck {state.hero_deck}, discard {state.hero_discard}, "
                   f"removed {state.hero_removed}", width)
    lines += _wrap(f"Dungeon {state.dungeon_deck}, discard {state.dungeon_discard}, "
                   f"removed {state.dungeon_removed}", width)
    goals = ", ".join(k.removeprefix("endgame-") for k in state.endgame_left) or "none"
    lines += _wrap(f"Endgame in the deck: {goals}", width)
    if state.rescue_left:
        lines += _wrap(f"Prisoner in the dungeon: {state.rescue}", width)
    for player in state.player_numbers:
        label = f"P{player} hand" if state.coop else "Hand"
        cards = ", ".join(state.hands[player]) or "empty"
        lines += _wrap(f"{label} ({len(state.hands[player])}): {cards}", width)
    lines.append("Heroes:" if state.heroes else "Heroes: none in play")
    for hero in state.heroes:
        owner = f" P{hero.player}" if state.coop else ""
        lines += _wrap(f" {hero.name}{owner} S{hero.strength} M{hero.magic} "
                       f"life {hero.life}/{numbers().life}", width)
        if hero.gear is not None:
            lines += _wrap(f"   {hero.gear.text()}", width)
    encounter = state.encounter
    if encounter is not None:
        lines += _wrap(f"Facing: {encounter.title()} "
                       f"({encounter.card.kind.replace('-', ' ')})", width)
        details = [f"life {encounter.life}"] if encounter.kind in FOES else []
        if encounter.kind in (MINION, BOSS):
            details.append(f"loot {encounter.card.loot}")
        if encounter.card.effect:
            details.append(f"effect: {encounter.card.effect}")
        if details:
            lines += _wrap("  " + ", ".join(details), width)
    if state.outcome == "playing":
        lines += _wrap(f"Next: {state.next_hint()}", width)
    elif state.outcome == "won":
        lines += _wrap(f"You won ({state.won_by})!", width)
    else:
        lines.append("The party is lost.")
    return lines

def prompt_of(state: State) -> str:
    heroes = " ".join(f"{h.name} {h.life}" for h in state.heroes) or "no heroes"
    cards = sum(len(c) for c in state.hands.values())
    text = f"R{state.round} {heroes} | hand {cards} | decks {state.hero_deck}/" \
           f"{state.dungeon_deck}"
    if state.encounter is not None:
        text += f" | {state.encounter.card.name} {state.encounter.life}" \
            if state.encounter.kind in FOES else f" | {state.encounter.card.name}"
    return text + ("" if state.outcome == "playing" else f" [{state.outcome}]")


# -- the game ---------------------------------------------------------------------
class HalfDeckGame(State):
    """A game as the engine protocol has it (``companion.game.Engine``): the state, and
    ``apply`` running each action through its verb's check, then its change."""

    __slots__ = ()

    @property
    def outcome(self) -> str:
        if self.won_by is not None:
            return "won"
        return "lost" if self.lost else "playing"

    def apply(self, action: Action | str) -> Applied:
        value = GRAMMAR.parse(action) if isinstance(action, str) else action
        if self.outcome != "playing":
            raise RuleRefused(f"the game is over ({self.outcome})", R_END)
        before = len(self.fallen)
        canonical, lines = steps()[type(value)].run(self, value)
        point = {h.name: h.life for h in self.heroes}
        point.update(self.fallen[before:])
        self.life_trail.append(point)
        return Applied(partial(GRAMMAR.text, canonical), lines)

    def equipped(self, words: list[str]) -> tuple[Hero, str]:
        """``equip``'s words: the hero in play, then the gear card of its player's hand."""
        from companion.halfdeck.party import equipped

        return equipped(self, words)

    def assist_refused(self, best: int, number: int) -> bool:
        """Whether --assist-rule strict refuses a supporter here (``odds`` asks)."""
        from companion.halfdeck.combat import assist_refused

        return assist_refused(self, best, number)

    def status(self) -> HalfDeckStatus:
        return status_of(self)

    def status_lines(self, width: int = 40) -> list[str]:
        return lines_of(self, width)

    def prompt(self) -> str:
        return prompt_of(self)


def new_engine(settings: Mapping[str, object]) -> HalfDeckGame:
    return HalfDeckGame(normalize_settings(settings))
