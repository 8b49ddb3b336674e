"""The rulebook's sections and extra tables.

Made from rulebook/*.toml by scripts/ship_rulebook.py: not to be edited
(tests/test_rulebook.py fails when it is stale)."""

from typing import Any

SECTIONS: Any = (('hebrac.intro', 'hebrac', "Hebrac's Dungeon at a glance", 'Introduction',
  'A one-player dungeon crawl by Luc Miron, played with two or more ordinary 52-card decks. The '
  'sorcerer Hebrac built his dungeon for fun and watches adventurers die in it. You walk in with '
  'a sword, an empty bag and 15 life points, hunting his four magical treasures: the aces.\n'
  '\n'
  'A level is a grid of chambers, each a pair of cards: a guard lying on a treasure. Fight the '
  'guard, trade with it, buy from it or use magic to get past, and collect the treasure.',
  'A one-player dungeon crawl by Luc Miron, played with two or more ordinary\n'
  '52-card decks. The sorcerer Hebrac built his dungeon for fun and watches\n'
  'adventurers die in it. You walk in with a sword, an empty bag and\n'
  '{setup.life} life points, hunting his four magical treasures: the aces.\n'
  '\n'
  'A level is a grid of chambers, each a pair of cards: a guard lying on a\n'
  'treasure. Fight the guard, trade with it, buy from it or use magic to get\n'
  'past, and collect the treasure.\n',
  ('overview', 'about', 'story', 'summary', 'how to play', 'luc miron', 'sorcerer', 'solitaire',
   'solo', 'one player'),
  '000: Introduction; 001: opening text (no heading)'),
 ('hebrac.game.goal', 'hebrac', 'Goal: the four aces', 'Object of the game',
  'Hold one ace of each suit at the same time: Ruby of Gaza (AH), Bag of Meres (AD), Bracelet of '
  'Armok (AS) and Scepter of Leynos (AC). The fourth one wins the game on the spot.',
  'Hold one ace of each suit at the same time: {aces.AH} (AH), {aces.AD}\n'
  '(AD), {aces.AS} (AS) and {aces.AC} (AC). The fourth one wins the game on\n'
  'the spot.\n',
  ('goal', 'win', 'winning', 'object', 'aim', 'four aces', 'victory', 'treasures'),
  '000: Object of the game; 001: Object of the game'),
 ('hebrac.setup.material', 'hebrac', 'What you need', 'Required material',
  'Two or more 52-card decks shuffled together, jokers if you have them (they are optional but '
  'make the game livelier), and something to note your life. companion does the bookkeeping. A '
  'large table helps: a level is three rows of card pairs.',
  'Two or more 52-card decks shuffled together, jokers if you have them (they\n'
  'are optional but make the game livelier), and something to note your life.\n'
  'companion does the bookkeeping. A large table helps: a level is three rows\n'
  'of card pairs.\n',
  ('material', 'equipment', 'components', 'need', 'cards', 'paper', 'pencil', 'table'),
  '000: Required material; 001: Required material'),
 ('hebrac.setup.decks', 'hebrac', 'Decks, jokers and the card count', 'Required material',
  'companion assumes 2 decks and 4 jokers unless you say otherwise (--decks, --jokers). The rules '
  'ask for at least two decks; any number of jokers is fine, none included.\n'
  '\n'
  'Knowing the decks, companion refuses a card that would be out more often than the decks hold, '
  'such as a third QS with two decks: that is nearly always a typo (hebrac.ruling.card-count).',
  'companion assumes {setup.decks} decks and {setup.jokers} jokers unless you\n'
  'say otherwise (--decks, --jokers). The rules ask for at least two decks;\n'
  'any number of jokers is fine, none included.\n'
  '\n'
  'Knowing the decks, companion refuses a card that would be out more often\n'
  'than the decks hold, such as a third QS with two decks: that is nearly\n'
  'always a typo (hebrac.ruling.card-count).\n',
  ('decks', 'how many decks', 'need', 'jokers', 'copies', 'typo', 'card count', 'two decks'),
  '000: Required material; 001: Required material'),
 ('hebrac.setup.life', 'hebrac', 'Life points and the maximum', 'Preparation of the game',
  'You begin with 15 life points, and that is also your maximum: nothing heals you past it. Only '
  'two treasures raise the maximum: the Ruby of Gaza (AH, +5 while you hold it) and each Genie of '
  'Life (KH, +2 for good). Start with more or fewer points (--life) to make the game easier or '
  'harder.',
  'You begin with {setup.life} life points, and that is also your maximum:\n'
  'nothing heals you past it. Only two treasures raise the maximum: the Ruby\n'
  'of Gaza (AH, +{treasure.ruby_max_life} while you hold it) and each Genie of\n'
  'Life (KH, +{treasure.genie_of_life_max_life} for good). Start with more or\n'
  'fewer points (--life) to make the game easier or harder.\n',
  ('life', 'hp', 'hit points', 'life points', 'health', 'maximum', 'max life', 'starting life',
   '15'),
  '000: Preparation of the game; 001: Preparation of the game'),
 ('hebrac.setup.layout', 'hebrac', 'Laying out a level', 'Preparation of the game',
  'Shuffle all the cards. Deal 12 cards face down in 3 rows, then one more face-down card on top '
  'of each: that is 24 cards. The rest form the Hand Deck, the pile you draw from for attacks, '
  'spells and prizes.\n'
  '\n'
  'companion names the chambers by row letter and column: A1 to C4 with 12 chambers.',
  'Shuffle all the cards. Deal {setup.chambers} cards face down in\n'
  '{setup.rows} rows, then one more face-down card on top of each: that is\n'
  '{setup.dealt_per_level} cards. The rest form the Hand Deck, the pile you\n'
  'draw from for attacks, spells and prizes.\n'
  '\n'
  'companion names the chambers by row letter and column: A1 to C4 with 12\n'
  'chambers.\n',
  ('layout', 'deal', 'setup', 'set up', 'grid', 'rows', 'hand deck', 'draw pile', 'prepare',
   'cards per level'),
  '000: Preparation of the game; 001: Preparation of the game'),
 ('hebrac.map.chambers', 'hebrac', 'Chambers: an enemy on a treasure', 'Main rules',
  'Each pair of cards is a chamber. The top card is the enemy card (the creature or person '
  'guarding it), the bottom card the treasure card.\n'
  '\n'
  'You may not turn up or take a treasure while its guard is still in your way. Only Stealing '
  'Spirit and God Vision get around that.',
  'Each pair of cards is a chamber. The top card is the enemy card (the\n'
  'creature or person guarding it), the bottom card the treasure card.\n'
  '\n'
  'You may not turn up or take a treasure while its guard is still in your\n'
  'way. Only Stealing Spirit and God Vision get around that.\n',
  ('chamber', 'room', 'enemy card', 'treasure card', 'top card', 'bottom card', 'guard',
   'look at treasure'),
  '000: Main rules; 001: Main rules'),
 ('hebrac.map.first-chamber', 'hebrac', 'Starting a level in a corner', 'Main rules',
  'Enter each level through one of its four corner chambers (A1, A4, C1 or C4 with 12 chambers) '
  'and turn up its enemy. A Teleport may drop you anywhere instead.',
  'Enter each level through one of its four corner chambers (A1, A4, C1 or C4\n'
  'with 12 chambers) and turn up its enemy. A Teleport may drop you anywhere\n'
  'instead.\n',
  ('start', 'first chamber', 'corner', 'begin', 'where to start', 'entrance'),
  '000: Main rules; 001: Main rules'),
 ('hebrac.map.moving', 'hebrac', 'Moving between chambers', 'Main rules',
  'When a chamber is cleared you may go on to a chamber beside it, or beside any chamber you have '
  'already visited. companion reads beside as sharing a side (north, south, east or west), never '
  'a corner.\n'
  '\n'
  "In companion, 'enter A2 5S' walks into an unexplored chamber and records its enemy; 'move B1' "
  'walks through chambers already dealt with.',
  'When a chamber is cleared you may go on to a chamber beside it, or beside\n'
  'any chamber you have already visited. companion reads beside as sharing a\n'
  'side (north, south, east or west), never a corner.\n'
  '\n'
  "In companion, 'enter A2 5S' walks into an unexplored chamber and records\n"
  "its enemy; 'move B1' walks through chambers already dealt with.\n",
  ('move', 'moving', 'walk', 'adjacent', 'neighbour', 'next to', 'diagonal', 'which chamber',
   'go back', 'enter'),
  '000: Main rules; 001: Main rules'),
 ('hebrac.map.no-fleeing', 'hebrac', 'No fleeing from an encounter', 'Enemy cards',
  "Once a chamber's enemy is turned up you stay until the matter is settled and the treasure is "
  'won or lost. Escape, Stealing Spirit and Teleport are the only ways out early.',
  "Once a chamber's enemy is turned up you stay until the matter is settled\n"
  'and the treasure is won or lost. Escape, Stealing Spirit and Teleport are\n'
  'the only ways out early.\n',
  ('flee', 'run away', 'leave', 'retreat', 'escape', 'cannot leave', 'stuck', 'encounter'),
  '000: Enemy cards; 001: Enemy cards'),
 ('hebrac.map.next-level', 'hebrac', 'Going down to the next level', 'Main rules',
  'When every chamber of a level is cleared, deal a new level: 24 fresh cards, enemies on '
  'treasures.\n'
  '\n'
  'The 2005 text lets you go down as soon as half the chambers are cleared; the classic text '
  'wants all of them (--rules classic). Teleport can take you down at any time.\n'
  '\n'
  "Cards still on the table go under the Hand Deck, and the level's spells (Anti-Magic, Curse, "
  'Revelation, God Vision) end.',
  'When every chamber of a level is cleared, deal a new level:\n'
  '{setup.dealt_per_level} fresh cards, enemies on treasures.\n'
  '\n'
  'The 2005 text lets you go down as soon as half the chambers are cleared;\n'
  'the classic text wants all of them (--rules classic). Teleport can take\n'
  'you down at any time.\n'
  '\n'
  "Cards still on the table go under the Hand Deck, and the level's spells\n"
  '(Anti-Magic, Curse, Revelation, God Vision) end.\n',
  ('next level', 'new level', 'descend', 'go down', 'half', 'cleared', 'deeper', 'level up'),
  '000: Main rules (NOTES); 001: Main rules'),
 ('hebrac.map.used-cards', 'hebrac', 'Used cards go under the Hand Deck', 'Main rules',
  'Nothing is thrown away: beaten enemies, spent potions, attack cards and lost treasures slide '
  'under the Hand Deck and may turn up again later.',
  'Nothing is thrown away: beaten enemies, spent potions, attack cards and\n'
  'lost treasures slide under the Hand Deck and may turn up again later.\n',
  ('discard', 'discard pile', 'used cards', 'under the deck', 'bottom of deck', 'hand deck'),
  '000: Main rules (NOTES); 001: per rule'),
 ('hebrac.game.end', 'hebrac', 'End of the game: win or die', 'Main rules',
  'The game stops the moment you hold all four aces (you win) or your life falls to 0 (you die in '
  'the dungeon). After that companion accepts no more actions, except a late strength potion that '
  'changes the last round when that variant is on.',
  'The game stops the moment you hold all four aces (you win) or your life\n'
  'falls to 0 (you die in the dungeon). After that companion accepts no more\n'
  'actions, except a late strength potion that changes the last round when\n'
  'that variant is on.\n',
  ('end', 'game over', 'death', 'die', 'dead', 'lose', 'losing', 'zero life', 'win'),
  '000: Main rules; 001: Main rules'),
 ('hebrac.enemy.list', 'hebrac', 'Enemies at a glance', 'Enemy cards',
  "What a chamber's top card means:\n"
  '\n'
  '- A: empty chamber, take the treasure\n'
  '- 2-10 of spades: warrior; hearts: amazon; clubs: magician; diamonds: demon. Fight them.\n'
  '- J: rival adventurer, fight or trade\n'
  '- QS, QC: black priestess, steals from you\n'
  '- QH, QD: white priestess, heals you or gives the treasure\n'
  '- K: merchant, sells the treasure\n'
  '- Joker: Hebrac, offers a game of chance',
  "What a chamber's top card means:\n"
  '\n'
  '- A: empty chamber, take the treasure\n'
  '- 2-10 of spades: warrior; hearts: amazon; clubs: magician;\n'
  '  diamonds: demon. Fight them.\n'
  '- J: rival adventurer, fight or trade\n'
  '- QS, QC: black priestess, steals from you\n'
  '- QH, QD: white priestess, heals you or gives the treasure\n'
  '- K: merchant, sells the treasure\n'
  '- Joker: Hebrac, offers a game of chance\n',
  ('enemies', 'monsters', 'enemy list', 'creatures', 'guards', 'what is', 'who'),
  '000: Enemy cards; 001: Enemy cards (names only)'),
 ('hebrac.enemy.ace', 'hebrac', 'Ace as enemy: an empty chamber', 'Enemy cards',
  'No one guards this chamber. Take its treasure straight away and go on.',
  'No one guards this chamber. Take its treasure straight away and go on.\n',
  ('ace', 'empty', 'empty chamber', 'unguarded', 'no enemy', 'free treasure'),
  '000: Enemy cards > Ace; 001: Enemy cards'),
 ('hebrac.enemy.warrior', 'hebrac', '2-10 of spades: warriors', 'Enemy cards',
  "Mercenaries paid by Hebrac. Fight them (hebrac.battle.rounds); their life is the card's "
  'number.',
  'Mercenaries paid by Hebrac. Fight them (hebrac.battle.rounds); their life\n'
  "is the card's number.\n",
  ('spades', 'warrior', 'mercenary', 'soldier', 'fight', 'black'),
  '000: Enemy cards > 2 to 10 of spades; 001: Enemy cards'),
 ('hebrac.enemy.amazon', 'hebrac', '2-10 of hearts: amazons', 'Enemy cards',
  "Warrior women. Fight them (hebrac.battle.rounds); their life is the card's number.",
  "Warrior women. Fight them (hebrac.battle.rounds); their life is the card's\nnumber.\n",
  ('hearts', 'amazon', 'warrior woman', 'fight', 'red'),
  '000: Enemy cards > 2 to 10 of hearts; 001: Enemy cards'),
 ('hebrac.enemy.magician', 'hebrac', '2-10 of clubs: magicians', 'Enemy cards',
  'Evil wizards who hurt you with spells. Fight them like any other enemy; their life is the '
  "card's number. While Anti-Magic holds on the level they cannot harm you: a lost round costs no "
  'life.',
  'Evil wizards who hurt you with spells. Fight them like any other enemy;\n'
  "their life is the card's number. While Anti-Magic holds on the level they\n"
  'cannot harm you: a lost round costs no life.\n',
  ('clubs', 'magician', 'wizard', 'mage', 'sorcerer', 'caster', 'fight'),
  '000: Enemy cards > 2 to 10 of clubs; 001: Enemy cards'),
 ('hebrac.enemy.demon', 'hebrac', '2-10 of diamonds: demons', 'Enemy cards',
  'Creatures Hebrac summoned from another world. Fight them (hebrac.battle.rounds); their life is '
  "the card's number.",
  'Creatures Hebrac summoned from another world. Fight them\n'
  "(hebrac.battle.rounds); their life is the card's number.\n",
  ('diamonds', 'demon', 'devil', 'fiend', 'fight'),
  '000: Enemy cards > 2 to 10 of diamonds; 001: Enemy cards'),
 ('hebrac.enemy.jack', 'hebrac', 'Jacks: rival adventurers', 'Enemy cards',
  'Another hunter after the four aces, with 10 life. Either attack him at once (a normal battle '
  'for his treasure) or turn up his treasure and offer a trade (hebrac.trade.rules). Battle '
  'spells wait for the first attack (hebrac.ruling.adventurer-battle-spells).\n'
  '\n'
  'Once his treasure is showing, a good adventurer may no longer attack him or use Stealing '
  'Spirit on him (hebrac.variant.alignment). Rob him with Stealing Spirit and he attacks you if '
  'you ever come back.',
  'Another hunter after the four aces, with {battle.adventurer_life} life.\n'
  'Either attack him at once (a normal battle for his treasure) or turn up\n'
  'his treasure and offer a trade (hebrac.trade.rules). Battle spells wait\n'
  'for the first attack (hebrac.ruling.adventurer-battle-spells).\n'
  '\n'
  'Once his treasure is showing, a good adventurer may no longer attack him\n'
  'or use Stealing Spirit on him (hebrac.variant.alignment). Rob him with\n'
  'Stealing Spirit and he attacks you if you ever come back.\n',
  ('jack', 'adventurer', 'rival', 'knave', 'other adventurer', 'trade or fight', '10 life'),
  '000: Enemy cards > Jacks; 001: Enemy cards'),
 ('hebrac.enemy.black-queen', 'hebrac', 'Black queens: thieving priestesses', 'Enemy cards',
  'QS and QC are black magic priestesses who cannot help stealing. As soon as she shows up she '
  'casts her own Stealing Spirit, takes your most valuable treasure (the first of yours in the '
  'theft order, hebrac.theft.order) and is gone.\n'
  '\n'
  "You cannot fight her or Escape from her. Give up the card, then take the chamber's treasure. "
  'Prisoners (jacks) are never taken, and under Anti-Magic she steals nothing.',
  'QS and QC are black magic priestesses who cannot help stealing. As soon\n'
  'as she shows up she casts her own Stealing Spirit, takes your most\n'
  'valuable treasure (the first of yours in the theft order,\n'
  'hebrac.theft.order) and is gone.\n'
  '\n'
  'You cannot fight her or Escape from her. Give up the card, then take the\n'
  "chamber's treasure. Prisoners (jacks) are never taken, and under\n"
  'Anti-Magic she steals nothing.\n',
  ('black queen', 'queen of spades', 'queen of clubs', 'priestess', 'black priestess', 'thief',
   'kleptomaniac', 'steal', 'stealing', 'robbed', 'theft', 'fight her', 'qs', 'qc'),
  '000: Enemy cards > Black queens; 001: Enemy cards'),
 ('hebrac.enemy.red-queen', 'hebrac', 'Red queens: healing priestesses', 'Enemy cards',
  'QH and QD are white magic priestesses, gentle souls in a cruel place. Choose one gift:\n'
  '\n'
  '- she heals you to your maximum life and leaves with the treasure (both cards go under the '
  'Hand Deck), or\n'
  '- she gives you the treasure.\n'
  '\n'
  'You may not attack her or cast any spell at her. Under Anti-Magic she cannot heal, so take the '
  'treasure.',
  'QH and QD are white magic priestesses, gentle souls in a cruel place.\n'
  'Choose one gift:\n'
  '\n'
  '- she heals you to your maximum life and leaves with the treasure (both\n'
  '  cards go under the Hand Deck), or\n'
  '- she gives you the treasure.\n'
  '\n'
  'You may not attack her or cast any spell at her. Under Anti-Magic she\n'
  'cannot heal, so take the treasure.\n',
  ('red queen', 'queen of hearts', 'queen of diamonds', 'priestess', 'white priestess', 'heal',
   'healer', 'cure', 'attack her', 'fight her', 'qh', 'qd'),
  '000: Enemy cards > Red queens; 001: Enemy cards'),
 ('hebrac.enemy.king', 'hebrac', 'Kings: wandering merchants', 'Enemy cards',
  "Traders who look harmless, though surely they are Hebrac's creatures in disguise. You cannot "
  'attack them or Escape from them.\n'
  '\n'
  'Turn up the treasure: the merchant sells it at its price (hebrac.treasure.prices), paid in '
  'gems (diamonds 2-10 from your inventory), or free if you hold the Bag of Meres. Overpaying is '
  'allowed but he keeps the change. If you do not buy, both cards go under the Hand Deck, his '
  'ware seen or not (hebrac.ruling.merchant-unseen). A genie bought acts at once '
  '(hebrac.ruling.genie-bought).\n'
  '\n'
  '- A diamond 2-10 under him: he has sold out already, nothing to buy.\n'
  '- A black queen under him: no sale, nobody buys a thief.\n'
  '\n'
  'In those two cases nothing can be bought. Unless Stealing Spirit could still take the ware, '
  'companion clears the chamber as soon as the card is revealed '
  '(hebrac.ruling.merchant-no-sale).\n'
  '- Stealing Spirit takes his treasure for free; he then vanishes.',
  "Traders who look harmless, though surely they are Hebrac's creatures in\n"
  'disguise. You cannot attack them or Escape from them.\n'
  '\n'
  'Turn up the treasure: the merchant sells it at its price\n'
  '(hebrac.treasure.prices), paid in gems (diamonds 2-10 from your\n'
  'inventory), or free if you hold the Bag of Meres. Overpaying is allowed\n'
  'but he keeps the change. If you do not buy, both cards go under the Hand\n'
  'Deck, his ware seen or not (hebrac.ruling.merchant-unseen). A genie\n'
  'bought acts at once (hebrac.ruling.genie-bought).\n'
  '\n'
  '- A diamond 2-10 under him: he has sold out already, nothing to buy.\n'
  '- A black queen under him: no sale, nobody buys a thief.\n'
  '\n'
  'In those two cases nothing can be bought. Unless Stealing Spirit could\n'
  'still take the ware, companion clears the chamber as soon as the card is\n'
  'revealed (hebrac.ruling.merchant-no-sale).\n'
  '- Stealing Spirit takes his treasure for free; he then vanishes.\n',
  ('king', 'merchant', 'shop', 'shopkeeper', 'buy', 'sell', 'trader', 'store', 'purchase',
   'no change'),
  '000: Enemy cards > Kings; 001: Enemy cards'),
 ('hebrac.enemy.joker', 'hebrac', 'Joker: Hebrac himself', 'Enemy cards',
  'The sorcerer appears like a ghost and offers a gamble: turn the top card of the Hand Deck.\n'
  '\n'
  "- Red (hearts, diamonds): the chamber's treasure is yours.\n"
  '- Black (spades, clubs): lose 5 life; Hebrac vanishes with the treasure.\n'
  '\n'
  'You may refuse to play: he vanishes with the treasure. Escape does not work on him. A joker '
  'turned for his game has no colour: turn the next card (hebrac.ruling.joker-colour).',
  'The sorcerer appears like a ghost and offers a gamble: turn the top card\n'
  'of the Hand Deck.\n'
  '\n'
  "- Red (hearts, diamonds): the chamber's treasure is yours.\n"
  '- Black (spades, clubs): lose {hebrac_game.black_card_damage} life;\n'
  '  Hebrac vanishes with the treasure.\n'
  '\n'
  'You may refuse to play: he vanishes with the treasure. Escape does not\n'
  'work on him. A joker turned for his game has no colour: turn the next\n'
  'card (hebrac.ruling.joker-colour).\n',
  ('joker', 'hebrac', 'sorcerer', 'gamble', 'game of chance', 'red or black', 'bet', 'jk'),
  '000: Enemy cards > Joker; 001: Enemy cards'),
 ('hebrac.treasure.list', 'hebrac', 'Treasures at a glance', 'Treasure cards',
  "What a chamber's bottom card gives you:\n"
  '\n'
  '- Aces: the four magical treasures (AH Ruby, AD Bag, AS Bracelet, AC Scepter)\n'
  '- 2-10 of hearts: life potions; spades: strength potions; clubs: magic potions; diamonds: '
  'gems\n'
  '- J: a prisoner who fights with you\n'
  '- QH, QD: heal at once; QS, QC: steal from you at once\n'
  '- K: a genie, acting at once\n'
  "- Joker: Hebrac's game",
  "What a chamber's bottom card gives you:\n"
  '\n'
  '- Aces: the four magical treasures (AH Ruby, AD Bag, AS Bracelet,\n'
  '  AC Scepter)\n'
  '- 2-10 of hearts: life potions; spades: strength potions; clubs: magic\n'
  '  potions; diamonds: gems\n'
  '- J: a prisoner who fights with you\n'
  '- QH, QD: heal at once; QS, QC: steal from you at once\n'
  '- K: a genie, acting at once\n'
  "- Joker: Hebrac's game\n",
  ('treasures', 'items', 'loot', 'what does it do', 'bottom card', 'list'),
  '000: Treasure cards; 001: Treasure cards (names and prices only)'),
 ('hebrac.treasure.inventory', 'hebrac', 'Your inventory', 'Treasure cards',
  'Treasures you win go into your inventory. Only cards in it can be drunk, spent, offered or '
  "dropped. Queens, kings and jokers act the moment you get them and are never kept. 'companion "
  "hebrac status' lists what you hold.",
  'Treasures you win go into your inventory. Only cards in it can be drunk,\n'
  'spent, offered or dropped. Queens, kings and jokers act the moment you get\n'
  "them and are never kept. 'companion hebrac status' lists what you hold.\n",
  ('inventory', 'bag', 'held', 'hold', 'keep', 'drop', 'items', 'hand', 'carry'),
  '000: Treasure cards; 001: Treasure cards'),
 ('hebrac.treasure.prices', 'hebrac', 'Merchant prices', 'Treasure cards',
  'What a merchant asks, in gems:\n'
  '\n'
  '- Ace: 12\n'
  '- Life potion (hearts): 1 per point\n'
  '- Strength potion (spades): 1 per point\n'
  '- Magic potion (clubs): 2 per point\n'
  '- Prisoner (jack): 8\n'
  '- White priestess (red queen): 9\n'
  '- Genie (king): 10\n'
  '- Joker: 2\n'
  '- Gems (diamonds) and black queens: not for sale',
  'What a merchant asks, in gems:\n'
  '\n'
  '- Ace: {prices.ace}\n'
  '- Life potion (hearts): {prices.hearts_per_point} per point\n'
  '- Strength potion (spades): {prices.spades_per_point} per point\n'
  '- Magic potion (clubs): {prices.clubs_per_point} per point\n'
  '- Prisoner (jack): {prices.jack}\n'
  '- White priestess (red queen): {prices.red_queen}\n'
  '- Genie (king): {prices.king}\n'
  '- Joker: {prices.joker}\n'
  '- Gems (diamonds) and black queens: not for sale\n',
  ('price', 'prices', 'cost', 'how much', 'gems', 'buy', 'merchant', 'shop', 'sell'),
  '000: Treasure cards (Price lines); 001: Treasure cards'),
 ('hebrac.treasure.ruby', 'hebrac', 'Ace of hearts: the Ruby of Gaza', 'Treasure cards',
  'Price 12 gems. While you hold it your maximum life is 5 higher. If you lose it (to a thief, '
  'say) the bonus goes with it, and life above the new maximum is lost.',
  'Price {prices.ace} gems. While you hold it your maximum life is\n'
  '{treasure.ruby_max_life} higher. If you lose it (to a thief, say) the\n'
  'bonus goes with it, and life above the new maximum is lost.\n',
  ('ruby', 'gaza', 'ace of hearts', 'ah', 'max life', 'maximum'),
  '000: Treasure cards > Ace of hearts; 001: Treasure cards'),
 ('hebrac.treasure.bag', 'hebrac', 'Ace of diamonds: the Bag of Meres', 'Treasure cards',
  'Price 12 gems. A bag of endless gems: buy from any merchant and pay for trades without giving '
  'up a card (hebrac.ruling.bag-partial). Keep your diamonds all the same: a thief may take the '
  'bag.',
  'Price {prices.ace} gems. A bag of endless gems: buy from any merchant and pay\n'
  'for trades without giving up a card (hebrac.ruling.bag-partial). Keep\n'
  'your diamonds all the same: a thief may take the bag.\n',
  ('bag', 'meres', 'ace of diamonds', 'ad', 'infinite gems', 'free', 'money'),
  '000: Treasure cards > Ace of diamonds; 001: Treasure cards'),
 ('hebrac.treasure.bracelet', 'hebrac', 'Ace of spades: the Bracelet of Armok', 'Treasure cards',
  'Price 12 gems. Every attack you make in battle gets +3.',
  'Price {prices.ace} gems. Every attack you make in battle gets\n+{battle.bracelet_bonus}.\n',
  ('bracelet', 'armok', 'ace of spades', 'as', 'attack bonus', 'plus 3'),
  '000: Treasure cards > Ace of spades; 001: Treasure cards'),
 ('hebrac.treasure.scepter', 'hebrac', 'Ace of clubs: the Scepter of Leynos', 'Treasure cards',
  'Price 12 gems. It pulls magic towards you: while you hold it, every magic potion is worth '
  'twice its number (a 5C gives 10 magic points).',
  'Price {prices.ace} gems. It pulls magic towards you: while you hold it, every\n'
  'magic potion is worth twice its number (a 5C gives 10 magic points).\n',
  ('scepter', 'sceptre', 'leynos', 'ace of clubs', 'ac', 'double magic', 'magic points'),
  '000: Treasure cards > Ace of clubs; 001: Treasure cards'),
 ('hebrac.treasure.fake-ace', 'hebrac', 'A second copy of an ace is a fake', 'Treasure cards',
  'With several decks you may find an ace you already hold. The new one is a fake: it goes under '
  'the Hand Deck and you keep the first.',
  'With several decks you may find an ace you already hold. The new one is a\n'
  'fake: it goes under the Hand Deck and you keep the first.\n',
  ('fake', 'duplicate', 'second ace', 'same ace twice', 'copy', 'aces'),
  '000: Treasure cards > Special note concerning the aces; 001: Treasure cards'),
 ('hebrac.treasure.potions', 'hebrac', 'Potions: which suit does what', 'Treasure cards',
  'Three suits of 2-10 treasure cards are potions:\n'
  '\n'
  '- hearts: life potions, heal (hebrac.treasure.life-potion)\n'
  '- spades: strength potions, one stronger attack (hebrac.treasure.strength-potion)\n'
  '- clubs: magic potions, pay for spells (hebrac.treasure.magic-potion)\n'
  '\n'
  'Diamonds are gems, not potions. companion refuses a card of the wrong suit where a potion is '
  'asked for.',
  'Three suits of 2-10 treasure cards are potions:\n'
  '\n'
  '- hearts: life potions, heal (hebrac.treasure.life-potion)\n'
  '- spades: strength potions, one stronger attack\n'
  '  (hebrac.treasure.strength-potion)\n'
  '- clubs: magic potions, pay for spells (hebrac.treasure.magic-potion)\n'
  '\n'
  'Diamonds are gems, not potions. companion refuses a card of the wrong\n'
  'suit where a potion is asked for.\n',
  ('potion', 'potions', 'drink', 'which suit', 'hearts', 'spades', 'clubs'),
  '000: Treasure cards; 001: Treasure cards'),
 ('hebrac.treasure.life-potion', 'hebrac', '2-10 of hearts: life potions', 'Treasure cards',
  'Price 1 gem per point. Drink one whenever you like, in battle too: gain its number in life, '
  'never above your maximum (life 5 and a 6H make 11).',
  'Price {prices.hearts_per_point} gem per point. Drink one whenever you\n'
  'like, in battle too: gain its number in life, never above your maximum\n'
  '(life 5 and a 6H make 11).\n',
  ('life potion', 'healing potion', 'hearts', 'heal', 'health', 'drink', 'cure'),
  '000: Treasure cards > 2 to 10 of hearts; 001: Treasure cards'),
 ('hebrac.treasure.gems', 'hebrac', '2-10 of diamonds: gems', 'Treasure cards',
  'Money: each card is worth its number in gems. Pay merchants with them or offer them in trades. '
  'Gems are never for sale.',
  'Money: each card is worth its number in gems. Pay merchants with them or\n'
  'offer them in trades. Gems are never for sale.\n',
  ('gems', 'diamonds', 'money', 'gold', 'currency', 'pay', 'coins', 'cash'),
  '000: Treasure cards > 2 to 10 of diamonds; 001: Treasure cards'),
 ('hebrac.treasure.strength-potion', 'hebrac', '2-10 of spades: strength potions',
  'Treasure cards',
  'Price 1 gem per point. Drink it before an attack card is turned: its number is added to that '
  'one attack (a 4S before a 6H makes 10). It lasts one round and then goes under the Hand Deck. '
  "The rules set no limit: 'attack 6H --potion 4S --potion 5S' drinks both.\n"
  '\n'
  "The 2005 text's example calls it a 4 of clubs (hebrac.ruling.strength-potion-example). The "
  'late-potions variant lets you drink it after a lost round (hebrac.variant.late-potions).',
  'Price {prices.spades_per_point} gem per point. Drink it before an attack\n'
  'card is turned: its number is added to that one attack (a 4S before a 6H\n'
  'makes 10). It lasts one round and then goes under the Hand Deck. The\n'
  "rules set no limit: 'attack 6H --potion 4S --potion 5S' drinks both.\n"
  '\n'
  "The 2005 text's example calls it a 4 of clubs (hebrac.ruling.strength-potion-example).\n"
  'The late-potions variant lets you drink it after a lost round\n'
  '(hebrac.variant.late-potions).\n',
  ('strength potion', 'spades', 'attack bonus', 'stronger', 'boost', 'drink before attack'),
  '000: Treasure cards > 2 to 10 of spades; 001: Treasure cards'),
 ('hebrac.treasure.magic-potion', 'hebrac', '2-10 of clubs: magic potions', 'Treasure cards',
  'Price 2 gems per point. Their numbers are the magic points you spend on spells '
  '(hebrac.spell.paying). Only one spell per battle.',
  'Price {prices.clubs_per_point} gems per point. Their numbers are the magic\n'
  'points you spend on spells (hebrac.spell.paying). Only one spell per\n'
  'battle.\n',
  ('magic potion', 'clubs', 'magic points', 'mana', 'spell', 'mp'),
  '000: Treasure cards > 2 to 10 of clubs; 001: Treasure cards'),
 ('hebrac.treasure.jack', 'hebrac', 'Jacks: prisoners', 'Treasure cards',
  'Price 8 gems. A captive you freed, who will fight beside you in one battle of your choosing. '
  'Call him in and every attack of that battle gets +3; after the battle he leaves (under the '
  'Hand Deck). Keep him for a hard fight. Thieves never take prisoners.',
  'Price {prices.jack} gems. A captive you freed, who will fight beside you in one\n'
  'battle of your choosing. Call him in and every attack of that battle gets\n'
  '+{battle.prisoner_bonus}; after the battle he leaves (under the Hand Deck).\n'
  'Keep him for a hard fight. Thieves never take prisoners.\n',
  ('prisoner', 'jack', 'ally', 'helper', 'companion', 'captive', 'rescue', 'plus 3'),
  '000: Treasure cards > Jacks: Prisoners; 001: Treasure cards'),
 ('hebrac.treasure.red-queen', 'hebrac', 'Red queens as treasure: healing', 'Treasure cards',
  'Price 9 gems. Grateful to be freed, she heals you to your maximum life and leaves. She is '
  'never kept.',
  'Price {prices.red_queen} gems. Grateful to be freed, she heals you to your\n'
  'maximum life and leaves. She is never kept.\n',
  ('red queen', 'white priestess', 'heal', 'full life', 'queen of hearts', 'queen of diamonds',
   'treasure'),
  '000: Treasure cards > Red Queens; 001: Treasure cards'),
 ('hebrac.treasure.black-queen', 'hebrac', 'Black queens as treasure: a thief', 'Treasure cards',
  'Not for sale. Her thanks for freeing her: she steals your least valuable treasure (your last '
  'card in the theft order, hebrac.theft.order); then both cards go under the Hand Deck.\n'
  '\n'
  'Mind the difference: as an enemy she takes your most valuable card, as a treasure your least '
  'valuable.',
  'Not for sale. Her thanks for freeing her: she steals your least valuable\n'
  'treasure (your last card in the theft order, hebrac.theft.order); then\n'
  'both cards go under the Hand Deck.\n'
  '\n'
  'Mind the difference: as an enemy she takes your most valuable card, as a\n'
  'treasure your least valuable.\n',
  ('black queen', 'black priestess', 'queen of spades', 'queen of clubs', 'treasure',
   'least valuable', 'steal', 'thief'),
  '000: Treasure cards > Black Queens; 001: Treasure cards'),
 ('hebrac.treasure.genies', 'hebrac', 'Kings as treasure: the four genies', 'Treasure cards',
  'A king under a guard is a genie who acts the moment you win him and is never kept. Each costs '
  '10 gems from a merchant.\n'
  '\n'
  '- KH Genie of Life: max life +2 for good\n'
  '- KD Genie of Luck: 3 Hand Deck cards as treasures\n'
  '- KS Genie of Death: 3 enemies of unvisited chambers removed\n'
  '- KC Genie of Destiny: God Vision on this level',
  'A king under a guard is a genie who acts the moment you win him and is\n'
  'never kept. Each costs {prices.king} gems from a merchant.\n'
  '\n'
  '- KH Genie of Life: max life +{treasure.genie_of_life_max_life} for good\n'
  '- KD Genie of Luck: {treasure.genie_of_luck_cards} Hand Deck cards as\n'
  '  treasures\n'
  '- KS Genie of Death: {treasure.genie_of_death_enemies} enemies of unvisited\n'
  '  chambers removed\n'
  '- KC Genie of Destiny: God Vision on this level\n',
  ('genie', 'genies', 'kings', 'king treasure', 'djinn', 'wish'),
  '000: Treasure cards > King of hearts, diamonds, spades, clubs; 001: Treasure cards'),
 ('hebrac.treasure.king-of-hearts', 'hebrac', 'King of hearts: Genie of Life', 'Treasure cards',
  'Price 10 gems. Your maximum life rises by 2 for the rest of the game; nothing can take that '
  'away. The genie then vanishes.',
  'Price {prices.king} gems. Your maximum life rises by\n'
  '{treasure.genie_of_life_max_life} for the rest of the game; nothing can\n'
  'take that away. The genie then vanishes.\n',
  ('genie', 'genie of life', 'king of hearts', 'kh', 'max life', 'maximum'),
  '000: Treasure cards > King of hearts; 001: Treasure cards'),
 ('hebrac.treasure.king-of-diamonds', 'hebrac', 'King of diamonds: Genie of Luck',
  'Treasure cards',
  'Price 10 gems. Draw 3 cards from the Hand Deck into your inventory.\n'
  '\n'
  '- A queen among them does her work at once and goes back to the Hand Deck.\n'
  '- A king among them is lost: it does nothing.\n'
  "- A joker: decide at once whether to play Hebrac's game.\n"
  '\n'
  'They act in the order drawn (hebrac.ruling.genie-of-luck).',
  'Price {prices.king} gems. Draw {treasure.genie_of_luck_cards} cards from the\n'
  'Hand Deck into your inventory.\n'
  '\n'
  '- A queen among them does her work at once and goes back to the Hand Deck.\n'
  '- A king among them is lost: it does nothing.\n'
  "- A joker: decide at once whether to play Hebrac's game.\n"
  '\n'
  'They act in the order drawn (hebrac.ruling.genie-of-luck).\n',
  ('genie', 'genie of luck', 'king of diamonds', 'kd', 'draw', 'free cards', 'luck'),
  '000: Treasure cards > King of diamonds; 001: Treasure cards'),
 ('hebrac.treasure.king-of-spades', 'hebrac', 'King of spades: Genie of Death', 'Treasure cards',
  'Price 10 gems. Choose 3 enemies in chambers of this level you have not visited; they go under '
  'the Hand Deck (hebrac.ruling.genie-of-death if fewer are left). Their treasures stay: you '
  'still have to walk in to take them.',
  'Price {prices.king} gems. Choose {treasure.genie_of_death_enemies} enemies in\n'
  'chambers of this level you have not visited; they go under the Hand Deck\n'
  '(hebrac.ruling.genie-of-death if fewer are left). Their treasures stay:\n'
  'you still have to walk in to take them.\n',
  ('genie', 'genie of death', 'king of spades', 'ks', 'kill', 'remove enemies', 'destroy'),
  '000: Treasure cards > King of spades; 001: Treasure cards'),
 ('hebrac.treasure.king-of-clubs', 'hebrac', 'King of clubs: Genie of Destiny', 'Treasure cards',
  'Price 10 gems. He casts God Vision for you (hebrac.spell.god-vision) and vanishes: look at '
  'every enemy and treasure of this level.',
  'Price {prices.king} gems. He casts God Vision for you (hebrac.spell.god-vision)\n'
  'and vanishes: look at every enemy and treasure of this level.\n',
  ('genie', 'genie of destiny', 'king of clubs', 'kc', 'god vision', 'see everything'),
  '000: Treasure cards > King of clubs; 001: Treasure cards'),
 ('hebrac.treasure.joker', 'hebrac', "Joker as treasure: Hebrac's game", 'Treasure cards',
  'Price 2 gems. Hebrac offers his gamble again: turn the top card of the Hand Deck.\n'
  '\n'
  '- Red: pick any card from the Hand Deck as a treasure.\n'
  '- Black: lose 5 life; he vanishes.\n'
  '\n'
  'You may refuse. A queen or king picked as the prize acts at once; another joker means another '
  'game.',
  'Price {prices.joker} gems. Hebrac offers his gamble again: turn the top card of\n'
  'the Hand Deck.\n'
  '\n'
  '- Red: pick any card from the Hand Deck as a treasure.\n'
  '- Black: lose {hebrac_game.black_card_damage} life; he vanishes.\n'
  '\n'
  'You may refuse. A queen or king picked as the prize acts at once; another\n'
  'joker means another game.\n',
  ('joker', 'hebrac', 'treasure', 'game', 'gamble', 'prize', 'red or black'),
  '000: Treasure cards > Joker: Hebrac the sorcerer; 001: Treasure cards'),
 ('hebrac.battle.rounds', 'hebrac', 'Battle: how a round works', 'Rules for battles',
  "An enemy's life is its card's number (adventurers have 10). Each round, turn the top card of "
  'the Hand Deck: your attack card.\n'
  '\n'
  "- Attack at least the enemy's life: you win. The enemy and the attack card go under the Hand "
  'Deck; take the treasure.\n'
  '- Lower: lose the difference in life (demon 6, attack 4: lose 2). The attack card goes under; '
  'fight another round.\n'
  '\n'
  'The battle lasts until the enemy falls or you do.',
  "An enemy's life is its card's number (adventurers have\n"
  '{battle.adventurer_life}). Each round, turn the top card of the Hand Deck:\n'
  'your attack card.\n'
  '\n'
  "- Attack at least the enemy's life: you win. The enemy and the attack card\n"
  '  go under the Hand Deck; take the treasure.\n'
  '- Lower: lose the difference in life (demon 6, attack 4: lose 2). The\n'
  '  attack card goes under; fight another round.\n'
  '\n'
  'The battle lasts until the enemy falls or you do.\n',
  ('battle', 'fight', 'combat', 'attack', 'round', 'damage', 'lose life', 'how to fight',
   'enemy life'),
  '000: Rules for battles; 001: Rules for battles'),
 ('hebrac.battle.attack-values', 'hebrac', 'Attack card values', 'Rules for battles',
  '- 2-10: their number\n- J, Q, K: 10\n- Joker: 10\n- Ace: 1',
  '- 2-10: their number\n'
  '- J, Q, K: {battle.face_attack}\n'
  '- Joker: {battle.joker_attack}\n'
  '- Ace: {battle.ace_attack}\n',
  ('attack value', 'attack card', 'face cards', 'picture cards', 'ace worth', 'king worth',
   'how much is'),
  '000: Rules for battles; 001: Rules for battles'),
 ('hebrac.battle.help', 'hebrac', 'Turning a battle in your favour', 'Rules for battles',
  'Treasures can swing a hard fight:\n'
  '\n'
  '- Bracelet of Armok: +3 on every attack\n'
  '- prisoners: +3 each on every attack of the battle\n'
  '- a strength potion before a round\n'
  '- life potions at any moment\n'
  '- one spell per battle: Paralysis, Double Attack, Super Strength, Curse, Escape and others',
  'Treasures can swing a hard fight:\n'
  '\n'
  '- Bracelet of Armok: +{battle.bracelet_bonus} on every attack\n'
  '- prisoners: +{battle.prisoner_bonus} each on every attack of the battle\n'
  '- a strength potion before a round\n'
  '- life potions at any moment\n'
  '- one spell per battle: Paralysis, Double Attack, Super Strength, Curse,\n'
  '  Escape and others\n',
  ('bonus', 'help', 'tip the balance', 'boost', 'stronger', 'losing battle', 'modifiers'),
  '000: Rules for battles; 001: Rules for battles'),
 ('hebrac.spell.paying', 'hebrac', 'Casting spells: paying with magic potions', 'Spells',
  'Spells are paid with magic potions (clubs 2-10) from your inventory. Each is worth its number '
  'in magic points, twice that with the Scepter.\n'
  '\n'
  'Add several together to reach a cost (3C + 5C = 8 for Teleport). You may pay more than the '
  'cost, but the surplus is lost. Spent potions go under the Hand Deck.\n'
  '\n'
  'companion picks the cheapest potions when you name none, and asks for --overpay when a named '
  'card is not needed. Spells bought by the unit: hebrac.ruling.unit-spells.',
  'Spells are paid with magic potions (clubs 2-10) from your inventory. Each\n'
  'is worth its number in magic points, twice that with the Scepter.\n'
  '\n'
  'Add several together to reach a cost (3C + 5C = 8 for Teleport). You may\n'
  'pay more than the cost, but the surplus is lost. Spent potions go under\n'
  'the Hand Deck.\n'
  '\n'
  'companion picks the cheapest potions when you name none, and asks for\n'
  '--overpay when a named card is not needed. Spells bought by the unit:\n'
  'hebrac.ruling.unit-spells.\n',
  ('cast', 'casting', 'magic', 'magic points', 'pay', 'combine', 'overpay', 'mana', 'change',
   'spells'),
  '000: Spells; 001: spell text (no heading)'),
 ('hebrac.spell.one-per-battle', 'hebrac', 'One spell per battle', 'Spells',
  'Some spells work any time, others only in set situations, but a single battle allows only one '
  'spell. companion counts per encounter (hebrac.ruling.one-spell-per-encounter).',
  'Some spells work any time, others only in set situations, but a single\n'
  'battle allows only one spell. companion counts per encounter\n'
  '(hebrac.ruling.one-spell-per-encounter).\n',
  ('one spell', 'two spells', 'second spell', 'limit', 'per battle', 'spell limit', 'again'),
  '000: Spells; 001: Rules for battles (reminder)'),
 ('hebrac.spell.list', 'hebrac', 'Spell list and costs', 'Spells',
  'Magic points each spell needs:\n'
  '\n'
  '- Remote Vision: 1 per chamber\n'
  '- Future Perception: 1 per card\n'
  '- Healing: 2 per life\n'
  '- Escape: 3\n'
  '- Illusion: 4\n'
  '- Paralysis: 4\n'
  '- Double Attack: 4\n'
  '- Super Strength: 5\n'
  '- Anti-Magic: 5\n'
  '- Stealing Spirit: 6\n'
  '- Body Switch: 7\n'
  '- Teleport: 8\n'
  '- Revelation: 9\n'
  '- Hell Bomb: 9\n'
  '- Curse: 10\n'
  '- Genie of Luck: 11\n'
  '- Stone Statue: 15\n'
  '- God Vision: 15',
  'Magic points each spell needs:\n\n{spells|costs}\n',
  ('spells', 'spell list', 'costs', 'all spells', 'magic points', 'how much', 'price of spell'),
  '000: Spells; 001: spell list'),
 ('hebrac.spell.remote-vision', 'hebrac', 'Remote Vision', 'Spells',
  '1 magic point per chamber. Look at the enemy of an unexplored chamber, then turn it face down '
  'again and remember it. Never the treasure. Each point is one chamber: a 3C shows three.\n'
  '\n'
  "When: any time; one unexplored chamber's enemy per point.",
  '{spells.remote-vision.cost} magic point per chamber. Look at the enemy of\n'
  'an unexplored chamber, then turn it face down again and remember it. Never\n'
  'the treasure. Each point is one chamber: a 3C shows three.\n'
  '\n'
  'When: {spells.remote-vision.timing}.\n',
  ('remote vision', 'peek', 'look', 'scout', 'see enemy', 'spy', 'spell'),
  '000: Spells > Remote Vision spell; 001: spell list'),
 ('hebrac.spell.future-perception', 'hebrac', 'Future Perception', 'Spells',
  '1 magic point per card. Look at that many cards from the top of the Hand Deck (a 4C: four '
  'cards). You may not change their order, and looking again needs a new casting.\n'
  '\n'
  'When: any time; one Hand Deck card per point.',
  '{spells.future-perception.cost} magic point per card. Look at that many\n'
  'cards from the top of the Hand Deck (a 4C: four cards). You may not change\n'
  'their order, and looking again needs a new casting.\n'
  '\n'
  'When: {spells.future-perception.timing}.\n',
  ('future perception', 'peek', 'top of deck', 'next cards', 'foresee', 'look ahead', 'spell'),
  '000: Spells > Future Perception spell; 001: spell list'),
 ('hebrac.spell.healing', 'hebrac', 'Healing', 'Spells',
  '2 magic points per life point regained, never above your maximum.\n'
  '\n'
  'When: any time; one life per 2 points, never above the maximum.',
  '{spells.healing.cost} magic points per life point regained, never above\n'
  'your maximum.\n'
  '\n'
  'When: {spells.healing.timing}.\n',
  ('healing', 'heal', 'cure', 'life', 'restore', 'spell'),
  '000: Spells > Healing spell; 001: spell list'),
 ('hebrac.spell.escape', 'hebrac', 'Escape', 'Spells',
  '3 magic points. Leave the chamber as soon as its enemy is turned up, or in the middle of a '
  'battle. Turn the enemy face down again: it is still there if you come back.\n'
  '\n'
  'When: once an enemy is turned up; not a black priestess, a merchant or Hebrac.',
  '{spells.escape.cost} magic points. Leave the chamber as soon as its enemy\n'
  'is turned up, or in the middle of a battle. Turn the enemy face down\n'
  'again: it is still there if you come back.\n'
  '\n'
  'When: {spells.escape.timing}.\n',
  ('escape', 'flee', 'run away', 'leave battle', 'retreat', 'get out', 'spell'),
  '000: Spells > Escape spell; 001: spell list'),
 ('hebrac.spell.illusion', 'hebrac', 'Illusion', 'Spells',
  '4 magic points, only while trading with an adventurer. He believes he got something fine and '
  'hands over his treasure for nothing. It fails if his treasure is an ace.\n'
  '\n'
  'When: while trading; not for an ace.',
  '{spells.illusion.cost} magic points, only while trading with an\n'
  'adventurer. He believes he got something fine and hands over his treasure\n'
  'for nothing. It fails if his treasure is an ace.\n'
  '\n'
  'When: {spells.illusion.timing}.\n',
  ('illusion', 'trick', 'fool', 'free trade', 'deceive', 'spell'),
  '000: Spells > Illusion spell; 001: spell list'),
 ('hebrac.spell.paralysis', 'hebrac', 'Paralysis', 'Spells',
  '4 magic points, in battle only. The enemy is frozen for the next 2 rounds: losing attacks in '
  'those rounds cost you no life.\n'
  '\n'
  'When: battle only; the next two rounds deal no damage.',
  '{spells.paralysis.cost} magic points, in battle only. The enemy is frozen\n'
  'for the next {battle.paralysis_rounds} rounds: losing attacks in those\n'
  'rounds cost you no life.\n'
  '\n'
  'When: {spells.paralysis.timing}.\n',
  ('paralysis', 'paralyse', 'paralyze', 'freeze', 'stun', 'no damage', 'spell'),
  '000: Spells > Paralysis spell; 001: spell list'),
 ('hebrac.spell.double-attack', 'hebrac', 'Double Attack', 'Spells',
  '4 magic points, in battle only, cast before a round. That round you turn two attack cards and '
  'add them together.\n'
  '\n'
  'When: battle only, before a round; that round takes two attack cards.',
  '{spells.double-attack.cost} magic points, in battle only, cast before a\n'
  'round. That round you turn two attack cards and add them together.\n'
  '\n'
  'When: {spells.double-attack.timing}.\n',
  ('double attack', 'two attack cards', 'twice', 'two cards', 'spell'),
  '000: Spells > Double Attack spell; 001: spell list'),
 ('hebrac.spell.super-strength', 'hebrac', 'Super Strength', 'Spells',
  '5 magic points. Every attack card you turn for the rest of this battle counts double.\n'
  '\n'
  'When: battle only; attack cards count double for the battle.',
  '{spells.super-strength.cost} magic points. Every attack card you turn for\n'
  'the rest of this battle counts double.\n'
  '\n'
  'When: {spells.super-strength.timing}.\n',
  ('super strength', 'double', 'doubled', 'strength', 'strong', 'spell'),
  '000: Spells > Super Strength spell; 001: spell list'),
 ('hebrac.spell.anti-magic', 'hebrac', 'Anti-Magic', 'Spells',
  '5 magic points. Until you leave the level no magic works against you:\n'
  '\n'
  '- magicians (clubs 2-10) must still be beaten, but lost rounds cost no life\n'
  '- black priestesses steal nothing (their theft is a Stealing Spirit)\n'
  '- white priestesses cannot heal you either\n'
  '\n'
  'Genies (kings) are too strong for it and work as usual.\n'
  '\n'
  'When: any time; until the level ends.',
  '{spells.anti-magic.cost} magic points. Until you leave the level no magic\n'
  'works against you:\n'
  '\n'
  '- magicians (clubs 2-10) must still be beaten, but lost rounds cost no life\n'
  '- black priestesses steal nothing (their theft is a Stealing Spirit)\n'
  '- white priestesses cannot heal you either\n'
  '\n'
  'Genies (kings) are too strong for it and work as usual.\n'
  '\n'
  'When: {spells.anti-magic.timing}.\n',
  ('anti-magic', 'antimagic', 'anti magic', 'magicians', 'protection', 'dispel', 'spell'),
  '000: Spells > Anti-Magic spell; 001: spell list'),
 ('hebrac.spell.stealing-spirit', 'hebrac', 'Stealing Spirit', 'Spells',
  "6 magic points. An Escape that grabs the chamber's treasure on the way out. The enemy stays: "
  'come back and you must face it again, treasure or not.\n'
  '\n'
  '- A robbed adventurer attacks you if you return.\n'
  '- Against a merchant it takes his ware for free, and he vanishes.\n'
  '\n'
  'When: as Escape, the treasure comes too; allowed against a merchant.',
  '{spells.stealing-spirit.cost} magic points. An Escape that grabs the\n'
  "chamber's treasure on the way out. The enemy stays: come back and you must\n"
  'face it again, treasure or not.\n'
  '\n'
  '- A robbed adventurer attacks you if you return.\n'
  '- Against a merchant it takes his ware for free, and he vanishes.\n'
  '\n'
  'When: {spells.stealing-spirit.timing}.\n',
  ('stealing spirit', 'steal', 'stealing', 'grab', 'thief', 'rob', 'take treasure', 'spell'),
  '000: Spells > Stealing Spirit spell; 001: spell list'),
 ('hebrac.spell.body-switch', 'hebrac', 'Body Switch', 'Spells',
  '7 magic points, any time, even in battle. Replace an enemy card with the top card of the Hand '
  'Deck. You may look at the new card; if the enemy it replaces is face down, lay it face down '
  'too.\n'
  '\n'
  'In battle the new card becomes your opponent, and no further spell may be cast until that '
  'fight ends (hebrac.ruling.body-switch).\n'
  '\n'
  "When: any time; an enemy is replaced by the Hand Deck's top card.",
  '{spells.body-switch.cost} magic points, any time, even in battle. Replace\n'
  'an enemy card with the top card of the Hand Deck. You may look at the new\n'
  'card; if the enemy it replaces is face down, lay it face down too.\n'
  '\n'
  'In battle the new card becomes your opponent, and no further spell may be\n'
  'cast until that fight ends (hebrac.ruling.body-switch).\n'
  '\n'
  'When: {spells.body-switch.timing}.\n',
  ('body switch', 'swap', 'replace enemy', 'switch', 'exchange', 'spell'),
  '000: Spells > Body Switch spell; 001: spell list'),
 ('hebrac.spell.teleport', 'hebrac', 'Teleport (Levitation)', 'Spells',
  '8 magic points. Go to any chamber of this level, or straight down to the next level. It works '
  'in battle too, though Escape is cheaper if you only want out, and not away from a merchant or '
  'Hebrac (hebrac.ruling.teleport-no-flee). An enemy waiting in the chamber reached is faced at '
  'once (hebrac.ruling.teleport-arrival).\n'
  '\n'
  'The 2005 text also calls it Levitation (hebrac.ruling.levitation).\n'
  '\n'
  'When: any time; to any chamber of the level, or to the next level.',
  '{spells.teleport.cost} magic points. Go to any chamber of this level, or\n'
  'straight down to the next level. It works in battle too, though Escape is\n'
  'cheaper if you only want out, and not away from a merchant or Hebrac\n'
  '(hebrac.ruling.teleport-no-flee). An enemy waiting in the chamber\n'
  'reached is faced at once (hebrac.ruling.teleport-arrival).\n'
  '\n'
  'The 2005 text also calls it Levitation (hebrac.ruling.levitation).\n'
  '\n'
  'When: {spells.teleport.timing}.\n',
  ('teleport', 'levitation', 'levitate', 'jump', 'next level', 'warp', 'spell'),
  '000: Spells > Teleport spell; 001: spell list'),
 ('hebrac.spell.revelation', 'hebrac', 'Revelation', 'Spells',
  '9 magic points. Turn up every enemy of this level and know what waits in each chamber. '
  'Treasures stay hidden (that takes God Vision).\n'
  '\n'
  'When: any time; every enemy of the level may be looked at.',
  '{spells.revelation.cost} magic points. Turn up every enemy of this level\n'
  'and know what waits in each chamber. Treasures stay hidden (that takes God\n'
  'Vision).\n'
  '\n'
  'When: {spells.revelation.timing}.\n',
  ('revelation', 'reveal', 'see all enemies', 'show enemies', 'map', 'spell'),
  '000: Spells > Revelation spell; 001: spell list'),
 ('hebrac.spell.hell-bomb', 'hebrac', 'Hell Bomb', 'Spells',
  '9 magic points. Fireballs wipe out the enemy of your chamber and those directly north, south, '
  'east and west of it: up to five. Their treasures are yours to pick up.\n'
  '\n'
  'Cast it in battle, or out of battle from a chamber you have already explored (walk there '
  'first).\n'
  '\n'
  'When: in battle, or from an explored chamber; this chamber and its N/S/E/W neighbours.',
  '{spells.hell-bomb.cost} magic points. Fireballs wipe out the enemy of your\n'
  'chamber and those directly north, south, east and west of it: up to five.\n'
  'Their treasures are yours to pick up.\n'
  '\n'
  'Cast it in battle, or out of battle from a chamber you have already\n'
  'explored (walk there first).\n'
  '\n'
  'When: {spells.hell-bomb.timing}.\n',
  ('hell bomb', 'bomb', 'fireball', 'explosion', 'area', 'kill five', 'spell'),
  '000: Spells > Hell Bomb spell; 001: spell list'),
 ('hebrac.spell.curse', 'hebrac', 'Curse', 'Spells',
  '10 magic points. Until you leave the level every enemy has half its life, rounded up (a 7 '
  'becomes 4, an adventurer 5).\n'
  '\n'
  'When: any time; enemy life halved (rounded up) until the level ends.',
  '{spells.curse.cost} magic points. Until you leave the level every enemy\n'
  'has half its life, rounded up (a 7 becomes 4, an adventurer 5).\n'
  '\n'
  'When: {spells.curse.timing}.\n',
  ('curse', 'halve', 'half life', 'weaken', 'round up', 'spell'),
  '000: Spells > Curse spell; 001: spell list'),
 ('hebrac.spell.genie-of-luck', 'hebrac', 'Genie of Luck (spell)', 'Spells',
  '11 magic points, any time, even in battle. The genie gives you 5 cards from the Hand Deck as '
  'treasures. (The king of diamonds, a different genie, gives 3.)\n'
  '\n'
  'When: any time; five Hand Deck cards into the inventory.',
  '{spells.genie-of-luck.cost} magic points, any time, even in battle. The\n'
  'genie gives you {spells.genie-of-luck.cards} cards from the Hand Deck as\n'
  'treasures. (The king of diamonds, a different genie, gives\n'
  '{treasure.genie_of_luck_cards}.)\n'
  '\n'
  'When: {spells.genie-of-luck.timing}.\n',
  ('genie of luck', 'genie', 'five cards', 'free treasures', 'luck', 'spell'),
  '000: Spells > Genie of Luck spell; 001: spell list'),
 ('hebrac.spell.stone-statue', 'hebrac', 'Stone Statue', 'Spells',
  '15 magic points, never in battle. Turn up to 6 enemies of this level to stone, any you like. '
  'Their treasures are only yours once you walk in.\n'
  '\n'
  'When: not in battle; up to six enemies of the level.',
  '{spells.stone-statue.cost} magic points, never in battle. Turn up to\n'
  '{spells.stone-statue.enemies} enemies of this level to stone, any you\n'
  'like. Their treasures are only yours once you walk in.\n'
  '\n'
  'When: {spells.stone-statue.timing}.\n',
  ('stone statue', 'stone', 'petrify', 'statue', 'six enemies', 'spell'),
  '000: Spells > Stone Statue spell; 001: spell list'),
 ('hebrac.spell.god-vision', 'hebrac', 'God Vision', 'Spells',
  '15 magic points. Revelation plus the treasures: look at every card of the level. Allowed any '
  'time, but in battle it would use up your one spell.\n'
  '\n'
  'When: any time; every enemy and treasure of the level may be looked at.',
  '{spells.god-vision.cost} magic points. Revelation plus the treasures:\n'
  'look at every card of the level. Allowed any time, but in battle it would\n'
  'use up your one spell.\n'
  '\n'
  'When: {spells.god-vision.timing}.\n',
  ('god vision', 'see everything', 'all cards', 'reveal treasures', 'omniscience', 'spell'),
  '000: Spells > God Vision spell; 001: spell list'),
 ('hebrac.trade.rules', 'hebrac', 'Trading with an adventurer',
  'Rules for trading with other adventurers',
  'Instead of fighting a jack you may turn up his treasure and bargain. From then on a good '
  'adventurer can no longer attack him or cast Stealing Spirit on him; you may still decline, and '
  'both cards go under the Hand Deck.\n'
  '\n'
  'Offer cards from your inventory worth at least his treasure, one card or several added up: 5C '
  'for a 5H, 2H + 4C for a 6S, an 8S for a 6C (paying more is allowed; the surplus is gone). With '
  'the Bag of Meres you pay nothing.\n'
  '\n'
  'Afterwards the jack and your offered cards go under the Hand Deck and his treasure is yours '
  '(queens, kings and jokers act at once).',
  'Instead of fighting a jack you may turn up his treasure and bargain. From\n'
  'then on a good adventurer can no longer attack him or cast Stealing Spirit\n'
  'on him; you may still decline, and both cards go under the Hand Deck.\n'
  '\n'
  'Offer cards from your inventory worth at least his treasure, one card or\n'
  'several added up: 5C for a 5H, 2H + 4C for a 6S, an 8S for a 6C (paying\n'
  'more is allowed; the surplus is gone). With the Bag of Meres you pay\n'
  'nothing.\n'
  '\n'
  'Afterwards the jack and your offered cards go under the Hand Deck and his\n'
  'treasure is yours (queens, kings and jokers act at once).\n',
  ('trade', 'trading', 'swap', 'exchange', 'barter', 'offer', 'deal', 'adventurer', 'jack'),
  '000: Rules for trading with other adventurers; 001: Rules for trading with other adventurers'),
 ('hebrac.trade.values', 'hebrac', 'Trade values', 'Rules for trading with other adventurers',
  'What his treasure is worth:\n'
  '\n'
  '- 2-10: its number\n'
  '- prisoner (jack): 8\n'
  '- white priestess (red queen): 9, she acts at once\n'
  '- genie (king): 10, he acts at once\n'
  "- joker: 2; choose at once whether to play Hebrac's game\n"
  '- ace: no trade, he keeps it\n'
  '- black queen: no trade, nobody wants her\n'
  '\n'
  'What your offered cards count: their number; an ace 12 and a jack 8 '
  '(hebrac.ruling.ace-trade-value).',
  'What his treasure is worth:\n'
  '\n'
  '- 2-10: its number\n'
  '- prisoner (jack): {trade.jack}\n'
  '- white priestess (red queen): {trade.red_queen}, she acts at once\n'
  '- genie (king): {trade.king}, he acts at once\n'
  "- joker: {trade.joker}; choose at once whether to play Hebrac's game\n"
  '- ace: no trade, he keeps it\n'
  '- black queen: no trade, nobody wants her\n'
  '\n'
  'What your offered cards count: their number; an ace {trade.offer_ace} and\n'
  'a jack {trade.offer_jack} (hebrac.ruling.ace-trade-value).\n',
  ('trade value', 'worth', 'value', 'how much is', 'ace trade', 'prisoner value', 'genie value'),
  '000: Rules for trading with other adventurers (special cases); 001: Rules for trading with '
  'other adventurers'),
 ('hebrac.theft.order', 'hebrac', 'Theft order: what a black priestess takes', 'Theft order',
  'Most valuable first. A priestess met as an enemy takes the first card of yours on this list; '
  'one found as a treasure takes the last. Prisoners (jacks) are never stolen.\n'
  '\n'
  '- 1-5: AD AH AC AS 10D\n'
  '- 6-10: 9D 8D 10H 9H 7D\n'
  '- 11-15: 10C 9C 10S 9S 8H\n'
  '- 16-20: 8C 6D 7H 8S 7C\n'
  '- 21-25: 7S 5D 6C 6H 6S\n'
  '- 26-30: 5H 5C 5S 4D 4H\n'
  '- 31-35: 4C 3D 2D 3H 2H\n'
  '- 36-40: 3C 2C 4S 3S 2S',
  'Most valuable first. A priestess met as an enemy takes the first card of\n'
  'yours on this list; one found as a treasure takes the last. Prisoners\n'
  '(jacks) are never stolen.\n'
  '\n'
  '{theft.order|ranked}\n',
  ('theft order', 'steal order', 'most valuable', 'least valuable', 'value list',
   'which card is stolen', 'priority', 'thief'),
  '000: Value of treasure cards (black priestess list); 001: Value of treasure cards (black '
  'priestess list)'),
 ('hebrac.strategy', 'hebrac', 'Tips', 'Strategies',
  '- Keep strength potions for strong enemies.\n'
  '- Saving magic for Revelation or God Vision keeps you out of trouble, but every spell earns '
  'its keep; using them all is more fun.\n'
  '- Avoid trading while your inventory is thin, above all when you cannot offer a fair match.',
  '- Keep strength potions for strong enemies.\n'
  '- Saving magic for Revelation or God Vision keeps you out of trouble, but\n'
  '  every spell earns its keep; using them all is more fun.\n'
  '- Avoid trading while your inventory is thin, above all when you cannot\n'
  '  offer a fair match.\n',
  ('strategy', 'tips', 'advice', 'hints', 'how to win', 'good idea'),
  '000: Strategies; 001: tips (no heading)'),
 ('hebrac.variant.chambers', 'hebrac', 'Variant: bigger levels', 'Game variations',
  'A level may have more than 12 chambers (--chambers, a multiple of 3: hebrac.ruling.chambers). '
  'Fewer would make the game too easy.',
  'A level may have more than {setup.min_chambers} chambers (--chambers, a\n'
  'multiple of {setup.rows}: hebrac.ruling.chambers). Fewer would make the\n'
  'game too easy.\n',
  ('variant', 'more chambers', 'bigger', 'level size', 'chambers', '12 chambers'),
  '000: Game variations; 001: Game variations'),
 ('hebrac.variant.inventory-limit', 'hebrac', 'Variant: an inventory limit (harder)',
  'Game variations',
  'Cap the number of treasures you may hold (--inventory-limit N). At the limit you must drop a '
  'treasure to make room for a new one. companion counts what you would hold once the action is '
  "done: potions or gems given for it make room first, and every card won counts, Hebrac's prize "
  "and a genie's cards included; an action that would pass the limit is refused whole.",
  'Cap the number of treasures you may hold (--inventory-limit N). At the\n'
  'limit you must drop a treasure to make room for a new one. companion\n'
  'counts what you would hold once the action is done: potions or gems\n'
  "given for it make room first, and every card won counts, Hebrac's prize\n"
  "and a genie's cards included; an action that would pass the limit is\n"
  'refused whole.\n',
  ('variant', 'inventory limit', 'limit', 'full', 'harder', 'difficulty', 'max items', 'capacity'),
  '000: Game variations; 001: Game variations'),
 ('hebrac.variant.late-potions', 'hebrac', 'Variant: strength potions after the attack (easier)',
  'Game variations',
  'With --late-potions you may drink a strength potion after a losing attack card, to make up the '
  "points you lacked. Not logical, but fun. In companion: 'potion CARD' right after a lost round "
  '(hebrac.ruling.late-potions).',
  'With --late-potions you may drink a strength potion after a losing attack\n'
  'card, to make up the points you lacked. Not logical, but fun. In companion:\n'
  "'potion CARD' right after a lost round (hebrac.ruling.late-potions).\n",
  ('variant', 'late potion', 'after attack', 'easier', 'strength potion', 'afterwards'),
  '000: Game variations; 001: Game variations'),
 ('hebrac.variant.alignment', 'hebrac', 'Variant: good or evil alignment', 'Game variations',
  'Pick an alignment when the game starts and keep it to the end.\n'
  '\n'
  "- Good (default): once an adventurer's treasure is turned up for a trade, you may not attack "
  'him or cast Stealing Spirit on him.\n'
  '- Evil (--evil): you may fake a trade, look at his treasure, then attack or steal if it is '
  'worth having.',
  'Pick an alignment when the game starts and keep it to the end.\n'
  '\n'
  "- Good (default): once an adventurer's treasure is turned up for a trade,\n"
  '  you may not attack him or cast Stealing Spirit on him.\n'
  '- Evil (--evil): you may fake a trade, look at his treasure, then attack\n'
  '  or steal if it is worth having.\n',
  ('variant', 'evil', 'good', 'alignment', 'fake trade', 'attack after reveal', 'cheat'),
  '000: Game variations; 001: Game variations'),
 ('hebrac.variant.life', 'hebrac', 'Variant: more or fewer life points', 'Game variations',
  'The simplest difficulty dial: start with more or fewer life points (--life). 15 is medium.',
  'The simplest difficulty dial: start with more or fewer life points\n'
  '(--life). {setup.life} is medium.\n',
  ('variant', 'difficulty', 'easier', 'harder', 'life points', 'starting life'),
  '000: Game variations; 001: Game variations'),
 ('hebrac.revisions', 'hebrac', 'The two rule texts: 2005 and classic', 'Game variations',
  'companion knows two texts of the rules: the revision of 4 July 2005 (the default) and an '
  'older, shorter one (--rules classic). They share every number. In play they differ only in '
  "when you may leave a level. Details: 'companion rules hebrac --diff'.",
  'companion knows two texts of the rules: the revision of 4 July 2005 (the\n'
  'default) and an older, shorter one (--rules classic). They share every\n'
  'number. In play they differ only in when you may leave a level. Details:\n'
  "'companion rules hebrac --diff'.\n",
  ('revision', 'version', 'classic', '2005', 'difference', 'old rules', 'edition', 'diff'),
  '000: whole text; 001: whole text'),
 ('hebrac.credits', 'hebrac', 'Author', 'Introduction',
  "Hebrac's Dungeon, the card RPG for one player, was invented by Luc Miron. The 2005 text is "
  'dated 4 July 2005.',
  "Hebrac's Dungeon, the card RPG for one player, was invented by Luc Miron.\n"
  'The 2005 text is dated 4 July 2005.\n',
  ('author', 'credits', 'designer', 'luc miron', 'who made'),
  '000: title and footer; 001: title'),
 ('hebrac.ruling.levitation', 'hebrac', 'Ruling: Levitation is Teleport', 'Rulings',
  'Both texts mention a Levitation spell of 8 points that the spell list lacks; the 8-point spell '
  'on the list is Teleport. companion treats Levitation as another name for Teleport (8 points) '
  "and accepts 'cast levitation'.",
  'Both texts mention a Levitation spell of 8 points that the spell list\n'
  'lacks; the 8-point spell on the list is Teleport. companion treats\n'
  'Levitation as another name for Teleport ({spells.teleport.cost} points)\n'
  "and accepts 'cast levitation'.\n",
  ('ruling', 'levitation', 'levitate', 'teleport', 'slip', 'missing spell', '8 points'),
  '000: Spells; 001: spell text'),
 ('hebrac.ruling.strength-potion-example', 'hebrac', 'Ruling: the strength-potion example',
  'Rulings',
  "The 2005 example drinks a potion of '4 magic points (a 4 of clubs)' before a 6H for 10. "
  'Strength potions are spades, so companion reads it as a 4S; clubs always stay magic potions.',
  "The 2005 example drinks a potion of '4 magic points (a 4 of clubs)' before\n"
  'a 6H for 10. Strength potions are spades, so companion reads it as a 4S;\n'
  'clubs always stay magic potions.\n',
  ('ruling', 'strength potion', 'example', '4 of clubs', 'slip', 'typo', 'spades'),
  '000: Treasure cards > 2 to 10 of spades'),
 ('hebrac.ruling.ace-trade-value', 'hebrac', 'Ruling: what an ace or jack counts when offered',
  'Rulings',
  'The texts give values for what an adventurer holds, not for what you offer. companion counts '
  'your offered ace as its price, 12 (change with --ace-offer-value), and your offered jack as a '
  'prisoner, 8. Other cards count their number.',
  'The texts give values for what an adventurer holds, not for what you\n'
  'offer. companion counts your offered ace as its price, {trade.offer_ace}\n'
  '(change with --ace-offer-value), and your offered jack as a prisoner,\n'
  '{trade.offer_jack}. Other cards count their number.\n',
  ('ruling', 'ace', 'offer', 'trade value', 'ace value', 'jack value', 'setting'),
  '000: Rules for trading with other adventurers'),
 ('hebrac.ruling.anti-magic-priestesses', 'hebrac', 'Ruling: Anti-Magic and priestesses',
  'Rulings',
  'Under Anti-Magic a white priestess heals no one, whether met as an enemy or found as a '
  'treasure, and a black priestess steals nothing, as enemy or as treasure. The cards simply go '
  "under the Hand Deck; the chamber's treasure is still yours to take.",
  'Under Anti-Magic a white priestess heals no one, whether met as an enemy\n'
  'or found as a treasure, and a black priestess steals nothing, as enemy or\n'
  "as treasure. The cards simply go under the Hand Deck; the chamber's\n"
  'treasure is still yours to take.\n',
  ('ruling', 'anti-magic', 'priestess', 'heal', 'steal', 'queen', 'no effect'),
  '000: Spells > Anti-Magic spell'),
 ('hebrac.ruling.escape-after-reveal', 'hebrac',
  'Ruling: Escape after an adventurer shows his treasure', 'Rulings',
  "Turning up an adventurer's treasure bars only attacking him and Stealing Spirit. Escape (and "
  'other spells that fit) stay allowed.',
  "Turning up an adventurer's treasure bars only attacking him and Stealing\n"
  'Spirit. Escape (and other spells that fit) stay allowed.\n',
  ('ruling', 'escape', 'adventurer', 'reveal', 'trade', 'after reveal'),
  '000: Rules for trading with other adventurers'),
 ('hebrac.ruling.one-spell-per-encounter', 'hebrac', 'Ruling: one spell per encounter', 'Rulings',
  'The limit of one spell per battle covers the whole encounter with an adventurer too: a spell '
  'cast while bargaining counts, and a fight that follows allows no second one. Out of encounters '
  'you may cast freely.',
  'The limit of one spell per battle covers the whole encounter with an\n'
  'adventurer too: a spell cast while bargaining counts, and a fight that\n'
  'follows allows no second one. Out of encounters you may cast freely.\n',
  ('ruling', 'one spell', 'encounter', 'battle', 'trade', 'adventurer', 'second spell'),
  '000: Spells'),
 ('hebrac.ruling.white-priestess-no-spells', 'hebrac',
  'Ruling: no spells before a white priestess', 'Rulings',
  "'No spell on her' is read broadly: while a white priestess waits for your choice you may cast "
  'no spell at all. Choose, then cast.',
  "'No spell on her' is read broadly: while a white priestess waits for your\n"
  'choice you may cast no spell at all. Choose, then cast.\n',
  ('ruling', 'white priestess', 'red queen', 'no spell', 'cast', 'priestess'),
  '000: Enemy cards > Red queens'),
 ('hebrac.ruling.body-switch', 'hebrac', 'Ruling: Body Switch during an encounter', 'Rulings',
  'Switched during an encounter, the new card is met as if you had just turned it up: a black '
  'queen steals at once, an ace leaves the chamber empty, a merchant offers his ware, and so on. '
  'Called prisoners leave with the old enemy.',
  'Switched during an encounter, the new card is met as if you had just\n'
  'turned it up: a black queen steals at once, an ace leaves the chamber\n'
  'empty, a merchant offers his ware, and so on. Called prisoners leave with\n'
  'the old enemy.\n',
  ('ruling', 'body switch', 'new enemy', 'replace', 'encounter'),
  '000: Spells > Body Switch spell'),
 ('hebrac.ruling.genie-kings', 'hebrac', 'Ruling: kings drawn by genies or won from Hebrac',
  'Rulings',
  'A king drawn for a Genie of Luck (the KD or the spell) is lost and does nothing. A king picked '
  "as the prize of Hebrac's game acts as a genie at once. Queens and jokers drawn by either genie "
  'act as they would as treasures.',
  'A king drawn for a Genie of Luck (the KD or the spell) is lost and does\n'
  "nothing. A king picked as the prize of Hebrac's game acts as a genie\n"
  'at once. Queens and jokers drawn by either genie act as they would as\n'
  'treasures.\n',
  ('ruling', 'king', 'genie', 'lost', 'prize', 'genie of luck', 'draws a king', "hebrac's game"),
  '000: Treasure cards > King of diamonds, Joker'),
 ('hebrac.ruling.genie-of-death', 'hebrac', 'Ruling: Genie of Death with few enemies left',
  'Rulings',
  'The genie removes 3 enemies, or all those left in unvisited chambers if there are fewer. '
  'companion asks for exactly that many chambers, and takes them all by itself when no more than '
  "3 are left ('take KS').",
  'The genie removes {treasure.genie_of_death_enemies} enemies, or all those\n'
  'left in unvisited chambers if there are fewer. companion asks for exactly\n'
  'that many chambers, and takes them all by itself when no more than\n'
  "{treasure.genie_of_death_enemies} are left ('take KS').\n",
  ('ruling', 'genie of death', 'king of spades', 'fewer', 'unvisited', 'three enemies'),
  '000: Treasure cards > King of spades'),
 ('hebrac.ruling.unit-spells', 'hebrac', 'Ruling: spells bought by the unit', 'Rulings',
  'Healing, Remote Vision and Future Perception are paid per unit, so the points paid buy as many '
  'units as they cover and can be used: life up to your maximum, enemies not yet known, Hand Deck '
  'cards not yet seen. A lone 7C heals 3 (6 points); the odd point is lost, since a card cannot '
  "be split. When a whole unit's worth or more would be lost, companion refuses and says why: "
  'choose other potions (--with), a count (--count), or accept the loss (--overpay). Naming both '
  '--with and --count casts exactly that.',
  'Healing, Remote Vision and Future Perception are paid per unit, so the\n'
  'points paid buy as many units as they cover and can be used: life up to\n'
  'your maximum, enemies not yet known, Hand Deck cards not yet seen. A lone\n'
  '7C heals 3 (6 points); the odd point is lost, since a card cannot be\n'
  "split. When a whole unit's worth or more would be lost, companion refuses\n"
  'and says why: choose other potions (--with), a count (--count), or accept\n'
  'the loss (--overpay). Naming both --with and --count casts exactly that.\n',
  ('ruling', 'healing', 'remote vision', 'future perception', 'per point', 'unit', 'waste',
   'overpay', 'lost points', 'count'),
  '000: Spells'),
 ('hebrac.ruling.late-potions', 'hebrac', 'Ruling: how a late potion changes a round', 'Rulings',
  "With the late-potions variant, 'potion CARD' right after a lost round adds the potion to that "
  "round's attack and settles it again: the life lost is recomputed, and if the total now reaches "
  "the enemy's life the battle is won. The life the potion saves is given back to your life of "
  'now (a life potion drunk since the round still counts), never above the maximum as it is then '
  '(the Ruby dropped meanwhile lowers it). A round that dealt no damage (Paralysis, Anti-Magic) '
  'was lost all the same and may be completed. One potion per lost round.',
  "With the late-potions variant, 'potion CARD' right after a lost round adds\n"
  "the potion to that round's attack and settles it again: the life lost is\n"
  "recomputed, and if the total now reaches the enemy's life the battle is\n"
  'won. The life the potion saves is given back to your life of now (a life\n'
  'potion drunk since the round still counts), never above the maximum as\n'
  'it is then (the Ruby dropped meanwhile lowers it). A round that dealt no\n'
  'damage (Paralysis, Anti-Magic) was lost all the same and may be\n'
  'completed. One potion per lost round.\n',
  ('ruling', 'late potion', 'recompute', 'after attack', 'variant'), '000: Game variations'),
 ('hebrac.ruling.spell-count', 'hebrac', 'Ruling: how many chambers, cards or lives a spell buys',
  'Rulings',
  'Remote Vision, Future Perception and Healing are bought per unit. --count N buys N units. '
  'Without it, naming the potions (--with) buys as many units as they cover (points paid divided '
  'by the unit cost, rounded down); naming neither buys one, paid with the cheapest potions.',
  'Remote Vision, Future Perception and Healing are bought per unit.\n'
  '--count N buys N units. Without it, naming the potions (--with) buys as\n'
  'many units as they cover (points paid divided by the unit cost, rounded\n'
  'down); naming neither buys one, paid with the cheapest potions.\n',
  ('ruling', 'count', 'how many', 'remote vision', 'future perception', 'healing', 'per point'),
  '000: Spells > Remote Vision, Future Perception, Healing'),
 ('hebrac.ruling.max-life', 'hebrac', 'Ruling: computing the maximum life', 'Rulings',
  'Maximum life = starting life, +5 while the Ruby of Gaza is held, +2 per Genie of Life ever '
  'used. When the maximum drops (the Ruby stolen or dropped), life above it is lost.',
  'Maximum life = starting life, +{treasure.ruby_max_life} while the Ruby of\n'
  'Gaza is held, +{treasure.genie_of_life_max_life} per Genie of Life ever\n'
  'used. When the maximum drops (the Ruby stolen or dropped), life above it\n'
  'is lost.\n',
  ('ruling', 'max life', 'maximum', 'ruby', 'genie of life', 'lose ruby'),
  '000: Preparation of the game; Treasure cards > Ace of hearts, King of hearts'),
 ('hebrac.ruling.card-count', 'hebrac', 'Ruling: more copies than the decks hold', 'Rulings',
  'companion tracks the cards it knows to be out of the Hand Deck (in your inventory or face up '
  'on the table). A card that would be out more times than --decks (or --jokers) allows is '
  'refused as a probable typo.',
  'companion tracks the cards it knows to be out of the Hand Deck (in your\n'
  'inventory or face up on the table). A card that would be out more times\n'
  'than --decks (or --jokers) allows is refused as a probable typo.\n',
  ('ruling', 'copies', 'typo', 'too many', 'card count', 'decks', 'refused'),
  '000: Required material'),
 ('hebrac.ruling.chambers', 'hebrac', 'Ruling: chambers come in three rows', 'Rulings',
  'The layout is 3 rows (A to C), so --chambers must be a multiple of 3, at least 12: 15 chambers '
  'make columns 1 to 5.',
  'The layout is {setup.rows} rows (A to C), so --chambers must be a multiple\n'
  'of {setup.rows}, at least {setup.min_chambers}: 15 chambers make columns 1\n'
  'to 5.\n',
  ('ruling', 'chambers', 'rows', 'multiple of 3', 'grid', 'bigger levels'),
  '000: Preparation of the game; Game variations'),
 ('hebrac.ruling.adjacent', 'hebrac', 'Ruling: next to means sharing a side', 'Rulings',
  "The texts do not say whether diagonal chambers count as neighbours. Like Hell Bomb's north, "
  'south, east and west, companion counts only chambers that share a side.',
  'The texts do not say whether diagonal chambers count as neighbours. Like\n'
  "Hell Bomb's north, south, east and west, companion counts only chambers\n"
  'that share a side.\n',
  ('ruling', 'adjacent', 'diagonal', 'next to', 'neighbour', 'move'),
  '000: Main rules; Spells > Hell Bomb spell'),
 ('hebrac.ruling.half-cleared', 'hebrac', 'Ruling: what half the chambers means', 'Rulings',
  'Under the 2005 rules you may go down when at least half the chambers are cleared, rounding up: '
  '6 of 12, 8 of 15. A chamber is cleared when its enemy is gone and its treasure is taken or '
  'lost.',
  'Under the 2005 rules you may go down when at least half the chambers are\n'
  'cleared, rounding up: 6 of 12, 8 of 15. A chamber is cleared when its\n'
  'enemy is gone and its treasure is taken or lost.\n',
  ('ruling', 'half', 'next level', 'cleared', 'odd', 'how many chambers'),
  '000: Main rules (NOTES)'),
 ('hebrac.ruling.joker-colour', 'hebrac', "Ruling: a joker turned for Hebrac's game", 'Rulings',
  "A joker is neither red nor black. If one comes up when you turn a card for Hebrac's game, turn "
  'the next card instead.',
  'A joker is neither red nor black. If one comes up when you turn a card for\n'
  "Hebrac's game, turn the next card instead.\n",
  ('ruling', 'joker', 'colour', 'color', "hebrac's game", 'neither red nor black'),
  '000: Enemy cards > Joker'),
 ('hebrac.ruling.leftover-cards', 'hebrac', 'Ruling: cards left behind on a level', 'Rulings',
  'When you leave a level early, the enemies and treasures still on the table go under the Hand '
  'Deck, like any used card.',
  'When you leave a level early, the enemies and treasures still on the\n'
  'table go under the Hand Deck, like any used card.\n',
  ('ruling', 'leftover', 'next level', 'remaining cards', 'left on table'), '000: Main rules'),
 ('hebrac.ruling.queens-from-genie', 'hebrac', 'Ruling: where queens drawn by a genie go',
  'Rulings',
  'The text sends queens drawn by a Genie of Luck back into the Hand Deck after they act; '
  'companion puts them under it, like every used card.',
  'The text sends queens drawn by a Genie of Luck back into the Hand Deck\n'
  'after they act; companion puts them under it, like every used card.\n',
  ('ruling', 'queen', 'genie of luck', 'back into deck', 'under'),
  '000: Treasure cards > King of diamonds'),
 ('hebrac.ruling.several-prisoners', 'hebrac', 'Ruling: several prisoners in one battle',
  'Rulings',
  'You may call more than one prisoner into the same battle; each adds +3 to every attack and '
  'each leaves when it ends.',
  'You may call more than one prisoner into the same battle; each adds\n'
  '+{battle.prisoner_bonus} to every attack and each leaves when it ends.\n',
  ('ruling', 'prisoners', 'two prisoners', 'several', 'stack', 'bonus'),
  '000: Treasure cards > Jacks: Prisoners'),
 ('hebrac.ruling.super-strength-bonuses', 'hebrac', 'Ruling: what Super Strength doubles',
  'Rulings',
  'Only the attack cards are doubled. The Bracelet, prisoners and a strength potion are added '
  'afterwards, undoubled.',
  'Only the attack cards are doubled. The Bracelet, prisoners and a strength\n'
  'potion are added afterwards, undoubled.\n',
  ('ruling', 'super strength', 'double', 'bracelet', 'potion', 'bonus', 'order'),
  '000: Spells > Super Strength spell'),
 ('hebrac.ruling.jokers-default', 'hebrac', 'Ruling: how many jokers', 'Rulings',
  'The rules welcome any number of jokers, none included. companion assumes 4, two for each of '
  'two decks; set --jokers to the number you shuffled in, 0 for none.',
  'The rules welcome any number of jokers, none included. companion assumes\n'
  '{setup.jokers}, two for each of two decks; set --jokers to the number you\n'
  'shuffled in, 0 for none.\n',
  ('ruling', 'jokers', 'how many jokers', 'default', 'setting'), '000: Required material'),
 ('hebrac.ruling.hell-bomb-position', 'hebrac', 'Ruling: where Hell Bomb may be cast', 'Rulings',
  'Out of battle Hell Bomb is cast from the chamber you stand in, which must be one you have '
  "entered, or the one Teleport put you in; use 'move' to walk to a cleared chamber first. In the "
  'middle of an encounter other than a battle it is refused.',
  'Out of battle Hell Bomb is cast from the chamber you stand in, which must\n'
  "be one you have entered, or the one Teleport put you in; use 'move' to\n"
  'walk to a cleared chamber first.\n'
  'In the middle of an encounter other than a battle it is refused.\n',
  ('ruling', 'hell bomb', 'position', 'empty chamber', 'explored', 'out of battle'),
  '000: Spells > Hell Bomb spell'),
 ('hebrac.ruling.genie-bought', 'hebrac', 'Ruling: a genie bought, traded for or stolen',
  'Rulings',
  "A king is sold and traded like any treasure, and the genie acts at once. 'buy' (or 'offer', or "
  "Stealing Spirit) clears the chamber; the Genie of Luck then waits for the next action, 'take "
  "KD CARD CARD CARD', which nothing else may come before. So does the Genie of Death, 'take KS "
  "CHAMBER...', while more than 3 unvisited chambers still hold their enemy; with 3 or fewer "
  'there is nothing to choose and it takes them on the same line. The Genie of Life and of '
  'Destiny act on the same line too.',
  'A king is sold and traded like any treasure, and the genie acts at once.\n'
  "'buy' (or 'offer', or Stealing Spirit) clears the chamber; the Genie of\n"
  "Luck then waits for the next action, 'take KD CARD CARD CARD', which\n"
  "nothing else may come before. So does the Genie of Death, 'take KS\n"
  "CHAMBER...', while more than {treasure.genie_of_death_enemies} unvisited\n"
  'chambers still hold their enemy; with {treasure.genie_of_death_enemies} or fewer there is '
  'nothing\n'
  'to choose and it takes them on the same line. The Genie of Life and of\n'
  'Destiny act on the same line too.\n',
  ('ruling', 'genie', 'king', 'buy a king', 'trade for a king', 'merchant', 'acts at once',
   'genie of death', 'genie of luck'),
  '000: Enemy cards > Kings; Rules for trading with other adventurers (special cases)'),
 ('hebrac.ruling.genie-of-luck', 'hebrac', "Ruling: the Genie of Luck's cards, in order",
  'Rulings',
  'The three cards act one by one in the order you type them: a black priestess among them may '
  'steal a card drawn just before her. All three are added even when one of them completes the '
  "four aces. Each joker among them is a game of Hebrac's of its own, played or refused in turn.",
  'The three cards act one by one in the order you type them: a black\n'
  'priestess among them may steal a card drawn just before her. All three\n'
  'are added even when one of them completes the four aces. Each joker among\n'
  "them is a game of Hebrac's of its own, played or refused in turn.\n",
  ('ruling', 'genie of luck', 'order', 'black queen', 'steals', 'four aces', 'two jokers',
   'in turn'),
  '000: Treasure cards > King of diamonds'),
 ('hebrac.ruling.bag-partial', 'hebrac', 'Ruling: the Bag of Meres and an offer that falls short',
  'Rulings',
  'The Bag pays for trades as for purchases. If you offer cards (or pay gems) worth less than the '
  "price while holding it, the Bag adds the rest: 'offer 2S' for a 5C reads 2 + 3 from the Bag = "
  '5, and the 2S is given away (--bag-partial covers, the default). With --bag-partial refused '
  "the Bag pays only for a bare 'offer' or 'buy', and a short offer is refused.",
  'The Bag pays for trades as for purchases. If you offer cards (or pay\n'
  'gems) worth less than the price while holding it, the Bag adds the rest:\n'
  "'offer 2S' for a 5C reads 2 + 3 from the Bag = 5, and the 2S is given\n"
  'away (--bag-partial covers, the default). With --bag-partial refused\n'
  "the Bag pays only for a bare 'offer' or 'buy', and a short offer is\n"
  'refused.\n',
  ('ruling', 'bag of meres', 'partial', 'short', 'offer', 'top up', 'rest', 'setting',
   'bag-partial'),
  '000: Treasure cards > Ace of diamonds'),
 ('hebrac.ruling.adventurer-battle-spells', 'hebrac',
  'Ruling: battle spells against an adventurer', 'Rulings',
  'An adventurer may be traded with, so meeting one is not yet a battle: it starts with your '
  "first 'attack'. Paralysis, Double Attack and Super Strength are refused before it.",
  'An adventurer may be traded with, so meeting one is not yet a battle: it\n'
  "starts with your first 'attack'. Paralysis, Double Attack and Super\n"
  'Strength are refused before it.\n',
  ('ruling', 'adventurer', 'jack', 'paralysis', 'double attack', 'super strength', 'before attack',
   'battle only'),
  '000: Enemy cards > Jacks; Spells'),
 ('hebrac.ruling.merchant-unseen', 'hebrac', 'Ruling: refusing a merchant unseen', 'Rulings',
  "You may 'refuse' a merchant before turning up his ware. Both cards go under the Hand Deck, the "
  'treasure unseen, and the chamber is cleared.',
  "You may 'refuse' a merchant before turning up his ware. Both cards go\n"
  'under the Hand Deck, the treasure unseen, and the chamber is cleared.\n',
  ('ruling', 'merchant', 'refuse', 'before reveal', 'unseen', 'king', 'walk away'),
  '000: Enemy cards > Kings'),
 ('hebrac.ruling.merchant-no-sale', 'hebrac', 'Ruling: a merchant with nothing to sell', 'Rulings',
  "When a merchant's ware turns out to be gems or a black queen, nothing can be bought. If "
  'Stealing Spirit could still be cast (6 magic points, its timing allowed), the encounter stays '
  "open and companion says so: 'cast stealing-spirit CARD' takes the ware, 'refuse' sends both "
  'cards under the Hand Deck. Only when leaving is the one thing left (too few magic points) does '
  "the merchant go at 'reveal', the chamber cleared, and the line says why no spell can take it. "
  'Games of the second edition let him go at once in every case.',
  "When a merchant's ware turns out to be gems or a black queen, nothing can\n"
  'be bought. If Stealing Spirit could still be cast ({spells.stealing-spirit.cost}\n'
  'magic points, its timing allowed), the encounter stays open and companion\n'
  "says so: 'cast stealing-spirit CARD' takes the ware, 'refuse' sends both\n"
  'cards under the Hand Deck. Only when leaving is the one thing left (too\n'
  "few magic points) does the merchant go at 'reveal', the chamber cleared,\n"
  'and the line says why no spell can take it. Games of the second edition\n'
  'let him go at once in every case.\n',
  ('ruling', 'merchant', 'king', 'gems', 'diamonds', 'black queen', 'no sale', 'leaves',
   'sold out', 'nothing to sell'),
  '000: Enemy cards > Kings (special cases)'),
 ('hebrac.ruling.refuse-after-no-sale', 'hebrac', "Ruling: 'refuse' after a merchant has gone",
  'Rulings',
  "A 'refuse' typed right after a merchant left by himself at 'reveal' does nothing and is "
  'accepted, so players used to typing it (and games saved when it was needed) are not stopped. A '
  'second one is refused: there is nothing left to refuse.',
  "A 'refuse' typed right after a merchant left by himself at 'reveal' does\n"
  'nothing and is accepted, so players used to typing it (and games saved\n'
  'when it was needed) are not stopped. A second one is refused: there is\n'
  'nothing left to refuse.\n',
  ('ruling', 'merchant', 'refuse', 'already gone', 'no-op', 'nothing to sell', 'old habit'),
  '000: Enemy cards > Kings (special cases)'),
 ('hebrac.ruling.teleport-arrival', 'hebrac', 'Ruling: arriving by Teleport', 'Rulings',
  'Teleport puts you inside the chamber you name: the map shows you there and Hell Bomb goes off '
  'around it. If its enemy is still there, face down, you face it the moment you arrive: type '
  "'enter CHAMBER CARD' with the card you turn up ('enter CHAMBER' if it is known already). "
  "Entering another chamber, walking away with 'move' or going down with 'next-level' is refused "
  'until then, as no one may flee an enemy card once it is turned up. Spells may still be cast '
  "first. Games of an earlier edition keep accepting another 'enter', which drops the Teleport.",
  'Teleport puts you inside the chamber you name: the map shows you there\n'
  'and Hell Bomb goes off around it. If its enemy is still\n'
  "there, face down, you face it the moment you arrive: type 'enter CHAMBER\n"
  "CARD' with the card you turn up ('enter CHAMBER' if it is known already).\n"
  "Entering another chamber, walking away with 'move' or going down with\n"
  "'next-level' is refused until then, as no one may flee an enemy card once\n"
  'it is turned up. Spells may still be cast first. Games of an earlier\n'
  "edition keep accepting another 'enter', which drops the Teleport.\n",
  ('ruling', 'teleport', 'unexplored', 'arrive', 'enter', 'cannot flee', 'another chamber',
   'target'),
  '000: Main rules > Enemy cards; Spells > Teleport spell'),
 ('hebrac.ruling.teleport-no-flee', 'hebrac', 'Ruling: no Teleport away from a merchant or Hebrac',
  'Rulings',
  'Once an enemy card is turned up nobody may run from it, the main rules say, except by Escape '
  'or Stealing Spirit; Teleport is allowed in the middle of a battle. companion reads Teleport as '
  'a dearer Escape: it takes you away wherever Escape would, and is refused wherever Escape is, '
  'so not in front of a merchant, his ware shown or not, nor of Hebrac or during his game. Deal '
  "with them first ('buy', 'refuse', 'play'). Stealing Spirit still works on a merchant.",
  'Once an enemy card is turned up nobody may run from it, the main rules\n'
  'say, except by Escape or Stealing Spirit; Teleport is allowed in the\n'
  'middle of a battle. companion reads Teleport as a dearer Escape: it\n'
  'takes you away wherever Escape would, and is refused wherever Escape is,\n'
  'so not in front of a merchant, his ware shown or not, nor of Hebrac\n'
  "or during his game. Deal with them first ('buy', 'refuse', 'play').\n"
  'Stealing Spirit still works on a merchant.\n',
  ('ruling', 'teleport', 'escape', 'flee', 'merchant', 'hebrac', 'joker', 'sale', 'cannot flee',
   'in battle'),
  '000: Main rules > Enemy cards; Spells > Escape spell, Teleport spell'),
 ('hebrac.ruling.illusion-black-queen', 'hebrac', 'Ruling: Illusion against a black queen',
  'Rulings',
  "Illusion takes an adventurer's treasure whatever it is, and names the ace as its one "
  'exception; yet a black queen can never be traded for. Both readings hold up, so it is a '
  'setting. With --illusion-black-queen refused (the default) Illusion works only on what could '
  'be traded for. With --illusion-black-queen allowed it takes the black queen too, who then '
  'steals your least valuable treasure at once, as any black queen found.',
  "Illusion takes an adventurer's treasure whatever it is, and names the ace\n"
  'as its one exception; yet a black queen can never be traded for. Both\n'
  'readings hold up, so it is a setting. With --illusion-black-queen refused\n'
  '(the default) Illusion works only on what could be traded for. With\n'
  '--illusion-black-queen allowed it takes the black queen too, who then\n'
  'steals your least valuable treasure at once, as any black queen found.\n',
  ('ruling', 'illusion', 'black queen', 'black priestess', 'adventurer', 'trade', 'setting',
   'illusion-black-queen'),
  '000: Spells > Illusion spell; Rules for trading with other adventurers'),
 ('hebrac.ruling.spells-after-win', 'hebrac', 'Ruling: no Escape from a chamber won', 'Rulings',
  'Escape and Stealing Spirit get you away from an enemy. Once the guard is gone (beaten, turned '
  'to stone, bombed, or an empty chamber) there is no one to escape or rob: both spells are '
  'refused and the treasure is yours to take.',
  'Escape and Stealing Spirit get you away from an enemy. Once the guard is\n'
  'gone (beaten, turned to stone, bombed, or an empty chamber) there is no\n'
  'one to escape or rob: both spells are refused and the treasure is yours\n'
  'to take.\n',
  ('ruling', 'escape', 'after battle', 'won', 'treasure', 'no guard', 'too late'),
  '000: Spells > Escape spell, Stealing Spirit spell'),
 ('hebrac.ruling.escape-visited', 'hebrac', 'Ruling: where Escape leaves you', 'Rulings',
  'After Escape (or Stealing Spirit) you stay where you were, at the chamber you fled: it counts '
  'as visited, so the chambers next to it may be entered and Hell Bomb may be cast from it. Its '
  "enemy card lies face down again but is known, so 'enter CHAMBER' without the card meets it "
  'again.',
  'After Escape (or Stealing Spirit) you stay where you were, at the chamber\n'
  'you fled: it counts as visited, so the chambers next to it may be entered\n'
  'and Hell Bomb may be cast from it. Its enemy card lies face down again\n'
  "but is known, so 'enter CHAMBER' without the card meets it again.\n",
  ('ruling', 'escape', 'position', 'visited', 're-enter', 'enter again', 'face down'),
  '000: Spells > Escape spell, Stealing Spirit spell'),
 ('hebrac.ruling.anti-magic-hebrac', 'hebrac', "Ruling: Anti-Magic and Hebrac's game", 'Rulings',
  "Anti-Magic names the magic it cancels (magicians, priestesses) and spares the genies. Hebrac's "
  'game is a draw of a card, not a spell, so it is played as usual under Anti-Magic, whether '
  'Hebrac guards a chamber or a joker is found as a treasure.',
  'Anti-Magic names the magic it cancels (magicians, priestesses) and spares\n'
  "the genies. Hebrac's game is a draw of a card, not a spell, so it is\n"
  'played as usual under Anti-Magic, whether Hebrac guards a chamber or a\n'
  'joker is found as a treasure.\n',
  ('ruling', 'anti-magic', 'hebrac', 'joker', 'game', 'red', 'black'),
  '000: Spells > Anti-Magic spell; Enemy cards > Joker'),
 ('hebrac.ruling.curse-faced', 'hebrac', 'Ruling: Curse and the enemy you face', 'Rulings',
  'The enemy you are facing when you cast Curse is one of the enemies left on the level, so its '
  'life is halved at once, rounded up. That includes an adventurer not attacked yet: his life '
  'counts halved if you fight him.',
  'The enemy you are facing when you cast Curse is one of the enemies left\n'
  'on the level, so its life is halved at once, rounded up. That includes an\n'
  'adventurer not attacked yet: his life counts halved if you fight him.\n',
  ('ruling', 'curse', 'enemy faced', 'battle', 'adventurer', 'halved', 'current enemy'),
  '000: Spells > Curse spell'),
 ('hebrac.ruling.visions', 'hebrac', 'Ruling: looks of Remote Vision, Revelation and God Vision',
  'Rulings',
  'Each Remote Vision buys looks at unexplored enemies; looks not yet used add to those of the '
  'next cast and last until the level ends. Under Revelation or God Vision every enemy may be '
  "looked at, so 'see' spends no Remote Vision look.",
  'Each Remote Vision buys looks at unexplored enemies; looks not yet used\n'
  'add to those of the next cast and last until the level ends. Under\n'
  "Revelation or God Vision every enemy may be looked at, so 'see' spends no\n"
  'Remote Vision look.\n',
  ('ruling', 'remote vision', 'revelation', 'god vision', 'see', 'looks', 'add up', 'free',
   'unused'),
  '000: Spells > Remote Vision, Revelation, God Vision spells'),
 ('hebrac.ruling.robbed-chamber', 'hebrac', 'Ruling: going back to a chamber robbed', 'Rulings',
  'A chamber robbed with Stealing Spirit keeps its guard. Going back, you face it again; a robbed '
  'adventurer attacks at once, with no trade. Beating the guard clears the chamber, as no '
  'treasure is left in it. A guard put there by Body Switch was never robbed and is met as turned '
  "up, yet has nothing to offer: 'reveal' is refused. Beat such an adventurer; send such a trader "
  "away with 'refuse'.",
  'A chamber robbed with Stealing Spirit keeps its guard. Going back, you\n'
  'face it again; a robbed adventurer attacks at once, with no trade. Beating\n'
  'the guard clears the chamber, as no treasure is left in it. A guard put\n'
  'there by Body Switch was never robbed and is met as turned up, yet has\n'
  "nothing to offer: 'reveal' is refused. Beat such an adventurer; send\n"
  "such a trader away with 'refuse'.\n",
  ('ruling', 'robbed', 'adventurer', 'attacks', 'no treasure', 'cleared', 'come back'),
  '000: Spells > Stealing Spirit spell'),
 ('hebrac.ruling.editions', 'hebrac', 'Ruling: a saved game keeps the rules it began with',
  'Rulings',
  "Each saved game records the edition of companion's rulings it is played under. A game begun "
  'before editions existed is of the first edition and keeps it, for its saved actions and for '
  "those typed later: a joker drawn with another one at once is one Hebrac's game, a ware that "
  "cannot be bought waits for 'refuse', spells are paid after they act and a unit spell paid with "
  "--with buys what the points cover. Its status says 'Rules: first edition, kept for this "
  "game'.\n"
  '\n'
  "A game of the second edition lets a merchant with nothing to sell go at 'reveal' even when "
  "Stealing Spirit could take his ware, and accepts 'enter' of another chamber after Teleport, "
  'dropping the Teleport. New games follow the third edition: such a merchant stays while '
  'Stealing Spirit can be cast, after Teleport only the chamber reached may be entered, and the '
  '--illusion-black-queen setting exists.',
  "Each saved game records the edition of companion's rulings it is played\n"
  'under. A game begun before editions existed is of the first edition and\n'
  'keeps it, for its saved actions and for those typed later: a joker drawn\n'
  "with another one at once is one Hebrac's game, a ware that cannot be\n"
  "bought waits for 'refuse', spells are paid after they act and a unit spell\n"
  "paid with --with buys what the points cover. Its status says 'Rules:\n"
  "first edition, kept for this game'.\n"
  '\n'
  'A game of the second edition lets a merchant with nothing to sell go at\n'
  "'reveal' even when Stealing Spirit could take his ware, and accepts\n"
  "'enter' of another chamber after Teleport, dropping the Teleport. New\n"
  'games follow the third edition: such a merchant stays while Stealing\n'
  'Spirit can be cast, after Teleport only the chamber reached may be\n'
  'entered, and the --illusion-black-queen setting exists.\n',
  ('ruling', 'edition', 'first edition', 'old save', 'saved game', 'earlier release', 'replay',
   'kept for this game'),
  '000: Main rules; 001: Main rules'),
 ('tricky.intro', 'tricky', 'Tricky Dungeon at a glance', '1. Introduction',
  'A trick-taking game for 2 to 4 players, in the family of Bridge and Hearts: everyone plays one '
  'card per trick and the best card takes it, until the hands are empty.\n'
  '\n'
  'Each round one player is the active player and picks a hero. The hero says what that player '
  'must collect in cards or tricks to earn gold; the others join forces to spoil it. Everyone is '
  'active the same number of times, and each hero changes the rules in its own way.',
  'A trick-taking game for {game.min_players} to {game.max_players} players,\n'
  'in the family of Bridge and Hearts: everyone plays one card per trick and\n'
  'the best card takes it, until the hands are empty.\n'
  '\n'
  'Each round one player is the active player and picks a hero. The hero says\n'
  'what that player must collect in cards or tricks to earn gold; the others\n'
  'join forces to spoil it. Everyone is active the same number of times, and\n'
  'each hero changes the rules in its own way.\n',
  ('overview', 'about', 'summary', 'trick taking', 'how to play', 'bridge', 'hearts'),
  '004: 1. Introduction'),
 ('tricky.goal', 'tricky', 'Goal: the most gold', '2. Object of the game',
  'Whoever holds the most gold when the last round is over wins. Players tied for the most share '
  'the victory.',
  'Whoever holds the most gold when the last round is over wins. Players tied\n'
  'for the most share the victory.\n',
  ('goal', 'win', 'winner', 'object', 'aim', 'most gold', 'tie', 'draw'),
  '004: 2. Object of the game'),
 ('tricky.components', 'tricky', 'What is in the box', '3. Components',
  '- 32 playing cards: 4 colours, values 0 to 7\n'
  '- 3 sets of 5 hero cards, printed in three languages (15 per language); one set is used per '
  'game\n'
  '- you add a pen and paper for the gold (companion keeps it)',
  '- {game.deck_size} playing cards: 4 colours, values {deck.low} to\n'
  '  {deck.high}\n'
  '- 3 sets of 5 hero cards, printed in three languages (15 per language);\n'
  '  one set is used per game\n'
  '- you add a pen and paper for the gold (companion keeps it)\n',
  ('components', 'contents', 'box', 'material', 'hero cards', 'languages', 'pen', 'paper'),
  '004: 3. Components'),
 ('tricky.deck.cards', 'tricky', 'The 32 cards: each card once per round', '3. Components',
  'Four colours (red, blue, yellow, green in companion), each with the values 0 to 7: 32 cards, '
  'every one unique. A card played or put aside in a round cannot appear again in that round; '
  'companion refuses it as a typo.\n'
  '\n'
  'Type a card as its colour letter and value: G4, r0, 4G or green 4.',
  'Four colours ({deck.colours} in companion), each with the values\n'
  '{deck.low} to {deck.high}: {game.deck_size} cards, every one unique. A card\n'
  'played or put aside in a round cannot appear again in that round;\n'
  'companion refuses it as a typo.\n'
  '\n'
  'Type a card as its colour letter and value: G4, r0, 4G or green 4.\n',
  ('cards', 'deck', 'colours', 'colors', 'values', '32 cards', 'duplicate', 'played twice'),
  '004: 3. Components'),
 ('tricky.deck.kinds', 'tricky', 'What the cards are: torches, goblins, spells, orcs, ogres',
  '6. Explanation of the heroes',
  'The heroes name cards by what they show:\n'
  '\n'
  '- 0: torches\n'
  '- 1, 2: goblins\n'
  '- 3, 4: magic spells\n'
  '- 5, 6: orcs\n'
  '- 7: ogres (tricky.ruling.ogres)\n'
  '\n'
  'One card of each colour is a magic potion instead (tricky.deck.potions); a potion counts only '
  'as a potion, never as a goblin or orc.',
  'The heroes name cards by what they show:\n'
  '\n'
  '- {kinds.torch}: torches\n'
  '- {kinds.goblin}: goblins\n'
  '- {kinds.spell}: magic spells\n'
  '- {kinds.orc}: orcs\n'
  '- {kinds.ogre}: ogres (tricky.ruling.ogres)\n'
  '\n'
  'One card of each colour is a magic potion instead (tricky.deck.potions);\n'
  'a potion counts only as a potion, never as a goblin or orc.\n',
  ('torch', 'torches', 'goblin', 'goblins', 'spell', 'spells', 'orc', 'orcs', 'ogre', 'ogres',
   'magic spell', 'card kinds', 'what is a'),
  '004: 6. Explanation of the heroes; 4. Playing the game > Special cards as Trump'),
 ('tricky.deck.potions', 'tricky', 'Magic potions: one per colour', '3. Components',
  'Each colour has exactly one magic potion card. The printed rules showed which one with an icon '
  'that is lost, so companion asks: by default the potion values are 1, 2, 5, 6 (red, blue, '
  "yellow, green in that order). Check your cards with 'companion tricky deck' and confirm or "
  "change them; until then rulings that depend on them say 'unverified'.",
  'Each colour has exactly one magic potion card. The printed rules showed\n'
  'which one with an icon that is lost, so companion asks: by default the\n'
  'potion values are {deck.potions} ({deck.colours} in that order). Check\n'
  "your cards with 'companion tricky deck' and confirm or change them; until\n"
  "then rulings that depend on them say 'unverified'.\n",
  ('potion', 'potions', 'magic potion', 'which card is a potion', 'flask', 'unverified'),
  '004: 4. Playing the game > Trump; 6. Explanation of the heroes > Witch'),
 ('tricky.deck.stars', 'tricky', 'Stars per colour break ties between trumps',
  '4. Playing the game',
  'Every colour carries a number of stars. When two trumps of the same value meet in a trick, the '
  'one with more stars wins: green has 4 stars, so when the 4s are trump a green 4 beats every '
  'other 4.\n'
  '\n'
  "Only green's count survives in the text; companion's defaults are 1, 2, 3, 4 stars (red, blue, "
  "yellow, green in that order), unverified until you confirm them ('companion tricky deck').",
  'Every colour carries a number of stars. When two trumps of the same value\n'
  'meet in a trick, the one with more stars wins: green has 4 stars, so when\n'
  'the 4s are trump a green 4 beats every other 4.\n'
  '\n'
  "Only green's count survives in the text; companion's defaults are\n"
  '{deck.stars} stars ({deck.colours} in that order), unverified until you\n'
  "confirm them ('companion tricky deck').\n",
  ('stars', 'star', 'tie', 'tiebreak', 'equal trumps', 'green 4', 'same value'),
  '004: 4. Playing the game > Regular Round; Special cards as Trump'),
 ('tricky.setup.players', 'tricky', 'Two to four players, seated clockwise',
  '4. Playing the game > Preparation',
  'The basic game is for 3 or 4; two players follow tricky.two-player. Shuffle the 32 cards and '
  'deal:\n'
  '\n'
  '- 4 players: 7 cards each\n'
  '- 3 players: 9 cards each\n'
  '\n'
  'The cards left over go aside face down. Nobody may tell the others about their hand. Agree who '
  'is active first.',
  'The basic game is for 3 or 4; two players follow tricky.two-player.\n'
  'Shuffle the {game.deck_size} cards and deal:\n'
  '\n'
  '- 4 players: {players.4.hand} cards each\n'
  '- 3 players: {players.3.hand} cards each\n'
  '\n'
  'The cards left over go aside face down. Nobody may tell the others about\n'
  'their hand. Agree who is active first.\n',
  ('players', 'deal', 'dealing', 'how many cards', 'hand size', '3 players', '4 players',
   'leftover', 'setup'),
  '004: 4. Playing the game > Preparation'),
 ('tricky.setup.set', 'tricky', 'One set of five heroes per game',
  '4. Playing the game > Preparation',
  'Choose one set of five heroes and lay them out where all can see; beginners take set A. The '
  'other sets stay in the box (the Random Dungeon variant uses all 15).\n'
  '\n'
  '- A: Thief, Assassin, Barbarian, Wizard, Witch\n'
  '- B: Dwarven Hunter, Trickster, Seer, Troubadour, Sorcerer\n'
  '- C: Knight, Ninja, Elvish Hunter, Nymph, Fairy Scout\n'
  '\n'
  'companion: --set A, B, C (tricky.ruling.sets).',
  'Choose one set of five heroes and lay them out where all can see;\n'
  'beginners take set A. The other sets stay in the box (the Random Dungeon\n'
  'variant uses all 15).\n'
  '\n'
  '- A: Thief, Assassin, Barbarian, Wizard, Witch\n'
  '- B: Dwarven Hunter, Trickster, Seer, Troubadour, Sorcerer\n'
  '- C: Knight, Ninja, Elvish Hunter, Nymph, Fairy Scout\n'
  '\n'
  'companion: --set A, B, C (tricky.ruling.sets).\n',
  ('hero set', 'set a', 'set b', 'set c', 'which heroes', 'beginners', 'choose set'),
  '004: 4. Playing the game > Preparation; 3. Components'),
 ('tricky.setup.rounds', 'tricky', 'How many rounds', '4. Playing the game > Preparation',
  'Each player is active 2 times: 8 rounds with 4 players, 6 with 3. Two players play 8 rounds (4 '
  'each). The Longer game and Race variants change this.',
  'Each player is active {players.4.rounds_per_player} times: 8 rounds with 4\n'
  'players, 6 with 3. Two players play 8 rounds\n'
  '({players.2.rounds_per_player} each). The Longer game and Race variants\n'
  'change this.\n',
  ('rounds', 'how many rounds', 'number of rounds', 'length', 'turns'),
  '004: 4. Playing the game > Preparation; End of the game'),
 ('tricky.round.active', 'tricky', 'The active player turns clockwise',
  '4. Playing the game > Playing a round',
  'One player is active each round and plays against all the others. After the round the player '
  'to the left (clockwise) becomes active.',
  'One player is active each round and plays against all the others. After\n'
  'the round the player to the left (clockwise) becomes active.\n',
  ('active player', 'whose turn', 'next player', 'clockwise', 'order', 'turn'),
  '004: 4. Playing the game > Preparation; End of the Round'),
 ('tricky.round.hero', 'tricky', 'The active player picks a hero',
  '4. Playing the game > Playing a round',
  'First the active player picks one of the five heroes; all five are on offer every round (the '
  "Adventurers Guild variant limits this). The hero sets the round's goal and may call for a "
  'trump choice, made now (tricky.hero.trump).',
  'First the active player picks one of the five heroes; all five are on\n'
  'offer every round (the Adventurers Guild variant limits this). The hero\n'
  "sets the round's goal and may call for a trump choice, made now\n"
  '(tricky.hero.trump).\n',
  ('hero', 'pick hero', 'choose hero', 'select', 'goal of round', 'heroes'),
  '004: 4. Playing the game > Playing a round'),
 ('tricky.round.exchange', 'tricky', 'Exchanging cards with the leftover pile',
  '4. Playing the game > Playing a round',
  'After picking the hero, the active player may swap any number of hand cards with the leftover '
  'pile. First put the unwanted cards aside face down (they are out for the round and nobody sees '
  'them), then draw the same number blind from the leftovers: a gamble.\n'
  '\n'
  'Only the active player exchanges, except with two players (tricky.two-player).',
  'After picking the hero, the active player may swap any number of hand\n'
  'cards with the leftover pile. First put the unwanted cards aside face\n'
  'down (they are out for the round and nobody sees them), then draw the\n'
  'same number blind from the leftovers: a gamble.\n'
  '\n'
  'Only the active player exchanges, except with two players\n'
  '(tricky.two-player).\n',
  ('exchange', 'swap', 'discard', 'draw', 'leftover', 'trade cards', 'replace cards', 'mulligan'),
  '004: 4. Playing the game > Playing a round'),
 ('tricky.trick.order', 'tricky', 'Leading and playing a trick',
  '4. Playing the game > Regular Round',
  'The active player leads the first trick. The others each add one card in turn, clockwise. '
  'Whoever wins a trick takes its cards face down and leads the next one. Play on until every '
  'hand is empty.',
  'The active player leads the first trick. The others each add one card in\n'
  'turn, clockwise. Whoever wins a trick takes its cards face down and leads\n'
  'the next one. Play on until every hand is empty.\n',
  ('lead', 'leader', 'who starts', 'first card', 'play order', 'clockwise', 'trick'),
  '004: 4. Playing the game > Regular Round'),
 ('tricky.trick.follow', 'tricky', 'Following the asked colour',
  '4. Playing the game > Regular Round',
  'The first card of a trick sets the asked colour. You must play a card of that colour if you '
  'have one, even when you would rather trump. With none you may play anything.',
  'The first card of a trick sets the asked colour. You must play a card of\n'
  'that colour if you have one, even when you would rather trump. With none\n'
  'you may play anything.\n',
  ('follow suit', 'follow colour', 'asked colour', 'must play', 'revoke', 'suit', "can't follow"),
  '004: 4. Playing the game > Regular Round; Trump'),
 ('tricky.trick.winner', 'tricky', 'Who wins a trick', '4. Playing the game > Regular Round',
  'Normally the highest value in the asked colour wins; other colours never do. A trump beats '
  "them all (tricky.trump). Some heroes turn this round: the Nymph's lowest card wins, the Fairy "
  "Scout's second highest.",
  'Normally the highest value in the asked colour wins; other colours never\n'
  'do. A trump beats them all (tricky.trump). Some heroes turn this round:\n'
  "the Nymph's lowest card wins, the Fairy Scout's second highest.\n",
  ('win trick', 'winner', 'highest card', 'who takes', 'beats', 'best card'),
  '004: 4. Playing the game > Regular Round'),
 ('tricky.trump', 'tricky', 'Trumps', '4. Playing the game > Trump',
  'Some heroes make certain cards trump: a colour, a value, or a kind of card. A trump beats '
  'every card that is not trump, for every player, not only the active one. Players must still '
  'follow the asked colour.\n'
  '\n'
  'Several trumps in one trick: the highest value wins; on equal values the colour with more '
  'stars (tricky.deck.stars).',
  'Some heroes make certain cards trump: a colour, a value, or a kind of\n'
  'card. A trump beats every card that is not trump, for every player, not\n'
  'only the active one. Players must still follow the asked colour.\n'
  '\n'
  'Several trumps in one trick: the highest value wins; on equal values the\n'
  'colour with more stars (tricky.deck.stars).\n',
  ('trump', 'trumps', 'trump suit', 'trump card', 'beats all', 'ruff'),
  '004: 4. Playing the game > Trump'),
 ('tricky.trump.symbols', 'tricky', 'Spells, potions or torches as trump',
  '4. Playing the game > Special cards as Trump',
  'Some heroes make a kind of card trump rather than a colour: the spells (every 3 and 4) with '
  'the Wizard or Sorcerer, the potions with the Witch or Elvish Hunter, the torches (0s) with the '
  'Dwarven Hunter. Equal trumps are decided by stars: with spells trump, a green 4 beats any '
  'other 4.',
  'Some heroes make a kind of card trump rather than a colour: the spells\n'
  '(every 3 and 4) with the Wizard or Sorcerer, the potions with the Witch or\n'
  'Elvish Hunter, the torches (0s) with the Dwarven Hunter. Equal trumps are\n'
  'decided by stars: with spells trump, a green 4 beats any other 4.\n',
  ('special cards', 'spells trump', 'potions trump', 'torches trump', 'symbol', 'wizard trump'),
  '004: 4. Playing the game > Special cards as Trump'),
 ('tricky.hero.trump', 'tricky', 'Trump choices of the heroes', '6. Explanation of the heroes',
  '- no trump: Thief, Assassin, Trickster, Seer, Ninja, Nymph, Fairy Scout\n'
  '- a colour, picked by the active player: Barbarian\n'
  "- a colour, picked by the player on the active player's left: Troubadour\n"
  '- a value, picked by the active player: Knight\n'
  '- the spells (3s and 4s): Wizard, Sorcerer\n'
  '- the potions: Witch, Elvish Hunter\n'
  '- the torches (0s): Dwarven Hunter\n'
  '\n'
  'A trump choice is made with the hero, before any exchange.',
  '- no trump: Thief, Assassin, Trickster, Seer, Ninja, Nymph, Fairy Scout\n'
  '- a colour, picked by the active player: Barbarian\n'
  "- a colour, picked by the player on the active player's left: Troubadour\n"
  '- a value, picked by the active player: Knight\n'
  '- the spells (3s and 4s): Wizard, Sorcerer\n'
  '- the potions: Witch, Elvish Hunter\n'
  '- the torches (0s): Dwarven Hunter\n'
  '\n'
  'A trump choice is made with the hero, before any exchange.\n',
  ('trump choice', 'choose trump', 'pick trump', 'which trump', 'no trump', 'heroes'),
  '004: 6. Explanation of the heroes'),
 ('tricky.round.end', 'tricky', 'A round ends after the last trick',
  '4. Playing the game > End of the Round',
  'When the last card of every hand has been played, the round is over and the gold is counted '
  '(tricky.gold).',
  'When the last card of every hand has been played, the round is over and\n'
  'the gold is counted (tricky.gold).\n',
  ('end of round', 'round over', 'last trick', 'all cards played'),
  '004: 4. Playing the game > Playing a round; End of the Round'),
 ('tricky.round.result', 'tricky', "Entering the active player's haul",
  '4. Playing the game > End of the Round',
  'Gold depends on what the active player collected in the tricks they won: tricks, potions, '
  'spells, goblins, orcs, ogres, or the last trick. Enter every trick and companion counts; or '
  "give the counts at the end with 'result --tricks N --potions N ...'.",
  'Gold depends on what the active player collected in the tricks they won:\n'
  'tricks, potions, spells, goblins, orcs, ogres, or the last trick. Enter\n'
  'every trick and companion counts; or give the counts at the end with\n'
  "'result --tricks N --potions N ...'.\n",
  ('result', 'count', 'score round', 'haul', 'collected', 'enter tricks'),
  '004: 4. Playing the game > End of the Round'),
 ('tricky.gold', 'tricky', 'Gold at the end of a round', '4. Playing the game > End of the Round',
  'The active player earns what the hero card promises for the haul. If that is nothing, every '
  'other player earns 1 gold instead. Write the gold down (companion keeps the totals).',
  'The active player earns what the hero card promises for the haul. If that\n'
  'is nothing, every other player earns {game.no_gold_consolation} gold\n'
  'instead. Write the gold down (companion keeps the totals).\n',
  ('gold', 'score', 'scoring', 'points', 'reward', 'earn', 'consolation', 'nothing earned'),
  '004: 4. Playing the game > End of the Round'),
 ('tricky.game.end', 'tricky', 'The end of the game', '4. Playing the game > End of the game',
  'After the last round (6 or 8 in the basic game) the player with the most gold wins; a tie '
  'shares the win.',
  'After the last round (6 or 8 in the basic game) the player with the most\n'
  'gold wins; a tie shares the win.\n',
  ('end', 'game over', 'final score', 'winner', 'last round', 'who wins'),
  '004: 4. Playing the game > End of the game'),
 ('tricky.two-player', 'tricky', 'Rules for two players',
  '4. Playing the game > Rules for 2 players',
  'Deal 9 cards each, as with three players, and play 8 rounds: each player is active 4 times. '
  'Then:\n'
  '\n'
  '- the active player may exchange up to 7 cards\n'
  '- the other player may exchange too, never more cards than the active player did (after 3, '
  'from 0 to 3)\n'
  '- open exchange: cards put aside go face up, so both know what is out (companion asks for '
  "them: 'exchange CARD...')\n"
  '- magic potions may not be exchanged; they stay in hand',
  'Deal {players.2.hand} cards each, as with three players, and play 8\n'
  'rounds: each player is active {players.2.rounds_per_player} times. Then:\n'
  '\n'
  '- the active player may exchange up to {players.2.exchange_max} cards\n'
  '- the other player may exchange too, never more cards than the active\n'
  '  player did (after 3, from 0 to 3)\n'
  '- open exchange: cards put aside go face up, so both know what is out\n'
  "  (companion asks for them: 'exchange CARD...')\n"
  '- magic potions may not be exchanged; they stay in hand\n',
  ('two players', '2 players', 'duel', 'open exchange', 'head to head', '2p'),
  '004: 4. Playing the game > Rules for 2 players'),
 ('tricky.variant.longer', 'tricky', 'Variant: longer game', '5. Extra game variations',
  'Agree on more rounds per player, such as 3, 4 or 5 each; everything else stays. companion: '
  '--rounds-per-player N, never fewer than the usual number for the players.',
  'Agree on more rounds per player, such as 3, 4 or 5 each; everything else\n'
  'stays. companion: --rounds-per-player N, never fewer than the usual\n'
  'number for the players.\n',
  ('variant', 'longer', 'more rounds', 'rounds per player', 'long game'),
  '004: 5. Extra game variations > Longer game'),
 ('tricky.variant.race', 'tricky', 'Variant: race', '5. Extra game variations',
  'No set number of rounds: the first player to reach 15 gold wins. companion checks at the end '
  'of each round (--race; --race N for another target).',
  'No set number of rounds: the first player to reach {variants.race_gold}\n'
  'gold wins. companion checks at the end of each round (--race; --race N\n'
  'for another target).\n',
  ('variant', 'race', 'first to 15', 'gold target', 'no fixed rounds'),
  '004: 5. Extra game variations > Race'),
 ('tricky.variant.guild', 'tricky', 'Variant: Adventurers Guild', '5. Extra game variations',
  'Each player is active 5 times and must pick every hero once; a hero you have had is no longer '
  'yours to pick. companion keeps the list (--guild; tricky.ruling.guild).',
  'Each player is active {variants.guild_rounds_per_player} times and must\n'
  'pick every hero once; a hero you have had is no longer yours to pick.\n'
  'companion keeps the list (--guild; tricky.ruling.guild).\n',
  ('variant', 'guild', 'adventurers guild', 'each hero once', 'every hero'),
  '004: 5. Extra game variations > Adventurers Guild'),
 ('tricky.variant.random', 'tricky', 'Variant: Random Dungeon', '5. Extra game variations',
  'All three sets are shuffled into one face-down pile of 15 heroes. Deal the hands first. For '
  'each round turn up a hero from the bottom of the pile: the active player, having seen their '
  'hand, may turn it down and expose the next one; this can happen 2 times, and the third hero '
  'must be played. Exchange as usual afterwards. Reshuffle all 15 for every round. companion: '
  '--random-heroes.',
  'All three sets are shuffled into one face-down pile of 15 heroes. Deal the\n'
  'hands first. For each round turn up a hero from the bottom of the pile:\n'
  'the active player, having seen their hand, may turn it down and expose the\n'
  'next one; this can happen {variants.random_passes} times, and the third\n'
  'hero must be played. Exchange as usual afterwards. Reshuffle all 15 for\n'
  'every round. companion: --random-heroes.\n',
  ('variant', 'random', 'random dungeon', 'all heroes', '15 heroes', 'draw hero', 'pass'),
  '004: 5. Extra game variations > Random Dungeon'),
 ('tricky.hero.thief', 'tricky', 'Thief', '6. Explanation of the heroes > Set A',
  'The thief starts with gold stolen from the dungeon: 5 with 2-3 players, 4 with 4 '
  '(tricky.ruling.player-numbers). Every trick you win costs 1 of it, so win as few as you can; '
  'the gold never falls below 0. No trump.',
  'The thief starts with gold stolen from the dungeon: {heroes.thief.base|pair}\n'
  '(tricky.ruling.player-numbers). Every trick you win costs 1 of it, so win\n'
  'as few as you can; the gold never falls below 0. No trump.\n',
  ('thief', 'rogue', 'steal', 'avoid tricks', 'burglar', 'hero'),
  '004: 6. Explanation of the heroes > Thief'),
 ('tricky.hero.assassin', 'tricky', 'Assassin', '6. Explanation of the heroes > Set A',
  'Only the last trick matters: win it and earn 4 gold, whatever else you took. No trump.',
  'Only the last trick matters: win it and earn {heroes.assassin.reward}\n'
  'gold, whatever else you took. No trump.\n',
  ('assassin', 'assassins', 'last trick', 'killer', 'hero'),
  '004: 6. Explanation of the heroes > Assassin'),
 ('tricky.hero.barbarian', 'tricky', 'Barbarian', '6. Explanation of the heroes > Set A',
  'Count your tricks plus the potions in them: 1 gold for each above the minimum, 6 with 2-3 '
  'players, 4 with 4. Before exchanging, pick a colour as trump.',
  'Count your tricks plus the potions in them: 1 gold for each above the\n'
  'minimum, {heroes.barbarian.minimum|pair}. Before exchanging, pick a colour\n'
  'as trump.\n',
  ('barbarian', 'warrior', 'tricks and potions', 'trump colour', 'hero'),
  '004: 6. Explanation of the heroes > Barbarian'),
 ('tricky.hero.wizard', 'tricky', 'Wizard', '6. Explanation of the heroes > Set A',
  'Collect magic potions; tricks do not matter. Each potion is worth 2 gold. All spells (the 3s '
  'and 4s) are trump. The hero text calls him the Magician.',
  'Collect magic potions; tricks do not matter. Each potion is worth\n'
  '{heroes.wizard.each} gold. All spells (the 3s and 4s) are trump. The hero\n'
  'text calls him the Magician.\n',
  ('wizard', 'magician', 'potions', 'spells trump', 'mage', 'hero'),
  '004: 6. Explanation of the heroes > Wizard'),
 ('tricky.hero.witch', 'tricky', 'Witch', '6. Explanation of the heroes > Set A',
  'Collect spells (the 3s and 4s); tricks do not matter. Each spell is worth 1 gold. All potions '
  'are trump.',
  'Collect spells (the 3s and 4s); tricks do not matter. Each spell is worth\n'
  '{heroes.witch.each} gold. All potions are trump.\n',
  ('witch', 'spells', 'potions trump', 'collect spells', 'hero'),
  '004: 6. Explanation of the heroes > Witch'),
 ('tricky.hero.dwarven-hunter', 'tricky', 'Dwarven Hunter', '6. Explanation of the heroes > Set B',
  'Hunt goblins, the 1s and 2s (potions excluded): 1 gold each (tricky.ruling.hunters). All '
  'torches (the 0s) are trump.',
  'Hunt goblins, the 1s and 2s (potions excluded): {heroes.dwarven-hunter.each}\n'
  'gold each (tricky.ruling.hunters). All torches (the 0s) are trump.\n',
  ('dwarven hunter', 'dwarf', 'goblins', 'torches trump', 'hunter', 'hero'),
  '004: 6. Explanation of the heroes > Dwarven Hunter'),
 ('tricky.hero.trickster', 'tricky', 'Trickster', '6. Explanation of the heroes > Set B',
  'Like the Thief, you get gold up front: 5 with 2-3 players, 4 with 4 (tricky.ruling.trickster). '
  'Lose 1 for every trick won and every potion collected. You also turn 4 of the leftover cards '
  'face up in front of you: they belong to your hand, may be played instead of hand cards, and '
  'count when following the asked colour (tricky.ruling.trickster-face-up). No trump.',
  'Like the Thief, you get gold up front: {heroes.trickster.base|pair}\n'
  '(tricky.ruling.trickster). Lose 1 for every trick won and every potion\n'
  'collected. You also turn {variants.trickster_face_up} of the leftover\n'
  'cards face up in front of you: they belong to your hand, may be played\n'
  'instead of hand cards, and count when following the asked colour\n'
  '(tricky.ruling.trickster-face-up). No trump.\n',
  ('trickster', 'face up', 'open cards', 'avoid tricks', 'joker', 'hero'),
  '004: 6. Explanation of the heroes > Trickster'),
 ('tricky.hero.seer', 'tricky', 'Seer', '6. Explanation of the heroes > Set B',
  'Exchange first, then predict how many tricks plus potions you will collect this round. Exactly '
  "right earns 5 gold; anything else earns nothing. No trump. companion: 'exchange' first if any, "
  "then 'predict N', before the first trick (tricky.ruling.seer, tricky.ruling.seer-exchange).",
  'Exchange first, then predict how many tricks plus potions you will\n'
  'collect this round. Exactly right earns {heroes.seer.reward} gold;\n'
  "anything else earns nothing. No trump. companion: 'exchange' first if\n"
  "any, then 'predict N', before the first trick (tricky.ruling.seer,\n"
  'tricky.ruling.seer-exchange).\n',
  ('seer', 'prediction', 'predict', 'bid', 'oracle', 'fortune', 'hero'),
  '004: 6. Explanation of the heroes > Seer'),
 ('tricky.hero.troubadour', 'tricky', 'Troubadour', '6. Explanation of the heroes > Set B',
  'The player on your left chooses the trump colour, to make tricks harder for you. You earn 1 '
  'gold for every trick won and every potion collected (tricky.ruling.hunters).',
  'The player on your left chooses the trump colour, to make tricks harder\n'
  'for you. You earn {heroes.troubadour.each} gold for every trick won and\n'
  'every potion collected (tricky.ruling.hunters).\n',
  ('troubadour', 'bard', 'minstrel', 'left player trump', 'hero'),
  '004: 6. Explanation of the heroes > Troubadour'),
 ('tricky.hero.sorcerer', 'tricky', 'Sorcerer', '6. Explanation of the heroes > Set B',
  'Like the Barbarian: count tricks plus potions, 1 gold for each above the minimum, 6 with 2-3 '
  'players, 4 with 4. All spells (3s and 4s) are trump.',
  'Like the Barbarian: count tricks plus potions, 1 gold for each above the\n'
  'minimum, {heroes.sorcerer.minimum|pair}. All spells (3s and 4s) are trump.\n',
  ('sorcerer', 'tricks and potions', 'spells trump', 'hero'),
  '004: 6. Explanation of the heroes > Sorcerer'),
 ('tricky.hero.knight', 'tricky', 'Knight', '6. Explanation of the heroes > Set C',
  'Like the Barbarian: count tricks plus potions, 1 gold for each above the minimum, 5 with 2-3 '
  'players, 3 with 4. Before exchanging, pick a value as trump: every card of that value beats '
  'all others (three 2s in hand become the strongest cards). You must still follow the asked '
  'colour.',
  'Like the Barbarian: count tricks plus potions, 1 gold for each above the\n'
  'minimum, {heroes.knight.minimum|pair}. Before exchanging, pick a value as\n'
  'trump: every card of that value beats all others (three 2s in hand become\n'
  'the strongest cards). You must still follow the asked colour.\n',
  ('knight', 'value trump', 'trump value', 'paladin', 'hero'),
  '004: 6. Explanation of the heroes > Knight'),
 ('tricky.hero.ninja', 'tricky', 'Ninja', '6. Explanation of the heroes > Set C',
  'Collect spells (3s and 4s): 1 gold each; tricks do not matter. You play your cards face down, '
  'saying only their colour; values are shown once everyone has played. No trump.',
  'Collect spells (3s and 4s): {heroes.ninja.each} gold each; tricks do not\n'
  'matter. You play your cards face down, saying only their colour; values\n'
  'are shown once everyone has played. No trump.\n',
  ('ninja', 'face down', 'hidden', 'spells', 'secret', 'hero'),
  '004: 6. Explanation of the heroes > Ninja'),
 ('tricky.hero.elvish-hunter', 'tricky', 'Elvish Hunter', '6. Explanation of the heroes > Set C',
  'Hunt orcs, the 5s and 6s (potions excluded): 1 gold each (tricky.ruling.hunters). All potions '
  'are trump.',
  'Hunt orcs, the 5s and 6s (potions excluded): {heroes.elvish-hunter.each}\n'
  'gold each (tricky.ruling.hunters). All potions are trump.\n',
  ('elvish hunter', 'elf', 'orcs', 'potions trump', 'hunter', 'hero'),
  '004: 6. Explanation of the heroes > Elvish Hunter'),
 ('tricky.hero.nymph', 'tricky', 'Nymph', '6. Explanation of the heroes > Set C',
  'The lowest card of the asked colour wins each trick, not the highest. Every ogre you collect '
  'earns 2 gold (tricky.ruling.ogres). No trump.',
  'The lowest card of the asked colour wins each trick, not the highest.\n'
  'Every ogre you collect earns {heroes.nymph.each} gold (tricky.ruling.ogres).\n'
  'No trump.\n',
  ('nymph', 'lowest wins', 'ogres', 'low card', 'reverse', 'hero'),
  '004: 6. Explanation of the heroes > Nymph'),
 ('tricky.hero.fairy-scout', 'tricky', 'Fairy Scout', '6. Explanation of the heroes > Set C',
  'The second highest card of the asked colour wins each trick. Every trick you win earns 2 gold. '
  'No trump.',
  'The second highest card of the asked colour wins each trick. Every trick\n'
  'you win earns {heroes.fairy-scout.each} gold. No trump.\n',
  ('fairy scout', 'fairy', 'second highest', 'tricky', 'scout', 'hero'),
  '004: 6. Explanation of the heroes > Fairy Scout'),
 ('tricky.heroes', 'tricky', 'The fifteen heroes', '6. Explanation of the heroes',
  '- Set A: Thief, Assassin, Barbarian, Wizard, Witch\n'
  '- Set B: Dwarven Hunter, Trickster, Seer, Troubadour, Sorcerer\n'
  '- Set C: Knight, Ninja, Elvish Hunter, Nymph, Fairy Scout\n'
  '\n'
  "Each has a section: tricky.hero.thief, tricky.hero.fairy-scout and so on. 'companion tricky "
  "heroes' shows the table with your numbers.",
  '- Set A: Thief, Assassin, Barbarian, Wizard, Witch\n'
  '- Set B: Dwarven Hunter, Trickster, Seer, Troubadour, Sorcerer\n'
  '- Set C: Knight, Ninja, Elvish Hunter, Nymph, Fairy Scout\n'
  '\n'
  'Each has a section: tricky.hero.thief, tricky.hero.fairy-scout and so on.\n'
  "'companion tricky heroes' shows the table with your numbers.\n",
  ('heroes', 'hero list', 'all heroes', 'hero table', 'which hero'),
  '004: 6. Explanation of the heroes'),
 ('tricky.credits', 'tricky', 'Credits', '7. Colofon',
  'Published by Pumpkin Games. Design: Arjan van Houwelingen. Art: Victor P. Corbella. Box: 2-4 '
  'players, about 30 minutes, ages 12 and up.',
  'Published by Pumpkin Games. Design: Arjan van Houwelingen. Art: Victor P.\n'
  'Corbella. Box: 2-4 players, about 30 minutes, ages 12 and up.\n',
  ('credits', 'author', 'designer', 'publisher', 'pumpkin games', 'artist', 'age', 'playing time'),
  '004: title page; 7. Colofon; box'),
 ('tricky.ruling.colours', 'tricky', 'Ruling: colour names', 'Rulings',
  'The text names only green. companion calls the colours red, blue, yellow, green and reads the '
  "first letter of each; rename them to match your cards with 'companion tricky deck'.",
  'The text names only green. companion calls the colours {deck.colours}\n'
  'and reads the first letter of each; rename them to match your cards with\n'
  "'companion tricky deck'.\n",
  ('ruling', 'colours', 'colors', 'names', 'letters', 'unverified'),
  '004: 3. Components; Special cards as Trump'),
 ('tricky.ruling.potions', 'tricky', 'Ruling: which card is the potion (unverified)', 'Rulings',
  "The icon marking each colour's potion is lost. The default potion values are 1, 2, 5, 6, never "
  'a torch, spell or ogre (the heroes count those apart from potions). Confirm or change them per '
  "colour; rulings show 'unverified' until you do.",
  "The icon marking each colour's potion is lost. The default potion values\n"
  'are {deck.potions}, never a torch, spell or ogre (the heroes count those\n'
  'apart from potions). Confirm or change them per colour; rulings show\n'
  "'unverified' until you do.\n",
  ('ruling', 'potion', 'which value', 'lost icon', 'unverified', 'setting'),
  '004: 4. Playing the game > Trump; 6. Explanation of the heroes'),
 ('tricky.ruling.stars', 'tricky', 'Ruling: star counts (unverified)', 'Rulings',
  "Only green's 4 stars are known. companion assumes 1, 2, 3, 4 for red, blue, yellow, green; "
  'change them to your cards. Stars only settle trumps of equal value '
  '(tricky.ruling.stars-only-trumps).',
  "Only green's 4 stars are known. companion assumes {deck.stars} for\n"
  '{deck.colours}; change them to your cards. Stars only settle trumps of\n'
  'equal value (tricky.ruling.stars-only-trumps).\n',
  ('ruling', 'stars', 'star count', 'unverified', 'tie', 'setting'),
  '004: Special cards as Trump'),
 ('tricky.ruling.stars-only-trumps', 'tricky', 'Ruling: when stars decide', 'Rulings',
  'The text says special cards are decided by stars. companion uses stars only between trumps of '
  'the same value; otherwise the asked colour and the card values decide, as in every '
  'trick-taking game.',
  'The text says special cards are decided by stars. companion uses stars\n'
  'only between trumps of the same value; otherwise the asked colour and the\n'
  'card values decide, as in every trick-taking game.\n',
  ('ruling', 'stars', 'special cards', 'highest stars', 'tie'),
  '004: 4. Playing the game > Regular Round'),
 ('tricky.ruling.player-numbers', 'tricky', 'Ruling: hero numbers by player count (unverified)',
  'Rulings',
  'Several heroes print two numbers beside lost player-count icons. companion reads the first for '
  '2-3 players and the second for 4:\n'
  '\n'
  '- Thief: 5 with 2-3 players, 4 with 4\n'
  '- Barbarian: 6 with 2-3 players, 4 with 4\n'
  '- Sorcerer: 6 with 2-3 players, 4 with 4\n'
  '- Knight: 5 with 2-3 players, 3 with 4\n'
  '\n'
  'Each is a setting, unverified until confirmed.',
  'Several heroes print two numbers beside lost player-count icons. companion\n'
  'reads the first for 2-3 players and the second for 4:\n'
  '\n'
  '- Thief: {heroes.thief.base|pair}\n'
  '- Barbarian: {heroes.barbarian.minimum|pair}\n'
  '- Sorcerer: {heroes.sorcerer.minimum|pair}\n'
  '- Knight: {heroes.knight.minimum|pair}\n'
  '\n'
  'Each is a setting, unverified until confirmed.\n',
  ('ruling', 'player count', 'icons', 'two numbers', 'base', 'minimum', 'unverified'),
  '004: 6. Explanation of the heroes > Thief, Barbarian, Sorcerer, Knight'),
 ('tricky.ruling.trickster', 'tricky', "Ruling: the Trickster's gold (unverified)", 'Rulings',
  "The Trickster's starting gold was an image and is lost. companion uses the Thief's numbers, 5 "
  'with 2-3 players, 4 with 4, as an unverified setting.',
  "The Trickster's starting gold was an image and is lost. companion uses\n"
  "the Thief's numbers, {heroes.trickster.base|pair}, as an unverified\n"
  'setting.\n',
  ('ruling', 'trickster', 'base gold', 'lost number', 'unverified'),
  '004: 6. Explanation of the heroes > Trickster'),
 ('tricky.ruling.ogres', 'tricky', 'Ruling: ogres are the 7s', 'Rulings',
  'The Nymph scores ogres, but their example image is lost. Torches, goblins, spells and orcs use '
  'the values 0 to 6, so companion takes the ogres to be the 7s.',
  'The Nymph scores ogres, but their example image is lost. Torches,\n'
  'goblins, spells and orcs use the values 0 to 6, so companion takes the\n'
  'ogres to be the {kinds.ogre}s.\n',
  ('ruling', 'ogre', 'ogres', '7', 'seven', 'nymph', 'assumed'),
  '004: 6. Explanation of the heroes > Nymph'),
 ('tricky.ruling.sets', 'tricky', 'Ruling: which heroes form sets B and C', 'Rulings',
  "The set markers are icons. The heroes come in order, five per set, and only the heading 'SET "
  "B' survives; companion groups them by that order (tricky.setup.set).",
  'The set markers are icons. The heroes come in order, five per set, and\n'
  "only the heading 'SET B' survives; companion groups them by that order\n"
  '(tricky.setup.set).\n',
  ('ruling', 'sets', 'set b', 'set c', 'hero sets', 'inferred'),
  '004: 6. Explanation of the heroes'),
 ('tricky.ruling.seer', 'tricky', 'Ruling: what the Seer predicts', 'Rulings',
  "'Tricks and potions in total' is read as the Seer's own haul: the tricks the active player "
  'wins plus the potions in them, one number, predicted after the exchange and before the first '
  'trick. A prediction above the hand size plus 4 potions is refused.',
  "'Tricks and potions in total' is read as the Seer's own haul: the tricks\n"
  'the active player wins plus the potions in them, one number, predicted\n'
  'after the exchange and before the first trick. A prediction above the\n'
  'hand size plus 4 potions is refused.\n',
  ('ruling', 'seer', 'prediction', 'total', 'tricks plus potions', 'predict'),
  '004: 6. Explanation of the heroes > Seer'),
 ('tricky.ruling.seer-exchange', 'tricky',
  "Ruling: every exchange comes before the Seer's prediction", 'Rulings',
  "The Seer's round runs in this order: the hero, the exchanges, the prediction, the first trick. "
  "With two players the other player's exchange is one of the exchanges, so it too comes before "
  "the prediction: the text puts the exchanging ahead of the predicting, not only the Seer's own. "
  "Type 'round seer', then 'exchange' for each player who exchanges, then 'predict N'. '--predict "
  "N' on the round line is kept for a round where no exchange follows it ('--exchange N' on the "
  'same line is made first). An exchange typed after the prediction is refused and says what to '
  'do: undo the prediction (a round line with --predict: retype it without), enter the exchange, '
  'then predict again. The text gives the order, so it is no setting. Games of the first and '
  'second editions take an exchange after the prediction (tricky.ruling.editions).',
  "The Seer's round runs in this order: the hero, the exchanges, the\n"
  "prediction, the first trick. With two players the other player's\n"
  'exchange is one of the exchanges, so it too comes before the prediction:\n'
  'the text puts the exchanging ahead of the predicting, not only the\n'
  "Seer's own. Type 'round seer', then 'exchange' for each player who\n"
  "exchanges, then 'predict N'. '--predict N' on the round line is kept for\n"
  "a round where no exchange follows it ('--exchange N' on the same line is\n"
  'made first). An exchange typed after the prediction is refused and says\n'
  'what to do: undo the prediction (a round line with --predict: retype it\n'
  'without), enter the exchange, then predict again. The text gives the\n'
  'order, so it is no setting. Games of the first and second editions take\n'
  'an exchange after the prediction (tricky.ruling.editions).\n',
  ('ruling', 'seer', 'prediction', 'predict', 'exchange', 'order', 'before', 'after', 'undo',
   'two players'),
  '004: 6. Explanation of the heroes > Seer; 4. Playing the game > Rules for 2 players'),
 ('tricky.ruling.hunters', 'tricky', 'Ruling: gold per card where the text gives none', 'Rulings',
  'The Dwarven Hunter, Elvish Hunter and Troubadour earn gold per card or trick without a number '
  'in the text. companion pays 1 each: 1 per goblin, 1 per orc, 1 per trick and per potion.',
  'The Dwarven Hunter, Elvish Hunter and Troubadour earn gold per card or\n'
  'trick without a number in the text. companion pays 1 each:\n'
  '{heroes.dwarven-hunter.each} per goblin, {heroes.elvish-hunter.each} per\n'
  'orc, {heroes.troubadour.each} per trick and per potion.\n',
  ('ruling', 'dwarven hunter', 'elvish hunter', 'troubadour', 'gold per', 'how much'),
  '004: 6. Explanation of the heroes > Dwarven Hunter, Troubadour, Elvish Hunter'),
 ('tricky.ruling.fairy-scout-alone', 'tricky',
  'Ruling: Fairy Scout with one card of the asked colour', 'Rulings',
  'When only one card of the asked colour is played there is no second highest; that card wins.',
  'When only one card of the asked colour is played there is no second\n'
  'highest; that card wins.\n',
  ('ruling', 'fairy scout', 'second highest', 'only one', 'alone'),
  '004: 6. Explanation of the heroes > Fairy Scout'),
 ('tricky.ruling.never-below-zero', 'tricky', 'Ruling: gold never goes below 0', 'Rulings',
  'A Thief or Trickster who loses more than the starting gold ends the round with 0, not a debt. '
  'The others then earn their 1 gold each.',
  'A Thief or Trickster who loses more than the starting gold ends the round\n'
  'with 0, not a debt. The others then earn their\n'
  '{game.no_gold_consolation} gold each.\n',
  ('ruling', 'negative', 'below zero', 'thief', 'trickster', 'minus'),
  '004: 6. Explanation of the heroes > Thief, Trickster'),
 ('tricky.ruling.trickster-face-up', 'tricky',
  "Ruling: the Trickster's face-up cards and the exchange", 'Rulings',
  'The Trickster turns up his 4 cards when he is picked, before any exchange, so he knows them '
  'when he exchanges. Those cards leave the leftover pile: an exchange may draw only what '
  'remains, 0 with four players, 1 with three, and with two the two exchanges together no more '
  'than the rest. The other order (exchange first, then turn up) leaves the same number of cards, '
  'so it needs no setting.',
  'The Trickster turns up his {variants.trickster_face_up} cards when he is\n'
  'picked, before any exchange, so he knows them when he exchanges. Those\n'
  'cards leave the leftover pile: an exchange may draw only what remains, 0\n'
  'with four players, 1 with three, and with two the two exchanges together\n'
  'no more than the rest. The other order (exchange first, then turn up)\n'
  'leaves the same number of cards, so it needs no setting.\n',
  ('ruling', 'trickster', 'face up', 'exchange', 'leftover', 'four cards', 'when', 'order'),
  '004: 6. Explanation of the heroes > Trickster; 4. Playing the game > Playing a round'),
 ('tricky.ruling.guild', 'tricky', 'Ruling: each hero once per player in the Guild', 'Rulings',
  "'Every hero once' is counted per player: each player plays each hero of the set once in 5 "
  'active rounds, and a hero you have had may still be picked by another player. With --set all, '
  'each player picks five different heroes of the fifteen. The other reading, each hero once in '
  "the whole game, cannot fill two or more players' rounds from one set of five, so it is no "
  'setting.',
  "'Every hero once' is counted per player: each player plays each hero of\n"
  'the set once in {variants.guild_rounds_per_player} active rounds, and a\n'
  'hero you have had may still be picked by another player. With --set all,\n'
  'each player picks five different heroes of the fifteen. The other reading,\n'
  "each hero once in the whole game, cannot fill two or more players'\n"
  'rounds from one set of five, so it is no setting.\n',
  ('ruling', 'guild', 'each hero once', 'per player', 'same hero', 'other player'),
  '004: 5. Extra game variations > Adventurers Guild'),
 ('tricky.ruling.editions', 'tricky', 'Ruling: a saved game keeps the rules it began with',
  'Rulings',
  "Each saved game records the edition of companion's rulings it is played under. A game begun "
  'before editions existed is of the first edition and keeps it, for its saved actions and for '
  'those typed later: fewer rounds per player than the rules may be set, a two-player exchange '
  'may be given as a count alone, and exchanges are not checked against what the leftover pile '
  "holds after the Trickster's face-up cards. Its status says 'Rules: first edition, kept for "
  "this game'. Games of the first and second editions also take an exchange typed after the "
  "Seer's prediction. New games follow the third edition, which refuses it "
  '(tricky.ruling.seer-exchange).',
  "Each saved game records the edition of companion's rulings it is played\n"
  'under. A game begun before editions existed is of the first edition and\n'
  'keeps it, for its saved actions and for those typed later: fewer rounds\n'
  'per player than the rules may be set, a two-player exchange may be given\n'
  'as a count alone, and exchanges are not checked against what the\n'
  "leftover pile holds after the Trickster's face-up cards. Its status says\n"
  "'Rules: first edition, kept for this game'. Games of the first and second\n"
  "editions also take an exchange typed after the Seer's prediction. New\n"
  'games follow the third edition, which refuses it\n'
  '(tricky.ruling.seer-exchange).\n',
  ('ruling', 'edition', 'first edition', 'old save', 'saved game', 'earlier release', 'replay',
   'kept for this game'),
  '004: 4. Playing the game > Regular Round'),
 ('tricky.ruling.result-tricks', 'tricky', 'Ruling: a result typed without its trick count',
  'Rulings',
  'Some heroes pay for something other than tricks: the Assassin only for the last trick, the '
  "Wizard for potions. Their 'result' may leave out the trick count ('result --last-trick'). "
  'companion never reads that as 0 tricks: winning the last trick takes at least one trick, and '
  'the cards named take as many tricks as it needs to hold them (one card per player in each). '
  'That least count is kept for the round and said with the result; a haul that needs more tricks '
  "than a round has is refused. '--tricks 0 --last-trick' names a count that cannot hold the last "
  'trick and stays refused.',
  'Some heroes pay for something other than tricks: the Assassin only for\n'
  "the last trick, the Wizard for potions. Their 'result' may leave out the\n"
  "trick count ('result --last-trick'). companion never reads that as 0\n"
  'tricks: winning the last trick takes at least one trick, and the cards\n'
  'named take as many tricks as it needs to hold them (one card per player\n'
  'in each). That least count is kept for the round and said with the\n'
  'result; a haul that needs more tricks than a round has is refused.\n'
  "'--tricks 0 --last-trick' names a count that cannot hold the last trick\n"
  'and stays refused.\n',
  ('ruling', 'result', 'tricks', 'last trick', 'assassin', 'count', 'haul', 'not given'),
  '004: 6. Explanation of the heroes > Assassin; 4. Playing the game > End of the Round'),
 ('halfdeck.intro', 'halfdeck', 'Half Deck Dungeon Heroes at a glance', 'About this Game',
  'A card game for 1 to 4 players, alone or together, aged 14 and up; a game takes 30 to 60 '
  'minutes. You need the deck, some six-sided dice and the rules.\n'
  '\n'
  'A party of up to 4 heroes delves through a dungeon deck of minions, bosses and traps, growing '
  'stronger with gear, until it reaches one of the two endgame cards.',
  'A card game for {setup.players_min} to {setup.players_max} players, alone\n'
  'or together, aged 14 and up; a game takes 30 to 60 minutes. You need the\n'
  'deck, some six-sided dice and the rules.\n'
  '\n'
  'A party of up to {heroes.max_in_play} heroes delves through a dungeon deck\n'
  'of minions, bosses and traps, growing stronger with gear, until it\n'
  'reaches one of the two endgame cards.\n',
  ('overview', 'about', 'summary', 'solo', 'cooperative', 'co-op', 'how long', 'age',
   'how to play'),
  '002: About this Game'),
 ('halfdeck.credits', 'halfdeck', 'Author and thanks', 'Acknowledgement',
  'Written and illustrated by Krist Anthony Almario (2020), who thanks the makers of Four Against '
  'Darkness, Pocketlands, God of War: the Card Game, Arkham Horror: the Card Game and Saboteur.\n'
  '\n'
  'The deck includes a reference card that sums up these rules. News and expansions: the Half '
  'Deck Dungeon Guild group on Facebook.',
  'Written and illustrated by Krist Anthony Almario (2020), who thanks the\n'
  'makers of Four Against Darkness, Pocketlands, God of War: the Card Game,\n'
  'Arkham Horror: the Card Game and Saboteur.\n'
  '\n'
  'The deck includes a reference card that sums up these rules. News and\n'
  'expansions: the Half Deck Dungeon Guild group on Facebook.\n',
  ('credits', 'author', 'designer', 'krist anthony almario', 'thanks', 'reference card',
   'facebook', 'guild'),
  '002: title; Acknowledgement; Final Notes'),
 ('halfdeck.deck.contents', 'halfdeck', 'What is in the deck', 'Contents of the Deck',
  '- 26 cards with blue backs: the hero deck\n'
  '- 26 cards with red backs: the dungeon deck\n'
  '- 1 reference card\n'
  '\n'
  'Blue and red refer to the backs, not the faces. Unfolded, the tuckbox is a play mat.',
  '- {decks.hero_cards} cards with blue backs: the hero deck\n'
  '- {decks.dungeon_cards} cards with red backs: the dungeon deck\n'
  '- 1 reference card\n'
  '\n'
  'Blue and red refer to the backs, not the faces. Unfolded, the tuckbox is\n'
  'a play mat.\n',
  ('contents', 'deck', 'blue cards', 'red cards', 'card backs', 'reference card', 'tuckbox',
   'play mat', '52 cards'),
  '002: Contents of the Deck'),
 ('halfdeck.setup', 'halfdeck', 'Setting up', 'Game Set-up',
  'Sort the cards by back colour: blue is the hero deck, red the dungeon deck. Leave room for '
  "each deck's discard pile, for cards removed from play, and for four heroes with their gear. "
  'The unfolded tuckbox shows where everything goes.',
  'Sort the cards by back colour: blue is the hero deck, red the dungeon\n'
  "deck. Leave room for each deck's discard pile, for cards removed from\n"
  'play, and for four heroes with their gear. The unfolded tuckbox shows\n'
  'where everything goes.\n',
  ('setup', 'set up', 'prepare', 'split', 'layout', 'discard piles', 'mat', 'table'),
  '002: Game Set-up'),
 ('halfdeck.cards.catalog', 'halfdeck', 'Your cards: the card catalog', 'Contents of the Deck',
  'The rules do not list the cards (their images are lost), so companion knows only what you tell '
  "it. Enter each card once with its kind and printed numbers ('companion halfdeck cards'); the "
  "catalog keeps it for every later game. It starts with the cards the rules' examples name: the "
  'warrior and cleric heroes, the steel and rusty swords, the goblin minion, the rock golem boss '
  'and the spiked pit trap.',
  'The rules do not list the cards (their images are lost), so companion\n'
  'knows only what you tell it. Enter each card once with its kind and\n'
  "printed numbers ('companion halfdeck cards'); the catalog keeps it for\n"
  "every later game. It starts with the cards the rules' examples name: the\n"
  'warrior and cleric heroes, the steel and rusty swords, the goblin minion,\n'
  'the rock golem boss and the spiked pit trap.\n',
  ('catalog', 'card list', 'enter cards', 'which cards', 'card numbers', 'unknown card',
   'learn card'),
  '002: Contents of the Deck; Blue Cards and Red Cards overviews'),
 ('halfdeck.round.overview', 'halfdeck', 'A round: preparatory phase, then dungeon phase',
  'Gameplay (Single Player)',
  'Every round has two phases. In the preparatory phase you set up your heroes and gear; in the '
  'dungeon phase you draw one dungeon card and deal with it. Loot, if any, ends the round.',
  'Every round has two phases. In the preparatory phase you set up your\n'
  'heroes and gear; in the dungeon phase you draw one dungeon card and deal\n'
  'with it. Loot, if any, ends the round.\n',
  ('round', 'phases', 'turn', 'sequence', 'how a round works', 'preparatory', 'dungeon phase'),
  '002: Gameplay (Single Player)'),
 ('halfdeck.round.hand', 'halfdeck', 'Your hand and the starting draw', 'Gameplay (Single Player)',
  'Begin by drawing 6 cards from the hero deck: your hand. Loot and redraws add to it; heroes and '
  "gear are played from it. companion keeps the count ('hand' records cards drawn).",
  'Begin by drawing {setup.start_hand} cards from the hero deck: your hand.\n'
  'Loot and redraws add to it; heroes and gear are played from it. companion\n'
  "keeps the count ('hand' records cards drawn).\n",
  ('hand', 'starting hand', 'draw 6', 'opening hand', 'cards in hand', 'hero deck'),
  '002: Gameplay (Single Player) 1, 5'),
 ('halfdeck.round.mulligan', 'halfdeck', 'The one redraw at the start', 'Gameplay (Single Player)',
  'Unhappy with your first 6 cards? Once, before the first dungeon phase, discard 1 to 6 of them '
  'and draw as many new ones.',
  'Unhappy with your first {setup.start_hand} cards? Once, before the first\n'
  'dungeon phase, discard {setup.mulligan_min} to {setup.mulligan_max} of\n'
  'them and draw as many new ones.\n',
  ('mulligan', 'redraw', 'bad hand', 'discard and draw', 'start over'),
  '002: Gameplay (Single Player) 2'),
 ('halfdeck.round.redraw', 'halfdeck', 'Redrawing in a preparatory phase',
  'Gameplay (Single Player)',
  'From the second round on, a preparatory phase may include discarding up to 3 cards from your '
  'hand to draw the same number from the hero deck.',
  'From the second round on, a preparatory phase may include discarding up\n'
  'to {setup.redraw_max} cards from your hand to draw the same number from\n'
  'the hero deck.\n',
  ('redraw', 'discard 3', 'cycle', 'draw new cards', 'preparatory'),
  '002: Gameplay (Single Player) 6'),
 ('halfdeck.round.first', 'halfdeck', 'The first preparatory phase', 'Gameplay (Single Player)',
  'In the first round you may put hero cards face up on the table and equip gear cards to them.',
  'In the first round you may put hero cards face up on the table and equip\n'
  'gear cards to them.\n',
  ('first round', 'preparatory phase', 'place hero', 'equip', 'start'),
  '002: Gameplay (Single Player) 3'),
 ('halfdeck.round.preparatory', 'halfdeck', 'Later preparatory phases', 'Gameplay (Single Player)',
  'From the second round on, before each dungeon phase you may, as often as you like:\n'
  '\n'
  '- bring a new hero into play\n'
  '- give a hero a gear card\n'
  '- swap an active hero or gear for one of the same kind from your hand (the old card goes to '
  'the hero discard pile)\n'
  '- discard up to 3 cards from your hand and draw as many',
  'From the second round on, before each dungeon phase you may, as often as\n'
  'you like:\n'
  '\n'
  '- bring a new hero into play\n'
  '- give a hero a gear card\n'
  '- swap an active hero or gear for one of the same kind from your hand\n'
  '  (the old card goes to the hero discard pile)\n'
  '- discard up to {setup.redraw_max} cards from your hand and draw as many\n',
  ('preparatory phase', 'prep', 'equip', 'replace hero', 'discard', 'draw', 'redraw 3', 'actions'),
  '002: Gameplay (Single Player) 6-7'),
 ('halfdeck.round.dungeon', 'halfdeck', 'The dungeon phase: draw and resolve',
  'Gameplay (Single Player)',
  'Turn the top card of the dungeon deck and resolve it before anything else:\n'
  '\n'
  '- minion or boss: combat (halfdeck.combat.roll); team cards and equipped gear may be played\n'
  '- trap: a challenge (halfdeck.trap.challenge)\n'
  '- miscellaneous card: do what it says\n'
  '- endgame card: the treasure wins at once; the boss must be beaten, or may go back into the '
  'deck (halfdeck.ruling.shuffle-back)',
  'Turn the top card of the dungeon deck and resolve it before anything\n'
  'else:\n'
  '\n'
  '- minion or boss: combat (halfdeck.combat.roll); team cards and\n'
  '  equipped gear may be played\n'
  '- trap: a challenge (halfdeck.trap.challenge)\n'
  '- miscellaneous card: do what it says\n'
  '- endgame card: the treasure wins at once; the boss must be beaten, or\n'
  '  may go back into the deck (halfdeck.ruling.shuffle-back)\n',
  ('dungeon phase', 'draw dungeon card', 'explore', 'encounter', 'resolve', 'red deck'),
  '002: Gameplay (Single Player) 4'),
 ('halfdeck.round.loot', 'halfdeck', 'Loot and the end of a round', 'Gameplay (Single Player)',
  'Once resolved, the dungeon card goes to the dungeon discard pile. If it shows a loot number, '
  'draw that many cards from the hero deck into your hand. That ends the round.',
  'Once resolved, the dungeon card goes to the dungeon discard pile. If it\n'
  'shows a loot number, draw that many cards from the hero deck into your\n'
  'hand. That ends the round.\n',
  ('loot', 'loot number', 'draw cards', 'reward', 'end of round', 'discard dungeon card'),
  '002: Gameplay (Single Player) 5; Game Iconography > Number'),
 ('halfdeck.decks.reshuffle', 'halfdeck', 'When a deck runs out', 'Gameplay (Single Player)',
  'If either deck is empty when you must draw, shuffle its discard pile and lay it face down as '
  'the new deck. Cards removed from play never come back.',
  'If either deck is empty when you must draw, shuffle its discard pile and\n'
  'lay it face down as the new deck. Cards removed from play never come\n'
  'back.\n',
  ('reshuffle', 'empty deck', 'run out', 'no cards', 'discard pile', 'shuffle'),
  '002: Gameplay (Single Player) 8'),
 ('halfdeck.game.end', 'halfdeck', 'Winning the game', 'Gameplay (Single Player)',
  'Play round after round until you draw and resolve one of the two endgame cards: that wins the '
  'game (halfdeck.card.endgame-treasure, halfdeck.card.endgame-boss). The rules name no way to '
  'lose; companion ends the game lost when the last hero in play dies (halfdeck.ruling.losing).',
  'Play round after round until you draw and resolve one of the two endgame\n'
  'cards: that wins the game (halfdeck.card.endgame-treasure,\n'
  'halfdeck.card.endgame-boss). The rules name no way to lose; companion ends\n'
  'the game lost when the last hero in play dies (halfdeck.ruling.losing).\n',
  ('win', 'victory', 'end', 'game over', 'endgame', 'how to win'),
  '002: Gameplay (Single Player) 8-9; Endgame Cards'),
 ('halfdeck.icon.dots', 'halfdeck', 'Dots: life points', 'Game Iconography',
  'Hero, minion and boss cards have dots around their borders: their life points. Heroes and '
  'bosses have 4, minions 1. When one takes damage, turn the card counter-clockwise so that the '
  'dots on top show what is left; at zero it goes to its discard pile.',
  'Hero, minion and boss cards have dots around their borders: their life\n'
  'points. Heroes and bosses have {heroes.life}, minions {enemies.minion_life}.\n'
  'When one takes damage, turn the card counter-clockwise so that the dots\n'
  'on top show what is left; at zero it goes to its discard pile.\n',
  ('dots', 'life', 'life points', 'hp', 'health', 'rotate', 'border', '4 life'),
  '002: Game Iconography > Dots on borders'),
 ('halfdeck.icon.strength', 'halfdeck', 'S: the strength attribute', 'Game Iconography',
  'The S icon at the top left of the text box means strength:\n'
  '\n'
  '- minion, boss, trap: strength-based; the number is what a strength roll must reach\n'
  "- hero: the left number is the hero's strength\n"
  '- gear: the bonus it adds to strength',
  'The S icon at the top left of the text box means strength:\n'
  '\n'
  '- minion, boss, trap: strength-based; the number is what a strength roll\n'
  '  must reach\n'
  "- hero: the left number is the hero's strength\n"
  '- gear: the bonus it adds to strength\n',
  ('strength', 's', 's icon', 'attribute', 'physical', 'left number'),
  '002: Game Iconography > S'),
 ('halfdeck.icon.magic', 'halfdeck', 'M: the magic attribute', 'Game Iconography',
  'The M icon at the top right of the text box means magic:\n'
  '\n'
  '- minion, boss, trap: magic-based; the number is what a magic roll must reach\n'
  "- hero: the right number is the hero's magic (halfdeck.ruling.slips)\n"
  '- gear: the bonus it adds to magic',
  'The M icon at the top right of the text box means magic:\n'
  '\n'
  '- minion, boss, trap: magic-based; the number is what a magic roll must\n'
  '  reach\n'
  "- hero: the right number is the hero's magic (halfdeck.ruling.slips)\n"
  '- gear: the bonus it adds to magic\n',
  ('magic', 'm', 'm icon', 'attribute', 'spell', 'right number'), '002: Game Iconography > M'),
 ('halfdeck.icon.loot', 'halfdeck', 'The loot number', 'Game Iconography',
  'The number at the lower left of a minion, boss or treasure card is its loot: when you defeat '
  'it (or draw the treasure) take that many cards from the hero deck.',
  'The number at the lower left of a minion, boss or treasure card is its\n'
  'loot: when you defeat it (or draw the treasure) take that many cards from\n'
  'the hero deck.\n',
  ('loot', 'loot number', 'lower left', 'reward', 'draw'), '002: Game Iconography > Number'),
 ('halfdeck.icon.one-use', 'halfdeck', '1: a one-use card', 'Game Iconography',
  "A '1' at the lower right of a gear, miscellaneous or team card means one use: afterwards the "
  'card is removed from play and never shuffled back.',
  "A '1' at the lower right of a gear, miscellaneous or team card means one\n"
  'use: afterwards the card is removed from play and never shuffled back.\n',
  ('one use', '1 icon', 'single use', 'removed from play', 'consumable'),
  '002: Game Iconography > 1'),
 ('halfdeck.card.hero', 'halfdeck', 'Hero cards', 'Blue Cards (Hero Deck) Overview',
  'The main cards of the game, and the only blue cards with life dots. Each shows two numbers: '
  'strength on the left, magic on the right.',
  'The main cards of the game, and the only blue cards with life dots. Each\n'
  'shows two numbers: strength on the left, magic on the right.\n',
  ('hero', 'heroes', 'character', 'strength magic', 'two numbers', 'hero card'),
  '002: Blue Cards (Hero Deck) Overview > Character/ Hero Cards'),
 ('halfdeck.hero.in-play', 'halfdeck', 'Up to four heroes in play',
  'Blue Cards (Hero Deck) Overview',
  'One player controls up to 4 heroes. With a full party, a new hero from your hand can take the '
  'place of one in play, which goes to the hero discard pile. In co-op each player picks a hero '
  'before the game (halfdeck.coop.players).',
  'One player controls up to {heroes.max_in_play} heroes. With a full party,\n'
  'a new hero from your hand can take the place of one in play, which goes\n'
  'to the hero discard pile. In co-op each player picks a hero before the\n'
  'game (halfdeck.coop.players).\n',
  ('party', 'four heroes', 'max heroes', 'replace hero', 'in play', 'swap hero'),
  '002: Blue Cards (Hero Deck) Overview > Character/ Hero Cards'),
 ('halfdeck.card.gear', 'halfdeck', 'Gear cards: swords and tomes',
  'Blue Cards (Hero Deck) Overview',
  "Gear raises a hero's strength or magic. It comes in two kinds: swords and tomes.",
  "Gear raises a hero's strength or magic. It comes in two kinds: swords and\ntomes.\n",
  ('gear', 'equipment', 'sword', 'tome', 'book', 'bonus', 'weapon'),
  '002: Blue Cards (Hero Deck) Overview > Gear Cards'),
 ('halfdeck.gear.one-per-hero', 'halfdeck', 'One gear card per hero',
  'Blue Cards (Hero Deck) Overview',
  'Any gear fits any hero, but a hero carries 1 gear card at a time. Equip in a preparatory '
  'phase; to change it, send the old card to the hero discard pile.',
  'Any gear fits any hero, but a hero carries {heroes.gear_per_hero} gear\n'
  'card at a time. Equip in a preparatory phase; to change it, send the old\n'
  'card to the hero discard pile.\n',
  ('equip', 'gear limit', 'two gear', 'one gear', 'any hero', 'swap gear', 'carry'),
  '002: Blue Cards (Hero Deck) Overview > Gear Cards'),
 ('halfdeck.gear.one-use', 'halfdeck', 'One-use gear: spells and mighty weapons',
  'Blue Cards (Hero Deck) Overview',
  "Gear with the '1' icon: spells and powerful weapons. Equip it in a preparatory phase like "
  'other gear; it is used in a dungeon phase and then removed from play. You may use it at the '
  'next dungeon phase or keep it on standby for a boss, but while it waits the hero gets no bonus '
  'and can carry no other gear.',
  "Gear with the '1' icon: spells and powerful weapons. Equip it in a\n"
  'preparatory phase like other gear; it is used in a dungeon phase and then\n'
  'removed from play. You may use it at the next dungeon phase or keep it on\n'
  'standby for a boss, but while it waits the hero gets no bonus and can\n'
  'carry no other gear.\n',
  ('one use gear', 'spell', 'powerful weapon', 'standby', 'boss', 'equip', 'consumable'),
  '002: Blue Cards (Hero Deck) Overview > One-Use Gear Cards'),
 ('halfdeck.team.cards', 'halfdeck', 'Team cards: escape and team attack',
  'Blue Cards (Hero Deck) Overview',
  'Action cards for the whole party: 3 escape cards and 3 team attack cards. They are never '
  'equipped. Play one from your hand whenever it fits during a dungeon phase; it is then removed '
  'from play. A team attack lifts the limit of one support attacker (halfdeck.combat.assist).',
  'Action cards for the whole party: {team.copies} escape cards and\n'
  '{team.copies} team attack cards. They are never equipped. Play one from\n'
  'your hand whenever it fits during a dungeon phase; it is then removed\n'
  'from play. A team attack lifts the limit of one support attacker\n'
  '(halfdeck.combat.assist).\n',
  ('team card', 'escape card', 'team attack', 'action card', 'from hand', 'whole party'),
  '002: Blue Cards (Hero Deck) Overview > Team Cards'),
 ('halfdeck.card.minion', 'halfdeck', 'Minion cards', 'Red Cards (Dungeon Deck) Overview',
  'Lesser monsters with 1 life point. Their number is the difficulty: roll on the matching '
  "attribute (strength or magic), add the hero's gear bonus, and a result at least that number "
  'deals the one damage needed. Then draw its loot.',
  'Lesser monsters with {enemies.minion_life} life point. Their number is the\n'
  'difficulty: roll on the matching attribute (strength or magic), add the\n'
  "hero's gear bonus, and a result at least that number deals the one damage\n"
  'needed. Then draw its loot.\n',
  ('minion', 'minions', 'lesser monster', 'goblin', 'one damage', 'enemy'),
  '002: Red Cards (Dungeon Deck) Overview > Minion Cards'),
 ('halfdeck.card.boss', 'halfdeck', 'Boss cards', 'Red Cards (Dungeon Deck) Overview',
  'Major monsters with 4 life points: it takes 4 successful attacks to bring one down. Attack as '
  'against a minion (roll, attribute, gear bonus against the number), then draw its loot.',
  'Major monsters with {enemies.boss_life} life points: it takes\n'
  '{enemies.boss_life} successful attacks to bring one down. Attack as\n'
  'against a minion (roll, attribute, gear bonus against the number), then\n'
  'draw its loot.\n',
  ('boss', 'bosses', 'big monster', 'four damage', 'golem', 'enemy'),
  '002: Red Cards (Dungeon Deck) Overview > Boss Cards'),
 ('halfdeck.card.trap', 'halfdeck', 'Trap cards', 'Red Cards (Dungeon Deck) Overview',
  'Traps hurt a hero, your hero deck or your hand. Like enemies they are strength- or magic-based '
  'with one number. Choose one hero to roll: at least the number and the trap is passed safely; '
  "below it the trap's text takes effect at once, on the chosen hero unless it says otherwise. "
  'With no hero able to meet the requirement the trap goes off at once (halfdeck.trap.challenge).',
  'Traps hurt a hero, your hero deck or your hand. Like enemies they are\n'
  'strength- or magic-based with one number. Choose one hero to roll: at\n'
  "least the number and the trap is passed safely; below it the trap's text\n"
  'takes effect at once, on the chosen hero unless it says otherwise. With\n'
  'no hero able to meet the requirement the trap goes off at once\n'
  '(halfdeck.trap.challenge).\n',
  ('trap', 'traps', 'pit', 'hazard', 'challenge', 'penalty'),
  '002: Red Cards (Dungeon Deck) Overview > Trap Cards'),
 ('halfdeck.card.misc', 'halfdeck', 'Miscellaneous cards', 'Red Cards (Dungeon Deck) Overview',
  'Cards with small effects. The empty room and the minor treasures give heroes life or let you '
  'draw from the hero deck. The Lost card is special: do what it says, then remove it from play.',
  'Cards with small effects. The empty room and the minor treasures give\n'
  'heroes life or let you draw from the hero deck. The Lost card is special:\n'
  'do what it says, then remove it from play.\n',
  ('miscellaneous', 'misc', 'empty room', 'minor treasure', 'lost card', 'lost', 'heal'),
  '002: Red Cards (Dungeon Deck) Overview > Miscellaneous Cards'),
 ('halfdeck.card.endgame-treasure', 'halfdeck', 'The endgame treasure',
  'Red Cards (Dungeon Deck) Overview > Endgame Cards',
  'One of the two endgame cards, and the easy victory: draw it and you win.',
  'One of the two endgame cards, and the easy victory: draw it and you win.\n',
  ('endgame treasure', 'endgame', 'treasure', 'easy win', 'goal card', 'end game loot'),
  '002: Red Cards (Dungeon Deck) Overview > Endgame Cards'),
 ('halfdeck.card.endgame-boss', 'halfdeck', 'The endgame boss: the dragon',
  'Red Cards (Dungeon Deck) Overview > Endgame Cards',
  'The other endgame card, the hard victory: defeat the dragon boss and you win. It has 4 life '
  'like other bosses (halfdeck.ruling.endgame-boss), and no forced escape is possible.',
  'The other endgame card, the hard victory: defeat the dragon boss and you\n'
  'win. It has {enemies.endgame_boss_life} life like other bosses\n'
  '(halfdeck.ruling.endgame-boss), and no forced escape is possible.\n',
  ('endgame boss', 'dragon', 'final boss', 'hard mode', 'last boss', 'endgame'),
  '002: Red Cards (Dungeon Deck) Overview > Endgame Cards'),
 ('halfdeck.endgame.cards', 'halfdeck', 'Placing the endgame cards',
  'Red Cards (Dungeon Deck) Overview > Endgame Cards',
  'Choose how the game ends:\n'
  '\n'
  '- shuffle both endgame cards into the dungeon deck\n'
  '- keep only one: the treasure (easy) or the boss (hard)\n'
  '- put one at the bottom of the dungeon deck and take out the Lost card: all 23 other cards '
  'must be resolved first\n'
  '\n'
  'companion: --endgame both, treasure or boss.',
  'Choose how the game ends:\n'
  '\n'
  '- shuffle both endgame cards into the dungeon deck\n'
  '- keep only one: the treasure (easy) or the boss (hard)\n'
  '- put one at the bottom of the dungeon deck and take out the Lost card:\n'
  '  all 23 other cards must be resolved first\n'
  '\n'
  'companion: --endgame both, treasure or boss.\n',
  ('endgame', 'easy mode', 'hard mode', 'bottom of deck', 'lost card', '23 cards', 'setup'),
  '002: Red Cards (Dungeon Deck) Overview > Endgame Cards'),
 ('halfdeck.combat.roll', 'halfdeck', 'Combat step by step', 'Combat Rules',
  'Drawing a minion or boss starts a combat; it lasts until the enemy has no life left.\n'
  '\n'
  '- See whether the enemy is strength- or magic-based.\n'
  '- Pick one hero to attack with that attribute.\n'
  "- Roll a 6-sided die and add the hero's attribute and gear bonuses. At least the enemy's "
  'number: it takes 1 damage. Lower: the hero takes 1 damage.\n'
  '\n'
  'Enemies never roll: every failed attack simply hurts the attacker. Example: warrior strength '
  "4, steel sword +2, roll 3: 9 against a goblin's 7, a hit.",
  'Drawing a minion or boss starts a combat; it lasts until the enemy has no\n'
  'life left.\n'
  '\n'
  '- See whether the enemy is strength- or magic-based.\n'
  '- Pick one hero to attack with that attribute.\n'
  "- Roll a {die.faces}-sided die and add the hero's attribute and gear\n"
  "  bonuses. At least the enemy's number: it takes 1 damage. Lower: the\n"
  '  hero takes {combat.miss_damage} damage.\n'
  '\n'
  'Enemies never roll: every failed attack simply hurts the attacker.\n'
  "Example: warrior strength 4, steel sword +2, roll 3: 9 against a goblin's\n"
  '7, a hit.\n',
  ('combat', 'fight', 'attack', 'battle', 'roll', 'damage', 'how to fight', 'attack roll', 'd6'),
  '002: Combat Rules 1-5'),
 ('halfdeck.combat.assist', 'halfdeck', 'Assist rolls', 'Combat Rules',
  'Against a number no single roll can reach, name a main attacker and a support attacker before '
  'rolling. The main attacker rolls and adds attribute and gear; the supporter rolls one die and '
  'adds it to that result. Only 1 supporter per attack, unless you play a team attack card.\n'
  '\n'
  'If both together still fall short, each hero takes 1 damage. Example: warrior 2 + 4 + rusty '
  "sword 1 = 7, cleric rolls 4: 11 beats a rock golem's 10. When an assist is allowed is a "
  'setting (halfdeck.ruling.assist).',
  'Against a number no single roll can reach, name a main attacker and a\n'
  'support attacker before rolling. The main attacker rolls and adds\n'
  'attribute and gear; the supporter rolls one die and adds it to that\n'
  'result. Only {combat.support_attackers} supporter per attack, unless you\n'
  'play a team attack card.\n'
  '\n'
  'If both together still fall short, each hero takes\n'
  '{combat.miss_damage} damage. Example: warrior 2 + 4 + rusty sword 1 = 7,\n'
  "cleric rolls 4: 11 beats a rock golem's 10. When an assist is allowed is\n"
  'a setting (halfdeck.ruling.assist).\n',
  ('assist', 'support', 'help', 'two heroes', 'support attacker', 'main attacker', 'too strong'),
  '002: Combat Rules 6'),
 ('halfdeck.combat.forced-escape', 'halfdeck', 'Forced escape', 'Combat Rules',
  'When your heroes lack the attribute to win, flee: discard the minion or boss to the dungeon '
  'discard pile and every hero takes 1 damage. No loot. Not possible against the endgame boss.',
  'When your heroes lack the attribute to win, flee: discard the minion or\n'
  'boss to the dungeon discard pile and every hero takes\n'
  '{combat.escape_damage} damage. No loot. Not possible against the endgame\n'
  'boss.\n',
  ('escape', 'flee', 'run away', 'forced escape', 'retreat', 'skip enemy'),
  '002: Combat Rules 7'),
 ('halfdeck.combat.victory', 'halfdeck', 'Defeating a minion or boss', 'Combat Rules',
  'At zero life the minion or boss goes to the dungeon discard pile; draw its loot and go on to '
  'the next preparatory phase.',
  'At zero life the minion or boss goes to the dungeon discard pile; draw its\n'
  'loot and go on to the next preparatory phase.\n',
  ('defeat', 'kill', 'victory', 'won combat', 'loot', 'zero life', 'beat'),
  '002: Combat Rules 8'),
 ('halfdeck.combat.turns', 'halfdeck', 'One hero attacks at a time', 'Combat Rules',
  'Each attack roll is made by one hero. One hero may fight a boss to the end, or the heroes may '
  'take turns.',
  'Each attack roll is made by one hero. One hero may fight a boss to the\n'
  'end, or the heroes may take turns.\n',
  ('turns', 'rotate', 'switch hero', 'one at a time', 'which hero attacks', 'take turns'),
  '002: Combat Rules 9'),
 ('halfdeck.combat.hero-death', 'halfdeck', 'When a hero dies', 'Combat Rules',
  'A hero at zero life goes to the hero discard pile; its gear returns to your hand.',
  'A hero at zero life goes to the hero discard pile; its gear returns to\nyour hand.\n',
  ('hero dies', 'death', 'dead hero', 'killed', 'gear back', 'zero life'),
  '002: Combat Rules 10'),
 ('halfdeck.life', 'halfdeck', 'Tracking life points', 'Notes on Life Point Tracking',
  'Heroes and bosses start at 4 life. On the table you turn a damaged card counter-clockwise so '
  'the dots show the life left, and discard it at zero. companion keeps the numbers for you.',
  'Heroes and bosses start at {heroes.life} life. On the table you turn a\n'
  'damaged card counter-clockwise so the dots show the life left, and\n'
  'discard it at zero. companion keeps the numbers for you.\n',
  ('life tracking', 'rotate card', 'counter clockwise', 'dots', 'hp', 'health'),
  '002: Notes on Life Point Tracking'),
 ('halfdeck.trap.challenge', 'halfdeck', 'Traps: the challenge step by step', 'Challenge Rules',
  '- See whether the trap is strength- or magic-based.\n'
  '- Pick one hero to face it with that attribute.\n'
  "- Roll a die and add the attribute and gear bonuses. At least the trap's number: passed. "
  "Lower: the trap's penalty applies.\n"
  '- Unless the card says otherwise, only the chosen hero is affected.\n'
  "- If no hero can meet the trap's requirement, its effect happens at once.\n"
  '\n'
  'Example: spiked pit 7, the warrior totals 9 and passes; with 6 you would discard one equipped '
  'gear card.',
  '- See whether the trap is strength- or magic-based.\n'
  '- Pick one hero to face it with that attribute.\n'
  "- Roll a die and add the attribute and gear bonuses. At least the trap's\n"
  "  number: passed. Lower: the trap's penalty applies.\n"
  '- Unless the card says otherwise, only the chosen hero is affected.\n'
  "- If no hero can meet the trap's requirement, its effect happens at once.\n"
  '\n'
  'Example: spiked pit 7, the warrior totals 9 and passes; with 6 you would\n'
  'discard one equipped gear card.\n',
  ('challenge', 'trap', 'resolve trap', 'roll', 'penalty', 'spiked pit'), '002: Challenge Rules'),
 ('halfdeck.coop.players', 'halfdeck', 'Co-op: getting started', 'Cooperative Multiplayer Option',
  'Combat and challenges work as in the solo game. In the first preparatory phase each player '
  'takes the hero of their choice into play; the other heroes go into the hero deck. Each player '
  'draws 3 cards and may equip a gear card to their hero. companion: --players 2 to 4.',
  'Combat and challenges work as in the solo game. In the first preparatory\n'
  'phase each player takes the hero of their choice into play; the other\n'
  'heroes go into the hero deck. Each player draws {setup.coop_start_hand}\n'
  'cards and may equip a gear card to their hero. companion: --players 2 to\n'
  '{setup.players_max}.\n',
  ('co-op', 'coop', 'cooperative', 'multiplayer', 'players', 'pick hero', 'start', 'friends',
   'together'),
  '002: Cooperative Multiplayer Option 1-2'),
 ('halfdeck.coop.dungeon', 'halfdeck', 'Co-op: the dungeon phase and loot',
  'Cooperative Multiplayer Option',
  'Talk over who attacks, supports or faces a trap. Players take turns drawing dungeon cards; '
  'whoever draws resolves it unless the group agrees otherwise.\n'
  '\n'
  'Loot goes to the last main attacker: the one who landed the killing blow. With an assist roll, '
  'the main and support attackers agree who draws.',
  'Talk over who attacks, supports or faces a trap. Players take turns\n'
  'drawing dungeon cards; whoever draws resolves it unless the group agrees\n'
  'otherwise.\n'
  '\n'
  'Loot goes to the last main attacker: the one who landed the killing blow.\n'
  'With an assist roll, the main and support attackers agree who draws.\n',
  ('co-op', 'loot', 'who draws', 'killing blow', 'turns', 'discussion', 'multiplayer'),
  '002: Cooperative Multiplayer Option 3-4'),
 ('halfdeck.coop.trading', 'halfdeck', 'Co-op: trading cards', 'Cooperative Multiplayer Option',
  "In a preparatory phase two players may trade: each takes a random card from the other's hand. "
  'Each player may trade once per preparatory phase.',
  'In a preparatory phase two players may trade: each takes a random card\n'
  "from the other's hand. Each player may trade once per preparatory phase.\n",
  ('trade', 'trading', 'swap', 'exchange', 'random card', 'co-op'),
  '002: Cooperative Multiplayer Option 5'),
 ('halfdeck.coop.death', 'halfdeck', 'Co-op: when your hero dies',
  'Cooperative Multiplayer Option',
  'A player whose hero dies is out, unless they hold a spare hero card in hand and bring it in '
  'instead.',
  'A player whose hero dies is out, unless they hold a spare hero card in\n'
  'hand and bring it in instead.\n',
  ('co-op', 'hero dies', 'out of the game', 'replacement', 'spare hero'),
  '002: Cooperative Multiplayer Option 6'),
 ('halfdeck.custom.goal', 'halfdeck', 'Custom: choose the end', 'Customizing your game',
  'Play for just one endgame card: the boss asks for planning, luck and skill; the treasure is '
  'simply a card to reach.',
  'Play for just one endgame card: the boss asks for planning, luck and\n'
  'skill; the treasure is simply a card to reach.\n',
  ('variant', 'custom', 'endgame', 'goal', 'harder', 'easier'), '002: Customizing your game 1'),
 ('halfdeck.custom.encounters', 'halfdeck', 'Custom: pick the encounters', 'Customizing your game',
  'Set aside any encounters you like: all magic-based or all strength-based ones, or the hardest '
  'bosses and minions for a quicker game. Fewer encounters also means fewer loot draws.',
  'Set aside any encounters you like: all magic-based or all strength-based\n'
  'ones, or the hardest bosses and minions for a quicker game. Fewer\n'
  'encounters also means fewer loot draws.\n',
  ('variant', 'custom', 'encounters', 'remove cards', 'strength only', 'magic only', 'faster'),
  '002: Customizing your game 2'),
 ('halfdeck.custom.deck-size', 'halfdeck', 'Custom: a shorter dungeon', 'Customizing your game',
  'The dungeon deck has 26 cards; short of time, use 15 or fewer (--deck-size N).',
  'The dungeon deck has {decks.dungeon_cards} cards; short of time, use 15\n'
  'or fewer (--deck-size N).\n',
  ('variant', 'card limit', 'shorter', '15 cards', 'short game', 'deck size', 'time'),
  '002: Customizing your game 3'),
 ('halfdeck.custom.rescue', 'halfdeck', 'Custom: rescue mission', 'Customizing your game',
  'Shuffle one hero card into the dungeon deck: a prisoner. When you draw it, it joins your party '
  'at once (a full party: halfdeck.ruling.rescue-full). Play on until an endgame card is '
  'resolved. companion: --rescue HERO.',
  'Shuffle one hero card into the dungeon deck: a prisoner. When you draw\n'
  'it, it joins your party at once (a full party: halfdeck.ruling.rescue-full).\n'
  'Play on until an endgame card is resolved. companion: --rescue HERO.\n',
  ('variant', 'rescue', 'prisoner', 'hero in dungeon', 'rescue mission'),
  '002: Customizing your game 4'),
 ('halfdeck.custom.endgame-boss', 'halfdeck', 'Custom: a weaker final boss',
  'Customizing your game',
  'If the endgame boss is too strong, let any boss of the dungeon deck stand in for it: defeat '
  'that one and you win.',
  'If the endgame boss is too strong, let any boss of the dungeon deck stand\n'
  'in for it: defeat that one and you win.\n',
  ('variant', 'endgame boss', 'too strong', 'swap boss', 'final boss'),
  '002: Customizing your game 5'),
 ('halfdeck.ruling.cards-typed', 'halfdeck', 'Ruling: cards are entered by the player', 'Rulings',
  "No list of the cards survives, so every number on a card (a hero's attributes, a gear bonus, "
  "an enemy's or trap's number, loot) comes from you. companion asks once per card and keeps it "
  'in the catalog (halfdeck.cards.catalog).',
  "No list of the cards survives, so every number on a card (a hero's\n"
  "attributes, a gear bonus, an enemy's or trap's number, loot) comes from\n"
  'you. companion asks once per card and keeps it in the catalog\n'
  '(halfdeck.cards.catalog).\n',
  ('ruling', 'lost images', 'card numbers', 'catalog', 'enter card', 'unknown'),
  '002: card images (lost)'),
 ('halfdeck.ruling.slips', 'halfdeck', "Ruling: slips in the rules' examples", 'Rulings',
  "- The M icon text calls a hero's right number its strength; it is magic.\n"
  "- The second combat example gives a rusty sword's +1 but names the steel sword, and writes 1 + "
  "4 + 1 = 9; the total is 6, so the warrior misses the goblin's 7 and takes 1 damage.\n"
  "- The challenge rules speak of 'the minion' where the trap is meant.",
  "- The M icon text calls a hero's right number its strength; it is magic.\n"
  "- The second combat example gives a rusty sword's +1 but names the steel\n"
  '  sword, and writes 1 + 4 + 1 = 9; the total is 6, so the warrior misses\n'
  "  the goblin's 7 and takes 1 damage.\n"
  "- The challenge rules speak of 'the minion' where the trap is meant.\n",
  ('ruling', 'slip', 'typo', 'example', 'rusty sword', 'mistake'),
  '002: Game Iconography > M; Combat Rules 4; Challenge Rules 4'),
 ('halfdeck.ruling.endgame-boss', 'halfdeck', "Ruling: the endgame boss's life", 'Rulings',
  'The text gives the dragon no life of its own. Every boss has 4 dots, so companion gives the '
  'endgame boss 4.',
  'The text gives the dragon no life of its own. Every boss has\n'
  '{enemies.boss_life} dots, so companion gives the endgame boss\n'
  '{enemies.endgame_boss_life}.\n',
  ('ruling', 'endgame boss', 'dragon', 'life', 'how many hits'),
  '002: Endgame Cards; Game Iconography > Dots on borders'),
 ('halfdeck.ruling.losing', 'halfdeck', 'Ruling: how the game is lost', 'Rulings',
  'The rules only say how to win. companion calls the game lost when the last hero in play dies, '
  'even if a hero card waits in your hand.',
  'The rules only say how to win. companion calls the game lost when the\n'
  'last hero in play dies, even if a hero card waits in your hand.\n',
  ('ruling', 'lose', 'losing', 'defeat', 'all heroes dead', 'game over'),
  '002: Gameplay (Single Player); Combat Rules 10'),
 ('halfdeck.ruling.team-names', 'halfdeck', "Ruling: the team cards' names", 'Rulings',
  'The rules give the count of team cards but not their printed names. companion calls them '
  "'escape' and 'team attack'.",
  'The rules give the count of team cards but not their printed names.\n'
  "companion calls them '{team.escape}' and '{team.attack}'.\n",
  ('ruling', 'team card', 'escape card', 'team attack', 'name'),
  '002: Blue Cards (Hero Deck) Overview > Team Cards'),
 ('halfdeck.ruling.trap-needs', 'halfdeck', 'Ruling: when no hero can face a trap', 'Rulings',
  "'No hero fulfils the requirement' is read as: no hero could reach the trap's number even with "
  'a 6 (--trap-needs reach, the default). With --trap-needs attribute, a hero only needs the '
  'attribute (above 0). Either way, if nobody qualifies the trap takes effect at once.',
  "'No hero fulfils the requirement' is read as: no hero could reach the\n"
  "trap's number even with a 6 (--trap-needs reach, the default). With\n"
  '--trap-needs attribute, a hero only needs the attribute (above 0). Either\n'
  'way, if nobody qualifies the trap takes effect at once.\n',
  ('ruling', 'trap', 'requirement', 'no hero', 'attribute', 'setting', 'trap needs'),
  '002: Red Cards (Dungeon Deck) Overview > Trap Cards; Challenge Rules 6'),
 ('halfdeck.ruling.shuffle-back', 'halfdeck', 'Ruling: shuffling the endgame boss back', 'Rulings',
  "The endgame is an instant win 'or back into the deck'. companion reads it as: the endgame "
  'treasure always wins; the endgame boss may be shuffled back before its first attack roll, if '
  'you are not ready for it. Turn that off with --no-shuffle-back.',
  "The endgame is an instant win 'or back into the deck'. companion reads it\n"
  'as: the endgame treasure always wins; the endgame boss may be shuffled\n'
  'back before its first attack roll, if you are not ready for it. Turn that\n'
  'off with --no-shuffle-back.\n',
  ('ruling', 'shuffle back', 'endgame boss', 'reshuffle', 'not ready', 'setting'),
  '002: Gameplay (Single Player) 4d'),
 ('halfdeck.ruling.team-cards', 'halfdeck', 'Ruling: what team cards do', 'Rulings',
  'The rules give no card text. companion plays them thus:\n'
  '\n'
  "- team attack: any number of heroes add their dice to the main attacker's roll, not just one "
  'supporter\n'
  '- escape card: the party leaves the encounter unhurt, without loot (a forced escape without '
  'the damage)\n'
  '\n'
  'Both are removed from play after use.',
  'The rules give no card text. companion plays them thus:\n'
  '\n'
  '- team attack: any number of heroes add their dice to the main\n'
  "  attacker's roll, not just one supporter\n"
  '- escape card: the party leaves the encounter unhurt, without loot (a\n'
  '  forced escape without the damage)\n'
  '\n'
  'Both are removed from play after use.\n',
  ('ruling', 'team attack', 'escape card', 'team escape', 'all heroes', 'assist'),
  '002: Blue Cards (Hero Deck) Overview > Team Cards; Combat Rules 6'),
 ('halfdeck.ruling.deck-size', 'halfdeck', 'Ruling: dungeon deck size and set-aside cards',
  'Rulings',
  'An endgame card you play without is set aside, so the full dungeon deck is one card shorter. '
  '--deck-size trims the deck further, as the shorter dungeon option allows; companion keeps '
  'count of what is left.',
  'An endgame card you play without is set aside, so the full dungeon deck\n'
  'is one card shorter. --deck-size trims the deck further, as the shorter\n'
  'dungeon option allows; companion keeps count of what is left.\n',
  ('ruling', 'deck size', 'shorter', 'endgame', 'set aside', 'count'),
  '002: Customizing your game 1, 3; Endgame Cards'),
 ('halfdeck.ruling.assist', 'halfdeck', 'Ruling: when a roll may have a supporter', 'Rulings',
  'The rules keep assists for a number too high for any single attack, yet their own example has '
  "the warrior assisted against the rock golem's 10 when his best roll alone is 6 + 4 + rusty "
  'sword 1 = 11. So it is a setting:\n'
  '\n'
  '- --assist-rule loose (the default): any attack roll may have a supporter; when the main '
  "attacker's best roll (a 6, attribute and gear) reaches the number anyway, the roll's first "
  'line says so\n'
  "- --assist-rule strict: a supporter, or a team attack, is refused while the main attacker's "
  'best roll reaches the number, and the refusal shows that sum\n'
  '\n'
  "Only the main attacker's roll is weighed, not the other heroes'. Loose is the default: the "
  "example is the rules' only worked assist, the co-op rules name no condition, an assist costs "
  'the supporter a life on a miss, and companion always played it so. Games begun before edition '
  '3 have no such setting and assist any roll (halfdeck.ruling.editions).',
  'The rules keep assists for a number too high for any single attack, yet\n'
  "their own example has the warrior assisted against the rock golem's 10\n"
  'when his best roll alone is {die.faces} + 4 + rusty sword 1 = 11. So it\n'
  'is a setting:\n'
  '\n'
  '- --assist-rule loose (the default): any attack roll may have a\n'
  "  supporter; when the main attacker's best roll (a {die.faces}, attribute\n"
  "  and gear) reaches the number anyway, the roll's first line says so\n"
  '- --assist-rule strict: a supporter, or a team attack, is refused while\n'
  "  the main attacker's best roll reaches the number, and the refusal\n"
  '  shows that sum\n'
  '\n'
  "Only the main attacker's roll is weighed, not the other heroes'. Loose is\n"
  "the default: the example is the rules' only worked assist, the co-op\n"
  'rules name no condition, an assist costs the supporter a life on a miss,\n'
  'and companion always played it so. Games begun before edition 3 have no\n'
  'such setting and assist any roll (halfdeck.ruling.editions).\n',
  ('ruling', 'assist', 'assist roll', 'support attacker', 'supporter', 'when', 'strict', 'loose',
   'setting', 'assist-rule', 'too strong', 'team attack'),
  '002: Combat Rules 6; Cooperative Multiplayer Option 3'),
 ('halfdeck.ruling.rescue-full', 'halfdeck', 'Ruling: a prisoner rescued into a full party',
  'Rulings',
  'The rescued prisoner is to join the party at once, yet at most 4 heroes are in play, and which '
  'one makes way is yours to choose. So with 4 heroes in play the prisoner goes to the hand, and '
  "the ruling says so: play it at once with 'hero NAME --replace HERO' (a preparatory phase "
  'follows the rescue at once, the replaced hero is discarded and its gear goes back to the '
  'hand), or keep it for later. With room in the party it joins at once.',
  'The rescued prisoner is to join the party at once, yet at most\n'
  '{heroes.max_in_play} heroes are in play, and which one makes way is\n'
  'yours to choose. So with {heroes.max_in_play} heroes in play the\n'
  'prisoner goes to the hand, and the ruling says so: play it at once with\n'
  "'hero NAME --replace HERO' (a preparatory phase follows the rescue at\n"
  'once, the replaced hero is discarded and its gear goes back to the\n'
  'hand), or keep it for later. With room in the party it joins at once.\n',
  ('ruling', 'rescue', 'prisoner', 'full party', 'four heroes', 'replace', 'hand', 'at once'),
  '002: Customizing your game 4; Blue Cards (Hero Deck) Overview > Hero Cards'),
 ('halfdeck.ruling.editions', 'halfdeck', 'Ruling: a saved game keeps the rules it began with',
  'Rulings',
  "Each saved game records the edition of companion's rulings it is played under. A game begun "
  'before the third edition keeps its rules, for its saved actions and for those typed later: it '
  "has no --assist-rule setting and any attack roll may have a supporter, and in co-op 'hero "
  "--pick' may take the rescue prisoner from the hero deck while it is still in the dungeon. Its "
  'status says which edition it keeps. New games follow the third edition: the assist is a '
  'setting (halfdeck.ruling.assist) and the prisoner cannot be picked before it is rescued.',
  "Each saved game records the edition of companion's rulings it is played\n"
  'under. A game begun before the third edition keeps its rules, for its\n'
  'saved actions and for those typed later: it has no --assist-rule\n'
  "setting and any attack roll may have a supporter, and in co-op 'hero\n"
  "--pick' may take the rescue prisoner from the hero deck while it is\n"
  'still in the dungeon. Its status says which edition it keeps. New games\n'
  'follow the third edition: the assist is a setting\n'
  '(halfdeck.ruling.assist) and the prisoner cannot be picked before it is\n'
  'rescued.\n',
  ('ruling', 'edition', 'first edition', 'old save', 'saved game', 'earlier release', 'replay',
   'kept for this game'),
  '002: Combat Rules 6; Cooperative Multiplayer Option 1; Customizing your game 4'),
 ('elbereth.intro', 'elbereth', 'Elbereth at a glance', 'Elbereth Rules',
  'A one-player roguelike told in cards. Each floor of the dungeon is laid out card by card as '
  "you explore; you fight rats, spiders and snakes, pick up gear, and need the floor's key (won "
  'from its dragon) and the down stairs to go deeper.',
  'A one-player roguelike told in cards. Each floor of the dungeon is laid\n'
  'out card by card as you explore; you fight rats, spiders and snakes, pick\n'
  "up gear, and need the floor's key (won from its dragon) and the down\n"
  'stairs to go deeper.\n',
  ('overview', 'about', 'summary', 'solitaire', 'roguelike', 'solo', 'how to play'),
  '003: title (A Solitaire Roguelike Dungeon Crawler)'),
 ('elbereth.goal', 'elbereth', 'Goal: down every floor, past the dragon', 'Elbereth Rules',
  'Get through all 7 floors of the dungeon, beating the final dragon. Descending from the last '
  'floor empties the deck: you have won (elbereth.game.end).',
  'Get through all {deck.floors} floors of the dungeon, beating the final\n'
  'dragon. Descending from the last floor empties the deck: you have won\n'
  '(elbereth.game.end).\n',
  ('goal', 'win', 'object', 'aim', 'seven floors', 'final dragon', 'victory'), '003: Goal'),
 ('elbereth.setup', 'elbereth', 'Setting up', 'Elbereth Rules',
  'Lay the inventory cards face down, silhouettes up: the six pieces of equipment (sword, staff, '
  'bow, armour, helm, gauntlets), the coin and the key. Choose 2 pieces of equipment and turn '
  'them face up: you start with those equipped (--equip ITEM ITEM). The coin and the key are not '
  'equipment.\n'
  '\n'
  'Put the up stairs in front of you, shuffle the other dungeon cards into a deck, and explore '
  '(elbereth.explore).',
  'Lay the inventory cards face down, silhouettes up: the six pieces of\n'
  'equipment (sword, staff, bow, armour, helm, gauntlets), the coin and the\n'
  'key. Choose {equipment.start} pieces of equipment and turn them face up:\n'
  'you start with those equipped (--equip ITEM ITEM). The coin and the key\n'
  'are not equipment.\n'
  '\n'
  'Put the up stairs in front of you, shuffle the other dungeon cards into a\n'
  'deck, and explore (elbereth.explore).\n',
  ('setup', 'set up', 'start', 'starting equipment', 'two items', 'inventory', 'prepare'),
  '003: Setup'),
 ('elbereth.setup.deck', 'elbereth', 'The dungeon cards', 'Elbereth Rules',
  'Shuffled into the dungeon deck:\n'
  '\n'
  '- Rat x7, Spider x7, Snake x7 and Dragon x1: the enemies\n'
  '- Wall x12\n'
  '- Shop x2\n'
  '- Sword, Staff, Bow, Armour, Helm, Gauntlets and Coin, one each\n'
  '- the down stairs\n'
  '\n'
  'That is 44 cards. The up stairs starts face up in front of you and is never shuffled in. Each '
  'descent removes 7 cards unseen: six descents take all 42 cards except the dragon and the down '
  'stairs.\n'
  '\n'
  'companion refuses a card the floor cannot hold any more (its share of the deck all accounted '
  'for): most likely a typo.',
  'Shuffled into the dungeon deck:\n'
  '\n'
  '- Rat x{deck.count.rat}, Spider x{deck.count.spider}, Snake\n'
  '  x{deck.count.snake} and Dragon x{deck.count.dragon}: the enemies\n'
  '- Wall x{deck.count.wall}\n'
  '- Shop x{deck.count.shop}\n'
  '- Sword, Staff, Bow, Armour, Helm, Gauntlets and Coin, one each\n'
  '- the down stairs\n'
  '\n'
  'That is 44 cards. The up stairs starts face up in front of you and is\n'
  'never shuffled in. Each descent removes {deck.removed_per_descent} cards\n'
  'unseen: six descents take all {deck.others} cards except the dragon and\n'
  'the down stairs.\n'
  '\n'
  'companion refuses a card the floor cannot hold any more (its share of the\n'
  'deck all accounted for): most likely a typo.\n',
  ('deck', 'cards', 'dungeon cards', 'how many', '44 cards', 'card list', 'composition'),
  '003: Setup; deck list recovered (README)'),
 ('elbereth.equipment', 'elbereth', 'Equipment: offensive and protective', 'Elbereth Rules',
  '- offensive: sword, staff, bow\n'
  '- protective: armour, helm, gauntlets\n'
  '\n'
  'An inventory card face up is equipped; face down it is used or damaged (or not yet owned); a '
  'discarded card is gone for good. The coin and the key are inventory cards but never equipment.',
  '- offensive: sword, staff, bow\n'
  '- protective: armour, helm, gauntlets\n'
  '\n'
  'An inventory card face up is equipped; face down it is used or damaged\n'
  '(or not yet owned); a discarded card is gone for good. The coin and the\n'
  'key are inventory cards but never equipment.\n',
  ('equipment', 'gear', 'offensive', 'protective', 'sword', 'staff', 'bow', 'armour', 'armor',
   'helm', 'gauntlets', 'equipped'),
  '003: Setup; Actions'),
 ('elbereth.explore', 'elbereth', 'Exploring: laying out the floor', 'Elbereth Rules',
  'Deal dungeon cards face up until none can be placed. Stairs, shops, items and open areas get a '
  'card on each of their four sides, where there is room. Whenever a new free space appears, draw '
  'a card for it at once. When nothing more can be placed, take one action.',
  'Deal dungeon cards face up until none can be placed. Stairs, shops, items\n'
  'and open areas get a card on each of their four sides, where there is\n'
  'room. Whenever a new free space appears, draw a card for it at once. When\n'
  'nothing more can be placed, take one action.\n',
  ('explore', 'exploration', 'place cards', 'layout', 'draw', 'map', 'surround', 'four sides'),
  '003: Explore'),
 ('elbereth.action.attack', 'elbereth', 'Attack', 'Actions',
  "Pick any enemy in sight and roll one die. A roll at least the enemy's strength (top right of "
  'the card) succeeds (elbereth.action.attack-won). Otherwise the enemy stays face up and the '
  'miss must be settled (elbereth.action.miss).',
  "Pick any enemy in sight and roll one die. A roll at least the enemy's\n"
  'strength (top right of the card) succeeds (elbereth.action.attack-won).\n'
  'Otherwise the enemy stays face up and the miss must be settled\n'
  '(elbereth.action.miss).\n',
  ('attack', 'fight', 'combat', 'roll', 'd6', 'strength', 'enemy', 'battle'),
  '003: Actions > Attack'),
 ('elbereth.action.attack-won', 'elbereth', 'A successful attack', 'Actions',
  'Turn the enemy over: it is defeated and its back shows open floor. Then explore. If it was the '
  "dragon, also turn the key face up: you now hold this floor's key.",
  'Turn the enemy over: it is defeated and its back shows open floor. Then\n'
  'explore. If it was the dragon, also turn the key face up: you now hold\n'
  "this floor's key.\n",
  ('success', 'win fight', 'defeated', 'flip enemy', 'key', 'dragon killed'),
  '003: Actions > If Successful'),
 ('elbereth.action.miss', 'elbereth', 'A missed attack: three ways to settle it', 'Actions',
  'The enemy stays face up. Settle the miss in one of three ways before doing anything else:\n'
  '\n'
  '- boost: spend weapons to raise the roll (elbereth.miss.boost)\n'
  '- block: spend a protective item (elbereth.miss.block)\n'
  '- take a wound (elbereth.miss.wound)',
  'The enemy stays face up. Settle the miss in one of three ways before\n'
  'doing anything else:\n'
  '\n'
  '- boost: spend weapons to raise the roll (elbereth.miss.boost)\n'
  '- block: spend a protective item (elbereth.miss.block)\n'
  '- take a wound (elbereth.miss.wound)\n',
  ('fail', 'miss', 'failed attack', 'unsuccessful', 'use equipment', 'block', 'damage', 'bonus'),
  '003: Actions > If Unsuccessful'),
 ('elbereth.miss.boost', 'elbereth', 'Boost: spend weapons after a miss', 'Actions',
  'Turn any number of equipped offensive items (sword, staff, bow) face down; each adds +1 to the '
  "roll. If the total now reaches the enemy's strength, the attack succeeds. If it still falls "
  'short the items are spent anyway (elbereth.ruling.short-boost).',
  'Turn any number of equipped offensive items (sword, staff, bow) face\n'
  'down; each adds +{equipment.boost} to the roll. If the total now reaches\n'
  "the enemy's strength, the attack succeeds. If it still falls short the\n"
  'items are spent anyway (elbereth.ruling.short-boost).\n',
  ('boost', 'weapons', 'offensive', 'add to roll', 'plus one', 'sword', 'staff', 'bow', 'miss'),
  '003: Actions > If Unsuccessful'),
 ('elbereth.miss.block', 'elbereth', 'Block: spend armour after a miss', 'Actions',
  'Turn one equipped protective item (armour, helm or gauntlets) face down: it took the blow, and '
  'the miss costs nothing more.',
  'Turn one equipped protective item (armour, helm or gauntlets) face down:\n'
  'it took the blow, and the miss costs nothing more.\n',
  ('block', 'defend', 'protective', 'armour', 'armor', 'helm', 'gauntlets', 'shield', 'miss'),
  '003: Actions > If Unsuccessful'),
 ('elbereth.miss.wound', 'elbereth', 'Wound: losing equipment for good', 'Actions',
  'A wound costs one equipment card of your choice, discarded for good, equipped or face down '
  '(the coin and key do not count). A miss with no equipment left to lose ends the game: you lose '
  '(elbereth.game.end).',
  'A wound costs one equipment card of your choice, discarded for good,\n'
  'equipped or face down (the coin and key do not count). A miss with no\n'
  'equipment left to lose ends the game: you lose (elbereth.game.end).\n',
  ('damage', 'hurt', 'lose', 'losing', 'death', 'die', 'discard equipment', 'game over',
   'run out of equipment'),
  '003: Actions > If Unsuccessful'),
 ('elbereth.action.pickup', 'elbereth', 'Pick up an item', 'Actions',
  "Turn the item's dungeon card face down (open floor) and turn the matching inventory card face "
  'up: you have it. Not possible if you already have that item: never two swords, never two '
  'coins.',
  "Turn the item's dungeon card face down (open floor) and turn the matching\n"
  'inventory card face up: you have it. Not possible if you already have\n'
  'that item: never two swords, never two coins.\n',
  ('pickup', 'pick up', 'take item', 'item', 'loot', 'coin', 'grab', 'collect'),
  '003: Actions > Pickup'),
 ('elbereth.action.break-wall', 'elbereth', 'Break a wall', 'Actions',
  'Smash through a blue wall section, at some cost to your gear. Roll one die and find the '
  'equipment of that face (elbereth.dice):\n'
  '\n'
  '- equipped: turn it face down, damaged\n'
  '- face down: discard it for good\n'
  '- already discarded: nothing more to lose (elbereth.ruling.break-wall-lost)\n'
  '\n'
  'Either way turn the wall over to open floor and explore.',
  'Smash through a blue wall section, at some cost to your gear. Roll one\n'
  'die and find the equipment of that face (elbereth.dice):\n'
  '\n'
  '- equipped: turn it face down, damaged\n'
  '- face down: discard it for good\n'
  '- already discarded: nothing more to lose (elbereth.ruling.break-wall-lost)\n'
  '\n'
  'Either way turn the wall over to open floor and explore.\n',
  ('break wall', 'wall', 'smash', 'dig', 'tunnel', 'blue wall', 'die face'),
  '003: Actions > Break a Wall'),
 ('elbereth.dice', 'elbereth', 'Die faces and equipment', 'Actions',
  'When breaking a wall:\n'
  '\n'
  '- 1: sword\n'
  '- 2: staff\n'
  '- 3: bow\n'
  '- 4: armour\n'
  '- 5: helm\n'
  '- 6: gauntlets',
  'When breaking a wall:\n'
  '\n'
  '- 1: {wall_die.1}\n'
  '- 2: {wall_die.2}\n'
  '- 3: {wall_die.3}\n'
  '- 4: {wall_die.4}\n'
  '- 5: {wall_die.5}\n'
  '- 6: {wall_die.6}\n',
  ('die', 'dice', 'faces', 'roll', 'which equipment', '1 sword', '6 gauntlets'),
  '003: Actions > Break a Wall; die faces recovered (README)'),
 ('elbereth.action.shop', 'elbereth', 'Shop', 'Actions',
  'Once you have found a shop on this floor and hold the coin, spend it: turn the coin face down, '
  'then turn any one piece of equipment face up, bought and equipped. The key is not for sale. A '
  'floor may hold both shops (elbereth.ruling.two-shops).',
  'Once you have found a shop on this floor and hold the coin, spend it:\n'
  'turn the coin face down, then turn any one piece of equipment face up,\n'
  'bought and equipped. The key is not for sale. A floor may hold both\n'
  'shops (elbereth.ruling.two-shops).\n',
  ('shop', 'buy', 'store', 'merchant', 'coin', 'purchase', 'spend'), '003: Actions > Shop'),
 ('elbereth.action.descend', 'elbereth', 'Descend to the next floor', 'Actions',
  "Allowed only with the key in hand and this floor's down stairs found.\n"
  '\n'
  '- Turn the key face down (used).\n'
  '- Set aside the dragon, the up stairs and the down stairs.\n'
  '- Gather every other dungeon card, shuffle, and remove 7 unseen for good.\n'
  '- Put the up stairs in front of you; shuffle the dragon and the down stairs into the deck.\n'
  '- Explore the new floor.\n'
  '\n'
  'Descending from floor 7 leaves no dungeon cards: you win.',
  "Allowed only with the key in hand and this floor's down stairs found.\n"
  '\n'
  '- Turn the key face down (used).\n'
  '- Set aside the dragon, the up stairs and the down stairs.\n'
  '- Gather every other dungeon card, shuffle, and remove\n'
  '  {deck.removed_per_descent} unseen for good.\n'
  '- Put the up stairs in front of you; shuffle the dragon and the down\n'
  '  stairs into the deck.\n'
  '- Explore the new floor.\n'
  '\n'
  'Descending from floor {deck.floors} leaves no dungeon cards: you win.\n',
  ('descend', 'stairs', 'down stairs', 'next floor', 'go down', 'key', 'new floor', 'level'),
  '003: Actions > Descend'),
 ('elbereth.game.end', 'elbereth', 'Winning and losing', 'Actions',
  'You win by descending from the last floor, floor 7, after beating its dragon (or boss). You '
  'lose when a miss must cost you equipment and none is left. Either way the game is over and '
  'companion takes no more actions.',
  'You win by descending from the last floor, floor {deck.floors}, after\n'
  'beating its dragon (or boss). You lose when a miss must cost you\n'
  'equipment and none is left. Either way the game is over and companion\n'
  'takes no more actions.\n',
  ('win', 'lose', 'game over', 'end', 'victory', 'defeat', 'last floor'),
  '003: Goal; Actions > If Unsuccessful, Descend'),
 ('elbereth.card.rat', 'elbereth', 'Rat', 'Dungeon cards',
  'The weakest enemy, strength 3: a roll of 3 or more beats it. 7 in the deck.',
  'The weakest enemy, strength {enemies.rat.strength}: a roll of\n'
  '{enemies.rat.strength} or more beats it. {deck.count.rat} in the deck.\n',
  ('rat', 'rats', 'enemy', 'weak', '3'), '003: Actions > Attack; deck list recovered (README)'),
 ('elbereth.card.spider', 'elbereth', 'Spider', 'Dungeon cards',
  'An enemy of strength 4: roll 4 or more. 7 in the deck.',
  'An enemy of strength {enemies.spider.strength}: roll\n'
  '{enemies.spider.strength} or more. {deck.count.spider} in the deck.\n',
  ('spider', 'spiders', 'enemy', '4'), '003: Actions > Attack; deck list recovered (README)'),
 ('elbereth.card.snake', 'elbereth', 'Snake', 'Dungeon cards',
  'An enemy of strength 5: roll 5 or more. 7 in the deck.',
  'An enemy of strength {enemies.snake.strength}: roll\n'
  '{enemies.snake.strength} or more. {deck.count.snake} in the deck.\n',
  ('snake', 'snakes', 'serpent', 'enemy', '5'),
  '003: Actions > Attack; deck list recovered (README)'),
 ('elbereth.card.dragon', 'elbereth', 'Dragon', 'Dungeon cards',
  "One per floor, strength 6: only the die's top face, or a lower roll raised with weapons, beats "
  "it. Beating it gives you the floor's key. It is set aside and shuffled back in on every "
  'descent.',
  "One per floor, strength {enemies.dragon.strength}: only the die's top\n"
  'face, or a lower roll raised with weapons, beats it. Beating it gives you\n'
  "the floor's key. It is set aside and shuffled back in on every descent.\n",
  ('dragon', 'boss', 'key', 'enemy', '6', 'strongest'),
  '003: Goal; Actions > If Successful; deck list recovered (README)'),
 ('elbereth.card.wall', 'elbereth', 'Wall', 'Dungeon cards',
  'A blue wall section, 12 in the deck. Nothing is placed beyond it until you break it '
  '(elbereth.action.break-wall).',
  'A blue wall section, {deck.count.wall} in the deck. Nothing is placed\n'
  'beyond it until you break it (elbereth.action.break-wall).\n',
  ('wall', 'walls', 'blue', 'blocked', 'obstacle'),
  '003: Actions > Break a Wall; deck list recovered (README)'),
 ('elbereth.card.shop', 'elbereth', 'Shop card', 'Dungeon cards',
  '2 in the deck. Once one is found on a floor you may buy there with the coin '
  '(elbereth.action.shop). Cards are laid on its four sides.',
  '{deck.count.shop} in the deck. Once one is found on a floor you may buy\n'
  'there with the coin (elbereth.action.shop). Cards are laid on its four\n'
  'sides.\n',
  ('shop', 'store', 'shop card', 'merchant'),
  '003: Actions > Shop; deck list recovered (README)'),
 ('elbereth.card.item', 'elbereth', 'Item cards', 'Dungeon cards',
  'One each of sword, staff, bow, armour, helm, gauntlets and coin lie in the deck. Pick them up '
  '(elbereth.action.pickup) unless you already have that item. Cards are laid on their four '
  'sides.',
  'One each of sword, staff, bow, armour, helm, gauntlets and coin lie in\n'
  'the deck. Pick them up (elbereth.action.pickup) unless you already have\n'
  'that item. Cards are laid on their four sides.\n',
  ('item', 'items', 'sword', 'staff', 'bow', 'armour', 'helm', 'gauntlets', 'coin', 'pick up'),
  '003: Actions > Pickup; deck list recovered (README)'),
 ('elbereth.card.stairs', 'elbereth', 'Up stairs and down stairs', 'Dungeon cards',
  'The up stairs starts each floor face up in front of you: where the floor begins. The down '
  'stairs is shuffled into the deck; you need it found, and the key, to descend.',
  'The up stairs starts each floor face up in front of you: where the floor\n'
  'begins. The down stairs is shuffled into the deck; you need it found,\n'
  'and the key, to descend.\n',
  ('stairs', 'up stairs', 'down stairs', 'exit', 'entrance', 'staircase'),
  '003: Setup; Actions > Descend'),
 ('elbereth.card.key', 'elbereth', 'The key', 'Dungeon cards',
  "An inventory card, not equipment. It turns face up when you beat the floor's dragon and face "
  'down again when you descend.',
  'An inventory card, not equipment. It turns face up when you beat the\n'
  "floor's dragon and face down again when you descend.\n",
  ('key', 'floor key', 'unlock', 'dragon', 'descend'),
  '003: Setup; Actions > If Successful, Descend'),
 ('elbereth.bosses', 'elbereth', 'Boss mini-expansion (work in progress)',
  'Boss Mini-Expansion Concept (WIP)',
  'An unfinished expansion (--bosses): instead of a dragon on every floor, one boss drawn at '
  'random is shuffled into each floor, each boss at most once a game. A beaten boss is discarded '
  'for good along with the 7 cards removed when you descend. Several bosses can be bribed instead '
  'of fought (elbereth.bosses.bribe).',
  'An unfinished expansion (--bosses): instead of a dragon on every floor,\n'
  'one boss drawn at random is shuffled into each floor, each boss at most\n'
  'once a game. A beaten boss is discarded for good along with the\n'
  '{deck.removed_per_descent} cards removed when you descend. Several bosses\n'
  'can be bribed instead of fought (elbereth.bosses.bribe).\n',
  ('boss', 'bosses', 'expansion', 'variant', 'mini-expansion', 'random boss', 'wip'),
  '003: Boss Mini-Expansion Concept (WIP)'),
 ('elbereth.bosses.bribe', 'elbereth', 'Bribing a boss', 'Boss Mini-Expansion Concept (WIP)',
  'Five bosses let you pass for an item you give up for good: the Knight your sword, the Mage '
  'your staff, the Marksman your bow, the Merchant your coin, the Smith one protective item. '
  'Refuse, and you fight. The Ogre and the Dragon take no bribes. A bribed boss hands over the '
  "floor's key (elbereth.ruling.bribe).",
  'Five bosses let you pass for an item you give up for good: the Knight\n'
  'your sword, the Mage your staff, the Marksman your bow, the Merchant your\n'
  'coin, the Smith one protective item. Refuse, and you fight. The Ogre and\n'
  "the Dragon take no bribes. A bribed boss hands over the floor's key\n"
  '(elbereth.ruling.bribe).\n',
  ('bribe', 'pay', 'give item', 'avoid fight', 'boss', 'key'),
  '003: Boss Mini-Expansion Concept (WIP)'),
 ('elbereth.bosses.knight', 'elbereth', 'Boss: the Knight', 'Boss Mini-Expansion Concept (WIP)',
  'Give him your sword for good as a bribe, or fight him: strength 6.',
  'Give him your sword for good as a bribe, or fight him: strength\n{bosses.knight.strength}.\n',
  ('knight', 'boss', 'bribe', 'sword'), '003: Boss Mini-Expansion Concept (WIP)'),
 ('elbereth.bosses.mage', 'elbereth', 'Boss: the Mage', 'Boss Mini-Expansion Concept (WIP)',
  'Give him your staff for good as a bribe, or fight him: strength 6.',
  'Give him your staff for good as a bribe, or fight him: strength\n{bosses.mage.strength}.\n',
  ('mage', 'boss', 'bribe', 'staff', 'wizard'), '003: Boss Mini-Expansion Concept (WIP)'),
 ('elbereth.bosses.marksman', 'elbereth', 'Boss: the Marksman',
  'Boss Mini-Expansion Concept (WIP)',
  'Give him your bow for good as a bribe, or fight him: strength 6.',
  'Give him your bow for good as a bribe, or fight him: strength\n{bosses.marksman.strength}.\n',
  ('marksman', 'boss', 'bribe', 'bow', 'archer'), '003: Boss Mini-Expansion Concept (WIP)'),
 ('elbereth.bosses.merchant', 'elbereth', 'Boss: the Merchant',
  'Boss Mini-Expansion Concept (WIP)',
  'Give him your coin for good as a bribe, or fight him: strength 6.',
  'Give him your coin for good as a bribe, or fight him: strength\n{bosses.merchant.strength}.\n',
  ('merchant', 'boss', 'bribe', 'coin'), '003: Boss Mini-Expansion Concept (WIP)'),
 ('elbereth.bosses.smith', 'elbereth', 'Boss: the Smith', 'Boss Mini-Expansion Concept (WIP)',
  'Give him one piece of protective equipment (armour, helm or gauntlets) for good as a bribe, or '
  'fight him: strength 6.',
  'Give him one piece of protective equipment (armour, helm or gauntlets)\n'
  'for good as a bribe, or fight him: strength {bosses.smith.strength}.\n',
  ('smith', 'blacksmith', 'boss', 'bribe', 'armour', 'protective'),
  '003: Boss Mini-Expansion Concept (WIP)'),
 ('elbereth.bosses.ogre', 'elbereth', 'Boss: the Two-headed Ogre',
  'Boss Mini-Expansion Concept (WIP)',
  'No bribe: fight. Strength 5, and it takes 2 successful attacks in a row to beat it '
  '(elbereth.ruling.ogre).',
  'No bribe: fight. Strength {bosses.ogre.strength}, and it takes\n'
  '{bosses.ogre.wins} successful attacks in a row to beat it\n'
  '(elbereth.ruling.ogre).\n',
  ('ogre', 'two-headed ogre', 'two headed', 'boss', 'twice', '5'),
  '003: Boss Mini-Expansion Concept (WIP)'),
 ('elbereth.bosses.dragon', 'elbereth', 'Boss: the Dragon', 'Boss Mini-Expansion Concept (WIP)',
  'No bribe: fight it, strength 6, as in the base game.',
  'No bribe: fight it, strength {bosses.dragon.strength}, as in the base\ngame.\n',
  ('dragon', 'boss', 'fight'), '003: Boss Mini-Expansion Concept (WIP)'),
 ('elbereth.ruling.deck', 'elbereth', 'Ruling: the deck list', 'Rulings',
  "The rules text lists no cards. companion uses the deck of the author's web version (rules of 1 "
  'September 2020): the counts and strengths in elbereth.setup.deck and the die faces in '
  'elbereth.dice.',
  "The rules text lists no cards. companion uses the deck of the author's\n"
  'web version (rules of 1 September 2020): the counts and strengths in\n'
  'elbereth.setup.deck and the die faces in elbereth.dice.\n',
  ('ruling', 'deck', 'card counts', 'recovered', 'source'),
  '003: card list not in the text; recovered (README)'),
 ('elbereth.ruling.ogre', 'elbereth', "Ruling: the ogre's two heads", 'Rulings',
  "'Fight the order' is a slip for the ogre. The wins must come in a row: a miss settled without "
  'success, or an attack on another enemy in between, sends you back to the first head.',
  "'Fight the order' is a slip for the ogre. The wins must come in a row: a\n"
  'miss settled without success, or an attack on another enemy in between,\n'
  'sends you back to the first head.\n',
  ('ruling', 'ogre', 'typo', 'order', 'consecutive', 'twice'),
  '003: Boss Mini-Expansion Concept (WIP) > The Two-headed Ogre'),
 ('elbereth.ruling.break-wall-lost', 'elbereth', 'Ruling: breaking a wall for gear you lack',
  'Rulings',
  'If the die names equipment you no longer have (already discarded), there is nothing to lose: '
  'the wall still opens.',
  'If the die names equipment you no longer have (already discarded), there\n'
  'is nothing to lose: the wall still opens.\n',
  ('ruling', 'break wall', 'already discarded', 'not owned', 'nothing happens'),
  '003: Actions > Break a Wall'),
 ('elbereth.ruling.bribe', 'elbereth', 'Ruling: what a bribe takes and gives', 'Rulings',
  'By default a bribe is paid with equipped gear or a face-up coin; --bribe-from any accepts '
  'face-down gear too, which is still yours. A face-down coin is not: spent at a shop or never '
  "picked up, the Merchant cannot have it under either setting. A bribed boss gives the floor's "
  'key as beating it would (--no-bribe-key to play without).',
  'By default a bribe is paid with equipped gear or a face-up coin;\n'
  '--bribe-from any accepts face-down gear too, which is still yours. A\n'
  'face-down coin is not: spent at a shop or never picked up, the Merchant\n'
  "cannot have it under either setting. A bribed boss gives the floor's key\n"
  'as beating it would (--no-bribe-key to play without).\n',
  ('ruling', 'bribe', 'boss', 'item', 'give'), '003: Boss Mini-Expansion Concept (WIP)'),
 ('elbereth.ruling.short-boost', 'elbereth', 'Ruling: a boost that falls short', 'Rulings',
  'Spending weapons is one of the three choices, so a boost that still falls short settles the '
  'miss: the items are spent and the enemy stays (--short-boost settles, the default). With '
  "--short-boost refused, companion refuses a boost that cannot reach the enemy's strength.",
  'Spending weapons is one of the three choices, so a boost that still falls\n'
  'short settles the miss: the items are spent and the enemy stays\n'
  '(--short-boost settles, the default). With --short-boost refused,\n'
  "companion refuses a boost that cannot reach the enemy's strength.\n",
  ('ruling', 'boost', 'short', 'not enough', 'still a miss', 'setting'),
  '003: Actions > If Unsuccessful'),
 ('elbereth.ruling.pickup-face-down', 'elbereth', 'Ruling: picking up an item you hold face down',
  'Rulings',
  "'Already in your possession' is read as face up. An item whose inventory card is face down "
  '(used or damaged) may be picked up again and turns face up. One discarded for good is gone: '
  'its card cannot be picked up.',
  "'Already in your possession' is read as face up. An item whose inventory\n"
  'card is face down (used or damaged) may be picked up again and turns face\n'
  'up. One discarded for good is gone: its card cannot be picked up.\n',
  ('ruling', 'pickup', 'face down', 'used item', 'refresh', 'already have'),
  '003: Actions > Pickup'),
 ('elbereth.ruling.shop-stock', 'elbereth', 'Ruling: what the shop sells', 'Rulings',
  'The shop turns face up any equipment not already equipped, face down or never owned, but not '
  'one discarded for good.',
  'The shop turns face up any equipment not already equipped, face down or\n'
  'never owned, but not one discarded for good.\n',
  ('ruling', 'shop', 'discarded', 'buy back', 'stock'), '003: Actions > Shop'),
 ('elbereth.ruling.two-shops', 'elbereth', 'Ruling: two shops on one floor', 'Rulings',
  'The deck holds 2 shop cards and nothing keeps them apart, so both may turn up on one floor; '
  "'found shop' is refused only past that number. The coin buys one item at either.",
  'The deck holds {deck.count.shop} shop cards and nothing keeps them apart,\n'
  "so both may turn up on one floor; 'found shop' is refused only past that\n"
  'number. The coin buys one item at either.\n',
  ('ruling', 'shop', 'two shops', 'second shop', 'same floor', 'found shop'),
  '003: Actions > Shop; card list (README)'),
 ('elbereth.ruling.editions', 'elbereth', 'Ruling: a saved game keeps the rules it began with',
  'Rulings',
  "Each saved game records the edition of companion's rulings it is played under. A game begun "
  'before editions existed is of the first edition and keeps it, for its saved actions and for '
  'those typed later: with --bribe-from any, a boss who wants the coin takes a face-down one. Its '
  "status says 'Rules: first edition, kept for this game'. New games follow the second edition, "
  'where a face-down coin is no bribe.',
  "Each saved game records the edition of companion's rulings it is played\n"
  'under. A game begun before editions existed is of the first edition and\n'
  'keeps it, for its saved actions and for those typed later: with\n'
  '--bribe-from any, a boss who wants the coin takes a face-down one. Its\n'
  "status says 'Rules: first edition, kept for this game'. New games follow\n"
  'the second edition, where a face-down coin is no bribe.\n',
  ('ruling', 'edition', 'first edition', 'old save', 'saved game', 'earlier release', 'replay',
   'kept for this game'),
  '003: Boss Mini-Expansion Concept (WIP)'))

DATA: Any = {'hebrac': {'cards': {'enemy': {'A': {'section': 'hebrac.enemy.ace',
                                      'summary': 'nobody guards the chamber: take the treasure'},
                                'S': {'section': 'hebrac.enemy.warrior',
                                      'summary': 'a warrior: fight it, life = its number'},
                                'H': {'section': 'hebrac.enemy.amazon',
                                      'summary': 'an amazon: fight her, life = her number'},
                                'C': {'section': 'hebrac.enemy.magician',
                                      'summary': 'a magician: fight him, life = his number; '
                                                 'harmless under Anti-Magic'},
                                'D': {'section': 'hebrac.enemy.demon',
                                      'summary': 'a demon: fight it, life = its number'},
                                'J': {'section': 'hebrac.enemy.jack',
                                      'summary': 'a rival adventurer, life '
                                                 '{battle.adventurer_life}: fight him or trade'},
                                'Q-black': {'section': 'hebrac.enemy.black-queen',
                                            'summary': 'a black priestess: steals your most '
                                                       'valuable treasure; no fight, no Escape'},
                                'Q-red': {'section': 'hebrac.enemy.red-queen',
                                          'summary': 'a white priestess: heal to full (treasure '
                                                     'lost) or take the treasure'},
                                'K': {'section': 'hebrac.enemy.king',
                                      'summary': 'a merchant: buy his treasure with gems, or '
                                                 'leave it'},
                                'JK': {'section': 'hebrac.enemy.joker',
                                       'summary': 'Hebrac: play his red/black game for the '
                                                  'treasure, or refuse'}},
                      'treasure': {'AH': {'section': 'hebrac.treasure.ruby',
                                          'summary': 'Ruby of Gaza: max life '
                                                     '+{treasure.ruby_max_life} while held'},
                                   'AD': {'section': 'hebrac.treasure.bag',
                                          'summary': 'Bag of Meres: endless gems for merchants '
                                                     'and trades'},
                                   'AS': {'section': 'hebrac.treasure.bracelet',
                                          'summary': 'Bracelet of Armok: +{battle.bracelet_bonus} '
                                                     'to every attack'},
                                   'AC': {'section': 'hebrac.treasure.scepter',
                                          'summary': 'Scepter of Leynos: magic potions count '
                                                     'double'},
                                   'H': {'section': 'hebrac.treasure.life-potion',
                                         'summary': 'life potion: heal its number, up to your '
                                                    'maximum'},
                                   'D': {'section': 'hebrac.treasure.gems',
                                         'summary': 'gems worth its number, to pay merchants and '
                                                    'trades'},
                                   'S': {'section': 'hebrac.treasure.strength-potion',
                                         'summary': 'strength potion: + its number to one attack'},
                                   'C': {'section': 'hebrac.treasure.magic-potion',
                                         'summary': 'magic potion: its number in magic points for '
                                                    'spells'},
                                   'J': {'section': 'hebrac.treasure.jack',
                                         'summary': 'prisoner: +{battle.prisoner_bonus} to each '
                                                    'attack of one battle'},
                                   'Q-red': {'section': 'hebrac.treasure.red-queen',
                                             'summary': 'white priestess: heals you to full at '
                                                        'once'},
                                   'Q-black': {'section': 'hebrac.treasure.black-queen',
                                               'summary': 'black priestess: steals your least '
                                                          'valuable treasure at once'},
                                   'KH': {'section': 'hebrac.treasure.king-of-hearts',
                                          'summary': 'Genie of Life: max life '
                                                     '+{treasure.genie_of_life_max_life} for '
                                                     'good'},
                                   'KD': {'section': 'hebrac.treasure.king-of-diamonds',
                                          'summary': 'Genie of Luck: draw '
                                                     '{treasure.genie_of_luck_cards} Hand Deck '
                                                     'cards as treasures'},
                                   'KS': {'section': 'hebrac.treasure.king-of-spades',
                                          'summary': 'Genie of Death: removes '
                                                     '{treasure.genie_of_death_enemies} enemies '
                                                     'of unvisited chambers'},
                                   'KC': {'section': 'hebrac.treasure.king-of-clubs',
                                          'summary': 'Genie of Destiny: God Vision on this level'},
                                   'JK': {'section': 'hebrac.treasure.joker',
                                          'summary': "Hebrac's game again: red wins any Hand Deck "
                                                     'card, black hurts'}}},
            'difference': [{'topic': 'Leaving a level',
                            'section': 'hebrac.map.next-level',
                            'rev2005': "You may go down once half of the level's chambers are "
                                       'cleared.',
                            'classic': 'Every chamber must be cleared first (or use Teleport).',
                            'setting': '--rules 2005 (default) or --rules classic'},
                           {'topic': 'Used cards',
                            'section': 'hebrac.map.used-cards',
                            'rev2005': 'States once, for all cases, that used cards go under the '
                                       'Hand Deck.',
                            'classic': 'Only says so rule by rule; play is the same.'},
                           {'topic': 'Enemy card and treasure card',
                            'section': 'hebrac.map.chambers',
                            'rev2005': 'Defines the two terms (top card and bottom card of a '
                                       'chamber).',
                            'classic': 'Uses the terms without defining them.'},
                           {'topic': 'Enemies, treasures and spells',
                            'section': 'hebrac.enemy.list',
                            'rev2005': 'Describes what every enemy, treasure and spell does.',
                            'classic': 'Lists them with prices and costs only; companion uses the '
                                       '2005 descriptions for both.'},
                           {'topic': 'Numbers',
                            'section': 'hebrac.spell.list',
                            'rev2005': 'Prices, spell costs (Teleport 8), trade values and theft '
                                       'order.',
                            'classic': 'The same numbers, Teleport 8 too; the Levitation slip is '
                                       'in both texts.'},
                           {'topic': 'Headings and footer',
                            'section': 'hebrac.intro',
                            'rev2005': 'Has Introduction, Spells and Strategies headings, a date '
                                       '(4 July 2005) and a contact line.',
                            'classic': 'Keeps that text without those headings, and has no date '
                                       'or contact line.'},
                           {'topic': 'Typos',
                            'section': 'hebrac.trade.values',
                            'rev2005': "Reads 'a queen of hearts or a queen of diamonds' and 'a "
                                       "queen, a king or a joker'.",
                            'classic': "Has 'of' for 'or' in both places; no rule changes."}]},
 'tricky': {},
 'halfdeck': {},
 'elbereth': {}}
