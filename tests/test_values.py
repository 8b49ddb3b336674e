"""companion.values.Value: what a NamedTuple gives, for the records that use it."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from companion.values import Record, Value


class Point(Value):
    x: int
    y: int = 0


class Other(Value):
    x: int
    y: int = 0


def test_fields_defaults_and_keywords() -> None:
    assert (Point(1), Point(1, 2), Point(y=3, x=4)) == (Point(1, 0), Point(1, 2), Point(4, 3))
    assert (Point(1, 2).x, Point(1, 2).y, Point._fields) == (1, 2, ("x", "y"))
    assert repr(Point(1, 2)) == "Point(x=1, y=2)"


def test_equal_only_to_its_own_class() -> None:
    assert Point(1, 2) != Other(1, 2)
    assert Point(1, 2) != (1, 2)
    assert hash(Point(1, 2)) == hash(Point(1, 2))
    assert len({Point(1, 2), Other(1, 2)}) == 2


def test_what_a_named_tuple_offers() -> None:
    point = Point(1, 2)
    assert point._replace(y=5) == Point(1, 5)
    assert point._asdict() == {"x": 1, "y": 2}
    assert Point._make([7, 8]) == Point(7, 8)
    x, y = point
    assert (x, y) == (1, 2)
    assert json.dumps(point) == "[1, 2]"
    match point:
        case Point(a, b):
            assert (a, b) == (1, 2)


def test_copies_and_pickles_keep_the_class() -> None:
    point = Point(1, 2)
    for made in (copy.copy(point), copy.deepcopy(point), pickle.loads(pickle.dumps(point))):
        assert type(made) is Point and made == point


def test_wrong_fields_are_refused() -> None:
    with pytest.raises(TypeError, match="needs x"):
        Point()
    with pytest.raises(TypeError, match="at most 2"):
        Point(1, 2, 3)
    with pytest.raises(TypeError, match="no field 'z'"):
        Point(1, z=3)


class Card(Value, as_tuple=True):
    rank: int
    suit: str


class Named(Point):
    """A subclass with no annotations of its own: its base's fields."""

    def norm(self) -> int:
        return abs(self.x) + abs(self.y)


def test_a_subclass_keeps_its_base_fields() -> None:
    assert Named(3, -4).norm() == 7 and Named._fields == ("x", "y")
    assert Named(1, 2) != Point(1, 2)


def test_as_tuple_compares_and_hashes_as_the_tuple() -> None:
    assert Card(5, "S") == (5, "S") and hash(Card(5, "S")) == hash((5, "S"))
    assert Card(5, "S") != Card(6, "S") and Card(5, "S") < Card(6, "S")


def test_fields_cannot_be_set() -> None:
    point = Point(1, 2)
    with pytest.raises(AttributeError):
        point.x = 3  # type: ignore[misc]


def test_records_compare_by_their_slots() -> None:
    from companion.game import Record as Kept  # still importable from companion.game

    class Box(Record):
        __slots__ = ("size",)

        def __init__(self, size: int) -> None:
            self.size = size

    assert Kept is Record and Box(1) == Box(1) and Box(1) != Box(2)
    assert repr(Box(3)) == "Box(size=3)"
    with pytest.raises(TypeError):
        hash(Box(1))
