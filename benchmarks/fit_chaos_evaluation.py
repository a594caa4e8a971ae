"""Fit the chaos game's evaluation weights (lotus_chaos/evaluate.py, AHEAD_WINS, SHORT_WINS) to heuristic games.

    python benchmarks/fit_chaos_evaluation.py [--games 400] [--seed 5]

Plays seeded games between today's heuristic bots (all six seats) and, at the start of every turn (the
draw), records for every seat still in the game: how many one-hex steps its objective is short
(belief.short, capped at `SHORT`), how many turns come before the end of its next checked turn (`ahead`:
the seats before it in the turn order, plus a whole round when its next turn is in the first round, which
is not checked; capped at `AHEAD`), and whether it won the game. It prints the counts and the share won per
(ahead, short) cell as comments, then the product fit AHEAD_WINS[ahead] * SHORT_WINS[short] as Python to paste
(evaluate.py's weights are this script's output for --games 400 --seed 5).
"""
from __future__ import annotations

import argparse
import time

import explorer
from explorer.bots import HeuristicBot
from explorer.games.lotus_chaos.evaluate import AHEAD, SHORT, features
from explorer.games.lotus_chaos.state import DRAW


def play(seed, bot):
    s = explorer.load("lotus_chaos", seed=seed)
    rows, turn = [], None
    while not s.is_terminal:
        if s.phase == DRAW and s.turn != turn:
            turn = s.turn
            rows.append(features(s))
        s = s.apply(bot.choose(s))
    won = set(s.winners())
    return [(a, k, i in won) for feats in rows for i, (a, k) in feats.items()]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)
    bot = HeuristicBot(seed=args.seed)
    t0 = time.process_time()
    won = [[0] * (SHORT + 1) for _ in range(AHEAD + 1)]
    seen = [[0] * (SHORT + 1) for _ in range(AHEAD + 1)]
    for g in range(args.games):
        for a, k, w in play(args.seed * 100_000 + g, bot):
            seen[a][k] += 1
            won[a][k] += w
    base = sum(map(sum, won)) / max(1, sum(map(sum, seen)))
    print(f"# {args.games} heuristic games, seed {args.seed}, {time.process_time() - t0:.0f} s CPU; "
          f"overall {base:.3f}; samples per cell:")
    for a in range(AHEAD + 1):
        print("#", a, seen[a])
    print("# the share won per cell (add-one smoothing):")
    for a in range(AHEAD + 1):
        print("#", ", ".join(f"{(won[a][k] + base) / (seen[a][k] + 1):.3f}" for k in range(SHORT + 1)))
    ahead, steps = product(won, seen)
    print(f"AHEAD_WINS = ({', '.join(f'{x:.3f}' for x in ahead)})")
    print(f"SHORT_WINS = ({', '.join(f'{x:.3f}' for x in steps)})")


def product(won, seen, rounds=50):
    """The table as a product A[ahead] * B[short] (iterative proportional fitting: each factor makes its row
    or column's expected wins equal the wins seen), B scaled to 1 at its largest: fewer numbers than cells,
    so the thin cells borrow from the others."""
    rows, cols = range(len(seen)), range(len(seen[0]))
    a, b = [0.2] * len(seen), [1.0] * len(seen[0])
    for _ in range(rounds):
        a = [sum(won[i][k] for k in cols) / max(1e-9, sum(seen[i][k] * b[k] for k in cols)) for i in rows]
        b = [sum(won[i][k] for i in rows) / max(1e-9, sum(seen[i][k] * a[i] for i in rows)) for k in cols]
    top = max(b)
    return [x * top for x in a], [x / top for x in b]


if __name__ == "__main__":
    main()
