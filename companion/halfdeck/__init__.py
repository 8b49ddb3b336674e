"""Half Deck Dungeon Heroes: heroes, gear and the two decks, tracked from typed cards."""
