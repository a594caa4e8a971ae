"""What the search (explorer.bots.search) needs of Rice Paddy: a playout policy, an evaluation and the budgets.

`policy(state, actions, rand)`: the heuristic's move rated from the state (`strategy.scores`, which reads only
the acting seat's own parts and the public board: the same ratings as `heuristic.rate` from the seat's view,
without rebuilding a state from that view at every step). The playouts go on to the end of the game with it
for every seat (`DEPTH`, no `TURNS`), so each candidate is judged by the final rice the heuristic's play
reaches from it; `playout_value` turns those into each seat's expected share of the seat pairs it wins (the measure
the tournaments use), a pair won with chance 1 / (1 + e^(-gap / SCALE)). Candidates are
compared in the same sampled worlds (`PAIRED`: a move replaces the heuristic's only when its mean gain over
it passes `switch` plus two standard errors of that gain), and those that play out exactly as the heuristic's
move in two worlds (`ALIKE`: workers placed in another order) are dropped, so an allocation step whose
alternatives all come to the same thing ends after a few playouts.

`evaluate(state)` -> (each seat's chance to win, each seat's expected margin) for a position shown to a
user: the projected final score is the rice banked plus `WEIGHTS` times `features` (the crops on the field:
a grown paddy is worth its harvest-table rice with its weeds and pests, a planted one most of that; per round
left the chain's hexes, workers and livestock); the chances are a softmax of the projections. These weights
are hand-made; `benchmarks/fit_rice_eval.py` fits them to heuristic games (its figures are in
benchmarks/results/strength-rice_paddy.md).

`ITERATIONS`: what one CPU second bought in the README's way (searches at every 25th decision of two
heuristic games), measured as a ratio in the same runs against the search before this work, whose count was
210: 204 / 161 iterations a second under a load of 10-14, so 210 x 1.27 = 265.
"""
from __future__ import annotations

import math

from ...bots.search import chances, margins
from .farm import Farm
from .player import GROWN, PLANTED
from .steps import infestation
from .strategy import scores

SCALE = 4.0
DEPTH = 5000       # playouts go to the end of the game (a whole game is under 1,000 actions for 4 players)
TURNS = None
CANDIDATES = 5
ALIKE = 2          # moves played out exactly as the heuristic's in 2 common worlds are dropped
PAIRED = True      # a move replaces the heuristic's when it gains over it in the same worlds
ITERATIONS = 265   # what one second of CPU buys (the module doc says how it was measured)
# A review's budget a move: full playouts cost most early in the game, so 0.3 of ITERATIONS (80) took 93 s of
# CPU over a 200-move game; 50 keeps it near a minute (README, Analysis)
REVIEW_ITERATIONS = 50
ROUNDS = 7
PER_ROUND = 0.5    # rice per hex of a chained paddy per round left (about one harvest every other round)
PLANTED_SHARE = 0.6
WORKER, LIVESTOCK = 0.3, 0.6


FEATURES = ("grown paddies' rice", "planted paddies' rice", "chain hexes x rounds left", "workers x rounds left",
            "livestock x rounds left", "rounds left", "plan's worth", "spirit cards' worth", "end bonus",
            "rocks in the chain")
WEIGHTS = (1.0, PLANTED_SHARE, PER_ROUND, WORKER / ROUNDS, LIVESTOCK / ROUNDS, 0.0, 0.0, 0.0, 0.0, 0.0)


def features(state, i: int) -> tuple:
    """Seat i's numbers the projection weighs (FEATURES)."""
    cfg = state.cfg
    left = max(0, ROUNDS - state.round)
    p = state.players[i]
    F = state.F(i)
    grown = planted = 0.0
    for r in F.paddies:
        if p.crop[r] in (GROWN, PLANTED):
            col = min(F.sizes[r] + (p.fert >> r & 1), cfg.max_paddy + 1)
            rice = cfg.harvest[0][infestation(p.weeds[r], p.pests[r])][col - 1]
            if p.crop[r] == GROWN:
                grown += rice
            else:
                planted += rice
    chain = sum(F.sizes[r] for r in F.chain if r in F.sizes)
    rocks = sum((p.rocks & F.mask[r]).bit_count() for r in F.chain if r in F.mask)
    farm = Farm(state, i)
    cards = 0.0
    for c in (*p.played, *p.hand):
        card = cfg.spirit[c]
        if card.kind != "passive" and not (card.once and p.spent >> c & 1):
            cards += farm.card_value(c, left)
    end = state.passive(i, "end_rice") + state.passive(i, "end_per_paddy") * len(F.paddies)
    return (grown, planted, left * chain, left * p.workers, left * p.livestock, left, farm.plan.score, cards,
            end, rocks)


def project(state) -> list[float]:
    """Each seat's projected final rice: rice banked plus the weighted features."""
    return [p.rice + sum(w * x for w, x in zip(WEIGHTS, features(state, i))) for i, p in enumerate(state.players)]


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


def playout_value(state) -> tuple[list, list]:
    """A playout's end for the search: a finished game's final rice as each seat's expected share of the seat
    pairs it wins (`pairs`; smoother than 0/1 wins, so fewer playouts tell two moves apart, and a seat out of
    the lead still gains by beating the others)."""
    if state.is_terminal:
        return pairs(state.scores()["seats"], SCALE)
    return evaluate(state)


def pairs(points, scale) -> tuple[list, list]:
    """(each seat's share of the pairs of seats, a pair won with chance 1 / (1 + e^(-gap / scale)); the
    shares sum to 1), margins."""
    n = len(points)
    if n < 2:
        return [1.0] * n, [0.0] * n
    out = [0.0] * n
    for i in range(n):
        for j in range(i + 1, n):
            x = 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, (points[j] - points[i]) / scale))))
            out[i] += x
            out[j] += 1.0 - x
    k = n * (n - 1) / 2
    return [v / k for v in out], margins(points)


def clock(state) -> int:
    """The search's playout clock: one tick per step of a round (draft, play, allocation, building...)."""
    from .position import STEPS
    return state.round * len(STEPS) + (STEPS.index(state.step) if state.step in STEPS else 0)
