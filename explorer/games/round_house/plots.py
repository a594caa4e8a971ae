"""Helpers for studying Round House: where a family-temple worship could end, and the score race.

>>> import explorer
>>> state = explorer.load("round_house", seed=1); states = [state]
>>> options = worship_options(state, 5)          # one dict per reachable cell: points, chairs, rewards
>>> svg = worship_svg(state, 5)                  # the grid with those cells highlighted (an SVG string)
>>> fig = score_race(states)                     # Bokeh (SVG without it): points per seat along a game
"""
from __future__ import annotations

from html import escape

from ... import charts
from ...core.colour import seat_colour
from .board import cell_name, worship_ends
from .views import _code


def worship_options(state, n: int, seat: int | None = None) -> list[dict]:
    """Where a family-temple worship of `seat` (default: the player to move) with `n` workers could end,
    and what each end would earn (round_house.worship.line, round_house.worship.score,
    round_house.worship.rewards). Amulet sides show the amulet lying there now (None: empty)."""
    cfg = state.cfg
    seat = state.seat if seat is None else seat
    placed, cells = worship_ends(cfg, state.elder_mask(seat), n)
    chairs = state.chairs_of(seat)
    out = []
    for c in cells:
        rewards = []
        for e in cfg.cell_sides[c]:
            code = _code(cfg.edges[e])
            if e in cfg.amulet_edges:
                a = state.grid[cfg.amulet_edges.index(e)]
                code = code.replace("A", f"amulet {a}" if a else "amulet (none)")
            if code:
                rewards.append(code)
        out.append({"cell": cell_name(cfg, c), "placed": placed, "points": cfg.cell_points[c], "chairs": chairs,
                    "total": cfg.cell_points[c] + chairs, "rewards": rewards})
    return sorted(out, key=lambda o: (-o["total"], o["cell"]))


def worship_svg(state, n: int, seat: int | None = None, size: int = 52) -> str:
    """The worship grid: cells a line of `n` workers can end on in gold, the seat's elders as dots."""
    cfg = state.cfg
    seat = state.seat if seat is None else seat
    ends = {o["cell"]: o for o in worship_options(state, n, seat)}
    w, h = cfg.cols * size + 20, cfg.rows * size + 40
    color = seat_colour(cfg.colors[seat])
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" '
           f'font-size="12"><text x="10" y="14">{escape(cfg.names[seat])}: {n} worker(s)</text>']
    for c in range(cfg.rows * cfg.cols):
        r, col = divmod(c, cfg.cols)
        x, y = 10 + col * size, 22 + r * size
        name = cell_name(cfg, c)
        o = ends.get(name)
        fill = "#ffd95a" if o else "#fff"
        tip = f"{name}: {cfg.cell_points[c]} points" + (f", total {o['total']}; " + "; ".join(o["rewards"])
                                                       if o else "")
        out.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{fill}" stroke="#999">'
                   f'<title>{escape(tip)}</title></rect><text x="{x + 4}" y="{y + 14}" fill="#595959">{name}</text>'
                   f'<text x="{x + size / 2}" y="{y + size / 2 + 6}" text-anchor="middle" font-size="14">'
                   f'{o["total"] if o else cfg.cell_points[c]}</text>')
        if seat in state.elders[c]:
            out.append(f'<circle cx="{x + size - 10}" cy="{y + 10}" r="6" fill="{color}" stroke="#222"/>')
    out.append("</svg>")
    return "".join(out)


def score_race(states, *, width: int = 620, height: int = 280):
    """Bokeh step lines of every seat's points along a list of states; dashed lines mark family worships (SVG
where Bokeh is not installed: explorer.charts)."""
    states = list(states)
    cfg = states[0].cfg
    if not charts.have_bokeh():
        plies = list(range(len(states)))
        series = [{"name": cfg.names[p], "color": seat_colour(cfg.colors[p]), "x": plies,
                   "y": [s.points[p] for s in states]} for p in range(cfg.players)]
        marks = [(i, "family worship") for i in range(1, len(states)) if states[i].marker > states[i - 1].marker]
        return charts.step_lines(series, title="Round House score race", x_label="decision", y_label="points",
                                 width=width, height=height, markers=marks)
    from bokeh.models import ColumnDataSource, HoverTool, Span
    from bokeh.plotting import figure
    fig = figure(width=width, height=height, title="Round House score race", toolbar_location=None, tools="",
                 x_axis_label="decision", y_axis_label="points")
    plies = list(range(len(states)))
    for p in range(cfg.players):
        src = ColumnDataSource({"ply": plies, "points": [s.points[p] for s in states],
                                "seat": [cfg.names[p]] * len(plies)}, name=f"score-seat-{p}")
        fig.step(x="ply", y="points", source=src, mode="after", line_width=2, color=seat_colour(cfg.colors[p]),
                 legend_label=cfg.names[p], name=f"seat-{p}")
    for i in range(1, len(states)):
        if states[i].marker > states[i - 1].marker:
            fig.add_layout(Span(location=i, dimension="height", line_color="#bbb", line_dash="dashed",
                                name=f"worship-{states[i].marker}"))
    fig.add_tools(HoverTool(tooltips=[("seat", "@seat"), ("decision", "@ply"), ("points", "@points")]))
    fig.legend.location = "top_left"
    return fig
