"""The rulebook's index cache: read back equal to a fresh build, and never trusted when
stale or damaged; rule lookups load only what they use."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import resources, rulebook
from companion.cards import full_deck

QUESTIONS = [(None, "paralysis"), ("hebrac", "stealing sprit"), (None, "queen of spades"),
             ("tricky", "does G4 win"), (None, "dragon"), ("hebrac", "what does QS do")]


@pytest.fixture
def fresh() -> Iterator[None]:
    """No index in this process before or after the test."""
    rulebook.forget_index()
    yield
    rulebook.forget_index()


def load(folder: Path | None) -> rulebook.Index:
    rulebook.forget_index()
    return rulebook.load_index(folder)


def contents(idx: rulebook.Index) -> tuple[object, ...]:
    return (idx.sections, idx.data, idx.tables, tuple(idx.stats))


def ranked(question: str, game: str | None) -> list[tuple[str, float]]:
    return [(hit.section.id, hit.score) for hit in rulebook.search(question, game)]


def test_the_cache_reads_back_what_was_built(tmp_path: Path, fresh: None) -> None:
    built = load(tmp_path)
    assert (tmp_path / rulebook.CACHE_FILE).is_file()
    answers = [ranked(question, game) for game, question in QUESTIONS]
    loaded = load(tmp_path)
    assert loaded is not built
    assert rulebook.find_section("spell.escape", "hebrac") is not None
    assert rulebook.hebrac_card("QS") is not None
    assert loaded._stats is None  # lookups by id or card leave the ranking stats packed
    assert contents(loaded) == contents(built)
    assert all(isinstance(item, rulebook.Section) for item in loaded.sections)
    assert [ranked(question, game) for game, question in QUESTIONS] == answers


def test_the_cached_tables_are_the_files(tmp_path: Path, fresh: None) -> None:
    load(tmp_path)
    loaded = load(tmp_path)
    for game in rulebook.GAMES:
        with resources.rulebook_path(f"{game}.tables.toml").open("rb") as handle:
            assert loaded.tables[game] == tomllib.load(handle)


@pytest.mark.parametrize("damage", ["other key", "flipped byte", "cut short", "garbage",
                                    "empty", "bad payload"])
def test_a_stale_or_damaged_cache_is_rebuilt(tmp_path: Path, fresh: None, damage: str) -> None:
    built = load(tmp_path)
    path = tmp_path / rulebook.CACHE_FILE
    good = path.read_bytes()
    head, _, payload = good.partition(b"\n")
    if damage == "other key":
        path.write_bytes(b"another" + good)
    elif damage == "flipped byte":
        path.write_bytes(good[:-100] + bytes([good[-100] ^ 1]) + good[-99:])
    elif damage == "cut short":
        path.write_bytes(good[:len(good) // 2])
    elif damage == "garbage":
        path.write_bytes(os.urandom(5000))
    elif damage == "empty":
        path.write_bytes(b"")
    else:  # a payload signed with this home's key, for the right rulebook, yet no index
        import marshal

        from companion import cachefile
        from companion.resources import data_home

        junk = marshal.dumps(("not", "an", "index"))
        assert cachefile.write(path, data_home(), rulebook.CACHE_FILE,
                               rulebook.cache_key() + b"\n" + junk)
    assert contents(load(tmp_path)) == contents(built)
    assert path.read_bytes() == good  # written again


def test_cached_stats_that_do_not_read_are_built_again(tmp_path: Path, fresh: None) -> None:
    """The sections read back, the packed ranking stats do not: the first search
    builds the stats afresh (the loader hands the index how) and ranks as before."""
    import marshal

    from companion import cachefile
    from companion.resources import data_home

    load(tmp_path)
    answers = [ranked(question, game) for game, question in QUESTIONS]
    built = load(None)
    path = tmp_path / rulebook.CACHE_FILE
    rows, data, tables, _ = built.parts()
    assert cachefile.write(path, data_home(), rulebook.CACHE_FILE, rulebook.cache_key()
                           + b"\n" + marshal.dumps((rows, data, tables, b"not stats")))
    loaded = load(tmp_path)
    assert loaded._stats is None
    assert [ranked(question, game) for game, question in QUESTIONS] == answers
    assert contents(loaded) == contents(built)


def test_the_key_follows_the_rulebook_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            fresh: None) -> None:
    copy = tmp_path / "rulebook"
    shutil.copytree(resources.resource_dir("rulebook"), copy)
    monkeypatch.setattr(resources, "resource_dir", lambda name: copy)
    key = rulebook.cache_key()
    tables = copy / "hebrac.tables.toml"
    text = tables.read_bytes()
    stat = tables.stat()
    tables.write_bytes(text.replace(b"ace = 12", b"ace = 13"))  # same size and times
    os.utime(tables, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert rulebook.cache_key() != key
    tables.write_bytes(text)
    assert rulebook.cache_key() == key


def test_an_unwritable_cache_folder_still_answers(tmp_path: Path, fresh: None) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("")
    built = load(blocker / "cache")
    assert contents(load(blocker / "cache")) == contents(built)
    assert not list(tmp_path.glob("**/*.tmp"))
    if os.geteuid() != 0:  # root writes anywhere
        folder = tmp_path / "read-only"
        folder.mkdir()
        folder.chmod(0o500)
        try:
            assert contents(load(folder)) == contents(built)
            assert list(folder.iterdir()) == []
        finally:
            folder.chmod(0o700)


def test_every_card_passes_the_quick_card_test() -> None:
    """``hebrac_card`` skips text that no card notation can be; every way to type a card
    must pass that test."""
    names = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
    symbols = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
    for card in full_deck():
        assert card.suit is not None
        rank = names.get(card.rank, str(card.rank))
        text = str(card)
        forms = [text, text.lower(), f" {text} ", card.rank_text + symbols[card.suit],
                 symbols[card.suit] + card.rank_text, f"{card.rank_text} {symbols[card.suit]}",
                 f"{rank} of {card.name().split()[-1]}", f"{rank.upper()}  OF  SPADES"]
        for form in forms:
            assert rulebook._may_be_card(form), form
            assert rulebook.hebrac_card(form) is not None or "OF" in form, form
    for joker in ("JK", "joker", "Jo", "jkr", " JOKER "):
        assert rulebook.hebrac_card(joker) is not None
    assert not rulebook._may_be_card("paralysis")
    assert rulebook.hebrac_card("paralysis") is None


LOOKUP = """
import sys
from companion.cli.main import run_words
code = run_words(sys.argv[1:])
wanted = ("tomllib", "qrcode", "companion.rulebook.build", "companion.tricky.engine",
          "companion.halfdeck.engine", "companion.elbereth.engine", "companion.hebrac.engine",
          *(() if "--json" in sys.argv else ("json",)))
print(code, *sorted(name for name in wanted if name in sys.modules))
"""


@pytest.mark.parametrize("words", [["rules", "hebrac", "paralysis"], ["rules", "hebrac", "QS"],
                                   ["rules", "hebrac.spell.escape"], ["rules", "tricky", "G4"],
                                   ["rules", "hebrac", "--toc", "--json"],
                                   ["rules", "hebrac", "--diff"]])
def test_a_lookup_with_the_cache_loads_only_what_it_uses(tmp_path: Path,
                                                          words: list[str]) -> None:
    env = {**os.environ, "COMPANION_HOME": str(tmp_path), "COLUMNS": "40"}
    first = subprocess.run([sys.executable, "-m", "companion", *words], env=env,
                           capture_output=True, check=True)
    again = subprocess.run([sys.executable, "-m", "companion", *words], env=env,
                           capture_output=True, check=True)
    assert again.stdout == first.stdout and again.stderr == first.stderr == b""
    found = subprocess.run([sys.executable, "-c", LOOKUP, *words], env=env,
                           capture_output=True, text=True, check=True).stdout.splitlines()
    assert found[-1] == "0"


# -- where the cache lives ----------------------------------------------------------------
@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the XDG rule")
def test_the_cache_folder_follows_the_home_then_xdg(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    import platformdirs

    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    assert resources.cache_home() == tmp_path / "home" / "cache"
    monkeypatch.delenv("COMPANION_HOME")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert resources.cache_home() == tmp_path / "xdg" / "companion"
    assert resources.cache_home() == Path(platformdirs.user_cache_dir("companion",
                                                                      appauthor=False))
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    for unset in ("", "  ", "relative/cache"):  # not an absolute path: the default folder
        monkeypatch.setenv("XDG_CACHE_HOME", unset)
        assert resources.cache_home() == tmp_path / "user" / ".cache" / "companion"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert resources.cache_home() == Path(platformdirs.user_cache_dir("companion",
                                                                      appauthor=False))


def test_a_lookup_without_a_home_imports_no_platformdirs(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_HOME"}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    script = LOOKUP.replace('wanted = (', 'wanted = ("platformdirs", ')
    subprocess.run([sys.executable, "-m", "companion", "rules", "hebrac", "QS"], env=env,
                   capture_output=True, check=True)  # builds the cache
    assert (tmp_path / "cache" / "companion" / rulebook.CACHE_FILE).is_file()
    found = subprocess.run([sys.executable, "-c", script, "rules", "hebrac", "QS"], env=env,
                           capture_output=True, text=True, check=True).stdout.splitlines()
    assert found[-1] == "0"
