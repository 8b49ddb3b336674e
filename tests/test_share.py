"""Share codes: every example survives the trip; damaged and hostile codes are refused."""

from __future__ import annotations

import base64
import hashlib
import json
import tomllib
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import share, wordpack
from companion.codejson import checksum
from companion.errors import BadInput
from companion.game import replay
from companion.resources import example_paths


def example_games() -> list[dict[str, Any]]:
    games = []
    for path in example_paths():
        data = tomllib.loads(path.read_text("utf-8"))
        if "kind" in data and "actions" in data:
            games.append(data)
    return games


EXAMPLES = example_games()


def code_of(data: dict[str, Any]) -> str:
    return share.encode(data["kind"], data["name"], data["settings"], data["actions"],
                        data.get("notes", []), data.get("redo", []))


def craft(payload: bytes | str | Any, *, version: int = 1) -> str:
    """A format 1 code (JSON in deflate, still read) around any payload, with a right
    checksum: only the content is wrong."""
    if isinstance(payload, str):
        raw = payload.encode("utf-8")
    elif isinstance(payload, bytes):
        raw = payload
    else:
        raw = json.dumps(payload, separators=(",", ":")).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY,
                              share._dictionary())
    body = base64.b32encode(packer.compress(raw) + packer.flush()).decode().rstrip("=")
    return f"CMP{version}.{body}.{checksum('CMP', version, body)}"


def craft2(data: dict[str, Any]) -> str:
    """A format 2 code of any fields, past share.encode's checks."""
    packed, _ = wordpack.pack(data["kind"], data["name"], data["settings"], data["actions"],
                              data.get("redo", []), data.get("notes", []))
    body = base64.b32encode(packed).decode().rstrip("=")
    return f"CMP2.{body}.{checksum('CMP', 2, body)}"


def expressible_in_format_2(data: dict[str, Any]) -> bool:
    texts = all(isinstance(data.get(key, []), list)
                and all(isinstance(item, str) for item in data.get(key, []))
                for key in ("actions", "notes", "redo"))
    return (set(data) <= {"kind", "name", "settings", "actions", "notes", "redo"}
            and data.get("kind") in wordpack.KIND_ORDER and isinstance(data.get("name"), str)
            and isinstance(data.get("settings"), dict) and texts)


def game(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": "hebrac", "name": "g", "settings": {},
                            "actions": ["enter A1 5S", "attack 9H"]}
    data.update(changes)
    return data


def refused(code: str) -> str:
    with pytest.raises(BadInput) as caught:
        share.decode(share.find_code(code))
    return str(caught.value)


# -- the round trip ----------------------------------------------------------------
def test_there_are_examples_of_every_kind() -> None:
    assert {data["kind"] for data in EXAMPLES} == {"hebrac", "tricky", "halfdeck", "elbereth"}


@pytest.mark.parametrize("data", EXAMPLES, ids=lambda d: d["name"])
def test_every_example_survives_the_trip(data: dict[str, Any]) -> None:
    code = code_of(data)
    assert code.startswith("CMP2.")
    assert set(code) <= set(".ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    shared = share.decode(code)
    record = shared.record
    assert (record.kind, record.name, record.actions, record.notes) == (
        data["kind"], data["name"], data["actions"], data.get("notes", []))
    engine = replay(data["kind"], data["settings"], data["actions"])
    assert shared.engine.status() == engine.status()
    assert shared.engine.outcome == data["outcome"]


def test_the_code_is_url_safe_and_compact() -> None:
    data = next(d for d in EXAMPLES if d["name"] == "hebrac-death")
    code = share.encode(data["kind"], data["name"], data["settings"], data["actions"])
    # Eight Hebrac actions fit the 114 characters of a QR code 33 modules wide.
    assert len(code) <= 114
    assert code == code.upper() and "=" not in code and "/" not in code and "+" not in code


def test_codes_are_read_in_any_case_and_with_line_breaks() -> None:
    code = code_of(EXAMPLES[0])
    broken = "\n".join(code[i:i + 30] for i in range(0, len(code), 30))
    decoded = share.decode(share.find_code(broken.lower()))
    assert decoded.record.actions == EXAMPLES[0]["actions"]


def test_a_code_is_found_within_a_message_or_a_page() -> None:
    code = code_of(EXAMPLES[0])
    assert share.find_code(f"here is our game: {code} - bring snacks") == code
    assert share.find_code(f'<meta name="companion-share-code" content="{code}">') == code


def test_two_different_codes_in_one_text_are_refused() -> None:
    one, two = code_of(EXAMPLES[0]), code_of(EXAMPLES[1])
    with pytest.raises(BadInput, match="2 different share codes"):
        share.find_code(f"{one} and {two}")


def test_redo_travels_and_is_replayed() -> None:
    code = craft(game(actions=["enter A1 5S"], redo=["attack 9H"]))
    assert share.decode(code).record.redo == ["attack 9H"]
    assert "undone action 1 'attack QX' does not replay" in refused(
        craft(game(actions=["enter A1 5S"], redo=["attack QX"])))


def test_saved_actions_come_back_canonical() -> None:
    assert share.decode(craft(game(actions=["enter a1 5s"]))).record.actions == ["enter A1 5S"]


# -- damaged codes --------------------------------------------------------------------
def test_a_changed_character_fails_the_checksum() -> None:
    code = code_of(EXAMPLES[0])
    middle = len(code) // 2
    changed = code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1:]
    assert refused(changed) == "the checksum does not match: the code was changed or cut short"


@pytest.mark.parametrize("keep", [3, 5, 20, -9, -1])
def test_a_cut_code_is_refused(keep: int) -> None:
    code = code_of(EXAMPLES[0])
    message = refused(code[:keep])
    assert message in (
        "not a share code: it should start with CMP2.",
        "the code is cut short or damaged: expected CMP2.<letters A-Z and digits 2-7>"
        ".<8 hex digits>",
        "the checksum does not match: the code was changed or cut short",
    )


def test_no_code_at_all() -> None:
    assert refused("hello") == "no share code found: a code looks like CMP2.<letters A-Z and " \
                               "digits 2-7>.<8 hex digits>"
    assert refused("") .startswith("no share code found")


def test_a_newer_format_is_named() -> None:
    assert refused(craft(game(), version=3)) == \
        "this code is format CMP3 of a newer companion; this one reads CMP1 to CMP2"


def test_codes_of_format_1_are_still_read() -> None:
    shared = share.decode(craft(game()))
    record = shared.record
    assert (record.kind, record.name, record.actions) == ("hebrac", "g", game()["actions"])


def test_the_format_1_dictionary_is_frozen() -> None:
    digest = hashlib.sha256(share._dictionary()).hexdigest()
    assert digest == "69e0fce47843b4928696965de89ed91338c012b6896309ee5ad911e9ab1ce849"
    # A code made with it (15 bytes: most of the game is in the dictionary)
    assert share.unpack("CMP1.DNHH4CPUIAKIZJWBYCMAKAA.C9F6C5E2") == {
        "kind": "hebrac", "name": "hebrac-1", "settings": wordpack.BASE_SETTINGS["hebrac"],
        "actions": ["enter A1 QH", "attack 5S"]}


def test_a_body_that_is_not_base32() -> None:
    body = "A"  # one base32 letter cannot be whole bytes
    assert refused(f"CMP1.{body}.{checksum('CMP', 1, body)}") == \
        "the code is damaged: its body is not base32"


def test_data_that_does_not_unpack() -> None:
    body = base64.b32encode(b"\xff\xff\xff\xff\xff").decode().rstrip("=")
    assert refused(f"CMP1.{body}.{checksum('CMP', 1, body)}") == \
        "the code is damaged: its data does not unpack"


def test_data_that_stops_short() -> None:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY,
                              share._dictionary())
    packed = packer.compress(json.dumps(game()).encode()) + packer.flush()
    body = base64.b32encode(packed[:-3]).decode().rstrip("=")
    assert refused(f"CMP1.{body}.{checksum('CMP', 1, body)}") in (
        "the code is damaged: its data stops short",
        "the code is damaged: its data does not unpack")


# -- oversized codes ------------------------------------------------------------------
def test_a_code_over_the_length_limit_is_refused_before_reading() -> None:
    code = "CMP1." + "A" * share.MAX_CODE_CHARS + ".00000000"
    assert refused(code) == f"the code is {len(code)} characters, longer than the limit of " \
                            f"{share.MAX_CODE_CHARS}"


def test_a_zip_bomb_stops_at_the_limit() -> None:
    bomb = b'{"kind":"hebrac","notes":["' + b"A" * (8 * 1024 * 1024)
    code = craft(bomb)
    assert len(code) < share.MAX_CODE_CHARS  # tiny code, huge data
    assert refused(code) == \
        f"the code unpacks to more than the limit of {share.MAX_PAYLOAD_BYTES} bytes"


def test_a_game_too_long_to_share_is_refused_when_sharing() -> None:
    with pytest.raises(BadInput, match="this game cannot be shared: the code has 5001 actions"):
        share.encode("hebrac", "g", {}, ["take 2H"] * (wordpack.MAX_ACTIONS + 1))


# -- hostile content ------------------------------------------------------------------
@pytest.mark.parametrize(("payload", "message"), [
    ("[1, 2]", "the code's data is not a game: expected a JSON object"),
    ("{nope", "the code's data is not valid JSON: Expecting property name enclosed in double "
              "quotes: line 1 column 2 (char 1)"),
    (b"\xff\xfe", "the code's data is not UTF-8 text"),
    ('{"kind":"hebrac","kind":"tricky"}', "the code's data names 'kind' twice"),
    ("[" * 100_000, "the code's data is nested more than 6 deep"),
    ('{"kind":"hebrac","name":"g","settings":{"life":' + "9" * 5000 + '},"actions":[]}',
     "the code's data holds a number too large (999999999999...)"),
    ('{"kind":"hebrac","name":"g","settings":{"life":1e999},"actions":[]}',
     "the code's data holds a number too large"),
    ('{"kind":"hebrac","name":"g","settings":{"life":NaN},"actions":[]}',
     "the code's data holds NaN, which is not a number"),
])
def test_hostile_data_is_refused(payload: str | bytes, message: str) -> None:
    assert refused(craft(payload)) == message


HOSTILE_GAMES: list[tuple[dict[str, Any], str]] = [
    ({"run": "rm -rf /"}, "the code's data has an unknown field 'run'"),
    ({"kind": "poker"}, "the code's game kind 'poker' is not one of hebrac, tricky, halfdeck, "
                        "elbereth"),
    ({"kind": "hd"}, "the code's game kind 'hd' is not one of hebrac, tricky, halfdeck, "
                     "elbereth"),
    ({"kind": 7}, "the code's game kind int is not one of hebrac, tricky, halfdeck, elbereth"),
    ({"name": "../../etc/passwd"}, "'../../etc/passwd' is not a game name: letters, digits, "
                                   "'-' and '_', at most 40, starting with a letter or digit"),
    ({"name": ["g"]}, "the code's game name is not text"),
    ({"settings": []}, "the code's settings are not a table"),
    ({"settings": {"life": None}}, "settings.life holds an empty value (null)"),
    ({"settings": {"life": 2**70}}, "the code's data holds a number too large "
                                    "(118059162071...)"),
    ({"settings": {"life": 10**19 - 1}}, "settings.life is a number too large"),
    ({"settings": {"x": [[[[[[1]]]]]]}}, "the code's data is nested more than 6 deep"),
    ({"settings": {"rules": "x" * 300}}, "settings.rules is longer than 200 characters"),
    ({"settings": {"life": 15, "cheat": True}},
     "the game's settings are not valid: unknown Hebrac setting 'cheat'"),
    ({"settings": {"life": 0}},
     "the game's settings are not valid: --life must be a whole number from 1 to 99"),
    ({"actions": "enter A1 5S"}, "the code's actions are not a list of text"),
    ({"actions": [1, 2]}, "the code's actions are not a list of text"),
    ({"actions": ["enter A1 5S\x1b[2J"]}, "actions 1 holds a control character"),
    ({"actions": ["x" * 501]}, "actions 1 is longer than 500 characters"),
    ({"actions": ["enter A1 5S", "fly away"]},
     "action 2 'fly away' does not replay: 'fly' is not a Hebrac action: expected one of "),
    ({"actions": ["enter B2 5S"]}, "action 1 'enter B2 5S' does not replay: the first chamber "
                                   "of a level is a corner: A1, A4, C1, C4 (rule "
                                   "hebrac.map.first-chamber)"),
    ({"notes": "hi"}, "the code's notes are not a list of text"),
    ({"notes": ["\u202eevil"]}, "notes 1 holds a control character"),
]


@pytest.mark.parametrize("char", ["\ud800", "\udbff", "\udc00", "\udfff"])
def test_a_broken_character_is_refused_every_surrogate(char: str) -> None:
    with pytest.raises(BadInput, match="actions 1 holds a broken character"):
        share.encode("hebrac", "g", {}, [f"enter A1 {char}"])
    for fine in ("\ud7ff", "\ue000", "\U0001f600"):  # next to the surrogates, and beyond
        share._check_text(f"enter A1 {fine}", "actions 1")


@pytest.mark.parametrize(("changes", "message"), HOSTILE_GAMES)
def test_hostile_games_are_refused(changes: dict[str, Any], message: str) -> None:
    assert refused(craft(game(**changes))).startswith(message)


@pytest.mark.parametrize(("changes", "message"), [
    (changes, message) for changes, message in HOSTILE_GAMES
    if expressible_in_format_2(game(**changes))])
def test_hostile_games_in_format_2_are_refused(changes: dict[str, Any], message: str) -> None:
    """Format 2 has fixed fields of fixed types; what it can carry is checked the same."""
    # It parses the settings apart from the rest, so nesting counts from there.
    message = message.replace("the code's data is nested", "the code's settings text is nested")
    # And it stops a field at its limit while unpacking.
    message = message.replace("actions 1 is longer than", "the code's actions hold an item "
                                                           "longer than")
    assert refused(craft2(game(**changes))).startswith(message)


@pytest.mark.parametrize("missing", ["kind", "name", "settings", "actions"])
def test_a_missing_field_is_named(missing: str) -> None:
    data = game()
    del data[missing]
    assert refused(craft(data)) == f"the code's data has no {missing!r}"


def test_a_wrong_kind_for_the_actions_is_refused() -> None:
    message = refused(craft(game(kind="tricky", settings={"players": ["Ann", "Bo"]})))
    assert message.startswith("action 1 'enter A1 5S' does not replay: ")


def test_engine_crashes_on_odd_settings_never_escape(monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.game import load_kind

    module = load_kind("hebrac")

    def broken(raw: Any) -> Any:
        raise TypeError("unhashable")

    monkeypatch.setattr(module, "normalize_settings", broken)
    assert refused(craft(game())) == "the game's settings are not valid (TypeError)"


# -- random input ---------------------------------------------------------------------
@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_random_text_is_refused_cleanly(text: str) -> None:
    with pytest.raises(BadInput):
        share.decode(share.find_code(text))


@settings(max_examples=100)
@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", max_size=200))
def test_random_bodies_with_a_right_checksum_are_refused_cleanly(body: str) -> None:
    with pytest.raises(BadInput):
        share.decode(f"CMP1.{body}.{checksum('CMP', 1, body)}")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(["kind", "name", "settings", "actions", "notes",
                                        "redo", "extra"]), JSON, max_size=7))
def test_random_games_are_refused_or_replayed(data: dict[str, Any]) -> None:
    try:
        shared = share.decode(craft(data))
    except BadInput:
        return
    assert shared.record.kind in ("hebrac", "tricky", "halfdeck", "elbereth")


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(max_size=30), max_size=5), st.sampled_from([1, 2]))
def test_random_actions_are_refused_or_replayed(actions: list[str], version: int) -> None:
    data = game(actions=actions)
    if version == 2 and any("\x00" in action for action in actions):
        with pytest.raises(ValueError, match="NUL"):  # format 2 cannot carry it at all
            craft2(data)
        return
    try:
        shared = share.decode(craft(data) if version == 1 else craft2(data))
    except BadInput:
        return
    assert len(shared.record.actions) == len(actions)


@given(st.binary(max_size=300))
def test_base32_is_base64s_without_its_padding(data: bytes) -> None:
    assert share.base32(data) == base64.b32encode(data).decode("ascii").rstrip("=")


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_random_format_2_bodies_are_refused_or_read(packed: bytes) -> None:
    body = base64.b32encode(packed).decode().rstrip("=")
    try:
        shared = share.decode(f"CMP2.{body}.{checksum('CMP', 2, body)}")
    except BadInput:
        return
    assert shared.record.kind in wordpack.KIND_ORDER


def test_a_format_2_bomb_stops_at_the_limit() -> None:
    """Repeated words cost almost nothing: a short code could unpack to a great deal."""
    code = craft2(game(actions=["x " * 240] * 600))
    assert len(code) < share.MAX_CODE_CHARS
    body = code.split(".")[1]
    most = share.EXPANSION_FLOOR + share.MAX_EXPANSION * len(body)
    assert most < share.MAX_PAYLOAD_BYTES // 10  # stopped long before the payload limit
    assert refused(code) == f"the code unpacks to more than the limit of {most} characters"
    # Past the floor, what a code may unpack to grows with its length, up to the limit.
    assert share.limits_for("") == share.EXPANSION_FLOOR
    assert share.limits_for("A" * share.MAX_CODE_CHARS) == share.MAX_PAYLOAD_BYTES
    cards = [f"{rank}{suit}" for rank in ("A", *map(str, range(2, 11)), "J", "Q", "K")
             for suit in "SHDC"]  # varied, so the count limit comes before the expansion one
    many = craft2(game(actions=[f"take {cards[n * 7 % 52]}"
                                for n in range(wordpack.MAX_ACTIONS + 1)]))
    assert refused(many) == f"the code has more than {wordpack.MAX_ACTIONS} actions"


def test_the_limits_are_documented() -> None:
    text = Path(share.__file__).read_text("utf-8")
    for name in ("MAX_CODE_CHARS", "MAX_PAYLOAD_BYTES"):
        assert name in text
    assert share.__doc__ is not None and "zip bomb" in share.__doc__


def test_a_nul_in_an_action_is_not_packed_into_a_shorter_code() -> None:
    # NUL ends a list in format 2: packed, ["\x00", "take 2H"] would read back as [].
    with pytest.raises(ValueError, match="NUL"):
        craft2(game(actions=["\x00", "take 2H"]))


def test_a_save_nested_too_deep_is_refused_not_a_crash() -> None:
    text = 'schema = 1\nkind = "hebrac"\nx = ' + "[" * 5000 + "]" * 5000 + "\n"
    with pytest.raises(BadInput, match="the file is not valid TOML: nested too deep"):
        share.decode_text(text, "the file")
