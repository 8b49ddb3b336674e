"""Half Deck: what the player sees of a game: its status (lines and JSON), the prompt,
and what to type next."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from companion.halfdeck.cards import BOSS, FOES, MINION
from companion.halfdeck.rules import KIND, numbers
from companion.halfdeck.state import State
from companion.text import wrap

if TYPE_CHECKING:
    from companion.halfdeck.rules import EncounterStatus, HalfDeckStatus

# Status lines continue four spaces in, under the item they belong to.
_wrap = partial(wrap, indent="    ")


def status(state: State) -> HalfDeckStatus:
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

def status_lines(state: State, width: int = 40) -> list[str]:
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

def prompt(state: State) -> str:
    heroes = " ".join(f"{h.name} {h.life}" for h in state.heroes) or "no heroes"
    cards = sum(len(c) for c in state.hands.values())
    text = f"R{state.round} {heroes} | hand {cards} | decks {state.hero_deck}/" \
           f"{state.dungeon_deck}"
    if state.encounter is not None:
        text += f" | {state.encounter.card.name} {state.encounter.life}" \
            if state.encounter.kind in FOES else f" | {state.encounter.card.name}"
    return text + ("" if state.outcome == "playing" else f" [{state.outcome}]")
