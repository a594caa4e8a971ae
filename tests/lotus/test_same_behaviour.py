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
from explorer.games.lotus import SPEC, draws

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


def _seed_before(output: int) -> int:
    """A state from which rng.next64's next output is `output` (its mixing steps undone)."""
    mask = rng.MASK

    def unshift(x, k):  # inverse of x ^ (x >> k)
        y = x
        for _ in range(64 // k + 1):
            y = x ^ (y >> k)
        return y
    z = unshift(output, 31)
    z = unshift(z * pow(draws.MIX2, -1, 1 << 64) & mask, 27)
    z = unshift(z * pow(draws.MIX1, -1, 1 << 64) & mask, 30)
    return (z - draws.GAMMA) & mask


def test_draws_shuffle_exactly_as_core_rng():
    for seed in (0, 1, 12345, rng.MASK, rng.MASK - 9, 1 << 63, 0xDEADBEEF << 20):
        d, r = draws.Draws(seed), rng.seed_state(seed)
        for n in [0, 1, 2, 3, 20, 64, 65, 130, 7, 31, 200, 5]:  # crossing block ends
            r, want = rng.shuffled(r, [f"c{i}" for i in range(n)])
            assert d.shuffled(f"c{i}" for i in range(n)) == want, (seed, n)


def test_draws_reject_as_core_rng_does():
    top = _seed_before(rng.MASK)  # rng.below rejects this output for any list length
    assert rng.next64(top)[1] == rng.MASK
    assert draws.Draws(top).shuffled(range(40)) == rng.shuffled(top, range(40))[1]
    seed = (top - 63 * draws.GAMMA) & rng.MASK  # the rejected output is the last of the first block
    d, r = draws.Draws(seed), seed
    for n in (30, 34, 3, 90):
        r, want = rng.shuffled(r, range(n))
        assert d.shuffled(range(n)) == want, n
    d = draws.Draws(0)  # only rejected outputs left in the block: the shuffle goes on into a new block
    d.out, d.i, d.state = [rng.MASK] * 3, 0, 99
    assert d.shuffled("abc") == rng.shuffled(99, "abc")[1] == ["b", "a", "c"] and d.i == 2


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: tests/lotus/test_same_behaviour.py --record")
    data = record()
    FIXTURE.write_text("[\n" + ",\n".join(json.dumps(g, sort_keys=True) for g in data) + "\n]\n")
    print(f"{len(data)} games, {sum(len(g['moves'].split()) for g in data)} actions -> {FIXTURE}")
