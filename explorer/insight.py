"""The explorer's evaluation bar, its search analysis (top moves and why) and its review of the main line.

Python decides what is shown; the widget only draws the `evaluation`, `analysis` and `review` traits. Every
figure comes from explorer.analysis, read from the viewer's information only (see its docstring): the eval
bar of a seat never depends on what that seat cannot see, and a review made in a seat's view judges the
others' moves with that seat's information. A review runs in the background when asked from the page (its
progress is synced; Cancel keeps what it has) and writes its glyphs, comments and variations at the end.
"""
from __future__ import annotations

import threading

from . import analysis
from .bots.base import derive

CACHE = 256  # evaluations remembered (node, viewer)


class Insight:
    """One explorer's eval bar, analysis and review. `seed`: the explorer's random seed; `show(progress)` puts a
    background review's progress on the page, `refresh()` syncs the page once it has written its result."""

    def __init__(self, seed: int = 0, show=lambda progress: None, refresh=lambda: None):
        self.seed = seed
        self.show, self.refresh = show, refresh
        self.bar = False            # the eval bar is on: every position shown is evaluated
        self.iterations = None         # Analyse; None: analysis.ANALYSE_SECONDS of the game's search budget
        self.bar_iterations = None     # the eval bar; None: analysis.BAR_SECONDS
        self.review_iterations = None  # a review, per move; None: analysis.review_budget
        self.result: analysis.Review | None = None
        self.progress: dict = {}
        self.cancel = threading.Event()
        self.thread: threading.Thread | None = None
        self.lock = threading.RLock()  # held while the timeline changes (intents and a review's writing)
        self.table: dict = {}  # the `analysis` trait: the last Analyse's rows, or {}
        self.last = None       # what `Explorer.analyse` returns: the search's rows or the bot's DataFrame
        self.chart = None      # (DataFrame, title) for a bot's bar chart under the explorer, or None
        self._evals: dict = {}
        self._line = 0  # which timeline: a review of an earlier one writes nothing

    def reset(self) -> None:
        """A new timeline (an edit, another chapter): what was said of the old one's nodes goes."""
        self.cancel.set()
        self._evals.clear()
        self.result, self.progress = None, {}
        self._line += 1

    def set_bar(self, on) -> None:
        if not isinstance(on, bool):
            raise ValueError("the eval bar is on (true) or off (false)")
        self.bar = on

    # -- the eval bar
    def _seed(self, node) -> int:
        return derive(self.seed, node.id)

    def evaluation(self, node, viewer) -> dict:
        """The eval bar's data at `node` for `viewer`: a review's figure there, one computed before, or (bar
        on) a fresh one; {} otherwise."""
        key = (node.id, viewer)
        got = self._evals.get(key)
        if got is None:
            got = self._reviewed(node, viewer)
        if got is None and self.bar:
            its = self.bar_iterations or analysis.budget(node.state.game_name, analysis.BAR_SECONDS)
            got = analysis.evaluate(node.state, viewer, its, self._seed(node)).to_json()
        if got is None:
            return {}
        self._remember(key, got)
        return dict(got, node=node.id)

    def _remember(self, key, got) -> None:
        if len(self._evals) >= CACHE:
            self._evals.pop(next(iter(self._evals)))
        self._evals[key] = got

    def _reviewed(self, node, viewer) -> dict | None:
        """A review's figure at `node` if it lies on the line reviewed in this view (series[ply])."""
        rev = self.result
        if rev is None or rev.viewer != viewer:
            return None
        ids = [0] + [p.node for p in rev.plies]  # the root has id 0
        k = node.ply
        if k >= len(rev.series) or k >= len(ids) or ids[k] != node.id:
            return None
        return {"viewer": viewer, "bot": rev.bot, "final": False,
                "seats": [{"name": n, "win": round(w, 4), "margin": None, "stderr": None}
                          for n, w in zip(rev.names, rev.series[k])]}

    # -- Analyse: the search's top moves and why (the best line as arrows), or another bot's table
    def analyse(self, node, viewer, names, bot_name: str, make_bot, seed: int) -> None:
        """Analyse `node` for `viewer` with the bot named `bot_name` (`make_bot()` makes it; `seed`: the next
        bot's seed, which the search uses for its labels): sets `table`, `last` and `chart`."""
        state = node.state
        if state.is_terminal:
            raise ValueError("the game is over: there is nothing to analyse")
        actor = state.current_player
        if viewer is not None and viewer != actor:  # the moves it weighs would spell out the actor's hand
            raise PermissionError(f"an analysis lists {names[actor]}'s possible moves, which this "
                                  f"view may not see: view as {names[actor]} or everything")
        if bot_name == "search":
            self.chart = None
            self.table = self._search(node, viewer, seed)
            self.last = self.table["rows"]
            return
        bot = make_bot()
        df = self.last = bot.analyse(state)
        heuristic = not bot.searches  # it rates moves: there are no visits to show
        rows = [{"action": str(r.action), "value": None if r.value != r.value else round(float(r.value), 4),
                 "chosen": bool(r.chosen), **({} if heuristic else {"visits": int(r.visits)})}
                for r in df.itertuples()]
        self.table = {"bot": bot.label, "node": node.id, "seat": actor, "rows": rows,
                      "viewer": viewer, "kind": "rating" if heuristic else "table"}
        self.chart = (df, f"What {bot.label} would play here, and why")

    def drop_stale(self, node, viewer, can_act) -> None:
        """Forget the analysis when it is not of this node, for this viewer, who may act."""
        t = self.table
        if t and (t.get("node") != node.id or not can_act or t.get("viewer", viewer) != viewer):
            self.table = {}
        if not self.table:
            self.chart = None

    def _search(self, node, viewer, label_seed: int) -> dict:
        state = node.state
        seat = state.current_player
        its = self.iterations or analysis.budget(state.game_name)
        th = analysis.think(state, seat, its, label_seed)
        rows = analysis.reasons(state, seat, thought=th, top=6, seed=label_seed)
        same = viewer in (None, seat)  # the search already read this viewer's information
        ev = analysis.evaluate(state, viewer, its, label_seed, thought=th if same else None)
        self._remember((node.id, viewer), ev.to_json())
        out = {"bot": analysis.budget_label(its), "kind": "search", "node": node.id, "seat": seat,
               "viewer": viewer, "rows": [r.to_json() for r in rows]}
        if rows:
            marks = analysis.line_marks(state, seat, (rows[0].move, *rows[0].line), viewer)
            if marks:
                out["marks"] = marks
        return out

    # -- the review
    def synced_review(self, viewer) -> dict:
        """The review trait for `viewer`: a review running, or the last one if it was made in this view."""
        if self.thread is not None and self.thread.is_alive():
            return dict(self.progress, running=True)
        rev = self.result
        if rev is None or rev.viewer != viewer:
            return {}
        return {"running": False, "viewer": viewer, "bot": rev.bot, "done": len(rev.plies), "total": rev.total,
                "complete": rev.complete, "seconds": round(rev.seconds, 1),
                "thresholds": [[g, t] for g, t in analysis.GLYPH_THRESHOLDS],
                "series": [[round(v, 4) for v in row] for row in rev.series],
                "marked": [{"node": p.node, "ply": p.ply, "seat": p.seat, "glyph": p.glyph, "loss": round(p.loss, 4),
                            "win": round(p.win, 4), "best_win": round(p.best_win, 4)} for p in rev.plies if p.glyph]}

    def start(self, tl, viewer, iterations=None, seed=None, background=True):
        """Review `tl`'s main line in `viewer`'s eyes; in the background (progress synced) or now."""
        if self.thread is not None and self.thread.is_alive():
            raise ValueError("a review is already running: Cancel it first")
        its = self.review_iterations if iterations is None else int(iterations)
        its = its or analysis.review_budget(tl.root.state.game_name)
        seed = self.seed if seed is None else seed
        self.cancel = threading.Event()
        total = len(tl.mainline()) - 1
        self.progress = {"done": 0, "total": total, "viewer": viewer, "bot": analysis.budget_label(its)}
        line = self._line

        def tick(done, total):
            self.progress = dict(self.progress, done=done)
            if background:
                self.show(dict(self.progress, running=True))

        def work():
            rev = analysis.review(tl, viewer, its, seed, progress=tick if background else True,
                                  cancel=self.cancel, annotate=False)
            with self.lock:
                if line == self._line:  # still the explorer's timeline
                    analysis.write(tl, rev)
                    self.result = rev
                    self._evals.clear()
                self.thread = None
                self.refresh()
            return rev
        if not background:
            return work()
        self.thread = threading.Thread(target=work, name="explorer-review", daemon=True)
        try:
            self.thread.start()
        except RuntimeError:  # no threads here (Pyodide): review now, the page waits
            self.thread = None
            return work()
        self.show(dict(self.progress, running=True))
        return None

    def stop(self) -> None:
        self.cancel.set()
