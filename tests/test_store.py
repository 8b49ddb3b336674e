"""Storage faults: killed writers, concurrent writers, corrupt files, full disks."""

from __future__ import annotations

import errno
import os
import random
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion import safefile
from companion.errors import BadInput, DataProblem
from companion.session import Games
from companion.store import BACKUPS, GameRecord, Store, dumps_record
from companion.text import control
from tests.conftest import CLI


def make_game(home: Path, name: str = "g", actions: int = 0) -> Store:
    store = Store(home)
    games = Games(store)
    games.new("hebrac", {"life": 99}, name)
    if actions:
        games.act(name, "enter A1 5S")
        for _ in range(actions - 1):
            games.act(name, "attack 2H")
    return store


def test_save_is_readable_toml_with_one_action_per_line(home: Path) -> None:
    store = make_game(home, actions=3)
    text = store.path("g").read_text()
    assert 'actions = [\n    "enter A1 5S",\n    "attack 2H",\n    "attack 2H",\n]' in text
    data = tomllib.loads(text)
    assert data["schema"] == 1 and data["kind"] == "hebrac" and data["settings"]["life"] == 99


def test_kind_reads_the_head_and_falls_back_to_the_whole_file(home: Path) -> None:
    store = make_game(home, actions=3)
    assert store.kind("g") == "hebrac"
    path = store.path("g")
    text = path.read_text()
    # Hand-edited: the actions first, the kind after them; still read (the whole file).
    head, _, rest = text.partition("actions = [")
    body, _, tail = rest.partition("]\n")
    path.write_text(f"actions = [{body}]\n{head}{tail}")
    assert store.kind("g") == "hebrac"
    path.write_text(text.replace('kind = "hebrac"', "kind = 3"))
    with pytest.raises(DataProblem):
        store.kind("g")


def test_backups_rotate_and_keep_five(home: Path) -> None:
    store = make_game(home, actions=8)
    backups = sorted(p.name for p in store.backups_dir.iterdir())
    assert backups == [f"g.{n}.toml" for n in range(1, BACKUPS + 1)]
    newest = GameRecord.from_toml(tomllib.loads(store.backup_path("g", 1).read_text()))
    oldest = GameRecord.from_toml(tomllib.loads(store.backup_path("g", 5).read_text()))
    assert len(newest.actions) == 7 and len(oldest.actions) == 3


WRITER = """
import sys
from pathlib import Path
from companion.store import Store, GameRecord
store = Store(Path(sys.argv[1]))
record = store.read("g")
print("ready", flush=True)
while True:
    record.notes.append("n" * (len(record.notes) % 50))
    with store.lock("g"):
        store.write(record)
"""


def test_sigkill_while_saving_leaves_old_or_new_file(home: Path) -> None:
    store = make_game(home, actions=1)
    rng = random.Random(7)
    for _ in range(12):
        before = len(store.read("g").notes)
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(home)],
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        time.sleep(rng.uniform(0.0, 0.05))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        record = store.read("g")  # never broken: parses and validates
        assert len(record.notes) >= before
        assert record.notes == ["n" * (i % 50) for i in range(len(record.notes))]
    # The next write cleans the temp files a killed writer may have left.
    Games(store).act("g", "attack 2H")
    assert not list(store.games_dir.glob(".g.toml.*.tmp"))


def test_twenty_concurrent_writers_lose_nothing(home: Path) -> None:
    make_game(home, actions=1)
    env = {**os.environ, "COMPANION_HOME": str(home), "COMPANION_LOCK_TIMEOUT": "60"}
    procs = [subprocess.Popen([sys.executable, "-m", "companion", "hebrac", "attack", "2H"],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
             for _ in range(20)]
    errors = [p.communicate()[1] for p in procs]
    assert [p.returncode for p in procs] == [0] * 20, errors
    record = Store(home).read("g")
    assert record.actions == ["enter A1 5S"] + ["attack 2H"] * 20


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "the file is empty"),
        (b"\x00" * 64, "not valid TOML"),
        (b'schema = 1\nkind = "hebrac"\nactions = [\n  "enter', "not valid TOML"),
        (b"schema = 1\nkind = [", "not valid TOML"),
        (b"\xff\xfe junk", "not UTF-8"),
        (b'kind = "hebrac"\n', "no valid 'schema' number"),
        (b'schema = 99\nkind = "hebrac"\n', "written by a newer companion (schema 99"),
    ],
)
def test_unreadable_files_exit_3_and_stay_untouched(
    cli: CLI, home: Path, content: bytes, reason: str
) -> None:
    assert cli("hebrac", "new", "--name", "g").code == 0
    assert cli("hebrac", "enter", "A1", "5S").code == 0
    path = home / "games" / "g.toml"
    path.write_bytes(content)
    for args in (("hebrac", "status"), ("hebrac", "attack", "5H"), ("hebrac", "undo")):
        result = cli(*args)
        assert result.code == 3, result
        assert result.err.startswith(f"Error: {path}: ")
        assert reason in result.err
        assert f"newest good backup: {home / 'backups' / 'g.1.toml'}" in result.err
        assert result.err.count("\n") == 1
        assert path.read_bytes() == content


def test_actions_that_no_longer_replay_are_a_data_problem(cli: CLI, home: Path) -> None:
    cli("hebrac", "new", "--name", "g")
    path = home / "games" / "g.toml"
    text = path.read_text().replace("actions = []", 'actions = ["enter B2 5S"]')
    path.write_text(text)
    result = cli("hebrac", "attack", "5H")
    assert result.code == 3
    assert "action 1 'enter B2 5S' no longer replays: the first chamber of a level is a " \
        "corner" in result.err
    assert path.read_text() == text


def test_refused_action_leaves_file_byte_for_byte(cli: CLI, home: Path) -> None:
    cli("hebrac", "new", "--name", "g")
    cli("hebrac", "enter", "A1", "5S")
    path = home / "games" / "g.toml"
    before = path.read_bytes()
    stamp = path.stat().st_mtime_ns
    for args in (("hebrac", "attack", "QX"), ("hebrac", "enter", "C4", "5S"),
                 ("hebrac", "take", "5H"), ("hebrac", "attack", "5H", "6H"),
                 ("hebrac", "cast", "escape")):
        assert cli(*args).code in (1, 2)
        assert path.read_bytes() == before and path.stat().st_mtime_ns == stamp


def test_read_only_folder_gives_a_clean_error(cli: CLI, home: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root ignores folder permissions")
    cli("hebrac", "new", "--name", "g")
    games_dir = home / "games"
    os.chmod(games_dir, 0o555)
    try:
        result = cli("hebrac", "enter", "A1", "5S")
    finally:
        os.chmod(games_dir, 0o755)
    assert result.code == 3 and result.err.startswith("Error: cannot save")


def test_unwritable_folder_is_a_data_problem(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Permission denied on the temp file (what a read-only folder does for a normal user)."""
    store = make_game(home)
    before = store.path("g").read_bytes()
    real_open = os.open

    def deny(path: str | os.PathLike[str], flags: int, mode: int = 0o777) -> int:
        if str(path).endswith(".tmp"):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(path, flags, mode)

    monkeypatch.setattr(os, "open", deny)
    with pytest.raises(DataProblem, match="cannot save .*g.toml: Permission denied; the saved "
                                          "game is unchanged"):
        Games(store).act("g", "enter A1 5S")
    monkeypatch.undo()
    assert store.path("g").read_bytes() == before


def test_full_disk_keeps_the_old_file(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = make_game(home, actions=2)
    before = store.path("g").read_bytes()
    real_write = os.write

    def full(fd: int, data: bytes | memoryview) -> int:
        if len(data) > 10:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(DataProblem, match="No space left on device"):
        Games(store).act("g", "attack 2H")
    monkeypatch.undo()
    assert store.path("g").read_bytes() == before
    assert not list(store.games_dir.glob(".g.toml.*.tmp"))


def test_locked_game_times_out_as_data_problem(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:

    store = make_game(home)
    monkeypatch.setattr(safefile, "LOCK_TIMEOUT", 0.1)
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import fcntl, os, sys, time\n"
         "fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)\n"
         "fcntl.flock(fd, fcntl.LOCK_EX)\nprint('held', flush=True)\ntime.sleep(30)\n",
         str(store.games_dir / ".g.lock")], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(DataProblem, match="locked by another command"):
            Games(store).act("g", "enter A1 5S")
    finally:
        holder.kill()
        holder.wait()
        assert holder.stdout is not None
        holder.stdout.close()


def test_names_are_checked(home: Path) -> None:
    with pytest.raises(BadInput, match="is not a game name"):
        Games(Store(home)).new("hebrac", {}, "../escape")
    with pytest.raises(BadInput, match="already named"):
        make_game(home)
        Games(Store(home)).new("hebrac", {}, "g")


def test_data_home_is_never_the_current_directory(monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.store import data_home

    monkeypatch.delenv("COMPANION_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", "/tmp/xdg-test")
    assert data_home() == Path("/tmp/xdg-test/companion")


# What a save may hold: any text but escape sequences and the like (a save holding them is
# refused as hand-edited); tabs, line breaks, quotes and backslashes are escaped by the writer.
SAVED_TEXT = st.text(alphabet=st.characters().filter(lambda c: control(c) is None),
                     max_size=20)


@given(st.lists(SAVED_TEXT, max_size=6), st.lists(SAVED_TEXT, max_size=3))
def test_save_text_is_what_tomli_w_writes(actions: list[str], notes: list[str]) -> None:
    """The hand-written writer for the action lists lays the file out exactly as tomli-w."""
    import tomli_w

    record = GameRecord(kind="hebrac", name="g", settings={"life": 15, "rules": "2005"},
                        actions=actions, redo=actions[:1], notes=notes)
    text = dumps_record(record)
    assert text == tomli_w.dumps(record.to_toml())
    assert GameRecord.from_toml(tomllib.loads(text)) == record


def test_a_line_that_does_not_read_back_is_never_written(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A writer bug (here: quotes left unescaped) is caught before the disk is touched."""
    import companion.store as store_module

    store = make_game(home, actions=2)
    before = store.path("g").read_bytes()
    monkeypatch.setattr(store_module, "toml_string", lambda text: f'"{text}"')
    with pytest.raises(DataProblem, match="did not read back the same"):
        Games(store).note("g", 'say "hello" to the merchant 7f3a')
    assert store.path("g").read_bytes() == before


def test_undecodable_bytes_in_a_command_are_bad_input(cli: CLI, home: Path) -> None:
    """A terminal in the wrong encoding hands over lone surrogates: exit 2, nothing saved."""
    assert cli("hebrac", "new", "--name", "g").code == 0
    before = Store(home).path("g").read_bytes()
    result = cli("hebrac", "note", "--game", "g", "bad \udcff byte")
    assert (result.code, result.err) == (
        2, "Error: 'bad ? byte' is not UTF-8 text: check the terminal's encoding\n")
    assert Store(home).path("g").read_bytes() == before


def test_undecodable_text_reaching_a_save_is_bad_input(home: Path) -> None:
    store = make_game(home)
    before = store.path("g").read_bytes()
    with pytest.raises(BadInput, match="the note holds a broken character"):
        Games(store).note("g", "x\udcff")
    record = store.read("g")
    record.notes.append("x\udcff")  # past the note's own check: the store still refuses it
    with store.lock("g"), pytest.raises(BadInput, match="not UTF-8"):
        store.write(record, replayed=True)
    assert store.path("g").read_bytes() == before



def test_playing_each_kind_leaves_no_cache(cli: CLI, home: Path) -> None:
    """Playing, undoing, the status, the log, rules and sheets write no cache and no key:
    the one cache is the statistics' (``stats``), and it holds nothing else."""
    for args in (("hebrac", "new"), ("hebrac", "enter", "A1", "JS"), ("hebrac", "status"),
                 ("hebrac", "undo"), ("hebrac", "log"), ("tricky", "new", "Ann", "Bo"),
                 ("tricky", "round", "thief", "--active", "Ann"), ("tricky", "status"),
                 ("halfdeck", "new"), ("halfdeck", "hand", "warrior", "cleric", "steel sword"),
                 ("elbereth", "new", "--equip", "sword", "helm"),
                 ("elbereth", "attack", "rat", "4"), ("elbereth", "summary"),
                 ("rules", "paralysis"), ("sheet", "--format", "text")):
        assert cli(*args).code == 0, args
    assert not (home / "cache").exists() and not (home / "cache.key").exists()
    assert cli("stats").code == 0
    assert [p.name for p in (home / "cache").iterdir()] == ["stats.json"]


def test_a_game_kept_open_is_saved_without_replaying_its_file(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the shell each line has its own store: all share the games kept open with the
    bytes they replayed from, so a save replays nothing (it replayed the game before)."""
    from companion import session, store

    make_game(home, actions=3)
    session.keep_open(True)
    try:
        Store(home).open("g")
        replayed: list[str] = []
        check = store.replay_record
        monkeypatch.setattr(store, "replay_record", lambda record: (
            replayed.append(record.name) or check(record)))
        Games(Store(home)).note("g", "one")
        Games(Store(home)).note("g", "two")
        assert replayed == [] and Store(home).read("g").notes[-2:] == ["one", "two"]
    finally:
        session.keep_open(False)
