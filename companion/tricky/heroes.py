"""The 15 heroes: their set, trump rule, trick rule and gold rule.

Every hero is data in ``rulebook/tricky.tables.toml``; this module reads it and
works out a round's gold with a line that shows the arithmetic.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Final

from companion.game import plural
from companion.tricky.cards import PLURALS, Settings, numbers_in, table, words_in, wrap
from companion.values import Value

SETS: Final = ("A", "B", "C")
COUNT_WORDS: Final = {many: one for one, many in PLURALS.items()}  # tricks: trick
COUNT_HELP: Final = {
    "tricks": "tricks the active player won", "potions": "potions collected",
    "spells": "spells (3s and 4s) collected", "goblins": "goblins (1s and 2s) collected",
    "orcs": "orcs (5s and 6s) collected", "ogres": "ogres (7s) collected",
    "last_trick": "whether the active player won the last trick",
}
TRUMP_TEXT: Final = {"none": "none", "spells": "spells (3s and 4s)",
                     "potions": "potions", "torches": "torches (0s)"}


class Hero(Value):
    id: str
    name: str
    set: str
    trump: str
    chooser: str | None
    trick: str
    gold: str
    counts: tuple[str, ...]
    each: int
    reward: int
    setting: str | None
    aliases: tuple[str, ...]
    note: str

    def trump_rule(self) -> str:
        """The trump rule in a few words: ``a colour (active player picks)``."""
        who = "left" if self.chooser == "left" else "active"
        if self.trump in ("colour", "value"):
            return f"a {self.trump} ({who} player picks)"
        return TRUMP_TEXT[self.trump]

    def trick_rule(self) -> str:
        """``lowest of the asked colour wins``: its trick rule (highest, lowest or
        second-highest) in words."""
        return f"{self.trick.replace('-', ' ')} of the asked colour wins"

    def gold_rule(self, number: str = "N") -> str:
        """The gold rule in a few words; ``number`` is the base or minimum."""
        things = " or ".join(COUNT_WORDS.get(c, c) for c in self.counts)
        if self.gold == "base-minus":
            return f"base {number}, minus 1 per {things}"
        if self.gold == "over-minimum":
            return f"1 per {things} over {number}"
        if self.gold == "per":
            return f"{self.each} per {things}"
        if self.gold == "last-trick":
            return f"{self.reward} for winning the last trick"
        return f"{self.reward} if {' + '.join(self.counts)} = the prediction"


@cache
def heroes() -> dict[str, Hero]:
    """Every hero by id, in the rulebook's order (set A, B, C)."""
    data = table()
    found: dict[str, Hero] = {}
    for letter in SETS:
        for hero_id in data["sets"][letter]:
            row = data["heroes"][hero_id]
            found[hero_id] = Hero(
                id=hero_id, name=row["name"], set=letter, trump=row["trump"],
                chooser=row.get("chooser"), trick=row.get("trick", "highest"),
                gold=row["gold"], counts=tuple(row["counts"]), each=int(row.get("each", 1)),
                reward=int(row.get("reward", 0)), setting=row.get("setting"),
                aliases=tuple(row.get("aliases", ())), note=row.get("note", ""))
    return found


def heroes_in(hero_set: str) -> list[Hero]:
    """The heroes of set A, B or C, or all 15."""
    return [h for h in heroes().values() if hero_set == "all" or h.set == hero_set]


@cache
def hero_spellings() -> dict[str, str]:
    """Every way a hero is named (its name, id and aliases, as ``names.key`` compares
    them) to its name."""
    from companion import names

    every = heroes().values()
    return names.spellings([hero.name for hero in every],
                           {hero.name: (hero.id, *hero.aliases) for hero in every})


def lead_hero(words: Sequence[str], choices: Sequence[Hero] | None = None
              ) -> tuple[Hero, int]:
    """The hero named by the first of ``words`` (``dwarven hunter red``: two of them,
    unquoted) by name, id, alias or unique start, and how many words it took
    (``names.lead_name``); an unknown one is answered with the closest names, or the list
    of ``choices`` (all 15 by default)."""
    from companion import names

    listed = [hero.name for hero in (choices or heroes().values())]
    name, taken = names.lead_name(words, hero_spellings(), "hero", listed)
    return next(hero for hero in heroes().values() if hero.name == name), taken


# -- gold --------------------------------------------------------------------------
def hero_number(hero: Hero, settings: Settings, players: int) -> int:
    """The base or minimum this hero uses with this many players (0 if it has none)."""
    if hero.setting is None:
        return 0
    pair = table()["players"][str(players)]["pair"]
    return numbers_in(settings, hero.setting)[pair]


def unverified(hero: Hero, settings: Settings) -> bool:
    """Whether the players have yet to check this hero's number against their cards."""
    return hero.setting is not None and hero.setting in words_in(settings, "unverified")


def number_note(hero: Hero, settings: Settings, players: int) -> str:
    """``3 players, unverified`` to show beside a base or minimum."""
    return plural(players, "player") + (", unverified" if unverified(hero, settings) else "")


def gold_for_round(hero: Hero, counts: Mapping[str, int | bool], *, number: int = 0,
                   note: str = "", predict: int | None = None) -> tuple[int, str]:
    """The active player's gold and the line that explains it (never below 0).

    ``counts`` holds what the active player collected (``tricks``, ``potions``,
    ``spells``, ``goblins``, ``orcs``, ``ogres``, ``last_trick``); ``number`` is
    the hero's base or minimum for the player count, ``note`` says which.
    """
    def sum_text(keys: Sequence[str], between: str = " + ") -> str:
        return between.join(plural(int(counts[k]), COUNT_WORDS[k]) for k in keys)

    total = sum(int(counts[k]) for k in hero.counts if k != "last_trick")
    if hero.gold == "base-minus":
        raw = number - total
        gold = max(0, raw)
        text = f"base {number} ({note}) - {sum_text(hero.counts, ' - ')} = {raw}"
        if raw < 0:
            text += ", never below 0"
        return gold, f"{hero.name}: {text}: {gold} gold"
    if hero.gold == "over-minimum":
        gold = max(0, total - number)
        over = f"{gold} over" if gold else "not over"
        return gold, (f"{hero.name}: {sum_text(hero.counts)} = {total}, {over} "
                      f"minimum {number} ({note}): {gold} gold")
    if hero.gold == "per":
        gold = total * hero.each
        times = f" x {hero.each}" if hero.each != 1 else ""
        return gold, f"{hero.name}: {sum_text(hero.counts)}{times} = {gold} gold"
    if hero.gold == "last-trick":
        won = bool(counts["last_trick"])
        gold = hero.reward if won else 0
        return gold, f"{hero.name}: {'won' if won else 'lost'} the last trick: {gold} gold"
    # prediction
    gold = hero.reward if predict == total else 0
    verdict = "right" if gold else "wrong"
    return gold, (f"{hero.name}: predicted {predict}, got {sum_text(hero.counts)} = {total}, "
                  f"{verdict}: {gold} gold")


# -- the hero table, as 'heroes' shows it ---------------------------------------
def number_text(hero: Hero, settings: Settings, players: int | None) -> str:
    """The base or minimum: for this player count, else both (``6/4``)."""
    if hero.setting is None:
        return ""
    if players is not None:
        return str(hero_number(hero, settings, players))
    return "/".join(map(str, numbers_in(settings, hero.setting)))


def hero_lines(hero: Hero, settings: Settings, players: int | None,
               width: int = 40) -> list[str]:
    """A hero in three or four short lines (name, trump, trick rule, gold, note), each
    cut at ``width`` as a phone shows it."""
    flag = " (unverified)" if unverified(hero, settings) else ""
    lines = [hero.name, f"  trump: {hero.trump_rule()}"]
    if hero.trick != "highest":
        lines.append(f"  tricks: {hero.trick_rule()}")
    lines.append(f"  gold: {hero.gold_rule(number_text(hero, settings, players))}{flag}")
    if hero.note:
        lines.append(f"  {hero.note}")
    return [part for line in lines for part in wrap(line, width)]


def hero_json(hero: Hero, settings: Settings, players: int | None) -> dict[str, object]:
    data: dict[str, object] = {
        "id": hero.id, "name": hero.name, "set": hero.set, "trump": hero.trump,
        "trump_chooser": hero.chooser, "trick": hero.trick, "gold": hero.gold,
        "counts": list(hero.counts), "rule": hero.gold_rule(number_text(hero, settings, players)),
    }
    if hero.gold == "per":
        data["each"] = hero.each
    if hero.gold in ("last-trick", "prediction"):
        data["reward"] = hero.reward
    if hero.setting is not None:
        data["setting"] = hero.setting
        data["number"] = (hero_number(hero, settings, players) if players is not None
                          else list(numbers_in(settings, hero.setting)))
        data["unverified"] = unverified(hero, settings)
    return data
