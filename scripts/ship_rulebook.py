"""Write the data files the package ships from rulebook/*.toml (the rule tables, the
rulebook's index and its ranking stats, as JSON): run after changing a rulebook file.

    PYTHONPATH=. python scripts/ship_rulebook.py
"""

from __future__ import annotations

from pathlib import Path

from companion.rulebook.build import shipped_sources

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    for name, text in shipped_sources().items():
        path = ROOT / name
        if not path.is_file() or path.read_text("utf-8") != text:
            path.write_text(text, "utf-8")
            print(f"wrote {name}")


if __name__ == "__main__":
    main()
