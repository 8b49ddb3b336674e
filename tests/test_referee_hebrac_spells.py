"""Hebrac's Dungeon refereed where random play seldom goes: spells at odd moments, variants.

The referee of tests/test_referee_hebrac.py deals real shuffled cards and plays at
random. This one plays the same games (the same table, the same checks after every
step, the same replays) and, between random steps, drives the game on purpose into
what random play seldom reaches: Body Switch on an explored or escaped chamber, in a
trade and with Hebrac; Teleport out of a trade or a sale and onto an escaped chamber;
Hell Bomb from an escaped chamber; Stealing Spirit naming a card that is not the
chamber's; the potions chosen when none are named; late strength potions; the inventory
limit.

The referee holds the cards, so it gets there by dealing: a card face down and still
unknown to the game may change places with a card of the Hand Deck (the same cards,
shuffled otherwise), which plants the enemy or treasure a situation needs, and the
cards drawn for an attack are chosen among those the Hand Deck holds. For each
situation the referee predicts the answer from its own model of the rules
(rulebook/hebrac.rules.toml, edition 3), and checks it: accepted with the state it
predicts, or refused under the rule it names, with nothing changed. Every situation is
reached at least once per run (COMPANION_REFEREE_STEPS sets how long a run is).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from companion.cards import Card
from companion.errors import RuleRefused
from companion.hebrac import ledger, rules, situation
from companion.hebrac.engine import HebracGame, new_engine
from companion.hebrac.grammar import GRAMMAR, Cast
from tests.plays import played
from tests.referee import STEPS, Run
from tests.replays import replayed
from tests.test_referee_hebrac import Table, check, chooser, take_text
from tests.test_referee_hebrac import step as random_step

# The rules the referee expects a refusal to name (rulebook/hebrac.rules.toml ids).
R_BODY = "hebrac.spell.body-switch"
R_COPIES = "hebrac.setup.decks"
R_ENCOUNTER = "hebrac.map.no-fleeing"
R_EVIL = "hebrac.variant.alignment"
R_HEBRAC = "hebrac.enemy.joker"
R_INVENTORY = "hebrac.variant.inventory-limit"
R_LATE = "hebrac.variant.late-potions"
R_MAP = "hebrac.map.moving"
R_ONE_SPELL = "hebrac.spell.one-per-battle"
R_SPELLS = "hebrac.spell.paying"
R_STEALING = "hebrac.spell.stealing-spirit"
R_UNITS = "hebrac.ruling.unit-spells"
R_NO_FLEE = "hebrac.ruling.teleport-no-flee"
R_ROBBED = "hebrac.ruling.robbed-chamber"
R_GENIE_BOUGHT = "hebrac.ruling.genie-bought"

SITUATIONS = (
    "body switch: explored chamber, cleared (refused)",
    "body switch: explored chamber, guard gone (refused)",
    "body switch: escaped chamber",
    "body switch: while trading",
    "body switch: then a second spell (refused)",
    "body switch: Hebrac met in a chamber",
    "body switch: Hebrac's game waiting (refused)",
    "teleport: out of trading",
    "teleport: at a merchant's sale (refused)",
    "teleport: before Hebrac (refused)",
    "hell bomb: right after Teleport, around the chamber reached",
    "stealing spirit: the ware on show, no card named",
    "stolen treasure: a guard switched in has nothing to offer",
    "two strength potions before one attack",
    "late potion: after a life potion drunk since the round",
    "inventory limit: Hebrac's prize refused when full",
    "inventory limit: a King of Diamonds prize refused when full",
    "inventory limit: a purchase paid with the cards held, when full",
    "genie of death bought: no choice left, at once",
    "teleport: onto an escaped chamber",
    "teleport: to an unexplored chamber, then enter another",
    "hell bomb: from an escaped chamber",
    "stealing spirit: wrong card, treasure on show (refused)",
    "stealing spirit: wrong card, treasure face down (taken as named)",
    "stealing spirit: a card with no copy left (refused)",
    "stealing spirit: after a reveal, good alignment (refused)",
    "stealing spirit: merchant's gems or black queen, magic enough",
    "stealing spirit: merchant's gems or black queen, magic short",
    "cheapest potions: spell",
    "cheapest potions: unit spell",
    "cheapest potions: with the Scepter",
    "cheapest potions: too few points (refused)",
    "late potion: wins the round",
    "late potion: lessens the loss",
    "late potion: a second one (refused)",
    "late potion: after a won round (refused)",
    "late potion: after a deadly round",
    "late potion: variant off (refused)",
    "inventory limit: treasure refused when full",
    "inventory limit: drop, then take",
    "inventory limit: a treasure not kept, when full",
    "inventory limit: Stealing Spirit paid first, when full",
    "inventory limit: Genie of Luck's cards refused when full",
)
REACHED: Counter[str] = Counter()
"""The situations reached in this run (a test asserts each was)."""
OBSERVED: Counter[str] = Counter()
"""Which side of a ruling being changed the engine took, and known findings met by chance."""

NUMBERS = rules.table()  # the rulebook's numbers, rulebook/hebrac.tables.toml
THEFT = [Card.parse(text) for text in NUMBERS["theft"]["order"]]
AC, AD, AS = Card.parse("AC"), Card.parse("AD"), Card.parse("AS")
LEVEL_SPELLS = {"anti-magic", "curse", "revelation", "god-vision"}  # until the level ends
PLAIN_SPELLS = LEVEL_SPELLS | {"healing", "remote-vision"}


# -- the referee's own model of the cards --------------------------------------------
def kind(card: Card) -> str:
    """What a card turned up as a chamber's enemy is (hebrac.enemy.list)."""
    if card.is_joker:
        return "hebrac"
    if card.rank == 1:
        return "empty"
    if card.rank == 11:
        return "adventurer"
    if card.rank == 12:
        return "white priestess" if card.is_red else "black priestess"
    return "merchant" if card.rank == 13 else "fighter"


def attack_value(card: Card) -> int:
    """An attack card's value (hebrac.battle.attack-values)."""
    battle = NUMBERS["battle"]
    if card.is_joker or card.rank >= 11:
        return int(battle["face_attack"])
    return int(battle["ace_attack"]) if card.rank == 1 else card.rank


def enemy_life(card: Card, cursed: bool) -> int:
    life = int(NUMBERS["battle"]["adventurer_life"]) if card.rank == 11 else card.rank
    return -(-life // int(NUMBERS["battle"]["curse_divisor"])) if cursed else life


def kept(card: Card, inventory: Iterable[Card]) -> bool:
    """Does a treasure stay in the inventory (potions, gems, prisoners, a new ace)?"""
    return card.is_pip or card.rank == 11 or (card.rank == 1 and card not in inventory)


def suited(card: Card, suits: str) -> bool:
    return card.suit is not None and card.suit in suits


def cost_of(spell: str) -> int:
    return int(NUMBERS["spells"][spell]["cost"])


def best_payment(clubs: Counter[Card], cost: int, scepter: bool, useful: int | None = None,
                 unit: bool = False) -> tuple[tuple[int, ...] | None, int]:
    """The best payment's key by trying every sub-multiset of the magic potions held, and
    how many payments reach the cost (more than one: the choice mattered).

    A spell: the fewest points that reach the cost, then the fewest cards
    (hebrac.spell.paying). A spell bought by the unit with no count: the fewest points
    lost on the units bought (what the points cover, at most ``useful``), then the fewest
    points, then the fewest cards (hebrac.ruling.unit-spells)."""
    items = sorted(clubs.items())
    best: tuple[int, ...] | None = None
    reaching = 0
    for counts in product(*(range(number + 1) for _, number in items)):
        points = sum(k * card.rank * (2 if scepter else 1)
                     for (card, _), k in zip(items, counts, strict=True))
        cards = sum(counts)
        if unit:
            units = points // cost if useful is None else min(points // cost, useful)
            if units < 1:
                continue
            key: tuple[int, ...] = (points - units * cost, points, cards)
        else:
            if points < cost:
                continue
            key = (points, cards)
        reaching += 1
        best = key if best is None or key < best else best
    return best, reaching


def adjacent(name: str, columns: int) -> list[str]:
    """North, south, east and west (hebrac.ruling.adjacent)."""
    rows = "ABC"
    row, col = rows.index(name[0]), int(name[1:])
    return [f"{rows[r]}{c}" for r, c in ((row - 1, col), (row + 1, col), (row, col - 1),
                                         (row, col + 1)) if 0 <= r < 3 and 1 <= c <= columns]


def chamber_state(chamber: Any) -> tuple[Any, ...]:
    return (chamber.enemy, chamber.treasure, chamber.visited, chamber.enemy_gone,
            chamber.treasure_gone, chamber.robbed_adventurer)


class Before:
    """What the game was before an action, for the model's predictions."""

    def __init__(self, game: HebracGame) -> None:
        self.inventory = Counter(game.inventory)
        self.life, self.max_life, self.level = game.life, game.max_life, game.level
        self.position = game.position
        self.effects = set(game.effects)
        self.chambers = {name: chamber_state(c) for name, c in game.chambers.items()}
        encounter = game.encounter
        self.encounter = None if encounter is None else (encounter.chamber, encounter.enemy,
                                                         encounter.stage)


# -- a run that lets a late potion change the round that ended the game ----------------
class SpellRun(Run):
    """A Run where the one action accepted after the end is a late strength potion that
    changes the last round (hebrac.game.end), and the inventory limit is watched."""

    def act(self, action: str) -> bool:
        done = super().act(action)  # a refusal leaves every field as it was
        if done:
            self._limit(action)
        return done

    def may_act_after_end(self, action: str) -> bool:
        return action.startswith("potion ")

    def _limit(self, action: str) -> None:
        """The inventory never passes the limit (hebrac.variant.inventory-limit)."""
        game = self.engine
        assert isinstance(game, HebracGame)
        limit = game.settings["inventory_limit"]
        assert not limit or len(game.inventory) <= limit, \
            f"{action!r}: inventory {len(game.inventory)} of {limit}: {self.where()}"

    def finish(self, home: Path) -> None:
        game = self.engine
        assert isinstance(game, HebracGame)
        if game.outcome != "playing" and situation.late_potion_open(game):
            self.refused = [a for a in self.refused if not a.startswith("potion ")]
        super().finish(home)


class Abort(Exception):
    """The plan cannot go on from here: the game ended, or no card fits."""


# -- the driver: plans that reach each situation on purpose ------------------------------
class Driver:
    def __init__(self, run: SpellRun) -> None:
        self.run = run
        self.table: Table = chooser(run)
        self.rng = run.rng
        self.dying = False  # a round may end the game (a late potion follows)
        self.late_turns = self.rng.randrange(3)

    @property
    def game(self) -> HebracGame:
        engine = self.run.engine
        assert isinstance(engine, HebracGame)
        return engine

    # -- acting --------------------------------------------------------------------------
    def act(self, action: str) -> bool:
        self.table.sync()
        done = self.run.act(action)
        if self.game.outcome != "playing" and not self.dying:
            raise Abort
        self.table.sync()
        return done

    def accept(self, action: str) -> None:
        assert self.act(action), \
            f"{action!r} was refused ({self.run.last_error}): {self.run.where()}"

    def refuse(self, action: str, *rule: str) -> None:
        """Refused under one of ``rule`` (the Run checks that nothing changed)."""
        assert not self.act(action), f"{action!r} was accepted: {self.run.where()}"
        said = self.run.last_error
        assert not rule or any(f"(rule {r})" in said for r in rule), (action, said,
                                                                      self.run.where())

    def wander(self, steps: int) -> None:
        """Random steps, legal and not, as the plain referee plays them."""
        for _ in range(steps):
            if self.game.outcome != "playing" or not random_step(self.run):
                break
        self.table.sync()
        if self.game.outcome != "playing":
            raise Abort

    # -- the cards -----------------------------------------------------------------------
    def from_deck(self, test: Callable[[Card], bool]) -> Card:
        """A Hand Deck card passing ``test`` (drawn: the deck is shuffled otherwise)."""
        self.table.sync()  # a random step may have dealt a new level
        for _ in range(2):
            found = [i for i, card in enumerate(self.table.deck) if test(card)]
            if found:
                return self.table.deck.pop(self.rng.choice(found))
            self.table.rebuild()
        raise Abort

    def back(self, *cards: Card) -> None:
        """Cards of a refused action go back on top of the Hand Deck, in order."""
        self.table.deck[:0] = cards

    def plant(self, name: str, slot: int, test: Callable[[Card], bool]) -> Card:
        """Swap a face-down card of ``name`` (0 the enemy, 1 the treasure), unknown to the
        game, with a Hand Deck card passing ``test``."""
        self.table.sync()
        chamber = self.game.chambers[name]
        known = chamber.enemy if slot == 0 else chamber.treasure
        gone = chamber.enemy_gone if slot == 0 else chamber.treasure_gone
        assert known is None and not gone, (name, slot)
        card = self.from_deck(test)
        deck = self.table.deck
        deck.insert(self.rng.randrange(len(deck) + 1), self.table.layout[name][slot])
        self.table.layout[name][slot] = card
        return card

    def unknown(self, name: str) -> bool:
        chamber = self.game.chambers[name]
        return not chamber.visited and chamber.enemy is None and chamber.treasure is None \
            and not chamber.enemy_gone and not chamber.treasure_gone

    def enter_text(self, name: str) -> str:
        chamber = self.game.chambers[name]
        if chamber.enemy is not None or chamber.enemy_gone:
            return f"enter {name}"
        return f"enter {name} {self.table.layout[name][0]}"

    # -- getting ready -------------------------------------------------------------------
    def settle(self) -> None:
        """Finish what is under way (an encounter, Hebrac's game, a genie)."""
        for _ in range(60):
            game = self.game
            if game.outcome != "playing":
                raise Abort
            encounter = game.encounter
            if encounter is None and game.pending is None:
                return
            if game.pending is None and encounter is not None and encounter.stage == "battle":
                self.win_round()
            elif game.pending is None and encounter is not None and \
                    encounter.stage == "treasure":
                treasure = self.table.layout[encounter.chamber][1]
                self.room(treasure)
                self.act(take_text(self.table, treasure, self.rng))
            else:
                if game.pending == "genie-KD":
                    self.make_room(3)
                random_step(self.run)
            self.table.sync()
        raise Abort

    def win_round(self) -> None:
        encounter = self.game.encounter
        assert encounter is not None
        cards = [self.from_deck(lambda c: attack_value(c) == 10)
                 for _ in range(2 if encounter.double_attack else 1)]
        if not self.act("attack " + " ".join(map(str, cards))):
            self.back(*cards)

    def fresh(self) -> str:
        """A chamber 'enter' may go to now whose cards are all face down and unknown."""
        for _ in range(8):
            self.settle()
            game = self.game
            target = game.teleport_target
            if target is not None:  # Teleport's chamber comes first
                if self.unknown(target):
                    return target
                if not self.act(self.enter_text(target)):
                    self.wander(5)
                continue
            names = [n for n in situation.enterable(game) if self.unknown(n)]
            if names:
                return self.rng.choice(names)
            if situation.next_level_allowed(game):
                self.accept("next-level")
                continue
            self.wander(12)
        raise Abort

    def spare(self) -> Card:
        """The card to drop: gems and life potions first, magic potions and aces last."""
        order = {"D": 0, "H": 1, "S": 3, "C": 4}
        return min(self.game.inventory, key=lambda c: (
            6 if c.rank == 1 else 2 if c.rank == 11 else order[c.suit or "D"], c.rank))

    def at_limit(self) -> None:
        """The inventory exactly at its limit (random steps on the way may have changed
        it), or Abort."""
        self.make_room(0)
        if len(self.game.inventory) < self.game.settings["inventory_limit"]:
            raise Abort

    def room(self, treasure: Card) -> None:
        """Room for ``treasure`` (a KD: for its three cards)."""
        self.make_room(3 if str(treasure) == "KD" else kept(treasure, self.game.inventory))

    def make_room(self, count: int) -> None:
        limit = self.game.settings["inventory_limit"]
        while limit and self.game.inventory and len(self.game.inventory) + count > limit:
            self.accept(f"drop {self.spare()}")

    def supply(self, test: Callable[[Card], bool]) -> Card:
        """A treasure won on purpose: planted in a fresh chamber behind an ace (no guard)."""
        name = self.fresh()
        try:
            enemy = self.plant(name, 0, lambda c: c.rank == 1)
        except Abort:
            enemy = self.plant(name, 0, lambda c: c.is_pip and c.rank <= 3 and c.suit != "C")
        treasure = self.plant(name, 1, test)
        self.make_room(1 if kept(treasure, self.game.inventory) else 0)
        self.accept(f"enter {name} {enemy}")
        while self.game.encounter is not None and self.game.encounter.stage == "battle":
            self.win_round()
        self.accept(f"take {treasure}")
        return treasure

    def ensure_magic(self, needed: int) -> None:
        for _ in range(10):
            if self.game.magic_points >= needed:
                return
            low = self.rng.choice((2, 3, 5, 7, 9))
            self.supply(lambda c, low=low: c.suit == "C" and c.is_pip and c.rank >= low)
        raise Abort

    def charged(self, needed: int) -> None:
        """At least ``needed`` magic points, with nothing under way."""
        for _ in range(3):
            self.ensure_magic(needed)
            self.settle()
            if self.game.magic_points >= needed:
                return
        raise Abort

    def ready(self, needed: int) -> str:
        """A fresh chamber to enter, with at least ``needed`` magic points."""
        for _ in range(3):
            self.ensure_magic(needed)
            name = self.fresh()
            if self.game.magic_points >= needed:
                return name
        raise Abort

    def ensure_spades(self, count: int) -> None:
        for _ in range(count + 2):
            if sum(1 for c in self.game.inventory if c.suit == "S" and c.is_pip) >= count:
                return
            self.supply(lambda c: c.suit == "S" and c.is_pip)
        raise Abort

    def fill(self) -> None:
        """Fill the inventory to its limit exactly, with cheap treasures (or drops: Hebrac's
        prize may pass the limit, reported below)."""
        limit = self.game.settings["inventory_limit"]
        for _ in range(limit + 4):
            if len(self.game.inventory) > limit:
                self.accept(f"drop {self.spare()}")
            elif len(self.game.inventory) == limit:
                return
            else:
                self.supply(lambda c: suited(c, "DH") and c.is_pip and c.rank <= 5)
        raise Abort

    def fighter(self, name: str) -> Card:
        """Plant an enemy that can be escaped from: a 2-10 or an adventurer."""
        return self.plant(name, 0, lambda c: c.is_pip or c.rank == 11)

    # -- the model's checks ----------------------------------------------------------------
    def cast(self, text: str) -> list[Card] | None:
        """Cast a spell, naming no potions; check the potions the engine chose are the
        cheapest (hebrac.spell.paying; per unit hebrac.ruling.unit-spells), or that it
        is refused when no potions pay for it. The timing must allow the spell."""
        game = self.game
        words = GRAMMAR.parse(text)
        assert isinstance(words, Cast)
        spell = words.spell
        unit = NUMBERS["spells"][spell].get("unit") is not None
        count = words.units or None
        scepter = AC in game.inventory
        clubs = Counter(c for c in game.inventory if c.suit == "C" and c.is_pip)
        cost = cost_of(spell)
        useful = self.useful(spell) if unit else None
        if unit and count is None:
            best, reaching = best_payment(clubs, cost, scepter, useful, unit=True)
            refused = best is None or best[0] >= cost  # a unit's worth lost needs --overpay
            rule: tuple[str, ...] = (R_SPELLS, R_UNITS)
        else:
            best, reaching = best_payment(clubs, cost * (count or 1), scepter)
            over = count is not None and useful is not None and count > useful
            lost = best is not None and unit and best[0] - cost * (count or 1) >= cost
            refused, rule = best is None or over or lost, (R_SPELLS, R_UNITS)
        if refused:
            self.refuse(text, *rule)
            if best_payment(clubs, cost, scepter)[0] is None:
                REACHED["cheapest potions: too few points (refused)"] += 1
            return None
        before, visions = Before(game), game.remote_vision
        self.accept(text)
        canonical = GRAMMAR.parse(self.run.actions[-1])
        assert isinstance(canonical, Cast)
        paid = [Card.parse(t) for t in canonical.paid]
        assert not Counter(paid) - clubs, (paid, clubs)
        points = sum(c.rank * (2 if scepter else 1) for c in paid)
        bought = count or 1
        if unit and count is None:
            bought = canonical.units or 0
            assert bought == min(points // cost, useful if useful is not None else points), \
                (bought, points, useful)
            key: tuple[int, ...] = (points - bought * cost, points, len(paid))
        else:
            key = (points, len(paid))
        assert key == best, f"{text!r} paid {paid} {key}, the cheapest is {best}: " \
                            f"{self.run.where()}"
        if spell in PLAIN_SPELLS:  # what these do is all there is to check
            game = self.game
            assert Counter(game.inventory) == before.inventory - Counter(paid), self.run.where()
            assert game.life == before.life + (bought if spell == "healing" else 0)
            assert game.remote_vision == visions + (bought if spell == "remote-vision" else 0)
            assert game.effects == before.effects | ({spell} & LEVEL_SPELLS)
        if reaching > 1:
            REACHED["cheapest potions: " + ("unit spell" if unit else "spell")] += 1
            if scepter:
                REACHED["cheapest potions: with the Scepter"] += 1
        return paid

    def spell(self, text: str) -> list[Card]:
        """A spell the plan casts now, its timing allowed, naming no potions: Abort when
        the magic points fell short on the way, else it is accepted (``cast`` checks)."""
        if self.game.magic_points < cost_of(text.split()[1]):
            raise Abort
        paid = self.cast(text)
        assert paid is not None, self.run.where()
        return paid

    def useful(self, spell: str) -> int | None:
        """Units of a spell bought by the unit that can still be used."""
        game = self.game
        if spell == "healing":
            return game.max_life - game.life
        if spell == "remote-vision":
            if game.effects & {"revelation", "god-vision"}:
                return 0
            hidden = sum(1 for c in game.chambers.values()
                         if c.enemy is None and not c.visited and not c.enemy_gone)
            return max(0, hidden - game.remote_vision)
        return None

    def check_meet(self, name: str, card: Card, inventory: Counter[Card],
                   effects: set[str], robbed: bool = False) -> None:
        """``card`` is met in ``name`` as if just turned up (hebrac.ruling.body-switch):
        ``inventory`` is what was held when it came; ``robbed``: this adventurer was robbed
        by Stealing Spirit (he attacks)."""
        game = self.game
        chamber = game.chambers[name]
        assert chamber.enemy == card and chamber.visited, (name, card, self.run.where())
        what = kind(card)
        held = Counter(inventory)
        if what == "black priestess" and "anti-magic" not in effects:
            victim = next((c for c in THEFT if held[c]), None)  # the most valuable
            if victim is not None:
                held[victim] -= 1
        assert Counter(game.inventory) == +held, (game.inventory, held, self.run.where())
        encounter = game.encounter
        if what in ("empty", "black priestess"):
            assert chamber.enemy_gone, self.run.where()
            if chamber.treasure_gone:
                assert encounter is None, self.run.where()
            else:
                assert encounter is not None and encounter.stage == "treasure", self.run.where()
            return
        stage = {"adventurer": "battle" if robbed else "adventurer",
                 "white priestess": "white-priestess", "merchant": "merchant",
                 "hebrac": "hebrac"}.get(what, "battle")
        assert encounter is not None and (encounter.chamber, encounter.enemy, encounter.stage) \
            == (name, card, stage), (encounter, stage, self.run.where())
        assert not chamber.enemy_gone

    def check_teleport(self, before: Before, target: str, paid: list[Card]) -> None:
        """Teleport leaves what it left as it was (hebrac.spell.teleport)."""
        game = self.game
        assert game.encounter is None and game.pending is None, self.run.where()
        assert Counter(game.inventory) == before.inventory - Counter(paid), self.run.where()
        assert game.life == before.life
        if target == "next-level":
            assert game.level == before.level + 1 and game.position is None
            assert not any(c.visited for c in game.chambers.values())
            return
        assert game.level == before.level
        for name, chamber in game.chambers.items():
            assert chamber_state(chamber) == before.chambers[name], (name, self.run.where())
        chamber = game.chambers[target]
        assert game.position == target, self.run.where()  # inside at once (issue 32)
        if not (chamber.cleared or (chamber.visited and chamber.enemy_gone)):
            assert target in situation.enterable(game), self.run.where()

    def check_stolen(self, before: Before, name: str, card: Card, paid: list[Card]) -> None:
        """Stealing Spirit: an Escape taking the treasure along; a merchant vanishes
        (hebrac.spell.stealing-spirit). ``card`` is a treasure that is kept."""
        game = self.game
        chamber = game.chambers[name]
        assert before.encounter is not None
        merchant = kind(before.encounter[1]) == "merchant"
        assert chamber.treasure == card and chamber.treasure_gone, self.run.where()
        assert game.encounter is None and chamber.enemy_gone == merchant, self.run.where()
        if kind(before.encounter[1]) == "adventurer":
            assert chamber.robbed_adventurer
        held = before.inventory - Counter(paid)
        assert kept(card, held)
        assert Counter(game.inventory) == held + Counter([card]), self.run.where()
        layout = self.table.layout[name]
        if layout[1] != card:  # the player named another card: that is the card there
            self.table.deck.insert(self.rng.randrange(len(self.table.deck) + 1), layout[1])
            layout[1] = card

    # -- the plans -------------------------------------------------------------------------
    def plans(self) -> list[Callable[[], None]]:
        return [self.switch_explored, self.switch_escaped, self.switch_trading,
                self.switch_hebrac, self.teleport_trading, self.teleport_sale,
                self.teleport_escaped, self.teleport_then_enter, self.hell_bomb_escaped,
                self.stealing_known, self.stealing_unknown, self.stealing_no_copy,
                self.merchant_gems, self.cheapest, self.late_potions, self.late_deadly,
                self.late_off, self.limit_take, self.limit_not_kept, self.limit_stealing,
                self.limit_genie, self.teleport_hebrac, self.bomb_after_teleport,
                self.stolen_switched, self.two_potions, self.late_after_use, self.limit_prize,
                self.limit_buy, self.genie_of_death_bought]

    def switch_explored(self) -> None:
        """Body Switch on a cleared chamber: no enemy to replace."""
        self.charged(cost_of("body-switch"))
        if not any(c.visited and c.cleared for c in self.game.chambers.values()):
            self.supply(lambda c: c.is_pip)
        self.charged(cost_of("body-switch"))
        cleared = [c.name for c in self.game.chambers.values() if c.visited and c.cleared]
        if not cleared:
            raise Abort
        card = self.table.draw()
        self.refuse(f"cast body-switch {card} {self.rng.choice(cleared)}", R_BODY)
        self.back(card)
        REACHED["body switch: explored chamber, cleared (refused)"] += 1

    def escape_from(self, name: str, stealing: bool = False) -> None:
        """Enter ``name`` (its enemy planted) and get away by Escape or Stealing Spirit."""
        enemy = self.fighter(name)
        self.accept(f"enter {name} {enemy}")
        if stealing:
            treasure = self.table.layout[name][1]
            if not kept(treasure, self.game.inventory):
                stealing = False
        if stealing:
            self.make_room(1)
            before = Before(self.game)
            paid = self.spell(f"cast stealing-spirit {treasure}")
            self.check_stolen(before, name, treasure, paid)
        else:
            before = Before(self.game)
            paid = self.spell("cast escape")
            game = self.game
            assert game.encounter is None and game.position == name
            assert chamber_state(game.chambers[name]) == before.chambers[name]
            assert Counter(game.inventory) == before.inventory - Counter(paid)

    def still_escaped(self, name: str, level: int, enemy: Card) -> None:
        """Abort when random steps changed the chamber escaped from (fought, bombed,
        switched, or a new level dealt)."""
        chamber = self.game.chambers[name]
        if self.game.level != level or chamber.enemy != enemy or chamber.enemy_gone:
            raise Abort

    def switch_escaped(self) -> None:
        """Body Switch on a chamber escaped from: its enemy is replaced; the new one is met."""
        stealing = self.rng.random() < 0.3
        name = self.ready(cost_of("stealing-spirit" if stealing else "escape")
                          + cost_of("body-switch"))
        self.escape_from(name, stealing)
        old, level = self.game.chambers[name].enemy, self.game.level
        assert old is not None
        if self.rng.random() < 0.4:  # away and back: the switch works from anywhere
            self.wander(2)
            self.settle()
        self.charged(cost_of("body-switch"))
        self.still_escaped(name, level, old)
        stealing = self.game.chambers[name].treasure_gone  # now or on the way
        new = self.from_deck(lambda c: True)
        before = Before(self.game)
        paid = self.spell(f"cast body-switch {new} {name}")
        game = self.game
        chamber = game.chambers[name]
        assert chamber.enemy == new and not chamber.enemy_gone and chamber.visited
        assert game.encounter is None and game.position == before.position
        assert Counter(game.inventory) == before.inventory - Counter(paid)
        self.table.layout[name][0] = new
        REACHED["body switch: escaped chamber"] += 1
        if new != old:
            self.refuse(f"enter {name} {old}", R_MAP)
        held, effects = Counter(game.inventory), set(game.effects)
        self.accept(f"enter {name}")
        robbed = stealing and kind(old) == "adventurer"
        if robbed and kind(new) == "adventurer":  # reported below: he attacks as if robbed
            encounter = self.game.encounter
            assert encounter is not None and encounter.stage in ("adventurer", "battle")
            OBSERVED["finding met: another adventurer switched in attacks as if robbed"] += 1
        else:
            self.check_meet(name, new, held, effects)
        if stealing and kind(new) in ("adventurer", "merchant"):
            # reported below: he would offer or sell the treasure stolen, a second time; the
            # referee fights him or says no instead
            OBSERVED["finding met: an adventurer or merchant switched in, treasure stolen"] += 1
            if kind(new) == "merchant":
                self.accept("refuse")
            while self.game.encounter is not None and self.game.encounter.chamber == name:
                self.win_round()

    def switch_in_encounter(self, name: str) -> None:
        """Body Switch on the enemy faced: the new card is met (hebrac.ruling.body-switch)
        and no second spell follows in a fight."""
        new = self.from_deck(lambda c: True)
        before = Before(self.game)
        paid = self.spell(f"cast body-switch {new}")
        self.table.layout[name][0] = new
        self.check_meet(name, new, before.inventory - Counter(paid), before.effects)
        encounter = self.game.encounter
        if encounter is not None:
            assert encounter.spell_cast, self.run.where()
            if encounter.stage in ("battle", "adventurer"):
                self.refuse("cast anti-magic", R_ONE_SPELL)
                REACHED["body switch: then a second spell (refused)"] += 1

    def switch_trading(self) -> None:
        name = self.ready(cost_of("body-switch") + 5)
        enemy = self.plant(name, 0, lambda c: c.rank == 11)
        self.accept(f"enter {name} {enemy}")
        self.accept(f"reveal {self.table.layout[name][1]}")
        self.switch_in_encounter(name)
        REACHED["body switch: while trading"] += 1

    def switch_hebrac(self) -> None:
        """Hebrac met in a chamber is an enemy like another; while his game waits (a joker
        won as treasure) no spell is cast: the game is settled first."""
        if not self.game.settings["jokers"]:
            return
        name = self.ready(cost_of("body-switch") + 5)
        self.plant(name, 0, lambda c: c.is_joker)
        self.accept(f"enter {name} JK")
        self.switch_in_encounter(name)
        REACHED["body switch: Hebrac met in a chamber"] += 1
        name = self.ready(cost_of("body-switch"))
        enemy = self.plant(name, 0, lambda c: c.rank == 1)
        self.plant(name, 1, lambda c: c.is_joker)
        self.accept(f"enter {name} {enemy}")
        self.accept("take JK")
        assert self.game.pending == "hebrac-game"
        card = self.table.draw()
        live = [c.name for c in self.game.chambers.values() if not c.enemy_gone]
        text = f"cast body-switch {card}" + (f" {self.rng.choice(live)}" if live else "")
        self.refuse(text, R_HEBRAC)
        self.back(card)
        REACHED["body switch: Hebrac's game waiting (refused)"] += 1

    def teleport_away(self, here: str) -> str:
        """Teleport out of the encounter in ``here``, to a chamber of any sort."""
        game = self.game
        names = list(game.chambers)
        choices = {"next-level": ["next-level"], "same": [here],
                   "unexplored": [n for n in names if self.unknown(n)],
                   "cleared": [n for n in names if game.chambers[n].cleared],
                   "escaped": [n for n in names if game.chambers[n].visited and n != here
                               and not game.chambers[n].enemy_gone]}
        sort = self.rng.choice([s for s, found in choices.items() if found])
        target = self.rng.choice(choices[sort])
        before = Before(game)
        paid = self.spell(f"cast teleport {target}")
        self.check_teleport(before, target, paid)
        return target

    def teleport_trading(self) -> None:
        name = self.ready(cost_of("teleport"))
        enemy = self.plant(name, 0, lambda c: c.rank == 11)
        treasure = self.table.layout[name][1]
        self.accept(f"enter {name} {enemy}")
        self.accept(f"reveal {treasure}")
        target = self.teleport_away(name)
        REACHED["teleport: out of trading"] += 1
        if target == name:  # back to him: he offers the same treasure
            held, effects = Counter(self.game.inventory), set(self.game.effects)
            self.accept(f"enter {name}")
            self.check_meet(name, enemy, held, effects)
            self.accept(f"reveal {treasure}")

    def teleport_sale(self) -> None:
        """No one flees a merchant: Teleport is refused at his sale as Escape is
        (hebrac.ruling.teleport-no-flee); Stealing Spirit takes the ware on show without
        its card named (issue 32)."""
        name = self.ready(cost_of("teleport") + cost_of("stealing-spirit"))
        enemy = self.plant(name, 0, lambda c: c.rank == 13)
        treasure = self.plant(name, 1, lambda c: suited(c, "HSC") and c.is_pip or c.rank == 11)
        self.accept(f"enter {name} {enemy}")
        self.accept(f"reveal {treasure}")
        assert self.game.encounter is not None and self.game.encounter.stage == "sale"
        self.refuse("cast teleport next-level", R_NO_FLEE)
        self.refuse("cast escape", R_STEALING.replace("stealing-spirit", "escape"))
        REACHED["teleport: at a merchant's sale (refused)"] += 1
        if self.game.magic_points < cost_of("stealing-spirit") or \
                not kept(treasure, self.game.inventory):
            self.accept("refuse")
            return
        self.make_room(1)
        if self.game.encounter is None:
            raise Abort
        before = Before(self.game)
        self.accept("cast stealing-spirit")
        canonical = GRAMMAR.parse(self.run.actions[-1])
        assert isinstance(canonical, Cast) and canonical.targets == (str(treasure),)
        self.check_stolen(before, name, treasure, [Card.parse(t) for t in canonical.paid])
        REACHED["stealing spirit: the ware on show, no card named"] += 1

    def teleport_hebrac(self) -> None:
        """Nor Hebrac met in a chamber: Teleport refused, then his game is played."""
        name = self.ready(cost_of("teleport"))
        joker = self.plant(name, 0, lambda c: c.is_joker)
        self.accept(f"enter {name} {joker}")
        self.refuse(f"cast teleport {name}", R_NO_FLEE)
        REACHED["teleport: before Hebrac (refused)"] += 1
        self.settle()

    def bomb_after_teleport(self) -> None:
        """Teleport puts you in the chamber at once: Hell Bomb goes off around it."""
        name = self.ready(cost_of("escape") + cost_of("teleport") + cost_of("hell-bomb"))
        self.escape_from(name)
        enemy, level = self.game.chambers[name].enemy, self.game.level
        assert enemy is not None
        self.charged(cost_of("teleport") + cost_of("hell-bomb"))
        self.still_escaped(name, level, enemy)
        if self.game.teleport_target is not None:
            raise Abort
        visited = [n for n, c in self.game.chambers.items() if c.visited and c.enemy_gone
                   and n != name]
        if not visited:
            raise Abort
        self.accept(f"move {self.rng.choice(visited)}")
        self.spell(f"cast teleport {name}")
        assert self.game.position == name, self.run.where()
        self.spell("cast hell-bomb")
        assert self.game.chambers[name].enemy_gone, self.run.where()
        REACHED["hell bomb: right after Teleport, around the chamber reached"] += 1
        self.settle()

    def stolen_switched(self) -> None:
        """A treasure stolen is not won again: the guard Body Switch puts there has
        nothing to trade or sell (hebrac.ruling.robbed-chamber)."""
        name = self.ready(cost_of("stealing-spirit") + cost_of("body-switch"))
        self.escape_from(name, stealing=True)
        chamber = self.game.chambers[name]
        if not chamber.treasure_gone or chamber.enemy_gone:
            raise Abort
        self.charged(cost_of("body-switch"))
        if self.game.chambers[name].enemy_gone or self.game.teleport_target is not None:
            raise Abort
        new = self.from_deck(lambda c: c.rank in (11, 13))
        self.spell(f"cast body-switch {new} {name}")
        self.table.layout[name][0] = new
        self.accept(f"enter {name}")
        encounter = self.game.encounter
        assert encounter is not None and encounter.stage == ("adventurer" if new.rank == 11
                                                            else "merchant"), self.run.where()
        ware = self.table.draw()
        self.refuse(f"reveal {ware}", R_ROBBED)
        self.back(ware)
        REACHED["stolen treasure: a guard switched in has nothing to offer"] += 1
        if new.rank == 13:
            self.accept("refuse")
            assert self.game.chambers[name].cleared
        self.settle()

    def two_potions(self) -> None:
        """The rules set no limit to the strength potions drunk before one attack."""
        self.ensure_spades(2)
        spades = sorted(c for c in self.game.inventory if c.suit == "S" and c.is_pip)[:2]
        self.battle()
        encounter = self.game.encounter
        if encounter is None or len(spades) < 2 or \
                Counter(spades) - Counter(self.game.inventory):
            raise Abort
        life = enemy_life(encounter.enemy, "curse" in self.game.effects)
        card = self.from_deck(lambda c: c.is_pip and c.rank <= 3)
        before = self.game.life
        text = f"attack {card} " + " ".join(f"--potion {p}" for p in spades)
        if encounter.double_attack:
            raise Abort
        self.accept(text)
        assert self.run.actions[-1] == text, self.run.actions[-1]
        assert not Counter(spades) & Counter(self.game.inventory) or \
            Counter(self.game.inventory)[spades[0]] < before  # both drunk
        total = card.rank + spades[0].rank + spades[1].rank + (
            2 if AS in self.game.inventory else 0) + len(encounter.prisoners)
        if not encounter.super_strength and "curse" not in self.game.effects and \
                AS not in self.game.inventory and not encounter.prisoners:
            assert self.game.life == before - max(0, life - total) or total >= life, \
                self.run.where()
        REACHED["two strength potions before one attack"] += 1
        self.settle()

    def late_after_use(self) -> None:
        """A late potion gives back to the life of now: a life potion drunk after the
        round still counts, never above the maximum (hebrac.ruling.late-potions)."""
        if not self.game.settings["late_potions"]:
            return
        self.ensure_spades(1)
        if not any(c.suit == "H" and c.is_pip for c in self.game.inventory):
            self.supply(lambda c: c.suit == "H" and c.is_pip)
        self.battle(lambda c: c.is_pip and c.rank >= 8)
        spades = sorted(c for c in self.game.inventory if c.suit == "S" and c.is_pip)
        hearts = sorted(c for c in self.game.inventory if c.suit == "H" and c.is_pip)
        if not spades or not hearts or self.game.encounter is None:
            raise Abort
        potion, heart = spades[0], hearts[-1]
        round_ = self.lose_round(most=min(9, self.game.life - 1), least=potion.rank + 1)
        if round_ is None:
            raise Abort
        total, enemy = round_
        lost = enemy - total
        self.accept(f"use {heart}")
        life = self.game.life
        self.accept(f"potion {potion}")
        game = self.game
        assert game.life == min(game.max_life, life + potion.rank), \
            (life, potion, lost, self.run.where())
        REACHED["late potion: after a life potion drunk since the round"] += 1

    def limit_prize(self) -> None:
        """At the limit Hebrac's prize waits for a drop, a King of Diamonds' cards too."""
        limit = self.game.settings["inventory_limit"]
        if not limit or not self.game.settings["jokers"]:
            return
        self.fill()
        name = self.fresh()
        enemy = self.plant(name, 0, lambda c: c.rank == 1)
        self.plant(name, 1, lambda c: c.is_joker)
        self.accept(f"enter {name} {enemy}")
        self.accept("take JK")
        red = self.from_deck(lambda c: c.is_red)
        self.accept(f"play {red}")
        self.at_limit()
        if self.rng.random() < 0.5:
            prize = self.from_deck(lambda c: c.is_pip)
            self.refuse(f"take {prize}", R_INVENTORY)
            REACHED["inventory limit: Hebrac's prize refused when full"] += 1
            self.make_room(1)
            self.accept(f"take {prize}")
        else:
            prize = self.from_deck(lambda c: str(c) == "KD")
            cards = [self.from_deck(lambda c: c.is_pip) for _ in range(3)]
            text = "take KD " + " ".join(map(str, cards))
            self.refuse(text, R_INVENTORY)
            REACHED["inventory limit: a King of Diamonds prize refused when full"] += 1
            self.make_room(3)
            self.accept(text)
        assert len(self.game.inventory) <= limit, self.run.where()
        self.settle()

    def limit_buy(self) -> None:
        """At the limit a purchase paid with the gems held makes its own room."""
        limit = self.game.settings["inventory_limit"]
        if not limit:
            return
        gems = [c for c in self.game.inventory if c.suit == "D" and c.is_pip]
        if not gems:
            self.supply(lambda c: c.suit == "D" and c.is_pip and c.rank >= 4)
        self.fill()
        gems = sorted((c for c in self.game.inventory if c.suit == "D" and c.is_pip),
                      key=lambda c: -c.rank)
        if not gems or AD in self.game.inventory:
            raise Abort
        name = self.fresh()
        enemy = self.plant(name, 0, lambda c: c.rank == 13)
        ware = self.plant(name, 1, lambda c: c.is_pip and suited(c, "HS")
                          and c.rank <= gems[0].rank)
        self.accept(f"enter {name} {enemy}")
        self.at_limit()
        if gems[0] not in self.game.inventory:  # dropped to reach the limit
            raise Abort
        self.accept(f"reveal {ware}")
        held = Counter(self.game.inventory)
        self.accept(f"buy {gems[0]}")
        assert Counter(self.game.inventory) == held - Counter([gems[0]]) + Counter([ware])
        REACHED["inventory limit: a purchase paid with the cards held, when full"] += 1

    def genie_of_death_bought(self) -> None:
        """A King of Spades bought with no choice of chambers left acts at once
        (hebrac.ruling.genie-bought), and says so."""
        wanted = int(NUMBERS["treasure"]["genie_of_death_enemies"])
        name = self.fresh()
        left = [n for n, c in self.game.chambers.items() if not c.visited and not c.enemy_gone
                and n != name]
        if len(left) > wanted or AD not in self.game.inventory and self.rng.random() < 0.5:
            raise Abort
        enemy = self.plant(name, 0, lambda c: c.rank == 13)
        self.plant(name, 1, lambda c: str(c) == "KS")
        self.accept(f"enter {name} {enemy}")
        self.accept("reveal KS")
        if self.game.encounter is None or self.game.gems < int(NUMBERS["prices"]["king"]) \
                and AD not in self.game.inventory:
            self.settle()
            raise Abort
        pay = [] if AD in self.game.inventory else sorted(
            (c for c in self.game.inventory if c.suit == "D" and c.is_pip),
            key=lambda c: -c.rank)
        text = "buy " + " ".join(map(str, pay))
        if not self.act(text.strip()):
            self.settle()
            raise Abort
        game = self.game
        assert game.pending is None, self.run.where()
        assert all(game.chambers[n].enemy_gone for n in left), self.run.where()
        if left:
            _, applied = replayed("hebrac", self.run.settings, self.run.actions)
            assert applied[-1].lines[-1].endswith(f"(rule {R_GENIE_BOUGHT})"), applied[-1]
        REACHED["genie of death bought: no choice left, at once"] += 1

    def teleport_escaped(self) -> None:
        """Teleport onto a chamber escaped from: its enemy waits there."""
        name = self.ready(cost_of("escape") + cost_of("teleport"))
        self.escape_from(name)
        enemy, level = self.game.chambers[name].enemy, self.game.level
        assert enemy is not None
        if self.rng.random() < 0.5:
            self.wander(2)
            self.settle()
        self.charged(cost_of("teleport"))
        self.still_escaped(name, level, enemy)
        if self.game.teleport_target is not None:
            raise Abort
        before = Before(self.game)
        paid = self.spell(f"cast teleport {name}")
        self.check_teleport(before, name, paid)
        REACHED["teleport: onto an escaped chamber"] += 1
        wrong = self.from_deck(lambda c: c != enemy)
        self.refuse(f"enter {name} {wrong}", R_MAP)
        self.back(wrong)
        held, effects = Counter(self.game.inventory), set(self.game.effects)
        robbed = kind(enemy) == "adventurer" and self.game.chambers[name].treasure_gone
        self.accept(f"enter {name}")
        self.check_meet(name, enemy, held, effects, robbed)  # (robbed on the way: he attacks)

    def teleport_then_enter(self) -> None:
        """After Teleport to an unexplored chamber, 'enter' of another one."""
        self.charged(cost_of("teleport"))
        game = self.game
        if game.teleport_target is not None:
            raise Abort
        hidden = [n for n in game.chambers if self.unknown(n)]
        if not hidden:
            raise Abort
        target = self.rng.choice(hidden)
        before = Before(game)
        paid = self.spell(f"cast teleport {target}")
        self.check_teleport(before, target, paid)
        others = [n for n in situation.enterable(self.game) if n != target]
        if not others:
            return
        other = self.rng.choice(others)
        REACHED["teleport: to an unexplored chamber, then enter another"] += 1
        # hebrac.ruling.teleport-arrival (edition 3): after Teleport the player is in the
        # chamber reached and turns up its enemy; another chamber is refused.
        assert not self.act(self.enter_text(other)), self.run.where()
        OBSERVED["teleport then enter another: refused (the ruling)"] += 1
        self.accept(self.enter_text(target))

    def hell_bomb_escaped(self) -> None:
        """Hell Bomb from the chamber just escaped from: explored, so allowed
        (hebrac.ruling.hell-bomb-position); it and its four neighbours lose their enemies."""
        stealing = self.rng.random() < 0.3
        # (10 more: the cheapest potions may lose some points)
        name = self.ready(cost_of("stealing-spirit" if stealing else "escape")
                          + cost_of("hell-bomb") + 10)
        self.escape_from(name, stealing)
        if self.game.magic_points < cost_of("hell-bomb"):
            raise Abort
        before = Before(self.game)
        paid = self.spell("cast hell-bomb")
        game = self.game
        hit = {name, *adjacent(name, game.columns)}
        for other, chamber in game.chambers.items():
            enemy, treasure, visited, _, treasure_gone, robbed = before.chambers[other]
            wanted = (enemy, treasure, visited, True, treasure_gone, robbed) if other in hit \
                else before.chambers[other]
            assert chamber_state(chamber) == wanted, (other, self.run.where())
        assert game.encounter is None and game.position == name
        assert Counter(game.inventory) == before.inventory - Counter(paid)
        REACHED["hell bomb: from an escaped chamber"] += 1
        level = game.level
        if game.magic_points < cost_of("body-switch"):
            self.charged(cost_of("body-switch"))
        game = self.game
        chamber = game.chambers[name]
        if game.level != level or not (chamber.visited and chamber.enemy_gone):
            raise Abort
        card = self.table.draw()
        self.refuse(f"cast body-switch {card} {name}", R_BODY)
        self.back(card)
        REACHED["body switch: explored chamber, " + (
            "cleared (refused)" if chamber.cleared else "guard gone (refused)")] += 1
        if chamber.cleared:  # its treasure was stolen, or taken since
            self.refuse(f"enter {name}", R_MAP)
            return
        if self.game.teleport_target not in (None, name):
            raise Abort
        treasure = self.table.layout[name][1]
        self.accept(f"enter {name}")
        assert self.game.encounter is not None and self.game.encounter.stage == "treasure"
        self.room(treasure)
        self.accept(take_text(self.table, treasure, self.rng))

    def stealing_known(self) -> None:
        """Stealing Spirit naming another card than the ware or treasure on show."""
        name = self.ready(cost_of("stealing-spirit"))
        merchant = self.rng.random() < 0.5 or not self.game.settings["evil"]

        def test(c: Card) -> bool:
            return suited(c, "HSC") and c.is_pip or c.rank == 11

        enemy = self.plant(name, 0, (lambda c: c.rank == 13) if merchant else
                           (lambda c: c.rank == 11))
        treasure = self.plant(name, 1, test)
        self.accept(f"enter {name} {enemy}")
        self.accept(f"reveal {treasure}")
        wrong = self.from_deck(lambda c: c != treasure and c.is_pip)
        self.refuse(f"cast stealing-spirit {wrong}", R_ENCOUNTER, R_STEALING)
        self.back(wrong)
        REACHED["stealing spirit: wrong card, treasure on show (refused)"] += 1
        self.make_room(1)
        before = Before(self.game)
        paid = self.spell(f"cast stealing-spirit {treasure}")
        self.check_stolen(before, name, treasure, paid)
        if not self.game.settings["evil"]:  # a good adventurer cannot after a reveal
            name = self.ready(cost_of("stealing-spirit"))
            enemy = self.plant(name, 0, lambda c: c.rank == 11)
            treasure = self.plant(name, 1, test)
            self.accept(f"enter {name} {enemy}")
            self.accept(f"reveal {treasure}")
            self.refuse(f"cast stealing-spirit {treasure}", R_EVIL)
            REACHED["stealing spirit: after a reveal, good alignment (refused)"] += 1

    def stealing_unknown(self) -> None:
        """Stealing Spirit naming a card other than the face-down treasure: the game cannot
        know, so it takes the card named (the referee's table then holds that card)."""
        name = self.ready(cost_of("stealing-spirit"))
        enemy = self.fighter(name)
        real = self.table.layout[name][1]
        self.accept(f"enter {name} {enemy}")
        self.make_room(1)
        named = self.from_deck(lambda c: c != real and c.is_pip)
        before = Before(self.game)
        paid = self.spell(f"cast stealing-spirit {named}")
        self.check_stolen(before, name, named, paid)
        assert self.table.layout[name][1] == named and real in self.table.deck
        REACHED["stealing spirit: wrong card, treasure face down (taken as named)"] += 1

    def stealing_no_copy(self) -> None:
        """Stealing Spirit naming a card of which no copy is left: refused as a typo."""
        name = self.ready(cost_of("stealing-spirit"))
        enemy = self.fighter(name)
        self.accept(f"enter {name} {enemy}")
        game = self.game
        settings = game.settings
        out = ledger.cards_out(game)
        # (no magic potion: the one paid goes under before the spell acts)
        gone = [c for c, n in out.items() if c.suit != "C" and n >= (
            settings["jokers"] if c.is_joker else settings["decks"])]
        if not settings["jokers"]:
            gone.append(Card.joker())
        if not gone:
            return
        self.refuse(f"cast stealing-spirit {self.rng.choice(gone)}", R_COPIES)
        REACHED["stealing spirit: a card with no copy left (refused)"] += 1

    def merchant_gems(self) -> None:
        """A merchant whose ware is gems or a black queen sells nothing."""
        name = self.fresh()
        enemy = self.plant(name, 0, lambda c: c.rank == 13)
        ware = self.plant(name, 1, lambda c: c.suit == "D" and c.is_pip or
                          c.rank == 12 and c.is_black)
        self.accept(f"enter {name} {enemy}")
        short = self.game.magic_points < cost_of("stealing-spirit")
        self.accept(f"reveal {ware}")
        game = self.game
        if short:  # no Stealing Spirit possible: he leaves at once, the chamber cleared
            assert game.encounter is None and game.chambers[name].cleared, self.run.where()
            REACHED["stealing spirit: merchant's gems or black queen, magic short"] += 1
            return
        REACHED["stealing spirit: merchant's gems or black queen, magic enough"] += 1
        # hebrac.ruling.merchant-no-sale (edition 3): a merchant with nothing to sell stays
        # while Stealing Spirit can still be cast.
        assert game.encounter is not None, self.run.where()
        OBSERVED["merchant's gems, magic enough: stays (the ruling)"] += 1
        assert game.encounter.chamber == name and not game.chambers[name].cleared
        wrong = self.from_deck(lambda c: c != ware and c.is_pip)
        self.refuse(f"cast stealing-spirit {wrong}", R_ENCOUNTER, R_STEALING)
        self.back(wrong)
        if ware.rank == 12 or self.rng.random() < 0.3:
            self.accept("refuse")
            assert self.game.encounter is None and self.game.chambers[name].cleared
            return
        self.make_room(1)
        before = Before(self.game)
        paid = self.spell(f"cast stealing-spirit {ware}")
        self.check_stolen(before, name, ware, paid)

    def cheapest(self) -> None:
        """Spells cast naming no potions: the cheapest are paid (checked in ``cast``)."""
        if self.rng.random() < 0.5:
            self.settle()
            if self.game.magic_points < cost_of("god-vision"):  # too few points: refused
                self.cast("cast god-vision")
        for _ in range(self.rng.randint(2, 3)):
            low = self.rng.choice((2, 3, 4))
            self.supply(lambda c, low=low: c.suit == "C" and c.is_pip and c.rank >= low)
        if self.rng.random() < 0.25 and AC not in self.game.inventory:
            self.supply(lambda c: c == AC)
        self.settle()
        units = [s for s in ("healing", "remote-vision") if self.useful(s)]
        spell = self.rng.choice(units) if units and self.rng.random() < 0.6 else \
            self.rng.choice(("anti-magic", "curse", "revelation", "god-vision", "healing",
                             "remote-vision"))
        if spell in ("healing", "remote-vision") and self.rng.random() < 0.3:
            self.cast(f"cast {spell} --count {self.rng.randint(1, 2)}")
        else:
            self.cast(f"cast {spell}")

    def battle(self, test: Callable[[Card], bool] = lambda c: c.is_pip and c.rank >= 6) -> Card:
        """Enter a fresh chamber with a fighter to battle (no magician: Anti-Magic)."""
        name = self.fresh()
        enemy = self.plant(name, 0, lambda c: test(c) and c.suit != "C")
        self.accept(f"enter {name} {enemy}")
        encounter = self.game.encounter
        assert encounter is not None and encounter.stage in ("battle", "adventurer")
        return enemy

    def lose_round(self, most: int | None = None, least: int = 1) -> tuple[int, int] | None:
        """An attack card losing the round with a damage from ``least`` to ``most``; the
        round's (total, enemy life), checked against the model."""
        game = self.game
        encounter = game.encounter
        assert encounter is not None
        life = enemy_life(encounter.enemy, "curse" in game.effects)
        bonus = int(NUMBERS["battle"]["bracelet_bonus"]) if AS in game.inventory else 0
        top = life - 1 if most is None else most

        def fits(card: Card) -> bool:
            return least <= life - attack_value(card) - bonus <= top

        try:
            card = self.from_deck(fits)
        except Abort:
            return None
        before = game.life
        self.accept(f"attack {card}")
        total = attack_value(card) + bonus
        assert self.game.life == before - (life - total), self.run.where()
        return total, life

    def late_potions(self) -> None:
        """A strength potion after a lost round completes it (hebrac.ruling.late-potions):
        it wins the round or lessens the loss; one per round, and none after a round won."""
        if not self.game.settings["late_potions"]:
            return
        self.ensure_spades(2)
        self.late_turns += 1  # each way in turn
        mode = ("wins", "lessens", "won")[self.late_turns % 3]
        if mode == "lessens" and min(c.rank for c in self.game.inventory
                                     if c.suit == "S" and c.is_pip) > 5:
            self.supply(lambda c: c.suit == "S" and c.is_pip and c.rank <= 5)
        self.battle(lambda c: c.is_pip and c.rank >= (8 if mode == "lessens" else 6))
        spades = sorted(c for c in self.game.inventory if c.suit == "S" and c.is_pip)
        if not spades:  # drunk or dropped on the way
            raise Abort
        if mode == "won":
            self.win_round()
            if self.game.encounter is not None and self.game.encounter.stage == "treasure":
                self.refuse(f"potion {spades[0]}", R_LATE)
                REACHED["late potion: after a won round (refused)"] += 1
            return
        life_before = self.game.life
        potion = spades[-1] if mode == "wins" else spades[0]
        most = min(9, life_before - 1)
        round_ = self.lose_round(most=min(most, potion.rank)) if mode == "wins" else \
            self.lose_round(most=most, least=potion.rank + 1)
        if round_ is None:
            raise Abort
        total, life = round_
        self.accept(f"potion {potion}")
        game = self.game
        assert game.life == life_before - max(0, life - total - potion.rank), self.run.where()
        encounter = game.encounter
        if total + potion.rank >= life:
            assert encounter is None or encounter.stage == "treasure", self.run.where()
            REACHED["late potion: wins the round"] += 1
        else:
            assert encounter is not None and encounter.stage == "battle"
            REACHED["late potion: lessens the loss"] += 1
        others = [c for c in game.inventory if c.suit == "S" and c.is_pip]
        if others:
            self.refuse(f"potion {others[0]}", R_LATE)
            REACHED["late potion: a second one (refused)"] += 1

    def late_deadly(self) -> None:
        """A round that ends the game, then a late potion that turns it: the one action
        accepted after the end (hebrac.game.end)."""
        if not self.game.settings["late_potions"]:
            return
        self.ensure_spades(1)
        self.battle(lambda c: c.rank == 10)
        for _ in range(8):
            game = self.game
            spades = sorted(c for c in game.inventory if c.suit == "S" and c.is_pip)
            if not spades or game.encounter is None:
                raise Abort
            potion = spades[-1]
            life = game.life
            # deadly, and the potion leaves life: damage >= life > damage - potion
            self.dying = True
            try:
                round_ = self.lose_round(most=life + potion.rank - 1, least=life)
            finally:
                self.dying = False
            if round_ is not None:
                break
            if self.lose_round(most=life - 1) is None:  # closer first
                raise Abort
        else:
            raise Abort
        total, enemy = round_
        assert self.game.outcome == "dead", self.run.where()
        self.dying = True
        try:
            self.accept(f"potion {potion}")
        finally:
            self.dying = False
        assert self.game.outcome == "playing"
        assert self.game.life == life - max(0, enemy - total - potion.rank) > 0
        REACHED["late potion: after a deadly round"] += 1

    def late_off(self) -> None:
        """Without the variant a strength potion is drunk before the attack only."""
        if self.game.settings["late_potions"]:
            return
        self.ensure_spades(1)
        self.battle()
        if self.lose_round(most=min(9, self.game.life - 1)) is None:
            raise Abort
        spade = next((c for c in self.game.inventory if c.suit == "S" and c.is_pip), None)
        if spade is None:  # drunk or dropped on the way
            raise Abort
        self.refuse(f"potion {spade}", R_LATE)
        REACHED["late potion: variant off (refused)"] += 1

    def full_before(self, treasure: Callable[[Card], bool]) -> Card:
        """The inventory filled, a fresh chamber entered past its ace, and the treasure
        planted there (passing ``treasure``) waiting, with the inventory at its limit."""
        self.fill()
        name = self.fresh()
        enemy = self.plant(name, 0, lambda c: c.rank == 1)
        planted = self.plant(name, 1, treasure)
        self.accept(f"enter {name} {enemy}")
        self.at_limit()
        return planted

    def limit_take(self) -> None:
        """At the limit a treasure kept waits for a drop (hebrac.variant.inventory-limit)."""
        limit = self.game.settings["inventory_limit"]
        if not limit:
            return
        treasure = self.full_before(lambda c: c.is_pip or c.rank == 11)
        self.refuse(f"take {treasure}", R_INVENTORY)
        REACHED["inventory limit: treasure refused when full"] += 1
        dropped = self.spare()
        self.accept(f"drop {dropped}")
        before = Counter(self.game.inventory)
        self.accept(f"take {treasure}")
        assert Counter(self.game.inventory) == before + Counter([treasure])
        assert len(self.game.inventory) == limit
        REACHED["inventory limit: drop, then take"] += 1

    def limit_not_kept(self) -> None:
        """At the limit a treasure that is not kept (a queen, a genie, a fake ace) comes."""
        limit = self.game.settings["inventory_limit"]
        if not limit:
            return
        treasure = self.full_before(lambda c: c.rank == 12 or str(c) in ("KH", "KC") or
                                    c.rank == 1 and c in self.game.inventory)
        before = Before(self.game)
        self.accept(f"take {treasure}")
        game = self.game
        inventory = Counter(before.inventory)
        if treasure.rank == 12 and treasure.is_black and "anti-magic" not in before.effects:
            victim = next((c for c in reversed(THEFT) if inventory[c]), None)  # the least
            if victim is not None:
                inventory[victim] -= 1
        assert Counter(game.inventory) == +inventory, self.run.where()
        if treasure.rank == 12 and treasure.is_red and "anti-magic" not in before.effects:
            assert game.life == game.max_life
        if str(treasure) == "KH":
            assert game.max_life == before.max_life + int(
                NUMBERS["treasure"]["genie_of_life_max_life"])
        REACHED["inventory limit: a treasure not kept, when full"] += 1

    def limit_stealing(self) -> None:
        """At the limit Stealing Spirit is paid before it acts: the potions spent make the
        room (the edition-2 ruling that spells are paid first)."""
        if not self.game.settings["inventory_limit"]:
            return
        self.ensure_magic(cost_of("stealing-spirit"))
        self.fill()
        if self.game.magic_points < cost_of("stealing-spirit"):
            raise Abort
        name = self.fresh()
        enemy = self.fighter(name)
        treasure = self.plant(name, 1, lambda c: c.is_pip)
        self.accept(f"enter {name} {enemy}")
        self.at_limit()
        before = Before(self.game)
        paid = self.spell(f"cast stealing-spirit {treasure}")
        self.check_stolen(before, name, treasure, paid)
        REACHED["inventory limit: Stealing Spirit paid first, when full"] += 1

    def limit_genie(self) -> None:
        """At the limit the Genie of Luck's cards kept need room too."""
        if not self.game.settings["inventory_limit"]:
            return
        self.full_before(lambda c: str(c) == "KD")
        cards = [self.from_deck(lambda c: c.is_pip) for _ in range(3)]
        text = "take KD " + " ".join(map(str, cards))
        self.refuse(text, R_INVENTORY)
        REACHED["inventory limit: Genie of Luck's cards refused when full"] += 1
        self.make_room(3)
        before = Counter(self.game.inventory)
        self.accept(text)
        assert Counter(self.game.inventory) == before + Counter(cards), self.run.where()


# -- the run ---------------------------------------------------------------------------------
PROFILES = (
    {"late_potions": True, "inventory_limit": 0, "jokers": 4, "life": 15},
    {"late_potions": False, "inventory_limit": 5, "jokers": 0, "life": 25},
    {"late_potions": True, "inventory_limit": 6, "jokers": 2, "life": 15},
)
GAME_ACTIONS = 260  # a game's length: longer games only make each replay slower


def new_settings(number: int, rng: random.Random) -> dict[str, Any]:
    """The settings of the run's game ``number``: the profiles in turn, varied."""
    return {**PROFILES[number % len(PROFILES)], "decks": rng.choice((2, 2, 3)),
            "rules": rng.choice(("2005", "2005", "classic")), "evil": rng.random() < 0.4,
            "bag_partial": rng.choice(("covers", "refused")),
            "chambers": rng.choice((12, 12, 15))}


def play_game(driver: Driver, budget: int) -> None:
    run, rng = driver.run, driver.rng
    plans = driver.plans()
    first = True
    while run.steps < budget and run.engine.outcome == "playing":
        rng.shuffle(plans)
        if first:  # with no magic yet: the merchant who has sold out leaves at once
            plans.insert(0, driver.merchant_gems)
            first = False
        for plan in plans:
            if run.steps >= budget or run.engine.outcome != "playing":
                break
            try:
                driver.wander(rng.randint(0, 3))
                plan()
            except Abort:
                pass


def referee(seed: int, home: Path) -> int:
    """Games until the step budget is spent and every situation is reached (within a
    bound); returns the steps played."""
    REACHED.clear()
    OBSERVED.clear()
    rng = random.Random(seed)
    steps = games = 0
    while steps < STEPS or (any(not REACHED[s] for s in SITUATIONS) and steps < 12 * STEPS
                            + 3000):
        settings = new_settings(games, rng)
        run = SpellRun("hebrac", settings, rng, check)
        play_game(Driver(run), GAME_ACTIONS)
        run.finish(home)
        steps += max(run.steps, 1)
        games += 1
    return steps


# One seed: its run reaches every situation; a second took longer to reach the same ones.
@pytest.mark.parametrize("seed", [1])
def test_hebrac_spells_refereed(seed: int, tmp_path: Path) -> None:
    steps = referee(seed, tmp_path)
    missing = [s for s in SITUATIONS if not REACHED[s]]
    assert not missing, (missing, steps, dict(REACHED))
    assert steps >= STEPS


# -- findings of issue 32, each fixed ------------------------------------------------------
def play(*actions: str, **settings: Any) -> HebracGame:
    return played(new_engine(settings), *actions)


def answer(game: HebracGame, action: str) -> bool:
    """Apply ``action``: True when accepted, False when refused by a rule."""
    try:
        game.apply(action)
    except RuleRefused:
        return False
    return True


def test_reported_late_potion_keeps_a_life_potion_drunk_after_the_round() -> None:
    # 15 life; the round against a 9 loses 6 (9 left); 5H heals to 14; the late 4S makes
    # the round's loss 2, giving 4 back: 18, capped at 15. The engine says 13.
    game = play("enter A1 AS", "take 5H", "enter A2 AD", "take 4S", "enter A3 9S",
                "attack 3H", "use 5H", late_potions=True)
    game.apply("potion 4S")
    assert game.life == 15


def test_reported_late_potion_never_above_the_maximum() -> None:
    # the Ruby makes 20; life 20 loses 6 in the round, the Ruby is dropped (max 15, life
    # 14), the late 4S gives 4 back: never above 15 (hebrac.ruling.max-life). Engine: 18.
    game = play("enter A1 AS", "take AH", "enter A2 AD", "take 4S", "enter B1 AC",
                "take 5H", "use 5H", "enter A3 9S", "attack 3H", "drop AH",
                late_potions=True)
    game.apply("potion 4S")
    assert game.life <= game.max_life == 15


@pytest.mark.parametrize("actions", [
    ("enter A1 AS", "take 2H", "enter A2 AD", "take JK", "play 5H", "take 6H"),
    ("enter A1 AS", "take 2H", "enter A2 AD", "take JK", "play 5H", "take KD 3H 4H 5H"),
    ("enter A1 AS", "take 10C", "enter A2 AD", "take 9C", "cast genie-of-luck 2H 3H 4H 5H 6H"),
], ids=["prize", "prize-genie-of-luck", "genie-of-luck-spell"])
def test_reported_inventory_limit_holds_for_every_treasure(actions: tuple[str, ...]) -> None:
    limit = 1 if actions[-1].startswith("take") else 2
    game = play(*actions[:-1], inventory_limit=limit)
    if answer(game, actions[-1]):
        assert len(game.inventory) <= limit, game.inventory


@pytest.mark.parametrize(("enemy", "action"), [("KS", "buy 5D 6D"), ("JS", "offer 5D 6D")])
def test_reported_inventory_limit_counts_the_cards_given(enemy: str, action: str) -> None:
    # 2 of 2 held; both are given for the 9H: 1 of 2 after (Stealing Spirit, paid before
    # it acts, is accepted in the same place)
    game = play("enter A1 AS", "take 5D", "enter A2 AD", "take 6D", f"enter B1 {enemy}",
                "reveal 9H", inventory_limit=2)
    assert answer(game, action)
    assert [str(c) for c in game.inventory] == ["9H"]


def test_reported_hell_bomb_after_teleport_centres_on_the_chamber_reached() -> None:
    # A3 escaped (explored, its 7S still there); the player walks to A1, teleports to A3
    # and casts Hell Bomb there: A3's 7S and its neighbours' enemies go. The engine bombs
    # A1, A2 and B1 (all cleared) and leaves the 7S.
    game = play("enter A1 AS", "take 10C", "enter A2 AD", "take 10C", "enter B1 AC",
                "take 9C", "enter B2 AH", "take 9C", "enter A3 7S", "cast escape",
                "move A1", "cast teleport A3")
    game.apply("cast hell-bomb")
    assert game.chambers["A3"].enemy_gone


@pytest.mark.parametrize(("enemy", "action"), [("JH", "offer 2D"), ("KH", "buy 2D")])
def test_reported_a_stolen_treasure_is_not_won_again(enemy: str, action: str) -> None:
    # A3's 2H is stolen from its 7S, which Body Switch turns into a jack or a king: the
    # chamber holds no treasure (hebrac.spell.stealing-spirit), yet 'reveal 2H' opens a
    # trade or a sale and a second 2H comes, one more than was ever on the table.
    game = play("enter A1 AS", "take 2D", "enter A2 AD", "take 10C", "enter B1 AC",
                "take 9C", "enter A3 7S", "cast stealing-spirit 2H",
                f"cast body-switch {enemy} A3", "enter A3")
    if answer(game, "reveal 2H") and answer(game, action):
        assert Counter(game.inventory)[Card.parse("2H")] == 1, game.inventory
    check(game)


def test_reported_an_adventurer_switched_in_was_not_robbed() -> None:
    # JS is robbed (Stealing Spirit), then replaced by JH (Body Switch): JH is met as if
    # just turned up (hebrac.ruling.body-switch), attack or trade, not in battle at once.
    game = play("enter A1 AS", "take 10C", "enter A2 AD", "take 10C", "enter B1 AC",
                "take 9C", "enter B2 AH", "take 9C", "enter A3 JS",
                "cast stealing-spirit 5C", "cast body-switch JH A3", "enter A3")
    assert game.encounter is not None and game.encounter.stage == "adventurer"
