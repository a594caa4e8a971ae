"""The board editor's Rice Paddy part (explorer/games/rice_paddy/edit.py): puts, removes, moves, turns."""
import copy
import json
import re
from pathlib import Path

import pytest

import explorer
from explorer.editor import Editor
from explorer.games.rice_paddy.edit import apply, palette, places

from .helpers import game

# Red: paddies a, b, d, fh and cegij, gates ad and df; water on a and d; weeds on h (kept on f). Blue as set up:
# the paddy a, the rest open field
PICTURE = {"players": 2, "round": 3, "step": "drain", "order": ["red", "blue"],
           "seats": {"red": {"field": {"paddies": ["a", "d", "fh", "cegij"], "gates": ["ad", "df"], "water": "ad",
                                       "crop": {"a": "grown", "d": "planted"}, "weeds": {"h": 1}},
                             "reservoir": 1}}}


@pytest.fixture(scope="module")
def start():
    return explorer.setup("rice_paddy", PICTURE, seed=1)


def edited(state, *ops):
    pos = state.to_json()
    for op in ops:
        pos = apply(pos, op)
    return explorer.setup("rice_paddy", pos)


def red(state):
    return state.to_json()["seats"][0]


def test_palette_and_places(start):
    ids = [p["piece"] for p in palette(start)]
    assert {"wall", "gate", "rock", "weed", "pest", "water", "planted", "grown"} <= set(ids)
    marked = places(start)  # (labels, groups, distinct places for every game: tests/conformance/test_game_parts.py)
    assert len(marked) == 2 * (2 + 10 + 17)
    assert {"hex:Red:a", "edge:Blue:ad", "reservoir:Red", "seat:Blue"} <= set(marked)


def test_put_walls_and_gates(start):
    s = edited(start, {"op": "put", "piece": "wall", "to": "edge:Red:ce"})
    assert "ce" in red(s)["field"]["walls"] and s.to_json()["supply"]["walls"] == start.to_json()["supply"]["walls"] - 1
    assert "c" in [p["hexes"] for p in s.view()["seats"][0]["paddies"]]
    s = edited(start, {"op": "put", "piece": "gate", "to": "edge:Red:ef"})  # ef's wall gives way to a gate
    f = red(s)["field"]
    assert "ef" in f["gates"] and "ef" not in f["walls"]
    assert s.to_json()["supply"]["walls"] == start.to_json()["supply"]["walls"] + 1


def test_put_tokens_on_any_hex_of_a_paddy(start):
    s = edited(start, {"op": "put", "piece": "weed", "to": "hex:Red:h"},
               {"op": "put", "piece": "pest", "to": "hex:Red:j"},
               {"op": "put", "piece": "fertiliser", "to": "hex:Red:d"},
               {"op": "put", "piece": "grown", "to": "hex:Red:d"})
    f = red(s)["field"]
    assert f["weeds"] == {"f": 2} and f["pests"] == {"c": 1} and f["fertilised"] == "d" and f["crop"]["d"] == "grown"
    sup, before = s.to_json()["supply"], start.to_json()["supply"]
    assert (sup["weeds"], sup["pests"], sup["fertiliser"]) == (before["weeds"] - 1, before["pests"] - 1,
                                                               before["fertiliser"] - 1)


def test_put_water_on_a_hex_and_in_the_reservoir(start):
    s = edited(start, {"op": "put", "piece": "water", "to": "hex:Red:f"},
               {"op": "put", "piece": "water", "to": "reservoir:Blue"})
    assert red(s)["field"]["water"] == "adf" and s.to_json()["seats"][1]["reservoir"] == 1
    assert s.to_json()["supply"]["water"] == start.to_json()["supply"]["water"] - 2


def test_move_a_piece_with_put_from(start):
    s = edited(start, {"op": "put", "piece": "water", "from": "hex:Red:d", "to": "hex:Red:h"},
               {"op": "put", "piece": "weed", "from": "hex:Red:f", "to": "hex:Blue:a"},
               {"op": "put", "piece": "wall", "from": "edge:Red:ab", "to": "edge:Red:ce"})
    f, blue = red(s)["field"], s.to_json()["seats"][1]["field"]
    assert f["water"] == "ah" and f["weeds"] == {} and blue["weeds"] == {"a": 1}
    assert "ce" in f["walls"] and "ab" not in f["walls"]
    assert s.to_json()["supply"] == start.to_json()["supply"]  # moved, not taken from the supply


def test_remove_pieces(start):
    s = edited(start, {"op": "remove", "piece": "weed", "from": "hex:Red:h"},
               {"op": "remove", "piece": "water", "from": "reservoir:Red"},
               {"op": "remove", "piece": "grown", "from": "hex:Red:a"},
               {"op": "remove", "piece": "worker", "from": "seat:Red"})
    r = red(s)
    assert r["field"]["weeds"] == {} and r["reservoir"] == 0 and "a" not in r["field"]["crop"]
    assert (r["workers"], r["worker_market"]) == (red(start)["workers"] - 1, red(start)["worker_market"] + 1)
    assert s.to_json()["supply"]["weeds"] == start.to_json()["supply"]["weeds"] + 1


def test_a_rock_comes_off_and_goes_back():
    s = game(2, seed=1)
    rocks = red(s)["field"]["rocks"]
    off = edited(s, {"op": "remove", "piece": "rock", "from": f"hex:Red:{rocks[0]}"})
    assert red(off)["field"]["rocks"] == rocks[1:]
    assert off.to_json()["supply"]["rocks"] == s.to_json()["supply"]["rocks"] + 1
    back = edited(off, {"op": "put", "piece": "rock", "to": f"hex:Red:{rocks[0]}"})
    assert red(back)["field"]["rocks"] == rocks


def test_turn(start):
    s = edited(start, {"op": "turn", "seat": 1})
    assert s.current_player == 1 and s.legal_actions()
    d = game(3, seed=2)  # the draft: seat 2 picks now; the others still to pick follow
    assert d.step == "draft"
    s = edited(d, {"op": "turn", "seat": 2})
    assert s.current_player == 2 and s.to_json()["queue"] == [2, 0, 1]


@pytest.mark.parametrize("op,words", [
    ({"op": "put", "piece": "dragon", "to": "hex:Red:a"}, "'dragon' is not a piece: expected one of wall"),
    ({"op": "put", "piece": "weed", "to": "hex:Red:z"}, "'z' is not a hex label"),
    ({"op": "put", "piece": "weed", "to": "hex:Purple:a"}, "'Purple' is not a seat: expected one of Red, Blue"),
    ({"op": "put", "piece": "wall", "to": "edge:Red:aj"}, "not an inner edge"),
    ({"op": "put", "piece": "weed", "to": "field a"}, "is not a place: expected 'hex:Red:a'"),
    ({"op": "put", "piece": "wall", "to": "hex:Red:b"}, "a wall cannot go on hex:Red:b: on a hex go rock"),
    ({"op": "put", "piece": "rock", "to": "reservoir:Red"}, "on a reservoir go water"),
    ({"op": "put", "piece": "gate", "to": "edge:Red:ad"}, "edge:Red:ad already holds a gate"),
    ({"op": "put", "piece": "magic", "to": "hex:Red:a"}, "already holds a disc"),
    ({"op": "put", "piece": "weed"}, "'put' needs 'to'"),
    ({"op": "remove", "piece": "pest", "from": "hex:Red:h"}, "hex:Red:h holds no pest"),
    ({"op": "remove", "piece": "wall", "from": "edge:Red:ad"}, "edge:Red:ad holds no wall"),
    ({"op": "remove", "piece": "water", "from": "reservoir:Blue"}, "reservoir:Blue is empty"),
    ({"op": "put", "piece": "water", "from": "hex:Red:b", "to": "hex:Red:a"}, "hex:Red:b holds no water disc"),
    ({"op": "remove", "piece": "weed"}, "'remove' needs 'from'"),
    ({"op": "turn", "seat": 9}, "'turn' needs a seat number 0-1, got 9"),
    ({"op": "fly"}, "unknown op 'fly'"),
    ({"op": "put", "piece": "weed", "to": "hex:Red:" + "a" * 10_000}, "is not a hex label"),
])
def test_bad_edits_are_refused_in_words(start, op, words):
    with pytest.raises(explorer.PositionError, match=re.escape(words)) as err:
        apply(start.to_json(), op)
    assert len(str(err.value)) < 400


@pytest.mark.parametrize("op,field", [
    ({"op": "put", "piece": "water", "to": "hex:Blue:b"}, "seats.1.field.water"),  # b is open field
    ({"op": "put", "piece": "rock", "to": "hex:Red:c"}, "seats.0.field.rocks"),  # not on the set-up card
    ({"op": "put", "piece": "gate", "to": "edge:Red:de"}, "seats.0.field.gates"),  # d's third gate
    ({"op": "remove", "piece": "planted", "from": "hex:Red:d"}, "seats.0.field.fertilised"),
])
def test_illegal_positions_are_returned_for_setup_to_report(start, op, field):
    ed = Editor(start)
    if op.get("from") == "hex:Red:d":
        ed.apply({"op": "put", "piece": "fertiliser", "to": "hex:Red:d"})
    last = ed.state
    out = apply(ed.position, op)
    with pytest.raises(explorer.PositionError, match=re.escape(field)):
        explorer.setup("rice_paddy", out)
    ed.apply(op)  # the editor keeps the last valid position and lists the problem, field first
    said = field.replace("seats.0.", "Red's ").replace("seats.1.", "Blue's ").replace(".", " ")
    assert ed.state is last and len(ed.problems) == 1 and said in ed.problems[0]  # by place (issue 25.2)


def test_apply_never_changes_its_input(start):
    pos = start.to_json()
    saved = json.dumps(pos, sort_keys=True)
    for op in ({"op": "put", "piece": "weed", "to": "hex:Red:h"},
               {"op": "remove", "piece": "gate", "from": "edge:Red:ad"},
               {"op": "put", "piece": "water", "from": "hex:Red:a", "to": "reservoir:Blue"},
               {"op": "put", "piece": "worker", "to": "seat:Blue"}, {"op": "turn", "seat": 1}):
        out = apply(pos, op)
        assert out is not pos and json.dumps(pos, sort_keys=True) == saved
        out["seats"][0]["field"]["walls"].append("xx")
        assert json.dumps(pos, sort_keys=True) == saved


def test_every_place_the_board_marks_takes_a_piece(start):
    pos = start.to_json()
    piece = {"hex": "weed", "reservoir": "water", "seat": "worker"}
    for place in places(start):
        kind, seat, *where = place.split(":")
        what = piece.get(kind)
        if kind == "edge":
            walls = pos["seats"][["Red", "Blue"].index(seat)]["field"]["walls"]
            what = "gate" if where[0] in walls else "wall"
        assert isinstance(apply(copy.deepcopy(pos), {"op": "put", "piece": what, "to": place}), dict), place
    board = (Path(__file__).parents[2] / "widgets" / "boards" / "rice_paddy.js").read_text()
    for kind in ("hex:@:", "edge:@:", "reservoir:@", "seat:@"):
        assert kind in board, f"the board marks no {kind} places"
    for p in palette(start):
        assert p["piece"] in board, f"the board never draws a {p['piece']}"


def test_a_wall_on_the_starting_gate_at_set_up_is_a_problem_naming_the_field():
    """Issue 21: a wall put on the starting gate's side in the set-up step used to report no problem, and then
    every 'start ..' move failed ("walls not conserved"): the starting paddy holds one gate and two walls."""
    s = explorer.load("rice_paddy", players=2, seed=1)
    assert s.step == "setup"
    ed = Editor(s)
    ed.apply({"op": "put", "piece": "wall", "to": "edge:Red:ad"})
    assert len(ed.problems) == 1 and "Red's field gates" in ed.problems[0]  # said by place (issue 25.2)
    assert ed.state == s  # the last valid position stays
    with pytest.raises(explorer.PositionError, match="Red's field gates"):
        ed.result()
    ed.apply({"op": "put", "piece": "gate", "to": "edge:Red:ab"})  # the gate on another side: valid again
    assert ed.problems == [] and ed.state.legal_actions()
    for a in ed.state.legal_actions():
        ed.state.apply(a).check_invariants()
