"""CLI commands made from a game's verb table: one declaration, no second copy.

A verb whose command only hands its words to the game (most of them) needs
no typer function of its own: ``add_verbs`` makes one from the ``Verb``'s
parameters (typer reads its signature as it reads a written one, and the
quick path's table is made from that reading), with the game's ``--game``
and ``--json``. Its words go through the grammar (``Grammar.build``, then
``Grammar.text``), so a command line and a shell line make the same action.
A verb whose command does more (rolls a die, learns a catalog card) keeps a
written function, checked against the table by ``tests/verbcheck.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Annotated, Any

from companion import verbs
from companion.cli.declare import Argument, Group, Option


def _hint(param: verbs.Param) -> tuple[Any, Any]:
    """The annotation and default typer reads for one option: its words as text, for the
    game's verb table to read (a number too: the same reader as the shell's)."""
    value: Any = str
    shown = param.metavar or ("N" if param.type == "int" else "")
    metavar = {"metavar": shown} if shown else {}
    names = (param.option, param.short) if param.short else (param.option,)
    if param.kind == verbs.OPTION:
        return Annotated[value | None, Option(*names, help=param.help, **metavar)], None
    if param.kind == verbs.OPTIONS:
        return Annotated[list[value] | None, Option(*names, help=param.help, **metavar)], None
    if param.kind == verbs.FLAG:
        return Annotated[bool, Option(*names, help=param.help)], False
    word = param.option[2:]
    return Annotated[bool | None, Option(f"--{word}/--no-{word}", help=param.help)], None


def _words(verb: verbs.Verb) -> tuple[Any, Any] | None:
    """The one argument taking a verb's words, or None for a verb without any. The
    grammar shares them out (and joins card names typed in words), as for a shell line."""
    positional = [p for p in verb.params if p.positional]
    if not positional:
        return None
    shown = " ".join(p.shown for p in positional)
    helps = " ".join(p.help for p in positional if p.help)
    if any(p.required for p in positional):
        import inspect

        return Annotated[list[str], Argument(help=helps, metavar=shown)], inspect.Parameter.empty
    return Annotated[list[str] | None, Argument(help=helps, metavar=shown)], None


class VerbCommand:
    """A typer-readable command for ``verb``: called with its values, it hands the words
    to ``act``. Its signature (what typer reads, with ``inspect``) is made only when asked:
    the quick path calls it with the values it read and never needs one."""

    def __init__(self, kind: str, grammar: verbs.Grammar[verbs.Value], verb: verbs.Verb,
                 act: Callable[[str, str | None, str, bool], None]) -> None:
        self.kind, self.grammar, self.verb, self.act = kind, grammar, verb, act
        self.__name__ = verb.name.replace("-", "_")
        self.__qualname__ = self.__name__
        self.__doc__ = f"{verb.help}\n\n{verb.more}" if verb.more else verb.help
        self.__module__ = f"companion.cli.{kind}"

    def __call__(self, **values: Any) -> None:
        game = values.pop("game", None)
        as_json = bool(values.pop("as_json", False))
        given: list[tuple[str, str | None]] = []
        for param in self.verb.params:
            value = values.get(param.name)
            if param.kind == verbs.OPTIONS:
                given += [(param.option[2:], str(item)) for item in value or ()]
            elif param.kind == verbs.FLAG:
                if value:
                    given.append((param.option[2:], None))
            elif param.kind == verbs.SWITCH:
                if value is not None:
                    word = param.option[2:]
                    given.append((word if value else f"no-{word}", None))
            elif param.kind == verbs.OPTION and value is not None:
                given.append((param.option[2:], str(value)))
        action = self.grammar.build(self.verb, list(values.get("words") or ()), given)
        self.act(self.kind, game, self.grammar.text(action), as_json)

    def _named(self) -> list[tuple[str, Any, Any]]:
        from companion.cli.common import GameOption, JsonOption

        words = _words(self.verb)
        named: list[tuple[str, Any, Any]] = [("words", *words)] if words is not None else []
        named += [(p.name, *_hint(p)) for p in self.verb.params if not p.positional]
        return [*named, ("game", GameOption, None), ("as_json", JsonOption, False)]

    @property
    def __annotations__(self) -> dict[str, Any]:  # type: ignore[override]
        return {**{name: hint for name, hint, _ in self._named()}, "return": None}

    @property
    def __signature__(self) -> Any:
        import inspect

        return inspect.Signature(
            [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default,
                               annotation=hint) for name, hint, default in self._named()],
            return_annotation=None)


def add_verbs(app: Group, kind: str, grammar: verbs.Grammar[verbs.Value],
              names: Iterable[str]) -> None:
    """Add the commands of the verbs ``names``, made from the table, to ``app``."""
    from companion.cli.common import act

    for name in names:
        verb = grammar.verbs[name]
        app.command(verb.name)(VerbCommand(kind, grammar, verb, act))
