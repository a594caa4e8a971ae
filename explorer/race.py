"""The score race under an explorer: a Bokeh chart of each seat's score (or the game's `race` values) along
the line, redrawn when the steps pause. The explorer holds one (`Explorer.panel`) and tells it where it is.
Where Bokeh is not installed (the JupyterLite site) the chart is SVG (explorer.plots.race_chart), drawn anew.

A redraw costs the kernel and BokehJS more than the step itself (BokehJS also sends every change back to the
kernel), so in a kernel it waits until the steps pause for QUIET seconds, and redraws at least every MAX_WAIT
during a long burst (play at speed), always ending on the current node. Without an event loop (a script, a
test) it redraws at once.
"""
from __future__ import annotations

import asyncio

QUIET = 0.15
MAX_WAIT = 1.0


def flat(line, viewer) -> bool:
    """Whether the race along `line` (nodes) would say nothing: every value it knows is the same."""
    seen = set()
    for node in line:
        seen.update(x for x in node.state.race(viewer)["values"] if x is not None)
        if len(seen) > 1:
            return False
    return True


class ScoreRace:
    """One explorer's race chart. `where()` -> (tip, current node, viewer): the end of the line to draw, where
    the cursor goes, and whose eyes read the values; `line(tip)` -> the nodes from the root to `tip`."""

    def __init__(self, players: int, where, line):
        from .plots import BOKEH, Plot, score_race
        self.players = players
        self._where, self._line = where, line
        self._values: dict[tuple[int, int | None], list] = {}  # (node id, viewer) -> a value per seat
        self.due = None  # the pending redraw (a kernel's event loop timer)
        self._first = self._last = 0.0  # when the first and the last step it waits for came
        tip, node, viewer = where()
        # drawn with the line's data before the widget exists: changes made to a Bokeh model before the page
        # shows it are lost, so the race would open empty
        self.plot = Plot(score_race([n.state for n in line(tip)], viewer, height=220, current=node.ply))
        self._svg = not BOKEH
        self._key = (tip.id, viewer, node.ply)
        if self._svg:
            return
        fig = self.plot.figure  # looked up once: select() walks the whole figure
        self._sources = [fig.select_one({"name": f"score-seat-{i}"}) for i in range(players)]
        self._cursor = fig.select_one({"name": "current-ply"})
        self._key = (tip.id, viewer)

    def values(self, node, viewer) -> list:
        key = (node.id, viewer)
        got = self._values.get(key)
        if got is None:
            got = self._values[key] = [float("nan") if x is None else x for x in node.state.race(viewer)["values"]]
        return got

    def forget(self, live) -> None:
        """Drop the values of nodes no longer in `live` (ids)."""
        for key in [k for k in self._values if k[0] not in live]:
            del self._values[key]

    def restart(self) -> None:
        """A new timeline (node ids start again): forget everything drawn."""
        self._values.clear()
        self._key = None

    def schedule(self) -> None:
        """Redraw now or, in a kernel, once the steps pause."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.redraw()
            return
        now = loop.time()
        self._last = now
        if self.due is None:
            self._first = now
            self.due = loop.call_later(QUIET, self._timer, loop)

    def _timer(self, loop) -> None:
        now = loop.time()
        due = min(self._last + QUIET, self._first + MAX_WAIT)
        if now < due:  # another step came: wait for the pause (or the burst's deadline)
            self.due = loop.call_later(due - now, self._timer, loop)
            return
        self.due = None
        self.redraw()

    def redraw(self) -> None:
        if self._svg:
            self._redraw_svg()
            return
        tip, node, viewer = self._where()
        key = (tip.id, viewer)
        if key != self._key:
            line = self._line(tip)
            scores = [self.values(n, viewer) for n in line]
            plies = [n.ply for n in line]
            for i, src in enumerate(self._sources):
                if src is not None:
                    src.data = {"ply": plies, "score": [s[i] if i < len(s) else 0 for s in scores],
                                "seat": [src.data["seat"][0] if src.data["seat"] else ""] * len(plies)}
            from .plots import fit_race
            fit_race(self.plot.figure, plies, [v for s in scores for v in s])
            self._key = key
        if self._cursor is not None and self._cursor.location != node.ply:
            self._cursor.location = node.ply

    def _redraw_svg(self) -> None:
        """The SVG chart drawn again when the line, the viewer or the cursor moved."""
        tip, node, viewer = self._where()
        key = (tip.id, viewer, node.ply)
        if key == self._key:
            return
        from .plots import race_chart
        line = self._line(tip)
        seats = line[0].state.view(viewer).get("seats") or []
        self.plot.figure = race_chart(seats, tip.state.race(viewer)["label"], [n.ply for n in line],
                                      [self.values(n, viewer) for n in line], node.ply, height=220)
        self._key = key


__all__ = ["MAX_WAIT", "QUIET", "ScoreRace", "flat"]
