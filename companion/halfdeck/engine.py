"""Half Deck Dungeon Heroes: the tracked game.

The player plays with the real cards and a real die and types what happens:
the cards drawn into the hand (``hand``), heroes put in play (``hero``),
gear equipped (``equip``), each dungeon card turned up (``draw``) and each
roll (``attack``, ``challenge``). The engine keeps every hero's life and
gear, the hands, and the counts of both decks, their discard piles and the
cards removed from play, and rules on every roll.

Card numbers are printed on cards we do not have: an action carries them
(``draw 'goblin minion' --minion --str 7 --loot 1``) the first time a card
is used in a game; later actions may name the card alone. Canonical action
text always carries the numbers, so a game replays without the catalog.

An action is a value (``companion.halfdeck.grammar``): text is read once by
``GRAMMAR.parse``; the verb table (``steps``) gives each action type its check,
which raises the refusal and changes nothing, and its change, which changes the
state (``companion.halfdeck.state``) only through the one place each quantity
changes; the canonical value the change returns is what the save keeps,
written by ``GRAMMAR.text``. The verbs live by topic: the hands
(``companion.halfdeck.hand``), the party (``party``), the dungeon
(``dungeon``), the rolls (``combat``); the rulebook's numbers and the settings
in ``rules``. Names are matched as everywhere (``companion.names``): exactly,
then by a unique prefix; a name that is neither says what it could be, or what
is close.
"""


from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from itertools import chain
from typing import TYPE_CHECKING, Generic, TypeVar

from companion import plain
from companion.editions import at_least
from companion.errors import BadInput, RuleRefused
from companion.game import Applied
from companion.halfdeck import grammar
from companion.halfdeck.cards import (
    BOSS,
    DUNGEON_KINDS,
    ENDGAME_BOSS,
    ENDGAME_TREASURE,
    FOES,
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
from companion.halfdeck.grammar import GRAMMAR, Action
from companion.halfdeck.rules import (
    DUNGEON_NUMBERS,
    ENCOUNTERS,
    ENDGAMES_LEFT,
    HERO_NUMBERS,
    KIND,
    LOOT_NUMBERS,
    R_END,
    TITLE,
    normalize_settings,
    numbers,
    setup_lines,
    table,
)
from companion.halfdeck.state import (
    Encounter,
    Gear,
    Hero,
    State,
    find_name,
    group_names,
    lead_name,
)
from companion.text import wrap
from companion.verbs import MAX_ACTION_CHARS

if TYPE_CHECKING:
    from companion.halfdeck.rules import EncounterStatus, HalfDeckStatus, HalfDeckTables

__all__ = ["KIND", "TITLE", "Encounter", "Gear", "HalfDeckGame", "HalfDeckTables", "Hero",
           "engine_from_data", "find_name", "group_names", "lead_name", "new_engine",
           "normalize_settings", "numbers", "setup_lines", "table"]

Done = tuple[Action, list[str]]
A = TypeVar("A", bound=Action)
P = TypeVar("P")


class Rule:
    """What the verb table holds for each action type: how it is run."""

    __slots__ = ()

    def run(self, state: State, action: Action) -> Done:
        raise NotImplementedError


class Step(Rule, Generic[A, P]):
    """A verb's rule: ``check`` reads the state and raises the refusal (a rule id, or bad
    input) without changing anything, and gives what ``change`` needs; ``change`` then
    changes the state, through the one place each quantity changes, and says how."""

    __slots__ = ("kind", "check", "change")

    def __init__(self, kind: type[A], check: Callable[[State, A], P],
                 change: Callable[[State, P], Done]) -> None:
        self.kind = kind
        self.check = check
        self.change = change

    def run(self, state: State, action: Action) -> Done:
        assert isinstance(action, self.kind)  # the table maps each action type to its step
        return self.change(state, self.check(state, action))


_STEPS: dict[type, Rule] = {}


def steps() -> dict[type, Rule]:
    """The verb table: each action type, its check and its change (the verbs' modules are
    loaded by the first action: a command that only reads a game needs none of them)."""
    if not _STEPS:
        from companion.halfdeck import combat, dungeon, hand, party

        _STEPS.update({
            grammar.Hand: Step(grammar.Hand, hand.check_hand, hand.change_hand),
            grammar.Discard: Step(grammar.Discard, hand.check_discard, hand.change_discard),
            grammar.Loot: Step(grammar.Loot, hand.check_loot, hand.change_loot),
            grammar.Trade: Step(grammar.Trade, hand.check_trade, hand.change_trade),
            grammar.Hero: Step(grammar.Hero, party.check_hero, party.change_hero),
            grammar.Equip: Step(grammar.Equip, party.check_equip, party.change_equip),
            grammar.Heal: Step(grammar.Heal, party.check_heal, party.change_heal),
            grammar.Hurt: Step(grammar.Hurt, party.check_hurt, party.change_hurt),
            grammar.Draw: Step(grammar.Draw, dungeon.check_draw, dungeon.change_draw),
            grammar.Escape: Step(grammar.Escape, dungeon.check_escape, dungeon.change_escape),
            grammar.TeamEscape: Step(grammar.TeamEscape, dungeon.check_team_escape,
                                     dungeon.change_team_escape),
            grammar.ShuffleBack: Step(grammar.ShuffleBack, dungeon.check_shuffle_back,
                                      dungeon.change_shuffle_back),
            grammar.Attack: Step(grammar.Attack, combat.check_attack, combat.change_attack),
            grammar.TeamAttack: Step(grammar.TeamAttack, combat.check_attack, combat.change_attack),
            grammar.Challenge: Step(grammar.Challenge, combat.check_challenge,
                                    combat.change_challenge),
        })
    return _STEPS


# -- what the player sees ---------------------------------------------------------
# Status lines continue four spaces in, under the item they belong to.
_wrap = partial(wrap, indent="    ")


def status_of(state: State) -> HalfDeckStatus:
    """The state as JSON holds it ('status --json')."""
    encounter: EncounterStatus | None = None
    if state.encounter is not None:
        e = state.encounter
        encounter = {"name": e.card.name, "kind": e.kind, "attribute": e.attribute,
                     "number": e.card.number, "life": e.life, "loot": e.card.loot,
                     "effect": e.card.effect, "player": e.player, "rolls": e.rolls}
    return {
        "game": KIND,
        "round": state.round,
        "phase": state.phase,
        "heroes": [{"name": h.name, "player": h.player, "strength": h.strength,
                    "magic": h.magic, "life": h.life,
                    "gear": None if h.gear is None else {
                        "name": h.gear.name, "attribute": h.gear.attribute,
                        "bonus": h.gear.bonus, "one_use": h.gear.one_use,
                        "standby": h.gear.standby}} for h in state.heroes],
        "lives": {h.name: h.life for h in state.heroes},
        "gear": {h.name: h.gear.name for h in state.heroes if h.gear is not None},
        "hands": {str(p): list(cards) for p, cards in state.hands.items()},
        "hand_size": sum(len(cards) for cards in state.hands.values()),
        "draws_due": {str(p): n for p, n in state.owed.items()},
        "hero_deck": state.hero_deck,
        "hero_discard": state.hero_discard,
        "hero_removed": state.hero_removed,
        "dungeon_deck": state.dungeon_deck,
        "dungeon_discard": state.dungeon_discard,
        "dungeon_removed": state.dungeon_removed,
        "endgame_left": list(state.endgame_left),
        "prisoner": state.rescue if state.rescue_left else None,
        "encounter": encounter,
        "team_cards_used": state.team_used,
        "next_player": state.next_player if state.coop else None,
        "cards": {n: c.as_toml() for n, c in sorted(state.known.items())},
        "won_by": state.won_by,
        "next": state.next_hint() if state.outcome == "playing" else None,
        "outcome": state.outcome,
        "settings": state.settings,
    }

def lines_of(state: State, width: int = 40) -> list[str]:
    phase = {"setup": "first preparatory phase", "preparatory": "preparatory phase",
             "dungeon": "dungeon phase", "over": "game over"}[state.phase]
    lines = [f"Round {state.round}, {phase}"]
    lines += _wrap(f"Hero deck {state.hero_deck}, discard {state.hero_discard}, "
                   f"removed {state.hero_removed}", width)
    lines += _wrap(f"Dungeon {state.dungeon_deck}, discard {state.dungeon_discard}, "
                   f"removed {state.dungeon_removed}", width)
    goals = ", ".join(k.removeprefix("endgame-") for k in state.endgame_left) or "none"
    lines += _wrap(f"Endgame in the deck: {goals}", width)
    if state.rescue_left:
        lines += _wrap(f"Prisoner in the dungeon: {state.rescue}", width)
    for player in state.player_numbers:
        label = f"P{player} hand" if state.coop else "Hand"
        cards = ", ".join(state.hands[player]) or "empty"
        lines += _wrap(f"{label} ({len(state.hands[player])}): {cards}", width)
    lines.append("Heroes:" if state.heroes else "Heroes: none in play")
    for hero in state.heroes:
        owner = f" P{hero.player}" if state.coop else ""
        lines += _wrap(f" {hero.name}{owner} S{hero.strength} M{hero.magic} "
                       f"life {hero.life}/{numbers().life}", width)
        if hero.gear is not None:
            lines += _wrap(f"   {hero.gear.text()}", width)
    encounter = state.encounter
    if encounter is not None:
        lines += _wrap(f"Facing: {encounter.title()} "
                       f"({encounter.card.kind.replace('-', ' ')})", width)
        details = [f"life {encounter.life}"] if encounter.kind in FOES else []
        if encounter.kind in (MINION, BOSS):
            details.append(f"loot {encounter.card.loot}")
        if encounter.card.effect:
            details.append(f"effect: {encounter.card.effect}")
        if details:
            lines += _wrap("  " + ", ".join(details), width)
    if state.outcome == "playing":
        lines += _wrap(f"Next: {state.next_hint()}", width)
    elif state.outcome == "won":
        lines += _wrap(f"You won ({state.won_by})!", width)
    else:
        lines.append("The party is lost.")
    return lines

def prompt_of(state: State) -> str:
    heroes = " ".join(f"{h.name} {h.life}" for h in state.heroes) or "no heroes"
    cards = sum(len(c) for c in state.hands.values())
    text = f"R{state.round} {heroes} | hand {cards} | decks {state.hero_deck}/" \
           f"{state.dungeon_deck}"
    if state.encounter is not None:
        text += f" | {state.encounter.card.name} {state.encounter.life}" \
            if state.encounter.kind in FOES else f" | {state.encounter.card.name}"
    return text + ("" if state.outcome == "playing" else f" [{state.outcome}]")


# -- the game ---------------------------------------------------------------------
class HalfDeckGame(State):
    """A game as the engine protocol has it (``companion.game.Engine``): the state, and
    ``apply`` running each action through its verb's check, then its change."""

    __slots__ = ()

    @property
    def outcome(self) -> str:
        if self.won_by is not None:
            return "won"
        return "lost" if self.lost else "playing"

    def apply(self, action: Action | str) -> Applied:
        value = GRAMMAR.parse(action) if isinstance(action, str) else action
        if self.outcome != "playing":
            raise RuleRefused(f"the game is over ({self.outcome})", R_END)
        before = len(self.fallen)
        canonical, lines = steps()[type(value)].run(self, value)
        point = {h.name: h.life for h in self.heroes}
        point.update(self.fallen[before:])
        self.life_trail.append(point)
        return Applied(partial(GRAMMAR.text, canonical), lines)

    def equipped(self, words: list[str]) -> tuple[Hero, str]:
        """``equip``'s words: the hero in play, then the gear card of its player's hand."""
        from companion.halfdeck.party import equipped

        return equipped(self, words)

    def assist_refused(self, best: int, number: int) -> bool:
        """Whether --assist-rule strict refuses a supporter here (``odds`` asks)."""
        from companion.halfdeck.combat import assist_refused

        return assist_refused(self, best, number)

    def status(self) -> HalfDeckStatus:
        return status_of(self)

    def status_lines(self, width: int = 40) -> list[str]:
        return lines_of(self, width)

    def prompt(self) -> str:
        return prompt_of(self)

    def state_data(self) -> dict[str, object]:
        """Everything an action changes, as plain values (``engine_from_data`` reads it)."""
        return state_data(self)


def new_engine(settings: Mapping[str, object]) -> HalfDeckGame:
    return HalfDeckGame(normalize_settings(settings))


def engine_from_data(settings: Mapping[str, object], data: object) -> HalfDeckGame:
    """The game whose ``state_data()`` was ``data`` (``read_state``)."""
    return read_state(new_engine(settings), data)


# -- the state as plain values, and back (``companion.game.verify``'s copy) -----------
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

