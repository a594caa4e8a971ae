"""The search's state-based rating (explorer/games/round_house/playout.py) equals the heuristic's rating of the
full view: the lite view holds the same values as `state.view(seat)` for every key it has, and every rating
and evaluation made from it is the same, over random games of every player count and option."""
import random
import re

import pytest

import explorer
from explorer.games.round_house import evaluate, heuristic, playout
from tests.round_house.test_same_behaviour import SETUPS


def _subset(lite, full, where="view"):
    if lite is None and re.fullmatch(r"view\.seats\[\d+\]", where):
        return  # a seat's entry not asked for (lite_view's `only`)
    if isinstance(lite, dict):
        assert isinstance(full, dict), where
        for k, v in lite.items():
            assert k in full, f"{where}.{k} is not in the full view"
            _subset(v, full[k], f"{where}.{k}")
    elif isinstance(lite, list):
        assert isinstance(full, list) and len(lite) == len(full), where
        for i, (a, b) in enumerate(zip(lite, full)):
            _subset(a, b, f"{where}[{i}]")
    else:
        assert lite == full and type(lite) is type(full), f"{where}: {lite!r} != {full!r}"


@pytest.mark.parametrize("k", range(len(SETUPS)))
def test_lite_view_rates_as_the_full_view(k):
    players, options = SETUPS[k]
    s = explorer.load("round_house", players=players, seed=100 + k, **options)
    r = random.Random(k)
    step = 0
    while not s.is_terminal:
        acts = s.legal_actions()
        seat = s.current_player
        if step % 3 == 0:
            for who in (seat, None, (seat + 1) % players):
                _subset(playout.lite_view(s, who), s.view(who))
            _subset(playout.lite_view(s, seat, seat), s.view(seat))
            assert playout.rate(s, acts) == heuristic.rate(s.view(seat), acts)
        if step % 15 == 0:
            assert evaluate.project(s) == evaluate.project(s, s.view(None))
        if step % 2:  # random moves and the heuristic's, to reach every kind of position
            a = acts[r.randrange(len(acts))]
        else:
            rated = heuristic.rate(s.view(seat), acts)
            a = acts[rated.index(max(rated))]
        s = s.apply(a)
        step += 1
    _subset(playout.lite_view(s, None), s.view(None))


def _part(values):
    """One worker's search output for a made-up root: per move text, the mover's (seat 0's) win per world."""
    out = {}
    for rank, (a, worlds) in enumerate(values.items()):
        n = len(worlds)
        win = [sum(worlds), n - sum(worlds), 0.0]
        sq = sum(x * x for x in worlds)
        out[a] = (a, n, win, [0.0, 0.0, 0.0], sq, None, (0, 1.0 / (rank + 1), dict(enumerate(worlds))))
    return out, sum(len(w) for w in values.values()), 3


def test_paired_test_overrules_on_common_worlds():
    """PAIRED (Round House's evaluate.py): a move better by 0.1 in every one of 30 common worlds overrules the
    heuristic's move, though the worlds differ so much that the two means' own errors would not allow it; a
    move better on average but not world by world does not."""
    from explorer.bots.search import SearchBot
    spread = [(k % 5) / 5 for k in range(30)]  # worlds from 0 to 0.8
    view = {"current_player": 0, "seats": [{}, {}, {}]}
    bot = SearchBot("round_house", iterations=60)
    steady = _part({"h": spread, "x": [v + 0.1 for v in spread]})
    t = bot._merge("round_house", view, 0, ["h", "x"], [steady], 0.0, False)
    assert t.moves[0].action == "x"
    noisy = _part({"h": spread, "x": [v + (0.5 if k % 2 else -0.3) for k, v in enumerate(spread)]})
    t = bot._merge("round_house", view, 0, ["h", "x"], [noisy], 0.0, False)
    assert t.moves[0].action == "h"
