"""How many chaos-game search iterations one second of CPU buys (`ITERATIONS` in lotus_chaos/evaluate.py).

    python benchmarks/bench_chaos_budget.py [--iterations 93]

Searches (explorer.bots.search, one process) at every 25th (`--every`) decision of two heuristic games
(seeds 1, 2), after untimed searches of a third game's positions (the caches warm, as in a tournament), as
the README's budgets were measured (the search a move is chosen by, never settled without one), timed
with `time.process_time`; prints CPU seconds per search and
iterations per CPU second. On a busy machine compare revisions by ratio, in interleaved runs (run it from a
checkout of each, e.g. `git archive <rev> explorer benchmarks | tar -x -C /tmp/old`, with data/ beside it).
"""
from __future__ import annotations

import argparse
import time

import explorer
from explorer.bots import HeuristicBot, SearchBot


def positions(seeds=(1, 2), every=25) -> list:
    bot, out = HeuristicBot(seed=0), []
    for seed in seeds:
        s, k = explorer.load("lotus_chaos", seed=seed), 0
        while not s.is_terminal:
            if len(s.legal_actions()) > 1:
                if k % every == 0:
                    out.append(s)
                k += 1
            s = s.apply(bot.choose(s))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--iterations", type=int, default=93)
    ap.add_argument("--every", type=int, default=25)
    args = ap.parse_args(argv)
    warm, pos = positions((3,)), positions((1, 2), args.every)
    bot = SearchBot(iterations=args.iterations, seed=1)

    def search(s):  # what the bot does to choose a move, never settled without a search
        seat = s.current_player
        bot._think("lotus_chaos", s.view(seat), seat, list(s.legal_actions()), s, lines=False)

    for s in warm:  # a long-running bot's caches are warm: another game's positions first, not timed
        search(s)
    t = time.process_time()
    for s in pos:
        search(s)
    dt = time.process_time() - t
    print(f"{len(pos)} searches of {args.iterations} iterations: {dt / len(pos):.3f} s CPU each, "
          f"{args.iterations * len(pos) / dt:.1f} iterations per CPU second")


if __name__ == "__main__":
    main()
