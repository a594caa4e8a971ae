"""MCTS iterations/s with each iteration played in place on a scratch copy (today) against the same search
playing `apply` (a new state per action) as it did at git revision 887b1e2~1.

    python benchmarks/bench_inplace.py [--rounds 5] [--iterations 300]

The same position per game (25 heuristic moves from seed 4), the two searches interleaved round by round,
each timed in thread CPU time; prints new/old min / median / max and today's median rate. Both searches
choose the same action with the same visits (tests/<game>/test_same_behaviour.py checks today's).
"""
from __future__ import annotations

import argparse
import time

from bench_strength import module_at

import explorer
from explorer import bots
from explorer.bots.mcts import MCTSBot

BEFORE = "887b1e2~1"  # main just before the in-place apply


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--iterations", type=int, default=300)
    args = ap.parse_args(argv)
    old = module_at("explorer/bots/mcts.py", BEFORE).MCTSBot
    print("| game | MCTS iterations/s in place / with apply: min / median / max | in place, median |")
    print("|---|---|---|")
    for game in ("lotus", "lotus_chaos", "rice_paddy", "round_house"):
        s = explorer.load(game, seed=4)
        h = bots.make("heuristic", seed=1)
        for _ in range(25):
            s = s.apply(h.choose(s))
        rates = {"old": [], "new": []}
        for r in range(args.rounds):
            for key, cls in (("old", old), ("new", MCTSBot)):
                b = cls(seed=r, iterations=args.iterations)
                t = time.thread_time()
                b.choose(s)
                rates[key].append(args.iterations / (time.thread_time() - t))
        ratio = sorted(n / o for n, o in zip(rates["new"], rates["old"]))
        print(f"| {game} | {ratio[0]:.2f} / {ratio[len(ratio) // 2]:.2f} / {ratio[-1]:.2f} | "
              f"{sorted(rates['new'])[len(ratio) // 2]:,.0f} |")


if __name__ == "__main__":
    main()
