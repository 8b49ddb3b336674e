"""A game's commands made from verb tables: one declaration, no second copy.

A verb whose command only hands its words to the game (most of them) needs
no function of its own: ``common.add_verbs`` puts a ``VerbCommand`` in the
game's group, and ``common.add_common_commands`` does for the commands every game
shares (``verbs.SHARED``: status, log, undo...). Their words, one-shot as in
the shell and on the live page, are read by the verb table
(``verbs.read_line``: the verb's parameters and the line's own ``--game`` and
``--json``), then built into the verb's value (``Grammar.build``): typer never
reads them. A verb whose command does more (rolls a die, finds a name by its
start, learns a catalog card) declares the words it reads itself
(``Verb.words``, its options ``Verb.line``) and a function in its game's CLI
module turns the line read into the action.
"""

from __future__ import annotations

from collections.abc import Callable

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
        every: set[str] = set()
        valued: set[str] = set()
        for param in self.verb.typed_options():
            words = {param.option, *([param.short] if param.short else [])}
            if param.kind == verbs.SWITCH:
                words.add("--no-" + param.option[2:])
            every |= words
            if param.kind in (verbs.OPTION, verbs.OPTIONS):
                valued |= words
        return every, valued
