"""All 50 printed action cards: each is written in the action language next to its printed text (data file),
parses, and does what the printed text says. The expectations are read from the printed text here, with the
rulebook's group definitions, independently of the engine's language."""
import re

import pytest

from explorer.core import hexgrid as hx
from explorer.games.lotus_chaos import language as L
from explorer.games.lotus_chaos.config import components

from .helpers import cards_of, hexes_of, legal, pos

CARDS = components(None).action_cards
SPREAD = {0: [0, -1], 1: [2, -1], 2: [1, 1], 3: [-1, 2], 4: [-2, 0], 5: [0, 0]}
# colours for numbers 1..6 such that every two-group combination on the printed cards has a member
COLOURS = ["red", "grey", "white", "blue", "yellow", "black"]
# the rulebook's groups (lotus_chaos.groups.builtin), for seat i = colour COLOURS[i], number i + 1
GROUPS = {
    "Odd": {i for i in range(6) if (i + 1) % 2 == 1}, "Even": {i for i in range(6) if (i + 1) % 2 == 0},
    "Color Wheel": {i for i in range(6) if COLOURS[i] in ("red", "blue", "yellow")},
    "Grayscale": {i for i in range(6) if COLOURS[i] in ("black", "white", "grey")},
    "Low": {i for i in range(6) if i + 1 <= 3}, "High": {i for i in range(6) if i + 1 >= 4},
}


def members(text):
    out = set(range(6))
    for name, seats in GROUPS.items():
        if re.search(r"\b" + name + r"\b", text):
            out &= seats
    return out


def test_fifty_cards_each_with_a_language_form():
    assert [c.number for c in CARDS] == list(range(1, 51))
    for c in CARDS:
        prog = L.parse(c.action)
        assert L.parse(L.render(prog)) == prog, c.number


@pytest.mark.parametrize("card", [c for c in CARDS if " move " in c.printed], ids=lambda c: str(c.number))
def test_movement_cards_move_as_printed(card):
    """lotus_chaos.groups.builtin, lotus_chaos.movement.clamp, lotus_chaos.movement.except-centre"""
    m = re.match(r"(.*) tokens move (\d+) ?hexe?s? (.*)$", card.printed)
    who, n, how = m.group(1), int(m.group(2)), m.group(3)
    movers = members(who)
    s = pos(hexes=SPREAD, cards={0: [card.number]}, colours=COLOURS)
    t = s.apply(f"play {card.number}")
    before, after = hexes_of(s), hexes_of(t)
    for seat in range(6):
        h, h2 = before[seat], after[seat]
        if seat not in movers:
            assert h2 == h, (card.number, seat)
            continue
        if how in ("north", "south") or how.startswith("towards the N") or how.startswith("towards the S"):
            d = {"north": "N", "south": "S"}.get(how, how.split()[-1])
            walked = hx.walk(h, d, n, 3)
            assert h2 == (walked[-1] if walked else h), (card.number, seat)
        elif how == "towards the center":
            assert hx.length(h2) == max(0, hx.length(h) - n) and hx.distance(h, h2) == hx.length(h) - hx.length(h2)
        elif how.startswith("away from the center"):
            if h == (0, 0):
                assert h2 == h  # except for tokens currently in the center hex
            else:
                assert hx.length(h2) == min(3, hx.length(h) + n) and hx.distance(h, h2) == hx.length(h2) - hx.length(h)
        else:  # pragma: no cover
            raise AssertionError(card.printed)
    assert movers and any(after[i] != before[i] for i in movers), card.number


@pytest.mark.parametrize("number,side,out", [(41, 1, 3), (42, -1, None)])
def test_pass_all_cards_left_and_right(number, side, out):
    """lotus_chaos.pass.hands, lotus_chaos.limit.swap-exception: areas move whole, skipping a player who is out"""
    hands = {0: [number, 1, 2, 3, 4], 1: [5], 2: [], 3: [6, 7], 4: [8, 9, 10, 11, 12], 5: [13]}
    alive = [i != out for i in range(6)]
    if out is not None:
        hands[out] = []
    s = pos(cards=hands, alive=alive)
    t = s.apply(f"play {number}")
    seats = [i for i in range(6) if alive[i]]
    for k, seat in enumerate(seats):
        giver = seats[(k - side) % len(seats)]
        assert sorted(cards_of(t, seat), key=int) == sorted(map(str, hands[giver]), key=int)
    t.check_invariants()


@pytest.mark.parametrize("card", [c for c in CARDS if c.printed.startswith("Blindly")], ids=lambda c: str(c.number))
def test_blind_swap_cards(card):
    """lotus_chaos.swap.partner, lotus_chaos.write.swap-blind"""
    group = members(card.printed)
    others = sorted(group - {0})
    hands = {i: [10 + 2 * i, 11 + 2 * i] for i in range(1, 6)}
    hands[0] = [card.number, 40]
    s = pos(cards=hands, colours=COLOURS)
    t = s.apply(f"play {card.number}")
    if len(others) > 1:
        assert t.current_player == 0 and legal(t) == {f"with {i + 1}" for i in others}
        t = t.apply(f"with {others[-1] + 1}")
    partner = others[-1]
    mine, theirs = set(cards_of(t, 0)), set(cards_of(t, partner))
    assert len(mine) == 2 and len(theirs) == 2
    assert len(mine & set(map(str, hands[partner]))) == 1 and len(theirs & set(map(str, hands[0]))) == 1
    for i in range(1, 6):
        if i != partner:
            assert cards_of(t, i) == [str(c) for c in hands[i]]


@pytest.mark.parametrize("card", [c for c in CARDS if c.printed.startswith("Trade")], ids=lambda c: str(c.number))
def test_trade_cards_each_picks(card):
    """lotus_chaos.swap.trade-pick, lotus_chaos.swap.pick, lotus_chaos.write.swap-take"""
    group = members(card.printed.split(".")[0])
    others = sorted(group - {0})
    hands = {i: [10 + 2 * i, 11 + 2 * i] for i in range(1, 6)}
    hands[0] = [card.number, 40]
    s = pos(cards=hands, hexes={0: [0, -1]}, colours=COLOURS)
    t = s.apply(f"play {card.number}")
    if len(others) > 1:
        t = t.apply(f"with {others[0] + 1}")
    partner = others[0] if others else None
    if partner is None:  # nobody else in the group (e.g. Red 1 is the only Odd Color Wheel player but Yellow 3)
        assert cards_of(t, 0) == cards_of(s, 0)
        return
    want = str(hands[partner][1])
    assert t.current_player == 0 and legal(t) == {f"take {c}" for c in hands[partner]}
    t = t.apply(f"take {want}")
    assert t.current_player == partner and legal(t) == {f"take {c}" for c in hands[0]}
    t = t.apply("take 40")
    assert sorted(cards_of(t, 0)) == sorted([str(card.number), want])
    assert sorted(cards_of(t, partner)) == sorted([str(hands[partner][0]), "40"])


def test_trade_pick_option_give():
    """lotus_chaos.swap.trade-pick: with trade_pick=give each chooses the card they give"""
    s = pos(cards={0: [47, 40], 2: [20, 21]}, hexes={0: [0, -1]}, options={"trade_pick": "give"})
    t = s.apply("play 47")  # Yellow 3 is the only other Odd Color Wheel player
    assert legal(t) == {"give 47", "give 40"}
    t = t.apply("give 40").apply("give 21")
    assert sorted(cards_of(t, 0)) == ["21", "47"] and cards_of(t, 2) == ["20", "40"]


def test_towards_the_ne_direction_or_corner_option():
    """lotus_chaos.movement.diagonal: card 26 (Odd tokens move 1 hex towards the NE). Red 1 on the N corner cannot go
    in the NE direction (off the board) but steps along the edge towards the NE corner with diagonal=corner."""
    s = pos(cards={0: [26]})
    t = s.apply("play 26")
    assert hexes_of(t)[0] == (0, -3) and hexes_of(t)[2] == (3, 0) and hexes_of(t)[4] == (-2, 2)
    c = pos(cards={0: [26]}, options={"diagonal": "corner"})
    assert c.view(-1)["seats"][0]["cards"][0]["text"] == "odd tokens move 1 towards NE corner"
    u = c.apply("play 26")
    assert hexes_of(u)[0] == (1, -3)  # N corner -> along the edge
    assert hexes_of(u)[2] == (3, -1)  # SE corner -> up the east edge
    assert hexes_of(u)[4] == (-2, 2)  # SW corner: the same either way
    # north and south cards are directions under both readings; "towards the centre" is untouched
    assert c.cfg.PROGRAM[0] == s.cfg.PROGRAM[0] and c.cfg.PROGRAM[4] == s.cfg.PROGRAM[4]
    assert sum(p != q for p, q in zip(c.cfg.PROGRAM, s.cfg.PROGRAM)) == 24  # cards 17-40
    # a token on the corner itself stays
    assert hexes_of(pos(cards={0: [26]}, hexes={0: [3, -3]}, options={"diagonal": "corner"}).apply("play 26"))[0] \
        == (3, -3)


def test_printed_swap_and_pass_cards_move_blank_cards_too():
    """lotus_chaos.swap.blank-included, lotus_chaos.write.swap-blank-text: card 43 (blindly swap an Action card
    with a Color Wheel player) with a partner holding only a written card; card 41 passes written cards along"""
    s = pos(cards={0: [43], 1: ["b1"]}, blanks={"b1": "all tokens move 1 N"}, hexes={0: [0, -1]})
    t = s.apply("play 43").apply("with 2")
    assert cards_of(t, 0) == ["b1"] and cards_of(t, 1) == ["43"]
    assert t.to_json()["blanks"] == {"b1": "all tokens move 1 N"}
    u = pos(cards={0: [41], 3: ["b1"]}, blanks={"b1": "all tokens move 1 N"}).apply("play 41")
    assert cards_of(u, 4) == ["b1"] and cards_of(u, 1) == ["41"] and u.to_json()["blanks"]["b1"]
