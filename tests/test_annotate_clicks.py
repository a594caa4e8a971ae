"""The annotate tool on every game's board (widgets/marks.js, in the bare board page of tests/boardpage.py): a click
picks the place the writer means, arrows run from edge to edge and outlines sit outside the box (neither covers
a number), and the same click again, or a click on a drawn mark, removes it (explorer/annotations.py `click`)."""
from __future__ import annotations

import math
import random

import pytest

import explorer
from explorer.annotations import PALETTE, Marks, click, marks, places

pytestmark = [pytest.mark.slow, pytest.mark.browser]

GAMES = ("lotus", "lotus_chaos", "rice_paddy", "round_house")


def _played(game: str, plies: int, seed: int = 1, **opts):
    s, rnd = explorer.load(game, seed=seed, **opts), random.Random(seed)
    for _ in range(plies):
        if s.current_player is None:
            break
        s = s.apply(rnd.choice(s.legal_actions()))
    return s


STATES = {"lotus": _played("lotus", 40, seed=3, players=3), "lotus_chaos": _played("lotus_chaos", 20),
          "rice_paddy": _played("rice_paddy", 30), "round_house": _played("round_house", 30)}

SETUP = """() => {
  window.rxSent = [];
  if (!window.rxAnn) {
    const board = document.getElementById("board");
    window.rxAnn = makeAnnotator(board, (m) => rxSent.push(m));
    board.before(rxAnn.bar);
    rxAnn.toggle(true);
  }
  rxAnn.toggle(true);
}"""
BOX = """n => { const e = [...document.querySelectorAll('#board [data-mark]')].find((x) => x.dataset.mark === n);
  const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"""
# every marked element: its name, box, the names of its marked ancestors and of the whole it is a part of (if any)
ELEMENTS = """() => [...document.querySelectorAll('#board [data-mark]')].map((e) => {
  const r = e.getBoundingClientRect(), up = [];
  const outer = (x) => x.parentElement.closest('[data-mark]');
  for (let p = outer(e); p; p = outer(p)) up.push(p.dataset.mark);
  const whole = e.parentElement.closest('[data-mark][data-mark-whole]');
  return { name: e.dataset.mark, box: [r.left, r.top, r.right, r.bottom], up,
    whole: whole ? whole.dataset.mark : null };
})"""
PICKED = "() => { const e = document.querySelector('#board .rx-mark-picked'); return e ? e.dataset.mark : null; }"


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    from tests.boardpage import board_page
    with board_page(tmp_path_factory.mktemp("annotate"), width=1300, height=1000) as p:
        yield p


def show(page, game: str, m: Marks | None = None):
    from tests.boardpage import draw
    view = STATES[game].view(None)
    draw(page, view)
    page.evaluate(SETUP)
    redraw(page, m or Marks())
    return view


def redraw(page, m: Marks):
    page.evaluate("([m, p]) => drawMarks(document.getElementById('board'), m, p)", [m.to_json(), PALETTE])


def pick(page, x, y, key: str | None = None):
    """The place one click at (x, y) picks (the tool is reset before and after)."""
    page.evaluate("() => rxAnn.toggle(true)")
    if key:
        page.keyboard.down(key)
    page.mouse.click(x, y)
    if key:
        page.keyboard.up(key)
    got = page.evaluate(PICKED)
    page.evaluate("() => rxAnn.toggle(true)")
    return got


def centre(box):
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def clicks(page, state, m: Marks, *points) -> Marks:
    """Click `points` on the board; apply the intents sent as Python does (explorer.annotations.click); redraw."""
    page.evaluate("() => { rxSent.length = 0; }")
    for x, y in points:
        page.mouse.click(x, y)
    for msg in page.evaluate("() => rxSent"):
        assert msg["type"] == "annotate"
        parts, _ = click(m, msg["op"])
        now = {"arrows": m.arrows, "highlights": m.highlights, "glyph": m.glyph, **parts}
        m = marks(state, **now)
    redraw(page, m)
    return m


@pytest.mark.parametrize("game", GAMES)
def test_a_click_picks_the_place_under_the_pointer(page, game):
    """At the centre of every place on screen a plain click picks that place, or what is drawn over it, or (a card
    on a Lotus flower) its whole; never a container round it and never nothing (a Round House room's number, a
    water disc on a Rice Paddy hex); Shift- or Alt-click picks the part itself."""
    view = show(page, game)
    els = page.evaluate(ELEMENTS)
    by = {e["name"]: e for e in els}
    assert set(by) <= set(places(view))
    same = parts = 0
    for e in els:
        x, y = centre(e["box"])
        if not (0 < x < 1300 and 0 < y < 1000) or e["box"][2] - e["box"][0] < 4:
            continue
        got = pick(page, x, y)
        assert got is not None, e["name"]
        assert got not in e["up"] or got == e["whole"], (e["name"], got)  # not a container swallowing it
        if e["whole"]:
            parts += 1
            assert got == e["whole"], (e["name"], got)
            assert pick(page, x, y, "Shift") == e["name"] and pick(page, x, y, "Alt") == e["name"]
        same += got in (e["name"], e["whole"])
    assert same >= 0.75 * len(els), (same, len(els))
    if game == "lotus":
        assert parts >= 3  # cards on flowers were tried
        petal = next(e for e in els if e["whole"])
        page.mouse.move(*centre(petal["box"]))  # the pointer outlines what a click would pick
        assert page.evaluate("() => [...document.querySelectorAll('.rx-mark-hover')].map((e) => e.dataset.mark)") \
            == [petal["whole"]]
        hand = next(e for e in els if e["up"] and e["up"][0].endswith(" hand"))
        assert pick(page, *centre(hand["box"])) == hand["name"]  # a card alone is itself
        label = page.evaluate("() => { const r = document.querySelector('.rx-garden-place').getBoundingClientRect();"
                              " return [r.left + 10, r.top + r.height / 2]; }")
        assert pick(page, *label) == "garden"  # which its flowers cover
    if game == "rice_paddy":
        side = page.evaluate("""() => { const l = document.querySelector('.rp-edge-hit').getBoundingClientRect();
          return [l.left + l.width / 2, l.top + l.height / 2]; }""")
        label = page.evaluate("() => document.querySelector('.rp-edge-hit').dataset.markLabel")
        assert pick(page, *side) == label
    if game == "round_house":
        room = by["o1"]["box"]
        assert pick(page, *centre(room)) == "o1"  # its number is drawn over it
    assert page.rx_errors == []


def _outside(box, x, y, gap=0.5):
    return x < box[0] - gap or x > box[2] + gap or y < box[1] - gap or y > box[3] + gap


def _shrunk(box, f):
    cx, cy, w, h = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, (box[2] - box[0]) * f / 2, (box[3] - box[1]) * f / 2
    return [cx - w, cy - h, cx + w, cy + h]


def _distance(box, x, y):
    return math.hypot(max(box[0] - x, 0, x - box[2]), max(box[1] - y, 0, y - box[3]))


def _apart(a, b, gap):
    return a[2] + gap < b[0] or b[2] + gap < a[0] or a[3] + gap < b[1] or b[3] + gap < a[1]


@pytest.mark.parametrize("game", GAMES)
def test_arrows_run_edge_to_edge_and_outlines_sit_outside(page, game):
    """An arrow starts at the edge of its source's box and its tip stops just outside its target's, nothing of it
    inside either box (so neither's number is covered); between boxes too close for that (touching), it is 20px
    or more and keeps out of the middle of both;
    an outline has no fill and its stroke lies wholly outside the box."""
    state = STATES[game]
    show(page, game)
    els = [e for e in page.evaluate(ELEMENTS) if e["box"][2] - e["box"][0] >= 4 and e["box"][3] - e["box"][1] >= 4]
    names = {e["name"]: e for e in els}
    far = [(a, b) for a in els for b in els if a["name"] != b["name"] and _apart(a["box"], b["box"], 60)]
    near = [(a, b) for a in els for b in els if a["name"] < b["name"] and not _apart(a["box"], b["box"], 2)
            and _apart(a["box"], b["box"], -2) and b["name"] not in a["up"] and a["name"] not in b["up"]]
    rnd = random.Random(5)
    pairs = rnd.sample(far, 6) + rnd.sample(near, min(2, len(near)))
    if game == "lotus":  # from a card in a hand to a card in the display: both show a number
        cards = [e for e in els if e["up"] and e["up"][0] in ("display", "Red hand")]
        pairs.append((next(c for c in cards if c["up"][0] == "Red hand"),
                      next(c for c in cards if c["up"][0] == "display")))
    lit = [e["name"] for e in rnd.sample(els, 4)]
    m = marks(state, arrows=[(a["name"], b["name"]) for a, b in pairs], highlights=lit)
    redraw(page, m)
    drawn = page.evaluate("""() => [...document.querySelectorAll('#board .rx-mark-arrow')].map((g) => {
      const p = (s) => { const [x, y] = s.split(',').map(Number);
        const q = new DOMPoint(x, y).matrixTransform(g.getScreenCTM()); return [q.x, q.y]; };
      return [g.dataset.from, g.dataset.to, ...p(g.dataset.start), ...p(g.dataset.tip)]; })""")
    assert len(drawn) == len(pairs)
    for frm, to, x1, y1, x2, y2 in drawn:
        a, b = names[frm]["box"], names[to]["box"]
        assert math.hypot(x2 - x1, y2 - y1) >= 19.5, (frm, to)
        room = _apart(a, b, 60)
        for k in range(21):  # the whole arrow, shaft and head, is outside both boxes (or, too close, their middles)
            x, y = x1 + (x2 - x1) * k / 20, y1 + (y2 - y1) * k / 20
            for box in (a, b):
                assert _outside(box if room else _shrunk(box, 0.45), x, y), (frm, to, k)
        if room:  # it starts and ends a few px from the edges
            assert _distance(a, x1, y1) <= 5 and _distance(b, x2, y2) <= 5, (frm, to, _distance(a, x1, y1))
    rings = page.evaluate("""() => [...document.querySelectorAll('#board .rx-mark-highlight')].map((r) => {
      const b = r.getBoundingClientRect();
      return [r.dataset.for, b.left, b.top, b.right, b.bottom, +r.getAttribute('stroke-width'),
        r.getAttribute('fill')]; })""")
    assert sorted(r[0] for r in rings) == sorted(lit)
    edge = page.evaluate("() => { const r = document.getElementById('board').getBoundingClientRect();"
                         " return [r.left, r.top, r.right, r.bottom]; }")
    for name, left, top, right, bottom, sw, fill in rings:
        box = names[name]["box"]
        assert fill == "none"
        inner = sw / 2 + 0.5  # the stroke's inner edge is outside the box, or (the board clips) on the board's edge
        assert left + inner <= box[0] or abs(left - sw / 2 - edge[0]) < 1, name
        assert top + inner <= box[1] or abs(top - sw / 2 - edge[1]) < 1, name
        assert right - inner >= box[2] or abs(right + sw / 2 - edge[2]) < 1, name
        assert bottom - inner >= box[3] or abs(bottom + sw / 2 - edge[3]) < 1, name
    assert page.rx_errors == []


@pytest.mark.parametrize("game", GAMES)
def test_the_same_click_again_or_a_click_on_the_mark_removes_it(page, game):
    """Two places clicked draw an arrow, the same two again remove it; a place clicked twice is highlighted, twice
    again not; a click on a drawn arrow or outline (annotate mode only) removes it. On Lotus, two different cards
    on one flower are the same flower."""
    state = STATES[game]
    show(page, game)
    els = [e for e in page.evaluate(ELEMENTS) if e["box"][2] - e["box"][0] >= 6]
    spots = {}
    for e in els:  # a point that picks each place
        x, y = centre(e["box"])
        if 0 < x < 1300 and 0 < y < 1000 and e["name"] not in spots and pick(page, x, y) == e["name"]:
            spots[e["name"]] = (x, y)
    names = list(spots)
    a, b, c = names[1], names[len(names) // 2], names[-2]
    m = clicks(page, state, Marks(), spots[a], spots[b])
    assert m.arrows == ((a, b, "green"),)
    assert page.locator("#board .rx-mark-arrow").count() == 1
    m = clicks(page, state, m, spots[a], spots[b])
    assert m.arrows == () and page.locator("#board .rx-mark-arrow").count() == 0
    m = clicks(page, state, m, spots[c], spots[c])
    assert m.highlights == ((c, "green"),)
    m = clicks(page, state, m, spots[c], spots[c])
    assert m.highlights == ()
    # a click on the drawn marks: the arrow's middle, the outline's left side
    m = clicks(page, state, m, spots[a], spots[b], spots[c], spots[c])
    assert len(m.arrows) == 1 and len(m.highlights) == 1
    hit = page.evaluate("""() => { const l = document.querySelector('#board .rx-mark-hit[data-kind=arrow]');
      const r = l.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }""")
    m = clicks(page, state, m, hit)
    assert m.arrows == () and len(m.highlights) == 1
    ring = page.evaluate("""() => {
      const r = document.querySelector('#board .rx-mark-highlight').getBoundingClientRect();
      return [r.left + r.width / 2, r.top + 1]; }""")
    m = clicks(page, state, m, ring)
    assert m == Marks()
    if game == "lotus":
        petals = [e for e in els if e["whole"]]
        flower = petals[0]["whole"]
        one, two = [p for p in petals if p["whole"] == flower][:2]
        m = clicks(page, state, m, centre(one["box"]), centre(one["box"]))
        assert m.highlights == ((flower, "green"),)
        m = clicks(page, state, m, centre(two["box"]), centre(two["box"]))
        assert m == Marks()
    # out of annotate mode the marks take no click: the board's own clicks reach the board
    m = clicks(page, state, m, spots[c], spots[c])
    page.evaluate("() => rxAnn.toggle(false)")
    assert page.evaluate("""() => {
      const r = document.querySelector('#board .rx-mark-highlight').getBoundingClientRect();
      const e = document.elementFromPoint(r.left + r.width / 2, r.top + 1); return !e.closest('.rx-marks'); }""")
    assert page.rx_errors == []
