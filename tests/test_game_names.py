"""A game's name used for another kind: say whose it is and how to pick another."""

from __future__ import annotations

from tests.conftest import CLI


def test_a_new_game_cannot_take_a_name_held_by_another_kind(cli: CLI) -> None:
    assert cli("hebrac", "new", "--name", "foo").code == 0
    done = cli("tricky", "new", "Ann", "Bo", "--name", "foo")
    assert done.code == 2
    assert done.err == ("Error: a hebrac game is already named 'foo': pick another --name "
                        "(such as foo-2), or 'companion games rm foo' first\n")
    assert cli("games").out.count("foo") == 1


def test_the_free_name_offered_is_free(cli: CLI) -> None:
    for name in ("foo", "foo-2"):
        assert cli("hebrac", "new", "--name", name).code == 0
    done = cli("hebrac", "new", "--name", "foo")
    assert "(such as foo-3)" in done.err and "a hebrac game" in done.err


def test_a_command_of_one_kind_on_a_game_of_another_names_both(cli: CLI) -> None:
    assert cli("hebrac", "new", "--name", "foo").code == 0
    done = cli("tricky", "status", "--game", "foo")
    assert done.code == 2
    assert done.err == ("Error: 'foo' is a hebrac game, not tricky: 'companion hebrac ... "
                        "--game foo' acts on it; no tricky game is saved: 'companion "
                        "tricky new' starts one\n")
    assert cli("tricky", "new", "Ann", "Bo").code == 0
    assert cli("tricky", "new", "Ann", "Bo", "Cy").code == 0
    done = cli("tricky", "status", "--game", "foo")
    assert done.err.endswith("; --game NAME names one of the tricky games: tricky-1, "
                             "tricky-2\n")


def test_each_kind_keeps_its_own_current_game(cli: CLI) -> None:
    assert cli("hebrac", "new").code == 0
    assert cli("hebrac", "new").code == 0
    assert cli("halfdeck", "new").code == 0
    # Started since, of another kind: the Hebrac game in play is still Hebrac's.
    done = cli("h", "e", "a1", "5s")
    assert done.code == 0 and done.out.startswith("A1: 5S")
    assert "1 actions" in cli("games").out.split("hebrac-2")[1]
    listed = cli("games").out
    assert "* halfdeck-1" in listed and "* hebrac-2" in listed and "  hebrac-1" in listed
    assert cli("halfdeck", "status").code == 0
    assert cli("games", "use", "hebrac-1").out == "hebrac-1 is now the current hebrac game.\n"
    assert cli("hebrac", "status", "--json").code == 0
    assert '"hebrac-1"' in cli("games", "--json").out


def test_games_use_with_a_kind_or_an_unknown_name_lists_the_candidates(cli: CLI) -> None:
    for _ in range(3):
        assert cli("hebrac", "new").code == 0
    done = cli("games", "use", "hebrac")
    assert done.code == 2
    assert done.err == ("Error: 'hebrac' is a kind, not a game: 'companion games use NAME' "
                        "with NAME one of hebrac-1, hebrac-2, hebrac-3\n")
    done = cli("games", "use", "nope")
    assert done.code == 2 and done.err.endswith(
        "no saved game named 'nope': the saved games are hebrac-1, hebrac-2, hebrac-3\n")
    assert cli("games", "use", "tricky").err == (
        "Error: 'tricky' is a kind, not a game: no tricky game is saved: 'companion tricky "
        "new' starts one\n")
    # One game can be meant: it is taken.
    assert cli("games", "use", "c-3").out == "hebrac-3 is now the current hebrac game.\n"
    assert cli("tricky", "new", "Ann", "Bo").code == 0
    assert cli("games", "use", "t").out == "tricky-1 is now the current tricky game.\n"


def test_with_no_current_game_of_a_kind_the_error_lists_its_games(cli: CLI) -> None:
    assert cli("hebrac", "new").code == 0
    assert cli("hebrac", "new").code == 0
    assert cli("games", "rm", "hebrac-2", "--yes").code == 0
    # One left: it is the one meant.
    assert cli("hebrac", "status").out.startswith("hebrac-1 (hebrac)\n")
    assert cli("hebrac", "new").code == 0
    assert cli("hebrac", "new").code == 0
    assert cli("games", "rm", "hebrac-3", "--yes").code == 0
    done = cli("hebrac", "status")
    assert done.code == 2
    assert done.err == ("Error: no current hebrac game: 'companion games use NAME' makes one "
                        "of hebrac-1, hebrac-2 current, or pass --game NAME\n")
