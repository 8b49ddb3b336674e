"""Commands declared without importing typer.

Importing typer and letting it read every command's type hints costs more
than most commands do, so the command modules declare their commands with
these light stand-ins instead: ``Group`` for ``typer.Typer``, ``Option`` and
``Argument`` for typer's own. Each keeps typer's arguments unchanged, and
``companion.cli.dispatch`` hands them to typer when a typer command is built
(help screens, usage errors, the whole tree). Typer stays the one reader of
the declarations: the quick path (``companion.cli.quick``) reads the table
that typer's reading produced.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from companion.values import Value

Function = TypeVar("Function", bound=Callable[..., Any])


class Param(Value):
    """``typer.Option(*names, **settings)`` or ``typer.Argument(**settings)``, as typed."""

    kind: str  # "option" or "argument"
    names: tuple[str, ...]
    settings: dict[str, Any]


def Option(*names: str, **settings: Any) -> Any:  # noqa: N802 (typer's spelling)
    """An option, declared as ``typer.Option`` takes it inside ``Annotated``."""
    return Param("option", names, settings)


def Argument(**settings: Any) -> Any:  # noqa: N802 (typer's spelling)
    """A positional argument, declared as ``typer.Argument`` takes it inside ``Annotated``."""
    return Param("argument", (), settings)


class Context(Protocol):
    """What a group's own callback may ask of typer's context: the sub-command that follows."""

    @property
    def invoked_subcommand(self) -> str | None: ...


def command_name(function: Callable[..., Any]) -> str:
    """A command's name when none is given: typer's rule (``next_level`` is ``next-level``)."""
    return function.__name__.lower().replace("_", "-")


class Group:
    """A group of commands, declared as on a ``typer.Typer``: ``settings`` are its
    arguments, ``commands`` and ``groups`` map names to what runs and its settings, in
    the order they were added (typer lists them that way); ``own`` is the group's
    callback."""

    def __init__(self, **settings: Any) -> None:
        self.settings = settings
        self.commands: dict[str, tuple[Callable[..., Any], dict[str, Any]]] = {}
        self.groups: dict[str, tuple[Group, dict[str, Any]]] = {}
        self.own: tuple[Callable[..., Any], dict[str, Any]] | None = None

    @property
    def runs_alone(self) -> bool:
        """Whether the group runs its own callback when no sub-command follows."""
        return bool(self.settings.get("invoke_without_command"))

    def command(self, name: str | None = None, **settings: Any) -> Callable[[Function], Function]:
        def register(function: Function) -> Function:
            self.commands[name or command_name(function)] = (function, settings)
            return function
        return register

    def callback(self, **settings: Any) -> Callable[[Function], Function]:
        def register(function: Function) -> Function:
            self.own = (function, settings)
            return function
        return register

    def add_group(self, group: Group, name: str, **settings: Any) -> None:
        self.groups[name] = (group, settings)

    def names(self) -> list[str]:
        """Commands, then groups: typer's order."""
        return [*self.commands, *self.groups]

    def child(self, name: str) -> Callable[..., Any] | Group:
        if name in self.commands:
            return self.commands[name][0]
        return self.groups[name][0]
