"""Heuristic bots with another accusation caution against today's (the chaos game).

    python benchmarks/chaos_accuse_margin.py MARGIN GAMES

Half the seats (even in even games, odd in odd ones) rate with `heuristic.ACCUSE_MARGIN = MARGIN`, the
others with today's; ties at random (seeded). Prints the changed seats' share of the wins and the
accusations each side made, right and wrong.
"""
from __future__ import annotations

import collections
import random
import sys

import explorer
from explorer.games.lotus_chaos import heuristic as H


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    margin, games = float(argv[0]), int(argv[1])
    today = H.ACCUSE_MARGIN
    won, acc = collections.Counter(), collections.Counter()
    for g in range(games):
        s = explorer.load("lotus_chaos", seed=5000 + g)
        r = random.Random(g)
        par = g % 2
        while not s.is_terminal:
            acts = s.legal_actions()
            if len(acts) == 1:
                a = acts[0]
            else:
                H.ACCUSE_MARGIN = margin if s.current_player % 2 == par else today
                try:
                    rated = H.rate(s.view(s.current_player), acts)
                finally:
                    H.ACCUSE_MARGIN = today
                best = max(rated)
                tops = [x for x, v in zip(acts, rated) if v == best]
                a = tops[r.randrange(len(tops))]
            s = s.apply(a)
        for w in s.winners():
            won["changed" if w % 2 == par else "today"] += 1 / len(s.winners())
        for x in s.accusations:
            acc[("changed" if x[0] % 2 == par else "today", "right" if x[3] else "wrong")] += 1
    share = won["changed"] / max(1e-9, won["changed"] + won["today"])
    print(f"margin {margin}, {games} games: the changed seats won {share:.0%} of the wins; accusations {dict(acc)}")


if __name__ == "__main__":
    main()
