"""What would the bot play here, and why: a bar chart of `bot.analyse(state)` (Bokeh, or SVG where Bokeh is not
installed: explorer.charts).

>>> import explorer
>>> state, bot = explorer.load("lotus", players=3, seed=7), explorer.bots.make("heuristic")
>>> fig = analysis_plot(bot.analyse(state))
>>> plot = explorer.plots.show(fig)        # last in a notebook cell, it draws
"""
from __future__ import annotations

import math

from .. import charts
from ..rows import records

CHOSEN, OTHER = "#d1495b", "#8aa1b1"


def _nan(v) -> bool:
    return isinstance(v, float) and math.isnan(v)


def analysis_plot(df, *, width: int = 560, height: int | None = None, title: str | None = None):
    """Horizontal bars, one per legal action: search visits (MCTS) or the rating (heuristic, random),
    the chosen action highlighted; hover shows the estimated value. `df`: what `bot.analyse` returns (a
    DataFrame, or plain rows where pandas is not installed)."""
    table = records(df)
    by_visits = bool(table) and sum(r.get("visits", 0) for r in table) > 0
    metric = "visits" if by_visits else "value"
    rows = sorted(table, key=lambda r: (_nan(r[metric]), 0.0 if _nan(r[metric]) else r[metric]))  # NaN last
    actions = [str(r["action"]) for r in rows]
    vals = [0.0 if _nan(r[metric]) else float(r[metric]) for r in rows]
    values = ["–" if _nan(r["value"]) else f"{r['value']:.3f}" for r in rows]
    title = title or ("Search visits per action (red: the bot's choice)" if by_visits
                      else "Rating per action (red: the bot's choice)")
    if not charts.have_bokeh():
        def tip(a, w, r):
            visits = f"{int(r['visits'])} visits, " if by_visits else ""
            return f"{a}: {visits}value {w}" + (" (the bot's choice)" if r["chosen"] else "")
        bars = [{"label": a, "value": v, "color": CHOSEN if r["chosen"] else OTHER, "tip": tip(a, w, r)}
                for a, v, w, r in zip(actions, vals, values, rows)][::-1]  # the most first, at the top
        return charts.hbars(bars, title=title, x_label=metric, width=width, height=height,
                            legend=[("the bot's choice", CHOSEN, "box"), ("other moves", OTHER, "box")],
                            fmt=(lambda v: charts.number(v)) if by_visits else (lambda v: f"{v:.3f}"))
    from bokeh.models import ColumnDataSource, HoverTool
    from bokeh.plotting import figure
    src = ColumnDataSource({
        "action": actions, "bar": vals,
        "visits": [int(r.get("visits", 0)) for r in rows],
        "value": values,
        "color": [CHOSEN if r["chosen"] else OTHER for r in rows],
    }, name="analysis")
    height = height or max(160, 24 * len(actions) + 70)
    fig = figure(y_range=actions, width=width, height=height, toolbar_location=None, tools="", title=title,
                 x_axis_label=metric)
    fig.hbar(y="action", right="bar", height=0.7, color="color", source=src, name="bars")
    fig.add_tools(HoverTool(tooltips=[("action", "@action")] + ([("visits", "@visits")] if by_visits else [])
                            + [("value", "@value")]))
    fig.ygrid.grid_line_color = None
    return fig


def win_rate_plot(table, label: str, *, title: str = "Win rate (95% Wilson interval)", width: int = 560,
                  height: int | None = None, reference: float | None = None):
    """Horizontal bars of `explorer.simulate.win_rates(...)` output, one per row labelled by column `label`,
    with whiskers for the interval and the number of games in the hover; `reference` draws a line
    (e.g. 1/players, what an even game gives)."""
    rows = records(table)
    labels = [str(r[label]) for r in rows]
    if not charts.have_bokeh():
        bars = [{"label": name, "value": r["win_rate"], "low": r["low"], "high": r["high"], "color": OTHER,
                 "tip": f"{name}: win rate {r['win_rate']:.3f}, interval {r['low']:.2f}–{r['high']:.2f}, "
                        f"{r['wins']} wins in {r['games']} games"} for name, r in zip(labels, rows)]
        return charts.hbars(bars, title=title, x_label="win rate", width=width, height=height, row=34,
                            x_range=(0, 1), legend=[("win rate", OTHER, "box"), ("95% interval", "#222222", "whisker")],
                            reference=(reference, "even game") if reference is not None else None,
                            fmt=lambda v: f"{v:.2f}")
    from bokeh.models import ColumnDataSource, HoverTool, Span, Whisker
    from bokeh.plotting import figure
    src = ColumnDataSource({"label": labels, "rate": [r["win_rate"] for r in rows], "low": [r["low"] for r in rows],
                            "high": [r["high"] for r in rows], "games": [r["games"] for r in rows],
                            "wins": [r["wins"] for r in rows]}, name="win-rates")
    fig = figure(y_range=labels[::-1], x_range=(0, 1), width=width, height=height or max(160, 34 * len(labels) + 70),
                 toolbar_location=None, tools="", title=title, x_axis_label="win rate")
    fig.hbar(y="label", right="rate", height=0.6, color=OTHER, source=src, name="bars")
    fig.add_layout(Whisker(source=src, base="label", lower="low", upper="high", dimension="width", level="overlay"))
    if reference is not None:
        fig.add_layout(Span(location=reference, dimension="height", line_dash="dashed", line_color=CHOSEN))
    fig.add_tools(HoverTool(tooltips=[("", "@label"), ("win rate", "@rate{0.000}"),
                                      ("interval", "@low{0.00}–@high{0.00}"), ("wins / games", "@wins / @games")]))
    fig.ygrid.grid_line_color = None
    return fig


__all__ = ["analysis_plot", "win_rate_plot"]
