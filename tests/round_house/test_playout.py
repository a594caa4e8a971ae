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
