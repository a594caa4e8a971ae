"""Annotation places of the chaos board: names from the view alone, nothing hidden, each drawn exactly once."""
from __future__ import annotations

import random

import pytest

import explorer
from explorer.games.lotus_chaos.edit import places as editor_places
from explorer.games.lotus_chaos.places import places

VIEWERS = (None, -1, 0, 1, 2, 3, 4, 5)


def played(seed: int, plies: int):
    s = explorer.load("lotus_chaos", seed=seed)
    rnd = random.Random(seed)
    for _ in range(plies):
        if s.is_terminal:
            break
        s = s.apply(rnd.choice(list(s.legal_actions())))
    return s


def positions() -> dict:
    out = {"start": explorer.load("lotus_chaos", seed=1)}
    out.update({f"seed {k} after {n}": played(k, n) for k, n in ((1, 3), (2, 8), (3, 12), (4, 10))})
    out["finished"] = played(4, 3000)
    assert out["finished"].is_terminal
    out.update({f"example: {k}": s for k, s in explorer.examples("lotus_chaos").items()})
    return out


POSITIONS = positions()


def ids(obj) -> set:
    """Every "id" value anywhere in a view."""
    if isinstance(obj, dict):
        return {v for k, v in obj.items() if k == "id" and isinstance(v, str)} | set().union(
            *(ids(v) for v in obj.values()))
    if isinstance(obj, list):
        return set().union(*(ids(v) for v in obj))
    return set()


@pytest.mark.parametrize("name", list(POSITIONS))
def test_places_hide_nothing_and_objectives_only_once_seen(name):
    """(Unique and described for every game: tests/conformance/test_game_parts.py.) Card ids here are bare
    numbers, so what a seat cannot see is looked for inside the words too."""
    s = POSITIONS[name]
    everything = places(s.view(None))
    for v in VIEWERS:
        view = s.view(v)
        p = places(view)
        assert set(p) <= set(everything)
        if v is None or v < 0:
            continue
        hidden = ids(s.view(None)) - ids(view)
        secret = hidden.union(*(s.private_ids(o) for o in range(6) if o != v))
        text = " ".join(f"{k} {d}" for k, d in p.items())
        assert not [i for i in secret if i in text], f"{name}, seat {v} names a hidden card"
        for o in range(6):  # another seat's objective card is a place only once this seat has seen it
            named = f"{view['seats'][o]['color'].capitalize()} objective" in p
            assert named == s.knows(v, o), (name, v, o)


def test_every_hex_of_the_editor_is_a_place_by_its_plain_name():
    s = POSITIONS["example: john's five-card limit"]
    p = places(s.view(-1))
    hexes = [k for k in p if "hex" in p[k]]
    plain = [h.removeprefix("hex:").replace("0,0", "centre") for h in editor_places(s) if h.startswith("hex:")]
    assert hexes == plain and len(hexes) == 37
    assert p["centre"] == "the red centre hex" and p["NE"] == "the north-east blue corner hex"
    assert p["0,-1"] == "a purple hex (ring 1 #0)"
    assert {"Blue play area", "5", "b1", "7", "22", "deck", "Red token"} <= set(p)
    assert "Red objective" not in p and "Red objective" in places(s.view(0))


def test_a_token_off_the_board_is_no_place():
    s = POSITIONS["finished"]
    p = places(s.view(-1))
    on = [st for st in s.view(-1)["seats"] if st["hex"]]
    assert [k for k in p if k.endswith(" token")] == [f"{st['color'].capitalize()} token" for st in on]
    assert len(on) < 6 and "discard pile" in p


# ---- the drawn board ---------------------------------------------------------------------------------

DRAWN = ("example: john's five-card limit", "example: a card exchange at the five-card limit", "finished")
MARKS = """() => [...document.querySelectorAll('#board [data-mark]')].map((e) => {
  const r = e.getBoundingClientRect();
  return [e.getAttribute('data-mark'), r.width, r.height];
})"""


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    from tests import boardpage
    with boardpage.board_page(tmp_path_factory.mktemp("chaos_places")) as pg:
        yield pg


def marks(page) -> list:
    return page.evaluate(MARKS)


def check(page, view):
    got = marks(page)
    names = [m for m, _, _ in got]
    assert sorted(names) == sorted(places(view)), set(names) ^ set(places(view))
    assert [m for m, w, hgt in got if not (w > 0 and hgt > 0)] == []


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.parametrize("name", DRAWN)
@pytest.mark.parametrize("viewer", [None, 1])
def test_the_board_marks_every_place_once(page, name, viewer):
    from tests.boardpage import draw
    view = POSITIONS[name].view(viewer)
    draw(page, view)
    check(page, view)
    assert page.rx_errors == []


@pytest.mark.slow
@pytest.mark.browser
def test_marks_follow_updates_in_place(page):
    """Updates redraw nothing: a moved token keeps its element and mark; cards, revealed cards and tokens off
    the board gain or lose theirs."""
    import json

    from tests.boardpage import draw
    s = POSITIONS["example: edge: two hexes north from one south of the north-most hex"]
    moved = s.apply("play 3")
    assert s.view(None)["seats"][3]["hex"] != moved.view(None)["seats"][3]["hex"]  # Grey moves north
    draw(page, s.view(None))
    check(page, s.view(None))
    page.evaluate("() => { window.rxTok = document.querySelector('[data-mark=\"Grey token\"]'); }")
    for later in (moved, POSITIONS["example: john's five-card limit"], POSITIONS["finished"]):
        view = later.view(None)
        assert page.evaluate("v => rxUpdate(v)", json.loads(json.dumps(view))) is True
        check(page, view)
    assert page.evaluate("() => window.rxTok.isConnected")
    assert page.evaluate("() => document.querySelector('[data-mark=\"Grey token\"]') === window.rxTok") == (
        "Grey token" in places(POSITIONS["finished"].view(None)))
    assert page.rx_errors == []
