"""`state.why_illegal(action)`: the one contract entry that says which rule an action breaks (issue 22.4).

Each game diagnoses in its own `diagnose.py` (`why_illegal(state, action)`); the contract returns that
IllegalAction (`.rule`, a ledger id; `.explanation`, plain words) or None for a legal action, and it is the
very error `apply` raises. The moves below are real illegal moves a player might try."""
import random

import pytest

import explorer
from explorer.core.errors import IllegalAction, NotationError


def advance(state, until, seed=3, limit=2000):
    """Play random legal moves from `state` until `until(state)` holds."""
    rnd = random.Random(seed)
    for _ in range(limit):
        if until(state):
            return state
        state = state.apply(rnd.choice(state.legal_actions()))
    raise AssertionError("the position was not reached")


def lotus():
    s = explorer.load("lotus", players=3, seed=1)
    held = {str(a) for a in s.legal_actions()}
    return [(s, "d", "lotus.turn.two-actions", "draw only after your two actions"),
            (s, "+t", "lotus.complete.reward", "rewards are chosen only when"),
            (s, "pass", "lotus.turn.pass", "passing is allowed only when"),
            (s, next(f"{t}s" for t in "34567" if f"{t}s" not in held), "lotus.play.from-hand", "you do not hold")]


def lotus_chaos():
    s = explorer.load("lotus_chaos", players=6, seed=1)
    placed = s.apply("place N")
    acting = advance(s, lambda x: x.phase == 2 and not x.queue)  # the actions phase
    return [(placed, "place N", "lotus_chaos.setup.corners", "the N corner is already taken"),
            (s, "end", "lotus_chaos.turn.order", "set-up first"),
            (acting, "play 50", "lotus_chaos.act.own-card", "card 50 is not in your play area")]


def rice_paddy():
    s = explorer.load("rice_paddy", players=3, seed=1)
    alloc = advance(s, lambda x: x.step == "alloc" and x.round == 1)
    return [(s, "play 7", "rice_paddy.turn.step", "belongs to the play step; this is the setup step"),
            (alloc, "w rock", "rice_paddy.rocks.remove", "only livestock remove rocks"),
            (alloc, "buy worker", "rice_paddy.turn.step", "belongs to the market step")]


def round_house():
    s = explorer.load("round_house", players=3, seed=1)
    return [(s, "1>h", "round_house.move.steps", "a leader may not stay where it is"),
            (s, "done", "round_house.turn.phases", "not possible in the move phase")]


CASES = [c for make in (lotus, lotus_chaos, rice_paddy, round_house) for c in make()]


@pytest.mark.parametrize("state,action,rule,words", CASES,
                         ids=[f"{s.game_name}:{a}" for s, a, _r, _w in CASES])
def test_why_illegal_names_the_rule_and_says_why(state, action, rule, words):
    got = state.why_illegal(action)
    assert isinstance(got, IllegalAction) and got.rule == rule and words in got.explanation, (got, rule)
    assert rule in explorer.ledger(state.game_name)
    with pytest.raises(IllegalAction) as raised:  # the same words apply gives
        state.apply(action)
    assert (raised.value.rule, raised.value.explanation) == (got.rule, got.explanation)


@pytest.mark.parametrize("game", [g["name"] for g in explorer.games()])
def test_why_illegal_is_none_for_legal_actions_and_refuses_gibberish(game):
    s = explorer.load(game, players=explorer.spec(game).players[0], seed=2)
    for a in s.legal_actions()[:5]:
        assert s.why_illegal(a) is None
    with pytest.raises(NotationError):
        s.why_illegal("?? not a move")


@pytest.mark.parametrize("game", [g["name"] for g in explorer.games()])
def test_each_game_diagnoses_in_its_diagnose_module(game):
    import importlib
    module = importlib.import_module(f"explorer.games.{game}.diagnose")
    assert callable(module.why_illegal)
