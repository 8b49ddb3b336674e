"""Hebrac's Dungeon: battle rounds (attack) and the late potion of the variant."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from companion.cards import CARD_OF, CARD_TEXTS, Card
from companion.errors import BadInput, RuleRefused
from companion.hebrac import ledger, rules, situation, state
from companion.hebrac.grammar import Attack, Potion
from companion.hebrac.state import Done, texts

if TYPE_CHECKING:
    from companion.hebrac.engine import HebracGame


BRACELET = Card(1, "S")  # the Ace of Spades: a bonus to every attack


def attack(game: HebracGame, action: Attack) -> Done:
    """One battle round: checked (a refusal changes nothing), then settled now; its lines
    written when read."""
    encounter = game.encounter
    if game.pending:
        situation.refuse_if_busy(game, "attack")
    if encounter is None:
        raise RuleRefused("no enemy to attack: 'enter CHAMBER ENEMY' first", state.R_BATTLE)
    stage = encounter.stage
    if stage == "trading" and not game.setup.evil:
        raise RuleRefused("his treasure is revealed: a good adventurer cannot attack "
                          "him now (evil alignment allows it)", state.R_EVIL)
    if stage != "battle" and stage != "adventurer" and stage != "trading":
        raise RuleRefused(f"no battle in {encounter.chamber}: {situation.next_hint(game)}",
                          state.R_BATTLE)
    typed, drunk, called = action.cards, action.potions, action.prisoners
    if len(typed) != (2 if encounter.double_attack else 1):
        raise BadInput("usage: attack CARD CARD (Double Attack)" if encounter.double_attack
                       else "usage: attack CARD")
    # cards typed in their own words (as saved) are looked up with no call per card, and
    # the action as typed is then the one a save keeps
    saved = CARD_TEXTS.issuperset(typed) and not drunk and not called
    potions: list[Card] = []
    prisoners: list[Card] = []
    if saved:
        cards = tuple(map(CARD_OF.__getitem__, typed))
    else:
        cards = tuple(map(Card.parse, typed))
        potions = [Card.parse(t) for t in drunk]
        prisoners = [Card.parse(t) for t in called]
        if potions:
            ledger.require_held(game, potions, "strength potion")
        for card in potions:
            if not (card.suit == "S" and card.is_pip):
                raise RuleRefused(f"{card} is not a strength potion (spades 2-10)", state.R_POTIONS)
        for prisoner in prisoners:
            if prisoner.rank != 11:
                raise RuleRefused(f"{prisoner} is not a prisoner (a jack)", state.R_PRISONER)
        if prisoners:
            ledger.require_held(game, prisoners + potions, "card")
    ledger.refuse_copies(game, cards)
    # -- checked: the round is settled
    encounter.stage = "battle"  # an adventurer's battle starts with the first attack
    if prisoners or potions:
        ledger.release(game, prisoners + potions)
        encounter.prisoners += prisoners
    strength = sum(card.rank for card in potions) if potions else 0
    no_damage = situation.why_no_damage(game, encounter) \
        if encounter.paralysis or game.effects else None
    before = game.life
    # in the order of its parameters: a call by keyword costs a replay more
    result = rules.settle_round(cards, encounter.enemy, "curse" in game.effects,
                                BRACELET in game.inventory, len(encounter.prisoners), strength,
                                encounter.super_strength, no_damage, before)
    encounter.last_round = result
    encounter.rounds += 1
    if encounter.paralysis > 0:
        encounter.paralysis -= 1
    encounter.double_attack = False
    ledger.draw_under(game, cards)
    if result.damage:
        ledger.set_life(game, before - result.damage)
    won = battle_won(game) if result.won else None
    if potions:
        ledger.under(game, potions)
    done = action if saved else Attack(texts(cards), texts(potions), texts(prisoners))
    # most rounds are lost with no prisoner: their lines are the round's own
    return done, result.lines if won is None and not prisoners else \
        partial(round_lines, result, prisoners, won)


def round_lines(result: rules.RoundResult, prisoners: Sequence[Card],
                won: list[str] | None) -> list[str]:
    """A round's ruling, written when read: the prisoners called, then the battle won or
    the round's own lines."""
    called = [f"prisoner{'s' if len(prisoners) > 1 else ''} "
              f"{' '.join(map(str, prisoners))} fight with you this battle"] if prisoners else []
    return [*called, result.arithmetic, *won] if won is not None else [*called, *result.lines()]


def battle_won(game: HebracGame) -> list[str]:
    encounter = game.encounter
    assert encounter is not None
    chamber = game.chambers[encounter.chamber]
    chamber.enemy_gone = True
    ledger.under(game, [encounter.enemy])
    lines = []
    if encounter.prisoners:
        verb = "leaves" if len(encounter.prisoners) == 1 else "leave"
        lines.append(f"{' '.join(map(str, encounter.prisoners))} {verb} you")
        ledger.under(game, encounter.prisoners)
        encounter.prisoners = []
    if chamber.treasure_gone:
        game.encounter = None
        lines.append(f"{chamber.name} cleared: its treasure was taken before (rule "
                     f"{state.R_ROBBED})")
        return lines
    encounter.stage = "treasure"
    lines.append("take the treasure: 'take CARD'")
    return lines


def potion(game: HebracGame, action: Potion) -> Done:
    """Late strength potion (variant): added to the round just lost."""
    card = Card.parse(action.card)
    if not game.setup.late_potions:
        raise RuleRefused("a strength potion is drunk before the attack "
                          "('attack CARD --potion CARD'); the late-potions setting allows "
                          "it after", state.R_LATE)
    if not situation.late_potion_open(game):
        raise RuleRefused("no lost round to add a potion to", state.R_LATE)
    if not (card.suit == "S" and card.is_pip):
        raise RuleRefused(f"{card} is not a strength potion (spades 2-10)", state.R_POTIONS)
    ledger.require_held(game, [card], "strength potion")
    # -- checked: the round is settled again
    encounter = game.encounter
    assert encounter is not None and encounter.last_round is not None
    last = encounter.last_round
    ledger.release(game, [card])
    ledger.under(game, [card])
    total = last.total + card.rank
    new_damage = max(0, last.enemy_life - total) if not last.no_damage else 0
    # The life the round took and the potion saves is given back to the life of now (a
    # life potion drunk since counts), never above the maximum (hebrac.ruling.late-potions).
    before, lost = game.life, last.damage
    untouched = before == last.life_before - lost
    ledger.set_life(game, before + lost - new_damage)
    encounter.last_round = last._replace(total=total, damage=new_damage, won_by_potion=True)
    text = f"late potion: {last.total} + {card.rank} = {total} vs {last.enemy_life}"
    done = Potion(str(card))
    if total >= last.enemy_life:
        if encounter.stage == "battle":
            return done, [f"{text}: battle won, life {game.life}"] + battle_won(game)
        return done, [f"{text}, life {game.life}"]
    if untouched:
        return done, [f"{text}: lose {new_damage} life, {last.life_before} -> {game.life}"]
    return done, [f"{text}: lose {new_damage} life, not {lost}: {before} -> "
                  f"{game.life} (max {game.max_life}, rule {state.R_LATE_RULING})"]
