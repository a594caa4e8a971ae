"""The search's playout policy (evaluate.policy) is the heuristic's choice, rated from the state instead of
a state rebuilt from the seat's view."""
import random

import explorer
from explorer import bots
from explorer.games.rice_paddy import evaluate
from explorer.games.rice_paddy.heuristic import rate
from explorer.games.rice_paddy.strategy import scores


def test_state_rating_equals_the_views():
    """At every decision of two heuristic games, 3 and 4 players, the rating read from the state is the
    rating read from the acting seat's view, and the policy picks one of its best."""
    checked = 0
    for players, seed in ((3, 4), (4, 11)):
        s = explorer.load("rice_paddy", players=players, seed=seed)
        hs = [bots.make("heuristic", seed=seed + i) for i in range(players)]
        rand = random.Random(seed).random
        while not s.is_terminal:
            acts = s.legal_actions()
            if len(acts) > 1:
                want = rate(s.view(s.current_player), acts)
                assert scores(s, acts) == want, (s.step, s.round)
                pick = evaluate.policy(s, acts, rand)
                assert want[acts.index(pick)] == max(want)
                checked += 1
            s = s.apply(hs[s.current_player].choose(s))
    assert checked > 500


def test_alike_moves_stop_the_search_early():
    """Workers placed in another order lead to the same play: the search stops once every candidate valued
    the same in `alike` common worlds, and keeps the heuristic's move."""
    s = explorer.load("rice_paddy", players=3, seed=2)
    h = bots.make("heuristic", seed=1)
    while not (s.step == "alloc" and s.round == 2):
        s = s.apply(h.choose(s))
    bot = bots.make("search", seed=3, iterations=200, alike=2, turns=24, depth=400)
    t = bot.think(s)
    assert t.iterations < 200 and len({round(m.win[t.seat], 12) for m in t.moves}) == 1
    assert str(t.moves[0].action) == str(bots.make("heuristic", seed=1).choose(s))


def test_a_finished_playout_is_valued_by_the_pairs_each_seat_wins():
    win, margin = evaluate.pairs([80, 70, 60], evaluate.SCALE)
    assert abs(sum(win) - 1) < 1e-12 and win[0] > win[1] > win[2] > 0 and margin == [10, -10, -20]
    assert evaluate.pairs([50, 50], 4.0)[0] == [0.5, 0.5]
