"""The explorer widget and the plots without a browser.

Front-end intents are simulated by calling the widget's message handler the way ipywidgets does
(`w._on_msg(w, {"type": ...}, [])`); the synced traits are then read back, or serialised with
`get_state()` to check that nothing hidden from the viewer is in them.
"""
from __future__ import annotations

import json
import re

import pytest

import explorer
from explorer import plots
from explorer.core import State, widgets_root
from explorer.core.seats import EVERYTHING, SPECTATOR
from explorer.timeline import Timeline
from explorer.widgets import Explorer, show

SYNCED = ("view", "seat", "legal", "log", "tree", "error", "title", "meta", "diff", "preview")


def lotus(players=3, seed=1, **kw):
    return explorer.load("lotus", players=players, seed=seed, **kw)


def send(w, kind, **content):
    w._on_msg(w, {"type": kind, **content}, [])


def synced_json(w) -> str:
    """Everything the front end receives (every synced trait but the ESM/CSS code), and every widget and
    Bokeh document of its panel once the panel exists (tests/test_widget_privacy.py)."""
    from test_widget_privacy import everything_synced
    state = w.get_state()
    assert set(SYNCED) <= set(state)
    return json.dumps({k: v for k, v in state.items() if k not in ("_esm", "_css")}, sort_keys=True, default=str) + (
        everything_synced(w) if w._panel.box is not None else "")


def hidden_ids(state, viewer) -> set[str]:
    """Card ids in the hands of the seats other than `viewer` (every hand for a spectator)."""
    full = state.view(None)
    return {c["id"] for s in full["seats"] if s["seat"] != viewer for c in (s["hand"] or [])}


@pytest.fixture
def w():
    return Explorer(lotus())


# -- construction and the packaged front end -----------------------------------------------------

def test_initial_traits(w):
    s = w.state
    assert w.seat == EVERYTHING and w.viewer is None
    assert w.view == s.view(None)
    assert [a["text"] for a in w.legal] == [str(a) for a in s.legal_actions()]
    assert all(a["label"] for a in w.legal)
    assert w.log == [] and w.tree == [] and w.meta["children"] == [] and w.error == ""
    assert "Lotus" in w.title
    assert w.meta["at_start"] and w.meta["at_end"] and w.meta["can_act"] and w.meta["players"] == 3
    assert w.meta["seat_names"] == [seat["name"] for seat in s.view(None)["seats"]]


def test_constructors_and_show():
    s = lotus()
    tl = Timeline(s)
    assert Explorer(tl).timeline is tl
    assert Explorer("lotus", players=2, seed=3).meta["players"] == 2
    w = show(s, seat=1)
    assert isinstance(w, Explorer) and w.seat == 1 and w.view == s.view(1)
    pub = Explorer(s, seat="public")
    assert pub.seat == SPECTATOR and pub.viewer == -1 and pub.view == s.view(-1)
    assert Explorer(s, seat=-1).view == s.view(-1)  # one convention: -1 is the spectator everywhere
    assert Explorer(s, seat="spectator").seat == -1 and Explorer(s, seat="everything").seat is None
    with pytest.raises(ValueError, match="viewer must be"):
        Explorer(s, seat=-2)  # an old explorer's spectator: refused, never mapped
    by_name = Explorer("lotus", players=2, seed=3)
    assert by_name.state == explorer.load("lotus", players=2, seed=3)
    with pytest.raises(ValueError, match="neither a game"):
        Explorer("no-such-game")
    with pytest.raises(TypeError, match="only apply"):
        Explorer(s, players=2)
    with pytest.raises(TypeError):
        Explorer(42)
    with pytest.raises(Exception, match="seat must be"):
        Explorer(s, seat=7)


def test_front_end_files_are_packaged_and_offline():
    root = widgets_root()
    js = Explorer._esm
    css = (root / "explorer.css").read_text()
    assert str(Explorer._css) == css
    for part in ["common.js", "explorer.js", *(f"boards/{p.name}" for p in (root / "boards").glob("*.js"))]:
        assert (root / part).read_text() in js, part
    assert 'registerBoard("lotus"' in js
    assert "export default" in js
    assert not re.search(r"^\s*import\b|\bimport\s*\(", js, re.MULTILINE), "the ESM must not import anything"
    urls = set(re.findall(r"https?://[^\s\"')]+", js + css))
    assert urls <= {"http://www.w3.org/2000/svg"}, urls
    for cls in ("rx-garden", "rx-flower", "rx-petal", "rx-meter", "rx-actions", "rx-action", "rx-log",
                "rx-back", "rx-forward", "rx-seat", "rx-error", "rx-json", "rx-tree", "rx-playpause", "rx-speed",
                "rx-reset", "rx-filter", "rx-counter", "rx-diff", "rx-mark", "rx-compare", "rx-comment"):
        assert cls in js, cls


# -- moving through the timeline -----------------------------------------------------------------

def test_act_advances_the_timeline(w):
    text = w.legal[0]["text"]
    send(w, "act", text=text)
    assert w.error == ""
    assert w.node.ply == 1 and w.node.action == text
    assert w.view == w.state.view(None)
    assert len(w.log) == 1
    entry = w.log[0]
    assert entry["text"] == text and entry["id"] == w.meta["node"] and entry["ply"] == 1 and entry["variations"] == 0
    assert entry["id"] == w.node.id and entry["actor"] == 0
    assert not w.meta["at_start"] and w.meta["at_end"]


def test_back_forward_start_end_goto(w):
    for _ in range(3):
        send(w, "act", text=w.legal[0]["text"])
    ids = [e["id"] for e in w.log]
    views = {w.node.id: w.view}
    send(w, "back")
    assert w.node.ply == 2
    assert [e["id"] == w.meta["node"] for e in w.log] == [False, True, False]
    assert w.log[2]["ply"] > w.meta["ply"] >= w.log[1]["ply"]
    send(w, "forward")
    assert w.node.ply == 3 and w.view == views[ids[2]]
    send(w, "start")
    assert w.node.ply == 0 and w.meta["at_start"] and len(w.log) == 3
    assert not any(e["id"] == w.meta["node"] for e in w.log)
    send(w, "end")
    assert w.node.id == ids[2]
    send(w, "goto", id=ids[0])
    assert w.node.id == ids[0] and w.log[0]["id"] == w.meta["node"]
    send(w, "goto", id=10_000)
    assert "10000" in w.error and w.node.id == ids[0]
    # the Python API mirrors the intents
    w.forward()
    assert w.node.id == ids[1]
    w.back()
    w.end()
    assert w.node.id == ids[2]
    w.start()
    w.goto(ids[1])
    assert w.node.id == ids[1]


def test_a_different_move_makes_a_branch(w):
    first = w.legal[0]["text"]
    send(w, "act", text=first)
    a2 = w.legal[0]["text"]
    send(w, "act", text=a2)
    send(w, "back")
    b2 = next(a["text"] for a in w.legal if a["text"] != a2)
    send(w, "act", text=b2)
    assert w.node.action == b2 and w.node.ply == 2
    assert w.log[-1]["variations"] == 1 and w.log[-1]["text"] == b2
    send(w, "back")
    kids = w.meta["children"]
    assert [(b["text"], b["main"]) for b in kids] == [(a2, True), (b2, False)]
    assert [b["id"] for b in kids] == [c.id for c in w.node.children]
    # the tree row of the main move lists the variation
    row = next(r for r in w.tree if r["ply"] == 2)
    assert row["main"] and [a["moves"][0]["text"] for a in row["alts"]] == [b2]
    # forward follows the main line; promote makes the variation the main line
    send(w, "goto", id=kids[1]["id"])
    send(w, "promote")
    send(w, "back")
    assert [b["text"] for b in w.meta["children"]] == [b2, a2]
    send(w, "forward")
    assert w.node.action == b2
    # delete removes the current move and what follows
    send(w, "delete")
    assert w.node.ply == 1 and [c["text"] for c in w.meta["children"]] == [a2]
    assert [c.action for c in w.node.children] == [a2]
    # playing an existing move follows it instead of duplicating it
    n = len(w.timeline)
    send(w, "act", text=a2)
    assert len(w.timeline) == n and w.node.action == a2
    send(w, "start")
    send(w, "delete")
    assert "root" in w.error


def test_illegal_text_sets_error_and_keeps_the_position(w):
    before_view, before_node = w.view, w.node
    send(w, "act", text="zzz")
    assert "zzz" in w.error
    send(w, "act", text="+t")  # well formed, but no reward is due
    assert w.error.startswith("[lotus.")
    assert w.node is before_node and w.view == before_view and w.log == []
    send(w, "act", text=w.legal[0]["text"])
    assert w.error == ""
    with pytest.raises(explorer.IllegalAction):
        w.play("+t")
    assert w.error.startswith("[lotus.")
    with pytest.raises(explorer.NotationError):
        w.play("zzz")
    send(w, "no-such-intent")
    assert "no-such-intent" in w.error


def test_random_moves_are_deterministic_and_playout_finishes():
    a, b = Explorer(lotus()), Explorer(lotus())
    for _ in range(12):
        send(a, "random")
        b.random_move()
    assert [e["text"] for e in a.log] == [e["text"] for e in b.log]
    assert len(a.log) == 12 and a.error == ""
    send(a, "playout")
    assert a.error == "" and a.state.is_terminal
    assert a.meta["terminal"] and a.legal == [] and a.view["result"] is not None
    send(a, "random")
    assert "over" in a.error


# -- hidden information --------------------------------------------------------------------------

def _positions(n_plies=120, every=8, seed=1):
    tl = Timeline(lotus(seed=seed))
    w = Explorer(tl, random_seed=seed)
    assert w.panel is not None  # the score race is synced too: the leak checks read it
    for ply in range(n_plies):
        if tl.current.state.is_terminal:
            break
        w.random_move()
        if ply % every == 0:
            yield w


def test_a_seat_sees_no_other_hand():
    checked = 0
    for w in _positions():
        state = w.state
        to_move = state.current_player
        for viewer, trait in [(0, 0), (1, 1), (2, 2), (-1, SPECTATOR)]:
            w.seat = trait
            assert w.view == state.view(viewer)
            text = synced_json(w)
            leaks = {i for i in hidden_ids(state, viewer) if i in text}
            assert not leaks, f"seat {trait} at ply {w.node.ply} can read {leaks}"
            if viewer == to_move:
                assert [a["text"] for a in w.legal] == [str(a) for a in state.legal_actions()]
            else:
                assert w.legal == [] and not w.meta["can_act"]
            # other seats' exchanges read as 'x<n>' only
            for e in w.log:
                node = w.timeline.nodes[e["id"]]
                if node.actor != viewer and node.action.startswith("x"):
                    assert re.fullmatch(r"x\d", e["text"]), e
                    assert node.action[1:] not in e["label"]
            checked += 1
        w.seat = EVERYTHING
    assert checked >= 40


def test_a_seat_sees_its_own_hand_and_moves():
    w = Explorer(lotus(), seat=0)
    mine = {c["id"] for c in w.state.view(None)["seats"][0]["hand"]}
    text = synced_json(w)
    assert all(i in text for i in mine)
    assert w.legal and w.meta["can_act"]
    send(w, "act", text=w.legal[0]["text"])
    assert w.error == "" and w.node.ply == 1


def test_a_seat_cannot_move_for_another():
    s = lotus()
    w = Explorer(s, seat=1)  # Red (seat 0) is to act
    assert w.legal == [] and "Red" in w.meta["hint"]
    for kind, extra in [("act", {"text": str(s.legal_actions()[0])}), ("random", {}), ("playout", {})]:
        send(w, kind, **extra)
        assert w.error and w.node.ply == 0, kind
    spectator = Explorer(s, seat="public")
    send(spectator, "act", text=str(s.legal_actions()[0]))
    assert "spectator" in spectator.error and spectator.node.ply == 0


def test_illegal_move_errors_do_not_describe_the_actors_hand():
    s = lotus()
    hand = " ".join(sorted(c["id"][1:3] for c in s.view(None)["seats"][0]["hand"]))
    w = Explorer(s, seat=1)
    with pytest.raises(explorer.IllegalAction, match="your hand is"):
        w.play("5ss")  # Python may move for anyone; the exception keeps the details
    assert w.error.startswith("[lotus.") and "hidden" in w.error
    assert "hand is" not in w.error and hand not in w.error


def test_lock_seat():
    w = Explorer(lotus(), seat=1, lock_seat=True)
    assert w.meta["lock_seat"]
    send(w, "seat", seat=EVERYTHING)
    assert w.seat == 1 and "locked" in w.error and w.view == w.state.view(1)
    # writing the trait from the front end is ignored too
    w.set_state({"seat": EVERYTHING, "view": {}, "legal": [{"text": "x", "label": "x"}]})
    assert w.seat == 1 and w.view == w.state.view(1) and w.legal == []
    # the notebook's Python code is trusted
    w.set_seat(None)
    assert w.seat == EVERYTHING and w.view == w.state.view(None)


def test_seat_changes_from_the_front_end():
    w = Explorer(lotus())
    send(w, "seat", seat=2)
    assert w.seat == 2 and w.view == w.state.view(2) and w.legal == []
    send(w, "seat", seat=SPECTATOR)
    assert w.view == w.state.view(-1)
    send(w, "seat", seat=9)
    assert w.seat == SPECTATOR and "seat must be" in w.error
    send(w, "seat", seat="red")
    assert w.seat == SPECTATOR and w.error


# -- any game, not only Lotus --------------------------------------------------------------------

class Nim(State):
    """Two players take 1 or 2 stones; whoever takes the last stone wins."""

    __slots__ = ("pile", "player")
    game_name = "test-nim"

    def __init__(self, pile=5, player=0):
        self.pile, self.player = pile, player

    @property
    def current_player(self):
        return None if self.pile == 0 else self.player

    def legal_actions(self):
        return [n for n in (1, 2) if n <= self.pile]

    def parse_action(self, text):
        if text not in ("1", "2") or int(text) > self.pile:
            raise explorer.NotationError(f"take 1 or 2 stones, not {text!r}")
        return int(text)

    def apply(self, action):
        n = self.parse_action(action) if isinstance(action, str) else action
        return Nim(self.pile - n, 1 - self.player)

    def view(self, seat=None):
        return {"game": "test-nim", "pile": self.pile, "to_move": self.current_player}

    def _key(self):
        return (self.pile, self.player)


def test_any_game_works():
    w = Explorer(Nim())
    assert w.title == "test-nim" and w.meta["players"] == 0
    assert [a["text"] for a in w.legal] == ["1", "2"]
    send(w, "act", text="2")
    assert w.view == {"game": "test-nim", "pile": 3, "to_move": 1}
    assert w.log[0]["text"] == "2" and w.log[0]["label"] == "2"
    send(w, "playout")
    assert w.meta["terminal"] and w.view["pile"] == 0


# -- plots ---------------------------------------------------------------------------------------

def _midgame(plies=40, seed=2):
    w = Explorer(lotus(seed=seed), random_seed=seed)
    for _ in range(plies):
        w.random_move()
    return w


def test_control_plot_has_a_bar_per_seat_and_flower():
    w = _midgame()
    flowers = w.state.view(None)["flowers"]
    assert flowers
    fig = plots.control_plot(w.state)
    assert [r.name for r in fig.renderers] == ["seat-0", "seat-1", "seat-2"]
    for i, r in enumerate(fig.renderers):
        assert type(r.glyph).__name__ == "VBar"
        assert r.data_source.data["influence"] == [f["influence"][i] for f in flowers]
        assert len(r.data_source.data["flower"]) == len(flowers)
    assert list(fig.x_range.factors) == fig.renderers[0].data_source.data["flower"]
    again = plots.control_plot(w.state)
    assert [r.data_source.data for r in again.renderers] == [r.data_source.data for r in fig.renderers]
    empty = plots.control_plot(lotus())
    assert all(len(r.data_source.data["flower"]) == 0 for r in empty.renderers)


def test_score_race_follows_the_line():
    w = _midgame()
    line = [n.state for n in w.timeline.line()]
    for source in (w.timeline, w, line):
        fig = plots.score_race(source)
        lines = [r for r in fig.renderers if r.name.startswith("seat-")]
        assert [r.name for r in lines] == ["seat-0", "seat-1", "seat-2"]
        outlines = [r.name for r in fig.renderers if r.name.startswith("outline-")]
        assert outlines == ["outline-0", "outline-1", "outline-2"]
        for i, r in enumerate(lines):
            assert r.data_source.data["ply"] == list(range(len(line)))
            assert r.data_source.data["score"] == [s.view(-1)["seats"][i]["score"] for s in line]


def test_show_wraps_a_bokeh_model_and_serves_bokehjs():
    from jupyter_bokeh import BokehModel

    fig = plots.control_plot(_midgame().state)
    p = plots.show(fig)
    assert isinstance(p, plots.Plot) and isinstance(p.plot, BokehModel) and p.figure is fig
    assert p.get_state()["plot"] == "IPY_MODEL_" + p.plot.model_id
    assert "http" not in plots._LOADER_ESM and "import" not in plots._LOADER_ESM.split("export")[0]
    sent = []
    p.send = lambda content, buffers=None: sent.append((content, buffers))
    p._send_bokehjs(p, {"type": "bokehjs"}, [])
    (content, buffers), = sent
    assert content == {"type": "bokehjs", "version": p.bokeh_version}
    assert b"root.Bokeh = bokeh" in buffers[0]
    p._send_bokehjs(p, {"type": "something else"}, [])
    assert len(sent) == 1


# -- what the explorer adds to the timeline: counter, comments, compare, windows, score race --------

def test_counter_names_the_turn_the_step_and_the_seat_to_act(w):
    assert w.meta["counter"] == "turn 1 · action 1 of 2 · Red Ladybug to act"
    w.play(w.legal[0]["text"])
    assert w.meta["counter"] == "turn 1 · action 2 of 2 · Red Ladybug to act"
    w.playout()
    assert w.meta["counter"].endswith("final scores · game over")


def test_comment_mark_and_compare_from_the_front_end(w):
    send(w, "act", text=w.legal[0]["text"])
    send(w, "comment", text="a quiet start")
    assert w.node.comment == "a quiet start" and w.meta["comment"] == "a quiet start"
    assert w.log[-1]["comment"] == "a quiet start"
    send(w, "comment", text="x" * 5000)
    assert "2000" in w.error and w.node.comment == "a quiet start"
    send(w, "compare")
    assert "mark a node first" in w.error
    send(w, "mark")
    marked = w.node.id
    for _ in range(3):
        send(w, "random")
    assert w.meta["mark"] == marked
    send(w, "compare")
    assert w.diff["a"] == marked and w.diff["b"] == w.node.id and w.diff["lines"]
    assert w.compare() == w.diff["lines"]
    send(w, "clear_compare")
    assert w.diff == {}


def test_compare_in_a_seat_view_hides_other_hands():
    w = Explorer(lotus(seed=4), random_seed=4)
    w.mark()
    for _ in range(10):
        w.random_move()
    w.set_seat(1)
    lines = w.compare(w.timeline.root, w.node)
    from explorer.compare import view_ids
    seen = view_ids(w.state.view(1)) | view_ids(w.timeline.root.state.view(1))
    hidden = (hidden_ids(w.state, 1) | hidden_ids(w.timeline.root.state, 1)) - seen
    details = w.diff["details"]
    assert hidden and lines and not any(i in line for line in lines + details for i in hidden)
    own = {c["id"] for c in w.state.view(1)["seats"][1]["hand"]} - {
        c["id"] for c in w.timeline.root.state.view(1)["seats"][1]["hand"]}
    from explorer.games.lotus.words import name
    said = [name(i, w.state).partition(" ")[2] for i in own]  # 'blue 5-petal single-symbol card'
    assert own and any(x in line for line in lines for x in said)  # its own new cards are named, in words


def test_preview_is_sent_only_to_the_seat_that_may_act(w):
    text = w.legal[0]["text"]
    send(w, "preview", text=text)
    assert w.error == "" and w.preview == {"action": text, "node": 0}  # Lotus draws no preview
    send(w, "act", text=text)  # moving clears it
    assert w.preview == {}
    send(w, "back")
    w.set_seat(2)
    send(w, "preview", text=text)
    assert "turn" in w.error and w.preview == {}


def test_long_timelines_are_synced_as_a_window():
    tl = Timeline(Nim(pile=20_001))
    for _ in range(10_000):
        tl.play(1)
    w = Explorer(tl, score_panel=False)
    from explorer.widgets import PAGE
    assert PAGE < len(w.log) <= 2 * PAGE and w.meta["earlier"] and not w.meta["more_ahead"]
    size = len(json.dumps({k: w.get_state()[k] for k in SYNCED}))
    assert size < 60_000, size
    w.goto(tl.root.children[0])
    assert len(w.log) == 3 * PAGE and w.meta["more_ahead"] and not w.meta["earlier"]
    w.goto(5000)
    assert len(w.log) == 3 * PAGE and w.node.id in [e["id"] for e in w.log]
    log = w.log
    w.forward()  # inside the window: the log is not rebuilt (nothing resent)
    assert w.log is log or w.log == log


def test_the_panel_shows_a_score_race_that_follows_the_line():
    w = Explorer(lotus(seed=3), random_seed=3)
    panel = w.panel
    fig = w._panel.race.plot.figure
    assert panel.children == (w, w._panel.race.plot)
    for _ in range(30):
        w.random_move()
    src = fig.select_one({"name": "score-seat-0"})
    assert src.data["ply"] == list(range(31))
    assert src.data["score"][-1] == w.state.view(-1)["seats"][0]["score"]
    w.goto(w.timeline.root.children[0])
    assert fig.select_one({"name": "current-ply"}).location == 1
    assert src.data["ply"] == list(range(31))  # same line: the data is not resent
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == panel.model_id


def test_in_a_kernel_the_score_race_is_redrawn_when_the_steps_pause():
    """With an event loop running (as in a kernel) the race follows the line RACE_QUIET after the last of a
    burst of steps, ending on the current node, instead of after every step; a long burst still redraws it
    every RACE_MAX_WAIT."""
    import asyncio

    from explorer.race import MAX_WAIT as RACE_MAX_WAIT
    from explorer.race import QUIET as RACE_QUIET

    async def burst():
        w = Explorer(lotus(seed=3), random_seed=3)
        w.panel  # noqa: B018
        cursor = w._panel.race.plot.figure.select_one({"name": "current-ply"})
        src = w._panel.race.plot.figure.select_one({"name": "score-seat-0"})
        for _ in range(6):
            w.random_move()
        assert cursor.location == 0 and src.data["ply"] == [0]  # not redrawn yet
        await asyncio.sleep(RACE_QUIET * 1.5)
        assert cursor.location == 6 and src.data["ply"] == list(range(7))
        w.back()
        await asyncio.sleep(RACE_QUIET * 0.5)
        w.back()  # still stepping: the redraw waits for the pause
        await asyncio.sleep(RACE_QUIET * 0.7)
        assert cursor.location == 6
        await asyncio.sleep(RACE_QUIET * 0.8)
        assert cursor.location == 4 and w._panel.race.due is None
        steps = int(RACE_MAX_WAIT / (RACE_QUIET / 2)) + 6  # a burst longer than RACE_MAX_WAIT, never pausing
        for _ in range(steps):
            w.random_move()  # new moves from ply 4: the line grows to ply 4 + steps
            await asyncio.sleep(RACE_QUIET / 2)
        assert 4 < cursor.location < 4 + steps  # redrawn during the burst, not only at its end
        await asyncio.sleep(RACE_QUIET * 1.5)
        assert cursor.location == 4 + steps and src.data["ply"] == list(range(5 + steps))

    asyncio.run(burst())


def test_states_draw_themselves_without_the_widget():
    s = lotus(seed=5)
    for a in s.legal_actions()[:1]:
        s = s.apply(a)
    picture = s._repr_svg_()
    assert picture.startswith("<svg") and picture.endswith("</svg>") and "Primrose" in picture or "flower" in picture
    assert s._repr_html_().startswith("<div><svg")
    mine = s.view(None)["seats"][1]["hand"]
    seat0 = s.svg(0)
    assert "hidden" in seat0 and "Blue" in seat0
    assert len(mine) == s.view(0)["seats"][1]["hand_size"]


def test_a_tutorial_is_written_from_the_explorer(tmp_path):
    from explorer import tutorial
    w = Explorer(lotus(seed=6), random_seed=6)
    w.comment("Setting the scene <b>bold</b>", node=w.timeline.root)
    for _ in range(4):
        w.random_move()
    w.comment("'); import os  # a comment is never code")
    w.back()
    path = tutorial.export(w, tmp_path / "t.ipynb", title="Four moves")
    import nbformat
    nb = nbformat.read(path, as_version=4)
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    md = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert len(code) == 1 + 4 + 1  # set-up, one per move (through current to the end of the line), describe
    assert "Four moves" in md and "&lt;b&gt;" in md and "import os" in md
    assert not any("import os" in c for c in code)
    # replaying the cells gives the explorer's final position
    env: dict = {}
    for c in code[:-1]:
        exec(compile(c.replace("\nstate", "\n_ = state"), "cell", "exec"), env)  # noqa: S102 - our own cells
    assert env["state"] == w.timeline.mainline()[-1].state
    with pytest.raises(ValueError, match="ipynb"):
        tutorial.export(w, tmp_path / "t.txt")


# -- bots in the explorer ------------------------------------------------------------------------

def test_bot_move_and_analysis_for_the_seat_to_act():
    w = Explorer(lotus(seed=8), random_seed=8, bot="heuristic")
    w.panel  # noqa: B018
    send(w, "analyse")
    rows = w.analysis["rows"]
    assert w.error == "" and w.analysis["seat"] == 0 and w.analysis["node"] == w.node.id
    assert sorted(r["action"] for r in rows) == sorted(str(a) for a in w.state.legal_actions())
    assert sum(r["chosen"] for r in rows) == 1
    chosen = next(r["action"] for r in rows if r["chosen"])
    assert len(w.panel.children) == 3  # explorer, score race, the analysis chart
    send(w, "bot")
    assert w.error == "" and w.node.ply == 1 and w.node.action == chosen  # heuristic: same choice again
    assert w.analysis == {}  # it belonged to the previous position
    send(w, "analyse", bot="mcts")
    assert w.analysis["bot"].startswith("mcts") and sum(r["visits"] for r in w.analysis["rows"]) > 0
    send(w, "bot", bot="nonsense")
    assert "bot must be" in w.error and w.node.ply == 1


def test_a_seat_may_not_run_a_bot_for_another_and_analysis_is_never_shown_to_it():
    w = Explorer(lotus(seed=8), seat=0, bot="heuristic")
    send(w, "analyse")
    assert w.analysis["rows"]
    send(w, "seat", seat=1)  # the analysis lists seat 0's moves (its hand): gone from seat 1's view
    assert w.analysis == {}
    for kind in ("bot", "analyse"):
        send(w, kind)
        assert "turn" in w.error and w.node.ply == 0 and w.analysis == {}
    text = synced_json(w)
    assert not {i for i in hidden_ids(w.state, 1) if i in text}


def test_bot_moves_are_reproducible():
    a = Explorer(lotus(seed=9), random_seed=3, bot="mcts", bot_options={"iterations": 40})
    b = Explorer(lotus(seed=9), random_seed=3, bot="mcts", bot_options={"iterations": 40})
    for _ in range(3):
        a.bot_move()
        b.bot_move()
    assert [n.action for n in a.timeline.line()] == [n.action for n in b.timeline.line()]
    with pytest.raises(ValueError, match="bot must be"):
        Explorer(lotus(), bot="alphazero")


def test_an_explorer_opens_a_saved_timeline(tmp_path):
    w = Explorer("lotus", players=3, seed=4, random_seed=4)
    for _ in range(6):
        w.random_move()
    w.comment("saved here")
    path = tmp_path / "line.json"
    w.timeline.save(path)
    again = Explorer(str(path))
    assert again.state == w.state and again.node.comment == "saved here"
    assert Explorer(path).timeline.to_json() == w.timeline.to_json()
    (tmp_path / "bad.json").write_text('{"format": "explorer-timeline", "version": 2, "root": 7}')
    with pytest.raises(explorer.PositionError):
        Explorer(str(tmp_path / "bad.json"))
