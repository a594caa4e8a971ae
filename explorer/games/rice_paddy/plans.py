"""The heuristic bot's target fields for Rice Paddy (the plans of a board), in plain Python.

A *plan* is a target field: a chain of paddies from the starting paddy, each joined to the one before by a
gate (rice_paddy.walls.gates-limit allows one inlet and one outlet), listed once per board by `plans(cfg)`.
`best_plan(state, seat)` is the best plan the seat's walls and gates still allow (explorer.games.rice_paddy.farm
follows it).

Scores are rounded to 32-bit floats the way the first version of this module (numpy float32 arrays) rounded
them, so that plans of equal rice tie, and break ties, exactly as before: the bots play the same moves.
"""
from __future__ import annotations

import functools
import struct

from .fields import GATE, OPEN, WALL

LINKS = 3  # paddies a plan may add after the starting paddy
PIECES = 7  # most pieces a plan may need beyond the starting paddy's three
CHAIN_WEIGHT = (1.0, 0.8, 0.6)  # a paddy further down the chain gets water later and less often
PIECE_COST = 2.5  # rice a wall or gate is worth (three workers)
ROCK_COST = 2.0  # rice a rock in a planned paddy costs (a livestock's round), more for each paddy it blocks
HARVESTS = {1: 3, 2: 3, 3: 2, 4: 2, 5: 1, 6: 1, 7: 0}  # harvests a paddy finished in this round can still give
NONE_OK = -1e9  # the score when no plan is allowed (plan 0 is then taken)
_NEAR = 1e-3  # scores this close to the best are compared again in 32-bit arithmetic (rounding is < 1e-5)
_F32 = struct.Struct("<f")


def f32(x: float) -> float:
    """x rounded to the nearest 32-bit float."""
    return _F32.unpack(_F32.pack(x))[0]


class Plans:
    """Every chain of up to LINKS paddies from the starting paddy needing at most PIECES pieces. Per plan (by
    index): edge bit masks `bound` (the edges its paddies are closed by), `inside`, `gate` and `wall`; `rocks`,
    ((hex mask, rice a rock there costs), ...) per planned paddy after the start, `hexes` their union; `value`,
    the plan's rice from the harvest table."""

    def __init__(self, cfg):
        H, E = cfg.H, cfg.E
        nbr = [0] * H
        for i, j in cfg.edges:
            nbr[i] |= 1 << j
            nbr[j] |= 1 << i
        start = 1 << cfg.start
        subsets = [m for m in _connected_sets(H, nbr, cfg.max_paddy) if not m & start]
        edge_mask = [(1 << i) | (1 << j) for i, j in cfg.edges]

        def bound(m):
            return [k for k in range(E) if (edge_mask[k] & m).bit_count() == 1]

        bounds = {m: bound(m) for m in subsets + [start]}
        chains = []

        def extend(chain, used, gates, closed):
            if len(chain) > 1:
                chains.append((tuple(chain), tuple(gates), closed))
            if len(chain) > LINKS or len(chains) > 20000:
                return
            last = chain[-1]
            for m in subsets:
                if m & used:
                    continue
                new = closed | set(bounds[m])
                if len(new) - len(bounds[start]) > PIECES:
                    continue
                for k in bounds[m]:
                    if edge_mask[k] & last:
                        extend(chain + [m], used | m, gates + [k], new)

        extend([start], start, [], set(bounds[start]))
        chains.append(((start,), (), set(bounds[start])))  # the starting paddy alone: build nothing
        self.chains = [c for c, _, _ in chains]
        self.gate_edges = [g for _, g, _ in chains]
        self.bound, self.inside, self.gate, self.wall = [], [], [], []
        self.rocks, self.hexes, self.value = [], [], []
        self.rank = []  # per plan: edge -> chain position of the first paddy the edge closes
        table = cfg.harvest[0][0]
        for chain, gates, closed in chains:
            rank, inside, value, rocks = {}, 0, 0.0, []
            for pos, m in enumerate(chain):
                for k in bounds[m]:
                    rank.setdefault(k, pos)
                for k in range(E):
                    if edge_mask[k] & m == edge_mask[k]:
                        inside |= 1 << k
                if pos:
                    value = f32(value + f32(CHAIN_WEIGHT[pos - 1] * table[m.bit_count() - 1]))
                    rocks.append((m, ROCK_COST * (1 + 0.5 * (len(chain) - pos - 1))))
            bound_mask = sum(1 << k for k in closed)
            gate_mask = sum(1 << k for k in set(gates))
            self.bound.append(bound_mask)
            self.inside.append(inside)
            self.gate.append(gate_mask)
            self.wall.append(bound_mask & ~gate_mask)
            self.rocks.append(tuple(rocks))
            self.hexes.append(sum(m for m, _ in rocks))
            self.value.append(value)
            self.rank.append(rank)
        self._rows = list(zip(self.inside, self.bound, self.gate, self.wall, self.hexes, self.rocks))
        self._times: dict[float, list[float]] = {}

    def times(self, left: float) -> list[float]:
        """Each plan's value times `left` (32-bit)."""
        got = self._times.get(left)
        if got is None:
            k = f32(left)
            got = self._times[left] = [f32(v * k) for v in self.value]
        return got


def _connected_sets(H, nbr, most):
    """Bit masks of the connected sets of 1..most hexes."""
    found = set()
    frontier = {1 << h for h in range(H)}
    while frontier:
        found |= frontier
        grow = set()
        for m in frontier:
            if bin(m).count("1") >= most:
                continue
            near = 0
            for h in range(H):
                if m >> h & 1:
                    near |= nbr[h]
            near &= ~m
            for h in range(H):
                if near >> h & 1:
                    grow.add(m | 1 << h)
        frontier = grow - found
    return sorted(found)


@functools.lru_cache(maxsize=8)
def plans(cfg) -> Plans:
    return Plans(cfg)


class Plan:
    """The chosen target: paddies (hex masks, the starting paddy first), gate and wall edges, and per edge
    the chain position of the first paddy it closes."""
    __slots__ = ("paddies", "gates", "edges", "rank", "score")

    def __init__(self, P: Plans, x: int, score: float):
        self.paddies = P.chains[x]
        self.gates = frozenset(P.gate_edges[x])
        b = P.bound[x]
        self.edges = frozenset(k for k in range(b.bit_length()) if b >> k & 1)
        self.rank = P.rank[x]
        self.score = float(score)


_BEST: dict = {}


def best_plan(state, seat) -> Plan:
    """The plan with the most rice for the pieces still to build and the rocks in its paddies, among those
    the seat's walls and gates allow (none inside a planned paddy, gates only where it wants gates, no piece
    splitting a paddy in use). Remembered per field."""
    cfg = state.cfg
    p = state.players[seat]
    F = state.F(seat)
    frozen = tuple(r for r in F.paddies if not state.is_empty(p, F, r))
    rnd = min(state.round, 7)
    key = (cfg.key, p.edges, p.rocks, frozen, rnd, state.gates > 0)
    got = _BEST.get(key)
    if got is not None:
        return got
    P = plans(cfg)
    walls = sum(1 << k for k, e in enumerate(p.edges) if e == WALL)
    gates = sum(1 << k for k, e in enumerate(p.edges) if e == GATE)
    opened = sum(1 << k for k, e in enumerate(p.edges) if e == OPEN)
    built = walls | gates
    locked = 0  # open edges inside a paddy in use: no piece may go there
    for r in frozen:
        m = F.mask[r]
        for k, (i, j) in enumerate(cfg.edges):
            if opened >> k & 1 and m >> i & 1 and m >> j & 1:
                locked |= 1 << k
    no_gates = opened if state.gates <= 0 else 0  # no gate left to build with
    rocks = p.rocks
    worth = P.times(HARVESTS.get(rnd, 0) / 3)
    allowed = []  # (plan, value, pieces' cost, rocks' cost)
    for x, (inside, bound, gate, wall, hexes, costs) in enumerate(P._rows):
        if built & inside or gates & wall or walls & gate or locked & bound or no_gates & gate:
            continue
        pieces = PIECE_COST * (opened & bound).bit_count()
        stones = sum(c * (rocks & m).bit_count() for m, c in costs) if rocks & hexes else 0.0
        allowed.append((x, worth[x], pieces, stones))
    if not allowed:
        plan = Plan(P, 0, NONE_OK)
    else:
        top = max(v - a - b for _, v, a, b in allowed)
        score, x = max((f32(f32(v - a) - b), -x) for x, v, a, b in allowed if v - a - b >= top - _NEAR)
        plan = Plan(P, -x, score)
    if len(_BEST) > 5000:
        _BEST.clear()
    _BEST[key] = plan
    return plan


__all__ = ["CHAIN_WEIGHT", "HARVESTS", "LINKS", "PIECES", "PIECE_COST", "ROCK_COST", "Plan", "Plans", "best_plan",
           "plans"]
