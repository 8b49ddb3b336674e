"""Rules editions: a saved game keeps the rules it began with.

A game is its setup plus the actions typed, replayed through the engine each time it
is opened. When a release makes a check stricter (a ruling settled, a loophole
closed), an action an earlier release accepted could be refused on replay, and the
player could no longer open their game: the worst failure a scorekeeper can have. So
each save records the edition of the rules it is played under, as ``edition`` in its
settings, and an engine applies the checks of that edition, to the saved actions and
to those typed later alike (a game never changes rules halfway). New games get
``CURRENT``; a save without the key was written before editions existed and is of
the ``FIRST``. Checks are never loosened for games of the current edition.

Editions:

1. Up to release 08db6ae.
2. Tricky: no fewer rounds per player than the rules; two-player exchanges name
   their cards; exchanges come from what the leftover pile holds once the
   Trickster's cards are face up. Hebrac: each joker drawn at once is a game of its
   own; a merchant with nothing to sell leaves at once; a stolen treasure is not
   taken again; spells are paid before they act; Stone Statue may turn the enemy
   faced to stone. Elbereth: a face-down coin is no bribe.
3. Tricky: the Seer predicts after every exchange; an exchange typed after the
   prediction (or after --predict on the round line) is refused. Half Deck: the
   assist setting (``assist_rule``, loose by default; strict refuses an assisted
   roll or team attack the main attacker's best roll alone reaches); ``hero
   --pick`` no longer takes the rescue prisoner still in the dungeon deck. Hebrac:
   a merchant whose ware is gems or a black queen stays at ``reveal`` while
   Stealing Spirit could still take it; after Teleport to a chamber whose enemy
   waits, only ``enter`` of that chamber is accepted; the ``illusion_black_queen``
   setting.

The status of a game of an earlier edition says so in one line (``status_line``).
A share code carries the edition when it is not the current one; a code without it
(printed before editions existed) is read as the current edition, or as the first
when only the first replays it (``share.decode``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import BadInput

KEY = "edition"
FIRST = 1
CURRENT = 3


def edition(raw: Mapping[str, Any]) -> int:
    """The edition in settings being normalised: the current one when not given."""
    value = raw.get(KEY, CURRENT)
    if isinstance(value, bool) or not isinstance(value, int) or not FIRST <= value <= CURRENT:
        raise BadInput(f"edition must be a whole number from {FIRST} to {CURRENT}")
    return value


def saved(settings: Mapping[str, Any]) -> dict[str, Any]:
    """A save's settings as its engine reads them: no edition recorded is the first."""
    return {KEY: FIRST, **settings}


def at_least(settings: Mapping[str, Any], number: int) -> bool:
    """Is this game's (normalised) edition ``number`` or later: do that edition's checks
    apply?"""
    return int(settings.get(KEY, CURRENT)) >= number


def status_line(settings: Mapping[str, Any]) -> list[str]:
    """One line for the status of a game of an earlier edition; none for the current."""
    number = settings.get(KEY, CURRENT)
    if number == CURRENT:
        return []
    name = {1: "first", 2: "second"}.get(number, str(number))
    return [f"Rules: {name} edition, kept for this game"]
