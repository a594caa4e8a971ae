"""The board's zones and how tokens move on it, including both rulebook movement examples."""
import pytest

import explorer
from explorer.core import hexgrid as hx
from explorer.games.lotus_chaos.board import BLUE, GREEN, PLAIN, PURPLE, RED, board, path, step_away, step_towards

from .helpers import hexes_of, pos, run


@pytest.mark.parametrize("radius", [2, 3, 4, 5])
def test_zones(radius):
    """lotus_chaos.board.zones"""
    b = board(radius)
    count = {z: sum(1 for h in b.hexes if b.zone[h] == z) for z in (RED, PURPLE, BLUE, GREEN, PLAIN)}
    assert count[RED] == 1 and b.zone[(0, 0)] == RED
    assert count[PURPLE] == 6 and count[BLUE] == 6
    assert count[GREEN] == 6 * radius - 6
    assert sum(count.values()) == 3 * radius * (radius + 1) + 1
    assert b.corners["N"] == (0, -radius) and b.corner_of[(radius, 0)] == "SE"


def test_radius_option_and_assumed_default():
    """lotus_chaos.board.radius"""
    assert explorer.load("lotus_chaos", seed=0).cfg.radius == 3
    assert explorer.load("lotus_chaos", seed=0, radius=5).cfg.radius == 5
    names = [p["name"] for p in explorer.provenance("lotus_chaos")]
    assert "board_radius" in names and "written_menu" in names


def test_rulebook_example_one_hex_north_from_the_northmost_hex():
    """lotus_chaos.movement.clamp: told to move 1 north from the north-most hex, the token stays."""
    assert path((0, -3), ("dir", "N", 1), 3, {}) == []
    s = pos(cards={0: [11]})  # Color Wheel tokens move 1 hex north; Red 1 sits on the N corner
    t = s.apply("play 11")
    assert hexes_of(t)[0] == (0, -3)
    assert hexes_of(t)[2] == (3, -1)  # Yellow 3 (SE corner) did move north


def test_rulebook_example_two_hexes_north_one_below_the_edge():
    """lotus_chaos.movement.clamp: told to move 2 north from one hex south of the edge, the token moves one."""
    assert path((0, -2), ("dir", "N", 2), 3, {}) == [(0, -3)]
    s = pos(hexes={1: [0, -2]}, cards={0: [1]})  # Even Color Wheel tokens move 2 hexes north: Blue 2
    t = s.apply("play 1")
    assert hexes_of(t)[1] == (0, -3)


def test_mandatory_move_never_leaves_the_board():
    """lotus_chaos.move.on-board, lotus_chaos.move.mandatory"""
    s = pos(cards={0: [12]})
    moves = {str(a) for a in s.legal_actions() if str(a).startswith("move")}
    assert moves == {"move SE", "move S", "move SW"}  # from the N corner
    from .helpers import assert_illegal
    assert_illegal(s, "move N", "lotus_chaos.move.on-board")
    t = s.apply("move S")
    assert hexes_of(t)[0] == (0, -2)
    assert_illegal(t, "move S", "lotus_chaos.move.mandatory")


@pytest.mark.parametrize("h", [h for h in hx.hexagon(3) if h != (0, 0)])
def test_towards_the_centre_always_gets_one_closer(h):
    """lotus_chaos.movement.tiebreak"""
    for rule in ("straight", "clockwise"):
        nxt = step_towards(h, (0, 0), 3, rule)
        assert hx.distance(nxt, (0, 0)) == hx.length(h) - 1 and hx.distance(nxt, h) == 1


def test_tiebreaks_straight_and_clockwise():
    """lotus_chaos.movement.tiebreak: (2, -3) has two neighbours one step nearer the centre."""
    h = (2, -3)
    both = hx.closer(h, (0, 0))
    assert both == [(2, -2), (1, -2)]  # clockwise from north
    assert step_towards(h, (0, 0), 3, "clockwise") == (2, -2)
    assert step_towards(h, (0, 0), 3, "straight") == (1, -2)  # nearer the centre in a straight line
    # away from the centre from a ring corner: straight out, or the first clockwise from north
    assert step_away((1, -1), 3, "straight") == (2, -2)
    assert step_away((1, -1), 3, "clockwise") == (1, -2)
    assert step_away((0, -3), 3, "straight") is None  # the edge: no farther hex
    # the option switches the engine's rule (card 6: Low Color Wheel tokens 1 hex towards the centre)
    s = pos(hexes={0: [2, -3]}, cards={0: [6]}, options={"tiebreak": "clockwise"})
    assert hexes_of(s.apply("play 6"))[0] == (2, -2)
    s = pos(hexes={0: [2, -3]}, cards={0: [6]})
    assert hexes_of(s.apply("play 6"))[0] == (1, -2)


def test_away_from_centre_except_centre_and_at_the_edge():
    """lotus_chaos.movement.except-centre: card 15 (Odd tokens away from the centre, not those in it)"""
    s = pos(hexes={0: [0, 0], 2: [1, 0], 4: [-3, 3]}, cards={0: [15]})
    t = s.apply("play 15")
    h = hexes_of(t)
    assert h[0] == (0, 0)       # Red 1 in the centre stays
    assert h[2] == (2, 0)       # Yellow 3 goes straight out
    assert h[4] == (-3, 3)      # White 5 is on the edge and stays


def test_towards_a_token_and_a_target_off_the_board():
    """lotus_chaos.movement.target, lotus_chaos.movement.simultaneous"""
    blanks = {"b1": "odd tokens move 2 towards token 2", "b2": "all tokens move 1 towards black"}
    s = pos(cards={0: ["b1", "b2"]}, blanks=blanks)
    t = s.apply("play b1")
    h = hexes_of(t)
    assert hx.distance(h[0], (3, -3)) == 1 and hx.distance(h[2], (3, -3)) == 1
    assert hx.distance(h[4], (3, -3)) == 4  # White 5 from SW: 6 away, two closer
    # all tokens towards Black 6 at once, Black itself stays
    t = s.apply("play b2")
    h2 = hexes_of(t)
    assert h2[5] == (-3, 0) and all(hx.distance(h2[i], (-3, 0)) == hx.distance(hexes_of(s)[i], (-3, 0)) - 1
                                    for i in range(5))
    # the target out of the game: the action does nothing
    gone = pos(cards={0: ["b1"]}, blanks={"b1": blanks["b1"]}, alive=[True, False, True, True, True, True])
    assert hexes_of(gone.apply("play b1")) == hexes_of(gone)


def test_jumps_and_paths():
    blanks = {"b1": "all tokens jump to centre", "b2": "low tokens move path S S SE", "b3": "high tokens jump 4 N"}
    s = pos(cards={0: ["b1", "b2", "b3"]}, blanks=blanks)
    assert set(hexes_of(s.apply("play b1")).values()) == {(0, 0)}
    h = hexes_of(s.apply("play b2"))
    assert h[0] == (1, -1)  # N corner: S, S, then SE
    assert h[1] == (3, -1)  # NE corner: S, S, SE is off the board
    h = hexes_of(s.apply("play b3"))
    assert h[3] == (0, -1) and h[4] == (-3, 0) and h[5] == (-3, 0)  # jumps stop at the edge


def test_a_step_pattern_stops_at_its_first_step_off_the_board():
    """lotus_chaos.movement.path-stop, lotus_chaos.movement.clamp: a token moves as far as it can and stops there;
    a blocked step is not skipped to go on with the next"""
    assert path((0, -3), ("path", ("N", "S")), 3, {}) == []
    assert path((0, -2), ("path", ("S", "N", "N", "N", "S")), 3, {}) == [(0, -1), (0, -2), (0, -3)]
    assert path((3, -3), ("path", ("NE", "S", "S")), 3, {}) == []
    s = pos(cards={0: ["b1"]}, blanks={"b1": "all tokens move path N S"})
    h = hexes_of(s.apply("play b1"))
    assert h[0] == (0, -3)                      # Red 1 on the N corner: N is off the board, so it stays
    assert h[1] == (3, -3)                      # Blue 2 on the NE corner: likewise
    assert h[3] == (0, 3)                       # Grey 4 on the S corner: N then S, back where it was
    assert h[2] == (3, 0) and h[5] == (-3, 0)   # SE and NW corners: N then S


def test_preview_draws_every_moving_token():
    s = pos(cards={0: [11]})
    p = s.preview("play 11")
    seats = {m["seat"] for m in p["moves"]}
    assert seats == {2}  # Red 1 (N corner) and Blue 2 (NE corner) cannot move north
    for m in p["moves"]:
        assert m["path"][0] == m["from"] and m["path"][-1] == m["to"]
    assert s.preview("move S")["moves"] == [{"seat": 0, "from": [0, -3], "to": [0, -2], "path": [[0, -3], [0, -2]]}]
    assert s.preview("play 11") == s.preview(s.parse_action("play 11"))
    t = run(pos(cards={0: [43]}))
    assert t.preview("play 43") is None
