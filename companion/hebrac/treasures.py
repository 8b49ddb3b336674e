"""Hebrac's Dungeon: treasures won (take), bought and traded (adventurers' trades,
merchants' sales, Hebrac's game); genies, priestesses, potions drunk and cards dropped."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.cards import Card
from companion.editions import at_least
from companion.errors import BadInput, RuleRefused
from companion.hebrac import ledger, rules, situation, state
from companion.hebrac.grammar import Buy, Drop, Heal, Offer, Play, Refuse, Reveal, Take, Use
from companion.hebrac.state import Chamber, Done, Encounter, parse_chamber, texts

if TYPE_CHECKING:
    from companion.hebrac.engine import HebracGame


def take(game: HebracGame, action: Take) -> Done:
    card = Card.parse(action.card)
    extras: Sequence[str] = action.extras
    filled = situation.genie_of_death_targets(game, card, extras)
    if filled:
        extras = filled
    if game.pending == "hebrac-prize":
        ledger.check_room(game, [(card, extras)])
        ledger.refuse_copies(game, [card])
        whose = "prize"
    elif (genie := situation.waiting_genie(game)) is not None:
        if card != genie:
            raise RuleRefused(f"{genie} {rules.table()['kings'][str(genie)]} acts first: "
                              f"{situation.next_hint(game)}", state.R_GENIE_BOUGHT)
        ledger.check_room(game, [(card, extras)])
        whose = "bought"
    else:
        whose = "chamber"
        if game.pending:
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
    done = Take(str(card), tuple(parse_chamber(e, game.columns) if card.suit == "S"
                                 else str(Card.parse(e)) for e in extras))
    if whose == "prize":
        ledger.see(game, [card], source="pick")
        game.pending = None
        lines = [f"Hebrac's prize: {card}", *gain(game, card, extras, source="prize")]
        return done, lines + next_game(game)
    if whose == "bought":
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
        ledger.under(game, game.encounter.prisoners)
        game.encounter = None


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
            targets = situation.genie_targets(game)
            choice = len(targets) > found["treasure"]["genie_of_death_enemies"]  # KS: pick
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
    wanted = treasure["genie_of_death_enemies"]
    targets = [parse_chamber(e, game.columns) for e in extras]
    candidates = situation.genie_targets(game)
    if len(targets) != min(wanted, len(candidates)) or len(set(targets)) != len(targets):
        raise BadInput(f"usage: take KS CHAMBER x{min(wanted, len(candidates))} "
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


def heal(game: HebracGame, action: Heal) -> Done:
    encounter = game.encounter
    if encounter is None or encounter.stage != "white-priestess":
        raise RuleRefused("only a white priestess (red queen) heals: "
                          f"{situation.next_hint(game)}", state.R_WHITE)
    if "anti-magic" in game.effects:
        raise RuleRefused("Anti-Magic holds on this level: the priestess cannot heal",
                          state.R_ANTI_MAGIC)
    before = game.life
    ledger.set_life(game, game.max_life)
    close_chamber(game, game.chambers[encounter.chamber], None, encounter.enemy)
    return Heal(), [f"the priestess heals you: {before} -> {game.life}; she leaves "
                    "with the treasure"]


def use(game: HebracGame, action: Use) -> Done:
    card = Card.parse(action.card)
    if not (card.suit == "H" and card.is_pip):
        raise RuleRefused(f"{card} is not a life potion (hearts 2-10)", state.R_POTIONS)
    ledger.require_held(game, [card], "life potion")
    ledger.release(game, [card])
    ledger.under(game, [card])
    before = game.life
    ledger.set_life(game, game.life + card.rank)
    capped = f" (max {game.max_life})" if before + card.rank > game.max_life else ""
    return Use(str(card)), [
        f"life potion {card}: {before} + {card.rank} -> {game.life}{capped}"]


def drop(game: HebracGame, action: Drop) -> Done:
    card = Card.parse(action.card)
    ledger.require_held(game, [card], "card")
    lost = ledger.release(game, [card])
    ledger.under(game, [card])
    line = f"{card} dropped"
    return Drop(str(card)), [f"{line}; {', '.join(lost)}" if lost else line]


def reveal(game: HebracGame, action: Reveal) -> Done:
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
    return Reveal(str(card)), revealed(game, card)


def revealed(game: HebracGame, card: Card) -> list[str]:
    encounter, chamber = treasure_known(game, card)
    encounter.treasure = card
    if encounter.stage == "adventurer":
        encounter.stage = "trading"
        value = rules.trade_value(card)
        if value is None:
            illusion = card.rank != 1 and situation.illusion_queen(game)
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


def deal(game: HebracGame, action: Offer | Buy) -> Done:
    """An adventurer's trade ('offer') or a merchant's sale ('buy') the rules allow (else
    refused), paid with cards held, leaving room for what it brings."""
    cards = [Card.parse(t) for t in action.cards]
    encounter = game.encounter
    trade = isinstance(action, Offer)
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
        rule = state.R_BAG_PARTIAL if bag and cards and short else rule
        raise RuleRefused(verdict.reasons[0], rule)
    ledger.require_held(game, cards, "card" if trade else "gem")
    ledger.check_room(game, [(want, ())], cards)
    given, lines = cards, list(verdict.reasons)
    lines += ledger.release(game, given)[:1]  # the Ruby traded away: its maximum
    ledger.under(game, given + [encounter.enemy])
    close_chamber(game, game.chambers[encounter.chamber], want)
    lines += gain(game, want, [], source="trade" if trade else "merchant")
    return type(action)(texts(given)), lines



def refuse(game: HebracGame, action: Refuse) -> Done:
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
    robbed = chamber.treasure_gone
    close_chamber(game, chamber, None, encounter.enemy)
    if encounter.stage == "merchant" and robbed:
        return action, [f"{chamber.name}: the merchant leaves; chamber cleared"]
    if encounter.stage == "merchant":  # hebrac.ruling.merchant-unseen
        return action, [f"{chamber.name}: the merchant leaves, his ware unseen under the "
                        "Hand Deck; chamber cleared"]
    return action, [f"{chamber.name}: the treasure is lost; chamber cleared"]


def play(game: HebracGame, action: Play) -> Done:
    card = Card.parse(action.card)
    encounter = game.encounter
    as_enemy = encounter is not None and encounter.stage == "hebrac" and not game.pending
    if game.pending != "hebrac-game" and not as_enemy:
        raise RuleRefused("Hebrac offers no game now", state.R_HEBRAC)
    if card.is_joker:
        raise RuleRefused("a joker has no colour: turn the next card", state.R_HEBRAC)
    ledger.refuse_copies(game, [card])
    done, damage = Play(str(card)), rules.table()["hebrac_game"]["black_card_damage"]
    ledger.see(game, [card], source="draw")
    ledger.under(game, [card])
    before = game.life
    if as_enemy:
        assert encounter is not None
        if card.is_red:
            ledger.under(game, [encounter.enemy])
            chamber = game.chambers[encounter.chamber]
            chamber.enemy_gone = True
            encounter.stage = "treasure"
            if chamber.treasure_gone and game.strict:
                game.encounter = None
                return done, [f"{card} is red: Hebrac yields; no treasure left: "
                              f"{chamber.name} cleared"]
            return done, [f"{card} is red: Hebrac yields; take the treasure"]
        ledger.set_life(game, game.life - damage)
        close_chamber(game, game.chambers[encounter.chamber], None, encounter.enemy)
        return done, [f"{card} is black: lose {damage} life, {before} -> {game.life}; "
                      "Hebrac leaves with the treasure"]
    if card.is_red:
        game.pending = "hebrac-prize"
        return done, [f"{card} is red: pick any Hand Deck card, 'take CARD'"]
    game.pending = None
    ledger.set_life(game, game.life - damage)
    return done, [f"{card} is black: lose {damage} life, {before} -> {game.life}",
                  *(next_game(game) if game.life > 0 else [])]

