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
    """The heuristic's rating rebuilt from the seat's view equals its rating of the real position, whose
    hidden parts (other seats' cards and allocations, the deck orders) differ, throughout a whole game; and
    the spirit draft and play are rated, not left to chance."""
    import explorer
    from explorer.games.rice_paddy.heuristic import rate
    from explorer.games.rice_paddy.strategy import scores
    s = game(3, seed=1, setup=False)
    bot = explorer.bots.make("heuristic", seed=1)
    seen = set()
    while not s.is_terminal:
        acts = s.legal_actions()
        if len(acts) > 1:
            got = rate(s.view(s.current_player), acts)
            assert got == scores(s, acts), (s.round, s.step, acts)
            seen.add(s.step)
            if s.step in ("draft", "play"):
                assert len(set(got)) > 1, (s.step, acts)
        s = s.apply(bot.choose(s))
    assert {"setup", "draft", "play", "spirits", "alloc", "build", "rocks", "drain", "achieve", "market"} <= seen
