"""companion: scorekeeper and rules companion for card games played with real cards."""

__version__ = "0.1.0"
