"""Tricky Dungeon: a trick-taking card game for 2 to 4 players, with heroes and gold."""
