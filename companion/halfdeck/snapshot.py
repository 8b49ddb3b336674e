"""Half Deck: a game's state as plain values for the caches (``state_data``), and read
back, checked value by value and against what every sequence of actions keeps true
(``read_state``). Kept for the snapshots; nothing else is built on them."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from itertools import chain
from typing import TypeVar

from companion import plain
from companion.editions import at_least
from companion.errors import BadInput
from companion.halfdeck.cards import (
    BOSS,
    DUNGEON_KINDS,
    ENDGAME_BOSS,
    ENDGAME_TREASURE,
    GEAR,
    HERO,
    KINDS,
    LETTER,
    MINION,
    MISC,
    TRAP,
    CardInfo,
    card_name,
)
from companion.halfdeck.rules import (
    DUNGEON_NUMBERS,
    ENCOUNTERS,
    ENDGAMES_LEFT,
    HERO_NUMBERS,
    LOOT_NUMBERS,
    numbers,
)
from companion.halfdeck.state import Encounter, Gear, Hero, State
from companion.verbs import MAX_ACTION_CHARS

S = TypeVar("S", bound=State)


def state_data(state: State) -> dict[str, object]:
    """Everything an action changes, as plain values (``engine_from_data`` reads it);
    the settings, the tables and what they give (the start hand) are not in it. Players'
    tables are lists in player order; the encounter names its card in ``known``."""
    encounter = state.encounter
    return {
        "known": [[c.name, c.kind, c.strength, c.magic, c.loot, c.one_use, c.effect]
                  for c in state.known.values()],
        "hero_deck": state.hero_deck, "hero_discard": state.hero_discard,
        "hero_removed": state.hero_removed, "dungeon_deck": state.dungeon_deck,
        "dungeon_discard": state.dungeon_discard, "dungeon_removed": state.dungeon_removed,
        "endgame_left": list(state.endgame_left), "rescue_left": state.rescue_left,
        "round": state.round,
        "heroes": [[h.name, h.strength, h.magic, h.player, h.life, None if h.gear is None
                    else [h.gear.name, h.gear.attribute, h.gear.bonus, h.gear.one_use,
                          h.gear.standby]] for h in state.heroes],
        "hands": [list(state.hands[p]) for p in state.player_numbers],
        "owed": [state.owed[p] for p in state.player_numbers],
        "mulliganed": sorted(state.mulliganed), "picked": sorted(state.picked),
        "redrawn": [[p, n] for p, n in state.redrawn.items()],  # in the order redrawn
        "traded": sorted(state.traded),
        "team_used": [state.escapes_used, state.team_attacks_used],
        "encounter": None if encounter is None else [
            encounter.card.name, encounter.life, encounter.player, encounter.rolls],
        "next_player": state.next_player, "drawer": state.drawer, "won_by": state.won_by,
        "lost": state.lost, "life_trail": [dict(point) for point in state.life_trail],
        "fallen": list(state.fallen),
    }


# -- the cached state ---------------------------------------------------------------
STATE_FIELDS = ("known", "hero_deck", "hero_discard", "hero_removed", "dungeon_deck",
                "dungeon_discard", "dungeon_removed", "endgame_left", "rescue_left", "round",
                "heroes", "hands", "owed", "mulliganed", "picked", "redrawn", "traded",
                "team_used", "encounter", "next_player", "drawer", "won_by", "lost",
                "life_trail", "fallen")


def read_state(game: S, data: object) -> S:
    """A new game (``game``) set to the state whose ``state_data()`` was ``data``, each
    value checked, then what the actions keep true (``_check_state``); ``plain.BadState``
    otherwise."""
    state = plain.record(data, STATE_FIELDS)
    rules = numbers()
    players, blue = game.players, rules.hero_cards
    top = rules.life
    player = partial(plain.integer, low=1, high=players)
    count = partial(plain.integer, low=0)

    known = plain.items(state["known"], _card)
    game.known = {info.name: info for info in known}
    plain.check(len(game.known) == len(known), "a card known twice")
    for key in ("hero_deck", "hero_discard", "hero_removed", "dungeon_deck",
                "dungeon_discard", "dungeon_removed"):
        setattr(game, key, count(state[key]))
    endgames = ENDGAMES_LEFT[game.config.endgame]
    game.endgame_left = plain.items(state["endgame_left"], lambda v: plain.choice(v, endgames),
                                    len(endgames))
    game.rescue_left = plain.flag(state["rescue_left"])
    game.round = count(state["round"])
    game.heroes = plain.items(state["heroes"], partial(_hero, game, top),
                              rules.max_in_play)
    hands = plain.fixed(state["hands"], players)
    game.hands = {p: plain.items(hand, _name, blue) for p, hand in zip(
        game.player_numbers, hands, strict=True)}
    owed = plain.fixed(state["owed"], players)
    game.owed = {p: count(n) for p, n in zip(game.player_numbers, owed, strict=True)}
    game.mulliganed = _players(state["mulliganed"], players)
    game.picked = _players(state["picked"], players)
    redrawn = plain.items(state["redrawn"], lambda v: plain.fixed(v, 2), players)
    most = rules.redraw_max
    game.redrawn = {player(p): plain.integer(n, 1, most) for p, n in redrawn}
    plain.check(len(game.redrawn) == len(redrawn), "a player's redraw counted twice")
    game.traded = _players(state["traded"], players)
    escapes, attacks = plain.fixed(state["team_used"], 2)
    game.escapes_used = plain.integer(escapes, 0, rules.copies)
    game.team_attacks_used = plain.integer(attacks, 0, rules.copies)
    if state["encounter"] is not None:
        game.encounter = _encounter(game, state["encounter"])
    game.next_player = player(state["next_player"])
    game.drawer = player(state["drawer"])
    won_by = plain.optional(_name)(state["won_by"])
    if won_by is not None:
        card = game.known.get(won_by)
        plain.check(card is not None and card.kind in (ENDGAME_BOSS, ENDGAME_TREASURE),
                    "won by a card that is not a known endgame card")
    game.won_by = won_by
    game.lost = plain.flag(state["lost"])
    game.life_trail = _life_trail(game, state["life_trail"], top)
    game.fallen = plain.items(state["fallen"], partial(_fallen, game, top))
    _check_state(game)
    return game


def _name(value: object) -> str:
    """A card's name as ``card_name`` writes it."""
    name = plain.text(value, 40)
    try:
        plain.check(card_name(name) == name, "a card name not in its written form")
    except BadInput:
        raise plain.BadState(f"not a card name: {name!r}") from None
    return name


def _card(value: object) -> CardInfo:
    """A known card, in the shape each kind is learnt in (``_learn_card``)."""
    name, kind, strength, magic, loot, one_use, effect = plain.fixed(value, 7)
    kind = plain.choice(kind, KINDS)
    low, high = HERO_NUMBERS if kind in (HERO, GEAR) else DUNGEON_NUMBERS
    number = plain.optional(partial(plain.integer, low=low, high=high))
    info = CardInfo(_name(name), kind, number(strength), number(magic),
                    plain.optional(partial(plain.integer, low=LOOT_NUMBERS[0],
                                           high=LOOT_NUMBERS[1]))(loot),
                    plain.flag(one_use), plain.text(effect, MAX_ACTION_CHARS))
    numbers = (info.strength is not None) + (info.magic is not None)
    shape = {HERO: 2, GEAR: 1, MISC: 0, ENDGAME_TREASURE: 0}.get(kind, 1)
    plain.check(numbers == shape, f"a {kind} card with the wrong numbers")
    plain.check((info.loot is not None) == (kind in (MINION, BOSS, MISC)),
                f"a {kind} card with the wrong loot")
    plain.check(not info.one_use or kind in (GEAR, MISC), f"a {kind} card of one use")
    plain.check(not info.effect or kind in DUNGEON_KINDS, f"a {kind} card with an effect")
    return info


def _known_card(game: State, value: object, kinds: Sequence[str]) -> CardInfo:
    card = game.known.get(_name(value))
    plain.check(card is not None and card.kind in kinds,
                f"{value!r} is not a known {' or '.join(kinds)} card")
    assert card is not None
    return card


def _hero_name(game: State, value: object) -> str:
    return _known_card(game, value, (HERO,)).name


def _fallen(game: State, top: int, value: object) -> tuple[str, int]:
    """A hero who died and its last life (a hero discarded by a card's text dies at any)."""
    name, life = plain.fixed(value, 2)
    return _hero_name(game, name), plain.integer(life, high=top)


def _hero(game: State, top: int, value: object) -> Hero:
    name, strength, magic, player, life, gear = plain.fixed(value, 6)
    card = _known_card(game, name, (HERO,))
    hero = Hero(card.name, plain.integer(strength, *HERO_NUMBERS),
                plain.integer(magic, *HERO_NUMBERS), plain.integer(player, 1, game.players),
                plain.integer(life, 1, top))  # a hero at 0 dies
    plain.check(hero.strength == card.strength and hero.magic == card.magic,
                f"{hero.name}'s numbers are not its card's")
    if gear is not None:
        hero.gear = _gear(game, gear)
    return hero


def _gear(game: State, value: object) -> Gear:
    name, attribute, bonus, one_use, standby = plain.fixed(value, 5)
    card = _known_card(game, name, (GEAR,))
    gear = Gear(card.name, plain.choice(attribute, LETTER), plain.integer(bonus, *HERO_NUMBERS),
                plain.flag(one_use), plain.flag(standby))
    plain.check((gear.attribute, gear.bonus, gear.one_use) == (
        card.attribute, card.number, card.one_use), f"{gear.name} is not as its card says")
    plain.check(gear.one_use or not gear.standby, "gear on standby that is not one use")
    return gear


def _players(value: object, players: int) -> set[int]:
    """A set of players, written as a sorted list."""
    found = plain.items(value, partial(plain.integer, low=1, high=players), players)
    plain.check(found == sorted(set(found)), "players not in order, or twice")
    return set(found)


def _encounter(game: State, value: object) -> Encounter:
    name, life, player, rolls = plain.fixed(value, 4)
    card = _known_card(game, name, ENCOUNTERS)  # the very card ``known`` holds
    full = numbers().enemy_life(card.kind)
    encounter = Encounter(card, plain.integer(life, 1, full),
                          plain.integer(player, 1, game.players), plain.integer(rolls, 0))
    # Each roll takes at most one life; a trap is challenged once, and then it is gone.
    plain.check(encounter.life + encounter.rolls >= full, "an enemy hit more than it was rolled")
    plain.check(card.kind != TRAP or encounter.rolls == 0, "a trap rolled against")
    return encounter


def _life_trail(game: State, value: object, top: int) -> list[dict[str, int]]:
    """Each hero's life after each action: one small table per action, so it is checked
    in bulk (a long game holds thousands)."""
    if type(value) is not list or not 1 <= len(value) <= plain.MAX_ITEMS:
        raise plain.BadState("the life trail is not a list of points")
    heroes = {name for name, card in game.known.items() if card.kind == HERO}
    plain.check(set(map(type, value)) == {dict}, "a life trail point that is not a table")
    trail: list[dict[str, int]] = list(map(dict, value))
    plain.check(heroes.issuperset(chain.from_iterable(trail)),
                "a life trail point that is not the lives of known heroes")
    lives = list(chain.from_iterable(map(dict.values, trail)))
    plain.check(set(map(type, lives)) <= {int}, "a life that is not a number")
    plain.check(not lives or (min(lives) >= -plain.MAX_NUMBER and max(lives) <= top),
                "a life out of range in the life trail")
    plain.check(not trail[0], "a life trail that does not start before any hero")
    return trail


def _check_state(game: State) -> None:
    """What every sequence of actions keeps true; a state breaking it was never written."""
    check = plain.check
    rules = numbers()
    settings = game.settings
    heroes, encounter = game.heroes, game.encounter
    # The blue deck: every hero card is in the deck, a discard pile, removed, a hand or in
    # play; the prisoner is a red card until rescued.
    hands = sum(len(hand) for hand in game.hands.values())
    gear = len(game.gear_in_play())
    blue = game.hero_deck + game.hero_discard + game.hero_removed + hands + len(heroes) + gear
    check(blue == rules.hero_cards - game.rescue_left,
          "the hero cards do not add up")
    # The red deck: an endgame card that ends the game leaves it, and so does an enemy
    # left unresolved when the last hero falls.
    rescued = bool(game.rescue) and not game.rescue_left
    start = game.config.deck_size + bool(game.rescue)
    red = game.dungeon_deck + game.dungeon_discard + game.dungeon_removed + (
        encounter is not None)
    expected = start - rescued - (game.won_by is not None)
    check(red == expected or game.lost and red == expected - 1,
          "the dungeon cards do not add up")
    check(start - game.round <= game.dungeon_deck <= start,
          "the dungeon deck does not match the rounds played")
    check(game.dungeon_deck >= game.specials_left(),
          "fewer dungeon cards than endgame cards and prisoner left in it")
    check(len(set(game.endgame_left)) == len(game.endgame_left), "an endgame card twice")
    check(game.rescue_left <= bool(game.rescue), "a prisoner in a game with no rescue")
    if game.rescue_left:
        check(all(game.rescue not in hand for hand in game.hands.values()),
              "the prisoner in a hand while still in the dungeon")
        check(not at_least(settings, 3) or all(h.name != game.rescue for h in game.heroes),
              "the prisoner in play while still in the dungeon")
    # Heroes: each card in play once; the last life trail point is their life now. Before
    # edition 3 the prisoner may be there twice: 'hero --pick' took it while it was still
    # in the dungeon.
    names = [h.name for h in heroes]
    twice_ok = not at_least(settings, 3)
    check(all(names.count(name) == 1 or twice_ok and name == game.rescue and
              names.count(name) == 2 for name in names), "a hero in play twice")
    last = game.life_trail[-1]
    twice = {game.rescue} if names.count(game.rescue) == 2 or any(
        name == game.rescue for name, _ in game.fallen) else set()  # one name, two lives
    check(all(last.get(h.name) == h.life or h.name in twice for h in heroes),
          "the life trail does not end at the heroes' lives")
    copies = rules.copies
    for name, used in game.team_used.items():
        held = sum(hand.count(name) for hand in game.hands.values())
        check(held + used <= copies, f"more {name} cards than the {copies} printed")
    check(not game.picked or game.coop, "a hero picked in a solo game")
    check(not game.redrawn or game.round > 0, "a redraw counted before the first round")
    # The end, and what may wait.
    check(not (game.won_by is not None and game.lost), "both won and lost")
    check(not game.lost or not heroes, "lost with heroes in play")
    if game.won_by is not None:
        check(game.known[game.won_by].kind not in game.endgame_left,
              "won by an endgame card still in the dungeon deck")
    if encounter is not None:
        check(game.outcome == "playing" and bool(heroes) and game.round > 0,
              "an encounter after the end, with no hero or before any round")
        check(encounter.kind != ENDGAME_BOSS or ENDGAME_BOSS not in game.endgame_left,
              "the endgame boss both met and in the dungeon deck")
        check(encounter.player == game.drawer, "an encounter not drawn by the last drawer")

