"""Engine throughput through the public contract, on one core.

    python benchmarks/bench_engine.py [--game lotus] [--players 3] [--seconds 5]
"""
from __future__ import annotations

import argparse
import json
import random
import time

import explorer


def _timed(seconds, body):
    """Run body() repeatedly for about `seconds`; return calls per second."""
    n, t0 = 0, time.perf_counter()
    while True:
        n += body()
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return n / dt


def sample_states(game, players, count=2000, seed=0, **opts):
    """A spread of positions from seeded random games."""
    out, g = [], seed
    while len(out) < count:
        s = explorer.load(game, players=players, seed=g, **opts)
        rnd = random.Random(g)
        while not s.is_terminal:
            out.append(s)
            s = s.apply(rnd.choice(s.legal_actions()))
        g += 1
    return out[:count]


def run(game="lotus", players=3, seconds=3.0, **opts) -> dict:
    # warm-up: fill the engine's caches the way a long simulation would
    sample_states(game, players, 20000, seed=10_000, **opts)
    games = [0]
    actions = [0]

    def playout():
        g = games[0]
        s = explorer.load(game, players=players, seed=g, **opts)
        rnd = random.Random(g)
        n = 0
        while not s.is_terminal:
            s = s.apply(rnd.choice(s.legal_actions()))
            n += 1
        games[0] += 1
        actions[0] += n
        return 1

    t0 = time.perf_counter()
    _timed(seconds, playout)
    dt = time.perf_counter() - t0
    states = sample_states(game, players, 3000, **opts)
    picks = [(s, s.legal_actions()) for s in states]
    fresh = [type(s).from_json(s.to_json()) for s in states]  # no cached legal lists

    def legal():
        for s in fresh:
            s._legal = None
            s.legal_actions()
        return len(fresh)

    def apply():
        for s, acts in picks:
            s.apply(acts[0])
        return len(picks)

    def round_trip():
        for s in states[:500]:
            explorer.from_json(s.to_json())
        return 500

    return {
        "game": game, "players": players, **opts,
        "playout_actions_per_s": actions[0] / dt,
        "games_per_s": games[0] / dt,
        "legal_actions_per_s": _timed(seconds, legal),
        "apply_per_s": _timed(seconds, apply),
        "json_round_trips_per_s": _timed(seconds, round_trip),
    }


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", default="lotus")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    print(json.dumps(run(args.game, args.players, args.seconds), indent=2))
