"""How big and how fast is a 10,000-position timeline?  Run: python benchmarks/bench_timeline.py [game]

Builds the tree by seeded random play with frequent branching (step back a few plies and try a
move not played there yet), then measures memory, `goto` jumps, a JSON round trip, and the saved
file (flat JSON written and read by the std json module; loading replays every move).
"""
from __future__ import annotations

import gc
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import explorer
from explorer.timeline import Timeline


def build(start, nodes: int, seed: int, branch: float = 0.15) -> Timeline:
    """A tree of `nodes` positions: random play, often stepping back 1-8 plies to branch."""
    rng = random.Random(seed)
    tl = Timeline(start)
    stuck = 0
    while len(tl) < nodes:
        here = tl.current
        if here.state.is_terminal or (here.ply and rng.random() < branch) or stuck > 20:
            if stuck > 20:  # every move here is explored: jump somewhere else
                tl.goto(rng.choice(list(tl.nodes)))
                stuck = 0
            for _ in range(rng.randint(1, 8)):
                tl.back()
            continue
        played = {c.action for c in here.children}
        fresh = [a for a in here.state.legal_actions() if str(a) not in played]
        if not fresh:
            stuck += 1
            tl.forward()
            continue
        stuck = 0
        tl.play(rng.choice(fresh))
    return tl


def run(game="lotus", nodes: int = 10_000, seed: int = 1, players: int | None = 3, jumps: int = 10_000,
        loader=None) -> dict:
    """Measure a `nodes`-position tree of `game`: a registered name, or a starting State and its loader."""
    if isinstance(game, str):
        start = explorer.load(game, players=players, seed=seed)
    else:
        start = game
    name = getattr(start, "game_name", "") or type(start).__name__

    gc.collect()
    t0 = time.perf_counter()
    tl = build(start, nodes, seed)
    build_s = time.perf_counter() - t0
    del tl

    gc.collect()
    tracemalloc.start()
    tl = build(start, nodes, seed)  # the same tree again, traced
    gc.collect()
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    rng = random.Random(seed)
    ids = list(tl.nodes)
    targets = [rng.choice(ids) for _ in range(jumps)]
    lat = []
    clock = time.perf_counter_ns
    for node_id in targets:
        t = clock()
        tl.goto(node_id)
        lat.append(clock() - t)
    lat.sort()

    t0 = time.perf_counter()
    data = tl.to_json()
    to_json_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    back = Timeline.from_json(data, loader=loader)
    from_json_s = time.perf_counter() - t0
    assert len(back) == len(tl) and back.current.id == tl.current.id

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "timeline.json"
        t0 = time.perf_counter()
        tl.save(path)
        save_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        back = Timeline.load(path, loader=loader)
        load_s = time.perf_counter() - t0
        file_bytes = path.stat().st_size
    assert len(back) == len(tl) and back.to_json() == data

    depths = [n.ply for n in tl]
    return {
        "game": name,
        "nodes": len(tl),
        "max_ply": max(depths),
        "branch_points": sum(len(n.children) > 1 for n in tl),
        "build_s": build_s,
        "traced_current_mb": current / 2**20,
        "traced_peak_mb": peak / 2**20,
        "bytes_per_node": current / len(tl),
        "goto_mean_us": sum(lat) / len(lat) / 1000,
        "goto_p99_us": lat[int(0.99 * (len(lat) - 1))] / 1000,
        "to_json_s": to_json_s,
        "from_json_s": from_json_s,
        "save_s": save_s,
        "load_s": load_s,
        "file_kb": file_bytes / 1024,
        "file_bytes_per_node": file_bytes / len(tl),
    }


def table(result: dict) -> str:
    rows = [(k, f"{v:,.3f}" if isinstance(v, float) else f"{v:,}" if isinstance(v, int) else str(v))
            for k, v in result.items()]
    width = max(len(k) for k, _ in rows)
    return "\n".join(f"{k:<{width}}  {v:>12}" for k, v in rows)


if __name__ == "__main__":
    print(table(run(sys.argv[1] if len(sys.argv) > 1 else "lotus")))
