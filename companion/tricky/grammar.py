"""Tricky Dungeon's actions, declared once (``companion.verbs``): ``round barb red``,
``trick G4 R0 B7``, ``result 4 1``. Heroes, players and cards stay as typed, for the
engine to read: this module stays light, as every command imports it.
"""

from __future__ import annotations

from companion.verbs import Grammar, Value, Verb, arg, option, options, rest, switch

KIND = "tricky"

RESULT_ORDER = ("tricks", "potions")
"""What ``result`` words mean in turn: tricks then potions, as players say them
("4 tricks and a potion"); every other count takes its option."""
COUNTS = ("tricks", "potions", "spells", "goblins", "orcs", "ogres")


class Round(Value):
    hero: tuple[str, ...]  # its words, then maybe its trump
    active: str | None = None
    trump: str | None = None
    exchange: int | None = None
    predict: int | None = None
    pass_: tuple[str, ...] = ()


class Exchange(Value):
    cards: tuple[str, ...] = ()
    player: str | None = None
    number: int | None = None  # --count (a tuple's own 'count' is taken)


class Predict(Value):
    prediction: int


class Trick(Value):
    cards: tuple[str, ...] = ()


class Result(Value):
    counts: tuple[int, ...] = ()
    tricks: int | None = None
    potions: int | None = None
    spells: int | None = None
    goblins: int | None = None
    orcs: int | None = None
    ogres: int | None = None
    last_trick: bool | None = None


Action = Round | Exchange | Predict | Trick | Result

VERBS = (
    Verb("round", Round,
         "Start a round: the active player's hero and its choices ('round barb red').",
         params=(
             rest("hero", "hero", "The hero picked (name or its start), then its trump: a "
                  "colour (Barbarian, Troubadour) or a value (Knight).", required=True,
                  metavar="HERO [TRUMP]"),
             option("active", "player",
                    "The active player (any player in round 1; then clockwise)."),
             option("trump", "trump", "The trump, if not given after the hero.",
                    metavar="COLOUR|VALUE"),
             option("exchange", "int", "Cards the active player exchanged.", metavar="N"),
             option("predict", "int", "Seer: tricks + potions predicted, when no exchange "
                    "follows (else 'predict N' after it).", metavar="N"),
             options("pass_", "hero", "Random Dungeon: a hero passed on (up to 2).",
                     word="pass", metavar="HERO"),
         ),
         short=("r",), usage="round HERO [TRUMP] [--predict N] [--exchange N] "
         "[--active PLAYER] [--pass HERO]"),
    Verb("exchange", Exchange,
         "Record an exchange: with the leftover pile, before the first trick.",
         params=(
             rest("cards", "card", "How many cards ('exchange 2'), or the cards put aside "
                  "if shown (open exchange with two players).", metavar="[N | CARD...]"),
             option("player", "player",
                    "Who exchanges (default: the active player, then the other)."),
             option("number", "int", "How many cards.", word="count", metavar="N"),
         ),
         short=("x",)),
    Verb("predict", Predict, "The Seer's prediction: after the exchange.",
         params=(arg("prediction", "int", "Tricks + potions the Seer will collect.",
                     metavar="N"),),
         usage="predict N (tricks + potions the active player will collect)"),
    Verb("trick", Trick, "Settle a trick: who wins it and collects its cards.",
         params=(rest("cards", "card", "One card per player, in play order from the "
                      "leader: G4, r0, 4G, 'green 4'.", metavar="CARD..."),),
         short=("t",)),
    Verb("result", Result, "Settle the round: the active player's haul, and the round's gold "
         "at once.",
         params=(
             rest("counts", "int", "Tricks, then potions ('result 4 1'); the other counts "
                  "by their options.", metavar="[TRICKS [POTIONS]]"),
             option("tricks", "int", "Tricks the active player won.", metavar="N"),
             option("potions", "int", "Potions collected.", metavar="N"),
             option("spells", "int", "Spells (3s and 4s) collected.", metavar="N"),
             option("goblins", "int", "Goblins (1s, 2s) collected.", metavar="N"),
             option("orcs", "int", "Orcs (5s, 6s) collected.", metavar="N"),
             option("ogres", "int", "Ogres (7s) collected.", metavar="N"),
             switch("last_trick", "Whether the active player won the last trick.",
                    word="last-trick"),
         ),
         short=("re",), usage="result [TRICKS [POTIONS]] [--tricks N] [--potions N] "
         "[--spells N] [--goblins N] [--orcs N] [--ogres N] [--last-trick | --no-last-trick]"),
)

GRAMMAR: Grammar[Action] = Grammar(KIND, "Tricky", VERBS)

