"""Hebrac's Dungeon rulings that need no game: values, prices, trades, thefts, payments.

Both the tracked game (``engine``) and the instant checks use these functions,
so a check and a game always agree. Every number comes from
``rulebook/hebrac.tables.toml``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, NotRequired, TypedDict, cast

from companion.cards import JOKER_RANK, SUIT_NAMES, Card
from companion.errors import NotationError
from companion.resources import tables
from companion.values import Value

ENEMY_KINDS = {"S": "warrior", "H": "amazon", "C": "magician", "D": "demon"}  # 2-10
RANK_KINDS = {JOKER_RANK: "hebrac", 1: "empty", 11: "adventurer", 13: "merchant"}
# The stage an encounter starts at, by the enemy's kind (any other: "battle").
FIRST_STAGE = {"empty": "treasure", "adventurer": "adventurer", "white priestess":
               "white-priestess", "merchant": "merchant", "hebrac": "hebrac",
               "black priestess": "treasure"}
TREASURE_KINDS = {
    "H": "life potion", "S": "strength potion", "C": "magic potion", "D": "gems",
}


if TYPE_CHECKING:  # what rulebook/hebrac.tables.toml holds, as read (types only)
    class SpellRow(TypedDict):
        name: str
        cost: int
        unit: NotRequired[str]
        timing: str
        aliases: NotRequired[list[str]]
        cards: NotRequired[int]
        enemies: NotRequired[int]

    class HebracTables(TypedDict):
        # each number table's keys are read by name: a missing one fails where it is read
        setup: dict[str, int]
        battle: dict[str, int]
        hebrac_game: dict[str, int]
        treasure: dict[str, int]
        prices: dict[str, int]
        trade: dict[str, int]
        theft: dict[str, list[str]]  # "order": most valuable first
        aces: dict[str, str]
        kings: dict[str, str]
        spells: dict[str, SpellRow]


@cache
def table() -> HebracTables:
    """The rulebook's tables as shipped in the package, trusted as the code is (a test,
    tests/test_hebrac_findings.py, checks their values' types)."""
    return cast("HebracTables", tables("hebrac"))


class Verdict(Value):
    """The answer to a check: legal or not, why (one line each), and its figures."""

    legal: bool
    reasons: tuple[str, ...]
    data: dict[str, object]  # plain values for --json

    def as_json(self) -> dict[str, object]:
        return {"legal": self.legal, "reasons": list(self.reasons), **self.data}


# -- battle -----------------------------------------------------------------
def attack_value(card: Card) -> int:
    if 2 <= card.rank <= 10:
        return card.rank
    battle = table()["battle"]
    if card.is_joker:
        return battle["joker_attack"]
    if card.rank == 1:
        return battle["ace_attack"]
    return battle["face_attack"]


def enemy_kind(card: Card) -> str:
    """What a card is when turned up as a chamber's enemy."""
    if card.rank == 12:
        return "black priestess" if card.is_black else "white priestess"
    if card.rank in RANK_KINDS:
        return RANK_KINDS[card.rank]
    assert card.suit is not None
    return ENEMY_KINDS[card.suit]


def is_fighter(card: Card) -> bool:
    """Enemies that can be battled: 2-10 and adventurers (jacks)."""
    return card.is_pip or card.rank == 11


def cursed_life(life: int) -> int:
    divisor = table()["battle"]["curse_divisor"]
    return -(-life // divisor)  # halved, rounding up


def enemy_life(card: Card, curse: bool = False) -> int:
    life = card.rank if card.rank != 11 else table()["battle"]["adventurer_life"]
    return cursed_life(life) if curse else life


class RoundResult(Value):
    """One battle round settled: what was added up and its numbers; the arithmetic is
    written only when read (a replay settles hundreds of rounds and shows one). Kept as
    the encounter's last round, which a late potion reopens: ``life_before`` the round,
    ``won_by_potion`` once one is added."""

    cards: tuple[Card, ...]
    enemy: Card
    curse: bool
    bracelet: bool
    prisoners: int
    potion: int
    super_strength: bool
    no_damage: str | None
    total: int
    enemy_life: int
    won: bool
    damage: int
    life_before: int
    won_by_potion: bool

    def lines(self) -> list[str]:
        """The round's ruling in a game: the arithmetic, then the life lost (from
        ``life_before``: life going down is never capped) and death."""
        after = self.life_before - self.damage
        if not self.damage:
            return [self.arithmetic]
        line = f"{self.arithmetic}, {self.life_before} -> {after}"
        return [line] if after > 0 else [line, "you die in the dungeon"]

    @property
    def arithmetic(self) -> str:
        """``attack 4 + 3 bracelet = 7 vs demon 9: lose 2 life``."""
        battle, prisoners, life = table()["battle"], self.prisoners, self.enemy_life
        text = "attack " + " + ".join(f"{attack_value(card)}x2" if self.super_strength
                                      else str(attack_value(card)) for card in self.cards)
        if self.bracelet:
            text += f" + {battle['bracelet_bonus']} bracelet"
        if prisoners:
            text += f" + {prisoners * battle['prisoner_bonus']} prisoner" \
                + ("s" if prisoners > 1 else "")
        if self.potion:
            text += f" + {self.potion} potion"
        text += f" = {self.total} vs {enemy_kind(self.enemy)} {life}" \
            + (" (cursed)" if self.curse else "")
        if self.won:
            return f"{text}: battle won"
        if self.no_damage:
            return f"{text}: no damage ({self.no_damage})"
        return f"{text}: lose {self.damage} life"


def round_bonus(bracelet: bool, prisoners: int) -> int:
    """What the bracelet and the prisoners called add to every round's attack total."""
    battle = table()["battle"]
    return (battle["bracelet_bonus"] if bracelet else 0) + prisoners * battle["prisoner_bonus"]


def settle_round(
    cards: Sequence[Card],
    enemy: Card,
    curse: bool = False,
    bracelet: bool = False,
    prisoners: int = 0,
    potion: int = 0,
    super_strength: bool = False,
    no_damage: str | None = None,
    life_before: int = 0,
) -> RoundResult:
    """One round: the attack total (each card's value, doubled by Super Strength, then the
    bracelet, prisoners and potion added) >= the enemy's life wins; else the difference is
    lost (unless ``no_damage``)."""
    total = 0
    for card in cards:
        total += card.rank if 2 <= card.rank <= 10 else attack_value(card)
    if super_strength:
        total *= 2
    total += potion
    if bracelet or prisoners:
        total += round_bonus(bracelet, prisoners)
    life = enemy_life(enemy, curse) if curse or enemy.rank == 11 else enemy.rank
    won = total >= life
    damage = 0 if won or no_damage else life - total
    return tuple.__new__(RoundResult, (tuple(cards), enemy, curse, bracelet, prisoners, potion,
                                       super_strength, no_damage, total, life, won, damage,
                                       life_before, False))


# -- prices and trades --------------------------------------------------------
FACES = {JOKER_RANK: "joker", 11: "jack", 12: "red_queen", 13: "king"}


def _face_value(card: Card, values: dict[str, int]) -> int | None:
    """A joker's, jack's, red queen's or king's number in ``values`` (prices or trade);
    a black queen has none."""
    return None if card.rank == 12 and not card.is_red else values[FACES[card.rank]]


def price(card: Card) -> int | None:
    """A merchant's price in gems, or None when no sale can take place."""
    prices = table()["prices"]
    if card.rank == 1:
        return prices["ace"]
    if not card.is_pip:
        return _face_value(card, prices)
    if card.suit == "D":
        return None  # the merchant already sold his treasure
    assert card.suit is not None
    return card.rank * prices[f"{SUIT_NAMES[card.suit]}_per_point"]


def no_sale_reason(card: Card) -> str:
    if card.suit == "D" and card.is_pip:
        return f"{card} is gems: the merchant already sold his treasure"
    return f"{card} is a black priestess: nobody buys one"


def trade_value(card: Card) -> int | None:
    """What an adventurer's treasure is worth in a trade; None when it cannot be traded."""
    if card.rank == 1:
        return None
    return card.rank if card.is_pip else _face_value(card, table()["trade"])


def offer_value(card: Card, ace_value: int | None = None) -> int:
    """What an inventory card counts for when offered in a trade."""
    trade = table()["trade"]
    if card.rank == 1:
        return trade["offer_ace"] if ace_value is None else ace_value
    if card.rank == 11:
        return trade["offer_jack"]
    return card.rank


def check_trade(
    want: Card, offer: Sequence[Card], *, bag: bool = False, ace_value: int | None = None,
    bag_partial: str = "covers",
) -> Verdict:
    """Is ``offer`` enough for ``want``? ``bag``: the Bag of Meres is held.

    With the Bag, a bare offer is paid by the Bag; an offer that falls short is topped up
    by it, or refused with ``bag_partial`` "refused" (hebrac.ruling.bag-partial).
    """
    value = trade_value(want)
    data: dict[str, object] = {"want": str(want), "value": value}
    if value is None:
        why = "an ace is kept by its owner" if want.rank == 1 else "nobody wants a black priestess"
        return Verdict(False, (f"{want} cannot be traded for: {why}",), data)
    if bag and not offer:
        return Verdict(True, (f"{want} worth {value}: the Bag of Meres pays, no offer needed",),
                       {**data, "offered": 0})
    if not offer:
        return Verdict(False, (f"{want} is worth {value}: offer cards totalling at least {value}",),
                       {**data, "offered": 0})
    parts = [offer_value(card, ace_value) for card in offer]
    total = sum(parts)
    sums = " + ".join(f"{v} ({c})" for v, c in zip(parts, offer, strict=True))
    return _settle(f"offer {sums}", total, value, f"{want} worth {value}",
                   ("trade accepted", "{} given away", "offer"), bag_partial if bag else None,
                   {**data, "offered": total})


def _settle(paid: str, total: int, value: int, goal: str, words: tuple[str, str, str],
            bag: str | None, data: dict[str, object]) -> Verdict:
    """A trade's or a sale's payment (``paid``: its sum written out) against ``goal``;
    ``words``: the deal done, what is paid over, the verb a bare Bag of Meres pays for;
    ``bag``: the Bag's --bag-partial when it is held."""
    done, surplus, verb = words
    if total >= value:
        extra = ", " + surplus.format(total - value) if total > value else ""
        return Verdict(True, (f"{paid} = {total} >= {goal}: {done}{extra}",), data)
    if bag == "covers":
        return Verdict(True, (f"{paid} = {total}, + {value - total} from the Bag of Meres = "
                              f"{value} >= {goal}: {done}",), data)
    if bag is not None:
        return Verdict(False, (f"{paid} = {total} < {goal}: the Bag of Meres pays only for "
                               f"a bare '{verb}' (--bag-partial refused)",), data)
    return Verdict(False, (f"{paid} = {total} < {goal}: not enough",), data)


def is_gem(card: Card) -> bool:
    return card.suit == "D" and card.is_pip


def check_payment(want: Card, pay: Sequence[Card], *, bag: bool = False,
                  bag_partial: str = "covers") -> Verdict:
    """Do the gems ``pay`` buy ``want``? ``bag``: the Bag of Meres is held (as check_trade)."""
    cost = price(want)
    data: dict[str, object] = {"card": str(want), "price": cost}
    if cost is None:
        return Verdict(False, (no_sale_reason(want),), data)
    if bag and not pay:
        return Verdict(True, (f"{want} costs {cost}: the Bag of Meres pays",), {**data, "paid": 0})
    for card in pay:
        if not is_gem(card):
            return Verdict(False, (f"{card} is not a gem: pay with diamonds 2-10",), data)
    gems = " + ".join(str(c.rank) for c in pay) or "none"
    paid = sum(card.rank for card in pay)
    return _settle(f"gems {gems}", paid, cost, f"price {cost}",
                   ("bought", "no change for {}", "buy"), bag_partial if bag else None,
                   {**data, "paid": paid})


# -- theft --------------------------------------------------------------------
@cache
def theft_ranks() -> dict[Card, int]:
    """Rank in the theft order: 1 is the most valuable."""
    return {Card.parse(text): n for n, text in enumerate(table()["theft"]["order"], start=1)}


def theft_rank(card: Card) -> int | None:
    return theft_ranks().get(card)


def theft_victim(inventory: Iterable[Card], *, by_enemy: bool) -> Card | None:
    """The card a black priestess takes: the most valuable (enemy) or least (treasure)."""
    ranks = theft_ranks()
    pick = min if by_enemy else max
    return pick((card for card in inventory if card in ranks), key=ranks.__getitem__,
                default=None)


# -- spells -------------------------------------------------------------------
class Spell(Value):
    id: str
    name: str
    cost: int
    unit: str | None
    timing: str
    aliases: tuple[str, ...]
    cards: int  # the cards or enemies a spell acts on at most (Genie of Luck, Stone Statue)
    enemies: int


@cache
def spells() -> dict[str, Spell]:
    return {spell_id: Spell(spell_id, row["name"], row["cost"], row.get("unit"), row["timing"],
                            tuple(row.get("aliases", ())), row.get("cards", 0),
                            row.get("enemies", 0))
            for spell_id, row in table()["spells"].items()}


@cache
def spell_names() -> dict[str, str]:
    """Every accepted spelling of a spell (its id, its aliases) to its id (companion.names)."""
    from companion.names import spellings

    found = spells()
    return spellings(found, {spell.id: spell.aliases for spell in found.values()})


def find_spell(text: str) -> Spell:
    """A spell by name in any case, with spaces or hyphens, or a unique prefix; an unknown
    name gets the closest spells ("did you mean"), a short one its candidates."""
    from companion.names import match

    return spells()[match(text, spell_names(), "spell")]


def spell_words(words: Sequence[str]) -> int:
    """How many of the words typed first name the spell, unquoted (``remote vision``: 2);
    1 when none do (the engine then says why the first word is no spell)."""
    from companion.names import lead_name

    try:
        return lead_name(words[:3], spell_names(), "spell")[1]
    except NotationError:
        return 1


def magic_points(card: Card, scepter: bool) -> int:
    return card.rank * (2 if scepter else 1)


def is_magic_potion(card: Card) -> bool:
    return card.suit == "C" and card.is_pip


def _fewest_cards_by_total(
    potions: Sequence[Card], scepter: bool, reach: int | None = None
) -> dict[int, tuple[Card, ...]]:
    """Each point total the potions can make, with the fewest cards making it.

    A subset-sum table, so a large inventory stays fast. A total at or above
    ``reach`` is not added to: more cards would only waste points.
    """
    best: dict[int, tuple[Card, ...]] = {0: ()}
    for card in sorted(potions, key=lambda c: -c.rank):
        points = magic_points(card, scepter)
        for total, chosen in sorted(best.items(), reverse=True):
            if reach is not None and total >= reach:
                continue
            current = best.get(total + points)
            if current is None or len(chosen) + 1 < len(current):
                best[total + points] = (*chosen, card)
    return best


def cheapest_payment(
    potions: Sequence[Card], cost: int, scepter: bool
) -> tuple[Card, ...] | None:
    """The potions spending the fewest points (then the fewest cards) that reach ``cost``."""
    best = _fewest_cards_by_total(potions, scepter, cost)
    least = min((total for total in best if total >= cost), default=None)
    return None if least is None else best[least]


def check_spell_payment(spell: Spell, pay: Sequence[Card], *, scepter: bool = False,
                        count: int = 1, overpay: bool = False) -> Verdict:
    for card in pay:
        if not is_magic_potion(card):
            return Verdict(False, (f"{card} is not a magic potion: pay with clubs 2-10",),
                           {"spell": spell.id})
    cost = spell.cost * count
    points = sum(magic_points(c, scepter) for c in pay)
    per = f" ({count} x {spell.cost})" if spell.unit else ""
    doubled = " with the Scepter" if scepter else ""
    parts = " + ".join(f"{c.rank}x2" if scepter else str(c.rank) for c in pay) or "0"
    data = {"spell": spell.id, "cost": cost, "points": points, "waste": max(0, points - cost)}
    if points < cost:
        return Verdict(False, (f"{spell.name} costs {cost}{per}: {parts}{doubled} = {points}, "
                               f"{cost - points} short",), data)
    # cards whose removal still leaves enough points: likely slips when named
    slips = [c for c in pay if points - magic_points(c, scepter) >= cost]
    if slips and not overpay:
        names = ", ".join(str(c) for c in slips)
        return Verdict(False, (f"{spell.name} costs {cost}{per}: {names} not needed "
                               f"(add --overpay to spend it anyway)",), data)
    waste = f", {points - cost} lost" if points > cost else ""
    if spell.unit and 0 < points - cost < spell.cost:
        waste += f" (a {spell.unit} costs {spell.cost})"
    return Verdict(True, (f"{spell.name} costs {cost}{per}: {parts}{doubled} = {points}{waste}",),
                   data)


def unit_payment(potions: Sequence[Card], cost: int, useful: int | None,
                 scepter: bool) -> tuple[tuple[Card, ...], int] | None:
    """For a spell paid per unit: the potions and units wasting fewest points.

    Units are what the points cover, capped at ``useful`` (None: no cap). Ties go
    to the fewest points spent, then the fewest cards. None when no payment
    buys a useful unit.
    """
    best = _fewest_cards_by_total(potions, scepter)
    found = []
    for total, chosen in best.items():
        units = total // cost if useful is None else min(total // cost, useful)
        if units >= 1:
            found.append((total - units * cost, total, len(chosen), units, chosen))
    if not found:
        return None
    *_, units, chosen = min(found, key=lambda row: row[:3])
    return chosen, units
