"""Every worked example of the English rulebook, replayed (they also appear in notebook 1)."""
import pytest

import explorer
from explorer.games.lotus import examples as E


def play(name):
    s, actions, _ = E.ALL[name]()
    states = [s]
    for a in actions:
        states.append(states[-1].apply(a))
        states[-1].check_invariants()
    return states


def seat_view(s, seat):
    return s.view(None)["seats"][seat]


def test_turn_player1_guardian_then_complete_iris():
    """lotus.move.incomplete, lotus.complete.control, lotus.complete.pick, lotus.complete.return"""
    s0, s1, s2, s3, s4, s5 = play("turn_player1")
    iris = s1.view(None)["flowers"][0]
    assert iris["petals"] == 3 and iris["influence"] == [1, 2, 0]  # Red guardian; Blue symbol + guardian
    assert s2.view(None)["phase"] == "reward" and s2.current_player == 0
    assert s2.view(None)["pending_rewards"] == [0]
    red = seat_view(s2, 0)
    assert red["pile_size"] == 3 and red["supply"]["insects"] == 2
    assert seat_view(s2, 1)["supply"]["insects"] == 2  # Blue's guardian went home
    assert s3.tokens[0] == 1 and s3.phase == 2  # reward taken, now the draw step
    assert len(s5.hands[0]) == 4 and s5.current_player == 1  # drew two, turn over


def test_turn_player2_exchange_then_infinite_growth():
    """lotus.exchange.one-or-two, lotus.power.growth"""
    s0, s1, s2, *rest = play("turn_player2")
    assert sorted(c["id"] for c in s1.view(1)["seats"][1]["hand"]) == ["B5s1", "B5s2", "B7s1", "W5w1"]
    assert [c["id"] for c in s0.view(None)["seats"][1]["hand"]] != [c["id"] for c in s1.view(None)["seats"][1]["hand"]]
    deck = s1.to_json()["decks"][1]
    assert deck[:2] == ["B3s1", "B4s1"]  # the exchanged cards went to the bottom
    assert s2.view(None)["pending_rewards"] == [1]
    assert seat_view(s2, 1)["pile_size"] == 5
    # without the power, three cards in one action are illegal
    plain = explorer.from_json({**s0.to_json(), "powers": [[], [], []]})
    with pytest.raises(explorer.IllegalAction) as err:
        plain.apply("x3s4s").apply("5ssw")
    assert err.value.rule == "lotus.play.one-or-two"
    assert len(rest[-1].hands[1]) == 4


def test_turn_player3_elder_counts_two():
    """lotus.power.elder"""
    s0, s1, s2, *_ = play("turn_player3")
    lily = s1.view(None)["flowers"][0]
    assert lily["placed"] == 5 and lily["influence"] == [3, 2, 4]
    assert s2.view(None)["pending_rewards"] == [2]
    for seat in range(3):
        assert seat_view(s2, seat)["supply"]["insects"] == 2
    assert seat_view(s2, 2)["supply"]["elder"] is True
    # the same flower without the elder would be Red's
    assert lily["influence"][2] - 2 < lily["influence"][0]


def test_completed_flower_picker_and_controller_differ():
    """lotus.complete.pick, lotus.complete.reward"""
    s0, s1 = play("completed_flower")
    assert seat_view(s1, 1)["pile_size"] == 7
    assert s1.current_player == 0 and s1.view(None)["phase"] == "reward"
    s2 = s1.apply("+elder")
    assert s2.powers[0] and s2.current_player == 1  # back to Blue's turn: the draw step


def test_end_game_tie_examples():
    """lotus.end.incomplete"""
    *_, end = play("end_game_ties")
    assert end.is_terminal
    piles = end.to_json()["piles"]
    assert sorted(piles[1]) == ["R4d1", "W4w1"]  # Blue's elder + guardian beat Red's two symbols
    assert "R6s1" in piles[0] and "Y6s1" in piles[2]  # Red and Yellow split the Lily...
    out = end.to_json()["out"]
    assert "W6w1" in out  # ...and the remainder leaves the game
    assert {"W3w1", "W3w2"} <= set(out)  # the three-way tie on two Iris cards: both removed
    assert end.scores()["seats"] == [1, 2, 2]


def test_scoring_example():
    """lotus.end.scoring"""
    (s,) = play("scoring")
    assert s.scores()["seats"] == [45, 41, 36]
    assert s.winners() == [0]
