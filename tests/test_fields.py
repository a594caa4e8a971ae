"""explorer/core/fields.py: the one error format and the checks every game's position plumbing shares."""
import pytest

from explorer import PositionError
from explorer.core.fields import Fields

F = Fields("some_game setup")
COLOURS = ["red", "blue", "yellow"]


def refused(call, *words):
    with pytest.raises(PositionError) as err:
        call()
    text = str(err.value)
    assert text.startswith("some_game setup") and all(w in text for w in words), text
    assert len(text) < 420, len(text)  # clipped whatever came
    return err.value


def test_integers_are_strict_and_bounded():
    assert F.integer(0, "round", 0, 7) == 0 and F.integer(10 ** 30, "seed") == 10 ** 30
    for bad in (True, 2.0, "3", None, 8, -1):
        refused(lambda bad=bad: F.integer(bad, "round", 0, 7), "field round:", "expected a whole number 0..7")
    refused(lambda: F.integer(-5, "tokens.1", 0), "at least 0", "got -5")
    err = refused(lambda: F.integer(10 ** 5000, "turn", 1, 9), "a huge integer")
    assert err.field == "turn"


def test_shapes_and_known_keys():
    assert F.listed((1, 2), "deck") == [1, 2] and F.mapping({"a": 1}, "seats.0") == {"a": 1}
    refused(lambda: F.listed("abc", "deck"), "field deck: expected a list, got 'abc'")
    refused(lambda: F.mapping([1], "turn"), "field turn: expected an object")
    refused(lambda: F.only({"hands": 1, "x" * 500: 2}, ["hands", "decks"]), "unknown; expected one of hands, decks")
    refused(lambda: F.only({"colr": 1}, ["colour"], "seats.2"), "field seats.2.colr: unknown")


def test_one_seat_grammar():
    for ref, seat in [(0, 0), ("2", 2), (" Blue ", 1), ("YELLOW", 2), ("player 3", 0)]:
        assert F.seat(ref, "turn.seat", COLOURS, {"player3": 0}) == seat
    for bad in (3, -1, True, "green", "12", None, ["red"]):
        refused(lambda bad=bad: F.seat(bad, "turn.seat", COLOURS), "field turn.seat:",
                "expected a seat 0..2 or a colour (red, blue, yellow)")
    refused(lambda: F.seat("x", "s", COLOURS, also="'player N'"), "0..2, 'player N' or a colour")


def test_per_seat_values_by_list_or_by_seat():
    assert F.per_seat([5, 6], "tokens", COLOURS) == {0: 5, 1: 6}
    assert F.per_seat({"blue": 1, "0": 2}, "tokens", COLOURS) == {1: 1, 0: 2}
    refused(lambda: F.per_seat([1, 2, 3, 4], "tokens", COLOURS), "at most 3 values, one per seat")
    refused(lambda: F.per_seat({"red": 1, "0": 2}, "tokens", COLOURS), "field tokens.0:", "given twice")
    refused(lambda: F.per_seat({"mauve": 1}, "tokens", COLOURS), "field tokens.mauve:", "expected a seat")
    refused(lambda: F.per_seat(7, "tokens", COLOURS), "a list (one value per seat) or an object")
