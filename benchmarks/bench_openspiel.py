"""Our engines against OpenSpiel's C++ `hearts`, both driven from Python with the same loop shape.

    python benchmarks/bench_openspiel.py [--seconds 3] [--game hearts]

Each loop: ask for the legal actions, pick one uniformly with a seeded `random.Random`, apply it, until
the game ends; then start the next seeded game. Ours: `s = s.apply(acts[k])` (immutable states: every
action makes a new one). OpenSpiel (`pip install open_spiel`, not a dependency of this project): chance
nodes (the deal) are drawn the same way from `legal_actions()`, and the action is applied either in place
(`state.apply_action`) or on a clone (`state = state.clone(); state.apply_action(a)`, the same shape as
ours). Prints markdown rows: actions/s and the ratio ours/theirs. Nothing is asserted.

Time is the thread's CPU time (`time.thread_time`), so other processes on a shared machine do not count, and
the engines are measured in interleaved rounds (hearts, then each of ours, again and again): each round gives
a ratio to the hearts figure of that same round, and the table shows the min / median / max over the rounds.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time

import explorer


def _timed(seconds, one_game, start: int = 0):
    """Play seeded games (from seed `start`) for about `seconds` of this thread's CPU time; actions per second."""
    actions, g = 0, start
    t0 = time.thread_time()
    while True:
        actions += one_game(g)
        g += 1
        dt = time.thread_time() - t0
        if dt >= seconds:
            return actions / dt, (g - start) / dt


def ours(game: str, players: int | None):
    def one_game(g):
        s = explorer.load(game, players=players, seed=g)
        r = random.Random(g).random
        n = 0
        while not s.is_terminal:
            acts = s.legal_actions()
            s = s.apply(acts[int(r() * len(acts))])
            n += 1
        return n
    return one_game


def theirs(game: str, clone: bool):
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
    return one_game


MISSING = ("pyspiel is not installed, so there is nothing to compare with: .venv/bin/pip install open_spiel "
           "(open_spiel 2.0.2 installs from a PyPI wheel on CPython 3.11, x86_64 Linux)")


def run(seconds: float = 3.0, other: str = "hearts", rounds: int = 5) -> list[dict]:
    """`rounds` interleaved rounds of `seconds` per engine; rates and ratios to hearts per round."""
    loops = {"inplace": theirs(other, clone=False), "clone": theirs(other, clone=True)}
    names = {"inplace": f"OpenSpiel {other}, `apply_action` in place",
             "clone": f"OpenSpiel {other}, `clone()` + `apply_action`"}
    for g in explorer.games():
        loops[g["name"]] = ours(g["name"], g["default_players"])
        names[g["name"]] = f"{g['name']} ({g['default_players']} players)"
    for loop in loops.values():
        _timed(min(0.5, seconds), loop)  # warm caches
    rates: dict[str, list[float]] = {k: [] for k in loops}
    for r in range(rounds):
        for k, loop in loops.items():
            rates[k].append(_timed(seconds, loop, start=1000 * r)[0])
    rows = []
    for k in loops:
        row = {"engine": names[k], "rates": rates[k]}
        if k not in ("inplace", "clone"):
            row["vs_inplace"] = [a / b for a, b in zip(rates[k], rates["inplace"])]
            row["vs_clone"] = [a / b for a, b in zip(rates[k], rates["clone"])]
        rows.append(row)
    return rows


def _spread(xs, fmt) -> str:
    """min / median / max"""
    return " / ".join(fmt(x) for x in (min(xs), statistics.median(xs), max(xs)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--game", default="hearts", help="the OpenSpiel game to compare with")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    args = ap.parse_args(argv)
    try:
        import pyspiel
    except ImportError:  # an optional comparison: say so and succeed
        print(MISSING)
        return
    rows = run(args.seconds, args.game, args.rounds)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Python {platform.python_version()} on {platform.machine()}, thread CPU time, {args.rounds} interleaved "
          f"rounds of {args.seconds:g} s; open_spiel {getattr(pyspiel, '__version__', '?')}; load average {load}\n")
    print("| engine | random-playout actions/s (median) | ours / OpenSpiel in place: min / median / max "
          "| ours / OpenSpiel clone + apply: min / median / max |")
    print("|---|---|---|---|")
    for r in rows:
        a = _spread(r["vs_inplace"], lambda x: f"{x:.3f}") if "vs_inplace" in r else "–"
        b = _spread(r["vs_clone"], lambda x: f"{x:.3f}") if "vs_clone" in r else "–"
        print(f"| {r['engine']} | {statistics.median(r['rates']):,.0f} | {a} | {b} |")


if __name__ == "__main__":
    main()
