"""Where the time goes: random playouts and an MCTS search, profiled per game (issue 17's table).

    python benchmarks/profile_playouts.py [--actions 20000] [--iterations 300]

Runs the engines as plain Python (RX_PURE_PYTHON=1 is set for you: a profiler sees into Python functions
only) and prints one markdown row per game: the share of a random playout's time spent in `legal_actions`
(generating them; Rice Paddy and Round House also generate the next position's inside `apply`, so the
shares overlap), in `apply` (its legality check, the copy and the effects), of which the copy, and the three
functions with the most time of their own; then the share of an MCTS search in `from_view` (rebuilding a
full state from the seat's view), in the tree walk and playouts' `apply_in_place`, and in legal actions.
cProfile slows everything down, the small functions most, so read the shares, not the times.
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random

os.environ.setdefault("RX_PURE_PYTHON", "1")

import explorer  # noqa: E402
from explorer import bots  # noqa: E402

GAMES = ("lotus", "lotus_chaos", "rice_paddy", "round_house")


def playouts(game: str, n: int) -> None:
    r, done, seed = random.Random(1), 0, 0
    while done < n:
        s = explorer.load(game, seed=seed)
        seed += 1
        while not s.is_terminal and done < n:
            acts = s.legal_actions()
            s = s.apply(acts[int(r.random() * len(acts))])
            done += 1


def cumulative(stats, names) -> float:
    """The largest cumulative time of a function called one of `names` (they call each other, so a sum
    would count the same time twice; cProfile counts a recursive function's outermost calls only)."""
    return max((v[3] for (_, _, fn), v in stats.stats.items() if fn in names), default=0.0)


def own(stats, k=3) -> str:
    total = stats.total_tt
    rows = sorted(((v[2], fn, f"{os.path.basename(path)}") for (path, _, fn), v in stats.stats.items()),
                  reverse=True)[:k]
    return ", ".join(f"`{fn}` {t / total:.0%}" for t, fn, _ in rows)


def profile(fn, *args) -> pstats.Stats:
    prof = cProfile.Profile()
    prof.runcall(fn, *args)
    return pstats.Stats(prof)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--actions", type=int, default=20000)
    ap.add_argument("--iterations", type=int, default=300)
    args = ap.parse_args(argv)
    print("| game | legal actions | apply | of which the copy | most own time | MCTS: `from_view` | "
          "MCTS: `apply_in_place` | MCTS: legal actions |")
    print("|---|---|---|---|---|---|---|---|")
    for game in GAMES:
        st = profile(playouts, game, args.actions)
        total = st.total_tt
        legal = cumulative(st, {"legal_actions"})
        apply = cumulative(st, {"apply"})
        copy = cumulative(st, {"_copy", "_share", "_share_state"})
        s = explorer.load(game, seed=4)
        h = bots.make("heuristic", seed=1)
        for _ in range(25):
            s = s.apply(h.choose(s))
        mc = profile(bots.make("mcts", seed=1, iterations=args.iterations).choose, s)
        mt = mc.total_tt
        print(f"| {game} | {legal / total:.0%} | {apply / total:.0%} | {copy / total:.0%} | {own(st)} | "
              f"{cumulative(mc, {'from_view'}) / mt:.0%} | {cumulative(mc, {'apply_in_place'}) / mt:.0%} | "
              f"{cumulative(mc, {'legal_actions'}) / mt:.0%} |")


if __name__ == "__main__":
    main()
