"""Half Deck: the hands and the party. Hero cards drawn (``hand``), discarded
(``discard``), owed by a card's text (``loot``) and traded in co-op (``trade``); heroes put
in play (``hero``), gear equipped (``equip``), life given or taken by a card's text
(``heal``, ``hurt``): each verb's check, then change."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain

from companion import names
from companion.errors import BadInput, RuleRefused
from companion.halfdeck import grammar
from companion.halfdeck.cards import GEAR, HERO, LETTER, STRENGTH, card_name
from companion.halfdeck.engine import (
    THE_DECK,
    THE_DISCARD,
    Done,
    Gear,
    HalfDeckGame,
    Hero,
    hand_of,
    in_play,
    worn,
)
from companion.halfdeck.grammar import GRAMMAR
from companion.halfdeck.rules import (
    HERO_NUMBERS,
    R_COOP,
    R_DECKS,
    R_GEAR,
    R_HAND,
    R_HEROES,
    R_MULLIGAN,
    R_ONE_USE,
    R_REDRAW,
    R_RESCUE,
    R_TEAM,
    R_TRADE,
    gear_bonus,
    in_range,
    known,
    table,
)


# -- hand ---------------------------------------------------------------------------------
def hand(state: HalfDeckGame, action: grammar.Hand) -> Done:
    if not action.cards:
        raise BadInput(f"usage: {GRAMMAR.verbs['hand'].usage_line()}")
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
    if state.rescue_left and state.rescue in cards:
        raise RuleRefused(f"{state.rescue} is the prisoner in the dungeon deck, not in the "
                          "hero deck", R_RESCUE)
    check_team_copies(state, cards)
    check_one_place(state, cards)
    check_hero_cards(state, len(cards))
    who = f"player {player} draws" if state.coop else "drawn"
    lines = [f"{who}: {', '.join(cards)}"]
    for name in cards:
        lines += state.move(name, THE_DECK, hand_of(player))
    state.owed[player] -= len(cards)
    if state.owed[player]:
        lines.append(f"{state.owed[player]} more to draw")
    lines.append(f"hero deck {state.hero_deck}")
    return grammar.Hand(tuple(cards), state.player_option(player)), lines


def check_hero_cards(state: HalfDeckGame, count: int) -> None:
    """That ``count`` hero cards can be drawn (the discard pile reshuffled if need be)."""
    if count > state.hero_deck + state.hero_discard:
        raise RuleRefused(f"only {state.hero_deck + state.hero_discard} hero cards are left "
                          "in the deck and its discard pile", R_DECKS)


def check_one_place(state: HalfDeckGame, cards: Sequence[str]) -> None:
    """Each hero card is in one place: one drawn is not in play nor in a hand (the team
    cards have copies: ``check_team_copies`` counts them)."""
    team = table()["team"]
    placed = {*chain.from_iterable(state.hands.values()), *state.in_play_names()}
    seen: set[str] = set()
    for name in cards:
        if name in (team["escape"], team["attack"]):
            continue
        if name in seen:
            raise RuleRefused(f"{name} is named twice: there is one {name} card", R_HAND)
        seen.add(name)
        if name in placed:
            raise RuleRefused(f"{name} is {state.place(name)} already: there is one {name} "
                              "card", R_HAND)


def check_team_copies(state: HalfDeckGame, cards: Sequence[str]) -> None:
    copies = table()["team"]["copies"]
    for team, used in state.team_used.items():
        held = sum(hand.count(team) for hand in state.hands.values())
        new = list(cards).count(team)
        if new and held + new + used > copies:
            raise RuleRefused(f"there are {copies} {team} cards: {held} held and "
                              f"{used} used already", R_TEAM)


# -- discard ------------------------------------------------------------------------------
def discard(state: HalfDeckGame, action: grammar.Discard) -> Done:
    if not action.cards:
        raise BadInput(f"usage: {GRAMMAR.verbs['discard'].usage_line()}")
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
        check_redraw(state, player, len(from_hand))
    lines: list[str] = []
    for name in from_hand:
        state.move(name, hand_of(player), THE_DISCARD)
    if from_hand:
        redraw = "" if forced else f"; draw {len(from_hand)}: 'hand CARD...'"
        lines.append(f"discarded from the hand: {', '.join(from_hand)}{redraw}")
        if not forced:
            state.owed[player] += len(from_hand)
            if state.round == 0:
                state.mulliganed.add(player)
            else:
                state.redrawn[player] = state.redrawn.get(player, 0) + len(from_hand)
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


def check_redraw(state: HalfDeckGame, player: int, count: int) -> None:
    setup = table()["setup"]
    if state.round == 0:
        if player in state.mulliganed:
            raise RuleRefused("the first hand may be redrawn once only", R_MULLIGAN)
        low, high = setup["mulligan_min"], min(setup["mulligan_max"], state.start_hand)
        if not low <= count <= high:
            raise RuleRefused(f"a first-hand redraw is {low} to {high} cards", R_MULLIGAN)
        return
    limit = setup["redraw_max"]
    done = state.redrawn.get(player, 0)
    if done + count > limit:
        raise RuleRefused(f"at most {limit} cards are discarded and redrawn per "
                          f"preparatory phase ({done} already)", R_REDRAW)


def discard_in_play(state: HalfDeckGame, name: str, *, death: bool) -> list[str]:
    for hero in state.heroes:
        if hero.name == name:
            if death:
                return state.dies(hero, "is discarded")
            return state.leaves(hero, "leaves for the discard pile")
    for hero in state.heroes:
        if hero.gear is not None and hero.gear.name == name:
            state.move(name, worn(hero, hero.gear), THE_DISCARD)
            return [f"{name} of {hero.name} goes to the discard pile"]
    raise AssertionError(name)  # checked by discard


# -- loot ---------------------------------------------------------------------------------
def loot(state: HalfDeckGame, action: grammar.Loot) -> Done:
    most = table()["decks"]["hero_cards"]
    if not 1 <= action.loot <= most:
        raise BadInput(f"loot is 1 to {most} cards")
    cards, player = action.loot, state.player(action.player, state.drawer)
    state.owed[player] += cards
    return grammar.Loot(cards, state.player_option(player)), [loot_line(state, cards, player)]


def loot_line(state: HalfDeckGame, loot: int, player: int) -> str:
    whom = f" for player {player}" if state.coop else ""
    return f"loot {loot}{whom}: draw {loot} hero card{'' if loot == 1 else 's'}, " \
           f"'hand CARD...'"


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
    if name in (state.escape_card, state.attack_card):
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
        if state.rescue_left and name == state.rescue and state.config.edition >= 3:
            # (earlier editions let it be picked, and rescued later a second time)
            raise RuleRefused(f"{name} is the prisoner in the dungeon deck, not in the "
                              "hero deck", R_RESCUE)
        check_one_place(state, [name])  # picked from the deck: not one held already
        check_hero_cards(state, 1)
    elif name not in state.hands[player]:
        hint = " (or --pick it from the deck)" if state.coop and state.round == 0 \
            and player not in state.picked else ""
        raise RuleRefused(f"{name} is not in {state.whose(player)} hand: 'hand {name}' "
                          f"first{hint}", R_HEROES)
    state.remember(info)
    hero = Hero(info.name, known(info.strength), known(info.magic), player,
                table()["heroes"]["life"])
    # picked: from the deck (a reshuffle there is not said, as it never was)
    state.move(info.name, THE_DECK if pick else hand_of(player), in_play(hero))
    if pick:
        state.picked.add(player)
    lines = state.leaves(old, "leaves for the discard pile") if old else []
    lines.insert(0, joins_line(state, hero))
    return grammar.Hero(hero.name, hero.strength, hero.magic, state.player_option(player),
                        old.name if old else None, pick), lines


def joins_line(state: HalfDeckGame, hero: Hero) -> str:
    owner = f" for player {hero.player}" if state.coop else ""
    return f"{hero.name} (S{hero.strength} M{hero.magic}, life {hero.life}) joins the " \
           f"party{owner}"


# -- equip --------------------------------------------------------------------------------
def equip(state: HalfDeckGame, action: grammar.Equip) -> Done:
    hero, name = state.equipped(action.words)
    if name in (state.escape_card, state.attack_card):
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
