"""Hebrac's Dungeon odds: exact chances computed from every card entered so far, and
the advice built on them.

The Hand Deck model
-------------------
At the start the decks are shuffled, 24 cards are dealt face down and the rest
is the Hand Deck. Cards are taken off its top (attack cards, Hebrac's game, a
genie's cards, Body Switch, the deal of a new level) and used cards go under
it. ``DeckModel`` replays the engine's ``deck_log`` and keeps:

- the pool: every card never seen, wherever it lies (in the Hand Deck, face
  down on the table, or put under face down). Every never-seen place holds a
  uniformly random arrangement of the pool, so the next never-seen card off
  the top is any pool card, equally likely - even though some of the pool lies
  on the table rather than in the Hand Deck;
- the Hand Deck as stretches from the top: the never-seen original part, then
  one batch per action that put cards under (in the order the actions were
  entered; order unknown inside a batch), and cards peeked by Future
  Perception (known, on top);
- the face-down table cards, by where they came from.

A card turned up is taken from where the model expects it. When the model had
to guess (a card that could come from two places) or a card contradicts it
(cards put under in another order than entered), a note says so and every
answer prints it.

Every chance here is a ``Fraction``: draws without replacement, computed
exactly, never sampled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import cache
from itertools import accumulate
from math import comb, factorial
from typing import TYPE_CHECKING

from companion.cards import Card, full_deck
from companion.errors import BadInput
from companion.hebrac import rules, situation
from companion.text import percent, wrap
from companion.values import Record, Value

if TYPE_CHECKING:
    from companion.hebrac.engine import HebracGame


POOL = 0  # the group id of the never-seen cards
Counts = tuple[int, ...]


# -- the Hand Deck model -----------------------------------------------------------
class Group(Record):
    """Cards whose places are known only as a set: a batch put under, or a peeked card.

    ``unseen`` counts never-seen cards mixed in (face-down cards put under):
    each is a pool card. A group's places may be partly in the Hand Deck and
    partly on the table (a new level dealt from it).
    """

    __slots__ = ("cards", "unseen")

    def __init__(self, cards: Counter[Card]) -> None:
        self.cards = cards
        self.unseen = 0

    @property
    def size(self) -> int:
        return sum(self.cards.values()) + self.unseen


class Segment(Record):
    """Consecutive Hand Deck places holding cards of one group."""

    __slots__ = ("group", "slots")

    def __init__(self, group: int, slots: int) -> None:
        self.group = group
        self.slots = slots


class DeckModel:
    """Where every card may be, replayed from the engine's Hand Deck events."""

    def __init__(self, cards: Iterable[Card]) -> None:
        everything = Counter(cards)
        self.groups: dict[int, Group] = {POOL: Group(everything)}
        self.segments: list[Segment] = [Segment(POOL, sum(everything.values()))]
        self.table: Counter[int] = Counter()  # face-down table places, by group
        self.notes: list[str] = []
        self._batch: int | None = None  # the batch the current action puts cards under

    # -- facts -------------------------------------------------------------------
    @property
    def pool(self) -> Counter[Card]:
        return self.groups[POOL].cards

    @property
    def pool_size(self) -> int:
        return sum(self.pool.values())

    @property
    def deck_size(self) -> int:
        return sum(s.slots for s in self.segments)

    def deck_slots(self, group: int) -> int:
        return sum(s.slots for s in self.segments if s.group == group)

    def unseen_under(self) -> int:
        return sum(g.unseen for gid, g in self.groups.items() if gid != POOL)

    def peeked(self) -> list[Card]:
        """Cards known to be on top, in order (Future Perception)."""
        known = []
        for segment in self.segments:
            if segment.slots == 0:
                continue
            group = self.groups[segment.group]
            if segment.group == POOL or group.size != 1 or group.unseen:
                break
            known.append(next(iter(+group.cards)))
        return known

    def holds(self, group: int, card: Card) -> bool:
        """Whether a place of ``group`` may hold ``card`` (its chance is not 0): asked of
        every place, card after card, so no fractions are made for it."""
        g = self.groups[group]
        return g.cards.get(card, 0) > 0 or (g.unseen > 0 and self.pool.get(card, 0) > 0)

    def chance(self, group: int, card: Card) -> Fraction:
        """The chance that a place of ``group`` holds ``card``."""
        if not self.holds(group, card):
            return Fraction(0)
        g = self.groups[group]
        chance = Fraction(g.cards[card], g.size)
        if g.unseen and self.pool_size:  # a pool card then: the pool itself has none unseen
            chance += Fraction(g.unseen, g.size) * Fraction(self.pool[card], self.pool_size)
        return chance

    # -- replay ------------------------------------------------------------------
    def apply(self, kind: str, cards: Sequence[Card], count: int) -> None:
        """One ``deck_log`` event of the engine."""
        if kind == "action":
            self._batch = None
        elif kind == "deal":
            self.deal(count)
        elif kind == "under":
            self.under(cards, count)
        elif kind == "peek":
            self.peek(cards)
        else:  # a card at a time: "draw", "pick" or "table"
            one = {"draw": self.draw, "pick": self.pick, "table": self.reveal}[kind]
            for card in cards:
                one(card)

    def _note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    def _take(self, group: int, card: Card, prefer_known: bool = False) -> None:
        """Take ``card`` out of ``group``, which may hold it (its place is taken by the
        caller); the pool has no unseen cards."""
        g = self.groups[group]
        from_unseen = g.unseen > 0 and self.pool[card] > 0
        if g.cards[card] > 0 and from_unseen and not prefer_known:
            self._note(f"{card} could be a card put under seen or unseen: taken as the "
                       "likelier")
            known = Fraction(g.cards[card])
            hidden = Fraction(g.unseen * self.pool[card], self.pool_size)
            from_unseen = hidden > known
        if g.cards[card] > 0 and not from_unseen:
            g.cards[card] -= 1
        else:
            g.unseen -= 1
            self.pool[card] -= 1

    def _top(self) -> Segment | None:
        while self.segments and self.segments[0].slots == 0:
            self.segments.pop(0)
        return self.segments[0] if self.segments else None

    def draw(self, card: Card) -> None:
        """``card`` is taken off the top of the Hand Deck."""
        top = self._top()
        if top is not None:
            top.slots -= 1
            if self.holds(top.group, card):
                self._take(top.group, card)
                return
        self._note(f"{card} off the top was not where the model expected it: cards may have "
                   "gone under in another order than entered")
        self._misplaced(card, None if top is None else top.group)

    def pick(self, card: Card) -> None:
        """``card`` is chosen from anywhere in the Hand Deck (Hebrac's prize): taken from
        cards put under seen first, then from the never-seen ones, then from those put
        under unseen."""
        self._note(f"you looked through the Hand Deck to pick {card}: what you saw there is "
                   "not known to the odds")
        live = [s for s in self.segments if s.slots and self.holds(s.group, card)]
        if not live:
            self._note(f"{card} was picked but the model has no such card in the Hand Deck")
            self._misplaced(card, None)
            return
        segment = min(live, key=lambda s: 1 if s.group == POOL
                      else 0 if self.groups[s.group].cards[card] else 2)
        segment.slots -= 1
        self._take(segment.group, card, prefer_known=True)

    def peek(self, cards: Sequence[Card]) -> None:
        """The top cards are seen and stay on top, in this order."""
        for card in cards:
            self.draw(card)
        self.segments[0:0] = [Segment(self._new_group(Counter([card])), 1) for card in cards]

    def deal(self, count: int) -> None:
        """``count`` cards off the top go face down onto the table."""
        for _ in range(count):
            top = self._top()
            if top is None:
                self._note("a deal found the Hand Deck model empty")
                return
            top.slots -= 1
            self.table[top.group] += 1

    def reveal(self, card: Card) -> None:
        """A face-down table card is turned up (or looked at)."""
        weights = {gid: places * self.chance(gid, card) for gid, places in self.table.items()
                   if places and self.holds(gid, card)}
        if not weights:
            self._note(f"{card} turned up on the table was not where the model expected it")
            here = max((gid for gid in self.table if self.table[gid]),
                       key=lambda gid: (self.table[gid], -gid), default=None)
            if here is not None:
                self.table[here] -= 1
            self._misplaced(card, here)
            return
        if len(weights) > 1:
            self._note(f"{card} on the table could come from two deals: taken as the likelier")
        group = max(weights, key=lambda gid: (weights[gid], -gid))
        self.table[group] -= 1
        self._take(group, card)

    def under(self, cards: Sequence[Card], unseen: int) -> None:
        """Cards go under the Hand Deck; ``unseen`` more come face down from the table."""
        batch = self._batch
        last = self.segments[-1] if self.segments else None
        if batch is None or last is None or last.group != batch or \
                last.slots != self.groups[batch].size:
            batch = self._new_group(Counter())
            self._batch = batch
            self.segments.append(Segment(batch, 0))
        segment = self.segments[-1]
        group = self.groups[batch]
        group.cards.update(cards)
        segment.slots += len(cards)
        for _ in range(unseen):
            dealt = sorted(gid for gid in self.table if gid != POOL and self.table[gid])
            if dealt:
                self._note("a face-down card put under may have been dealt from cards put "
                           "under before: taken as a never-seen one")
            if self.table[POOL] > 0:
                self.table[POOL] -= 1
            elif dealt:  # a face-down card of a known batch: it rejoins the pool
                self.table[dealt[0]] -= 1
                card = self._release(dealt[0])
                if card is not None:  # else one of its never-seen cards: a pool card already
                    self.pool[card] += 1
                    self._note("a face-down card dealt from cards put under went under again "
                               "unseen: treated as a never-seen card")
            else:
                self._note("a face-down card went under but the model has none on the table")
                continue
            group.unseen += 1
            segment.slots += 1

    def _release(self, gid: int) -> Card | None:
        """A place of group ``gid`` is lost to the model: the card likeliest there leaves the
        group (None: a never-seen card, or no card left)."""
        g = self.groups[gid]
        if g.unseen:
            g.unseen -= 1
            return None
        if not +g.cards:
            return None
        card = max(+g.cards, key=lambda c: (g.cards[c], c))
        g.cards[card] -= 1
        return card

    def _misplaced(self, card: Card, here: int | None) -> None:
        """``card`` turned up at a place of group ``here`` that cannot hold it (the place
        is used up already): the card the model had there takes the place where the
        model had ``card``, so every count stays right. ``here`` None: no place was
        left where the card turned up, so the place where the model had it is used up."""
        there = self._place(card, use=here is None)
        # None: a never-seen card
        moved = self._release(here) if here is not None and here != POOL else None
        if there is None:
            self._note(f"{card} is nowhere in the model: more copies entered than the decks "
                       "hold?")
            if here is not None and moved is None:
                self._release(POOL)  # a never-seen card is gone: the likeliest
            return
        self._take(there, card, prefer_known=True)
        if here is None:
            return
        if moved is not None:  # (the pool is the cards of the group POOL)
            self.groups[there].cards[moved] += 1
        elif there != POOL:  # a never-seen card: in the pool already
            self.groups[there].unseen += 1

    def _new_group(self, cards: Counter[Card]) -> int:
        gid = len(self.groups)  # no group is ever dropped: ids run on from POOL
        self.groups[gid] = Group(cards)
        return gid

    def _place(self, card: Card, use: bool) -> int | None:
        """The group of the first place that may hold ``card``, the Hand Deck from the
        top then the table (after a contradiction); ``use``: the place is used up."""
        for segment in self.segments:
            if segment.slots and self.holds(segment.group, card):
                segment.slots -= use
                return segment.group
        for gid in sorted(self.table):
            if self.table[gid] and self.holds(gid, card):
                self.table[gid] -= use
                return gid
        return None

    # -- in classes of cards -------------------------------------------------------
    def plan(self, classify: Callable[[Card], int], classes: int) -> Plan:
        """The Hand Deck from the top, with cards counted by class."""

        def counts(cards: Counter[Card]) -> Counts:
            found = [0] * classes
            for card, number in cards.items():
                if number > 0:
                    found[classify(card)] += number
            return tuple(found)

        groups = self.groups
        return Plan(counts(self.pool), tuple(
            PlanSegment(s.slots, (), s.slots) if s.group == POOL
            else PlanSegment(s.slots, counts(groups[s.group].cards), groups[s.group].unseen)
            for s in self.segments if s.slots))


def deck_model(game: HebracGame) -> DeckModel:
    model = DeckModel(full_deck(0) * game.setup.decks + [Card.joker()] * game.setup.jokers)
    for kind, cards, count in game.deck_log:
        model.apply(kind, cards, count)
    return model


# -- the Hand Deck in classes: draws without replacement ---------------------------------
class PlanSegment(Value, as_tuple=True):
    """A stretch of the Hand Deck: ``slots`` places drawn from a group, its known cards
    by class plus ``unseen`` pool cards, in unknown order (never-seen cards: none known,
    every place unseen)."""

    slots: int
    known: Counts
    unseen: int = 0


class Plan(Value, as_tuple=True):
    pool: Counts
    segments: tuple[PlanSegment, ...]

    @property
    def size(self) -> int:
        return sum(s.slots for s in self.segments)

    def start(self) -> DrawState:
        return DrawState(-1, 0, (), 0, self.pool)


class DrawState(Value, as_tuple=True):
    """Where the next draw comes from: segment, places left in it, what they hold."""

    segment: int  # which segment of the plan
    left: int
    known: Counts
    unseen: int
    pool: Counts


def _minus(counts: Counts, at: int) -> Counts:
    return counts[:at] + (counts[at] - 1,) + counts[at + 1:]


def _settle(plan: Plan, state: DrawState) -> DrawState | None:
    """Move to the next stretch when this one is used up; None when nothing is left."""
    index, left, known, unseen = state.segment, state.left, state.known, state.unseen
    while left == 0:
        if index + 1 >= len(plan.segments):
            return None
        index += 1
        segment = plan.segments[index]
        left, known, unseen = segment.slots, segment.known, segment.unseen
    return DrawState(index, left, known, unseen, state.pool)


def outcomes(plan: Plan, state: DrawState) -> list[tuple[int, Fraction, DrawState]]:
    """Each class the next card may be, with its chance and the state after it."""
    settled = _settle(plan, state)
    if settled is None:
        return []
    index, left, known, unseen, pool = (settled.segment, settled.left, settled.known,
                                        settled.unseen, settled.pool)
    in_pool = sum(pool)
    size = sum(known) + unseen
    found = [(at, Fraction(number, size), DrawState(index, left - 1, _minus(known, at),
                                                    unseen, pool))
             for at, number in enumerate(known) if number]
    if unseen and in_pool:  # a never-seen card mixed in: any pool card
        found += [(at, Fraction(unseen * number, size * in_pool), DrawState(
            index, left - 1, known, unseen - 1, _minus(pool, at)))
            for at, number in enumerate(pool) if number]
    return found


def chance_none(plan: Plan, draws: int, state: DrawState | None = None) -> Fraction:
    """The chance that no class-1 card is among the next ``draws`` (a two-class plan)."""
    @cache
    def none(now: DrawState, left: int) -> Fraction:
        found = outcomes(plan, now) if left else []
        if not found:  # no draw left, or the Hand Deck ran out
            return Fraction(1)
        return sum((p * none(after, left - 1) for at, p, after in found if at == 0),
                   Fraction(0))

    return none(state or plan.start(), draws)


# -- battles -------------------------------------------------------------------------------
ATTACK_VALUES = 10  # attack values 1..10 are classes 0..9


def attack_class(card: Card) -> int:
    return rules.attack_value(card) - 1


class Battle(Value, as_tuple=True):
    """A battle as it stands: the numbers every round's total and damage depend on."""

    enemy_life: int
    life: int
    bonus: int = 0  # bracelet and prisoners, every round
    potion: int = 0  # this round only
    super_strength: bool = False
    double_attack: bool = False  # this round takes two cards
    paralysis: int = 0  # rounds left that deal no damage
    no_damage: bool = False  # Anti-Magic against a magician: no round hurts

    def total(self, values: int, potion: int) -> int:
        """The attack total of cards whose attack values sum to ``values``."""
        return (2 if self.super_strength else 1) * values + self.bonus + potion

    def damage(self, total: int) -> int:
        """The life a losing round of this attack total takes."""
        return 0 if self.paralysis > 0 or self.no_damage else self.enemy_life - total

    def cost(self, value: int) -> int:
        """The life a later round (one card of this attack value, no potion) costs, before
        any Paralysis; 0: the card wins it."""
        return max(0, self.enemy_life - self.total(value, 0))


class RoundOdds(Value):
    win: Fraction
    expected_loss: Fraction
    death: Fraction
    values: dict[int, Fraction]  # the next card's attack value
    sums: dict[int, Fraction]  # the round's, see round_sums


def _first_round(plan: Plan, battle: Battle, state: DrawState) -> list[
        tuple[int, int, Fraction, DrawState]]:
    """(attack values summed, cards drawn, chance, state after) for the coming round."""
    rounds = []
    for first, p, after in outcomes(plan, state):
        second = outcomes(plan, after) if battle.double_attack else []
        if not second:  # one card, or the Hand Deck ran out after it
            rounds.append((first + 1, 1, p, after))
        rounds += [(first + other + 2, 2, p * q, final) for other, q, final in second]
    return rounds


def round_sums(plan: Plan, battle: Battle) -> dict[int, Fraction]:
    """The coming round's attack values summed (two cards under Double Attack), with
    their chances. Only ``battle.double_attack`` matters here: the same sums serve every
    life, bonus and potion."""
    sums: dict[int, Fraction] = {}
    for summed, _cards, p, _after in _first_round(plan, battle, plan.start()):
        sums[summed] = sums.get(summed, Fraction(0)) + p
    return sums


def round_odds(plan: Plan, battle: Battle, sums: dict[int, Fraction] | None = None) -> RoundOdds:
    """The coming round: chance to win it, life lost on average, chance to die in it
    (``sums``: its ``round_sums`` when known already)."""
    sums = round_sums(plan, battle) if sums is None else sums
    win = loss = death = Fraction(0)
    for summed, p in sums.items():
        total = battle.total(summed, battle.potion)
        if total >= battle.enemy_life:
            win += p
            continue
        loss += p * battle.damage(total)
        if battle.damage(total) >= battle.life:
            death += p
    # the next card's value: the sum of a round of one card
    values = round_sums(plan, battle._replace(double_attack=False)) if battle.double_attack \
        else sums
    return RoundOdds(win, loss, death, dict(sorted(values.items())), sums)


def battle_chance(plan: Plan, battle: Battle) -> Fraction:
    """The chance to win the battle before dying, attacking every round (exact).

    Should the Hand Deck run out mid-battle, every card drawn in it lost, and
    they are what comes back: the battle is lost then, whatever their order.
    """
    if battle.no_damage:
        return _never_hurt(plan, battle)
    # The most cards the battle can take once rounds are one card with no potion: the
    # winner, the rounds under Paralysis, and losers until the life is gone.
    least_cost = min(filter(None, map(battle.cost, range(1, ATTACK_VALUES + 1))), default=0)

    tables: dict[Counts, LoserTable] = {}  # by pool: later rounds only differ in life

    def table(pool: Counts, life: int) -> LoserTable:
        """The closed form for ``pool`` at ``life`` or less: the table of the pool with one
        more of a card drawn, less that card (one division a pool, however many cards are
        drawn). Made first no wider than the life asked (later rounds have less); asked
        for more, made again as wide as the battle's life."""
        found = tables.get(pool)
        if found is None or found.width < life:
            width = life if found is None else battle.life  # widened once at most
            if pool == plan.pool:
                found = LoserTable(plan.pool, battle, width)
            else:
                at = next(at for at, left in enumerate(pool) if left < plan.pool[at])
                found = table(pool[:at] + (pool[at] + 1,) + pool[at + 1:], width).without(
                    at, width)
            tables[pool] = found
        return found

    @cache
    def chance(state: DrawState, life: int, para: int, double: bool, potion: int) -> Fraction:
        shaped = Battle(battle.enemy_life, life, battle.bonus, potion, battle.super_strength,
                        double, para, battle.no_damage)
        settled = _settle(plan, state)
        if potion == 0 and not double and settled is not None and not any(settled.known) \
                and settled.left >= 1 + para + (-(-life // least_cost) if least_cost else 0):
            # the rest is all never-seen cards, one a round: counted in closed form
            found = table(settled.pool, life).chance(life, para)
        else:  # through every stretch of the Hand Deck, a round at a time
            found = Fraction(0)
            for summed, _cards, p, after in _first_round(plan, shaped, state):
                total = shaped.total(summed, potion)
                if total >= shaped.enemy_life:
                    found += p
                elif shaped.damage(total) < life:
                    found += p * chance(after, life - shaped.damage(total), max(0, para - 1),
                                        False, 0)
        return found

    return chance(plan.start(), battle.life, battle.paralysis, battle.double_attack,
                  battle.potion)


class LoserTable:
    """Sets of losing cards counted by size and cost: the closed form of single-card rounds.

    The battle is won before dying exactly when the losing cards drawn before
    the first winning card cost less than the life left (rounds under
    Paralysis cost nothing). Every set of k losers is equally likely to be the
    ones before the first winner, so P = sum over k of (sets of k losers that
    cost less than the life) * k! * W * (n - k - 1)! / n!, with n cards and W
    winners. ``ways[q][d]`` counts the sets of q losers costing d (d below the
    life); it is the generating function prod (1 + x y^cost) over the losing
    cards, so taking drawn cards out is a division.
    """

    def __init__(self, pool: Counts, battle: Battle, width: int,
                 ways: list[list[int]] | None = None) -> None:
        self.pool = pool
        self.n = sum(pool)
        self.costs = tuple(battle.cost(at + 1) for at in range(len(pool)))
        self.winners = sum(c for at, c in enumerate(pool) if not self.costs[at])
        self.losers = self.n - self.winners
        self.width = width  # the sets costing less than this: the most life asked
        self.battle = battle
        self.ways = ways if ways is not None else self._count()

    def _count(self) -> list[list[int]]:
        width = self.width
        # every loser costs at least 1, so fewer than ``width`` of them fit
        ways = [[0] * width for _ in range(min(self.losers, width - 1) + 1)]
        ways[0][0] = 1
        reached = 0
        for at, copies in enumerate(self.pool):
            cost = self.costs[at]
            if not copies or not cost:
                continue
            for q in range(min(reached, len(ways) - 1), -1, -1):  # downwards: once per set
                row = ways[q]
                for d in range(width - 1, -1, -1):
                    here = row[d]
                    if not here:
                        continue
                    for j in range(1, copies + 1):
                        spent = d + j * cost
                        if spent >= width:
                            break
                        ways[q + j][spent] += here * comb(copies, j)
            reached += copies
        return ways

    def without(self, at: int, width: int) -> LoserTable:
        """The table once a losing card of class ``at`` is gone, ``width`` wide (at most
        this table's): divide by (1 + x y^cost), exact in every cell kept."""
        ways = [row[:width] for row in self.ways[:width]]
        cost = self.costs[at]
        for q in range(1, len(ways)):
            upper, lower = ways[q], ways[q - 1]
            for d in range(cost, width):
                upper[d] -= lower[d - cost]
        return LoserTable(_minus(self.pool, at), self.battle, width, ways)

    def chance(self, life: int, free: int) -> Fraction:
        """Win before dying with ``life`` left, the first ``free`` rounds costing nothing."""
        n, winners, losers = self.n, self.winners, self.losers
        if winners == 0:
            return Fraction(0)
        life = min(life, self.width)
        total = 0
        for k in range(min(free, losers + 1)):  # won within the rounds that cost nothing
            total += comb(losers, k) * factorial(k) * factorial(n - k - 1)
        for q in range(min(losers - free + 1, len(self.ways)) if losers >= free else 0):
            sets = sum(self.ways[q][:life])
            if sets:
                k = q + free
                total += sets * comb(losers - q, free) * factorial(free) * factorial(q) * \
                    factorial(n - k - 1)
        return Fraction(total * winners, factorial(n))


def _never_hurt(plan: Plan, battle: Battle) -> Fraction:
    """No round can hurt (Anti-Magic against a magician): won unless no card ever wins.

    The battle is won when the coming round wins, or when any card left in the
    Hand Deck wins alone (the losing cards drawn before it come back as losers).
    """
    wins = [not battle.cost(value) for value in range(1, ATTACK_VALUES + 1)]

    def fold(counts: Counts) -> Counts:  # two classes: losers, winners
        won = sum(number for number, winner in zip(counts, wins, strict=False) if winner)
        return (sum(counts) - won, won)

    def folded(state: DrawState) -> DrawState:
        return state._replace(known=fold(state.known), pool=fold(state.pool))

    two_class = Plan(fold(plan.pool), tuple(s._replace(known=fold(s.known))
                                            for s in plan.segments))
    found = Fraction(0)
    for values, cards, p, after in _first_round(plan, battle, plan.start()):
        if battle.total(values, battle.potion) >= battle.enemy_life:
            found += p
        else:
            found += p * (1 - chance_none(two_class, plan.size - cards, folded(after)))
    return found


# -- what a card is, for --next ------------------------------------------------------------
def _is(suit: str, pips: bool = False) -> Callable[[Card], bool]:
    """Cards of ``suit``; with ``pips`` only its 2-10 (the potions and gems)."""
    return lambda c: c.suit == suit and (c.is_pip or not pips)


KINDS: dict[str, tuple[str, Callable[[Card], bool]]] = {
    "joker": ("jokers", lambda c: c.is_joker),
    "ace": ("aces", lambda c: c.rank == 1),
    "king": ("kings", lambda c: c.rank == 13),
    "queen": ("queens", lambda c: c.rank == 12),
    "jack": ("jacks", lambda c: c.rank == 11),
    "face": ("faces (J, Q, K)", lambda c: c.rank >= 11),
    "pip": ("pips (2-10)", lambda c: c.is_pip),
    "ten": ("cards worth 10 in attack", lambda c: rules.attack_value(c) == 10),
    "red": ("red cards", lambda c: c.is_red),
    "black": ("black cards", lambda c: c.is_black),
    "hearts": ("hearts", _is("H")),
    "spades": ("spades", _is("S")),
    "diamonds": ("diamonds", _is("D")),
    "clubs": ("clubs", _is("C")),
    "life-potion": ("life potions (hearts 2-10)", _is("H", pips=True)),
    "strength-potion": ("strength potions (spades 2-10)", _is("S", pips=True)),
    "magic-potion": ("magic potions (clubs 2-10)", _is("C", pips=True)),
    "gem": ("gems (diamonds 2-10)", _is("D", pips=True)),
}
DEFAULT_KINDS = ("ace", "joker", "king", "queen")


def find_kind(text: str) -> str:
    key = "-".join(text.lower().replace("_", " ").replace("-", " ").split())
    for each in (key, key.removesuffix("s"), key + "s"):  # "aces", "heart", "life potions"
        if each in KINDS:
            return each
    raise BadInput(f"{text!r} is not a kind of card: expected one of {', '.join(KINDS)}")


def chance_among_next(model: DeckModel, draws: int, match: Callable[[Card], bool]) -> Fraction:
    """The chance that a matching card is among the next ``draws`` off the top."""
    plan = model.plan(lambda c: 1 if match(c) else 0, 2)
    return 1 - chance_none(plan, min(draws, plan.size))


# -- advice ----------------------------------------------------------------------------------
JACK_THEFT_RANK = 19.5  # ruling: a prisoner is worth about an 8 (after 8S in the theft order)


def offer_worth(card: Card) -> tuple[float, int]:
    """How much giving ``card`` away costs: theft order first, then face value."""
    rank = rules.theft_rank(card)
    theft = JACK_THEFT_RANK if rank is None else float(rank)
    return (-theft, card.rank)


def least_offer(inventory: Sequence[Card], want: Card,
                ace_value: int | None = None) -> tuple[Card, ...] | None:
    """The trade offer that gives up the least, None when nothing reaches the value.

    Offers are compared by their most valuable card (theft order, then face
    value), then the next, and so on: the greedy choice below finds the best.
    """
    value = rules.trade_value(want)
    if value is None:
        return None
    cards = sorted(inventory, key=offer_worth)  # least valuable first
    values = [rules.offer_value(c, ace_value) for c in cards]
    chosen: list[Card] = []
    need = value
    end = len(cards)
    while need > 0:  # the least card that, with every card below it, reaches the need
        at = next((at for at, running in enumerate(accumulate(values[:end]))
                   if running >= need), None)
        if at is None:
            return None
        chosen.append(cards[at])
        need -= values[at]
        end = at
    return tuple(chosen)


# -- the report --------------------------------------------------------------------------------
def change(before: Fraction, after: Fraction) -> str:
    """A chance before and after, and the change in points: '43.8% -> 72.6% (+28.8)'."""
    return f"{percent(before)} -> {percent(after)} ({round(float(after - before) * 100, 1):+.1f})"


def exact(p: Fraction) -> dict[str, object]:
    """A chance for --json: rounded, and exact as a fraction."""
    return {"chance": round(float(p), 6), "exact": str(p)}


class Report(Record):
    """What ``companion hebrac odds`` prints: numbered facts with their assumptions, and
    the document ``--json`` prints after the game's name."""

    __slots__ = ("title", "items", "assumptions", "data", "advice")

    def __init__(self) -> None:
        self.title: list[str] = []
        self.items: list[tuple[str, tuple[str, ...]]] = []
        self.assumptions: dict[str, str] = {}
        self.advice: list[dict[str, object]] = []  # a table per advice, its keys by its kind
        self.data: dict[str, object] = {}

    def add(self, text: str, *assumes: str) -> None:
        self.items.append((text, assumes))

    def advise(self, text: str, row: dict[str, object], *assumes: str) -> None:
        """An advice: its line and its row for --json, both with what it assumes."""
        self.add(text, *assumes)
        self.advice.append({**row, "assumes": list(assumes)} if assumes else row)

    def lines(self, width: int, assumptions: bool) -> list[str]:
        """The report. Without ``assumptions`` the figures and advice go without their
        letters ([D,B,K]), which mean nothing until read beside what they stand for
        ('--assumptions' shows both); an approximation is said in words, since it
        changes how far a figure can be trusted."""
        out = [line for text in self.title for line in wrap(text, width)]
        for text, assumes in self.items:
            tag = f" [{','.join(assumes)}]" if assumes and assumptions else ""
            out += wrap(text + tag, width)
        if assumptions and self.assumptions:
            out.append("Assumes:")
            for key, text in self.assumptions.items():
                out += wrap(f" {key}: {text}", width, indent="   ")
        elif self.assumptions:
            if "X" in self.assumptions:
                text = self.assumptions["X"]
                out += wrap(text[:1].upper() + text[1:] + ".", width)
            out += wrap("Assumptions: see 'odds --assumptions'.", width)
        return out


def deck_assumption(model: DeckModel) -> str:
    """What the next cards are taken to be, in a sentence."""
    if not model.deck_size:
        return "the Hand Deck is empty"
    pool = model.pool_size
    where = [f"{number} {text}" for number, text in (
        (model.table[POOL], "lie face down on the table"),
        (model.unseen_under(), "went under unseen")) if number]
    among = f" ({', '.join(where)})" if where else ""
    peeked = model.peeked()
    lead = f"first the {' '.join(map(str, peeked))} you peeked at; then " if peeked else ""
    order = "in the order entered, one action's cards in any order"
    if model.deck_slots(POOL):
        return (f"{lead}next card: any of the {pool} cards not seen yet, equally likely"
                f"{among}; cards put under come back after the Hand Deck's "
                f"{model.deck_slots(POOL)} unseen ones, {order}")
    return (f"{lead}the Hand Deck's unseen cards are used up: cards put under come back "
            f"{order}" + (f"; one put under unseen is any of the {pool} not seen yet"
                          if model.unseen_under() else ""))


def odds_report(game: HebracGame, *, next_cards: int | None = None, card: str | None = None,
                kind: str | None = None, potion: str | None = None,
                prisoners: Sequence[str] = ()) -> Report:
    """Everything ``odds`` says about a game, in text and JSON form."""
    if next_cards is not None and not 1 <= next_cards <= 500:
        raise BadInput("--next must be a whole number from 1 to 500")
    if card is not None and kind is not None:
        raise BadInput("give --card or --kind, not both")
    wanted = Card.parse(card) if card is not None else None
    kind_key = find_kind(kind) if kind is not None else None
    model = deck_model(game)
    report = Report()
    report.assumptions["D"] = deck_assumption(model)
    report.data = {"deck": {"hand_deck": model.deck_size, "not_seen": model.pool_size,
                            "not_seen_in_hand_deck": model.deck_slots(POOL),
                            "face_down_not_seen": model.table[POOL],
                            "under_unseen": model.unseen_under(),
                            "peeked": [str(c) for c in model.peeked()]},
                   "battle": None, "next": None, "advice": report.advice}
    encounter = game.encounter
    fighting = encounter is not None and rules.is_fighter(encounter.enemy) and (
        encounter.stage in ("battle", "adventurer")
        or (encounter.stage == "trading" and game.setup.evil))
    if (potion or prisoners) and not fighting:
        raise BadInput("--potion and --prisoner need a battle under way")
    if fighting and game.outcome == "playing":
        _battle_report(game, model, report, potion, prisoners)
    elif game.outcome == "dead" and _late_rows(game):
        report.title.append("You are dead: a late potion can undo it.")
        report.add("Advice:")
        _late_advice(game, report)
    else:
        report.title.append("No battle under way." if game.outcome == "playing"
                            else f"The game is over ({game.outcome}).")
    if encounter is not None and encounter.stage == "trading" and encounter.treasure:
        _trade_advice(game, encounter.treasure, report)
    _next_report(model, report, next_cards, wanted, kind_key, show_default=not fighting)
    report.data["assumptions"] = dict(report.assumptions)
    report.data["notes"] = list(model.notes)
    if model.notes:
        report.assumptions["X"] = "approximate: " + "; ".join(model.notes)
        report.items = [(text, (*assumes, "X") if "D" in assumes else assumes)
                        for text, assumes in report.items]
    return report


def _next_report(model: DeckModel, report: Report, next_cards: int | None, wanted: Card | None,
                 kind_key: str | None, show_default: bool) -> None:
    if next_cards is None and wanted is None and kind_key is None and not show_default:
        return
    draws = next_cards or 1
    size = model.deck_size
    report.assumptions["N"] = "every card off the top counts: attacks, draws, new-level deals"
    if draws > size:
        report.add(f"The Hand Deck holds {size} cards: counting {size}.", "D")
        draws = size
    asks = [(str(wanted), wanted.__eq__)] if wanted is not None else \
        [KINDS[k] for k in ([kind_key] if kind_key else DEFAULT_KINDS)]
    report.add("Next card:" if draws == 1 else f"Among the next {draws} cards:")
    rows = []
    for name, match in asks:
        p = chance_among_next(model, draws, match)
        report.add(f" {name}: {percent(p)}", "D", "N")
        rows.append({"what": name, **exact(p)})
    report.data["next"] = {"cards": draws, "chances": rows, "assumes": ["D", "N"]}


def _battle_setup(game: HebracGame, potion: int, extra_prisoners: int) -> Battle:
    encounter = game.encounter
    assert encounter is not None
    bonus = rules.round_bonus(game.holds("AS"), len(encounter.prisoners) + extra_prisoners)
    return Battle(rules.enemy_life(encounter.enemy, "curse" in game.effects), game.life, bonus,
                  potion, encounter.super_strength, encounter.double_attack,
                  encounter.paralysis, situation.anti_magic_shields(game, encounter.enemy))


def _held(game: HebracGame, text: str, what: str, check: Callable[[Card], bool]) -> Card:
    card = Card.parse(text)
    if not check(card):
        raise BadInput(f"{card} is not a {what}")
    if card not in game.inventory:
        raise BadInput(f"{card} is not in your inventory")
    return card


def _battle_report(game: HebracGame, model: DeckModel, report: Report, potion_text: str | None,
                   prisoner_texts: Sequence[str]) -> None:
    encounter = game.encounter
    assert encounter is not None
    potion_card = _held(game, potion_text, "strength potion (spades 2-10)",
                        _is("S", pips=True)) if potion_text else None
    called = [_held(game, t, "prisoner (a jack)", lambda c: c.rank == 11)
              for t in prisoner_texts]
    if len(called) > sum(1 for c in game.inventory if c.rank == 11):
        raise BadInput("more prisoners called than you hold")
    potion = potion_card.rank if potion_card else 0
    battle = _battle_setup(game, potion, len(called))
    plan = model.plan(attack_class, ATTACK_VALUES)
    now = round_odds(plan, battle)
    whole = battle_chance(plan, battle)
    kind = rules.enemy_kind(encounter.enemy)
    cursed = " (cursed)" if "curse" in game.effects else ""
    report.title += [f"Battle: {encounter.enemy} {kind}, life {battle.enemy_life}{cursed}"
                     + (" (if you attack)" if encounter.stage != "battle" else ""),
                     f"You: life {game.life}, round {encounter.rounds + 1}"]
    report.assumptions["B"] = _bonus_assumption(game, battle, potion_card,
                                                len(encounter.prisoners) + len(called))
    report.assumptions["K"] = ("you attack every round until you win or die, with no more "
                               "potions, prisoners or spells")
    report.add("Next card's attack value:", "D")
    cells = [f"{v}:{percent(p)}" for v, p in now.values.items()]
    for start in range(0, len(cells), 4):
        report.add(" " + "  ".join(cells[start:start + 4]))
    report.add(f"Win this round: {percent(now.win)}", "D", "B")
    loss = float(now.expected_loss)
    report.add(f"Life lost this round: {loss:.2f} avg", "D", "B")
    if now.death:
        report.add(f"Die this round: {percent(now.death)}", "D", "B")
    report.add(f"Win the battle: {percent(whole)}", "D", "B", "K")
    report.data["battle"] = {
        "enemy": str(encounter.enemy), "kind": kind, **battle._asdict(),
        "next_value": {str(v): exact(p) for v, p in now.values.items()},
        "round_win": {**exact(now.win), "assumes": ["D", "B"]},
        "round_expected_loss": {"value": round(loss, 6), "exact": str(now.expected_loss),
                                "assumes": ["D", "B"]},
        "round_death": {**exact(now.death), "assumes": ["D", "B"]},
        "battle_win": {**exact(whole), "assumes": ["D", "B", "K"]},
    }
    report.add("Advice:")
    _late_advice(game, report)
    _survival_advice(game, plan, battle, now, potion_card, called, report)
    _potion_advice(game, plan, battle, now.win, whole, potion_card, report)
    _choice_advice(game, plan, battle, whole, called, report)


def _bonus_assumption(game: HebracGame, battle: Battle, potion: Card | None,
                      prisoners: int) -> str:
    bonus = rules.table()["battle"]
    parts = [f"bracelet +{bonus['bracelet_bonus']}" if game.holds("AS") else "no bracelet",
             f"{prisoners} prisoner{'s' if prisoners != 1 else ''} "
             f"+{int(bonus['prisoner_bonus']) * prisoners}" if prisoners else "no prisoners",
             f"potion {potion} +{potion.rank} this round" if potion else "no potion"]
    rounds = f"{battle.paralysis} round{'s' if battle.paralysis > 1 else ''}"
    parts += [text for on, text in (
        (battle.super_strength, "Super Strength (cards x2)"),
        (battle.double_attack, "Double Attack (two cards this round)"),
        (battle.paralysis, f"Paralysis ({rounds} without damage)"),
        ("curse" in game.effects, "Curse (enemy life halved)"),
        (battle.no_damage, "Anti-Magic (the magician cannot hurt you)")) if on]
    return "as it stands: " + ", ".join(parts)


def _potion_advice(game: HebracGame, plan: Plan, battle: Battle, round_win: Fraction,
                   whole: Fraction, chosen: Card | None, report: Report) -> None:
    potions = [chosen] if chosen else _potions(game, "S")
    if not potions:
        return
    base = battle._replace(potion=0)  # a potion chosen is counted without it here
    base_round, base_whole = (round_odds(plan, base).win, battle_chance(plan, base)) \
        if chosen else (round_win, whole)
    rows = []
    for card in potions:
        drunk = base._replace(potion=card.rank)
        rows.append((card, round_odds(plan, drunk).win, battle_chance(plan, drunk)))
        report.advice.append({
            "advice": "potion", "card": str(card),
            "round_without": exact(base_round), "round_with": exact(rows[-1][1]),
            "battle_without": exact(base_whole), "battle_with": exact(rows[-1][2]),
            "assumes": ["D", "B", "K"]})
    card, with_round, with_whole = max(rows, key=lambda row: row[1])  # the first best
    if with_round <= base_round:
        report.add(f" Keep your potion{'s' if len(potions) > 1 else ''}: no gain this round "
                   f"({percent(base_round)})", "D", "B")
        return
    when = "late" if game.setup.late_potions else "now"  # late: only if the card loses
    report.add(f" Potion {card} {when}: round {change(base_round, with_round)}; battle "
               f"{change(base_whole, with_whole)}", "D", "B", "K")


def _potions(game: HebracGame, suit: str) -> list[Card]:
    """The potions of ``suit`` held (hearts: life, spades: strength), each card once."""
    return sorted(set(filter(_is(suit, pips=True), game.inventory)))


def _waiting(game: HebracGame, called: Sequence[Card]) -> list[Card]:
    """The prisoners held and not called into this round yet."""
    waiting = [c for c in game.inventory if c.rank == 11]
    for card in called:
        waiting.remove(card)
    return waiting


def _called(battle: Battle) -> Battle:
    return battle._replace(bonus=battle.bonus + rules.round_bonus(False, 1))


# -- cards in hand against dying this round ---------------------------------------------------
SURVIVAL_ORDER = ("life-potion", "strength-potion", "prisoner")


class Saving(Value):
    """A card held that lowers the chance of dying in the coming round, used alone.

    ``when`` is "first" (before the attack card is turned: a life potion drunk
    with 'use', a strength potion or a prisoner with 'attack --potion/--prisoner')
    or "late" (a strength potion drunk after a losing card, the late-potions
    variant: the same chance, and the potion is kept when the card wins).
    """

    kind: str
    card: Card
    when: str
    death: Fraction  # the chance of dying this round once the card is used

    def line(self, before: Fraction) -> str:
        """One line, at most 40 columns: '  drink 7H first: death 30.0% -> 0%'."""
        verb = "call" if self.kind == "prisoner" else "drink"
        return (f"  {verb} {self.card} {self.when}: death {percent(before)} -> "
                f"{percent(self.death)}")


def under_plan(plan: Plan, cards: Sequence[Card]) -> Plan:
    """The attack plan once ``cards`` go under the Hand Deck in an action of their own
    (a life potion drunk): a new batch after everything else, as ``DeckModel.under``."""
    known = [0] * len(plan.pool)
    for card in cards:
        known[attack_class(card)] += 1
    return plan._replace(segments=(*plan.segments, PlanSegment(len(cards), tuple(known))))


def saving_cards(game: HebracGame, plan: Plan, battle: Battle, now: RoundOdds,
                 potion: Card | None = None, called: Sequence[Card] = ()) -> list[Saving]:
    """Each card held that lowers the chance of dying in the coming round (``now``:
    ``round_odds(plan, battle)``), the round counted again with the card used: a life
    potion heals up to the maximum life and goes under the Hand Deck, a strength potion
    adds its number (none when ``potion`` is drunk already), a prisoner his bonus (one
    line for the jacks held: they all count the same). Best first; at a tie the least
    card."""
    death, sums = now.death, now.sums
    if not death:
        return []
    late = "late" if game.setup.late_potions else "first"
    uses = [("life-potion", card, "first", battle._replace(
        life=min(game.max_life, battle.life + card.rank)))
        for card in _potions(game, "H") if game.max_life > battle.life]
    uses += [("strength-potion", card, late, battle._replace(potion=card.rank))
             for card in (_potions(game, "S") if potion is None else [])]
    uses += [("prisoner", card, "first", _called(battle)) for card in _waiting(game, called)[:1]]
    # A card put under is out of this round's reach unless the Hand Deck runs out in it.
    drawn = plan.size >= (2 if battle.double_attack else 1)
    found = [Saving(kind, card, when, round_odds(plan, used, sums).death
                    if kind != "life-potion" or drawn
                    else round_odds(under_plan(plan, [card]), used).death)
             for kind, card, when, used in uses]
    return sorted((s for s in found if s.death < death),
                  key=lambda s: (s.death, SURVIVAL_ORDER.index(s.kind), s.card))


def _survival_advice(game: HebracGame, plan: Plan, battle: Battle, now: RoundOdds,
                     potion: Card | None, called: Sequence[Card], report: Report) -> None:
    saving = saving_cards(game, plan, battle, now, potion, called)
    if not saving:
        return
    death = now.death
    report.assumptions["S"] = (
        "each card used alone, before the attack card is turned"
        + (" (late: a strength potion drunk only if the card loses); at 0 life only a late "
           "potion still changes the round" if game.setup.late_potions
           else "; at 0 life the game stops at once")
        + " (hebrac.game.end)")
    report.add(" Against dying this round:", "D", "B", "S")
    for row in saving:
        report.add(row.line(death))
        report.advice.append({
            "advice": "survive", "kind": row.kind, "card": str(row.card), "when": row.when,
            "death_without": exact(death), "death_with": exact(row.death),
            "assumes": ["D", "B", "S"]})


# -- the round just lost, under the late-potions variant -------------------------------------
def _late_rows(game: HebracGame) -> list[tuple[Card, int, bool]]:
    """What each strength potion held would do to the round just lost ('potion CARD'):
    the life it leaves, and whether the battle is won. The engine settles it on a copy
    of the game, so the advice is its ruling (hebrac.ruling.late-potions). Only potions
    that help: more life left (alive again, when the round killed you) or the battle won.
    """
    if not situation.late_potion_open(game):
        return []
    import pickle  # only here: the odds command's start-up does not pay for it

    rows = []
    for card in _potions(game, "S"):
        drunk = pickle.loads(pickle.dumps(game, pickle.HIGHEST_PROTOCOL))  # noqa: S301
        drunk.apply(f"potion {card}")
        last = drunk.encounter.last_round if drunk.encounter else None
        won = last is not None and last.total >= last.enemy_life
        if (drunk.life > game.life or won) and drunk.life > 0:
            rows.append((card, drunk.life, won))
    return rows


def _late_advice(game: HebracGame, report: Report) -> None:
    rows = _late_rows(game)
    if not rows:
        return
    report.add(" The lost round, with a late potion:")
    for card, life, won in rows:
        report.advise(f"  drink {card}: " + (f"battle won, life {life}" if won
                                             else f"life {game.life} -> {life}"),
                      {"advice": "late-potion", "card": str(card), "life_before": game.life,
                       "life_after": life, "battle_won": won})


def _battle_gain(report: Report, label: str, plan: Plan, changed: Battle, whole: Fraction,
                 row: dict[str, object]) -> None:
    """A choice that changes the whole battle: its line and its row for --json."""
    after = battle_chance(plan, changed)
    report.advise(f" {label}: battle {change(whole, after)}",
                  {**row, "battle_without": exact(whole), "battle_with": exact(after)},
                  "D", "B", "K")


# Each spell that changes the battle: what it sets, and what makes it useless.
BATTLE_SPELLS = {"paralysis": ("paralysis", "no_damage"),
                 "super-strength": ("super_strength", "super_strength"),
                 "double-attack": ("double_attack", "double_attack")}


def _choice_advice(game: HebracGame, plan: Plan, battle: Battle, whole: Fraction,
                   called: Sequence[Card], report: Report) -> None:
    """A prisoner called, each battle spell cast: the whole battle with it."""
    waiting = _waiting(game, called)
    if waiting:
        _battle_gain(report, f"Call prisoner {waiting[0]}", plan, _called(battle), whole,
                     {"advice": "prisoner", "card": str(waiting[0])})
    encounter = game.encounter
    assert encounter is not None
    if encounter.spell_cast:
        report.add(" No spell: one is cast in this battle already")
        return
    potions = [c for c in game.inventory if rules.is_magic_potion(c)]
    paralysis_rounds = int(rules.table()["battle"]["paralysis_rounds"])
    costly = []
    for spell_id, (field, useless) in BATTLE_SPELLS.items():
        spell = rules.spells()[spell_id]
        if getattr(battle, useless) or not game.can_cast(spell)[0]:
            continue
        payment = rules.cheapest_payment(potions, spell.cost, game.scepter)
        if payment is None:
            costly.append(f"{spell.name} {spell.cost}")
            report.advice.append({"advice": "spell", "spell": spell_id,
                                          "cost": spell.cost, "payment": None})
            continue
        cast = battle._replace(**{field: paralysis_rounds if field == "paralysis" else True})
        _battle_gain(report, f"{spell.name} (pay {' '.join(map(str, payment))})", plan, cast,
                     whole, {"advice": "spell", "spell": spell_id, "cost": spell.cost,
                             "payment": [str(c) for c in payment]})
    if costly:
        report.add(f" Spells out of reach with {game.magic_points} magic: {', '.join(costly)}")


def _trade_advice(game: HebracGame, want: Card, report: Report) -> None:
    value = rules.trade_value(want)
    report.add("Trade:")
    if value is None:
        report.add(f" {want} cannot be traded for: refuse")
        return
    row = {"advice": "trade", "want": str(want), "value": value}
    if game.holds("AD"):
        report.advise(f" The Bag of Meres pays for {want}: offer nothing",
                      {**row, "offer": [], "bag": True})
        return
    offer = least_offer(game.inventory, want, game.setup.ace_offer_value)
    if offer is None:
        report.advise(f" No offer reaches {value}: refuse", {**row, "offer": None})
        return
    total = sum(rules.offer_value(c, game.setup.ace_offer_value) for c in offer)
    report.assumptions["T"] = ("giving up least means the most valuable card given is as low "
                               "as can be in the priestess's theft order, then the next; "
                               "a jack counts just after 8S (ruling)")
    report.advise(f" Offer {' '.join(map(str, offer))} ({total} for {value}): gives up the "
                  "least", {**row, "offer": [str(c) for c in offer], "offered": total}, "T")

