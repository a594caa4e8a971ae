"""The chaos game in words: an accusation's log line gives the verdict, passes are said, and the play
areas draw each card as its own chip (the board run in node with test_views' DOM stub)."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from explorer.compare import changes, narrate
from explorer.core.data import common_js

from .helpers import pos
from .test_views import STUB

ROOT = Path(__file__).resolve().parents[2]


def window():
    return pos(phase="accusations", turn={"window": [0, 1, 2, 3, 4, 5]})


@pytest.mark.parametrize("viewer", [None, -1, 0, 1, 2])
def test_a_wrong_accusation_reads_with_its_verdict_and_its_rule_only(viewer):
    text = narrate(window(), "accuse 3 north", viewer)
    assert text == ("Red 1 accuses Yellow 3 of having the north objective: wrong, Red 1 is out "
                    "[lotus_chaos.accuse.wrong]")
    assert "south" not in text  # Yellow 3's real objective stays hidden (only the accuser sees it)


@pytest.mark.parametrize("viewer", [None, -1, 1])
def test_a_correct_accusation_reads_with_its_verdict(viewer):
    text = narrate(window(), "accuse 3 south", viewer)
    assert text == ("Red 1 accuses Yellow 3 of having the south objective: right, Yellow 3 is out "
                    "[lotus_chaos.accuse.correct]")


def test_explaining_an_accusation_does_not_change_the_state():
    s = window()
    before = s.to_json()
    narrate(s, "accuse 3 north", -1)
    assert s.to_json() == before


def test_passes_are_said():
    s = window()
    t = s.apply("pass").apply("pass")
    assert "Red 1 and Blue 2 made no accusation [lotus_chaos.accuse.window]" in changes(s, t, -1)["sentences"]
    u = t.apply("accuse 4 north").apply("pass")
    said = changes(t, u, 1)["sentences"]
    assert "Grey 4 made no accusation [lotus_chaos.accuse.window]" in said  # Yellow 3 accused, then Grey 4
    assert not any("Yellow 3 made no" in x or "Yellow 3 and" in x for x in said)


def test_the_last_passes_end_the_window_and_are_said():
    s = window()
    for _ in range(5):
        s = s.apply("pass")
    t = s.apply("pass")
    assert t.view(-1)["phase"] != "accusations"
    assert any(x.startswith("Black 6 made no accusation") for x in changes(s, t, -1)["sentences"])


BOARD = r"""
const b = BOARDS["lotus_chaos"];
const el = b.draw(VIEW, { seat: -1, send() {} });
const text = (e) => (e.children || []).map((c) => (c instanceof El ? text(c) : c.text || "")).join("");
const chips = el.querySelectorAll(".rx-chaos-card").map((c) => ({ text: text(c), title: c.attrs.title,
  piece: c.attrs["data-piece"], style: c.attrs.style || "" }));
const rows = el.querySelectorAll(".rx-chaos-seat").map((r) => ({ text: text(r), place: r.attrs["data-place"] }));
console.log(JSON.stringify({ chips, rows }));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_play_areas_draw_separate_cards_and_a_blank_card_shows_its_text(tmp_path):
    s = pos(cards={0: [5, 26, "b2"]}, blanks={"b2": "odd tokens move 1 north"})
    view = s.view(-1)
    assert [c["id"] for c in view["seats"][0]["cards"]] == ["5", "26", "b2"]
    js = (STUB + common_js() + "const VIEW = " + json.dumps(view) + ";\n{\n"
          + (ROOT / "widgets" / "boards" / "lotus_chaos.js").read_text() + BOARD + "\n}\n")
    path = tmp_path / "board.mjs"
    path.write_text(js)
    out = subprocess.run(["node", str(path)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    chips = res["chips"]
    assert [c["piece"] for c in chips] == ["5", "26", "b2"]
    assert all("margin" in c["style"] and "border" in c["style"] for c in chips)
    written = view["seats"][0]["cards"][2]["text"]  # 'odd tokens move 1 N'
    blank = chips[2]
    assert blank["title"].startswith("b2") and written in blank["title"]
    assert written in blank["text"]
    red = res["rows"][0]
    assert red["place"] == "area:Red"
    assert "526" not in red["text"]  # the ids do not run together
