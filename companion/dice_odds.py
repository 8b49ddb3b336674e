"""Exact chances of the die-rolling games: Elbereth and Half Deck Dungeon Heroes.

Every chance is a ``Fraction`` counted over the die faces, never sampled. The
choices are listed best first, each with the arithmetic it rests on.

- Elbereth: an attack hits when the die reaches the enemy's strength; after a
  miss, each offensive item (sword, staff, bow) equipped may be turned face
  down for +1. The choices are how many items the player is ready to spend.
- Half Deck Dungeon Heroes: die + the hero's attribute + the gear bonus must
  reach the enemy's number; an assisting hero adds one more die (a team attack
  lets every other hero add theirs).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache, partial
from itertools import product
from typing import Any

from companion.resources import tables
from companion.text import percent, wrap
from companion.values import Value


def faces() -> int:
    return int(tables("halfdeck")["die"]["faces"])


@cache
def _sums(dice: int) -> Counter[int]:
    """How many ways ``dice`` dice make each total."""
    return Counter(map(sum, product(range(1, faces() + 1), repeat=dice)))


def chance_at_least(target: int, dice: int = 1, bonus: int = 0) -> Fraction:
    good = sum(count for total, count in _sums(dice).items() if total + bonus >= target)
    return Fraction(good, faces() ** dice)


class Choice(Value):
    """One way to roll, its chance, and how the chance comes about."""

    label: str
    chance: Fraction
    detail: str
    cost: int = 0  # items spent at most (Elbereth) or heroes at risk (Half Deck)

    def as_json(self) -> dict[str, Any]:
        return {"choice": self.label, "chance": round(float(self.chance), 6),
                "exact": str(self.chance), "detail": self.detail}


def best_first(choices: Sequence[Choice]) -> list[Choice]:
    """Highest chance first; on a tie, the one spending or risking less."""
    return sorted(choices, key=lambda c: (-c.chance, c.cost, c.label))


def choice_lines(choices: Sequence[Choice]) -> list[str]:
    return [line for choice in choices
            for line in (f" {choice.label}: {percent(choice.chance)} [A]", f"   {choice.detail}")]


# -- Elbereth --------------------------------------------------------------------------
def elbereth_wins(strength: int, items: int, wins: int = 1) -> Fraction:
    """The chance of ``wins`` successes in a row, ``items`` +1 boosts to share among them:
    after each miss the player spends just the items needed, if they are enough."""
    sides = faces()

    @cache
    def chance(left: int, spare: int) -> Fraction:
        if left == 0:
            return Fraction(1)
        found = Fraction(0)
        for roll in range(1, sides + 1):
            short = max(0, strength - roll)
            if short <= spare:
                found += Fraction(1, sides) * chance(left - 1, spare - short)
        return found

    return chance(wins, items)


def elbereth_choices(strength: int, offensive: int, wins: int = 1,
                     roll: int | None = None) -> list[Choice]:
    """Chance to hit for each number of offensive items the player will spend (0-3);
    with ``roll``, the die is cast and missed: only boosts remain."""
    choices = []
    for spend in range(min(3, offensive) + 1):
        if roll is not None:
            total = roll + spend
            p = Fraction(1 if total >= strength else 0)
            detail = f"roll {roll} + {spend} = {total} vs {strength}"
            label = "no boost" if spend == 0 else f"boost {spend}"
            if wins > 1:
                p *= elbereth_wins(strength, offensive - spend, wins - 1)
                detail += f", then {wins - 1} more hit{'s' if wins > 2 else ''}"
        else:
            need = max(1, strength - spend)
            label = "no item" if spend == 0 else f"up to {spend} item{'s' if spend > 1 else ''}"
            p = elbereth_wins(strength, spend, wins)
            detail = f"die {need}+ vs strength {strength}" if need <= faces() else \
                f"no roll reaches {strength}"
            if wins > 1:
                detail += f", {wins} hits in a row, {spend} boost{'s' if spend != 1 else ''} " \
                    "shared"
        choices.append(Choice(label, p, detail, spend))
    return best_first(choices)


def elbereth_report(game: Any, enemy_text: str | None,
                    width: int = 40) -> tuple[list[str], dict[str, Any]]:
    """Lines and JSON for ``companion elbereth odds [ENEMY]``."""
    from companion.elbereth.engine import table

    offensive = len(game.equipped("offensive"))
    lines: list[str] = []
    data: dict[str, Any] = {"offensive_items": offensive, "enemies": []}
    assumption = ("A: a fair six-sided die; after a miss you spend just the offensive "
                  "items needed (+1 each)")
    targets: list[tuple[Any, int | None]]
    if enemy_text is not None:
        targets = [(game.enemy(enemy_text), None)]
    elif game.miss is not None:
        targets = [(game.miss.enemy, game.miss.roll)]
    else:
        targets = [(game.enemy(name), None) for name in table()["enemies"]
                   if not (name == "dragon" and game.bosses)]
    for enemy, roll in targets:
        # the ogre: the hits still needed, this one included
        wins = max(1, int(table()["bosses"]["ogre"]["wins"]) - game.ogre_wins) \
            if enemy.name == "ogre" else 1
        head = f"{enemy.name} {enemy.strength}"
        if roll is not None:
            head += f", you rolled {roll}"
        if wins > 1:
            head += f", {wins} hits in a row"
        lines.append(f"{head} ({offensive} offensive equipped):")
        choices = elbereth_choices(enemy.strength, offensive, wins, roll)
        lines += choice_lines(choices)
        data["enemies"].append({"enemy": enemy.name, "strength": enemy.strength, "roll": roll,
                                "wins_needed": wins,
                                "choices": [c.as_json() for c in choices]})
    lines += ["Assumes:", *wrap(f" {assumption}", width)]
    data["assumptions"] = {"A": assumption}
    return lines, data


# -- Half Deck Dungeon Heroes ----------------------------------------------------------------
class Roller(Value):
    """A hero as a roll sees them: the attribute used plus the gear bonus."""

    name: str
    base: int
    bonus: int = 0

    @property
    def total(self) -> int:
        return self.base + self.bonus


def halfdeck_choices(heroes: Sequence[Roller], target: int, *, assist: bool = True,
                     team: bool = False,
                     alone: Callable[[int], bool] | None = None) -> list[Choice]:
    """Chance to reach ``target`` for each hero alone and each hero with one assistant;
    ``team``: also the team attack, every other hero adding a die. ``assist`` False: a
    trap, met by one hero. ``alone(best)``: whether a main attacker whose best roll is
    ``best`` must roll alone (the game's assist rule)."""
    def helped(label: str, hero: Roller, dice: int) -> Choice:
        return Choice(label, chance_at_least(target, dice, hero.total),
                      f"{dice} dice + {hero.total} vs {target}: "
                      f"{_need(target - hero.total, dice)}", dice)

    choices = []
    for hero in heroes:
        p = chance_at_least(target, 1, hero.total)
        gear = f" + {hero.bonus} gear" if hero.bonus else ""
        choices.append(Choice(hero.name, p, f"die + {hero.base}{gear} vs {target}: "
                              f"{_need(target - hero.total, 1)}", 1))
        if not assist or alone is not None and alone(faces() + hero.total):
            continue
        choices += [helped(f"{hero.name} + {other.name}", hero, 2)
                    for other in heroes if other is not hero]
        if team and len(heroes) > 2:
            choices.append(helped(f"{hero.name} + team", hero, len(heroes)))
    return best_first(choices)


def _need(short: int, dice: int) -> str:
    if short <= dice:
        return "any roll"
    if short > dice * faces():
        return "out of reach"
    return f"die {short}+" if dice == 1 else f"dice total {short}+"


def halfdeck_report(game: Any, target: int | None = None, attribute: str | None = None,
                    width: int = 40) -> tuple[list[str], dict[str, Any]]:
    """Lines and JSON for ``companion halfdeck odds``."""
    from companion.errors import BadInput
    from companion.halfdeck.cards import BOSS, ENDGAME_BOSS, LETTER, MAGIC, STRENGTH, TRAP

    encounter = game.encounter
    lines: list[str] = []
    if target is None:
        if encounter is None:
            raise BadInput("no encounter in play: give --target N and --attribute "
                           "strength|magic to ask about a roll")
        target, attribute, kind = encounter.card.number, encounter.attribute, encounter.kind
        lines.append(f"{encounter.title()} ({kind}):")
    else:
        if attribute not in (STRENGTH, MAGIC):
            raise BadInput("--attribute must be strength or magic")
        kind = "roll"
        lines.append(f"{LETTER[attribute]}{target}:")
    assert attribute is not None
    rollers = []
    for hero in game.heroes:
        gear = hero.gear
        bonus = 0
        if gear is not None and gear.attribute == attribute and not (
                gear.standby and kind not in (BOSS, ENDGAME_BOSS)):
            bonus = gear.bonus
        rollers.append(Roller(hero.name, hero.attribute(attribute), bonus))
    if not rollers:
        raise BadInput("no hero in play")
    team = game.attack_card in sum(game.hands.values(), [])
    # --assist-rule strict: no supporter for a hero who reaches the number alone
    choices = halfdeck_choices(rollers, target, assist=kind != TRAP, team=team,
                               alone=partial(game.assist_refused, number=target))
    assumption = ("A: fair six-sided dice; the main hero adds attribute and gear, an "
                  "assistant adds a die" + ("; a team attack card is in hand" if team else "")
                  + ("; --assist-rule strict: no assistant for a hero who may reach the "
                     "number alone" if game.assist_refused(0, 0) else ""))
    lines += [*choice_lines(choices), "Assumes:", *wrap(f" {assumption}", width)]
    data = {"target": target, "attribute": attribute, "kind": kind,
            "choices": [c.as_json() for c in choices], "assumptions": {"A": assumption}}
    return lines, data
