"""What an attack on saves, inputs and share codes found, each kept as a test."""

from __future__ import annotations

import base64
import multiprocessing
import os
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from companion import safefile, store, wordpack
from companion.codejson import checksum
from companion.errors import BadInput, DataProblem
from companion.session import Games
from companion.store import Store, dumps_record
from tests.conftest import CLI, Result

ENV = {**os.environ, "COLUMNS": "40"}


def hebrac_game(cli: CLI, home: Path) -> Path:
    assert cli("hebrac", "new", "--name", "g").code == 0
    assert cli("hebrac", "enter", "A1", "5S").code == 0
    assert cli("hebrac", "attack", "3H").code == 0
    return home / "games" / "g.toml"


def folder_bytes(home: Path) -> dict[str, bytes]:
    """Every save and backup, by name (lock files and the cache aside)."""
    found = {}
    for folder in ("games", "backups"):
        for path in sorted((home / folder).glob("*.toml")):
            found[f"{folder}/{path.name}"] = path.read_bytes()
    return found


def one_error(result: Result, code: int) -> str:
    assert result.code == code, result
    assert result.err.startswith("Error: ") and result.err.count("\n") == 1, result.err
    return result.err


# -- 1. no writer overwrites or rotates a save that does not replay --------------------
def test_notes_never_overwrite_a_corrupt_save_nor_push_out_the_good_backups(
        cli: CLI, home: Path) -> None:
    path = hebrac_game(cli, home)
    path.write_text(path.read_text().replace("life = 15", 'life = "x"'))
    before = folder_bytes(home)
    status = cli("hebrac", "status")
    good = home / "backups" / "g.1.toml"
    assert one_error(status, 3) == (
        f"Error: {path}: its settings are not valid: --life must be a whole number from 1 to "
        f"99; it was left as it is; newest good backup: {good}\n")
    for number in range(6):
        assert cli("hebrac", "note", f"note {number}").err == status.err
    assert folder_bytes(home) == before


@pytest.mark.parametrize("args", [
    ("hebrac", "undo"), ("hebrac", "redo"), ("hebrac", "attack", "4H"), ("games", "rm", "g", "-y"),
    ("hebrac", "note", "x"), ("hebrac", "next-level")])
def test_every_writer_refuses_a_save_that_does_not_replay(cli: CLI, home: Path,
                                                         args: tuple[str, ...]) -> None:
    path = hebrac_game(cli, home)
    assert cli("hebrac", "undo").code == 0  # something to redo
    # The last action no longer replays: 'undo' alone would make the file replay again,
    # but the file on disk is not a save to put into the backups.
    text = path.read_text().replace('"enter A1 5S",', '"enter A1 5S",\n    "attack 3H",\n'
                                    '    "enter B2 5S",')
    path.write_text(text)
    before = folder_bytes(home)
    result = cli(*args)
    assert "action 3 'enter B2 5S' no longer replays" in one_error(result, 3)
    assert folder_bytes(home) == before


def test_import_force_does_not_replace_a_save_that_does_not_replay(cli: CLI, home: Path) -> None:
    path = hebrac_game(cli, home)
    code = cli("share", "--text").out.strip()
    path.write_text(path.read_text().replace("life = 15", "life = 0"))
    before = folder_bytes(home)
    result = cli("import", code, "--force")
    assert "--life must be a whole number from 1 to 99" in one_error(result, 3)
    assert folder_bytes(home) == before


def test_import_force_over_an_earlier_copy_reads_it_and_replays_only_the_code(
        cli: CLI, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The old file's actions begin the code's (same kind and settings): they replay as
    the code's did, so only the code's game is replayed; any other old file is replayed
    before it is replaced, and one that does not replay stays (the test above)."""
    path = hebrac_game(cli, home)
    code = cli("share", "--text").out.strip()
    assert cli("hebrac", "undo").code == 0
    earlier = path.read_text()
    replayed: list[list[str]] = []
    real = store.replay_record

    def counted(record: store.GameRecord) -> store.OpenGame:
        replayed.append(list(record.actions))
        return real(record)

    monkeypatch.setattr(store, "replay_record", counted)
    assert cli("import", code, "--force").code == 0
    assert replayed == [["enter A1 5S", "attack 3H"]]
    assert (home / "backups" / "g.1.toml").read_text() == earlier
    path.write_text(earlier.replace('"enter A1 5S"', '"enter A1 6S"'))  # not a copy now
    replayed.clear()
    assert cli("import", code, "--force").code == 0
    assert replayed == [["enter A1 5S", "attack 3H"], ["enter A1 6S"]]


def test_a_backup_is_good_only_if_it_replays(cli: CLI, home: Path) -> None:
    path = hebrac_game(cli, home)
    first = home / "backups" / "g.1.toml"
    first.write_text(first.read_text().replace("life = 15", 'life = "x"'))
    path.write_bytes(b"")
    result = cli("hebrac", "status")
    assert one_error(result, 3).endswith(
        f"newest good backup: {home / 'backups' / 'g.2.toml'}\n")
    for backup in (home / "backups").glob("*.toml"):
        backup.write_text(backup.read_text().replace("life = 15", "life = 100"))
    assert cli("hebrac", "status").err.endswith("; no good backup\n")


def test_the_store_itself_refuses_a_record_that_does_not_replay(home: Path) -> None:
    plain = Store(home)  # no session: the plain replay is the check
    Games(Store(home)).new("hebrac", {}, "g")
    record = plain.read("g")
    record.actions.append("enter B2 5S")
    before = plain.path("g").read_bytes()
    with plain.lock("g"), pytest.raises(DataProblem, match="refusing to save .*action 1 "
                                        "'enter B2 5S' no longer replays"):
        plain.write(record)
    assert plain.path("g").read_bytes() == before


# -- 2. one number parser ---------------------------------------------------------------
HUGE = "9" * 5000


@pytest.mark.parametrize(("args", "word"), [
    (("elbereth", "attack", "\u00b3", "3"), "\u00b3"),
    (("elbereth", "attack", "rat", "\u0663"), "\u0663"),
    (("elbereth", "odds", "\u00b3"), "\u00b3"),
    (("elbereth", "bribe", "\u0663"), "\u0663"),
    (("sheet", "--blank", "tricky", "--players", "\u00b3"), "\u00b3"),
    (("hebrac", "new", "--life", "\u0661\u0665"), "\u0661\u0665"),
    (("hebrac", "undo", "\u0663"), "\u0663"),
])
def test_other_scripts_digits_are_refused_at_the_door(cli: CLI, home: Path,
                                                      args: tuple[str, ...], word: str) -> None:
    assert cli("elbereth", "new", "--name", "e", "--equip", "sword", "armour").code == 0
    before = folder_bytes(home)
    assert one_error(cli(*args), 2) == (
        f"Error: {word!r} holds a digit other than 0-9: type numbers with 0-9\n")
    assert folder_bytes(home) == before


@pytest.mark.parametrize("args", [
    ("elbereth", "attack", HUGE, "3"), ("elbereth", "attack", "rat", HUGE),
    ("elbereth", "odds", HUGE), ("sheet", "--blank", "tricky", "--players", HUGE),
    ("hebrac", "new", "--life", HUGE), ("elbereth", "undo", HUGE)])
def test_numbers_of_thousands_of_digits_are_refused(cli: CLI, home: Path,
                                                    args: tuple[str, ...]) -> None:
    assert cli("elbereth", "new", "--name", "e", "--equip", "sword", "armour").code == 0
    before = folder_bytes(home)
    result = cli(*args)
    assert result.code in (0, 2), result
    if result.code:
        one_error(result, 2)
    if args[1] != "undo":
        assert folder_bytes(home) == before


@pytest.mark.parametrize("action", ["attack \u00b3 3", "attack rat \u0663", f"attack rat {HUGE}",
                                    "attack 99999999999999999999 3"])
def test_such_numbers_inside_a_save_are_a_data_problem(cli: CLI, home: Path, action: str) -> None:
    assert cli("elbereth", "new", "--name", "e", "--equip", "sword", "armour").code == 0
    path = home / "games" / "e.toml"
    path.write_text(path.read_text().replace("actions = []", f"actions = [{action!r}]"
                                             .replace("'", '"')))
    result = cli("elbereth", "status")
    assert "action 1 " in one_error(result, 3) and "no longer replays" in result.err


def test_a_bad_number_does_not_end_the_shell(home: Path) -> None:
    env = {**ENV, "COMPANION_HOME": str(home)}
    script = "elbereth new --equip sword armour\nattack \u00b3 3\nattack rat " + HUGE + \
             "\nstatus\n"
    done = subprocess.run([sys.executable, "-m", "companion", "shell"], input=script,
                          capture_output=True, text=True, env=env, timeout=60)
    assert "Traceback" not in done.stderr
    assert "holds a digit other than 0-9" in done.stderr
    assert "Floor 1" in done.stdout.split("attack")[-1] or "floor 1" in done.stdout.lower()


# -- 3. save files that are not what they seem ---------------------------------------------
def test_deeply_nested_toml_is_a_data_problem_and_games_still_lists(cli: CLI, home: Path) -> None:
    hebrac_game(cli, home)
    bad = home / "games" / "deep.toml"
    bad.write_text("schema = 1\nx = " + "[" * 5000 + "]" * 5000 + "\n")
    listed = cli("games")
    assert listed.code == 0 and "deep  ?  unreadable" in listed.out and "g  hebrac" in listed.out
    assert "nested too deep" in one_error(cli("hebrac", "status", "-g", "deep"), 3)


def test_an_empty_settings_table_means_the_defaults(cli: CLI, home: Path) -> None:
    path = hebrac_game(cli, home)
    text = path.read_text()
    path.write_text(text[:text.index("[settings]") + len("[settings]\n")])
    result = cli("sheet")
    assert result.code == 0 and "Traceback" not in result.err, result


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("where", ["games/g.toml", "backups/g.1.toml"])
def test_a_fifo_is_never_read(cli: CLI, home: Path, where: str) -> None:
    path = hebrac_game(cli, home)
    fifo = home / where
    fifo.unlink()
    os.mkfifo(fifo)
    if where.startswith("backups"):
        path.write_bytes(b"")  # the error looks for a good backup, past the FIFO
    listed = cli("games")  # a FIFO opened for reading would block here
    result = cli("hebrac", "status")
    assert listed.code == 0
    if where.startswith("games"):
        assert "g  ?  unreadable" in listed.out
        assert one_error(result, 3) == (
            f"Error: {path}: not a regular file (a FIFO); it was left as it is; newest good "
            f"backup: {home / 'backups' / 'g.1.toml'}\n")
    else:
        assert one_error(result, 3).endswith(
            f"newest good backup: {home / 'backups' / 'g.2.toml'}\n")


def test_a_symlink_to_a_device_or_a_huge_sparse_file_is_refused_unread(cli: CLI,
                                                                     home: Path) -> None:
    path = hebrac_game(cli, home)
    path.unlink()
    path.symlink_to("/dev/zero")
    # inside companion's folders a symlink is never followed, wherever it leads
    assert "a symlink, not followed" in one_error(cli("hebrac", "status"), 3)
    path.unlink()
    if os.geteuid() == 0:  # a device node itself (root only): refused by its kind
        os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, 5))
        assert "not a regular file (a device)" in one_error(cli("hebrac", "status"), 3)
        path.unlink()
    with open(path, "wb") as handle:
        handle.truncate(8 * 1024**3)  # 8 GiB, none of it on the disk
    assert "the file is larger than 4194304 bytes" in one_error(cli("hebrac", "status"), 3)
    assert "g  ?  unreadable" in cli("games").out


# -- 4. side files: read, changed and written under their lock ------------------------------
def _add_card(home: str, number: int) -> None:
    os.environ["COMPANION_HOME"] = home
    from companion.halfdeck import catalog
    from companion.halfdeck.cards import CardInfo

    catalog.learn(CardInfo(f"card {number}", "gear", 1, None, None, False, ""))



def run_in_parallel(target: Callable[[str, int], None], home: Path, count: int) -> None:
    """``target(home, n)`` in ``count`` forked processes at once; each must succeed."""
    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=target, args=(str(home), n)) for n in range(count)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0

def test_thirty_parallel_catalog_writers_lose_no_card(home: Path) -> None:
    run_in_parallel(_add_card, home, 30)
    text = (home / "halfdeck-cards.toml").read_text()
    assert all(f'[cards."card {n}"]' in text for n in range(30))


# -- 5. control characters refused at the door -------------------------------------------
@pytest.mark.parametrize("args", [
    ("hebrac", "note", "\x1b[2Jgone"), ("hebrac", "note", "bell\x07"),
    ("halfdeck", "cards", "add", "fire tome", "--kind", "gear", "--mag", "2", "--effect",
     "\x1b]0;owned\x07"),
    ("tricky", "new", "Ann", "B\x1b[31mo"), ("hebrac", "note", "\u202eevil"),
    ("hebrac", "note", "two\nlines")])
def test_control_characters_are_refused(cli: CLI, home: Path, args: tuple[str, ...]) -> None:
    hebrac_game(cli, home)
    before = folder_bytes(home)
    result = cli(*args)
    assert "control character" in one_error(result, 2)
    assert folder_bytes(home) == before
    assert cli("share", "--text").code == 0


def test_notes_are_bounded_as_share_codes_carry_them(home: Path) -> None:
    games = Games(Store(home))
    games.new("hebrac", {}, "g")
    with pytest.raises(BadInput, match="a note is at most 500 characters; this one has 501"):
        games.note("g", "x" * 501)
    for number in range(100):
        games.note("g", f"note {number}")
    with pytest.raises(BadInput, match="a game keeps at most 100 notes"):
        games.note("g", "one more")
    assert len(Store(home).read("g").notes) == 100


def test_a_catalog_effect_with_an_escape_is_a_data_problem(cli: CLI, home: Path) -> None:
    (home).mkdir(parents=True, exist_ok=True)
    (home / "halfdeck-cards.toml").write_text(
        'schema = 1\n[cards."fire tome"]\nkind = "gear"\nmagic = 2\neffect = "\\u001b[2J"\n')
    result = cli("halfdeck", "cards")
    assert "control character" in one_error(result, 3)
    assert "\x1b" not in result.out


# -- 6. hostile share codes ------------------------------------------------------------------
def crafted(notes: list[str]) -> str:
    packed, _ = wordpack.pack("hebrac", "g", {}, [], [], notes)
    body = base64.b32encode(packed).decode().rstrip("=")
    return f"CMP2.{body}.{checksum('CMP', 2, body)}"


@pytest.mark.parametrize(("notes", "message"), [
    (["x" * 270_000], "the code's notes hold an item longer than the limit"),
    ([" ".join(["ab"] * 90_000)], "the code's notes hold an item longer than 500 characters"),
    (["y" * 2_000] * 130, "the code's notes hold an item longer than 500 characters"),
    ([f"note {n}" for n in range(101)], "the code has more than 100 notes"),
])
def test_hostile_codes_are_refused_at_the_field_limit(cli: CLI, notes: list[str],
                                                      message: str) -> None:
    code = crafted(notes)
    result = cli("import", code)
    assert one_error(result, 2) == f"Error: {message}\n"


def test_an_html_sheet_of_any_size_read_imports(cli: CLI, home: Path, tmp_path: Path) -> None:
    hebrac_game(cli, home)
    assert cli("sheet", "--format", "html", "-o", str(tmp_path / "g.html")).code == 0
    page = tmp_path / "g.html"
    page.write_text(page.read_text() + "<!-- " + "padding " * 12_000 + "-->")
    assert page.stat().st_size > 90_000
    result = cli("import", str(page), "--name", "copy")
    assert result.code == 0, result


# -- 7. planted symlinks are never followed ----------------------------------------------------
def test_a_planted_temp_name_is_never_written_through(home: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    saved = Store(home)
    Games(saved).new("hebrac", {}, "g")
    victim = home.parent / "victim.txt"
    victim.write_text("keep me")
    monkeypatch.setattr(safefile, "random_hex", lambda: "feed")
    for planted in (saved.games_dir / f".g.toml.{os.getpid()}-feed.tmp",
                    home / f".current.{os.getpid()}-feed.tmp"):
        planted.symlink_to(victim)
    Games(saved).act("g", "enter A1 5S")  # the save's stale temp files are removed first
    assert saved.read("g").actions == ["enter A1 5S"]
    with pytest.raises(DataProblem, match="File exists"):  # a side file's: never reused
        saved.set_current("g")
    assert victim.read_text() == "keep me"


@pytest.mark.parametrize("lock", ["games/.g.lock", ".halfdeck-cards.toml.lock"])
def test_a_planted_lock_symlink_is_refused(cli: CLI, home: Path, lock: str) -> None:
    hebrac_game(cli, home)
    victim = home.parent / "victim.txt"
    victim.write_text("keep me")
    (home / lock).unlink(missing_ok=True)
    (home / lock).symlink_to(victim)
    args = ("hebrac", "attack", "4H") if lock.startswith("games") else (
        "halfdeck", "cards", "add", "fire tome", "--kind", "gear", "--mag", "2")
    assert "the lock file is a symlink" in one_error(cli(*args), 3)
    assert victim.read_text() == "keep me"


@pytest.mark.parametrize("folder", ["games", "backups"])
def test_a_symlinked_games_or_backups_folder_is_refused(cli: CLI, home: Path,
                                                       folder: str) -> None:
    hebrac_game(cli, home)
    elsewhere = home.parent / "elsewhere"
    (home / folder).rename(elsewhere)
    (home / folder).symlink_to(elsewhere, target_is_directory=True)
    before = {path.name: path.read_bytes() for path in elsewhere.iterdir()}
    what = "games" if folder == "games" else "backups"
    for args in (("hebrac", "attack", "4H"), ("hebrac", "new", "--name", "h"),
                 ("games", "rm", "g", "-y")):
        assert one_error(cli(*args), 3) == (
            f"Error: {home / folder}: the {what} folder is a symlink, not followed; make it "
            "a folder\n")
    assert {path.name: path.read_bytes() for path in elsewhere.iterdir()} == before


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("target", ["fifo", "symlink", "device", "folder"])
def test_output_replaces_only_a_regular_file(cli: CLI, home: Path, tmp_path: Path,
                                             target: str) -> None:
    hebrac_game(cli, home)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    path = {"device": Path("/dev/null"), "folder": tmp_path / "folder"}.get(
        target, tmp_path / "out.txt")
    if target == "fifo":
        os.mkfifo(path)
    elif target == "symlink":
        path.symlink_to(victim)
    elif target == "folder":
        path.mkdir()
    kind = {"fifo": "a FIFO", "symlink": "a symlink", "device": "a device",
            "folder": "a folder"}[target]
    for args in (("sheet", "-o", str(path)), ("share", "-o", str(path)),
                 ("export", "--csv", "-o", str(path))):
        assert one_error(cli(*args), 3) == (
            f"Error: {path}: not a regular file ({kind}); it was left as it is\n")
    mode = os.lstat(path).st_mode
    assert {"fifo": stat.S_ISFIFO, "symlink": stat.S_ISLNK, "device": stat.S_ISCHR,
            "folder": stat.S_ISDIR}[target](mode)
    assert victim.read_text() == "keep me"
    regular = tmp_path / "sheet.txt"
    regular.write_text("old")
    assert cli("sheet", "-o", str(regular)).code == 0 and regular.read_text() != "old"
    assert cli("sheet", "-o", str(tmp_path / "new.txt")).code == 0


# -- 8. the exit-code contract ---------------------------------------------------------------
def run_companion(home: Path, *args: str, **options: object) -> subprocess.CompletedProcess[str]:
    env = {**ENV, "COMPANION_HOME": str(home), **options.pop("env", {})}  # type: ignore[dict-item]
    options.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "companion", *args], env=env, text=True,
                          stderr=subprocess.PIPE, timeout=60, **options)  # type: ignore[call-overload]


def test_a_closed_pipe_is_a_clean_exit(home: Path) -> None:
    for number in range(30):
        Games(Store(home)).new("hebrac", {}, f"g{number}")
    env = {**ENV, "COMPANION_HOME": str(home)}
    done = subprocess.run(f"{sys.executable} -m companion games | head -1", shell=True,
                          env=env, capture_output=True, text=True, timeout=60,
                          executable="/bin/bash")
    assert done.stdout == "  g0  hebrac  playing\n" and done.stderr == ""
    piped = subprocess.run(f"set -o pipefail; {sys.executable} -m companion games | head -1",
                           shell=True, env=env, capture_output=True, text=True, timeout=60,
                           executable="/bin/bash")
    assert piped.returncode == 0, piped


def test_output_on_a_full_disk_or_closed_is_one_error_line(home: Path) -> None:
    Games(Store(home)).new("hebrac", {}, "g")
    with open("/dev/full", "w") as full:
        done = run_companion(home, "games", stdout=full)
    assert (done.returncode, done.stderr) == (
        3, "Error: cannot write the output: No space left on device\n")
    closed = subprocess.run(f"{sys.executable} -m companion games >&-", shell=True,
                            env={**ENV, "COMPANION_HOME": str(home)}, capture_output=True,
                            text=True, timeout=60)
    assert (closed.returncode, closed.stderr) == (
        3, "Error: the output is closed: nothing was run\n")


@pytest.mark.parametrize("value", ["abc", "nan", "inf", "-1", "1e400", "9" * 50])
def test_a_bad_lock_timeout_means_the_default(value: str) -> None:
    assert safefile.lock_timeout(value) == (600.0 if value in ("inf", "1e400") else 15.0)
    assert safefile.lock_timeout("2.5") == 2.5


def test_a_bad_lock_timeout_runs_commands(home: Path) -> None:
    done = run_companion(home, "hebrac", "new", env={"COMPANION_LOCK_TIMEOUT": "abc"})
    assert done.returncode == 0 and done.stderr == ""


# -- 9. an interrupt says what was saved --------------------------------------------------------
def test_an_interrupt_after_the_save_says_it_was_kept(cli: CLI, home: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    hebrac_game(cli, home)
    from companion.cli import common

    def interrupted(text: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(common, "echo_vitals", interrupted)
    result = cli("hebrac", "attack", "4H")
    assert (result.code, result.err) == (
        130, f"Error: interrupted after saving {home / 'games' / 'g.toml'}: that change was "
             "kept ('undo' takes it back)\n")
    assert "attack 4H" in (home / "games" / "g.toml").read_text()
    monkeypatch.setattr(common, "echo_lines", interrupted)
    result = cli("hebrac", "log")
    assert (result.code, result.err) == (130, "Error: interrupted: nothing was saved\n")


# -- the lock: waiters queue in the kernel rather than poll -------------------------------------
def _writer(home: str, number: int) -> None:
    os.environ["COMPANION_HOME"] = home
    games = Games(Store(Path(home)))
    for _ in range(3):
        games.note("g", f"writer {number}")


def test_parallel_writers_all_get_the_lock(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Games(Store(home)).new("hebrac", {}, "g")
    monkeypatch.setattr(safefile, "LOCK_TIMEOUT", 15.0)
    run_in_parallel(_writer, home, 16)
    assert len(Store(home).read("g").notes) == 48


def test_dumps_record_is_what_the_store_reads(home: Path) -> None:
    Games(Store(home)).new("hebrac", {}, "g")
    record = Store(home).read("g")
    assert store.parse_record(dumps_record(record).encode()) == record
