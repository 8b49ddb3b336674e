"""Hebrac's Dungeon odds, the model: the Hand Deck and battles, as exact fractions.

``companion.hebrac.odds`` builds its answers and advice on these.

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
from math import comb, factorial
from typing import TYPE_CHECKING

from companion.cards import Card, full_deck
from companion.hebrac import rules
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

    def __init__(self, cards: Counter[Card] | None = None, unseen: int = 0) -> None:
        self.cards: Counter[Card] = Counter() if cards is None else cards
        self.unseen = unseen

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
        self.total = sum(everything.values())
        self.groups: dict[int, Group] = {POOL: Group(everything)}
        self.segments: list[Segment] = [Segment(POOL, self.total)]
        self.table: Counter[int] = Counter()  # face-down table places, by group
        self.notes: list[str] = []
        self._batch: int | None = None  # the batch the current action puts cards under
        self._next_id = POOL + 1

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

    def unseen_in_deck(self) -> int:
        """Never-seen cards of the original Hand Deck still in it."""
        return self.deck_slots(POOL)

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

    def top_group(self) -> int | None:
        for segment in self.segments:
            if segment.slots:
                return segment.group
        return None

    def chance(self, group: int, card: Card) -> Fraction:
        """The chance that a place of ``group`` holds ``card``."""
        g = self.groups[group]
        if g.size == 0:
            return Fraction(0)
        if group == POOL:
            return Fraction(g.cards[card], g.size)
        known = Fraction(g.cards[card], g.size)
        if g.unseen and self.pool_size:
            known += Fraction(g.unseen, g.size) * Fraction(self.pool[card], self.pool_size)
        return known

    # -- replay ------------------------------------------------------------------
    def apply(self, kind: str, cards: Sequence[Card], count: int) -> None:
        """One ``deck_log`` event of the engine."""
        if kind == "action":
            self._batch = None
        elif kind == "deal":
            self.deal(count)
        elif kind == "under":
            self.under(cards, count)
        elif kind == "draw":
            for card in cards:
                self.draw(card)
        elif kind == "pick":
            for card in cards:
                self.pick(card)
        elif kind == "peek":
            self.peek(cards)
        elif kind == "table":
            for card in cards:
                self.reveal(card)
        else:  # pragma: no cover - the engine logs only the kinds above
            raise ValueError(kind)

    def _note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    def _possible(self, group: int, card: Card) -> bool:
        g = self.groups[group]
        return g.cards[card] > 0 or (group != POOL and g.unseen > 0 and self.pool[card] > 0)

    def _take(self, group: int, card: Card, prefer_known: bool = False) -> None:
        """Take ``card`` out of ``group`` (its place is taken by the caller)."""
        g = self.groups[group]
        if group == POOL:
            g.cards[card] -= 1
            return
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
        if top is not None and self._possible(top.group, card):
            top.slots -= 1
            self._take(top.group, card)
            return
        self._note(f"{card} off the top was not where the model expected it: cards may have "
                   "gone under in another order than entered")
        if top is None:
            self._remove_anywhere(card)
            return
        segment = top

        def use_top() -> None:
            segment.slots -= 1

        self._swap(card, top.group, use_top)

    def pick(self, card: Card) -> None:
        """``card`` is chosen from anywhere in the Hand Deck (Hebrac's prize)."""
        live = [s for s in self.segments if s.slots]
        batches = [s for s in live if s.group != POOL and self.groups[s.group].cards[card]]
        pool = [s for s in live if s.group == POOL and self.pool[card]]
        mixed = [s for s in live if s.group != POOL and self.groups[s.group].unseen
                 and self.pool[card]]
        self._note(f"you looked through the Hand Deck to pick {card}: what you saw there is "
                   "not known to the odds")
        for segment in batches + pool + mixed:
            segment.slots -= 1
            self._take(segment.group, card, prefer_known=True)
            return
        self._note(f"{card} was picked but the model has no such card in the Hand Deck")
        self._remove_anywhere(card)

    def peek(self, cards: Sequence[Card]) -> None:
        """The top cards are seen and stay on top, in this order."""
        known = []
        for card in cards:
            self.draw(card)
            known.append(self._new_group(Counter([card])))
        self.segments[0:0] = [Segment(gid, 1) for gid in known]

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
        weights = {gid: self.table[gid] * self.chance(gid, card)
                   for gid in self.table if self.table[gid] and self._possible(gid, card)}
        if not weights:
            self._note(f"{card} turned up on the table was not where the model expected it")
            here = max((gid for gid in self.table if self.table[gid]),
                       key=lambda gid: (self.table[gid], -gid), default=None)
            if here is None:
                self._remove_anywhere(card)
            else:
                self._swap(card, here, lambda: self.table.subtract([here]))
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
            if any(self.table[gid] for gid in self.table if gid != POOL):
                self._note("a face-down card put under may have been dealt from cards put "
                           "under before: taken as a never-seen one")
            if self.table[POOL] > 0:
                self.table[POOL] -= 1
            else:
                if not self._table_card_to_pool():
                    self._note("a face-down card went under but the model has none on the table")
                    continue
            group.unseen += 1
            segment.slots += 1

    def _table_card_to_pool(self) -> bool:
        """A face-down card of a known batch goes under unseen: it rejoins the pool."""
        for gid in sorted(self.table):
            if gid == POOL or not self.table[gid]:
                continue
            g = self.groups[gid]
            self.table[gid] -= 1
            if g.unseen:
                g.unseen -= 1  # one of its never-seen cards: already a pool card
                return True
            card = max(+g.cards, key=lambda c: (g.cards[c], c))
            g.cards[card] -= 1
            self.pool[card] += 1
            self._note("a face-down card dealt from cards put under went under again unseen: "
                       "treated as a never-seen card")
            return True
        return False

    def _swap(self, card: Card, here: int, use_place: Callable[[], None]) -> None:
        """``card`` turned up at a place of group ``here`` that cannot hold it.

        The place is used up (``use_place``); the card the model had there takes
        the place where the model had ``card``, so every count stays right.
        """
        there: int | None = next((s.group for s in self.segments
                                  if s.slots and self._possible(s.group, card)), None)
        if there is None:
            there = next((gid for gid in sorted(self.table)
                          if self.table[gid] and self._possible(gid, card)), None)
        use_place()
        moved: Card | None = None  # None: a never-seen card
        if here != POOL:
            g = self.groups[here]
            if g.unseen:
                g.unseen -= 1
            elif +g.cards:
                moved = max(+g.cards, key=lambda c: (g.cards[c], c))
                g.cards[moved] -= 1
        if there is None:
            self._note(f"{card} is nowhere in the model: more copies entered than the decks "
                       "hold?")
            if moved is None and +self.pool:  # a never-seen card is gone: the likeliest
                self.pool[max(+self.pool, key=lambda c: (self.pool[c], c))] -= 1
            return
        self._take(there, card, prefer_known=True)
        if there == POOL:
            if moved is not None:
                self.pool[moved] += 1
        elif moved is None:
            self.groups[there].unseen += 1
        else:
            self.groups[there].cards[moved] += 1

    def _new_group(self, cards: Counter[Card]) -> int:
        gid = self._next_id
        self._next_id += 1
        self.groups[gid] = Group(cards)
        return gid

    def _remove_anywhere(self, card: Card) -> None:
        """Take ``card`` from wherever the model allows it (after a contradiction)."""
        for segment in self.segments:
            if segment.slots and self._possible(segment.group, card):
                segment.slots -= 1
                self._take(segment.group, card, prefer_known=True)
                return
        for gid in sorted(self.table):
            if self.table[gid] and self._possible(gid, card):
                self.table[gid] -= 1
                self._take(gid, card, prefer_known=True)
                return
        self._note(f"{card} is nowhere in the model: more copies entered than the decks hold?")

    # -- in classes of cards -------------------------------------------------------
    def plan(self, classify: Callable[[Card], int], classes: int) -> Plan:
        """The Hand Deck from the top, with cards counted by class."""

        def counts(cards: Counter[Card]) -> Counts:
            found = [0] * classes
            for card, number in cards.items():
                if number > 0:
                    found[classify(card)] += number
            return tuple(found)

        segments = []
        for segment in self.segments:
            if segment.slots == 0:
                continue
            if segment.group == POOL:
                segments.append(PlanSegment(segment.slots, None, 0))
            else:
                g = self.groups[segment.group]
                segments.append(PlanSegment(segment.slots, counts(g.cards), g.unseen))
        return Plan(counts(self.pool), tuple(segments))


def deck_cards(decks: int, jokers: int) -> list[Card]:
    return full_deck(0) * decks + [Card.joker()] * jokers


def deck_model(game: HebracGame) -> DeckModel:
    """The Hand Deck model of a game, replayed from its log."""
    model = DeckModel(deck_cards(game.setup.decks, game.setup.jokers))
    for kind, cards, count in game.deck_log:
        model.apply(kind, cards, count)
    return model


# -- the Hand Deck in classes: draws without replacement ---------------------------------
class PlanSegment(Value, as_tuple=True):
    """A stretch of the Hand Deck: ``slots`` places drawn from a group.

    ``known`` None: never-seen cards, straight from the pool. Otherwise the
    group's known cards by class plus ``unseen`` pool cards, in unknown order.
    """

    slots: int
    known: Counts | None
    unseen: int = 0


class Plan(Value, as_tuple=True):
    pool: Counts
    segments: tuple[PlanSegment, ...]

    @property
    def size(self) -> int:
        return sum(s.slots for s in self.segments)

    def start(self) -> DrawState:
        return DrawState(-1, 0, None, 0, self.pool)


class DrawState(Value, as_tuple=True):
    """Where the next draw comes from: segment, places left in it, what they hold."""

    segment: int  # which segment of the plan
    left: int
    known: Counts | None
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
    found = []
    if known is None:
        for at, number in enumerate(pool):
            if number:
                found.append((at, Fraction(number, in_pool), DrawState(
                    index, left - 1, None, 0, _minus(pool, at))))
        return found
    size = sum(known) + unseen
    for at, number in enumerate(known):
        if number:
            found.append((at, Fraction(number, size), DrawState(
                index, left - 1, _minus(known, at), unseen, pool)))
    if unseen and in_pool:
        for at, number in enumerate(pool):
            if number:
                found.append((at, Fraction(unseen * number, size * in_pool), DrawState(
                    index, left - 1, known, unseen - 1, _minus(pool, at))))
    return found


def chance_none(plan: Plan, draws: int, state: DrawState | None = None) -> Fraction:
    """The chance that no class-1 card is among the next ``draws`` (a two-class plan)."""
    memo: dict[tuple[DrawState, int], Fraction] = {}

    def none(now: DrawState, left: int) -> Fraction:
        if left == 0:
            return Fraction(1)
        key = (now, left)
        if key not in memo:
            found = outcomes(plan, now)
            if not found:
                memo[key] = Fraction(1)  # the Hand Deck ran out
            else:
                memo[key] = sum((p * none(after, left - 1) for at, p, after in found
                                 if at == 0), Fraction(0))
        return memo[key]

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

    @property
    def factor(self) -> int:
        return 2 if self.super_strength else 1

    def total(self, values: int, potion: int) -> int:
        """The attack total of cards whose attack values sum to ``values``."""
        return self.factor * values + self.bonus + potion

    def wins_alone(self, value: int) -> bool:
        """Does one card of this attack value win a later round (no potion)?"""
        return self.total(value, 0) >= self.enemy_life


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
        if not battle.double_attack:
            rounds.append((first + 1, 1, p, after))
            continue
        second = outcomes(plan, after)
        if not second:
            rounds.append((first + 1, 1, p, after))
        for other, q, final in second:
            rounds.append((first + other + 2, 2, p * q, final))
    return rounds


def round_sums(plan: Plan, battle: Battle) -> dict[int, Fraction]:
    """The coming round's attack values summed (two cards under Double Attack), with
    their chances. Only ``battle.double_attack`` matters here: the same sums serve every
    life, bonus and potion."""
    sums: dict[int, Fraction] = {}
    for summed, _cards, p, _after in _first_round(plan, battle, plan.start()):
        sums[summed] = sums.get(summed, Fraction(0)) + p
    return sums


def round_death(sums: dict[int, Fraction], battle: Battle) -> Fraction:
    """The chance to die in the coming round, from its ``round_sums``."""
    if battle.paralysis > 0 or battle.no_damage:
        return Fraction(0)
    death = Fraction(0)
    for summed, p in sums.items():
        total = battle.total(summed, battle.potion)
        if total < battle.enemy_life and battle.enemy_life - total >= battle.life:
            death += p
    return death


def round_odds(plan: Plan, battle: Battle) -> RoundOdds:
    """The coming round: chance to win it, life lost on average, chance to die in it."""
    sums = round_sums(plan, battle)
    win = loss = Fraction(0)
    for summed, p in sums.items():
        total = battle.total(summed, battle.potion)
        if total >= battle.enemy_life:
            win += p
            continue
        damage = 0 if battle.paralysis > 0 or battle.no_damage else battle.enemy_life - total
        loss += p * damage
    values: dict[int, Fraction] = {}
    if not battle.double_attack:
        values = sums  # one card: its value is the sum
    else:
        for at, p, _after in outcomes(plan, plan.start()):
            values[at + 1] = values.get(at + 1, Fraction(0)) + p
    return RoundOdds(win, loss, round_death(sums, battle), dict(sorted(values.items())), sums)


def most_draws(battle: Battle) -> int | None:
    """The most cards the battle can take before it is won or lost (None: no limit)."""
    if battle.no_damage:
        return None
    losing = [battle.total(v, 0) for v in range(1, ATTACK_VALUES + 1)
              if not battle.wins_alone(v)]
    rounds = 1 + battle.paralysis
    if losing:
        least_damage = battle.enemy_life - max(losing)
        rounds += -(-battle.life // least_damage)
    return rounds + (1 if battle.double_attack else 0)


def battle_chance(plan: Plan, battle: Battle) -> Fraction:
    """The chance to win the battle before dying, attacking every round (exact).

    Should the Hand Deck run out mid-battle, every card drawn in it lost, and
    they are what comes back: the battle is lost then, whatever their order.
    """
    limit = most_draws(battle)
    if limit is None:
        return _never_hurt(plan, battle)
    first = plan.segments[0] if plan.segments else None
    if first is not None and first.known is None and first.slots >= limit:
        return _one_pool(plan.pool, battle)
    return _any_deck(plan, battle)


def _one_pool(pool: Counts, battle: Battle) -> Fraction:
    """The battle when every card it can take comes straight from the never-seen pool.

    Single-card rounds are counted in closed form (``LoserTable``); a special
    coming round (a potion, Double Attack) is enumerated first, each of its
    losing outcomes finished in closed form.
    """
    table = LoserTable(pool, battle)
    if battle.potion == 0 and not battle.double_attack:
        return table.chance(battle.life, battle.paralysis)
    plan = Plan(pool, (PlanSegment(sum(pool), None),))
    found = Fraction(0)
    tables: dict[Counts, LoserTable] = {}
    for summed, _cards, p, after in _first_round(plan, battle, plan.start()):
        total = battle.total(summed, battle.potion)
        if total >= battle.enemy_life:
            found += p
            continue
        damage = 0 if battle.paralysis > 0 or battle.no_damage else battle.enemy_life - total
        if damage >= battle.life:
            continue
        drawn = tuple(a - b for a, b in zip(pool, after.pool, strict=True))
        if drawn not in tables:
            tables[drawn] = table.without(drawn)
        found += p * tables[drawn].chance(battle.life - damage, max(0, battle.paralysis - 1))
    return found


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

    def __init__(self, pool: Counts, battle: Battle, ways: list[list[int]] | None = None) -> None:
        self.pool = pool
        self.n = sum(pool)
        self.costs = tuple(0 if battle.wins_alone(at + 1)
                           else battle.enemy_life - battle.total(at + 1, 0)
                           for at in range(len(pool)))
        self.winners = sum(c for at, c in enumerate(pool) if not self.costs[at])
        self.losers = self.n - self.winners
        self.width = battle.life
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

    def without(self, drawn: Counts) -> LoserTable:
        """The table once the losing cards ``drawn`` are gone: divide by (1 + x y^cost)."""
        ways = [row[:] for row in self.ways]
        pool = list(self.pool)
        for at, number in enumerate(drawn):
            cost = self.costs[at]
            for _ in range(number):
                pool[at] -= 1
                for q in range(1, len(ways)):
                    upper, lower = ways[q], ways[q - 1]
                    for d in range(cost, self.width):
                        upper[d] -= lower[d - cost]
        return LoserTable(tuple(pool), self.battle, ways)

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


def _any_deck(plan: Plan, battle: Battle) -> Fraction:
    """Whole battle through every stretch of the Hand Deck, with exact fractions."""
    memo: dict[tuple[DrawState, int, int, bool, int], Fraction] = {}

    def chance(state: DrawState, life: int, para: int, double: bool, potion: int) -> Fraction:
        key = (state, life, para, double, potion)
        if key in memo:
            return memo[key]
        shaped = Battle(battle.enemy_life, life, battle.bonus, potion, battle.super_strength,
                        double, para, battle.no_damage)
        settled = _settle(plan, state)
        limit = most_draws(shaped)
        if settled is not None and settled.known is None and limit is not None and \
                settled.left >= limit:
            memo[key] = _one_pool(settled.pool, shaped)  # the rest is all never-seen cards
            return memo[key]
        found = Fraction(0)
        for values, _cards, p, after in _first_round(plan, shaped, state):
            total = battle.total(values, potion)
            if total >= battle.enemy_life:
                found += p
                continue
            damage = 0 if para > 0 or battle.no_damage else battle.enemy_life - total
            if damage < life:
                found += p * chance(after, life - damage, max(0, para - 1), False, 0)
        memo[key] = found
        return found

    return chance(plan.start(), battle.life, battle.paralysis, battle.double_attack,
                  battle.potion)


def _never_hurt(plan: Plan, battle: Battle) -> Fraction:
    """No round can hurt (Anti-Magic against a magician): won unless no card ever wins.

    The battle is won when the coming round wins, or when any card left in the
    Hand Deck wins alone (the losing cards drawn before it come back as losers).
    """
    def wins(at: int) -> int:
        return 1 if battle.wins_alone(at + 1) else 0

    found = Fraction(0)
    two_class = _collapse(plan, wins)
    for values, cards, p, after in _first_round(plan, battle, plan.start()):
        if battle.total(values, battle.potion) >= battle.enemy_life:
            found += p
            continue
        rest = plan.size - cards
        found += p * (1 - chance_none(two_class, rest, _collapse_state(after, wins)))
    return found


def _collapse(plan: Plan, classify: Callable[[int], int]) -> Plan:
    def fold(counts: Counts) -> Counts:
        found = [0, 0]
        for at, number in enumerate(counts):
            found[classify(at)] += number
        return (found[0], found[1])

    return Plan(fold(plan.pool), tuple(
        PlanSegment(s.slots, None if s.known is None else fold(s.known), s.unseen)
        for s in plan.segments))


def _collapse_state(state: DrawState, classify: Callable[[int], int]) -> DrawState:
    def fold(counts: Counts) -> Counts:
        found = [0, 0]
        for at, number in enumerate(counts):
            found[classify(at)] += number
        return (found[0], found[1])

    return DrawState(state.segment, state.left, None if state.known is None else fold(state.known),
                     state.unseen, fold(state.pool))


