"""CLI commands made from a game's verb table: one declaration, no second copy.

A verb whose command only hands its words to the game (most of them) needs
no function of its own: ``add_verbs`` puts a ``VerbCommand`` in the game's
group. Its words, one-shot as in the shell and on the live page, are read by
the verb table (``verbs.read_line``: the verb's parameters and the line's own
``--game`` and ``--json``), then ``Grammar.build`` and ``Grammar.text``: a
command line and a shell line make the same action, and typer never reads
them. A verb whose command does more (rolls a die, learns a catalog card)
keeps a written function, checked against the table by ``tests/verbcheck.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from companion import verbs
from companion.cli.declare import Group


class VerbCommand:
    """The command of ``verb``: called with the words typed after it, it hands the
    action's line to ``act``; help is written from the verb (``helpformat``)."""

    def __init__(self, kind: str, grammar: verbs.Grammar[verbs.Value], verb: verbs.Verb,
                 act: Callable[[str, str | None, str, bool], None]) -> None:
        self.kind, self.grammar, self.verb, self.act = kind, grammar, verb, act
        self.__doc__ = f"{verb.help}\n\n{verb.more}" if verb.more else verb.help

    def __call__(self, words: list[str]) -> None:
        """Run the line typed after the verb: read by the verb table, acted on."""
        line = verbs.read_line(self.verb, words)
        action = self.grammar.build(self.verb, line.args, line.given)
        game = line.own.get("game")
        self.act(self.kind, None if game is None else str(game), self.grammar.text(action),
                 bool(line.own.get("json")))

    def option_words(self) -> tuple[set[str], set[str]]:
        """Every option word the line takes, and those taking a value."""
        every: set[str] = set()
        valued: set[str] = set()
        for param in (*self.verb.params, *self.verb.line):
            if param.positional:
                continue
            words = {param.option, *([param.short] if param.short else [])}
            if param.kind == verbs.SWITCH:
                words.add("--no-" + param.option[2:])
            every |= words
            if param.kind in (verbs.OPTION, verbs.OPTIONS):
                valued |= words
        return every, valued


def add_verbs(app: Group, kind: str, grammar: verbs.Grammar[verbs.Value],
              names: Iterable[str]) -> None:
    """Add the commands of the verbs ``names``, made from the table, to ``app``."""
    from companion.cli.common import act

    for name in names:
        verb = grammar.verbs[name]
        app.command(verb.name)(VerbCommand(kind, grammar, verb, act))
