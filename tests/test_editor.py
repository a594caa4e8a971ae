"""The explorer's edit mode without a browser: the shell (explorer/editor.py) over every game's edit module."""
from __future__ import annotations

import functools
import importlib
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import explorer
from explorer.editor import Editor
from explorer.timeline import Timeline
from explorer.widgets import Explorer

GAMES = ("lotus", "lotus_chaos", "rice_paddy", "round_house")


def send(w, kind, **content):
    w._on_msg(w, {"type": kind, **content}, [])


def rules(game):
    return importlib.import_module(f"explorer.games.{game}.edit")


def midgame(game, moves=40, seed=3):
    tl = Timeline(explorer.load(game, seed=seed))
    import random
    rnd = random.Random(seed)
    for _ in range(moves):
        act = rnd.choice(tl.current.state.legal_actions())
        if tl.current.state.apply(act).is_terminal:  # stay in play (a chaos game can end early)
            break
        tl.play(act)
    return tl


def first_edits(state, want_ok=1, want_bad=1):
    """Edits of `state` that validate and that do not, found by trying the palette on every place."""
    mod = rules(state.game_name)
    ok, bad = [], []
    for p in mod.palette(state):
        for place in mod.places(state):
            op = {"op": "put", "piece": p["piece"], "to": place}
            ed = Editor(state)
            try:
                ed.apply(op)
            except ValueError:
                continue
            (bad if ed.problems else ok).append(op)
            if len(ok) >= want_ok and len(bad) >= want_bad:
                return ok, bad
    return ok, bad


@pytest.mark.parametrize("game", GAMES)
def test_edit_put_then_done_starts_a_new_line(game):
    tl = midgame(game)
    w = Explorer(tl)
    before = tl.current.state
    w.edit()
    assert w.editing and w.edit_state["palette"] and w.meta["editing"] and w.legal == []
    ok, bad = first_edits(before)
    assert ok, f"{game}: no palette piece could be put anywhere"
    assert w.edit_apply(ok[0]) == []
    edited = w._session.edits.editor.state
    assert edited != before and w.view == edited.view(None)
    w.edit_done()
    assert w.timeline is not tl and w.timelines == [tl] and w.node.ply == 0
    assert w.state == edited and not w.editing and w.edit_state == {}
    w.play(w.state.legal_actions()[0])  # play on from the edited position
    assert w.node.ply == 1 and tl.current.state == before  # the old line is untouched


@pytest.mark.parametrize("game", GAMES)
def test_problems_are_listed_and_done_refused_until_fixed(game):
    w = Explorer(midgame(game))
    w.edit()
    _, bad = first_edits(w.state, want_ok=0)
    if not bad:
        pytest.skip(f"{game}: every put on the palette validates")
    problems = w.edit_apply(bad[0])
    assert problems and w.edit_state["problems"] == problems and len(problems[0]) <= 400
    with pytest.raises(explorer.PositionError):
        w.edit_done()
    assert w.editing
    w.edit_cancel()
    assert not w.editing and w.timelines == []


def test_a_locked_seat_cannot_edit_and_a_seat_view_must_switch():
    tl = midgame("lotus")
    locked = Explorer(tl, seat=1, lock_seat=True)
    send(locked, "edit")
    assert "seat-locked" in locked.error and not locked.editing and locked.edit_state == {}
    seat = Explorer(tl, seat=1)
    with pytest.raises(PermissionError, match="view 'everything'"):
        seat.edit()
    seat.set_seat(None)
    seat.edit()
    assert seat.editing


def test_while_editing_other_intents_wait_and_a_viewer_change_ends_the_edit():
    tl = midgame("lotus")
    w = Explorer(tl)
    w.edit()
    node = w.node
    for kind in ("back", "forward", "random", "act", "seat"):
        send(w, kind, text="d", seat=1)
        assert "finish editing first" in w.error and w.node is node and w.editing, kind
    with pytest.raises(ValueError, match="finish editing first"):
        w.back()
    w.seat = 1  # a viewer change: the editor (which shows everything) closes
    assert not w.editing and w.edit_state == {} and w.view == w.state.view(1)


@pytest.mark.parametrize("op", [None, 5, "put", {}, {"op": "fly"}, {"op": "put"}, {"op": "put", "piece": [], "to": {}},
                                {"op": "remove", "piece": "nothing", "from": "nowhere"}, {"op": "turn", "seat": 99},
                                {"op": "put", "piece": "x" * 100_000, "to": "y" * 100_000}])
def test_bad_edits_from_the_front_end_are_answered_never_raised(op):
    w = Explorer(midgame("lotus"))
    send(w, "edit")
    before = json.dumps(w._session.edits.editor.position, sort_keys=True)
    send(w, "edit_op", op=op)
    assert w.error and len(w.error) <= 500
    assert json.dumps(w._session.edits.editor.position, sort_keys=True) == before or w.edit_state["problems"]


def test_edits_never_change_the_position_they_start_from():
    tl = midgame("rice_paddy")
    w = Explorer(tl)
    saved = tl.current.state.to_json_text()
    w.edit()
    ok, _ = first_edits(w.state)
    w.edit_apply(ok[0])
    w.edit_cancel()
    assert tl.current.state.to_json_text() == saved and w.state is tl.current.state


@functools.cache
def _edit_bases(game):
    """Real positions of `game` to edit: its first decision and a few later ones."""
    out = []
    for seed, moves in ((1, 0), (2, 9), (3, 40)):
        s = explorer.load(game, seed=seed)
        rnd = random.Random(seed)
        for _ in range(moves):
            if s.is_terminal:
                break
            s = s.apply(rnd.choice(s.legal_actions()))
        out.append(s)
    return tuple(out)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=25, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_edits_leave_problems_or_a_position_that_plays_on(game, data):
    """Issue 21: what the editor accepts (no problems) is over, or every legal move applies and keeps the
    invariants; the rest is a refused edit (ValueError, nothing changes) or a problem naming what is wrong."""
    start = data.draw(st.sampled_from(_edit_bases(game)))
    mod = rules(game)
    ed = Editor(start)
    pieces, places = [p["piece"] for p in mod.palette(start)], mod.places(start)
    for _ in range(data.draw(st.integers(1, 3))):
        kind = data.draw(st.sampled_from(["put", "put", "remove", "move", "turn"]))
        op = {"op": "turn", "seat": data.draw(st.integers(0, 5))} if kind == "turn" else \
            {"op": "remove", "piece": data.draw(st.sampled_from(pieces)), "from": data.draw(st.sampled_from(places))} \
            if kind == "remove" else {"op": "put", "piece": data.draw(st.sampled_from(pieces)),
                                      "to": data.draw(st.sampled_from(places))}
        if kind == "move":
            op["from"] = data.draw(st.sampled_from(places))
        try:
            ed.apply(op)
        except ValueError:  # PositionError included: an edit naming nothing, or impossible
            continue
    s = ed.state
    assert all(isinstance(p, str) and len(p) <= 400 for p in ed.problems)
    s.check_invariants()
    if not s.is_terminal:
        assert s.legal_actions()
        for a in s.legal_actions():
            s.apply(a).check_invariants()
