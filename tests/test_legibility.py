"""Every game's board is legible in JupyterLab: no text under 11 px, nothing clipped, text contrasting with
what is under it (tests/legibility.py), in a seat's view and in the omniscient view, at a busy position.
The helper itself is checked on a hand-made page first, so a check that can never fail would show.

    RX_LEGIBILITY_SHOTS=dir pytest tests/test_legibility.py   # also screenshots each board into dir
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from legibility import contrast, problems
from test_browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXTERNAL,
    _run_all_cells,
    _wait_for_kernel,
    jupyter_lab,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

GAMES = ["lotus", "lotus_chaos", "rice_paddy", "round_house"]
MOVES = 150  # random moves from seed 3 (a shorter game: 8 before its end): full hands, lines and markers
SETUP = f"""import explorer
from IPython.display import display

for game in {GAMES!r}:
    ex = explorer.Explorer(game, seed=3)
    for _ in range({MOVES}):
        if ex.state.is_terminal:
            break
        ex.random_move()
    if ex.state.is_terminal:  # a short game (the chaos game): back to where most tokens are still in
        for _ in range(8):
            ex.back()
    display(ex)

from explorer.studies import build  # a lesson: the Lotus study's first find-the-move, as its notebook opens it
study = build("lotus")
first = next(c for c in study.chapters if any(e.kind == "move" for e in c.exercises.values()))
lesson_at = next(n for n, e in first.exercises.items() if e.kind == "move")
display(study.explorer(study.chapters.index(first), at=lesson_at))

from explorer.study import Study  # a chapter's own explorer, for writing a study by clicking (test_write_by_clicking)
written = Study("Written by clicking")
display(explorer.Explorer(written.chapter("Opening", explorer.load("lotus", players=3, seed=7))))
"""
WORK: list = []  # the notebook's folder (the kernel's working folder), once the fixture made it

SAMPLE = """<div class=root style='width:300px'>
<p style='font-size:9px'>tiny</p>
<div style='width:100px;overflow:hidden;white-space:nowrap'>a long line cut off by its box</div>
<div style='display:flex;width:100px'><span style='white-space:nowrap'>a long line spilling out</span></div>
<p style='color:#ccc'>pale</p><p>fine</p>
<svg width=200 height=100 viewBox='0 0 400 200'><rect width='400' height='200' fill='#fff'/>
<rect width='100' height='50' fill='#1a5c1a'/><text x='10' y='30' font-size='24' fill='#000'>dark</text>
<text x='380' y='150' font-size='30'>cut</text>
<text x='200' y='60' font-size='30' fill='#fff'>white</text><text x='200' y='100' font-size='30'>one</text>
<text x='200' y='100' font-size='30'>two</text><text x='10' y='150' font-size='16'>small</text>
<text x='200' y='160' font-size='30'>under</text><circle cx='234' cy='150' r='10'/>
<text x='10' y='190' font-size='30'>readable</text></svg></div>"""


def _skip_without_chromium():
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing on CI: install Debian's chromium package")
        pytest.skip(f"{CHROMIUM} not found (apt-get install chromium)")


def test_the_helper_finds_each_kind_of_problem():
    from playwright.sync_api import sync_playwright

    _skip_without_chromium()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.set_content(SAMPLE)
            found = "\n".join(problems(page, ".root"))
        finally:
            browser.close()
    expected = ['"tiny": 9.0 px', '"a long line cut off by its box": clipped', '"a long line spilling out": runs past',
                '"pale": contrast 1.61', '"dark": contrast', '"cut": outside', '"white": contrast 1.00',
                '"two": overlaps', '"small": 8.0 px', '"under": hidden under a circle']
    for what in expected:
        assert what in found, f"{what!r} not reported:\n{found}"
    for fine in ['"fine"', '"readable"', '"one"']:
        assert f"{fine}:" not in found, found
    assert round(contrast("#000", "#fff"), 1) == 21.0 and contrast("#777777", "#ffffff") < 4.5


@pytest.fixture(scope="module")
def boards(tmp_path_factory):
    """JupyterLab in Chromium with one explorer per game at a busy position: yields (page, out dir)."""
    from playwright.sync_api import expect, sync_playwright

    _skip_without_chromium()
    t0 = time.monotonic()
    tmp = tmp_path_factory.mktemp("legibility")
    work = tmp / "nb"
    WORK[:] = [work]
    work.mkdir()
    cell = {"cell_type": "code", "execution_count": None, "id": "setup", "metadata": {}, "outputs": [],
            "source": SETUP.splitlines(keepends=True)}
    (work / "boards.ipynb").write_text(json.dumps({"cells": [cell], "metadata": {"kernelspec": {
        "display_name": "Python 3", "language": "python", "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}))
    with jupyter_lab(work, tmp) as (base, token, _log), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            # JupyterLab's default layout (file browser open) in a 1400 × 1000 window
            page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
            page.route(EXTERNAL, lambda route: route.abort())
            page.set_default_timeout(60_000)
            page.goto(f"{base}/lab/tree/boards.ipynb?token={token}")
            page.locator(".jp-Notebook .jp-Cell").first.wait_for()
            _wait_for_kernel(page, base, token)
            _run_all_cells(page)
            expect(page.locator(".rx-root")).to_have_count(len(GAMES) + 2, timeout=120_000)  # the lesson, the writer
            for i in range(len(GAMES)):
                expect(page.locator(".rx-root").nth(i).locator(".rx-board svg").first).to_be_attached()
            print(f"JupyterLab with {len(GAMES)} boards ready in {time.monotonic() - t0:.1f}s")
            yield page, Path(os.environ.get("RX_LEGIBILITY_SHOTS") or tmp)
        finally:
            browser.close()


def _view_as(page, root, which: str) -> None:
    """Select "everything" or the first seat in the explorer's seat menu, and wait for the board to redraw."""
    value = root.locator("select.rx-seat").evaluate("""(sel, which) => {
      const opts = [...sel.options];
      const o = which === "everything" ? opts.find((x) => /everything|omniscient/i.test(x.text))
        : opts.find((x) => !/everything|omniscient|spectator|public/i.test(x.text));
      return o.value; }""", which)
    if root.locator("select.rx-seat").input_value() == value:
        return
    before = root.locator(".rx-board").inner_html()
    root.locator("select.rx-seat").select_option(value)
    deadline = time.monotonic() + 5  # a seat's view may look the same
    while root.locator(".rx-board").inner_html() == before and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    page.wait_for_timeout(300)  # transitions settle


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("view", ["seat", "everything"])
def test_every_board_is_legible(boards, game, view):
    page, out = boards
    root = page.locator(".rx-root").nth(GAMES.index(game))
    root.evaluate("(el, g) => { el.dataset.legibility = g; }", game)
    root.scroll_into_view_if_needed()
    _view_as(page, root, view)
    found = problems(page, f".rx-root[data-legibility='{game}']")  # the board and the shell around it
    root.locator(".rx-board").screenshot(path=str(out / f"legibility-{game}-{view}.png"))
    (out / f"legibility-{game}-{view}.txt").write_text("\n".join(found))
    print(f"{game} ({view}): {len(found)} problem(s)")
    assert not found, f"{game}, {view} view: {len(found)} legibility problem(s):\n" + "\n".join(found[:60])


@pytest.mark.parametrize("round_", [1, 7])
def test_the_harvest_heatmap_numbers_contrast_with_their_cells(round_):
    from rice_paddy.helpers import game

    from explorer.games.rice_paddy.plots import harvest_heatmap

    s = game(2)  # red's and blue's paddy a both planted: two marks in one cell
    fig = harvest_heatmap(s, round_=round_)
    table = fig.select(name="harvest-table")[0].data
    numbers = fig.select(name="numbers")[0].glyph
    assert numbers.text_color == "ink" and len(set(table["fill"])) >= 4
    for fill, ink, text in zip(table["fill"], table["ink"], table["text"]):
        assert contrast(ink, fill) >= 4.5, f"{text}: {ink} on {fill} is {contrast(ink, fill):.2f}:1"
    marks = fig.select(name="paddy-marks")[0].data
    assert len(marks["x"]) == 2 and len(set(marks["x"])) == 2, f"paddies drawn on the same spot: {marks['x']}"


# -- the board editor, on the same boards (one JupyterLab for both) ---------------------------------------------

def _same_state(game):
    """The position the page's explorer for `game` shows (the set-up cell, replayed here)."""
    import explorer
    ex = explorer.Explorer(game, seed=3)
    for _ in range(MOVES):
        if ex.state.is_terminal:
            break
        ex.random_move()
    if ex.state.is_terminal:
        for _ in range(8):
            ex.back()
    return ex.state


def _try(state, done, op):
    """Whether `op`, after the edits `done`, gives a valid position (None: the edit itself is refused)."""
    from explorer.editor import Editor
    ed = Editor(state)
    for d in done:
        ed.apply(d)
    try:
        ed.apply(op)
    except ValueError:
        return None
    return not ed.problems


def _puts(game, root):
    """From the page's palette and places, two puts that work and one the position's validation refuses,
    found by trying them on the same position here."""
    state = _same_state(game)
    palette = root.locator(".rx-edit-palette [data-piece]").evaluate_all("els => els.map(e => e.dataset.piece)")
    places = root.locator(".rx-board [data-place]").evaluate_all("els => els.map(e => e.dataset.place)")
    assert palette and places, (palette[:3], places[:3])
    puts, bad = [], None
    for piece in palette:
        for place in dict.fromkeys(places):
            op = {"op": "put", "piece": piece, "to": place}
            if bad is None and _try(state, [], op) is False:
                bad = op
            elif len(puts) < 2 and all(p["piece"] != piece for p in puts) and _try(state, puts, op):
                puts.append(op)
            if len(puts) == 2 and bad is not None:
                return state, puts, bad
    return state, puts, bad


def _removes(state, done, root):
    """Up to two board pieces whose removal, after the edits `done`, still validates."""
    pieces = root.locator(".rx-board [data-piece]").evaluate_all(
        "els => els.map(e => [e.dataset.piece, e.closest('[data-place]')?.dataset.place || null])")
    out = []
    for piece, place in pieces:
        op = {"op": "remove", "piece": piece, "from": place}
        if place and all(r["piece"] != piece for r in out) and _try(state, done + out, op):
            out.append(op)
            if len(out) == 2:
                break
    return out


def _edit_count(root) -> int:
    return int(root.locator(".rx-edit").get_attribute("data-edits") or 0)


@pytest.mark.parametrize("game", GAMES)
def test_the_board_editor_by_clicking(boards, game):
    """Open the editor, see a validation message, cancel; edit again: put two components and remove two by
    clicking, press Done, and play a legal move from the new position."""
    from playwright.sync_api import expect
    page, out = boards
    root = page.locator(".rx-root").nth(GAMES.index(game))
    root.scroll_into_view_if_needed()
    _view_as(page, root, "everything")
    nodes_before = root.locator(".rx-ply").inner_text()
    root.locator(".rx-edit-start").click()
    expect(root.locator(".rx-edit")).to_have_attribute("data-edits", "0")
    state, puts, bad = _puts(game, root)
    assert len(puts) == 2 and bad is not None, (puts, bad)

    def click_put(op):
        root.locator(f".rx-edit-palette [data-piece='{op['piece']}']").click()
        root.locator(f".rx-board [data-place='{op['to']}']").first.click(force=True)

    def click_remove(op):
        root.locator(f".rx-board [data-place='{op['from']}'] [data-piece='{op['piece']}'], "
                     f".rx-board [data-place='{op['from']}'][data-piece='{op['piece']}']").first.click(force=True)
        root.locator(".rx-edit-remove").click()

    click_put(bad)
    expect(root.locator(".rx-edit-problems li").first).to_be_visible()
    expect(root.locator(".rx-edit-drop")).to_have_count(1)  # issue 25.2: the bad edit is listed, and taken back
    root.locator(".rx-edit-drop").click()
    expect(root.locator(".rx-edit-problems li")).to_have_count(0)
    root.locator(".rx-edit-undo").click()  # and back again, then Cancel as before
    expect(root.locator(".rx-edit-problems li").first).to_be_visible()
    root.locator(".rx-edit-cancel").click()
    expect(root.locator(".rx-edit")).to_be_hidden()
    assert root.locator(".rx-ply").inner_text() == nodes_before  # cancel left everything as it was

    root.locator(".rx-edit-start").click()
    expect(root.locator(".rx-edit")).to_have_attribute("data-edits", "0")  # a fresh editor
    for op in puts:
        before = _edit_count(root)
        click_put(op)
        expect(root.locator(".rx-edit")).to_have_attribute("data-edits", str(before + 1))
        expect(root.locator(".rx-edit-problems li")).to_have_count(0)
    removes = _removes(state, puts, root)  # chosen on the board as the puts left it
    assert removes
    for op in removes:
        before = _edit_count(root)
        click_remove(op)
        expect(root.locator(".rx-edit")).to_have_attribute("data-edits", str(before + 1))
    expect(root.locator(".rx-edit-problems li")).to_have_count(0)
    root.locator(".rx-board").screenshot(path=str(out / f"edited-{game}.png"))
    root.locator(".rx-edit-done").click()
    expect(root.locator(".rx-edit")).to_be_hidden()
    expect(root.locator(".rx-ply")).to_contain_text("ply 0")  # the edited position is a new line's root
    root.locator(".rx-action").first.click()
    expect(root.locator(".rx-ply")).to_contain_text("ply 1")
    assert not root.locator(".rx-error").inner_text()


_CLICKABLE = """root => {  // places whose centre, on screen, is that place (not a token or a label on top of it)
  const out = [];  // and not a part of a whole (a card on a Lotus flower: a click there picks the flower)
  for (const el of root.querySelectorAll(".rx-board [data-mark]")) {
    if (el.parentElement.closest("[data-mark-whole]")) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 6 || r.height < 6 || r.top < 0 || r.bottom > innerHeight) continue;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && hit.closest("[data-mark]") === el) out.push(el.dataset.mark);
  }
  return out; }"""


@pytest.mark.parametrize("game", GAMES)
def test_the_annotate_tool_by_clicking(boards, game):
    """Annotate: click a place then another (an arrow), one place twice (a highlight), a glyph button; the
    marks are drawn over the board from what Python sends back, legibly; Clear removes them."""
    from playwright.sync_api import expect
    page, out = boards
    root = page.locator(".rx-root").nth(GAMES.index(game))
    root.evaluate("(el, g) => { el.dataset.legibility = g; }", game)
    _view_as(page, root, "everything")
    root.locator(".rx-board").scroll_into_view_if_needed()
    root.locator(".rx-annotate-start").click()
    expect(root.locator(".rx-annotate")).to_be_visible()
    board = root.locator(".rx-board")
    board.evaluate("e => e.scrollIntoView({block: 'start'})")
    names = root.evaluate(_CLICKABLE)
    assert len(names) >= 3, root.evaluate("""r => [...r.querySelectorAll('.rx-board [data-mark]')].slice(0, 5)
      .map((e) => { const b = e.getBoundingClientRect();
        const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
        return [e.dataset.mark, b.left, b.top, b.width, innerHeight, hit && hit.outerHTML.slice(0, 80)]; })""")
    a, b, c = names[0], names[len(names) // 2], names[-1]

    def click(name):
        board.evaluate("e => e.scrollIntoView({block: 'start'})")
        box = root.evaluate("(r, n) => { const e = [...r.querySelectorAll('.rx-board [data-mark]')]"
                            ".find((x) => x.dataset.mark === n).getBoundingClientRect();"
                            " return [e.left + e.width / 2, e.top + e.height / 2]; }", name)
        page.mouse.click(*box)

    click(a)
    expect(root.locator(".rx-mark-picked")).to_have_count(1)
    click(b)
    expect(root.locator(".rx-mark-arrow")).to_have_count(1)
    arrow = root.locator(".rx-mark-arrow")
    assert (arrow.get_attribute("data-from"), arrow.get_attribute("data-to")) == (a, b)
    root.locator(".rx-annotate-colour[data-colour='red']").click()
    click(c)
    click(c)
    expect(root.locator(".rx-mark-highlight")).to_have_count(1)
    assert root.locator(".rx-mark-highlight").get_attribute("stroke") == "#b3261e"
    root.locator(".rx-annotate-glyph[data-glyph='!?']").click()
    expect(root.locator(".rx-header .rx-glyph-badge")).to_have_text("!?")
    root.locator(".rx-board").screenshot(path=str(out / f"annotated-{game}.png"))
    found = problems(page, f".rx-root[data-legibility='{game}'] .rx-annotate")
    assert not found, "\n".join(found)
    root.locator(".rx-annotate-clear").click()
    expect(root.locator(".rx-mark-arrow")).to_have_count(0)
    expect(root.locator(".rx-mark-highlight")).to_have_count(0)
    root.locator(".rx-annotate-start").click()
    expect(root.locator(".rx-annotate")).to_be_hidden()
    assert not root.locator(".rx-error").inner_text()


def test_a_study_lesson_in_jupyterlab(boards):
    """The Lotus study's first find-the-move, as its notebook opens it: no stepping past it; a wrong legal move is
    judged wrong (the board stays), then the right one, typed, right, with the rule ids it relies on."""
    from playwright.sync_api import expect

    from explorer.studies import build
    page, out = boards
    root = page.locator(".rx-root").nth(len(GAMES))
    root.scroll_into_view_if_needed()
    exercises = {ex.prompt: ex for ch in build("lotus").chapters for ex in ch.exercises.values() if ex.kind == "move"}
    ex = exercises[root.locator(".rx-exercise-prompt").inner_text()]
    node = root.get_attribute("data-node")
    assert root.locator(".rx-forward").is_disabled() and root.locator(".rx-bot").is_disabled()
    expect(root.locator(".rx-comment")).to_be_hidden()  # a reader reads the notes above, never edits them
    wrong = next(t for t in root.locator(".rx-action").evaluate_all("els => els.map((e) => e.dataset.text)")
                 if t not in ex.answers)
    root.locator(f".rx-action[data-text='{wrong}']").click()
    expect(root.locator(".rx-feedback")).to_have_attribute("data-result", "wrong")
    assert root.get_attribute("data-node") == node
    root.evaluate("(el) => { el.dataset.legibility = 'lesson'; }")
    found = problems(page, ".rx-root[data-legibility='lesson']")
    assert not found, "\n".join(found)
    root.locator(".rx-input").fill(ex.answers[0])
    root.locator(".rx-input").press("Enter")
    expect(root).not_to_have_attribute("data-node", node)
    if root.locator(".rx-exercise-prompt").count():  # a second exercise follows: its verdict starts empty
        expect(root.locator(".rx-feedback")).to_have_count(0)
        root.locator(".rx-back").click()
    expect(root.locator(".rx-feedback")).to_have_attribute("data-result", "right")
    assert "lotus." in root.locator(".rx-feedback").inner_text()  # the rules the move relies on


def test_no_accessibility_violations_in_the_explorers(boards):
    """axe-core (issue 25.13) over each game's explorer and the lesson in JupyterLab, in the omniscient view
    and in a seat's view: 0 violations."""
    from axe import violations
    page, _out = boards
    found = violations(page, ".rx-root")
    for i in range(len(GAMES)):
        _view_as(page, page.locator(".rx-root").nth(i), "seat")
    found += violations(page, ".rx-root")
    for i in range(len(GAMES)):
        _view_as(page, page.locator(".rx-root").nth(i), "everything")
    assert not found, "\n".join(found)


def test_a_rule_id_in_the_log_shows_its_rule(boards):
    """Issue 25.8: hovering a rule id in the explorer's log shows the rule and its rulebook section (by title,
    never a file name); a click shows it in a line under the controls without moving to that move."""
    page, _out = boards
    root = page.locator(".rx-root").first
    rule = root.locator(".rx-log-text .rx-rule").first
    rid, title = rule.get_attribute("data-rule"), rule.get_attribute("title")
    assert title.startswith(f"{rid}: ") and " § " in title and ".txt" not in title
    node = root.get_attribute("data-node")
    rule.click()
    note = root.locator(".rx-rule-note")
    assert note.is_visible() and rid in note.inner_text()
    assert root.get_attribute("data-node") == node


def test_a_study_written_by_clicking_then_read_from_disk(boards):
    """Issue 25: a whole study written by clicking in the chapter's own explorer (shown last): the start edited,
    a line played, marks drawn, a find-the-move with a hint, two answers picked on the moves and a reply to a
    wrong move, a second chapter, Save and Publish next to the notebook (axe-clean with the desk open); then the
    page opened from disk, offline, and walked."""
    import re

    from playwright.sync_api import expect
    page, _out = boards
    work = WORK[0]
    page.on("dialog", lambda d: d.accept())
    root = page.locator(".rx-root").nth(len(GAMES) + 1)
    root.scroll_into_view_if_needed()

    def node():
        return root.get_attribute("data-node")

    def settle(before):
        expect(root).not_to_have_attribute("data-node", before)

    # 1. the start edited: a blue 6 on the garden (a new flower: the Lily), then Done (the chapter's
    # start: nothing is written in it yet)
    root.locator(".rx-edit-start").click()
    expect(root.locator(".rx-edit")).to_be_visible()
    root.locator(".rx-edit-palette [data-piece='B6s']").click()
    root.locator(".rx-board [data-place='garden']").first.click(force=True)
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
    expect(root.locator(".rx-exercise-toggle")).to_have_class(re.compile("rx-on"))
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
    ctx = page.context.browser.new_context(offline=True)  # the fixture's Chromium, offline
    try:
        reader = ctx.new_page()
        errors = []
        reader.on("pageerror", lambda e: errors.append(str(e)))
        reader.goto(page_file.as_uri())
        reader.wait_for_function("window.rxStudyReady === true")
        expect(reader.locator(".rx-exercise-prompt")).to_have_text("Which card opens best?")
        reader.locator(".rx-page-moves .rx-action[data-text='5s']").click()
        expect(reader.locator(".rx-feedback")).to_contain_text("The 5 leaves the Lily to Blue.")
        reader.locator(".rx-page-moves .rx-action[data-text='7s']").click()
        expect(reader.locator(".rx-feedback")).to_have_attribute("data-result", "right")
        reader.locator(".rx-page-chapter[data-chapter='1']").click()
        expect(reader.locator(".rx-page-chapter[data-chapter='1']")).to_contain_text("The garden's start")
        assert not errors, errors
    finally:
        ctx.close()


def test_the_editor_and_the_annotate_tool_by_keyboard(boards):
    """Issue 25.13: without a mouse. The Edit button, a palette piece, a place on the board (focused, Enter),
    Cancel; Annotate, a place on the board twice (a highlight), Undo."""
    from playwright.sync_api import expect
    page, _out = boards
    root = page.locator(".rx-root").first
    root.scroll_into_view_if_needed()
    _view_as(page, root, "everything")

    def press(locator):
        locator.focus()
        assert locator.evaluate("(e) => document.activeElement === e"), "not focusable"
        page.keyboard.press("Enter")

    press(root.locator(".rx-edit-start"))
    expect(root.locator(".rx-edit")).to_be_visible()
    _state, puts, _bad = _puts("lotus", root)
    press(root.locator(f".rx-edit-palette [data-piece='{puts[0]['piece']}']"))
    before = _edit_count(root)
    press(root.locator(f".rx-board [data-place='{puts[0]['to']}']").first)
    expect(root.locator(".rx-edit")).to_have_attribute("data-edits", str(before + 1))
    press(root.locator(".rx-edit-cancel"))
    expect(root.locator(".rx-edit")).to_be_hidden()
    press(root.locator(".rx-annotate-start"))
    target = root.locator(".rx-board [data-mark]").first
    press(target)
    press(target)
    expect(root.locator(".rx-mark-highlight")).to_have_count(1)
    press(root.locator(".rx-annotate-undo"))
    expect(root.locator(".rx-mark-highlight")).to_have_count(0)
    press(root.locator(".rx-annotate-start"))
