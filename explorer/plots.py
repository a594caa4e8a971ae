"""Charts of a game: the score race along a line (and, for Lotus, who controls which flower).

>>> import explorer
>>> state = explorer.load("lotus", players=3, seed=7)
>>> fig = score_race([state, state.apply(state.legal_actions()[0])])   # a bokeh figure
>>> plot = show(fig)                   # a widget; BokehJS comes from the kernel, never a CDN

Figures are plain Bokeh objects (one glyph renderer per seat, named ``seat-<i>``) so they can
be inspected, exported or composed. ``show`` wraps one in ``jupyter_bokeh.BokehModel`` inside a
small loader widget that first makes sure BokehJS is in the page: jupyter_bokeh itself expects
``output_notebook()`` to have loaded it, which means a CDN or megabytes of inline JavaScript in
the notebook file. The loader instead sends the ``bokeh.min.js`` that ships with the installed
bokeh over the widget's comm, once per page, so it works offline and never enters the notebook.

Where Bokeh cannot be installed (the JupyterLite site, in Pyodide) every chart here and in the games'
plots.py is drawn as SVG instead (`explorer.charts.Chart`: the same data, shown by Jupyter as it is), and
``show`` puts it in an HTML widget (`SvgPlot`).
"""
from __future__ import annotations

import functools

import anywidget
import ipywidgets
import traitlets as t
from ipywidgets import widget_serialization

from . import charts
from .charts import have_bokeh
from .core.colour import seat_colour

BOKEH = have_bokeh()
if BOKEH:
    from bokeh.models import Range1d, Span
    from bokeh.plotting import figure

_FALLBACK = ("#7a5195", "#ef5675", "#ffa600", "#003f5c")


def _color(seat: dict, i: int) -> str:
    c = seat.get("color") if isinstance(seat, dict) else None
    return seat_colour(c, c) if c else _FALLBACK[i % len(_FALLBACK)]


def _name(seat: dict, i: int) -> str:
    c = seat.get("color") if isinstance(seat, dict) else None
    return c.capitalize() if isinstance(c, str) else f"Seat {i + 1}"


def control_plot(state, seat=None, *, width: int = 620, height: int = 280):
    """Lotus: each seat's influence on every growing flower (now in the Lotus package's plots module)."""
    from .games.lotus.plots import control_plot as plot
    return plot(state, seat, width=width, height=height)


def _line_states(line) -> list:
    """States along a line: a list of states, a Timeline (root -> current -> main line) or an Explorer."""
    tl = getattr(line, "timeline", line)
    if hasattr(tl, "line") and hasattr(tl, "current"):
        nodes = tl.line(tl.current)
        n = tl.current
        while n.children:
            n = n.children[0]
            nodes.append(n)
        return [node.state for node in nodes]
    if hasattr(line, "view"):
        return [line]
    return list(line)


def race_data(states, seat=-1) -> tuple[str, list[list]]:
    """(axis label, [values per seat] per state) of the games' race measure (`State.race`): the score, or
    for a game without one (the chaos game) how far each seat is from its objective. None = unknown."""
    label, rows = "score", []
    for s in states:
        r = s.race(seat)
        label = r["label"]
        rows.append(r["values"])
    return label, rows


def fit_race(fig, plies, values) -> None:
    """Fit the race's ranges to `plies` and `values` (None for unknown): from 0, at least 1 ply and 1 point."""
    known = [v for v in values if v is not None and v == v]
    top = max(known, default=0)
    fig.x_range.end = max(1, plies[-1] if plies else 0)
    fig.y_range.end = max(1, top * 1.1 + 0.5)


def score_race(states_or_timeline, seat=-1, *, width: int = 620, height: int = 280, current: bool | int = False):
    """A line per seat of the race measure (the score; see `race_data`) in `seat`'s view (default: the
    public one) at every ply. `current` adds a vertical marker (a Span named 'current-ply') at the last
    ply, or at the ply it gives. Each line is drawn over a dark outline so light colours read on white."""
    states = _line_states(states_or_timeline)
    views = [states[0].view(seat)] if states else []
    seats = (views[0].get("seats") if views else None) or []
    label, rows = race_data(states, seat)
    if not BOKEH:
        at = None if current is False else len(states) - 1 if current is True else int(current)
        return race_chart(seats, label, list(range(len(states))), rows, at, width=width, height=height)
    from bokeh.models import ColumnDataSource, HoverTool, Legend
    fig = figure(width=width, height=height, title="Score race" if label == "score" else f"Race: {label}",
                 toolbar_location=None, tools="", x_axis_label="ply", y_axis_label=label)
    plies = list(range(len(states)))
    items = []
    n = len(seats)
    for i, s in enumerate(seats):
        vals = [r[i] if i < len(r) else None for r in rows]
        src = ColumnDataSource({"ply": plies, "score": [float("nan") if v is None else v for v in vals],
                                "seat": [_name(s, i)] * len(plies)}, name=f"score-seat-{i}")
        width = 2 + 1.2 * (n - 1 - i)  # earlier seats wider: equal lines show as nested stripes
        under = fig.step(x="ply", y="score", source=src, mode="after", line_width=width + 2, color="#333",
                          name=f"outline-{i}")
        line = fig.step(x="ply", y="score", source=src, mode="after", line_width=width, color=_color(s, i),
                        name=f"seat-{i}")
        items.append((_name(s, i), [under, line]))
    fig.x_range = Range1d(0, 1, name="race-x")  # fixed ranges: a line of one ply, or no known value yet,
    fig.y_range = Range1d(0, 1, name="race-y")  # still draws its axes from 0
    fit_race(fig, plies, [v for r in rows for v in r])
    fig.xaxis[0].ticker.min_interval = 1  # whole plies and points only
    fig.yaxis[0].ticker.min_interval = 1
    fig.add_tools(HoverTool(tooltips=[("seat", "@seat"), ("ply", "@ply"), (label, "@score")]))
    if items:  # beside the plot, so six seats never cover the lines
        fig.add_layout(Legend(items=items, label_text_font_size="12px", spacing=2, padding=4), "right")
    if current is not False:
        at = len(states) - 1 if current is True else int(current)
        fig.add_layout(Span(location=at, dimension="height", line_color="#888",
                            line_dash="dashed", name="current-ply"))
    return fig


def race_chart(seats, label: str, plies, rows, current=None, *, width: int = 620, height: int = 280):
    """The score race as SVG (explorer.charts): seats (a view's), the race label, plies and their values
    (a list per ply, None unknown); `current` the ply of the cursor."""
    series = [{"name": _name(s, i), "color": _color(s, i), "x": list(plies),
               "y": [None if i >= len(r) or r[i] is None or r[i] != r[i] else r[i] for r in rows]}
              for i, s in enumerate(seats)]
    known = [v for s in series for v in s["y"] if v is not None]
    return charts.step_lines(series, title="Score race" if label == "score" else f"Race: {label}",
                             x_label="ply", y_label=label, width=width, height=height,
                             markers=[(current, "current ply")] if current is not None else [],
                             x_end=max(1, plies[-1] if plies else 0), y_end=max(1, max(known, default=0) * 1.1 + 0.5))


# -- display without a CDN ------------------------------------------------------------------------

_LOADER_ESM = """
const loads = (globalThis.__rxBokehLoads ??= {});

function loadBokeh(model, version) {
  if (globalThis.Bokeh && globalThis.Bokeh[version]) return Promise.resolve();
  if (!loads[version]) {
    loads[version] = new Promise((resolve, reject) => {
      const onMsg = (msg, buffers) => {
        if (!msg || msg.type !== "bokehjs") return;
        model.off("msg:custom", onMsg);
        const script = document.createElement("script");
        script.textContent = new TextDecoder().decode(buffers[0]);
        document.head.appendChild(script);
        if (globalThis.Bokeh) resolve();
        else { delete loads[version]; reject(new Error("BokehJS did not load")); }
      };
      model.on("msg:custom", onMsg);
      model.send({ type: "bokehjs" });
    });
  }
  return loads[version];
}

async function render({ model, el }) {
  el.classList.add("rx-plot");
  try {
    await loadBokeh(model, model.get("bokeh_version"));
    const ref = model.get("plot") || "";
    const child = await model.widget_manager.get_model(ref.replace(/^IPY_MODEL_/, ""));
    const view = await model.widget_manager.create_view(child);
    el.appendChild(view.el);
    return () => view.remove();
  } catch (err) {
    el.textContent = "could not draw the plot: " + err;
  }
}

export default { render };
"""


@functools.cache
def _bokehjs() -> bytes:
    from bokeh.util.paths import bokehjs_path
    return (bokehjs_path() / "js" / "bokeh.min.js").read_bytes()


class Plot(anywidget.AnyWidget):
    """A Bokeh figure as a widget: a ``jupyter_bokeh.BokehModel`` plus an offline BokehJS loader."""

    _esm = _LOADER_ESM
    plot = t.Instance("jupyter_bokeh.BokehModel").tag(sync=True, **widget_serialization)
    bokeh_version = t.Unicode().tag(sync=True)

    def __init__(self, fig, **kwargs):
        import bokeh
        from jupyter_bokeh import BokehModel
        super().__init__(plot=BokehModel(fig), bokeh_version=bokeh.__version__, **kwargs)
        self.on_msg(self._send_bokehjs)

    @property
    def figure(self):
        return self.plot._model

    def _send_bokehjs(self, _widget, content, _buffers=None) -> None:
        if isinstance(content, dict) and content.get("type") == "bokehjs":
            self.send({"type": "bokehjs", "version": self.bokeh_version}, buffers=[_bokehjs()])


class SvgPlot(ipywidgets.HTML):
    """A chart drawn without Bokeh (an explorer.charts.Chart) as a widget: its SVG in an HTML widget.
    Setting `figure` draws another chart in its place."""

    def __init__(self, chart, **kwargs):
        super().__init__(**kwargs)
        self.add_class("rx-plot")
        self.figure = chart

    @property
    def figure(self):
        return self._chart

    @figure.setter
    def figure(self, chart) -> None:
        self._chart = chart
        self.value = chart.svg


BokehPlot = Plot
if not BOKEH:
    Plot = SvgPlot  # noqa: F811 - what the explorer's panel shows its charts in


def show(fig):
    """Display a chart in Jupyter: a Bokeh figure offline (see the module docstring), an SVG chart
    (explorer.charts, where Bokeh is not installed) in an HTML widget."""
    return SvgPlot(fig) if isinstance(fig, charts.Chart) else BokehPlot(fig)


__all__ = ["BOKEH", "BokehPlot", "Plot", "SvgPlot", "control_plot", "race_chart", "race_data", "score_race", "show"]
