"""The short forms of every command, shared by the one-shot commands and the shell.

Kept apart from the dispatcher and the registry, and light (no typer): the
status fast path reads it, and each game's ``--help`` lists it.
"""

from __future__ import annotations

import re

from companion.kinds import KINDS

# Short forms per game, chosen by how often each verb is typed at the table. Undo and
# redo keep '-' and '+' everywhere, and 'u'/'r' where no commoner verb wants the letter.
ALIASES: dict[str, dict[str, str]] = {
    "*": {"s": "status", "l": "log", "u": "undo", "r": "redo", "-": "undo", "+": "redo"},
    "hebrac": {"a": "attack", "e": "enter", "t": "take", "c": "cast", "nl": "next-level",
               "m": "move", "p": "play"},
    "tricky": {"t": "trick", "r": "round", "re": "result", "x": "exchange"},
    "halfdeck": {"a": "attack", "d": "draw", "ta": "team-attack", "e": "equip"},
    "elbereth": {"a": "attack", "d": "descend", "p": "pickup", "f": "found"},
}


# A line that starts with what only one verb takes needs no verb: in Hebrac a chamber
# ('C1 3S') can only be entered, the action typed most after attack.
IMPLICIT_VERBS: dict[str, tuple[re.Pattern[str], str]] = {
    "hebrac": (re.compile(r"[A-Ca-c](10|[1-9])"), "enter"),
}


def implicit_verb(kind: str | None, word: str) -> str | None:
    """The verb a game's line means when it starts with ``word`` instead of a verb."""
    rule = IMPLICIT_VERBS.get(kind or "")
    return rule[1] if rule is not None and rule[0].fullmatch(word) else None


def aliases(kind: str | None) -> dict[str, str]:
    """A game's aliases: the shared ones, then its own (which win)."""
    return {**ALIASES["*"], **ALIASES.get(kind or "", {})}


def kind_aliases() -> dict[str, str]:
    return {alias: info.name for info in KINDS.values() for alias in info.aliases}


def short_forms(kind: str) -> str:
    """One paragraph for a game's ``--help``: its name's and its commands' short forms."""
    by_name: dict[str, list[str]] = {}
    for short, name in aliases(kind).items():
        by_name.setdefault(name, []).append(short)
    names = [a for a, k in kind_aliases().items() if k == kind and a.isalnum()]
    listed = ", ".join(f"{' or '.join(shorts)} {name}" for name, shorts in by_name.items())
    implicit = IMPLICIT_VERBS.get(kind)
    bare = (f" A line may start with a chamber for {implicit[1]} (C1 3S)."
            if implicit is not None else "")
    return (f"Short forms: companion {' or '.join(names)} for companion {kind}; {listed}. "
            "Any unique prefix of a command or an --option works too, as in the shell."
            + bare)
