"""Plain questions, asked as players ask them: the first section shown answers them.

The questions and their sections are in tests/data/rules_questions.txt, written
from the players' side. At least 90% must be answered by the first section.
"""

from __future__ import annotations

import json
from pathlib import Path

from companion import rulebook
from companion.rulebook.ranking import search
from tests.conftest import CLI

QUESTIONS = Path(__file__).parent / "data" / "rules_questions.txt"
SHARE = 0.9


def questions() -> list[tuple[str | None, str, tuple[str, ...]]]:
    """(current game's kind or None, question, the sections that answer it)."""
    rows = []
    for line in QUESTIONS.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        current, question, answers = (part.strip() for part in line.split("|"))
        rows.append((None if current == "-" else current, question,
                     tuple(answer.strip() for answer in answers.split(","))))
    return rows


def first(question: str, current: str | None) -> str | None:
    hits = search(question, None, prefer=current, limit=1)
    return hits[0].section.id if hits else None


def test_the_set_is_large_and_names_real_sections() -> None:
    rows = questions()
    assert len(rows) >= 60
    assert len({(current, question) for current, question, _ in rows}) == len(rows)
    known = {item.id for item in rulebook.all_sections()}
    for current, question, answers in rows:
        assert current in (None, *rulebook.GAMES), question
        assert set(answers) <= known, question


def test_most_plain_questions_are_answered_first() -> None:
    rows = questions()
    missed = [(question, current, first(question, current), answers)
              for current, question, answers in rows
              if first(question, current) not in answers]
    share = 1 - len(missed) / len(rows)
    assert share >= SHARE, f"{share:.0%} answered first; missed: {missed}"


def test_the_issues_examples() -> None:
    # The answers players were given before: each a rule of the right game now.
    assert first("white priestess", "hebrac") == "hebrac.enemy.red-queen"
    assert first("priestes heal", "hebrac") in ("hebrac.enemy.red-queen",
                                                "hebrac.treasure.red-queen")
    won = ("hebrac.game.goal", "hebrac.game.end")
    assert first("how do i win hebrac", None) in won
    assert first("how do i win hebrac", "halfdeck") in won
    assert first("how much does the merchant want", "hebrac") in (
        "hebrac.treasure.prices", "hebrac.enemy.king")
    assert first("what happens when i run out of equipment", None) in (
        "elbereth.miss.wound", "elbereth.game.end")


def test_a_ruling_comes_after_the_rule_it_refines() -> None:
    hits = [hit.section.id for hit in search("white priestess", "hebrac")]
    assert hits.index("hebrac.enemy.red-queen") < hits.index(
        "hebrac.ruling.white-priestess-no-spells")
    # A ruling the question fits better than any rule still comes first.
    assert first("can my gold go below zero", "tricky") == "tricky.ruling.never-below-zero"


def test_a_game_named_anywhere_decides_the_game(cli: CLI) -> None:
    assert cli("halfdeck", "new").code == 0  # the current game: Half Deck
    data = json.loads(cli("rules", "how", "do", "i", "win", "hebrac", "--json").out)
    assert data["section"]["id"] in ("hebrac.game.goal", "hebrac.game.end")
    assert all(row["game"] == "hebrac" for row in data["results"])
    # Named nowhere: the current game breaks the tie.
    data = json.loads(cli("rules", "how", "do", "i", "win", "--json").out)
    assert data["section"]["game"] == "halfdeck"
    # "Hebrac's game" is the joker's game, and a question that is only a game's name
    # is still a question.
    joker = json.loads(cli("rules", "what", "does", "hebrac", "do", "--json").out)
    assert joker["section"]["id"] == "hebrac.enemy.joker"
    assert search("tricky")[0].section.game == "tricky"
