"""A round's end: the gold each player earns for the active player's haul, counted from
the tricks or typed in at once (``result``). ``finish_round`` is the one place the
round's gold is set (``Round.settle``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

from companion.errors import BadInput, RuleRefused
from companion.tricky.cards import plural, table
from companion.tricky.grammar import COUNTS, RESULT_ORDER, Result
from companion.tricky.heroes import COUNT_HELP, gold_for_round, hero_number, number_note
from companion.tricky.start import need_prediction, need_round
from companion.tricky.state import R_RESULT, R_RESULT_TRICKS, Haul, Round, counted
from companion.tricky.views import end_line, scores_text

if TYPE_CHECKING:
    from companion.tricky.engine import Ruled, TrickyGame


class ResultPlan(NamedTuple):
    """A typed haul checked: the counts the round keeps, the trick count its haul implies
    when none was typed (tricky.ruling.result-tricks), the canonical action."""

    round: Round
    counts: Haul
    least: int | None
    canonical: Result


def check_result(game: TrickyGame, action: Result) -> ResultPlan:
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
    need_prediction(game, rnd)
    least = implied_tricks(game, given)
    verify_haul(game, given if least is None else {**given, "tricks": least})
    counts: Haul = dict.fromkeys(COUNTS, 0)
    counts["last_trick"] = False
    counts.update(given)
    if least is not None:
        counts["tricks"] = least
    number = {key: int(given[key]) if key in given else None for key in COUNTS}
    last = given.get("last_trick")
    canonical = Result((), number["tricks"], number["potions"], number["spells"],
                       number["goblins"], number["orcs"], number["ogres"],
                       None if last is None else bool(last))
    return ResultPlan(rnd, counts, least, canonical)


def settle(game: TrickyGame, plan: ResultPlan) -> Ruled:
    lines = finish_round(game, plan.round, plan.counts, "result")
    if plan.least:  # said after the gold's line, which stays as the hero pays
        lines.insert(1, f"at least {plural(plan.least, 'trick')} won, as the haul implies "
                        f"(rule {R_RESULT_TRICKS})")
    return plan.canonical, lines


def round_gold(game: TrickyGame, rnd: Round,
               counts: Mapping[str, int | bool]) -> tuple[list[int], str]:
    """Each player's gold for the round's haul, and the line explaining the active's."""
    hero = rnd.hero
    number = hero_number(hero, game.settings, game.count) if hero.setting else 0
    note = number_note(hero, game.settings, game.count) if hero.setting else ""
    gold, line = gold_for_round(hero, counts, number=number, note=note,
                                predict=rnd.predict)
    golds = [0] * game.count
    golds[rnd.active] = gold
    if gold == 0:
        bonus = table()["game"]["no_gold_consolation"]
        for seat in range(game.count):
            if seat != rnd.active:
                golds[seat] = bonus
    return golds, line


def finish_round(game: TrickyGame, rnd: Round, counts: Haul, via: str) -> list[str]:
    golds, line = round_gold(game, rnd, counts)
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
    rnd.settle(counts, golds, line, via)
    if game.finished:  # the final scores follow once, in the summary's table
        lines.append(end_line(game))
    else:
        lines.append("Scores: " + scores_text(game))
    return lines


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
    given: dict[str, int | bool] = {}
    for key, number in zip(RESULT_ORDER, action.counts, strict=False):
        option = getattr(action, key)
        if option is not None:
            raise BadInput(f"{key} given twice: {number} and --{key} {option}")
        given[key] = counted(number, key)
    for key in COUNTS:
        value = getattr(action, key)
        if value is not None:
            given[key] = counted(value, f"--{key}")
    if action.last_trick is not None:
        given["last_trick"] = action.last_trick
    return {key: given[key] for key in (*COUNTS, "last_trick") if key in given}


def implied_tricks(game: TrickyGame, given: Mapping[str, int | bool]) -> int | None:
    """A haul typed without its trick count (the hero pays for other things): the
    fewest tricks that hold it, 1 at least when the last trick was won
    (tricky.ruling.result-tricks); None when the count is given."""
    if "tricks" in given:
        return None
    cards = sum(int(given.get(key, 0)) for key in COUNTS[1:])
    least = max(-(-cards // game.count), 1 if given.get("last_trick") is True else 0)
    if least > game.hand:
        raise RuleRefused(f"{plural(cards, 'card')} need at least {least} tricks: a round "
                          f"has {game.hand}", R_RESULT)
    return least


def verify_haul(game: TrickyGame, given: Mapping[str, int | bool]) -> None:
    """Refuse a haul the deck cannot make."""
    most = game.deck.counts(game.deck.cards())
    most["tricks"] = game.hand
    for key in COUNTS:
        if key in given and int(given[key]) > most[key]:
            raise RuleRefused(f"--{key} {given[key]}: a round has at most {most[key]}",
                              R_RESULT)
    tricks = given.get("tricks")
    if tricks is None:
        return
    tricks = int(tricks)
    cards = sum(int(given.get(k, 0)) for k in COUNTS[1:])
    if cards > tricks * game.count:
        raise RuleRefused(f"{plural(tricks, 'trick')} hold {tricks * game.count} cards, "
                          f"not {cards}", R_RESULT)
    last = given.get("last_trick")
    if last is True and tricks == 0:
        raise RuleRefused("the last trick won with 0 tricks?", R_RESULT)
    if last is False and tricks == game.hand:
        raise RuleRefused(f"all {game.hand} tricks won, so the last one too", R_RESULT)
