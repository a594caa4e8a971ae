"""Lotus: who controls which flower, as a chart (Bokeh, or SVG where Bokeh is not installed).

>>> import explorer
>>> state = explorer.load("lotus", players=3, seed=7)
>>> fig = control_plot(state)          # a bokeh figure
>>> plot = explorer.plots.show(fig)    # a widget; BokehJS comes from the kernel, never a CDN
"""
from __future__ import annotations

from ... import charts
from ...plots import _color, _name


def _factors(flowers) -> list[str]:
    factors, seen = [], set()
    for f in flowers:
        label = f"{f['name']} {f['placed']}/{f['petals']}"
        while label in seen:  # two flowers of one kind would share a category
            label += "*"
        seen.add(label)
        factors.append(label)
    return factors


def control_plot(state, seat=None, *, width: int = 620, height: int = 280):
    """Grouped bars: each seat's influence on every growing flower, as `seat` sees it."""
    view = state.view(seat)
    flowers = view.get("flowers") or []
    seats = view.get("seats") or []
    factors = _factors(flowers)
    influence = [[f["influence"][i] if i < len(f.get("influence", [])) else 0 for f in flowers]
                 for i in range(len(seats))]
    lead = [["yes" if i in (f.get("leaders") or []) else "" for f in flowers] for i in range(len(seats))]
    if not charts.have_bokeh():
        series = [{"name": _name(s, i), "color": _color(s, i), "values": influence[i],
                   "tips": [f"{_name(s, i)} on {factors[k]}: influence {v}" + (", leads" if lead[i][k] else "")
                            for k, v in enumerate(influence[i])]} for i, s in enumerate(seats)]
        return charts.grouped_bars(factors, series, title="Influence on growing flowers", x_label="flower",
                                   y_label="influence", width=width, height=height)
    from bokeh.models import ColumnDataSource, FactorRange, HoverTool
    from bokeh.plotting import figure
    from bokeh.transform import dodge
    fig = figure(x_range=FactorRange(*factors), width=width, height=height, title="Influence on growing flowers",
                 toolbar_location=None, tools="", y_axis_label="influence")
    n = max(len(seats), 1)
    bar = 0.8 / n
    for i, s in enumerate(seats):
        src = ColumnDataSource({"flower": factors, "influence": influence[i], "leader": lead[i],
                                "seat": [_name(s, i)] * len(factors)}, name=f"control-seat-{i}")
        fig.vbar(x=dodge("flower", -0.4 + bar * (i + 0.5), range=fig.x_range), top="influence", width=bar * 0.9,
                 source=src, color=_color(s, i), legend_label=_name(s, i), name=f"seat-{i}",
                 line_color="#222", line_width=0.5)
    fig.add_tools(HoverTool(tooltips=[("seat", "@seat"), ("flower", "@flower"), ("influence", "@influence"),
                                      ("leader", "@leader")]))
    fig.y_range.start = 0
    fig.x_range.range_padding = 0.1
    fig.xgrid.grid_line_color = None
    fig.legend.location = "top_left"
    fig.legend.orientation = "horizontal"
    return fig


__all__ = ["control_plot"]
