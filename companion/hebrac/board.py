"""Hebrac's Dungeon: the map and moving on it (enter, move, next-level), the encounter
started on entering and what may come next; its battle rounds (attack) and the late potion
of the variant.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from companion.cards import CARD_OF, CARD_TEXTS, Card
from companion.errors import BadInput, RuleRefused
from companion.hebrac import ledger, rules, situation, state
from companion.hebrac.grammar import Attack, Enter, Move, NextLevel, Potion
from companion.hebrac.state import Chamber, Done, Encounter, chamber_names, parse_chamber, texts

if TYPE_CHECKING:
    from companion.hebrac.engine import HebracGame

ROBBED = f"(rule {state.R_ROBBED})"  # said where the treasure was taken before


def enter(game: HebracGame, action: Enter) -> Done:
    """Into a chamber, its enemy turned up (None: gone already): checked (a refusal changes
    nothing), then the encounter starts."""
    name = parse_chamber(action.chamber, game.columns)
    given = Card.parse(action.enemy) if action.enemy is not None else None
    situation.refuse_if_busy(game, "enter a chamber")
    chamber = game.chambers[name]
    if chamber.cleared:
        raise RuleRefused(f"{name} is cleared already: use 'move {name}' to walk there",
                          state.R_MAP)
    situation.refuse_if_teleported(game, f"enter {name}", name)
    situation.check_reachable(game, name)
    if chamber.enemy_gone:
        if given is not None:
            raise RuleRefused(f"{name}'s enemy is gone: enter it without an enemy card",
                              state.R_MAP)
        enemy = None
    else:
        enemy = given or chamber.enemy
        if enemy is None:
            raise BadInput(f"usage: enter {name} ENEMY (the card turned up)")
        if chamber.enemy is not None and given is not None and given != chamber.enemy:
            raise RuleRefused(f"{name}'s enemy is {chamber.enemy}, seen before, not {given}",
                              state.R_MAP)
        if chamber.enemy is None:
            ledger.refuse_copies(game, [enemy])
    # -- checked: the player is there
    game.teleport_target = None
    place(game, name)
    chamber.visited = True
    if enemy is None:
        game.encounter = Encounter(name, chamber.enemy or Card.joker(), "treasure",
                                   treasure=chamber.treasure)
        return Enter(name), [f"{name}: no guard left; take the treasure ('take CARD')"]
    if chamber.enemy is None:
        ledger.see(game, [enemy])
    chamber.enemy = enemy
    return Enter(name, str(enemy)), meet(game, name, enemy)


def meet(game: HebracGame, name: str, enemy: Card) -> list[str]:
    """Start the encounter with a chamber's enemy (on entering, or after a Body Switch)."""
    chamber = game.chambers[name]
    kind = rules.enemy_kind(enemy)
    spell_cast = game.encounter.spell_cast if game.encounter else False
    stage = rules.FIRST_STAGE.get(kind, "battle")
    if kind == "adventurer" and chamber.robbed_adventurer:
        stage = "battle"
    game.encounter = Encounter(name, enemy, stage, treasure=chamber.treasure,
                               spell_cast=spell_cast)
    life = rules.enemy_life(enemy, "curse" in game.effects) if rules.is_fighter(enemy) else 0
    if stage == "treasure":  # no guard: an empty chamber, or a black priestess who steals
        if kind == "empty":
            lines, gone = [], f"{name}: {enemy} = empty chamber; "
        else:
            lines = [f"{name}: {enemy} = black priestess",
                     ledger.priestess_theft(game, by_enemy=True)]
            gone = "she is gone; "
        chamber.enemy_gone = True
        ledger.under(game, [enemy])
        if chamber.treasure_gone and game.strict:  # stolen before (Stealing Spirit,
            game.encounter = None  # then Body Switch)
            return lines + [f"{gone}no treasure left: {name} cleared"]
        return lines + [f"{gone}take the treasure"]
    if kind == "hebrac":
        damage = rules.table()["hebrac_game"]["black_card_damage"]
        return [f"{name}: JK = Hebrac: 'play CARD' (red wins the treasure, black "
                f"costs {damage} life) or 'refuse'", *situation.anti_magic_hebrac(game)]
    if stage == "battle" and kind == "adventurer":
        return [f"{name}: {enemy} = the adventurer you robbed: he attacks, life {life} {ROBBED}"]
    # what may follow, or why not: the treasure taken before (Stealing Spirit)
    taken = chamber.treasure_gone
    if kind == "white priestess":
        then = "; Anti-Magic stops her healing: take the treasure" if "anti-magic" in \
            game.effects else ": 'heal' (life to max, treasure lost) or 'take CARD'"
    elif kind == "merchant":
        then = f"; nothing left to sell {ROBBED}: 'refuse'" if taken else \
            ": 'reveal CARD' to see his ware"
    elif kind == "adventurer":
        then = f"; nothing left to trade {ROBBED}: 'attack CARD'" if taken else \
            ": 'attack CARD' or 'reveal CARD' to trade"
    else:
        then = f"; no treasure left here {ROBBED}" if taken else ": 'attack CARD'"
    return [f"{name}: {enemy} = {kind}{f', life {life}' if life else ''}{then}"]


def move(game: HebracGame, action: Move) -> Done:
    name = parse_chamber(action.chamber, game.columns)
    situation.refuse_if_busy(game, "move")
    situation.refuse_if_teleported(game, f"move to {name}", name)
    chamber = game.chambers[name]
    if not chamber.visited:
        raise RuleRefused(f"{name} is unexplored: 'enter {name} ENEMY'", state.R_MAP)
    if chamber.enemy is not None and not chamber.enemy_gone:
        raise RuleRefused(f"{name} still has its guard: 'enter {name}'", state.R_MAP)
    place(game, name)
    return Move(name), [f"you walk to {name}"]


def place(game: HebracGame, name: str | None) -> None:
    """Where the player is: the one place it changes (entering, walking, Teleport, a new
    level, where it is nowhere until the first 'enter')."""
    game.position = name


def next_level(game: HebracGame, action: NextLevel) -> Done:
    situation.refuse_if_busy(game, "leave the level")
    situation.refuse_if_teleported(game, "leave the level")
    cleared, total = game.cleared_count(), len(game.chambers)
    if not situation.next_level_allowed(game):
        need = f"half the chambers ({(total + 1) // 2})" if game.setup.rules == "2005" \
            else "all chambers"
        raise RuleRefused(f"{cleared} of {total} chambers cleared: the next level needs "
                          f"{need}", state.R_LEVEL)
    return NextLevel(), go_to_next_level(game, f"{cleared} of {total} chambers cleared")


def go_to_next_level(game: HebracGame, why: str) -> list[str]:
    ended = sorted(game.effects)
    game.level += 1
    new_level_layout(game)
    lines = [f"{why}: level {game.level}, deal {2 * len(game.chambers)} new cards"]
    if ended:
        lines.append(f"ended with the level: {', '.join(ended)}")
    return lines


def new_level_layout(game: HebracGame) -> None:
    known, unseen = ledger.on_table(game)  # face-down cards never turned up go under too
    ledger.under(game, known, unseen)
    game.chambers = {name: Chamber(name) for name in chamber_names(game.columns)}
    game.deck_log.append(("deal", (), 2 * len(game.chambers)))
    place(game, None)
    game.encounter = None
    game.effects.clear()
    game.remote_vision = 0
    game.teleport_target = None


def leave_encounter(game: HebracGame, line: str) -> list[str]:
    encounter = game.encounter
    if encounter is None:
        return []
    ledger.under(game, encounter.prisoners)
    game.encounter = None
    return [line]


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
