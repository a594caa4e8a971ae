"""Builders for hand-written lotus_chaos positions (see `_Position` in the package's position.py).

Default table: seat i has colour COLOURS[i], number i + 1 and objective OBJECTIVES[i]; tokens on the six
corners (seat 0 on N, clockwise). So seat 0 is Red 1 (Odd, Color Wheel, Low), 1 Blue 2, 2 Yellow 3,
3 Grey 4 (Even, Grayscale, High), 4 White 5, 5 Black 6.
"""
from __future__ import annotations

import pytest

import explorer

COLOURS = ["red", "blue", "yellow", "grey", "white", "black"]
OBJECTIVES = ["north", "centre", "south", "purple", "green", "blue"]
CORNERS3 = {"N": [0, -3], "NE": [3, -3], "SE": [3, 0], "S": [0, 3], "SW": [-3, 3], "NW": [-3, 0]}
START = [CORNERS3[d] for d in ("N", "NE", "SE", "S", "SW", "NW")]


def pos(hexes=None, cards=None, phase="actions", seat=0, round=2, objectives=None, alive=None, options=None,
        blanks=None, colours=None, **fields):
    hexes = hexes or {}
    cards = cards or {}
    alive = alive or [True] * 6
    objectives = objectives or OBJECTIVES
    seats = []
    for i in range(6):
        h = hexes.get(i, START[i]) if alive[i] else None
        seats.append({"colour": (colours or COLOURS)[i], "number": i + 1, "objective": objectives[i], "hex": h,
                      "alive": alive[i], "cards": [str(c) for c in cards.get(i, [])]})
    turn = {"phase": phase, "seat": seat, "round": round, "number": 7 * round}
    turn.update(fields.pop("turn", {}))
    data = {"game": "lotus_chaos", "seed": 5, "seats": seats, "turn": turn, "options": options or {},
            "blanks": blanks or {}}
    data.update(fields)
    return explorer.from_json(data)


def hexes_of(s) -> dict:
    return {i: tuple(h) if h is not None else None for i, h in enumerate(x["hex"] for x in s.to_json()["seats"])}


def cards_of(s, seat) -> list:
    return s.to_json()["seats"][seat]["cards"]


def legal(s) -> set:
    return {str(a) for a in s.legal_actions()}


def assert_illegal(s, text, rule):
    before = s.to_json()
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply(text)
    assert err.value.rule == rule, f"{text!r}: expected {rule}, got {err.value.rule} ({err.value})"
    assert err.value.rule in explorer.ledger("lotus_chaos")
    assert s.to_json() == before
    return err.value


def run(s, *actions):
    for a in actions:
        s = s.apply(a)
        s.check_invariants()
    return s
