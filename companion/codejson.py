"""What a code holds, read with limits before it is parsed.

A code (a share code ``CMP2.<body>.<checksum>``, a Half Deck catalog code
``HDC1.<body>.<checksum>``) is typed or scanned from anywhere: its frame is
checked first (``opened``), its packed data unpacked only up to a limit (``inflate``), and
its JSON read with limits: nesting (counted before ``json.loads`` recurses),
number length, no NaN or Infinity, no key named twice. ``BadInput`` says what
is wrong.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from itertools import accumulate
from typing import Any

from companion.errors import BadInput

MAX_CODE_CHARS = 20_000
FORMS = "<letters A-Z and digits 2-7>.<8 hex digits>"  # what follows ``CMP2.``
MAX_DEPTH = 6  # JSON nesting: the game, its settings, a table, a list in it
# A JSON string, or one cut short by the end of the text: what nesting is not counted in.
_STRING = r'"(?:[^"\\]|\\.)*(?:"|\\?\Z)'


def parse_json(text: str, what: str) -> Any:
    """JSON from a code, refusing deep nesting, huge numbers, NaN and repeated keys."""
    # The deepest nesting of [ and { outside strings, known before json.loads recurses.
    steps = [1 if char in "[{" else -1
             for char in re.sub(_STRING, "", text, flags=re.S) if char in "[]{}"]
    if max(accumulate(steps, initial=0)) > MAX_DEPTH:
        raise BadInput(f"the code's {what} is nested more than {MAX_DEPTH} deep")
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_refuse_constant, object_pairs_hook=_object)
    except ValueError as error:
        if isinstance(error, BadInput):
            raise
        raise BadInput(f"the code's {what} is not valid JSON: {error}") from None


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > 19:
        raise BadInput(f"the code's data holds a number too large ({text[:12]}...)")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > 40:
        raise BadInput(f"the code's data holds a number too long ({text[:12]}...)")
    value = float(text)
    if not math.isfinite(value):
        raise BadInput("the code's data holds a number too large")
    return value


def _refuse_constant(text: str) -> Any:
    raise BadInput(f"the code's data holds {text}, which is not a number")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise BadInput(f"the code's data names {key[:40]!r} twice")
        data[key] = value
    return data


def inflate(packed: bytes, limit: int, dictionary: bytes = b"") -> bytes:
    """Raw deflate data unpacked, at most ``limit`` bytes: a bigger payload stops there
    and is refused, as is one cut short or followed by more data."""
    import zlib

    unpacker = zlib.decompressobj(-15, dictionary) if dictionary else zlib.decompressobj(-15)
    try:
        raw = unpacker.decompress(packed, limit + 1)
    except zlib.error:
        raise BadInput("the code is damaged: its data does not unpack") from None
    if len(raw) > limit or unpacker.unconsumed_tail:
        raise BadInput(f"the code unpacks to more than the limit of {limit} bytes")
    if not unpacker.eof:
        raise BadInput("the code is damaged: its data stops short")
    if unpacker.unused_data:
        raise BadInput("the code is damaged: data follows its end")
    return raw


_BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def base32(data: bytes) -> str:
    """``base64.b32encode(data)`` without its padding, and without importing base64 (and
    struct) to write a code: five bits a letter, the last padded with zero bits."""
    bits = 8 * len(data) + (-8 * len(data) % 5)
    number = int.from_bytes(data, "big") << (bits - 8 * len(data))
    return "".join(_BASE32[(number >> shift) & 31] for shift in range(bits - 5, -5, -5))


def checksum(letters: str, version: int, body: str) -> str:
    """8 hex digits of the SHA-256 of ``<letters><version>.<body>``."""
    from hashlib import sha256  # only when a code is made or read

    return sha256(f"{letters}{version}.{body}".encode("ascii")).hexdigest()[:8].upper()


def opened(code: str, text: str, letters: str, not_ours: str,
           unread: Callable[[int], str | None]) -> tuple[int, str, bytes]:
    """The version, body and packed bytes of ``text`` (``code`` upper-cased and trimmed as
    its reader allows): the length of ``code``, then the letters, version (``unread``
    says why this companion does not read one), shape and checksum, in that order."""
    import binascii  # only to read a code: writing one needs neither
    from base64 import b32decode

    if len(code) > MAX_CODE_CHARS:
        raise BadInput(f"the code is {len(code)} characters, longer than the limit of "
                       f"{MAX_CODE_CHARS}")
    head = re.match(rf"{letters}(\d{{1,4}})\.", text)
    if head is None:
        raise BadInput(not_ours)
    version = int(head.group(1))
    if (refusal := unread(version)) is not None:
        raise BadInput(refusal)
    match = re.fullmatch(rf"{letters}\d{{1,4}}\.([A-Z2-7]*)\.([0-9A-F]{{8}})", text)
    if match is None:
        raise BadInput(f"the code is cut short or damaged: expected {letters}{version}.{FORMS}")
    body, given = match.groups()
    if checksum(letters, version, body) != given:
        raise BadInput("the checksum does not match: the code was changed or cut short")
    try:
        return version, body, b32decode(body + "=" * (-len(body) % 8))
    except (binascii.Error, ValueError):
        raise BadInput("the code is damaged: its body is not base32") from None
