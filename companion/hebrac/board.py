"""Hebrac's Dungeon: the verbs played without magic. The map and moving on it (enter, move,
next-level), the encounter started on entering and what may come next; its battle rounds
(attack) and the late potion of the variant; treasures won (take), bought and traded
(adventurers' trades, merchants' sales, Hebrac's game); genies, priestesses, potions drunk
and cards dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from companion.cards import CARD_OF, CARD_TEXTS, Card
from companion.editions import at_least
from companion.errors import BadInput, RuleRefused
from companion.hebrac import grammar, ledger, rules, situation, state
from companion.hebrac.state import Chamber, Done, Encounter, chamber_names, parse_chamber, texts

if TYPE_CHECKING:
    from companion.hebrac.engine import HebracGame

ROBBED = f"(rule {state.R_ROBBED})"  # said where the treasure was taken before


def enter(game: HebracGame, action: grammar.Enter) -> Done:
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
        return grammar.Enter(name), [f"{name}: no guard left; take the treasure ('take CARD')"]
    if chamber.enemy is None:
        ledger.see(game, [enemy])
    chamber.enemy = enemy
    return grammar.Enter(name, str(enemy)), meet(game, name, enemy)


def meet(game: HebracGame, name: str, enemy: Card) -> list[str]:
    """Start the encounter with a chamber's enemy (on entering, or after a Body Switch)."""
    chamber = game.chambers[name]
    kind = rules.enemy_kind(enemy)
    spell_cast = game.encounter.spell_cast if game.encounter else False
    stage = rules.FIRST_STAGE.get(kind, "battle")
    if kind == "adventurer" and chamber.robbed_adventurer:
        stage = "battle"
    encounter = game.encounter = Encounter(name, enemy, stage, treasure=chamber.treasure,
                                           spell_cast=spell_cast)
    life = rules.enemy_life(enemy, "curse" in game.effects) if rules.is_fighter(enemy) else 0
    if stage == "treasure":  # no guard: an empty chamber, or a black priestess who steals
        if kind == "empty":
            lines, gone = [], f"{name}: {enemy} = empty chamber; "
        else:
            lines = [f"{name}: {enemy} = black priestess",
                     ledger.priestess_theft(game, by_enemy=True)]
            gone = "she is gone; "
        ledger.under(game, [enemy])
        # its treasure stolen before (Stealing Spirit, then Body Switch)
        left = f"no treasure left: {name} cleared" if guard_gone(game, encounter, game.strict) \
            else "take the treasure"
        return [*lines, gone + left]
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


def move(game: HebracGame, action: grammar.Move) -> Done:
    name = parse_chamber(action.chamber, game.columns)
    situation.refuse_if_busy(game, "move")
    situation.refuse_if_teleported(game, f"move to {name}", name)
    chamber = game.chambers[name]
    if not chamber.visited:
        raise RuleRefused(f"{name} is unexplored: 'enter {name} ENEMY'", state.R_MAP)
    if chamber.enemy is not None and not chamber.enemy_gone:
        raise RuleRefused(f"{name} still has its guard: 'enter {name}'", state.R_MAP)
    place(game, name)
    return grammar.Move(name), [f"you walk to {name}"]


def place(game: HebracGame, name: str | None) -> None:
    """Where the player is: the one place it changes (entering, walking, Teleport, a new
    level, where it is nowhere until the first 'enter')."""
    game.position = name


def next_level(game: HebracGame, action: grammar.NextLevel) -> Done:
    situation.refuse_if_busy(game, "leave the level")
    situation.refuse_if_teleported(game, "leave the level")
    cleared, total = game.cleared_count(), len(game.chambers)
    if not situation.next_level_allowed(game):
        need = f"half the chambers ({(total + 1) // 2})" if game.setup.rules == "2005" \
            else "all chambers"
        raise RuleRefused(f"{cleared} of {total} chambers cleared: the next level needs "
                          f"{need}", "hebrac.map.next-level")
    return grammar.NextLevel(), go_to_next_level(game, f"{cleared} of {total} chambers cleared")


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
    """The encounter ends (its prisoners go under the Hand Deck); ``line`` says how."""
    encounter = game.encounter
    if encounter is None:
        return []
    ledger.under(game, encounter.prisoners)
    game.encounter = None
    return [line]


BRACELET = Card(1, "S")  # the Ace of Spades: a bonus to every attack


def attack(game: HebracGame, action: grammar.Attack) -> Done:
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
    if saved:
        cards = tuple(map(CARD_OF.__getitem__, typed))
        potions: Sequence[Card] = ()
        prisoners: Sequence[Card] = ()
    else:
        cards = tuple(map(Card.parse, typed))
        potions = [Card.parse(t) for t in drunk]
        prisoners = [Card.parse(t) for t in called]
        ledger.require_held(game, potions, "strength potion")
        for card in potions:
            if not (card.suit == "S" and card.is_pip):
                raise RuleRefused(f"{card} is not a strength potion (spades 2-10)", state.R_POTIONS)
        for prisoner in prisoners:
            if prisoner.rank != 11:
                raise RuleRefused(f"{prisoner} is not a prisoner (a jack)", "hebrac.treasure.jack")
        if prisoners:
            ledger.require_held(game, [*prisoners, *potions], "card")
    ledger.refuse_copies(game, cards)
    # -- checked: the round is settled
    encounter.stage = "battle"  # an adventurer's battle starts with the first attack
    if prisoners or potions:
        ledger.release(game, [*prisoners, *potions])
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
    done = action if saved else grammar.Attack(texts(cards), texts(potions), texts(prisoners))
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
    ledger.under(game, [encounter.enemy])
    lines = []
    if encounter.prisoners:
        verb = "leaves" if len(encounter.prisoners) == 1 else "leave"
        lines.append(f"{' '.join(map(str, encounter.prisoners))} {verb} you")
        ledger.under(game, encounter.prisoners)
        encounter.prisoners = []
    if guard_gone(game, encounter):
        return [*lines, f"{encounter.chamber} cleared: its treasure was taken before (rule "
                        f"{state.R_ROBBED})"]
    return [*lines, "take the treasure: 'take CARD'"]


def guard_gone(game: HebracGame, encounter: Encounter, cleared: bool = True) -> bool:
    """The enemy faced is gone (beaten, yielding, stone, bombed, or a card that does not
    stay): its treasure waits for 'take', or, taken before, the chamber is cleared and the
    encounter over (True; ``cleared`` False: the first edition, which waited for 'take')."""
    chamber = game.chambers[encounter.chamber]
    chamber.enemy_gone = True
    encounter.stage = "treasure"
    if chamber.treasure_gone and cleared:
        game.encounter = None
        return True
    return False


def potion(game: HebracGame, action: grammar.Potion) -> Done:
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
    done = grammar.Potion(str(card))
    if total >= last.enemy_life:
        if encounter.stage == "battle":
            return done, [f"{text}: battle won, life {game.life}"] + battle_won(game)
        return done, [f"{text}, life {game.life}"]
    if untouched:
        return done, [f"{text}: lose {new_damage} life, {last.life_before} -> {game.life}"]
    return done, [f"{text}: lose {new_damage} life, not {lost}: {before} -> "
                  f"{game.life} (max {game.max_life}, rule {state.R_LATE_RULING})"]


def take(game: HebracGame, action: grammar.Take) -> Done:
    card = Card.parse(action.card)
    extras: Sequence[str] = action.extras
    filled = situation.genie_of_death_targets(game, card, extras)
    if filled:
        extras = filled
    pending = game.pending  # a prize, a genie bought, or none: the chamber's treasure
    if pending == "hebrac-prize":
        ledger.check_room(game, [(card, extras)])
        ledger.refuse_copies(game, [card])
    elif (genie := situation.waiting_genie(game)) is not None:
        if card != genie:
            raise RuleRefused(f"{genie} {rules.table()['kings'][str(genie)]} acts first: "
                              f"{situation.next_hint(game)}", state.R_GENIE_BOUGHT)
        ledger.check_room(game, [(card, extras)])
    else:
        if pending:  # Hebrac's game waits
            situation.refuse_if_busy(game, "take a treasure")
        encounter = game.encounter
        if encounter is None or encounter.stage not in ("treasure", "white-priestess"):
            hint = situation.next_hint(game) if encounter else "'enter CHAMBER ENEMY' first"
            raise RuleRefused(f"no treasure to take now: {hint}", state.R_ENCOUNTER)
        chamber = game.chambers[encounter.chamber]
        if chamber.treasure_gone and game.strict:
            raise RuleRefused(f"{chamber.name}'s treasure is gone already", state.R_ENCOUNTER)
        situation.check_known_treasure(game, chamber, card)
        ledger.refuse_copies(game, [card] if chamber.treasure is None else [])
        ledger.check_room(game, [(card, extras)])
    check_gain(game, card, extras)
    # checked: from here on the take is made
    if filled:
        game.notes.append(f"{' '.join(extras)}: the only unvisited chamber"
                          f"{'s' if len(extras) > 1 else ''} with an enemy")
    # KS names chambers, KD cards: said back in their usual spelling
    done = grammar.Take(str(card), tuple(parse_chamber(e, game.columns) if card.suit == "S"
                                         else str(Card.parse(e)) for e in extras))
    if pending == "hebrac-prize":
        ledger.see(game, [card], source="pick")
        game.pending = None
        lines = [f"Hebrac's prize: {card}", *gain(game, card, extras, source="prize")]
        return done, lines + next_game(game)
    if pending:
        game.pending = None
        return done, genie_acts(game, card, extras, source="bought") + next_game(game)
    encounter, chamber = treasure_known(game, card)
    lines = [f"treasure of {chamber.name}: {card}"]
    priestess = encounter.enemy if encounter.stage == "white-priestess" else None
    close_chamber(game, chamber, card, priestess)
    return done, lines + gain(game, card, extras, source="chamber")


def treasure_known(game: HebracGame, card: Card) -> tuple[Encounter, Chamber]:
    """The encounter and its chamber, whose treasure is ``card`` from now on (seen now
    when it was not known)."""
    encounter = game.encounter
    assert encounter is not None
    chamber = game.chambers[encounter.chamber]
    if chamber.treasure is None:
        ledger.see(game, [card])
    chamber.treasure = card
    return encounter, chamber


def close_chamber(game: HebracGame, chamber: Chamber, treasure: Card | None,
                  enemy: Card | None = None) -> None:
    """The chamber's treasure is resolved (taken or lost), the ``enemy`` still there
    leaves, under the Hand Deck first: the chamber is cleared."""
    if enemy is not None:
        ledger.under(game, [enemy])
    if treasure is None and not chamber.treasure_gone:  # lost: under the Hand Deck
        ledger.under(game, [chamber.treasure] if chamber.treasure else [],
                    0 if chamber.treasure else 1)
    chamber.treasure = treasure or chamber.treasure
    chamber.treasure_gone = True
    chamber.enemy_gone = True
    if game.encounter and game.encounter.chamber == chamber.name:
        leave_encounter(game, "")


def gain(game: HebracGame, card: Card, extras: Sequence[str], source: str) -> list[str]:
    """A treasure reaches the player: stored, or acting at once (queens, kings, jokers)."""
    found = rules.table()
    if card.is_joker:
        ledger.under(game, [card])
        if game.pending is None or not game.strict:  # the first edition: one game
            game.pending = "hebrac-game"
        else:  # another joker drawn at once: its game follows (hebrac.ruling.genie-of-luck)
            game.games_waiting += 1
        return ["Hebrac's game: 'play CARD' (red: pick any Hand Deck card; black: lose "
                f"{found['hebrac_game']['black_card_damage']} life) or 'refuse'",
                *situation.anti_magic_hebrac(game)]
    if card.rank == 1:
        name = found["aces"][str(card)]
        if card in game.inventory:
            ledger.under(game, [card])
            return [f"{card} is a fake {name} (you hold one): discarded"]
        ledger.store(game, card)
        lines = [f"{card} {name} into the inventory"]
        if card.suit == "H":
            lines.append(f"max life +{found['treasure']['ruby_max_life']}: {game.max_life}")
        held = len({c for c in game.inventory if c.rank == 1})
        lines.append(f"aces held: {held} of 4" + (": you win!" if held == 4 else ""))
        return lines
    if card.rank == 12:
        ledger.under(game, [card])
        if "anti-magic" in game.effects:
            return [f"{card}: Anti-Magic holds on this level, the priestess does nothing"]
        if card.is_red:
            before = game.life
            ledger.set_life(game, game.max_life)
            return [f"{card} white priestess heals you: {before} -> {game.life}"]
        return [f"{card} black priestess: " + ledger.priestess_theft(game, by_enemy=False)]
    if card.rank == 13:
        if not extras and source in ("merchant", "trade", "spell"):
            targets, wanted = situation.genie_targets(game)
            choice = wanted < len(targets)  # KS: pick
            if card.suit == "D" or (card.suit == "S" and choice):  # waits for its 'take'
                game.pending = f"genie-{card}"  # hebrac.ruling.genie-bought
                return [f"{card} {found['kings'][str(card)]} acts at once: "
                        f"{situation.genie_usage(game, card)}"]
            if card.suit == "S" and targets:  # no choice left: at once
                return genie_acts(game, card, targets, source) + [
                    f"no choice of chambers left: it acts at once (rule {state.R_GENIE_BOUGHT})"]
        return genie_acts(game, card, extras, source)
    ledger.store(game, card)
    assert card.suit is not None
    kind = rules.TREASURE_KINDS.get(card.suit, "prisoner") if card.rank != 11 else "prisoner"
    return [f"{card} {kind} into the inventory"]


def check_gain(game: HebracGame, card: Card, extras: Sequence[str]) -> None:
    """Refuse the words of a treasure taken that ``gain`` could not act on (changes
    nothing): extra words for a card that takes none, a genie's cards or chambers."""
    if extras and (card.rank != 13 or card.suit in ("H", "C")):
        raise BadInput(f"only KD (three cards) and KS (three chambers) take extra words, "
                       f"not {card}")
    if card.rank != 13 or card.suit in ("H", "C"):
        return  # acts on its own
    treasure = rules.table()["treasure"]
    if card.suit == "D":
        wanted = treasure["genie_of_luck_cards"]
        if len(extras) != wanted:
            raise BadInput(f"usage: take KD CARD CARD CARD (the {wanted} Hand Deck cards)")
        ledger.refuse_copies(game, [Card.parse(e) for e in extras])
        return
    targets = [parse_chamber(e, game.columns) for e in extras]
    candidates, wanted = situation.genie_targets(game)
    if len(targets) != wanted or len(set(targets)) != len(targets):
        raise BadInput(f"usage: take KS CHAMBER x{wanted} "
                       f"(unvisited: {' '.join(candidates) or 'none'})")
    for target in targets:
        if target not in candidates:
            raise RuleRefused(f"{target} is not an unvisited chamber with its enemy",
                              "hebrac.treasure.king-of-spades")


def genie_acts(game: HebracGame, card: Card, extras: Sequence[str], source: str) -> list[str]:
    """A genie acts (its words checked by ``check_gain``)."""
    treasure = rules.table()["treasure"]
    name = rules.table()["kings"][str(card)]
    ledger.under(game, [card])
    if source == "genie":
        return [f"{card} {name} drawn for a genie: lost"]
    if card.suit == "H":
        game.genie_of_life += 1
        bonus = treasure["genie_of_life_max_life"]
        return [f"{card} {name}: max life +{bonus} for good, now {game.max_life}"]
    if card.suit == "C":
        game.effects.add("god-vision")
        return [f"{card} {name}: God Vision on this level ('see CHAMBER ENEMY "
                "[--treasure CARD]')"]
    if card.suit == "D":
        wanted = treasure["genie_of_luck_cards"]
        return [f"{card} {name}: {wanted} Hand Deck cards, acting in the order typed"] + \
            genie_cards(game, extras)
    targets = [parse_chamber(e, game.columns) for e in extras]
    ledger.remove_enemies(game, targets)
    return [f"{card} {name}: enemies of {' '.join(targets)} removed; their treasures "
            "wait until you enter"]


def next_game(game: HebracGame) -> list[str]:
    """The next joker's game, when several were drawn at once."""
    if game.pending is None and game.games_waiting:
        game.games_waiting -= 1
        game.pending = "hebrac-game"
        return ["the next joker: Hebrac's game again, 'play CARD' or 'refuse'"]
    return []


def genie_cards(game: HebracGame, extras: Sequence[str]) -> list[str]:
    cards = [Card.parse(e) for e in extras]  # checked by refuse_copies before
    ledger.see(game, cards, source="draw")
    lines = []
    for drawn in cards:
        lines += [f"  {line}" for line in gain(game, drawn, [], source="genie")]
    return lines


def heal(game: HebracGame, action: grammar.Heal) -> Done:
    encounter = game.encounter
    if encounter is None or encounter.stage != "white-priestess":
        raise RuleRefused("only a white priestess (red queen) heals: "
                          f"{situation.next_hint(game)}", state.R_WHITE)
    if "anti-magic" in game.effects:
        raise RuleRefused("Anti-Magic holds on this level: the priestess cannot heal",
                          "hebrac.spell.anti-magic")
    before = game.life
    ledger.set_life(game, game.max_life)
    close_chamber(game, game.chambers[encounter.chamber], None, encounter.enemy)
    return grammar.Heal(), [f"the priestess heals you: {before} -> {game.life}; she leaves "
                    "with the treasure"]


def use(game: HebracGame, action: grammar.Use) -> Done:
    card = Card.parse(action.card)
    if not (card.suit == "H" and card.is_pip):
        raise RuleRefused(f"{card} is not a life potion (hearts 2-10)", state.R_POTIONS)
    ledger.require_held(game, [card], "life potion")
    ledger.release(game, [card])
    ledger.under(game, [card])
    before = game.life
    ledger.set_life(game, game.life + card.rank)
    capped = f" (max {game.max_life})" if before + card.rank > game.max_life else ""
    return grammar.Use(str(card)), [
        f"life potion {card}: {before} + {card.rank} -> {game.life}{capped}"]


def drop(game: HebracGame, action: grammar.Drop) -> Done:
    card = Card.parse(action.card)
    ledger.require_held(game, [card], "card")
    lost = ledger.release(game, [card])
    ledger.under(game, [card])
    line = f"{card} dropped"
    return grammar.Drop(str(card)), [f"{line}; {', '.join(lost)}" if lost else line]


def reveal(game: HebracGame, action: grammar.Reveal) -> Done:
    card = Card.parse(action.card)
    encounter = game.encounter
    if encounter is None or encounter.stage not in ("adventurer", "merchant"):
        raise RuleRefused("only an adventurer's or a merchant's treasure is turned up "
                          "before it is won", state.R_TRADE)
    chamber = game.chambers[encounter.chamber]
    if chamber.treasure_gone:
        raise RuleRefused(f"{chamber.name}'s treasure was taken before: nothing to "
                          f"reveal ({situation.next_hint(game)})", state.R_ROBBED)
    situation.check_known_treasure(game, chamber, card)
    if chamber.treasure is None:
        ledger.refuse_copies(game, [card])
    return grammar.Reveal(str(card)), revealed(game, card)


def revealed(game: HebracGame, card: Card) -> list[str]:
    encounter, chamber = treasure_known(game, card)
    encounter.treasure = card
    if encounter.stage == "adventurer":
        encounter.stage = "trading"
        value = rules.trade_value(card)
        if value is None:
            illusion = card.rank != 1 and game.setup.illusion_black_queen == "allowed"
            return [rules.check_trade(card, []).reasons[0] + ": 'refuse'"
                    + (" or attack (evil)" if game.setup.evil else "")
                    + (" or 'cast illusion'" if illusion else "")]
        bag = " (the Bag of Meres pays: 'offer')" if game.holds("AD") else ""
        return [f"he offers {card}, worth {value}: 'offer CARD...' or 'refuse'{bag}"]
    encounter.stage = "sale"
    cost = rules.price(card)
    if cost is not None:
        paying = "the Bag of Meres pays" if game.holds("AD") else \
            f"you hold {game.gems} in gems"
        return [f"he sells {card} for {cost}: {paying}; 'buy CARD...' or 'refuse'"]
    if not game.strict:  # the first edition waited for 'refuse'
        return [rules.no_sale_reason(card) + ": 'refuse'"]
    blocked = situation.stealing_blocked(game)
    third = at_least(game.settings, state.THIRD)
    if third and blocked is None:  # hebrac.ruling.merchant-no-sale
        return [rules.no_sale_reason(card),
                f"Stealing Spirit may still take it: 'cast stealing-spirit {card}' or "
                f"'refuse' (rule {state.R_NO_SALE})"]
    close_chamber(game, chamber, None, encounter.enemy)  # no sale can happen: refused
    game.sold_out = chamber.name
    return [rules.no_sale_reason(card) + f"; both cards go under, {chamber.name} cleared",
            *([f"no Stealing Spirit: {blocked} (rule {state.R_NO_SALE})"] if third else [])]


def deal(game: HebracGame, action: grammar.Offer | grammar.Buy) -> Done:
    """An adventurer's trade ('offer') or a merchant's sale ('buy') the rules allow (else
    refused), paid with cards held, leaving room for what it brings."""
    cards = [Card.parse(t) for t in action.cards]
    encounter = game.encounter
    trade = isinstance(action, grammar.Offer)
    if encounter is None or encounter.stage != ("trading" if trade else "sale") or \
            encounter.treasure is None:
        if trade:
            raise RuleRefused("no trade under way: 'reveal CARD' an adventurer's treasure "
                              "first", state.R_TRADE)
        raise RuleRefused("no merchant's ware on show: 'reveal CARD' first", state.R_MERCHANT)
    want = encounter.treasure
    bag = game.holds("AD")
    if trade:
        verdict = rules.check_trade(want, cards, bag=bag, ace_value=game.setup.ace_offer_value,
                                    bag_partial=game.setup.bag_partial)
        short = verdict.data.get("value") is not None
    else:
        verdict = rules.check_payment(want, cards, bag=bag, bag_partial=game.setup.bag_partial)
        short = "paid" in verdict.data
    if not verdict.legal:
        rule = state.R_TRADE if trade else state.R_MERCHANT
        rule = "hebrac.ruling.bag-partial" if bag and cards and short else rule
        raise RuleRefused(verdict.reasons[0], rule)
    ledger.require_held(game, cards, "card" if trade else "gem")
    ledger.check_room(game, [(want, ())], cards)
    given, lines = cards, list(verdict.reasons)
    lines += ledger.release(game, given)[:1]  # the Ruby traded away: its maximum
    ledger.under(game, given + [encounter.enemy])
    close_chamber(game, game.chambers[encounter.chamber], want)
    lines += gain(game, want, [], source="trade" if trade else "merchant")
    return type(action)(texts(given)), lines



def refuse(game: HebracGame, action: grammar.Refuse) -> Done:
    if game.sold_out and game.encounter is None and not game.pending:
        # just after a merchant with nothing to sell closed: said so, not refused
        return action, [f"{game.sold_out} is cleared already: the merchant had nothing to "
                        f"sell (rule {state.R_SOLD_OUT})"]
    if game.pending == "hebrac-game":
        game.pending = None
        return action, ["you decline Hebrac's game; he leaves", *next_game(game)]
    if game.pending:
        situation.refuse_if_busy(game, "refuse")
    encounter = game.encounter
    if encounter is None or encounter.stage not in ("trading", "sale", "merchant", "hebrac"):
        raise RuleRefused(f"nothing to refuse now: {situation.next_hint(game)}", state.R_ENCOUNTER)
    chamber = game.chambers[encounter.chamber]
    if encounter.stage != "merchant":
        gone = "the treasure is lost"
    elif chamber.treasure_gone:
        gone = "the merchant leaves"
    else:  # hebrac.ruling.merchant-unseen
        gone = "the merchant leaves, his ware unseen under the Hand Deck"
    close_chamber(game, chamber, None, encounter.enemy)
    return action, [f"{chamber.name}: {gone}; chamber cleared"]


def play(game: HebracGame, action: grammar.Play) -> Done:
    card = Card.parse(action.card)
    encounter = game.encounter
    as_enemy = encounter is not None and encounter.stage == "hebrac" and not game.pending
    if game.pending != "hebrac-game" and not as_enemy:
        raise RuleRefused("Hebrac offers no game now", state.R_HEBRAC)
    if card.is_joker:
        raise RuleRefused("a joker has no colour: turn the next card", state.R_HEBRAC)
    ledger.refuse_copies(game, [card])
    done, damage = grammar.Play(str(card)), rules.table()["hebrac_game"]["black_card_damage"]
    ledger.see(game, [card], source="draw")
    ledger.under(game, [card])
    before = game.life
    if card.is_red and not as_enemy:
        game.pending = "hebrac-prize"
        return done, [f"{card} is red: pick any Hand Deck card, 'take CARD'"]
    if card.is_red and encounter is not None:
        ledger.under(game, [encounter.enemy])
        left = f"no treasure left: {encounter.chamber} cleared" \
            if guard_gone(game, encounter, game.strict) else "take the treasure"
        return done, [f"{card} is red: Hebrac yields; {left}"]
    ledger.set_life(game, game.life - damage)
    black = f"{card} is black: lose {damage} life, {before} -> {game.life}"
    if as_enemy and encounter is not None:
        close_chamber(game, game.chambers[encounter.chamber], None, encounter.enemy)
        return done, [f"{black}; Hebrac leaves with the treasure"]
    game.pending = None
    return done, [black, *(next_game(game) if game.life > 0 else [])]
