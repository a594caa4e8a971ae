"""explorer.analysis (issue 23, points 2-4): evaluation, reasons and review in every game, at small budgets;
a seat's figures never depend on what it cannot see; glyph thresholds; variations and comments; progress
and cancel; "learn from your mistakes" chapters."""
from __future__ import annotations

import threading

import pytest

import explorer
from explorer import analysis
from explorer.core import ledger, spec
from explorer.timeline import Timeline
from tests.test_seat_leaks import _named, unseen_everywhere
from tests.test_widget_privacy import everything_synced, random_line

GAMES = ("lotus", "lotus_chaos", "rice_paddy", "round_house")
LOAD = {"lotus": {"players": 3}}
IT = 8  # iterations: enough to exercise the code, not to play well


def start(game, seed=3):
    return explorer.load(game, seed=seed, **LOAD.get(game, {}))


def twin(state, seat, seed=99):
    """A position that `seat` cannot tell from `state` (its hidden parts re-drawn), but that is not `state`."""
    other = spec(state.game_name).from_view(state.view(seat), seed)
    assert other.view(seat) == state.view(seat)
    assert other.to_json() != state.to_json(), "nothing hidden to re-draw"
    return other


@pytest.mark.parametrize("game", GAMES)
def test_an_evaluation_gives_each_seat_a_chance_to_win(game):
    s = start(game)
    for viewer in (None, -1, s.current_player):
        ev = analysis.evaluate(s, viewer, iterations=IT)
        n = len(s.scores()["seats"])
        assert len(ev.win) == len(ev.margin) == len(ev.stderr) == len(ev.names) == n
        assert abs(sum(ev.win) - 1) < 1e-6 and all(0 <= w <= 1 for w in ev.win)
        assert ev.bot == f"search, {IT} iterations" and ev.viewer == viewer
        assert ev.to_json()["seats"][0]["name"] == ev.names[0]


def test_a_finished_game_is_evaluated_by_its_result():
    tl = random_line("rice_paddy", 2, 2000)
    end = tl.current.state
    assert end.is_terminal
    ev = analysis.evaluate(end, 0)
    assert ev.final and ev.bot == "the result" and set(ev.stderr) == {0.0}
    assert max(ev.win) > 0 and [i for i, w in enumerate(ev.win) if w > 0] == end.winners()


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_evaluation_never_depends_on_what_it_cannot_see(game):
    s = start(game)
    for viewer in (s.current_player, (s.current_player + 1) % len(s.scores()["seats"]), -1):
        other = twin(s, viewer if viewer != -1 else s.current_player, seed=77)
        if viewer == -1:
            assert other.view(-1) == s.view(-1)
        assert analysis.evaluate(s, viewer, IT, seed=5) == analysis.evaluate(other, viewer, IT, seed=5)


@pytest.mark.parametrize("game", GAMES)
def test_reasons_name_the_top_moves_in_words(game):
    s = random_line(game, 4, 6, **LOAD.get(game, {})).current.state
    top = analysis.reasons(s, iterations=IT, top=4)
    legal = {str(a) for a in s.legal_actions()}
    assert top and all(r.move in legal for r in top)
    assert top[0].move == str(analysis.think(s, None, IT, 0).moves[0].action)  # the search's own order
    assert all(r.words for r in top) and any(r.reasons for r in top)
    ids = ledger(game)
    assert all(rule in ids for r in top for rule in r.rules)
    assert not any("visits" in r.to_json() for r in top)
    with pytest.raises(PermissionError):
        analysis.reasons(s, (s.current_player + 1) % len(s.scores()["seats"]), iterations=IT)


def test_lotus_reasons_say_which_flower_a_move_completes():
    s = explorer.example("lotus", "completed_flower")
    top = analysis.reasons(s, iterations=20, top=8)
    done = [r for r in top if any(x.startswith("completes the Lotus") for x in r.reasons)]
    assert done and all("lotus.complete.control" in r.reasons[-2] or "lotus.complete.control" in " ".join(r.reasons)
                        for r in done)


@pytest.mark.parametrize("loss,stderr,glyph", [
    (0.30, 0.0, "??"), (0.15, 0.0, "??"), (0.149, 0.0, "?"), (0.10, 0.0, "?"), (0.07, 0.0, "?!"),
    (0.05, 0.0, "?!"), (0.049, 0.0, ""), (0.0, 0.0, ""), (0.30, 0.2, ""), (0.30, 0.1, "??"), (0.12, 0.07, "")])
def test_glyph_thresholds(loss, stderr, glyph):
    assert analysis.glyph_for(loss, stderr) == glyph


def _line(game, plies=8, seed=4):
    return random_line(game, seed, plies, **LOAD.get(game, {}))


@pytest.mark.parametrize("game", GAMES)
def test_a_review_is_deterministic_and_judges_each_move_for_its_mover(game):
    tl = _line(game)
    a = analysis.review(tl, iterations=IT, seed=2, progress=False, annotate=False)
    b = analysis.review(tl, iterations=IT, seed=2, progress=False, annotate=False)
    assert a.to_json() == b.to_json() and a.complete
    moves = tl.mainline()[1:]
    assert [p.node for p in a.plies] == [n.id for n in moves]
    assert [p.seat for p in a.plies] == [n.actor for n in moves]
    assert len(a.series) == len(moves) + 1 and all(abs(sum(r) - 1) < 1e-6 for r in a.series)
    for p in a.plies:
        assert not p.glyph or p.glyph == analysis.glyph_for(p.loss)  # (the noise guard only takes glyphs away)
        if p.forced or p.best == p.move:
            assert p.glyph == "" and p.loss == 0
        assert 0 <= p.win <= 1 and p.loss >= 0


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_review_never_depends_on_what_it_cannot_see(game):
    s = start(game)
    seat = s.current_player
    other = twin(s, seat, seed=41)
    lines = [Timeline(s), Timeline(other)]
    for _ in range(3):  # the seat's own first moves, while they show it the same in both
        a, b = (tl.current.state for tl in lines)
        if a.current_player != seat:
            break
        act = sorted(str(x) for x in a.legal_actions())[0]
        if a.apply(a.parse_action(act)).view(seat) != b.apply(b.parse_action(act)).view(seat):
            break
        for tl in lines:
            tl.play(act)
    assert len(lines[0].mainline()) > 1
    got = [analysis.review(tl, seat, IT, seed=6, progress=False, annotate=False).to_json() for tl in lines]
    assert got[0] == got[1] and got[0]["done"] == len(lines[0].mainline()) - 1


def test_a_review_writes_glyphs_comments_and_better_lines(monkeypatch):
    monkeypatch.setattr(analysis, "GLYPH_THRESHOLDS", (("??", 0.002), ("?", 0.001), ("?!", 1e-9)))
    monkeypatch.setattr(analysis, "NOISE", 0.0)
    tl = _line("lotus", plies=10)
    main = [n.id for n in tl.mainline()]
    before = len(tl)
    rev = analysis.review(tl, iterations=IT, seed=1, progress=False)
    marked = [p for p in rev.plies if p.glyph]
    assert marked, "every move was the search's first choice"
    assert [n.id for n in tl.mainline()] == main  # the game's own line stays the main line
    assert len(tl) > before
    for p in marked:
        node = tl.nodes[p.node]
        assert node.marks.glyph == p.glyph and "to win" in node.comment
        better = tl.nodes[p.variation]
        assert better.parent is node.parent and better.action == p.best and better is not node
        assert better.comment.startswith("Better: ") and f"after {p.move}" in better.comment
    chapter = analysis.mistakes_chapter(tl, rev, least="?!")
    assert chapter.exercises
    for node_id in chapter.exercises:
        p = next(p for p in marked if chapter.timeline.nodes[p.node].parent.id == node_id)
        assert chapter.check(node_id, p.best).result == "right"
        wrong = chapter.check(node_id, p.move)
        assert wrong.result == "wrong" and "the move played" in wrong.message


def test_progress_and_cancel():
    tl = _line("rice_paddy", plies=12)
    seen, stop = [], threading.Event()

    def progress(done, total):
        seen.append((done, total))
        if done == 3:
            stop.set()
    rev = analysis.review(tl, iterations=IT, progress=progress, cancel=stop)
    assert seen == [(1, 12), (2, 12), (3, 12)]
    assert not rev.complete and len(rev.plies) == 3 and len(rev.series) == 3 and rev.total == 12
    assert "stopped after 3 of 12" in str(rev)
    assert analysis.review(tl, iterations=IT, progress=False, cancel=lambda: True).plies == []


def test_the_advantage_chart_is_svg_with_each_seat():
    tl = _line("round_house", plies=6)
    rev = analysis.review(tl, iterations=IT, progress=False, annotate=False)
    svg = rev.chart_svg(["#d1495b", "#3a6ea5", "#e3b505"])
    assert svg.startswith("<svg") and svg.count("<polyline") == len(rev.names)
    assert all(n in svg for n in rev.names) and 'font-size="11"' in svg


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_explorer_syncs_no_hidden_id_from_the_eval_bar_analysis_or_review(game):
    from explorer.widgets import Explorer
    tl = _line(game, plies=6, seed=3)
    seat = tl.current.state.current_player
    planted = unseen_everywhere(tl, seat)[:4]
    assert planted
    w = Explorer(tl, seat=seat)
    w._session.insight.iterations = w._session.insight.bar_iterations = IT
    w.evaluate(True)
    assert w.evaluation["seats"] and w.evaluation["viewer"] == seat
    w.analyse("search")
    assert w.analysis["kind"] == "search" and w.analysis["rows"]
    w.review(iterations=IT)
    assert w.review_panel["complete"] and w.review_panel["viewer"] == seat
    w.back()
    assert w.evaluation["bot"] == f"search, {IT} iterations"
    assert not _named(everything_synced(w), planted)
    w.set_seat(-1)
    assert w.review_panel == {}  # the review was made in the seat's eyes
    assert not _named(everything_synced(w), planted)


def test_the_review_button_runs_in_the_background_and_cancel_keeps_what_it_has():
    from explorer.widgets import Explorer
    from tests.test_widget_privacy import send
    w = Explorer(_line("lotus", plies=40), random_seed=1)
    w._session.insight.review_iterations = 30
    seen = []
    w.observe(lambda change: seen.append(dict(change["new"])), names="review_panel")
    send(w, "review")
    assert w.error == "" and w.review_panel["running"] and w.review_panel["total"] == 40
    send(w, "review")  # a second one while it runs: refused, said
    assert "already running" in w.error
    for _ in range(600):  # let it start, then cancel
        if w.review_panel.get("done", 0) >= 2 or not w.review_panel.get("running"):
            break
        threading.Event().wait(0.05)
    send(w, "review_cancel")
    w._session.insight.thread and w._session.insight.thread.join(60)
    got = w.review_panel
    assert not got["running"] and not got["complete"] and 2 <= got["done"] < 40
    assert len(got["series"]) == got["done"]
    assert any(s.get("running") and s.get("done", 0) >= 1 for s in seen)  # the progress was synced
