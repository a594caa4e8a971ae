"""Round House annotation places: names from the view alone, nothing hidden, each drawn once by the board."""
import random

import pytest

import explorer
from explorer.games.round_house.places import leader_name, places


def _finished(players, seed):
    s, rnd = explorer.load("round_house", players=players, seed=seed), random.Random(seed)
    while not s.is_terminal:
        s = s.apply(rnd.choice(s.legal_actions()))
    return s


def _moves_in(players, seed, n):
    s, rnd = explorer.load("round_house", players=players, seed=seed), random.Random(seed)
    for _ in range(n):
        s = s.apply(rnd.choice(s.legal_actions()))
    return s


def positions():
    out = {f"start {n}p": explorer.load("round_house", players=n, seed=n) for n in (2, 3, 4, 5)}
    out.update({f"{k} moves in": _moves_in(3, k, k) for k in (15, 60)})
    out["45 moves in, 5 players"] = _moves_in(5, 2, 45)
    out["finished"] = _finished(3, 1)
    for name, ex in explorer.example_notes("round_house").items():
        out[name] = s = ex.build()
        for a in ex.actions:
            s = s.apply(a)
        out[name + ", played"] = s
    return out


POSITIONS = positions()


@pytest.mark.parametrize("name", list(POSITIONS))
def test_places_name_the_board(name):
    """(Unique, described and hiding nothing for every game: tests/conformance/test_game_parts.py.)"""
    s = POSITIONS[name]
    for viewer in [None, -1, *range(s.cfg.players)]:
        assert {"hall", "o1", "i6", "a1", "southeast", "worship marker", "Red"} <= set(places(s.view(viewer)))


def test_places_follow_the_view():
    s = POSITIONS["start 3p"]
    mine = [k for k in places(s.view(0)) if k in s.private_ids(0)]
    assert mine and mine == [o["id"] for o in s.view(0)["seats"][0]["hand"]]
    assert not set(places(s.view(-1))) & set(s.private_ids(0))
    every = set().union(*(s.private_ids(q) for q in range(3)))
    assert every <= set(places(s.view(None))) and set(places(s.view(None))) - set(places(s.view(1))) == \
        every - s.private_ids(1)
    five = places(POSITIONS["start 5p"].view(None))
    assert "Purple leader" in five and "Purple leader 1" not in five
    moved = POSITIONS["six reachable rooms"]
    assert places(moved.view(1))["Red leader 1"] == "Red's leader 1, in room o1"


# ---- the board draws each place once ----------------------------------------------------------------------

MARKS = """() => { const c = {}, bad = [];
  for (const el of document.querySelectorAll("#board [data-mark]")) {
    const k = el.getAttribute("data-mark"), r = el.getBoundingClientRect();
    c[k] = (c[k] || 0) + 1;
    if (!(r.width > 0 && r.height > 0)) bad.push(k);
  }
  return [c, bad]; }"""
ON = """([a, b]) => { const box = (k) => document.querySelector(`[data-mark="${k}"]`).getBoundingClientRect();
  const p = box(a), q = box(b), x = p.x + p.width / 2, y = p.y + p.height / 2;
  return x >= q.left - 2 && x <= q.right + 2 && y >= q.top - 2 && y <= q.bottom + 2; }"""


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    from tests.boardpage import board_page
    with board_page(tmp_path_factory.mktemp("rh_places")) as pg:
        yield pg


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.parametrize("name", ["start 5p", "45 moves in, 5 players", "60 moves in", "finished"])
def test_board_marks_each_place_once(page, name):
    from tests.boardpage import draw
    s = POSITIONS[name]
    for viewer in (None, 1):
        view = s.view(viewer)
        draw(page, view)
        counts, empty = page.evaluate(MARKS)
        assert set(counts) == set(places(view)), (viewer, set(counts) ^ set(places(view)))
        assert all(n == 1 for n in counts.values()), {k: n for k, n in counts.items() if n != 1}
        assert not empty, empty
        for st in view["seats"]:  # each leader's mark sits on the room the view puts it in
            for li, room in enumerate(st["leaders"]):
                assert page.evaluate(ON, [leader_name(st, li), "hall" if room == "h" else room]), (st["name"], li)
    assert page.rx_errors == []
