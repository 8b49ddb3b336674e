"""Half Deck Dungeon Heroes: the tracked game.

The player plays with the real cards and die and types what happens; the engine keeps
every hero's life and gear, the hands and the counts of both decks, and rules on every
roll. An action carries a card's numbers the first time a game uses the card, and its
canonical text always does, so a game replays without the catalog. Each verb is ruled by
the function of its name in ``hand`` or ``dungeon``: it checks first (a refusal changes
nothing), then makes the change and returns the canonical action the save keeps.
"""


from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache, partial
from typing import TYPE_CHECKING, Any

from companion.errors import RuleRefused
from companion.game import Applied
from companion.halfdeck.cards import BOSS, FOES, MINION
from companion.halfdeck.grammar import GRAMMAR, Action
from companion.halfdeck.rules import (
    KIND,
    R_END,
    TITLE,
    normalize_settings,
    setup_lines,
    table,
)
from companion.halfdeck.state import (
    Encounter,
    Gear,
    Hero,
    State,
    group_names,
)
from companion.text import wrap

if TYPE_CHECKING:
    from companion.halfdeck.rules import HalfDeckTables

__all__ = ["KIND", "TITLE", "Encounter", "Gear", "HalfDeckGame", "HalfDeckTables", "Hero",
           "group_names", "new_engine",
           "normalize_settings", "setup_lines", "table"]

@cache
def rulings() -> dict[type, Callable[[State, Any], tuple[Action, list[str]]]]:
    """Each action's verb, ruled by the function of its name in ``hand`` or ``dungeon``
    (checks, then the change): loaded by the first action, as a command that only reads a
    game needs none of them."""
    from companion.halfdeck import dungeon, hand

    return GRAMMAR.named(hand, dungeon)


class HalfDeckGame(State):
    """A game as the engine protocol has it (``companion.game.Engine``)."""

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
        canonical, lines = rulings()[type(value)](self, value)
        point = {h.name: h.life for h in self.heroes}
        point.update(self.fallen[before:])
        self.life_trail.append(point)
        return Applied(partial(GRAMMAR.text, canonical), lines)

    def status(self) -> dict[str, object]:
        """The state as JSON holds it ('status --json'), the keys in this order."""
        encounter: dict[str, object] | None = None
        if self.encounter is not None:
            e = self.encounter
            encounter = {"name": e.card.name, "kind": e.kind, "attribute": e.attribute,
                         "number": e.card.number, "life": e.life, "loot": e.card.loot,
                         "effect": e.card.effect, "player": e.player, "rolls": e.rolls}
        return {
            "game": KIND,
            "round": self.round,
            "phase": self.phase,
            "heroes": [{"name": h.name, "player": h.player, "strength": h.strength,
                        "magic": h.magic, "life": h.life,
                        "gear": None if h.gear is None else {
                            "name": h.gear.name, "attribute": h.gear.attribute,
                            "bonus": h.gear.bonus, "one_use": h.gear.one_use,
                            "standby": h.gear.standby}} for h in self.heroes],
            "lives": {h.name: h.life for h in self.heroes},
            "gear": {h.name: h.gear.name for h in self.heroes if h.gear is not None},
            "hands": {str(p): list(cards) for p, cards in self.hands.items()},
            "hand_size": sum(len(cards) for cards in self.hands.values()),
            "draws_due": {str(p): n for p, n in self.owed.items()},
            "hero_deck": self.hero_deck,
            "hero_discard": self.hero_discard,
            "hero_removed": self.hero_removed,
            "dungeon_deck": self.dungeon_deck,
            "dungeon_discard": self.dungeon_discard,
            "dungeon_removed": self.dungeon_removed,
            "endgame_left": list(self.endgame_left),
            "prisoner": self.rescue if self.rescue_left else None,
            "encounter": encounter,
            "team_cards_used": self.team_used,
            "next_player": self.next_player if self.coop else None,
            "cards": {n: c.as_toml() for n, c in sorted(self.known.items())},
            "won_by": self.won_by,
            "next": self.next_hint() if self.outcome == "playing" else None,
            "outcome": self.outcome,
            "settings": self.settings,
        }

    def status_lines(self, width: int = 40) -> list[str]:
        width = max(20, width)

        def item(text: str, keep: Sequence[str] = ()) -> list[str]:
            """``wrap``'s lines, continued four spaces in, a card name kept whole."""
            return wrap(text, width, "    ", keep=keep)

        phase = {"setup": "first preparatory phase", "preparatory": "preparatory phase",
                 "dungeon": "dungeon phase", "over": "game over"}[self.phase]
        lines = [f"Round {self.round}, {phase}"]
        lines += item(f"Hero deck {self.hero_deck}, discard {self.hero_discard}, "
                      f"removed {self.hero_removed}")
        lines += item(f"Dungeon {self.dungeon_deck}, discard {self.dungeon_discard}, "
                      f"removed {self.dungeon_removed}")
        goals = ", ".join(k.removeprefix("endgame-") for k in self.endgame_left) or "none"
        lines += item(f"Endgame in the deck: {goals}")
        if self.rescue_left:
            lines += item(f"Prisoner in the dungeon: {self.rescue}")
        for player in self.player_numbers:
            label = f"P{player} hand" if self.coop else "Hand"
            cards = self.hands[player]
            lines += item(f"{label} ({len(cards)}): {', '.join(cards) or 'empty'}", cards)
        lines.append("Heroes:" if self.heroes else "Heroes: none in play")
        for hero in self.heroes:
            owner = f" P{hero.player}" if self.coop else ""
            lines += item(f" {hero.name}{owner} S{hero.strength} M{hero.magic} "
                          f"life {hero.life}/{table()['heroes']['life']}")
            if hero.gear is not None:
                lines += item(f"   {hero.gear.text()}")
        encounter = self.encounter
        if encounter is not None:
            lines += item(f"Facing: {encounter.title()} "
                          f"({encounter.card.kind.replace('-', ' ')})")
            details = [f"life {encounter.life}"] if encounter.kind in FOES else []
            if encounter.kind in (MINION, BOSS):
                details.append(f"loot {encounter.card.loot}")
            if encounter.card.effect:
                details.append(f"effect: {encounter.card.effect}")
            if details:
                lines += item("  " + ", ".join(details))
        if self.outcome == "playing":
            lines += wrap(f"Next: {self.next_hint()}", width)  # as every game's Next
        elif self.outcome == "won":
            lines += item(f"You won ({self.won_by})!")
        else:
            lines.append("The party is lost.")
        return lines

    def prompt(self) -> str:
        heroes = " ".join(f"{h.name} {h.life}" for h in self.heroes) or "no heroes"
        cards = sum(len(c) for c in self.hands.values())
        text = f"R{self.round} {heroes} | hand {cards} | decks {self.hero_deck}/" \
               f"{self.dungeon_deck}"
        if self.encounter is not None:
            text += f" | {self.encounter.card.name} {self.encounter.life}" \
                if self.encounter.kind in FOES else f" | {self.encounter.card.name}"
        return text + ("" if self.outcome == "playing" else f" [{self.outcome}]")


def new_engine(settings: Mapping[str, object]) -> HalfDeckGame:
    return HalfDeckGame(normalize_settings(settings))
