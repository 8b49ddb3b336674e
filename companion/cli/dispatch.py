"""The one dispatcher: words to the one command that runs, and that command built alone.

Typer builds a click command by reading every function's type hints, so
building the whole tree (near a hundred commands) costs more than most
commands themselves. ``route`` maps the words to one command first (the
top-level word, then each sub-command; exact names, then the aliases of
``companion.cli.grammar``, then unique prefixes) from the registry's lists of
names, which cost nothing to read, and ``run`` builds a tree holding only the path to that
command: the same root, groups and command as the whole tree, so help text,
usage errors and output are the same bytes. Help listings of a group, unknown
words and the bare ``companion`` go to the whole tree.

One grammar for the one-shot commands and the shell: the shell sends its
lines here too. Options take unique prefixes as well (``--pris`` is
``--prisoner``), resolved against the command's own options once it is built.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.cli.grammar import aliases, implicit_verb, kind_aliases
from companion.errors import BadInput
from companion.game import KINDS

HELP_FLAGS = ("-h", "--help")
ROOT_FLAGS = ("--plain",)


@dataclass(frozen=True, slots=True)
class Route:
    """Where the words lead: ``args`` with every command word spelled out, ``path`` the
    command names from the top, ``leaf`` whether one command runs (else the whole tree),
    ``at`` where the command's own arguments start."""

    args: list[str]
    path: tuple[str, ...]
    leaf: bool
    at: int = 0


# -- names, from the registry and typer's lists (nothing is built) ----------------------
def top_names(shell: bool = False) -> list[str]:
    from companion.cli.commands import REGISTRY

    return [entry.name for entry in REGISTRY if entry.in_shell or not shell]


def _name_of(info: Any) -> str:
    """A command's or group's name as typer gives it."""
    if getattr(info, "typer_instance", None) is not None:
        return str(info.name or info.typer_instance.info.name)
    return str(info.name or info.callback.__name__.lower().replace("_", "-"))


def children(group: Any) -> dict[str, Any]:
    """A ``typer.Typer``'s commands and sub-groups by name, in registration order."""
    found: dict[str, Any] = {}
    for info in group.registered_commands:
        found[_name_of(info)] = info.callback
    for info in group.registered_groups:
        found[_name_of(info)] = info.typer_instance
    return found


def target(path: tuple[str, ...]) -> Any:
    """The registry's object at ``path``: a ``typer.Typer`` or a command function."""
    from companion.cli.commands import ENTRIES

    found = ENTRIES[path[0]].load()
    for name in path[1:]:
        found = children(found)[name]
    return found


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


def pick_top(word: str, shell: bool = False) -> str | None:
    return pick(word, top_names(shell), kind_aliases())


def pick_in(path: tuple[str, ...], word: str) -> str | None:
    """A sub-command of the group at ``path``; a game's aliases apply to its commands."""
    group = target(path)
    short = aliases(path[0]) if len(path) == 1 and path[0] in KINDS else {}
    return pick(word, children(group), short)


# -- the route ------------------------------------------------------------------------
def route(args: list[str]) -> Route:
    """Follow the words down the registry to one command, spelling out short forms."""
    import typer

    words = list(args)
    at = 0
    while at < len(words) and words[at] in ROOT_FLAGS:
        at += 1
    if at == len(words) or words[at].startswith("-"):
        return Route(words, (), False)  # 'companion', 'companion --help': the listing
    name = pick_top(words[at])
    if name is None:
        return Route(words, (), False)  # the whole tree says what is wrong
    words[at] = name
    path: tuple[str, ...] = (name,)
    found = target(path)
    while isinstance(found, typer.Typer):
        at += 1
        word = words[at] if at < len(words) else None
        if word is None or word.startswith("-") and word != "-":  # '-' is undo
            rest = words[at:]
            runs_alone = bool(found.info.invoke_without_command)
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


def expand_short(args: list[str]) -> list[str]:
    """``args`` with a game's alias and its verb alias spelled out, from the tables alone
    (no import): enough for ``main.run``'s fast path to see ``hd s`` as ``hebrac status``."""
    words = list(args)
    at = 1 if words[:1] == ["--plain"] else 0
    if len(words) < at + 2:
        return words
    kind = words[at].lower()
    kind = kind if kind in KINDS else kind_aliases().get(kind, "")
    if not kind:
        return words
    words[at] = kind
    verb = words[at + 1].lower()
    words[at + 1] = aliases(kind).get(verb, verb)
    return words


# -- building -------------------------------------------------------------------------
def _narrowed(found: Any, rest: tuple[str, ...]) -> Any:
    """A copy of a ``typer.Typer`` keeping only the command at ``rest`` (none when
    ``rest`` is empty: a group that runs by itself)."""
    import copy

    import typer

    if not isinstance(found, typer.Typer):
        return found
    narrow = copy.copy(found)
    keep = rest[:1]
    narrow.registered_commands = [i for i in found.registered_commands if _name_of(i) in keep]
    narrow.registered_groups = []
    for info in found.registered_groups:
        if _name_of(info) in keep:
            info = copy.copy(info)
            info.typer_instance = _narrowed(info.typer_instance, rest[1:])
            narrow.registered_groups.append(info)
    return narrow


@cache
def command(path: tuple[str, ...]) -> Any:
    """The click tree from the root down to the command at ``path`` only (cached: the
    shell runs the same commands again)."""
    import typer.main

    from companion.cli.commands import ENTRIES, add_entry, root_app

    root = root_app()
    entry = ENTRIES[path[0]]
    add_entry(root, entry, _narrowed(entry.load(), path[1:]))
    return typer.main.get_command(root)


@cache
def group(kind: str) -> Any:
    """One top-level group built whole (a game's commands: the shell's help and Tab)."""
    import typer.main

    from companion.cli.commands import ENTRIES, add_entry, root_app

    root = root_app()
    entry = ENTRIES[kind]
    add_entry(root, entry, entry.load())
    return typer.main.get_command(root).commands[kind]  # type: ignore[attr-defined]


@cache
def tree() -> Any:
    """The whole click tree: help listings, completion, words no route reaches."""
    import typer.main

    from companion.cli.commands import whole_app

    return typer.main.get_command(whole_app())


def leaf(path: tuple[str, ...]) -> Any:
    """The click command at ``path``, from its narrowed tree."""
    found = command(path)
    for name in path:
        found = found.commands[name]
    return found


def long_options(found: Any, args: list[str]) -> list[str]:
    """``args`` with unique prefixes of the command's long options spelled out."""
    names = [o for p in found.params for o in (*p.opts, *p.secondary_opts) if o.startswith("--")]
    spelled: list[str] = []
    for number, word in enumerate(args):
        if word == "--":
            return spelled + args[number:]
        if word.startswith("--") and len(word) > 2:
            name, equals, value = word.partition("=")
            if name not in names:
                matches = [n for n in names if n.startswith(name)]
                if len(matches) == 1:
                    word = matches[0] + equals + value
                elif matches:
                    raise BadInput(f"{name!r} could be {', '.join(sorted(matches))}: type more")
        spelled.append(word)
    return spelled


def run(args: list[str], *, whole: bool = False) -> Any:
    """Run ``companion ARGS``: through the one command's tree, or the whole one (``whole``,
    and whenever the words lead to a listing or nowhere). Errors are raised, not printed."""
    from companion.cli.helpformat import use_compact_help

    use_compact_help()  # help screens laid out for the real width
    found = route(args)
    if not found.leaf:
        words = found.args if found.path else list(args)
        return tree().main(args=words, prog_name="companion", standalone_mode=False)
    root = tree() if whole else command(found.path)
    end = root
    for name in found.path:
        end = end.commands[name]
    words = found.args[:found.at] + long_options(end, found.args[found.at:])
    return root.main(args=words, prog_name="companion", standalone_mode=False)
