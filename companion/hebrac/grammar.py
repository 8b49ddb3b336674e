"""Hebrac's Dungeon: every action's words, declared once (``companion.verbs``).

Cards, chambers and spell names stay as typed: the engine reads them in the game's terms.
Kept light (imported on every command): nothing here loads the engine or the rulebook
until a line naming a spell is read.
"""

from __future__ import annotations

import re

from companion.cards import CARD_TEXTS, join_card_names
from companion.verbs import Grammar, Value, Verb, arg, flag, option, options, rest


class Enter(Value):
    chamber: str
    enemy: str | None = None


class Attack(Value):
    cards: tuple[str, ...]
    potions: tuple[str, ...] = ()  # the rules set no limit to the potions drunk
    prisoners: tuple[str, ...] = ()


class Potion(Value):
    card: str


class Reveal(Value):
    card: str


class Offer(Value):
    cards: tuple[str, ...] = ()


class Buy(Value):
    cards: tuple[str, ...] = ()


class Heal(Value):
    pass


class Play(Value):
    card: str


class Refuse(Value):
    pass


class Take(Value):
    card: str
    extras: tuple[str, ...] = ()  # KD's three cards or KS's chambers


class Use(Value):
    card: str


class Drop(Value):
    card: str


class Move(Value):
    chamber: str


class NextLevel(Value):
    pass


class Cast(Value):
    spell: str
    targets: tuple[str, ...] = ()
    paid: tuple[str, ...] = ()
    units: int | None = None  # --count: lives, chambers or cards bought
    overpay: bool = False


class See(Value):
    seen: tuple[str, ...]  # CHAMBER [ENEMY], or CHAMBER ENEMY pairs
    treasure: str | None = None


class Peek(Value):
    cards: tuple[str, ...]


Action = (Enter | Attack | Potion | Reveal | Offer | Buy | Heal | Play | Refuse | Take | Use
          | Drop | Move | NextLevel | Cast | See | Peek)

CARD = "A card like 10H or queen of hearts."
CARDS = "Cards like 10H, QS, AD, JK."

VERBS = (
    Verb("enter", Enter, "Move into CHAMBER; ENEMY is the card turned up (left out if "
         "already known).",
         (arg("chamber", "chamber", "Chamber like A1 (rows A-C)."),
          arg("enemy", "card", "The enemy card turned up.", required=False)),
         short=("e",)),
    Verb("attack", Attack, "One round of battle: the attack card(s) turned from the Hand "
         "Deck.",
         # one card, two under Double Attack: the engine counts them, as it knows which
         (rest("cards", "card", CARDS, required=True, metavar="CARD..."),
          options("potions", "card", "Strength potion drunk this round (repeat).",
                  word="potion"),
          options("prisoners", "card", "Prisoner called (repeat).", short="-p",
                  word="prisoner")),
         short=("a",), usage="attack CARD"),
    Verb("potion", Potion, "Late strength potion: after a lost round (needs --late-potions).",
         (arg("card", "card", CARD),)),
    Verb("reveal", Reveal, "Turn up a treasure: an adventurer's or merchant's, to trade or "
         "buy.",
         (arg("card", "card", CARD),),
         more="A merchant with nothing to sell (gems, a black queen) leaves at once, unless "
              "Stealing Spirit could still take his ware: then cast it, or 'refuse'."),
    Verb("offer", Offer, "Offer cards in trade: these inventory cards for the adventurer's "
         "treasure.",
         (rest("cards", "card", CARDS),)),
    Verb("buy", Buy, "Pay the merchant: these gem cards (none with the Bag of Meres).",
         (rest("cards", "card", CARDS),)),
    Verb("heal", Heal, "White priestess: full recovery instead of her treasure."),
    Verb("play", Play, "Play Hebrac's game: red wins, black costs 5 life.",
         (arg("card", "card", CARD),), short=("p",),
         usage="play CARD (the card turned from the Hand Deck)"),
    Verb("refuse", Refuse, "Decline the offer: a trade, a sale or Hebrac's game."),
    Verb("take", Take, "Take the treasure: the chamber's (or Hebrac's prize).",
         (arg("card", "card", "The treasure."),
          rest("extras", "card-or-chamber",
               "The 3 cards a KD gives or the 3 chambers a KS clears.")),
         short=("t",), usage="take CARD [CARD...]",
         more="A KS takes the chambers by itself when no more than 3 unvisited are left."),
    Verb("use", Use, "Drink a life potion (hearts 2-10), any time.",
         (arg("card", "card", CARD),)),
    Verb("drop", Drop, "Discard an inventory card.", (arg("card", "card", CARD),)),
    Verb("move", Move, "Walk back to a chamber: one already explored.",
         (arg("chamber", "chamber", "A visited chamber."),), short=("m",)),
    Verb("next-level", NextLevel, "Go down to the next level.", short=("nl",)),
    Verb("cast", Cast, "Cast a spell: paid with magic potions (the cheapest payment if --with "
         "is left out).",
         (arg("spell", "spell", "Spell name or unique prefix."),
          rest("targets", "target", "Chambers or cards."),
          options("paid", "card", "Club card paid (repeat).", short="-w", word="with"),
          option("units", "int", "Lives, chambers or cards bought.", short="-n",
                 word="count"),
          flag("overpay", "Spend cards not needed for the cost.")),
         short=("c",), usage="cast SPELL [TARGET...] [--with CARD...]",
         more="Healing, Remote Vision and Future Perception buy as many units as the payment "
              "covers and can be used; a cast that would lose a unit's worth of points is "
              "refused unless --overpay."),
    Verb("see", See, "Record cards seen: by a vision spell or genie ('see B2 4D C2 9H').",
         (rest("seen", "chamber-card", "Chamber looked at and its enemy card; more pairs "
               "for more chambers.", required=True,
               metavar="CHAMBER [ENEMY] [CHAMBER ENEMY...]"),
          option("treasure", "card", "Its treasure (God Vision).", short="-t")),
         usage="see CHAMBER [ENEMY] [--treasure CARD]"),
    Verb("peek", Peek, "Record cards peeked: the Hand Deck's top cards seen by Future "
         "Perception.",
         (rest("cards", "card", CARDS, required=True, metavar="CARD..."),),
         usage="peek CARD... (the top Hand Deck cards, top first)",
         more="A card then drawn that is not the one seen on top is noted with a warning."),
)


def prepare(verb: str, words: list[str]) -> list[str]:
    """Names typed in several words made one: cards (``queen of hearts``) for every verb;
    for ``cast`` the spell first (``remote vision``), then its card targets."""
    if verb != "cast" or not words:
        return join_card_names(words)
    from companion.hebrac.rules import spell_words  # only when a spell is named

    size = spell_words(words)
    return ["-".join(words[:size]), *join_card_names(words[size:])]


# A line starting with a chamber ('C1 3S') can only be 'enter', the action typed most
# after 'attack'.
IMPLICIT = (re.compile(r"[A-Ca-c](10|[1-9])"), "enter")

GRAMMAR: Grammar[Action] = Grammar("hebrac", "Hebrac", VERBS, prepare=prepare, plain=CARD_TEXTS,
                                   implicit=IMPLICIT)
