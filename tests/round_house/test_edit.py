"""The board editor's Round House part (explorer/games/round_house/edit.py) and the board's editor marks."""
import copy
import json
import pathlib
import random
import shutil
import subprocess

import pytest

import explorer
from explorer.games.round_house import edit

from .helpers import fresh

ROOT = pathlib.Path(__file__).resolve().parents[2]


def made(state, *ops):
    """The position after `ops`, through explorer.setup (a PositionError if it does not validate)."""
    d = state.to_json()
    for op in ops:
        d = edit.apply(d, op)
    return explorer.setup("round_house", d)


def midgame(moves=60, seed=1):
    s = explorer.load("round_house", seed=3)
    rnd = random.Random(seed)
    for _ in range(moves):
        s = s.apply(rnd.choice(s.legal_actions()))
    return s


# ---- put ----------------------------------------------------------------------------------------------------

def test_put_a_leader_from_the_palette_and_move_one_on_the_board():
    s = fresh(3)
    t = made(s, {"op": "put", "piece": "leader:blue", "to": "room:o3"})
    assert t.to_json()["seats"][1]["leaders"] == ["o3", "h"]
    t = made(t, {"op": "put", "piece": "leader:blue:1", "from": "room:o3", "to": "room:i2"},
             {"op": "put", "piece": "leader:blue:2", "from": "hall", "to": "room:o3"})
    assert t.to_json()["seats"][1]["leaders"] == ["i2", "o3"]
    t = made(t, {"op": "put", "piece": "leader:blue:1", "from": "room:i2", "to": "hall"})
    assert t.to_json()["seats"][1]["leaders"] == ["h", "o3"]


def test_put_workers_on_a_chair_a_town_and_an_elder_from_the_resource_area():
    s = fresh(3)
    t = made(s, {"op": "put", "piece": "worker:red", "to": "room:o1"},
             {"op": "put", "piece": "worker:red:permanent", "to": "room:o3"},
             {"op": "put", "piece": "worker:red", "to": "town:northwest"},
             {"op": "put", "piece": "worker:red", "to": "cell:a1"},
             {"op": "put", "piece": "marker", "to": "round:1"})
    d = t.to_json()
    assert d["chairs"][0] == [[0, 0]] and d["chairs"][2] == [[0, 1]]
    assert d["towns"][2] == [1, 0, 0] and d["elders"][0] == [0] and d["marker"] == 1
    assert (d["seats"][0]["board"], d["seats"][0]["resource"]) == (9, 1)
    t = made(t, {"op": "put", "piece": "worker:red", "from": "town:northwest", "to": "town:southeast"})
    assert t.to_json()["towns"][:3] == [[1, 0, 0], [0, 0, 0], [0, 0, 0]]
    assert t.to_json()["seats"][0]["resource"] == 1  # a move takes nothing from the resource area


def test_put_money_goods_and_the_marker():
    s = fresh(3)
    t = made(s, {"op": "put", "piece": "money", "to": "seat:yellow"},
             {"op": "put", "piece": "good:tea", "to": "seat:red"},
             {"op": "put", "piece": "good:celadon", "to": "room:o3"},
             {"op": "put", "piece": "marker", "to": "round:4"})
    d, before = t.to_json(), s.to_json()
    assert d["seats"][2]["money"] == before["seats"][2]["money"] + 1 and d["bank"] == before["bank"] - 1
    assert d["seats"][0]["goods"][2] == 1 and d["supply"][2] == before["supply"][2] - 1
    assert d["slots"][2] == [1, -1, -1] and d["marker"] == 4
    t = made(t, {"op": "put", "piece": "good:tea", "from": "seat:red", "to": "seat:blue"})
    assert [st["goods"][2] for st in t.to_json()["seats"]] == [0, 1, 0]


def test_put_a_room_tile_swaps_it_with_the_space_or_the_box():
    s = fresh(3)
    rooms, box = s.to_json()["rooms"], s.to_json()["out_tiles"]
    small = next(i for i, r in enumerate(s.cfg.room_ids) if s.cfg.slot_kind[i] == "tile_small")
    rid, old, new = s.cfg.room_ids[small], rooms[small], box[0]
    t = made(s, {"op": "put", "piece": f"tile:{new}", "to": f"room:{rid}"})
    assert t.to_json()["rooms"][small] == new and old in t.to_json()["out_tiles"]
    other = next(i for i, k in enumerate(s.cfg.slot_kind) if k == "tile_small" and i != small)
    t = made(t, {"op": "put", "piece": f"tile:{new}", "from": f"room:{rid}", "to": f"room:{s.cfg.room_ids[other]}"})
    assert t.to_json()["rooms"][other] == new and t.to_json()["rooms"][small] == rooms[other]


# ---- remove ---------------------------------------------------------------------------------------------------

def test_remove_sends_components_back():
    s = made(fresh(3), {"op": "put", "piece": "worker:blue", "to": "town:southwest"},
             {"op": "put", "piece": "leader:blue", "to": "room:o2"},
             {"op": "put", "piece": "good:fruit", "to": "room:o3"})
    t = made(s, {"op": "remove", "piece": "worker:blue", "from": "town:southwest"},
             {"op": "remove", "piece": "leader:blue:1", "from": "room:o2"},
             {"op": "remove", "piece": "good:fruit", "from": "room:o3"},
             {"op": "remove", "piece": "money", "from": "seat:red"},
             {"op": "remove", "piece": "good:gold", "from": "seat:red"})
    d, start = t.to_json(), fresh(3).to_json()
    assert d["towns"][1] == [0, 0, 0] and d["seats"][1]["resource"] == 5 and d["seats"][1]["leaders"] == ["h", "h"]
    assert d["slots"][2] == [-1, -1, -1] and d["seats"][0]["money"] == start["seats"][0]["money"] - 1
    assert d["seats"][0]["goods"][3] == 0 and d["supply"] == [s + n for s, n in zip(start["supply"], [0, 0, 0, 1])]
    assert d["bank"] == start["bank"] + 1


def test_removing_a_room_tile_leaves_a_problem_for_setup():
    s = fresh(3)
    i = s.cfg.slot_kind.index("tile_large")
    d = edit.apply(s.to_json(), {"op": "remove", "piece": f"tile:{s.to_json()['rooms'][i]}",
                                 "from": f"room:{s.cfg.room_ids[i]}"})
    with pytest.raises(explorer.PositionError, match=f"no large room tile left for {s.cfg.room_ids[i]}"):
        explorer.setup("round_house", d)


# ---- turn -------------------------------------------------------------------------------------------------------

def test_turn_makes_a_seat_about_to_act():
    s = midgame()
    t = made(s, {"op": "turn", "seat": 2})
    assert t.current_player == 2 and t.phase in ("move", "specialist") and t.legal_actions()
    assert t.to_json()["turn"] == s.to_json()["turn"]
    assert made(t, {"op": "turn", "seat": "red"}).current_player == 0


# ---- refused and merely illegal -----------------------------------------------------------------------------------

@pytest.mark.parametrize("op, words", [
    ({"op": "put", "piece": "dragon", "to": "room:o1"}, "expected a piece"),
    ({"op": "put", "piece": "leader:red", "to": "room:o99"}, "expected a place"),
    ({"op": "put", "piece": "leader:green", "to": "room:o1"}, "expected a piece"),  # 3 players: no green
    ({"op": "put", "piece": "leader:red:1", "from": "room:o4", "to": "room:o1"}, "no such leader in room o4"),
    ({"op": "remove", "piece": "worker:red", "from": "town:southeast"}, "Red has no worker there"),
    ({"op": "remove", "piece": "good:tea", "from": "seat:blue"}, "Blue has no tea"),
    ({"op": "put", "piece": "money", "to": "room:o1"}, "money goes on a seat.s supply \\(seat:red\\), not room o1"),
    ({"op": "put", "piece": "good:tea", "to": "room:o1"}, "no goods spaces"),
    ({"op": "put", "piece": "tile:bank", "to": "room:o1"}, "printed on the board"),
    ({"op": "remove", "piece": "marker", "from": "round:0"}, "put it on another round"),
    ({"op": "put", "piece": "leader:red", "to": "hall"}, "a new leader comes from the ancestral hall"),
    ({"op": "remove", "piece": "money"}, "remove needs 'from'"),
    ({"op": "turn", "seat": 7}, "expected a seat 0..2"),
    ({"op": "fly"}, "expected an edit op"),
])
def test_edits_that_make_no_sense_are_refused_in_words(op, words):
    s = fresh(3)
    with pytest.raises(explorer.PositionError, match=words) as err:
        edit.apply(s.to_json(), op)
    assert len(str(err.value)) < 400


def test_illegal_positions_are_returned_for_setup_to_report():
    s = fresh(3)
    two = edit.apply(s.to_json(), {"op": "put", "piece": "leader:red", "to": "room:o1"})
    two = edit.apply(two, {"op": "put", "piece": "leader:blue", "to": "room:o1"})
    with pytest.raises(explorer.PositionError, match="one leader per room"):
        explorer.setup("round_house", two)
    elder = edit.apply(s.to_json(), {"op": "put", "piece": "worker:red", "to": "cell:b2"})
    with pytest.raises(explorer.PositionError, match="marker: expected at least 1"):
        explorer.setup("round_house", elder)
    third = edit.apply(s.to_json(), {"op": "put", "piece": "leader:red", "to": "room:o1"})
    third = edit.apply(edit.apply(third, {"op": "put", "piece": "leader:red", "to": "room:o2"}),
                       {"op": "put", "piece": "leader:red", "to": "room:o3"})
    with pytest.raises(explorer.PositionError, match="leader"):
        explorer.setup("round_house", third)


def test_apply_never_changes_its_input():
    s = midgame()
    d = s.to_json()
    keep = copy.deepcopy(d)
    for p in edit.palette(s):
        for place in edit.places(s):
            try:
                edit.apply(d, {"op": "put", "piece": p["piece"], "to": place})
            except ValueError:
                pass
    edit.apply(d, {"op": "turn", "seat": 1})
    assert d == keep


# ---- the board's marks ---------------------------------------------------------------------------------------------

MARKS = """
class El {
  constructor(tag) { this.tag = tag; this.attrs = {}; this.children = []; this.style = {}; }
  setAttribute(k, v) { this.attrs[k] = String(v); }
  getAttribute(k) { return this.attrs[k]; }
  append(...k) { this.children.push(...k); }
  replaceChildren(...k) { this.children = k; }
  addEventListener() {}
  set textContent(v) {}
  set classList(v) {}
}
globalThis.document = { createElement: (t) => new El(t), createElementNS: (_n, t) => new El(t) };
const fs = require("fs");
const [root, viewFile] = process.argv.slice(2);
eval(fs.readFileSync(root + "/widgets/common.js", "utf8") + "\\n" +
     fs.readFileSync(root + "/widgets/boards/round_house.js", "utf8") + `
const el = BOARDS.round_house.draw(JSON.parse(fs.readFileSync(viewFile, "utf8")), { seat: -1, send() {} });
const places = [], pieces = [];
(function walk(e, place) {
  if (!e || !e.attrs) return;
  if (e.attrs["data-place"]) { place = e.attrs["data-place"]; places.push(place); }
  if (e.attrs["data-piece"]) pieces.push([e.attrs["data-piece"], place || null]);
  e.children.forEach((c) => walk(c, place));
})(el, null);
console.log(JSON.stringify({ places, pieces }));
`);
"""


def board_marks(state, tmp_path):
    view, script = tmp_path / "view.json", tmp_path / "marks.js"
    view.write_text(json.dumps(state.view(None)), encoding="utf-8")
    script.write_text(MARKS, encoding="utf-8")
    out = subprocess.run(["node", str(script), str(ROOT), str(view)], capture_output=True, text=True,
                         timeout=60, check=True).stdout
    return json.loads(out)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_every_place_and_piece_the_board_marks_is_one_apply_takes(tmp_path):
    s = made(midgame(), {"op": "put", "piece": "worker:blue", "to": "cell:a1"},
             {"op": "put", "piece": "good:tea", "to": "room:o3"})
    marks = board_marks(s, tmp_path)
    assert set(marks["places"]) == set(edit.places(s))
    kinds = {p.split(":")[0] for p, _ in marks["pieces"]}
    assert kinds == {"leader", "worker", "tile", "good", "money", "marker"}, kinds
    d = s.to_json()
    pieces = [(p["piece"], None) for p in edit.palette(s)] + [tuple(x) for x in marks["pieces"]]
    for place in edit.places(s):  # each place takes a palette piece or one moved from the board
        for piece, where in pieces:
            try:
                edit.apply(d, {"op": "put", "piece": piece, "to": place, "from": where})
                break
            except ValueError:
                continue
        else:
            pytest.fail(f"{place}: no piece can be put there")
    for piece, place in marks["pieces"]:  # each piece is where the board draws it
        assert place, f"{piece} is drawn outside every place"
        stays = piece.startswith("tile:") or place == "hall"  # moved onto its own place: nothing changes
        op = ({"op": "put", "piece": piece, "from": place, "to": "round:0"} if piece == "marker" else
              {"op": "put", "piece": piece, "from": place, "to": place} if stays else
              {"op": "remove", "piece": piece, "from": place})
        edit.apply(d, op)  # raises if the piece is not there


def test_the_palette_is_short_and_each_entry_is_a_piece():
    s = explorer.load("round_house", players=5, seed=1)
    pal = edit.palette(s)
    assert len(pal) <= 30 and all(set(p) == {"piece", "label", "group"} for p in pal)
    assert {"leader:purple", "worker:purple:permanent", "money", "good:celadon"} <= {p["piece"] for p in pal}
    box = s.to_json()["out_tiles"]
    assert [p["piece"] for p in pal if p["group"] == "room tiles"] == [f"tile:{k}" for k in box]
