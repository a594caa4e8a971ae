"""Annotation places of Rice Paddy (explorer/games/rice_paddy/places.py) and their data-mark on the board."""
import random

import pytest

import explorer
from explorer.annotations import hidden_ids
from explorer.games.rice_paddy.examples import simple_policy, until
from explorer.games.rice_paddy.places import card_name, places

from .helpers import game


def played(s, moves: int, seed: int):
    rnd = random.Random(seed)
    for _ in range(moves):
        if s.is_terminal:
            break
        s = s.apply(rnd.choice(s.legal_actions()))
    return s


def finished(players: int = 2, seed: int = 3):
    s, rnd = game(players, seed=seed), random.Random(seed)
    while not s.is_terminal:
        s = s.apply(simple_policy(s, rnd))
    return s


def positions():
    """The start, random moves in, the draft and play steps, a finished game and the rulebook's examples."""
    out = {"start": explorer.load("rice_paddy", players=3, seed=1), "draft": game(2, seed=2),
           "play": until(game(3, seed=4), "play", 1), "alloc": until(game(4, seed=5), "alloc", 1),
           "finished": finished()}
    for k in (5, 25, 60):
        out[f"random {k}"] = played(game(3, seed=k), k, k)
    out.update(explorer.examples("rice_paddy"))
    return out


POSITIONS = positions()
VIEWERS = lambda s: [None, -1, *range(s.cfg.players)]  # noqa: E731


def spirit_names(ids) -> set[str]:
    return {card_name(int(i.split("-")[1])) for i in ids if i.startswith("spirit-")}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_places_never_name_a_hidden_spirit_card(name):
    """Spirit cards are named by their card names, which the generic check (unique, described, hiding no id:
    tests/conformance/test_game_parts.py) cannot know."""
    s = POSITIONS[name]
    for v in VIEWERS(s):
        p = places(s.view(v))
        hidden = hidden_ids(s, v) | (set() if v is None else
                                     {i for o in range(s.cfg.players) if o != v for i in s.private_ids(o)})
        if v == -1:
            hidden |= {i for o in range(s.cfg.players) for i in s.private_ids(o)}
        assert not (set(p) & (hidden | spirit_names(hidden))), (name, v)


def test_places_follow_what_the_view_shows():
    s = POSITIONS["draft"]
    assert s.step == "draft"
    red, blue = places(s.view(0)), places(s.view(1))
    mine = {card_name(c) for c in s.players[0].draft}
    assert mine <= set(red) and not mine & set(blue)
    assert "Red draft hand" in blue and "Blue draft hand" in red  # how many cards: drawn for everyone
    full = places(s.view(None))
    assert mine | {card_name(c) for c in s.players[1].draft} <= set(full)
    assert list(full)[:6] == ["rain card", "turn order", "supply", "achievements", "Red field", "Red farm"]
    assert full["Red ad"] == "the side between Red's hexes a and d" and full["Blue j"] == "hex j of Blue's field"
    over = places(POSITIONS["finished"].view(-1))
    assert {card_name(c) for p in POSITIONS["finished"].players for c in p.played} <= set(over)


def test_a_face_down_pick_is_named_once_and_hidden_from_the_others():
    s = POSITIONS["play"]
    s = s.apply(next(a for a in s.legal_actions() if str(a).startswith("play")))
    seat = next(i for i, p in enumerate(s.players) if p.pick >= 0)
    name = s.view(None)["seats"][seat]["name"]
    mine, other = places(s.view(seat)), places(s.view((seat + 1) % s.cfg.players))
    assert card_name(s.players[seat].pick) in mine and f"{name} pick" in mine and f"{name} pick" in other
    assert card_name(s.players[seat].pick) not in other


# -- the drawn board ---------------------------------------------------------------------------------

MARKS = """() => {
  const out = {};
  for (const el of document.querySelectorAll("#board [data-mark]")) {
    const r = el.getBoundingClientRect(), k = el.getAttribute("data-mark");
    (out[k] = out[k] || []).push([r.width, r.height]);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    from tests.boardpage import board_page
    with board_page(tmp_path_factory.mktemp("rp_places")) as pg:
        yield pg


def drawn(page, view) -> dict:
    from tests.boardpage import draw
    draw(page, view)
    return page.evaluate(MARKS)


def check(page, view, where) -> None:
    marks = drawn(page, view)
    assert set(marks) == set(places(view)), (where, set(marks) ^ set(places(view)))
    assert all(len(boxes) == 1 for boxes in marks.values()), (where, [k for k, b in marks.items() if len(b) > 1])
    assert all(w > 0 and h > 0 for (w, h), in marks.values()), (where, [k for k, b in marks.items()
                                                                       if not (b[0][0] > 0 and b[0][1] > 0)])


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.parametrize("name", ["draft", "alloc", "finished", "moving a gate"])
def test_board_marks_every_place_once(page, name):
    s = POSITIONS[name]
    for v in (None, -1, 0):
        check(page, s.view(v), (name, v))
    assert page.rx_errors == []


@pytest.mark.slow
@pytest.mark.browser
def test_marks_stay_right_when_the_board_updates_in_place(page):
    s = POSITIONS["play"]
    page.evaluate("v => { rxDraw(v); }", s.view(0))
    steps = set()
    for _ in range(12):  # the play, spirits and allocation steps: cards go face down, then up, then away
        s = s.apply(next((a for a in s.legal_actions() if str(a) != "done"), s.legal_actions()[0]))
        steps.add(s.step)
        assert page.evaluate("v => rxUpdate(v)", s.view(0)) is True
        marks = page.evaluate(MARKS)
        assert {k: len(b) for k, b in marks.items()} == {k: 1 for k in places(s.view(0))}, s.step
        assert all(w > 0 and h > 0 for (w, h), in marks.values()), s.step
    assert len(steps) > 1 and page.rx_errors == []
