#!/usr/bin/env python3
"""Which kind of record each class of companion/ is (issue #33: two kinds, not five).

    python scripts/record_kinds.py [--list] [ROOT]

Counts, by reading the source (ast, nothing imported): ``Value`` (frozen values),
``Record`` (mutable state), ``NamedTuple`` (``typing.NamedTuple`` or
``collections.namedtuple``), ``dataclass`` (``@dataclass``) and ``TypedDict``. A class
derived from another record class counts as that class's kind. ``--list`` names
every class, as ``module.Class``. tests/test_record_kinds.py uses ``classify``.
"""

from __future__ import annotations

import argparse
import ast
from collections.abc import Iterator
from pathlib import Path

KINDS = ("Value", "Record", "NamedTuple", "dataclass", "TypedDict")
ROOT = Path(__file__).resolve().parent.parent / "companion"


def _name(node: ast.expr) -> str:
    """The last name of ``a.b.C`` or ``C`` (or of ``C[...]``)."""
    if isinstance(node, ast.Subscript):
        return _name(node.value)
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def _modules(root: Path) -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(root.rglob("*.py")):
        name = ".".join(path.relative_to(root.parent).with_suffix("").parts)
        yield name, ast.parse(path.read_text(encoding="utf-8"), str(path))


def classify(root: Path = ROOT) -> dict[str, list[str]]:
    """Each kind's classes (``module.Class``) under ``root``, every kind listed."""
    bases: dict[str, tuple[str, list[str]]] = {}  # qualified name -> (short name, bases)
    found: dict[str, list[str]] = {kind: [] for kind in KINDS}
    for module, tree in _modules(root):
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                qualified = f"{module}.{node.name}"
                if any(_name(d.func if isinstance(d, ast.Call) else d) == "dataclass"
                       for d in node.decorator_list):
                    found["dataclass"].append(qualified)
                    continue
                bases[qualified] = (node.name, [_name(base) for base in node.bases])
            elif (isinstance(node, ast.Call) and _name(node.func) == "namedtuple"
                  and isinstance(node.args[0], ast.Constant)):
                found["NamedTuple"].append(f"{module}.{node.args[0].value}")
    kind_of: dict[str, str] = {kind: kind for kind in KINDS}
    changed = True
    while changed:  # a class derived from a record class is of its kind, however deep
        changed = False
        for qualified, (short, names) in bases.items():
            kind = next((kind_of[name] for name in names if name in kind_of), None)
            if kind and qualified not in found[kind]:
                found[kind].append(qualified)
                kind_of.setdefault(short, kind)
                changed = True
    for qualified in ("companion.values.Value", "companion.values.Record",
                      "companion.game.Record", "companion.values._Probe"):
        for names in found.values():  # the two kinds (and the probe lending Value its
            # field reader) are not records
            if qualified in names:
                names.remove(qualified)
    return {kind: sorted(names) for kind, names in found.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", type=Path, default=ROOT)
    parser.add_argument("--list", action="store_true", help="name every class")
    args = parser.parse_args()
    for kind, names in classify(args.root).items():
        print(f"{kind:<10} {len(names)}")
        if args.list:
            print("".join(f"    {name}\n" for name in names), end="")


if __name__ == "__main__":
    main()
