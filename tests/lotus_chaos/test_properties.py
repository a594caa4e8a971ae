"""Hypothesis properties: random play never mutates states and keeps the conservation laws; written cards of
any shape keep every token on the board; each legal action's text parses back to it."""
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.core import hexgrid as hx
from explorer.games.lotus_chaos import language as L

from .helpers import hexes_of, pos

GROUP = st.sampled_from(["odd", "even", "color wheel", "grayscale", "low", "high"])
DIR = st.sampled_from(["N", "NE", "SE", "S", "SW", "NW"])
MOTION = st.one_of(
    st.tuples(st.integers(1, 12), DIR).map(lambda t: f"move {t[0]} {t[1]}"),
    st.integers(1, 9).map(lambda n: f"move {n} towards centre"),
    st.integers(1, 9).map(lambda n: f"move {n} away from centre"),
    st.tuples(st.integers(1, 9), st.integers(1, 6)).map(lambda t: f"move {t[0]} towards token {t[1]}"),
    st.lists(DIR, min_size=1, max_size=8).map(lambda ds: "move path " + " ".join(ds)),
    st.tuples(st.integers(1, 12), DIR).map(lambda t: f"jump {t[0]} {t[1]}"),
    DIR.map(lambda d: f"jump to {d} corner"),
    st.tuples(st.integers(1, 40), st.sampled_from(["clockwise", "anticlockwise"])).map(lambda t: f"move {t[0]} {t[1]}"),
    st.tuples(st.integers(1, 9), st.sampled_from(["red", "purple", "blue", "green", "corner"])).map(
        lambda t: f"move {t[0]} towards nearest {t[1]}"),
)
WHO = st.one_of(st.just("all"), st.lists(GROUP, min_size=1, max_size=2, unique=True).map(" ".join))
CARD = st.lists(st.tuples(WHO, MOTION).map(lambda t: f"{t[0]} tokens {t[1]}"), min_size=1, max_size=3).map(
    " then ".join)
HEX = st.sampled_from(hx.hexagon(3)).map(list)


@settings(max_examples=60)
@given(text=CARD, hexes=st.lists(HEX, min_size=6, max_size=6))
def test_written_movement_keeps_tokens_on_the_board(text, hexes):
    prog = L.parse(text)
    assert L.parse(L.render(prog)) == prog
    s = pos(hexes=dict(enumerate(hexes)), cards={0: ["b1"]}, blanks={"b1": text}, options={"house_rules": True})
    t = s.apply("play b1")
    t.check_invariants()
    assert all(hx.length(h) <= 3 for h in hexes_of(t).values())


@settings(max_examples=30)
@given(choices=st.lists(st.integers(0, 10_000), max_size=200), seed=st.integers(0, 2**32),
       accuse=st.booleans())
def test_random_sequences(choices, seed, accuse):
    s = explorer.load("lotus_chaos", seed=seed)
    for c in choices:
        if s.is_terminal:
            break
        acts = [a for a in s.legal_actions() if accuse or a.kind != 10] or s.legal_actions()
        before = s.to_json()
        a = acts[c % len(acts)]
        assert s.parse_action(str(a)) == a
        nxt = s.apply(a)
        assert s.to_json() == before
        s = nxt
        s.check_invariants()
    assert explorer.from_json(s.to_json()) == s


@settings(max_examples=40)
@given(text=st.text(max_size=300))
def test_any_text_is_a_program_or_a_notation_error(text):
    try:
        prog = L.parse(text)
    except explorer.NotationError:
        return
    assert L.parse(L.render(prog)) == prog
