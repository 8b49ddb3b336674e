"""The one dispatcher, for the one-shot commands and the shell's lines alike.

``route`` follows the words down the registry (``companion.cli.grammar``): exact
names, then aliases, then unique prefixes. A game's line (an action, or status, log,
undo...) is read by its verb table alone, with no typer loaded (``VerbCommand``); every
other command by typer (``companion.cli.options``), from a root holding only the word
that runs. Help never reaches typer: companion writes its screens from the same
declarations (``companion.cli.helpformat``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from companion.cli import grammar
from companion.errors import BadInput
from companion.kinds import KINDS
from companion.values import Value

if TYPE_CHECKING:
    from companion import verbs

HELP_FLAGS = ("-h", "--help")
ROOT_FLAGS = ("--plain", "--no-pager", "--version")  # anywhere: 'sheet --no-pager' too


class Route(Value):
    """Where the words lead: ``args`` with every command word spelled out, ``path`` the
    command names from the top, ``leaf`` whether one command runs (else the whole tree),
    ``at`` where the command's own arguments start."""

    args: list[str]
    path: tuple[str, ...]
    leaf: bool
    at: int = 0


# -- a game's lines, made from its verb table: one declaration, no second copy ------------
# What runs a verb's line: given the command, the verb's value (None when the game's
# command reads the words itself: ``Verb.words``) and the line as read.
Act = Callable[["VerbCommand", "verbs.Value | None", "verbs.Line"], None]


class VerbCommand:
    """The command of ``verb``, without typer or the game's other commands: called with
    the words typed after it (one-shot, in the shell, on the live page), it reads them
    (``verbs.read_line``) and hands the verb's value and the line to ``act``; help is
    written from the verb (``helpformat``)."""

    def __init__(self, kind: str, grammar: verbs.Grammar[verbs.Value], verb: verbs.Verb,
                 act: Act) -> None:
        self.kind, self.grammar, self.verb, self.act = kind, grammar, verb, act
        self.__doc__ = f"{verb.help}\n\n{verb.more}" if verb.more else verb.help

    def __call__(self, words: list[str]) -> None:
        from companion.verbs import read_line

        line = read_line(self.verb, words)
        # No value when the game's command reads the words itself.
        self.act(self, None if self.verb.words is not None
                 else self.grammar.build(self.verb, line.args, line.given), line)


# The games some of whose verbs a function of their own runs (a verb whose command rolls
# a die, finds a name by its start or learns a catalog card): the module holding them
# (``WRITTEN``: verb name to function). It loads no typer.
LINES = {"halfdeck": "companion.cli.halfdeck", "elbereth": "companion.cli.elbereth"}


def written(kind: str) -> dict[str, Act]:
    return importlib.import_module(LINES[kind]).WRITTEN if kind in LINES else {}


@cache
def verb_command(kind: str, name: str) -> VerbCommand | None:
    """The command of the verb ``name`` of ``kind`` (shared by every game, or its own),
    or None when the game has no such verb."""
    from companion import verbs
    from companion.cli import common

    if name in verbs.SHARED_GRAMMAR.verbs:
        table, act = verbs.SHARED_GRAMMAR, common.SHARED_ACTS[name]
    else:
        table, act = grammar.grammar_of(kind), written(kind).get(name, common.play)
    verb = table.verbs.get(name)
    return None if verb is None else VerbCommand(kind, table, verb, act)


# -- names, from the registry and its groups (nothing is built) ----------------------
def target(path: tuple[str, ...]) -> Any:
    """What runs at ``path``: a game's line (a ``VerbCommand``), a ``typer.Typer`` group
    or a command function."""
    if len(path) == 2 and path[0] in KINDS:
        verb = verb_command(*path)
        if verb is not None:
            return verb
    found = grammar.ENTRIES[path[0]].load()
    for name in path[1:]:  # a sub-group, or a command's function
        info = grammar.infos(found)[name]
        found = getattr(info, "typer_instance", None) or info.callback
    return found


def is_group(found: Any) -> bool:
    return hasattr(found, "registered_commands")


def names(path: tuple[str, ...], shell: bool = False) -> list[str]:
    """The command names of the group at ``path``: the top-level words for ``()`` (in the
    shell, those that run there); a game's lines (the verbs every game shares, then its
    own) among its other commands, after ``new``."""
    if not path:
        return [entry.name for entry in grammar.REGISTRY if entry.in_shell or not shell]
    own = list(grammar.infos(target(path)))
    if len(path) != 1 or path[0] not in KINDS:
        return own
    from companion.verbs import SHARED_GRAMMAR

    # The game's verbs its module of lines runs first (as it lists them), then the rest.
    verbs = dict.fromkeys([*written(path[0]), *grammar.grammar_of(path[0]).verbs])
    at = own.index("new") + 1 if "new" in own else len(own)
    return [*SHARED_GRAMMAR.verbs, *own[:at], *verbs, *own[at:]]


def pick(word: str, names: Iterable[str], short: dict[str, str]) -> str | None:
    """The name ``word`` stands for: itself, an alias or a unique prefix; None if none.
    Two or more names sharing the prefix is an error naming them."""
    names = list(names)
    lowered = word.lower()
    if lowered in names:
        return lowered
    alias = short.get(lowered)
    if alias in names:
        return alias
    if not lowered or lowered.startswith("-"):
        return None
    matches = [name for name in names if name.startswith(lowered)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise BadInput(f"{word!r} could be {', '.join(sorted(matches))}: type more")
    return None


def game_line(kind: str, words: list[str]) -> list[str] | None:
    """A line typed in a game of ``kind`` (one-shot, the shell's, a page's of the live
    table) as the command's words: its first word a command of the game, its alias or
    prefix, or what the game lets a line start with (Hebrac's 'C1 3S' is 'enter C1 3S');
    None when the first word is none of them. ``kind`` may be another group's name."""
    name = pick_in((kind,), words[0])
    if name is not None:
        return [name, *words[1:]]
    implicit = grammar.implicit_verb(kind, words[0])
    return [implicit, *words] if implicit is not None else None


def pick_top(word: str, shell: bool = False) -> str | None:
    kinds = {alias: info.name for info in KINDS.values() for alias in info.aliases}
    return pick(word, names((), shell), kinds)


def pick_in(path: tuple[str, ...], word: str) -> str | None:
    """A sub-command of the group at ``path``; a game's aliases apply to its commands.
    A game's verb named whole or by its alias is found from the verb table alone, and a
    word a game lets a line start with is none of its commands (no name has a digit):
    neither loads the game's other commands."""
    short: dict[str, str] = {}
    if len(path) == 1 and path[0] in KINDS:
        from companion.verbs import SHARED_GRAMMAR

        short = grammar.aliases(path[0])
        for name in (word.lower(), short.get(word.lower())):
            if name in SHARED_GRAMMAR.verbs or name in grammar.grammar_of(path[0]).verbs:
                return name
        if grammar.implicit_verb(path[0], word) is not None:
            return None
    return pick(word, names(path), short)


# -- the route ------------------------------------------------------------------------
def route(args: list[str]) -> Route:
    """Follow the words down the registry to one command, spelling out short forms."""
    words = list(args)
    at = leading(words)
    if at == len(words) or words[at].startswith("-"):
        return Route(words, (), False)  # 'companion', 'companion --help': the listing
    if words[at].lower() == "help":  # 'companion help [COMMAND...]' asks for the help
        return route([*words[:at], *words[at + 1:], "--help"])
    name = pick_top(words[at])
    if name is None:
        return Route(words, (), False)  # the whole tree says what is wrong
    words[at] = name
    path: tuple[str, ...] = (name,)
    # down each group (a game's is one, and is not loaded to say so)
    while len(path) == 1 and path[0] in KINDS or is_group(target(path)):
        at += 1
        if at < len(words) and words[at].lower() == "help" and "help" not in names(path):
            words = [*words[:at], *words[at + 1:], "--help"]  # 'hebrac help [CMD]'
        word = words[at] if at < len(words) else None
        if word is None or word.startswith("-") and word != "-":  # '-' is undo
            rest = words[at:]
            runs_alone = not (len(path) == 1 and path[0] in KINDS) and bool(
                target(path).info.invoke_without_command)
            leaf = runs_alone and not any(w in HELP_FLAGS for w in rest)
            return Route(words, path, leaf, at)  # a listing unless the group runs by itself
        # a top-level group's line is read as the shell reads a game's (Hebrac's 'C1 3S')
        line = game_line(path[0], words[at:]) if len(path) == 1 else None
        name = line[0] if line is not None else pick_in(path, word)
        if name is None:
            return Route(words, path, False)
        words[at:] = line if line is not None else [name, *words[at + 1:]]
        path += (name,)
    return Route(words, path, True, at + 1)


def root_first(found: Route) -> list[str]:
    """The words with the root's options put first wherever they were typed
    ('sheet --no-pager' is '--no-pager sheet'), except one the command has itself
    ('rules --plain') or that is an option's value; each at most once."""
    own, valued = option_words(found.path) if found.path and found.leaf else (set(), set())
    lead: list[str] = []
    rest: list[str] = []
    for at, word in enumerate(found.args):
        ended = "--" in found.args[:at]
        if word in ROOT_FLAGS and word not in own and not ended and (
                at == 0 or found.args[at - 1] not in valued):
            if word in lead:
                from companion.verbs import given_twice

                raise given_twice(word)
            lead.append(word)
        else:
            rest.append(word)
    return lead + rest


def option_words(path: tuple[str, ...]) -> tuple[set[str], set[str]]:
    """Every option word of the command at ``path``, and those taking a value: a game's
    line's from its verb table, another command's from typer's reading."""
    found = target(path)
    if isinstance(found, VerbCommand):
        from companion.verbs import OPTION, OPTIONS
        from companion.verbs import option_words as named_in

        named = named_in(found.verb)
        return set(named), {word for word, (param, _off) in named.items()
                            if param.kind in (OPTION, OPTIONS)}
    from companion.cli.options import owners

    owner = owners(path)
    return set(owner), {word for word, p in owner.items() if not p.is_flag}


# -- help screens, the root's options and unknown words (no typer) -------------------
def help_screen(found: Route) -> str | None:
    """The ``helpformat`` screen the words ask for (a command's or a group's help, or the
    first screen of a group typed alone), or None when a command runs; a word that names
    no command is ``BadInput``."""
    lead = leading(found.args)
    at = lead + len(found.path)
    word = found.args[at] if at < len(found.args) and not found.leaf else None
    if word is not None and (word == "-" or not word.startswith("-")):
        if found.path and word.lower() in set(names(())) - set(KINDS):  # 'h sheet'
            raise BadInput(f"No such command {word!r} in {found.path[-1]}: it is "
                           f"companion's own, 'companion {word.lower()}'")
        see = " ".join(("companion", *found.path, "--help"))
        raise BadInput(no_such_command(word, names(found.path), see, opens=True))
    if found.leaf:
        return "command_help" if asks_help(found.args[found.at:]) else None
    if asks_help(found.args[at:]):
        return "group_help"
    return "first_screen" if word is None else None  # else an option typer refuses


def leading(words: list[str]) -> int:
    """How many of the first words are the root's options."""
    return next((at for at, word in enumerate(words) if word not in ROOT_FLAGS), len(words))


def asks_help(words: list[str]) -> bool:
    """Whether ``-h`` or ``--help`` is among ``words`` (before a ``--``)."""
    end = words.index("--") if "--" in words else len(words)
    return any(word in HELP_FLAGS for word in words[:end])


def no_such_command(word: str, names: Iterable[str], see: str, opens: bool = False) -> str:
    """The one error for a word that names no command, one-shot and in the shell: the
    closest names offered (``companion.names``' rule), and where they are all listed.
    ``opens``: the message opens the error line (a one-shot's, as click wrote it)."""
    from companion.names import closest, spellings

    close = closest(word, spellings(names))
    guess = f": did you mean {' or '.join(close)}?" if close else ""
    return f"{'No' if opens else 'no'} such command {word!r}{guess} (see '{see}')"
