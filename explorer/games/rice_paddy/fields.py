"""Paddies from walls and gates: regions of a field, which of them are paddies, and the water chain.

A player's edges are a tuple of 0 (open), 1 (wall) or 2 (gate), one per inner edge. The board's outer
sides are printed walls. Hexes joined by open edges form a region; every region is closed by walls,
gates and the board's edge, so a region of 1..max_paddy_size hexes is a paddy (rice_paddy.paddy.definition).
Results are cached per edge pattern: there are few of them in a game.
"""
from __future__ import annotations

OPEN, WALL, GATE = 0, 1, 2


class Fields:
    """The paddies of one edge pattern. Paddies are named by their representative: the lowest hex."""
    __slots__ = ("region", "members", "paddies", "gates", "chain", "pos", "ok", "open_edges", "pset", "mask")

    def __init__(self, cfg, edges: tuple):
        H = cfg.H
        parent = list(range(H))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for k, (i, j) in enumerate(cfg.edges):
            if edges[k] == OPEN:
                a, b = find(i), find(j)
                if a != b:
                    parent[max(a, b)] = min(a, b)
        region = tuple(find(h) for h in range(H))
        members: dict[int, tuple] = {}
        for h in range(H):
            members[region[h]] = members.get(region[h], ()) + (h,)
        self.region = region
        self.members = members
        self.mask = {r: sum(1 << h for h in m) for r, m in members.items()}
        self.paddies = tuple(sorted(r for r, m in members.items() if len(m) <= cfg.max_paddy))
        gates: dict[int, list] = {r: [] for r in members}
        for k, (i, j) in enumerate(cfg.edges):
            if edges[k] == GATE and region[i] != region[j]:
                gates[region[i]].append(k)
                gates[region[j]].append(k)
        self.gates = {r: tuple(v) for r, v in gates.items()}
        paddy = self.pset = frozenset(self.paddies)
        # rice_paddy.walls.gates-limit: one inlet and one outlet per paddy; the reservoir is the
        # starting paddy's inlet
        start = region[cfg.start]
        self.ok = all(len(self.gates[r]) <= (1 if r == start else 2) for r in self.paddies)
        chain = []
        if start in paddy:
            cur, seen = start, {start}
            while True:
                chain.append(cur)
                nxt = None
                for k in self.gates[cur]:
                    i, j = cfg.edges[k]
                    other = region[j] if region[i] == cur else region[i]
                    if other not in seen and other in paddy:
                        nxt = other
                        break
                if nxt is None:
                    break
                seen.add(nxt)
                cur = nxt
        self.chain = tuple(chain)
        self.pos = {r: n for n, r in enumerate(chain)}
        self.open_edges = sum(1 for e in edges if e == OPEN)

    def paddy_of(self, h: int):
        """The paddy (representative) containing hex h, or None if h is in unenclosed field."""
        r = self.region[h]
        return r if r in self.pset else None


def fields(cfg, edges: tuple) -> Fields:
    cache = cfg.__dict__.setdefault("_fields", {})
    f = cache.get(edges)
    if f is None:
        if len(cache) > 20000:
            cache.clear()
        f = cache[edges] = Fields(cfg, edges)
    return f


def move_rule(cfg, p, F: Fields, g: int, w: int):
    """None if player p's gate on edge g may trade places with the wall on edge w (rice_paddy.walls.move-gate),
    else the ledger id of the rule the move breaks. F is the player's Fields. The gate leaves paddy x's side
    facing region y and goes to x's side facing region z; regions never change (both sides stay closed)."""
    reg, pset = F.region, F.pset
    i, j = cfg.edges[g]
    a, b = reg[i], reg[j]
    if p.edges[g] != GATE or p.moved >> g & 1 or a == b or not (a in pset or b in pset):
        return "rice_paddy.walls.move-gate"  # not a completed paddy's gate, or moved this round already
    i, j = cfg.edges[w]
    c, d = reg[i], reg[j]
    if p.edges[w] != WALL or c == d:
        return "rice_paddy.walls.move-gate-shape"
    if c in pset and (c == a or c == b):
        x, z = c, d
    elif d in pset and (d == a or d == b):
        x, z = d, c
    else:
        return "rice_paddy.walls.move-gate-shape"  # not a wall of the gate's own paddy
    y = b if a == x else a
    if z == y:  # rice_paddy.walls.move-gate-shared: same two regions, same inlet and outlet
        return None
    if z in pset:
        return "rice_paddy.walls.move-gate-join"
    if y in pset:
        return "rice_paddy.walls.move-gate-flow"
    return None
