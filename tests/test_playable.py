"""The loaders' last check (explorer/core/playable.py, issue 21): a position that loads is over, or has a legal
move and every legal move applies and keeps the invariants; otherwise PositionError naming the first bad move."""
from __future__ import annotations

import json
import time

import pytest

import explorer
from explorer.core.playable import check_playable
from explorer.core.state import State
from explorer.editor import Editor
from explorer.games.lotus.state import LotusState
from explorer.timeline import Timeline


class _Toy(State):
    """A one-counter game: `moves` are the legal actions; `boom` the one whose apply raises; `bad` the one
    whose result breaks an invariant."""
    game_name = "toy"

    def __init__(self, moves=("a", "b"), boom=None, bad=None, n=0):
        self.moves, self.boom, self.bad, self.n = tuple(moves), boom, bad, n

    @property
    def current_player(self):
        return None if self.n >= 3 else 0

    def legal_actions(self):
        return self.moves if self.n < 3 else ()

    def apply(self, action):
        if action == self.boom:
            raise IndexError("tuple index out of range")
        return _Toy(self.moves, self.boom, self.bad, self.n + (3 if action == self.bad else 1))

    def check_invariants(self):
        assert self.n != 3 or self.bad is None, "counters not conserved"

    def _key(self):
        return (self.moves, self.boom, self.bad, self.n)

    def to_json(self):
        return {"game": "toy", "moves": list(self.moves), "boom": self.boom, "bad": self.bad, "n": self.n}

    @classmethod
    def from_json(cls, data):
        return cls(data["moves"], data["boom"], data["bad"], data["n"])


def test_a_position_over_or_whose_every_move_plays_on_passes():
    check_playable(_Toy())
    check_playable(_Toy(n=3))  # over: nothing to check


def test_not_over_and_no_legal_move_is_refused():
    with pytest.raises(explorer.PositionError, match=r"toy position: the game is not over .*seat 0.* no legal move"):
        check_playable(_Toy(moves=()))


def test_the_first_move_that_raises_or_breaks_an_invariant_is_named_clipped():
    with pytest.raises(explorer.PositionError, match=r"legal move 'b' cannot be played: IndexError: tuple index"):
        check_playable(_Toy(boom="b"))
    with pytest.raises(explorer.PositionError, match=r"legal move 'a' breaks a rule of the game: counters not"):
        check_playable(_Toy(bad="a", boom="b"))
    long = "x" * 10_000
    with pytest.raises(explorer.PositionError) as err:
        check_playable(_Toy(moves=("a", long), boom=long), what="setup: the toy position")
    assert str(err.value).startswith("setup: the toy position: the legal move 'xxx") and len(str(err.value)) < 400


@pytest.fixture
def lotus_apply_breaks(monkeypatch):
    """Lotus with every move raising, as a position's hidden flaw would make it."""
    def apply(self, action):
        raise KeyError("a card that is nowhere")
    monkeypatch.setattr(LotusState, "apply", apply)


def test_every_loader_runs_the_check(lotus_apply_breaks):
    s = explorer.load("lotus", players=2, seed=3)
    first = str(s.legal_actions()[0])
    named = rf"the legal move '{first}' cannot be played: KeyError"
    js = s.to_json()
    assert LotusState.from_json(js) == s  # the game's own loader (round trips, searches) does not: no cost in play
    with pytest.raises(explorer.PositionError, match=named):
        explorer.from_json(js)
    with pytest.raises(explorer.PositionError, match=named):
        explorer.from_json(json.dumps(js))
    with pytest.raises(explorer.PositionError, match="setup: the lotus position: the legal move '.+' cannot be played"):
        explorer.setup("lotus", {}, players=2)
    with pytest.raises(explorer.PositionError, match="root: .*" + named):
        Timeline.from_json({**json.loads(json.dumps(Timeline(s).to_json())), "root": js})
    ed = Editor(s)
    ed.apply({"op": "turn", "seat": 1})
    assert len(ed.problems) == 1 and "cannot be played" in ed.problems[0]


def test_the_check_costs_little_per_load():
    """Issue 21's budget: a load's check stays well under 50 ms (measured: a few ms, the round trip of each
    move's result being most of it; the longest real positions hold a few dozen legal moves)."""
    for game in ("lotus", "lotus_chaos", "rice_paddy", "round_house"):
        s = explorer.load(game, seed=2)
        for _ in range(30):
            if s.is_terminal:
                break
            s = s.apply(s.legal_actions()[len(s.legal_actions()) // 2])
        if s.is_terminal:
            continue
        best = min(_timed(check_playable, s) for _ in range(3))
        assert best < 0.25, f"{game}: {best * 1e3:.0f} ms for {len(s.legal_actions())} moves"


def _timed(fn, *args):
    t = time.perf_counter()
    fn(*args)
    return time.perf_counter() - t
