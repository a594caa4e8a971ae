"""What a notebook cell shows of an explorer (`Explorer.panel`): the widget, the score race under it
(explorer.race) and, after a bot's Analyse, its bar chart under that. Made when first shown."""
from __future__ import annotations


def _close(plot) -> None:
    """Close a Plot and its BokehModel so the page drops their data (jupyter_bokeh's close is not
    idempotent: the figure leaves its document first, so the close at garbage collection is a no-op). An SVG
    chart's widget (drawn without Bokeh) just closes."""
    bokeh = getattr(plot, "plot", None)
    if bokeh is not None:
        fig = bokeh._model
        if bokeh.comm is not None:
            bokeh.close()
        if fig.document is not None:
            fig.document.remove_root(fig)
    plot.close()


class Panel:
    """`widget`'s panel (`on`: with a score race). `where()` -> (tip, current node, viewer): the end of the line
    the race draws, its cursor, whose eyes; `line(tip)` -> the nodes from the root to `tip`."""

    def __init__(self, widget, on: bool, where, line):
        self.widget, self.on = widget, bool(on)
        self.where, self.line = where, line
        self.box = None    # the ipywidgets VBox
        self.race = None   # the score race (explorer.race.ScoreRace), made with the box
        self.chart = None  # the analysis chart (explorer.plots.Plot) and the data it draws
        self._drawn = None
        self._checked = None  # (tip id, viewer) last found flat, in a chapter's explorer

    def open(self, lazy: bool):
        """The VBox (`lazy`: a chapter's explorer, see `add_race`)."""
        if self.box is None:
            import ipywidgets
            self.box = ipywidgets.VBox([self.widget])
            self.add_race(lazy)
        return self.box

    def add_race(self, lazy: bool) -> None:
        """Put the score race under the explorer; in a study chapter's explorer (`lazy`) only once the line it
        would draw says something (its values differ somewhere): a flat, empty chart under a lesson is noise."""
        if self.race is not None or self.box is None or not self.on:
            return
        tip, node, viewer = self.where()
        players = node.state.num_players
        if not players:
            return
        from .race import ScoreRace, flat
        if lazy:
            if (tip.id, viewer) == self._checked:
                return
            self._checked = (tip.id, viewer)
            if flat(self.line(tip), viewer):
                return
        self.race = ScoreRace(players, self.where, self.line)
        self.box.children = (*self.box.children[:1], self.race.plot, *self.box.children[1:])

    def update(self, lazy: bool, chart) -> None:
        """After a sync: the analysis chart for `chart` ((DataFrame, title) or None), the race redrawn soon."""
        if chart is not self._drawn:
            self._drop_chart()
            if chart is not None and self.box is not None:
                from .bots.plots import analysis_plot
                from .plots import Plot
                self.chart, self._drawn = Plot(analysis_plot(chart[0], title=chart[1])), chart
                self.box.children = (*self.box.children, self.chart)
        if self.race is not None:
            self.race.schedule()
        elif self.box is not None:
            self.add_race(lazy)

    def _drop_chart(self) -> None:
        """Take the analysis chart out of the box and close its models (they are synced to the page)."""
        plot, self.chart, self._drawn = self.chart, None, None
        if plot is None:
            return
        if self.box is not None:
            self.box.children = tuple(k for k in self.box.children if k is not plot)
        _close(plot)

    def changed(self, kind: str, live, lazy: bool) -> None:
        """The session's line changed (explorer.session): nodes "deleted" (`live`: the ids left), a timeline
        "edited" (ids start again), another "chapter" or a chapter of another "game" (drawn again)."""
        if self.race is None:
            return
        if kind == "deleted":
            self.race.forget(live)
        elif kind == "edited":
            self.race.restart()
        else:
            if self.box is not None:
                self.box.children = tuple(k for k in self.box.children if k is not self.race.plot)
            self.race, self._checked = None, None
            self.add_race(lazy)


__all__ = ["Panel"]
