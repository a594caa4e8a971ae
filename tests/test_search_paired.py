"""The search's paired comparison (a game's evaluate.py declares PAIRED, as Lotus does): the heuristic's move
is overruled by the difference between two candidates on the worlds both were played in."""
import math

import explorer
from explorer.bots import HeuristicBot, SearchBot
from explorer.bots.search import _paired


def test_a_paired_difference_cancels_the_luck_of_each_world():
    a = {0: 0.9, 1: 0.2, 2: 0.6, 3: 0.4}
    b = {0: 0.8, 1: 0.1, 2: 0.5, 3: 0.3, 4: 1.0}  # world 4: only b was played there
    mean, err = _paired(a, b)
    assert math.isclose(mean, 0.1) and err < 1e-9
    assert _paired({0: 1.0}, {0: 0.0}) == (0.0, 1.0)  # one common world: no verdict


def test_lotus_search_is_paired_and_keeps_the_heuristic_move_unless_clearly_beaten():
    from explorer.games.lotus import evaluate
    assert evaluate.PAIRED
    s = explorer.load("lotus", players=3, seed=7)
    h = HeuristicBot()
    for _ in range(6):
        s = s.apply(h.choose(s))
    bot = SearchBot(iterations=60, seed=3)
    t = bot.think(s)
    assert t.moves[0].action in s.legal_actions()
    assert SearchBot(iterations=60, seed=3).think(s).moves[0].action == t.moves[0].action
