"""Elbereth: the tracked game.

The player lays out the real dungeon cards and rolls a real die; the engine
keeps the equipment (equipped face up, face down, or discarded for good),
the coin and the key, the floor and the deck's counts, and rules on every
roll: attacks, the choice after a miss, breaking walls, shopping, bribing
bosses and descending. Actions are text (``attack spider 3``, ``boost
sword``, ``break-wall 5``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from companion import plain
from companion.actions import ActionWords, join_action
from companion.dice import parse_die
from companion.editions import edition, strict
from companion.errors import BadInput, NotationError, RuleRefused
from companion.game import Applied
from companion.numbers import whole_or_none
from companion.tables import tables
from companion.text import wrap

KIND = "elbereth"
TITLE = "Elbereth"
SHORT_BOOST = ("settles", "refused")
BRIBE_FROM = ("equipped", "any")

EQUIPPED = "equipped"
DOWN = "face down"
DISCARDED = "discarded"
COIN_UP, COIN_DOWN, COIN_GONE = "face up", "face down", "gone"

# Rulebook section ids named by refusals.
R_ATTACK = "elbereth.action.attack"
R_MISS = "elbereth.action.miss"
R_BOOST = "elbereth.miss.boost"
R_BLOCK = "elbereth.miss.block"
R_WOUND = "elbereth.miss.wound"
R_PICKUP = "elbereth.action.pickup"
R_WALL = "elbereth.action.break-wall"
R_SHOP = "elbereth.action.shop"
R_DESCEND = "elbereth.action.descend"
R_EXPLORE = "elbereth.explore"
R_DECK = "elbereth.setup.deck"
R_BOSS = "elbereth.bosses"
R_BRIBE = "elbereth.bosses.bribe"
R_BRIBE_COIN = "elbereth.ruling.bribe"
R_END = "elbereth.game.end"

def table() -> dict[str, Any]:
    return tables("elbereth")


def equipment() -> list[str]:
    eq = table()["equipment"]
    return [*eq["offensive"], *eq["protective"]]


def item_name(text: str, *, coin: bool = False) -> str:
    """An equipment name (``armor`` -> ``armour``); the coin too when allowed."""
    key = " ".join(text.lower().split())
    key = str(table()["equipment"]["aliases"].get(key, key))
    names = equipment() + (["coin"] if coin else [])
    if key in names:
        return key
    if key in ("coin", "key"):
        raise NotationError(f"the {key} is not equipment: expected one of "
                            f"{', '.join(equipment())}")
    raise NotationError(f"{text!r} is not an item: expected one of {', '.join(names)}")


# -- settings -------------------------------------------------------------------
def normalize_settings(raw: Mapping[str, Any]) -> dict[str, Any]:
    known = {"equip", "bosses", "short_boost", "bribe_from", "bribe_key", "edition"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise BadInput(f"unknown Elbereth setting {unknown[0]!r}")
    start = int(table()["equipment"]["start"])
    given = raw.get("equip")
    if not isinstance(given, list | tuple) or not all(isinstance(i, str) for i in given):
        raise BadInput(f"choose {start} pieces of equipment to start with: --equip ITEM ITEM "
                       f"({', '.join(equipment())})")
    chosen = [item_name(i) for i in given]
    if len(chosen) != start or len(set(chosen)) != start:
        raise BadInput(f"choose {start} different pieces of equipment: --equip ITEM ITEM")
    short_boost = str(raw.get("short_boost") or "settles").lower()
    if short_boost not in SHORT_BOOST:
        raise BadInput(f"--short-boost must be settles or refused, not {short_boost!r}")
    bribe_from = str(raw.get("bribe_from") or "equipped").lower()
    if bribe_from not in BRIBE_FROM:
        raise BadInput(f"--bribe-from must be equipped or any, not {bribe_from!r}")
    flags = {}
    for key, default in (("bosses", False), ("bribe_key", True)):
        value = raw.get(key, default)
        if not isinstance(value, bool):
            raise BadInput(f"{key} must be true or false")
        flags[key] = value
    return {"equip": chosen, "bosses": flags["bosses"], "short_boost": short_boost,
            "bribe_from": bribe_from, "bribe_key": flags["bribe_key"], "edition": edition(raw)}


def new_engine(settings: Mapping[str, Any]) -> ElberethGame:
    return ElberethGame(normalize_settings(settings))


@dataclass(frozen=True)
class Enemy:
    name: str
    strength: int
    boss: bool  # the floor's key holder: the dragon, or a boss of the expansion


@dataclass(frozen=True)
class Miss:
    enemy: Enemy
    roll: int


# -- the game -------------------------------------------------------------------
class ElberethGame:
    def __init__(self, settings: dict[str, Any]) -> None:
        self.settings = settings
        self.bosses: bool = settings["bosses"]
        self.floor = 1
        self.removed = 0
        self.items: dict[str, str] = {
            item: EQUIPPED if item in settings["equip"] else DOWN for item in equipment()}
        self.coin = COIN_DOWN
        self.key = False
        self.bosses_met: dict[str, int] = {}
        self.miss: Miss | None = None
        self.ogre_wins = 0
        self.won = False
        self.lost = False
        self.beaten_total: Counter[str] = Counter()
        # Equipment not discarded (the hero's life) after each action, first entry: before any.
        self.life_trail: list[int] = [len(self.left())]
        self._new_floor()

    def _new_floor(self) -> None:
        self.beaten: Counter[str] = Counter()
        self.walls = 0
        self.picked: list[str] = []
        self.stairs = False
        self.shops = 0  # the deck holds two shop cards; both may turn up on one floor
        self.floor_boss: str | None = None
        self.boss_down = False

    # -- derived -------------------------------------------------------------------
    @property
    def outcome(self) -> str:
        if self.won:
            return "won"
        return "lost" if self.lost else "playing"

    @property
    def floors(self) -> int:
        return int(table()["deck"]["floors"])

    def others(self) -> int:
        """Dungeon cards of this floor besides the dragon (or boss) and the down stairs."""
        deck = table()["deck"]
        return int(deck["others"]) - int(deck["removed_per_descent"]) * (self.floor - 1)

    def accounted(self) -> int:
        """Other cards of this floor known to be on the table: beaten, broken, taken, found."""
        return sum(self.beaten.values()) + self.walls + len(self.picked) + self.shops

    def left(self) -> list[str]:
        """Equipment not discarded for good."""
        return [item for item, state in self.items.items() if state != DISCARDED]

    def equipped(self, group: str | None = None) -> list[str]:
        names = table()["equipment"][group] if group else equipment()
        return [item for item in names if self.items[item] == EQUIPPED]

    # -- the action language ------------------------------------------------------
    def apply(self, action: str) -> Applied:
        words = ActionWords.split(action)
        handler = getattr(self, f"_do_{words.verb.replace('-', '_')}", None)
        if handler is None or words.verb not in VERBS:
            raise BadInput(f"{words.verb!r} is not an Elbereth action: expected one of "
                           f"{', '.join(VERBS)}")
        if self.outcome != "playing":
            raise RuleRefused(f"the game is over ({self.outcome})", R_END)
        words.check_options(())
        canonical, lines = handler(words)
        self.life_trail.append(len(self.left()))
        return Applied(canonical, tuple(lines))

    def _refuse_if_missed(self, what: str) -> None:
        if self.miss is not None:
            raise RuleRefused(f"cannot {what} now: settle the miss against the "
                              f"{self.miss.enemy.name} first ({self._settle_hint()})", R_MISS)

    def _check_room(self, what: str, kind: str) -> None:
        """One more 'other' card of this kind fits this floor's share of the deck."""
        left = self.others()
        if self.accounted() + 1 > left:
            shown = "no cards" if left == 0 else f"only {left} cards"
            raise RuleRefused(f"floor {self.floor} holds {shown} besides the "
                              f"{self._boss_word()} and the down stairs, all accounted for: "
                              f"no {what}", R_DECK)
        count = int(table()["deck"]["count"][kind])
        have = {"wall": self.walls, "shop": self.shops}.get(kind, self.beaten[kind])
        if kind in equipment() or kind == "coin":
            have = self.picked.count(kind)
        if have + 1 > count:
            raise RuleRefused(f"the deck has {count} {kind} card{'' if count == 1 else 's'}: "
                              f"{have} on this floor already", R_DECK)

    def _boss_word(self) -> str:
        return "boss" if self.bosses else "dragon"

    # -- attacks --------------------------------------------------------------------
    def enemy(self, text: str) -> Enemy:
        """An enemy by name (any case, plural) or by strength."""
        key = " ".join(text.lower().replace("-", " ").split())
        enemies, bosses = table()["enemies"], table()["bosses"]
        strength = whole_or_none(key)
        if strength is not None:
            found = [Enemy(n, int(e["strength"]), n == "dragon") for n, e in enemies.items()
                     if int(e["strength"]) == strength]
            if self.bosses:
                found = [e for e in found if e.name != "dragon"]
                found += [Enemy(n, int(b["strength"]), True) for n, b in bosses.items()
                          if int(b["strength"]) == strength
                          and (self.floor_boss is None or n == self.floor_boss)
                          and self.bosses_met.get(n, self.floor) == self.floor]
            if len(found) == 1:
                return found[0]
            if not found:
                raise NotationError(f"no enemy has strength {key}: rat 3, spider 4, snake 5, "
                                    "dragon 6")
            names = " or ".join(e.name for e in found)
            raise BadInput(f"strength {key} could be {names}: name the enemy")
        for name, row in enemies.items():
            if key == name or key in [a.replace("-", " ") for a in row.get("aliases", [])]:
                if name == "dragon" and self.bosses:
                    break
                return Enemy(name, int(row["strength"]), name == "dragon")
        for name, row in bosses.items():
            if key == name or key in [a.replace("-", " ") for a in row.get("aliases", [])] \
                    or key == "the dragon" and name == "dragon":
                if not self.bosses:
                    raise RuleRefused(f"the {name} comes with the bosses expansion "
                                      "(new --bosses)", R_BOSS)
                return Enemy(name, int(row["strength"]), True)
        known = list(enemies) + (list(bosses) if self.bosses else [])
        raise NotationError(f"{text!r} is not an enemy: expected one of "
                            f"{', '.join(dict.fromkeys(known))}, or a strength 3-6")

    def _check_boss(self, boss: str) -> None:
        if self.floor_boss is not None and self.floor_boss != boss:
            raise RuleRefused(f"floor {self.floor}'s {self._boss_word()} is the "
                              f"{self.floor_boss}, not the {boss}", R_BOSS)
        if self.boss_down:
            raise RuleRefused(f"the {boss} of floor {self.floor} is beaten already", R_ATTACK)
        met = self.bosses_met.get(boss)
        if self.bosses and met is not None and met != self.floor:
            raise RuleRefused(f"the {boss} was met on floor {met}: each boss comes once a game",
                              R_BOSS)

    def _meet(self, enemy: Enemy) -> None:
        if enemy.boss:
            self._check_boss(enemy.name)
        else:
            self._check_room(f"{enemy.name} can be here", enemy.name)

    def _do_attack(self, words: ActionWords) -> tuple[str, list[str]]:
        words.check_count(2, 2, "attack ENEMY ROLL")
        enemy = self.enemy(words.args[0])
        roll = _die(words.args[1])
        self._refuse_if_missed("attack")
        self._meet(enemy)
        lines: list[str] = []
        if self.ogre_wins and enemy.name != "ogre":
            self.ogre_wins = 0
            lines.append("the ogre's streak is broken: he needs two wins in a row again")
        if enemy.boss:
            self.floor_boss = enemy.name
            if self.bosses:
                self.bosses_met[enemy.name] = self.floor
        if roll >= enemy.strength:
            lines.append(f"roll {roll} >= {enemy.name} {enemy.strength}: success")
            lines += self._beat(enemy)
        else:
            lines += self._missed(enemy, roll)
        return join_action("attack", enemy.name, str(roll)), lines

    def _missed(self, enemy: Enemy, roll: int) -> list[str]:
        lines = [f"roll {roll} < {enemy.name} {enemy.strength}: miss, the {enemy.name} stays"]
        if not self.left():
            self.lost = True
            lines.append("no equipment is left to discard: you lose")
            return lines
        self.miss = Miss(enemy, roll)
        lines.append(f"settle it: {self._settle_hint()}")
        return lines

    def _settle_hint(self) -> str:
        options = []
        if self.equipped("offensive"):
            options.append(f"'boost {' '.join(self.equipped('offensive'))}' (+1 each)")
        if self.equipped("protective"):
            options.append(f"'block {'|'.join(self.equipped('protective'))}'")
        options.append(f"'wound ITEM' ({len(self.left())} not discarded)")
        return ", ".join(options[:-1]) + (" or " if len(options) > 1 else "") + options[-1]

    def _beat(self, enemy: Enemy) -> list[str]:
        if enemy.name == "ogre":
            wins = int(table()["bosses"]["ogre"]["wins"])
            self.ogre_wins += 1
            if self.ogre_wins < wins:
                return [f"the ogre loses a head ({self.ogre_wins} of {wins}): beat him again "
                        "with your next attack"]
            self.ogre_wins = 0
        self.beaten_total[enemy.name] += 1
        if not enemy.boss:
            self.beaten[enemy.name] += 1
            return [f"the {enemy.name} is beaten; explore what opens up"]
        self.boss_down = True
        self.key = True
        return [f"the {enemy.name} is beaten: you take the key of floor {self.floor}"]

    def _do_boost(self, words: ActionWords) -> tuple[str, list[str]]:
        if not words.args:
            raise BadInput("usage: boost ITEM... (offensive equipment: sword, staff, bow)")
        items = [item_name(a) for a in words.args]
        if len(set(items)) != len(items):
            raise BadInput("each item boosts once")
        miss = self._need_miss("boost")
        for item in items:
            if item not in table()["equipment"]["offensive"]:
                raise RuleRefused(f"the {item} is protective: only the sword, staff and bow "
                                  "boost an attack", R_BOOST)
            if self.items[item] != EQUIPPED:
                raise RuleRefused(f"the {item} is {self.items[item]}, not equipped", R_BOOST)
        step = int(table()["equipment"]["boost"])
        total = miss.roll + step * len(items)
        enemy = miss.enemy
        sums = f"roll {miss.roll} + {step * len(items)} ({', '.join(items)})"
        if total < enemy.strength and self.settings["short_boost"] == "refused":
            raise RuleRefused(f"{sums} = {total} < {enemy.name} {enemy.strength}: not enough "
                              "(this game refuses a boost that falls short)", R_BOOST)
        for item in items:
            self.items[item] = DOWN
        spent = f"{', '.join(items)} turned face down"
        if total >= enemy.strength:
            self.miss = None
            lines = [f"{sums} = {total} >= {enemy.name} {enemy.strength}: success; {spent}"]
            lines += self._beat(enemy)
        else:
            lines = [f"{sums} = {total} < {enemy.name} {enemy.strength}: still a miss; "
                     f"{spent}, the miss is settled and the {enemy.name} stays"]
            lines += self._settled(miss)
        return join_action("boost", *items), lines

    def _settled(self, miss: Miss) -> list[str]:
        """A miss settled without success: the ogre's streak of wins is broken."""
        self.miss = None
        if miss.enemy.name == "ogre" and self.ogre_wins:
            self.ogre_wins = 0
            return ["the ogre's streak is broken: he needs two wins in a row again"]
        return []

    def _need_miss(self, verb: str) -> Miss:
        if self.miss is None:
            raise RuleRefused(f"'{verb}' answers a missed attack, and none is waiting", R_MISS)
        return self.miss

    def _do_block(self, words: ActionWords) -> tuple[str, list[str]]:
        words.check_count(1, 1, "block ITEM (armour, helm or gauntlets)")
        item = item_name(words.args[0])
        miss = self._need_miss("block")
        if item not in table()["equipment"]["protective"]:
            raise RuleRefused(f"the {item} does not protect: block with the armour, helm or "
                              "gauntlets", R_BLOCK)
        if self.items[item] != EQUIPPED:
            raise RuleRefused(f"the {item} is {self.items[item]}, not equipped", R_BLOCK)
        self.items[item] = DOWN
        return join_action("block", item), [
            f"blocked with the {item}, now face down; the {miss.enemy.name} stays",
            *self._settled(miss)]

    def _do_wound(self, words: ActionWords) -> tuple[str, list[str]]:
        words.check_count(1, 1, "wound ITEM (any equipment not discarded)")
        item = item_name(words.args[0])
        miss = self._need_miss("wound")
        if self.items[item] == DISCARDED:
            raise RuleRefused(f"the {item} is discarded already: choose one of "
                              f"{', '.join(self.left())}", R_WOUND)
        self.items[item] = DISCARDED
        left = len(self.left())
        return join_action("wound", item), [
            f"hurt: the {item} discarded for good ({left} equipment left); "
            f"the {miss.enemy.name} stays", *self._settled(miss)]

    def _do_bribe(self, words: ActionWords) -> tuple[str, list[str]]:
        words.check_count(1, 2, "bribe BOSS [ITEM]")
        if not self.bosses:
            raise RuleRefused("bribes come with the bosses expansion (new --bosses)", R_BOSS)
        enemy = self.enemy(words.args[0])
        if not enemy.boss:
            raise RuleRefused(f"the {enemy.name} takes no bribe: only bosses do", R_BRIBE)
        row = table()["bosses"][enemy.name]
        wanted = row.get("bribe")
        if wanted is None:
            raise RuleRefused(f"the {enemy.name} takes no bribe: fight him", R_BRIBE)
        self._refuse_if_missed("bribe")
        self._check_boss(enemy.name)
        item = self._bribe_item(enemy.name, str(wanted), words.args[1:])
        self.floor_boss = enemy.name
        self.bosses_met[enemy.name] = self.floor
        self.boss_down = True
        self.ogre_wins = 0
        self.beaten_total[enemy.name] += 1
        if item == "coin":
            self.coin = COIN_GONE
        else:
            self.items[item] = DISCARDED
        lines = [f"the {enemy.name} takes your {item} for good and lets you pass"]
        if self.settings["bribe_key"]:
            self.key = True
            lines.append(f"you take the key of floor {self.floor}")
        else:
            lines.append("no key from a bribe in this game (--no-bribe-key)")
        return join_action("bribe", enemy.name, item), lines

    def _bribe_item(self, boss: str, wanted: str, given: Sequence[str]) -> str:
        any_state = self.settings["bribe_from"] == "any"
        if wanted == "coin":
            if given and item_name(given[0], coin=True) != "coin":
                raise RuleRefused(f"the {boss} takes the coin only", R_BRIBE)
            first = not strict(self.settings)
            if first and any_state and self.coin == COIN_DOWN:
                return "coin"  # the first edition took a face-down coin (companion.editions)
            if self.coin == COIN_DOWN:  # unlike face-down gear, never yours to give
                raise RuleRefused(f"the {boss} wants the coin and yours is {self.coin}: a "
                                  "face-down coin is spent or never picked up, so not yours "
                                  "to give", R_BRIBE_COIN)
            if self.coin != COIN_UP:
                raise RuleRefused(f"the {boss} wants the coin and yours is {self.coin}",
                                  R_BRIBE)
            return "coin"
        choices = table()["equipment"]["protective"] if wanted == "protective" else [wanted]
        usable = [i for i in choices if self.items[i] == EQUIPPED
                  or any_state and self.items[i] == DOWN]
        if given:
            item = item_name(given[0])
            if item not in choices:
                raise RuleRefused(f"the {boss} takes {' or '.join(choices)}, not the {item}",
                                  R_BRIBE)
            if item not in usable:
                raise RuleRefused(f"the {item} is {self.items[item]}: the {boss} is bribed "
                                  f"with {'your' if any_state else 'equipped'} gear", R_BRIBE)
            return item
        if not usable:
            need = "equipped " if not any_state else ""
            raise RuleRefused(f"the {boss} wants {need}{' or '.join(choices)} and you have "
                              "none to give: fight him", R_BRIBE)
        if len(usable) > 1:
            raise BadInput(f"name the item for the {boss}: {' or '.join(usable)}")
        return usable[0]

    # -- exploring ------------------------------------------------------------------
    def _do_pickup(self, words: ActionWords) -> tuple[str, list[str]]:
        words.check_count(1, 1, "pickup ITEM")
        item = item_name(words.args[0], coin=True)
        self._refuse_if_missed("pick up")
        state = self.coin if item == "coin" else self.items[item]
        if state in (EQUIPPED, COIN_UP):
            raise RuleRefused(f"you have the {item} already", R_PICKUP)
        if state in (DISCARDED, COIN_GONE):
            raise RuleRefused(f"the {item} is gone for good: its card cannot be turned up "
                              "again", R_PICKUP)
        self._check_room(f"{item} card", item)
        self.picked.append(item)
        if item == "coin":
            self.coin = COIN_UP
            return "pickup coin", ["coin picked up: face up, ready for a shop"]
        self.items[item] = EQUIPPED
        return join_action("pickup", item), [f"{item} picked up and equipped"]

    def _do_break_wall(self, words: ActionWords) -> tuple[str, list[str]]:
        words.check_count(1, 1, "break-wall ROLL")
        roll = _die(words.args[0])
        self._refuse_if_missed("break a wall")
        self._check_room("wall", "wall")
        item = str(table()["wall_die"][str(roll)])
        state = self.items[item]
        self.walls += 1
        head = f"roll {roll} = {item}"
        if state == EQUIPPED:
            self.items[item] = DOWN
            what = f"{item} equipped, so damaged: face down"
        elif state == DOWN:
            self.items[item] = DISCARDED
            what = f"{item} not equipped, so discarded for good"
        else:
            what = f"{item} gone already: no further loss"
        return join_action("break-wall", str(roll)), [
            f"{head}: {what}", "the wall opens; explore behind it"]

    def _do_found(self, words: ActionWords) -> tuple[str, list[str]]:
        words.check_count(1, 1, "found stairs|shop")
        what = words.args[0].lower()
        what = {"down-stairs": "stairs", "down stairs": "stairs", "stair": "stairs",
                "shops": "shop"}.get(what, what)
        if what not in ("stairs", "shop"):
            raise NotationError(f"{words.args[0]!r}: found takes stairs or shop")
        self._refuse_if_missed("explore")
        if what == "stairs" and self.stairs:
            raise RuleRefused(f"the {what} of floor {self.floor} are found already", R_EXPLORE)
        if what == "shop":
            self._check_room("shop", "shop")
            self.shops += 1
            which = "a shop" if self.shops == 1 else "a second shop"
            return "found shop", [f"{which}: 'shop ITEM' buys any one equipment with the coin"]
        self.stairs = True
        hint = "'descend' when ready" if self.key else "the key is still missing"
        return "found stairs", [f"the down stairs of floor {self.floor}: {hint}"]

    def _do_shop(self, words: ActionWords) -> tuple[str, list[str]]:
        words.check_count(1, 1, "shop ITEM")
        item = item_name(words.args[0])
        self._refuse_if_missed("shop")
        if not self.shops:
            raise RuleRefused(f"no shop is found on floor {self.floor} ('found shop' first)",
                              R_SHOP)
        if self.coin != COIN_UP:
            raise RuleRefused(f"the shop wants a coin and yours is {self.coin}", R_SHOP)
        if self.items[item] == EQUIPPED:
            raise RuleRefused(f"the {item} is equipped already", R_SHOP)
        if self.items[item] == DISCARDED:
            raise RuleRefused(f"the {item} is discarded for good: the shop cannot sell it",
                              R_SHOP)
        self.coin = COIN_DOWN
        self.items[item] = EQUIPPED
        return join_action("shop", item), [f"the coin buys the {item}: equipped; coin face "
                                           "down"]

    def _do_descend(self, words: ActionWords) -> tuple[str, list[str]]:
        words.check_count(0, 0, "descend")
        self._refuse_if_missed("descend")
        if not self.key:
            raise RuleRefused(f"the key of floor {self.floor} is missing: beat the "
                              f"{self.floor_boss or self._boss_word()}", R_DESCEND)
        if not self.stairs:
            raise RuleRefused(f"the down stairs of floor {self.floor} are not found yet "
                              "('found stairs')", R_DESCEND)
        self.key = False
        if self.floor == self.floors:
            self.won = True
            return "descend", [f"you leave floor {self.floor}, the last: you win!"]
        step = int(table()["deck"]["removed_per_descent"])
        self.floor += 1
        self.removed += step
        self._new_floor()
        return "descend", [
            f"floor {self.floor}: {step} cards removed unseen ({self.removed} in all)",
            f"dungeon deck {self._deck_text()}"]

    def _deck_text(self) -> str:
        boss = "boss" if self.bosses else "dragon"
        return f"{self.others() + 2} = {self.others()} + {boss} + down stairs"

    # -- what the player sees -------------------------------------------------------
    def _next_hint(self) -> str:
        if self.miss is not None:
            return f"settle the miss: {self._settle_hint()}"
        if self.key and self.stairs:
            return "'descend'" + (" to win" if self.floor == self.floors else "")
        need = []
        if not self.key:
            need.append(f"beat the {self.floor_boss or self._boss_word()} for the key")
        if not self.stairs:
            need.append("find the stairs ('found stairs')")
        return "explore: 'attack ENEMY ROLL', 'pickup', 'break-wall'; " + " and ".join(need)

    def status(self) -> dict[str, Any]:
        miss = None
        if self.miss is not None:
            miss = {"enemy": self.miss.enemy.name, "strength": self.miss.enemy.strength,
                    "roll": self.miss.roll}
        return {
            "game": KIND,
            "floor": self.floor,
            "floors": self.floors,
            "deck": self.others() + 2,
            "others": self.others(),
            "removed": self.removed,
            "equipment": dict(self.items),
            "equipped": self.equipped(),
            "coin": self.coin,
            "key": self.key,
            "stairs": self.stairs,
            "shop": self.shops > 0,
            "shops": self.shops,
            "beaten_here": dict(self.beaten),
            "walls_here": self.walls,
            "picked_here": list(self.picked),
            "floor_boss": self.floor_boss,
            "boss_beaten": self.boss_down,
            "bosses_met": dict(self.bosses_met),
            "ogre_wins": self.ogre_wins,
            "beaten_total": dict(self.beaten_total),
            "miss": miss,
            "next": self._next_hint() if self.outcome == "playing" else None,
            "outcome": self.outcome,
            "settings": self.settings,
        }

    def status_lines(self, width: int = 40) -> list[str]:
        mode = " (bosses)" if self.bosses else ""
        lines = [f"Floor {self.floor} of {self.floors}{mode}"]
        lines += _wrap(f"Deck {self._deck_text()}", width)
        lines.append(f"Removed unseen: {self.removed}")
        for label, state in (("Equipped", EQUIPPED), ("Face down", DOWN),
                             ("Discarded", DISCARDED)):
            names = [i for i, s in self.items.items() if s == state]
            if names or state == EQUIPPED:
                names = names or ["none"]
                lines += _wrap(f"{label}: {', '.join(names)}", width)
        lines.append(f"Coin: {self.coin}  Key: {'yes' if self.key else 'no'}")
        lines.append(f"Stairs: {'found' if self.stairs else 'not found'}  "
                     f"Shop: {('found', 'two found')[self.shops - 1] if self.shops else 'no'}")
        beaten = [f"{n} {c}" for n, c in self.beaten.items()]
        if self.walls:
            beaten.append(f"walls {self.walls}")
        if beaten:
            lines += _wrap(f"This floor: {', '.join(beaten)}", width)
        if self.floor_boss is not None:
            state = "beaten" if self.boss_down else "waiting"
            if self.floor_boss == "ogre" and self.ogre_wins and not self.boss_down:
                state = f"{self.ogre_wins} of {table()['bosses']['ogre']['wins']} wins"
            lines += _wrap(f"Boss: {self.floor_boss}, {state}", width)
        if self.miss is not None:
            lines += _wrap(f"Miss: roll {self.miss.roll} vs {self.miss.enemy.name} "
                           f"{self.miss.enemy.strength}", width)
        if self.outcome == "playing":
            lines += _wrap(f"Next: {self._next_hint()}", width)
        else:
            lines.append("You won!" if self.won else "You lost.")
        return lines

    def prompt(self) -> str:
        gear = self.equipped()
        parts = [f"F{self.floor}", f"gear {len(gear)}" + (f" ({' '.join(gear)})" if gear else "")]
        if self.coin == COIN_UP:
            parts.append("coin")
        if self.key:
            parts.append("key")
        if self.miss is not None:
            parts.append(f"miss vs {self.miss.enemy.name}")
        text = " | ".join(parts)
        return text + ("" if self.outcome == "playing" else f" [{self.outcome}]")

    # -- the cached state -----------------------------------------------------------
    def state_data(self) -> dict[str, Any]:
        """Everything an action changes, as plain values (``engine_from_data`` reads it);
        the settings and the tables are not in it. A miss is its enemy's name and roll."""
        miss = None if self.miss is None else (self.miss.enemy.name, self.miss.roll)
        return {
            "floor": self.floor, "removed": self.removed, "items": dict(self.items),
            "coin": self.coin, "key": self.key, "bosses_met": dict(self.bosses_met),
            "miss": miss, "ogre_wins": self.ogre_wins, "won": self.won, "lost": self.lost,
            "beaten_total": dict(self.beaten_total), "life_trail": list(self.life_trail),
            "beaten": dict(self.beaten), "walls": self.walls, "picked": list(self.picked),
            "stairs": self.stairs, "shops": self.shops, "floor_boss": self.floor_boss,
            "boss_down": self.boss_down}


VERBS = ("attack", "boost", "block", "wound", "bribe", "pickup", "break-wall", "found",
         "shop", "descend")


def _die(text: str) -> int:
    return parse_die(text)


# Status lines continue four spaces in, under the item they belong to.
_wrap = partial(wrap, indent="    ")


# -- the cached state ---------------------------------------------------------------
STATE_FIELDS = ("floor", "removed", "items", "coin", "key", "bosses_met", "miss",
                "ogre_wins", "won", "lost", "beaten_total", "life_trail", "beaten", "walls",
                "picked", "stairs", "shops", "floor_boss", "boss_down")
ITEM_STATES = (EQUIPPED, DOWN, DISCARDED)
COIN_STATES = (COIN_UP, COIN_DOWN, COIN_GONE)


def engine_from_data(settings: Mapping[str, Any], data: Any) -> ElberethGame:
    """The game whose ``state_data()`` was ``data``, each value checked, then the
    bookkeeping the actions keep (``_check_state``); ``plain.BadState`` otherwise."""
    game = new_engine(settings)
    state = plain.record(data, STATE_FIELDS)
    rules = table()
    counts = rules["deck"]["count"]
    names = equipment()
    common = [name for name in rules["enemies"] if name != "dragon"]  # never a key holder
    bosses = list(rules["bosses"]) if game.bosses else ["dragon"]
    fighters = common + bosses
    floors = game.floors

    game.floor = plain.integer(state["floor"], 1, floors)
    game.removed = plain.integer(state["removed"], 0, int(rules["deck"]["others"]))
    given = plain.record(state["items"], names)
    game.items = {item: plain.choice(given[item], ITEM_STATES) for item in names}
    game.coin = plain.choice(state["coin"], COIN_STATES)
    game.key = plain.flag(state["key"])
    game.bosses_met = plain.table(state["bosses_met"], lambda k: plain.choice(k, bosses),
                                  lambda v: plain.integer(v, 1, floors), len(bosses))
    miss = state["miss"]
    if miss is not None:
        name, roll = plain.fixed(miss, 2)
        enemy = game.enemy(plain.choice(name, fighters))  # as 'attack' names it
        game.miss = Miss(enemy, plain.integer(roll, 1, enemy.strength - 1))  # a miss: short
    game.ogre_wins = plain.integer(state["ogre_wins"], 0,
                                   int(rules["bosses"]["ogre"]["wins"]) - 1)
    game.won = plain.flag(state["won"])
    game.lost = plain.flag(state["lost"])
    game.beaten_total = Counter(plain.table(
        state["beaten_total"], lambda k: plain.choice(k, fighters),
        lambda v: plain.integer(v, 1), len(fighters)))
    game.life_trail = plain.items(state["life_trail"],
                                  lambda v: plain.integer(v, 0, len(names)))
    game.beaten = Counter(plain.table(state["beaten"], lambda k: plain.choice(k, common),
                                      lambda v: plain.integer(v, 1), len(common)))
    game.walls = plain.integer(state["walls"], 0, int(counts["wall"]))
    game.picked = plain.items(state["picked"], lambda v: plain.choice(v, [*names, "coin"]),
                              len(names) + 1)
    game.stairs = plain.flag(state["stairs"])
    game.shops = plain.integer(state["shops"], 0, int(counts["shop"]))
    game.floor_boss = plain.optional(lambda v: plain.choice(v, bosses))(state["floor_boss"])
    game.boss_down = plain.flag(state["boss_down"])
    _check_state(game, common, bosses)
    return game


def _check_state(game: ElberethGame, common: list[str], bosses: list[str]) -> None:
    """What every sequence of actions keeps true; a state breaking it was never written."""
    check = plain.check
    rules = table()
    counts = rules["deck"]["count"]
    check(game.removed == int(rules["deck"]["removed_per_descent"]) * (game.floor - 1),
          "the cards removed unseen do not match the floor")
    # The floor's deck: no card counted more often than the deck holds it.
    check(game.accounted() <= game.others(), "more cards accounted for than the floor holds")
    check(all(n <= int(counts[name]) for name, n in game.beaten.items()),
          "more enemies beaten on this floor than the deck holds")
    check(all(game.picked.count(name) <= int(counts[name]) for name in game.picked),
          "a card picked up twice on this floor")
    check(all(game.beaten_total[name] >= n for name, n in game.beaten.items())
          and all(n <= int(counts[name]) * game.floor for name, n in game.beaten_total.items()
                  if name in common), "the enemies beaten in all do not add up")
    # The key holders: one a floor, each boss once a game; descending took the key.
    check(not game.boss_down or game.floor_boss is not None, "a boss beaten but never met")
    check(not game.key or game.boss_down, "the key without its boss beaten")
    beats = {name: n for name, n in game.beaten_total.items() if name in bosses}
    check(sum(beats.values()) == game.floor - 1 + game.boss_down,
          "the key holders beaten do not match the floors gone down")
    if game.bosses:
        met = list(game.bosses_met.values())
        check(met == list(range(1, game.floor + (game.floor_boss is not None))),
              "the bosses met are not one for each floor reached")
        check(game.floor_boss is None or game.bosses_met.get(game.floor_boss) == game.floor,
              "this floor's boss is not met on it")
        down = {name for name, floor in game.bosses_met.items() if floor < game.floor}
        if game.boss_down and game.floor_boss is not None:
            down.add(game.floor_boss)
        check(set(beats) == down and all(n == 1 for n in beats.values()),
              "the bosses beaten are not the bosses met and left behind")
    else:
        check(not game.bosses_met, "bosses met without the bosses expansion")
    takers = [name for name, row in rules["bosses"].items() if row.get("bribe") == "coin"]
    check(game.coin != COIN_GONE or any(name in game.beaten_total for name in takers),
          "the coin gone with no boss bribed with it")
    check(not game.ogre_wins or (
        game.floor_boss == "ogre" and not game.boss_down
        and (game.miss is None or game.miss.enemy.name == "ogre")),
          "the ogre's streak without the ogre waiting")
    # The hero's life: equipment only ever leaves for good.
    trail = game.life_trail
    check(bool(trail) and trail[0] == len(game.items) and trail[-1] == len(game.left())
          and trail == sorted(trail, reverse=True), "the life trail does not match the gear")
    if game.miss is not None:
        enemy = game.miss.enemy
        check(bool(game.left()) and not game.won and not game.lost,
              "a miss waiting with no equipment to settle it, or after the end")
        check(not enemy.boss or game.floor_boss == enemy.name and not game.boss_down,
              "a miss against a boss that is not this floor's, or is beaten")
    check(not (game.won and game.lost), "both won and lost")
    check(not game.won or (game.floor == game.floors and game.stairs and game.boss_down
                           and not game.key), "won before leaving the last floor")
    check(not game.lost or not game.left(), "lost with equipment left")
