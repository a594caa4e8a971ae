"""A new user's review of the board and the compare sentences (order points, the marker track, the key to
the grid's short labels, a seat's own orders). The board is drawn under node (board_dump.js)."""
import json
import pathlib
import re
import shutil
import subprocess

import pytest

from explorer.games.round_house.words import describe_changes

from .helpers import edit, fresh, give, phase, play

ROOT = pathlib.Path(__file__).resolve().parents[2]
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def draw(state, seat, tmp_path):
    view = tmp_path / "view.json"
    view.write_text(json.dumps(state.view(seat)), encoding="utf-8")
    out = subprocess.run(["node", str(ROOT / "tests" / "round_house" / "board_dump.js"), str(ROOT), str(view)],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    return json.loads(out)


def walk(node):
    yield node
    for k in node["kids"]:
        yield from walk(k)


def text_of(node):
    return node["text"] or "".join(text_of(k) for k in node["kids"] if k["tag"] != "title")


def svg_of(tree):
    return next(n for n in walk(tree) if n["tag"] == "svg")


def holding(oid, goods=()):
    """Seat 0 holds order `oid` (and the given goods), in its order phase."""
    def f(d):
        for s in d["seats"]:
            if oid in s["hand"]:
                s["hand"].remove(oid)
        for lst in ("order_supply", "order_deck"):
            if oid in d[lst]:
                d[lst].remove(oid)
        d["seats"][0]["hand"].append(oid)
        for g in goods:
            give(d, 0, g, 1)
        phase(d, 0, "orders")
    return edit(fresh(3), f)


def test_a_completed_order_is_worth_its_points_at_the_end():
    """round_house.order.points-end: completing an order adds no points now, and Compare says when they come."""
    s = holding("O06", ("fruit", "cel", "tea"))
    t = play(s, "order:O06")
    assert t.points[0] == s.points[0]
    said = describe_changes(s, t, -1)
    assert any(x.startswith("Red completed the fruit + celadon + tea + gold order, worth 8 points at the end of the "
                            "game") for x in said), said
    assert not any("for 8 points" in x or x.startswith("Red scored") for x in said)


@needs_node
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_marker_track_shows_every_round_inside_the_board(players, tmp_path):
    s = fresh(players)
    svg = svg_of(draw(s, -1, tmp_path))
    w, h = float(svg["attrs"]["width"]), float(svg["attrs"]["height"])
    rounds = [n for n in walk(svg) if n["attrs"].get("data-place", "").startswith("round:")]
    assert [n["attrs"]["data-place"] for n in rounds] == [f"round:{k}" for k in range(s.cfg.length + 1)]
    for n in rounds:
        box = next(k for k in n["kids"] if k["tag"] == "rect")["attrs"]
        assert float(box["x"]) >= 0 and float(box["x"]) + float(box["width"]) <= w, (n["attrs"], box)
        assert float(box["y"]) + float(box["height"]) <= h
    assert sum(1 for n in walk(svg) if n["attrs"].get("data-piece") == "marker") == 1


@needs_node
@pytest.mark.parametrize("players", [3, 4])
def test_every_short_label_on_the_grid_has_a_key(players, tmp_path):
    svg = svg_of(draw(fresh(players), -1, tmp_path))
    w = float(svg["attrs"]["width"])
    labels = [n for n in walk(svg) if "rh-edge" in n["attrs"].get("class", "")]
    assert len(labels) > 20
    key = [n for n in walk(svg) if "rh-key" in n["attrs"].get("class", "")]
    assert key, "no key under the grid"
    said = " ".join(text_of(n) for n in key)
    shorts = {p for n in labels for p in text_of(n).split("+")}
    assert {"m1", "rec", "car", "good"} <= shorts and any(len(p) == 3 and p.isalpha() for p in shorts)
    for short in shorts:
        assert re.search(rf"(^|[ ,·]){re.escape(short)} = \w", said), (short, said)
    for n in labels:  # each label says its full words on hover
        assert any(k["tag"] == "title" and " " in k["text"] for k in n["kids"]), n
    for n in key:
        assert float(n["attrs"].get("font-size", 12)) >= 11
        assert float(n["attrs"]["x"]) + 6.2 * len(text_of(n)) <= w, text_of(n)  # about 6 px a letter at 11 px


@needs_node
def test_a_seat_sees_what_its_own_orders_ask_for(tmp_path):
    s = holding("O06")
    rows = lambda tree: [n for n in walk(tree) if "rx-seatrow" in n["attrs"].get("class", "")]  # noqa: E731
    mine = rows(draw(s, 0, tmp_path))
    own, other = text_of(mine[0]), text_of(mine[1])
    assert "O06" in own and re.search(r"fruit 1.*tea 1.*gold 1|1 fruit.*1 tea.*1 gold", own), own
    tips = [k["attrs"].get("title", "") for k in walk(mine[0]) if "O06" in k["attrs"].get("title", "")]
    assert tips and "8 points at the end of the game" in tips[0] and "gain one more" in tips[0], tips
    hidden = s.hand[1]
    assert hidden and not any(o in other for o in hidden)
    everyone = rows(draw(s, None, tmp_path))
    assert all(o in text_of(everyone[1]) for o in hidden)
    spectator = rows(draw(s, -1, tmp_path))
    assert not any(o in text_of(r) for r in spectator for o in s.hand[0] + s.hand[1])
