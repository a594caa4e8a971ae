"""Our engines against OpenSpiel's C++ `hearts`, both driven from Python with the same loop shape.

    python benchmarks/bench_openspiel.py [--seconds 3] [--game hearts]

Each loop: ask for the legal actions, pick one uniformly with a seeded `random.Random`, apply it, until
the game ends; then start the next seeded game. Ours: `s = s.apply(acts[k])` (immutable states: every
action makes a new one). OpenSpiel (`pip install open_spiel`, not a dependency of this project): chance
nodes (the deal) are drawn the same way from `legal_actions()`, and the action is applied either in place
(`state.apply_action`) or on a clone (`state = state.clone(); state.apply_action(a)`, the same shape as
ours). Prints markdown rows: actions/s and the ratio ours/theirs. Nothing is asserted.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import time

import explorer


def _timed(seconds, one_game):
    """Play seeded games for about `seconds`; actions per second."""
    actions, g = 0, 0
    t0 = time.perf_counter()
    while True:
        actions += one_game(g)
        g += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return actions / dt, g / dt


def ours(game: str, players: int | None, seconds: float) -> tuple[float, float]:
    def one_game(g):
        s = explorer.load(game, players=players, seed=g)
        r = random.Random(g).random
        n = 0
        while not s.is_terminal:
            acts = s.legal_actions()
            s = s.apply(acts[int(r() * len(acts))])
            n += 1
        return n
    _timed(min(1.0, seconds), one_game)  # warm the engine's caches
    return _timed(seconds, one_game)


def theirs(game: str, seconds: float, clone: bool) -> tuple[float, float]:
    import pyspiel
    g = pyspiel.load_game(game)

    def one_game(k):
        s = g.new_initial_state()
        r = random.Random(k).random
        n = 0
        while not s.is_terminal():
            acts = s.legal_actions()
            a = acts[int(r() * len(acts))]
            if clone:
                s = s.clone()
            s.apply_action(a)
            n += 1
        return n
    _timed(min(1.0, seconds), one_game)
    return _timed(seconds, one_game)


MISSING = ("pyspiel is not installed, so there is nothing to compare with: .venv/bin/pip install open_spiel "
           "(open_spiel 2.0.2 installs from a PyPI wheel on CPython 3.11, x86_64 Linux)")


def run(seconds: float = 3.0, other: str = "hearts") -> list[dict]:
    inplace, _ = theirs(other, seconds, clone=False)
    cloned, _ = theirs(other, seconds, clone=True)
    rows = [{"engine": f"OpenSpiel {other} (apply_action in place)", "actions_per_s": inplace},
            {"engine": f"OpenSpiel {other} (clone + apply_action)", "actions_per_s": cloned}]
    for g in explorer.games():
        rate, _ = ours(g["name"], g["default_players"], seconds)
        rows.append({"engine": f"{g['name']} ({g['default_players']} players)", "actions_per_s": rate,
                     "vs_inplace": rate / inplace, "vs_clone": rate / cloned})
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--game", default="hearts", help="the OpenSpiel game to compare with")
    args = ap.parse_args(argv)
    try:
        import pyspiel
    except ImportError:  # an optional comparison: say so and succeed
        print(MISSING)
        return
    rows = run(args.seconds, args.game)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Python {platform.python_version()} on {platform.machine()}, one core; "
          f"open_spiel {getattr(pyspiel, '__version__', '?')}; load average {load}\n")
    print("| engine | random-playout actions/s | ours / OpenSpiel in place | ours / OpenSpiel clone + apply |")
    print("|---|---|---|---|")
    for r in rows:
        a = f"{r['vs_inplace']:.2f}" if "vs_inplace" in r else "–"
        b = f"{r['vs_clone']:.2f}" if "vs_clone" in r else "–"
        print(f"| {r['engine']} | {r['actions_per_s']:,.0f} | {a} | {b} |")


if __name__ == "__main__":
    main()
