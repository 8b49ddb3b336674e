"""The Half Deck cards entered so far, kept per installation, and passed between players.

One TOML file in the data home (``halfdeck-cards.toml``), started as a copy of the shipped
``examples/halfdeck-cards.toml``. Games never read it: the CLI copies a card's numbers into
the action text, so a saved game replays the same whatever the catalog says later. A
change reads and writes the file under its lock, so parallel commands lose no card.

``export`` writes it as the same TOML, or as a code (``HDC1.<body>.<checksum>``: the TOML
deflated, in base32, which a QR code holds compactly; the checksum is 8 hex digits of
the SHA-256 of ``HDC1.<body>``); ``import`` reads either back, as data only: its size is
bounded before it is read and while it is unpacked, and every card is checked.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path

from companion import safefile
from companion.errors import BadInput, DataProblem
from companion.halfdeck.cards import CardInfo
from companion.resources import resource_dir
from companion.store import data_home, replace_file
from companion.values import Value

FILE_NAME = "halfdeck-cards.toml"
SCHEMA = 1
MAX_CATALOG_BYTES = 1024 * 1024
MAX_CARDS = 2000  # in an imported catalog (a real deck has 52)
CODE_VERSION = 1
CODE_PREFIX = f"HDC{CODE_VERSION}."
HEADER = """\
# Half Deck Dungeon Heroes cards entered so far (companion halfdeck cards).
# kind: hero, gear, minion, boss, trap, misc, endgame-boss, endgame-treasure.
# strength/magic: hero attributes, gear bonus, or the card's number.
"""


def catalog_path() -> Path:
    return data_home() / FILE_NAME


def seed_path() -> Path:
    return resource_dir("examples") / FILE_NAME


def parse(text: str, *, strict: bool = False) -> dict[str, CardInfo]:
    """The cards of a catalog's TOML text; ValueError says what is wrong. ``strict`` (a
    catalog from elsewhere) refuses other fields and too many cards."""
    try:
        data: dict[str, object] = tomllib.loads(text)
    except (ValueError, RecursionError) as error:  # not TOML, a number int() refuses...
        reason = "nested too deep" if isinstance(error, RecursionError) else error
        raise ValueError(f"the card catalog cannot be read: {reason}") from None
    schema = data.get("schema")
    if schema != SCHEMA:
        shown = repr(schema) if len(repr(schema)) <= 40 else repr(schema)[:40] + "..."
        raise ValueError(f"the card catalog has schema {shown}, not {SCHEMA}")
    if strict:
        extra = sorted(key for key in data if key not in ("schema", "cards"))
        if extra:
            raise ValueError(f"a catalog holds schema and cards, not {extra[0][:40]!r}")
    table = data.get("cards", {})
    if not isinstance(table, dict):
        raise ValueError("'cards' is not a table")
    if strict and len(table) > MAX_CARDS:
        raise ValueError(f"{len(table)} cards: a catalog holds at most {MAX_CARDS}")
    cards: dict[str, CardInfo] = {}
    for name, entry in table.items():
        info = CardInfo.from_toml(str(name), entry, strict=strict)  # TOML keys are text
        if strict and info.name in cards:
            raise ValueError(f"card {info.name!r} is there twice")
        cards[info.name] = info
    return cards


def read_file(path: Path) -> dict[str, CardInfo]:
    """The cards of one catalog file; DataProblem names the file and the fault."""
    try:
        text = safefile.read_text(path, MAX_CATALOG_BYTES)
    except FileNotFoundError:
        raise
    except safefile.Unreadable as error:
        raise DataProblem(f"{path}: the card catalog cannot be read: {error.reason}") from None
    except (OSError, ValueError) as error:
        raise DataProblem(f"{path}: the card catalog cannot be read: {error}") from None
    try:
        return parse(text)
    except ValueError as error:
        raise DataProblem(f"{path}: {error}") from None


def load() -> dict[str, CardInfo]:
    """The installation's catalog, else the shipped seed (nothing is written)."""
    for path in (catalog_path(), seed_path()):
        try:
            return read_file(path)
        except FileNotFoundError:
            pass
    return {}


def toml_text(cards: Mapping[str, CardInfo], *, header: bool = True) -> str:
    """The catalog as its file holds it (a code leaves out the comments)."""
    import tomli_w  # only when writing

    body = {"schema": SCHEMA, "cards": {name: cards[name].as_toml() for name in sorted(cards)}}
    return (HEADER + "\n" if header else "") + tomli_w.dumps(body)


def save(cards: Mapping[str, CardInfo]) -> None:
    data = toml_text(cards).encode("utf-8")
    if len(data) > MAX_CATALOG_BYTES:
        raise BadInput(f"the card catalog would be {len(data)} bytes, more than the "
                       f"{MAX_CATALOG_BYTES} it may hold: remove cards first")
    replace_file(catalog_path(), data, "the card catalog")


def learn(info: CardInfo) -> str | None:
    """Keep a card a game used: "added", "updated", or None when nothing is new. What the
    game leaves out (a hero's effect, say) stays as the catalog has it."""
    with safefile.locked(catalog_path()):
        cards = load()
        old = cards.get(info.name)
        if old is not None and old.kind == info.kind:  # a game's card has its numbers
            info = info._replace(loot=old.loot if info.loot is None else info.loot,
                                 one_use=info.one_use or old.one_use,
                                 effect=info.effect or old.effect)
        if old == info:
            return None
        cards[info.name] = info
        save(cards)
    return "added" if old is None else "updated"


def forget(name: str) -> bool:
    with safefile.locked(catalog_path()):
        cards = load()
        if cards.pop(name, None) is None:
            return False
        save(cards)
        return True


# -- passing the catalog on -----------------------------------------------------------
def encode(cards: Mapping[str, CardInfo]) -> str:
    """The catalog as a code: ``HDC1.<base32 of the deflated TOML>.<checksum>``."""
    import zlib

    from companion.codejson import base32, checksum

    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(toml_text(cards, header=False).encode("utf-8")) + packer.flush()
    body = base32(packed)
    return f"{CODE_PREFIX}{body}.{checksum('HDC', CODE_VERSION, body)}"


def looks_like_code(text: str) -> bool:
    return text.lstrip()[:3].upper() == "HDC"


def decode(code: str) -> str:
    """The TOML text a code holds; BadInput says what is wrong."""
    from companion.codejson import FORMS, inflate, opened

    text = "".join(code.split()).upper()  # a code may come wrapped over lines
    _, _, packed = opened(code, text, "HDC", f"not a card catalog code: it looks like "
                          f"{CODE_PREFIX}{FORMS}", lambda version: None if version == CODE_VERSION
                          else f"this code is format HDC{version}; this companion reads "
                          f"HDC{CODE_VERSION}")
    raw = inflate(packed, MAX_CATALOG_BYTES)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput("the code's data is not UTF-8 text") from None


def read_import(text: str, where: str) -> dict[str, CardInfo]:
    """The cards of a catalog brought in (its TOML, or a code), checked; BadInput names
    ``where`` and the fault."""
    if looks_like_code(text):
        text = decode(text.strip())
    if len(text.encode("utf-8")) > MAX_CATALOG_BYTES:
        raise BadInput(f"{where} holds more than {MAX_CATALOG_BYTES} bytes: not a catalog")
    try:
        return parse(text, strict=True)
    except ValueError as error:
        raise BadInput(f"{where} is not a card catalog: {error}") from None


class Merged(Value):
    """What an import did, card names in the order they came."""

    added: list[str]
    replaced: list[str]
    kept: list[str]  # a different card of that name was kept (no --replace)
    same: list[str]


def merge(cards: Mapping[str, CardInfo], replace: bool = False) -> Merged:
    """Add ``cards`` to the installation's catalog under its lock; a name it holds keeps
    its card unless ``replace``."""
    done = Merged([], [], [], [])
    with safefile.locked(catalog_path()):
        kept = load()
        for name, info in cards.items():
            old = kept.get(name)
            if old == info:
                done.same.append(name)
            elif old is not None and not replace:
                done.kept.append(name)
            else:
                (done.added if old is None else done.replaced).append(name)
                kept[name] = info
        if done.added or done.replaced:
            save(kept)
    return done
