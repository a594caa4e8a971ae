"""The search's playouts price actions with `Table.from_state`: the same prices as the heuristic's view-based
Table, at every decision of mixed heuristic and random games (2-4 players, the family variant)."""
import random

import pytest

import explorer
from explorer.bots import HeuristicBot
from explorer.games.lotus.strategy import Table


@pytest.mark.parametrize("players,opts", [(2, {}), (3, {}), (4, {}), (4, {"family": True})])
def test_from_state_prices_like_the_view(players, opts):
    h = HeuristicBot()
    checked = 0
    for seed in range(2):
        s = explorer.load("lotus", players=players, seed=seed, **opts)
        r = random.Random(seed)
        while not s.is_terminal:
            acts = s.legal_actions()
            for again in (True, False):
                want = Table(s.view(s.current_player), again).rate(acts, "auto")
                assert Table.from_state(s, again).rate(acts, "auto") == want
                checked += 1
            s = s.apply(h.choose(s) if r.random() < 0.7 else r.choice(acts))
    assert checked > 100
