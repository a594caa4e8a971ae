"""Bokeh views of the harvest table, and a what-if yield helper.

>>> expected_yield(2, weeds=0, pests=0, fertilised=False, round_=1)   # sample (assumed) table
6
>>> fig = harvest_heatmap(state)        # the table as a heatmap, the current paddies marked
>>> explorer.plots.show(fig)            # offline Bokeh widget

The numbers come from the components file (an assumed sample table unless you load your own data).
"""
from __future__ import annotations

from bokeh.models import ColumnDataSource, HoverTool, LinearColorMapper
from bokeh.plotting import figure

from ...core.registry import spec
from .config import components
from .steps import ROWS, infestation

_MARK_COLORS = {"red": "#d1495b", "blue": "#3a6ea5", "yellow": "#e3b505", "green": "#4f9d55"}


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
        return {"size": xs, "row": ys, "label": labels, "color": colors, "rice": rice}
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
            colors.append(_MARK_COLORS.get(cfg.colors[i], "#333"))
            rice.append(table[row][size + fert - 1])
    return {"size": xs, "row": ys, "label": labels, "color": colors, "rice": rice}


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
    src = ColumnDataSource({"size": xs, "row": ys, "rice": vals, "text": [str(v) for v in vals]},
                           name="harvest-table")
    which = "round 7 (grey numbers)" if round_ == 7 else "rounds 1-6 (black numbers)"
    fig = figure(x_range=sizes, y_range=list(reversed(ROWS)), width=width, height=height, toolbar_location=None,
                 tools="", title=f"Harvest table, {which} — sample values", x_axis_label="paddy size harvested "
                 "(+1 if fertilised)", y_axis_label="weeds / pests")
    mapper = LinearColorMapper(palette="YlGn9", low=max(vals), high=min(vals))
    fig.rect(x="size", y="row", width=1, height=1, source=src, fill_color={"field": "rice", "transform": mapper},
             line_color="white", name="table")
    fig.text(x="size", y="row", text="text", source=src, text_align="center", text_baseline="middle",
             text_font_size="11px", name="numbers")
    marks = ColumnDataSource(_marks(data_or_state, round_), name="paddy-marks")
    r = fig.scatter(x="size", y="row", source=marks, size=16, marker="circle", fill_alpha=0.0,
                    line_color="color", line_width=3, name="paddies")
    fig.add_tools(HoverTool(renderers=[r], tooltips=[("paddy", "@label"), ("rice", "@rice")]))
    fig.grid.visible = False
    return fig


__all__ = ["expected_yield", "harvest_heatmap", "ROWS"]
