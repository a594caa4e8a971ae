"""Every game's static picture (``state.svg(seat)``, what a notebook shows for a state as a cell's last line)
is legible to the same standard as the widget boards (tests/legibility.py): no text under 11 px, nothing
clipped or spilling out of the SVG, text contrasting with what is under it, no text over other text or under
shapes. Each picture is drawn at its natural size in a plain Chromium page, at the start, at a busy position
and at the end of a random game, in the omniscient view and in seat 0's view.

    RX_PICTURE_SHOTS=dir pytest tests/test_pictures.py   # also screenshots each picture into dir
"""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from legibility import problems
from test_browser import CHROMIUM, CHROMIUM_ARGS

import explorer

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(120)]

GAMES = ["lotus", "lotus_chaos", "rice_paddy", "round_house"]
SEED = 3
BUSY = 150  # random moves to the busy position (a short game: 4 moves before its end)
VIEWS = {"all": None, "seat0": 0}


def _skip_without_chromium():
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing on CI: install Debian's chromium package")
        pytest.skip(f"{CHROMIUM} not found (apt-get install chromium)")


def _positions(game: str) -> dict:
    """{"start"|"busy"|"end": state} along one random game from a fixed seed."""
    state, rng = explorer.load(game, seed=SEED), random.Random(SEED)
    line = [state]
    while not state.is_terminal and len(line) < 2000:
        state = state.apply(rng.choice(state.legal_actions()))
        line.append(state)
    assert state.is_terminal, f"{game}: no end after {len(line)} random moves"
    return {"start": line[0], "busy": line[max(1, min(BUSY, len(line) - 5))], "end": line[-1]}


def _pictures() -> dict:
    """{element id: svg} for every game, position and view."""
    out = {}
    for game in GAMES:
        for where, state in _positions(game).items():
            for view, seat in VIEWS.items():
                out[f"{game}-{where}-{view}"] = state.svg(seat)
    return out


PICTURES = _pictures()


@pytest.fixture(scope="module")
def page():
    from playwright.sync_api import sync_playwright

    _skip_without_chromium()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            pg = browser.new_page(viewport={"width": 1400, "height": 900})
            body = "".join(f"<div class='pic' id='{key}' style='width:max-content'>{svg}</div>"
                           for key, svg in PICTURES.items())
            pg.set_content(f"<!doctype html><html><body style='margin:8px;background:#fff'>{body}</body></html>")
            yield pg
        finally:
            browser.close()


@pytest.mark.parametrize("key", list(PICTURES))
def test_picture_is_legible(page, key):
    # drawn at its natural size: one SVG user unit is one CSS pixel
    box = page.eval_on_selector(f"#{key} > svg", "s => [s.getBoundingClientRect().width, s.width.baseVal.value]")
    assert abs(box[0] - box[1]) < 0.5, f"{key}: drawn {box[0]} px wide, not at its natural {box[1]} px"
    shots = os.environ.get("RX_PICTURE_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.locator(f"#{key} > svg").screenshot(path=str(Path(shots) / f"{key}.png"))
    found = problems(page, f"#{key}")
    assert found == [], f"{key}: {len(found)} legibility problem(s):\n" + "\n".join(found)
