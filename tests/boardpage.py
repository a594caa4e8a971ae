"""A bare page that draws one game's board from a view, with no kernel and no JupyterLab.

    with board_page(tmp_path) as page:          # Playwright page on Debian's chromium
        page.evaluate("v => rxDraw(v)", state.view(seat))
        page.locator('[data-mark="N"]').count()

The page holds the explorer's own front-end files (common.js, every board, marks.js) and its CSS;
`rxDraw(view)` draws the board for `view` into #board, `rxUpdate(view)` patches the board drawn there in
place with the board's own `update` (true if it could); `makeAnnotator` and `drawMarks` (widgets/marks.js) are
globals. Used by tests of the boards' marks and of the annotate tool (tests/test_annotate_clicks.py).
"""
from __future__ import annotations

import contextlib
import json
from pathlib import Path

from explorer.core import widgets_root
from explorer.core.data import front_end

from .test_browser import CHROMIUM, CHROMIUM_ARGS

_DRIVER = """
window.rxDraw = (view, seat = null) => {
  const b = BOARDS[view.game];
  const el = b.draw(view, { send: () => {}, seat, meta: {} });
  document.getElementById("board").replaceChildren(el);
  return el;
};
window.rxUpdate = (view, seat = null) => BOARDS[view.game].update(
  document.querySelector("#board > *"), view, null, { send: () => {}, seat, meta: {} });
window.makeAnnotator = makeAnnotator;  // widgets/marks.js, for tests of the annotate tool
window.drawMarks = drawMarks;
window.rxReady = true;
"""


def page_html() -> str:
    root = widgets_root()
    code = front_end("marks.js") + "\n" + _DRIVER
    css = (root / "explorer.css").read_text(encoding="utf-8")
    return ("<!doctype html><meta charset=utf-8><style>" + css + "</style>"
            "<div class='rx-root'><div class='rx-board' id='board'></div></div>"
            "<script type=module>" + code + "</script>")


@contextlib.contextmanager
def board_page(tmp: Path, width: int = 1100, height: int = 900):
    import pytest
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} not found (apt-get install chromium)")
    from playwright.sync_api import sync_playwright
    path = Path(tmp) / "board.html"
    path.write_text(page_html(), encoding="utf-8")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(path.as_uri())
            page.wait_for_function("window.rxReady === true")
            page.rx_errors = errors
            yield page
        finally:
            browser.close()


def draw(page, view) -> None:
    page.evaluate("v => { rxDraw(v); }", json.loads(json.dumps(view)))
