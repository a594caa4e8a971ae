"""Each game's own full-game tutorial notebook, run in JupyterLab in Debian's Chromium (Playwright).

One JupyterLab server and one browser serve the four games. The four notebooks are opened and started
first (one runs while the next page loads); then, for each game, the test finds the full-game explorer once
every cell has run and checks what a reader meets there:
  - the score panel under it is drawn on open (lines present, the x range covering the line),
  - compare (mark, step, compare) speaks in sentences, not JSON paths,
  - viewing as one seat hides the others' private cards from the explorer's DOM,
  - no text under it is clipped, tiny or unreadable (tests/legibility.py).

    RX_SCREENSHOT=1 pytest tests/test_browser_notebooks.py   # also writes docs/screenshots/<game>.png

Never run `playwright install`: the system Chromium is used (see tests/test_browser.py).
"""
from __future__ import annotations

import json
import os
import re
import time
import urllib.error
import urllib.request

import nbformat
import pytest
from legibility import problems
from test_browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXTERNAL,
    ROOT,
    _run_all_cells,
    jupyter_lab,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

# game -> (its full-game notebook, the explorer's title (None: the notebook's only explorer),
#          a sign that some seat holds something private here (under the explorer, in the omniscient view),
#          what private things look like in the explorer's HTML: cards in hand, objectives, draft picks, orders)
GAMES = {
    "lotus": ("lotus/02-flower-control.ipynb", None, ".rx-hand .rx-card", r'data-id="([^"]+)"'),
    "lotus_chaos": ("lotus_chaos/02-a-full-game.ipynb", "A full chaos game", ".rx-chaos-seat",
                    r"objective: \w+"),
    "rice_paddy": ("rice_paddy/03-a-full-game.ipynb", "A full Rice Paddy game",
                   ".rx-action[data-text^='keep ']", r"\bkeep \d+|\bhand \d+(?:, \d+)*"),
    "round_house": ("round_house/03-a-full-game.ipynb", "A full Round House game",
                    ".rx-action[data-text^='order:']", r"\bO\d\d\b"),
}
JSON_PATH = re.compile(r"\w+\.\d+\.")  # e.g. seats.0.hand.0.id

# the Bokeh figure drawn in `panel` (BokehJS's root views know their elements), read from its models
RACE_JS = """(panel) => {
  const B = window.Bokeh;
  if (!B || !B.index) return null;
  const views = [...(B.index.roots || Object.values(B.index))];
  const view = views.find((v) => v && v.el && panel.contains(v.el));
  if (!view) return null;
  const fig = view.model;
  const lines = [];
  for (const r of fig.renderers || []) {
    const d = r.data_source && r.data_source.data;
    if (!d || !d.ply) continue;
    const ply = Array.from(d.ply), ys = Array.from(d.score || d.ply);
    lines.push({ name: r.data_source.name, n: ply.length, min: Math.min(...ply), max: Math.max(...ply),
                 finite: ys.filter((y) => Number.isFinite(y)).length });
  }
  const cur = (fig.center || []).find((m) => m.name === "current-ply");
  return { start: fig.x_range.start, end: fig.x_range.end, lines, cursor: cur ? cur.location : null };
}"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """One JupyterLab server on 127.0.0.1 serving copies of the games' notebooks: (base url, token, log)."""
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing on CI: install Debian's chromium package")
        pytest.skip(f"{CHROMIUM} not found (apt-get install chromium); the browser test needs it")
    tmp = tmp_path_factory.mktemp("lab")
    work = tmp / "nb"
    for path, *_ in GAMES.values():  # without their outputs: saved widget views would name models
        (work / path).parent.mkdir(parents=True, exist_ok=True)  # no kernel has yet
        nb = nbformat.read(ROOT / "notebooks" / path, as_version=4)
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = [], None
        nbformat.write(nb, work / path)
    with jupyter_lab(work, tmp) as server:
        yield server


@pytest.fixture(scope="module")
def opened(lab):
    """Every game's notebook open in a browser page of its own, its cells started one after the other, so
    one notebook runs while the next page loads: {game: (page, page errors, blocked requests)}."""
    from playwright.sync_api import sync_playwright

    base, token, _ = lab
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            pages = {}
            began = time.monotonic()
            for game, (path, *_) in GAMES.items():
                context = browser.new_context(viewport={"width": 1400, "height": 1100})
                errors: list[str] = []
                external: list[str] = []
                context.route(EXTERNAL, lambda route, ext=external: (ext.append(route.request.url), route.abort()))
                page = context.new_page()
                page.on("pageerror", lambda exc, err=errors: err.append(str(exc)))
                page.set_default_timeout(60_000)
                page.goto(f"{base}/lab/workspaces/{game}/tree/{path}?token={token}")  # a workspace each
                page.locator(".jp-Notebook .jp-Cell").first.wait_for()
                _wait_for_session(page, base, token, path)
                _run_all_cells(page)
                pages[game] = (page, errors, external)
            print(f"four notebooks opened and started in {time.monotonic() - began:.1f}s")
            yield pages
        finally:
            browser.close()


def _wait_for_session(page, base: str, token: str, path: str, timeout: float = 90) -> None:
    """Until this notebook's own kernel is idle (another page's idle kernel does not count)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{base}/api/sessions?token={token}", timeout=2) as resp:
                sessions = json.load(resp)
            if any(s.get("path", "").endswith(path) and (s.get("kernel") or {}).get("execution_state") == "idle"
                   for s in sessions):
                page.wait_for_timeout(500)  # the page's own connection to it
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError, ValueError):
            pass
        page.wait_for_timeout(300)
    pytest.fail(f"no idle kernel for {path} within {timeout}s")


def _close_session(base: str, token: str, path: str) -> None:
    """Shut a notebook's kernel down, so the other games run on a quieter machine."""
    try:
        with urllib.request.urlopen(f"{base}/api/sessions?token={token}", timeout=5) as resp:
            sessions = json.load(resp)
        for s in sessions:
            if s.get("path", "").endswith(path):
                req = urllib.request.Request(f"{base}/api/sessions/{s['id']}?token={token}", method="DELETE")
                urllib.request.urlopen(req, timeout=10).close()
    except (urllib.error.URLError, ConnectionError, TimeoutError, ValueError):
        pass


def _step(root, selector: str) -> None:
    before = root.get_attribute("data-node")
    root.locator(selector).click()
    root.page.wait_for_function("([el, n]) => el.dataset.node !== n", arg=[root.element_handle(), before])


def _seats(root) -> tuple[str, str, list[str]]:
    """The seat menu's values: everything, the spectator, then each seat in order."""
    opts = root.locator("select.rx-seat option")
    pairs = [(opts.nth(i).get_attribute("value"), opts.nth(i).inner_text()) for i in range(opts.count())]
    everything = next(v for v, text in pairs if "everything" in text)
    spectator = next(v for v, text in pairs if "spectator" in text)
    return everything, spectator, [v for v, _ in pairs if v not in (everything, spectator)]


def _kernel_idle(page, base: str, token: str, path: str, timeout: float = 30) -> None:
    """Until this notebook's kernel has handled what the page sent it (it reports busy until then)."""
    deadline = time.monotonic() + timeout
    page.wait_for_timeout(100)
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{base}/api/sessions?token={token}", timeout=5) as resp:
            states = [(x.get("kernel") or {}).get("execution_state") for x in json.load(resp)
                      if x.get("path", "").endswith(path)]
        if states == ["idle"]:
            return
        page.wait_for_timeout(100)
    pytest.fail(f"the kernel of {path} stayed busy for {timeout}s")


def _as(root, value: str, idle) -> str:
    """View as `value` (a seat menu value): the board's and the legal moves' HTML once the explorer has
    settled after the re-sync. (Not the log: it shows the seat's own moves further along the line, which
    may name a card another seat holds now, e.g. one passed in a draft.)"""
    root.locator("select.rx-seat").select_option(value)
    idle()
    html, last = None, root.inner_html()
    while html != last:  # unchanged for 200 ms
        root.page.wait_for_timeout(200)
        html, last = last, root.inner_html()
    return root.locator(".rx-board").inner_html() + root.locator(".rx-actions").inner_html()


def _ply(root) -> int:
    return int(re.search(r"ply (\d+)", root.locator(".rx-ply").inner_text()).group(1))


@pytest.mark.parametrize("game", list(GAMES))
def test_the_tutorial_explorer(game, lab, opened):
    from playwright.sync_api import expect

    base, token, log = lab
    path, title, where, private = GAMES[game]
    page, page_errors, external = opened[game]
    started = time.monotonic()
    try:
        roots = page.locator(".rx-root")
        if title:
            roots = roots.filter(has=page.locator(".rx-title", has_text=title))
        root = roots.first
        root.locator(".rx-board svg").first.wait_for(timeout=150_000)
        # every cell has run: from here on the kernel answers the explorer at once
        expect(page.locator(".jp-InputPrompt", has_text="*")).to_have_count(0, timeout=150_000)
        ran = time.monotonic()
        root.evaluate("(el, g) => el.setAttribute('data-rx-test', g)", game)
        root.scroll_into_view_if_needed()
        panel = root.locator("xpath=ancestor::div[contains(@class,'widget-vbox')][1]")

        # the score panel is drawn on open: lines present, the x range covering the line, the cursor here
        panel.locator(".rx-plot .bk-Canvas").first.wait_for(timeout=60_000)
        page.wait_for_timeout(500)  # BokehJS sets the data range once it has laid the figure out
        race = page.evaluate(RACE_JS, panel.element_handle())
        assert race is not None, f"{game}: no Bokeh figure found under the explorer"
        drawn = [ln for ln in race["lines"] if ln["n"] >= 2 and ln["finite"] >= 2]
        assert drawn, f"{game}: the score panel has no line on open: {race}"
        lo, hi = min(ln["min"] for ln in drawn), max(ln["max"] for ln in drawn)
        assert hi > lo and race["start"] <= lo and race["end"] >= hi, \
            f"{game}: the x range {race['start']}..{race['end']} does not cover the line {lo}..{hi}"
        assert race["cursor"] == _ply(root), \
            f"{game}: the score panel's cursor is at {race['cursor']}, the explorer at ply {_ply(root)}"
        if os.environ.get("RX_SCREENSHOT"):
            shot = ROOT / "docs" / "screenshots" / f"{game}.png"
            shot.parent.mkdir(parents=True, exist_ok=True)
            page.set_viewport_size({"width": 1400, "height": 2600})  # the whole panel in one screen
            start = _ply(root)
            end = int(re.search(r"ply \d+ / (\d+)", root.locator(".rx-ply").inner_text()).group(1))
            entries = root.locator(".rx-log-entry")
            moved = start in (0, end) and entries.count() > 10
            if moved:  # at an end of the game: the picture shows the middle of the synced log instead
                before = root.get_attribute("data-node")
                entries.nth(entries.count() // 2).click(position={"x": 4, "y": 4})  # its edge: not on a rule id
                expect(root).not_to_have_attribute("data-node", before, timeout=30_000)
            page.wait_for_timeout(1500)  # the race redraws once the steps pause
            root.scroll_into_view_if_needed()
            panel.screenshot(path=str(shot))
            if moved:
                root.focus()
                page.keyboard.press("Home" if start == 0 else "End")  # back where the notebook opened it
                expect(root.locator(".rx-ply")).to_contain_text(f"ply {start} ")
                page.wait_for_timeout(1000)  # the tokens' move back (a 0.45 s transition) ends before the check
            page.set_viewport_size({"width": 1400, "height": 1100})
        # no clipped, tiny or faint text on the board as it opens (asserted last, so the rest reports too)
        illegible = problems(page, f".rx-root[data-rx-test='{game}'] .rx-board")

        # a position where some seat holds something private: here, or stepping back from the end
        def idle():
            _kernel_idle(page, base, token, path)

        everything, spectator, seats = _seats(root)
        _as(root, everything, idle)
        if root.locator(where).count() == 0:
            if not root.locator(".rx-end").is_disabled():
                _step(root, ".rx-end")
            for _ in range(60):
                if root.locator(where).count():
                    break
                _step(root, ".rx-back")
            else:
                pytest.fail(f"{game}: no position near the end shows a private holding ({where})")
        # each seat's private things are what it sees and the spectator does not; no other seat sees them
        htmls = {s: _as(root, s, idle) for s in seats}
        public = set(re.findall(private, _as(root, spectator, idle)))
        mine = {s: set(re.findall(private, html)) - public for s, html in htmls.items()}
        assert any(mine.values()), f"{game}: no seat sees anything the spectator does not ({private})"
        for s, html in htmls.items():
            for other, theirs in mine.items():
                leaks = {x for x in theirs if other != s and re.search(rf"(?<![\w-]){re.escape(x)}(?![\w-])", html)}
                assert not leaks, f"{game}: seat {s} can read seat {other}'s {sorted(leaks)} in the page"
        _as(root, everything, idle)

        # compare: mark, step, compare -> sentences, not JSON paths
        root.locator(".rx-mark").click()
        expect(root.locator(".rx-mark")).to_contain_text("marked")
        _step(root, ".rx-back" if root.locator(".rx-forward").is_disabled() else ".rx-forward")
        root.locator(".rx-compare").click()
        lines = root.locator(".rx-diff-lines li")
        expect(lines.first).to_be_visible()
        paths = [t for t in lines.all_inner_texts() if JSON_PATH.search(t)]
        assert not paths, f"{game}: compare lists JSON paths instead of sentences: {paths[:5]}"

        assert not page_errors, f"{game}: script errors: {page_errors}"
        assert not external, f"{game}: the page tried to reach other hosts: {external}"
        assert not illegible, f"{game}: {len(illegible)} legibility problems on the board:\n" + \
            "\n".join(illegible[:20])
        print(f"{game}: notebook done {ran - started:.1f}s after the checks began, checks took "
              f"{time.monotonic() - ran:.1f}s")
    except Exception:
        shot = log.with_name(f"failure-{game}.png")
        try:
            page.screenshot(path=str(shot))
        except Exception:  # the page may be gone
            shot = "(none)"
        print(f"screenshot: {shot}\npage errors: {page_errors}\nblocked: {external}\n"
              f"server log tail:\n{log.read_text()[-3000:]}")
        raise
    finally:
        page.context.close()
        _close_session(base, token, path)

