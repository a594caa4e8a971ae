"""Rice Paddy as a new player reads it: the seat rows of the board show each seat's draft hand and pick
as the view gives them (the board run in node with test_views' DOM stub), and a compare lists each
change once (the view's embedded position is not diffed a second time)."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

import explorer
from explorer.compare import changes
from explorer.core.data import common_js
from tests.lotus_chaos.test_views import STUB

ROOT = Path(__file__).resolve().parents[2]
# the board reads a line's parent (its clickable side): the stub's append records it
PARENT = "El.prototype.append = function (...k) { for (const x of k) { " \
         "if (typeof x !== 'string') x.parentNode = this; this.children.push(typeof x === 'string' ? { text: x } : x); } };\n"


def drafting():
    s = explorer.load("rice_paddy", seed=1)
    while s.step == "setup":
        s = s.apply(s.legal_actions()[0])
    return s


def rows(view, tmp_path) -> list[str]:
    check = r"""
const b = BOARDS["rice_paddy"];
const el = b.draw(VIEW, { seat: VIEW.viewer, send() {} });
const text = (e) => (e.children || []).map((c) => (c instanceof El ? text(c) : c.text || "")).join("");
const places = el.all().filter((e) => e.attrs && e.attrs["data-place"]).length;
console.log(JSON.stringify({ rows: el.querySelectorAll(".rx-seatrow").map(text), places }));
"""
    js = (STUB + PARENT + common_js() + "const VIEW = " + json.dumps(view)
          + ";\n{\n" + (ROOT / "widgets" / "boards" / "rice_paddy.js").read_text() + check + "\n}\n")
    path = tmp_path / "board.mjs"
    path.write_text(js)
    out = subprocess.run(["node", str(path)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    assert res["places"] > 0  # the editor's marks are still drawn
    return res["rows"]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_seat_rows_show_the_own_draft_hand_and_only_counts_of_the_others(tmp_path):
    s = drafting()
    view = s.view(1)
    mine = view["seats"][1]["draft"]
    assert len(mine) == 4
    red, blue, yellow = rows(view, tmp_path)
    for c in mine:
        assert str(c["n"]) in blue and c["effect"].replace("_", " ") in blue
    assert "4 cards (hidden)" in red and "4 cards (hidden)" in yellow
    assert "hand 0" not in red and "hand —" not in blue


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_seat_rows_show_the_own_pick_and_that_others_picked(tmp_path):
    s = drafting()
    first = s.current_player
    act = s.legal_actions()[0]
    t = s.apply(act)
    pick = t.view(first)["seats"][first]["pick"]
    assert pick is not None
    own = rows(t.view(first), tmp_path)[first]
    assert f"picked {pick['n']}" in own and pick["effect"].replace("_", " ") in own
    other = next(i for i in range(3) if i != first)
    theirs = rows(t.view(other), tmp_path)[first]
    assert "picked (hidden)" in theirs and f"picked {pick['n']}" not in theirs


def test_a_compare_lists_a_pick_once():
    s = drafting()
    seat = s.current_player
    t = s.apply(s.legal_actions()[0])
    details = changes(s, t, seat)["details"]
    assert not any(d.startswith("position") for d in details), details
    assert sum("› pick:" in d for d in details) == 1, details
    assert "position" in t.view(seat)  # from_view still rebuilds from it
