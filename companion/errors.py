"""The one error hierarchy of the core.

The CLI turns each class into an ``Error: ...`` line and its exit code; the core
never prints.
"""

from __future__ import annotations


class CompanionError(Exception):
    """Anything the companion refuses; ``exit_code`` is what the CLI returns."""

    exit_code = 2


class BadInput(CompanionError, ValueError):
    """The input cannot be read: a bad token, a missing argument, a wrong form."""


class NotationError(BadInput):
    """A card, chamber or other token is not in an accepted notation."""


class RuleRefused(CompanionError):
    """The input is well formed but the rules forbid it now."""

    exit_code = 1

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule

    def __str__(self) -> str:
        text = super().__str__()
        return f"{text} (rule {self.rule})" if self.rule else text


class DataProblem(CompanionError):
    """A saved game cannot be read or written: corrupt, newer, locked, unwritable."""

    exit_code = 3


class GameNotFound(BadInput):
    """No saved game by that name, or no current game."""
