"""The bot hooks (heuristic.py, belief.py): read from one seat's view, plan the turn, accuse on evidence."""
from explorer.games.lotus_chaos.belief import belief, short
from explorer.games.lotus_chaos.board import board
from explorer.games.lotus_chaos.heuristic import WIN, candidates, rate

from .helpers import pos


def scores(s, seat=0) -> dict:
    acts = s.legal_actions()
    return dict(zip(map(str, acts), rate(s.view(seat), acts)))


def test_prefers_the_winning_move():
    # Red 1 (north) one hex south of Blue 2 on N: moving there meets north at the end of the turn
    for cards in ({0: [30]}, {}):  # with a card left to play, the turn can still end there
        got = scores(pos(hexes={0: [0, -2], 1: [0, -3]}, cards=cards))
        assert max(got, key=got.get) == "move N" and got["move N"] == WIN
        assert all(v < 0 for k, v in got.items() if k != "move N")


def test_a_rival_objective_is_not_handed_over():
    # Blue 2 (centre, seat 1) and Yellow 3 stand on the centre; Red 1, a hex north of it, stepping in would
    # meet centre for whoever holds it, and Blue's token there makes that likely Blue
    s = pos(hexes={0: [0, -1], 1: [0, 0], 2: [0, 0], 4: [-2, 3], 5: [-2, 0]})
    got = scores(s)
    assert got["move S"] < -WIN / 2 < min(v for k, v in got.items() if k != "move S")


def test_accuses_only_on_evidence():
    got = scores(pos(phase="accusations", turn={"window": [0, 1, 2, 3, 4, 5]}, revealed=[]))
    assert got["pass"] > max(v for k, v in got.items() if k.startswith("accuse"))
    # the players out of the game revealed theirs: Grey 4, the last other one, must hold what is left
    s = pos(phase="accusations", turn={"window": [0, 3]}, revealed=[], alive=[True, False, False, True, False, False])
    assert candidates(s.view(0), 3) == {"purple"}
    got = scores(s)
    assert max(got, key=got.get) == "accuse 4 purple" and got["accuse 4 north"] < got["pass"]


def test_belief_is_a_probability_per_seat_and_reads_the_tokens():
    b = belief(pos().view(0))
    assert b[0] == {} and all(abs(sum(x.values()) - 1) < 1e-9 for x in b[1:])
    assert "north" not in b[1]  # the viewer holds north
    # a token that stays on the south corner makes south likelier for its owner than for the others
    assert b[3]["south"] > max(x.get("south", 0) for i, x in enumerate(b) if i not in (0, 3))


def test_short_counts_steps_to_an_objective():
    b = board(3)
    pos_ = ((0, -3), (0, -3), (3, 0), (0, 3), (-3, 3), (-3, 0))
    assert short(b, "north", 0, pos_) == 0  # on N with another token: met
    assert short(b, "north", 2, pos_) == 6  # SE is six steps from N, where another token already stands
    assert short(b, "centre", 0, pos_) == 3 + 3 + 3  # every token three steps from the centre
