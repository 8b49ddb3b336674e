"""The text form of actions in a saved game: ``verb arg arg --option value --flag``.

One short readable line per action, like a hand history. The CLI builds it
with ``join_action``; engines read it back with ``ActionWords.split``.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Mapping

from companion.errors import BadInput
from companion.game import Record

MAX_ACTION_CHARS = 500
_PLAIN = re.compile(r"[^'\"\\]*")
_SAFE_WORD = re.compile(r"[A-Za-z0-9@%+=:,./_-]+")


class ActionWords(Record):
    """An action's verb, its words and its ``--key value`` options (a flag's value is "")."""

    __slots__ = ("verb", "args", "options")

    def __init__(self, verb: str, args: list[str] | None = None,
                 options: dict[str, list[str]] | None = None) -> None:
        self.verb = verb
        self.args: list[str] = [] if args is None else args
        self.options: dict[str, list[str]] = {} if options is None else options

    @classmethod
    def split(cls, text: str, flags: Iterable[str] = ()) -> ActionWords:
        """Split an action; options named in ``flags`` take no value."""
        if len(text) > MAX_ACTION_CHARS:
            raise BadInput(f"an action is at most {MAX_ACTION_CHARS} characters")
        try:
            # Saved actions rarely need shlex: plain words split ten times faster.
            words = text.split() if _PLAIN.fullmatch(text) else shlex.split(text)
        except ValueError as error:
            raise BadInput(f"cannot read action {text!r}: {error}") from None
        if not words:
            raise BadInput("empty action")
        flag_set = set(flags)
        parsed = cls(words[0].lower())
        rest = iter(words[1:])
        for word in rest:
            if word.startswith("--") and len(word) > 2:
                key = word[2:].lower()
                if key in flag_set:
                    parsed.options.setdefault(key, []).append("")
                    continue
                value = next(rest, None)
                if value is None:
                    raise BadInput(f"option {word} needs a value in {text!r}")
                parsed.options.setdefault(key, []).append(value)
            else:
                parsed.args.append(word)
        return parsed

    def option(self, key: str) -> str | None:
        values = self.options.get(key)
        if not values:
            return None
        if len(values) > 1:
            raise BadInput(f"option --{key} given more than once")
        return values[0]

    def flag(self, key: str) -> bool:
        return key in self.options

    def check_options(self, allowed: Iterable[str]) -> None:
        unknown = sorted(set(self.options) - set(allowed))
        if unknown:
            raise BadInput(f"'{self.verb}' takes no option --{unknown[0]}")

    def check_count(self, low: int, high: int, usage: str) -> None:
        if not low <= len(self.args) <= high:
            raise BadInput(f"usage: {usage}")


def join_action(
    *words: str, options: Mapping[str, str | int | bool | Iterable[str] | None] | None = None
) -> str:
    """Canonical action text: words, then ``--key value`` pairs in the given order."""
    parts = [w for w in words if w]
    for key, value in (options or {}).items():
        if value is None or value is False:
            continue
        if value is True:
            parts.append(f"--{key}")
        elif isinstance(value, str | int):
            parts += [f"--{key}", str(value)]
        else:
            for item in value:
                parts += [f"--{key}", item]
    for part in parts:
        if "\n" in part or "\r" in part or "\x00" in part:
            raise BadInput(f"{part!r} cannot be part of an action")
    return " ".join(p if _SAFE_WORD.fullmatch(p) else shlex.quote(p) for p in parts)
