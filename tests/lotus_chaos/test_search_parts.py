"""What the search needs of the chaos game (evaluate.py) and the shared belief (belief.shared_belief)."""
import explorer
from explorer.bots import HeuristicBot
from explorer.games.lotus_chaos.belief import belief, shared_belief
from explorer.games.lotus_chaos.board import board
from explorer.games.lotus_chaos.evaluate import AHEAD_WINS, SHORT_WINS, evaluate, features, settled

from .helpers import pos


def positions(seed, plies):
    s = explorer.load("lotus_chaos", seed=seed)
    bot = HeuristicBot(seed=seed)
    out = []
    while not s.is_terminal and len(out) < plies:
        out.append(s)
        s = s.apply(bot.choose(s))
    return out


def test_shared_belief_is_the_belief():
    for s in positions(3, 60)[::7]:
        for seat in range(6):
            v = s.view(seat)
            assert shared_belief(v, board(v["radius"]), False) == belief(v)
            assert shared_belief(v, board(v["radius"]), False) == belief(v)  # the kept one


def test_evaluation_weighs_turn_order_and_steps():
    s = positions(4, 40)[-1]
    got = features(s)
    assert set(got) == {i for i in range(6) if s.alive[i]}
    win, margin = evaluate(s)
    assert abs(sum(win) - 1) < 1e-9 and len(margin) == 6
    w = [AHEAD_WINS[a] * SHORT_WINS[k] for a, k in (got[i] for i in range(6))]
    assert [round(x, 9) for x in win] == [round(x / sum(w), 9) for x in w]
    # the seat to act is first in the turn order: in round 2 and later nothing comes before it
    assert AHEAD_WINS[0] == max(AHEAD_WINS[:6])


def test_accusation_windows_are_the_heuristics():
    from explorer.games.lotus_chaos.heuristic import rate
    for alive in ([True] * 6, [True, False, True, True, False, False], [True, False, False, True, False, False]):
        s = pos(phase="accusations", turn={"window": [0, 3]}, revealed=[], alive=alive)
        acts = s.legal_actions()
        rated = rate(s.view(0), acts)
        assert settled(s.view(0), acts) == acts[rated.index(max(rated))]
    # Grey 4, the last other one in the game, must hold purple: the heuristic accuses
    assert str(settled(s.view(0), acts)) == "accuse 4 purple"
    # not an accusation window: searched
    s = next(x for x in positions(5, 20) if "pass" not in map(str, x.legal_actions()))
    assert settled(s.view(s.current_player), s.legal_actions()) is None


def test_the_search_bot_plays_a_settled_decision_without_searching():
    from explorer.bots import SearchBot
    s = pos(phase="accusations", turn={"window": [0, 1, 2, 3, 4, 5]}, revealed=[], hexes={3: [2, 1]})
    bot = SearchBot(iterations=20, seed=1)
    assert str(bot.choose(s)) == "pass" and bot.last is None
