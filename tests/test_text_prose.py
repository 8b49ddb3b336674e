"""Help's prose (``fill`` without units) breaks where textwrap breaks it: at any space,
never inside a word or a glued phrase, nor before a lone '-' or '+'."""

from __future__ import annotations

import textwrap

from hypothesis import given
from hypothesis import strategies as st

from companion.text import GLUE, fill

WORD = st.one_of(st.sampled_from(["-", "+", "--game", "Mary-Jo", "x" * 45, "u\x00undo",
                                  "\n", "  ", "(see", "it)."]),
                 st.text(alphabet="abcdefgh", min_size=1, max_size=12))


def textwrapped(text: str, width: int, first: str, rest: str) -> list[str]:
    """What textwrap makes of ``text``, a lone '-' or '+' glued to the word before it."""
    words = text.split()
    flat = words[0] + "".join((GLUE if word in ("-", "+") else " ") + word
                              for word in words[1:])
    return [line.replace(GLUE, " ") for line in textwrap.wrap(
        flat, width, initial_indent=first, subsequent_indent=rest,
        break_long_words=False, break_on_hyphens=False)]


@given(words=st.lists(WORD, min_size=1, max_size=25), width=st.integers(1, 100),
       first=st.sampled_from(["", "  ", "Usage: "]), rest=st.sampled_from(["", "  ", "    "]))
def test_prose_breaks_as_textwrap_does(words: list[str], width: int, first: str,
                                       rest: str) -> None:
    text = " ".join(words)
    if text.split():
        assert fill(text, width, first, rest, units=False) == textwrapped(
            text, width, first, rest)


def test_a_lone_dash_stays_with_the_word_before_it() -> None:
    assert fill("Short forms: u - undo, ok", 15, units=False) == ["Short forms:", "u - undo, ok"]
    assert fill("Short forms: u - undo, ok", 16, units=False) == ["Short forms: u -",
                                                                  "undo, ok"]
    assert fill("one two\x00three", 9, units=False) == ["one", "two three"]
