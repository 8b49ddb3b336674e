"""The game kinds: names, titles and where each engine lives.

Kept apart from ``companion.game`` and light (no dataclasses, no engines):
the command line reads it to route words before it knows what else it needs.
"""

from __future__ import annotations

from companion.errors import BadInput
from companion.values import Value


class KindInfo(Value):
    name: str
    title: str
    module: str
    aliases: tuple[str, ...] = ()
    start: str = ""  # the options 'new' cannot do without, as a first screen shows them


KINDS: dict[str, KindInfo] = {
    info.name: info
    for info in (
        KindInfo("hebrac", "Hebrac's Dungeon", "companion.hebrac.engine",
                 ("h", "hd", "hebrac's")),
        KindInfo("tricky", "Tricky Dungeon", "companion.tricky.engine", ("t", "td")),
        KindInfo("halfdeck", "Half Deck Dungeon Heroes", "companion.halfdeck.engine",
                 ("hh", "hddh", "half-deck")),
        KindInfo("elbereth", "Elbereth", "companion.elbereth.engine", ("e", "elb"),
                 "--equip ITEM ITEM"),
    )
}


def kind_info(name: str) -> KindInfo:
    key = name.strip().lower()
    for info in KINDS.values():
        if key == info.name or key in info.aliases:
            return info
    known = ", ".join(KINDS)
    raise BadInput(f"{name!r} is not a game kind: expected one of {known}")
