"""The harvest table as a chart (Bokeh, or SVG where Bokeh is not installed: explorer.charts), and a what-if
yield helper.

>>> expected_yield(2, weeds=0, pests=0, fertilised=False, round_=1)   # sample (assumed) table
6
>>> import explorer
>>> state = explorer.load("rice_paddy", seed=1)
>>> fig = harvest_heatmap(state)        # the table as a heatmap, the current paddies marked
>>> plot = explorer.plots.show(fig)     # offline Bokeh widget
>>> harvest_marks(state).columns        # the marked paddies as a table (none at set-up)
['paddy', 'size', 'weeds / pests', 'rice']

The numbers come from the components file (an assumed sample table unless you load your own data).
"""
from __future__ import annotations

from ... import charts
from ...core.colour import ink, seat_colour
from ...core.registry import spec
from ...rows import Rows
from .config import components
from .steps import ROWS, infestation

YlGn9 = ('#004529', '#006837', '#238443', '#41ab5d', '#78c679', '#addd8e', '#d9f0a3', '#f7fcb9', '#ffffe5')  # Bokeh's


def _table(data_or_state, round_: int):
    """(table rows, max paddy size) for round_ from a state, a components path, or None (packaged data)."""
    if hasattr(data_or_state, "cfg"):
        comp = data_or_state.cfg.comp
    else:
        comp = components(None if data_or_state is None else str(data_or_state))
    if not isinstance(round_, int) or not 1 <= round_ <= 7:
        raise ValueError(f"round_ must be 1..7, got {round_!r}")
    t = comp.harvest_table.final if round_ == 7 else comp.harvest_table.normal
    return t, comp.max_paddy_size


def expected_yield(size: int, weeds: int = 0, pests: int = 0, fertilised: bool = False, round_: int = 1,
                   data=None) -> int:
    """Rice from harvesting `size` hexes of a paddy with these weeds/pests (of the whole paddy), fertilised
    or not, in round_ (1-6 black numbers, 7 grey). rice_paddy.harvest.table / .fertilised / .round7."""
    table, most = _table(data, round_)
    if not isinstance(size, int) or not 1 <= size <= most:
        raise ValueError(f"size must be 1..{most} hexes, got {size!r}")
    if min(weeds, pests) < 0:
        raise ValueError("weeds and pests must be >= 0")
    return table[infestation(weeds, pests)][size + bool(fertilised) - 1]


def _marks(state, round_: int) -> dict:
    """One mark per paddy of every seat that could be harvested now (grown), else every planted paddy."""
    xs, ys, labels, colors, rice = [], [], [], [], []
    if state is None or not hasattr(state, "cfg"):
        return {"size": xs, "row": ys, "label": labels, "color": colors, "rice": rice, "x": [], "y": []}
    table, _ = _table(state, round_)
    cfg = state.cfg
    for i, p in enumerate(state.players):
        F = state.F(i)
        for r in F.paddies:
            if not p.crop[r]:
                continue
            size = len(F.members[r])
            fert = p.fert >> r & 1
            row = infestation(p.weeds[r], p.pests[r])
            xs.append(str(size + fert))
            ys.append(ROWS[row])
            labels.append(f"{cfg.colors[i]} paddy {''.join(cfg.labels[h] for h in F.members[r])}"
                          f" ({'grown' if p.crop[r] == 2 else 'planted'}{', fertilised' if fert else ''})")
            colors.append(seat_colour(cfg.colors[i], "#333"))
            rice.append(table[row][size + fert - 1])
    # paddies sharing a cell sit side by side in its upper half, so none hides another
    at, seen = [], {}
    for key in zip(xs, ys):
        seen[key] = seen.get(key, 0) + 1
    placed: dict = {}
    for key in zip(xs, ys):
        k, n = placed.get(key, 0), seen[key]
        placed[key] = k + 1
        at.append(round((k - (n - 1) / 2) * min(0.22, 0.8 / n), 3))
    return {"size": xs, "row": ys, "label": labels, "color": colors, "rice": rice,
            "x": [(x, dx) for x, dx in zip(xs, at)], "y": [(y, 0.22) for y in ys]}


def harvest_marks(state, round_: int | None = None) -> Rows:
    """The paddies `harvest_heatmap(state, round_)` marks, as a table: each paddy, its cell in the harvest table
    (size column, fertilised counting one larger; weeds / pests row) and the rice it would give (round_: the
    state's round unless given)."""
    m = _marks(state, state.round if round_ is None else round_)
    return Rows([{"paddy": t, "size": int(x), "weeds / pests": y, "rice": r}
                 for t, x, y, r in zip(m["label"], m["size"], m["row"], m["rice"])],
                columns=["paddy", "size", "weeds / pests", "rice"])


def _shade(v: int, most: int, least: int) -> str:
    """The palette colour of v: the most rice darkest."""
    if most == least:
        return YlGn9[0]
    k = int((most - v) / (most - least) * len(YlGn9))
    return YlGn9[min(max(k, 0), len(YlGn9) - 1)]


def harvest_heatmap(data_or_state=None, round_: int = 1, *, width: int = 560, height: int = 300):
    """The harvest table for round_ (1-6 or 7) as a heatmap: paddy size (fertilised counts one larger) by
    infestation row. Given a state, every planted or grown paddy is marked where its harvest would fall."""
    spec("rice_paddy")
    table, most = _table(data_or_state, round_)
    sizes = [str(k) for k in range(1, most + 2)]
    xs, ys, vals = [], [], []
    for row, name in enumerate(ROWS):
        for k, v in enumerate(table[row]):
            xs.append(sizes[k])
            ys.append(name)
            vals.append(v)
    fills = [_shade(v, max(vals), min(vals)) for v in vals]
    which = "round 7 (grey numbers)" if round_ == 7 else "rounds 1-6 (black numbers)"
    title = f"Harvest table, {which} — sample values"
    x_label, y_label = "paddy size harvested (+1 if fertilised)", "weeds / pests"
    if not charts.have_bokeh():
        m = _marks(data_or_state, round_)
        marks = [{"column": x, "row": y, "dx": dx, "dy": 0.22, "color": c, "tip": f"{t}: {r} rice"}
                 for x, y, (_, dx), c, t, r in zip(m["size"], m["row"], m["x"], m["color"], m["label"], m["rice"])]
        seats = dict.fromkeys((t.split()[0], c) for t, c in zip(m["label"], m["color"]))
        return charts.table_map(sizes, list(ROWS), {(x, y): (str(v), f) for x, y, v, f in zip(xs, ys, vals, fills)},
                                title=title, x_label=x_label, y_label=y_label, width=width, height=height,
                                marks=marks, legend=[(f"{name} paddies", c, "box") for name, c in seats],
                                key=(YlGn9[::-1], min(vals), max(vals), "rice"))
    from bokeh.models import ColumnDataSource, HoverTool
    from bokeh.plotting import figure
    src = ColumnDataSource({"size": xs, "row": ys, "rice": vals, "text": [str(v) for v in vals], "fill": fills,
                            "ink": [ink(f) for f in fills], "at": [(y, -0.12) for y in ys]}, name="harvest-table")
    fig = figure(x_range=sizes, y_range=list(reversed(ROWS)), width=width, height=height, toolbar_location=None,
                 tools="", title=title, x_axis_label=x_label, y_axis_label=y_label)
    fig.rect(x="size", y="row", width=1, height=1, source=src, fill_color="fill", line_color="white", name="table")
    fig.text(x="size", y="at", text="text", source=src, text_align="center", text_baseline="middle",
             text_font_size="14px", text_font_style="bold", text_color="ink", name="numbers")
    marks = ColumnDataSource(_marks(data_or_state, round_), name="paddy-marks")
    r = fig.scatter(x="x", y="y", source=marks, size=13, marker="circle", fill_color="color",
                    line_color="#111111", line_width=1.5, name="paddies")
    fig.add_tools(HoverTool(renderers=[r], tooltips=[("paddy", "@label"), ("rice", "@rice")]))
    fig.grid.visible = False
    return fig


__all__ = ["expected_yield", "harvest_heatmap", "harvest_marks", "ink", "ROWS"]
