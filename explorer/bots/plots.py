"""What would the bot play here, and why: a Bokeh bar chart of `bot.analyse(state)`.

>>> import explorer
>>> state, bot = explorer.load("lotus", players=3, seed=7), explorer.bots.make("heuristic")
>>> fig = analysis_plot(bot.analyse(state))
>>> plot = explorer.plots.show(fig)        # last in a notebook cell, it draws
"""
from __future__ import annotations

import math

from bokeh.models import ColumnDataSource, HoverTool
from bokeh.plotting import figure

CHOSEN, OTHER = "#d1495b", "#8aa1b1"


def analysis_plot(df, *, width: int = 560, height: int | None = None, title: str | None = None):
    """Horizontal bars, one per legal action: search visits (MCTS) or the rating (heuristic, random),
    the chosen action highlighted; hover shows the estimated value."""
    by_visits = bool(len(df)) and df["visits"].sum() > 0
    metric = "visits" if by_visits else "value"
    rows = df.sort_values(metric, ascending=True, kind="stable") if len(df) else df
    actions = [str(a) for a in rows["action"]]
    vals = [0.0 if isinstance(v, float) and math.isnan(v) else float(v) for v in rows[metric]]
    src = ColumnDataSource({
        "action": actions, "bar": vals,
        "visits": [int(v) for v in rows["visits"]],
        "value": ["–" if isinstance(v, float) and math.isnan(v) else f"{v:.3f}" for v in rows["value"]],
        "color": [CHOSEN if c else OTHER for c in rows["chosen"]],
    }, name="analysis")
    height = height or max(160, 24 * len(actions) + 70)
    fig = figure(y_range=actions, width=width, height=height, toolbar_location=None, tools="",
                 title=title or ("Search visits per action (red: the bot's choice)" if by_visits
                                 else "Rating per action (red: the bot's choice)"),
                 x_axis_label=metric)
    fig.hbar(y="action", right="bar", height=0.7, color="color", source=src, name="bars")
    fig.add_tools(HoverTool(tooltips=[("action", "@action"), ("visits", "@visits"), ("value", "@value")]))
    fig.ygrid.grid_line_color = None
    return fig


def win_rate_plot(table, label: str, *, title: str = "Win rate (95% Wilson interval)", width: int = 560,
                  height: int | None = None, reference: float | None = None):
    """Horizontal bars of `explorer.simulate.win_rates(...)` output, one per row labelled by column `label`,
    with whiskers for the interval and the number of games in the hover; `reference` draws a line
    (e.g. 1/players, what an even game gives)."""
    from bokeh.models import Span, Whisker
    labels = [str(v) for v in table[label]]
    src = ColumnDataSource({"label": labels, "rate": list(table["win_rate"]), "low": list(table["low"]),
                            "high": list(table["high"]), "games": list(table["games"]),
                            "wins": list(table["wins"])}, name="win-rates")
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
