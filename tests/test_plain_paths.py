"""The library without numpy, pandas, Bokeh, jupyter_bokeh, nbformat and jsonschema, as in the JupyterLite site
(Pyodide cannot install them): a subprocess blocks them with an import hook and plays, charts, simulates and
exports for every game; what it computes must equal what a normal process computes, and its charts are SVG
with real content (a bar per row, a line per seat, labels, a legend, text of 11 px or more)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BLOCKED = ("numpy", "pandas", "bokeh", "jupyter_bokeh", "nbformat", "jsonschema")
GAMES = ("lotus", "lotus_chaos", "rice_paddy", "round_house")
SVG = "{http://www.w3.org/2000/svg}"

HOOK = f"""
import sys
class _Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {BLOCKED!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}} (blocked)", name=name)
        return None
sys.meta_path.insert(0, _Blocked())
"""

# What both processes compute for one game; the plain one also reports its charts. Prints one JSON line.
SCRIPT = r"""
import json, sys, tempfile
from pathlib import Path
import explorer
from explorer import bots
from explorer.rows import records
from explorer.simulate import simulate, win_rates
from explorer.study import Study
from explorer.timeline import Timeline
from explorer.widgets import Explorer

game, plain = sys.argv[1], sys.argv[2] == "plain"
out = {}
ex = Explorer(game, seed=3)
panel = ex.panel
for _ in range(6):
    ex.play(str(ex.state.legal_actions()[0]))
ex.back()
moves = {}
for name, kw in (("heuristic", {}), ("mcts", {"iterations": 25})):
    bot, s, got = bots.make(name, seed=5, **kw), ex.state, []
    for _ in range(3):
        if s.is_terminal:
            break
        a = bot.choose(s)
        got.append(str(a))
        s = s.apply(a)
    moves[name] = got
out["moves"] = moves
ex.analyse("heuristic")
out["analysis"] = ex.analysis["rows"]
out["analyse_type"] = type(ex._session.insight.last).__name__
df = simulate(game, "random", n_games=2, seed=1, progress=False)
out["simulate_type"] = type(df).__name__
out["columns"] = list(df.columns)
out["rows"] = records(df)
out["win_rates"] = records(win_rates(df, "seat"))
with tempfile.TemporaryDirectory() as tmp:
    out["tutorial"] = explorer.tutorial.export(ex, Path(tmp) / "t.ipynb", title="Six moves").read_text()
    study = Study("Plain", intro="Written without nbformat.")
    ch = study.chapter("Start", ex.timeline)
    ch.exercise(ch.timeline.root, answers=[ch.timeline.root.children[0].action], explanation="The first move.")
    out["study"] = study.to_notebook(Path(tmp) / "s.ipynb").read_text()
if game == "lotus_chaos":  # the sampled worlds of a seat's view (lotus_chaos/shuffle.py: numpy only to go faster)
    spec = explorer.spec(game)
    out["from_view"] = [spec.from_view(ex.state.view(0), seed).to_json() for seed in (1, 2, 3)]
if plain:
    from explorer import plots
    from explorer.bots.plots import analysis_plot, win_rate_plot
    race = ex._panel.race
    race.redraw()
    tip, _, viewer = ex._panel.where()
    line = ex.timeline.line(tip)
    charts = {"race": race.plot.value, "race_type": type(race.plot).__name__,
              "race_known": [sum(1 for n in line if n.state.race(viewer)["values"][i] is not None)
                             for i in range(len(ex.state.view(None)["seats"]))],
              "analysis_panel": ex._panel.chart.value,
              "analysis": analysis_plot(ex._session.insight.last).svg,
              "win_rates": win_rate_plot(win_rates(df, "seat"), "seat", reference=0.5).svg,
              "score_race": plots.show(plots.score_race(ex.timeline)).value}
    if game == "lotus":
        charts["control"] = plots.control_plot(ex.state).svg
    if game == "lotus_chaos":
        from explorer.games.lotus_chaos.plots import occupancy_heatmap
        charts["occupancy"] = occupancy_heatmap([n.state for n in ex.timeline.line(ex.timeline.current)]).svg
    if game == "rice_paddy":
        from explorer.games.rice_paddy.plots import harvest_heatmap
        charts["harvest"] = harvest_heatmap(None, round_=7).svg
    if game == "round_house":
        from explorer.games.round_house.plots import score_race
        charts["rh_race"] = score_race([n.state for n in ex.timeline.line(ex.timeline.current)]).svg
    out["charts"] = charts
    out["analysis_rows"] = len(ex._session.insight.last)
    out["seats"] = [plots._name(s, i) for i, s in enumerate(ex.state.view(None)["seats"])]  # as the charts say
out["blocked_loaded"] = [m for m in BLOCKED if m in sys.modules]
print(json.dumps(out, default=str))
"""


def run(game: str, plain: bool) -> dict:
    code = (HOOK if plain else "") + f"BLOCKED = {BLOCKED!r}\n" + SCRIPT
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    got = subprocess.run([sys.executable, "-c", code, game, "plain" if plain else "normal"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=600)
    assert got.returncode == 0, got.stderr[-3000:]
    return json.loads(got.stdout.strip().splitlines()[-1])


def same(a, b) -> bool:
    """Equal as a table's values: NaN and None alike, 3 and 3.0 alike."""
    if isinstance(a, float) and a != a:
        a = None
    if isinstance(b, float) and b != b:
        b = None
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg" and root.get("role") == "img" and root.get("aria-label")
    sizes = [float(e.get("font-size")) for e in root.iter() if e.get("font-size")]
    assert sizes and min(sizes) >= 11, sizes
    return root


def find(root, tag: str, cls: str | None = None) -> list:
    return [e for e in root.iter(SVG + tag) if cls is None or cls in (e.get("class") or "").split()]


def texts(root) -> list[str]:
    return ["".join(e.itertext()) for e in root.iter(SVG + "text")]


@pytest.fixture(scope="module", params=GAMES)
def both(request):
    return request.param, run(request.param, plain=True), run(request.param, plain=False)


def test_the_plain_process_computes_what_the_normal_one_does(both):
    game, plain, normal = both
    assert plain["blocked_loaded"] == [] and set(normal["blocked_loaded"]) >= {"pandas", "nbformat"}
    assert plain["moves"] == normal["moves"] and all(plain["moves"].values())  # bots: the same moves, same seeds
    assert plain["analysis"] == normal["analysis"] and plain["analysis"]
    assert (plain["analyse_type"], normal["analyse_type"]) == ("Rows", "DataFrame")
    assert (plain["simulate_type"], normal["simulate_type"]) == ("Rows", "DataFrame")
    assert plain["columns"] == normal["columns"]
    assert {"game_id", "seat", "bot", "score", "rank", "winner", "length"} <= set(plain["columns"])
    assert len(plain["rows"]) == 2 * len(plain["seats"]) and same(plain["rows"], normal["rows"])
    assert same(plain["win_rates"], normal["win_rates"]) and len(plain["win_rates"]) == len(plain["seats"])
    for page in ("tutorial", "study"):  # byte for byte what nbformat writes
        assert plain[page] == normal[page]
        nb = json.loads(plain[page])
        assert (nb["nbformat"], nb["nbformat_minor"]) == (4, 5)
        ids = [c["id"] for c in nb["cells"]]
        assert len(set(ids)) == len(ids) and all(re.fullmatch(r"[a-zA-Z0-9-_]{1,64}", i) for i in ids)
    if game == "lotus_chaos":
        assert plain["from_view"] == normal["from_view"]


def test_the_explorer_draws_its_score_race_and_analysis_as_svg(both):
    game, plain, _ = both
    c, seats = plain["charts"], plain["seats"]
    assert c["race_type"] == "SvgPlot"
    race = parse(c["race"])
    series = find(race, "g", "series")
    assert [s.get("data-name") for s in series] == seats
    assert [int(s.get("data-points")) for s in series] == c["race_known"]  # a point per ply where known
    assert max(c["race_known"]) > 5 and len(find(race, "path", "line")) == len(seats)
    assert len(find(race, "line", "marker")) == 1  # the cursor
    words = texts(race)
    assert "ply" in words and set(seats) <= set(words)  # axis label, legend
    for key in ("analysis", "analysis_panel"):
        bars = parse(c[key])
        assert len(find(bars, "rect", "bar")) == plain["analysis_rows"] == len(plain["analysis"])
        tips = ["".join(t.itertext()) for g in find(bars, "g", "bar-row") for t in g.iter(SVG + "title")]
        assert sorted(t[:t.rindex(": ")] for t in tips) == sorted(r["action"] for r in plain["analysis"])
        assert "the bot's choice" in texts(bars) and "value" in " ".join(tips)
        assert "visits" not in " ".join(tips)  # the heuristic rates moves: it has no visits to show
    rates = parse(c["win_rates"])
    assert len(find(rates, "rect", "bar")) == len(find(rates, "path", "whisker")) == len(seats)
    assert "win rate" in texts(rates) and len(find(rates, "line", "reference")) == 1
    race2 = parse(c["score_race"])
    assert len(find(race2, "g", "series")) == len(seats)


def test_every_plot_a_notebook_uses_is_svg_without_bokeh(both):
    game, plain, _ = both
    c = plain["charts"]
    if game == "lotus":
        root = parse(c["control"])
        groups = find(root, "g", "series")
        flowers = find(root, "text", "category")
        assert len(groups) == len(plain["seats"]) and flowers
        assert all(len(find(g, "rect", "bar")) == len(flowers) for g in groups)
        assert "influence" in texts(root)
    if game == "lotus_chaos":
        from explorer.core.colour import contrast
        root = parse(c["occupancy"])
        hexes = find(root, "g", "shape")
        assert len(hexes) == 37  # a radius-3 board
        for h in hexes:  # each count reads on its hex
            fill = h.find(SVG + "polygon").get("fill")
            assert contrast(h.find(SVG + "text").get("fill"), fill) >= 4.5
        assert "tokens" in texts(root) and len(find(root, "g", "colour-key")) == 1
    if game == "rice_paddy":
        from explorer.core.colour import contrast
        root = parse(c["harvest"])
        cells = find(root, "g", "cell")
        assert len(cells) == 4 * 6  # infestation rows by paddy sizes (5 and one fertilised)
        for cell in cells:
            assert contrast(cell.find(SVG + "text").get("fill"), cell.find(SVG + "rect").get("fill")) >= 4.5
        words = texts(root)
        assert "40" in words and "weeds / pests" in words and "rice" in words
    if game == "round_house":
        root = parse(c["rh_race"])
        assert len(find(root, "g", "series")) == len(plain["seats"]) and "points" in texts(root)


def test_importing_the_library_loads_none_of_them():
    """explorer, the widget, every engine, the bots, studies, lessons, pages, tutorials and simulate import
    with those packages absent, and in a normal process none of them is imported by importing these."""
    modules = ["explorer", "explorer.widgets", "explorer.study", "explorer.lesson", "explorer.publish",
               "explorer.tutorial", "explorer.simulate", "explorer.bots", "explorer.bots.random_bot",
               "explorer.bots.heuristic", "explorer.bots.mcts", "explorer.studies"]
    modules += [f"explorer.games.{g}{m}" for g in GAMES for m in ("", ".heuristic", ".state")]
    code = ("import importlib, json, sys\n" + "\n".join(f"importlib.import_module({m!r})" for m in modules)
            + f"\nprint(json.dumps([m for m in {BLOCKED!r} if m in sys.modules]))")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for prelude in (HOOK, ""):
        got = subprocess.run([sys.executable, "-c", prelude + code], cwd=ROOT, env=env, capture_output=True,
                             text=True, timeout=300)
        assert got.returncode == 0, got.stderr[-3000:]
        assert json.loads(got.stdout.strip().splitlines()[-1]) == []


def test_plain_rows_save_and_load_as_csv(tmp_path, monkeypatch):
    """Without pandas, results go to CSV and come back as pandas reads them (and Parquet says why not)."""
    import pandas as pd

    from explorer import rows, simulate
    df = simulate.simulate("lotus", "random", n_games=2, seed=1, progress=False)
    df.to_csv(tmp_path / "pandas.csv", index=False)
    table = rows.Rows(rows.records(df), list(df.columns))
    monkeypatch.setattr(rows, "have_pandas", lambda: False)
    monkeypatch.setattr(simulate, "have_pandas", lambda: False)
    path = simulate.save_results(table, tmp_path / "plain.csv")
    assert path.read_text() == (tmp_path / "pandas.csv").read_text()
    back = simulate.load_results(path)
    assert isinstance(back, rows.Rows) and back.columns == table.columns
    assert same(list(back), rows.records(pd.read_csv(path))) and back["seat"] == table["seat"]
    assert "<table" in back._repr_html_() and len(back) == 6
    with pytest.raises(ValueError, match="Parquet needs pandas"):
        simulate.save_results(table, tmp_path / "r.parquet")
