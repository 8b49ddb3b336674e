"""Share codes: a whole saved game as one line of text, for a QR code or a chat.

A code reads ``CMP2.<body>.<checksum>``:

- ``CMP2`` names the format (a later one gets ``CMP3``, which this companion
  refuses; it still reads ``CMP1``);
- the body is the game (kind, name, settings, actions and, when not empty,
  undone actions and notes), packed word by word by an adaptive arithmetic
  coder (``companion.wordpack``; format 1 was compact JSON in raw deflate,
  about three times as long), in base32 without padding (A-Z, 2-7).
  Capitals, digits and dots are URL-safe, survive being typed and fit a QR
  code's compact alphanumeric mode;
- the checksum is the first 8 hex digits (capitals) of the SHA-256 of
  ``CMP2.<body>``: a changed or cut code is refused before it is unpacked.

The settings travel as changes to a base frozen with the format, so a game
replays the same on a companion whose defaults have changed.

Reading a code is defensive: the text, the unpacked size (bounded while
unpacking, so a zip bomb stops at the limit), the JSON nesting, the numbers,
every key and type are checked; the data is only ever parsed, never run;
then the settings are normalised and every action replayed through the
kind's engine. Any failure raises ``BadInput`` saying why.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from companion import editions, store, wordpack
from companion import text as plain_text
from companion.codejson import (
    FORMS,
    MAX_CODE_CHARS,
    MAX_DEPTH,
    base32,
    checksum,
    inflate,
    opened,
    parse_json,
)
from companion.errors import BadInput
from companion.game import KINDS, ReplayFault
from companion.wordpack import MAX_ACTION_CHARS, MAX_ACTIONS

FORMAT = 2
READS = (1, 2)
PREFIX = f"CMP{FORMAT}."
# Limits, documented in the README: a code longer than MAX_CODE_CHARS, or one
# that unpacks to more than MAX_PAYLOAD_BYTES, is refused before it is parsed.
MAX_PAYLOAD_BYTES = 256 * 1024
MAX_SETTING_ITEMS = 64
MAX_SETTING_CHARS = 200
MAX_INT = 2**63 - 1  # what TOML can hold
# A code may unpack to at most this many characters per character of its body, past a
# floor for short codes: real games unpack to 2-6 (README), while a bomb of repeated
# words costs the reader time in proportion to what it unpacks to. Refused at about
# that cost, a hostile code takes no longer than a real code of its length.
MAX_EXPANSION = 16
EXPANSION_FLOOR = 4_096
CODE_FORMS = f"{PREFIX}{FORMS}"
# Compiled (by re) only when a code is read: making one does not need it.
_LOOSE_CODE = r"CMP\d{1,4}\.[A-Za-z2-7]+\.[0-9A-Fa-f]{8}(?![0-9A-Za-z])"
MAX_SAVE_CHARS = 1024 * 1024
"""Longest saved game file ``import`` reads (the store's own limit is larger)."""
_FIELDS = ("kind", "name", "settings", "actions", "notes", "redo")
_REQUIRED = ("kind", "name", "settings", "actions")
_LISTS = (("actions", MAX_ACTIONS, MAX_ACTION_CHARS),
          ("notes", plain_text.MAX_NOTES, plain_text.MAX_NOTE_CHARS),
          ("redo", MAX_ACTIONS, MAX_ACTION_CHARS))  # in the order they are checked

# Frozen with format 1, which this companion still reads: changing a byte breaks
# every CMP1 code (tests/test_share.py holds its hash). Deflate found the words of a
# game here, then each kind's game as it began (``_dictionary``).
_DICTIONARY_WORDS = (
    # Half Deck Dungeon Heroes and Elbereth: verbs and options.
    b'"hand ","hero ","equip ","draw \'","challenge ","discard ","heal ","hurt ","trade ",'
    b'"team-attack ","team-escape","shuffle-back","loot ", --str  --mag  --loot  --effect \''
    b' --assist  --minion --boss --trap --misc --endgame-boss --endgame-treasure --one-use'
    b' --standby --forced --in-play --pick --hero'
    b'"boost ","block ","wound ","bribe ","pickup ","break-wall ","found ","shop ","descend",'
    b'"attack rat ","attack spider ","attack snake ","attack dragon ",'
    b'sword staff bow armour helm gauntlets coin stairs'
    # Hebrac's Dungeon and Tricky Dungeon: verbs and options.
    b' --with  --count  --potion  --prisoner  --trump  --predict  --exchange  --active '
    b' --pass  --tricks  --potions  --spells  --goblins  --orcs  --ogres  --last-trick'
    b'"reveal ","offer ","buy ","heal","refuse","play ","drop ","move ","see ","peek ",'
    b'"use ","next-level","cast remote-vision","cast healing","cast teleport",'
    b'"enter A2 ","enter A3 ","enter A4 ","enter B1 ","enter B2 ","enter B3 ","enter B4 ",'
    b'"enter C1 ","enter C2 ","enter C3 ","enter C4 ","attack ","take ","cast ",'
    b'"notes":["'
)
# Each kind's first game: its base settings (frozen with format 2, the same as format 1's;
# Tricky Dungeon's players left out) and its first actions' words.
_FIRST_WORDS = (("elbereth", "attack "), ("halfdeck", "hand "),
                ("tricky", 'round ","trick ","result --tricks ",'), ("hebrac", "enter A1 "))


def _dictionary() -> bytes:
    games = "".join(
        f'{{"kind":"{kind}","name":"{kind}-1","settings":'
        + json.dumps(wordpack.BASE_SETTINGS[kind], separators=(",", ":")).replace(
            '["A","B"]', '[""]', 1)
        + f',"actions":["{first}' for kind, first in _FIRST_WORDS)
    return _DICTIONARY_WORDS + games.encode("ascii")


# -- writing --------------------------------------------------------------------
def encode(
    kind: str, name: str, settings: Mapping[str, Any], actions: Sequence[str],
    notes: Sequence[str] = (), redo: Sequence[str] = (),
) -> str:
    """The share code of a game; refuse (BadInput) what ``decode`` would refuse."""
    return with_checksum(share_body(kind, name, settings, actions, notes, redo))


def with_checksum(body: str) -> str:
    return f"{PREFIX}{body}.{checksum('CMP', FORMAT, body)}"


def share_body(
    kind: str, name: str, settings: Mapping[str, Any], actions: Sequence[str],
    notes: Sequence[str] = (), redo: Sequence[str] = (),
) -> str:
    """The body of the game's code, checked as ``encode`` checks it: what a sheet that
    only says there is a code needs (no checksum, so no hashlib)."""
    data = wordpack.game_data(kind, name, wordpack.coded_settings(kind, settings), actions,
                              notes, redo)
    try:
        _check_fields(data)
    except BadInput as error:
        raise BadInput(f"this game cannot be shared: {error}") from None
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    if len(payload) > MAX_PAYLOAD_BYTES:
        raise BadInput(f"this game is too long to share: {len(payload)} characters of "
                       f"data, the limit is {MAX_PAYLOAD_BYTES}")
    packed, chars = wordpack.pack(kind, name, data["settings"], data["actions"],
                                  data.get("redo", []), data.get("notes", []))
    body = base32(packed)
    if chars > limits_for(body):  # as unpack counts: a reader would refuse the code
        raise BadInput(f"this game is too repetitive to share as a code: {len(payload)} "
                       f"characters of data from a code of {len(body)}, more than "
                       f"{MAX_EXPANSION} a character; use 'companion sheet' or copy the "
                       "save file instead")
    length = len(PREFIX) + len(body) + 9  # the checksum: a dot and 8 hex digits
    if length > MAX_CODE_CHARS:
        raise BadInput(f"this game is too long to share: its code would be {length} "
                       f"characters, the limit is {MAX_CODE_CHARS}")
    return body


# -- reading --------------------------------------------------------------------
def find_code(text: str) -> str:
    """The one share code in ``text``: the code alone (line breaks allowed) or within prose
    (an HTML sheet of any size read, up to the 1 MiB that import reads)."""
    if len(text) <= 2 * MAX_CODE_CHARS:
        joined = "".join(text.split())
        if re.fullmatch(_LOOSE_CODE, joined):
            return joined
    else:
        joined = text.lstrip()[:2 * MAX_CODE_CHARS]
    found = {match.group(0) for match in re.finditer(_LOOSE_CODE, text)}
    if len(found) == 1:
        return found.pop()
    if found:
        raise BadInput(f"the text holds {len(found)} different share codes: give one")
    if joined[:3].upper() == "CMP":
        return joined  # damaged or cut: unpack says how
    raise BadInput(f"no share code found: a code looks like {CODE_FORMS}")


def unpack(code: str) -> dict[str, Any]:
    """The game data in a code: checked text, checksum, size, JSON and fields."""
    def unread(version: int) -> str | None:
        newer = "newer " if version > FORMAT else ""
        return None if version in READS else (
            f"this code is format CMP{version} of a {newer}companion; this one reads "
            f"CMP{READS[0]} to CMP{READS[-1]}")

    version, body, packed = opened(code, code.strip().upper(), "CMP",
                                   f"not a share code: it should start with {PREFIX}", unread)
    data: dict[str, Any]
    if version == 1:  # compact JSON in raw deflate
        try:
            data = parse_json(inflate(packed, MAX_PAYLOAD_BYTES, _dictionary()).decode("utf-8"),
                              "data")
        except UnicodeDecodeError:
            raise BadInput("the code's data is not UTF-8 text") from None
        if not isinstance(data, dict):
            raise BadInput("the code's data is not a game: expected a JSON object")
    else:
        data = wordpack.unpack(packed, limits_for(body))
    _check_fields(data)
    return data


def limits_for(body: str) -> int:
    """The most characters of JSON a code of this body may unpack to (MAX_EXPANSION)."""
    return min(MAX_PAYLOAD_BYTES, EXPANSION_FLOOR + MAX_EXPANSION * len(body))


def decode(code: str) -> store.OpenGame:
    """Everything ``import`` checks before it writes; BadInput says what is wrong."""
    data = unpack(code)
    raw = data["settings"]  # a table: ``unpack`` checked it
    try:
        return _checked(data)
    except BadInput:
        if editions.KEY in raw:
            raise
        # A code printed before editions (a code holds no date): the latest earlier
        # edition that replays it (companion.editions).
        for number in range(editions.CURRENT - 1, editions.FIRST - 1, -1):
            with contextlib.suppress(BadInput):
                return _checked({**data, "settings": {**raw, editions.KEY: number}})
        raise


def decode_text(text: str, where: str) -> store.OpenGame:
    """The game in ``text``: a saved game's own TOML file (copied from another device),
    else the one share code it holds (``find_code``). A save is checked like a code: the
    store's reading of the file, the code's checks of every field, then the replay."""
    import tomllib

    try:
        data = tomllib.loads(text)
        save = "schema" in data and "kind" in data
    except tomllib.TOMLDecodeError:
        save = False
    except (RecursionError, ValueError):
        # TOML read up to what tomllib cannot finish (nested too deep, a number of
        # thousands of digits): no code reads that way; refused as the store refuses it.
        save = True
    if not save:
        return decode(find_code(text))
    if len(text) > MAX_SAVE_CHARS:
        raise BadInput(f"{where} is longer than {MAX_SAVE_CHARS} characters: not a saved game")
    try:
        # The store's reading: its kind, name, times and outcome in the forms it writes.
        record = store.parse_record(text.encode("utf-8"))
    except store.NewerSchema as error:
        raise BadInput(f"{where} was {error}") from None
    except ValueError as error:  # "not valid TOML: ...", "not a saved game: ..."
        raise BadInput(f"{where} is {error}") from None
    # A save without an edition is of the first, as the store reads it (companion.editions).
    data = {"kind": record.kind, "name": record.name,
            "settings": editions.saved(record.settings),
            "actions": record.actions, "notes": record.notes, "redo": record.redo}
    _check_fields(data)
    # Its time as the store writes it (from_toml checks).
    return _checked(data, record.created)


def _checked(data: dict[str, Any], created: str | None = None) -> store.OpenGame:
    """Settings normalised and every action (and undone action) replayed, in the forms the
    engine gives them: a game ready to be saved."""
    # A code leaves the edition out at the current one (a save's own file says it).
    settings = {editions.KEY: editions.CURRENT, **data["settings"]}
    actions, redo = data["actions"], data.get("redo", [])
    if redo:
        # Redo must apply after the actions: checked on a game of its own.
        spare = _replayed(store.GameRecord(data["kind"], data["name"], settings, actions + redo),
                          len(actions))
        redo = [done.action for done in spare.applied[len(actions):]]
    game = _replayed(store.GameRecord(data["kind"], data["name"], settings, actions, redo,
                                list(data.get("notes", [])), created))
    game.record.settings = game.settings
    game.record.actions = [done.action for done in game.applied]
    return game


def _replayed(record: store.GameRecord, actions: int | None = None) -> store.OpenGame:
    """``store.replay_record``; a code's game that does not replay is bad input, not a data
    problem: nothing is saved yet. Past ``actions`` actions come the undone ones."""
    try:
        return store.replay_record(record)
    except ReplayFault as fault:
        if not fault.number:
            raise BadInput(f"the game's settings are not valid{fault.because()}") from None
        number, what = fault.number, "action"
        if actions is not None and number > actions:
            number, what = number - actions, "undone action"
        raise BadInput(f"{what} {number} {fault.action!r} does not replay"
                       f"{fault.because()}") from None


# -- checks ---------------------------------------------------------------------
def _check_fields(data: Mapping[str, Any]) -> None:
    unknown = sorted(set(data) - set(_FIELDS))
    if unknown:
        raise BadInput(f"the code's data has an unknown field {unknown[0][:40]!r}")
    for key in _REQUIRED:
        if key not in data:
            raise BadInput(f"the code's data has no {key!r}")
    kind = data["kind"]
    if not isinstance(kind, str) or kind not in KINDS:
        shown = repr(kind)[:40] if isinstance(kind, str) else type(kind).__name__
        raise BadInput(f"the code's game kind {shown} is not one of {', '.join(KINDS)}")
    name = data["name"]
    if not isinstance(name, str):
        raise BadInput("the code's game name is not text")
    store.check_name(name)
    if not isinstance(data["settings"], dict):
        raise BadInput("the code's settings are not a table")
    _check_value(data["settings"], "settings", 1)
    for field, most, longest in _LISTS:
        value = data.get(field, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise BadInput(f"the code's {field} are not a list of text")
        if len(value) > most:
            raise BadInput(f"the code has {len(value)} {field}; at most {most}")
        for number, text in enumerate(value, start=1):
            if len(text) > longest:
                raise BadInput(f"{field} {number} is longer than {longest} characters")
            _check_text(text, f"{field} {number}")
    if len(data["actions"]) + len(data.get("redo", [])) > MAX_ACTIONS:
        raise BadInput(f"the game has more than {MAX_ACTIONS} actions")


def _check_text(text: str, where: str) -> None:
    if plain_text.control(text, layout=True):
        raise BadInput(f"{where} holds a control character")
    try:
        text.encode("utf-8")  # refuses a surrogate (Unicode's category Cs), and only that
    except UnicodeEncodeError:
        raise BadInput(f"{where} holds a broken character") from None


def _check_value(value: Any, where: str, depth: int) -> None:
    """Settings hold TOML values only: text, whole numbers, finite numbers, yes/no, lists."""
    if depth > MAX_DEPTH:
        raise BadInput(f"{where} is nested too deep")
    match value:
        case bool():
            pass
        case int() if abs(value) > MAX_INT:
            raise BadInput(f"{where} is a number too large")
        case float() if not math.isfinite(value):
            raise BadInput(f"{where} is not a finite number")
        case int() | float():
            pass
        case str() if len(value) > MAX_SETTING_CHARS:
            raise BadInput(f"{where} is longer than {MAX_SETTING_CHARS} characters")
        case str():
            _check_text(value, where)
        case list() if len(value) > MAX_SETTING_ITEMS:
            raise BadInput(f"{where} has more than {MAX_SETTING_ITEMS} items")
        case dict() if len(value) > MAX_SETTING_ITEMS:
            raise BadInput(f"{where} has more than {MAX_SETTING_ITEMS} keys")
        case list():
            for number, item in enumerate(value, start=1):
                _check_value(item, f"{where}[{number}]", depth + 1)
        case dict():
            for key, item in value.items():
                _check_text(key, where)
                if len(key) > 40:
                    raise BadInput(f"{where} has a key longer than 40 characters")
                _check_value(item, f"{where}.{key}", depth + 1)
        case _:
            raise BadInput(f"{where} holds an empty value (null)")
