"""Edge cases found in review: solo passes, impossible turn states, hostile data paths, parsing."""
import pytest

import explorer
from explorer.games.lotus import actions


def solo_after_emptying_the_garden():
    s = explorer.from_json({
        "game": "lotus", "players": 1, "options": {"difficulty": "hard", "solo_powers": "growth"},
        "powers": [["growth"]], "flowers": {"7": ["W7w1", "W7w2", "W7w3"]},
        "hands": [["R7s1", "R7s2", "R7s3", "R7s4"]]})
    return s.apply("7ssss")  # a controlled completion: hand, garden and supply now empty


def test_solo_pass_with_cards_in_the_deck_ends_the_turn_normally():
    """lotus.solo.stuck: only a pass with nothing left to draw loses; otherwise the turn goes on."""
    s = solo_after_emptying_the_garden()
    assert [str(a) for a in s.legal_actions()] == ["pass"]
    after = s.apply("pass")
    assert not after.is_terminal
    view = after.view(None)
    assert view["seats"][0]["hand_size"] == 4 and view["turn"] == 2
    assert sum(f["placed"] for f in view["flowers"]) + view["out"] >= 4  # four wildflowers came out


def test_solo_pass_with_an_empty_deck_loses():
    """lotus.solo.stuck"""
    s = solo_after_emptying_the_garden()
    j = s.to_json()
    j["piles"] = [j["piles"][0] + j["decks"][0]]
    j["decks"] = [[]]
    stuck = explorer.from_json(j)
    out = stuck.apply("pass")
    assert out.is_terminal and out.outcome == "defeat: no action was possible" and out.winners() == []


@pytest.mark.parametrize("patch,field", [
    ({"turn": {"phase": "choose_powers"}}, "turn.phase"),
    ({"turn": {"phase": "actions", "actions_left": 0}}, "turn.actions_left"),
    ({"turn": {"phase": "draw"}}, "turn.phase"),          # full hands: nothing to draw
    ({"turn": {"final_turns_left": -5}}, "turn.final_turns_left"),
    ({"winter": 3}, "winter"),
    ({"completed": [3]}, "winter"),
    ({"options": {}, "data": ""}, "field data"),
    ({"data": "/dev/zero"}, "field data"),  # not a file the user allowed
])
def test_impossible_or_hostile_positions_are_rejected(patch, field):
    base = {"game": "lotus", "players": 3, "seed": 1}
    with pytest.raises(explorer.PositionError) as err:
        explorer.from_json({**base, **patch})
    assert field in str(err.value)


def test_solo_positions_have_no_draw_or_reward_phase_or_display():
    base = {"game": "lotus", "players": 1, "options": {"solo_powers": "elder+growth"}, "powers": [["elder", "growth"]],
            "guardians": [{"insects": ["supply", "supply"], "elder": "supply"}]}
    for patch, field in [({"turn": {"phase": "reward", "pending": [0]}}, "turn.phase"),
                         ({"display": ["W3w1"]}, "display")]:
        with pytest.raises(explorer.PositionError) as err:
            explorer.from_json({**base, **patch})
        assert field in str(err.value)


def test_hostile_component_paths_raise_data_error(tmp_path):
    for path in ("/dev/zero", str(tmp_path)):
        with pytest.raises(explorer.DataError):
            explorer.load("lotus", players=2, data=path)
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00hand_size")
    with pytest.raises(explorer.DataError, match="UTF-8"):
        explorer.load("lotus", players=2, data=str(binary))


def test_parsing_user_text_does_not_grow_the_action_table():
    s = explorer.load("lotus", players=2, seed=1)
    s.legal_actions()  # the engine's own actions for this hand are built (and interned) once
    before = len(actions._INTERN)
    for i in range(1, 200):
        with pytest.raises(explorer.IllegalAction):
            s.apply("3" + "s" * i)
    assert len(actions._INTERN) == before
    legal = s.legal_actions()[0]
    fresh = actions.Action.make("lotus", legal.kind, legal.a, legal.b, legal.c, legal.text)  # not interned
    assert s.apply(fresh) == s.apply(legal)


def test_explain_refuses_actions_that_are_not_legal_here():
    s = explorer.load("lotus", players=2, seed=1)
    for text in ("+t", "f5y1", "d"):
        with pytest.raises((explorer.IllegalAction, explorer.NotationError)):
            s.explain(actions.action(text))
