"""Two engines (or any records) compared field by field, so that no field is forgotten:
what a refused action or a ``verify`` must leave as it was."""

from __future__ import annotations

from typing import Any

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
