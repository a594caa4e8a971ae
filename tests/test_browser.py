"""The explorer in a real JupyterLab, driven through Debian's Chromium by Playwright.

Runs offline: the server and the browser talk over 127.0.0.1 only, JupyterLab's news feed,
update check and PyPI extension manager are switched off, and the browser aborts (and the test
reports) any request to another host. Never run `playwright install`: the system Chromium is used.

    RX_SCREENSHOT=1 pytest tests/test_browser.py   # also writes docs/screenshot.png
"""
from __future__ import annotations

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
    port, token = _free_port(), secrets.token_hex(16)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    for var, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                     ("JUPYTERLAB_SETTINGS_DIR", "settings"), ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
                     ("IPYTHONDIR", "ipython")]:
        env[var] = str(tmp_path / sub)
    env.pop("ANYWIDGET_HMR", None)
    # no "Would you like to get notified about official Jupyter news?" toast, no update check
    notes = tmp_path / "settings" / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    notes.parent.mkdir(parents=True)
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
    log = tmp_path / "jupyter.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=work,
                                start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for_server(f"{base}/api/status?token={token}", proc, log)
        yield base, token, log
    finally:
        _stop_server(proc, base, token)


def test_explorer_in_jupyterlab(lab):
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import expect, sync_playwright

    base, token, log = lab
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

            garden = page.locator(".rx-garden svg").first
            garden.wait_for(timeout=120_000)
            root = page.locator(".rx-root").first
            flowers = root.locator(".rx-flower")
            assert flowers.count() >= 1
            assert root.locator(".rx-petal").count() >= sum(
                int(flowers.nth(i).get_attribute("data-petals")) for i in range(flowers.count()))
            assert root.locator(".rx-petal-placed").count() >= 1
            assert root.locator(".rx-meter").count() == flowers.count()
            assert root.locator(".rx-seatrow").count() == 3
            assert root.locator(".rx-seat option").count() == 2 + 3

            # play a legal move: the log grows and the view changes
            entries = root.locator(".rx-log-entry")
            n_before = entries.count()
            assert n_before == 24
            board = root.locator(".rx-board")
            board_before = board.inner_html()
            action = root.locator(".rx-action").first
            text = action.get_attribute("data-text")
            action.click()
            expect(entries).to_have_count(n_before + 1)
            expect(root.locator(".rx-log-entry.rx-current .rx-move")).to_have_text(text)
            assert board.inner_html() != board_before

            # one move back: the same view as before, the new move still ahead in the log
            root.locator(".rx-back").click()
            expect(root.locator(".rx-log-entry.rx-current")).to_have_attribute("value", str(n_before))
            page.wait_for_function(
                "([el, html]) => el.innerHTML === html", arg=[board.element_handle(), board_before])

            # a bad action shows an error and changes nothing
            root.locator(".rx-input").fill("not-a-move")
            root.locator(".rx-play").click()
            expect(root.locator(".rx-error")).not_to_be_empty()
            assert board.inner_html() == board_before

            # viewing as Blue hides the other hands and the move buttons (Red or Blue may be to act)
            root.locator(".rx-seat").select_option("1")
            expect(root.locator(".rx-seatrow[data-seat='0'] .rx-facedown")).to_have_count(1)
            expect(root.locator(".rx-seatrow[data-seat='1'] .rx-facedown")).to_have_count(0)

            if os.environ.get("RX_SCREENSHOT"):
                root.locator(".rx-seat").select_option("-1")
                root.locator(".rx-input").fill("")
                expect(root.locator(".rx-seatrow[data-seat='0'] .rx-facedown")).to_have_count(0)
                shot = ROOT / "docs" / "screenshot.png"
                shot.parent.mkdir(exist_ok=True)
                root.screenshot(path=str(shot))

            # the Bokeh plot in the next cell renders (BokehJS arrives over the comm, not a CDN)
            plot = page.locator(".rx-plot").first
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
