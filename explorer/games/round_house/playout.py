"""The heuristic's rating read from a state, for the search's playouts (explorer/bots/search.py).

`lite_view(state, seat)` holds the parts of `state.view(seat)` that the heuristic's `Plan` and the
evaluation read, equal to the full view's (tests/round_house/test_playout.py checks it key by key), without
the text, layout and move reach the full view builds: the search rates every playout step through it.
The cards' and tiles' descriptions are made once per game configuration. A seat's hand is in it only for
that seat (`seat=None`: every hand), as in the full view.

    >>> import explorer
    >>> s = explorer.load("round_house", players=3, seed=1)
    >>> from explorer.games.round_house.heuristic import rate
    >>> rate(lite_view(s, 0), s.legal_actions()) == rate(s.view(0), s.legal_actions())
    True
"""
from __future__ import annotations

import functools

from .config import GOODS, HALL
from .heuristic import _base
from .views import _code


@functools.lru_cache(maxsize=16)
def _cards(cfg) -> dict:
    """Per id, the description the full view gives (ViewMixin._spec_info, _order_info, _amulet_info)."""
    out = {}
    for sid in cfg.spec_ids:
        sp = cfg.specs[sid]
        out[sid] = {"id": sid, "name": sp.name, "zh": sp.zh, "kind": sp.kind, "effect": sp.effect}
    for oid in cfg.order_ids:
        o = cfg.orders[oid]
        out[oid] = {"id": oid, "cost": {g: o.cost.get(g, 0) for g in GOODS}, "points": o.points,
                    "ability": o.ability, "ability_text": cfg.comp.order_abilities[o.ability]}
    for i, aid in enumerate(cfg.amulet_ids):
        out[aid] = {"id": aid, "kind": cfg.amulet_kinds[cfg.amulet_kind[i]]}
    for i, pid in enumerate(cfg.pirate_ids):
        out[pid] = {"id": pid, "reward": _code(cfg.pirates[i])}
    return out


@functools.lru_cache(maxsize=16)
def _fixed(cfg) -> dict:
    from .board import cell_name
    return {
        "cells": [cell_name(cfg, c) for c in range(cfg.rows * cfg.cols)],
        "temples": [_code(b) for b in cfg.temples],
        "options": dict(cfg.options),
    }


def lite_view(state, seat: int | None, only: int | None = None) -> dict:
    """What the heuristic and the evaluation read of `state.view(seat)`, the same values, built faster.
    `only`: the one seat whose entry in "seats" is built (the others are None; the heuristic reads only the
    acting seat's)."""
    cfg = state.cfg
    cards = _cards(cfg)
    fixed = _fixed(cfg)
    rid = cfg.room_ids
    seats = []
    sat = [q for ch in state.chairs for q, _perm in ch]
    for p in range(cfg.players):
        if only is not None and p != only:
            seats.append(None)
            continue
        chairs = sat.count(p)
        seats.append({
            "seat": p, "money": state.money[p], "points": state.points[p], "goods": dict(zip(GOODS, state.goods[p])),
            "board": state.board[p], "resource": state.res[p],
            "leaders": ["h" if r == HALL else rid[r] for r in state.leaders[p]],
            "specialists": [cards[x] for x in state.specs[p]],
            "amulets": [cards[x] for x in state.amulets[p]],
            "specialist_amulets": [cards[x] for x in state.spec_amulets[p]],
            "hand": [cards[o] for o in state.hand[p]] if seat is None or seat == p else None,
            "completed": [dict(cards[o], turn=t) for o, t in state.done[p]],
            "chairs": chairs,
        })
    leader_at = {r: p for p, ls in enumerate(state.leaders) for r in ls if r != HALL}
    rooms = [{"id": name, "kind": kind, "chairs": [{"seat": q, "permanent": bool(perm)} for q, perm in ch],
              "capacity": cap, "goods": [GOODS[k] if k >= 0 else None for k in slots], "leader": leader_at.get(r)}
             for r, (name, kind, ch, cap, slots) in enumerate(zip(rid, state.kinds, state.chairs, cfg.chairs,
                                                                    state.slots))]
    grid = {
        "rows": cfg.rows, "cols": cfg.cols, "points": list(cfg.cell_points), "cells": fixed["cells"],
        "elders": [list(e) for e in state.elders],
        "amulets": [{"edge": e, "amulet": None if a is None else cards[a]}
                    for e, a in zip(cfg.amulet_edges, state.grid)],
    }
    return {
        "players": cfg.players, "options": fixed["options"], "data": cfg.data, "phase": state.phase,
        "current_player": state.current_player, "turn": state.turn, "marker": state.marker, "length": cfg.length,
        "end_triggered_by": state.end_seat, "seats": seats, "rooms": rooms,
        "towns": [{"workers": list(state.towns[i]), "caravan": i == state.caravan} for i in range(len(cfg.towns))],
        "grid": grid,
        "amulet_supply": [cards[a] for a in state.amu_up],
        "pirate_supply": [cards[x] for x in state.pir_up],
        "specialist_supply": [cards[x] for x in state.spec_up],
        "order_supply": [cards[o] for o in state.ord_up],
        "temples": [{"reward": c, "flipped": f} for c, f in zip(fixed["temples"], state.temples)],
        "counting_house": state.counting, "supply": dict(zip(GOODS, state.supply)),
        "room": None if state.room is None else rid[state.room], "tasks": list(state.tasks),
        "family_town": state.fam_town,
    }


def rate(state, actions) -> list[float]:
    """The heuristic's ratings of `actions` for the seat to act (heuristic.rate, from the state)."""
    seat = state.current_player
    return _base(lite_view(state, seat, seat), actions)


def policy(state, actions, rand):
    """The search's playout step: the heuristic's best action, ties broken by `rand` (as the search's own
    step does with heuristic.rate)."""
    rated = rate(state, actions)
    best = max(rated)
    tops = [x for x, v in zip(actions, rated) if v == best]
    return tops[int(rand() * len(tops))]
