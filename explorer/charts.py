"""Charts drawn as SVG, for where Bokeh cannot be installed (the JupyterLite site: Pyodide has no numpy).

`explorer.plots` and the games' plots.py draw with Bokeh when it imports, and with these otherwise: the same
data as a `Chart`, which Jupyter shows from its `_repr_svg_` / `_repr_html_` (and `explorer.plots.show` puts
in a widget). Text is 12 px or more, dark on white; every chart has axis labels (or a colour key) and a legend
naming its colours; each mark carries an SVG <title>, the hover text of the Bokeh version.

>>> c = step_lines([{"name": "Red", "color": "#d1495b", "x": [0, 1, 2], "y": [0, 3, 5]}], title="Score race",
...                x_label="ply", y_label="score")
>>> c.svg.count('class="line"'), "Score race" in c._repr_svg_()
(1, True)
"""
from __future__ import annotations

import functools
import math
from html import escape

from .core.colour import ink

INK, MUTED, GRID, OUTLINE = "#222222", "#555555", "#e4e4e4", "#333333"
SMALL, LABEL, TITLE = 12, 13, 15  # font sizes, px
CHAR = 0.6  # the width of a character, in font sizes (sans-serif, an estimate for the layout)
VIRIDIS = ("#440154", "#482374", "#404387", "#345E8D", "#29788E", "#208F8C", "#22A784", "#42BE71", "#79D151",
           "#BADE27", "#FDE724")


@functools.cache
def have_bokeh() -> bool:
    """Whether Bokeh imports here (the plots then draw with it, as in any normal kernel)."""
    try:
        import bokeh.plotting  # noqa: F401
    except ImportError:
        return False
    return True


def _a(value) -> str:
    return escape(str(value), quote=True)


def _width(text, size: int = SMALL) -> float:
    return len(str(text)) * size * CHAR


def _fit(text, room: float, size: int = SMALL) -> str:
    """`text` cut with an ellipsis to fit `room` pixels."""
    most = max(3, int(room / (size * CHAR)))
    text = str(text)
    return text if len(text) <= most else text[:most - 1] + "…"


def _text(x, y, text, size=SMALL, anchor="start", fill=INK, weight=None, extra="") -> str:
    bold = ' font-weight="bold"' if weight else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" fill="{fill}"{bold}'
            f'{extra}>{escape(str(text))}</text>')


def number(v, step: float | None = None) -> str:
    """v for a label: whole numbers without decimals, others with as many as `step` (or 3 significant)."""
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "–"
    if float(v).is_integer():
        return str(int(v))
    if step:
        d = max(0, -math.floor(math.log10(step) + 1e-9))
        if not float(round(step * 10 ** d, 9)).is_integer():
            d += 1
        return f"{v:.{d}f}"
    return f"{v:.3g}"


def ticks(lo: float, hi: float, n: int = 5, whole: bool = False) -> tuple[list[float], float]:
    """About n round values from lo to hi, and their step (whole numbers only with `whole`)."""
    span = hi - lo
    if span <= 0:
        return [lo], 1.0
    raw = span / n
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw * 0.999)
    if whole:
        step = max(1, math.ceil(step))
    first = math.ceil(lo / step - 1e-9)
    out = []
    k = first
    while k * step <= hi + 1e-9 * max(1.0, abs(hi)):
        out.append(round(k * step, 10))
        k += 1
    return out, step


class Chart:
    """One chart as SVG markup (`svg`), shown by Jupyter. `data` holds what it draws, by name (the columns a
    Bokeh figure's data sources would hold), for code that reads a chart rather than looks at it."""

    def __init__(self, kind: str, title: str, width: int, height: int, parts: list[str], data: dict):
        self.kind, self.title, self.width, self.height, self.data = kind, title, width, height, data
        self._parts = parts

    @property
    def svg(self) -> str:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="rx-chart" data-kind="{_a(self.kind)}" '
                f'width="{self.width}" height="{self.height}" viewBox="0 0 {self.width} {self.height}" role="img" '
                f'style="max-width:100%;height:auto" '
                f'aria-label="{_a(self.title)}" font-family="sans-serif"><title>{escape(self.title)}</title>'
                f'<rect width="{self.width}" height="{self.height}" fill="#ffffff"/>'
                + _text(10, 20, _fit(self.title, self.width - 20, TITLE), TITLE, weight=True)
                + "".join(self._parts) + "</svg>")

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return f'<div class="rx-chart-box">{self.svg}</div>'

    def __repr__(self) -> str:
        return f"<{self.kind} chart: {self.title}>"


class _Frame:
    """The plotting area: data ranges mapped to pixels."""

    def __init__(self, left, top, width, height, xr, yr):
        self.left, self.top, self.w, self.h = left, top, max(width, 10), max(height, 10)
        (self.x0, self.x1), (self.y0, self.y1) = xr, yr

    def x(self, v) -> float:
        return self.left + (v - self.x0) / ((self.x1 - self.x0) or 1) * self.w

    def y(self, v) -> float:
        return self.top + self.h - (v - self.y0) / ((self.y1 - self.y0) or 1) * self.h


def _x_axis(f: _Frame, values, step, label, grid=True) -> list[str]:
    bottom = f.top + f.h
    out = [f'<line x1="{f.left:.1f}" y1="{bottom:.1f}" x2="{f.left + f.w:.1f}" y2="{bottom:.1f}" stroke="{MUTED}"/>']
    for v in values:
        x = f.x(v)
        if grid:
            out.append(f'<line x1="{x:.1f}" y1="{f.top:.1f}" x2="{x:.1f}" y2="{bottom:.1f}" stroke="{GRID}"/>')
        out.append(f'<line x1="{x:.1f}" y1="{bottom:.1f}" x2="{x:.1f}" y2="{bottom + 4:.1f}" stroke="{MUTED}"/>')
        out.append(_text(x, bottom + 17, number(v, step), anchor="middle"))
    if label:
        out.append(_text(f.left + f.w / 2, bottom + 34, label, LABEL, "middle", extra=' class="x-label"'))
    return out


def _y_axis(f: _Frame, values, step, label, grid=True) -> list[str]:
    out = [f'<line x1="{f.left:.1f}" y1="{f.top:.1f}" x2="{f.left:.1f}" y2="{f.top + f.h:.1f}" stroke="{MUTED}"/>']
    for v in values:
        y = f.y(v)
        if grid:
            out.append(f'<line x1="{f.left:.1f}" y1="{y:.1f}" x2="{f.left + f.w:.1f}" y2="{y:.1f}" stroke="{GRID}"/>')
        out.append(_text(f.left - 6, y + 4, number(v, step), anchor="end"))
    if label:
        cy = f.top + f.h / 2
        out.append(_text(16, cy, label, LABEL, "middle", extra=f' transform="rotate(-90 16 {cy:.1f})" class="y-label"'))
    return out


def _legend(items, x, y) -> list[str]:
    """items: (name, colour, how: "line", "box", "dash" or "whisker"), one a row from (x, y)."""
    out = ['<g class="legend">']
    for k, (name, colour, how) in enumerate(items):
        cy = y + 18 * k
        if how == "box":
            out.append(f'<rect x="{x}" y="{cy - 6}" width="14" height="12" fill="{colour}" stroke="{INK}" '
                       f'stroke-width="0.5"/>')
        elif how == "whisker":
            out.append(f'<path d="M{x} {cy - 4}V{cy + 4}M{x} {cy}H{x + 14}M{x + 14} {cy - 4}V{cy + 4}" '
                       f'stroke="{INK}" fill="none"/>')
        else:
            dash = ' stroke-dasharray="5 3"' if how == "dash" else ""
            out.append(f'<line x1="{x}" y1="{cy}" x2="{x + 14}" y2="{cy}" stroke="{OUTLINE}" stroke-width="6"/>'
                       if how == "line" else "")
            out.append(f'<line x1="{x}" y1="{cy}" x2="{x + 14}" y2="{cy}" stroke="{colour}" '
                       f'stroke-width="{4 if how == "line" else 2}"{dash}/>')
        out.append(_text(x + 20, cy + 4, name, extra=' class="legend-item"'))
    out.append("</g>")
    return out


def _legend_width(items) -> float:
    return max((_width(name) for name, _, _ in items), default=0) + 30 if items else 0


def step_lines(series, *, title: str, x_label: str, y_label: str, width: int = 620, height: int = 280,
               markers=(), x_end: float | None = None, y_end: float | None = None, whole: bool = True) -> Chart:
    """A step line per series (dict: name, color, x, y; y None where unknown), each held until the next x,
    drawn over a dark outline so light colours read on white, earlier series wider (equal lines show as
    nested stripes). `markers`: vertical dashed lines, (x, name) each. The ranges start at 0 and reach
    `x_end` / `y_end` (default: the data, at least 1)."""
    xs = [x for s in series for x in s["x"]]
    known = [v for s in series for v in s["y"] if v is not None and v == v]
    x_end = x_end if x_end is not None else max(1, max(xs, default=0))
    y_end = y_end if y_end is not None else max(1, max(known, default=0) * 1.1 + 0.5)
    y_start = min(0, min(known, default=0))
    items = [(s["name"], s["color"], "line") for s in series]
    items += [(name, "#888888", "dash") for name in dict.fromkeys(name for _, name in markers if name)]
    f = _Frame(56, 34, width - 56 - 14 - _legend_width(items), height - 34 - 48, (0, x_end), (y_start, y_end))
    xt, xstep = ticks(0, x_end, max(2, int(f.w // 70)), whole)
    yt, ystep = ticks(y_start, y_end, max(2, int(f.h // 40)), whole)
    out = _y_axis(f, yt, ystep, y_label) + _x_axis(f, xt, xstep, x_label)
    n = len(series)
    for i, s in enumerate(series):
        line_width = 2 + 1.2 * (n - 1 - i)
        d, hover, last = [], [], None
        for x, v in zip(s["x"], s["y"]):
            if v is None or v != v:
                last = None
                continue
            px, py = f.x(x), f.y(v)
            d.append(f"M{px:.1f} {py:.1f}" if last is None else f"H{px:.1f}V{py:.1f}")
            if last is None or v != last:
                hover.append(f'<circle class="point" cx="{px:.1f}" cy="{py:.1f}" r="5" fill-opacity="0" '
                             f'pointer-events="all"><title>{escape(s["name"])}: {number(v)} at {escape(x_label)} '
                             f'{number(x)}</title></circle>')
            last = v
        path = "".join(d)
        out.append(f'<g class="series" data-name="{_a(s["name"])}" data-points="{len(d)}">'
                   f'<title>{escape(s["name"])}</title>'
                   f'<path class="outline" d="{path}" fill="none" stroke="{OUTLINE}" '
                   f'stroke-width="{line_width + 2:.1f}"/><path class="line" d="{path}" fill="none" '
                   f'stroke="{s["color"]}" stroke-width="{line_width:.1f}"/>'
                   + "".join(hover) + "</g>")
    for x, name in markers:
        px = f.x(x)
        out.append(f'<line class="marker" x1="{px:.1f}" y1="{f.top:.1f}" x2="{px:.1f}" y2="{f.top + f.h:.1f}" '
                   f'stroke="#888888" stroke-width="1.5" stroke-dasharray="5 3"><title>{escape(name or "")} '
                   f'{number(x)}</title></line>')
    out += _legend(items, f.left + f.w + 14, f.top + 8)
    data = {"series": [{"name": s["name"], "x": list(s["x"]), "y": list(s["y"])} for s in series],
            "markers": [x for x, _ in markers]}
    return Chart("lines", title, width, height, out, data)


def hbars(rows, *, title: str, x_label: str, width: int = 560, height: int | None = None, row: int = 24,
          x_range: tuple | None = None, reference: tuple | None = None, legend=(), fmt=number) -> Chart:
    """Horizontal bars, one per row (dict: label, value, color, tip; low/high draw a whisker), the first row
    at the top, each with its value printed at its end. `reference`: (x, name) a dashed vertical line."""
    rows = list(rows)
    height = height or max(160, row * len(rows) + 90)
    items = list(legend) + ([(reference[1], "#d1495b", "dash")] if reference else [])
    left = min(max((_width(r["label"]) for r in rows), default=40) + 16, width * 0.45)
    values = [r["value"] for r in rows if r["value"] is not None and r["value"] == r["value"]]
    highs = [r["high"] for r in rows if r.get("high") is not None]
    if x_range is None:
        lo = min(0.0, min(values, default=0.0))
        hi = max(0.0, max(values + highs, default=0.0))
        pad = (hi - lo) * 0.18 or 1.0
        x_range = (lo - (pad if lo < 0 else 0), hi + pad)
    f = _Frame(left, 34, width - left - 16 - _legend_width(items), height - 34 - 48, x_range, (0, max(1, len(rows))))
    xt, xstep = ticks(*x_range, max(2, int(f.w // 80)))
    out = _x_axis(f, xt, xstep, x_label)
    out.append(f'<line x1="{f.left:.1f}" y1="{f.top:.1f}" x2="{f.left:.1f}" y2="{f.top + f.h:.1f}" stroke="{MUTED}"/>')
    band = f.h / max(1, len(rows))
    zero = f.x(max(x_range[0], min(0.0, x_range[1])))
    for k, r in enumerate(rows):
        cy = f.top + band * (k + 0.5)
        v = r["value"] if r["value"] is not None and r["value"] == r["value"] else 0.0
        x = f.x(v)
        bh = band * 0.66
        out.append(f'<g class="bar-row"><title>{escape(r.get("tip") or r["label"])}</title>'
                   f'<rect class="bar" x="{min(x, zero):.1f}" y="{cy - bh / 2:.1f}" width="{abs(x - zero):.1f}" '
                   f'height="{bh:.1f}" fill="{r["color"]}"/>')
        out.append(_text(f.left - 6, cy + 4, _fit(r["label"], f.left - 10), anchor="end", extra=' class="bar-label"'))
        end = x
        if r.get("low") is not None and r.get("high") is not None:
            a, b = f.x(r["low"]), f.x(r["high"])
            out.append(f'<path class="whisker" d="M{a:.1f} {cy - 6:.1f}V{cy + 6:.1f}M{a:.1f} {cy:.1f}H{b:.1f}'
                       f'M{b:.1f} {cy - 6:.1f}V{cy + 6:.1f}" stroke="{INK}" stroke-width="1.5" fill="none"/>')
            end = max(end, b)
        out.append(_text(end + 5 if v >= 0 else min(x, zero) - 5, cy + 4, fmt(r["value"]),
                         anchor="start" if v >= 0 else "end", extra=' class="bar-value"'))
        out.append("</g>")
    if reference:
        px = f.x(reference[0])
        out.append(f'<line class="reference" x1="{px:.1f}" y1="{f.top:.1f}" x2="{px:.1f}" y2="{f.top + f.h:.1f}" '
                   f'stroke="#d1495b" stroke-width="1.5" stroke-dasharray="5 3"/>')
    out += _legend(items, f.left + f.w + 16, f.top + 8)
    return Chart("bars", title, width, height, out, {"rows": rows})


def grouped_bars(categories, series, *, title: str, x_label: str, y_label: str, width: int = 620,
                 height: int = 280, lines=()) -> Chart:
    """Vertical bars grouped by category, one per series (dict: name, color, values, tips) in each group.
    `lines`: horizontal dashed lines, (y, name) each (one legend entry per name)."""
    items = [(s["name"], s["color"], "box") for s in series]
    items += [(name, "#d1495b", "dash") for name in dict.fromkeys(name for _, name in lines)]
    top = max([v for s in series for v in s["values"]] + [y for y, _ in lines], default=0)
    y_end = max(1, top * 1.15)
    f = _Frame(56, 34, width - 56 - 16 - _legend_width(items), height - 34 - 48, (0, max(1, len(categories))),
               (0, y_end))
    yt, ystep = ticks(0, y_end, max(2, int(f.h // 40)), whole=float(top).is_integer())
    out = _y_axis(f, yt, ystep, y_label)
    bottom = f.top + f.h
    out.append(f'<line x1="{f.left:.1f}" y1="{bottom:.1f}" x2="{f.left + f.w:.1f}" y2="{bottom:.1f}" '
               f'stroke="{MUTED}"/>')
    group = f.w / max(1, len(categories))
    bar = group * 0.8 / max(1, len(series))
    for c, name in enumerate(categories):
        out.append(_text(f.left + group * (c + 0.5), bottom + 17, _fit(name, group - 4), anchor="middle",
                         extra=' class="category"'))
    for i, s in enumerate(series):
        out.append(f'<g class="series" data-name="{_a(s["name"])}">')
        for c, v in enumerate(s["values"]):
            x = f.left + group * (c + 0.1) + bar * i
            y = f.y(v)
            tip = (s.get("tips") or [None] * len(s["values"]))[c] or f"{s['name']}, {categories[c]}: {number(v)}"
            out.append(f'<rect class="bar" x="{x + bar * 0.05:.1f}" y="{y:.1f}" width="{bar * 0.9:.1f}" '
                       f'height="{bottom - y:.1f}" fill="{s["color"]}" stroke="{INK}" stroke-width="0.5">'
                       f'<title>{escape(tip)}</title></rect>')
        out.append("</g>")
    for y, name in lines:
        py = f.y(y)
        out.append(f'<line class="reference" x1="{f.left:.1f}" y1="{py:.1f}" x2="{f.left + f.w:.1f}" y2="{py:.1f}" '
                   f'stroke="#d1495b" stroke-width="1.5" stroke-dasharray="5 3"><title>{escape(name)}: {number(y)}'
                   f'</title></line>')
    if x_label:
        out.append(_text(f.left + f.w / 2, bottom + 34, x_label, LABEL, "middle", extra=' class="x-label"'))
    out += _legend(items, f.left + f.w + 16, f.top + 8)
    return Chart("grouped bars", title, width, height, out,
                 {"categories": list(categories), "series": [{"name": s["name"], "values": list(s["values"])}
                                                             for s in series]})


def shade(v: float, lo: float, hi: float, palette=VIRIDIS) -> str:
    """The palette colour of v between lo (first colour) and hi (last)."""
    if hi <= lo:
        return palette[0]
    k = int((v - lo) / (hi - lo) * len(palette))
    return palette[min(max(k, 0), len(palette) - 1)]


def _key(x, y, h, palette, lo, hi, label) -> list[str]:
    """A colour key: the palette as a column from lo (bottom) to hi (top), with its label above."""
    n = len(palette)
    out = ['<g class="colour-key">', _text(x, y - 8, label)]
    for k, colour in enumerate(palette):
        out.append(f'<rect x="{x}" y="{y + h - (k + 1) * h / n:.1f}" width="14" height="{h / n + 0.5:.1f}" '
                   f'fill="{colour}"/>')
    out.append(f'<rect x="{x}" y="{y}" width="14" height="{h}" fill="none" stroke="{MUTED}"/>')
    out.append(_text(x + 20, y + 10, number(hi)))
    out.append(_text(x + 20, y + h, number(lo)))
    out.append("</g>")
    return out


def shape_map(shapes, *, title: str, key_label: str, width: int = 460, height: int = 420,
              palette=VIRIDIS) -> Chart:
    """Polygons (dict: points [(x, y), ...] with y pointing up, value, tip) drawn to scale and coloured by
    value, the value printed in each, a colour key beside."""
    pts = [p for s in shapes for p in s["points"]]
    x0, x1 = min((p[0] for p in pts), default=0), max((p[0] for p in pts), default=1)
    y0, y1 = min((p[1] for p in pts), default=0), max((p[1] for p in pts), default=1)
    room_w, room_h = width - 20 - 70, height - 34 - 14
    scale = min(room_w / ((x1 - x0) or 1), room_h / ((y1 - y0) or 1))
    ox = 10 + (room_w - (x1 - x0) * scale) / 2
    oy = 34 + (room_h - (y1 - y0) * scale) / 2
    values = [s["value"] for s in shapes]
    lo, hi = 0, max(values, default=0) or 1
    out = []
    for s in shapes:
        fill = shade(s["value"], lo, hi, palette)
        xy = [(ox + (x - x0) * scale, oy + (y1 - y) * scale) for x, y in s["points"]]
        cx, cy = sum(x for x, _ in xy) / len(xy), sum(y for _, y in xy) / len(xy)
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)
        out.append(f'<g class="shape"><title>{escape(s.get("tip") or number(s["value"]))}</title>'
                   f'<polygon points="{points}" fill="{fill}" stroke="#555555"/>'
                   + _text(cx, cy + 4, number(s["value"]), anchor="middle", fill=ink(fill)) + "</g>")
    out += _key(width - 64, 60, min(200, height - 100), palette, lo, hi, key_label)
    return Chart("map", title, width, height, out, {"values": values})


def table_map(columns, rows, cells, *, title: str, x_label: str, y_label: str, width: int = 560,
              height: int = 300, marks=(), legend=(), key=None) -> Chart:
    """A grid of cells (dict (column, row) -> (text, fill)), the first row at the top, the text in each cell
    in black or white, whichever reads on its fill. `marks`: dots (dict: column, row, dx, dy in cells from
    the centre, dy up; color, tip). `key`: (palette, low, high, label) a colour key beside."""
    items = list(legend)
    right = max(_legend_width(items), 64 if key else 0)
    left = max((_width(r) for r in rows), default=20) + 34
    f = _Frame(left, 34, width - left - 16 - right, height - 34 - 48, (0, len(columns)), (0, len(rows)))
    cw, ch = f.w / max(1, len(columns)), f.h / max(1, len(rows))
    out = []
    for (c, r), (text, fill) in cells.items():
        x, y = f.left + columns.index(c) * cw, f.top + rows.index(r) * ch
        out.append(f'<g class="cell"><rect x="{x:.1f}" y="{y:.1f}" width="{cw:.1f}" height="{ch:.1f}" '
                   f'fill="{fill}" stroke="#ffffff"/>'
                   + _text(x + cw / 2, y + ch * 0.62 + 5, text, 14, "middle", ink(fill), weight=True) + "</g>")
    for m in marks:
        x = f.left + (columns.index(m["column"]) + 0.5 + m.get("dx", 0)) * cw
        y = f.top + (rows.index(m["row"]) + 0.5 - m.get("dy", 0)) * ch
        out.append(f'<circle class="mark" cx="{x:.1f}" cy="{y:.1f}" r="6.5" fill="{m["color"]}" stroke="#111111" '
                   f'stroke-width="1.5"><title>{escape(m.get("tip", ""))}</title></circle>')
    bottom = f.top + f.h
    for k, c in enumerate(columns):
        out.append(_text(f.left + (k + 0.5) * cw, bottom + 17, c, anchor="middle"))
    for k, r in enumerate(rows):
        out.append(_text(f.left - 6, f.top + (k + 0.5) * ch + 4, r, anchor="end"))
    out.append(_text(f.left + f.w / 2, bottom + 34, x_label, LABEL, "middle", extra=' class="x-label"'))
    cy = f.top + f.h / 2
    out.append(_text(16, cy, y_label, LABEL, "middle", extra=f' transform="rotate(-90 16 {cy:.1f})" class="y-label"'))
    x = f.left + f.w + 16
    if key:
        out += _key(x, f.top + 22, min(120, f.h - 30), *key)
    out += _legend(items, x, f.top + (f.h - 18 * len(items) + 9 if key else 8))
    return Chart("table", title, width, height, out,
                 {"columns": list(columns), "rows": list(rows), "cells": {k: v[0] for k, v in cells.items()},
                  "marks": [dict(m) for m in marks]})


__all__ = ["Chart", "VIRIDIS", "grouped_bars", "have_bokeh", "hbars", "number", "shade", "shape_map", "step_lines",
           "table_map", "ticks"]
