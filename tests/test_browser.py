"""The explorer in a real JupyterLab, driven through Debian's Chromium by Playwright.

Runs offline: the server and the browser talk over 127.0.0.1 only, JupyterLab's news feed,
update check and PyPI extension manager are switched off, and the browser aborts (and the test
reports) any request to another host. Never run `playwright install`: the system Chromium is used.

    RX_SCREENSHOT=1 pytest tests/test_browser.py   # also writes docs/screenshot.png
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(600)]

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "browser_nb" / "explorer.ipynb"
CHROMIUM = Path(os.environ.get("CHROMIUM") or "/usr/bin/chromium")  # as in conftest.py and the Makefile
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-default-apps", "--disable-extensions"]
# every URL except http(s)/ws(s) on 127.0.0.1 or localhost, and data:/blob: URLs
EXTERNAL = re.compile(r"^(?!(?:https?|wss?)://(?:127\.0\.0\.1|localhost)(?:[:/]|$)|data:|blob:)")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for_server(url: str, proc: subprocess.Popen, log: Path, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"jupyter lab exited with {proc.returncode}:\n{log.read_text()[-4000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                if resp.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.3)
    pytest.fail(f"jupyter lab did not answer within {timeout}s:\n{log.read_text()[-4000:]}")


def _stop_server(proc: subprocess.Popen, base: str, token: str) -> None:
    """Ask the server to shut down (it stops its kernels), then make sure it is gone."""
    if proc.poll() is None:
        try:
            req = urllib.request.Request(f"{base}/api/shutdown", method="POST",
                                         headers={"Authorization": f"token {token}"})
            urllib.request.urlopen(req, timeout=5).close()
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
    try:  # the server ran in its own process group: clear out any kernel it left behind
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait(timeout=10)


@contextlib.contextmanager
def jupyter_lab(work: Path, tmp: Path):
    """A JupyterLab server on 127.0.0.1 rooted at `work`, its settings under `tmp`, offline (no news, no update
    check, no extension listing): yields (base url, token, log path); stopped with its kernels on exit."""
    port, token = _free_port(), secrets.token_hex(16)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    for var, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                     ("JUPYTERLAB_SETTINGS_DIR", "settings"), ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
                     ("IPYTHONDIR", "ipython")]:
        env[var] = str(tmp / sub)
    env.pop("ANYWIDGET_HMR", None)
    # no "Would you like to get notified about official Jupyter news?" toast, no update check
    notes = tmp / "settings" / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    notes.parent.mkdir(parents=True, exist_ok=True)
    notes.write_text('{"fetchNews": "false", "checkForUpdates": false}')
    cmd = [
        sys.executable, "-m", "jupyter", "lab", "--no-browser",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={work}",
        "--ServerApp.disable_check_xsrf=False",
        "--LabApp.news_url=None",                                       # no announcements feed
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",  # no PyPI version check
        "--LabApp.extension_manager=readonly",                          # no PyPI extension listing
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # containers and CI runners often run as root
        cmd.append("--allow-root")
    log = tmp / "jupyter.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=work,
                                start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for_server(f"{base}/api/status?token={token}", proc, log)
        yield base, token, log
    finally:
        _stop_server(proc, base, token)


def _wait_for_kernel(page, base: str, token: str, timeout: float = 90) -> None:
    """Until the server reports an idle kernel for the notebook's session."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{base}/api/kernels?token={token}", timeout=2) as resp:
                kernels = json.load(resp)
            if any(k.get("execution_state") == "idle" for k in kernels):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError, ValueError):
            pass
        page.wait_for_timeout(300)  # keeps Playwright's event loop turning
    pytest.fail(f"no idle kernel within {timeout}s")


def _run_all_cells(page) -> None:
    """Run → Run All Cells; again if the front end had not connected to the kernel yet."""
    from playwright.sync_api import expect

    prompt = page.locator(".jp-CodeCell .jp-InputPrompt").first
    for _ in range(6):
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator('li.lm-Menu-item[data-command="runmenu:run-all"]').click()
        try:  # "[ ]:" until the cell is queued ("[*]:") or done ("[1]:")
            expect(prompt).not_to_have_text(re.compile(r"^\s*\[\s*\]:?\s*$"), timeout=10_000)
            return
        except AssertionError:
            continue
    pytest.fail("Run All Cells never started the notebook's cells")


STEP_JS = """async ([root, selector]) => {
  const before = root.dataset.node;
  const t0 = performance.now();
  root.querySelector(selector).click();
  await new Promise((resolve) => {
    const ob = new MutationObserver(() => { if (root.dataset.node !== before) { ob.disconnect(); resolve(); } });
    ob.observe(root, { attributes: true, attributeFilter: ["data-node"] });
  });
  const t1 = performance.now();
  await new Promise((r) => requestAnimationFrame(() => r()));  // the redrawn board is painted
  return [performance.now() - t0, t1 - t0, Number(root.dataset.drawMs)];
}"""


def _node_count(root) -> int:
    return int(re.search(r"(\d+) node", root.locator(".rx-ply").inner_text()).group(1))


def check_explorer(page, root, out_dir: Path) -> dict:
    """Drive an explorer on the fixture's 24-move Lotus line (at its start); returns step latencies (ms)."""
    from playwright.sync_api import expect

    flowers = root.locator(".rx-flower")
    assert root.locator(".rx-seatrow").count() == 3
    assert root.locator(".rx-seat option").count() == 2 + 3
    expect(root.locator(".rx-counter")).to_have_text(re.compile(r"^turn 1 · action 1 of 2 · Red .* to act$"))
    assert _node_count(root) == 25 and root.get_attribute("data-node") == "0"
    # the score race below the explorer draws (jupyter_bokeh, BokehJS from the kernel)
    page.locator(".rx-plot .bk-Canvas").first.wait_for(timeout=60_000)

    # forward along the line: the move counter, the log and the board follow; time each click to the repaint
    board = root.locator(".rx-board")
    before = board.inner_html()
    latencies = [page.evaluate(STEP_JS, [root.element_handle(), ".rx-forward"]) for _ in range(12)]
    assert root.get_attribute("data-node") != "0" and board.inner_html() != before
    assert flowers.count() >= 1 and root.locator(".rx-petal-placed").count() >= 1
    expect(root.locator(".rx-log-entry.rx-current")).to_have_attribute("value", "12")
    latencies += [page.evaluate(STEP_JS, [root.element_handle(), ".rx-back"]) for _ in range(8)]
    expect(root.locator(".rx-log-entry.rx-current")).to_have_attribute("value", "4")
    # the same clicks at a person's pace (the kernel idle again before each), not back to back
    paced = []
    for sel in [".rx-forward"] * 4 + [".rx-back"] * 4:
        page.wait_for_timeout(250)
        paced.append(page.evaluate(STEP_JS, [root.element_handle(), sel]))
    expect(root.locator(".rx-log-entry.rx-current")).to_have_attribute("value", "4")
    # the board is patched in place: the flower slots survive a step
    slot = root.locator(".rx-flower-slot").first.element_handle()
    root.locator(".rx-forward").click()
    expect(root.locator(".rx-log-entry.rx-current")).to_have_attribute("value", "5")
    assert page.evaluate("el => el.isConnected", slot)

    # keyboard: arrows step back and forward
    root.focus()
    page.keyboard.press("ArrowLeft")
    expect(root.locator(".rx-log-entry.rx-current")).to_have_attribute("value", "4")
    page.keyboard.press("ArrowRight")
    expect(root.locator(".rx-log-entry.rx-current")).to_have_attribute("value", "5")

    # clicking the move the line already has follows it; another move opens a variation
    nodes = _node_count(root)
    root.locator(".rx-back").click()
    expect(root.locator(".rx-log-entry.rx-current")).to_have_attribute("value", "4")
    existing = root.locator(".rx-log-entry.rx-future").first.get_attribute("title")
    root.locator(f".rx-action[data-text='{existing}']").click()
    expect(root.locator(".rx-log-entry.rx-current")).to_have_attribute("value", "5")
    assert _node_count(root) == nodes
    root.locator(".rx-back").click()
    expect(root.locator(".rx-log-entry.rx-current")).to_have_attribute("value", "4")
    other = root.locator(f".rx-action:not([data-text='{existing}'])").first
    other_text = other.get_attribute("data-text")
    other.click()
    expect(root.locator(".rx-ply")).to_contain_text(f"{nodes + 1} node")
    expect(root.locator(".rx-tree .rx-node.rx-current")).to_have_text(f"5. {other_text}")
    root.locator(".rx-back").click()
    expect(root.locator(".rx-children .rx-branch")).to_have_count(2)

    # filter the legal moves by text
    filt = root.locator(".rx-filter")
    total = root.locator(".rx-action").count()
    if total > 12:
        filt.fill(other_text)
        expect(root.locator(".rx-action")).not_to_have_count(total)
        filt.fill("")

    # a bad action shows the reason and changes nothing
    before = board.inner_html()
    root.locator(".rx-input").fill("not-a-move")
    root.locator(".rx-play").click()
    expect(root.locator(".rx-error")).not_to_be_empty()
    assert board.inner_html() == before

    # compare: mark here, step forward twice, compare. Marking changes almost nothing: its time is
    # Jupyter's own round trip (click -> kernel -> update), the floor under every step.
    roundtrip = page.evaluate("""async (root) => {
      const b = root.querySelector(".rx-mark"); const t0 = performance.now(); b.click();
      await new Promise((res) => { const ob = new MutationObserver(() => { if (b.textContent.includes("marked")) {
        ob.disconnect(); res(); } }); ob.observe(b, { childList: true, characterData: true, subtree: true }); });
      return performance.now() - t0; }""", root.element_handle())
    expect(root.locator(".rx-mark")).to_contain_text("marked")
    root.locator(".rx-forward").click()
    root.locator(".rx-forward").click()
    root.locator(".rx-compare").click()
    expect(root.locator(".rx-diff-lines li").first).to_be_visible()

    # viewing as Blue: no card of another hand is anywhere in the page
    others = root.locator(".rx-seatrow:not([data-seat='1']) .rx-hand .rx-card")
    hidden = {others.nth(i).get_attribute("data-id") for i in range(others.count())}
    assert len(hidden) >= 6, hidden
    root.locator(".rx-seat").select_option("1")
    expect(root.locator(".rx-seatrow[data-seat='0'] .rx-facedown")).to_have_count(1)
    expect(root.locator(".rx-seatrow[data-seat='1'] .rx-facedown")).to_have_count(0)
    html = page.content()
    leaks = {i for i in hidden if f'"{i}"' in html or f">{i}:" in html}
    assert not leaks, f"seat 1 can read {leaks} in the page"
    root.locator(".rx-seat").select_option("-1")  # the spectator: every hand face down
    expect(root.locator(".rx-seatrow[data-seat='1'] .rx-facedown")).to_have_count(1)
    root.locator(".rx-seat").select_option("everything")
    expect(root.locator(".rx-seatrow[data-seat='0'] .rx-facedown")).to_have_count(0)

    # a bot analyses the position (a table here, a Bokeh chart under the explorer) and plays
    root.locator(".rx-bot-kind").select_option("heuristic")
    root.locator(".rx-analyse").click()
    expect(root.locator(".rx-analysis-table tr.rx-chosen")).to_have_count(1)
    nodes = _node_count(root)
    root.locator(".rx-bot").click()
    expect(root.locator(".rx-ply")).to_contain_text(f"{nodes + 1} node")
    expect(root.locator(".rx-analysis-table")).to_have_count(0)

    # play runs forward by itself and pause stops it
    root.locator(".rx-start").click()
    root.locator(".rx-speed").select_option("8")
    root.locator(".rx-playpause").click()
    expect(root.locator(".rx-playpause")).to_contain_text("pause")
    page.wait_for_timeout(600)
    root.locator(".rx-playpause").click()
    expect(root.locator(".rx-playpause")).to_contain_text("play")

    root.screenshot(path=str(out_dir / "explorer.png"))
    def med(xs):
        xs = sorted(xs)
        return round(xs[len(xs) // 2], 1)
    lat = sorted(x[0] for x in latencies)
    figures = {"median_ms": med(lat), "max_ms": round(lat[-1], 1), "steps": len(lat),
               "to_dom_median_ms": med([x[1] for x in latencies]), "draw_median_ms": med([x[2] for x in latencies]),
               "paced_median_ms": med([x[0] for x in paced]), "paced_max_ms": round(max(x[0] for x in paced), 1),
               "paced_steps": len(paced), "mark_roundtrip_ms": round(roundtrip, 1)}
    (out_dir / "step-latency.json").write_text(json.dumps(figures))
    print(f"click -> repainted board: {figures}")
    return figures



@pytest.fixture
def lab(tmp_path):
    """A JupyterLab server on 127.0.0.1 serving a copy of the fixture notebook: (base url, token, log)."""
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing on CI: install Debian's chromium package")
        pytest.skip(f"{CHROMIUM} not found (apt-get install chromium); the browser test needs it")
    work = tmp_path / "nb"
    work.mkdir()
    shutil.copy(FIXTURE, work / FIXTURE.name)
    shutil.copy(ROOT / "notebooks" / "index.ipynb", work / "index.ipynb")
    with jupyter_lab(work, tmp_path) as server:
        yield server


def test_explorer_in_jupyterlab(lab, tmp_path):
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    base, token, log = lab
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    external: list[str] = []
    page_errors: list[str] = []

    def guard(route):
        external.append(route.request.url)
        route.abort()

    started = time.monotonic()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1400, "height": 1100})
            context.route(EXTERNAL, guard)  # matched in the browser: local requests never wait on Python
            page = context.new_page()
            page.on("pageerror", lambda exc: page_errors.append(str(exc)))
            page.set_default_timeout(60_000)
            page.goto(f"{base}/lab/tree/explorer.ipynb?token={token}")
            # the guard works: a request to another host is stopped and recorded
            probe = "https://rx-offline-probe.invalid/"
            page.evaluate("url => fetch(url).catch(() => null)", probe)
            assert external == [probe], external
            external.clear()
            page.locator(".jp-Notebook .jp-Cell").first.wait_for()
            _wait_for_kernel(page, base, token)
            _run_all_cells(page)

            root = page.locator(".rx-root").first
            root.locator(".rx-garden").first.wait_for(timeout=120_000)
            check_explorer(page, root, out_dir)
            if os.environ.get("RX_SCREENSHOT"):
                shot = ROOT / "docs" / "screenshot.png"
                page.set_viewport_size({"width": 1400, "height": 2400})  # the explorer and its race in one screen
                page.wait_for_timeout(1500)  # the race redraws once the steps pause
                panel = root.locator("xpath=ancestor::div[contains(@class,'widget-vbox')][1]")
                panel.scroll_into_view_if_needed()
                panel.screenshot(path=str(shot))
                page.set_viewport_size({"width": 1400, "height": 1100})

            # the Bokeh plot in the next cell renders (BokehJS arrives over the comm, not a CDN)
            plot = page.locator(".rx-plot").last
            plot.wait_for(timeout=60_000)
            plot.locator(".bk-Canvas").first.wait_for(timeout=60_000)
            assert plot.locator("canvas").count() >= 1
        except Exception:
            shot = log.with_name("failure.png")
            try:
                page.screenshot(path=str(shot))
            except PlaywrightError:  # the page may be gone
                shot = "(none)"
            print(f"screenshot: {shot}\npage errors: {page_errors}\nblocked: {external}\n"
                  f"server log tail:\n{log.read_text()[-3000:]}")
            raise
        finally:
            browser.close()
    assert not external, f"the page tried to reach other hosts: {external}"
    print(f"browser test took {time.monotonic() - started:.1f}s")


def test_the_explorer_works_as_a_voila_dashboard(tmp_path):
    """The same fixture notebook under Voila: code cells hidden, the explorer live."""
    from playwright.sync_api import expect, sync_playwright

    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing on CI: install Debian's chromium package")
        pytest.skip(f"{CHROMIUM} not found (apt-get install chromium)")
    work = tmp_path / "nb"
    work.mkdir()
    shutil.copy(FIXTURE, work / FIXTURE.name)
    port = _free_port()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    for var, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"), ("IPYTHONDIR", "ipython")]:
        env[var] = str(tmp_path / sub)
    cmd = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--ServerApp.port_retries=0", FIXTURE.name]
    log = tmp_path / "voila.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=work, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    external: list[str] = []

    def guard(route):
        external.append(route.request.url)
        route.abort()

    try:
        deadline = time.monotonic() + 90  # voila has no status API: wait for the port to accept
        while True:
            if proc.poll() is not None:
                pytest.fail(f"voila exited with {proc.returncode}:\n{log.read_text()[-4000:]}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"voila did not listen within 90s:\n{log.read_text()[-4000:]}")
                time.sleep(0.3)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                context = browser.new_context(viewport={"width": 1400, "height": 1100})
                context.route(EXTERNAL, guard)
                page = context.new_page()
                page.set_default_timeout(120_000)
                page.goto(base)
                root = page.locator(".rx-root").first
                root.locator(".rx-garden").first.wait_for()
                assert "random_move" not in page.inner_text("body")  # the code cells are not shown
                expect(root.locator(".rx-counter")).to_contain_text("turn 1")
                root.locator(".rx-forward").click()
                expect(root).not_to_have_attribute("data-node", "0")
                root.locator(".rx-action").first.click()
                expect(root.locator(".rx-ply")).to_contain_text("26 node")
                page.locator(".rx-plot .bk-Canvas").first.wait_for()
                root.screenshot(path=str(tmp_path / "voila.png"))
            except Exception:
                print(f"voila log tail:\n{log.read_text()[-3000:]}\nblocked: {external}")
                raise
            finally:
                browser.close()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
    # Voila's own page template links Font Awesome (ipywidgets' icons) from a CDN; offline it is blocked
    # and nothing of ours needs it. Anything else leaving 127.0.0.1 fails the test.
    ours = [u for u in external if "@fortawesome/fontawesome-free" not in u]
    assert not ours, f"the dashboard tried to reach other hosts: {ours}"


def test_the_explorer_in_notebook_7(lab):
    """The same fixture in Notebook 7's single-document page: the board draws and a click steps."""
    from playwright.sync_api import expect, sync_playwright

    base, token, log = lab
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1300, "height": 1000})
            context.route(EXTERNAL, lambda route: route.abort())
            page = context.new_page()
            page.set_default_timeout(60_000)
            page.goto(f"{base}/notebooks/explorer.ipynb?token={token}")
            page.locator(".jp-Notebook .jp-Cell").first.wait_for()
            _wait_for_kernel(page, base, token)
            _run_all_cells(page)
            root = page.locator(".rx-root").first
            root.locator(".rx-garden").first.wait_for(timeout=120_000)
            root.locator(".rx-forward").click()
            expect(root.locator(".rx-log-entry.rx-current")).to_have_attribute("value", "1")
            expect(root.locator(".rx-counter")).to_contain_text("action 2 of 2")
        except Exception:
            print(f"server log tail:\n{log.read_text()[-3000:]}")
            raise
        finally:
            browser.close()


def test_every_game_draws_its_board(lab):
    """The welcome notebook opens one explorer per registered game: each draws its own board (never the
    raw-view fallback), without a script error, and steps."""
    from playwright.sync_api import expect, sync_playwright

    import explorer

    base, token, log = lab
    games = [g["name"] for g in explorer.games()]
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1400, "height": 1100})
            context.route(EXTERNAL, lambda route: route.abort())
            page = context.new_page()
            page.on("pageerror", lambda exc: problems.append(str(exc)))
            page.on("console", lambda m: problems.append(m.text) if "rules explorer" in m.text else None)
            page.set_default_timeout(60_000)
            page.goto(f"{base}/lab/tree/index.ipynb?token={token}")
            page.locator(".jp-Notebook .jp-Cell").first.wait_for()
            _wait_for_kernel(page, base, token)
            _run_all_cells(page)
            roots = page.locator(".rx-root")
            expect(roots).to_have_count(len(games), timeout=180_000)
            for i, game in enumerate(games):
                root = roots.nth(i)
                root.scroll_into_view_if_needed()
                board = root.locator(".rx-board")
                expect(board.locator("svg").first).to_be_attached()
                assert board.locator(".rx-json").count() == 0, f"{game}: the board fell back to the raw view"
                node = root.get_attribute("data-node")
                root.locator(".rx-random").click()
                expect(root).not_to_have_attribute("data-node", node)
                assert board.locator(".rx-json").count() == 0, f"{game}: the board fell back after a move"
                root.screenshot(path=str(log.with_name(f"board-{game}.png")))
            assert not problems, problems
        except Exception:
            print(f"problems: {problems}\nserver log tail:\n{log.read_text()[-3000:]}")
            raise
        finally:
            browser.close()
