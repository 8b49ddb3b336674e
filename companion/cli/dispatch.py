"""The one dispatcher: words to the one command that runs, run without typer when it can.

Typer builds a click command by reading every function's type hints, and
importing typer alone costs about as much as most commands, so ``route`` maps
the words to one command first (the top-level word, then each sub-command;
exact names, then the aliases of ``companion.cli.grammar``, then unique
prefixes) from the registry and its groups (``companion.cli.declare``),
which import no typer. A game's line (an action, or a command every game
shares: status, log, undo...) is read by the game's verb table and nothing
else (``companion.cli.verbcommands``). Another command tries the quick path
(``companion.cli.quick``): a plain command line is read from the table typer's
reading made and its function called directly. Anything else is built as a
tree holding only the path to that command (``companion.cli.typertree``, loaded
only then): the same root, groups and command as the whole tree, so usage
errors and output are the same bytes.

Help never reaches typer: ``--help``, a group typed alone and the bare
``companion`` print screens companion writes from the same declarations
(``companion.cli.helpformat``), through the pager when taller than the
terminal; a word that names no command is one error offering the closest
names (``no_such_command``, the shell's too).

One grammar for the one-shot commands and the shell: the shell sends its
lines here too. Options take unique prefixes as well (``--pris`` is
``--prisoner``), resolved against the command's own options.

    python -m companion.cli.dispatch    remakes companion/cli/command_table.py
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.cli.commands import target as target  # callers find it here too
from companion.cli.declare import Group
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
def top_names(shell: bool = False) -> list[str]:
    from companion.cli.commands import REGISTRY

    return [entry.name for entry in REGISTRY if entry.in_shell or not shell]


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
    """A line typed in a game of ``kind`` (the shell's, a page's of the live table) as the
    command's words: its first word a command of the game, its alias or prefix, or what
    the game lets a line start with (Hebrac's 'C1 3S' is 'enter C1 3S'); None when the
    first word is none of them."""
    name = pick_in((kind,), words[0])
    if name is not None:
        return [name, *words[1:]]
    implicit = implicit_verb(kind, words[0])
    return [implicit, *words] if implicit is not None else None


def pick_top(word: str, shell: bool = False) -> str | None:
    return pick(word, top_names(shell), kind_aliases())


def pick_in(path: tuple[str, ...], word: str) -> str | None:
    """A sub-command of the group at ``path``; a game's aliases apply to its commands."""
    group = target(path)
    short = aliases(path[0]) if len(path) == 1 and path[0] in KINDS else {}
    return pick(word, group.names(), short)


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
    found = target(path)
    while isinstance(found, Group):
        at += 1
        if at < len(words) and words[at].lower() == "help" and "help" not in found.names():
            words = [*words[:at], *words[at + 1:], "--help"]  # 'hebrac help [CMD]'
        word = words[at] if at < len(words) else None
        if word is None or word.startswith("-") and word != "-":  # '-' is undo
            rest = words[at:]
            runs_alone = found.runs_alone
            leaf = runs_alone and not any(w in HELP_FLAGS for w in rest)
            return Route(words, path, leaf, at)  # a listing unless the group runs by itself
        name = pick_in(path, word)
        if name is None and len(path) == 1:
            name = implicit_verb(path[0], word)
            if name is not None:
                words.insert(at, name)
        if name is None:
            return Route(words, path, False)
        words[at] = name
        path += (name,)
        found = target(path)
    return Route(words, path, True, at + 1)


def long_options(names: list[str], args: list[str]) -> list[str]:
    """``args`` with unique prefixes of the command's long options (``names``) spelled out."""
    from companion.verbs import spell_options

    return spell_options(names, args)


def run(args: list[str], *, whole: bool = False) -> Any:
    """Run ``companion ARGS``: a help screen, else without typer when the quick path can,
    else through the one command's tree, or the whole one (``whole``, and whenever the
    words lead to a group typer must answer). Errors are raised, not printed."""
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
    verb = verb_command(found)
    if verb is not None:  # a game's line: read by its verb table, never by typer
        lead = found.args[:found.args.index(found.path[0])]
        root_options(lead)
        return verb(found.args[found.at:])
    if found.leaf and not whole:
        done, result = run_quick(found)
        if done:
            return result
    from companion.cli import typertree

    if not found.leaf:
        return typertree.run(typertree.tree(), found.args)
    root = typertree.tree() if whole else typertree.command(found.path)
    end = root
    for name in found.path:
        end = end.commands[name]
    own = long_options(typertree.option_names(end), found.args[found.at:])
    from companion.cli.quick import Row, refuse_repeats

    refuse_repeats([Row(*typertree.param_row(param)) for param in end.params], own)
    return typertree.run(root, found.args[:found.at] + own)


def verb_command(found: Route) -> Any:
    """The ``VerbCommand`` the words lead to (a game's line), else None."""
    if not found.leaf or len(found.path) != 2 or found.path[0] not in KINDS:
        return None
    from companion.cli.verbcommands import VerbCommand

    command = target(found.path)
    return command if isinstance(command, VerbCommand) else None


def root_first(found: Route) -> list[str]:
    """The words with the root's options put first wherever they were typed
    ('sheet --no-pager' is '--no-pager sheet'), except one the command has itself
    ('rules --plain') or that is an option's value; each at most once."""
    verb = verb_command(found)
    if verb is not None:
        own, valued = verb.option_words()
    else:
        from companion.cli.quick import entry

        known = entry(found.path) if found.path and found.leaf else None
        rows = known[0] if known is not None else []
        own = {word for row in rows for word in (*row.on, *row.off)}
        valued = {word for row in rows if row.kind == "option" for word in row.on}
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


# -- help, first screens and unknown words (no typer) ----------------------------------
def help_screen(found: Route) -> str | None:
    """The screen the words ask for (a command's or a group's help, or the first screen of
    a group typed alone), or None when a command runs; a word that names no command is
    ``BadInput``. The root's options are read first, as every command reads them."""
    lead = leading(found.args)
    if found.leaf:
        if not asks_help(found.args[found.at:]):
            return None
        root_options(found.args[:lead])
        from companion.cli.helpformat import command_help

        return command_help(found.path)
    at = lead + len(found.path)
    word = found.args[at] if at < len(found.args) else None
    if word is not None and (word == "-" or not word.startswith("-")):
        if found.path and word.lower() in set(top_names()) - set(KINDS):  # 'h sheet'
            raise BadInput(f"No such command {word!r} in {found.path[-1]}: it is "
                           f"companion's own, 'companion {word.lower()}'")
        see = " ".join(("companion", *found.path, "--help"))
        raise BadInput(no_such_command(word, names_at(found.path), see, opens=True))
    if asks_help(found.args[at:]):
        root_options(found.args[:lead])
        from companion.cli.helpformat import group_help

        return group_help(found.path)
    if word is None:
        root_options(found.args[:lead])
        from companion.cli.helpformat import first_screen

        return first_screen(found.path)
    return None  # an option the group does not have: typer says so


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
    from companion.cli.commands import main_options

    main_options(plain="--plain" in lead, no_pager="--no-pager" in lead)


def names_at(path: tuple[str, ...], shell: bool = False) -> list[str]:
    """The command names at ``path``: the top-level words for ``()``, else the group's."""
    return top_names(shell) if not path else list(target(path).names())


def no_such_command(word: str, names: Iterable[str], see: str, opens: bool = False) -> str:
    """The one error for a word that names no command, one-shot and in the shell: the
    closest names offered (``companion.names``' rule), and where they are all listed.
    ``opens``: the message opens the error line (a one-shot's, as click wrote it)."""
    from companion.names import closest, spellings

    close = closest(word, spellings(names))
    guess = f": did you mean {' or '.join(close)}?" if close else ""
    return f"{'No' if opens else 'no'} such command {word!r}{guess} (see '{see}')"


# -- the quick path: a command run without typer -------------------------------------
class _Alone:
    """The context a group's callback gets when no sub-command follows it."""

    invoked_subcommand = None


def run_quick(found: Route) -> tuple[bool, Any]:
    """Run the one command ``found`` leads to without typer (``companion.cli.quick``):
    ``(True, its result)``, or ``(False, None)`` when typer must read these words."""
    from companion.cli import quick

    known = quick.entry(found.path)
    if known is None:
        return False, None
    rows, context = known
    values = quick.read(rows, found.args[found.at:], long_options,
                        lambda text, what: quick.number_reader(found.path[0])(text, what))
    if values is None:
        return False, None
    from companion.cli.commands import main_options

    function = target(found.path)
    if isinstance(function, Group):  # a group that runs by itself ('games')
        assert function.own is not None
        function = function.own[0]
    if context:
        values[context] = _Alone()
    lead = found.args[:found.args.index(found.path[0])]
    main_options(plain="--plain" in lead, no_pager="--no-pager" in lead)  # the root's callback
    return True, function(**values)


# The typer tree (built only when typer must read the words) lives in
# companion.cli.typertree; its names are reached here too, loaded on first use.
_TYPER_TREE = frozenset({"typer_hint", "typer_callback", "typer_app", "root_app", "add_entry",
                         "whole_app", "command", "group", "tree", "leaf", "option_names",
                         "param_row", "describe", "table_text"})


def __getattr__(name: str) -> Any:
    if name in _TYPER_TREE:
        from companion.cli import typertree

        return getattr(typertree, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if __name__ == "__main__":  # python -m companion.cli.dispatch: rewrite the table
    from companion.cli.typertree import write_table

    write_table()
