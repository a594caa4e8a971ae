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
import bench_widget  # noqa: E402

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
        wd = bench_widget.run(name, players)
        rows.append({"engine": eng, "timeline": tl, "widget": wd})
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
    print("\nExplorer widget, Python side of one step in an event loop as in a kernel (handle the intent, rebuild "
          "and serialise the synced traits; the score race redrawn once the steps pause, timed apart):\n")
    print("| game | new move: median / p95 | sent | step along the line: median / p95 | sent "
          "| jump in a 10k-node tree | sent | score-race redraw |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        w = r["widget"]
        print(f"| {w['game']} | {w['play_ms']:.1f} / {w['play_p95_ms']:.1f} ms | {w['play_kb']:.1f} kB "
              f"| {w['nav_ms']:.1f} / {w['nav_p95_ms']:.1f} ms | {w['nav_kb']:.1f} kB "
              f"| {w['big_ms']:.1f} ms | {w['big_kb']:.1f} kB | {w['race_ms']:.1f} ms |")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2, default=str))


if __name__ == "__main__":
    main()
