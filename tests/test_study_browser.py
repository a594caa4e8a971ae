"""Exported study pages in Chromium, opened from disk with the network off: stepping, variations, marks on the
board, exercises answered wrongly then rightly, chapters; zero console errors, no request leaves the file.
Every page in docs/studies/ is walked through the same way, its exercises answered from its own data.

    RX_SCREENSHOT=1 pytest tests/test_study_browser.py   # also writes docs/screenshots/study.png (Lotus)
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from legibility import problems
from test_browser import CHROMIUM, CHROMIUM_ARGS
from test_study import demo

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]
ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted((ROOT / "docs" / "studies").glob("*.html"))


@pytest.fixture(scope="module")
def browser():
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing on CI: install Debian's chromium package")
        pytest.skip(f"{CHROMIUM} not found (apt-get install chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


class Opened:
    def __init__(self, browser, path: Path, hash: str = ""):
        self.ctx = browser.new_context(viewport={"width": 1100, "height": 900}, offline=True)
        self.page = self.ctx.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type in ("error", "warning") else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url) if not r.url.startswith("file:") else None)
        self.page.set_default_timeout(10_000)
        self.page.goto(path.as_uri() + hash)
        self.page.wait_for_function("window.rxStudyReady === true")
        html = path.read_text(encoding="utf-8")
        self.data = json.loads(html.split("id=rx-study-data>", 1)[1].split("</script>", 1)[0])

    def node(self) -> int:
        return int(self.page.locator("#rx-study").get_attribute("data-node") or -1)

    def feedback(self) -> str:
        return self.page.locator(".rx-feedback").get_attribute("data-result")

    def close(self):
        assert not self.errors, self.errors
        assert not self.requests, self.requests
        self.ctx.close()


def solve(o: Opened, chapter: int, node: dict) -> None:
    """Answer the exercise at `node` wrongly (if it can be), see the message, then rightly."""
    from playwright.sync_api import expect
    ex = node["exercise"]
    page = o.page
    if ex["kind"] == "question":
        wrong = [i for i, v in enumerate(ex["verdicts"]) if v["result"] != "right"]
        right = next(i for i, v in enumerate(ex["verdicts"]) if v["result"] == "right")
        if wrong:
            page.locator(f".rx-choice[data-choice='{wrong[0]}']").click()
            expect(page.locator(".rx-feedback")).to_have_attribute("data-result", "wrong")
            assert "Not quite" in page.locator(".rx-feedback").inner_text()
        page.locator(f".rx-choice[data-choice='{right}']").click()
    else:
        assert not page.locator(".rx-forward").is_enabled()  # no stepping past an unsolved exercise
        wrong = [m for m in ex["moves"] if m["result"] == "wrong"]
        right = next(m for m in ex["moves"] if m["result"] == "right")
        if wrong:
            page.locator(".rx-page-moves .rx-action").filter(has=page.locator(
                "code", has_text=wrong[0]["text"])).first.click()
            expect(page.locator(".rx-feedback")).to_have_attribute("data-result", "wrong")
            assert o.node() == node["id"]
        page.locator(f".rx-page-moves .rx-action[data-text='{right['text']}']").click()
    moved = o.node() != node["id"]
    if moved and page.locator(".rx-exercise-prompt").count():  # the next exercise starts with no verdict
        expect(page.locator(".rx-feedback")).to_have_count(0)
        page.locator(".rx-back").click()
    expect(page.locator(".rx-feedback")).to_have_attribute("data-result", "right")
    assert "Right" in page.locator(".rx-feedback").inner_text()
    if moved and o.node() == node["id"]:
        page.locator(".rx-forward").click()


def test_the_demo_page_steps_branches_draws_marks_and_judges(browser, tmp_path):
    from playwright.sync_api import expect
    study = demo()
    path = study.to_html(tmp_path / "demo.html")
    o = Opened(browser, path)
    page = o.page
    chaos = o.data["chapters"][0]["nodes"]
    solve(o, 0, chaos[0])  # the question at the start
    page.locator(".rx-page-root").focus()
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    assert o.node() == 6 and page.locator(".rx-exercise").is_visible()
    solve(o, 0, next(n for n in chaos if n["id"] == 6))
    assert o.node() == 7
    page.locator(".rx-end").click()
    assert o.node() == 8
    expect(page.locator(".rx-mark-arrow")).to_have_count(2)
    expect(page.locator(".rx-mark-highlight")).to_have_count(2)
    assert page.locator(".rx-glyph-badge").inner_text() == "!?"
    box = page.locator(".rx-mark-arrow").first.bounding_box()
    board = page.locator(".rx-board").bounding_box()
    assert box and board and box["height"] > 20 and board["y"] <= box["y"] <= board["y"] + board["height"]
    assert page.locator(".rx-page-comment").inner_text() == "Red heads for the centre."
    page.locator(".rx-back").click()
    page.locator(".rx-back").click()
    assert o.node() == 6
    expect(page.locator(".rx-branch")).to_have_count(2)  # the main line and the variation
    variation = chaos[[n["id"] for n in chaos].index(6)]["children"][1]
    page.locator(f".rx-branch[data-id='{variation}']").click()
    assert o.node() == variation
    expect(page.locator(".rx-mark-arrow")).to_have_count(0)
    page.locator(".rx-page-chapter[data-chapter='1']").click()
    page.locator(".rx-forward").click()
    expect(page.locator(".rx-mark-arrow")).to_have_count(1)
    found = problems(page, ".rx-page-root")
    assert not found, "\n".join(found)
    o.close()


def test_a_link_opens_a_position_but_not_past_an_exercise(browser, tmp_path):
    path = demo().to_html(tmp_path / "demo.html")
    o = Opened(browser, path, "#c2-n1")
    assert o.page.locator("#rx-study").get_attribute("data-chapter") == "1" and o.node() == 1
    o.page.locator(".rx-back").click()
    assert o.page.evaluate("location.hash") == "#c2-n0"
    o.close()
    o = Opened(browser, path, "#c1-n8")  # behind the unsolved question at the start: opens at the start
    assert o.page.locator("#rx-study").get_attribute("data-chapter") == "0" and o.node() == 0
    o.close()


@pytest.mark.parametrize("path", PAGES, ids=[p.stem for p in PAGES])
def test_a_published_study_works_offline(browser, path):
    """Each chapter: step to the end of its main line, solving each exercise met (wrongly, then rightly);
    marks are drawn where the study put them; one variation is opened where there is one."""
    o = Opened(browser, path)
    page = o.page
    marked = 0
    for c, chapter in enumerate(o.data["chapters"]):
        page.locator(f".rx-page-chapter[data-chapter='{c}']").click()
        by_id = {n["id"]: n for n in chapter["nodes"]}
        for _ in range(1000):
            node = by_id[o.node()]
            want = node.get("marks", {})
            assert page.locator(".rx-mark-arrow").count() == len(want.get("arrows", []))
            assert page.locator(".rx-mark-highlight").count() == len(want.get("highlights", []))
            marked += bool(want.get("arrows"))
            first_arrows = path.stem == "lotus" and c == 0 and marked == 1 and want.get("arrows")
            if os.environ.get("RX_SCREENSHOT") and first_arrows:
                page.set_viewport_size({"width": 1000, "height": 1300})
                page.screenshot(path=str(ROOT / "docs" / "screenshots" / "study.png"))
                page.set_viewport_size({"width": 1100, "height": 900})
            if "exercise" in node:
                solve(o, c, node)
                if o.node() != node["id"]:
                    continue
            if not node["children"]:
                break
            nxt = by_id[node["children"][0]]  # "next note": on along the main line to a comment, mark or exercise
            while nxt["children"] and not (nxt.get("comment") or nxt.get("marks") or "exercise" in nxt):
                nxt = by_id[nxt["children"][0]]
            page.locator(".rx-next-note").click()
            assert o.node() == nxt["id"], (o.node(), nxt["id"])
        main = [next(n for n in chapter["nodes"] if n["parent"] is None)]
        while main[-1]["children"]:
            main.append(by_id[main[-1]["children"][0]])
        branches = [n for n in main if len(n["children"]) > 1]
        if branches:
            page.locator(".rx-start").click()
            while o.node() != branches[0]["id"]:
                page.locator(".rx-forward").click()
            alt = branches[0]["children"][1]
            page.locator(f".rx-branch[data-id='{alt}']").click()
            assert o.node() == alt
    assert marked >= 3
    found = problems(page, ".rx-page-root")
    assert not found, "\n".join(found)
    o.close()


@pytest.mark.parametrize("path", PAGES, ids=[p.stem for p in PAGES])
def test_a_study_page_has_no_accessibility_violations(browser, path):
    """axe-core (issue 25.13) over the page at its start, at its first exercise with a wrong answer's verdict
    shown, and after "Show the answer" (which plays it): 0 violations. axe is injected past the page's CSP."""
    from axe import require_axe, violations
    require_axe()
    ctx = browser.new_context(viewport={"width": 1100, "height": 900}, offline=True, bypass_csp=True)
    page = ctx.new_page()
    try:
        page.goto(path.as_uri())
        page.wait_for_function("window.rxStudyReady === true")
        found = violations(page, "#rx-study")
        for _ in range(60):
            if page.locator(".rx-exercise-prompt").count() or not page.locator(".rx-next-note").is_enabled():
                break
            page.locator(".rx-next-note").click()
        if page.locator(".rx-exercise-prompt").count():
            node = page.locator("#rx-study").get_attribute("data-node")
            if page.locator(".rx-choice").count():
                page.locator(".rx-choice").first.click()
            else:
                page.locator(".rx-page-moves .rx-action").first.click()
            found += violations(page, "#rx-study")
            if page.locator(".rx-show-answer").count():  # the first choice was not the answer
                question = page.locator(".rx-choice").count() > 0
                page.locator(".rx-show-answer").click()
                found += violations(page, "#rx-study")
                if not question:  # a find-the-move: giving up plays the answer
                    assert page.locator("#rx-study").get_attribute("data-node") != node
    finally:
        ctx.close()
    assert not found, "\n".join(found)


def test_a_rule_id_on_the_page_shows_its_rule(browser):
    """Issue 25.8: a rule id in a move's words is hoverable (its paraphrase and the rulebook's title and section)
    and a click shows the same in a line; no hashed file name anywhere on the page."""
    path = ROOT / "docs" / "studies" / "lotus.html"
    o = Opened(browser, path)
    page = o.page
    for _ in range(30):
        if page.locator(".rx-log-text .rx-rule").count():
            break
        page.locator(".rx-forward").click()
    rule = page.locator(".rx-log-text .rx-rule").first
    rid = rule.get_attribute("data-rule")
    title = rule.get_attribute("title")
    assert title.startswith(f"{rid}: ") and "Lotus rulebook (English) § " in title and ".txt" not in title
    rule.click()
    note = page.locator(".rx-rule-note")
    assert note.is_visible() and rid in note.inner_text() and "§" in note.inner_text()
    assert "_21a030570a0992c9.txt" not in page.content()
    o.close()


@pytest.mark.parametrize("game", ["lotus", "rice_paddy"])
def test_a_learn_from_your_mistakes_chapter_is_walked(browser, game):
    """Issue 23.4: the chapter a review made (explorer/studies/mistakes.py): its exercise is a position where the
    learner's move lost chances; the move really played gets the review's reply, the search's move is right and
    leads into the better line, whose comment says why in words."""
    from playwright.sync_api import expect
    o = Opened(browser, ROOT / "docs" / "studies" / f"{game}.html")
    page = o.page
    c, chapter = next((i, ch) for i, ch in enumerate(o.data["chapters"]) if ch["title"].startswith("Learn from your"))
    page.locator(f".rx-page-chapter[data-chapter='{c}']").click()
    by_id = {n["id"]: n for n in chapter["nodes"]}
    assert "explorer.analysis.review" in page.locator("#rx-study").inner_text()  # the intro names bot and budget
    exercises = [n for n in chapter["nodes"] if "exercise" in n]
    assert exercises
    for _ in range(200):
        if "exercise" in by_id[o.node()]:
            break
        page.locator(".rx-next-note").click()
    node = by_id[o.node()]
    played = by_id[node["children"][0]]["text"]
    page.locator(".rx-page-moves .rx-action").filter(has=page.locator("code", has_text=played)).first.click()
    expect(page.locator(".rx-feedback")).to_have_attribute("data-result", "wrong")
    assert "the move played" in page.locator(".rx-feedback").inner_text()
    right = next(m for m in node["exercise"]["moves"] if m["result"] == "right")
    page.locator(f".rx-page-moves .rx-action[data-text='{right['text']}']").click()
    assert o.node() == right["child"] and by_id[o.node()]["comment"].startswith("Better: ")
    expect(page.locator("#rx-study")).to_contain_text("to win, against")
    o.close()
