"""Elbereth: the tracked game.

The player lays out the real dungeon cards and rolls a real die; the engine
keeps the equipment (equipped face up, face down, or discarded for good),
the coin and the key, the floor and the deck's counts, and rules on every
roll: attacks, the choice after a miss, breaking walls, shopping, bribing
bosses and descending. Actions are values of ``companion.elbereth.grammar``
(``Attack("spider", 3)``), or their text (``attack spider 3``, ``boost
sword``, ``break-wall 5``), read once by its ``GRAMMAR``.

The game is a state record (``ElberethGame``) and its verbs: each is ruled by the
function of its name in ``companion.elbereth.play``, which raises ``RuleRefused``
naming the rulebook section before it changes anything. Each quantity with a rule
changes in one place: an item's state in ``set_item`` (the hero's life is the
equipment not discarded), the coin's in ``set_coin``, the floor's cards in
``account`` (checked by ``check_room``), the floor in ``play.descend``. The
rulebook's numbers and the settings are ``book``; what commands show, ``views``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from functools import cache, partial
from typing import TYPE_CHECKING, Any

from companion.elbereth import views
from companion.elbereth.book import (
    COIN_DOWN,
    COIN_GONE,
    DISCARDED,
    DOWN,
    EQUIPPED,
    Miss,
    enemy,
    normalize_settings,
    read_settings,
    rules,
    setup_lines,
    table,
)
from companion.elbereth.grammar import GRAMMAR, Action
from companion.errors import BadInput, RuleRefused
from companion.game import Applied

if TYPE_CHECKING:
    from companion.elbereth.book import ElberethTables

__all__ = ["KIND", "TITLE", "ElberethGame", "ElberethTables", "Miss", "new_engine",
           "normalize_settings", "setup_lines", "table"]

KIND = "elbereth"
TITLE = "Elbereth"
R_DECK = "elbereth.setup.deck"
R_END = "elbereth.game.end"

Ruled = tuple[Action, list[str]]
"""What a verb gives back: the canonical action and its ruling's lines."""


@cache
def rulings() -> dict[type, Callable[[ElberethGame, Any], Ruled]]:
    """Each action's verb, ruled by the function of its name in ``play``: loaded by the
    first action (a command that only shows a game never reads it)."""
    from companion.elbereth import play

    return {verb.action: getattr(play, verb.name.replace("-", "_"))
            for verb in GRAMMAR.verbs.values()}


def new_engine(settings: Mapping[str, object]) -> ElberethGame:
    return ElberethGame(settings)


# -- the game -------------------------------------------------------------------
class ElberethGame:
    """The game's state record: the hero's gear, coin and key, the floor and its cards."""

    def __init__(self, settings: Mapping[str, object]) -> None:
        self.config = read_settings(settings)
        self.settings = self.config.plain()
        self.bosses = self.config.bosses
        self.floor = 1
        self.removed = 0
        self.items: dict[str, str] = {
            item: EQUIPPED if item in self.config.equip else DOWN for item in rules().equipment}
        self.coin = COIN_DOWN
        self.key = False
        self.bosses_met: dict[str, int] = {}
        self.miss: Miss | None = None
        self.ogre_wins = 0
        self.won = False
        self.lost = False
        self.beaten_total: Counter[str] = Counter()
        # Equipment not discarded (the hero's life) after each action, first entry: before any.
        self.life_trail: list[int] = [len(self.left())]
        self.new_floor()

    def new_floor(self) -> None:
        self.beaten: Counter[str] = Counter()
        self.walls = 0
        self.picked: list[str] = []
        self.stairs = False
        self.shops = 0  # the deck holds two shop cards; both may turn up on one floor
        self.floor_boss: str | None = None
        self.boss_down = False

    # -- derived -------------------------------------------------------------------
    @property
    def outcome(self) -> str:
        if self.won:
            return "won"
        return "lost" if self.lost else "playing"

    @property
    def floors(self) -> int:
        return rules().floors

    def others(self) -> int:
        """Dungeon cards of this floor besides the dragon (or boss) and the down stairs."""
        return rules().others - rules().step * (self.floor - 1)

    def accounted(self) -> int:
        """Other cards of this floor known to be on the table: beaten, broken, taken, found."""
        return sum(self.beaten.values()) + self.walls + len(self.picked) + self.shops

    def left(self) -> list[str]:
        """Equipment not discarded for good."""
        return [item for item, state in self.items.items() if state != DISCARDED]

    def equipped(self, group: str | None = None) -> list[str]:
        known = rules()
        group_names = {"offensive": known.offensive, "protective": known.protective}
        chosen = group_names[group] if group else known.equipment
        return [item for item in chosen if self.items[item] == EQUIPPED]

    def boss_word(self) -> str:
        return "boss" if self.bosses else "dragon"

    enemy = enemy  # an enemy by name (any case, plural, a unique prefix) or by strength

    # -- the action language ------------------------------------------------------
    def apply(self, action: Action | str) -> Applied:
        """Rule on ``action`` (a value, or its text read once by the grammar): a refused
        action changes nothing."""
        value: Action = GRAMMAR.parse(action) if isinstance(action, str) else action
        if self.outcome != "playing":
            raise RuleRefused(f"the game is over ({self.outcome})", R_END)
        ruling = rulings().get(type(value))
        if ruling is None:  # another game's action, say
            raise BadInput(f"{value!r} is not an Elbereth action")
        canonical, lines = ruling(self, value)
        self.life_trail.append(len(self.left()))
        return Applied(partial(GRAMMAR.text, canonical), lines)

    # -- the quantities with a rule, each changed in one place ----------------------
    def check_room(self, what: str, kind: str) -> None:
        """One more 'other' card of this kind fits this floor's share of the deck."""
        left = self.others()
        if self.accounted() + 1 > left:
            shown = "no cards" if left == 0 else f"only {left} cards"
            raise RuleRefused(f"floor {self.floor} holds {shown} besides the "
                              f"{self.boss_word()} and the down stairs, all accounted for: "
                              f"no {what}", R_DECK)
        count = rules().counts[kind]
        if kind in self.items or kind == "coin":
            have = self.picked.count(kind)
        elif kind == "wall":
            have = self.walls
        elif kind == "shop":
            have = self.shops
        else:
            have = self.beaten[kind]
        if have + 1 > count:
            raise RuleRefused(f"the deck has {count} {kind} card{'' if count == 1 else 's'}: "
                              f"{have} on this floor already", R_DECK)

    def account(self, kind: str) -> None:
        """One more 'other' card of this floor turned up (``check_room`` checked it fits):
        an enemy beaten, a wall broken, an item picked up, a shop found."""
        if kind == "wall":
            self.walls += 1
        elif kind == "shop":
            self.shops += 1
        elif kind in self.items or kind == "coin":
            self.picked.append(kind)
        else:
            self.beaten[kind] += 1

    def set_item(self, item: str, state: str) -> None:
        """A piece of equipment equipped, face down, or discarded for good (the hero's
        life is the equipment not discarded: nothing discarded comes back)."""
        assert self.items[item] != DISCARDED, item  # the checks refuse it first
        self.items[item] = state

    def set_coin(self, state: str) -> None:
        """The coin face up (picked up), face down (spent) or gone (a bribe)."""
        assert self.coin != COIN_GONE  # the checks refuse it first
        self.coin = state

    # What commands show (companion.elbereth.views).
    status = views.status
    status_lines = views.status_lines
    prompt = views.prompt
