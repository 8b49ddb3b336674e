"""One way of matching what a player names, in every game.

Spells, heroes, items, enemies, catalog cards, players, commands: a typed
name is matched the same way everywhere, in this order:

1. exactly, in any case, with spaces, hyphens and underscores alike
   (``Fairy Scout`` is ``fairy-scout``), a name spelled as typed first
   (``mary_ann`` is Mary_Ann, not Mary-Ann);
2. a unique prefix, in any case (``barb`` is ``barbarian``, ``fairy s`` is
   ``fairy-scout``);
3. otherwise an error: several candidates are named ("could be ..."), or
   the closest names are offered ("did you mean ..."); ``find`` answers None
   when none is close, where a new name may be entered.

Multi-word names need no quotes: ``lead_name`` takes the longest run of the
words given that names something (``draw goblin minion``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from companion.errors import NotationError

PLAYER_FORMS = "1 to 12 letters, digits, '-' or '_'"


def check_player(name: str) -> str:
    """A player's name as every game takes it (Tricky's seats, Half Deck's)."""
    if not re.fullmatch(r"[^\W_][\w-]{0,11}", name):
        raise NotationError(f"{name!r} is not a player name: {PLAYER_FORMS}")
    return name


def a_name(what: str) -> str:
    """``what`` with its article: "a hero", "an item", "an Elbereth action"."""
    return f"{'an' if what[:1].lower() in 'aeiou' else 'a'} {what}"


def key(text: str) -> str:
    """The form names are compared in: lower case, words joined by one hyphen."""
    # Plain string methods: every command names something, few need a pattern compiled.
    return "-".join(text.lower().replace("_", " ").replace("-", " ").split())


def candidates(typed: str, names: Mapping[str, str]) -> list[str]:
    """The names ``typed`` could stand for, by the rule above (one when it is settled).

    ``names`` maps every accepted spelling (``spellings``) to the name it means, so
    aliases lead to their name.
    """
    wanted = key(typed)
    if not wanted:
        return []
    for spelled in (typed.strip().casefold(), wanted):
        if spelled in names:
            return [names[spelled]]
    return list(dict.fromkeys(name for spelling, name in names.items()
                              if spelling.startswith(wanted)))


def spellings(names: Iterable[str], aliases: Mapping[str, Iterable[str]] | None = None
              ) -> dict[str, str]:
    """Every accepted spelling of ``names`` (and their ``aliases``) to the name: each name
    as it is spelled first, so that 'Mary_Ann' stays apart from 'Mary-Ann', then by
    ``key``."""
    names = list(names)
    found: dict[str, str] = {}
    for name in names:
        found.setdefault(name.strip().casefold(), name)
    for name in names:
        found.setdefault(key(name), name)
    for name, others in (aliases or {}).items():
        for other in others:
            found.setdefault(key(other), name)
    return found


def find(typed: str, names: Iterable[str] | Mapping[str, str], what: str) -> str | None:
    """The one name ``typed`` stands for; None when no name is even close (a new name may
    be entered: a card the game meets for the first time); ``NotationError`` naming the
    candidates or the closest names otherwise."""
    table = names if isinstance(names, Mapping) else spellings(names)
    found = candidates(typed, table)
    if len(found) == 1:
        return found[0]
    shown = typed.strip()
    if found:
        raise NotationError(f"{shown!r} could be {' or '.join(found)}: type more")
    close = closest(shown, table)
    if close:
        raise NotationError(f"{shown!r} is not {a_name(what)}: did you mean "
                            f"{' or '.join(close)}?")
    return None


def match(typed: str, names: Iterable[str] | Mapping[str, str], what: str,
          listed: Sequence[str] | None = None) -> str:
    """The one name ``typed`` stands for (``find``); ``NotationError`` otherwise. ``what``
    is the kind of name ("hero", "item"); ``listed`` the names an error lists when nothing
    is close (all of them by default)."""
    table = names if isinstance(names, Mapping) else spellings(names)
    found = find(typed, table, what)
    if found is None:
        every = list(listed) if listed is not None else list(dict.fromkeys(table.values()))
        raise NotationError(f"{typed.strip()!r} is not {a_name(what)}: expected one of "
                            f"{', '.join(every)}")
    return found


def closest(typed: str, names: Mapping[str, str], most: int = 3) -> list[str]:
    """Up to ``most`` names spelled like ``typed`` (a typo, a swapped letter)."""
    import difflib  # only on the way to an error

    near = difflib.get_close_matches(key(typed), list(names), n=most * 2, cutoff=0.6)
    return list(dict.fromkeys(names[spelling] for spelling in near))[:most]


def lead(words: Sequence[str], names: Iterable[str] | Mapping[str, str], what: str
         ) -> tuple[str | None, int]:
    """The name at the start of ``words`` and how many words it took: the longest run of
    words that names exactly one thing, unquoted (``goblin minion 3``, ``fairy sc``); else
    the first word as ``find`` reads it (None: a new name)."""
    table = names if isinstance(names, Mapping) else spellings(names)
    for count in range(len(words), 0, -1):
        found = candidates(" ".join(words[:count]), table)
        if len(found) == 1:
            return found[0], count
    return find(words[0] if words else "", table, what), 1


def lead_name(words: Sequence[str], names: Iterable[str] | Mapping[str, str], what: str,
              listed: Sequence[str] | None = None) -> tuple[str, int]:
    """``lead``, where a name must be one of ``names`` (``match``'s error otherwise)."""
    table = names if isinstance(names, Mapping) else spellings(names)
    found, count = lead(words, table, what)
    if found is None:
        return match(words[0] if words else "", table, what, listed), 1
    return found, count
