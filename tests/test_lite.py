"""The static JupyterLite site (`make lite`, lite/build.py) in Debian's Chromium, with no network but 127.0.0.1.

The Makefile builds the site before the tests run; here it is only served (http.server on 127.0.0.1) and
every request the page makes to another host is aborted and reported (and Chromium's proxy for other hosts
is a closed port on 127.0.0.1, so workers cannot reach them either). One page and one kernel (Pyodide in a
web worker) do everything, in order:
  - the index notebook the site opens on runs (the time to a ready kernel is printed),
  - each notebook shipped in the site runs to its end with no error, its cells put in that same notebook,
  - after each game's study notebook: a lesson of the study is answered (its first exercise, the right
    answer taken from the study's own data here in CPython), an explorer of the game renders, a click on a
    move plays it, the bot's button makes the bot move and its Analyse button lists the moves it weighed;
    the study is exported as a page and as a notebook,
  - last, a notebook in a sub-folder opened as the index's links open it runs in its own kernel.

    RX_LITE_SITE=path  # another built site than _site/
"""
from __future__ import annotations

import ast
import functools
import http.server
import json
import os
import threading
import time
from pathlib import Path

import pytest
from test_browser import CHROMIUM, CHROMIUM_ARGS, EXTERNAL, ROOT

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(900)]

SITE = Path(os.environ.get("RX_LITE_SITE") or ROOT / "_site")
GAMES = ["lotus", "lotus_chaos", "rice_paddy", "round_house"]
STUDY = "05-study.ipynb"


class Handler(http.server.SimpleHTTPRequestHandler):
    """The site's files as any static host serves them; jupyter-lite.json also exposes the app to the test."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm", ".json": "application/json"}

    def do_GET(self):
        if self.path.split("?")[0] == "/jupyter-lite.json":
            data = json.loads((Path(self.directory) / "jupyter-lite.json").read_text())
            data["jupyter-config-data"]["exposeAppInBrowser"] = "true"
            body = json.dumps(data).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, *args):
        pass


def serve(site: Path):
    """(the URL of `site` served on 127.0.0.1 from a thread, the server): also benchmarks/bench_lite.py's."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}", server


@pytest.fixture(scope="module")
def site_url():
    if not (SITE / "jupyter-lite.json").exists():
        pytest.fail(f"no site at {SITE}: build it with `make lite` (make test does)")
    url, server = serve(SITE)
    yield url
    server.shutdown()


def study_json(nb: dict) -> dict:
    """The study a study notebook opens with (its first cell: Study.from_json('...'), a string literal)."""
    for node in ast.walk(ast.parse("".join(nb["cells"][next(
            i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code")]["source"]))):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "from_json":
            return json.loads(node.args[0].value)
    raise AssertionError("no Study.from_json(...) in the study notebook's first code cell")


# Replace the open notebook's cells with `sources` (unless null), run them all; resolves when the kernel is
# idle again and every code cell ran or one failed, or at the deadline: [{executed, errors}] per code cell.
RUN_JS = """async ([sources, ms]) => {
  const deadline = performance.now() + ms;
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  await panel.context.ready;  // the notebook's own cells loaded (else they would replace ours)
  await panel.sessionContext.ready;
  await panel.sessionContext.session.kernel.info;  // the kernel answers: Pyodide and IPython are up
  const shared = panel.context.model.sharedModel;
  if (!sources) await app.commands.execute("notebook:clear-all-cell-outputs");  // execution counts too
  if (sources) shared.transact(() => {
    shared.deleteCellRange(0, shared.cells.length);
    shared.insertCells(0, sources.map((s) => ({ cell_type: "code", source: s, metadata: {}, outputs: [],
                                                execution_count: null })));
  });
  await app.commands.execute("notebook:run-all-cells");
  const cells = () => panel.content.widgets.map((w) => {
    const outs = w.model.outputs ? w.model.outputs.toJSON() : [];
    return { executed: w.model.executionCount !== null,
             errors: outs.filter((o) => o.output_type === "error").map((o) => `${o.ename}: ${o.evalue}`) };
  });
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const now = cells();
    const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
    const done = now.every((c) => c.executed) || now.some((c) => c.errors.length);
    if (done && kernel && kernel.status === "idle") return now;
    if (performance.now() > deadline) return now.map((c) => ({ ...c, timedOut: true }));
  }
}"""


def run_cells(page, sources: list[str], timeout: float = 240_000) -> list[dict]:
    cells = page.evaluate(RUN_JS, [sources, timeout])
    assert not any(c.get("timedOut") for c in cells), f"cells still running after {timeout / 1000:.0f} s: {cells}"
    return cells


def code_cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text())
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def open_notebook(page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                           " && window.jupyterapp.shell.currentWidget.sessionContext", timeout=120_000)


def check_game(page, game: str, study: dict) -> None:
    """After the game's study notebook ran (`study` in the kernel): a lesson answered, a move clicked, a bot's
    move and analysis, the study exported as a page and a notebook."""
    from playwright.sync_api import expect

    chapter, ex = next((i, ch["exercises"][0]) for i, ch in enumerate(study["chapters"]) if ch["exercises"])
    cells = run_cells(page, [
        f"lesson = study.explorer({chapter}, at={ex['node']})\nlesson",
        f"import explorer\nfree = explorer.Explorer({game!r}, seed=5)\nfree",
        # a tutorial writer's exports, written without nbformat: the study's page and its notebook
        "import json\npage, nb = study.to_html('/tmp/study.html'), study.to_notebook('/tmp/study.ipynb')\n"
        "assert page.stat().st_size > 10_000 and json.loads(nb.read_text())['cells']",
    ])
    assert not [c for c in cells if c["errors"]], cells
    lesson, free = page.locator(".rx-root").nth(0), page.locator(".rx-root").nth(1)
    lesson.wait_for(timeout=60_000)
    free.wait_for(timeout=60_000)
    # the lesson: its exercise asked, answered rightly from the study's own data
    expect(lesson.locator(".rx-exercise-prompt")).to_be_visible()
    if ex["kind"] == "question":
        lesson.locator(f".rx-choice[data-choice='{ex['choices'].index(ex['answers'][0])}']").click()
    else:  # the right move is played; where the next exercise follows at once, back to this one's verdict
        node = lesson.get_attribute("data-node")
        lesson.locator(f".rx-action[data-text='{ex['answers'][0]}']").first.click()
        expect(lesson).not_to_have_attribute("data-node", node, timeout=60_000)
        if lesson.locator(".rx-exercise-prompt").count() and not lesson.locator(".rx-feedback").count():
            lesson.locator(".rx-back").click()
    expect(lesson.locator(".rx-feedback")).to_have_attribute("data-result", "right", timeout=60_000)
    # the explorer: its board drawn, a click on a move plays it, the bot plays the next one
    expect(free.locator(".rx-board")).to_be_visible()
    node = free.get_attribute("data-node")
    free.locator(".rx-action").first.click()
    expect(free).not_to_have_attribute("data-node", node, timeout=60_000)
    node = free.get_attribute("data-node")
    free.locator(".rx-bot").click()
    expect(free).not_to_have_attribute("data-node", node, timeout=120_000)
    # and the bot's analysis of the new position: a row per move it weighed (a table; the search bot, the
    # default where the game has one, lists its top moves with their chances and reasons instead)
    free.locator(".rx-analyse").click()
    expect(free.locator(".rx-analysis-table tr:nth-child(2), .rx-why-move").first).to_be_visible(timeout=120_000)


def test_the_site_runs_its_notebooks_and_every_game_offline(site_url, tmp_path):
    from playwright.sync_api import sync_playwright

    shipped = json.loads((SITE / "notebooks.json").read_text())["shipped"]
    assert {f"{g}/{STUDY}" for g in GAMES} <= set(shipped), "every game's study is in the site"
    external, page_errors, timings = [], [], {}
    with sync_playwright() as p:
        # also below the page: a proxy that does not exist for every host but 127.0.0.1, so that a request from
        # a web worker or the service worker (which page routes may not see) fails too
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                                    proxy={"server": "http://127.0.0.1:9", "bypass": "127.0.0.1"})
        ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
        ctx.route(EXTERNAL, lambda route: (external.append(route.request.url), route.abort()))
        page = ctx.new_page()
        page.on("pageerror", lambda e: page_errors.append(str(e)))
        try:
            t0 = time.monotonic()
            open_notebook(page, site_url + "/")
            assert page.evaluate("() => window.jupyterapp.shell.currentWidget.context.path") == "index.ipynb"
            index = run_cells(page, code_cells(SITE / "files" / "index.ipynb"))
            timings["index (kernel ready, explorer imported, 2 cells)"] = time.monotonic() - t0
            print(f"index: {timings['index (kernel ready, explorer imported, 2 cells)']:.1f} s", flush=True)
            assert not [c for c in index if c["errors"]], index
            page.locator(".rx-root .rx-board").first.wait_for(timeout=60_000)
            for rel in shipped:
                t = time.monotonic()
                folder = Path(rel).parent.as_posix()
                cells = run_cells(page, [f"%reset -f\nimport os\nos.chdir('/drive/{folder}')",
                                         *code_cells(SITE / "files" / rel)])
                timings[rel] = time.monotonic() - t
                print(f"{rel}: {timings[rel]:.1f} s", flush=True)
                failed = [(i, c["errors"]) for i, c in enumerate(cells) if c["errors"] or not c["executed"]]
                assert not failed, f"{rel}: cells that failed or never ran: {failed}"
                game = Path(rel).parts[0]
                if Path(rel).name == STUDY:
                    t = time.monotonic()
                    check_game(page, game, study_json(json.loads((SITE / "files" / rel).read_text())))
                    timings[f"{game}: lesson, click, bot"] = time.monotonic() - t
            # a reader's route: a notebook in a sub-folder opened as the index's links open it (its own kernel,
            # started in its folder: JupyterLite's service worker serves it the files), Run All, its explorer drawn
            t = time.monotonic()
            rel = next(r for r in shipped if r.startswith("round_house/"))
            page.evaluate("(path) => { window.jupyterapp.commands.execute('docmanager:open', { path }); }", rel)
            page.wait_for_function("(path) => window.jupyterapp.shell.currentWidget.context.path === path"
                                   " && window.jupyterapp.shell.currentWidget.sessionContext", arg=rel,
                                   timeout=60_000)
            cells = run_cells(page, None)
            assert not [c for c in cells if c["errors"] or not c["executed"]], cells
            page.wait_for_function("() => window.jupyterapp.shell.currentWidget.node"
                                   ".querySelector('.rx-root .rx-board')", timeout=60_000)
            timings[f"{rel} opened from its folder"] = time.monotonic() - t
        except Exception:
            page.screenshot(path=str(tmp_path / "failure.png"))
            print(f"screenshot: {tmp_path / 'failure.png'}\npage errors: {page_errors}\nblocked: {external}")
            raise
        finally:
            print("\n".join(f"{k}: {v:.1f} s" for k, v in timings.items()))
            browser.close()
    assert not external, f"the page tried to reach other hosts: {external}"
