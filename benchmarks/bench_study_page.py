"""Size and build time of a study page (explorer.publish.to_html) for a 300-ply game of each game.

    python benchmarks/bench_study_page.py

A one-chapter study: a random game of 300 plies (or to its end) from seed 1, no exercises. Reported: the
page's size, the part that is views, what those views would take stored whole (one JSON per node), and the
time to write the page. The board modules, CSS and player are the same ~110 KB in every page.
"""
from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

import explorer
from explorer.core import rng
from explorer.publish import page_data
from explorer.study import Study

GAMES = [("lotus", {"players": 3}), ("lotus_chaos", {}), ("rice_paddy", {"players": 3}),
         ("round_house", {"players": 3})]


def study_of(game: str, kw: dict, plies: int = 300) -> Study:
    study = Study(f"{game}: {plies} plies")
    ch = study.chapter("A game", explorer.load(game, seed=1, **kw))
    tl, r = ch.timeline, rng.seed_state(1)
    while tl.current.ply < plies and not tl.current.state.is_terminal:
        legal = tl.current.state.legal_actions()
        r, k = rng.below(r, len(legal))
        tl.play(legal[k])
    return study


def main() -> None:
    print("| game | plies | page | of which views (packed) | views stored whole | written in |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for game, kw in GAMES:
            study = study_of(game, kw)
            t0 = time.perf_counter()
            path = study.to_html(Path(tmp) / f"{game}.html")
            took = time.perf_counter() - t0
            size = path.stat().st_size
            data = page_data(study)
            packed = len(json.dumps([data["views"], data["pool"]], separators=(",", ":")))
            whole = sum(len(json.dumps(n.state.view(None), separators=(",", ":"))) for n in study.chapters[0].timeline)
            plies = len(study.chapters[0].timeline) - 1
            print(f"| {game} | {plies} | {size / 1024:.0f} KiB | {packed / 1024:.0f} KiB | {whole / 1024:.0f} KiB | "
                  f"{took:.2f} s |")


if __name__ == "__main__":
    main()
