"""The Half Deck cards entered so far, kept per installation.

One TOML file, ``halfdeck-cards.toml`` in the data home, started as a copy
of the shipped ``examples/halfdeck-cards.toml``. Games never read it: the CLI
copies a card's numbers into the action text, so a saved game replays the
same whatever the catalog says later. Writes go to a temp file, are fsynced
and renamed over the old file; a change reads and writes the file under its
lock, so parallel commands do not lose each other's cards.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from companion import safefile
from companion.errors import DataProblem
from companion.halfdeck.cards import KINDS, CardInfo
from companion.resources import resource_dir
from companion.store import data_home, replace_file

FILE_NAME = "halfdeck-cards.toml"
SCHEMA = 1
MAX_CATALOG_BYTES = 1024 * 1024
HEADER = """\
# Half Deck Dungeon Heroes cards entered so far (companion halfdeck cards).
# kind: hero, gear, minion, boss, trap, misc, endgame-boss, endgame-treasure.
# strength/magic: hero attributes, gear bonus, or the card's number.
"""


def catalog_path() -> Path:
    return data_home() / FILE_NAME


def seed_path() -> Path:
    return resource_dir("examples") / FILE_NAME


def read_file(path: Path) -> dict[str, CardInfo]:
    """The cards of one catalog file; DataProblem names the file and the fault."""
    try:
        data = tomllib.loads(safefile.read_text(path, MAX_CATALOG_BYTES))
    except FileNotFoundError:
        raise
    except safefile.Unreadable as error:
        raise DataProblem(f"{path}: the card catalog cannot be read: {error.reason}") from None
    except (OSError, ValueError, RecursionError) as error:  # ValueError: TOML, huge numbers
        reason = "nested too deep" if isinstance(error, RecursionError) else error
        raise DataProblem(f"{path}: the card catalog cannot be read: {reason}") from None
    schema = data.get("schema")
    if schema != SCHEMA:
        raise DataProblem(f"{path}: the card catalog has schema {schema!r}, not {SCHEMA}")
    table = data.get("cards", {})
    if not isinstance(table, dict):
        raise DataProblem(f"{path}: 'cards' is not a table")
    cards: dict[str, CardInfo] = {}
    for name, entry in table.items():
        try:
            info = CardInfo.from_toml(name, entry)
        except ValueError as error:
            raise DataProblem(f"{path}: {error}") from None
        cards[info.name] = info
    return cards


def load() -> dict[str, CardInfo]:
    """The installation's catalog, else the shipped seed (nothing is written)."""
    try:
        return read_file(catalog_path())
    except FileNotFoundError:
        pass
    try:
        return read_file(seed_path())
    except FileNotFoundError:
        return {}


def save(cards: dict[str, CardInfo]) -> None:
    path = catalog_path()
    body: dict[str, Any] = {"schema": SCHEMA, "cards": {
        name: cards[name].as_toml() for name in sorted(cards)}}
    import tomli_w  # only when writing

    data = (HEADER + "\n" + tomli_w.dumps(body)).encode("utf-8")
    replace_file(path, data, "the card catalog")


def learn(info: CardInfo) -> str | None:
    """Keep a card a game used; a line saying what changed, or None."""
    with safefile.locked(catalog_path()):
        cards = load()
        old = cards.get(info.name)
        if old == info:
            return None
        cards[info.name] = info
        save(cards)
    verb = "added" if old is None else "updated"
    return f"catalog: {info.name} {verb} ({info.describe()})"


def forget(name: str) -> bool:
    with safefile.locked(catalog_path()):
        cards = load()
        if name not in cards:
            return False
        del cards[name]
        save(cards)
        return True


def sort_key(info: CardInfo) -> tuple[int, str]:
    return KINDS.index(info.kind), info.name
