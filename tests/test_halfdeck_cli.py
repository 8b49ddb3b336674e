"""companion halfdeck: exact output and exit codes, the card catalog, --roll, 40 columns."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.halfdeck import catalog
from companion.resources import resource_dir
from tests.clihelpers import (
    every_status_fits_40_columns,
    examples_of,
    no_current_game,
    not_a_roll,
    printed,
    saved,
    status_command_fits_40_columns,
)
from tests.conftest import CLI

START = ["warrior", "cleric", "steel sword", "rusty sword", "escape", "team attack"]
EXAMPLES = examples_of("halfdeck")


def party(cli: CLI) -> None:
    assert cli("halfdeck", "new", "--name", "g").code == 0
    assert cli("halfdeck", "hand", *START).code == 0
    assert cli("halfdeck", "hero", "warrior", "--mag", "1").code == 0
    assert cli("halfdeck", "hero", "cleric", "--str", "1", "--mag", "4").code == 0


def facing_the_golem(cli: CLI) -> None:
    """The party of ``party``, the rock golem boss (S10, life 4) drawn against it."""
    party(cli)
    cli("halfdeck", "draw", "rock golem boss", "--loot", "2")


def test_new_prints_the_empty_table(cli: CLI) -> None:
    assert printed(cli, "halfdeck", "new", "--name", "g") == (
        "New game 'g' (halfdeck), now current.\n"
        "On the table:\n"
        "Split the deck by the colour of backs:\n"
        " blue: the hero deck, 26 cards\n"
        " red: the dungeon deck, 26 cards\n"
        "Shuffle both decks face down.\n"
        "Draw 6 hero cards: 'hand CARD...'\n"
        "  (redraw 1 to 6 of them once)\n"
        "At most 4 heroes in play, one gear each.\n"
        "R0 no heroes | hand 0 | decks 26/26\n"
        "Next: name the 6 hero cards drawn:\n"
        "  'hand CARD...'\n")


def test_bad_settings_exit_2(cli: CLI) -> None:
    result = cli("halfdeck", "new", "--players", "5")
    assert (result.code, result.out) == (2, "")
    assert result.err == "Error: --players must be a whole number from 1 to 4\n"
    assert cli("halfdeck", "new", "--endgame", "gold").err == \
        "Error: --endgame must be treasure, boss or both, not 'gold'\n"


def test_hand_then_hero_from_the_catalog(cli: CLI, home: Path) -> None:
    cli("halfdeck", "new", "--name", "g")
    result = cli("halfdeck", "hand", *START)
    assert result.out == ("drawn: warrior, cleric, steel sword, rusty sword, escape, team "
                          "attack\nhero deck 20\nR0 no heroes | hand 6 | decks 20/26\n")
    result = cli("halfdeck", "hero", "warrior")
    assert (result.code, result.out) == (2, "")
    assert result.err == "Error: warrior is new to this game: give --mag N\n"
    result = cli("halfdeck", "hero", "warrior", "--mag", "1")
    assert (result.code, result.err) == (0, "")
    assert result.out == ("warrior (S4 M1, life 4) joins the party\n"
                          "catalog: warrior updated\n"
                          "R0 warrior 4 | hand 5 | decks 20/26\n")
    assert saved(home)[-1] == "hero warrior --str 4 --mag 1"


def test_the_catalog_is_kept_in_the_home_and_seeded_from_examples(cli: CLI, home: Path) -> None:
    assert not (home / catalog.FILE_NAME).exists()
    party(cli)
    kept = catalog.read_file(home / catalog.FILE_NAME)
    seed = catalog.read_file(resource_dir("examples") / catalog.FILE_NAME)
    assert set(kept) == set(seed)
    assert kept["cleric"].describe() == "hero S1 M4"
    assert kept["steel sword"] == seed["steel sword"]


def test_cards_lists_the_seed(cli: CLI) -> None:
    assert printed(cli, "halfdeck", "cards") == (
        "cleric: hero S? M?\n"
        "  still needs --str N, --mag N\n"
        "warrior: hero S4 M?\n"
        "  still needs --mag N\n"
        "rusty sword: gear S+1\n"
        "steel sword: gear S+2\n"
        "goblin minion: minion S7\n"
        "  still needs --loot N\n"
        "rock golem boss: boss S10\n"
        "  still needs --loot N\n"
        "spiked pit trap: trap S7\n"
        "  effect: discard the gear of one of your heroes\n")
    data = json.loads(cli("halfdeck", "cards", "--json").out)
    assert data["schema"] == 1 and data["cards"][0] == {
        "name": "cleric", "kind": "hero", "missing": ["--str N", "--mag N"]}


def test_cards_add_and_rm(cli: CLI) -> None:
    result = cli("halfdeck", "cards", "add", "Fire Tome", "--kind", "gear", "--mag", "2")
    assert result.out == "catalog: fire tome added (gear M+2)\n"
    assert cli("halfdeck", "cards", "add", "fire tome", "--kind", "gear", "--mag", "2").out \
        == "catalog: fire tome unchanged\n"
    assert cli("halfdeck", "cards", "rm", "fire tome").out == "catalog: fire tome removed\n"
    result = cli("halfdeck", "cards", "rm", "fire tome")
    assert (result.code, result.out, result.err) == (
        2, "", "Error: fire tome is not in the catalog (see 'companion halfdeck cards')\n")
    result = cli("halfdeck", "cards", "add", "x", "--kind", "dragon")
    assert (result.code, result.err) == (2, "Error: --kind must be one of hero, gear, minion, "
                                            "boss, trap, misc, endgame-boss, "
                                            "endgame-treasure, not 'dragon'\n")


def test_gear_and_dungeon_cards_from_the_catalog(cli: CLI, home: Path) -> None:
    party(cli)
    result = cli("halfdeck", "equip", "warrior", "steel sword")
    assert result.out == "warrior takes steel sword: S4 + 2 = S6\nR0 warrior 4 cleric 4 | " \
        "hand 3 | decks 20/26\n"
    result = cli("halfdeck", "draw", "goblin minion")
    assert (result.code, result.err) == (2, "Error: goblin minion is new to this game: give "
                                            "--loot N\n")
    result = cli("halfdeck", "draw", "goblin minion", "--loot", "1")
    assert result.out == (
        "round 1: goblin minion, minion S7, life 1, loot 1\n"
        "needed on the die: warrior 1+, cleric 6+\n"
        "catalog: goblin minion updated\n"
        "R1 warrior 4 cleric 4 | hand 3 | decks 20/25 | goblin minion 1\n")
    assert saved(home)[-2:] == ["equip warrior 'steel sword' --str +2",
                                "draw 'goblin minion' --minion --str 7 --loot 1"]


def test_a_game_replays_the_same_when_the_catalog_changes(cli: CLI, home: Path) -> None:
    party(cli)
    cli("halfdeck", "draw", "goblin minion", "--loot", "1")
    cli("halfdeck", "attack", "warrior", "3")
    cli("halfdeck", "hand", "fire tome")
    assert cli("halfdeck", "cards", "add", "goblin minion", "--kind", "minion", "--str", "9",
               "--loot", "3").code == 0
    (home / catalog.FILE_NAME).write_text("this is not toml [")
    assert cli("halfdeck", "status").code == 0
    result = cli("halfdeck", "draw", "goblin minion")
    assert result.out.splitlines()[0] == "round 2: goblin minion, minion S7, life 1, loot 1"
    assert saved(home)[-1] == "draw 'goblin minion' --minion --str 7 --loot 1"


def test_a_broken_catalog_is_a_data_problem(cli: CLI, home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / catalog.FILE_NAME).write_text("schema = 1\n[cards.x]\nkind = 'dragon'\n")
    result = cli("halfdeck", "cards")
    assert result.code == 3
    assert result.err.startswith("Error: ") and "card 'x' has no valid kind" in result.err


def test_roll_is_rolled_by_companion_and_saved_as_a_number(
        cli: CLI, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    facing_the_golem(cli)
    dice = iter([6, 5])
    monkeypatch.setattr("companion.cli.halfdeck.roll_die", lambda: next(dice))
    out = printed(cli, "halfdeck", "attack", "cleric", "--roll", "--assist", "warrior", "roll")
    assert out == (
        "Rolled: cleric 6, warrior 5\n"
        "cleric 6 + S1 + warrior 5 = 12 >= rock golem boss S10: hit, rock golem boss life "
        "4 -> 3\n"
        "R1 warrior 4 cleric 4 | hand 4 | decks 20/25 | rock golem boss 3\n")
    assert saved(home)[-1] == "attack cleric 6 --assist warrior 5"


def test_a_roll_must_be_given_or_rolled(cli: CLI) -> None:
    facing_the_golem(cli)
    result = cli("halfdeck", "attack", "warrior")
    assert (result.code, result.err) == (2, "Error: give warrior's die (1-6), or --roll to "
                                            "let companion roll it\n")
    result = cli("halfdeck", "attack", "warrior", "9")
    assert (result.code, result.err) == (2, not_a_roll("9"))


def test_team_attack_reads_hero_roll_pairs(cli: CLI, home: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    facing_the_golem(cli)
    monkeypatch.setattr("companion.cli.halfdeck.roll_die", lambda: 6)
    result = cli("halfdeck", "team-attack", "cleric", "4", "warrior", "--roll")
    assert result.out.splitlines()[:3] == [
        "Rolled: warrior 6", "team attack card played: removed from play",
        "cleric 4 + S1 + warrior 6 = 11 >= rock golem boss S10: hit, rock golem boss life "
        "4 -> 3"]
    assert saved(home)[-1] == "team-attack cleric 4 --assist warrior 6"


def test_new_records_the_assist_rule(cli: CLI, home: Path) -> None:
    assert cli("halfdeck", "new", "--name", "g").code == 0
    assert tomllib.loads((home / "games" / "g.toml").read_text())["settings"][
        "assist_rule"] == "loose"
    assert cli("halfdeck", "new", "--name", "s", "--assist-rule", "strict").code == 0
    assert tomllib.loads((home / "games" / "s.toml").read_text())["settings"][
        "assist_rule"] == "strict"
    result = cli("halfdeck", "new", "--assist-rule", "never")
    assert (result.code, result.err) == (
        2, "Error: --assist-rule must be loose or strict, not 'never'\n")


def test_the_loose_assist_ruling_line_is_shown(cli: CLI) -> None:
    facing_the_golem(cli)
    assert printed(cli, "halfdeck", "attack", "warrior", "3", "--assist", "cleric", "4") == (
        "assist allowed (--assist-rule loose): warrior's best alone 6 + S4 = 10 >= S10\n"
        "warrior 3 + S4 + cleric 4 = 11 >= rock golem boss S10: hit, rock golem boss life "
        "4 -> 3\n"
        "R1 warrior 4 cleric 4 | hand 4 | decks 20/25 | rock golem boss 3\n")


def test_the_strict_assist_refusal_exits_1_with_the_sum(cli: CLI, home: Path) -> None:
    assert cli("halfdeck", "new", "--name", "g", "--assist-rule", "strict").code == 0
    cli("halfdeck", "hand", *START)
    cli("halfdeck", "hero", "warrior", "--mag", "1")
    cli("halfdeck", "hero", "cleric", "--str", "1", "--mag", "4")
    cli("halfdeck", "draw", "rock golem boss", "--loot", "2")
    result = cli("halfdeck", "attack", "warrior", "3", "--assist", "cleric", "4")
    assert (result.code, result.out) == (1, "")
    assert result.err == (
        "Error: no assist (--assist-rule strict): warrior's best alone 6 + S4 = 10 >= S10 "
        "(rule halfdeck.ruling.assist)\n")
    assert saved(home)[-1] == "draw 'rock golem boss' --boss --str 10 --loot 2"


def test_a_rule_refusal_exits_1_and_names_the_rule(cli: CLI) -> None:
    party(cli)
    result = cli("halfdeck", "escape")
    assert (result.code, result.out) == (1, "")
    assert result.err == "Error: nothing to escape from (rule " \
        "halfdeck.combat.forced-escape)\n"


def test_no_game_exit_2(cli: CLI) -> None:
    result = cli("halfdeck", "status")
    assert (result.code, result.err) == (2, no_current_game("halfdeck"))


def test_status_json_has_schema_and_counts(cli: CLI) -> None:
    party(cli)
    data = json.loads(cli("halfdeck", "status", "--json").out)
    assert data["schema"] == 1 and data["game"] == "halfdeck"
    assert (data["hero_deck"], data["dungeon_deck"], data["lives"]) == (
        20, 26, {"warrior": 4, "cleric": 4})
    assert data["hands"] == {"1": ["steel sword", "rusty sword", "escape", "team attack"]}


def test_undo_and_log(cli: CLI) -> None:
    party(cli)
    result = cli("halfdeck", "undo")
    assert result.out == "Undone: hero cleric --str 1 --mag 4\n" \
        "Changed: life cleric 4 -> -; hand +cleric\nR0 warrior 4 | hand 5 | decks 20/26\n"
    log = cli("halfdeck", "log").out.splitlines()
    assert log[0] == "  1. hand warrior cleric 'steel sword' 'rusty sword' escape 'team attack'"
    assert log[-1] == "(1 undone, 'redo' brings them back)"


def test_discard_forced_and_loot_and_heal(cli: CLI) -> None:
    party(cli)
    assert cli("halfdeck", "discard", "escape", "--forced").out.splitlines()[0] == \
        "discarded from the hand: escape"
    assert cli("halfdeck", "hurt", "cleric", "2").out.splitlines()[0] == "cleric life 4 -> 2"
    assert cli("halfdeck", "heal", "cleric", "1").out.splitlines()[0] == "cleric life 2 -> 3"
    assert cli("halfdeck", "loot", "1").out.splitlines()[0] == \
        "loot 1: draw 1 hero card, 'hand CARD...'"


def test_coop_trade_on_the_command_line(cli: CLI) -> None:
    cli("halfdeck", "new", "--name", "g", "--players", "2")
    cli("halfdeck", "hand", "a", "b", "c", "--player", "1")
    cli("halfdeck", "hand", "d", "e", "f", "--player", "2")
    result = cli("halfdeck", "trade", "1", "a", "2", "d")
    assert result.out == "player 1 gives a, player 2 gives d\nR0 no heroes | hand 6 | " \
        "decks 20/26\n"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_status_command_at_40_columns(cli: CLI, home: Path, path: Path) -> None:
    status_command_fits_40_columns(cli, home, "halfdeck", path)


def test_the_prisoner_takes_its_numbers_from_the_catalog(cli: CLI, home: Path) -> None:
    cli("halfdeck", "cards", "add", "ranger", "--kind", "hero", "--str", "3", "--mag", "2")
    cli("halfdeck", "new", "--name", "g", "--rescue", "Ranger")
    cli("halfdeck", "hand", *START)
    cli("halfdeck", "hero", "warrior", "--mag", "1")
    result = cli("halfdeck", "draw", "ranger")
    assert result.out == ("round 1: ranger, the prisoner, is rescued\n"
                          "ranger (S3 M2, life 4) joins the party\n"
                          "R1 warrior 4 ranger 4 | hand 5 | decks 19/26\n")
    assert saved(home)[-1] == "draw ranger --hero --str 3 --mag 2"


def test_action_json_carries_the_catalog_note(cli: CLI) -> None:
    cli("halfdeck", "new", "--name", "g")
    cli("halfdeck", "hand", *START)
    data = json.loads(cli("halfdeck", "hero", "warrior", "--mag", "1", "--json").out)
    assert data["action"] == "hero warrior --str 4 --mag 1"
    assert data["catalog"] == ["catalog: warrior updated"]
    assert data["ruling"] == ["warrior (S4 M1, life 4) joins the party"]
    assert data["state"]["lives"] == {"warrior": 4}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_status_of_the_examples_fits_40_columns(path: Path) -> None:
    every_status_fits_40_columns("halfdeck", path)


NAMES = st.from_regex(r"[a-z][a-z'.-]{0,15}( [a-z'.-]{1,10}){0,2}|[a-z]{30,40}",
                      fullmatch=True)


@settings(max_examples=25, deadline=None)
@given(st.lists(NAMES, min_size=5, max_size=5, unique_by=lambda n: " ".join(n.split())),
       st.integers(1, 4))
def test_status_fits_40_columns_whatever_the_names(names: list[str], players: int) -> None:
    from companion.halfdeck.engine import new_engine
    from companion.verbs import quote

    def join_action(*words: str, options: dict[str, str | bool] | None = None) -> str:
        flags = [f"--{key}" if value is True else f"--{key} {quote(str(value))}"
                 for key, value in (options or {}).items()]
        return " ".join([*(quote(word) for word in words), *flags])

    hero_a, hero_b, gear, junk, enemy = names
    engine = new_engine({"players": players})
    if players == 1:
        engine.apply(join_action("hand", hero_a, hero_b, gear, junk, "team attack", "escape"))
        engine.apply(join_action("hero", hero_a, options={"str": "4", "mag": "1"}))
        engine.apply(join_action("hero", hero_b, options={"str": "1", "mag": "4"}))
    else:
        engine.apply(join_action("hero", hero_a, options={
            "str": "4", "mag": "1", "player": "1", "pick": True}))
        engine.apply(join_action("hero", hero_b, options={
            "str": "1", "mag": "4", "player": "2", "pick": True}))
        engine.apply(join_action("hand", gear, junk, "team attack", options={"player": "1"}))
        for number in range(2, players + 1):
            # (the generated names hold no digit: each card is in one place)
            engine.apply(f"hand p{number}a p{number}b p{number}c --player {number}")
    engine.apply(join_action("equip", hero_a, gear, options={"str": "+2"}))
    engine.apply(join_action("draw", enemy, options={
        "boss": True, "str": "10", "loot": "2", "effect": f"{junk} {enemy} " * 3}))
    too_long = [line for line in engine.status_lines(40) if len(line) > 40]
    assert too_long == []


# -- the end of a game, and its start ------------------------------------------------
@pytest.mark.parametrize(("stem", "args"), [
    ("halfdeck-win", ("attack", "cleric", "4", "--assist", "warrior", "1")),
    ("halfdeck-loss", ("attack", "cleric", "1")),
    ("halfdeck-coop", ("draw", "gold", "hoard", "--endgame-treasure", "--player", "1")),
])
def test_the_summary_shows_when_the_game_ends(cli: CLI, home: Path, stem: str,
                                              args: tuple[str, ...]) -> None:
    from tests.test_share_cli import save

    data = tomllib.loads((resource_dir("examples") / f"{stem}.toml").read_text())
    save(home, {**data, "actions": data["actions"][:-1], "outcome": "playing"})
    result = cli("halfdeck", *args)
    assert (result.code, result.err) == (0, "")
    lines = result.out.splitlines()
    assert saved(home, stem)[-1] == data["actions"][-1]
    golden = Path(__file__).parent / "golden" / f"summary-{stem}.40.txt"
    assert lines[lines.index("") + 1:] == golden.read_text("utf-8").splitlines()
    assert "" not in cli("halfdeck", "status").out.splitlines()  # status: no summary
    assert "" not in cli("halfdeck", "undo").out.splitlines()


def test_the_catalog_note_does_not_repeat_the_numbers_of_the_ruling(cli: CLI) -> None:
    cli("halfdeck", "new", "--name", "g")
    cli("halfdeck", "hand", *START)
    out = cli("halfdeck", "hero", "cleric", "--str", "1", "--mag", "4").out.splitlines()
    assert out[:2] == ["cleric (S1 M4, life 4) joins the party", "catalog: cleric updated"]


def test_a_hero_says_no_catalog_change_when_nothing_new_was_learnt(cli: CLI) -> None:
    """The game's card leaves out what the catalog knows besides (a hero's effect): it is
    neither "updated" nor lost, in every game that plays the card."""
    cli("halfdeck", "cards", "add", "cleric", "--kind", "hero", "--str", "1", "--mag", "4",
        "--effect", "heals once")
    for name in ("g1", "g2"):
        cli("halfdeck", "new", "--name", name)
        cli("halfdeck", "hand", *START)
        out = cli("halfdeck", "hero", "cleric").out.splitlines()
        assert out[0] == "cleric (S1 M4, life 4) joins the party"
        assert not [line for line in out if line.startswith("catalog:")]
    assert "  effect: heals once" in cli("halfdeck", "cards").out.splitlines()


@pytest.mark.parametrize("settings", [
    {}, {"endgame": "treasure"}, {"endgame": "boss", "deck_size": 12},
    {"players": 3, "rescue": "a hero with a name of forty letters xxx"},
    {"players": 4, "endgame": "treasure", "deck_size": 2, "rescue": "ranger"},
])
def test_setup_lines_say_what_to_lay_out_in_40_columns(settings: dict[str, object]) -> None:
    from companion.halfdeck.engine import new_engine, setup_lines

    lines = setup_lines(settings)
    assert lines and max(len(line) for line in lines) <= 40
    engine = new_engine(settings)
    text = " ".join(" ".join(lines).split())
    assert f"the hero deck, {engine.hero_deck} cards" in text
    assert f"the dungeon deck, {engine.dungeon_deck - bool(engine.rescue)} cards" in text
    assert ("'hero NAME --pick'" in text) == engine.coop
    assert ("Draw 6 hero cards" in text) != engine.coop
    assert (engine.rescue in text) if engine.rescue else "prisoner" not in text
    aside = {"treasure": "set the endgame boss aside", "boss": "set the endgame treasure "
                                                               "aside"}
    endgame = str(settings.get("endgame", "both"))
    assert (aside.get(endgame, "aside") in text) == (endgame != "both")


def test_setup_lines_take_their_numbers_from_the_rulebook(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.halfdeck import engine

    for section, key, value in (("setup", "start_hand", 5), ("setup", "mulligan_max", 4),
                                ("heroes", "max_in_play", 3), ("decks", "hero_cards", 30)):
        monkeypatch.setitem(engine.table()[section], key, value)  # type: ignore[literal-required]
    text = " ".join(engine.setup_lines({}))
    assert "blue: the hero deck, 30 cards" in text and "Draw 5 hero cards" in text
    assert "redraw 1 to 4" in text and "At most 3 heroes" in text


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_saved_line_typed_again_saves_the_same_line(cli: CLI, home: Path,
                                                      path: Path) -> None:
    """What 'log' shows can be typed at the command line (or in the shell) as it is."""
    import shlex

    data = tomllib.loads(path.read_text())
    settings = data["settings"]
    args = ["--players", str(settings["players"]), "--endgame", settings["endgame"],
            "--deck-size", str(settings["deck_size"]), "--trap-needs", settings["trap_needs"]]
    args += ["--rescue", settings["rescue"]] if settings["rescue"] else []
    assert cli("halfdeck", "new", "--name", "g", *args).code == 0
    for action in data["actions"]:
        done = cli("halfdeck", *shlex.split(action))
        assert (done.code, done.err) == (0, ""), action
    assert saved(home) == data["actions"]


def test_seats_name_the_players_in_the_order_of_their_numbers(
        cli: CLI, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Two seconds apart, so the newer game's spelling ("ann") names the player: games
    # made in the same second would be ordered by name instead.
    clock = ["2026-01-01 10:00:00"]
    monkeypatch.setattr("companion.store.now_text", lambda: clock[0])
    assert cli("tricky", "new", "Ann", "Bo").code == 0
    clock[0] = "2026-01-01 10:00:01"
    done = cli("halfdeck", "new", "--seat", "ann", "--seat", "Cy", "--name", "g")
    assert (done.code, done.err) == (0, "")
    assert 'seats = [\n    "ann",\n    "Cy",\n]' in (home / "games" / "g.toml").read_text()
    assert cli("halfdeck", "status", "--json").out.count('"players": 2') == 1
    roster = cli("stats", "--players", "--all").out
    assert "ann  2 games, 0 wins: halfdeck tricky" in roster
    assert "Cy   1 game, 0 wins: halfdeck" in roster


@pytest.mark.parametrize(("words", "error"), [
    (("--seat", "Ann", "--seat", "ann"),
     "'Ann' is named twice: each player needs a name of their own"),
    (("--players", "3", "--seat", "A", "--seat", "B"),
     "--players 3 but 2 --seat names: give one per player"),
    (("--seat", "a b", "--seat", "c"),
     "'a b' is not a player name: 1 to 12 letters, digits, '-' or '_'"),
])
def test_bad_seats_are_refused(cli: CLI, words: tuple[str, ...], error: str) -> None:
    done = cli("halfdeck", "new", *words)
    assert (done.code, done.err) == (2, f"Error: {error}\n")


def test_an_unknown_hero_exits_2_with_or_without_heroes(cli: CLI) -> None:
    """Issue 32, item 14."""
    assert cli("halfdeck", "new", "--name", "empty").code == 0
    assert cli("halfdeck", "attack", "ghost", "3").code == 2
    party(cli)
    assert cli("halfdeck", "attack", "ghost", "3").code == 2


def test_assist_given_twice_is_two_supporters_never_one_overwritten(cli: CLI,
                                                                      home: Path) -> None:
    party(cli)
    assert cli("halfdeck", "draw", "goblin", "--minion", "--str", "7", "--loot", "1").code == 0
    done = cli("halfdeck", "attack", "warrior", "3", "--assist", "cleric", "2", "--assist",
               "warrior", "1")
    assert done.code == 1 and "each hero rolls once per attack" in done.err
    done = cli("halfdeck", "attack", "warrior", "--assist", "cleric", "2")
    assert done.code == 2 and "give warrior's die" in done.err
    done = cli("halfdeck", "attack", "warrior", "3", "--asist", "cleric", "2")
    assert (done.code, done.err) == (2, "Error: No such option: --asist\n")
    done = cli("halfdeck", "attack", "warrior", "3", "--assist", "cleric", "2")
    assert done.code == 0 and saved(home)[-1] == "attack warrior 3 --assist cleric 2"
