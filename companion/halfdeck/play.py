"""Half Deck: each verb of ``companion.halfdeck.grammar``, ruled by the function of its
name here: it checks first, then changes the game through ``HalfDeckGame``'s one place
for each quantity. The arithmetic every roll shares is here too (gear bonus, what a hero
needs on the die)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain

from companion import names
from companion.errors import BadInput, RuleRefused
from companion.game import plural
from companion.halfdeck import grammar
from companion.halfdeck.cards import (
    BOSS,
    DUNGEON_KINDS,
    ENDGAME_BOSS,
    ENDGAME_TREASURE,
    FOES,
    GEAR,
    HERO,
    LETTER,
    MINION,
    MISC,
    ONE_NUMBER,
    STRENGTH,
    TRAP,
    CardInfo,
    card_name,
)
from companion.halfdeck.engine import (
    RED_DECK,
    RED_DISCARD,
    RED_GONE,
    RED_MET,
    RED_REMOVED,
    THE_DECK,
    THE_DISCARD,
    THE_DUNGEON,
    THE_REMOVED,
    Done,
    Encounter,
    Gear,
    HalfDeckGame,
    Hero,
    Place,
    Roll,
    hand_of,
    in_play,
    worn,
)
from companion.halfdeck.grammar import GRAMMAR
from companion.halfdeck.rules import (
    ASSIST_EDITION,
    DUNGEON_NUMBERS,
    HERO_NUMBERS,
    LOOT_NUMBERS,
    R_HEROES,
    die,
    enemy_life,
    gear_bonus,
    in_range,
    known,
    table,
)

# Rulebook section ids named by refusals.
R_HAND = "halfdeck.round.hand"
R_MULLIGAN = "halfdeck.round.mulligan"
R_REDRAW = "halfdeck.round.redraw"
R_GEAR = "halfdeck.gear.one-per-hero"
R_ONE_USE = "halfdeck.gear.one-use"
R_DRAW = "halfdeck.round.dungeon"
R_COMBAT = "halfdeck.combat.roll"
R_ASSIST = "halfdeck.combat.assist"
R_ESCAPE = "halfdeck.combat.forced-escape"
R_TRAP = "halfdeck.trap.challenge"
R_TEAM = "halfdeck.team.cards"
R_ENDGAME = "halfdeck.endgame.cards"
R_COOP = "halfdeck.coop.players"
R_TRADE = "halfdeck.coop.trading"
R_DECKS = "halfdeck.decks.reshuffle"
R_RESCUE = "halfdeck.custom.rescue"
R_ASSIST_RULE = "halfdeck.ruling.assist"
R_RESCUE_FULL = "halfdeck.ruling.rescue-full"


# -- hand ---------------------------------------------------------------------------------
def hand(state: HalfDeckGame, action: grammar.Hand) -> Done:
    # A card drawn may be new to the game: each word is one card, as typed (the CLI
    # groups unquoted multi-word names it knows before they get here).
    cards = [state.team_name(card_name(a)) for a in action.cards]
    due = [p for p in state.player_numbers if state.owed[p] > 0]
    player = state.player(action.player,
                          due[0] if len(due) == 1 or not state.coop and due else None)
    owed = state.owed[player]
    if owed < len(cards):
        whose = f"player {player}" if state.coop else "you"
        several = ("; a new name of several words is one card when quoted or joined "
                   "with _ (steel_sword)" if len(cards) > owed > 0 else "")
        raise RuleRefused(f"{len(cards)} named, {owed} due to {whose} (a hero card is "
                          "drawn for the start hand, loot or a redraw; each name is one "
                          f"card){several}", R_HAND)
    check_drawn(state, cards)
    who = f"player {player} draws" if state.coop else "drawn"
    lines = [f"{who}: {', '.join(cards)}"]
    for name in cards:
        lines += state.move(name, THE_DECK, hand_of(player))
    state.owed[player] -= len(cards)
    if state.owed[player]:
        lines.append(f"{state.owed[player]} more to draw")
    lines.append(f"hero deck {state.hero_deck}")
    return grammar.Hand(tuple(cards), state.player_option(player)), lines


def check_drawn(state: HalfDeckGame, cards: Sequence[str], prisoner: bool = True) -> None:
    """Hero cards drawn from the deck: not the prisoner (when ``prisoner``), a team card's
    copies not all held or used, any other card in one place (not in play nor in a hand),
    and the deck holds them (its discard pile reshuffled if need be)."""
    if prisoner and state.rescue_left and state.rescue in cards:
        raise RuleRefused(f"{state.rescue} is the prisoner in the dungeon deck, not in the "
                          "hero deck", R_RESCUE)
    copies = table()["team"]["copies"]
    for team, used in state.team_used.items():
        held = sum(hand.count(team) for hand in state.hands.values())
        new = list(cards).count(team)
        if new and held + new + used > copies:
            raise RuleRefused(f"there are {copies} {team} cards: {held} held and "
                              f"{used} used already", R_TEAM)
    placed = {*chain.from_iterable(state.hands.values()), *state.in_play_names()}
    seen: set[str] = set()
    for name in cards:
        if name in state.team_used:
            continue
        if name in seen:
            raise RuleRefused(f"{name} is named twice: there is one {name} card", R_HAND)
        seen.add(name)
        if name in placed:
            raise RuleRefused(f"{name} is {state.place(name)} already: there is one {name} "
                              "card", R_HAND)
    if len(cards) > state.hero_deck + state.hero_discard:
        raise RuleRefused(f"only {state.hero_deck + state.hero_discard} hero cards are left "
                          "in the deck and its discard pile", R_DECKS)


# -- discard ------------------------------------------------------------------------------
def discard(state: HalfDeckGame, action: grammar.Discard) -> Done:
    cards = discarded(state, action.cards)
    state.check_named(cards)
    # --forced: a card's text makes the player discard: no redraw, any time.
    forced, played = action.forced, action.in_play
    if not forced:
        state.refuse_in_dungeon("discard by choice")
    player = discard_player(state, action.player, cards, played)
    hand = list(state.hands[player])
    from_hand: list[str] = []
    from_play: list[str] = []
    for name in cards:
        if not played and name in hand:
            hand.remove(name)
            from_hand.append(name)
        elif name in state.in_play_names():
            if name in from_play:
                raise BadInput(f"{name} is named twice")
            from_play.append(name)
        else:
            raise RuleRefused(f"{name} is not in {state.whose(player)} hand nor in play",
                              R_HAND)
    if from_hand and not forced:
        redraw(state, player, len(from_hand))  # the last check: it counts the redraw too
    lines: list[str] = []
    for name in from_hand:
        state.move(name, hand_of(player), THE_DISCARD)
    if from_hand:
        draws = "" if forced else f"; draw {len(from_hand)}: 'hand CARD...'"
        lines.append(f"discarded from the hand: {', '.join(from_hand)}{draws}")
    for name in from_play:
        lines += discard_in_play(state, name, death=forced)
    return grammar.Discard(tuple(cards), state.player_option(player), forced, played), lines


def discarded(state: HalfDeckGame, words: Sequence[str]) -> list[str]:
    """The cards a discard names: each word a card when each is one held or in play (as
    saves write them), else names read from the words (unquoted, prefixes)."""
    pool = list(dict.fromkeys(chain(
        chain.from_iterable(state.hands.values()), (h.name for h in state.heroes),
        (h.gear.name for h in state.heroes if h.gear is not None))))
    plain_names = [state.team_name(card_name(word)) for word in words]
    if all(name in pool for name in plain_names):
        return plain_names
    found: list[str] = []
    at = 0
    while at < len(words):
        name, count = names.lead(words[at:], pool, "card in a hand or in play")
        found.append(name or plain_names[at])
        at += count
    return found


def discard_player(state: HalfDeckGame, given: int | None, cards: Sequence[str],
                   played: bool) -> int:
    if not state.coop or given is not None:
        return state.player(given)
    holders = [p for p in state.player_numbers
               if all(n in state.hands[p] for n in cards)] if not played else []
    owners = {h.player for h in state.heroes
              if h.name in cards or (h.gear is not None and h.gear.name in cards)}
    candidates = holders or sorted(owners)
    if len(candidates) == 1:
        return candidates[0]
    raise BadInput(f"say whose cards these are: --player 1 to {state.players}")


def redraw(state: HalfDeckGame, player: int, count: int) -> None:
    """Cards discarded by choice, to draw again: checked against the first hand's redraw
    or the preparatory phase's limit, then counted and owed."""
    setup = table()["setup"]
    if state.round == 0:
        if player in state.mulliganed:
            raise RuleRefused("the first hand may be redrawn once only", R_MULLIGAN)
        low, high = setup["mulligan_min"], min(setup["mulligan_max"], state.start_hand)
        if not low <= count <= high:
            raise RuleRefused(f"a first-hand redraw is {low} to {high} cards", R_MULLIGAN)
        state.mulliganed.add(player)
    else:
        limit = setup["redraw_max"]
        done = state.redrawn.get(player, 0)
        if done + count > limit:
            raise RuleRefused(f"at most {limit} cards are discarded and redrawn per "
                              f"preparatory phase ({done} already)", R_REDRAW)
        state.redrawn[player] = done + count
    state.owed[player] += count


def discard_in_play(state: HalfDeckGame, name: str, *, death: bool) -> list[str]:
    for hero in state.heroes:
        if hero.name == name:
            if death:
                return state.dies(hero, "is discarded")
            return state.leaves(hero, "leaves for the discard pile")
        if hero.gear is not None and hero.gear.name == name:  # (no hero has a gear's name)
            state.move(name, worn(hero, hero.gear), THE_DISCARD)
            return [f"{name} of {hero.name} goes to the discard pile"]
    raise AssertionError(name)  # checked by discard


# -- loot ---------------------------------------------------------------------------------
def loot(state: HalfDeckGame, action: grammar.Loot) -> Done:
    most = table()["decks"]["hero_cards"]
    if not 1 <= action.loot <= most:
        raise BadInput(f"loot is 1 to {most} cards")
    cards, player = action.loot, state.player(action.player, state.drawer)
    return grammar.Loot(cards, state.player_option(player)), [owe_loot(state, cards, player)]


def owe_loot(state: HalfDeckGame, loot: int, player: int) -> str:
    """Loot: ``loot`` hero cards due to ``player`` (a card's, or as a text gives), said."""
    state.owed[player] += loot
    whom = f" for player {player}" if state.coop else ""
    return f"loot {loot}{whom}: draw {plural(loot, 'hero card')}, 'hand CARD...'"


# -- trade --------------------------------------------------------------------------------
def trade(state: HalfDeckGame, action: grammar.Trade) -> Done:
    first, second = action.first, action.second
    first_card = state.team_name(card_name(action.first_card))
    second_card = state.team_name(card_name(action.second_card))
    if not state.coop:
        raise RuleRefused("trading is between players of a co-op game", R_TRADE)
    state.check_named((state.held(first_card), state.held(second_card)))
    for player in (first, second):
        if player not in state.player_numbers:
            raise BadInput(f"players are 1 to {state.players}, not {player}")
    if first == second:
        raise BadInput("a trade is between two players")
    state.refuse_in_dungeon("trade")
    first_card = state.held(first_card, first)
    second_card = state.held(second_card, second)
    for player, card in ((first, first_card), (second, second_card)):
        if player in state.traded:
            raise RuleRefused(f"player {player} has traded in this preparatory phase",
                              R_TRADE)
        if card not in state.hands[player]:
            raise RuleRefused(f"{card} is not in player {player}'s hand", R_TRADE)
    state.move(first_card, hand_of(first), hand_of(second))
    state.move(second_card, hand_of(second), hand_of(first))
    state.traded |= {first, second}
    return grammar.Trade(first, first_card, second, second_card), [
        f"player {first} gives {first_card}, player {second} gives {second_card}"]


# -- hero ---------------------------------------------------------------------------------
def hero(state: HalfDeckGame, action: grammar.Hero) -> Done:
    pick = action.pick
    # Picked from the deck, a hero may be new to the game: its name is as typed.
    name = state.team_name(card_name(action.name))
    if name in state.team_used:
        raise RuleRefused(f"{name} is a team card: it is played from the hand, not put in "
                          "play as a hero", R_TEAM)
    name = name if pick else state.held(name)
    info = state.learn_card(name, HERO, in_range(action.strength, "str", *HERO_NUMBERS),
                            in_range(action.magic, "mag", *HERO_NUMBERS))
    state.refuse_in_dungeon("put a hero in play")
    if any(h.name == name for h in state.heroes):
        raise RuleRefused(f"{name} is in play already", R_HEROES)
    holders = [p for p in state.player_numbers if name in state.hands[p]]
    default = holders[0] if len(holders) == 1 else None
    if pick and state.coop and default is None:
        free = [p for p in state.player_numbers if p not in state.picked]
        default = free[0] if free else None
    player = state.player(action.player, default)
    old = state.hero(action.replace) if action.replace else None
    if old is not None and state.coop and old.player != player:
        raise RuleRefused(f"{old.name} is player {old.player}'s hero", R_COOP)
    limit = table()["heroes"]["max_in_play"]
    if old is None and len(state.heroes) >= limit:
        raise RuleRefused(f"{limit} heroes are in play: replace one with --replace HERO",
                          R_HEROES)
    if pick:
        if not state.coop or state.round != 0 or player in state.picked:
            raise RuleRefused("only in co-op, before the first round, each player picks "
                              "one hero from the hero deck", R_COOP)
        # picked from the deck: not one held already; the prisoner is not there (earlier
        # editions let it be picked, and rescued later a second time)
        check_drawn(state, [name], prisoner=state.config.edition >= 3)
    elif name not in state.hands[player]:
        hint = " (or --pick it from the deck)" if state.coop and state.round == 0 \
            and player not in state.picked else ""
        raise RuleRefused(f"{name} is not in {state.whose(player)} hand: 'hand {name}' "
                          f"first{hint}", R_HEROES)
    state.remember(info)
    # picked: from the deck (a reshuffle there is not said, as it never was)
    lines = [join(state, info, player, THE_DECK if pick else hand_of(player))]
    if pick:
        state.picked.add(player)
    if old:
        lines += state.leaves(old, "leaves for the discard pile")
    return grammar.Hero(name, known(info.strength), known(info.magic),
                        state.player_option(player), old.name if old else None, pick), lines


def join(state: HalfDeckGame, info: CardInfo, player: int, source: Place) -> str:
    """A hero card put in play, from ``source``, at full life: said."""
    hero = Hero(info.name, known(info.strength), known(info.magic), player,
                table()["heroes"]["life"])
    state.move(info.name, source, in_play(hero))
    owner = f" for player {player}" if state.coop else ""
    return f"{hero.name} (S{hero.strength} M{hero.magic}, life {hero.life}) joins the " \
           f"party{owner}"


# -- equip --------------------------------------------------------------------------------
def equip(state: HalfDeckGame, action: grammar.Equip) -> Done:
    hero, name = state.equipped(action.words)
    if name in state.team_used:
        raise RuleRefused(f"{name} is a team card: it is played from the hand, not "
                          "equipped", R_TEAM)
    strength = gear_bonus(action.strength, "str")
    magic = gear_bonus(action.magic, "mag")
    if strength is not None and magic is not None:
        raise BadInput("gear gives --str +N or --mag +N, not both")
    info = state.learn_card(name, GEAR, strength, magic, one_use=action.one_use)
    standby = action.standby
    if standby and not info.one_use:
        raise RuleRefused("only one-use gear waits on standby", R_ONE_USE)
    state.refuse_in_dungeon("equip gear")
    if hero.gear is not None:
        raise RuleRefused(f"{hero.name} carries {hero.gear.name} already: one gear per "
                          f"hero (discard {hero.gear.name} first)", R_GEAR)
    if name not in state.hands[hero.player]:
        raise RuleRefused(f"{name} is not in {state.whose(hero.player)} hand", R_GEAR)
    state.remember(info)
    attribute = info.attribute
    assert attribute is not None
    gear = Gear(name, attribute, info.number, info.one_use, standby)
    state.move(name, hand_of(hero.player), worn(hero, gear))
    base = hero.attribute(attribute)
    letter = LETTER[attribute]
    line = f"{hero.name} takes {name}: {letter}{base} + {info.number} = " \
           f"{letter}{base + info.number}"
    if standby:
        line = f"{hero.name} takes {name} on standby: no bonus until a boss"
    elif info.one_use:
        line += " for one roll"
    bonus = f"+{info.number}"
    return grammar.Equip((hero.name, name),
                         bonus if attribute == STRENGTH else None,
                         None if attribute == STRENGTH else bonus,
                         info.one_use, standby), [line]


# -- heal and hurt ------------------------------------------------------------------------
def heal(state: HalfDeckGame, action: grammar.Heal | grammar.Hurt) -> Done:
    """A hero a card's text heals or hurts, by 1 or more."""
    hero = state.hero(action.hero)
    if action.amount < 1:
        raise BadInput(f"{type(action).__name__.lower()} by 1 or more")
    before = hero.life
    life = before + (action.amount if isinstance(action, grammar.Heal) else -action.amount)
    top = table()["heroes"]["life"]
    capped = f" (at most {top})" if life > top else ""
    lines = state.set_lives([(hero, life)])
    return type(action)(hero.name, action.amount), [
        f"{hero.name} life {before} -> {hero.life}{capped}", *lines]


hurt = heal


# -- what every roll shares -----------------------------------------------------------------
def bonus(hero: Hero, encounter: Encounter) -> tuple[int, Gear | None]:
    gear = hero.gear
    # Standby gear waits for a boss; against anything else it gives nothing.
    if gear is None or gear.attribute != encounter.attribute or (
            gear.standby and encounter.kind not in (BOSS, ENDGAME_BOSS)):
        return 0, None
    return gear.bonus, gear


def needed(hero: Hero, encounter: Encounter) -> int:
    """What the hero needs on the die (more than its faces: out of reach)."""
    extra, _ = bonus(hero, encounter)
    return max(1, encounter.card.number - hero.attribute(encounter.attribute) - extra)


def can_attempt(state: HalfDeckGame, hero: Hero, encounter: Encounter) -> bool:
    if state.config.trap_needs == "attribute":
        return hero.attribute(encounter.attribute) > 0
    return needed(hero, encounter) <= table()["die"]["faces"]


def needs_line(encounter: Encounter, heroes: Sequence[Hero]) -> str:
    """What each hero needs on the die, so the player sees who should roll."""
    faces = table()["die"]["faces"]
    needs = [(hero.name, needed(hero, encounter)) for hero in heroes]
    return "needed on the die: " + ", ".join(
        f"{name} {need}+" if need <= faces else f"{name} no" for name, need in needs)


def team_card_holder(state: HalfDeckGame, card: str, given: int | None, hero: Hero) -> int:
    if given is not None:
        if given not in state.player_numbers:
            raise BadInput(f"--from must be from 1 to {state.players}")
        order = [given]
    else:
        order = [hero.player] + [p for p in state.player_numbers if p != hero.player]
    for player in order:
        if card in state.hands[player]:
            return player
    where = f"player {order[0]}'s hand" if given is not None else "a hand"
    raise RuleRefused(f"no {card} card in {where}", R_TEAM)


def play_team_card(state: HalfDeckGame, card: str, player: int) -> None:
    """A team card played from a hand: removed from play, and counted."""
    state.move(card, hand_of(player), THE_REMOVED)
    state.team_used[card] += 1


def spend_one_use(state: HalfDeckGame, hero: Hero, gear: Gear | None) -> list[str]:
    if gear is None or not gear.one_use:
        return []
    state.move(gear.name, worn(hero, gear), THE_REMOVED)
    return [f"{gear.name} is used up: removed from play"]


def sums(hero: Hero, die_value: int, encounter: Encounter,
         supporters: Sequence[Roll] = (), who: str = "") -> tuple[int, str, Gear | None]:
    """A roll's total, its arithmetic (``who``, else the hero: die + attribute + gear +
    supporters' dice = total) and the gear that counted."""
    attribute = encounter.attribute
    extra, gear = bonus(hero, encounter)
    parts = [str(die_value), f"{LETTER[attribute]}{hero.attribute(attribute)}"]
    if gear is not None:
        parts.append(f"{extra} {gear.name}")
    parts += [f"{s.hero.name} {s.die}" for s in supporters]
    total = die_value + hero.attribute(attribute) + extra + sum(s.die for s in supporters)
    return total, f"{who or hero.name} {' + '.join(parts)} = {total}", gear


# -- attack and team-attack -------------------------------------------------------------
def attack(state: HalfDeckGame, action: grammar.Attack | grammar.TeamAttack) -> Done:
    team = isinstance(action, grammar.TeamAttack)
    main = Roll(state.hero(action.hero), die(action.die))
    supporters = [Roll(state.hero(s.hero), die(s.die)) for s in action.assist]
    rolling = [main.hero.name] + [s.hero.name for s in supporters]
    if len(set(rolling)) != len(rolling):
        raise RuleRefused("each hero rolls once per attack", R_ASSIST)
    limit = table()["combat"]["support_attackers"]
    if team and not supporters:
        usage = GRAMMAR.verbs["team-attack"].usage_line()
        raise BadInput(f"usage: {usage} (a team attack has supporters)")
    if not team and len(supporters) > limit:
        raise RuleRefused(f"{limit} support attacker per roll without a team attack card",
                          R_ASSIST)
    encounter = state.encounter
    if encounter is None or encounter.kind not in FOES:
        what = "a trap is met with 'challenge HERO ROLL'" if encounter else \
            "no enemy is in play: 'draw NAME' turns up a dungeon card"
        raise RuleRefused(what, R_COMBAT)
    given_loot_to = action.loot_to if isinstance(action, grammar.Attack) else None
    allowed = {main.hero.player} | {s.hero.player for s in supporters}
    if given_loot_to is not None and (not state.coop or given_loot_to not in allowed):
        raise RuleRefused("loot goes to the main attacker's player, or by agreement to "
                          "the supporter's", R_COOP)
    loot_to = main.hero.player if given_loot_to is None else given_loot_to
    source = team_card_holder(state, state.attack_card, action.source, main.hero) \
        if isinstance(action, grammar.TeamAttack) else None
    lines = assist_ruling(state, encounter, main, team) if supporters else []
    if source is not None:  # played once the ruling allows it, and said first
        play_team_card(state, state.attack_card, source)
        lines.insert(0, f"{state.attack_card} card played: removed from play")
    lines += roll(state, encounter, main, supporters, loot_to)
    rolled = (main.hero.name, str(main.die),
              tuple(grammar.HeroRoll(s.hero.name, str(s.die)) for s in supporters))
    if source is not None:
        return grammar.TeamAttack(*rolled, state.player_option(source)), lines
    return grammar.Attack(*rolled, given_loot_to), lines


team_attack = attack


def assist_ruling(state: HalfDeckGame, encounter: Encounter, main: Roll, team: bool) -> list[str]:
    """halfdeck.ruling.assist: supporters for a main attacker whose best roll reaches the
    enemy's number alone are refused (strict) or allowed and said so (loose)."""
    if state.config.edition < ASSIST_EDITION:
        return []  # an earlier game has no such setting: it assists any roll
    best, said, _ = sums(main.hero, table()["die"]["faces"], encounter,
                         who=f"{main.hero.name}'s best alone")
    if best < encounter.card.number:
        return []
    what = "team attack" if team else "assist"
    reach = f"{said} >= {LETTER[encounter.attribute]}{encounter.card.number}"
    if state.assist_refused(best, encounter.card.number):
        raise RuleRefused(f"no {what} (--assist-rule strict): {reach}", R_ASSIST_RULE)
    return [f"{what} allowed (--assist-rule loose): {reach}"]


def roll(state: HalfDeckGame, encounter: Encounter, main: Roll, supporters: Sequence[Roll],
         loot_to: int) -> list[str]:
    hero = main.hero
    total, said, gear = sums(hero, main.die, encounter, supporters)
    encounter.rolls += 1
    spent = spend_one_use(state, hero, gear)
    if total >= encounter.card.number:
        before = encounter.life
        encounter.life -= 1  # each hit takes one life: the one place it changes
        lines = [f"{said} >= {encounter.title()}: hit, {encounter.card.name} life "
                 f"{before} -> {encounter.life}", *spent]
        if encounter.life <= 0:
            lines += defeated(state, encounter, loot_to)
        return lines
    damage = table()["combat"]["miss_damage"]
    hurt = [hero] + [s.hero for s in supporters]
    changes = ", ".join(f"{h.name} life {h.life} -> {h.life - damage}" for h in hurt)
    return [f"{said} < {encounter.title()}: miss, {changes}", *spent,
            *state.set_lives([(h, h.life - damage) for h in hurt])]


def defeated(state: HalfDeckGame, encounter: Encounter, loot_to: int) -> list[str]:
    card = encounter.card
    if card.kind == ENDGAME_BOSS:
        state.move_red(RED_MET, RED_GONE)
        state.won_by = card.name
        return [f"{card.name}, the endgame boss, is defeated: you win!"]
    state.move_red(RED_MET, RED_DISCARD)
    line = f"{card.name} is defeated"
    if not card.loot:
        return [line + ": no loot"]
    return [line, owe_loot(state, known(card.loot), loot_to)]


# -- challenge ------------------------------------------------------------------------------
def challenge(state: HalfDeckGame, action: grammar.Challenge) -> Done:
    hero = state.hero(action.hero)
    value = die(action.die)
    encounter = state.encounter
    if encounter is None or encounter.kind != TRAP:
        what = "an enemy is fought with 'attack HERO ROLL'" if encounter else \
            "no trap is in play"
        raise RuleRefused(what, R_TRAP)
    if not can_attempt(state, hero, encounter):
        why = f"cannot reach {encounter.title()} even with a 6" \
            if state.config.trap_needs == "reach" else \
            f"has no {encounter.attribute} to attempt {encounter.title()}"
        raise RuleRefused(f"{hero.name} {why}", R_TRAP)
    total, said, gear = sums(hero, value, encounter)
    spent = spend_one_use(state, hero, gear)
    state.move_red(RED_MET, RED_DISCARD)
    if total >= encounter.card.number:
        lines = [f"{said} >= {encounter.title()}: the trap is passed safely"]
    else:
        effect = encounter.card.effect or "apply the text on the card"
        lines = [f"{said} < {encounter.title()}: the trap strikes {hero.name}: {effect}",
                 "(it hits the chosen hero unless the card says otherwise)"]
    return grammar.Challenge(hero.name, str(value)), lines + spent


# -- draw ---------------------------------------------------------------------------------
def draw(state: HalfDeckGame, action: grammar.Draw) -> Done:
    name = card_name(action.name)
    kinds = [k for k in (*DUNGEON_KINDS, HERO) if getattr(action, k.replace("-", "_"))]
    if len(kinds) > 1:
        raise BadInput(f"a card is one kind: --{kinds[0]} or --{kinds[1]}")
    if not kinds and name not in state.known and name != state.rescue:
        # A card named alone is one the game knows: by its name's start too.
        pool = [*state.known, *([state.rescue] if state.rescue else [])]
        name = names.find(name, pool, "card this game knows") or name
    seen = state.known.get(name)
    if kinds:
        kind = kinds[0]
    elif seen is not None:
        kind = seen.kind
    elif name == state.rescue:
        kind = HERO
    else:
        raise BadInput(f"say what {name} is: --minion, --boss, --trap, --misc, "
                       "--endgame-boss or --endgame-treasure")
    team = state.team_name(name)
    if team in state.team_used:
        raise RuleRefused(f"{team} is a team card of the hero deck, not a dungeon card",
                          R_TEAM)
    if kind == HERO:  # the prisoner of a rescue game (halfdeck.custom.rescue)
        if name != state.rescue:
            raise BadInput(f"a hero is drawn from the dungeon only as the prisoner of a "
                           f"rescue game (--rescue), not {name}")
        if not state.rescue_left:
            raise RuleRefused(f"{name} was rescued already", R_RESCUE)
        info = state.learn_card(name, HERO, in_range(action.strength, "str", *HERO_NUMBERS),
                                in_range(action.magic, "mag", *HERO_NUMBERS))
    else:
        if name == state.rescue:
            raise BadInput(f"{name} is this game's prisoner: a hero")
        strength = in_range(action.strength, "str", *DUNGEON_NUMBERS)
        magic = in_range(action.magic, "mag", *DUNGEON_NUMBERS)
        loot = in_range(action.loot, "loot", *LOOT_NUMBERS)
        if kind in ONE_NUMBER and strength is not None and magic is not None:
            raise BadInput(f"a {kind} card is --str N or --mag N, not both")
        if kind in (MISC, ENDGAME_TREASURE) and (strength is not None or magic is not None):
            raise BadInput(f"a {kind} card has no strength or magic number")
        if kind in (TRAP, ENDGAME_BOSS, ENDGAME_TREASURE) and loot is not None:
            raise BadInput(f"a {kind.replace('-', ' ')} card has no loot number")
        if action.one_use and kind != MISC:
            raise BadInput("--one-use is for miscellaneous cards (gear takes it on 'equip')")
        if kind == MISC and loot is None:
            loot = seen.loot if seen is not None and seen.loot is not None else 0
        info = state.learn_card(name, kind, strength, magic, loot, action.one_use,
                                action.effect or "")
    player = state.player(action.player, state.next_player)
    check_can_draw(state)
    special = kind in (ENDGAME_BOSS, ENDGAME_TREASURE)
    if special and kind not in state.endgame_left:
        why = "was drawn already"
        if state.config.endgame not in ("both", kind.removeprefix("endgame-")):
            why = f"is set aside in this game (--endgame {state.config.endgame})"
        raise RuleRefused(f"the {kind.replace('-', ' ')} {why}", R_ENDGAME)
    if kind != HERO and not special and \
            state.dungeon_deck <= len(state.endgame_left) + state.rescue_left:
        left = [k.replace("-", " ") for k in state.endgame_left]
        if state.rescue_left:
            left.append(f"the prisoner {state.rescue}")
        raise RuleRefused(f"the dungeon deck holds {plural(state.dungeon_deck, 'card')}: only "
                          f"{' and '.join(left)} can be left", R_ENDGAME)
    state.remember(info)
    start_round(state, player)
    lines = reveal(state, info, player)
    return grammar.Draw(
        info.name, **{kind.replace("-", "_"): True}, strength=info.strength,
        magic=info.magic, loot=info.loot if kind in (MINION, BOSS, MISC) else None,
        effect=info.effect or None, one_use=info.one_use,
        player=state.player_option(player)), lines


def check_can_draw(state: HalfDeckGame) -> None:
    state.refuse_in_dungeon("draw a dungeon card")
    if not state.heroes:
        raise RuleRefused("put a hero in play first: 'hero NAME'", R_DRAW)
    owed = sum(state.owed.values())
    if owed and state.hero_deck + state.hero_discard:
        due = ", ".join(f"player {p}: {n}" for p, n in state.owed.items() if n) \
            if state.coop else str(owed)
        raise RuleRefused(f"name the hero cards drawn first ({due}): 'hand CARD...'",
                          R_HAND)


def start_round(state: HalfDeckGame, player: int) -> None:
    # Draws still due here have nothing to come from (checked): they lapse.
    state.owed = dict.fromkeys(state.player_numbers, 0)
    state.round += 1
    state.drawer = player
    state.redrawn = {}
    state.traded = set()
    if state.coop:
        order = [p for p in state.player_numbers if any(h.player == p for h in state.heroes)]
        later = [p for p in order if p > player]
        state.next_player = (later or order or [1])[0]


def reveal(state: HalfDeckGame, info: CardInfo, player: int) -> list[str]:
    """The dungeon card turned up, as it resolves at once or is met."""
    kind = info.kind
    head = f"round {state.round}: {info.name}"
    number = f" {LETTER[info.attribute]}{info.number}" if info.attribute else ""
    if kind == HERO:  # the prisoner: it joins the party, or a full party's hand
        state.move_red(RED_DECK, RED_GONE)  # a blue card among the red: it leaves their count
        lines = [f"{head}, the prisoner, is rescued"]
        if len(state.heroes) >= table()["heroes"]["max_in_play"]:
            state.move(info.name, THE_DUNGEON, hand_of(player))
            return lines + [f"the party is full: {info.name} goes to the hand; 'hero "
                            f"{info.name} --replace HERO' plays it now ({R_RESCUE_FULL})"]
        return lines + [join(state, info, player, THE_DUNGEON)]
    if kind == ENDGAME_TREASURE:
        state.move_red(RED_DECK, RED_GONE)
        state.endgame_left.remove(kind)
        state.won_by = info.name
        return [f"{head}, the endgame treasure: you win!"]
    if kind == MISC:
        lines = [f"{head} (miscellaneous): {info.effect or 'follow its text'}"]
        state.move_red(RED_DECK, RED_REMOVED if info.one_use else RED_DISCARD)
        if info.one_use:
            lines.append("it is removed from play")
        if info.loot:
            lines.append(owe_loot(state, info.loot, player))
        return lines
    if kind == ENDGAME_BOSS:
        state.endgame_left.remove(kind)
    encounter = Encounter(info, enemy_life(kind), player)
    # Who may roll: any hero against an enemy (a hero is in play to draw), some at a trap.
    able = [h for h in state.heroes if kind != TRAP or can_attempt(state, h, encounter)]
    if not able:
        state.move_red(RED_DECK, RED_DISCARD)
        why = " (none reaches its number even with a 6)" \
            if state.config.trap_needs == "reach" else " (no hero has that attribute)"
        return [f"{head}, trap{number}",
                f"no hero can attempt it{why}: it takes effect at once: "
                f"{info.effect or 'apply its text'}"]
    state.move_red(RED_DECK, RED_MET)
    state.encounter = encounter
    if kind == TRAP:
        return [f"{head}, trap{number}: 'challenge HERO ROLL'", needs_line(encounter, able)]
    what = {MINION: "minion", BOSS: "boss", ENDGAME_BOSS: "the endgame boss"}[kind]
    loot = f", loot {info.loot}" if kind != ENDGAME_BOSS else ""
    return [f"{head}, {what}{number}, life {encounter.life}{loot}", needs_line(encounter, able)]


# -- escape, team-escape, shuffle-back -------------------------------------------------------
def escape(state: HalfDeckGame, action: grammar.Escape | grammar.TeamEscape) -> Done:
    encounter = state.encounter
    if encounter is None:
        raise RuleRefused("nothing to escape from", R_ESCAPE)
    if encounter.kind == ENDGAME_BOSS:
        raise RuleRefused("there is no escape from the endgame boss", R_ESCAPE)
    if encounter.kind == TRAP and isinstance(action, grammar.Escape):
        raise RuleRefused("a forced escape is from minions and bosses; a trap is "
                          "challenged", R_ESCAPE)
    if isinstance(action, grammar.TeamEscape):  # an encounter has a hero facing it
        card = table()["team"]["escape"]
        source = team_card_holder(state, card, action.source, state.heroes[0])
        play_team_card(state, card, source)
        state.move_red(RED_MET, RED_DISCARD)
        return grammar.TeamEscape(state.player_option(source)), [
            f"{card} card played: the party leaves {encounter.card.name} unhurt, no loot; "
            "the card is removed from play"]
    damage = table()["combat"]["escape_damage"]
    lines = [f"forced escape from {encounter.card.name}: every hero takes {damage}, "
             "no loot"]
    state.move_red(RED_MET, RED_DISCARD)
    heroes = list(state.heroes)
    lines.append(", ".join(f"{h.name} life {h.life} -> {h.life - damage}" for h in heroes))
    return grammar.Escape(), lines + state.set_lives([(h, h.life - damage) for h in heroes])


team_escape = escape


def shuffle_back(state: HalfDeckGame, action: grammar.ShuffleBack) -> Done:
    encounter = state.encounter
    if encounter is None or encounter.kind != ENDGAME_BOSS:
        raise RuleRefused("only the endgame boss is shuffled back", R_ENDGAME)
    if not state.config.shuffle_back:
        raise RuleRefused("this game does not shuffle the endgame boss back "
                          "(--no-shuffle-back)", R_ENDGAME)
    if encounter.rolls:
        raise RuleRefused("the fight with the endgame boss has begun", R_ENDGAME)
    state.move_red(RED_MET, RED_DECK)
    state.endgame_left.append(ENDGAME_BOSS)
    return grammar.ShuffleBack(), [f"{encounter.card.name} is shuffled back into the "
                                   f"dungeon deck ({state.dungeon_deck} cards)"]
