"""Leader movement (round_house.move.*) and the rulebook's example of six reachable rooms."""
import pytest

import explorer
from explorer.games.round_house import reachable

from .helpers import at, edit, fresh, phase, play


def example():
    """Red (seat 0) has a leader in o1; blue's leader stands in i2, right behind the o2 stair."""
    def fn(d):
        at(d, 0, "o1", "h")
        at(d, 1, "i2", "h")
        at(d, 2, "h", "h")
        phase(d, 0, "move")
    return edit(fresh(3), fn)


def test_rulebook_example_six_rooms():
    """round_house.move.steps, round_house.move.clockwise, round_house.move.skip: the rulebook's red leader
    can choose among exactly six rooms."""
    s = example()
    assert reachable(s, 1) == ["i3", "i4", "o2", "o3", "o4", "o5"]
    assert s.reachable(0) == {"o2": 1, "o3": 2, "i3": 2, "o4": 3, "i4": 3, "o5": 3}
    moves = [a for a in s.legal_actions() if a.startswith("1>")]
    assert len(moves) == 6


def test_occupied_room_is_skipped_without_counting():
    """round_house.move.skip: i2 is jumped over, so i3 counts as step 2 and i4 as step 3."""
    s = example()
    assert "i2" not in s.reachable(0)
    empty = edit(s, lambda d: at(d, 1, "h", "h"))
    assert empty.reachable(0) == {"o2": 1, "o3": 2, "i2": 2, "o4": 3, "i3": 3}


def test_own_leader_is_skipped_too():
    """round_house.move.skip includes the mover's own other leader."""
    s = edit(fresh(3), lambda d: (at(d, 0, "o1", "o2"), phase(d, 0, "move")))
    assert "o2" not in s.reachable(0)
    assert s.reachable(0)["o3"] == 1 and s.reachable(0)["i2"] == 1


def test_stairs_are_one_way():
    """round_house.move.clockwise: the o2->i2 stair cannot be climbed from i2 back to o2."""
    s = edit(fresh(3), lambda d: (at(d, 0, "i2", "h"), phase(d, 0, "move")))
    assert set(s.reachable(0)) == {"i3", "i4", "o5", "i5", "o6"}
    assert "o2" not in s.reachable(0) and "o3" not in s.reachable(0)


def test_hall_stops_the_move_and_may_hold_many():
    """round_house.move.hall: from o9 the hall is two steps away and nothing beyond it can be reached."""
    s = edit(fresh(3), lambda d: (at(d, 0, "o9", "h"), at(d, 1, "h", "h"), phase(d, 0, "move")))
    assert s.reachable(0) == {"o10": 1, "h": 2}
    t = play(s, "1>h")
    assert t.phase == "worship" and t.leaders[0] == [-1, -1]


def test_never_stay_and_one_leader_per_room():
    """round_house.move.steps and round_house.move.one-per-room: the start room and occupied rooms are never
    destinations; moving there (or too far) is refused naming the rule broken, with the state unchanged."""
    s = example()
    before = s.to_json()
    for bad, rule in (("1>o1", "round_house.move.steps"),          # staying put
                      ("1>i2", "round_house.move.one-per-room"),   # Blue stands there
                      ("1>o6", "round_house.move.steps"),          # ahead, but five steps away
                      ("2>h", "round_house.move.steps")):          # the hall leader staying in the hall
        with pytest.raises(explorer.IllegalAction) as err:
            s.apply(bad)
        assert err.value.rule == rule, bad
        assert s.to_json() == before
    for room in s.reachable(0):
        t = s.apply(f"1>{room}")
        occupied = [r for ls in t.leaders for r in ls if r != -1]
        assert len(occupied) == len(set(occupied))


def test_rulebook_pictured_illegal_move_is_refused():
    """round_house.move.clockwise: the rulebook pictures a leader going the wrong way ('像這樣就違反規則了').
    From i2, o2 is one stair away against the stair's arrow and o3 is behind: both are refused naming the
    clockwise rule, with the state unchanged; a room ahead but too far names the step rule instead."""
    s = edit(fresh(3), lambda d: (at(d, 0, "i2", "h"), phase(d, 0, "move")))
    before = s.to_json()
    for bad in ("1>o2", "1>o3", "1>i1"):
        with pytest.raises(explorer.IllegalAction) as err:
            s.apply(bad)
        assert err.value.rule == "round_house.move.clockwise", bad
        assert "clockwise" in str(err.value)
        assert s.to_json() == before
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("1>o7")  # ahead (up the i3 stair), but four steps away
    assert err.value.rule == "round_house.move.steps"
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("3>o1")
    assert err.value.rule == "round_house.setup.leaders"
    assert s.to_json() == before


def test_leaving_the_hall_by_both_rings():
    """round_house.setup.hall: leaders start in the hall, which opens onto both rings."""
    s = fresh(3)
    assert s.leaders[0] == [-1, -1]
    r = s.reachable(0)
    assert r == {"o1": 1, "o2": 2, "o3": 3, "i1": 1, "i2": 2, "i3": 3}


def test_moving_in_the_wrong_phase():
    """round_house.turn.phases: a move outside the move phase names the phase rule."""
    s = edit(fresh(3), lambda d: phase(d, 0, "orders"))
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("1>o1")
    assert err.value.rule == "round_house.turn.phases"
