"""Half Deck: the party. Heroes put in play (``hero``), gear equipped (``equip``), life
given or taken by a card's text (``heal``, ``hurt``): each verb's check, then change."""

from __future__ import annotations

from companion.errors import BadInput, RuleRefused
from companion.halfdeck import grammar
from companion.halfdeck.cards import GEAR, HERO, LETTER, STRENGTH, CardInfo, card_name
from companion.halfdeck.hand import check_hero_cards, check_one_place
from companion.halfdeck.rules import (
    HERO_NUMBERS,
    R_COOP,
    R_GEAR,
    R_HEROES,
    R_ONE_USE,
    R_RESCUE,
    R_TEAM,
    gear_bonus,
    in_range,
    known,
    table,
)
from companion.halfdeck.state import (
    THE_DECK,
    Done,
    Gear,
    Hero,
    State,
    hand_of,
    in_play,
    worn,
)

# -- hero ---------------------------------------------------------------------------------
# The hero card, whose, the hero it replaces, picked from the deck.
Joins = tuple[CardInfo, int, Hero | None, bool]


def check_hero(state: State, action: grammar.Hero) -> Joins:
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
    return info, player, old, pick


def change_hero(state: State, joins: Joins) -> Done:
    info, player, old, pick = joins
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


def joins_line(state: State, hero: Hero) -> str:
    owner = f" for player {hero.player}" if state.coop else ""
    return f"{hero.name} (S{hero.strength} M{hero.magic}, life {hero.life}) joins the " \
           f"party{owner}"


# -- equip --------------------------------------------------------------------------------
Equips = tuple[Hero, CardInfo, bool]  # the hero, the gear card, on standby


def check_equip(state: State, action: grammar.Equip) -> Equips:
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
    return hero, info, standby


def change_equip(state: State, equips: Equips) -> Done:
    hero, info, standby = equips
    name = info.name
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
Life = tuple[Hero, int]  # the hero, the life gained or lost


def check_life(state: State, action: grammar.Heal | grammar.Hurt) -> Life:
    """The hero a card's text heals or hurts, and by how much (1 or more)."""
    hero = state.hero(action.hero)
    if action.amount < 1:
        raise BadInput(f"{type(action).__name__.lower()} by 1 or more")
    return hero, action.amount


check_heal = check_hurt = check_life


def change_heal(state: State, heal: Life) -> Done:
    hero, amount = heal
    top = table()["heroes"]["life"]
    before = hero.life
    state.set_lives([(hero, hero.life + amount)])
    capped = f" (at most {top})" if before + amount > top else ""
    return grammar.Heal(hero.name, amount), [f"{hero.name} life {before} -> {hero.life}{capped}"]


def change_hurt(state: State, hurt: Life) -> Done:
    hero, amount = hurt
    lines = [f"{hero.name} life {hero.life} -> {hero.life - amount}"]
    lines += state.set_lives([(hero, hero.life - amount)])
    return grammar.Hurt(hero.name, amount), lines
