"""What the search (explorer.bots.search) needs of Round House: an evaluation built from the final scoring
and the heuristic's pricing (explorer/games/round_house/strategy.py, `Plan`), and the budgets.

`evaluate(state)` -> (each seat's chance to win, each seat's expected margin). The projected final score is
what the final scoring would pay now (`final_breakdown`: completed orders, amulet sets, workers on chairs and
in the towns, the exposed board, leftovers) on top of the points banked, plus, while worships remain, what
the heuristic expects of what the seat holds: the line its best town would lay, the orders in hand by how
near its goods are to paying them, the specialists held, money and goods beyond their leftover worth. The
chances are a softmax of the projections, `SCALE` points per e-fold.
The playouts use the heuristic itself, rated from the state (playout.py: `policy`, the same ratings as
heuristic.rate without building a full view), and play every seat to the end of the game: the opponents in
a tournament are that heuristic, so a playout models them exactly but for the hidden cards (dealt by
`from_view`) and the heuristic's ties. A finished playout is valued by its final scores (`playout_value`);
`evaluate` values a position without playing on (the review and the evaluation bar's cut-off positions).
Why to the end: with the earlier one-round playouts valued by `project`, the search's changes to the
heuristic's moves lost more pairs than they won (README, bot strength); played to the end, the changes it
makes gain on common worlds (benchmarks/check_switches.py). A game's heuristic play is chaotic (one changed
move moves a seat's final margin by 10 points or more in either direction from world to world), so the
heuristic's move is overruled only by a paired test on common worlds (`PAIRED`, `SWITCH`).
"""
from __future__ import annotations

import math

from ...bots.search import chances, margins
from .config import GOODS
from .playout import lite_view, policy  # noqa: F401  (policy: the search's playout step)
from .strategy import KEEP, Plan

SCALE = 4.0
DEPTH = 400        # playout actions at most: to the end of the game (a game is about 160 actions)
TURNS = None       # no turn limit
CANDIDATES = 4     # the heuristic's best four moves
# what one second of CPU buys: time.process_time over searches at every 25th decision of two heuristic games
# (seeds 3 and 4), 2026-11-28, 104 iterations per second under a load of about 5 (the one-round playouts
# measured 430 quiet, 401 the same way under that load)
ITERATIONS = 100
LINE = 0.4         # of the best town's planned line
MONEY, GOOD = 0.12, 0.2  # over their leftover worth, while the game goes on
HELD = 0.5         # of what the heuristic would pay for a specialist, for one held
END_SCALE = 3.0    # a playout that reaches the end: a softmax of the final scores (0: the real winners)
PAIRED = True      # overrule the heuristic by the difference on common worlds (explorer/bots/search.py)
SWITCH = 0.04      # the search overrides the heuristic's move only when it finds one this much likelier to win


def project(state, v=None) -> list[float]:
    """Each seat's projected final score; `v`: the omniscient view (default: its lite form, playout.py)."""
    v = lite_view(state, None) if v is None else v
    out = []
    for i, s in enumerate(v["seats"]):
        x = float(state.points[i]) + sum(state.final_breakdown(i).values())
        if state.phase != "over" and v["end_triggered_by"] is None:
            p = Plan(dict(v, current_player=i))
            if p.left > 0:
                x += LINE * p.best_town()[1]
            for o in s["hand"] or ():
                missing = sum(max(0, o["cost"][g] - s["goods"][g]) for g in GOODS)
                x += KEEP * o["points"] * 0.7 ** missing
            x += MONEY * s["money"] + GOOD * sum(s["goods"].values())
            x += HELD * sum(p.specialist(sid) for sid in p.held)
        out.append(x)
    return out


def evaluate(state) -> tuple[list, list]:
    return chances(state, project(state), SCALE)


def playout_value(state) -> tuple[list, list]:
    """How the search values a playout's end: `evaluate`, but a finished game by a softmax of its final
    scores (`END_SCALE` points per e-fold) rather than by its winners alone, so that moves which gain
    points without changing the winner in one sampled world still count."""
    if state.is_terminal and END_SCALE:
        seats = [float(x) for x in state.scores()["seats"]]
        top = max(seats)
        w = [math.exp((x - top) / END_SCALE) for x in seats]
        return [x / sum(w) for x in w], margins(seats)
    return evaluate(state)
