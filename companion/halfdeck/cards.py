"""Half Deck cards as the player enters them: a name, a kind and the printed numbers.

The printed cards are not in our source, so a card is whatever the player typed once
(``steel sword``: gear, S+2). A catalog card may lack numbers; a game uses only complete
cards (``missing`` says what a card still lacks).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

from companion.errors import BadInput, NotationError
from companion.text import control
from companion.values import Value

STRENGTH: Final = "strength"
MAGIC: Final = "magic"
LETTER: Final = {STRENGTH: "S", MAGIC: "M"}

KINDS: Final = ("hero", "gear", "minion", "boss", "trap", "misc", "endgame-boss",
                "endgame-treasure")
HERO, GEAR, MINION, BOSS, TRAP, MISC, ENDGAME_BOSS, ENDGAME_TREASURE = KINDS
DUNGEON_KINDS: Final = KINDS[2:]
FOES: Final = (MINION, BOSS, ENDGAME_BOSS)  # fought with attack rolls; a trap is challenged
ONE_NUMBER: Final = (MINION, BOSS, TRAP, ENDGAME_BOSS)  # a strength or a magic number

NAME_FORMS: Final = ("letters, digits, spaces, ' . and -, at most 40, not a number, "
                     "not starting with -")
MAX_NAME: Final = 40
_NAME = re.compile(rf"[^\W_][\w' .-]{{0,{MAX_NAME - 1}}}")


def card_name(text: str) -> str:
    """The canonical name: lower case, single spaces (``Steel  Sword`` -> ``steel sword``)."""
    name = _NAMES.get(text)
    if name is not None:
        return name
    name = " ".join(text.replace("_", " ").split()).lower()
    if not _NAME.fullmatch(name) or name.isdigit():
        raise NotationError(f"{text!r} is not a card name: {NAME_FORMS}")
    if len(_NAMES) >= 4096:  # a replay names the same few cards again and again
        _NAMES.clear()
    _NAMES[text] = name
    return name


_NAMES: dict[str, str] = {}


FIELDS: Final = ("kind", "strength", "magic", "loot", "one_use", "effect")  # and its name
MAX_NUMBER: Final = 99
MAX_EFFECT: Final = 500


class CardInfo(Value):
    """One card's printed facts. For gear, ``strength``/``magic`` hold the bonus."""

    name: str
    kind: str
    strength: int | None = None
    magic: int | None = None
    loot: int | None = None
    one_use: bool = False
    effect: str = ""

    @property
    def attribute(self) -> str | None:
        """The attribute a one-number card or a gear card is based on."""
        if self.strength is not None and self.magic is None:
            return STRENGTH
        if self.magic is not None and self.strength is None:
            return MAGIC
        return None

    @property
    def number(self) -> int:
        value = self.strength if self.attribute == STRENGTH else self.magic
        assert value is not None
        return value

    def missing(self) -> list[str]:
        """What a game still needs to know, as the options that give it."""
        need: list[str] = []
        if self.kind == HERO:
            need += [f"--{k[:3]} N" for k, value in ((STRENGTH, self.strength),
                                                       (MAGIC, self.magic))
                     if value is None]
        elif self.kind == GEAR or self.kind in ONE_NUMBER:
            if self.strength is None and self.magic is None:
                need.append("--str N or --mag N")
        if self.kind in (MINION, BOSS) and self.loot is None:
            need.append("--loot N")
        return need

    def describe(self) -> str:
        """``hero S4 M1``, ``gear S+2 (one use)``, ``minion S7 loot 1``."""
        parts = [self.kind.replace("-", " ")]
        sign = "+" if self.kind == GEAR else ""
        for letter, value in (("S", self.strength), ("M", self.magic)):
            if value is not None or self.kind == HERO:
                parts.append(f"{letter}{sign}{'?' if value is None else value}")
        if self.loot is not None and self.kind not in (HERO, GEAR, TRAP):
            parts.append(f"loot {self.loot}")
        return " ".join(parts) + (" (one use)" if self.one_use else "")

    def as_toml(self) -> dict[str, str | int | bool]:
        fields = (("strength", self.strength), ("magic", self.magic), ("loot", self.loot),
                  ("one_use", self.one_use or None), ("effect", self.effect or None))
        return {"kind": self.kind, **{key: value for key, value in fields if value is not None}}

    @classmethod
    def from_toml(cls, name: str, data: object, *, strict: bool = False) -> CardInfo:
        """Read one catalog entry; raise ValueError naming what is wrong. ``strict``
        (a catalog brought in from elsewhere) also refuses fields no catalog writes."""
        shown = repr(name[:60])
        if not isinstance(data, Mapping):
            raise ValueError(f"card {shown} is not a table")
        if strict:
            extra = sorted(str(key)[:40] for key in data if key not in FIELDS)
            if extra:
                raise ValueError(f"card {shown} has a field no catalog holds: {extra[0]!r}")
        kind = data.get("kind")
        if kind not in KINDS:
            raise ValueError(f"card {shown} has no valid kind (one of {', '.join(KINDS)})")
        numbers: list[int | None] = []
        for key in ("strength", "magic", "loot"):
            value = data.get(key)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or not 0 <= value <= MAX_NUMBER):
                raise ValueError(f"card {shown}: {key} must be a whole number 0-{MAX_NUMBER}")
            numbers.append(value)
        effect = data.get("effect", "")
        one_use = data.get("one_use", False)
        if not isinstance(effect, str) or not isinstance(one_use, bool):
            raise ValueError(f"card {shown}: effect must be text and one_use true or false")
        if control(effect, layout=True) or len(effect) > MAX_EFFECT:
            raise ValueError(f"card {shown}: effect holds a control character or is longer "
                             f"than {MAX_EFFECT} characters")
        if len(name) > 4 * MAX_NAME:
            raise ValueError(f"card {shown}...: a name is at most {MAX_NAME} characters")
        try:
            canonical = card_name(name)
        except BadInput as error:
            raise ValueError(str(error)) from None
        return cls(canonical, str(kind), numbers[0], numbers[1], numbers[2], one_use, effect)

