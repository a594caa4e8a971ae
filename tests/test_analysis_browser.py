"""Issue 23 in a real JupyterLab (Chromium, Playwright, offline; see tests/test_browser.py): the eval bar per
seat beside the board, Analyse with the search's top moves and reasons in words (the best line drawn with the
marks), and Review with its progress, the SVG advantage chart and glyphs in the move list; 0 axe violations, no
text under 11 px."""
from __future__ import annotations

import os
import re
import shutil

import pytest
from legibility import problems
from test_browser import CHROMIUM, CHROMIUM_ARGS, EXTERNAL, ROOT, _run_all_cells, _wait_for_kernel, jupyter_lab

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(600)]
FIXTURE = ROOT / "tests" / "browser_nb" / "analysis.ipynb"


def test_eval_bar_analyse_and_review_in_jupyterlab(tmp_path):
    from axe import require_axe, violations
    from playwright.sync_api import expect, sync_playwright
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        pytest.skip(f"{CHROMIUM} not found")
    require_axe()
    work = tmp_path / "nb"
    work.mkdir()
    shutil.copy(FIXTURE, work / FIXTURE.name)
    external: list[str] = []
    with jupyter_lab(work, tmp_path) as (base, token, log), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1400, "height": 1100}, bypass_csp=True)
            context.route(EXTERNAL, lambda route: (external.append(route.request.url), route.abort()))
            page = context.new_page()
            page.set_default_timeout(60_000)
            page.goto(f"{base}/lab/tree/{FIXTURE.name}?token={token}")
            page.locator(".jp-Notebook .jp-Cell").first.wait_for()
            _wait_for_kernel(page, base, token)
            _run_all_cells(page)
            root = page.locator(".rx-root").first
            root.wait_for(timeout=120_000)
            expect(root.locator(".rx-evalbar")).to_be_hidden()

            # the eval bar: one labelled bar per seat, beside the board
            root.locator(".rx-eval-toggle").check()
            bars = root.locator(".rx-evalbar-seat")
            expect(bars).to_have_count(3)
            names = [root.locator(".rx-evalbar-name").nth(i).inner_text() for i in range(3)]
            assert names == ["Red", "Blue", "Yellow"], names
            pcts = [int(root.locator(".rx-evalbar-pct").nth(i).inner_text().rstrip("%")) for i in range(3)]
            assert 97 <= sum(pcts) <= 103, pcts
            expect(root.locator(".rx-evalbar-bot")).to_have_text("search, 20 iterations")
            box, board = root.locator(".rx-evalbar").bounding_box(), root.locator(".rx-board").bounding_box()
            assert box["x"] >= board["x"] + board["width"] - 1  # beside the board, not under it
            root.locator(".rx-forward").click()
            expect(root).to_have_attribute("data-node", re.compile(r"^[1-9]"))
            expect(bars).to_have_count(3)

            # Analyse with the search: top moves, win chance, reasons in words, the best line drawn
            root.locator(".rx-start").click()
            root.locator(".rx-bot-kind").select_option("search")
            root.locator(".rx-analyse").click()
            moves = root.locator(".rx-why-move")
            expect(moves.first).to_contain_text("% to win")
            assert moves.count() >= 2
            assert root.locator(".rx-why-reasons li").count() >= 1
            expect(root.locator(".rx-analysis .rx-panel-title")).to_contain_text("search, 20 iterations")
            assert root.locator(".rx-analysis-table th", has_text="visits").count() == 0
            best = root.locator(".rx-why-move code").first.inner_text()
            if ">" in best:  # a leader's move: drawn as an arrow from the room it leaves to the one it enters
                expect(root.locator(".rx-mark-arrow")).to_have_count(1)
            found = violations(page, ".rx-root")

            # Review: progress, then the chart, the marked moves and glyphs in the log
            root.locator(".rx-review").click()
            chart = root.locator(".rx-review-box svg.rx-advantage")
            expect(chart).to_be_visible(timeout=120_000)
            assert chart.locator("polyline").count() == 3
            expect(root.locator(".rx-review-box .rx-panel-title")).to_contain_text("Review (search, 6 iterations)")
            marked = root.locator(".rx-review-marked button").count()
            glyphs = root.locator(".rx-log-glyph").count()
            assert glyphs >= marked
            found += violations(page, ".rx-root")
            assert not found, "\n".join(found)
            small = problems(page, ".rx-root")  # text under 11 px, clipped text, low contrast
            assert not small, "\n".join(small)
        finally:
            browser.close()
    assert not external, external
