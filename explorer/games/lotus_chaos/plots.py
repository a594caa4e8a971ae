"""A heatmap of hex occupancy: how often tokens stood on each hex over a game or many games (Bokeh, or SVG
where Bokeh is not installed: explorer.charts).

>>> import explorer
>>> states = [explorer.load("lotus_chaos", seed=1)]
>>> fig = occupancy_heatmap(states)            # states of one or more games (or a {(q, r): count} mapping)
>>> from explorer.plots import show; plot = show(fig)
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from ... import charts
from ...core import hexgrid as hx
from .board import ZONE_NAMES, board


def occupancy(states_or_counts) -> Counter:
    """{(q, r): token count} summed over states (tokens of players still in the game)."""
    if isinstance(states_or_counts, Mapping):
        return Counter({tuple(k): int(v) for k, v in states_or_counts.items()})
    counts: Counter = Counter()
    for item in states_or_counts:
        if hasattr(item, "pos"):
            counts.update(h for h in item.pos if h is not None)
        elif isinstance(item, Iterable):
            counts.update(occupancy(item))
        else:
            raise TypeError(f"expected lotus_chaos states (or lists of them) or a mapping, got {type(item).__name__}")
    return counts


def occupancy_heatmap(states_or_counts, radius: int | None = None, *, title: str = "Hex occupancy",
                      width: int = 460, height: int = 420):
    """A figure with one hexagon per board hex, coloured by how many tokens stood there (summed over the
    given states). The radius defaults to the states' board (3 for a mapping)."""
    items = states_or_counts if isinstance(states_or_counts, Mapping) else list(states_or_counts)
    counts = occupancy(items)
    if radius is None:
        first = items[0] if isinstance(items, list) and items else None
        while isinstance(first, list) and first:
            first = first[0]
        radius = first.cfg.radius if hasattr(first, "cfg") else max([3, *(hx.length(h) for h in counts)])
    b = board(radius)
    xs, ys, qs, rs, zones, values, corner = [], [], [], [], [], [], []
    for h in b.hexes:
        pts = hx.polygon(h, 1.0)
        xs.append([p[0] for p in pts])
        ys.append([-p[1] for p in pts])  # north up
        qs.append(h[0])
        rs.append(h[1])
        zones.append(ZONE_NAMES[b.zone[h]])
        values.append(counts.get(h, 0))
        corner.append(b.corner_of.get(h, ""))
    if not charts.have_bokeh():
        shapes = [{"points": list(zip(x, y)), "value": v,
                   "tip": f"hex {q}, {r}: {z}{' ' + c if c else ''}, {v} token{'s' if v != 1 else ''}"}
                  for x, y, q, r, z, v, c in zip(xs, ys, qs, rs, zones, values, corner)]
        return charts.shape_map(shapes, title=title, key_label="tokens", width=width, height=height)
    from bokeh.models import ColorBar, ColumnDataSource, HoverTool, LinearColorMapper
    from bokeh.palettes import Viridis256
    from bokeh.plotting import figure
    src = ColumnDataSource({"xs": xs, "ys": ys, "q": qs, "r": rs, "zone": zones, "count": values,
                            "corner": corner}, name="occupancy")
    mapper = LinearColorMapper(palette=Viridis256, low=0, high=max(values) or 1)
    fig = figure(width=width, height=height, title=title, match_aspect=True, toolbar_location=None,
                 tools="", x_axis_type=None, y_axis_type=None)
    fig.grid.visible = False
    fig.patches("xs", "ys", source=src, fill_color={"field": "count", "transform": mapper},
                line_color="#555", name="hexes")
    fig.add_tools(HoverTool(tooltips=[("hex", "@q, @r"), ("zone", "@zone @corner"), ("tokens", "@count")]))
    fig.add_layout(ColorBar(color_mapper=mapper, title="tokens"), "right")
    return fig
