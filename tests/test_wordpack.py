"""Format 2 share codes: the arithmetic coder and word model under the share codes."""

from __future__ import annotations

import base64
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import share, wordpack
from companion.codejson import checksum
from companion.errors import BadInput, DataProblem

PAYLOAD = share.MAX_PAYLOAD_BYTES


def round_trip(kind: str, name: str, game_settings: dict[str, Any], actions: list[str],
               redo: list[str] | None = None, notes: list[str] | None = None) -> dict[str, Any]:
    """The game read back from its code; ``pack`` counted the characters ``unpack`` counts:
    the code reads within that many and is refused with one fewer."""
    packed, chars = wordpack.pack(kind, name, game_settings, actions, redo or [], notes or [])
    with pytest.raises(BadInput, match="more than the limit"):
        wordpack.unpack(packed, chars - 1)
    return wordpack.unpack(packed, chars)


# -- the frequency table -------------------------------------------------------------
def counted(symbols: list[str], brought: bool = True) -> wordpack._Table:
    table = wordpack._Table()
    table.waiting = list(symbols)
    table.catch_up(brought)
    return table


@given(st.lists(st.sampled_from("abcdefghij"), min_size=1, max_size=300))
def test_a_table_counts_in_first_seen_order_and_codes_each_word(symbols: list[str]) -> None:
    table = counted(symbols)
    counts: dict[str, int] = {}
    for symbol in symbols:
        counts[symbol] = counts.get(symbol, 0) + 1
    assert (table.symbols, table.counts) == (list(counts), list(counts.values()))
    assert table.total == len(symbols) and table.novel == len(counts)
    writer = wordpack._Coder(None)
    for symbol in [*symbols, "z"]:  # a word the table has not seen: its escape
        writer.pick(table, symbol)
    reader = wordpack._Coder(writer.finish())
    assert [reader.pick(table, None) for _ in range(len(symbols) + 1)] == [*symbols, None]


def test_counts_are_halved_and_never_reach_zero() -> None:
    table = counted(["rare", *["common"] * (wordpack._MAX_TOTAL + 5)])
    assert table.total <= wordpack._MAX_TOTAL
    assert table.counts[table.index["rare"]] >= 1
    writer = wordpack._Coder(None)
    for symbol in ("rare", "common", "rare"):
        writer.pick(table, symbol)
    reader = wordpack._Coder(writer.finish())
    assert [reader.pick(table, None) for _ in range(3)] == ["rare", "common", "rare"]


@given(st.lists(st.sampled_from("abcdefghijklmnopq"), min_size=0, max_size=300))
def test_a_primed_table_is_the_game_s_table_without_escape_weight(symbols: list[str]) -> None:
    grown, primed = counted(symbols), counted(symbols, brought=False)
    built = primed.copy()
    assert (built.symbols, built.counts, built.total) == (
        grown.symbols, grown.counts, grown.total)
    assert built.novel == 0 and grown.novel == len(set(symbols))  # learned: no escape weight
    built.waiting.append("z")
    built.catch_up()
    assert "z" not in primed.index and "z" not in primed.symbols  # the table is its own


@given(st.lists(st.tuples(st.sampled_from("abcdefghijklmnopq"), st.booleans()), max_size=400))
def test_words_counted_later_count_as_words_added_at_once(steps: list[tuple[str, bool]]
                                                          ) -> None:
    """Counted in batches, as the model's contexts count, or one at a time."""
    now, later = wordpack._Table(), wordpack._Table()
    counts: dict[str, int] = {}
    saved = wordpack._MAX_TOTAL
    wordpack._MAX_TOTAL = 20  # counts halved often, now and then within one catch-up
    try:
        for symbol, read in [*steps, ("a", True)]:
            now.waiting.append(symbol)
            now.catch_up()
            later.waiting.append(symbol)
            counts[symbol] = counts.get(symbol, 0) + 1
            if sum(counts.values()) > wordpack._MAX_TOTAL:
                counts = {s: (c + 1) // 2 for s, c in counts.items()}
            if read:
                later.catch_up()
                assert later.symbols == now.symbols == list(counts)
                assert later.counts == now.counts == list(counts.values())
                assert later.total == now.total == sum(counts.values())
                assert later.novel == now.novel == len(counts)
    finally:
        wordpack._MAX_TOTAL = saved


def test_the_letters_are_primed_as_a_spelled_word_counts_them() -> None:
    """Each letter counted after the one before it and anywhere ("": printable ASCII
    counted twice there first), as ``_spelled`` counts the letters of a word."""
    learned: dict[str, list[str]] = {"": [chr(byte) for byte in range(0x21, 0x7F)
                                          for _ in range(2)]}
    for word in wordpack._LETTER_PRIMER.split():
        previous = wordpack._END
        for char in [*word, wordpack._END]:
            learned.setdefault(previous, []).append(char)
            learned[""].append(char)
            previous = char
    primed = wordpack._primed_letters()
    assert set(primed) == set(learned)
    for key, letters in learned.items():
        table = counted(letters, brought=False)
        assert (primed[key].symbols, primed[key].counts, primed[key].index,
                primed[key].total, primed[key].novel) == (
            table.symbols, table.counts, table.index, table.total, table.novel)


def _primed_state(kind: str) -> list[Any]:
    primed = (wordpack._primed(kind), wordpack._primed_letters())
    return [(key, t.symbols[:], t.counts[:], dict(t.index), t.total, t.novel)
            for tables in primed for key, t in tables.items()]


@pytest.mark.parametrize("kind", wordpack.KIND_ORDER)
def test_coding_leaves_the_primed_tables_as_they_were(kind: str) -> None:
    before = _primed_state(kind)
    game = dict(wordpack.BASE_SETTINGS[kind])
    actions = ["attack 2H", "round thief", "hand x --player Ann", "Ünïcode wörds here"] * 3
    packed, _ = wordpack.pack(kind, f"{kind}-2", game, actions, ["take 4H"], ["a note"])
    assert wordpack.unpack(packed, PAYLOAD)["actions"] == actions
    assert _primed_state(kind) == before
    assert wordpack.pack(kind, f"{kind}-2", game, actions, ["take 4H"], ["a note"])[0] == packed


# -- round trips ---------------------------------------------------------------------
WORD = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=12)
ACTION = st.lists(st.one_of(WORD, st.sampled_from(wordpack.VOCABULARY[1:])),
                  min_size=1, max_size=6).map(" ".join)
SETTING = st.one_of(st.integers(-10**6, 10**6), st.booleans(), st.text(max_size=10),
                    st.lists(st.text(max_size=6), max_size=4))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(wordpack.KIND_ORDER),
       st.from_regex(r"[A-Za-z0-9][A-Za-z0-9_-]{0,20}", fullmatch=True),
       st.dictionaries(st.sampled_from(["life", "players", "evil", "x", "set", "équipe"]),
                       SETTING, max_size=4),
       st.lists(ACTION, max_size=15), st.lists(ACTION, max_size=3),
       st.lists(ACTION, max_size=3))
def test_any_game_comes_back_word_for_word(kind: str, name: str, changes: dict[str, Any],
                                           actions: list[str], redo: list[str],
                                           notes: list[str]) -> None:
    game_settings = {**wordpack.BASE_SETTINGS[kind], **changes}
    data = round_trip(kind, name, game_settings, actions, redo, notes)
    assert data["kind"] == kind and data["name"] == name
    assert data["settings"] == game_settings
    assert data["actions"] == actions
    assert data.get("redo", []) == redo and data.get("notes", []) == notes


def test_settings_missing_a_base_key_travel_whole() -> None:
    data = round_trip("hebrac", "g", {"life": 20}, ["enter A1 5S"])
    assert data["settings"] == {"life": 20}


def test_spaces_empty_words_and_other_scripts_come_back() -> None:
    actions = ["", " ", "  two  spaces ", "draw 'Große Höhle' --str 5", "hand 龍 ✨"]
    assert round_trip("halfdeck", "g", wordpack.BASE_SETTINGS["halfdeck"], actions)[
        "actions"] == actions


# -- the format is frozen --------------------------------------------------------------
def test_the_format_does_not_drift() -> None:
    """Codes already printed on paper must keep their meaning: any change to the
    vocabulary, grammars, primers, base settings or arithmetic fails here (and
    needs a new format number, not an edit)."""
    code = share.encode("hebrac", "hebrac-1", wordpack.BASE_SETTINGS["hebrac"],
                        ["enter A1 5S", "attack 9H", "take 3H", "use 3H", "enter A2 QH"])
    assert code == FROZEN_CODE
    assert share.decode(FROZEN_CODE).record.actions[-1] == "enter A2 QH"
    # Settings changed from the base, a spelled name, a note, a word of the vocabulary.
    game_settings = {**wordpack.BASE_SETTINGS["tricky"], "players": ["Ann", "Bo", "Cy"]}
    code = share.encode("tricky", "friday-night", game_settings,
                        ["round thief --active Ann", "trick R1 R2 R3"],
                        notes=["the key was under the rug"])
    assert code == FROZEN_TRICKY_CODE


FROZEN_CODE = "CMP2.ALUL2IB5TOCDQCMRQA.432DCE5C"

FROZEN_TRICKY_CODE = ("CMP2.P776WVUP55MZKVAWXM7DP6T52PF4CH6PAVARWVWTQOYTCI4BEHQALLXYERJVSCT2KU6"
                      "2UGOWKAS47GZ2DSJO3O5FMY.D6CE0696")


# -- typical games are short ---------------------------------------------------------
def test_a_forty_action_hebrac_game_fits_a_small_qr_code() -> None:
    """About two bytes an action: 40 actions of a real game in a version 5 code,
    which fits a 40-column screen."""
    from companion.sheets.qr import matrix

    actions = ["enter A1 7S", "attack 4H", "attack 9D", "take 5H", "enter A2 JD",
               "reveal 6C", "offer 3S", "enter A3 2C", "attack KH", "take 10H", "use 10H"]
    actions = (actions * 4)[:40]
    code = share.encode("hebrac", "hebrac-1", wordpack.BASE_SETTINGS["hebrac"], actions)
    assert matrix(code).version <= 5


# -- hostile data ------------------------------------------------------------------------
@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_are_refused_or_read_cleanly(data: bytes) -> None:
    try:
        game = wordpack.unpack(data, PAYLOAD)
    except BadInput:
        return
    assert game["kind"] in wordpack.KIND_ORDER
    assert len(game["actions"]) <= wordpack.MAX_ACTIONS


def test_a_stream_that_runs_out_is_damaged() -> None:
    packed, _ = wordpack.pack("tricky", "t", wordpack.BASE_SETTINGS["tricky"],
                              ["trick R1 R2"] * 30, [], [])
    body = base64.b32encode(packed[: len(packed) // 3]).decode().rstrip("=")
    with pytest.raises(BadInput):
        share.decode(f"CMP2.{body}.{checksum('CMP', 2, body)}")


def test_a_coder_fault_is_caught_before_the_code_is_given(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """A code is read back as it is made: a writer that lost its pending bits (a fault
    planted here) is refused with the data-problem error, not handed out."""
    def lose_pending(coder: Any, bit: str, rest: str = "") -> None:
        coder.written.append(bit + rest)
        coder.pending = 0

    game = dict(wordpack.BASE_SETTINGS["hebrac"])
    assert share.encode("hebrac", "g", game, ["take 2H", "heal"] * 40)
    monkeypatch.setattr(wordpack._Coder, "_write", lose_pending)
    with pytest.raises(DataProblem, match="did not read back the same"):
        share.encode("hebrac", "g", game, ["take 2H", "heal"] * 40)
