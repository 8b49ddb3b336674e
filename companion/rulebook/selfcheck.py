"""The rulebook's self-check (``companion rules --check``): ids, texts, numbers, coverage."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from companion.errors import DataProblem
from companion.rulebook import GAMES, differences, game_tables
from companion.rulebook.build import Book, book, lookup
from companion.rulebook.cards import hebrac_card

SECTION_ID = re.compile(r"(hebrac|tricky|halfdeck|elbereth)(\.[a-z0-9-]+)+")
# How engines name a section in a refusal: a double-quoted id literal
# ("tricky.two-player", "hebrac.spell.escape"), file names aside.
CODE_ID = re.compile(
    r'"((?:hebrac|tricky|halfdeck|elbereth)\.[a-z0-9-]+(?:\.[a-z0-9-]+)*)(?<!\.toml)(?<!\.py)"')


def code_rule_ids(root: Path | None = None) -> dict[str, list[str]]:
    """Section ids named as string literals in the package's code, with the files naming them."""
    base = root or Path(__file__).resolve().parents[1]
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(base.rglob("*.py")):
        for sid in CODE_ID.findall(path.read_text("utf-8", errors="replace")):
            name = path.relative_to(base.parent).as_posix()
            if name not in found[sid]:
                found[sid].append(name)
    return dict(found)


def check(games: Sequence[str] = GAMES, code_root: Path | None = None) -> list[str]:
    """Every problem of the rulebook, one line each; empty when all is well."""
    problems: list[str] = []
    seen: dict[str, str] = {}
    books = []
    for game in games:
        try:
            books.append(book(game))
        except DataProblem as error:
            problems.append(str(error))
    for item_book in books:
        problems += item_book.problems
        for item in item_book.sections:
            where = item.id
            if not SECTION_ID.fullmatch(item.id) or not item.id.startswith(item_book.game + "."):
                problems.append(f"{where}: the id must look like {item_book.game}.topic.name")
            if item.id in seen:
                problems.append(f"{where}: id used twice")
            seen[item.id] = item.game
            for name, value in (("title", item.title), ("parent", item.parent),
                                ("source", item.source)):
                if not value:
                    problems.append(f"{where}: no {name}")
            if not item.text.strip():
                problems.append(f"{where}: empty text")
            if not item.keywords or not all(k.strip() for k in item.keywords):
                problems.append(f"{where}: no keywords")
        problems += _check_covers(item_book)
    known = {s.id for b in books for s in b.sections}
    for item_book in books:
        for item in item_book.sections:
            for ref in item.references():
                if ref not in known:
                    problems.append(f"{item.id}: names {ref}, which is not a section")
    if "hebrac" in games:
        problems += _check_hebrac_cards(known)
    if "halfdeck" in games:
        from companion.halfdeck.cards import KINDS

        problems += [f"halfdeck card kind {kind}: no section halfdeck.card.{kind}"
                     for kind in KINDS if f"halfdeck.card.{kind}" not in known]
    for sid, files in sorted(code_rule_ids(code_root).items()):
        if sid.split(".", 1)[0] in games and sid not in known:
            problems.append(f"{sid} (named in {', '.join(files)}) is not a section")
    return problems


def _check_covers(item_book: Book) -> list[str]:
    """Every spell, hero, card... listed in the tables has its section."""
    problems = []
    numbers = game_tables(item_book.game)
    known = {s.id for s in item_book.sections}
    for cover in item_book.data.get("covers", []):
        path = str(cover["table"])
        try:
            table = lookup(numbers or {}, path)
        except KeyError:
            problems.append(f"{item_book.game}.tables.toml has no {path} (rules covers it)")
            continue
        keys = list(table) if isinstance(table, dict) else [
            str(row.get("id", row.get("name", ""))) if isinstance(row, dict) else str(row)
            for row in table]
        names = cover.get("names", {})
        for key in keys:
            name = str(names.get(key, key)).lower().replace("_", "-").replace(" ", "-")
            sid = str(cover["section"]).format(key=key.lower().replace("_", "-"), name=name)
            if sid not in known:
                problems.append(f"{path} {key}: no section {sid}")
    return problems


def _check_hebrac_cards(known: set[str]) -> list[str]:
    from companion.cards import full_deck

    problems = []
    for card in full_deck(jokers=1):
        try:
            facts = hebrac_card(str(card))
        except DataProblem as error:
            problems.append(str(error))
            continue
        assert facts is not None
        for sid in (facts.enemy_section, facts.treasure_section):
            if sid not in known:
                problems.append(f"card {card}: {sid} is not a section")
    for row in differences():
        if row.get("section") not in known:
            problems.append(f"difference {row.get('topic')!r}: {row.get('section')} is not a "
                            "section")
    return problems
