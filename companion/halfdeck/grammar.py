"""Half Deck Dungeon Heroes' actions: every verb, declared once (``companion.verbs``).

Names stay the words typed: the engine matches them against what the game holds. Light
on purpose (imported by every command): nothing here loads the engine or the rulebook.
A multi-word name may be typed unquoted where the verb's words show where it ends
(``attack fire mage 3``; ``equip`` and ``discard`` need the game's names to tell).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.numbers import is_whole
from companion.verbs import (
    LINE,
    ROLL,
    Grammar,
    Value,
    Verb,
    arg,
    flag,
    option,
    options,
    rest,
)

KIND = "halfdeck"
TITLE = "Half Deck"


class HeroRoll(Value):
    """One hero's die in a roll: the main attacker's, or a supporter's (``--assist``)."""

    hero: str
    die: str


# -- the actions: one class per verb, its fields the verb's parameters in order ----------
class Hand(Value):
    cards: tuple[str, ...]
    player: int | None = None


class Hero(Value):
    name: str
    strength: int | None = None
    magic: int | None = None
    player: int | None = None
    replace: str | None = None
    pick: bool = False


class Equip(Value):
    words: tuple[str, ...]  # the hero's name, then the gear's
    strength: str | None = None  # "+N"
    magic: str | None = None
    one_use: bool = False
    standby: bool = False


class Draw(Value):
    name: str
    minion: bool = False
    boss: bool = False
    trap: bool = False
    misc: bool = False
    endgame_boss: bool = False
    endgame_treasure: bool = False
    hero: bool = False
    strength: int | None = None
    magic: int | None = None
    loot: int | None = None
    effect: str | None = None
    one_use: bool = False
    player: int | None = None


class Attack(Value):
    hero: str
    die: str
    assist: tuple[HeroRoll, ...] = ()  # the rules allow one; the engine says so
    loot_to: int | None = None


class TeamAttack(Value):
    hero: str
    die: str
    assist: tuple[HeroRoll, ...] = ()
    source: int | None = None  # --from: whose team attack card


class Challenge(Value):
    hero: str
    die: str


class Escape(Value):
    pass


class TeamEscape(Value):
    source: int | None = None


class ShuffleBack(Value):
    pass


class Loot(Value):
    loot: int  # hero cards to draw
    player: int | None = None


class Discard(Value):
    cards: tuple[str, ...]
    player: int | None = None
    forced: bool = False
    in_play: bool = False


class Heal(Value):
    hero: str
    amount: int


class Hurt(Value):
    hero: str
    amount: int


class Trade(Value):
    first: int
    first_card: str
    second: int
    second_card: str


Action = (Hand | Hero | Equip | Draw | Attack | TeamAttack | Challenge | Escape | TeamEscape
          | ShuffleBack | Loot | Discard | Heal | Hurt | Trade)


# -- the table --------------------------------------------------------------------------
# A typed line's words are read by its command (companion/cli/halfdeck.py: names by
# their start, catalog numbers, dice rolled), so each verb declares them (``words``) and
# its options (``line``) as help shows them, the action's own options among them.
PLAYER = option("player", "int", "Whose (co-op).")
STR = option("strength", "int", "Strength number.", word="str")
MAG = option("magic", "int", "Magic number.", word="mag")
ONE_USE = flag("one_use", "Removed from play once used.")
DIE = arg("die", "die", "The die (1-6), or 'roll'.", metavar="ROLL")

VERBS = (
    Verb("hand", Hand, "Cards drawn: from the hero deck into the hand (start, loot, redraw).",
         (rest("cards", "card", "The hero cards drawn, by name.", required=True,
               metavar="CARD..."), PLAYER),
         usage="hand CARD... (the hero cards drawn)", line=(PLAYER, *LINE),
         words=rest("cards", help="The hero cards drawn, by name.", required=True)),
    Verb("hero", Hero, "Put a hero in play: from the hand (at most 4).",
         (arg("name", "card", "The hero card."), STR, MAG, PLAYER,
          replace := option("replace", "hero", "The hero it replaces."),
          pick := flag("pick", "Co-op start: picked from the deck.")),
         usage="hero NAME [--str S --mag M] [--replace HERO]",
         line=(STR, MAG, replace, pick, PLAYER, *LINE),
         words=rest("name", help="The hero card.", required=True)),
    Verb("equip", Equip, "Give a hero gear: a card from the hand (one gear per hero).",
         (rest("words", "hero gear", "The hero in play, then the gear card from the hand.",
               required=True, metavar="HERO GEAR"),
          bonus := option("strength", "bonus", "Strength bonus, +N.", word="str",
                          metavar="N"),
          magic := option("magic", "bonus", "Magic bonus, +N.", word="mag", metavar="N"),
          ONE_USE, standby := flag("standby", "One-use gear kept for a boss.")),
         short=("e",),
         usage="equip HERO GEAR [--str +N | --mag +N] [--one-use] [--standby]",
         line=(bonus, magic, ONE_USE, standby, *LINE),
         words=rest("words", help="The hero in play, then the gear card from the hand.",
                    required=True, metavar="HERO GEAR")),
    Verb("draw", Draw, "A card turned up: from the dungeon deck (numbers from the catalog if "
                       "left out).",
         (arg("name", "card", "The dungeon card turned up."),
          *(DRAW := (flag("minion", "A minion (life 1)."),
          flag("boss", "A boss (life 4)."),
          flag("trap", "A trap."),
          flag("misc", "A miscellaneous card."),
          flag("endgame_boss", "The endgame boss."),
          flag("endgame_treasure", "The endgame treasure."),
          flag("hero", "The prisoner of a rescue game."),
          STR, MAG,
          option("loot", "int", "Loot number."),
          option("effect", "text", "The card's text, shortened.", metavar="TEXT"),
          flag("one_use", "A one-use miscellaneous card."),
          PLAYER))),
         short=("d",), line=(*DRAW, *LINE),
         usage="draw NAME [--minion|--boss|--trap|--misc|--endgame-boss|--endgame-treasure] "
               "[--str N | --mag N] [--loot N]",
         words=rest("name", help="The dungeon card turned up.", required=True)),
    Verb("attack", Attack, "One attack roll: against the minion or boss, die + attribute + "
                           "gear.",
         (arg("hero", "hero", "The main attacker."), DIE,
          options("assist", "hero die", "Support attacker and die: --assist HERO ROLL (ROLL "
                                        "may be 'roll') (repeat: one each; the rules allow "
                                        "one).", metavar="HERO ROLL", pair=HeroRoll),
          loot_to := option("loot_to", "int", "Co-op: the player who draws the loot.")),
         short=("a",),
         usage="attack HERO ROLL --assist HERO ROLL [--loot-to PLAYER]",
         line=(ROLL, loot_to, *LINE),
         words=rest("words", help="The main attacker, then the die (1-6) or 'roll'; then "
                                  "--assist HERO ROLL for a supporter (repeated: one each; "
                                  "the rules allow one).",
                    required=True, metavar="HERO [ROLL] [--assist HERO ROLL]...",
                    word="assist")),
    Verb("team-attack", TeamAttack, "Play a team attack card: every named hero adds a die to "
                                    "the main roll.",
         (arg("hero", "hero", "The main attacker."), DIE,
          rest("assist", "hero die", "The supporters and their dice.",
               metavar="HERO ROLL...", word="assist", pair=HeroRoll),
          source := option("source", "int", "Co-op: whose team attack card.", word="from")),
         short=("ta",),
         usage="team-attack HERO ROLL --assist HERO ROLL... [--from PLAYER]",
         line=(ROLL, source, *LINE),
         words=rest("heroes", help="HERO ROLL HERO ROLL...: the main attacker first, then "
                                   "the supporters (each may follow --assist).",
                    required=True, word="assist")),
    Verb("challenge", Challenge, "One roll against a trap: die + attribute + gear.",
         (arg("hero", "hero", "The hero who tries the trap."), DIE),
         line=(ROLL, *LINE),
         words=rest("words", help="The hero who tries the trap, then the die (1-6) or "
                                  "'roll'.", required=True, metavar="HERO [ROLL]")),
    Verb("escape", Escape, "Forced escape: every hero takes 1 damage, no loot (not the "
                           "endgame boss)."),
    Verb("team-escape", TeamEscape, "Play an escape card: the party leaves unhurt, no loot.",
         (option("source", "int", "Co-op: whose escape card.", word="from"),),
         usage="team-escape [--from PLAYER]"),
    Verb("shuffle-back", ShuffleBack, "Endgame boss back: shuffled into the dungeon deck "
                                      "before the first roll."),
    Verb("loot", Loot, "Hero cards to draw: as a card's text gives (name them with 'hand').",
         (arg("loot", "int", "Hero cards to draw.", metavar="N"), PLAYER),
         usage="loot N [--player P]", line=(PLAYER, *LINE),
         words=arg("count", help="Hero cards to draw.")),
    Verb("discard", Discard, "Discard a card: from the hand to redraw (first hand 1-6 once; "
                             "later up to 3), or in play.",
         (rest("cards", "card", "Cards from the hand, or a hero or gear in play.",
               required=True, metavar="CARD..."),
          PLAYER,
          forced := flag("forced", "A card's text makes you discard: no redraw."),
          in_play := flag("in_play", "The hero or gear in play, not the hand's copy.")),
         usage="discard CARD... [--forced] [--in-play]", line=(forced, in_play, PLAYER, *LINE),
         words=rest("cards", help="Cards from the hand, or a hero or gear in play.",
                    required=True)),
    Verb("heal", Heal, "A hero gains life: as a card's text says.",
         (arg("hero", "hero", "The hero."),
          arg("amount", "int", "Life gained (at most 4 in all).", metavar="N")),
         words=(rest("hero", help="The hero.", required=True),
                arg("amount", help="Life gained (at most 4 in all).", metavar="AMOUNT"))),
    Verb("hurt", Hurt, "A hero loses life: as a card's text says.",
         (arg("hero", "hero", "The hero."), arg("amount", "int", "Life lost.", metavar="N")),
         words=(rest("hero", help="The hero.", required=True),
                arg("amount", help="Life lost.", metavar="AMOUNT"))),
    Verb("trade", Trade, "Two players swap a card (co-op, once per player per "
                         "preparatory phase).",
         (arg("first", "int", "A player.", metavar="PLAYER"),
          arg("first_card", "card", "The card that player gives.", metavar="CARD"),
          arg("second", "int", "The other player.", metavar="PLAYER"),
          arg("second_card", "card", "The card the other gives.", metavar="CARD")),
         usage="trade PLAYER CARD PLAYER CARD (each gives the card named)",
         words=rest("words", help="A player and the card that player gives, then the other "
                                  "player and the card the other gives.", required=True,
                    metavar="PLAYER CARD PLAYER CARD")),
)

def joined_names(verb: str, words: list[str]) -> list[str]:
    """A verb's positional words with unquoted multi-word names joined, where its words
    show where a name ends (a card name is never a bare number)."""
    if verb in ("hero", "draw") and len(words) > 1:
        return [" ".join(words)]
    if verb in ("attack", "challenge", "heal", "hurt") and len(words) > 2:
        return [" ".join(words[:-1]), words[-1]]
    if verb == "team-attack":  # HERO ROLL HERO ROLL...: each name joined
        pairs = rolls(words)
        return words if pairs is None else [w for p in pairs for w in (p.hero, p.die)]
    if verb == "trade" and len(words) > 4 and is_whole(words[0]):
        # PLAYER CARD... PLAYER CARD...: the one other number in between is the second
        splits = [at for at in range(2, len(words) - 1) if is_whole(words[at])]
        if len(splits) == 1:
            at = splits[0]
            return [words[0], " ".join(words[1:at]), words[at], " ".join(words[at + 1:])]
    return words


def rolls(words: Sequence[str]) -> list[HeroRoll] | None:
    """``HERO ROLL HERO ROLL...``: each die (a number) ends a hero's name, which may be
    several words; the last word is a die whatever it holds. None when a hero has none."""
    found: list[HeroRoll] = []
    name: list[str] = []
    for at, word in enumerate(words):
        if name and (is_whole(word) or at == len(words) - 1):
            found.append(HeroRoll(" ".join(name), word))
            name = []
        else:
            name.append(word)
    return None if name else found


GRAMMAR: Grammar[Action] = Grammar(KIND, TITLE, VERBS, prepare=joined_names, signed=True)
