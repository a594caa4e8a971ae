"""Random-playout speed of the compiled engines against the same sources as pure Python.

    python benchmarks/bench_compiled.py [--rounds 3] [--seconds 1] [--game lotus ...]

Each measurement is a fresh interpreter (the build is chosen at import: RX_PURE_PYTHON=1 for pure), the two
builds interleaved round by round; a round's ratio is compiled / pure actions per second of thread CPU time.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

PLAYERS = {"lotus": 3, "lotus_chaos": 6, "rice_paddy": 3, "round_house": 3}

ONE = """
import json, random, sys, time
import explorer
game, players, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])

def playout(seed):
    s, rnd, n = explorer.load(game, players=players, seed=seed), random.Random(seed), 0
    while not s.is_terminal:
        s = s.apply(rnd.choice(s.legal_actions()))
        n += 1
    return n

for seed in range(10_000, 10_020):  # warm-up: the engines' caches
    playout(seed)
seed, actions, t0 = 0, 0, time.thread_time()
while time.thread_time() - t0 < seconds:
    actions += playout(seed)
    seed += 1
print(json.dumps({"rate": actions / (time.thread_time() - t0), "compiled": explorer.build_info()["compiled"]}))
"""


def measure(game: str, pure: bool, seconds: float) -> dict:
    env = dict(os.environ, RX_PURE_PYTHON="1" if pure else "0")
    out = subprocess.run([sys.executable, "-c", ONE, game, str(PLAYERS[game]), str(seconds)], env=env,
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--game", action="append", choices=sorted(PLAYERS))
    args = ap.parse_args()
    print("| game | compiled modules | pure actions/s (median) | compiled actions/s (median) "
          "| compiled / pure: min / median / max |")
    print("|---|---|---|---|---|")
    for game in args.game or list(PLAYERS):
        pure, fast, ratios, compiled = [], [], [], []
        for _ in range(args.rounds):
            p = measure(game, True, args.seconds)["rate"]
            c = measure(game, False, args.seconds)
            compiled = [m for m in c["compiled"] if f".{game}." in m or m.startswith("explorer.core")]
            pure.append(p)
            fast.append(c["rate"])
            ratios.append(c["rate"] / p)
        print(f"| {game} | {len(compiled)} | {statistics.median(pure):,.0f} | {statistics.median(fast):,.0f} | "
              f"{min(ratios):.2f} / {statistics.median(ratios):.2f} / {max(ratios):.2f} |", flush=True)


if __name__ == "__main__":
    main()
