"""The share codes' frozen word model knows every verb and option of the verb tables.

A share code (format 2, companion/wordpack.py) names a word it knows in a few
bits and spells any other out letter by letter: a verb or an option added to
a game's table (companion/KIND/grammar.py) still codes, but costs a QR code
its room. The vocabulary is frozen with the format, so a new word is a
decision (a longer code, or format 3), never an accident: this test says
which word is new.
"""

from __future__ import annotations

import pytest

from companion import wordpack
from companion.cli.grammar import grammar_of
from companion.kinds import KINDS
from companion.verbs import SWITCH


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_verb_is_a_word_the_codes_know(kind: str) -> None:
    grammar = grammar_of(kind)
    known = set(wordpack.VOCABULARY)
    assert [verb for verb in grammar.verbs if verb not in known] == []
    # and the model is primed with what each verb takes
    assert set(grammar.verbs) == set(wordpack._GRAMMARS[kind])


# Options added after format 2 was frozen: a code spells them out (they are rare).
SPELLED_OUT = {"halfdeck": ["hero --replace"]}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_option_is_a_word_the_codes_know(kind: str) -> None:
    known = set(wordpack.VOCABULARY)
    new = []
    for verb in grammar_of(kind).verbs.values():
        for param in verb.params:
            if param.positional:
                continue
            words = [param.option]
            if param.kind == SWITCH:
                words.append("--no-" + param.option[2:])
            new += [f"{verb.name} {word}" for word in words if word not in known]
    assert new == SPELLED_OUT.get(kind, [])
