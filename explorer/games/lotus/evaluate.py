"""What the search (explorer.bots.search) needs of Lotus: an evaluation fitted to heuristic games, a cheap
playout policy built from the heuristic's pricing (explorer/games/lotus/strategy.py) and the budgets.

`evaluate(state)` -> (each seat's chance to win, each seat's expected margin): each seat's final score is
projected from what it has now (`features`: its points, the powers it holds times the turns left, the
flowers it leads and how near completion they are, the cards in hand that fit them, whether it acts next...)
with weights fitted to heuristic self-play (`WEIGHTS`, least squares on final scores: see
benchmarks/fit_lotus_eval.py); the chances are a softmax of the projected scores, `SCALE` points per e-fold
(fitted too). Team scores in the family variant.
"""
from __future__ import annotations

from ...bots.search import chances
from .config import FORTUNE, GROWTH, SUPPLY
from .strategy import DRAWS_PER_TURN, PACE, Table

DEPTH = 40         # at most this many playout actions
TURNS = "round"    # playouts end when the mover's next turn begins
CANDIDATES = 6     # the heuristic's best moves searched at the root
ITERATIONS = 1700  # one second of CPU: 940 (README) x 1.81, the speed-up benchmarks/bench_search_budget.py measured
PAIRED = True      # the search overrules the heuristic's move on the worlds both were played in

FEATURES = ("score", "tokens", "fortune_turns", "lead_placed", "lead_done", "near_lead", "safe_placed", "second",
            "can_finish", "fit_lead", "fit_any", "hand", "deck", "supply", "influence", "to_move", "next", "one")

# fitted by benchmarks/fit_lotus_eval.py: 400 heuristic games at 3 players, seeds 1000..1399, 18372 turn starts
WEIGHTS = {
    "score": 1.234,
    "tokens": -0.893,
    "fortune_turns": 0.703,
    "lead_placed": -0.015,
    "lead_done": 0.173,
    "near_lead": -0.092,
    "safe_placed": 0.466,
    "second": -0.064,
    "can_finish": 0.878,
    "fit_lead": 0.176,
    "fit_any": 0.101,
    "hand": -1.143,
    "deck": 0.028,
    "supply": 0.173,
    "influence": 0.288,
    "to_move": 2.685,
    "next": 1.380,
    "one": 0.000,
}
SCALE = 6.5
# held-out winners' log-likelihood: fitted -0.746, hand-made projection -0.822 (its best scale 7.75), chance -1.099


def features(state) -> list[list[float]]:
    """Per seat, its features (`FEATURES`, in order) in `state` (read from the whole state: the search
    evaluates its own samples)."""
    cfg = state.cfg
    n = cfg.seats
    decks = [len(d) for d in state.decks]
    turns = 0.5 if state.final >= 0 else min(decks) / DRAWS_PER_TURN
    scores = state.scores()["seats"]
    cur = state.current_player
    cur = state.seat if cur is None else cur
    petals, TYPE = cfg.petals, cfg.TYPE
    growing = [(t, len(f), state.influence(t)) for t, f in enumerate(state.flowers) if f]
    rows = []
    for i in range(n):
        power = state.powers[i]
        most = 7 if power & GROWTH else 4  # two plays of two cards, or all with Infinite Growth
        held = [0] * 5
        for c in state.hands[i]:
            held[TYPE[c]] += 1
        lp = ld = near = safe = second = fin = fit_lead = fit_any = infl_sum = 0.0
        for t, placed, infl in growing:
            need = petals[t] - placed
            mine = infl[i]
            infl_sum += mine
            fit_any += held[t]
            if need <= held[t] and need <= most:
                fin += petals[t]
            best = max(infl)
            if best <= 0 or mine != best:
                if best - mine <= 1:
                    second += placed
                continue
            fit_lead += held[t]
            k = infl.count(best)
            share = 1.0 / k
            lp += share * placed
            ld += share * turns / (turns + PACE * need)
            if need <= 2:
                near += share * placed
            if k == 1 and best - max(v for j, v in enumerate(infl) if j != i) >= 2:
                safe += placed
        g = state.guards[i]
        supply = (g[0] == SUPPLY) + (g[1] == SUPPLY) + 2 * (g[2] == SUPPLY)
        rows.append([scores[i], state.tokens[i], turns if power & FORTUNE else 0.0, lp, ld, near, safe, second,
                     fin, fit_lead, fit_any, len(state.hands[i]), decks[i], supply, infl_sum,
                     float(i == cur), float(i == (cur + 1) % n), 1.0])
    return rows


_W = [WEIGHTS[name] for name in FEATURES]


def project(state) -> list[float]:
    """Each seat's projected final score (team score in the family variant)."""
    out = [sum(w * x for w, x in zip(_W, row)) for row in features(state)]
    if state.cfg.family:
        teams = [out[0] + out[2], out[1] + out[3]]
        out = [teams[i % 2] for i in range(len(out))]
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
