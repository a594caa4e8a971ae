"""What the search (explorer.bots.search) needs of Rice Paddy: an evaluation and the budgets.

`evaluate(state)` -> (each seat's chance to win, each seat's expected margin): the projected final score is
the rice banked plus the crops on the field (a grown paddy is worth its harvest-table rice with its weeds
and pests, a planted one most of that), and what the seat can still farm with: each paddy of its chain
joined to the reservoir is worth some rice per round left, each worker and livestock a little; the chances
are a softmax of the projections, `SCALE` rice per e-fold. The playouts use the heuristic itself.
"""
from __future__ import annotations

from ...bots.search import chances
from .player import GROWN, PLANTED
from .steps import infestation
from .strategy import scores

SCALE = 4.0
DEPTH = 40         # at most this many playout actions
TURNS = 2          # playouts end two steps of the round later (an allocation and the building after it)
CANDIDATES = 5
ITERATIONS = 210   # what one second of CPU buys (README, bot strength)
ROUNDS = 7
PER_ROUND = 0.5    # rice per hex of a chained paddy per round left (about one harvest every other round)
PLANTED_SHARE = 0.6
WORKER, LIVESTOCK = 0.3, 0.6


def project(state) -> list[float]:
    cfg = state.cfg
    left = max(0, ROUNDS - state.round)
    out = []
    for i, p in enumerate(state.players):
        F = state.F(i)
        x = float(state.scores()["seats"][i])
        for r in F.paddies:
            size = F.sizes[r]
            if p.crop[r] in (GROWN, PLANTED):
                col = min(size + (p.fert >> r & 1), cfg.max_paddy + 1)
                rice = cfg.harvest[0][infestation(p.weeds[r], p.pests[r])][col - 1]
                x += rice if p.crop[r] == GROWN else PLANTED_SHARE * rice
        x += PER_ROUND * left * sum(F.sizes[r] for r in F.chain if r in F.sizes)
        x += left / ROUNDS * (WORKER * p.workers + LIVESTOCK * p.livestock)
        out.append(x)
    return out


def policy(state, actions, rand):
    """The playout policy: the heuristic's best-rated action (ties at random), rated from the state itself.
    The rating reads only the acting seat's own parts and the public board, so this is the heuristic's
    choice without rebuilding a state from the view at every step (`rate` does that)."""
    rated = scores(state, actions)
    best = max(rated)
    tops = [a for a, v in zip(actions, rated) if v == best]
    return tops[int(rand() * len(tops))]


def evaluate(state) -> tuple[list, list]:
    return chances(state, project(state), SCALE)


def clock(state) -> int:
    """The search's playout clock: one tick per step of a round (draft, play, allocation, building...)."""
    from .position import STEPS
    return state.round * len(STEPS) + (STEPS.index(state.step) if state.step in STEPS else 0)
