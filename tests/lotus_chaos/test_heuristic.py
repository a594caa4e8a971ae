"""The bot hooks (heuristic.py): read from one seat's view, prefer a win, accuse only on evidence."""
from explorer.games.lotus_chaos.heuristic import candidates, progress, rate

from .helpers import pos


def test_prefers_the_winning_move():
    s = pos(hexes={0: [0, -2], 1: [0, -3]}, cards={0: [30]})  # Red 1 (north) one hex south of Blue 2 on N
    acts = s.legal_actions()
    scores = dict(zip(map(str, acts), rate(s.view(0), acts)))
    assert max(scores, key=scores.get) == "move N" and scores["move N"] == 0.0  # met; the turn goes on
    s = pos(hexes={0: [0, -2], 1: [0, -3]})  # no card to play: the move ends the turn, and wins
    acts = s.legal_actions()
    scores = dict(zip(map(str, acts), rate(s.view(0), acts)))
    assert scores["move N"] == 1000.0 and max(scores.values()) == 1000.0


def test_accuses_only_on_evidence():
    s = pos(phase="accusations", turn={"window": [0, 1, 2, 3, 4, 5]}, revealed=[])
    acts = s.legal_actions()
    scores = dict(zip(map(str, acts), rate(s.view(0), acts)))
    assert scores["pass"] > max(v for k, v in scores.items() if k.startswith("accuse"))
    # the players out of the game revealed theirs: Grey 4, the last other one, must hold what is left
    s = pos(phase="accusations", turn={"window": [0, 3]}, revealed=[], alive=[True, False, False, True, False, False])
    view = s.view(0)
    assert candidates(view, 3) == {"purple"}
    acts = s.legal_actions()
    scores = dict(zip(map(str, acts), rate(view, acts)))
    assert max(scores, key=scores.get) == "accuse 4 purple" and scores["accuse 4 north"] < scores["pass"]


def test_progress_is_zero_when_met_and_negative_otherwise():
    s = pos(hexes={0: [0, -3], 1: [0, -3]})
    assert progress(s, 0) == 0.0
    assert progress(pos(), 0) < 0
