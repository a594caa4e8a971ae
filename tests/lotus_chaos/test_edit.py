"""The board editor's chaos part (explorer/games/lotus_chaos/edit.py): puts, moves, removes, turns."""
import copy
import json
import shutil
import subprocess
from pathlib import Path

import pytest

import explorer
from explorer.core.data import common_js
from explorer.editor import Editor
from explorer.games.lotus_chaos.edit import apply, hex_place, palette, places

ROOT = Path(__file__).resolve().parents[2]

# seat i: red, blue, yellow, grey, white, black (numbers 1..6); Red in the centre with 9 and 12, Blue 2 with a
# written card, Grey out of the game; the others on their corners
PICTURE = {"seats": {"0": {"hex": "centre", "cards": [9, 12]},
                     "1": {"hex": "1,-2", "cards": [{"written": "all tokens move 1 towards centre"}]},
                     "3": {"alive": False}},
           "turn": {"phase": "actions", "seat": 0}}


@pytest.fixture(scope="module")
def start():
    return explorer.setup("lotus_chaos", PICTURE, seed=1)


def edited(state, *ops):
    pos = state.to_json()
    for op in ops:
        pos = apply(pos, op)
    return explorer.setup("lotus_chaos", pos)


def seat(state, i):
    return state.to_json()["seats"][i]


def test_palette_and_places(start):
    ids = [p["piece"] for p in palette(start)]
    assert ids == ["card", "blank"] + [f"token:{c}" for c in ("Red", "Blue", "Yellow", "Grey", "White", "Black")]
    marked = places(start)  # (labels, groups, distinct places for every game: tests/conformance/test_game_parts.py)
    assert len(marked) == 37 + 6 + 1
    assert {"hex:N", "hex:SW", "hex:0,0", "hex:1,-2", "area:Red", "area:Black", "deck"} <= set(marked)
    assert "hex:0,-3" not in marked  # a corner goes by its name


def test_every_marked_place_is_one_apply_accepts(start):
    pos, top = start.to_json(), start.to_json()["deck"][-1]
    for place in places(start):
        if place.startswith("hex:"):
            s = explorer.setup("lotus_chaos", apply(pos, {"op": "put", "piece": "token:Grey", "to": place}))
            assert hex_place(s.cfg, s.pos[3]) == place
        else:  # (a card in Grey's area is refused by set-up: Grey is out of the game)
            out = apply(pos, {"op": "put", "piece": "12", "to": place})
            where = [f"area:{st['colour'].capitalize()}" for st in out["seats"] if "12" in st["cards"]]
            assert where == [place] or (place == "deck" and out["deck"][-1] == "12" != top)
    with pytest.raises(explorer.PositionError, match="radius 3"):
        apply(pos, {"op": "put", "piece": "token:Blue", "to": "hex:4,0"})


def test_put_a_token_moves_it_and_brings_a_seat_back(start):
    s = edited(start, {"op": "put", "piece": "token:Blue", "to": "hex:N"})
    assert s.pos[1] == (0, -3) and s.pos[0] == (0, 0)
    s = edited(start, {"op": "put", "piece": "token:Red", "from": "hex:0,0", "to": "hex:0,1"})
    assert s.pos[0] == (0, 1)
    s = edited(start, {"op": "put", "piece": "token:grey", "to": "hex:centre"})  # any written form, any case
    assert s.alive[3] and s.pos[3] == (0, 0) and s.pos[0] == (0, 0)  # tokens may share a hex
    with pytest.raises(explorer.PositionError, match="Red's token is not on hex 0,-3"):
        apply(start.to_json(), {"op": "put", "piece": "token:Red", "from": "hex:N", "to": "hex:0,1"})
    with pytest.raises(explorer.PositionError, match="stands on a hex"):
        apply(start.to_json(), {"op": "put", "piece": "token:Red", "to": "area:Red"})


def test_put_cards_in_play_areas_and_on_the_deck(start):
    top = start.to_json()["deck"][-1]
    s = edited(start, {"op": "put", "piece": "card", "to": "area:Yellow"})
    assert seat(s, 2)["cards"] == [top] and len(s.deck) == len(start.deck) - 1
    s = edited(start, {"op": "put", "piece": "12", "from": "area:Red", "to": "area:White"},
               {"op": "put", "piece": "9", "from": "area:Red", "to": "deck"})
    assert seat(s, 0)["cards"] == [] and seat(s, 4)["cards"] == ["12"] and s.to_json()["deck"][-1] == "9"
    s = edited(start, {"op": "put", "piece": top, "to": "area:Black"})  # a card by name, from wherever it is
    assert seat(s, 5)["cards"] == [top] and top not in s.to_json()["deck"]
    s = edited(start, {"op": "put", "piece": "blank", "to": "area:Red"})
    assert seat(s, 0)["cards"][-1] == "b2" and s.to_json()["blanks"]["b2"] == start.cfg.menu[0]


def test_remove_cards_and_tokens(start):
    s = edited(start, {"op": "remove", "piece": "12", "from": "area:Red"})
    assert seat(s, 0)["cards"] == ["9"] and s.to_json()["deck"][0] == "12"  # the bottom of the deck
    s = edited(start, {"op": "remove", "piece": "b1", "from": "area:Blue"})
    assert seat(s, 1)["cards"] == [] and s.to_json()["blanks"] == {} and s.view()["blanks_left"] == start.cfg.nblank
    s = edited(start, {"op": "remove", "piece": "token:Blue", "from": "hex:1,-2"})
    assert not s.alive[1] and s.pos[1] is None and seat(s, 1)["cards"] == [] and "b1" not in s.to_json()["blanks"]
    s = edited(start, {"op": "turn", "seat": 1}, {"op": "remove", "piece": "token:Red", "from": "hex:0,0"})
    assert not s.alive[0] and s.to_json()["discard"][-2:] == ["9", "12"]  # discarded, as after an accusation


def test_turn_starts_the_seats_turn(start):
    s = edited(start, {"op": "turn", "seat": 4})
    assert (s.current_player, s.view()["phase"], len(s.revealed)) == (4, "draw", 2)
    s = edited(start, {"op": "turn", "seat": "Black"})
    assert s.current_player == 5 and s.to_json()["turn"]["round"] == start.to_json()["turn"]["round"]
    again = edited(s, {"op": "turn", "seat": 1})
    assert again.revealed == s.revealed  # the revealed cards stay when only the seat changes
    for bad in (9, True, "purple", None):
        with pytest.raises(explorer.PositionError, match="expected a seat 0..5 or a token colour"):
            apply(start.to_json(), {"op": "turn", "seat": bad})


def test_illegal_positions_are_returned_for_setup_to_report(start):
    pos = start.to_json()
    for op, words in (({"op": "put", "piece": "token:Grey", "to": "hex:N"}, None),
                      ({"op": "remove", "piece": "token:Red", "from": "hex:0,0"}, "field turn.seat"),
                      ({"op": "put", "piece": "card", "to": "area:Grey"}, "field seats.3.cards"),
                      ({"op": "put", "piece": "blank", "to": "deck"}, "blank cards never enter the action deck"),
                      ({"op": "turn", "seat": "Grey"}, "field turn.seat")):
        out = apply(pos, op)
        if words is None:
            explorer.setup("lotus_chaos", out)  # legal after all
            continue
        with pytest.raises(explorer.PositionError, match=words):
            explorer.setup("lotus_chaos", out)
    full = pos
    for _ in range(4):
        full = apply(full, {"op": "put", "piece": "card", "to": "area:Red"})
    with pytest.raises(explorer.PositionError, match="at most 5 cards"):
        explorer.setup("lotus_chaos", full)
    ed = Editor(start)
    ed.apply({"op": "put", "piece": "blank", "to": "deck"})
    assert ed.problems and "blank cards never enter the action deck" in ed.problems[0]


@pytest.mark.parametrize("op, words", [
    ("put", "an edit is a dict"),
    ({"op": "fly"}, "expected put, remove or turn"),
    ({"op": "put", "piece": "dragon", "to": "hex:N"}, "unknown piece 'dragon'"),
    ({"op": "put", "piece": "token:Pink", "to": "hex:N"}, "token colour"),
    ({"op": "put", "piece": "card", "to": "garden"}, "unknown place 'garden'"),
    ({"op": "put", "piece": "card", "to": "hex:N"}, "a card goes to a play area"),
    ({"op": "put", "piece": "12", "from": "area:Blue", "to": "area:Red"}, "card 12 is not in Blue's play area"),
    ({"op": "remove", "piece": "card", "from": "deck"}, "new card from the palette"),
    ({"op": "remove", "piece": "12", "from": "deck"}, "printed cards never leave the game"),
    ({"op": "remove", "piece": "token:Red"}, "'from' must be the place"),
    ({"op": "put", "piece": "x" * 10_000, "to": "hex:N"}, "'piece' must be"),
])
def test_nonsense_edits_are_refused_in_words(start, op, words):
    with pytest.raises(explorer.PositionError, match=words) as err:
        apply(start.to_json(), op)
    assert len(str(err.value)) <= 340


def test_apply_never_changes_its_input(start):
    ops = [{"op": "put", "piece": "token:Blue", "from": "hex:1,-2", "to": "hex:N"},
           {"op": "put", "piece": "12", "to": "deck"}, {"op": "remove", "piece": "token:Blue", "from": "hex:1,-2"},
           {"op": "put", "piece": "blank", "to": "area:Red"}, {"op": "remove", "piece": "9", "from": "area:Red"},
           {"op": "turn", "seat": 2}]
    for op in ops:
        pos = start.to_json()
        saved = copy.deepcopy(pos)
        assert apply(pos, op) != saved
        assert pos == saved, op


def test_a_finished_game_is_scored_again_after_an_edit():
    hexes = {"0": "N", "1": "N", "2": "centre", "3": "0,1", "4": "0,-1", "5": "1,0"}
    objectives = dict(zip(hexes, ("north", "centre", "south", "purple", "green", "blue")))
    over = explorer.setup("lotus_chaos", {"seats": {k: {"hex": h, "objective": objectives[k]}
                                                    for k, h in hexes.items()}, "turn": {"phase": "over"}})
    assert over.winners_ == (0,)
    s = edited(over, {"op": "put", "piece": "token:Blue", "to": "hex:S"},
               {"op": "put", "piece": "token:Yellow", "to": "hex:S"})
    assert s.winners_ == (2,) and s.is_terminal
    pos = apply(over.to_json(), {"op": "put", "piece": "token:Blue", "to": "hex:S"})
    with pytest.raises(explorer.PositionError, match="no objective is met"):
        explorer.setup("lotus_chaos", pos)
    assert edited(over, {"op": "turn", "seat": 1}).current_player == 1  # or play on


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_board_marks_exactly_the_places_and_pieces(start, tmp_path):
    """widgets/boards/lotus_chaos.js drawn in node: its data-place marks are `places`, its data-piece marks
    the tokens on the board and the cards in play areas, each inside (or on) the place it is taken from."""
    from .test_views import STUB
    check = r"""
const el = BOARDS["lotus_chaos"].draw(VIEW, { seat: null, send() {} });
const marks = [];
const walk = (e, place) => {
  const p = e.attrs?.["data-place"] ?? place;
  if (e.attrs?.["data-place"]) marks.push(["place", p]);
  if (e.attrs?.["data-piece"]) marks.push(["piece", e.attrs["data-piece"], p]);
  for (const c of e.children || []) walk(c, p);
};
walk(el, null);
console.log(JSON.stringify(marks));
"""
    js = (STUB + common_js() + "const VIEW = " + json.dumps(start.view(None))
          + ";\n{\n" + (ROOT / "widgets" / "boards" / "lotus_chaos.js").read_text() + check + "\n}\n")
    path = tmp_path / "marks.mjs"
    path.write_text(js)
    out = subprocess.run(["node", str(path)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    marks = json.loads(out.stdout)
    marked = [m[1] for m in marks if m[0] == "place"]
    assert sorted(set(marked)) == sorted(places(start))
    pieces = sorted((m[1], m[2]) for m in marks if m[0] == "piece")
    tokens = [(f"token:{start.colour[i].capitalize()}", hex_place(start.cfg, start.pos[i])) for i in range(6)
              if start.alive[i]]
    assert ("token:Red", "hex:0,0") in tokens and ("token:Blue", "hex:1,-2") in tokens and len(tokens) == 5
    assert pieces == sorted(tokens + [("9", "area:Red"), ("12", "area:Red"), ("b1", "area:Blue")])
    for piece, place in pieces:  # each one the editor may take off the board (Red's token: Red is to act)
        pos = apply(start.to_json(), {"op": "remove", "piece": piece, "from": place})
        if piece != "token:Red":
            explorer.setup("lotus_chaos", pos)
