"""A replay that keeps each action's ruling, for tests that check them: the product's
``companion.game.replay`` keeps none (most commands read none)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.game import Applied, Engine, begin, replaying


def replayed(kind: str, settings: Mapping[str, object], actions: Sequence[str]
             ) -> tuple[Engine, list[Applied]]:
    """The game rebuilt from ``actions`` and each action's ruling, in order."""
    engine = begin(kind, settings)[2]
    return engine, [applied for _number, _action, applied in replaying(engine, actions)]
