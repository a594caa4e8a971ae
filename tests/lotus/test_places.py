"""Annotation places of Lotus (explorer/games/lotus/places.py) and the board's data-mark for each."""
from __future__ import annotations

import random

import pytest

import explorer
from explorer.games.lotus.places import places

VARIANTS = [dict(players=3), dict(players=2), dict(players=4, family=True), dict(players=1, difficulty="easy"),
            dict(players=3, edition="three")]


def _play(state, rnd, plies=None):
    """`state` after `plies` random moves (None: to the end of the game)."""
    n = 0
    while state.current_player is not None and (plies is None or n < plies):
        state = state.apply(rnd.choice(state.legal_actions()))
        n += 1
    return state


def positions():
    out = []
    for k, opts in enumerate(VARIANTS):
        s = explorer.load("lotus", seed=k + 3, **opts)
        rnd = random.Random(k)
        out += [(f"start {opts}", s), (f"early {opts}", _play(s, rnd, 9)), (f"middle {opts}", _play(s, rnd, 60)),
                (f"over {opts}", _play(s, rnd))]
    out += [(f"example {name}", s) for name, s in explorer.examples("lotus").items()]
    return out


POSITIONS = positions()


def viewers(state):
    return [None, -1, *range(state.cfg.seats)]


def ids(view) -> set[str]:
    """Every card id anywhere in `view`."""
    if isinstance(view, dict):
        return ({view["id"]} if isinstance(view.get("id"), str) else set()).union(*map(ids, view.values()))
    if isinstance(view, list):
        return set().union(*map(ids, view))
    return set()


def test_positions_cover_the_game():
    over = [s for _, s in POSITIONS if s.current_player is None]
    assert len(over) >= len(VARIANTS) and any(s.cfg.solo for s in over)
    assert any(s.view(None)["flowers"] for _, s in POSITIONS)


@pytest.mark.parametrize("name,state", POSITIONS, ids=[n for n, _ in POSITIONS])
def test_places_name_the_cards_a_view_shows(name, state):
    """(Unique, described, stable and private for every game: tests/conformance/test_game_parts.py.)"""
    full = ids(state.view(None))
    for v in viewers(state):
        view = state.view(v)
        names, seen = set(places(view)), ids(view)
        assert names & full <= seen  # a card is named only where the view shows it
        if v is not None and v >= 0:
            assert names >= {c["id"] for c in view["seats"][v]["hand"]}  # the seat's own hand is named


def test_places_name_the_game_parts():
    s = explorer.example("lotus", "turn_player3")
    p = places(s.view(2))  # Yellow's view
    assert {"garden", "Lily", "display", "wildflower deck", "Red hand", "Yellow supply", "Blue pile",
            "Red tokens", "Yellow deck", "W6w1", "W6w2"} <= set(p)
    assert p["W6w1"] == "a 6-petal Wildflower on the Lily"
    assert p["W6w2"] == "a 6-petal Wildflower in Yellow's hand"
    assert p["Lily"] == "the growing Lily (6 petals)"
    assert not any(n.startswith(("R", "B")) and n[1:2].isdigit() and n not in
                   {c["id"] for f in s.view(2)["flowers"] for c in f["cards"]} for n in p)
    solo = places(explorer.load("lotus", players=1, seed=1).view(0))
    assert "Winter Lotus" in solo and "Red tokens" in solo
    assert "Winter Lotus" not in places(s.view(None))


# ---- the board draws each place once ------------------------------------------------------------------

BROWSER = [name for name, _ in POSITIONS if name.startswith(("over {'players': 3}", "over {'players': 1",
                                                              "example turn_player3"))]
MARKS = """() => { const out = {};
  for (const el of document.querySelectorAll("#board [data-mark]")) {
    const r = el.getBoundingClientRect();
    (out[el.getAttribute("data-mark")] ||= []).push([r.width, r.height]);
  }
  return out; }"""


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    from tests.boardpage import board_page
    with board_page(tmp_path_factory.mktemp("lotus_marks")) as p:
        yield p


@pytest.mark.slow
@pytest.mark.browser
def test_board_draws_each_place_once(page):
    from tests.boardpage import draw
    states = dict(POSITIONS)
    assert len(BROWSER) == 3
    for name in BROWSER:
        state = states[name]
        for v in (None, state.cfg.seats - 1):
            view = state.view(v)
            draw(page, view)
            marks = page.evaluate(MARKS)
            assert set(marks) == set(places(view)), (name, v)
            for mark, boxes in marks.items():
                assert len(boxes) == 1, (name, v, mark)
                assert boxes[0][0] > 0 and boxes[0][1] > 0, (name, v, mark, boxes)
    assert page.rx_errors == []


@pytest.mark.slow
@pytest.mark.browser
def test_marks_follow_updates_in_place(page):
    """The board patches itself on update: after moves, the marks are those of the new view."""
    state = dict(POSITIONS)["start {'players': 3}"]
    page.evaluate("v => { rxDraw(v, 0); }", state.view(0))
    rnd = random.Random(7)
    for _ in range(4):
        state = _play(state, rnd, 5)
        view = state.view(0)
        page.evaluate("v => rxUpdate(v, 0)", view)
        marks = page.evaluate(MARKS)
        assert set(marks) == set(places(view)) and all(len(b) == 1 for b in marks.values())
    assert page.rx_errors == []
