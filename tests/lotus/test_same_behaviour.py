"""The Lotus engine computes exactly what it computed when reference_trajectories.json was recorded.

Speed work on the engine must not change any output. This replays seeded random games (every player
count and several options) and compares, with the recording: the actions played, every legal-action
list (in order), and at every 25th position and the last its JSON, omniscient and seat views,
description and the explanation of the action taken; states rebuilt by `from_view`; and the choices
of the heuristic and MCTS bots.

Record again (only when a rules change is meant to change outputs):
    .venv/bin/python tests/lotus/test_same_behaviour.py --record
"""
from __future__ import annotations

import hashlib
import json
import pathlib
import sys

import pytest

import explorer
from explorer import bots
from explorer.core import rng
from explorer.games.lotus import SPEC

FIXTURE = pathlib.Path(__file__).with_name("reference_trajectories.json")
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


def _digest(*parts) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode())
        h.update(b"\x00")
    return h.hexdigest()[:20]


def _checkpoint(state, chosen) -> str:
    legal = " ".join(a.text for a in state.legal_actions())
    return _digest(state.to_json_text(), json.dumps(state.view(None), sort_keys=True),
                   json.dumps(state.view(0), sort_keys=True), legal, state.describe(), state.turn_label(),
                   "" if chosen is None else state.explain(chosen))


def _sampled(state, k: int, i: int) -> str:
    """from_view on this position from one of three viewers (the seat to act, another, the spectator)."""
    seats = state.cfg.seats
    who = state.current_player
    seat = [who if who is not None else 0, (i + 1) % seats, -1][i % 3]
    st = SPEC.from_view(state.view(seat), 1000 * k + i)
    return _digest(str(seat), st.to_json_text(), " ".join(a.text for a in st.legal_actions()))


def play(k: int) -> dict:
    """Game k: random moves from explorer.core.rng seeded by k; the record the test compares."""
    opts = _variant(k)
    players = opts.pop("players")
    state = explorer.load("lotus", players=players, seed=k, **opts)
    r = rng.seed_state(k)
    moves, checks, samples = [], [], []
    legal_hash = hashlib.sha256()
    bot_state = None
    n = 0
    while True:
        legal = state.legal_actions()
        legal_hash.update(" ".join(a.text for a in legal).encode() + b"\n")
        if state.is_terminal:
            checks.append(_checkpoint(state, None))
            break
        r, i = rng.below(r, len(legal))
        a = legal[i]
        if n % EVERY == 0:
            checks.append(_checkpoint(state, a))
            if (len(checks) + k) % FROM_VIEW_EVERY == 0:
                samples.append(_sampled(state, k, len(checks)))
        if bot_state is None and k in BOT_GAMES and n >= (60 if players > 1 else 2) and len(legal) > 3:
            bot_state = state
        moves.append(a.text)
        state = state.apply(a)
        n += 1
    out = {"options": _variant(k), "moves": " ".join(moves), "legal": legal_hash.hexdigest()[:20],
           "checkpoints": checks, "from_view": samples, "scores": state.scores()}
    if bot_state is not None:
        out["bots"] = {"heuristic": str(bots.make("heuristic", seed=k).choose(bot_state)),
                       "mcts": str(bots.make("mcts", seed=k, iterations=100).choose(bot_state))}
    return out


def record() -> list[dict]:
    return [play(k) for k in range(GAMES)]


@pytest.fixture(scope="module")
def reference():
    return json.loads(FIXTURE.read_text())


def test_the_reference_is_big_enough(reference):
    assert len(reference) == GAMES
    assert sum(len(g["moves"].split()) for g in reference) >= 10_000
    assert sum(len(g["from_view"]) for g in reference) >= 20
    assert sum("bots" in g for g in reference) == len(BOT_GAMES)
    assert {g["options"]["players"] for g in reference} == {1, 2, 3, 4}


@pytest.mark.parametrize("k", range(GAMES))
def test_game_replays_exactly(reference, k):
    want = reference[k]
    got = play(k)
    assert got["options"] == want["options"]
    moves, ref_moves = got["moves"].split(), want["moves"].split()
    first = next((i for i, (a, b) in enumerate(zip(moves, ref_moves)) if a != b), min(len(moves), len(ref_moves)))
    assert moves == ref_moves, f"game {k}: first different action at ply {first}"
    assert got["legal"] == want["legal"], f"game {k}: some legal-action list differs"
    bad = [i * EVERY for i, (a, b) in enumerate(zip(got["checkpoints"], want["checkpoints"])) if a != b]
    assert got["checkpoints"] == want["checkpoints"], f"game {k}: positions differ at plies {bad[:5]}"
    assert got["from_view"] == want["from_view"], f"game {k}: from_view samples differ"
    assert got["scores"] == want["scores"]
    assert got.get("bots") == want.get("bots"), f"game {k}: a bot chose differently"


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: tests/lotus/test_same_behaviour.py --record")
    data = record()
    FIXTURE.write_text("[\n" + ",\n".join(json.dumps(g, sort_keys=True) for g in data) + "\n]\n")
    print(f"{len(data)} games, {sum(len(g['moves'].split()) for g in data)} actions -> {FIXTURE}")
