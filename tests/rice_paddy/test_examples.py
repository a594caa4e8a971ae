"""The example helpers and the demonstration policy used by the notebooks."""
import random

import pytest

from explorer.games.rice_paddy.examples import finish, in_order, simple_policy, until

from .helpers import edit, game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simple_policy_plays_whole_games_that_build_paddies(players):
    s = game(players, seed=players)
    rnd = random.Random(players)
    while not s.is_terminal:
        s = s.apply(simple_policy(s, rnd))
    s.check_invariants()
    assert s.winners() and max(s.scores()["seats"]) > 0
    assert max(len(s.F(i).paddies) for i in range(players)) > 1  # someone built


def test_helpers_reach_steps_and_fix_the_order():
    s = until(game(3, seed=1), "drain", 2)
    assert (s.round, s.step) == (2, "drain")
    t = edit(until(game(3, seed=1), "alloc"), lambda js: in_order(js, 2, 0, 1))
    assert t.order == (2, 0, 1) and t.current_player == 2
    f = finish(t, "achieve")
    assert f.round == 2 or f.step in ("achieve", "market")
    with pytest.raises(ValueError):
        until(game(2, seed=1), "market", 9)


def test_bot_hook_rates_from_the_view_only():
    from explorer.games.rice_paddy.heuristic import rate
    s = game(2, seed=1)
    assert rate(s.view(0), s.legal_actions()) == [0.0] * len(s.legal_actions())  # draft: left to chance
    s = until(s, "alloc")
    seat = s.current_player
    scores = rate(s.view(seat), s.legal_actions())
    assert scores.count(1.0) == 1 and len(scores) == len(s.legal_actions())
    assert s.legal_actions()[scores.index(1.0)] == simple_policy(s, random.Random(0))
