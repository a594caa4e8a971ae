"""The one action value type (explorer.Action) and explain()'s carried rule ids."""
from __future__ import annotations

import ast
import copy
import json
import pickle

import pytest

import explorer
from explorer.core.explanation import Explanation
from explorer.study import rules_of


def _pasted(text: str):
    """repr(action) read back as the call it shows, without eval: Action(<literal>, <literal>)."""
    call = ast.parse(text, mode="eval").body
    assert isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "Action"
    assert not call.keywords
    return explorer.Action(*(ast.literal_eval(arg) for arg in call.args))


GAMES = ["lotus", "lotus_chaos", "rice_paddy", "round_house"]


@pytest.mark.parametrize("game", GAMES)
def test_repr_pastes_back_and_fields_are_named(game):
    s = explorer.load(game, seed=3)
    seen = 0
    for _ in range(60):
        if s.is_terminal:
            break
        for a in s.legal_actions():
            assert a.__class__ is explorer.Action and a.game == game
            back = _pasted(repr(a))
            assert back == a and back is a  # interned: the very value
            assert copy.deepcopy(a) is a and pickle.loads(pickle.dumps(a)) is a
            for name, value in a.fields().items():
                assert getattr(a, name) == value
            seen += 1
        s = s.apply(s.legal_actions()[0])
    assert seen > 50
    with pytest.raises(AttributeError, match="colour"):
        _ = explorer.load(game).legal_actions()[0].colour


@pytest.mark.parametrize("game", GAMES)
def test_an_action_is_its_notation(game):
    """str(action) is the notation saved files and playthroughs hold; the action equals and hashes as that
    text, and the text is accepted wherever an action is."""
    s = explorer.load(game, seed=8)
    for _ in range(30):
        if s.is_terminal:
            break
        a = s.legal_actions()[-1]
        text = str(a)
        assert type(text) is str and text == a and hash(text) == hash(a) and f"{a}" == text
        assert json.loads(json.dumps([a])) == [text]
        assert s.parse_action(text) is a and s.apply(text) == s.apply(a)
        s = s.apply(text)


def test_named_fields_of_the_text_games():
    move = explorer.Action("round_house", "1>o5")
    assert (move.kind, move.leader, move.room) == ("move", 1, "o5")
    assert explorer.Action("round_house", "sell:o8.1:t").fields() == {"room": "o8", "space": 1, "good": "t"}
    assert explorer.Action("round_house", "bm+t").fields() == {"deal": "buy", "good": "t"}
    assert explorer.Action("round_house", "done").fields() == {}
    with pytest.raises(AttributeError, match="'done' has no 'room' \\(it has none\\)"):
        _ = explorer.Action("round_house", "done").room
    flow = explorer.Action("rice_paddy", " flow  R d ")  # spaces normalised, as apply accepts them
    assert (flow, flow.kind, flow.source, flow.target) == ("flow R d", "flow", "R", "d")
    assert explorer.Action("rice_paddy", "use 13 c").fields() == {"card": 13, "hex": "c"}
    assert explorer.Action("rice_paddy", "w plant c").fields() == {"box": "plant", "hex": "c"}


def test_unknown_games_and_bad_text():
    with pytest.raises(ValueError, match="unknown game"):
        explorer.Action("chess", "e4")
    with pytest.raises(explorer.NotationError):
        explorer.Action("lotus", "9zz")
    with pytest.raises(explorer.NotationError, match="not Round House notation"):
        explorer.Action("round_house", "1>z9")
    with pytest.raises(explorer.NotationError, match="not a Rice Paddy action"):
        explorer.Action("rice_paddy", "plant everything")
    with pytest.raises(explorer.NotationError):
        explorer.Action("rice_paddy", 7)


@pytest.mark.parametrize("game", ["lotus", "lotus_chaos", "rice_paddy", "round_house"])
def test_explain_carries_the_rules_it_cites(game):
    s = explorer.load(game, seed=5)
    ids = explorer.ledger(game)
    for _ in range(40):
        if s.is_terminal:
            break
        a = s.legal_actions()[-1]
        said = s.explain(a)
        assert isinstance(said, Explanation) and isinstance(said, str)
        assert said.rules and all(r in ids and r in said for r in said.rules)
        assert rules_of(s, a) == said.rules
        s = s.apply(a)


def test_rules_are_data_not_read_back_from_the_sentence(monkeypatch):
    s = explorer.load("round_house", seed=3)
    move = next(a for a in s.legal_actions() if a.kind == "move")
    assert s.explain(move).rules == ("round_house.move.steps", "round_house.move.skip")
    # a game whose explanation is a plain sentence cites nothing, whatever ids its words contain
    monkeypatch.setattr(type(s), "_explain", lambda self, a: f"{a} [round_house.move.steps]")
    said = s.explain(move)
    assert isinstance(said, Explanation) and said.rules == () and said.endswith("[round_house.move.steps]")


def test_another_games_action_is_read_as_its_text():
    states = {g: explorer.load(g, seed=2) for g in GAMES}
    for g, s in states.items():
        for other, t in states.items():
            if other != g:
                with pytest.raises(explorer.NotationError):
                    s.apply(t.legal_actions()[0])
