"""The registry of top-level words (a game kind or a command), each named by where it
lives, so the dispatcher imports only the command a line runs. A new top-level command
is one ``Entry`` line here.
"""

from __future__ import annotations

import importlib
from typing import Any

from companion.kinds import KINDS
from companion.values import Value

HELP = "Scorekeeper and rules companion for card games played with real cards."


class Entry(Value):
    """A top-level word: ``target`` is ``module:attribute``, a ``Group`` of commands or a
    command function; ``help`` is a group's line in the listing."""

    name: str
    target: str
    help: str | None = None
    in_shell: bool = True  # 'shell' inside the shell makes no sense

    def load(self) -> Any:
        module, _, attribute = self.target.partition(":")
        return getattr(importlib.import_module(module), attribute)


REGISTRY: tuple[Entry, ...] = (  # in the order the top-level help lists them
    Entry("hebrac", "companion.cli.hebrac:app", "Hebrac's Dungeon: solo dungeon crawl."),
    Entry("tricky", "companion.cli.tricky:app", "Tricky Dungeon: trick-taking for 2-4 players."),
    Entry("halfdeck", "companion.cli.halfdeck_commands:app",
          "Half Deck Dungeon Heroes: heroes and dice."),
    Entry("elbereth", "companion.cli.elbereth_commands:app",
          "Elbereth: solo roguelike, seven floors."),
    Entry("games", "companion.cli.games:games_app"),
    Entry("shell", "companion.cli.shell:shell_command", in_shell=False),
    Entry("play", "companion.cli.shell:shell_command", "Same as 'shell'.", in_shell=False),
    Entry("serve", "companion.cli.serve:serve"),
    Entry("rules", "companion.cli.rules:rules_command"),
    Entry("sheet", "companion.cli.sheet:sheet"),
    Entry("stats", "companion.cli.stats:stats"),
    Entry("share", "companion.cli.share:share"),
    Entry("import", "companion.cli.share:import_game"),
    Entry("export", "companion.cli.stats:export"),
    Entry("demo", "companion.cli.games:demo"),
)
ENTRIES: dict[str, Entry] = {entry.name: entry for entry in REGISTRY}


def target(path: tuple[str, ...]) -> Any:
    """What runs at ``path``: a game's line (a ``VerbCommand``), a ``typer.Typer`` group
    or a command function."""
    if len(path) == 2 and path[0] in KINDS:
        from companion.cli.verbcommands import verb_command

        verb = verb_command(*path)
        if verb is not None:
            return verb
    found = ENTRIES[path[0]].load()
    for name in path[1:]:  # a sub-group, or a command's function
        info = infos(found)[name]
        found = getattr(info, "typer_instance", None) or info.callback
    return found


def is_group(found: Any) -> bool:
    return hasattr(found, "registered_commands")


def infos(group: Any) -> dict[str, Any]:
    """A typer group's commands, then its groups, by name (typer's order and names)."""
    found = {info.name or info.callback.__name__.lower().replace("_", "-"): info
             for info in group.registered_commands}
    found.update({info.name: info for info in group.registered_groups})
    return found


def names(path: tuple[str, ...], shell: bool = False) -> list[str]:
    """The command names of the group at ``path``: the top-level words for ``()`` (in the
    shell, those that run there); a game's lines among its other commands, after ``new``
    (as help lists them)."""
    if not path:
        return [entry.name for entry in REGISTRY if entry.in_shell or not shell]
    own = list(infos(target(path)))
    if len(path) != 1 or path[0] not in KINDS:
        return own
    from companion.cli.verbcommands import verb_names

    shared, verbs = verb_names(path[0])
    at = own.index("new") + 1 if "new" in own else len(own)
    return [*shared, *own[:at], *verbs, *own[at:]]
