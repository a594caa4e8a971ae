"""Bot strength: seeded head-to-head tournaments with confidence intervals (issue 17).

    python benchmarks/bench_strength.py lotus [--games 60] [--baseline 11fa4a8] [--workers 2]
    python benchmarks/bench_strength.py rice_paddy --mcts-seconds 1 --games 12
    python benchmarks/bench_strength.py lotus --search-iterations 300 --games 40 [--search depth=8]

Without --mcts-seconds: the game's heuristic today against the heuristic as it was at `--baseline` (a git
revision; its `explorer/games/<game>/heuristic.py` is read with `git show` and loaded beside today's
package, so it uses today's engine). With it: MCTS with that many seconds per decision against today's
heuristic (MCTS with `--mcts-iterations` instead is reproducible). With `--search-iterations`: the
heuristic-guided search (explorer.bots.search) with that many iterations per decision against today's
heuristic; `--search key=value` sets its other parameters (candidates, depth, exploration).

Seats alternate between the two bots around the table and rotate from game to game (explorer.simulate,
rotate=True), so each bot sits in every seat equally often. The figure is the share of head-to-head seat
pairs the first bot wins: in every game, every pair (a seat of bot A, a seat of bot B) counts 1 when A's
seat ranks better, 1/2 on equal rank, 0 otherwise. In a winner-take-all game (the chaos game: one winner,
everyone else ranks equal) most pairs are ties, so that share cannot pass 2/3 even for a bot that always
wins; the row also gives the share of *decided* pairs (ranks differ) that A wins. The 95% intervals are a
bootstrap over games (pairs in one game are not independent), seeded, 2,000 resamples. Prints one
markdown row.
"""
from __future__ import annotations

import argparse
import importlib.util
import platform
import random
import subprocess
import sys
import time
from pathlib import Path

from explorer.bots import HeuristicBot, MCTSBot, SearchBot
from explorer.core.registry import spec
from explorer.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "11fa4a8"  # main at the start of the issue 17 heuristic work


def module_at(path: str, rev: str):
    """The module at `path` (e.g. explorer/bots/mcts.py) as it was at git revision `rev`, loaded as a
    sibling of today's (its relative imports resolve to today's package)."""
    text = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout
    package = path[:-3].replace("/", ".").rpartition(".")[0]
    name = f"{package}._{Path(path).stem}_at_{rev}"
    if name in sys.modules:
        return sys.modules[name]
    mod = importlib.util.module_from_spec(importlib.util.spec_from_loader(name, loader=None))
    mod.__package__ = package
    sys.modules[name] = mod
    exec(compile(text, f"{rev}:{path}", "exec"), mod.__dict__)
    return mod


def baseline_module(game: str, rev: str):
    """The game's heuristic.py as it was at `rev`."""
    return module_at(f"explorer/games/{game}/heuristic.py", rev)


class OldHeuristic(HeuristicBot):
    """HeuristicBot rating with the baseline module (set by `setup`)."""

    name = "heuristic (old)"
    module = None

    def rate(self, game, view, actions, state=None):
        return [float(v) for v in self.module.rate(view, actions, **self.params)]


def search_params(pairs) -> dict:
    """`--search key=value` options as SearchBot parameters (a value with a dot is a float, else an int)."""
    out = {}
    for kv in pairs:
        k, _, v = kv.partition("=")
        out[k] = float(v) if "." in v else int(v)
    return out


def pair_scores(df, a: str, b: str, decided: bool = False) -> list[tuple[float, int]]:
    """Per game: (points of bot a over its pairs with bot b, number of pairs); `decided`: only the pairs
    whose ranks differ."""
    out = []
    for _, g in df.groupby("game_id"):
        ra = g[g.bot == a]["rank"].tolist()
        rb = g[g.bot == b]["rank"].tolist()
        pairs = [(x, y) for x in ra for y in rb if not decided or x != y]
        out.append((sum(1.0 if x < y else 0.5 if x == y else 0.0 for x, y in pairs), len(pairs)))
    return out


def bootstrap(per_game, rounds: int = 2000, seed: int = 0) -> tuple[float, float, float]:
    total = sum(p for p, _ in per_game) / max(1, sum(n for _, n in per_game))
    r = random.Random(seed)
    k = len(per_game)
    means = []
    for _ in range(rounds):
        pick = [per_game[r.randrange(k)] for _ in range(k)]
        means.append(sum(p for p, _ in pick) / max(1, sum(n for _, n in pick)))
    means.sort()
    return total, means[int(0.025 * rounds)], means[int(0.975 * rounds) - 1]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--baseline", default=BASELINE)
    ap.add_argument("--mcts-seconds", type=float, default=None)
    ap.add_argument("--mcts-iterations", type=int, default=None)
    ap.add_argument("--search-iterations", type=int, default=None)
    ap.add_argument("--search", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--resume", action="store_true", help="with --out: keep the games already in that CSV and "
                    "play on from the next one")
    ap.add_argument("--out", default=None, help="also write the per-seat results to this CSV file (in one "
                    "process: rewritten, and the row printed, after every game)")
    args = ap.parse_args(argv)
    players = args.players or spec(args.game).default_players
    if args.search_iterations is not None:
        extra = search_params(args.search)
        a, b = SearchBot(iterations=args.search_iterations, **extra), HeuristicBot()
        what = f"search ({a.label}) vs heuristic"
    elif args.mcts_seconds is None and args.mcts_iterations is None:
        OldHeuristic.module = baseline_module(args.game, args.baseline)
        a, b = HeuristicBot(), OldHeuristic()
        what = f"heuristic vs heuristic at {args.baseline}"
    else:
        kw = {"seconds": args.mcts_seconds, "iterations": args.mcts_iterations or 10**9} \
            if args.mcts_seconds else {"iterations": args.mcts_iterations}
        a, b = MCTSBot(**kw), HeuristicBot()
        what = f"MCTS ({a.label}) vs heuristic"
    t0 = time.perf_counter()
    backend = "processes" if args.workers > 1 else "inprocess"
    if args.out and args.workers == 1:
        df = live(args, a, b, players, what, t0)
    else:
        df = simulate(args.game, [a, b], n_games=args.games, seed=args.seed, players=players, rotate=True,
                      backend=backend, workers=args.workers if args.workers > 1 else None, progress=False)
        if args.out:
            df.to_csv(args.out, index=False)
    row(args.game, players, what, df, a.label, b.label, time.perf_counter() - t0)
    return df


def live(args, a, b, players, what, t0):
    """The same games as `simulate` (same seeds and seating), one at a time: the CSV and the row are
    rewritten after every game, so a run stopped early (Ctrl-C, or `kill -TERM` for one in the background,
    where Ctrl-C's signal is ignored) keeps every game it finished."""
    import pandas as pd

    from explorer.simulate import _frame, _jobs, play_game
    rows = []
    df = pd.DataFrame()
    if args.resume and Path(args.out).exists():
        rows = pd.read_csv(args.out).to_dict("records")
    done = {r["game_id"] for r in rows}
    try:
        for gid, gseed, opts, rot in _jobs(args.game, args.games, args.seed, None, players, True, 2):
            if gid in done:
                continue
            rows.extend(play_game(args.game, [a, b], gseed, opts, gid, rot))
            df = _frame(rows)
            df.to_csv(args.out, index=False)
            row(args.game, players, what, df, a.label, b.label, time.perf_counter() - t0)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    return df


def row(game, players, what, df, la, lb, secs):
    share, lo, hi = bootstrap(pair_scores(df, la, lb))
    dec, dlo, dhi = bootstrap(pair_scores(df, la, lb, decided=True))
    wins = {lab: df[df.bot == lab].winner.mean() for lab in (la, lb)}
    games = df.game_id.nunique()
    print(f"| {game} {players}p | {what} | {games} | {share:.0%} [{lo:.0%}, {hi:.0%}] | "
          f"{dec:.0%} [{dlo:.0%}, {dhi:.0%}] | {wins[la]:.0%} / {wins[lb]:.0%} | {secs:.0f} s | "
          f"{platform.machine()} |", flush=True)


if __name__ == "__main__":
    main()
