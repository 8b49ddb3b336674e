"""Help screens and first screens at 40x30, written from the declarations without typer.

Every group typed alone and every group's ``--help`` is compared with
``tests/golden/help-screens.40.txt`` (regenerate with ``UPDATE_GOLDEN=1
pytest tests/test_help_screens.py``); the rules the layout keeps are checked
one by one: a first screen is 15 lines at most, a group's help 30, ``new``
within its first 15 lines, one command a line, new and status first; each
command's help names exactly the options typer reads; an unknown command and
an unknown rule id are errors offering the closest names.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer.main

from companion.cli import dispatch, helpformat, options
from companion.cli.grammar import REGISTRY, grammar_of
from companion.cli.main import run_words
from companion.kinds import KINDS
from tests.conftest import CLI, Result

GOLDEN = Path(__file__).parent / "golden" / "help-screens.40.txt"
WIDTH, HEIGHT = 40, 30


@pytest.fixture(autouse=True)
def screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    monkeypatch.setenv("LINES", str(HEIGHT))


def groups() -> list[tuple[tuple[str, ...], Any]]:
    """Every group of the declarations, top-level first, as the registry lists them."""
    found: list[tuple[tuple[str, ...], Any]] = []

    def walk(path: tuple[str, ...]) -> None:
        found.append((path, dispatch.target(path)))
        for name in dispatch.names(path):
            if dispatch.is_group(dispatch.target((*path, name))):
                walk((*path, name))

    for entry in REGISTRY:
        if dispatch.is_group(entry.load()):
            walk((entry.name,))
    return found


BARE = [()] + [path for path, group in groups() if not group.info.invoke_without_command]
HELPS = [()] + [path for path, _ in groups()]


def shown(cli: CLI, *args: str) -> Result:
    result = cli(*args)
    assert (result.code, result.err) == (0, ""), (args, result.err)
    assert all(len(line) <= WIDTH for line in result.out.splitlines()), (args, result.out)
    return result


def transcript(cli: CLI) -> str:
    """Every screen the golden file holds, each after ``@@ ARGS``."""
    steps: list[tuple[str, ...]] = list(BARE)
    steps += [(alias,) for alias in ("hd", "t", "hh", "e")]  # the games' short names
    steps += [(*path, "--help") for path in HELPS]
    text = "".join(f"@@ {' '.join(step)}\n{shown(cli, *step).out}" for step in steps)
    cli("tricky", "new", "Ann", "Bo", "--name", "table")
    for step in [(), ("hebrac",), ("tricky",)]:  # a current game: how to go on with it
        text += f"@@ {' '.join(step)} (a current game)\n{shown(cli, *step).out}"
    return text


def test_every_screen_as_the_golden_file(cli: CLI) -> None:
    text = transcript(cli)
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(text, "utf-8")
    assert text == GOLDEN.read_text("utf-8"), f"{GOLDEN.name} differs (UPDATE_GOLDEN=1)"


@pytest.mark.parametrize("path", BARE, ids=lambda p: " ".join(p) or "companion")
def test_a_group_typed_alone_is_a_short_screen(cli: CLI, path: tuple[str, ...]) -> None:
    lines = shown(cli, *path).out.splitlines()
    assert len(lines) <= helpformat.FIRST_LINES
    if len(path) <= 1:  # the program and each game: how to start one
        assert any(" new" in line for line in lines)
        assert lines[-1].endswith("--help")


@pytest.mark.parametrize("path", HELPS, ids=lambda p: " ".join(p) or "companion")
def test_group_help_fits_a_phone(cli: CLI, path: tuple[str, ...]) -> None:
    lines = shown(cli, *path, "--help").out.splitlines()
    assert len(lines) <= helpformat.GROUP_LINES, len(lines)
    if len(path) <= 1 and (not path or path[0] in KINDS):
        assert any(" new" in line or line.startswith("  new ") for line in lines[:15])
    names = helpformat.listing(path)
    listed = [line.split()[0] for line in lines if line.startswith("  ") and
              line.split()[0] in dict(names)]
    rest = [line for line in lines if line.startswith("Also: ")]
    assert listed == [name for name, _ in names][:len(listed)]  # one a line, in order
    assert listed or rest


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_game_lists_new_status_then_its_actions(cli: CLI, kind: str) -> None:
    lines = shown(cli, kind, "--help").out.splitlines()
    commands = [line.split()[0] for line in lines if line.startswith("  ")]
    assert commands[:2] == ["new", "status"]
    verbs = grammar_of(kind).verbs  # then the commands that are no action
    later = [n for n in dispatch.names((kind,)) if n not in ("new", "status", *verbs)]
    actions = commands[2:]
    assert not set(actions[:len(actions) - len(later)]) & set(later)
    assert "Short forms: companion" in " ".join(lines)


def test_short_names_of_a_game_give_its_first_screen(cli: CLI) -> None:
    for kind, info in KINDS.items():
        for alias in (a for a in info.aliases if a.isalnum()):
            assert cli(alias).out == cli(kind).out


def test_first_screen_names_the_current_game(cli: CLI) -> None:
    assert "Current game" not in shown(cli).out
    cli("hebrac", "new", "--name", "deep")
    out = shown(cli).out
    assert "Current game: deep (hebrac)\n  companion hebrac status\n" in out
    # A kind's first screen names that kind's current game, not the last one made.
    assert "Current game" not in shown(cli, "tricky").out
    cli("tricky", "new", "Ann", "Bo", "--name", "table")
    assert "Current game: deep (hebrac)\n  companion hebrac status\n" in shown(cli, "hebrac").out
    assert "Current game: table (tricky)\n" in shown(cli, "tricky").out
    assert "Current game: table (tricky)\n" in shown(cli).out


def test_help_is_the_same_one_shot_and_in_the_shell(
        cli: CLI, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli.shell import Shell
    from companion.session import keep_open

    cli("hebrac", "new", "--name", "g")
    shell = Shell("g", interactive=False)
    try:
        for topic in (["attack"], ["a"], ["check", "trade"], ["rules"]):
            capsys.readouterr()
            shell.run_line("help " + " ".join(topic))
            in_shell = capsys.readouterr().out
            args = (["hebrac"] if topic[0] != "rules" else []) + topic
            assert in_shell == cli(*args, "--help").out, topic
    finally:
        keep_open(False)


def test_plain_and_no_pager_before_help(cli: CLI) -> None:
    plain = shown(cli, "--plain", "--help").out
    assert plain == shown(cli, "--help").out == shown(cli, "--no-pager", "-h").out
    assert shown(cli, "--plain").out == shown(cli).out


def test_a_game_lines_help_reaches_no_typer(home: Path) -> None:
    probe = ("import sys\n"
             "from companion.cli.main import run_words\n"
             "for words in ([], ['hebrac', 'status', '--help'], ['tricky', 'round', '-h']):\n"
             "    assert run_words(words) == 0, words\n"
             "print(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'click')),\n"
             "      file=sys.stderr)\n")
    env = {**os.environ, "COMPANION_HOME": str(home)}
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True,
                          text=True, check=False)
    assert (done.returncode, done.stderr) == (0, "[]\n")


def commands() -> list[tuple[tuple[str, ...], Any]]:
    """Every command of typer's tree (and every group that runs by itself)."""
    found: list[tuple[tuple[str, ...], Any]] = []

    def walk(command: Any, path: tuple[str, ...]) -> None:
        below = getattr(command, "commands", None)
        if path and (below is None or command.invoke_without_command):
            found.append((path, command))
        for name, sub in (below or {}).items():
            walk(sub, (*path, name))

    walk(typer.main.get_command(options.whole_app()), ())
    return found


def test_each_command_help_names_the_options_typer_reads(cli: CLI) -> None:
    for path, command in commands():
        typer_words = {word for p in command.params if p.param_type_name == "option"
                       for word in (*p.opts, *p.secondary_opts)}
        arguments = [p for p in command.params if p.param_type_name == "argument"]
        node = dispatch.target(path)
        shown_arguments, options = helpformat.parameters(path)
        words = {word.strip(",") for o in options for word in o.label.split()
                 if word.startswith("-")}
        assert words == typer_words, path
        assert len(shown_arguments) == len(arguments), path
        text = cli(*path, "--help").out
        if not dispatch.is_group(node):  # a group's help lists its commands instead
            assert text.startswith(f"Usage: companion {' '.join(path)}"), path
        assert all(len(line) <= WIDTH for line in text.splitlines()), path


def test_an_unknown_command_offers_the_closest(cli: CLI) -> None:
    typo = cli("hebrac", "atack", "4h")
    assert (typo.code, typo.out, typo.err) == (
        2, "", "Error: No such command 'atack': did you mean attack or take? (see "
               "'companion hebrac --help')\n")
    assert cli("hebrak").err == ("Error: No such command 'hebrak': did you mean hebrac? (see "
                                 "'companion --help')\n")
    assert cli("hebrac", "check", "tarde").err.startswith(
        "Error: No such command 'tarde': did you mean trade?")
    assert cli("zzz", "--help").code == 2


def test_the_shell_offers_the_closest_too(
        cli: CLI, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli.shell import Shell
    from companion.session import keep_open

    cli("hebrac", "new", "--name", "g")
    shell = Shell("g", interactive=False)
    try:
        capsys.readouterr()
        shell.run_line("atack 4h")
        assert capsys.readouterr().err == (
            "Error: no such command 'atack': did you mean attack or take? (see 'help')\n")
        assert shell.last_code == 2
        shell.run_line("staus")
        assert "did you mean status or stats?" in capsys.readouterr().err
    finally:
        keep_open(False)


@pytest.mark.parametrize(("words", "named"), [
    (("hebrac.nope",), "no section hebrac.nope in Hebrac's Dungeon"),
    (("tricky.seer-exchang",), "did you mean tricky.ruling.seer-exchange"),
    (("hebrac.spell.escap",), "did you mean hebrac.spell.escape"),
    (("hebrac", "spell.escap"), "did you mean hebrac.spell.escape"),
    (("tricky", "hero.seeer"), "did you mean tricky.hero.seer"),
])
def test_an_unknown_rule_id_is_an_error_naming_the_closest(
        cli: CLI, words: tuple[str, ...], named: str) -> None:
    result = cli("rules", *words)
    assert (result.code, result.out) == (2, "")
    assert result.err.startswith("Error: no section ") and named in result.err
    assert result.err.count("\n") == 1


def test_a_rule_id_still_opens_its_section(cli: CLI) -> None:
    assert cli("rules", "spell.escape").out == cli("rules", "hebrac.spell.escape").out
    assert cli("rules", "tricky", "hero.seer").out.startswith("Seer\ntricky.hero.seer\n")
    assert cli("rules", "hebrac.spell").out.startswith("Sections under hebrac.spell:")


def test_bare_words_exit_0_with_no_error(cli: CLI) -> None:
    for words in ([], ["hebrac"], ["hd"], ["hebrac", "check"], ["--plain"]):
        result = run_words(list(words))
        assert result == 0, words


# -- no help line cut mid-phrase (issue 35): every screen at 40, 60 and 80 columns ----------
def every_help() -> list[tuple[str, ...]]:
    """The words of every help screen: each group's and each command's, and the first
    screens (a group typed alone)."""
    found: list[tuple[str, ...]] = [*BARE, *((*path, "--help") for path in HELPS)]

    def walk(path: tuple[str, ...]) -> None:
        below = [(*path, name) for name in dispatch.names(path)]
        groups = [sub for sub in below if dispatch.is_group(dispatch.target(sub))]
        found.extend((*sub, "--help") for sub in below if sub not in groups)
        for sub in groups:
            walk(sub)

    for entry in REGISTRY:
        if dispatch.is_group(entry.load()):
            walk((entry.name,))
        else:
            found.append((entry.name, "--help"))
    return found


def opening(text: str, shown: str) -> bool:
    """Whether ``shown`` is ``text`` whole, or its opening phrase (up to a colon, a
    semicolon, a bracket or a dash): not a phrase cut at a word or a comma."""
    if shown == text:
        return True
    rest = text[len(shown):]
    return text.startswith(shown) and (rest[:1] in (":", ";") or rest.startswith((" (", " - ")))


@pytest.mark.parametrize("width", [40, 60, 80])
def test_no_help_line_is_cut(cli: CLI, monkeypatch: pytest.MonkeyPatch, width: int) -> None:
    """Each listing shows a command's first sentence or its opening phrase, wrapped at
    words onto indented lines when it must; no line is wider than the screen, ends in
    '...' or opens like a bullet ('- undo')."""
    from companion.cli.shell import help_lines

    monkeypatch.setenv("COLUMNS", str(width))
    screens = {words: shown_at(cli, width, *words) for words in every_help()}
    screens[("shell help",)] = "\n".join(help_lines("hebrac", "g", width))
    for words, out in screens.items():
        for line in out.splitlines():
            assert len(line) <= width, (words, line)
            last = line.split()[-1] if line.split() else ""  # 'CARD...', 'red, ...' written so
            assert not last.endswith("...") or last[:-3].lstrip("[").isupper() or \
                line.endswith(", ..."), (words, line)
            assert not line.lstrip().startswith(("- ", "+ ")), (words, line)
    checked = 0
    for path in HELPS:
        lines = screens[(*path, "--help")].splitlines()
        for name, text in helpformat.listing(path):
            at = next((n for n, line in enumerate(lines) if line.startswith(f"  {name}  ")),
                      None)
            if at is None:
                continue  # listed by name only ('Also: ...')
            column = len(lines[at]) - len(lines[at][2 + len(name):].lstrip())
            said = [lines[at][column:]]
            for line in lines[at + 1:]:
                if len(line) <= column or not line[:column].isspace():
                    break
                said.append(line.strip())
            assert opening(text, " ".join(said)), (width, path, name, said)
            checked += 1
    assert checked > 60


def shown_at(cli: CLI, width: int, *words: str) -> str:
    result = cli(*words)
    assert (result.code, result.err) == (0, ""), (words, result.err)
    return result.out


def test_help_and_version_words(cli: CLI) -> None:
    """'companion help', 'companion KIND help [COMMAND]' are the help, not a command
    offered in its place; --version prints the version, before or after a command."""
    from companion import __version__

    assert cli("help").out == cli("--help").out
    assert cli("help", "hebrac").out == cli("hebrac", "--help").out
    assert cli("hebrac", "help").out == cli("hebrac", "--help").out
    assert cli("h", "help", "attack").out == cli("hebrac", "attack", "--help").out
    assert cli("halfdeck", "cards", "help").out == cli("halfdeck", "cards", "--help").out
    for words in (["--version"], ["sheet", "--version"]):
        result = cli(*words)
        assert (result.code, result.out, result.err) == (0, f"companion {__version__}\n", "")
