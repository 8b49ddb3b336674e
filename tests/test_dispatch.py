"""The dispatcher: every command reached from the words alone, its help and its work.

``main.dispatched`` loads only the top-level word that runs (a game's line: its
verb table alone). Each command is run from the same saved games (a fresh copy
for each run, since some commands change them): one error line or its output,
an exit code of the project's, never a traceback.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from companion.cli import dispatch, options
from companion.cli.grammar import grammar_of
from companion.cli.main import run_words
from companion.errors import BadInput
from companion.kinds import KINDS
from companion.verbs import spell_options
from tests.conftest import CLI
from tests.serve_helpers import companion


def leaf_paths() -> list[tuple[str, ...]]:
    """Every command of the whole tree, and every group that runs by itself."""
    found: list[tuple[str, ...]] = []

    def walk(command: object, path: tuple[str, ...]) -> None:
        commands = getattr(command, "commands", None)
        if commands is None or getattr(command, "invoke_without_command", False):
            found.append(path)
        for name, sub in (commands or {}).items():
            walk(sub, (*path, name))

    walk(typer.main.get_command(options.whole_app()), ())
    return found


LEAVES = leaf_paths()
# Commands that read the terminal or stdin when given nothing: their help is compared.
READS_INPUT = {("shell",), ("play",), ("import",), ("demo",), ("serve",)}


def probes() -> list[tuple[str, ...]]:
    runs: list[tuple[str, ...]] = []
    for path in LEAVES:
        runs.append((*path, "--help"))
        if path not in READS_INPUT:
            runs.append(path)
    return runs


# Real work, on the games the fixture saves: the benchmark's commands among them.
WORK = [
    ("hebrac", "attack", "4H", "-g", "h"),
    ("hebrac", "attack", "4H", "--pris", "JS", "-g", "h"),
    ("hebrac", "undo", "-g", "h"),
    ("hebrac", "redo", "-g", "h"),
    ("hebrac", "log", "-g", "h"),
    ("hebrac", "log", "--json", "-g", "h"),
    ("hebrac", "check", "trade", "JS", "--offer", "9D"),
    ("hebrac", "check", "steal", "3D", "4C"),
    ("hebrac", "check", "price", "KS"),
    ("hebrac", "check", "spell", "healing", "--with", "7C"),
    ("hebrac", "spells", "-g", "h"),
    ("hebrac", "cast", "heal", "-g", "h"),
    ("tricky", "trick", "R1", "B2", "-g", "t"),
    ("tricky", "scores", "-g", "t"),
    ("tricky", "heroes"),
    ("tricky", "heroes", "-g", "t"),
    ("games",),
    ("games", "--json"),
    ("games", "use", "t"),
    ("rules", "paralysis"),
    ("rules", "hebrac", "QS"),
    ("rules", "nothing", "like", "this", "zzz"),
    ("sheet", "hebrac", "--format", "text", "-g", "h"),
    ("sheet", "tricky", "--format", "text", "-g", "t"),
    ("--plain", "hebrac", "log", "-g", "h"),
    ("hebrac", "attack", "--no-such-option"),
]


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A home with a Hebrac game in a battle and a Tricky game in a round."""
    home = tmp_path_factory.mktemp("saved")
    for args in (["hebrac", "new", "--name", "h"], ["hebrac", "enter", "A1", "5S"],
                 ["tricky", "new", "ann", "bob", "--name", "t"],
                 ["tricky", "round", "thief", "--exchange", "0"]):
        done = companion(home, *args)
        assert done.returncode == 0, (args, done.stderr)
    return home


@pytest.mark.parametrize("args", probes() + WORK, ids=" ".join)
def test_every_command_runs_alone(
    saved: Path, home: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    shutil.rmtree(home, ignore_errors=True)
    shutil.copytree(saved, home)
    capsys.readouterr()
    code = run_words(list(args))
    captured = capsys.readouterr()
    assert code in (0, 1, 2, 3), args
    assert "Traceback" not in captured.err
    assert captured.err == "" or captured.err.startswith("Error: ") and \
        captured.err.count("\n") == 1, (args, captured.err)


def test_every_command_is_reached_alone() -> None:
    assert len(LEAVES) > 35  # a game's lines are its verb table's, not leaves
    for kind in KINDS:  # a game's lines: its verb table reads them, typer never
        for verb in grammar_of(kind).verbs:
            assert dispatch.route([kind, verb]).path == (kind, verb)
    for path in LEAVES:
        node = typer.main.get_command(options.whole_app())
        for name in path:
            node = node.commands[name]
        # A group that runs by itself would take one more word as a sub-command.
        found = dispatch.route(list(path) if hasattr(node, "commands") else [*path, "x"])
        assert found.leaf and found.path == path, path


def test_listings_and_unknown_words_go_to_the_whole_tree() -> None:
    for args in ([], ["--help"], ["hebrac"], ["hebrac", "--help"], ["hebrac", "check"],
                 ["games", "--help"], ["bogus"], ["hebrac", "bogus"], ["--plain"]):
        assert not dispatch.route(args).leaf, args


def test_short_forms_are_spelled_out() -> None:
    assert dispatch.route(["hd", "a", "4h"]).args == ["hebrac", "attack", "4h"]
    assert dispatch.route(["h", "s"]).args == ["hebrac", "status"]
    assert dispatch.route(["hebrac", "st"]).args == ["hebrac", "status"]
    assert dispatch.route(["h", "ch", "tr", "JS"]).args == ["hebrac", "check", "trade", "JS"]
    assert dispatch.route(["t", "r", "barb"]).args == ["tricky", "round", "barb"]
    assert dispatch.route(["td", "ro", "barb"]).args == ["tricky", "round", "barb"]
    assert dispatch.route(["t", "re"]).args == ["tricky", "result"]
    assert dispatch.route(["t", "+"]).args == ["tricky", "redo"]
    assert dispatch.route(["t", "-", "2"]).args == ["tricky", "undo", "2"]
    assert dispatch.route(["hh", "a"]).args == ["halfdeck", "attack"]
    assert dispatch.route(["e", "d"]).args == ["elbereth", "descend"]
    assert dispatch.route(["--plain", "ga", "--json"]).args == ["--plain", "games", "--json"]
    assert dispatch.route(["ru", "s"]).args == ["rules", "s"]  # words after a command stay
    assert dispatch.route(["h", "c1", "3s"]).args == ["hebrac", "enter", "c1", "3s"]
    assert dispatch.route(["h", "B10"]).args == ["hebrac", "enter", "B10"]
    assert dispatch.route(["h", "d1", "3s"]).args == ["hebrac", "d1", "3s"]  # no such row
    assert dispatch.route(["t", "c1"]).args == ["tricky", "c1"]  # Tricky has no chambers
    with pytest.raises(BadInput, match="'sh' could be share, sheet, shell: type more"):
        dispatch.route(["sh"])
    with pytest.raises(BadInput, match="'re' could be redo, refuse, reveal: type more"):
        dispatch.route(["hebrac", "re"])


def test_option_prefixes_are_spelled_out() -> None:
    names = sorted(word for word in dispatch.option_words(("hebrac", "attack"))[0]
                   if word.startswith("--"))
    assert spell_options(names, ["4h", "--pris", "3s", "--pot=5s"]) == [
        "4h", "--prisoner", "3s", "--potion=5s"]
    assert spell_options(names, ["--", "--pris"]) == ["--", "--pris"]
    with pytest.raises(BadInput, match="'--p' could be --potion, --prisoner: type more"):
        spell_options(names, ["--p", "3s"])


def test_one_shot_short_forms(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g")
    assert cli("hd", "e", "a1", "5s").code == 0
    done = cli("hd", "a", "4h")
    assert done.out == ("attack 4 = 4 vs warrior 5: lose 1 life, 15 -> 14\n"
                        "L1 A1 life 14/15 magic 0\n")
    assert cli("h", "s").out == cli("hebrac", "status").out
    assert cli("hebrac", "undo", "2").code == 0
    bare = cli("h", "a1", "5s")  # a chamber first: enter
    assert (bare.code, bare.out) == (0, "A1: 5S = warrior, life 5: 'attack CARD'\n"
                                        "L1 A1 life 15/15 magic 0\n")
    cli("h", "a", "4h")
    assert cli("hebrac", "st").out == cli("hebrac", "status").out
    done = cli("hebrac", "-")
    assert (done.code, done.out) == (0, "Undone: attack 4H\nChanged: life 14 -> 15\n"
                                        "L1 A1 life 15/15 magic 0\n")
    done = cli("s")
    assert (done.code, done.err) == (
        2, "Error: 's' could be serve, share, sheet, shell, stats: type more\n")


def probe_imports(home: Path, heavy: tuple[str, ...],
                  *args: str) -> subprocess.CompletedProcess[str]:
    """`companion ARGS` run in a fresh interpreter, which fails unless it exits 0; last on
    its stderr, the modules it loaded whose names start with one of `heavy`."""
    probe = (
        "import sys\n"
        "from companion.cli.main import run\n"
        "try:\n"
        "    run(sys.argv[1:])\n"
        "except SystemExit as stop:\n"
        "    assert stop.code == 0, stop.code\n"
        f"print(sorted(m for m in sys.modules if m.startswith({heavy!r})), file=sys.stderr)\n"
    )
    env = {**os.environ, "COMPANION_HOME": str(home)}
    return subprocess.run([sys.executable, "-c", probe, *args], env=env,
                          capture_output=True, text=True, check=False)


def test_a_command_imports_only_its_own_game(cli: CLI, home: Path) -> None:
    cli("hebrac", "new", "--name", "g")
    heavy = ("rich", "qrcode", "companion.tricky", "companion.halfdeck", "companion.elbereth",
             "companion.cli.tricky", "companion.cli.halfdeck", "companion.cli.elbereth",
             "companion.cli.rules", "companion.cli.share", "companion.cli.sheet",
             "companion.cli.shell", "companion.sheets")
    for args in (["hebrac", "log"], ["hd", "e", "a1", "5s"], ["hd", "a", "4h"],
                 ["hebrac", "check", "price", "KS"]):
        done = probe_imports(home, heavy, *args)
        assert done.stderr.splitlines()[-1] == "[]", (args, done.stderr)


def test_short_flags_are_the_long_options(cli: CLI) -> None:
    cli("hebrac", "new", "--name", "g")
    cli("hebrac", "enter", "A1", "JS")
    short = cli("h", "a", "4h", "-p", "3s")
    assert (short.code, short.err) == (
        1, "Error: 3S is not a prisoner (a jack) (rule hebrac.treasure.jack)\n")
    assert cli("hebrac", "attack", "4h", "--prisoner", "3s").err == short.err
    assert cli("h", "l", "-j").out == cli("hebrac", "log", "--json").out


def test_the_shell_reads_the_same_short_forms(cli: CLI) -> None:
    from companion.cli.shell import Shell
    from companion.session import keep_open

    cli("tricky", "new", "ann", "bob", "--name", "t")
    shell = Shell("t", interactive=False)
    try:
        assert shell.expand(["r", "thief"]) == ["tricky", "round", "thief", "--game", "t"]
        assert shell.expand(["re"]) == ["tricky", "result", "--game", "t"]
        assert shell.expand(["+"]) == ["tricky", "redo", "--game", "t"]
        assert shell.expand(["ga"]) == ["games"]
    finally:
        keep_open(False)


def test_the_shell_enters_a_chamber_typed_first(cli: CLI) -> None:
    from companion.cli.shell import Shell
    from companion.session import keep_open

    cli("hebrac", "new", "--name", "g")
    shell = Shell("g", interactive=False)
    try:
        assert shell.expand(["C1", "3S"]) == ["hebrac", "enter", "C1", "3S", "--game", "g"]
        assert shell.expand(["a", "4h"]) == ["hebrac", "attack", "4h", "--game", "g"]
    finally:
        keep_open(False)


def test_keystrokes_script_meets_the_hebrac_target() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
    try:
        import keystrokes
    finally:
        sys.path.pop(0)
    # The Hebrac examples only: the target is Hebrac's, and the other games' would
    # replay for nothing.
    examples = Path(__file__).resolve().parent.parent / "examples"
    table = keystrokes.measure([path.stem for path in sorted(examples.glob("hebrac-*.toml"))])
    for verb in ("attack", "enter", "take"):
        rows = table["hebrac"][verb]
        assert sorted(r[2] for r in rows)[len(rows) // 2] <= 20, verb  # one-shot median
        assert sorted(r[1] for r in rows)[len(rows) // 2] <= 6, verb  # shell median
    assert keystrokes.short_action("hebrac", "enter C1 3S") == ["C1", "3S"]
    assert keystrokes.short_kind("hebrac") == "h"


def test_the_command_layer_has_no_import_cycle() -> None:
    """main -> dispatch -> options (typer) -> grammar; the shell uses main and dispatch;
    the registry names the modules it loads as text, so nothing imports back up the
    layer."""
    import ast

    folder = Path(__file__).resolve().parent.parent / "companion" / "cli"
    layer = ("main", "dispatch", "grammar", "shell", "options")
    edges: dict[str, set[str]] = {}
    for name in layer:
        tree = ast.parse((folder / f"{name}.py").read_text())
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                parts = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
                found |= {p.rsplit(".", 1)[-1] for p in parts if p.startswith("companion.cli")}
            elif isinstance(node, ast.Import):
                found |= {a.name.rsplit(".", 1)[-1] for a in node.names
                          if a.name.startswith("companion.cli")}
        edges[name] = (found & set(layer)) - {name}
    assert edges == {"main": {"dispatch", "options"}, "dispatch": {"grammar", "options"},
                     "grammar": set(), "shell": {"dispatch", "grammar", "main"},
                     "options": {"grammar"}}


def test_each_game_help_lists_its_short_forms(cli: CLI) -> None:
    out = " ".join(cli("tricky", "--help").out.split())
    assert "Short forms: companion t or td for companion tricky;" in out
    assert "r round" in out and "+ redo" in out
    hebrac = " ".join(cli("hebrac", "--help").out.split())
    assert all(f"{short} {verb}," in hebrac for short, verb in (("a", "attack"), ("e", "enter"),
                                                               ("t", "take")))


# -- an option given twice: collected or refused, never overwritten (issue 32) --------------
def every_option() -> list[tuple[tuple[str, ...], object]]:
    """Every option of every command of the whole tree (a group's own ones too)."""
    found: list[tuple[tuple[str, ...], object]] = []

    def walk(command: object, path: tuple[str, ...]) -> None:
        for param in getattr(command, "params", ()):
            if getattr(param, "param_type_name", "") == "option":
                found.append((path, param))
        for name, sub in (getattr(command, "commands", None) or {}).items():
            walk(sub, (*path, name))

    walk(typer.main.get_command(options.whole_app()), ())
    return found


def twice(option: object) -> list[str]:
    """The option typed twice: a flag alone, an option with a value each time."""
    word: str = option.opts[0]  # type: ignore[attr-defined]
    if option.is_flag:  # type: ignore[attr-defined]
        return [word, word]
    value = "1" if type(option.type).__name__ == "IntParamType" else "x"  # type: ignore
    return [word, value, word, value]


def says_several(option: object) -> bool:
    """Whether an option's help says it takes several values."""
    text = f"{option.help or ''} {option.metavar or ''}"  # type: ignore[attr-defined]
    return "(repeat" in text or "(up to" in text or "..." in text


def test_every_option_given_twice_is_collected_or_refused(cli: CLI) -> None:
    """Walks the declarations, so that a new option cannot bring the silent overwrite back:
    one that takes several values says so in its help, any other typed twice is refused
    with one line, before anything runs (the command's own arguments are not even read)."""
    options = every_option()
    assert len(options) > 150
    collected = 0
    for path, option in options:
        words = [*path, *twice(option)]
        if path == ():  # the root's own: before a command
            words = [*twice(option), "games"]
        result = cli(*words)
        if option.multiple:  # type: ignore[attr-defined]
            collected += 1
            assert says_several(option), (path, option.opts)  # type: ignore[attr-defined]
            assert "more than once" not in result.err, words
            continue
        long = next(o for o in option.opts if o.startswith("--"))  # type: ignore
        assert (result.code, result.err) == (
            2, f"Error: option {long} given more than once\n"), words
    assert collected >= 8


def test_an_on_and_off_flag_together_is_refused(cli: CLI) -> None:
    result = cli("hebrac", "new", "--evil", "--no-evil")
    assert (result.code, result.out, result.err) == (
        2, "", "Error: --evil and --no-evil together\n")


def test_short_and_long_forms_are_one_option(cli: CLI) -> None:
    assert cli("hebrac", "new").code == 0
    for words in (["-g", "a", "--game", "b"], ["--game=a", "-gb"], ["--ga", "a", "-g", "b"]):
        result = cli("hebrac", "status", *words)
        assert (result.code, result.err) == (
            2, "Error: option --game given more than once\n"), words


def test_the_verbs_options_given_twice_are_collected_or_refused() -> None:
    """Every verb of every game's table (the words a save, the shell and the live page
    read): an option typed twice is refused, or collected (both values kept)."""
    from companion.cli.grammar import grammar_of
    from companion.kinds import KINDS
    from companion.verbs import FLAG, OPTIONS, SWITCH

    def sample(kind: str) -> str:
        return " ".join("1" if part in ("int", "die") else "x" for part in kind.split())

    refused = 0
    for kind in KINDS:
        grammar = grammar_of(kind)
        for verb in grammar.verbs.values():
            words = " ".join(sample(p.type) for p in verb.params if p.positional and p.required)
            for param in verb.params:
                if param.positional:
                    continue
                value = "" if param.kind in (FLAG, SWITCH) else " " + sample(param.type)
                text = f"{verb.name} {words} {param.option}{value} {param.option}{value}"
                if param.kind == OPTIONS:
                    assert "repeat" in param.help or "(up to" in param.help, text
                try:
                    action = grammar.parse(text)
                except BadInput as error:
                    assert param.kind != OPTIONS, (text, error)
                    assert str(error) == f"option {param.option} given more than once", text
                    refused += 1
                    continue
                kept = getattr(action, param.name)
                assert isinstance(kept, tuple) and len(kept) == 2, (text, kept)
    assert refused > 20


def test_the_shell_refuses_an_option_twice_in_the_same_words(
        cli: CLI, capsys: pytest.CaptureFixture[str]) -> None:
    from companion import session
    from companion.cli.shell import Shell

    cli("hebrac", "new")
    one_shot = cli("hebrac", "attack", "4H", "--potion", "5S", "--potion", "6S")
    assert (one_shot.code, one_shot.err) == (2, "Error: option --potion given more than once\n") \
        or "--potion" not in one_shot.err  # once repeatable (Hebrac's rule), it is collected
    shell = Shell(None, interactive=False)
    try:
        capsys.readouterr()
        shell.run_line("status -g a --game b")
        assert capsys.readouterr().err == "Error: option --game given more than once\n"
        assert shell.last_code == 2
        shell.run_line("attack 4H --potion 5S --potion 6S")
        assert capsys.readouterr().err == one_shot.err
    finally:
        session.keep_open(False)
