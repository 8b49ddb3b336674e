"""The card catalog passed between players: 'cards export' (TOML, a code, a QR code) and
'cards import' (checked, size-limited, data only; a name kept already keeps its card
unless --replace), including hostile input."""

from __future__ import annotations

import base64
import tomllib
import zlib
from pathlib import Path

import pytest

from companion.codejson import checksum
from companion.errors import BadInput
from companion.halfdeck import catalog
from companion.halfdeck.cards import CardInfo
from tests.conftest import CLI

SEED = {"cleric", "warrior", "rusty sword", "steel sword", "goblin minion", "rock golem boss",
        "spiked pit trap"}


def elsewhere(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Another player's data home: from now on the commands run there."""
    other = home.parent / "other"
    monkeypatch.setenv("COMPANION_HOME", str(other))
    return other


def kept(home: Path) -> dict[str, CardInfo]:
    return catalog.read_file(home / catalog.FILE_NAME)


def code_of(text: str, version: int = 1) -> str:
    """A code as 'export --code' makes it, around any text."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = base64.b32encode(packer.compress(text.encode()) + packer.flush()).decode()
    body = body.rstrip("=")
    return f"HDC{version}.{body}.{checksum('HDC', version, body)}"


# -- export ----------------------------------------------------------------------------
def test_export_prints_the_catalog_as_toml(cli: CLI) -> None:
    done = cli("halfdeck", "cards", "export")
    assert (done.code, done.err) == (0, "")
    assert done.out.startswith("# Half Deck Dungeon Heroes cards entered so far")
    data = tomllib.loads(done.out)
    assert data["schema"] == 1 and set(data["cards"]) == SEED
    assert catalog.parse(done.out, strict=True) == catalog.load()


def test_export_to_a_file_and_import_it_elsewhere(cli: CLI, home: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    cli("halfdeck", "cards", "add", "fire", "tome", "--kind", "gear", "--mag", "2")
    cli("halfdeck", "cards", "add", "shadow imp", "--kind", "minion", "--mag", "8",
        "--loot", "2")
    path = home.parent / "cards.toml"
    done = cli("halfdeck", "cards", "export", "-o", str(path))
    assert (done.code, done.err) == (0, "")
    assert done.out.startswith("Wrote the card catalog (9 cards) to")
    assert done.out.endswith("import cards.toml\n")
    assert catalog.parse(path.read_text(), strict=True) == catalog.load()
    other = elsewhere(home, monkeypatch)
    done = cli("halfdeck", "cards", "import", str(path))
    assert (done.code, done.err) == (0, "")
    assert done.out == "Catalog: 2 added: fire tome, shadow imp.\n7 the same already.\n"
    assert kept(other)["shadow imp"] == CardInfo("shadow imp", "minion", None, 8, 2)
    assert cli("halfdeck", "cards", "import", str(path)).out == \
        "Catalog: 0 added.\n9 the same already.\n"


def test_export_a_code_and_import_it(cli: CLI, home: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    cli("halfdeck", "cards", "add", "fire tome", "--kind", "gear", "--mag", "2",
        "--effect", "a spell book")
    code = cli("halfdeck", "cards", "export", "--code").out.strip()
    assert code.startswith("HDC1.") and len(code) < 1000 and code == code.upper()
    other = elsewhere(home, monkeypatch)
    done = cli("halfdeck", "cards", "import", code.lower())  # any case, as typed
    assert (done.code, done.err) == (0, "")
    assert kept(other)["fire tome"].effect == "a spell book"
    # a code in a file, wrapped over lines, reads the same
    path = home.parent / "code.txt"
    path.write_text(code[:30] + "\n" + code[30:] + "\n")
    assert cli("halfdeck", "cards", "import", str(path)).out.endswith(
        "8 the same already.\n")


def test_a_card_kept_already_stays_unless_replace(cli: CLI, home: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    cli("halfdeck", "cards", "add", "goblin minion", "--kind", "minion", "--str", "7",
        "--loot", "1")
    code = cli("halfdeck", "cards", "export", "--code").out.strip()
    other = elsewhere(home, monkeypatch)
    cli("halfdeck", "cards", "add", "goblin minion", "--kind", "minion", "--str", "9",
        "--loot", "3")
    done = cli("halfdeck", "cards", "import", code)
    assert done.out == ("Catalog: 0 added.\n"
                        "1 kept as they were: goblin minion\n"
                        "  (--replace takes the new numbers).\n"
                        "6 the same already.\n")
    assert kept(other)["goblin minion"].strength == 9
    done = cli("halfdeck", "cards", "import", code, "--replace")
    assert done.out == "Catalog: 0 added.\n1 replaced: goblin minion.\n6 the same already.\n"
    assert kept(other)["goblin minion"].strength == 7


def test_export_a_qr_code(cli: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    # The seven cards of the seed need a QR code wider than a phone held upright.
    done = cli("halfdeck", "cards", "export", "--qr")
    assert (done.code, done.out) == (2, "")
    assert done.err.startswith("Error: too wide: the QR code of the card catalog "
                               "needs ") and \
        done.err.endswith("Use --code to print the code, or -o FILE to save it.\n")
    monkeypatch.setenv("COLUMNS", "80")
    done = cli("halfdeck", "cards", "export", "--qr")
    assert (done.code, done.err) == (0, "")
    lines = done.out.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert any("\u2580" in line or "\u2588" in line for line in lines)
    assert lines[-1].endswith("cards import CODE")
    ascii_done = cli("halfdeck", "cards", "export", "--qr", "--ascii")
    assert "#" in ascii_done.out and "\u2588" not in ascii_done.out
    # a catalog of two cards fits 40 columns
    cli("halfdeck", "cards", "rm", "goblin minion")
    for name in ("cleric", "warrior", "rusty sword", "rock golem boss", "spiked pit trap"):
        cli("halfdeck", "cards", "rm", name)
    monkeypatch.setenv("COLUMNS", "40")
    done = cli("halfdeck", "cards", "export", "--qr")
    assert done.code == 0 and max(len(line) for line in done.out.splitlines()) <= 40


@pytest.mark.parametrize(("args", "message"), [
    (("--qr", "-o", "x"), "Error: --qr draws the code here: leave out -o FILE\n"),
    (("--ascii",), "Error: --ascii and --invert draw the QR code: add --qr\n"),
])
def test_export_refuses_what_does_not_go_together(cli: CLI, args: tuple[str, ...],
                                                  message: str) -> None:
    done = cli("halfdeck", "cards", "export", *args)
    assert (done.code, done.out, done.err) == (2, "", message)


# -- hostile input ---------------------------------------------------------------------
CARD = '[cards."fire tome"]\nkind = "gear"\nmagic = 2\n'


@pytest.mark.parametrize(("text", "words"), [
    ("schema = 2\n", "schema 2, not 1"),
    ('schema = "1"\n', "schema '1', not 1"),
    ("cards = 3\nschema = 1\n", "'cards' is not a table"),
    ("schema = 1\nrun = 'rm -rf /'\n", "holds schema and cards, not 'run'"),
    ('schema = 1\n[cards."fire tome"]\nkind = "spell"\n', "has no valid kind"),
    ('schema = 1\n[cards."fire tome"]\nkind = 5\n', "has no valid kind"),
    ('schema = 1\n[cards."fire tome"]\nkind = "gear"\nmagic = "2"\n',
     "magic must be a whole number 0-99"),
    ('schema = 1\n[cards."fire tome"]\nkind = "gear"\nmagic = true\n',
     "magic must be a whole number 0-99"),
    ('schema = 1\n[cards."fire tome"]\nkind = "gear"\nmagic = 100\n',
     "magic must be a whole number 0-99"),
    ('schema = 1\n[cards."fire tome"]\nkind = "gear"\none_use = "yes"\n',
     "one_use true or false"),
    ('schema = 1\n[cards."fire tome"]\nkind = "gear"\ncommand = "ls"\n',
     "a field no catalog holds: 'command'"),
    ('schema = 1\n[cards."fire tome"]\nkind = "misc"\neffect = "\\u001b[2J"\n',
     "control character"),
    ('schema = 1\n[cards."fire tome"]\nkind = "misc"\neffect = "' + "x" * 501 + '"\n',
     "longer than 500"),
    ('schema = 1\n[cards."bell\\u0007"]\nkind = "gear"\n', "is not a card name"),
    ('schema = 1\n[cards."' + "x" * 5000 + '"]\nkind = "gear"\n', "at most 40 characters"),
    ('schema = 1\n[cards."123"]\nkind = "gear"\n', "is not a card name"),
    ("schema = 1\n[cards]\n" + "".join(f'"c{n}" = {{kind = "misc"}}\n' for n in range(2001)),
     "a catalog holds at most 2000"),
    ("schema = 1\nx = " + "[" * 2000 + "]" * 2000 + "\n", "cannot be read"),
    ("schema = 1\nx = " + "9" * 5000 + "\n", "cannot be read"),
    ("not toml [", "cannot be read"),
    ('schema = 1\n[cards."Fire Tome"]\nkind = "gear"\n[cards."fire  tome"]\nkind = "gear"\n',
     "is there twice"),
])
def test_a_hostile_catalog_is_refused(cli: CLI, home: Path, text: str, words: str) -> None:
    before = cli("halfdeck", "cards", "export").out
    for source in (code_of(text), "file"):
        if source == "file":
            path = home.parent / "cards.toml"
            path.write_text(text)
            source = str(path)
        done = cli("halfdeck", "cards", "import", source)
        assert (done.code, done.out) == (2, ""), done
        assert words in done.err and done.err.count("\n") == 1, done.err
        assert len(done.err) < 400
    assert cli("halfdeck", "cards", "export").out == before
    assert not (home / catalog.FILE_NAME).exists()  # nothing written


def test_hostile_codes_and_files_are_refused_before_they_are_read(cli: CLI, home: Path) -> None:
    big = home.parent / "big.toml"
    big.write_bytes(b"#" * (catalog.MAX_CATALOG_BYTES + 1))
    bomb = code_of("schema = 1\n" + "#" * (catalog.MAX_CATALOG_BYTES + 10))
    good = code_of("schema = 1\n" + CARD)
    binary = home.parent / "binary"
    binary.write_bytes(b"\xff\xfe\x00schema")
    cases = [
        (str(big), "holds more than 1048576 bytes: not a card catalog"),
        (str(home.parent / "missing.toml"), "is neither a card catalog code (HDC1....) "
                                            "nor a file"),
        (str(binary), "is not UTF-8 text"),
        ("HDC1." + "A" * 30_000 + ".00000000", "longer than the limit of 20000"),
        (bomb, "unpacks to more than the limit of 1048576 bytes"),
        (good[:-1] + ("0" if good[-1] != "0" else "1"), "the checksum does not match"),
        (good[:20], "cut short or damaged"),
        ("HDC9." + good[5:], "format HDC9"),
        ("HDC1.AAAA." + checksum('HDC', 1, "AAAA"), "the code is damaged"),
        (code_of("\udcff".encode("utf-8", "surrogatepass").decode("latin-1")),
         "is not a card catalog"),
        ("HDC1.1111." + checksum('HDC', 1, "1111"), "cut short or damaged"),
    ]
    for source, words in cases:
        done = cli("halfdeck", "cards", "import", source)
        assert (done.code, done.out) == (2, ""), (source[:40], done)
        assert words in done.err, (source[:40], done.err)
        assert len(done.err) < 400
    assert not (home / catalog.FILE_NAME).exists()


def test_an_import_that_would_overfill_the_catalog_is_refused(home: Path) -> None:
    cards = {f"card {n}": CardInfo(f"card {n}", "misc", effect="x" * 500) for n in range(1990)}
    with pytest.raises(BadInput, match="more than the 1048576 it may hold"):
        catalog.merge(cards)
    assert not (home / catalog.FILE_NAME).exists()


def test_the_code_reads_back_what_was_exported() -> None:
    cards = catalog.load()
    assert catalog.read_import(catalog.encode(cards), "the code") == cards
    assert catalog.read_import(catalog.toml_text(cards), "the file") == cards
