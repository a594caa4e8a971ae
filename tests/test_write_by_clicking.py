"""A whole study written by clicking in JupyterLab (issue 25): the start position edited, a line played, marks
drawn, a find-the-move with a hint, two answers picked on the moves and a reply to a wrong move, a second
chapter, Save and Publish next to the notebook; then the page opened from disk, offline, and walked."""
from __future__ import annotations

import json
import os
import time

import pytest
from test_browser import CHROMIUM, CHROMIUM_ARGS, EXTERNAL, _run_all_cells, _wait_for_kernel, jupyter_lab

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

SETUP = """import explorer
from explorer.study import Study

study = Study("Written by clicking")
chapter = study.chapter("Opening", explorer.load("lotus", players=3, seed=7))
explorer.Explorer(chapter)
"""


def test_a_study_written_by_clicking_then_read_from_disk(tmp_path):
    from playwright.sync_api import expect, sync_playwright
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing on CI: install Debian's chromium package")
        pytest.skip(f"{CHROMIUM} not found (apt-get install chromium)")
    work = tmp_path / "nb"
    work.mkdir()
    cell = {"cell_type": "code", "execution_count": None, "id": "setup", "metadata": {}, "outputs": [],
            "source": SETUP.splitlines(keepends=True)}
    (work / "write.ipynb").write_text(json.dumps({"cells": [cell], "metadata": {"kernelspec": {
        "display_name": "Python 3", "language": "python", "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}))
    t0 = time.monotonic()
    with jupyter_lab(work, tmp_path) as (base, token, _log), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport={"width": 1400, "height": 1100}).new_page()
            page.route(EXTERNAL, lambda route: route.abort())
            page.set_default_timeout(30_000)
            page.on("dialog", lambda d: d.accept())
            page.goto(f"{base}/lab/tree/write.ipynb?token={token}")
            page.locator(".jp-Notebook .jp-Cell").first.wait_for()
            _wait_for_kernel(page, base, token)
            _run_all_cells(page)
            root = page.locator(".rx-root").first
            expect(root.locator(".rx-board svg").first).to_be_attached(timeout=120_000)

            def node():
                return root.get_attribute("data-node")

            def settle(before):
                expect(root).not_to_have_attribute("data-node", before)

            # 1. the start edited: a blue 6 on the Lily, then Done (the chapter's start, nothing written yet)
            root.locator(".rx-edit-start").click()
            expect(root.locator(".rx-edit")).to_be_visible()
            root.locator(".rx-edit-palette [data-piece='B6s']").click()
            root.locator(".rx-board [data-place='garden']").first.click(force=True)  # a new flower: the Lily
            expect(root.locator(".rx-edit")).to_have_attribute("data-edits", "1")
            root.locator(".rx-edit-done").click()
            expect(root.locator(".rx-edit")).to_be_hidden()
            # 2. a line: two moves
            for move in ("4s", "5s"):
                before = node()
                root.locator(f".rx-action[data-text='{move}']").click()
                settle(before)
            # 3. marks on the last position: an arrow and a highlight
            root.locator(".rx-annotate-start").click()
            places = root.locator(".rx-board [data-mark]")
            names = places.evaluate_all("els => els.map((e) => e.dataset.mark)")
            flower = next(n for n in names if n == "Lily")
            card = next(n for n in names if n.startswith("R") and n[1:2].isdigit())
            root.locator(f".rx-board [data-mark='{card}']").first.click(force=True)
            root.locator(f".rx-board [data-mark='{flower}']").first.click(force=True)
            expect(root.locator(".rx-mark-arrow")).to_have_count(1)
            root.locator(".rx-annotate-start").click()
            # 4. an exercise at the start: prompt, hint, two answers picked from the moves, a reply to a wrong move
            before = node()
            root.locator(".rx-start").click()
            settle(before)
            desk = root.locator(".rx-desk")
            desk.locator("summary").click()
            desk.locator(".rx-desk-exercise label:has-text('prompt') input").fill("Which card opens best?")
            desk.locator(".rx-desk-exercise label:has-text('hint') input").fill("think big")
            desk.locator(".rx-desk-pick").click()
            root.locator(".rx-action[data-text='7s']").click()
            root.locator(".rx-action[data-text='4s']").click()
            expect(desk.locator(".rx-desk-answer")).to_have_count(2)
            assert node() == "0"  # picked, not played
            desk.locator(".rx-desk-pick").click()
            desk.locator(".rx-desk-wrong").select_option("5s")
            desk.locator(".rx-desk-reply").fill("The 5 leaves the Lily to Blue.")
            desk.locator(".rx-desk-add-reply").click()
            desk.locator(".rx-desk-exercise textarea").fill("Either big card starts a flower.")
            desk.locator(".rx-desk-exercise-save").click()
            expect(root.locator(".rx-error")).to_be_hidden()
            expect(root.locator(".rx-exercise-toggle")).to_have_class(__import__("re").compile("rx-on"))
            if os.environ.get("RX_SCREENSHOT") or os.environ.get("RX_WRITING_SHOT"):  # the README's picture
                from pathlib import Path
                shot = Path(os.environ.get("RX_WRITING_SHOT") or Path(__file__).resolve().parents[1] / "docs" /
                            "screenshots" / "writing.png")
                desk.scroll_into_view_if_needed()
                desk.screenshot(path=str(shot))
            from axe import violations  # the writer's desk, open, as accessible as the rest (issue 25.13)
            found = violations(page, ".rx-root")
            assert not found, "\n".join(found)
            # 5. a second chapter from this position, renamed; then Save and Publish
            desk.locator(".rx-desk-add-here").click()
            expect(desk.locator("summary")).to_contain_text("chapter 2 of 2")
            desk.locator(".rx-desk-title").fill("The garden's start")
            desk.locator(".rx-desk-rename").click()
            expect(desk.locator(".rx-desk-chapter")).to_contain_text("The garden's start")
            desk.locator(".rx-desk-save").click()
            desk.locator(".rx-desk-publish").click()
            expect(desk.locator(".rx-desk-status")).to_contain_text("published:")
            print(f"written by clicking in {time.monotonic() - t0:.1f}s")
        finally:
            browser.close()
    saved = work / "written-by-clicking.study.json"
    page_file = work / "written-by-clicking.html"
    assert saved.is_file() and page_file.is_file()
    from explorer.study import Study
    study = Study.load(saved)
    assert [c.title for c in study.chapters] == ["Opening", "The garden's start"]
    first = study.chapters[0]
    ex = first.exercises[0]
    assert (ex.prompt, ex.hint, sorted(ex.answers)) == ("Which card opens best?", "think big", ["4s", "7s"])
    assert ex.replies == {"5s": "The 5 leaves the Lily to Blue."}
    line = first.timeline.mainline()
    assert [n.action for n in line[1:]] == ["4s", "5s"] and line[-1].marks.arrows
    # the page, from disk, offline: the exercise is asked, the wrong move gets its reply, the right one goes on
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(offline=True).new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(page_file.as_uri())
            page.wait_for_function("window.rxStudyReady === true")
            expect(page.locator(".rx-exercise-prompt")).to_have_text("Which card opens best?")
            page.locator(".rx-page-moves .rx-action[data-text='5s']").click()
            expect(page.locator(".rx-feedback")).to_contain_text("The 5 leaves the Lily to Blue.")
            page.locator(".rx-page-moves .rx-action[data-text='7s']").click()
            expect(page.locator(".rx-feedback")).to_have_attribute("data-result", "right")
            page.locator(".rx-page-chapter[data-chapter='1']").click()
            expect(page.locator(".rx-page-chapter[data-chapter='1']")).to_contain_text("The garden's start")
            assert not errors, errors
        finally:
            browser.close()
