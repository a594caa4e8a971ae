"""What one second of CPU buys the search (`ITERATIONS` in a game's evaluate.py), measured the README's way.

    python benchmarks/bench_search_budget.py lotus [--iterations 300] [--games 2]

Plays `--games` games of heuristic bots (seeds 1, 2...), and at every 25th decision with more than one legal
action runs the search bot for a fixed number of iterations, timed with `time.process_time` (CPU time of
this process: load from other processes changes little, but run it with one core per process, e.g.
`taskset`). Prints the iterations per CPU second over all those searches, and the median and range per search.
"""
from __future__ import annotations

import argparse
import statistics
import time

import explorer
from explorer.bots import HeuristicBot, SearchBot


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--players", type=int, default=None)
    args = ap.parse_args(argv)
    h = HeuristicBot()
    rates, spent, done = [], 0.0, 0
    for seed in range(1, args.games + 1):
        s = explorer.load(args.game, seed=seed, **({"players": args.players} if args.players else {}))
        k = 0
        while not s.is_terminal:
            if k % 25 == 0 and len(s.legal_actions()) > 1:
                bot = SearchBot(iterations=args.iterations, seed=k)
                t = time.process_time()
                bot.choose(s)
                dt = time.process_time() - t
                rates.append(args.iterations / dt)
                spent += dt
                done += args.iterations
            s = s.apply(h.choose(s))
            k += 1
    print(f"{args.game}: {done / spent:.0f} iterations per CPU second over {len(rates)} searches "
          f"(per search: median {statistics.median(rates):.0f}, {min(rates):.0f} to {max(rates):.0f})")


if __name__ == "__main__":
    main()
