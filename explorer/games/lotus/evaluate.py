"""What the search (explorer.bots.search) needs of Lotus: an evaluation built from the heuristic's pricing
(explorer/games/lotus/strategy.py), a cheap playout policy and the budgets.

`evaluate(state)` -> (each seat's chance to win, each seat's expected margin): the projected final score is
the points banked (pile and tokens), plus each growing flower's worth to its leaders (a reward if it is
likely completed before the end, its petals otherwise: strategy rule 2, ties split) and each power's worth
in the turns left (rule 8); the chances are a softmax of the projected scores, `SCALE` points per e-fold.
"""
from __future__ import annotations

from ...bots.search import chances
from .strategy import DRAWS_PER_TURN, PACE, POWER_PER_TURN, TOKEN, Table

SCALE = 6.0        # points per e-fold of the odds between two seats
DEPTH = 40         # at most this many playout actions
TURNS = "round"    # playouts end when the mover's next turn begins
CANDIDATES = 6     # the heuristic's best moves searched at the root
ITERATIONS = 940   # what one second of CPU buys (README, bot strength)


def project(state) -> list[float]:
    """Each seat's projected final score (team score in the family variant)."""
    v = state.view(None)
    seats = v["seats"]
    n = len(seats)
    decks = [s["deck_size"] for s in seats]
    turns = 0.5 if v.get("final_round") else min(decks) / DRAWS_PER_TURN
    out = [float(s["score"]) + sum(POWER_PER_TURN.get(p, 0.0) for p in s["powers"]) * turns for s in seats]
    for f in v.get("flowers", ()):
        infl = f["influence"]
        best = max(infl)
        if best <= 0:
            continue
        need = f["petals"] - f["placed"]
        done = turns / (turns + PACE * need) if turns else 0.0
        worth = done * TOKEN + (1.0 - done) * f["placed"]
        leaders = [i for i in range(n) if infl[i] == best]
        for i in leaders:
            out[i] += worth / len(leaders)
    if v.get("family"):
        teams = [out[0] + out[2], out[1] + out[3]]
        out = [teams[i % 2] for i in range(n)]
    return out


def evaluate(state) -> tuple[list, list]:
    if state.cfg.solo:
        from .heuristic import values
        return values(state), [0.0]
    return chances(state, project(state), SCALE)


def policy(state, actions, rand):
    """The heuristic's pricing without its two-action lookahead (0.1 ms a decision), read from the state
    (`Table.from_state`, the same prices as from the mover's view): best, ties at random."""
    if state.cfg.solo:
        from .heuristic import rate
        rated = rate(state.view(state.current_player), actions)
    else:
        rated = Table.from_state(state).rate(actions, "auto")
    best = max(rated)
    tops = [a for a, x in zip(actions, rated) if x == best]
    return tops[int(rand() * len(tops))]
