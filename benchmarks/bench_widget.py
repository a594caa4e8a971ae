"""What one step in the explorer costs on the Python side.  Run: python benchmarks/bench_widget.py [game]

A step is what a click in the widget triggers in the kernel: the intent is handled (a move is
applied, or the timeline moves), the synced traits are rebuilt from the views, and the traits
that changed are serialised to JSON as ipywidgets would send them. The browser's share (the
round trip through Jupyter and the redraw) is measured by tests/test_browser.py.

Measured on a 10,000-node timeline too: the synced log and tree are windows, so a step there
costs the same and sends the same few kilobytes.

As in a kernel, the steps run inside an asyncio event loop: there the explorer redraws the Bokeh score race
only once the steps pause (RACE_QUIET), not on every step, so a step's figure leaves the redraw out and the
redraw is timed on its own (`race_ms`: one redraw of the race for a new line end, as after a pause).
"""
from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_timeline  # noqa: E402

import explorer  # noqa: E402
from explorer.widgets import _SYNCED, Explorer  # noqa: E402


class _Wire:
    """Stands in for the comm: serialises every trait change the way ipywidgets does (JSON)."""

    def __init__(self, w: Explorer):
        self.bytes = 0
        w.observe(self._sent, names=list(_SYNCED))

    def _sent(self, change) -> None:
        self.bytes += len(json.dumps(change["new"], separators=(",", ":")))


def _timed(w: Explorer, wire: _Wire, msgs) -> tuple[list[float], list[int]]:
    ms, sizes = [], []
    for m in msgs:
        wire.bytes = 0
        t0 = time.perf_counter()
        w._on_msg(w, m() if callable(m) else m)
        ms.append((time.perf_counter() - t0) * 1000)
        sizes.append(wire.bytes)
    return ms, sizes


def _fresh(game, players, seed):
    w = Explorer(explorer.load(game, players=players, seed=seed), random_seed=seed)
    w.panel  # with the score-race panel, as a notebook shows it  # noqa: B018
    return w, _Wire(w)


def run(game: str = "lotus", players: int | None = None, steps: int = 200) -> dict:
    """Every step inside a running event loop, as in a kernel (see the module docstring)."""
    return asyncio.run(_run(game, players, steps))


def _race_ms(w: Explorer, rounds: int = 20) -> float:
    """One score-race redraw of a line it has not drawn (what a pause after steps costs the kernel, at most)."""
    race = w._panel.race
    ms = []
    for _ in range(rounds):
        race.restart()  # as if the line were new: nothing drawn or remembered
        t0 = time.perf_counter()
        race.redraw()
        ms.append((time.perf_counter() - t0) * 1000)
    return statistics.median(ms)


async def _run(game: str, players: int | None, steps: int) -> dict:
    w, wire = _fresh(game, players, 1)
    play_ms, play_b = [], []
    while len(play_ms) < steps:  # a new node each: apply + views; a finished game is followed by a new one
        if w.state.is_terminal:
            w, wire = _fresh(game, players, len(play_ms) + 2)
        ms, b = _timed(w, wire, [{"type": "random"}])
        play_ms += ms
        play_b += b
    plies = w.node.ply  # step along the last game's line, to its end and back, until `steps` steps are timed
    nav_ms, nav_b = [], []
    while len(nav_ms) < steps:
        w._on_msg(w, {"type": "start"})
        ms, b = _timed(w, wire, [{"type": "forward"}] * plies + [{"type": "back"}] * plies)
        nav_ms += ms
        nav_b += b
    race = _race_ms(w)
    big = bench_timeline.build(explorer.load(game, players=players, seed=2), 10_000, seed=2)
    wb = Explorer(big)
    wb.panel  # noqa: B018
    wire_b = _Wire(wb)
    nodes = list(big.nodes)[::97]
    big_ms, big_b = _timed(wb, wire_b, [{"type": "goto", "id": i} for i in nodes])
    p95 = lambda xs: sorted(xs)[int(0.95 * (len(xs) - 1))]
    return {
        "game": game, "players": w.meta["players"],
        "play_ms": statistics.median(play_ms), "play_p95_ms": p95(play_ms), "play_kb": statistics.median(play_b) / 1000,
        "nav_ms": statistics.median(nav_ms), "nav_p95_ms": p95(nav_ms), "nav_kb": statistics.median(nav_b) / 1000,
        "big_ms": statistics.median(big_ms), "big_kb": statistics.median(big_b) / 1000,
        "race_ms": race,
    }


if __name__ == "__main__":
    r = run(*(sys.argv[1:2] or ["lotus"]))
    print(json.dumps(r, indent=2))
