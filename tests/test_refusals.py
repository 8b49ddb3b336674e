"""Every refusal by a rule names the rulebook section that refused it."""

from __future__ import annotations

import ast
from pathlib import Path

import companion

PACKAGE = Path(companion.__file__).parent


def test_every_rule_refusal_names_its_rule() -> None:
    missing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "RuleRefused":
                has_rule = len(node.args) >= 2 or any(k.arg == "rule" for k in node.keywords)
                if not has_rule:
                    missing.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert missing == []
