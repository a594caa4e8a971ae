"""All benchmarks, per registered game, printed as the README's markdown table.

    python benchmarks/run.py [--seconds 3] [--json benchmarks/results.json]

Figures are for one core of whatever machine runs this; nothing here is asserted in tests.
"""
from __future__ import annotations

import argparse
import json
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_engine  # noqa: E402
import bench_timeline  # noqa: E402

import explorer  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = ap.parse_args(argv)
    rows = []
    for g in explorer.games():
        name = g["name"]
        players = g["default_players"]
        eng = bench_engine.run(name, players, args.seconds)
        tl = bench_timeline.run(name, players=players)
        rows.append({"engine": eng, "timeline": tl})
    print(f"Python {platform.python_version()} on {platform.machine()}, one core\n")
    print("| game | players | random-playout actions/s | games/s | legal_actions()/s | apply/s "
          "| JSON round trips/s | 10k-node tree: memory | jump latency (mean / p99) | tree save + load |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        e, t = r["engine"], r["timeline"]
        print(f"| {e['game']} | {e['players']} | {e['playout_actions_per_s']:,.0f} | {e['games_per_s']:,.0f} "
              f"| {e['legal_actions_per_s']:,.0f} | {e['apply_per_s']:,.0f} | {e['json_round_trips_per_s']:,.0f} "
              f"| {t['traced_current_mb']:.1f} MB | {t['goto_mean_us']:.1f} µs / {t['goto_p99_us']:.1f} µs "
              f"| {t['to_json_s'] + t['from_json_s']:.2f} s |")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2, default=str))


if __name__ == "__main__":
    main()
