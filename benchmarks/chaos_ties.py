"""Does breaking ties the search's way cost chaos games? (issue 23)

    python benchmarks/chaos_ties.py [--games 200] [--seed 5]

The search plays the heuristic's best-rated move unless it overrules it, and keeps the first of equally rated
moves where the heuristic bot picks one at random (token placement is a tell others read). This plays the
heuristic bot with the search's tie-break against the plain heuristic bot, seats alternating and rotating
(explorer.simulate), and prints the share of decided seat pairs the first wins (bench_strength.py's bootstrap
interval) and each bot's share of games won.
"""
from __future__ import annotations

import argparse

from bench_strength import bootstrap, pair_scores

from explorer.bots import HeuristicBot
from explorer.simulate import simulate


class FirstOfTies(HeuristicBot):
    """The heuristic bot, keeping the first of its equally rated moves."""

    name = "heuristic (first of ties)"

    def _pick(self, actions):
        return actions[0]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)
    a, b = FirstOfTies(), HeuristicBot()
    df = simulate("lotus_chaos", [a, b], n_games=args.games, seed=args.seed, players=6, rotate=True,
                  progress=False)
    share, lo, hi = bootstrap(pair_scores(df, a.label, b.label, decided=True))
    wins = df.groupby("bot").winner.mean()
    print(f"{args.games} games: decided pairs won by the first of ties {share:.0%} [{lo:.0%}, {hi:.0%}]; "
          f"games won {wins[a.label]:.0%} / {wins[b.label]:.0%}")


if __name__ == "__main__":
    main()
