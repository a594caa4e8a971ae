"""The one action value type (explorer.Action) and explain()'s carried rule ids."""
from __future__ import annotations

import ast
import copy
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


@pytest.mark.parametrize("game", ["lotus", "lotus_chaos"])
def test_repr_pastes_back_and_fields_are_named(game):
    s = explorer.load(game, seed=3)
    seen = 0
    for _ in range(60):
        if s.is_terminal:
            break
        for a in s.legal_actions():
            back = _pasted(repr(a))
            assert back == a and back is a  # interned: the very value
            assert copy.deepcopy(a) is a and pickle.loads(pickle.dumps(a)) is a
            for name, value in a.fields().items():
                assert getattr(a, name) == value
            seen += 1
        s = s.apply(s.legal_actions()[0])
    assert seen > 50
    with pytest.raises(AttributeError, match="has no 'colour'"):
        _ = explorer.load(game).legal_actions()[0].colour


def test_text_actions_games_and_bad_text():
    with pytest.raises(ValueError, match="round_house actions are their notation text"):
        explorer.Action("round_house", "done")
    with pytest.raises(ValueError, match="unknown game"):
        explorer.Action("chess", "e4")
    with pytest.raises(explorer.NotationError):
        explorer.Action("lotus", "9zz")


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
