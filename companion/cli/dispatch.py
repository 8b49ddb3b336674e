"""The one dispatcher, for the one-shot commands and the shell's lines alike.

``route`` follows the words down the registry (``companion.cli.commands``): exact
names, then aliases (``companion.cli.grammar``), then unique prefixes. A game's line
(an action, or status, log, undo...) is read by its verb table alone, with no typer
loaded (``companion.cli.verbcommands``); every other command by typer
(``companion.cli.options``), from a root holding only the word that runs. Help never
reaches typer: companion writes its screens from the same declarations
(``companion.cli.helpformat``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.cli.commands import is_group as is_group  # callers find them here too
from companion.cli.commands import names as names
from companion.cli.commands import target as target
from companion.cli.grammar import aliases, implicit_verb, kind_aliases
from companion.errors import BadInput
from companion.kinds import KINDS
from companion.values import Value

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


# -- names, from the registry and its groups (nothing is built) ----------------------
def pick(word: str, names: Iterable[str], short: dict[str, str]) -> str | None:
    """The name ``word`` stands for: itself, an alias or a unique prefix; None if none.

    Two or more names sharing the prefix is an error naming them.
    """
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
    implicit = implicit_verb(kind, words[0])
    return [implicit, *words] if implicit is not None else None


def pick_top(word: str, shell: bool = False) -> str | None:
    return pick(word, names((), shell), kind_aliases())


def pick_in(path: tuple[str, ...], word: str) -> str | None:
    """A sub-command of the group at ``path``; a game's aliases apply to its commands.
    A game's verb named whole or by its alias is found from the verb table alone, and a
    word a game lets a line start with is none of its commands (no name has a digit):
    neither loads the game's other commands."""
    short: dict[str, str] = {}
    if len(path) == 1 and path[0] in KINDS:
        from companion.cli.verbcommands import verb_names

        short = aliases(path[0])
        shared, verbs = verb_names(path[0])
        for name in (word.lower(), short.get(word.lower())):
            if name in shared or name in verbs:
                return name
        if implicit_verb(path[0], word) is not None:
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


def run(args: list[str]) -> Any:
    """Run ``companion ARGS``: a help screen, a game's line through its verb table, any
    other command through typer. Errors are raised, not printed."""
    found = route(args)
    if any(word in ROOT_FLAGS for word in found.args):
        found = route(root_first(found))
        if "--version" in found.args[:leading(found.args)]:
            from companion import __version__
            from companion.cli.output import echo

            echo(f"companion {__version__}")
            return 0
    screen = help_screen(found)
    if screen is not None:
        from companion.cli.output import page

        page(screen)
        return 0
    verb: Any = target(found.path) if found.leaf and len(found.path) == 2 and \
        found.path[0] in KINDS else None
    if hasattr(verb, "verb"):  # a game's line: read by its verb table, never by typer
        root_options(found.args[:found.args.index(found.path[0])])
        return verb(found.args[found.at:])
    from companion.cli import options

    return options.run(found.path, found.args, found.at if found.leaf else None)


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
    if hasattr(found, "option_words"):
        words: tuple[set[str], set[str]] = found.option_words()
        return words
    from companion.cli.options import owners

    owner = owners(path)
    return set(owner), {word for word, p in owner.items() if not p.is_flag}


# -- help, first screens and unknown words (no typer) ----------------------------------
def help_screen(found: Route) -> str | None:
    """The screen the words ask for (a command's or a group's help, or the first screen of
    a group typed alone), or None when a command runs; a word that names no command is
    ``BadInput``. The root's options are read first, as every command reads them."""
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
        screen = "command_help" if asks_help(found.args[found.at:]) else None
    elif asks_help(found.args[at:]):
        screen = "group_help"
    else:  # an option the group does not have is typer's to refuse
        screen = "first_screen" if word is None else None
    if screen is None:
        return None
    root_options(found.args[:lead])
    from companion.cli import helpformat

    written: str = getattr(helpformat, screen)(found.path)
    return written


def leading(words: list[str]) -> int:
    """How many of the first words are the root's options."""
    lead = 0
    while lead < len(words) and words[lead] in ROOT_FLAGS:
        lead += 1
    return lead


def asks_help(words: list[str]) -> bool:
    """Whether ``-h`` or ``--help`` is among ``words`` (before a ``--``)."""
    end = words.index("--") if "--" in words else len(words)
    return any(word in HELP_FLAGS for word in words[:end])


def root_options(lead: list[str]) -> None:
    """The root's options (``--plain``, ``--no-pager``), as its callback reads them."""
    from companion.cli.output import set_pager, set_plain

    set_plain("--plain" in lead)
    set_pager("--no-pager" not in lead)


def no_such_command(word: str, names: Iterable[str], see: str, opens: bool = False) -> str:
    """The one error for a word that names no command, one-shot and in the shell: the
    closest names offered (``companion.names``' rule), and where they are all listed.
    ``opens``: the message opens the error line (a one-shot's, as click wrote it)."""
    from companion.names import closest, spellings

    close = closest(word, spellings(names))
    guess = f": did you mean {' or '.join(close)}?" if close else ""
    return f"{'No' if opens else 'no'} such command {word!r}{guess} (see '{see}')"
