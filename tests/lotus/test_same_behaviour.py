"""The Lotus engine computes exactly what it computed when its playthroughs were recorded.

Speed work on the engine must not change any output. This replays seeded random games (every player count and
several options) and compares them, line by line, with tests/lotus/playthroughs/ (tests/playthroughs.py):
every action played and every legal-action list (in order; listed in full at every 25th position and the last,
by count and digest at the others), and at every 25th position and the last its description, the explanation
of the action taken and digests of its JSON and its omniscient and seat views; states rebuilt by `from_view`;
and the choices of the heuristic and MCTS bots.

Regenerate (only when a rules change is meant to change outputs):
    .venv/bin/python -m tests.playthroughs --update lotus
"""
from __future__ import annotations

import json

import pytest

import explorer
from explorer import bots
from explorer.core import rng
from explorer.games.lotus import SPEC
from tests.playthroughs import Playthrough, actions, compare, digest, path

GAMES = 36
EVERY = 25  # positions between checkpoints
FROM_VIEW_EVERY = 6  # one from_view sample per this many checkpoints (spread over the games)
BOT_GAMES = (0, 9, 13, 22, 34)  # a mid-game position of each for the bots


def _variant(k: int) -> dict:
    """Every 9th game solo (random solo games are short), the others cycle through the multi-seat variants."""
    variants = SPEC.variants()
    solo = [v for v in variants if v["players"] == 1]
    multi = [v for v in variants if v["players"] > 1]
    if k % 9 == 4:
        return dict(solo[k // 9 % len(solo)])
    return dict(multi[(k - (k + 5) // 9) % len(multi)])


def _checkpoint(pt, state, chosen) -> None:
    pt.text("describe", state.describe())
    if chosen is not None:
        pt.text("explain", state.explain(chosen))
    pt.note("digests", f"json {digest(state.to_json_text())} "
                       f"everything {digest(json.dumps(state.view(None), sort_keys=True))} "
                       f"seat-0 {digest(json.dumps(state.view(0), sort_keys=True))}")


def _sampled(state, k: int, i: int) -> str:
    """from_view on this position from one of three viewers (the seat to act, another, the spectator)."""
    seats = state.cfg.seats
    who = state.current_player
    seat = [who if who is not None else 0, (i + 1) % seats, -1][i % 3]
    st = SPEC.from_view(state.view(seat), 1000 * k + i)
    return f"seat {seat}: {digest(st.to_json_text(), ' '.join(a.text for a in st.legal_actions()))}"


def play(k: int) -> Playthrough:
    """Game k: random moves from explorer.core.rng seeded by k; its playthrough."""
    opts = _variant(k)
    players = opts.pop("players")
    state = explorer.load("lotus", players=players, seed=k, **opts)
    pt = Playthrough(f"lotus, seed {k}, {players} player(s), options {json.dumps(opts, sort_keys=True)}",
                     every=EVERY)
    r = rng.seed_state(k)
    bot_state = bot_ply = None
    n = checks = 0
    while True:
        legal = state.legal_actions()
        if state.is_terminal:
            pt.step(n, state, legal, None)
            _checkpoint(pt, state, None)
            break
        r, i = rng.below(r, len(legal))
        a = legal[i]
        pt.step(n, state, legal, a.text)
        if n % EVERY == 0:
            _checkpoint(pt, state, a)
            checks += 1
            if (checks + k) % FROM_VIEW_EVERY == 0:
                pt.note("from_view", _sampled(state, k, checks))
        if bot_state is None and k in BOT_GAMES and n >= (60 if players > 1 else 2) and len(legal) > 3:
            bot_state, bot_ply = state, n
        state = state.apply(a)
        n += 1
    pt.note("scores", state.scores())
    if bot_state is not None:
        pt.note(f"bots at ply {bot_ply}", {"heuristic": str(bots.make("heuristic", seed=k).choose(bot_state)),
                                          "mcts": str(bots.make("mcts", seed=k, iterations=100).choose(bot_state))})
    return pt


def playthroughs():
    for k in range(GAMES):
        yield f"seed-{k:02d}", play(k)


def test_the_playthroughs_are_big_enough():
    texts = [path("lotus", f"seed-{k:02d}").read_text(encoding="utf-8") for k in range(GAMES)]
    assert sum(map(actions, texts)) >= 10_000
    assert sum(t.count("\n  from_view: ") for t in texts) >= 20
    assert sum("\n  bots at ply " in t for t in texts) == len(BOT_GAMES)
    assert {t.split(", ")[2].split()[0] for t in texts} == {"1", "2", "3", "4"}


@pytest.mark.parametrize("k", range(GAMES))
def test_game_replays_exactly(k):
    compare("lotus", f"seed-{k:02d}", play(k))
