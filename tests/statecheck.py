"""What the state caches are held to: an engine rebuilt from its plain state is the same
engine, field by field, as the one replayed (so no field can be forgotten)."""

from __future__ import annotations

import marshal
from collections.abc import Sequence
from typing import Any

from companion.game import load_kind

_PLAIN = (type(None), bool, int, float, str, bytes)


def differences(a: Any, b: Any, where: str = "engine") -> list[str]:
    """Where ``a`` and ``b`` differ, comparing types, containers and every attribute."""
    if type(a) is not type(b):
        return [f"{where}: {type(a).__name__} != {type(b).__name__}"]
    if isinstance(a, _PLAIN):
        return [] if a == b else [f"{where}: {a!r:.80} != {b!r:.80}"]
    if isinstance(a, dict):
        if list(a) != list(b):
            return [f"{where}: keys {list(a)!r:.120} != {list(b)!r:.120}"]
        return [d for k in a for d in differences(a[k], b[k], f"{where}[{k!r}]")]
    if isinstance(a, list | tuple):
        if len(a) != len(b):
            return [f"{where}: {len(a)} items != {len(b)}"]
        return [d for i, (x, y) in enumerate(zip(a, b, strict=True))
                for d in differences(x, y, f"{where}[{i}]")]
    if isinstance(a, set | frozenset):
        return [] if a == b else [f"{where}: {sorted(map(repr, a))} != {sorted(map(repr, b))}"]
    fields: list[str] = []
    for klass in type(a).__mro__:
        fields += [s for s in getattr(klass, "__slots__", ()) if s not in fields]
    fields += [k for k in getattr(a, "__dict__", {}) if k not in fields]
    fields += [k for k in getattr(b, "__dict__", {}) if k not in fields]
    if not fields:
        return [] if a == b else [f"{where}: {a!r:.80} != {b!r:.80}"]
    found = []
    for name in fields:
        missing = object()
        x, y = getattr(a, name, missing), getattr(b, name, missing)
        if x is missing or y is missing:
            found.append(f"{where}.{name}: missing on one side")
        else:
            found += differences(x, y, f"{where}.{name}")
    return found


def rebuilt(kind: str, settings: Any, engine: Any) -> Any:
    """The engine built back from its state, through the bytes a cache file holds."""
    module = load_kind(kind)
    data = marshal.loads(marshal.dumps(engine.state_data()))
    return module.engine_from_data(module.normalize_settings(settings), data)


def assert_round_trips(kind: str, settings: Any, actions: Sequence[str],
                       every: int = 1) -> int:
    """Replay ``actions``; after every ``every``-th one the engine rebuilt from its state
    must equal it field by field, and finish the game with the same rulings and status.
    Returns how many states were checked."""
    module = load_kind(kind)
    normalized = module.normalize_settings(settings)
    engine = module.new_engine(normalized)
    checked = 0
    for number, action in enumerate(actions, start=1):
        engine.apply(action)
        if number % every and number != len(actions):
            continue
        copy = rebuilt(kind, normalized, engine)
        found = differences(engine, copy)
        assert not found, f"after action {number} {action!r}: {found[:5]}"
        checked += 1
    # the rebuilt engine plays on exactly as the replayed one
    half = len(actions) // 2
    first = module.new_engine(normalized)
    for action in actions[:half]:
        first.apply(action)
    copy = rebuilt(kind, normalized, first)
    for action in actions[half:]:
        assert first.apply(action) == copy.apply(action), action
    assert first.status() == copy.status()
    assert not differences(first, copy)
    return checked
