"""The engine computes exactly what it computed when its playthroughs were recorded.

Speed work on the lotus_chaos engine must not change any output: states, legal actions (and their order),
JSON, views, explanations, `from_view` samples and the bots' choices. tests/lotus_chaos/playthroughs/
(tests/playthroughs.py) holds 30 seeded games (random moves drawn from `explorer.core.rng`): every step's
action, legal actions (in full every 25th step, else their count and digest) and JSON digest, every 25th
state's description, explanation and view digests, `from_view` samples and bot choices; the test replays them
and compares line by line.
Regenerate only for a deliberate rule change: ``.venv/bin/python -m tests.playthroughs --update lotus_chaos``.
"""
from __future__ import annotations

import json

import pytest

import explorer
from explorer.bots import make
from explorer.core import rng
from explorer.games.lotus_chaos.actions import ACCUSE
from explorer.games.lotus_chaos.position import from_view
from tests.playthroughs import Playthrough, actions, compare, digest, dumps, path

EVERY = 25  # a full snapshot every 25th state (and the last)
CAP = 2000  # actions per game at most
FROM_VIEW_GAMES = range(6, 26)  # a mid-game position of each, rebuilt by from_view
BOT_GAMES = range(6, 26, 4)  # ... and decided by the bots

VARIANTS = [
    {},
    {"radius": 2, "accusations": "active"},
    {"tiebreak": "clockwise", "objective_count": "exactly", "simultaneous": "turn_order", "trade_pick": "give",
     "house_rules": True, "objections": "table", "whole_hands": "complete"},
    {"radius": 4, "accusations": "active", "diagonal": "corner"},
    {"radius": 5, "trade_pick": "give", "objections": "table"},
    {"radius": 6, "whole_hands": "complete", "house_rules": True, "diagonal": "corner"},
]


def games() -> list[dict]:
    """30 games: the first six uniformly random (random accusations end them fast); the rest accuse only
    once in 40 chances and, for their first 700 actions, redraw a move that would end the game, so that
    they run long and reach the late-game rules (reshuffles, eliminations, blank cards used up)."""
    return [{"seed": k, "options": VARIANTS[k % len(VARIANTS)], "accuse_one_in": 1 if k < 6 else 40,
             "play_on": 0 if k < 6 else 700} for k in range(30)]


def _snapshot(pt, s, chosen) -> None:
    pt.text("describe", s.describe())
    if chosen is not None:
        pt.text("explain", s.explain(chosen))
    pt.note("digests", f"everything {digest(dumps(s.view(None)))} seat-0 {digest(dumps(s.view(0)))}")


def _choose(s, game, r, i):
    legal = s.legal_actions()
    r, x = rng.below(r, game["accuse_one_in"])
    acts = list([a for a in legal if a.kind != ACCUSE] or legal) if x else list(legal)
    while True:
        r, j = rng.below(r, len(acts))
        a = acts[j]
        if i >= game["play_on"] or len(acts) == 1 or not s.apply(a).is_terminal:
            return r, a
        acts = acts[:j] + acts[j + 1:]


def _mid(states) -> int:
    """A mid-game position with a real choice."""
    mid = [i for i in range(len(states) // 3, len(states))
           if not states[i].is_terminal and len(states[i].legal_actions()) > 1]
    return mid[0] if mid else len(states) // 2


def play(game: dict) -> Playthrough:
    """One game, choosing at random: its playthrough."""
    s = explorer.load("lotus_chaos", seed=game["seed"], **game["options"])
    pt = Playthrough(f"lotus_chaos, seed {game['seed']}, options {json.dumps(game['options'], sort_keys=True)}, "
                     f"accusing one time in {game['accuse_one_in']}, playing on for {game['play_on']} actions",
                     every=EVERY)
    r = rng.seed_state(game["seed"])
    states = [s]
    i = 0
    while not s.is_terminal and i < CAP:
        r, a = _choose(s, game, r, i)
        pt.step(i, s, s.legal_actions(), a, json=digest(s.to_json_text()))
        if i % EVERY == 0:
            _snapshot(pt, s, a)
        s = s.apply(a)
        states.append(s)
        i += 1
    pt.step(i, s, s.legal_actions(), None, json=digest(s.to_json_text()))
    _snapshot(pt, s, None)
    g = game["seed"]
    if g in FROM_VIEW_GAMES:
        idx = _mid(states)
        seat = states[idx].current_player
        rebuilt = from_view(states[idx].view(seat), 1000 + g)
        pt.note(f"from_view at ply {idx}, seat {seat}", digest(rebuilt.to_json_text()))
        if g in BOT_GAMES:
            mcts = make("mcts", seed=11, iterations=100)
            pick = mcts.choose(states[idx])
            visits = {str(a): k.visits for a, k in mcts.last_root.children.items()}
            pt.note(f"bots at ply {idx}", {"heuristic": str(make("heuristic", seed=7).choose(states[idx])),
                                          "mcts": str(pick), "mcts_visits": dict(sorted(visits.items()))})
    return pt


def playthroughs():
    for game in games():
        yield f"seed-{game['seed']:02d}", play(game)


@pytest.mark.parametrize("k", range(30))
def test_random_game_replays_identically(k):
    compare("lotus_chaos", f"seed-{k:02d}", play(games()[k]))


def test_the_playthroughs_are_big_enough():
    texts = [path("lotus_chaos", f"seed-{k:02d}").read_text(encoding="utf-8") for k in range(30)]
    assert sum(map(actions, texts)) >= 10_000
    assert sum("\n  from_view at ply " in t for t in texts) == 20
    assert sum("\n  bots at ply " in t for t in texts) == 5
