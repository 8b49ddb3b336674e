"""Tricky Dungeon's state read back from plain values (``engine_from_data``): the rounds
``TrickyGame.state_data`` wrote, every value and rule checked (``read_rounds``);
``plain.BadState`` for anything the engine would not have written.

A long game holds hundreds of rounds and thousands of tricks, so every value's type and
range is checked a column at a time (sets and maps run at C speed) before the rounds are
built; then the rules are checked round by round, the round still being played settled
again trick by trick.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from itertools import chain
from typing import TYPE_CHECKING, cast

from companion import plain
from companion.tricky.cards import KINDS, PLURALS, Deck, TrickyCard, table
from companion.tricky.grammar import COUNTS
from companion.tricky.heroes import Hero
from companion.tricky.state import PlayedTrick, Revoke, Round
from companion.tricky.tricks import Trump, trick_winner

if TYPE_CHECKING:
    from companion.tricky.engine import TrickyGame

    # A round as ``Round.state_data`` writes it, once read back and checked (its records
    # are lists or tuples, read only by unpacking them).
    RoundRow = tuple[
        int, int, str, object, int | None, Sequence[str], Sequence[tuple[int, int]],
        Sequence[str], Sequence[tuple[int, int, Sequence[str], int]],
        Sequence[tuple[int, str, int, int, str]], Sequence[tuple[int, dict[str, int]]],
        dict[str, int | bool] | None, Sequence[int] | None, str, str]

PLAYED_HAUL = ("tricks", *(PLURALS[kind] for kind in KINDS), "last_trick")
"""A played-out round's haul, in the order of ``Round.collected`` (with torches)."""
RESULT_HAUL = (*COUNTS, "last_trick")
"""A typed result's haul, in the order of ``score.check_result``."""
HAUL_KEYS = frozenset((*PLAYED_HAUL, *RESULT_HAUL))
VIAS = frozenset(("", "tricks", "result"))
_SEQUENCES = frozenset((list, tuple))
_WHOLE = frozenset((int,))
_WORD = frozenset((str,))
_TABLE = frozenset((dict,))
_TRUMP_PARTS = frozenset((str, int, type(None)))
_FLAG = frozenset((bool,))
_COUNTS = frozenset(range(1000))  # a haul the deck can make is far less
_TRICK_NUMBERS = tuple(range(1, 100))  # more than any hand has
_PLURALS = PLAYED_HAUL[1:-1]


def read_rounds(game: TrickyGame, data: object) -> None:
    """Give the new ``game`` the rounds of the state whose ``state_data()`` was ``data``,
    every value and rule checked; ``plain.BadState`` for anything the engine would not
    have written."""
    rows = plain.record(data, ("rounds",))["rounds"]
    most = game.rounds_total or game.count * game.setup.race  # a round pays >= 1
    if not isinstance(rows, (list, tuple)) or type(rows) not in _SEQUENCES \
            or len(rows) > most:
        raise plain.BadState(f"not {most} rounds or fewer")
    reader = _StateReader(game)
    game.rounds = reader.rounds(rows)
    _check_rounds(game, reader)


def _records(rows: Collection[object], size: int) -> Sequence[Sequence[object]]:
    """Each row a list or tuple of ``size`` fields."""
    plain.check(not rows or set(map(type, rows)) <= _SEQUENCES, f"not records of {size} fields")
    # each a list or tuple, checked just above (mypy cannot follow the set of types)
    found = cast("Sequence[Sequence[object]]", rows)
    plain.check(not found or set(map(len, found)) == {size}, f"not records of {size} fields")
    return found


def _sequences(values: Collection[object], most: int) -> Sequence[Sequence[object]]:
    """Each value a list or tuple of at most ``most`` items."""
    plain.check(not values or set(map(type, values)) <= _SEQUENCES,
                f"not lists of at most {most} items")
    # each a list or tuple, checked just above (mypy cannot follow the set of types)
    found = cast("Sequence[Sequence[object]]", values)
    plain.check(not found or max(map(len, found)) <= most, f"not lists of at most {most} items")
    return found


def _lists(values: Collection[object], most: int) -> list[object]:
    """Each value a list or tuple of at most ``most`` items; all their items, in order."""
    return list(chain.from_iterable(_sequences(values, most)))


def _tables(values: Collection[object], what: str) -> Sequence[dict[object, object]]:
    """Each value a table (its keys and values checked by the caller)."""
    plain.check(set(map(type, values)) <= _TABLE, what)
    # each a dict, checked just above (mypy cannot follow the set of types)
    return cast("Sequence[dict[object, object]]", values)


def _numbers(values: Collection[object], allowed: frozenset[int]) -> None:
    """Each value a whole number (not a bool, which a set takes for 0 or 1) in ``allowed``."""
    plain.check(set(map(type, values)) <= _WHOLE and allowed.issuperset(values),
                "not whole numbers in range")


def _words(values: Iterable[object], allowed: frozenset[str]) -> None:
    """Each value one of the ``allowed`` words (anything else, a list too, is not in it)."""
    try:
        plain.check(allowed.issuperset(values), "not the expected words")
    except TypeError:  # unhashable
        raise plain.BadState("not the expected words") from None


def _trumps(hero: Hero, deck: Deck) -> dict[tuple[object, ...], Trump]:
    """The trumps a round of ``hero`` can have, by their plain values."""
    if hero.trump == "colour":
        found = [Trump("colour", colour=letter) for letter in deck.letters]
    elif hero.trump == "value":
        found = [Trump("value", value=value) for value in range(deck.low, deck.high + 1)]
    else:
        found = [Trump(hero.trump)]
    return {tuple(trump): trump for trump in found}


class _StateReader:
    """Reads one game's rounds back: every value's type and range, then the rounds built."""

    def __init__(self, game: TrickyGame) -> None:
        self.game = game
        deck = game.deck
        self.card_of = {str(card): card for card in deck.cards()}
        self.card_names = frozenset(self.card_of)
        self.heroes = {hero.id: hero for hero in game.choices}
        self.hero_ids = frozenset(self.heroes)
        # by hero id, looked up with the values read before they are known to be words
        self.trumps: dict[object, dict[tuple[object, ...], Trump]] = {
            hero.id: _trumps(hero, deck) for hero in game.choices}
        self.letters = frozenset(deck.letters)
        self.seats = frozenset(range(game.count))
        self.trick_numbers = frozenset(range(1, game.hand + 1))
        self.kinds = {card: PLURALS[deck.kind(card)] for card in deck.cards()}
        self.most = {**deck.counts(deck.cards()), "tricks": game.hand}  # one round's haul

    def rounds(self, rows: Sequence[object]) -> list[Round]:
        found = _records(rows, len(Round.__slots__))
        if not found:
            return []
        (numbers, actives, heroes, trumps, predicts, passed, exchanged, discards, tricks,
         revokes, not_followed, counts, golds, lines, vias) = zip(*found, strict=True)
        game = self.game
        _numbers(numbers, frozenset(range(1, len(rows) + 1)))
        _numbers(actives, self.seats)
        _words(heroes, self.hero_ids)
        trump_rows = _records(trumps, 3)
        plain.check(set(map(type, chain.from_iterable(trump_rows))) <= _TRUMP_PARTS,
                    "not a trump")
        trump_of = [self.trumps[hero].get(tuple(trump))
                    for hero, trump in zip(heroes, trump_rows, strict=True)]
        plain.check(None not in trump_of, "a trump the hero does not take")
        _numbers([p for p in predicts if p is not None],
                 frozenset(range(game.hand + len(game.deck.colours) + 1)))
        _words(_lists(passed, table()["variants"]["random_passes"]), self.hero_ids)
        exchanges = _sequences(exchanged, game.count)
        pairs = _records(list(chain.from_iterable(exchanges)), 2)
        if pairs:
            seats, taken = zip(*pairs, strict=True)
            _numbers(seats, self.seats)
            _numbers(taken, frozenset(range(game.exchange_limit() + 1)))
        _words(_lists(discards, len(self.card_of)), self.card_names)
        self._tricks(_lists(tricks, game.hand))
        self._revokes(_lists(revokes, game.hand * game.count))
        misses = _sequences(not_followed, game.count)
        missed = _records(list(chain.from_iterable(misses)), 2)
        if missed:
            seats, colours = zip(*missed, strict=True)
            _numbers(seats, self.seats)
            by_colour = _tables(colours, "not colours")
            plain.check(set[object]().union(*by_colour) <= self.letters, "not colours")
            _numbers([n for misses_of in by_colour for n in misses_of.values()],
                     self.trick_numbers)
        hauls = _tables([haul for haul in counts if haul is not None], "not a haul")
        plain.check(set[object]().union(*hauls) <= HAUL_KEYS, "not a haul")
        _numbers([n for haul in hauls for key, n in haul.items() if key != "last_trick"],
                 _COUNTS)
        plain.check({type(haul.get("last_trick", False)) for haul in hauls} <= _FLAG,
                    "the last trick not true or false")
        paid = _records([gold for gold in golds if gold is not None], game.count)
        gold = list(chain.from_iterable(paid))
        plain.check(set(map(type, gold)) <= _WHOLE, "not gold")
        # whole numbers, checked just above (mypy cannot follow the set of types)
        plain.check(min(cast("list[int]", gold), default=0) >= 0, "not gold")
        plain.check(set(map(type, lines)) <= _WORD, "not a line")
        # words, checked just above (mypy cannot follow the set of types)
        plain.check(max(map(len, cast("tuple[str, ...]", lines))) <= plain.MAX_TEXT,
                    "not a line")
        _words(vias, VIAS)
        # every column checked above (mypy cannot follow the sets of types)
        built = list(map(self._round, cast("Sequence[RoundRow]", found), trump_of))
        plain.check([len(rnd.exchanged) for rnd in built] == list(map(len, exchanges)),
                    "a player exchanged twice in a round")
        plain.check([len(rnd.not_followed) for rnd in built] == list(map(len, misses)),
                    "a player's misses given twice in a round")
        return built

    def _tricks(self, tricks: Sequence[object]) -> None:
        found = _records(tricks, 4)
        if found:
            numbers, leaders, played, winners = zip(*found, strict=True)
            _numbers(numbers, self.trick_numbers)
            _numbers(leaders + winners, self.seats)
            _words(chain.from_iterable(_records(played, self.game.count)), self.card_names)

    def _revokes(self, revokes: Sequence[object]) -> None:
        found = _records(revokes, 5)
        if found:
            players, colours, missed, played, cards = zip(*found, strict=True)
            _numbers(players, self.seats)
            _words(colours, self.letters)
            _numbers(missed + played, self.trick_numbers)
            _words(cards, self.card_names)

    def _round(self, row: RoundRow, trump: Trump | None) -> Round:
        """A round from values already checked."""
        (number, active, hero_id, _, predict, passed, exchanged, discards, tricks, revokes,
         not_followed, counts, gold, gold_line, via) = row
        card = self.card_of.__getitem__
        hero = self.heroes.__getitem__
        assert trump is not None  # checked with the column
        rnd = Round(number, active, hero(hero_id), trump, predict, tuple(map(hero, passed)))
        rnd.exchanged = dict(exchanged)
        rnd.discards = list(map(card, discards))
        rnd.tricks = [PlayedTrick(number, leader, tuple(map(card, cards)), winner)
                      for number, leader, cards, winner in tricks]
        rnd.revokes = [Revoke(player, colour, missed, played, card(name))
                       for player, colour, missed, played, name in revokes]
        rnd.not_followed = {seat: dict(missed) for seat, missed in not_followed}
        rnd.counts = None if counts is None else dict(counts)
        rnd.gold = None if gold is None else list(gold)
        rnd.gold_line = gold_line
        rnd.via = via
        return rnd


def _rule(condition: bool, rnd: Round, what: str) -> None:
    """A rule each round keeps (the message is made only when it is broken)."""
    if not condition:
        raise plain.BadState(f"round {rnd.number}: {what}")


def _check_rounds(game: TrickyGame, reader: _StateReader) -> None:
    """The rules every state the engine reaches keeps."""
    rounds = game.rounds
    if not rounds:
        return
    race = game.setup.race
    plain.check(bool(race) or len(rounds) <= (game.rounds_total or 0),
                "more rounds than the game has")
    plain.check([rnd.number for rnd in rounds] == list(range(1, len(rounds) + 1)),
                "rounds not numbered in order")
    first = rounds[0].active
    plain.check([rnd.active for rnd in rounds]
                == [(first + number) % game.count for number in range(len(rounds))],
                "the active player not going round clockwise")
    plain.check(all(rnd.done for rnd in rounds[:-1]), "a round unfinished before the last")
    if race and len(rounds) > 1:
        paid = [rnd.gold or [] for rnd in rounds[:-1]]
        totals = [sum(gold) for gold in zip(*paid, strict=True)]
        plain.check(max(totals) < race, "a round played after the race was won")
    if game.setup.guild:
        plain.check(len({(rnd.active, rnd.hero) for rnd in rounds}) == len(rounds),
                    "a hero played twice by one player in the Adventurers Guild")
    for rnd in rounds:
        _check_start(game, rnd)
        _check_exchanges(game, rnd)
        _check_tricks(game, rnd)
        _check_end(game, rnd, reader)


def _check_start(game: TrickyGame, rnd: Round) -> None:
    """Heroes passed on only in the Random Dungeon, each once; the Seer's prediction."""
    if rnd.passed:
        _rule(game.setup.random_heroes, rnd, "a hero passed on")
        _rule(rnd.hero not in rnd.passed and len(set(rnd.passed)) == len(rnd.passed), rnd,
              "a hero turned up twice")
    if rnd.hero.gold == "prediction":
        _rule(rnd.predict is not None or not (rnd.tricks or rnd.done), rnd,
              "the Seer played without a prediction")
    else:
        _rule(rnd.predict is None, rnd, "only the Seer predicts")


def _check_exchanges(game: TrickyGame, rnd: Round) -> None:
    """Who exchanged how many, what was put aside, and the leftover pile never overdrawn."""
    if not rnd.exchanged:
        _rule(not rnd.discards, rnd, "cards put aside without an exchange")
        return
    for seat, count in rnd.exchanged.items():
        if seat != rnd.active:  # two players: the other one after the active, no more
            _rule(game.rules.others_exchange, rnd, "not the active player exchanged")
            _rule(next(iter(rnd.exchanged)) == rnd.active and count <= rnd.exchanged[rnd.active],
                  rnd, "the other player exchanged before or more than the active one")
    taken = sum(rnd.exchanged.values())
    _rule(len(rnd.discards) <= taken, rnd, "more cards put aside than exchanged")
    if not game.rules.potions_exchanged:
        _rule(not any(map(game.deck.is_potion, rnd.discards)), rnd, "a potion put aside")
    if not game.strict:  # the first edition checked neither (companion.editions)
        return
    if game.rules.open_exchange:
        _rule(len(rnd.discards) == taken, rnd, "an open exchange's cards unnamed")
    face_up = table()["variants"]["trickster_face_up"] \
        if rnd.hero.id == "trickster" else 0
    before = 0
    for count in rnd.exchanged.values():  # as _verify_leftover checks each exchange
        _rule(not (face_up or before) or count <= game.leftover() - face_up - before, rnd,
              "more cards exchanged than the leftover pile holds")
        before += count


def _check_tricks(game: TrickyGame, rnd: Round) -> None:
    """Each card once a round; each trick numbered in turn and led by the last one's winner.
    The round being played is settled again (winners, revokes, colours not followed: what
    it plays on with); a finished round's revokes name cards played."""
    tricks = rnd.tricks
    if not tricks:
        _rule(not rnd.revokes and not rnd.not_followed, rnd, "a revoke before any trick")
        _rule(len(set(rnd.discards)) == len(rnd.discards), rnd, "a card put aside twice")
        return
    numbers, leaders, played, winners = zip(*tricks, strict=True)
    _rule(numbers == _TRICK_NUMBERS[:len(tricks)] and leaders[0] == rnd.active
          and leaders[1:] == winners[:-1], rnd, "a trick out of turn")
    cards = set(chain.from_iterable(played))
    cards.update(rnd.discards)
    _rule(len(cards) == len(tricks) * game.count + len(rnd.discards), rnd, "a card held twice")
    if rnd.done:
        for revoke in rnd.revokes:
            trick = tricks[revoke.played - 1] if revoke.played <= len(tricks) else None
            _rule(trick is not None and revoke.missed < revoke.played
                  and trick.cards[(revoke.player - trick.leader) % game.count] == revoke.card
                  and revoke.card.colour == revoke.colour, rnd, "a revoke of a card not played")
        return  # all its tricks played (or none, checked above): its misses are in range
    watched = Round(rnd.number, rnd.active, rnd.hero, rnd.trump)
    for trick in tricks:
        position, _ = trick_winner(trick.cards, game.deck, rnd.trump, rnd.hero.trick)
        _rule(trick.winner == (trick.leader + position) % game.count, rnd,
              "a trick won by the wrong player")
        watched.watch(trick, game.count)
    _rule(rnd.revokes == watched.revokes, rnd, "revokes not as the tricks give them")
    _rule([(seat, list(missed.items())) for seat, missed in rnd.not_followed.items()]
          == [(seat, list(missed.items())) for seat, missed in watched.not_followed.items()],
          rnd, "colours not followed not as the tricks give them")


def _check_end(game: TrickyGame, rnd: Round, reader: _StateReader) -> None:
    """A round ends with all its tricks or a typed result, paid as its hero pays."""
    counts = rnd.counts
    if rnd.gold is None or counts is None:
        _rule(rnd.gold is None and counts is None and rnd.via == "" and rnd.gold_line == ""
              and len(rnd.tricks) < game.hand, rnd, "half finished")
        return
    _rule(rnd.via != "", rnd, "half finished")
    if rnd.via == "tricks":
        _rule(len(rnd.tricks) == game.hand and tuple(counts) == PLAYED_HAUL
              and list(counts.values()) == _haul(rnd, reader.kinds), rnd,
              "the haul is not what the tricks hold")
    else:
        _rule(not rnd.tricks and tuple(counts) == RESULT_HAUL
              and all(number <= reader.most[key] for key, number in counts.items()
                      if key != "last_trick"), rnd, "not a result the deck can make")
    golds, line = rnd.golds(game.settings, game.count, counts)
    _rule(rnd.gold == golds and rnd.gold_line == line, rnd, "gold not as the hero pays")


def _haul(rnd: Round, kinds: Mapping[TrickyCard, str]) -> list[int | bool]:
    """The values of ``Round.collected`` (keys ``PLAYED_HAUL``) for a played-out
    round, each card's kind looked up once per state (``Deck.kind`` reads the tables for
    every card: slow over a long game)."""
    won = [trick.cards for trick in rnd.tricks if trick.winner == rnd.active]
    found = list(map(kinds.__getitem__, chain.from_iterable(won)))
    return [len(won), *map(found.count, _PLURALS), rnd.tricks[-1].winner == rnd.active]
