"""Fit the Lotus search evaluation's weights (explorer/games/lotus/evaluate.py, WEIGHTS and SCALE) to
heuristic self-play.

    python benchmarks/fit_lotus_eval.py [--games 400] [--seed 1000] [--players 3]

Plays `--games` games of heuristic bots and, at the start of every turn, records each seat's features
(`evaluate.features`) and the game's final scores and winners. WEIGHTS: least squares (a tiny ridge) of
each seat's final score on its features, both taken relative to the mean over the seats in the same position
(the softmax reads only differences between seats), fitted on three quarters of the games; SCALE: the softmax
temperature (points per e-fold) that best predicts the winners of those games from the projected scores.
Prints the weights as Python and, on the held-out quarter, the winners' mean log-likelihood of this
evaluation against the hand-made projection it replaced (and chance, ln 1/3 at three players).
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

import explorer
from explorer.bots import HeuristicBot
from explorer.games.lotus import evaluate
from explorer.games.lotus.config import ACT


def old_project(state) -> list[float]:
    """The hand-made projection the fit replaced (evaluate.py before the fit), for comparison."""
    from explorer.games.lotus.strategy import DRAWS_PER_TURN, PACE, POWER_PER_TURN, TOKEN
    v = state.view(None)
    seats = v["seats"]
    n = len(seats)
    decks = [s["deck_size"] for s in seats]
    turns = 0.5 if v.get("final_round") else min(decks) / DRAWS_PER_TURN
    out = [float(s["score"]) + sum(POWER_PER_TURN.get(p, 0.0) for p in s["powers"]) * turns for s in seats]
    for f in v.get("flowers", ()):
        infl = f["influence"]
        best = max(infl)
        if best <= 0:
            continue
        need = f["petals"] - f["placed"]
        done = turns / (turns + PACE * need) if turns else 0.0
        worth = done * TOKEN + (1.0 - done) * f["placed"]
        leaders = [i for i in range(n) if infl[i] == best]
        for i in leaders:
            out[i] += worth / len(leaders)
    return out


def play(games: int, seed: int, players: int):
    h = HeuristicBot()
    out = []
    for g in range(games):
        s = explorer.load("lotus", players=players, seed=seed + g)
        rows = []
        while not s.is_terminal:
            if s.phase == ACT and s.left == 2:
                rows.append((evaluate.features(s), old_project(s)))
            s = s.apply(h.choose(s))
        won = s.winners()
        win = [1.0 / len(won) if i in won else 0.0 for i in range(players)]
        out.append((rows, [float(x) for x in s.scores()["seats"]], win))
    return out


def arrays(games):
    X, Y, P, W = [], [], [], []
    for rows, final, win in games:
        for feats, proj in rows:
            X.append(feats)
            P.append(proj)
            Y.append(final)
            W.append(win)
    return np.array(X, float), np.array(Y, float), np.array(P, float), np.array(W, float)


def loglik(points, win, scale) -> float:
    z = points / scale
    z = z - z.max(1, keepdims=True)
    lp = z - np.log(np.exp(z).sum(1, keepdims=True))
    return float((win * lp).sum(1).mean())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--cache", default=None, help="keep the games' features in this JSON file (reused if present)")
    args = ap.parse_args(argv)
    if args.cache and Path(args.cache).exists():
        games = json.loads(Path(args.cache).read_text())
    else:
        games = play(args.games, args.seed, args.players)
        if args.cache:
            Path(args.cache).write_text(json.dumps(games))
    cut = len(games) * 3 // 4
    X, Y, P, W = arrays(games[:cut])
    Xt, Yt, Pt, Wt = arrays(games[cut:])
    A = (X - X.mean(1, keepdims=True)).reshape(-1, X.shape[2])
    y = (Y - Y.mean(1, keepdims=True)).reshape(-1)
    coef = np.linalg.solve(A.T @ A + 1e-3 * np.eye(A.shape[1]), A.T @ y)
    scales = np.arange(2.0, 16.0, 0.25)
    scale = float(max(scales, key=lambda s: loglik(X @ coef, W, s)))
    old = float(max(scales, key=lambda s: loglik(P, W, s)))
    print(f"# fitted by benchmarks/fit_lotus_eval.py: {args.games} heuristic games at {args.players} players, "
          f"seeds {args.seed}..{args.seed + args.games - 1}, {len(X) + len(Xt)} turn starts")
    print("WEIGHTS = {")
    for name, c in zip(evaluate.FEATURES, coef):
        print(f"    \"{name}\": {c:.3f},")
    print("}")
    print(f"SCALE = {scale}")
    print(f"# held-out winners' log-likelihood: fitted {loglik(Xt @ coef, Wt, scale):.3f}, "
          f"hand-made projection {loglik(Pt, Wt, old):.3f} (its best scale {old}), "
          f"chance {np.log(1 / args.players):.3f}")


if __name__ == "__main__":
    main()
