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
                        "--game foo' acts on it, 'companion games' lists the tricky games\n")
