"""What the search (explorer.bots.search) needs of the chaos game: determinisations dealt by the belief, an
evaluation and the budgets.

`sampler(view)`: the others' objectives are dealt as the belief weighs them (belief.py: what is certain, the
tells of where the tokens stand, one card per player), every possible deal in proportion to the product of
its tells, instead of uniformly; the deck order is `from_view`'s.

`evaluate(state)` -> (each seat's chance to win, its margin: that chance less the best other's): a finished
game's winners share the win; otherwise each seat still in the game is weighed by the turn order and how
near its objective is (`features`: the turns before its next checked turn, the steps short), with weights
fitted to heuristic games (AHEAD_WINS, SHORT_WINS), and the weights are normalised.

`policy`: the playouts play the heuristic for every seat, accusations included. `settled(view, actions)`:
the heuristic decides every accusation window, without a search.
"""
from __future__ import annotations

import bisect
import random
from itertools import permutations

from .belief import possible, short, tell

DEPTH = 40         # at most this many playout actions
TURNS = 2          # playouts end after this turn (and its accusations) and the next player's
CANDIDATES = 5
SHORT, AHEAD = 8, 11  # the table's caps: steps short, turns ahead
# A seat's weight in `evaluate` is AHEAD_WINS[turns ahead] * SHORT_WINS[steps short] (`features`), fitted to
# who won 400 games between heuristic bots (benchmarks/fit_chaos_evaluation.py --games 400 --seed 5): the
# turn order counts far more than the steps (a seat one to four steps short is about as likely to win).
AHEAD_WINS = (1.074, 0.762, 0.581, 0.457, 0.374, 0.257, 0.412, 0.305, 0.186, 0.128, 0.083, 0.063)
SHORT_WINS = (1.000, 0.588, 0.496, 0.523, 0.458, 0.171, 0.162, 0.141, 0.345)
ITERATIONS = 55    # one second of CPU (README, bot strength; re-measured: unchanged, strength-lotus_chaos.md)


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


def features(state) -> dict:
    """{seat still in the game: (turns ahead, steps short)}: `ahead` counts the turns before the end of the
    seat's next turn whose end is checked (the seats before it in the turn order from the seat to act, and a
    whole round more when that turn is in the first round, which is not checked); `short` its objective's
    steps short (belief.short), both capped as the table is."""
    board = state.cfg.board
    n = state.cfg.players
    pos = tuple(state.pos[i] if state.alive[i] else None for i in range(n))
    order = [i for i in ((state.seat + k) % n for k in range(n)) if state.alive[i]]
    out = {}
    for o, i in enumerate(order):
        rnd = state.round + (1 if i < state.seat else 0)
        ahead = o if rnd >= 2 else o + len(order)
        if pos[i] is None:
            continue
        key = state.cfg.objectives[state.objective[i]]
        out[i] = (min(AHEAD, ahead), min(SHORT, short(board, key, i, pos)))
    return out


def evaluate(state) -> tuple[list, list]:
    n = state.cfg.players
    if state.is_terminal:
        won = state.winners()
        win = [1.0 / len(won) if i in won else 0.0 for i in range(n)] if won else [1.0 / n] * n
    else:
        w = [0.0] * n
        for i, (ahead, steps) in features(state).items():
            w[i] = AHEAD_WINS[ahead] * SHORT_WINS[steps]
        t = sum(w) or 1.0
        win = [x / t for x in w]
    return win, [x - max(y for j, y in enumerate(win) if j != i) for i, x in enumerate(win)]


def settled(view, actions):
    """The bot's decisions played without a search: every accusation window, as the heuristic decides it
    (its best-rated action, the first of equals). Searched, accusations cost games: the search accused at
    beliefs the heuristic finds too weak and was wrong about 3 times in 10 (strength-lotus_chaos.md)."""
    from .heuristic import rate
    texts = [str(a) for a in actions]
    if "pass" not in texts or not all(t == "pass" or t.startswith("accuse") for t in texts):
        return None
    rated = rate(view, actions)
    return actions[max(range(len(actions)), key=lambda i: (rated[i], -i))]


def policy(state, actions, rand):
    """Playouts: the heuristic's best action, ties at random, accusations included (the other seats are
    heuristic players: an accusation changes who may win and sharpens everyone's reading of the rest)."""
    from .heuristic import rate
    rated = rate(state.view(state.current_player), actions)
    best = max(rated)
    tops = [a for a, x in zip(actions, rated) if x == best]
    return tops[int(rand() * len(tops))]
