"""A round's verbs: its start (the hero, ``round``), the exchanges, the Seer's
prediction, each trick, and the gold at its end (played out, or typed in at once with
``result``).

Each verb of ``companion.tricky.grammar`` is ruled by the function of its name here.
It checks first, raising the refusal with its rule id while nothing has changed, then
makes the change and says how. A round's cards change place only through
``Round.put_aside`` and ``Round.play``; its gold is set only by ``finish_round``
(``Round.settle``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from companion.errors import BadInput, NotationError, RuleRefused
from companion.game import plural
from companion.numbers import is_whole
from companion.tricky.cards import TrickyCard, table
from companion.tricky.grammar import COUNTS, GRAMMAR, RESULT_ORDER, Exchange, Predict, Result, Trick
from companion.tricky.grammar import Round as RoundAction
from companion.tricky.heroes import COUNT_HELP, Hero, lead_hero
from companion.tricky.state import Haul, PlayedTrick, Round, Trump, trick_winner
from companion.tricky.views import end_line, gold_rule, revoke_line, scores_text, trump_line

if TYPE_CHECKING:
    from companion.tricky.engine import Ruled, TrickyGame

# Rulebook section ids named by refusals (tests check each is in [sections]).
R_CARDS = "tricky.deck.cards"
R_ACTIVE = "tricky.round.active"
R_HERO = "tricky.round.hero"
R_EXCHANGE = "tricky.round.exchange"
R_END = "tricky.round.end"
R_RESULT = "tricky.round.result"
R_SET = "tricky.setup.set"
R_HERO_TRUMP = "tricky.hero.trump"
R_SEER = "tricky.hero.seer"
R_TWO = "tricky.two-player"
R_RANDOM = "tricky.variant.random"
R_TRICKSTER = "tricky.ruling.trickster-face-up"
R_GUILD_ONCE = "tricky.ruling.guild"
R_SEER_ORDER = "tricky.ruling.seer-exchange"
R_RESULT_TRICKS = "tricky.ruling.result-tricks"


# -- round: the active player picks a hero -----------------------------------------
def round(game: TrickyGame, action: RoundAction) -> Ruled:
    hero, trump_text = hero_and_trump(game, action)
    if game.current is not None:
        rnd = game.current
        raise RuleRefused(f"round {rnd.number} is not over: {len(rnd.tricks)} of "
                          f"{game.hand} tricks entered (or use 'result')", R_END)
    active = verify_active(game, action.active)
    verify_hero(game, hero, active)
    passed = verify_passes(game, hero, action.pass_)
    trump = parse_trump(game, hero, trump_text)
    rnd = Round(len(game.rounds) + 1, active, hero, trump, passed=passed)
    predict = None if action.predict is None else verify_predict(game, rnd, action.predict)
    exchange = action.exchange  # made on the new round, which is not yet the game's
    exchanged = None if exchange is None else make_exchange(game, rnd, active, exchange, [])
    rnd.predict = predict
    game.rounds.append(rnd)
    name = game.players[active]
    of = f" of {game.rounds_total}" if game.rounds_total else ""
    lines = [f"Round {rnd.number}{of}: {name} plays the {hero.name}"]
    if rnd.passed:
        lines.append(f"Passed on: {', '.join(h.name for h in rnd.passed)}")
    lines.append(trump_line(game, rnd))
    if hero.trick != "highest":
        lines.append(f"Tricks: the {hero.trick_rule()}")
    lines.append(f"Gold: {gold_rule(game, hero)}")
    if hero.note:
        lines.append(f"{hero.name}: {hero.note}")
    if exchanged is not None:  # the exchange comes first, then the prediction
        lines.append(exchanged)
    if predict is not None:
        lines.append(f"{name} predicts {predict} tricks + potions")
    lines.append(f"{name} leads the first trick")
    canonical = RoundAction((hero.id,), name, rnd.trump.option(), exchange, predict,
                            tuple(h.id for h in rnd.passed))
    return canonical, lines


def hero_and_trump(game: TrickyGame, action: RoundAction) -> tuple[Hero, str | None]:
    """The hero, in one or more words, then its trump: given after the hero (``barb
    red``) or as --trump."""
    hero, taken = lead_hero(action.hero, game.choices)
    after = action.hero[taken:]
    if len(after) > 1:
        raise BadInput(f"usage: {GRAMMAR.verb('round').usage_line()}")
    if not after:
        return hero, action.trump
    if action.trump is not None:
        raise BadInput(f"the trump is given twice: {after[0]!r} and --trump")
    if hero.trump not in ("colour", "value"):
        raise RuleRefused(f"the {hero.name} takes no trump: its trump is "
                          f"{hero.trump_rule()}", R_HERO_TRUMP)
    return hero, after[0]


def verify_active(game: TrickyGame, text: str | None) -> int:
    expected = game.next_active()
    if text is None:
        return 0 if expected is None else expected
    chosen = game.parse_player(text)
    if expected is not None and chosen != expected:
        before = game.players[(expected - 1) % game.count]
        raise RuleRefused(f"{game.players[chosen]} is not the active player: "
                          f"{game.players[expected]} is, clockwise after {before}", R_ACTIVE)
    return chosen


def verify_hero(game: TrickyGame, hero: Hero, active: int) -> None:
    if hero not in game.choices:
        raise RuleRefused(f"the {hero.name} is in set {hero.set}; this game plays set "
                          f"{game.setup.hero_set}", R_SET)
    if game.setup.guild:
        before = next((r for r in game.rounds if r.active == active and r.hero == hero),
                      None)
        if before is not None:
            raise RuleRefused(f"Adventurers Guild: {game.players[active]} played the "
                              f"{hero.name} in round {before.number}", R_GUILD_ONCE)


def verify_passes(game: TrickyGame, hero: Hero, texts: Sequence[str]) -> tuple[Hero, ...]:
    if not texts:
        return ()
    if not game.setup.random_heroes:
        raise RuleRefused("passing on a hero is for the Random Dungeon "
                          "(new game with --random-heroes)", R_RANDOM)
    limit = table()["variants"]["random_passes"]
    if len(texts) > limit:
        raise RuleRefused(f"Random Dungeon: at most {limit} heroes are passed on; the "
                          f"next one turned up is played", R_RANDOM)
    passed = tuple(lead_hero([t], game.choices)[0] for t in texts)
    for number, other in enumerate(passed):
        if other == hero or other in passed[:number]:
            raise RuleRefused(f"Random Dungeon: the {other.name} was turned up once; "
                              "each hero card is exposed once", R_RANDOM)
    return passed


def parse_trump(game: TrickyGame, hero: Hero, text: str | None) -> Trump:
    if hero.trump in ("colour", "value"):
        if text is None:
            raise BadInput(f"the {hero.name} needs its trump: 'round {hero.id} "
                           f"{hero.trump.upper()}', {hero.trump_rule()}")
        if hero.trump == "colour":
            return Trump("colour", colour=game.deck.parse_colour(text))
        value = text.strip()
        if not (is_whole(value) and game.deck.low <= int(value) <= game.deck.high):
            raise NotationError(f"{text!r} is not a card value: the {hero.name}'s trump "
                                f"is a value {game.deck.low} to {game.deck.high}")
        return Trump("value", value=int(value))
    if text is not None:
        raise RuleRefused(f"the {hero.name} takes no --trump: its trump is "
                          f"{hero.trump_rule()}", R_HERO_TRUMP)
    return Trump(hero.trump)


# -- exchange and prediction ----------------------------------------------------------
def exchange(game: TrickyGame, action: Exchange) -> Ruled:
    rnd = need_round(game, "exchange cards")
    before_play(rnd, "the exchange")
    typed, words = action.number, list(action.cards)
    if len(words) == 1 and is_whole(words[0]) and typed is None:
        typed, words = int(words[0]), []  # 'exchange 2': how many, the cards unshown
    cards = [game.deck.parse(word) for word in card_words(game, words)]
    count = len(cards) if typed is None else typed
    if cards and count != len(cards):
        raise BadInput(f"--count {count} but {plural(len(cards), 'card')} named")
    if action.player is not None:
        player = game.parse_player(action.player)
    elif rnd.active in rnd.exchanged and game.rules.others_exchange:
        player = (rnd.active + 1) % game.count  # two players: then the other one
    else:
        player = rnd.active
    line = make_exchange(game, rnd, player, count, cards)
    return Exchange(tuple(map(str, cards)), game.players[player], count), [line]


def make_exchange(game: TrickyGame, rnd: Round, player: int, count: int,
                  cards: Sequence[TrickyCard]) -> str:
    """An exchange checked, made, and said in a line."""
    verify_after_prediction(game, rnd, player, count, cards)
    verify_exchange(game, rnd, player, count, cards)
    rnd.put_aside(player, count, cards)
    line = f"{game.players[player]} exchanges {plural(count, 'card')}"
    return line + (f", putting aside {' '.join(map(str, cards))}" if cards else "")


def predict(game: TrickyGame, action: Predict) -> Ruled:
    rnd = need_round(game, "predict")
    number = verify_predict(game, rnd, action.prediction)
    rnd.predict = number
    return Predict(number), [f"{game.players[rnd.active]} predicts {number} tricks + potions"]


def verify_after_prediction(game: TrickyGame, rnd: Round, player: int, count: int,
                            cards: Sequence[TrickyCard]) -> None:
    """Every exchange comes before the Seer's prediction (edition 3 on): one typed
    after it is refused with the order to type them in."""
    if rnd.predict is None or not game.seer_exchanges_first or player in rnd.exchanged:
        return  # (an exchange given twice is refused as that)
    typed = " ".join(map(str, cards)) if cards else str(count)
    if player != rnd.active:
        typed += f" --player {game.players[player]}"
    raise RuleRefused("the Seer predicts after every exchange: undo the prediction (a "
                      "round line with --predict: retype it without), then "
                      f"'exchange {typed}' and 'predict {rnd.predict}'", R_SEER_ORDER)


def verify_exchange(game: TrickyGame, rnd: Round, player: int, count: int,
                    cards: Sequence[TrickyCard]) -> None:
    name = game.players[player]
    active = game.players[rnd.active]
    two = game.rules.others_exchange
    if player in rnd.exchanged:
        raise RuleRefused(f"{name} has exchanged already this round", R_EXCHANGE)
    if player != rnd.active:
        if not two:
            raise RuleRefused(f"only the active player ({active}) exchanges cards",
                              R_EXCHANGE)
        if rnd.active not in rnd.exchanged:
            raise RuleRefused(f"{active} (active) exchanges first: enter that, 0 if none",
                              R_TWO)
        most = rnd.exchanged[rnd.active]
        if count > most:
            raise RuleRefused(f"{name} may exchange at most {most}: never more than "
                              f"{active} (active)", R_TWO)
    limit = game.exchange_limit()
    if count > limit:
        why = (f"at most {limit} with {game.count} players" if two
               else f"the leftover pile has {limit}")
        raise RuleRefused(f"{name} cannot exchange {count} cards: {why}",
                          R_TWO if two else R_EXCHANGE)
    if game.strict:  # the first edition checked neither (companion.editions)
        verify_leftover(game, rnd, name, count)
    if game.strict and game.rules.open_exchange and count and not cards:
        what = f"the {count} cards" if count > 1 else "the card"
        raise RuleRefused(f"with two players the exchange is open: name {what} put aside, "
                          f"'exchange{' CARD' * count}'", R_TWO)
    verify_new_cards(rnd, cards, "in this exchange")
    if not game.rules.potions_exchanged:
        potion = next((c for c in cards if game.deck.is_potion(c)), None)
        if potion is not None:
            raise RuleRefused(f"{potion} is a potion{game.deck.flag('potions')}: with two "
                              "players potions are never exchanged", R_TWO)


def verify_leftover(game: TrickyGame, rnd: Round, name: str, count: int) -> None:
    """Cards drawn in exchanges come from what the leftover pile still holds."""
    face_up = table()["variants"]["trickster_face_up"] \
        if rnd.hero.id == "trickster" else 0
    taken = sum(rnd.exchanged.values())
    left = game.leftover() - face_up - taken
    if count <= left or not (face_up or taken):
        return  # the per-player limits above cover a full pile
    text = f"the leftover pile has {game.leftover()}"
    if face_up:
        text += f", less the Trickster's {face_up} face up"
    if taken:
        text += f", less {taken} exchanged"
    raise RuleRefused(f"{name} cannot exchange {plural(count, 'card')}: {text} = {left}",
                      R_TRICKSTER if face_up else R_EXCHANGE)


def verify_predict(game: TrickyGame, rnd: Round, typed: int) -> int:
    if rnd.hero.gold != "prediction":
        raise RuleRefused(f"only the Seer predicts; this round's hero is the "
                          f"{rnd.hero.name}", R_SEER)
    if rnd.predict is not None:
        raise RuleRefused(f"the prediction is made: {rnd.predict}", R_SEER)
    before_play(rnd, "the prediction")
    most = game.hand + len(game.deck.colours)
    if typed > most:
        raise RuleRefused(f"a prediction of {typed} cannot come true: at most {game.hand} "
                          f"tricks + {len(game.deck.colours)} potions = {most}", R_SEER)
    return typed


# -- the checks the verbs share --------------------------------------------------------
def need_round(game: TrickyGame, what: str) -> Round:
    rnd = game.current
    if rnd is None:
        raise RuleRefused(f"no round is being played: pick a hero with 'round HERO' "
                          f"before you {what}", R_HERO)
    return rnd


def before_play(rnd: Round, what: str) -> None:
    if rnd.tricks:
        raise RuleRefused(f"{what} comes before the first trick; "
                          f"{plural(len(rnd.tricks), 'trick')} entered", R_EXCHANGE)


def need_prediction(rnd: Round) -> None:
    if rnd.hero.gold == "prediction" and rnd.predict is None:
        raise RuleRefused("the Seer predicts before play, after any exchange: "
                          "'predict N' (tricks + potions)", R_SEER)


def card_words(game: TrickyGame, args: list[str], count: int = 0) -> list[str]:
    """Cards named in words ('green 4 red 5') as one word each, when only one way fits
    (into ``count`` cards, when that is known)."""
    if all(game.deck.colour_and_number(word) for word in args):
        return args
    from companion.cards import card_groupings  # only for cards typed in words

    counts = [count] if count else range((len(args) + 1) // 2, len(args) + 1)
    ways = [way for number in counts
            for way in card_groupings(args, lambda text: game.deck.colour_and_number(text)
                                      is not None, number)]
    return ways[0] if len(ways) == 1 else args


def verify_new_cards(rnd: Round, cards: Sequence[TrickyCard], where: str) -> None:
    """Each card once per round: not twice here, not played or put aside before."""
    seen: set[TrickyCard] = set()
    for card in cards:
        if card in seen:
            raise RuleRefused(f"{card} is named twice {where}", R_CARDS)
        seen.add(card)
        played = next((t.number for t in rnd.tricks if card in t.cards), None)
        if played is not None:
            raise RuleRefused(f"{card} was played in trick {played} of this round", R_CARDS)
        if card in rnd.discards:
            raise RuleRefused(f"{card} was put aside in this round's exchange", R_CARDS)


# -- tricks ------------------------------------------------------------------------
def trick(game: TrickyGame, action: Trick) -> Ruled:
    """Who won and why, in one line: the cards typed are the action itself, the haul
    and who leads next are the status and the prompt (issue 35: a trick answers in at
    most two lines with the prompt); a revoke is flagged in a line of its own."""
    rnd = need_round(game, "enter a trick")
    leader = rnd.leader
    args = list(action.cards)
    if len(args) > game.count:  # cards named in words: 'green 4 red 5'
        args = card_words(game, args, game.count)
    if len(args) != game.count:
        order = ", ".join(game.players[(leader + i) % game.count] for i in range(game.count))
        quote = "; quote a card in words, like 'green 4'" if len(args) > game.count else ""
        raise BadInput(f"a trick is {game.count} cards, one per player, in play order: "
                       f"{order}{quote}")
    cards = tuple(game.deck.parse(arg) for arg in args)
    need_prediction(rnd)
    verify_new_cards(rnd, cards, "in this trick")
    position, reason = trick_winner(cards, game.deck, rnd.trump, rnd.hero.trick)
    played = PlayedTrick(len(rnd.tricks) + 1, leader, cards, (leader + position) % game.count)
    revokes = rnd.play(played, game.count)
    lines = [f"{game.players[played.winner]} wins: {reason}"]
    lines += [revoke_line(game, r, short=True) for r in revokes]
    if played.number == game.hand:
        lines += finish_round(game, rnd, rnd.collected(game.deck), "tricks")
    return Trick(tuple(map(str, cards))), lines


# -- the end of a round: its gold ----------------------------------------------------
def result(game: TrickyGame, action: Result) -> Ruled:
    """The fast path: the active player's haul, typed in, gives the gold at once."""
    given = result_counts(game, action)
    rnd = need_round(game, "enter a result")
    if rnd.tricks:
        raise RuleRefused(f"{plural(len(rnd.tricks), 'trick')} of this round entered: "
                          "enter the rest, or undo them to use 'result'", R_RESULT)
    missing = next((c for c in rnd.hero.counts if c not in given), None)
    if missing is not None:
        option = "--last-trick or --no-last-trick" if missing == "last_trick" \
            else f"--{missing}"
        raise BadInput(f"the {rnd.hero.name}'s gold needs {option} ({COUNT_HELP[missing]})")
    need_prediction(rnd)
    counts: Haul = {**dict.fromkeys(COUNTS, 0), "last_trick": False, **given}
    if "tricks" not in given:  # the hero pays for other things: the fewest tricks
        counts["tricks"] = implied_tricks(game, counts)
    verify_haul(game, {**given, "tricks": counts["tricks"]})
    lines = finish_round(game, rnd, counts, "result")
    if counts["tricks"] and "tricks" not in given:  # after the gold's line, as it pays
        lines.insert(1, f"at least {plural(int(counts['tricks']), 'trick')} won, as the "
                        f"haul implies (rule {R_RESULT_TRICKS})")
    last = given.get("last_trick")
    return Result((), **{key: given.get(key) for key in COUNTS},
                  last_trick=None if last is None else bool(last)), lines


def finish_round(game: TrickyGame, rnd: Round, counts: Haul, via: str) -> list[str]:
    golds, line = rnd.golds(game.settings, game.count, counts)
    gold = golds[rnd.active]
    name = game.players[rnd.active]
    lines = [f"Round {rnd.number} over. {line}"]
    if gold == 0:
        bonus = table()["game"]["no_gold_consolation"]
        others = [p for p in range(game.count) if p != rnd.active]
        each = " each" if len(others) > 1 else ""
        lines.append(f"{name} earns no gold: {', '.join(game.players[p] for p in others)} "
                     f"+{bonus}{each}")
    else:
        lines.append(f"{name} +{gold}")
    rnd.settle(counts, golds, via)
    # when it ends, the final scores follow once, in the summary's table
    return [*lines, end_line(game) if game.finished else "Scores: " + scores_text(game)]


def result_counts(game: TrickyGame, action: Result) -> dict[str, int | bool]:
    """The counts a result gives, by name: its words are tricks then potions
    (``result 4 1``), the rest come by their options."""
    extra = action.counts[len(RESULT_ORDER):]
    if extra:  # name the options they were probably meant for: what the hero counts
        needed = () if game.current is None else game.current.hero.counts
        free = [key for key in dict.fromkeys((*needed, *COUNTS)) if key in COUNTS
                and key not in RESULT_ORDER and getattr(action, key) is None]
        meant = " ".join(f"--{key} {number}"
                         for key, number in zip(free, extra, strict=False))
        hint = f": did you mean {meant}?" if len(extra) <= len(free) else ""
        raise BadInput(f"'result' takes at most {len(RESULT_ORDER)} words (tricks, then "
                       f"potions){hint}")
    words = dict(zip(RESULT_ORDER, action.counts, strict=False))
    given: dict[str, int | bool] = {}
    for key in (*COUNTS, "last_trick"):
        option = getattr(action, key)
        if key in words and option is not None:
            raise BadInput(f"{key} given twice: {words[key]} and --{key} {option}")
        if words.get(key, option) is not None:
            given[key] = words.get(key, option)
    return given


def implied_tricks(game: TrickyGame, haul: Haul) -> int:
    """The fewest tricks that hold a haul typed without its trick count, 1 at least
    when the last trick was won (tricky.ruling.result-tricks)."""
    cards = sum(int(haul[key]) for key in COUNTS[1:])
    least = max(-(-cards // game.count), 1 if haul["last_trick"] else 0)
    if least > game.hand:
        raise RuleRefused(f"{plural(cards, 'card')} need at least {least} tricks: a round "
                          f"has {game.hand}", R_RESULT)
    return least


def verify_haul(game: TrickyGame, given: Mapping[str, int | bool]) -> None:
    """Refuse a haul the deck cannot make (``given``: what was typed, and the tricks)."""
    most = {**game.deck.counts(game.deck.cards()), "tricks": game.hand}
    for key in COUNTS:
        if key in given and int(given[key]) > most[key]:
            raise RuleRefused(f"--{key} {given[key]}: a round has at most {most[key]}",
                              R_RESULT)
    tricks = int(given["tricks"])
    cards = sum(int(given.get(k, 0)) for k in COUNTS[1:])
    if cards > tricks * game.count:
        raise RuleRefused(f"{plural(tricks, 'trick')} hold {tricks * game.count} cards, "
                          f"not {cards}", R_RESULT)
    last = given.get("last_trick")
    if last is True and tricks == 0:
        raise RuleRefused("the last trick won with 0 tricks?", R_RESULT)
    if last is False and tricks == game.hand:
        raise RuleRefused(f"all {game.hand} tricks won, so the last one too", R_RESULT)
