"""Bots and simulation throughput, per registered game.

    python benchmarks/bench_bots.py [--seconds 3] [--games lotus,...]

Per game (default player count): random-playout actions/s through RandomBot on one core; MCTS
iterations/s (one determinisation per iteration; playouts cut at the game's MCTS_ROLLOUT_DEPTH, and
played to the end); explorer.simulate games/s for
random bots in process (1 core), on 2 processes and on a 2-worker Dask LocalCluster (127.0.0.1, no
dashboard), with each parallel backend's speed-up over one core (2.0 would be perfect scaling; the timed
process run spawns its own pool, the timed Dask run reuses a started cluster; the start-up column times
spawning the workers, importing the engine and playing 2 games); and the peak memory one game takes
(tracemalloc, random bots).
Prints markdown rows; then MCTS again, as iterations per 1,000 actions of OpenSpiel's C++ hearts (in place) measured
in the same run, interleaved, over `--rounds` rounds in thread CPU time (min / median / max), when open_spiel is
installed (`make bench` installs it): a ratio that says how far the machine's speed of the day is out of it.
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
import time
import tracemalloc
import warnings

import explorer
from explorer import bots

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # bench_openspiel, beside this file
from explorer.simulate import simulate


def playout_rate(game, players, seconds):
    bot = bots.make("random", seed=1)
    actions = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = explorer.load(game, players=players, seed=games)
        while not s.is_terminal:
            s = s.apply(bot.choose(s))
            actions += 1
        games += 1
    return actions / (time.perf_counter() - t0)


def mcts_rate(game, players, seconds, **kw):
    s = explorer.load(game, players=players, seed=3)
    for _ in range(20):  # a position a little into the game
        if s.is_terminal or len(s.legal_actions()) > 1 and _ >= 10:
            break
        s = s.apply(s.legal_actions()[0])
    bot = bots.make("mcts", seed=1, iterations=None, seconds=seconds, **kw)
    t0 = time.perf_counter()
    df = bot.analyse(s)
    return df.visits.sum() / (time.perf_counter() - t0)


def mcts_cpu_rate(game, players, iterations=300):
    """MCTS iterations per second of this thread's CPU time, at the same position as mcts_rate."""
    s = explorer.load(game, players=players, seed=3)
    for _ in range(20):
        if s.is_terminal or len(s.legal_actions()) > 1 and _ >= 10:
            break
        s = s.apply(s.legal_actions()[0])
    bot = bots.make("mcts", seed=1, iterations=iterations)
    t0 = time.thread_time()
    df = bot.analyse(s)
    return df.visits.sum() / (time.thread_time() - t0)


def mcts_vs_hearts(names, defaults, rounds=5, seconds=1.0):
    """{game: [MCTS iterations per 1,000 hearts actions, one per round]}, interleaved with the anchor."""
    from bench_openspiel import _timed, theirs
    hearts = theirs("hearts", clone=False)
    _timed(0.3, hearts)
    for n in names:  # warm each engine's caches
        mcts_cpu_rate(n, defaults[n], iterations=50)
    out = {n: [] for n in names}
    for r in range(rounds):
        for n in names:
            anchor = _timed(seconds, hearts, start=1000 * r)[0]
            out[n].append(float(1000 * mcts_cpu_rate(n, defaults[n]) / anchor))
    return out


def sim_rate(game, players, n, backend, **kw):
    t0 = time.perf_counter()
    df = simulate(game, "random", n_games=n, seed=0, players=players, backend=backend, progress=False, **kw)
    return df.game_id.nunique() / (time.perf_counter() - t0)


def memory_per_game(game, players, count=5):
    peaks = []
    bot = bots.make("random", seed=2)
    for g in range(count):
        tracemalloc.start()
        s = explorer.load(game, players=players, seed=100 + g)
        while not s.is_terminal:
            s = s.apply(bot.choose(s))
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    return sum(peaks) / len(peaks)


def _busy(n):
    s = 0
    for i in range(n):
        s += i * i
    return s


def machine_scaling(n=10_000_000) -> float:
    """Speed-up of a pure CPU loop on 2 processes over 1: what the machine can give right now."""
    import multiprocessing
    t0 = time.perf_counter()
    _busy(n), _busy(n)
    one = time.perf_counter() - t0
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        pool.map(_busy, [1, 1])  # started
        t0 = time.perf_counter()
        pool.map(_busy, [n, n])
        two = time.perf_counter() - t0
    return one / two


def run(game, players, seconds):
    one = sim_rate(game, players, max(2, int(seconds * 20)), "inprocess")
    n = max(8, int(one * seconds * 2))  # about `seconds` of work on two cores
    one = sim_rate(game, players, max(4, n // 2), "inprocess")
    t0 = time.perf_counter()
    sim_rate(game, players, 2, "processes", workers=2)  # start-up: spawn 2 workers, import, play 2 games
    proc_start = time.perf_counter() - t0
    procs = sim_rate(game, players, n, "processes", workers=2)
    from dask.distributed import Client, LocalCluster
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t0 = time.perf_counter()
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                          host="127.0.0.1") as cluster, Client(cluster) as client:
            sim_rate(game, players, 2, "dask", client=client)  # workers import the engine once
            dask_start = time.perf_counter() - t0
            dsk = sim_rate(game, players, n, "dask", client=client)
    return {"game": game, "players": players, "playout_actions_per_s": playout_rate(game, players, seconds),
            "mcts_iterations_per_s": mcts_rate(game, players, seconds), "sim_1core": one,
            "mcts_full_per_s": mcts_rate(game, players, seconds, rollout_depth=None),
            "sim_2proc": procs, "sim_dask2": dsk,
            "proc_start": proc_start, "dask_start": dask_start,
            "memory_kb": memory_per_game(game, players) / 1024, "n": n}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--games", default="", help="comma-separated game names (default: every registered game)")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds of the MCTS / hearts ratio")
    args = ap.parse_args(argv)
    names = [g for g in args.games.split(",") if g] or [g["name"] for g in explorer.games()]
    defaults = {g["name"]: g["default_players"] for g in explorer.games()}
    scaling = machine_scaling()
    rows = [run(name, defaults[name], args.seconds) for name in names]
    scaling = (scaling + machine_scaling()) / 2
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
          f"load average {load} (other work on the machine slows every figure, the parallel ones most); "
          f"a pure CPU loop ran {scaling:.2f}× faster on 2 processes than on 1 (before and after)\n")
    print("| game | players | random-playout actions/s (RandomBot, 1 core) "
          "| MCTS iterations/s: game's default playouts / played to the end "
          "| simulate games/s: 1 core | 2 processes (speed-up) | Dask, 2 workers (speed-up) "
          "| start-up: processes / Dask | peak memory per game |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['game']} | {r['players']} | {r['playout_actions_per_s']:,.0f} "
              f"| {r['mcts_iterations_per_s']:,.0f} / {r['mcts_full_per_s']:,.0f} "
              f"| {r['sim_1core']:,.1f} | {r['sim_2proc']:,.1f} ({r['sim_2proc'] / r['sim_1core']:.2f}×) "
              f"| {r['sim_dask2']:,.1f} ({r['sim_dask2'] / r['sim_1core']:.2f}×) "
              f"| {r['proc_start']:.1f} s / {r['dask_start']:.1f} s | {r['memory_kb']:,.0f} KB |")
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("\n(open_spiel is not installed: no MCTS ratio to hearts; `make bench` installs it)")
        return
    ratios = mcts_vs_hearts(names, defaults, args.rounds)
    print(f"\n| game | MCTS iterations (300 per search) per 1,000 hearts actions: min / median / max "
          f"of {args.rounds} rounds |")
    print("|---|---|")
    for n, xs in ratios.items():
        xs = sorted(xs)
        print(f"| {n} | {xs[0]:.2f} / {xs[len(xs) // 2]:.2f} / {xs[-1]:.2f} |")


if __name__ == "__main__":
    main()
