"""Hebrac's Dungeon: casting spells, their payment and effects; the cards vision spells
show (see, peek)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import zip_longest
from typing import TYPE_CHECKING

from companion.cards import Card
from companion.errors import BadInput, NotationError, RuleRefused
from companion.hebrac import board, ledger, rules, situation, state
from companion.hebrac.grammar import Cast, Peek, See
from companion.hebrac.rules import Spell
from companion.hebrac.state import Done, Encounter, neighbours, parse_chamber, spell_rule, texts
from companion.numbers import whole

if TYPE_CHECKING:
    from companion.hebrac.engine import HebracGame


def cast(game: HebracGame, action: Cast) -> Done:
    spell = rules.find_spell(action.spell)
    count = action.units
    if count is not None:
        if not spell.unit:
            raise BadInput(f"{spell.name} takes no --count")
        count = whole(str(count), "--count", 1, 60)
    paid = [Card.parse(t) for t in action.paid]
    overpay = action.overpay
    situation.verify_cast(game, spell)
    verify_targets(game, spell, action.targets)
    ledger.require_held(game, paid, "magic potion")
    paid, count = payment(game, spell, paid, count, overpay)
    verdict = rules.check_spell_payment(spell, paid, scepter=game.scepter, count=count,
                                        overpay=overpay)
    if not verdict.legal:
        raise RuleRefused(verdict.reasons[0], state.R_SPELLS)
    targets = check_effect(game, spell, action.targets, paid)
    lines = list(verdict.reasons)
    if action.spell.lower().startswith("levit"):
        lines.insert(0, f"Levitation is the 2005 text's name for Teleport ({spell.cost} points)")
    # Paid before it acts: a genie's black queen cannot take the payment. The first
    # edition put the payment under the Hand Deck after the spell acted.
    ledger.release(game, paid)
    if game.strict:
        ledger.under(game, paid)
    effect_lines = spell_effect(game, spell, targets, count)
    if not game.strict:
        ledger.under(game, paid)
    game.spells_cast.append(spell.id)
    if game.encounter is not None:
        game.encounter.spell_cast = True
    return Cast(spell.id, tuple(canonical_target(game, t) for t in targets), texts(paid),
                count if spell.unit else None, overpay), lines + effect_lines


def verify_targets(game: HebracGame, spell: Spell, targets: Sequence[str]) -> None:
    sid, cards, enemies = spell.id, spell.cards, spell.enemies
    needs = {"stealing-spirit": (0, 1, "cast stealing-spirit TREASURE"),
             "teleport": (1, 1, "cast teleport CHAMBER|next-level"),
             "genie-of-luck": (cards, cards, f"cast genie-of-luck CARD x{cards}"),
             "stone-statue": (1, enemies, f"cast stone-statue CHAMBER... (up to {enemies})"),
             "body-switch": (1, 2, "cast body-switch CARD [CHAMBER]")}
    low, high, usage = needs.get(sid, (0, 0, f"cast {sid} (no targets)"))
    if not low <= len(targets) <= high:
        raise BadInput(f"usage: {usage}")
    if sid == "stealing-spirit" and not targets and situation.ware_shown(game) is None:
        raise BadInput(f"usage: {usage}")
    if sid == "teleport" and targets[0].lower() != "next-level":
        parse_chamber(targets[0], game.columns)
    if sid == "stone-statue":
        names = [parse_chamber(t, game.columns) for t in targets]
        for name in names:
            if game.chambers[name].enemy_gone:  # a cleared chamber's too
                raise RuleRefused(f"{name} has no enemy left", spell_rule(spell))
        if len(set(names)) != len(names):
            raise BadInput("a chamber is named twice")


def check_effect(game: HebracGame, spell: Spell, targets: Sequence[str],
                  paid: Sequence[Card]) -> tuple[str, ...]:
    """Every refusal of the spell's effect, made before it is paid for (a refused cast
    changes nothing); the targets, with Stealing Spirit's known treasure filled in."""
    sid, encounter = spell.id, game.encounter
    if sid == "stealing-spirit":
        assert encounter is not None
        chamber = game.chambers[encounter.chamber]
        if not targets:  # the ware on show (verify_targets saw one) is not typed again
            targets = (str(situation.ware_shown(game)),)
        treasure = Card.parse(targets[0])
        situation.check_known_treasure(game, chamber, treasure)
        if chamber.treasure_gone:
            raise RuleRefused(f"{chamber.name} has no treasure left", spell_rule(spell))
        ledger.refuse_copies(game, [treasure] if chamber.treasure is None else [])
        ledger.check_room(game, [(treasure, ())], paid)
    elif sid == "illusion":
        assert encounter is not None and encounter.treasure is not None
        ledger.check_room(game, [(encounter.treasure, ())], paid)
    elif sid == "genie-of-luck":
        cards = [Card.parse(t) for t in targets]
        ledger.refuse_copies(game, cards)
        ledger.check_room(game, [(card, ()) for card in cards], paid)
    elif sid == "body-switch":
        ledger.refuse_copies(game, [Card.parse(targets[0])])
        if encounter is not None and encounter.stage != "treasure":
            if len(targets) > 1 and \
                    parse_chamber(targets[1], game.columns) != encounter.chamber:
                raise RuleRefused("in an encounter Body Switch replaces the enemy you face",
                                  spell_rule(spell))
            name = encounter.chamber  # its enemy may be stone already (1st ed.)
        elif len(targets) < 2:
            raise BadInput("usage: cast body-switch CARD CHAMBER (out of an encounter)")
        else:
            name = parse_chamber(targets[1], game.columns)
        if game.chambers[name].enemy_gone:
            raise RuleRefused(f"{name} has no enemy to replace", spell_rule(spell))
    return tuple(targets)


def payment(game: HebracGame, spell: Spell, paid: list[Card], count: int | None,
            overpay: bool) -> tuple[list[Card], int]:
    """The potions a cast pays and the units they buy (1 but for a per-unit spell): as
    typed, or filled in as the rules buy them; refused when nothing held will do (the
    check of a spell asks here too, so it agrees with the game)."""
    if spell.unit and not game.strict:
        if paid and count is None:  # the first edition: what the payment covers
            count = max(1, ledger.points(game, paid) // spell.cost)
    elif spell.unit and (count is None or not paid):
        paid, count = unit_purchase(game, spell, paid, count, overpay)
    count = count or 1
    if not paid:
        paid = cheapest(game, spell, count, str(spell.cost * count))
    return paid, count


def cheapest(game: HebracGame, spell: Spell, count: int, cost: str) -> list[Card]:
    """The cheapest payment of ``count`` units, or a refusal saying what they ``cost``."""
    potions = [c for c in game.inventory if rules.is_magic_potion(c)]
    chosen = rules.cheapest_payment(potions, spell.cost * count, game.scepter)
    if chosen is None:
        raise RuleRefused(f"{spell.name} costs {cost}: you have {game.magic_points} magic "
                          "points", state.R_SPELLS)
    return list(chosen)


def useful_units(game: HebracGame, spell: Spell) -> tuple[int | None, str]:
    """How many units of a per-unit spell can still be used, and why (None: no cap)."""
    if spell.id == "healing":
        missing = max(0, game.max_life - game.life)
        if not missing:
            return 0, f"life is at its maximum, {game.life}/{game.max_life}"
        return missing, f"life {game.life}/{game.max_life}: {missing} missing"
    if spell.id == "remote-vision":
        free = sorted(game.effects & {"revelation", "god-vision"})
        if free:
            return 0, f"{rules.spells()[free[0]].name} shows every enemy of this level already"
        unknown = sum(1 for c in game.chambers.values()
                      if c.enemy is None and not c.visited and not c.enemy_gone)
        useful = max(0, unknown - game.remote_vision)
        unused = f", {game.remote_vision} vision(s) unused" if game.remote_vision else ""
        return useful, f"{unknown} unknown enem{'y' if unknown == 1 else 'ies'}{unused}"
    if spell.id == "future-perception":
        deck = ledger.hand_deck_size(game)
        useful = max(0, deck - len(game.deck_top) - game.future_perception)
        return useful, f"{useful} Hand Deck card{'s' if useful != 1 else ''} not yet seen"
    return None, ""


def unit_purchase(game: HebracGame, spell: Spell, paid: list[Card], count: int | None,
                   overpay: bool) -> tuple[list[Card], int]:
    """Fill in the payment or the count of a per-unit spell. Points are never thrown away
    unasked: a payment covering a unit more than can be used is refused unless --overpay
    accepts the loss."""
    useful, why = useful_units(game, spell)
    cost, unit = spell.cost, spell.unit
    rule = state.R_UNITS
    if useful == 0:
        raise RuleRefused(f"{spell.name} would do nothing: {why}", rule)
    if count is not None and useful is not None and count > useful and not overpay:
        raise RuleRefused(f"{spell.name} --count {count}: {why}; --count {useful} "
                          "(or --overpay)", rule)
    if not paid and count is None:
        potions = [c for c in game.inventory if rules.is_magic_potion(c)]
        chosen = rules.unit_payment(potions, cost, useful, game.scepter)
        if chosen is None:
            raise RuleRefused(f"{spell.name} costs {cost} per {unit}: you have "
                              f"{game.magic_points} magic points", state.R_SPELLS)
        paid, count = list(chosen[0]), chosen[1]
    elif not paid:
        assert count is not None
        paid = cheapest(game, spell, count, f"{cost * count} ({count} x {cost})")
    else:
        covered = ledger.points(game, paid) // cost
        count = max(1, covered if useful is None else min(covered, useful))
    points = ledger.points(game, paid)
    lost = points - count * cost
    if lost >= cost and not overpay:
        spent = " + ".join(map(str, paid))
        units = unit if count == 1 or unit == "life" else f"{unit}s"
        more = points // cost
        capped = useful is not None and more > useful
        way = "" if capped else f"--count {more} uses them, or "
        why_count = f" ({why})" if capped else ""
        raise RuleRefused(f"{spell.name}: {spent} pays {points} for {count} {units} at "
                          f"{cost}{why_count}, {lost} lost: {way}add --overpay to cast "
                          "anyway", rule)
    return paid, count


def canonical_target(game: HebracGame, target: str) -> str:
    """A spell's target as a save writes it: next-level, a chamber or a card."""
    if target.lower() == "next-level":
        return "next-level"
    try:
        return parse_chamber(target, game.columns)
    except NotationError:
        return str(Card.parse(target))


def spell_effect(game: HebracGame, spell: Spell, targets: Sequence[str], count: int) -> list[str]:
    sid = spell.id
    encounter = game.encounter
    if sid == "remote-vision":
        unused = game.remote_vision
        game.remote_vision += count
        lines = [f"you may look at {count} unexplored enem{'y' if count == 1 else 'ies'}: "
                 "'see CHAMBER CARD'"]
        if unused:
            lines.append(f"looks add up: {unused} unused + {count} = {game.remote_vision} "
                         f"(rule {state.R_VISIONS})")
        return lines
    if sid == "future-perception":
        game.future_perception += count
        return [f"look at the top {count} Hand Deck card{'s' if count > 1 else ''}: "
                "'peek CARD...' records them"]
    if sid == "healing":
        before = game.life
        ledger.set_life(game, game.life + count)
        if game.life - before < count:
            return [f"heal {game.life - before} of {count}: {before} -> {game.life} "
                    f"(max {game.max_life})"]
        return [f"heal {count}: {before} -> {game.life}"]
    if sid in ("paralysis", "double-attack", "super-strength"):
        assert encounter is not None
        if sid == "paralysis":
            encounter.paralysis = rules.table()["battle"]["paralysis_rounds"]
            return [f"the enemy is frozen: the next {encounter.paralysis} rounds deal no damage"]
        if sid == "double-attack":
            encounter.double_attack = True
            return ["next round: 'attack CARD CARD'"]
        encounter.super_strength = True
        return ["attack cards count double for this battle"]
    if sid in ("anti-magic", "curse", "revelation", "god-vision"):
        game.effects.add(sid)
        what = {"anti-magic": "magicians cannot hurt you and priestesses cast nothing",
                "curse": "enemy life is halved, rounded up",
                "revelation": "you may look at every enemy: 'see CHAMBER CARD'",
                "god-vision": "you may look at every card: 'see CHAMBER ENEMY "
                              "--treasure CARD'"}[sid]
        lines = [f"{spell.name} until the level ends: {what}"]
        fights = ("battle", "adventurer") + ("trading",) * game.setup.evil
        if sid == "curse" and encounter is not None and rules.is_fighter(encounter.enemy) \
                and encounter.stage in fights:
            full = rules.enemy_life(encounter.enemy)
            lines.append(f"{encounter.enemy} faced too: life {full} -> "
                         f"{rules.enemy_life(encounter.enemy, True)} (rule {state.R_CURSE_FACED})")
        return lines
    if sid == "escape":
        assert encounter is not None
        name = encounter.chamber
        return board.leave_encounter(game, f"you escape {name}; its enemy waits face down") + [
            f"you stay at {name}, now visited: 'enter {name}' meets its enemy again "
            f"(rule {state.R_ESCAPED})"]
    if sid == "stealing-spirit":
        return stealing_spirit(game, Card.parse(targets[0]))
    if sid == "illusion":
        assert encounter is not None and encounter.treasure is not None
        want = encounter.treasure
        board.close_chamber(game, game.chambers[encounter.chamber], want,
                                encounter.enemy)
        lines = [f"the adventurer takes nothing for {want}"]
        if rules.trade_value(want) is None:  # a black queen
            lines.append("Illusion takes a black priestess too (--illusion-black-queen "
                         f"allowed, rule {state.R_ILLUSION_QUEEN})")
        return lines + board.gain(game, want, [], "trade")
    if sid == "body-switch":
        return body_switch(game, targets)
    if sid == "teleport":
        return teleport(game, targets[0])
    if sid == "hell-bomb":
        return hell_bomb(game)
    if sid == "genie-of-luck":
        return [f"the Genie of Luck gives {len(targets)} cards"] + \
            board.genie_cards(game, targets)
    if sid == "stone-statue":
        names = [parse_chamber(t, game.columns) for t in targets]
        ledger.remove_enemies(game, names)
        lines = [f"turned to stone: {' '.join(names)}; enter to take their treasures"]
        if encounter is not None and encounter.chamber in names and game.strict:
            return lines + guard_gone(game, encounter, "the enemy you face is stone: take "
                                      "the treasure ('take CARD')")
        return lines
    raise AssertionError(sid)  # every spell of the table is handled above


def stealing_spirit(game: HebracGame, treasure: Card) -> list[str]:
    encounter, chamber = board.treasure_known(game, treasure)
    chamber.treasure_gone = True
    lines = [f"you steal {treasure} from {chamber.name}"]
    if encounter.stage in ("merchant", "sale"):
        if not chamber.enemy_gone:  # not turned to stone already (first edition)
            ledger.under(game, [encounter.enemy])
        chamber.enemy_gone = True
        lines.append("the merchant vanishes; chamber cleared")
    else:
        if rules.enemy_kind(encounter.enemy) == "adventurer":
            chamber.robbed_adventurer = True
            lines.append(f"the adventurer will attack you if you come back (rule "
                         f"{state.R_ROBBED})")
        else:
            lines.append(f"its guard stays, face down: 'enter {chamber.name}' meets it "
                         f"again (rule {state.R_ESCAPED})")
    board.leave_encounter(game, "")
    return lines + board.gain(game, treasure, [], "spell")


def body_switch(game: HebracGame, targets: Sequence[str]) -> list[str]:
    new = Card.parse(targets[0])  # checked by check_effect
    ledger.see(game, [new], source="draw")
    encounter = game.encounter
    if encounter is not None and encounter.stage not in ("treasure",):
        old = encounter.enemy
        ledger.under(game, [old] + encounter.prisoners)
        encounter.prisoners = []
        chamber = game.chambers[encounter.chamber]
        chamber.enemy = new
        chamber.robbed_adventurer = False  # the one robbed is gone
        return [f"{old} is replaced by {new}"] + board.meet(game, chamber.name, new)
    name = parse_chamber(targets[1], game.columns)
    chamber = game.chambers[name]
    chamber.robbed_adventurer = False
    replaced = chamber.enemy  # None: replaced face down, unseen
    ledger.under(game, [replaced] if replaced else [], 0 if replaced else 1)
    chamber.enemy = new
    face = "face up" if chamber.visited else "face down"
    return [f"{name}'s enemy is now {new}, {face}"]


def teleport(game: HebracGame, target: str) -> list[str]:
    lines = board.leave_encounter(game, "you vanish from the chamber; what is left stays")
    if target.lower() == "next-level":
        return lines + board.go_to_next_level(game, "Teleport")
    name = parse_chamber(target, game.columns)
    chamber = game.chambers[name]
    board.place(game, name)  # inside at once: the map's @ and Hell Bomb's centre
    if chamber.cleared or (chamber.visited and chamber.enemy_gone):
        return lines + [f"you are in {name}"]
    game.teleport_target = name
    if situation.teleport_waiting(game) is not None:
        return lines + [f"teleported to {name}: '{situation.enter_text(game, name)}' turns up its "
                        f"enemy, nothing else first (rule {state.R_TELEPORTED})"]
    return lines + [f"teleported to {name}: 'enter {name} ENEMY'"]


def hell_bomb(game: HebracGame) -> list[str]:
    encounter = game.encounter
    centre = encounter.chamber if encounter else game.position
    assert centre is not None
    hit = [centre, *neighbours(centre, game.columns)]
    removed = [n for n in hit if not game.chambers[n].enemy_gone]
    if encounter is not None:
        ledger.under(game, encounter.prisoners)
        encounter.prisoners = []
    ledger.remove_enemies(game, removed)
    lines = [f"Hell Bomb on {' '.join(hit)}: enemies removed from "
             f"{' '.join(removed) or 'none'}; their treasures are free"]
    if encounter is not None:
        lines += guard_gone(game, encounter, "take the treasure: 'take CARD'")
    return lines


def guard_gone(game: HebracGame, encounter: Encounter, take: str) -> list[str]:
    """The enemy faced is gone (Hell Bomb, Stone Statue): no round is left for a late
    potion; ``take`` said when its treasure waits."""
    encounter.last_round = None
    return [f"{encounter.chamber} cleared" if board.guard_gone(game, encounter) else take]


def see(game: HebracGame, action: See) -> Done:
    """All the chambers named are checked, the looks they spend and the copies they show
    together, before any counts."""
    words = action.seen
    if len(words) > 2 and (len(words) % 2 or action.treasure):  # CHAMBER ENEMY CHAMBER...
        raise BadInput("usage: see CHAMBER ENEMY [CHAMBER ENEMY...] (pairs; "
                       "--treasure with one chamber only)")
    if not words:
        raise BadInput("usage: see CHAMBER [ENEMY] [--treasure CARD]")
    names = [parse_chamber(chamber, game.columns) for chamber in words[::2]]
    if len(set(names)) != len(names):
        raise BadInput("a chamber is named twice")
    free = sorted(game.effects & {"revelation", "god-vision"})  # the spells making looks free
    no_vision = "no vision to use: cast Remote Vision, Revelation or God Vision"
    looks = []  # each chamber looked at, with the enemy and the treasure seen (None: not)
    for name, enemy_text in zip_longest(names, words[1::2]):
        chamber = game.chambers[name]
        enemy = Card.parse(enemy_text) if enemy_text else None
        treasure = Card.parse(action.treasure) if action.treasure else None
        if treasure is not None and "god-vision" not in game.effects:
            raise RuleRefused("only God Vision shows treasures", "hebrac.spell.god-vision")
        if enemy is not None:
            if chamber.enemy is not None and chamber.enemy != enemy:
                raise RuleRefused(f"{name}'s enemy is {chamber.enemy}, not {enemy}", state.R_MAP)
            if chamber.enemy_gone or chamber.visited:
                raise RuleRefused(f"{name}'s enemy is not face down on the table", state.R_MAP)
            if not free and game.remote_vision < 1:
                raise RuleRefused(no_vision, "hebrac.spell.remote-vision")
        if treasure is not None:
            if chamber.treasure_gone:
                raise RuleRefused(f"{name}'s treasure is gone", state.R_MAP)
            if chamber.treasure is not None and chamber.treasure != treasure:
                raise RuleRefused(f"{name}'s treasure is {chamber.treasure}, not {treasure}",
                                  state.R_MAP)
        if enemy is None and treasure is None:
            raise BadInput("usage: see CHAMBER ENEMY [--treasure CARD]")
        looks.append((name, enemy, treasure))
    spent = sum(enemy is not None for _, enemy, _ in looks)
    if not free and spent > game.remote_vision:
        raise RuleRefused(no_vision, "hebrac.spell.remote-vision")
    ledger.refuse_copies(game, [  # the cards the looks turn up for the first time
        card for name, enemy, treasure in looks
        for card, known in ((enemy, game.chambers[name].enemy),
                            (treasure, game.chambers[name].treasure))
        if card is not None and known is None])
    lines: list[str] = []
    said: list[str] = []
    for name, enemy, treasure in looks:
        chamber = game.chambers[name]
        said.append(name)
        if enemy is not None:
            if chamber.enemy is None:
                ledger.see(game, [enemy])
            if not free:
                game.remote_vision -= 1
            chamber.enemy = enemy
            lines.append(f"{name}: the enemy is {enemy} ({rules.enemy_kind(enemy)})")
            said.append(str(enemy))
        if treasure is not None:
            if chamber.treasure is None:
                ledger.see(game, [treasure])
            chamber.treasure = treasure
            lines.append(f"{name}: the treasure is {treasure}")
    _, enemy, treasure = looks[0]  # pairs: each names an enemy, none a treasure
    # hebrac.ruling.visions: under Revelation or God Vision a look costs nothing, so Remote
    # Vision's looks left are kept; said when there are some
    if enemy and free and game.remote_vision:
        lines.append(f"free under {rules.spells()[free[0]].name}: no Remote Vision look spent, "
                     f"{game.remote_vision} left (rule {state.R_VISIONS})")
    return See(tuple(said), str(treasure) if treasure else None), lines


def peek(game: HebracGame, action: Peek) -> Done:
    cards = [Card.parse(t) for t in action.cards]
    if len(cards) > game.future_perception:
        raise RuleRefused(f"Future Perception shows {game.future_perception} more "
                          "card(s)", "hebrac.spell.future-perception")
    ledger.refuse_copies(game, cards)
    ledger.see(game, cards, source="peek")
    game.future_perception -= len(cards)
    game.deck_top = cards
    return Peek(texts(cards)), [
        f"top of the Hand Deck: {' '.join(map(str, cards))}"]
