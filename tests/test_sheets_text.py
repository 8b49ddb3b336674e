"""Sheets as 40-column text: the exact output of each kind, filled and blank.

The filled sheets are the example games'; a change in a sheet's layout, or in
an engine's status, shows up here line by line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import CLI
from tests.test_share_cli import example, save

# A game's filled sheet and its blank one print the same reference side (one *_reference()
# in companion.sheets.games draws both), so a section they share is written once, here, as
# are lines a sheet repeats. Each piece ends without a newline: it stands on lines of its own.

HEBRAC_REFERENCE = """\
== Attack values ==
Attack card: ace 1, 2-10 their value, J
Q K 10, joker 10. Bracelet of Armok +3,
each prisoner called +3. Attack at least
the enemy's life: won; else lose the
difference in life.
2-10: ♠ warrior, ♥ amazon, ♣ magician, ♦
  demon; life = value
J: adventurer, life 10
Q: priestess: black steals, red heals
K: merchant
A: empty chamber
Joker: Hebrac

== Spell costs (magic points) ==
Spell                  Cost
----------------- ---------
Remote Vision     1/chamber
Future Perception    1/card
Healing              2/life
Escape                    3
Illusion                  4
Paralysis                 4
Double Attack             4
Super Strength            5
Anti-Magic                5
Stealing Spirit           6
Body Switch               7
Teleport                  8
Revelation                9
Hell Bomb                 9
Curse                    10
Genie of Luck            11
Stone Statue             15
God Vision               15

== Prices and trades ==
Card       Price Trade
-------- ------- -----
Ace           12  (12)
2-10 ♥ ♠ 1/point value
2-10 ♣   2/point value
2-10 ♦         - value
J              8     8
Red Q          9     9
Black Q        -     -
K             10    10
Joker          2     2
Price: what a merchant asks, in gems.
Trade: what an adventurer's treasure is
worth; an ace is never traded for, but
one offered counts 12. A dash: no sale,
no trade.

== Theft order, first taken first ==
AD AH AC AS 10D 9D 8D 10H 9H 7D 10C 9C
10S 9S 8H 8C 6D 7H 8S 7C 7S 5D 6C 6H 6S
5H 5C 5S 4D 4H 4C 3D 2D 3H 2H 3C 2C 4S
3S 2S (jacks are never stolen)"""

# The blank sheet's rounds to fill in, one for each of the 6 rounds of 3 players.
TRICKY_ROUND_BLANK = """\
   active: ____  hero: ____  trump: ____
   Ann __/__  Bo __/__  Cy __/__"""
TRICKY_ROUNDS_BLANK = "\n".join(f"{number}.\n{TRICKY_ROUND_BLANK}" for number in range(1, 7))

# Set B's heroes alone on the set-B game's sheet, between sets A and C on the blank one.
TRICKY_HEROES_OF_SET_B = """\
Dwarven Hunter (B)
   trump: torches (0s); gold: 1 per
   goblin
Trickster (B)
   trump: none; gold: base 5, minus 1
   per trick or potion (unverified)
Seer (B)
   trump: none; gold: 5 if tricks +
   potions = the prediction
Troubadour (B)
   trump: a colour (left player picks);
   gold: 1 per trick or potion
Sorcerer (B)
   trump: spells (3s and 4s); gold: 1
   per trick or potion over 6
   (unverified)"""
TRICKY_CARDS = """\
== Cards ==
Torch: 0
Goblin: 1 and 2
Spell: 3 and 4
Orc: 5 and 6
Ogre: 7 (assumed)
Potions: red 1 blue 2 yellow 5 green 6
  (unverified)
No gold: when the active player earns
  none, each other player gets 1"""

# An empty place in the party, on the sheet of a game with fewer than 4 heroes too.
HALFDECK_HERO_SLOT = """\
Hero ________  S ___  M ___
□□□□
Gear: __________________________________"""
# The blank sheet's 12 rows for cards met.
HALFDECK_CARDS_MET_BLANK = "\n".join(["_________ ________ ___________ _________"] * 12)
HALFDECK_COMBAT = """\
== Combat ==
Attack or challenge: die + the hero's
attribute (S or M, as the card asks) +
gear; at least the card's number wins: 1
damage to the foe, or the trap is
passed. Else the attacker loses 1 life
(the supporter too). Assist: one
supporter adds a die. Forced escape:
every hero loses 1, no loot, never
against the endgame boss.
Heroes: 4 life, 1 gear each, 4 in play
Bosses: 4 life
Minions: 1 life"""


def elbereth_equipment(*states: str) -> str:
    """The Equipment section: the six items in their order, each in its state."""
    items = ("sword     attack ", "staff     attack ", "bow       attack ",
             "armour    defence", "helm      defence", "gauntlets defence")
    rule = "-" * max(map(len, states))  # the State column is as wide as its widest entry
    rows = "\n".join(f"{item} {state}" for item, state in zip(items, states, strict=True))
    return f"""\
== Equipment ==
Item      Use     State
--------- ------- {rule}
{rows}
State: equipped (face up), face down
(used, or not found yet), or discarded."""


# Floors 3 to 6 of the won game: nothing met but each floor's dragon.
ELBERETH_FLOORS_3_TO_6 = "\n".join(
    f"Floor {number}\n   boss: dragon (beaten); key: used;\n   stairs: taken"
    for number in range(3, 7))
ELBERETH_EQUIPMENT_WON = elbereth_equipment("equipped", *["discarded"] * 5)
ELBERETH_EQUIPMENT_BLANK = elbereth_equipment(*["_" * 22] * 6)
ELBERETH_ENEMIES = """\
== Enemies ==
Rat: strength 3
Spider: strength 4
Snake: strength 5
Dragon: strength 6
Attack: roll a die; at least the
strength wins. After a miss: turn attack
items face down for +1 each, or turn one
defence item face down, or discard any
item for good (none left: the game is
lost)."""
ELBERETH_WALL_DIE_AND_DECK = """\
== Wall die ==
1 sword, 2 staff, 3 bow, 4 armour, 5
helm, 6 gauntlets. The item rolled is
turned face down if equipped, else
discarded.

== Deck ==
44 cards: rat 7, spider 7, snake 7,
dragon 1, wall 12, shop 2, sword 1,
staff 1, bow 1, armour 1, helm 1,
gauntlets 1, coin 1, down stairs 1; the
up stairs start face up. Each descent
removes 7 unseen. The coin buys any item
at a shop; the key and the down stairs
let you descend."""


CASES: dict[str, tuple[list[str], str]] = {
    'hebrac-win': (['sheet', '-g', 'hebrac-win'], f"""\
HEBRAC'S DUNGEON: ADVENTURE LOG
Game hebrac-win: won, level 1
Rules 2005, 12 chambers a level, 2
decks, 4 jokers

== Life and magic ==
Life 15/20 (max 20)
■■■■■ ■■■■■ ■■■■■ □□□□□
Magic points: 0

== Life over the game ==
Life 15 ████████████ 15

== Inventory ==
Aces: AH AD AS AC

== Aces found ==
[x] AH Ruby of Gaza
[x] AD Bag of Meres
[x] AS Bracelet of Armok
[x] AC Scepter of Leynos

== Levels and chambers cleared ==
Level 1 (now) 4/12
■■■■□ □□□□□ □□

== Battles ==
L1 A2: 5S warrior
   rounds: 1; life lost: 0; result: won
L1 A4: 9D demon
   rounds: 1; life lost: 0; result: won

== Spells cast ==
None yet.

== Notes ==
A short win: four aces in one level.

{HEBRAC_REFERENCE}

Move it to another device: companion
share -g hebrac-win
"""),
    'tricky-3p': (['sheet', 'tricky', '-g', 'tricky-3p'], f"""\
TRICKY DUNGEON: SCORE SHEET
Game tricky-3p: finished after 6 rounds
Players Ann, Bo, Cy; set B; 9 tricks a
round

== Rounds ==
1. Ann: Dwarven Hunter, trump torches
   Ann 1/1  Bo 0/0  Cy 0/0
2. Bo: Troubadour, trump blue
   Ann 0/1  Bo 6/6  Cy 0/0
3. Cy: Sorcerer, trump spells
   Ann 1/2  Bo 1/7  Cy 0/0
4. Ann: Seer, trump none
   Ann 0/2  Bo 1/8  Cy 1/1
5. Bo: Trickster, trump none
   Ann 0/2  Bo 4/12  Cy 0/1
6. Cy: Troubadour, trump yellow
   Ann 0/2  Bo 0/12  Cy 8/9
Total
   Ann 2  Bo 12  Cy 9
Each player: gold this round / running
total.

== Result ==
Bo wins with 12 gold. Gold: Bo 12, Cy 9,
Ann 2.

== Gold over the game ==
Ann  0 ▁▁▁▁▁▁▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂ 2
Bo   0 ▁▁▁▁▁▁▁▁▁▁▁▁▅▅▅▅▅▅▅▅▅▅▅▆██████ 12
Cy   0 ▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▂▂▂▂▂▂▂ 9

== Notes ==
Three players, set B: torches, a left
player's trump, spells, the Seer and the
Trickster.

== Heroes of set B, 3 players ==
{TRICKY_HEROES_OF_SET_B}

{TRICKY_CARDS}

Move it to another device: companion
share -g tricky-3p
"""),
    'halfdeck-win': (['sheet', '-g', 'halfdeck-win'], f"""\
HALF DECK DUNGEON HEROES: PARTY SHEET
Game halfdeck-win: won (dragon), round 9
1 player; endgame both; dungeon deck 26
cards

== Heroes ==
Warrior (S 4, M 1) 4/4
■■■■
Gear: steel sword S+2
Cleric (S 1, M 4) 2/4
■■□□
Gear: fire tome M+2
Ranger (S 3, M 2) 2/4
■■□□
Gear: none
{HALFDECK_HERO_SLOT}

== Decks ==
Deck          Draw Discard Removed
------------- ---- ------- -------
Hero (blue)     11       4       3
Dungeon (red)   18       7       0
Endgame in the dungeon: treasure
Team cards used: escape 1, team attack 1

== Hands ==
Hand: holy water, bone charm, iron helm

== Notes ==
Solo, both endgame cards: the dragon is
shuffled back once, then beaten with
assists.

== Cards met ==
bat swarm (minion): M 6, loot 1
cleric (hero): S 1, M 4
dragon (endgame boss): M 10
empty room (misc): loot 0
   notes: nothing happens
fire tome (gear): M 2
goblin minion (minion): S 7, loot 1
minor treasure (misc): loot 1
   notes: a hero heals 1
ranger (hero): S 3, M 2
rock golem boss (boss): S 10, loot 2
rusty sword (gear): S 1
shadow imp (minion): M 8, loot 2
spiked pit trap (trap): S 7
   notes: discard the gear of one of
   your heroes
steel sword (gear): S 2
wand of sparks (gear): M 3
   notes: one use
warrior (hero): S 4, M 1

{HALFDECK_COMBAT}

== Life over the game ==
warrior  4    ████████████▆▆▆▆▆███████ 4
cleric   4    ████▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▅▅ 2
ranger   4          ██████▆▆▆▆▆▆▆▆▆▆▅▅ 2

Move it to another device: companion
share -g halfdeck-win
"""),
    'elbereth-win': (['sheet', '--game', 'elbereth-win', '--format', 'text'], f"""\
ELBERETH: DUNGEON LOG
Game elbereth-win: won, floor 7 of 7
Started with sword and gauntlets

== Floors ==
Floor 1
   beaten: rat 1, spider 1; walls: 1;
   boss: dragon (beaten); key: used;
   stairs: taken
Floor 2
   beaten: spider 1; walls: 1; boss:
   dragon (beaten); key: used; stairs:
   taken
{ELBERETH_FLOORS_3_TO_6}
Floor 7 (now)
   boss: dragon (beaten); stairs: found

{ELBERETH_EQUIPMENT_WON}

== Equipment over the game ==
Equipment  6 ████▇▇▇▆▆▆▆▅▅▅▅▃▃▃▃▃▃▃▃▂▂ 1

== Coin and key ==
Coin: face down
Key: not held
Beaten in all: rat 1, spider 2, dragon 7
Cards removed unseen: 42

== Notes ==
Base game: seven floors, every key from
the dragon.

{ELBERETH_ENEMIES}

{ELBERETH_WALL_DIE_AND_DECK}

Move it to another device: companion
share -g elbereth-win
"""),
    'blank-hebrac': (['sheet', 'hebrac', '--blank'], f"""\
HEBRAC'S DUNGEON: BLANK ADVENTURE LOG
Adventurer: ____________  Date: ________
Start: 15 life, 2 decks, 4 jokers, 12
chambers a level

== Life and magic ==
Life (start 15; Ruby of Gaza +5 while
held, Genie of Life +2)
□□□□□ □□□□□ □□□□□ □□□□□ □□
Max life: ______________________________
Magic points: __________________________

== Inventory ==
Life potions ♥: ________________________
Strength potions ♠: ____________________
Magic potions ♣: _______________________
Gems ♦: ________________________________
Prisoners (J): _________________________
Others: ________________________________

== Aces found ==
[ ] AH Ruby of Gaza
[ ] AD Bag of Meres
[ ] AS Bracelet of Armok
[ ] AC Scepter of Leynos

== Levels and chambers cleared ==
Level 1
□□□□□ □□□□□ □□
Level 2
□□□□□ □□□□□ □□
Level 3
□□□□□ □□□□□ □□
Level 4
□□□□□ □□□□□ □□

== Spells cast ==
Level         Spell        Points
------------- ------------ -------------
_____________ ____________ _____________
_____________ ____________ _____________
_____________ ____________ _____________
_____________ ____________ _____________
_____________ ____________ _____________
_____________ ____________ _____________

{HEBRAC_REFERENCE}
"""),
    'blank-tricky': (['sheet', 'tricky', '--blank', '--players', 'Ann', 'Bo', 'Cy'], f"""\
TRICKY DUNGEON: BLANK SCORE SHEET
3 players, 9 cards each: 2 rounds as the
active player each, 6 rounds. Date:
________
Set: A / B / C (circle one)

== Rounds ==
{TRICKY_ROUNDS_BLANK}
Total
   Ann __  Bo __  Cy __
Each player: gold this round / running
total.

== Result ==
Winner: ________________________________

== Notes ==
________________________________________
________________________________________
________________________________________
________________________________________

== Heroes, 3 players ==
Thief (A)
   trump: none; gold: base 5, minus 1
   per trick (unverified)
Assassin (A)
   trump: none; gold: 4 for winning the
   last trick
Barbarian (A)
   trump: a colour (active player
   picks); gold: 1 per trick or potion
   over 6 (unverified)
Wizard (A)
   trump: spells (3s and 4s); gold: 2
   per potion
Witch (A)
   trump: potions; gold: 1 per spell
{TRICKY_HEROES_OF_SET_B}
Knight (C)
   trump: a value (active player picks);
   gold: 1 per trick or potion over 5
   (unverified)
Ninja (C)
   trump: none; gold: 1 per spell
Elvish Hunter (C)
   trump: potions; gold: 1 per orc
Nymph (C)
   trump: none; gold: 2 per ogre; lowest
   of the asked colour wins
Fairy Scout (C)
   trump: none; gold: 2 per trick;
   second highest of the asked colour
   wins

{TRICKY_CARDS}
"""),
    'blank-halfdeck': (['sheet', 'halfdeck', '--blank', '--players', '2'], f"""\
HALF DECK DUNGEON HEROES: BLANK PARTY
SHEET
2 players: 26 hero cards, 26 dungeon
cards. Date: ________

== Heroes ==
{HALFDECK_HERO_SLOT}
{HALFDECK_HERO_SLOT}
{HALFDECK_HERO_SLOT}
{HALFDECK_HERO_SLOT}

== Decks ==
Deck          Draw   Discard   Removed
------------- ------ --------- ---------
Hero (blue)   ______ _________ _________
Dungeon (red) ______ _________ _________
[ ] Endgame treasure in the dungeon
[ ] Endgame boss in the dungeon

== Hands ==
Player 1: ______________________________
Player 2: ______________________________

== Rounds ==
Round
□□□□□ □□□□□ □□□□□ □□□□□ □□□□□ □□□□□

== Cards met ==
Card      Kind     Numbers     Notes
--------- -------- ----------- ---------
{HALFDECK_CARDS_MET_BLANK}

{HALFDECK_COMBAT}
"""),
    'blank-elbereth': (['sheet', 'elbereth', '--blank'], f"""\
ELBERETH: BLANK DUNGEON LOG
Pick 2 pieces of equipment to start
with. Date: ________

== Floors ==
Floor Beaten   Walls  Boss  Key  Stairs
----- -------- ------ ----- ---- -------
1     ________ ______ _____ ____ _______
2     ________ ______ _____ ____ _______
3     ________ ______ _____ ____ _______
4     ________ ______ _____ ____ _______
5     ________ ______ _____ ____ _______
6     ________ ______ _____ ____ _______
7     ________ ______ _____ ____ _______

{ELBERETH_EQUIPMENT_BLANK}

== Coin and key ==
Coin: __________________________________
Key: ___________________________________

{ELBERETH_ENEMIES}

== Bosses (expansion) ==
Knight
   strength: 6; bribe: sword
Mage
   strength: 6; bribe: staff
Marksman
   strength: 6; bribe: bow
Merchant
   strength: 6; bribe: coin
Smith
   strength: 6; bribe: a defence item
Ogre
   strength: 5, 2 wins in a row; bribe:
   -
Dragon
   strength: 6; bribe: -

{ELBERETH_WALL_DIE_AND_DECK}
"""),
}


@pytest.mark.parametrize("case", list(CASES))
def test_sheet_text_is_exact_at_40_columns(cli: CLI, home: Path, case: str) -> None:
    args, expected = CASES[case]
    if not case.startswith("blank-"):
        save(home, example(case))
    result = cli(*args)
    assert (result.code, result.err) == (0, "")
    assert result.out == expected
    assert max(len(line) for line in result.out.splitlines()) <= 40
