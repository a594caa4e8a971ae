"""What the search (explorer.bots.search) needs of the chaos game: determinisations dealt by the belief, an
evaluation and the budgets.

`sampler(view)`: the others' objectives are dealt as the belief weighs them (belief.py: what is certain, the
tells of where the tokens stand, one card per player), every possible deal in proportion to the product of
its tells, instead of uniformly; the deck order is `from_view`'s.

`evaluate(state)` -> (each seat's chance to win, its margin: that chance less the best other's): a finished
game's winners share the win; otherwise each seat still in the game is weighed by how near its objective is
(halving with every step short, as the heuristic's `nearness`), plus a floor for the seats that could still
win by being the last token standing.
"""
from __future__ import annotations

import bisect
import random
from itertools import permutations

from .belief import possible, short, tell

DEPTH = 40         # at most this many playout actions
TURNS = 2          # playouts end after this turn (and its accusations) and the next player's
CANDIDATES = 5
ITERATIONS = 55    # what one second of CPU buys (README, bot strength)
FLOOR = 0.03


def deals(view) -> tuple[list, list, list]:
    """(seats with unknown objectives, the deals: one objective per such seat, cumulative weights)."""
    from .board import board as make_board
    board = make_board(view["radius"])
    exact = view["options"].get("objective_count") == "exactly"
    seats = view["seats"]
    known = {i: st["objective"]["key"] for i, st in enumerate(seats) if st.get("objective")}
    unknown = [i for i in range(len(seats)) if i not in known]
    free = [k for k in view["objective_keys"] if k not in known.values()]
    for check in (True, False):
        cands = [possible(view, i, board, exact, check=check) for i in unknown]
        hexes = [tuple(seats[i]["hex"]) if seats[i]["hex"] else None for i in unknown]
        out, cum, total = [], [], 0.0
        for deal in permutations(free, len(unknown)):
            w = 1.0
            for c, h, k in zip(cands, hexes, deal):
                if k not in c:
                    w = 0.0
                    break
                w *= tell(board, k, h)
            if w:
                total += w
                out.append(deal)
                cum.append(total)
        if out:
            return unknown, out, cum
    return unknown, [], []


def sampler(view):
    """seed -> a full state consistent with `view`, the unknown objectives dealt by the belief."""
    from .sample import from_view
    unknown, options, cum = deals(view)

    def sample(seed):
        s = from_view(view, seed)
        if not options:
            return s
        r = random.Random(seed)
        deal = options[min(len(options) - 1, bisect.bisect_right(cum, r.random() * cum[-1]))]
        obj = list(s.objective)
        for i, k in zip(unknown, deal):
            obj[i] = s.cfg.objectives.index(k)
        s.objective = tuple(obj)
        return s
    return sample


def evaluate(state) -> tuple[list, list]:
    n = state.cfg.players
    if state.is_terminal:
        won = state.winners()
        win = [1.0 / len(won) if i in won else 0.0 for i in range(n)] if won else [1.0 / n] * n
    else:
        board = state.cfg.board
        pos = tuple(state.pos[i] if state.alive[i] else None for i in range(n))
        w = []
        for i in range(n):
            if not state.alive[i] or pos[i] is None:
                w.append(0.0)
                continue
            key = state.cfg.objectives[state.objective[i]]
            w.append(FLOOR + 0.5 ** short(board, key, i, pos))
        t = sum(w) or 1.0
        win = [x / t for x in w]
    return win, [x - max(y for j, y in enumerate(win) if j != i) for i, x in enumerate(win)]


def policy(state, actions, rand):
    """Playouts: never accuse (a pass costs nothing to choose; the heuristic's accusation reading is the
    most expensive part of its rating), otherwise the heuristic's best action, ties at random."""
    from .heuristic import rate
    texts = [str(a) for a in actions]
    if "pass" in texts and all(t == "pass" or t.startswith("accuse") for t in texts):
        return actions[texts.index("pass")]
    rated = rate(state.view(state.current_player), actions)
    best = max(rated)
    tops = [a for a, x in zip(actions, rated) if x == best]
    return tops[int(rand() * len(tops))]
