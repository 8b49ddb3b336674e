"""Hebrac's Dungeon odds: exact chances computed from every card entered so far.

The model of the Hand Deck, and why every chance is an exact ``Fraction``, is
described in ``companion.hebrac.deck_odds``; this module builds the answers
and the advice on it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, TypedDict

from companion.cards import Card
from companion.errors import BadInput
from companion.game import Record
from companion.hebrac import rules
from companion.hebrac.deck_odds import (
    ATTACK_VALUES as ATTACK_VALUES,
)
from companion.hebrac.deck_odds import (
    POOL as POOL,
)
from companion.hebrac.deck_odds import (
    Battle as Battle,
)
from companion.hebrac.deck_odds import (
    Counts as Counts,
)
from companion.hebrac.deck_odds import (
    DeckModel as DeckModel,
)
from companion.hebrac.deck_odds import (
    LoserTable as LoserTable,
)
from companion.hebrac.deck_odds import (
    Plan as Plan,
)
from companion.hebrac.deck_odds import (
    PlanSegment as PlanSegment,
)
from companion.hebrac.deck_odds import (
    RoundOdds as RoundOdds,
)
from companion.hebrac.deck_odds import (
    _any_deck as _any_deck,
)
from companion.hebrac.deck_odds import (
    _one_pool as _one_pool,
)
from companion.hebrac.deck_odds import (
    attack_class as attack_class,
)
from companion.hebrac.deck_odds import (
    battle_chance as battle_chance,
)
from companion.hebrac.deck_odds import (
    chance_none as chance_none,
)
from companion.hebrac.deck_odds import (
    deck_model as deck_model,
)
from companion.hebrac.deck_odds import (
    round_death as round_death,
)
from companion.hebrac.deck_odds import (
    round_odds as round_odds,
)
from companion.hebrac.deck_odds import (
    round_sums as round_sums,
)
from companion.text import percent, wrap
from companion.values import Value

if TYPE_CHECKING:
    from companion.hebrac.engine import HebracGame

    class Chance(TypedDict):
        """A probability for --json: rounded, and exact as a fraction."""

        chance: float
        exact: str

    class NamedChance(Chance):
        what: str

    class AssumedChance(Chance):
        assumes: list[str]  # the assumptions' letters

    class ExpectedLoss(TypedDict):
        value: float
        exact: str
        assumes: list[str]

    class BattleOdds(TypedDict):
        enemy: str
        kind: str
        enemy_life: int
        life: int
        bonus: int
        potion: int
        super_strength: bool
        double_attack: bool
        paralysis: int
        no_damage: bool
        next_value: dict[str, Chance]
        round_win: AssumedChance
        round_expected_loss: ExpectedLoss
        round_death: AssumedChance
        battle_win: AssumedChance

    class DeckFigures(TypedDict):
        hand_deck: int
        not_seen: int
        not_seen_in_hand_deck: int
        face_down_not_seen: int
        under_unseen: int
        peeked: list[str]

    class NextChances(TypedDict):
        cards: int
        chances: list[NamedChance]
        assumes: list[str]

    class OddsData(TypedDict, total=False):
        """What ``odds --json`` prints after the game's name (odds_report fills each key)."""

        deck: DeckFigures
        battle: BattleOdds | None
        next: NextChances | None
        advice: list[dict[str, object]]  # a table per advice, its keys by its kind
        assumptions: dict[str, str]
        notes: list[str]

# -- what a card is, for --next ------------------------------------------------------------
def _is(suit: str) -> Callable[[Card], bool]:
    return lambda c: c.suit == suit


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
    "life-potion": ("life potions (hearts 2-10)", lambda c: c.suit == "H" and c.is_pip),
    "strength-potion": ("strength potions (spades 2-10)",
                        lambda c: c.suit == "S" and c.is_pip),
    "magic-potion": ("magic potions (clubs 2-10)", lambda c: c.suit == "C" and c.is_pip),
    "gem": ("gems (diamonds 2-10)", lambda c: c.suit == "D" and c.is_pip),
}
DEFAULT_KINDS = ("ace", "joker", "king", "queen")


def find_kind(text: str) -> str:
    key = "-".join(text.lower().replace("_", " ").replace("-", " ").split())
    key = {"jokers": "joker", "aces": "ace", "kings": "king", "queens": "queen", "jacks": "jack",
           "faces": "face", "pips": "pip", "tens": "ten", "heart": "hearts", "spade": "spades",
           "diamond": "diamonds", "club": "clubs", "gems": "gem"}.get(key, key)
    if key.endswith("potions"):
        key = key[:-1]
    if key not in KINDS:
        raise BadInput(f"{text!r} is not a kind of card: expected one of {', '.join(KINDS)}")
    return key


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
    while need > 0:
        running = 0
        for at in range(end):
            running += values[at]
            if running >= need:
                chosen.append(cards[at])
                need -= values[at]
                end = at
                break
        else:
            return None
    return tuple(chosen)


# -- the report --------------------------------------------------------------------------------
def points(before: Fraction, after: Fraction) -> str:
    change = round(float(after - before) * 100, 1)
    return f"{change:+.1f}"


def exact(p: Fraction) -> Chance:
    return {"chance": round(float(p), 6), "exact": str(p)}


class Report(Record):
    """What ``companion hebrac odds`` prints: numbered facts with their assumptions."""

    __slots__ = ("title", "items", "assumptions", "data")

    def __init__(self) -> None:
        self.title: list[str] = []
        self.items: list[tuple[str, tuple[str, ...]]] = []
        self.assumptions: dict[str, str] = {}
        self.data: OddsData = {}

    def add(self, text: str, *assumes: str) -> None:
        self.items.append((text, assumes))

    def lines(self, width: int = 40, assumptions: bool = True) -> list[str]:
        """The report; without ``assumptions`` their letters stay and one line says
        how to read them (the figures and advice then fit one phone screen)."""
        out = []
        for text in self.title:
            out += wrap(text, width)
        for text, assumes in self.items:
            tag = f" [{','.join(assumes)}]" if assumes else ""
            out += wrap(text + tag, width)
        if self.assumptions and not assumptions:
            out += wrap(f"[{','.join(self.assumptions)}]: see 'odds --assumptions'", width)
        elif self.assumptions:
            out.append("Assumes:")
            for key, text in self.assumptions.items():
                out += wrap(f" {key}: {text}", width, indent="   ")
        return out




def deck_assumption(model: DeckModel) -> str:
    """What the next cards are taken to be, in a sentence."""
    top = model.top_group()
    if top is None:
        return "the Hand Deck is empty"
    pool = model.pool_size
    where = []
    if model.table[POOL]:
        where.append(f"{model.table[POOL]} lie face down on the table")
    if model.unseen_under():
        where.append(f"{model.unseen_under()} went under unseen")
    among = f" ({', '.join(where)})" if where else ""
    peeked = model.peeked()
    lead = f"first the {' '.join(map(str, peeked))} you peeked at; then " if peeked else ""
    order = "in the order entered, one action's cards in any order"
    if model.deck_slots(POOL):
        return (f"{lead}next card: any of the {pool} cards not seen yet, equally likely"
                f"{among}; cards put under come back after the Hand Deck's "
                f"{model.unseen_in_deck()} unseen ones, {order}")
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
                            "not_seen_in_hand_deck": model.unseen_in_deck(),
                            "face_down_not_seen": model.table[POOL],
                            "under_unseen": model.unseen_under(),
                            "peeked": [str(c) for c in model.peeked()]},
                   "battle": None, "next": None, "advice": []}
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
        for index, (text, assumes) in enumerate(report.items):
            if "D" in assumes:
                report.items[index] = (text, (*assumes, "X"))
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
    asks: list[tuple[str, Callable[[Card], bool]]]
    if wanted is not None:
        target = wanted
        asks = [(str(wanted), lambda c: c == target)]
    elif kind_key is not None:
        asks = [(KINDS[kind_key][0], KINDS[kind_key][1])]
    else:
        asks = [(KINDS[k][0], KINDS[k][1]) for k in DEFAULT_KINDS]
    report.add("Next card:" if draws == 1 else f"Among the next {draws} cards:")
    rows: list[NamedChance] = []
    for name, match in asks:
        p = chance_among_next(model, draws, match)
        report.add(f" {name}: {percent(p)}", "D", "N")
        rows.append({"what": name, **exact(p)})
    report.data["next"] = {"cards": draws, "chances": rows, "assumes": ["D", "N"]}


def _battle_setup(game: HebracGame, potion: int, extra_prisoners: int) -> Battle:
    encounter = game.encounter
    assert encounter is not None
    battle_table = rules.table()["battle"]
    enemy = encounter.enemy
    bonus = int(battle_table["bracelet_bonus"]) if game.holds("AS") else 0
    bonus += (len(encounter.prisoners) + extra_prisoners) * int(battle_table["prisoner_bonus"])
    no_damage = "anti-magic" in game.effects and enemy.suit == "C" and enemy.is_pip
    return Battle(rules.enemy_life(enemy, "curse" in game.effects), game.life, bonus, potion,
                  encounter.super_strength, encounter.double_attack, encounter.paralysis,
                  no_damage)


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
                        lambda c: c.suit == "S" and c.is_pip) if potion_text else None
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
    header = f"Battle: {encounter.enemy} {kind}, life {battle.enemy_life}{cursed}"
    if encounter.stage != "battle":
        header += " (if you attack)"
    report.title.append(header)
    report.title.append(f"You: life {game.life}, round {encounter.rounds + 1}")
    report.assumptions["B"] = _bonus_assumption(game, battle, potion_card, called)
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
        "enemy": str(encounter.enemy), "kind": kind, "enemy_life": battle.enemy_life,
        "life": game.life, "bonus": battle.bonus, "potion": potion,
        "super_strength": battle.super_strength, "double_attack": battle.double_attack,
        "paralysis": battle.paralysis, "no_damage": battle.no_damage,
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
    _prisoner_advice(game, plan, battle, whole, called, report)
    _spell_advice(game, plan, battle, whole, report)


def _bonus_assumption(game: HebracGame, battle: Battle, potion: Card | None,
                      called: Sequence[Card]) -> str:
    encounter = game.encounter
    assert encounter is not None
    parts = ["bracelet +3" if game.holds("AS") else "no bracelet"]
    prisoners = len(encounter.prisoners) + len(called)
    bonus = int(rules.table()["battle"]["prisoner_bonus"])
    parts.append(f"{prisoners} prisoner{'s' if prisoners != 1 else ''} +{bonus * prisoners}"
                 if prisoners else "no prisoners")
    parts.append(f"potion {potion} +{potion.rank} this round" if potion else "no potion")
    if battle.super_strength:
        parts.append("Super Strength (cards x2)")
    if battle.double_attack:
        parts.append("Double Attack (two cards this round)")
    if battle.paralysis:
        parts.append(f"Paralysis ({battle.paralysis} round{'s' if battle.paralysis > 1 else ''} "
                     "without damage)")
    if "curse" in game.effects:
        parts.append("Curse (enemy life halved)")
    if battle.no_damage:
        parts.append("Anti-Magic (the magician cannot hurt you)")
    return "as it stands: " + ", ".join(parts)


def _potion_advice(game: HebracGame, plan: Plan, battle: Battle, round_win: Fraction,
                   whole: Fraction, chosen: Card | None, report: Report) -> None:
    potions = sorted({c for c in game.inventory if c.suit == "S" and c.is_pip},
                     key=lambda c: c.rank)
    if chosen is not None:
        potions = [chosen]
        base = battle._replace(potion=0)
        base_round = round_odds(plan, base).win
        base_whole = battle_chance(plan, base)
    else:
        base, base_round, base_whole = battle, round_win, whole
    if not potions:
        return
    rows = []
    for card in potions:
        drunk = base._replace(potion=card.rank)
        rows.append((card, round_odds(plan, drunk).win, battle_chance(plan, drunk)))
    best_gain = max(r - base_round for _c, r, _w in rows)
    pick = next(row for row in rows if row[1] - base_round == best_gain)
    card, with_round, with_whole = pick
    for row_card, r, w in rows:
        report.data["advice"].append({
            "advice": "potion", "card": str(row_card),
            "round_without": exact(base_round), "round_with": exact(r),
            "battle_without": exact(base_whole), "battle_with": exact(w),
            "assumes": ["D", "B", "K"]})
    if best_gain <= 0:
        report.add(f" Keep your potion{'s' if len(potions) > 1 else ''}: no gain this round "
                   f"({percent(base_round)})", "D", "B")
        return
    when = "late" if game.setup.late_potions else "now"  # late: only if the card loses
    report.add(f" Potion {card} {when}: round {percent(base_round)} -> {percent(with_round)} "
               f"({points(base_round, with_round)}); battle {percent(base_whole)} -> "
               f"{percent(with_whole)} ({points(base_whole, with_whole)})", "D", "B", "K")


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
    """Each card held that lowers the chance of dying in the coming round (``now``, the
    round as it stands: ``round_odds(plan, battle)``).

    Exact, as every chance here: the coming round is counted again with the card
    used - a life potion heals its number up to the maximum life (and goes under
    the Hand Deck), a strength potion adds its number to this round (none when
    ``potion`` is drunk already), a prisoner adds his bonus (one line for the
    jacks held: they all count the same). Best first; at a tie the least card.
    """
    death, sums = now.death, now.sums
    if not death:
        return []
    # A card put under is out of this round's reach unless the Hand Deck runs out in it.
    reach = 2 if battle.double_attack else 1
    found = []
    for card in sorted({c for c in game.inventory if c.suit == "H" and c.is_pip}):
        life = min(game.max_life, battle.life + card.rank)
        if life > battle.life:
            after = sums if plan.size >= reach else round_sums(under_plan(plan, [card]), battle)
            healed = round_death(after, battle._replace(life=life))
            found.append(Saving("life-potion", card, "first", healed))
    if potion is None:
        when = "late" if game.setup.late_potions else "first"
        for card in sorted({c for c in game.inventory if c.suit == "S" and c.is_pip}):
            drunk = round_death(sums, battle._replace(potion=card.rank))
            found.append(Saving("strength-potion", card, when, drunk))
    waiting = [c for c in game.inventory if c.rank == 11]
    for card in called:
        waiting.remove(card)
    if waiting:
        bonus = int(rules.table()["battle"]["prisoner_bonus"])
        helped = round_death(sums, battle._replace(bonus=battle.bonus + bonus))
        found.append(Saving("prisoner", waiting[0], "first", helped))
    return sorted((s for s in found if s.death < death),
                  key=lambda s: (s.death, SURVIVAL_ORDER.index(s.kind), s.card))


def _survival_advice(game: HebracGame, plan: Plan, battle: Battle, now: RoundOdds,
                     potion: Card | None, called: Sequence[Card], report: Report) -> None:
    saving = saving_cards(game, plan, battle, now, potion, called)
    if not saving:
        return
    death = now.death
    late = game.setup.late_potions
    report.assumptions["S"] = (
        "each card used alone, before the attack card is turned"
        + (" (late: a strength potion drunk only if the card loses); at 0 life only a late "
           "potion still changes the round" if late else "; at 0 life the game stops at once")
        + " (hebrac.game.end)")
    report.add(" Against dying this round:", "D", "B", "S")
    for row in saving:
        report.add(row.line(death))
        report.data["advice"].append({
            "advice": "survive", "kind": row.kind, "card": str(row.card), "when": row.when,
            "death_without": exact(death), "death_with": exact(row.death),
            "assumes": ["D", "B", "S"]})


# -- the round just lost, under the late-potions variant -------------------------------------
class LateRow(Value):
    """A strength potion drunk into the round just lost: the life it leaves."""

    card: Card
    life_before: int  # as the round left it
    life: int
    won: bool


def _late_rows(game: HebracGame) -> list[LateRow]:
    """What each strength potion held would do to the round just lost ('potion CARD').

    Open as in the engine: the late-potions setting, a round lost and no potion
    added to it yet; the round is settled again with the potion's number added
    (hebrac.ruling.late-potions). Only potions that help: more life left (alive
    again, when the round killed you) or the battle won.
    """
    encounter = game.encounter
    last = encounter.last_round if encounter is not None else None
    if not (game.setup.late_potions and last and not last.won_by_potion
            and last.total < last.enemy_life):
        return []
    rows = []
    for card in sorted({c for c in game.inventory if c.suit == "S" and c.is_pip}):
        total = int(last.total) + card.rank
        damage = 0 if last.no_damage else max(0, int(last.enemy_life) - total)
        life = int(last.life_before) - damage
        won = total >= int(last.enemy_life)
        if (life > game.life or won) and life > 0:
            rows.append(LateRow(card, game.life, life, won))
    return rows


def _late_advice(game: HebracGame, report: Report) -> None:
    rows = _late_rows(game)
    if not rows:
        return
    report.add(" The lost round, with a late potion:")
    for row in rows:
        result = f"battle won, life {row.life}" if row.won else \
            f"life {row.life_before} -> {row.life}"
        report.add(f"  drink {row.card}: {result}")
        report.data["advice"].append({"advice": "late-potion", "card": str(row.card),
                                      "life_before": row.life_before, "life_after": row.life,
                                      "battle_won": row.won})


def _prisoner_advice(game: HebracGame, plan: Plan, battle: Battle, whole: Fraction,
                     called: Sequence[Card], report: Report) -> None:
    waiting = [c for c in game.inventory if c.rank == 11]
    for card in called:
        waiting.remove(card)
    if not waiting:
        return
    helped = battle._replace(bonus=battle.bonus + int(rules.table()["battle"]["prisoner_bonus"]))
    with_whole = battle_chance(plan, helped)
    report.add(f" Call prisoner {waiting[0]}: battle {percent(whole)} -> {percent(with_whole)} "
               f"({points(whole, with_whole)})", "D", "B", "K")
    report.data["advice"].append({"advice": "prisoner", "card": str(waiting[0]),
                                  "battle_without": exact(whole),
                                  "battle_with": exact(with_whole), "assumes": ["D", "B", "K"]})


BATTLE_SPELLS = ("paralysis", "super-strength", "double-attack")


def _spell_advice(game: HebracGame, plan: Plan, battle: Battle, whole: Fraction,
                  report: Report) -> None:
    encounter = game.encounter
    assert encounter is not None
    if encounter.spell_cast:
        report.add(" No spell: one is cast in this battle already")
        return
    potions = [c for c in game.inventory if rules.is_magic_potion(c)]
    paralysis_rounds = int(rules.table()["battle"]["paralysis_rounds"])
    costly = []
    for spell_id in BATTLE_SPELLS:
        spell = rules.spells()[spell_id]
        if spell_id == "super-strength" and battle.super_strength:
            continue
        if spell_id == "double-attack" and battle.double_attack:
            continue
        if spell_id == "paralysis" and battle.no_damage:
            continue
        ok, _why = game.can_cast(spell)
        if not ok:
            continue
        payment = rules.cheapest_payment(potions, spell.cost, game.scepter)
        if payment is None:
            costly.append(f"{spell.name} {spell.cost}")
            report.data["advice"].append({"advice": "spell", "spell": spell_id,
                                          "cost": spell.cost, "payment": None})
            continue
        if spell_id == "paralysis":
            cast = battle._replace(paralysis=paralysis_rounds)
        elif spell_id == "super-strength":
            cast = battle._replace(super_strength=True)
        else:
            cast = battle._replace(double_attack=True)
        with_whole = battle_chance(plan, cast)
        pay = " ".join(map(str, payment))
        report.add(f" {spell.name} (pay {pay}): battle {percent(whole)} -> "
                   f"{percent(with_whole)} ({points(whole, with_whole)})", "D", "B", "K")
        report.data["advice"].append({
            "advice": "spell", "spell": spell_id, "cost": spell.cost,
            "payment": [str(c) for c in payment], "battle_without": exact(whole),
            "battle_with": exact(with_whole), "assumes": ["D", "B", "K"]})
    if costly:
        report.add(f" Spells out of reach with {game.magic_points} magic: {', '.join(costly)}")


def _trade_advice(game: HebracGame, want: Card, report: Report) -> None:
    value = rules.trade_value(want)
    report.add("Trade:")
    if value is None:
        report.add(f" {want} cannot be traded for: refuse")
        return
    if game.holds("AD"):
        report.add(f" The Bag of Meres pays for {want}: offer nothing")
        report.data["advice"].append({"advice": "trade", "want": str(want), "value": value,
                                      "offer": [], "bag": True})
        return
    offer = least_offer(game.inventory, want, game.setup.ace_offer_value)
    if offer is None:
        report.add(f" No offer reaches {value}: refuse")
        report.data["advice"].append({"advice": "trade", "want": str(want), "value": value,
                                      "offer": None})
        return
    total = sum(rules.offer_value(c, game.setup.ace_offer_value) for c in offer)
    report.assumptions["T"] = ("giving up least means the most valuable card given is as low "
                               "as can be in the priestess's theft order, then the next; "
                               "a jack counts just after 8S (ruling)")
    report.add(f" Offer {' '.join(map(str, offer))} ({total} for {value}): gives up the "
               "least", "T")
    report.data["advice"].append({"advice": "trade", "want": str(want), "value": value,
                                  "offer": [str(c) for c in offer], "offered": total,
                                  "assumes": ["T"]})

