"""Elbereth's actions, declared once (``companion.verbs``): ``attack rat 3``.

Names stay as typed (``armor``, ``two headed ogre``, ``4``): the engine matches them
against the rulebook tables, so this module, imported on every command, loads none.
"""

from __future__ import annotations

from companion.numbers import is_whole
from companion.verbs import LINE, ROLL, Grammar, Value, Verb, arg, rest


class Attack(Value):
    enemy: str  # a name, an alias or a strength
    roll: int


class Boost(Value):
    items: tuple[str, ...]


class Block(Value):
    item: str


class Wound(Value):
    item: str


class Bribe(Value):
    boss: str
    item: str | None = None  # the smith's protective item; else the boss's price


class Pickup(Value):
    item: str  # a piece of equipment, or the coin


class BreakWall(Value):
    roll: int


class Found(Value):
    what: str  # stairs or shop


class Shop(Value):
    item: str


class Descend(Value):
    pass


Action = (Attack | Boost | Block | Wound | Bribe | Pickup | BreakWall | Found | Shop
          | Descend)

ITEM_HELP = "sword, staff, bow, armour, helm or gauntlets."

VERBS = (
    Verb("attack", Attack, "Attack a visible enemy: the die must reach its strength.",
         (arg("enemy", "enemy", "rat, spider, snake, dragon, a boss, or a strength 3-6."),
          arg("roll", "int", "The die (1-6).")),
         short=("a",), line=(ROLL, *LINE),
         # typed: an enemy's name of several words, the die last (or rolled: --roll)
         words=rest("words", help="rat, spider, snake, dragon, a boss, or a strength 3-6; "
                    "then the die (1-6).", required=True, metavar="ENEMY [ROLL]")),
    Verb("boost", Boost, "Boost after a miss: turn offensive gear face down, +1 each.",
         (rest("items", "item", "Equipped sword, staff or bow.", required=True,
               metavar="ITEM..."),),
         usage="boost ITEM... (offensive equipment: sword, staff, bow)"),
    Verb("block", Block,
         "Block after a miss: turn one equipped armour, helm or gauntlets face down.",
         (arg("item", "item", ITEM_HELP),),
         usage="block ITEM (armour, helm or gauntlets)"),
    Verb("wound", Wound, "Wound after a miss: discard any piece of equipment for good.",
         (arg("item", "item", ITEM_HELP),),
         usage="wound ITEM (any equipment not discarded)"),
    Verb("bribe", Bribe, "Bribe a boss (bosses expansion): give his price instead of fighting.",
         (arg("boss", "boss", "knight, mage, marksman, merchant or smith."),
          arg("item", "item", "The smith's protective item.", required=False))),
    Verb("pickup", Pickup, "Pick up an item: its card turned up in the dungeon.",
         (arg("item", "item", "A piece of equipment, or the coin."),),
         short=("p",)),
    Verb("break-wall", BreakWall,
         "Break a wall: the die face's item is damaged (1 sword to 6 gauntlets).",
         (arg("roll", "int", "The die (1-6)."),), line=(ROLL, *LINE),
         words=arg("roll", help="The die (1-6).", required=False)),
    Verb("found", Found, "Stairs or shop found: record the card turned up on this floor.",
         (arg("what", "card", "stairs or shop."),),
         short=("f",), usage="found stairs|shop"),
    Verb("shop", Shop, "Buy gear with the coin: one piece of equipment at a shop of this floor.",
         (arg("item", "item", ITEM_HELP),)),
    Verb("descend", Descend, "Take the down stairs: with the floor's key (from floor 7: win).",
         short=("d",)),
)


def prepare(verb: str, words: list[str]) -> list[str]:
    """Names of several words typed unquoted, joined into one: ``attack two headed ogre
    5`` (the last word the die), ``found down stairs``, ``bribe BOSS... ITEM``."""
    if verb == "attack" and len(words) > 2 and is_whole(words[-1]) \
            and not any(is_whole(word) for word in words[:-1]):
        return [" ".join(words[:-1]), words[-1]]
    if verb == "bribe" and len(words) > 2:
        return [" ".join(words[:-1]), words[-1]]
    if verb == "found" and len(words) > 1:
        return [" ".join(words)]
    return words


GRAMMAR: Grammar[Action] = Grammar("elbereth", "Elbereth", VERBS, prepare=prepare)
