"""The SVG picture, the occupancy heatmap and the browser board (driven in node with a tiny DOM stub)."""
import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

import explorer
from explorer.core.data import common_js
from explorer.games.lotus_chaos.plots import occupancy, occupancy_heatmap

from .helpers import pos

ROOT = Path(__file__).resolve().parents[2]


def line(seed=2, n=80):
    s = explorer.load("lotus_chaos", seed=seed)
    rnd = random.Random(seed)
    out = [s]
    while not s.is_terminal and len(out) < n:
        s = s.apply(rnd.choice([a for a in s.legal_actions() if a.kind != 10]))
        out.append(s)
    return out


def test_svg_shows_tokens_zones_and_greys_out_eliminated():
    s = pos(alive=[True, False, True, True, True, True])
    svg = s.svg(None)
    assert svg.count("<polygon") == 37 and svg.count("<circle") >= 6
    assert "Blue 2 (out)" in svg and "#ccc" in svg
    assert "north" in svg  # omniscient: objectives listed
    assert "· centre" in s.svg(0)      # Blue 2 is out: its objective is revealed to everyone
    assert "· green" not in s.svg(0)   # White 5's objective stays hidden from seat 0
    assert "· north" in s.svg(0) and "· north" not in s.svg(2)


def test_highlight_objective_zone_in_the_picture():
    from explorer.games.lotus_chaos.picture import svg
    s = pos()
    assert svg(s.view(None), highlight="green").count('stroke-width="3"') == 12
    assert svg(s.view(0), highlight="green").count('stroke-width="3"') == 0  # seat 0 cannot see it


def test_occupancy_heatmap_counts_tokens():
    states = line()
    counts = occupancy(states)
    assert sum(counts.values()) == sum(sum(1 for h in s.pos if h is not None) for s in states)
    fig = occupancy_heatmap(states)
    src = fig.select_one({"name": "occupancy"})
    assert len(src.data["count"]) == 37 and sum(src.data["count"]) == sum(counts.values())
    assert sum(occupancy([states, states]).values()) == 2 * sum(counts.values())
    assert occupancy_heatmap({(0, 0): 5}).select_one({"name": "occupancy"}).data["count"][0] == 5
    with pytest.raises(TypeError):
        occupancy([1, 2])


STUB = r"""
class El {
  constructor(tag) { this.tag = tag; this.children = []; this.attrs = {}; this.style = {};
    this.classList = { toggle: () => {} }; }
  setAttribute(k, v) { this.attrs[k] = String(v); }
  getAttribute(k) { return this.attrs[k]; }
  removeAttribute(k) { delete this.attrs[k]; }
  append(...k) { for (const x of k) this.children.push(typeof x === "string" ? { text: x } : x); }
  replaceChildren(...k) { this.children = []; this.append(...k); }
  addEventListener() {}
  set textContent(v) { this.children = [{ text: v }]; }
  all() { return [this, ...this.children.flatMap((c) => (c instanceof El ? c.all() : []))]; }
  matches(sel) {
    if (/^[a-z]+$/.test(sel)) return this.tag === sel;
    const m = sel.match(/^\.([\w-]+)(?:\[data-seat="(\d+)"\])?$/);
    const cls = (this.attrs.class || "").split(" ");
    return cls.includes(m[1]) && (m[2] === undefined || this.attrs["data-seat"] === m[2]);
  }
  querySelector(sel) { return this.all().slice(1).find((e) => e.matches(sel)) || null; }
  querySelectorAll(sel) { return this.all().slice(1).filter((e) => e.matches(sel)); }
}
globalThis.document = { createElement: (t) => new El(t), createElementNS: (_, t) => new El(t) };
"""

CHECK = r"""
const b = BOARDS["lotus_chaos"];
const el = b.draw(VIEWS[0][0], { seat: -1, send() {} });
let arrows = 0;
for (const [v, p] of VIEWS) {
  if (!b.update(el, v, null, {})) throw new Error("update refused");
  b.preview(el, p, v, {});
  arrows += el.querySelector(".rx-chaos-preview").children.length;
}
chaosHighlight(el, VIEWS[0][0], "green");
const lit = el.querySelectorAll(".rx-chaos-hex").filter((p) => p.attrs["stroke-width"] === "3").length;
const last = VIEWS[VIEWS.length - 1][0];
const t = el.querySelector('.rx-chaos-token[data-seat="0"]');
console.log(JSON.stringify({hexes: el.querySelectorAll(".rx-chaos-hex").length, arrows, lit,
  tokens: el.querySelectorAll(".rx-chaos-token").length, transform: t.style.transform,
  transition: t.attrs.style, redraw: b.update(el, {...last, radius: 5}, null, {})}));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_board_file_draws_updates_and_previews(tmp_path):
    states = line(n=40)
    views = [(s.view(None), s.preview(s.legal_actions()[0]) if not s.is_terminal else None) for s in states]
    js = (STUB + common_js() + "const VIEWS = " + json.dumps(views) + ";\n{\n"
          + (ROOT / "widgets" / "boards" / "lotus_chaos.js").read_text() + CHECK + "\n}\n")
    path = tmp_path / "board.mjs"
    path.write_text(js)
    out = subprocess.run(["node", str(path)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    assert res["hexes"] == 37 and res["tokens"] == 6 and res["lit"] == 12
    assert res["arrows"] > 0 and "transition: transform" in res["transition"]
    assert res["transform"].startswith("translate(") and res["redraw"] is False
