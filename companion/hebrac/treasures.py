"""Hebrac's Dungeon: treasures won (take), genies, priestesses, potions drunk and cards
dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from companion.cards import Card
from companion.errors import BadInput, RuleRefused
from companion.hebrac import board, ledger, rules, view
from companion.hebrac.grammar import (
    Drop,
    Heal,
    Take,
    Use,
)
from companion.hebrac.state import (
    R_ANTI_MAGIC,
    R_ANTI_MAGIC_HEBRAC,
    R_ENCOUNTER,
    R_GENIE_BOUGHT,
    R_POTIONS,
    R_WHITE,
    Chamber,
    Done,
    Encounter,
    parse_chamber,
)

if TYPE_CHECKING:
    from companion.hebrac.engine import HebracGame


class Taking(NamedTuple):
    """A 'take' checked: the card, its extra words (a KS's chambers filled in when no
    choice is left), whose card it is ("prize", "genie" or "chamber")."""

    card: Card
    extras: Sequence[str]
    whose: str
    filled: bool


def check_take(game: HebracGame, action: Take) -> Taking:
    card = Card.parse(action.card)
    extras: Sequence[str] = action.extras
    filled = genie_of_death_targets(game, card, extras)
    if filled:
        extras = filled
    if game.pending == "hebrac-prize":
        ledger.check_room(game, [(card, extras)])
        ledger.refuse_copies(game, [card])
        check_gain(game, card, extras, "prize")
        return Taking(card, extras, "prize", bool(filled))
    genie = board.waiting_genie(game)
    if genie is not None:
        if card != genie:
            raise RuleRefused(f"{genie} {rules.numbers().kings[str(genie)]} acts first: "
                              f"{view.next_hint(game)}", R_GENIE_BOUGHT)
        ledger.check_room(game, [(card, extras)])
        check_gain(game, card, extras, "bought")
        return Taking(card, extras, "genie", bool(filled))
    if game.pending:
        board.refuse_if_busy(game, "take a treasure")
    encounter = game.encounter
    if encounter is None or encounter.stage not in ("treasure", "white-priestess"):
        hint = view.next_hint(game) if encounter else "'enter CHAMBER ENEMY' first"
        raise RuleRefused(f"no treasure to take now: {hint}", R_ENCOUNTER)
    chamber = game.chambers[encounter.chamber]
    if chamber.treasure_gone and game.strict:
        raise RuleRefused(f"{chamber.name}'s treasure is gone already", R_ENCOUNTER)
    check_known_treasure(game, chamber, card)
    ledger.refuse_copies(game, [card] if chamber.treasure is None else [])
    ledger.check_room(game, [(card, extras)])
    check_gain(game, card, extras, "chamber")
    return Taking(card, extras, "chamber", bool(filled))


def take(game: HebracGame, checked: Taking) -> Done:
    card, extras, whose, filled = checked
    if filled:
        game.notes.append(f"{' '.join(extras)}: the only unvisited chamber"
                          f"{'s' if len(extras) > 1 else ''} with an enemy")
    done = Take(str(card), canonical_extras(game, card, extras))
    if whose == "prize":
        ledger.see(game, [card], source="pick")
        game.pending = None
        lines = [f"Hebrac's prize: {card}"]
        lines += gain(game, card, extras, source="prize")
        return done, lines + next_game(game)
    if whose == "genie":
        game.pending = None
        return done, genie_acts(game, card, extras, source="bought") + next_game(game)
    encounter = game.encounter
    assert encounter is not None
    chamber = game.chambers[encounter.chamber]
    if chamber.treasure is None:
        ledger.see(game, [card])
    lines = [f"treasure of {chamber.name}: {card}"]
    if encounter.stage == "white-priestess":
        chamber.enemy_gone = True
        ledger.under(game, [encounter.enemy])
    close_chamber(game, chamber, card)
    return done, lines + gain(game, card, extras, source="chamber")


def genie_of_death_targets(game: HebracGame, card: Card, extras: Sequence[str]) -> list[str]:
    """The chambers a KS must take when no choice is left and none are named."""
    if extras or card != Card.parse("KS"):
        return []
    wanted = rules.numbers().genie_of_death_enemies
    candidates = [c.name for c in game.chambers.values()
                  if not c.visited and not c.enemy_gone]
    return candidates if len(candidates) <= wanted else []


def canonical_extras(game: HebracGame, card: Card, extras: Sequence[str]) -> tuple[str, ...]:
    if card == Card.parse("KS"):
        return tuple(parse_chamber(e, game.columns) for e in extras)
    return tuple(str(Card.parse(e)) for e in extras)


def check_known_treasure(game: HebracGame, chamber: Chamber, card: Card) -> None:
    if chamber.treasure is not None and chamber.treasure != card:
        raise RuleRefused(f"{chamber.name}'s treasure is {chamber.treasure}, seen before, "
                          f"not {card}", R_ENCOUNTER)


def close_chamber(game: HebracGame, chamber: Chamber, treasure: Card | None) -> None:
    """The chamber's treasure is resolved (taken or lost): the chamber is cleared."""
    if treasure is None and not chamber.treasure_gone:  # lost: under the Hand Deck
        ledger.under(game, [chamber.treasure] if chamber.treasure else [],
                    0 if chamber.treasure else 1)
    chamber.treasure = treasure or chamber.treasure
    chamber.treasure_gone = True
    chamber.enemy_gone = True
    if game.encounter and game.encounter.chamber == chamber.name:
        ledger.under(game, game.encounter.prisoners)
        game.encounter = None


def gain(game: HebracGame, card: Card, extras: Sequence[str], source: str) -> list[str]:
    """A treasure reaches the player: stored, or acting at once (queens, kings, jokers)."""
    numbers = rules.numbers()
    if card.is_joker:
        ledger.under(game, [card])
        if game.pending is None or not game.strict:  # the first edition: one game
            game.pending = "hebrac-game"
        else:  # another joker drawn at once: its game follows (hebrac.ruling.genie-of-luck)
            game.games_waiting += 1
        return ["Hebrac's game: 'play CARD' (red: pick any Hand Deck card; black: lose "
                f"{rules.numbers().black_card_damage} life) or 'refuse'",
                *anti_magic_hebrac(game)]
    if card.rank == 1:
        name = rules.numbers().aces[str(card)]
        if card in game.inventory:
            ledger.under(game, [card])
            return [f"{card} is a fake {name} (you hold one): discarded"]
        ledger.store(game, card)
        game.aces_found.append(str(card))
        lines = [f"{card} {name} into the inventory"]
        if card.suit == "H":
            lines.append(f"max life +{numbers.ruby_max_life}: {game.max_life}")
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
        return [f"{card} black priestess: " + priestess_theft(game, by_enemy=False)]
    if card.rank == 13:
        if not extras and source in ("merchant", "trade", "spell"):
            if genie_waits(game, card):
                game.pending = f"genie-{card}"  # hebrac.ruling.genie-bought
                return [f"{card} {rules.numbers().kings[str(card)]} acts at once: "
                        f"{genie_usage(game, card)}"]
            extras = genie_of_death_targets(game, card, [])  # no choice left: at once
            if extras:
                return genie_acts(game, card, extras, source) + [
                    f"no choice of chambers left: it acts at once (rule {R_GENIE_BOUGHT})"]
        return genie_acts(game, card, extras, source)
    ledger.store(game, card)
    assert card.suit is not None
    kind = rules.TREASURE_KINDS.get(card.suit, "prisoner") if card.rank != 11 else "prisoner"
    return [f"{card} {kind} into the inventory"]


def anti_magic_hebrac(game: HebracGame) -> list[str]:
    if "anti-magic" not in game.effects:
        return []
    return [f"Anti-Magic does not stop Hebrac's game (rule {R_ANTI_MAGIC_HEBRAC})"]


def check_gain(game: HebracGame, card: Card, extras: Sequence[str], source: str) -> None:
    """Refuse the words of a treasure won that ``gain`` could not act on (changes
    nothing): extra words for a card that takes none, a genie's cards or chambers."""
    if extras and (card.rank != 13 or card.suit in ("H", "C")):
        raise BadInput(f"only KD (three cards) and KS (three chambers) take extra words, "
                       f"not {card}")
    if card.rank != 13 or card.suit in ("H", "C") or (
            not extras and source in ("merchant", "trade", "spell")):
        return  # acts on its own line, or waits for its 'take'
    numbers = rules.numbers()
    if card.suit == "D":
        wanted = numbers.genie_of_luck_cards
        if len(extras) != wanted:
            raise BadInput(f"usage: take KD CARD CARD CARD (the {wanted} Hand Deck cards)")
        ledger.refuse_copies(game, [Card.parse(e) for e in extras])
        return
    wanted = numbers.genie_of_death_enemies
    targets = [parse_chamber(e, game.columns) for e in extras]
    candidates = genie_targets(game)
    if len(targets) != min(wanted, len(candidates)) or len(set(targets)) != len(targets):
        raise BadInput(f"usage: take KS CHAMBER x{min(wanted, len(candidates))} "
                       f"(unvisited: {' '.join(candidates) or 'none'})")
    for target in targets:
        if target not in candidates:
            raise RuleRefused(f"{target} is not an unvisited chamber with its enemy",
                              "hebrac.treasure.king-of-spades")


def genie_acts(game: HebracGame, card: Card, extras: Sequence[str], source: str) -> list[str]:
    """A genie acts (its words checked by ``check_gain``)."""
    numbers = rules.numbers()
    name = numbers.kings[str(card)]
    ledger.under(game, [card])
    if source == "genie":
        return [f"{card} {name} drawn for a genie: lost"]
    if card.suit == "H":
        game.genie_of_life += 1
        bonus = numbers.genie_of_life_max_life
        return [f"{card} {name}: max life +{bonus} for good, now {game.max_life}"]
    if card.suit == "C":
        game.effects.add("god-vision")
        return [f"{card} {name}: God Vision on this level ('see CHAMBER ENEMY "
                "[--treasure CARD]')"]
    if card.suit == "D":
        wanted = numbers.genie_of_luck_cards
        return [f"{card} {name}: {wanted} Hand Deck cards, acting in the order typed"] + \
            genie_cards(game, extras)
    targets = [parse_chamber(e, game.columns) for e in extras]
    board.remove_enemies(game, targets)
    return [f"{card} {name}: enemies of {' '.join(targets)} removed; their treasures "
            "wait until you enter"]


def genie_targets(game: HebracGame) -> list[str]:
    return [c.name for c in game.chambers.values() if not c.visited and not c.enemy_gone]


def genie_waits(game: HebracGame, card: Card) -> bool:
    """A Genie of Luck, or of Death with a choice of chambers, won without a 'take'
    line needs one to act."""
    wanted = rules.numbers().genie_of_death_enemies
    return card.suit == "D" or (card.suit == "S" and len(genie_targets(game)) > wanted)


def genie_usage(game: HebracGame, card: Card) -> str:
    numbers = rules.numbers()
    if card.suit == "D":
        wanted = numbers.genie_of_luck_cards
        return f"'take KD{' CARD' * wanted}' (the Hand Deck's top cards)"
    targets = genie_targets(game)
    wanted = min(numbers.genie_of_death_enemies, len(targets))
    return f"'take KS{' CHAMBER' * wanted}' (unvisited: {' '.join(targets)})"


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


def priestess_theft(game: HebracGame, by_enemy: bool) -> str:
    if "anti-magic" in game.effects:
        return "Anti-Magic holds: she steals nothing"
    victim = rules.theft_victim(game.inventory, by_enemy=by_enemy)
    which = "most" if by_enemy else "least"
    if victim is None:
        return "she finds nothing to steal"
    max_before, life_before = game.max_life, game.life
    ledger.release(game, [victim])
    ledger.under(game, [victim])
    rank = rules.theft_rank(victim)
    line = f"she steals {victim}, your {which} valuable (theft rank {rank} of 40)"
    if game.max_life < max_before:
        line += f"; max life {max_before} -> {game.max_life}, life {life_before} -> {game.life}"
    return line


def check_heal(game: HebracGame, action: Heal) -> Encounter:
    encounter = game.encounter
    if encounter is None or encounter.stage != "white-priestess":
        raise RuleRefused("only a white priestess (red queen) heals: "
                          f"{view.next_hint(game)}", R_WHITE)
    if "anti-magic" in game.effects:
        raise RuleRefused("Anti-Magic holds on this level: the priestess cannot heal",
                          R_ANTI_MAGIC)
    return encounter


def heal(game: HebracGame, encounter: Encounter) -> Done:
    chamber = game.chambers[encounter.chamber]
    ledger.under(game, [encounter.enemy])
    before = game.life
    ledger.set_life(game, game.max_life)
    close_chamber(game, chamber, None)
    return Heal(), [f"the priestess heals you: {before} -> {game.life}; she leaves "
                    "with the treasure"]


def check_use(game: HebracGame, action: Use) -> Card:
    card = Card.parse(action.card)
    if not (card.suit == "H" and card.is_pip):
        raise RuleRefused(f"{card} is not a life potion (hearts 2-10)", R_POTIONS)
    ledger.require_held(game, [card], "life potion")
    return card


def use(game: HebracGame, card: Card) -> Done:
    ledger.release(game, [card])
    ledger.under(game, [card])
    before = game.life
    ledger.set_life(game, game.life + card.rank)
    capped = f" (max {game.max_life})" if before + card.rank > game.max_life else ""
    return Use(str(card)), [
        f"life potion {card}: {before} + {card.rank} -> {game.life}{capped}"]


def check_drop(game: HebracGame, action: Drop) -> Card:
    card = Card.parse(action.card)
    ledger.require_held(game, [card], "card")
    return card


def drop(game: HebracGame, card: Card) -> Done:
    max_before, before = game.max_life, game.life
    ledger.release(game, [card])
    ledger.under(game, [card])
    line = f"{card} dropped"
    if game.max_life < max_before:
        line += f"; max life {max_before} -> {game.max_life}, life {before} -> {game.life}"
    return Drop(str(card)), [line]
