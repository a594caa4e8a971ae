"""What the search (explorer.bots.search) needs of Round House: an evaluation built from the heuristic's
pricing (explorer/games/round_house/strategy.py, `Plan`) and the budgets.

`evaluate(state)` -> (each seat's chance to win, each seat's expected margin): the projected final score is
the points banked plus what the seat holds, priced as the heuristic prices it for that seat: money, goods
(more when an order in hand needs them), workers in the resource area and in the towns (a worker in a town
counts 1 at the end, more in the town whose line it lengthens), chairs (1 per line still to come); the
chances are a softmax of the projections, `SCALE` points per e-fold. The playouts use the heuristic itself
(`rate` costs about 0.1 ms).
"""
from __future__ import annotations

from ...bots.search import chances
from .strategy import MONEY, RESOURCE, Plan

SCALE = 4.0
DEPTH = 9          # playout actions before the evaluation (about a turn for each of three seats)
CANDIDATES = 6
ITERATIONS = 440   # what one second of CPU buys (README, bot strength)


def project(state) -> list[float]:
    v = state.view(None)
    out = []
    for i, s in enumerate(v["seats"]):
        p = Plan(dict(v, current_player=i))
        x = float(s["points"]) + MONEY * s["money"] + RESOURCE * s["resource"]
        x += sum(p.good_value(k) * h for k, h in enumerate(p.goods))
        best = p.best_town()[1] if not p.last_round and p.left > 0 else 0.0
        x += sum(p.towns) + 0.5 * best
        x += p.chairs * p.lines_ahead
        out.append(x)
    return out


def evaluate(state) -> tuple[list, list]:
    return chances(state, project(state), SCALE)
