"""Hebrac's state as plain values, and back: the copy of a game that ``hebrac check``
tries a cast on (``companion.game.verify``).

``state_data`` writes the whole state, cards as their text; ``engine_from_data`` builds
it back through the constructors, checking every value and invariant.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING, TypeVar

from companion import plain
from companion.cards import SUITS, Card
from companion.hebrac import rules, situation
from companion.hebrac.state import Chamber, Encounter, LastRound

if TYPE_CHECKING:
    from companion.hebrac.engine import HebracGame


def state_data(game: HebracGame) -> dict[str, object]:
    """The whole state as plain values, cards as their text; ``engine_from_data`` builds
    it back. What the settings give (columns, starting life, edition) is not kept."""
    encounter = game.encounter
    text = _texts_by_card()
    # The ledgers run to thousands of entries of a few hundred kinds: each kind once.
    events = dict.fromkeys(game.deck_log)
    for kind, cards, count in events:
        events[kind, cards, count] = (kind, tuple(map(text.__getitem__, cards)), count)
    seen = dict.fromkeys(game.seen)
    for card, source in seen:
        seen[card, source] = (text[card], source)
    return {
        "life": game.life,
        "genie_of_life": game.genie_of_life,
        "inventory": [str(c) for c in game.inventory],
        "level": game.level,
        "chambers": {name: (_card_text(c.enemy), _card_text(c.treasure), c.visited,
                            c.enemy_gone, c.treasure_gone, c.robbed_adventurer,
                            c.hidden_switch) for name, c in game.chambers.items()},
        "position": game.position,
        "encounter": None if encounter is None else _encounter_data(encounter),
        "pending": game.pending,
        "games_waiting": game.games_waiting,
        "effects": sorted(game.effects),
        "remote_vision": game.remote_vision,
        "future_perception": game.future_perception,
        "teleport_target": game.teleport_target,
        "deck_top": [str(c) for c in game.deck_top],
        "notes": list(game.notes),
        "sold_out": game.sold_out,
        "under_deck": list(map(text.__getitem__, game.under_deck)),
        "seen": list(map(seen.__getitem__, game.seen)),
        "dealt": game.dealt,
        "deck_log": list(map(events.__getitem__, game.deck_log)),
        "spells_cast": list(game.spells_cast),
        "aces_found": list(game.aces_found),
        "life_trail": list(game.life_trail),
    }




# -- the state read back from plain values (companion.plain) ---------------------------
STATE_FIELDS = ("life", "genie_of_life", "inventory", "level", "chambers", "position",
                "encounter", "pending", "games_waiting", "effects", "remote_vision",
                "future_perception", "teleport_target", "deck_top", "notes", "sold_out",
                "under_deck", "seen", "dealt", "deck_log", "spells_cast", "aces_found",
                "life_trail")
STAGES = ("battle", "adventurer", "trading", "merchant", "sale", "white-priestess", "hebrac",
          "treasure")
PENDING = ("hebrac-game", "hebrac-prize", "genie-KD", "genie-KS")
LEVEL_EFFECTS = ("anti-magic", "curse", "revelation", "god-vision")
SEEN_SOURCES = ("table", "draw", "pick", "peek")  # ledger.see's sources
LOG_KINDS = ("action", "deal", "under", *SEEN_SOURCES)
LAST_ROUND = ("cards", "potion", "damage", "total", "enemy_life", "life_before", "no_damage")


def _card_text(card: Card | None) -> str | None:
    return None if card is None else str(card)


# chamber, enemy, stage, treasure, rounds, paralysis, super strength, double attack, spell
# cast, prisoners, the last round (as LastRound, its cards as texts)
EncounterData = tuple[str, str, str, str | None, int, int, bool, bool, bool, list[str],
                      dict[str, object] | None]


def _encounter_data(e: Encounter) -> EncounterData:
    # the cards' key keeps its place
    r = e.last_round
    last: dict[str, object] | None = None if r is None else {
        "cards": [str(c) for c in r.cards], "potion": r.potion, "damage": r.damage,
        "total": r.total, "enemy_life": r.enemy_life, "life_before": r.life_before,
        "no_damage": r.no_damage, **({"won_by_potion": True} if r.won_by_potion else {})}
    return (e.chamber, str(e.enemy), e.stage, _card_text(e.treasure), e.rounds, e.paralysis,
            e.super_strength, e.double_attack, e.spell_cast, [str(c) for c in e.prisoners],
            last)


@cache
def _cards_by_text() -> dict[str, Card]:
    """Every card by its canonical text, each made by Card's own (checking) constructor."""
    cards = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)] + [Card.joker()]
    return {str(card): card for card in cards}


@cache
def _texts_by_card() -> dict[Card, str]:
    return {card: text for text, card in _cards_by_text().items()}


def _card(value: object) -> Card:
    card = _cards_by_text().get(value) if type(value) is str else None
    if card is None:
        raise plain.BadState(f"not a card: {value!r:.40}")
    return card


def _cards(value: object, limit: int = plain.MAX_ITEMS) -> list[Card]:
    """A list of cards' texts; one lookup each, as the ledgers run to thousands."""
    # isinstance tells mypy; type() refuses subclasses, which no engine writes
    if not isinstance(value, (list, tuple)) or type(value) not in (list, tuple) \
            or len(value) > limit:
        raise plain.BadState(f"not a list of at most {limit} cards")
    by_text = _cards_by_text()
    try:
        return [by_text[text] for text in value]
    except (KeyError, TypeError):  # not a card's text, or not even hashable
        raise plain.BadState("not a card's text in a list of cards") from None


T = TypeVar("T")


def _distinct(value: object, what: str, read: Callable[[object], T]) -> list[T]:
    """A long list of tuples (a ledger) read, each distinct entry once, the equal ones
    sharing what it was read as (a list among them cannot be a key, anything else
    fails ``plain.fixed``)."""
    if not isinstance(value, (list, tuple)) or type(value) not in (list, tuple) \
            or len(value) > plain.MAX_ITEMS:
        raise plain.BadState(f"not a list of {what}")
    try:
        distinct = dict.fromkeys(value)
    except TypeError:  # a list inside
        raise plain.BadState(f"not a list of {what}") from None
    found = {entry: read(entry) for entry in distinct}
    return list(map(found.__getitem__, value))


def _seen(value: object) -> list[tuple[Card, str]]:
    return _distinct(value, "cards seen", _seen_entry)


def _seen_entry(entry: object) -> tuple[Card, str]:
    text, source = plain.fixed(entry, 2)  # texts only, so an equal entry is the same entry
    return _card(text), plain.choice(source, SEEN_SOURCES)


Event = tuple[str, tuple[Card, ...], int]
Ledger = tuple[list[Event], list[tuple[Card, str]], list[Card]]


def _deck_log(value: object, deal: int) -> Ledger:
    """The Hand Deck's events, each as the engine writes it (see ledger.see, ledger.under),
    with the cards they saw and those they put under, in order."""
    found = _distinct(value, "Hand Deck events", lambda entry: _logged(_event(entry, deal)))
    # 1, True and 1.0 are equal keys: each count must be a whole number itself
    # (_distinct took only a list or a tuple: the isinstance is for mypy)
    plain.check(isinstance(value, (list, tuple))
                and set(map(type, map(itemgetter(2), value))) <= {int}, "a count not a number")
    return (list(map(itemgetter(0), found)), list(chain.from_iterable(map(itemgetter(1), found))),
            list(chain.from_iterable(map(itemgetter(2), found))))


def _logged(event: Event) -> tuple[Event, tuple[tuple[Card, str], ...], tuple[Card, ...]]:
    """An event with the cards it saw (each with its source) and those it put under."""
    kind, cards, _ = event
    return (event, tuple((card, kind) for card in cards) if kind in SEEN_SOURCES else (),
            cards if kind == "under" else ())


def _event(entry: object, deal: int) -> Event:
    # (messages are fixed texts: a check's message is made even when it holds)
    kind, texts, count = plain.fixed(entry, 3)
    if type(texts) is not tuple or type(count) is not int:
        raise plain.BadState("not a Hand Deck event")
    cards = tuple(_cards(texts, 2 * deal))
    known = plain.choice(kind, LOG_KINDS)
    if known in ("action", "deal"):
        plain.check(not cards and count == (0 if known == "action" else deal),
                    "an action or a deal with cards or a wrong count")
    elif known == "under":
        plain.check(bool(cards or plain.integer(count, 0, deal)),
                    "an empty event under the Hand Deck")
    else:
        plain.check(bool(cards) and count == 0, "cards seen: none, or a count")
    return known, cards, count


def _chamber(name: str, value: object) -> Chamber:
    enemy, treasure, *marks = plain.fixed(value, 7)
    return Chamber(name, None if enemy is None else _card(enemy),
                   None if treasure is None else _card(treasure), *map(plain.flag, marks))


def _last_round(value: object) -> LastRound:
    """A battle round as battle.attack_round writes it; a late potion adds won_by_potion."""
    won = type(value) is dict and "won_by_potion" in value
    fields = LAST_ROUND + ("won_by_potion",) * won
    last = plain.record(value, fields)
    plain.check(tuple(last) == fields, "a round's fields out of their order")
    if won:
        plain.check(plain.flag(last["won_by_potion"]), "won_by_potion is only ever true")
    read = LastRound(cards=_cards(last["cards"], 2),
                     potion=plain.integer(last["potion"], 0),
                     damage=plain.integer(last["damage"], 0),
                     total=plain.integer(last["total"], 0),
                     enemy_life=plain.integer(last["enemy_life"], 0),
                     life_before=plain.integer(last["life_before"]),
                     no_damage=plain.optional(plain.text)(last["no_damage"]),
                     won_by_potion=won)
    return read


def _encounter(value: object, names: Sequence[str], jacks: int) -> Encounter:
    (chamber, enemy, stage, treasure, rounds, paralysis, super_strength, double_attack,
     spell_cast, prisoners, last) = plain.fixed(value, 11)
    return Encounter(
        plain.choice(chamber, names), _card(enemy), plain.choice(stage, STAGES),
        None if treasure is None else _card(treasure), plain.integer(rounds, 0),
        plain.integer(paralysis, 0, rules.numbers().paralysis_rounds),
        plain.flag(super_strength), plain.flag(double_attack), plain.flag(spell_cast),
        _cards(prisoners, jacks), None if last is None else _last_round(last))


def read_state(game: HebracGame, data: object) -> HebracGame:
    """``game``, new, made the game whose ``state_data()`` was ``data``, through the
    constructors with every value and invariant checked; raises ``plain.BadState`` for
    anything the engine would not have written (``engine.engine_from_data``)."""
    state = plain.record(data, STATE_FIELDS)
    names = list(game.chambers)
    deal = 2 * len(names)  # cards dealt per level
    decks, jokers = game.setup.decks, game.setup.jokers
    cards = 52 * decks + jokers

    def name(value: object) -> str:
        return plain.choice(value, names)

    chambers = plain.table(state["chambers"], name, lambda value: value, len(names))
    plain.check(list(chambers) == names, "not this dungeon's chambers in map order")
    game.chambers = {n: _chamber(n, chambers[n]) for n in names}
    game.life = plain.integer(state["life"])
    game.genie_of_life = plain.integer(state["genie_of_life"], 0)
    game.inventory = _cards(state["inventory"], cards)
    game.level = plain.integer(state["level"], 1)
    game.position = plain.optional(name)(state["position"])
    encounter = state["encounter"]
    game.encounter = None if encounter is None else _encounter(encounter, names, 4 * decks)
    game.pending = plain.optional(lambda value: plain.choice(value, PENDING))(state["pending"])
    game.games_waiting = plain.integer(state["games_waiting"], 0, jokers)
    effects = plain.items(state["effects"], lambda value: plain.choice(value, LEVEL_EFFECTS),
                          len(LEVEL_EFFECTS))
    plain.check(effects == sorted(set(effects)), "level effects not sorted, each once")
    game.effects = set(effects)
    game.remote_vision = plain.integer(state["remote_vision"], 0)
    game.future_perception = plain.integer(state["future_perception"], 0)
    game.teleport_target = plain.optional(name)(state["teleport_target"])
    game.deck_top = _cards(state["deck_top"], cards)
    game.notes = plain.items(state["notes"], plain.text)
    game.sold_out = plain.optional(name)(state["sold_out"])
    game.under_deck = _cards(state["under_deck"])
    game.seen = _seen(state["seen"])
    game.dealt = plain.integer(state["dealt"], 0)
    game.deck_log, seen, under = _deck_log(state["deck_log"], deal)
    # The ledgers agree: the Hand Deck's events hold every card seen and put under.
    plain.check(seen == game.seen, "the cards seen are not the Hand Deck's events")
    plain.check(under == game.under_deck, "the cards under the Hand Deck are not its events")
    spells = rules.spells()
    game.spells_cast = plain.items(state["spells_cast"], lambda value: plain.choice(value, spells))
    game.aces_found = plain.items(state["aces_found"], lambda value: plain.choice(value, ACES))
    game.life_trail = _numbers(state["life_trail"])
    _check_invariants(game)
    return game


ACES = ("AS", "AH", "AD", "AC")


def _numbers(value: object) -> list[int]:
    """A long list of whole numbers (the life trail), checked in bulk."""
    if not isinstance(value, (list, tuple)) or type(value) not in (list, tuple) \
            or len(value) > plain.MAX_ITEMS or not set(map(type, value)) <= {int} \
            or (value and not (
                -plain.MAX_NUMBER <= min(value) and max(value) <= plain.MAX_NUMBER)):
        raise plain.BadState("not a list of whole numbers")
    return list(value)


def _check_invariants(game: HebracGame) -> None:
    """What every state the engine reaches holds (tests/test_state_hebrac.py breaks each)."""
    check = plain.check
    chambers, encounter, log = game.chambers, game.encounter, game.deck_log
    # Life: never above the maximum (hebrac.ruling.max-life), a late potion's included.
    check(game.life <= game.max_life, f"life {game.life} above its maximum {game.max_life}")
    # One action event per step of the life trail, one deal per level.
    kinds = list(map(itemgetter(0), log))
    trail = game.life_trail
    check(len(trail) == kinds.count("action") + 1 and trail[0] == game.base_max_life
          and trail[-1] == game.life, "the life trail is not one step per action")
    check(kinds.count("deal") == game.level and game.dealt == 2 * len(chambers) * game.level,
          "not one deal per level")
    # Cards conserved: each card seen (not just peeked) is held, on the table, with the
    # genie waiting or under the Hand Deck, and never more copies out than the decks hold.
    out = game.cards_out()
    genie = situation.waiting_genie(game)
    if genie is not None:
        out[genie] += 1
    peeked = Counter(card for card, source in game.seen if source == "peek") \
        if "peek" in kinds else Counter()
    seen, under = Counter(map(itemgetter(0), game.seen)), Counter(game.under_deck)
    check(seen == out + under + peeked, "cards not conserved")
    setup = game.setup
    check(all(number <= (setup.jokers if card.is_joker else setup.decks)
              for card, number in out.items()), "more copies out than the decks hold")
    # The inventory holds what treasures.gain stores: pips, prisoners, one of each ace.
    aces = [card for card in game.inventory if card.rank == 1]
    check(all(card.is_pip or card.rank in (1, 11) for card in game.inventory)
          and len(set(aces)) == len(aces), "the inventory holds what is never stored")
    # References: where the player is, the chamber being settled, the merchant sold out.
    if game.position is not None:
        check(chambers[game.position].visited or game.position == game.teleport_target,
              "the position is an unvisited chamber")
    if encounter is not None:
        chamber = chambers[encounter.chamber]
        check(encounter.chamber == game.position, "the encounter is not where the player is")
        check(encounter.enemy == (chamber.enemy or Card.joker()),
              "the encounter's enemy is not its chamber's")
        check(all(card.rank == 11 for card in encounter.prisoners), "a prisoner is not a jack")
    if game.sold_out is not None:
        check(encounter is None and chambers[game.sold_out].cleared,
              "the sold-out merchant's chamber is not cleared")
    check(all(c.enemy is not None for c in chambers.values() if c.hidden_switch),
          "a switched enemy that is not known")
