"""Fit Rice Paddy's evaluation weights (explorer/games/rice_paddy/evaluate.py) to heuristic self-play.

    python benchmarks/fit_rice_eval.py [--games 200] [--players 3]

Plays heuristic games (the search's playout policy, which makes the heuristic's choices), records every
10th decision's position, and fits by least squares the rice each seat still gains until the end
(final rice - rice now) on the features `evaluate.features` reads: the harvest-table rice of grown and of
planted paddies, and per round left the chain's hexes, workers, livestock and a constant. Prints the
weights, R^2 and the mean absolute error of the fit and of the hand-made weights. numpy is used here only.
"""
from __future__ import annotations

import argparse
import random

import numpy as np

import explorer
from explorer.games.rice_paddy import evaluate


def sample(games: int, players: int, every: int = 10, seed: int = 1000):
    X, Y, G = [], [], []
    for g in range(games):
        s = explorer.load("rice_paddy", players=players, seed=seed + g)
        rand = random.Random(g).random
        rows = []
        k = 0
        while not s.is_terminal:
            acts = s.legal_actions()
            if len(acts) > 1:
                if k % every == 0:
                    rows.append(([evaluate.features(s, i) for i in range(players)],
                                 [p.rice for p in s.players]))
                k += 1
                a = evaluate.policy(s, acts, rand)
            else:
                a = acts[0]
            s = s.apply(a)
        final = [p.rice for p in s.players]
        for feats, now in rows:
            for i in range(players):
                X.append(feats[i])
                Y.append(final[i] - now[i])
                G.append(g)
    return np.array(X, float), np.array(Y, float), np.array(G)


def centred(a, players):
    """Rows come in groups of `players` (one position): subtract each group's mean."""
    g = a.reshape(-1, players, *a.shape[1:])
    return (g - g.mean(axis=1, keepdims=True)).reshape(a.shape)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=3)
    args = ap.parse_args(argv)
    X, Y, G = sample(args.games, args.players)
    train = G % 4 != 0
    w, *_ = np.linalg.lstsq(X[train], Y[train], rcond=None)
    hand = np.array(evaluate.WEIGHTS, float)
    test = ~train
    # what decides the ranking: each seat's gain against the table's mean gain in the same position
    Xc, Yc = centred(X, args.players), centred(Y, args.players)
    wc, *_ = np.linalg.lstsq(Xc[train], Yc[train], rcond=None)
    for name, v in (("fitted", w), ("centred", wc), ("current", hand)):
        err = Y[test] - X[test] @ v
        r2 = 1 - err.var() / Y[test].var()
        errc = Yc[test] - Xc[test] @ v
        r2c = 1 - errc.var() / Yc[test].var()
        print(f"{name:8s} R^2 {r2:.3f}  mean abs error {np.abs(err).mean():.2f} rice; against the table: R^2 "
              f"{r2c:.3f}, mean abs error {np.abs(errc).mean():.2f} (held-out games)")
    print("WEIGHTS (centred) =", tuple(round(float(x), 3) for x in wc))
    print("positions", len(Y), "features", evaluate.FEATURES)
    print("WEIGHTS =", tuple(round(float(x), 3) for x in w))


if __name__ == "__main__":
    main()
