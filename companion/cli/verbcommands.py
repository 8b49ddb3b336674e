"""A game's commands made from its verb table, without typer or the game's other
commands: one declaration, no second copy. Their words (one-shot, in the shell, on the
live page) are read by ``verbs.read_line`` and built into the verb's value. A verb
whose command does more (rolls a die, finds a name by its start, learns a catalog
card) reads its own words in a function of its game's module of lines (``LINES``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from companion import verbs

# What runs a verb's line: given the command, the verb's value (None when the game's
# command reads the words itself: ``Verb.words``) and the line as read.
Act = Callable[["VerbCommand", "verbs.Value | None", verbs.Line], None]


class VerbCommand:
    """The command of ``verb``: called with the words typed after it, it reads them and
    hands the verb's value and the line to ``act``; help is written from the verb
    (``helpformat``)."""

    def __init__(self, kind: str, grammar: verbs.Grammar[verbs.Value], verb: verbs.Verb,
                 act: Act) -> None:
        self.kind, self.grammar, self.verb, self.act = kind, grammar, verb, act
        self.__doc__ = f"{verb.help}\n\n{verb.more}" if verb.more else verb.help

    def __call__(self, words: list[str]) -> None:
        line = verbs.read_line(self.verb, words)
        if self.verb.words is not None:  # the game's command reads the words itself
            self.act(self, None, line)
        else:
            self.act(self, self.grammar.build(self.verb, line.args, line.given), line)

    def option_words(self) -> tuple[set[str], set[str]]:
        """Every option word the line takes, and those taking a value."""
        named = verbs.option_words(self.verb)
        return set(named), {word for word, (param, _off) in named.items()
                            if param.kind in (verbs.OPTION, verbs.OPTIONS)}


# The games some of whose verbs a function of their own runs: the module holding them
# (``WRITTEN``: verb name to function). It loads no typer.
LINES = {"halfdeck": "companion.cli.halfdeck", "elbereth": "companion.cli.elbereth"}


def written(kind: str) -> dict[str, Act]:
    """The game's verbs that run a function of their own, and the function."""
    import importlib

    return importlib.import_module(LINES[kind]).WRITTEN if kind in LINES else {}


@cache
def verb_command(kind: str, name: str) -> VerbCommand | None:
    """The command of the verb ``name`` of ``kind`` (shared by every game, or its own),
    or None when the game has no such verb."""
    from companion.cli import common
    from companion.cli.grammar import grammar_of

    if name in verbs.SHARED_GRAMMAR.verbs:
        return VerbCommand(kind, verbs.SHARED_GRAMMAR, verbs.SHARED_GRAMMAR.verbs[name],
                           common.SHARED_ACTS[name])
    grammar = grammar_of(kind)
    verb = grammar.verbs.get(name)
    if verb is None:
        return None
    return VerbCommand(kind, grammar, verb, written(kind).get(name, common.play))


def verb_names(kind: str) -> tuple[list[str], list[str]]:
    """The names of the verbs every game shares, and of the game's own: those its module
    of lines runs first (as it lists them), then the rest in its table's order."""
    from companion.cli.grammar import grammar_of

    first = list(written(kind))
    own = [*first, *(name for name in grammar_of(kind).verbs if name not in first)]
    return list(verbs.SHARED_GRAMMAR.verbs), own
