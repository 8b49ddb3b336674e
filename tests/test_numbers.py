"""companion.numbers: the one reader of a setting's word."""

from __future__ import annotations

import pytest

from companion.errors import BadInput
from companion.numbers import choice


def test_a_settings_word_is_one_of_a_list_with_one_error() -> None:
    assert choice({}, "trap_needs", ("reach", "attribute")) == "reach"  # the first
    assert choice({"trap_needs": "Attribute"}, "trap_needs", ("reach", "attribute")) == \
        "attribute"
    with pytest.raises(BadInput) as refused:
        choice({"endgame": "Gold"}, "endgame", ("both", "treasure", "boss"),
               ("treasure", "boss", "both"))
    assert str(refused.value) == "--endgame must be treasure, boss or both, not 'gold'"
