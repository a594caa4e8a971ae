"""The static site (`make lite`) in Chromium: time to a ready kernel, and the engines' random playouts per second
in the browser (Pyodide) against this CPython, the same code in both.

    python benchmarks/bench_lite.py [--site _site] [--seconds 4]

Serves the site on 127.0.0.1 (http.server), refuses every other host, opens the index notebook and runs the
playouts in its kernel through JupyterLab's own API (exposed to this script only, in the jupyter-lite.json
it serves).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import time
from pathlib import Path

import explorer

ROOT = Path(__file__).resolve().parent.parent
GAMES = [("lotus", 3), ("rice_paddy", 2), ("round_house", 3)]

PLAYOUTS = '''
import json, random, time, explorer
def playouts(game, players, seconds):
    n = acts = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = explorer.load(game, players=players, seed=n)
        rnd = random.Random(n)
        while not s.is_terminal:
            s = s.apply(rnd.choice(s.legal_actions()))
            acts += 1
        n += 1
    dt = time.perf_counter() - t0
    return round(n / dt, 1), round(acts / dt)
'''

# run one cell in the open notebook's kernel; resolves to its text output
RUN_JS = """async (code) => {
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.context.ready;
  await panel.sessionContext.ready;
  await panel.sessionContext.session.kernel.info;
  const out = [];
  const future = panel.sessionContext.session.kernel.requestExecute({ code });
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === "stream") out.push(msg.content.text);
    if (msg.header.msg_type === "error") out.push(`${msg.content.ename}: ${msg.content.evalue}`);
  };
  await future.done;
  return out.join("");
}"""


def serve(site: Path) -> str:
    """The site served on 127.0.0.1 as the browser test serves it (tests/test_lite.py)."""
    import sys
    sys.path.insert(0, str(ROOT / "tests"))
    from test_lite import serve as serve_site
    return serve_site(site)[0]


def in_cpython(seconds: float) -> dict:
    ns = {}
    exec(PLAYOUTS, ns)  # the same source as in the browser (this file's own constant)
    return {g: ns["playouts"](g, p, seconds) for g, p in GAMES}


def in_browser(site: Path, seconds: float) -> dict:
    from playwright.sync_api import sync_playwright

    url = serve(site)
    other = re.compile(r"^(?!(?:https?|wss?)://127\.0\.0\.1[:/]|data:|blob:)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM") or "/usr/bin/chromium",
                                    args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.route(other, lambda route: route.abort())
        t0 = time.perf_counter()
        page.goto(url + "/")
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                               " && window.jupyterapp.shell.currentWidget.sessionContext", timeout=120_000)
        page.evaluate(RUN_JS, "pass")
        ready = time.perf_counter() - t0
        t1 = time.perf_counter()
        page.evaluate(RUN_JS, "import explorer")
        imported = time.perf_counter() - t1
        code = PLAYOUTS + f"print(json.dumps({{g: playouts(g, p, {seconds}) for g, p in {GAMES!r}}}))"
        text = page.evaluate(RUN_JS, code)
        browser.close()
    return {"kernel ready s": round(ready, 1), "import explorer s": round(imported, 1), **json.loads(text)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", default=str(ROOT / "_site"))
    ap.add_argument("--seconds", type=float, default=4.0)
    args = ap.parse_args(argv)
    print("engines from", Path(explorer.__file__).parent)
    print("CPython  (playouts/s, actions/s):", in_cpython(args.seconds))
    print("browser  (playouts/s, actions/s):", in_browser(Path(args.site), args.seconds))


if __name__ == "__main__":
    main()
