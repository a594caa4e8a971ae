"""Paddies from walls and gates: regions of a field, which of them are paddies, and the water chain.

A player's edges are a tuple of 0 (open), 1 (wall) or 2 (gate), one per inner edge. The board's outer
sides are printed walls. Hexes joined by open edges form a region; every region is closed by walls,
gates and the board's edge, so a region of 1..max_paddy_size hexes is a paddy (rice_paddy.paddy.definition).
Results are cached per edge pattern: there are few of them in a game. Whether a piece may close an
open edge is worked out from the region it splits, not from a whole new pattern (Fields.ok_after).
"""
from __future__ import annotations

OPEN, WALL, GATE = 0, 1, 2
MEMO = 500  # answers kept per edge pattern (Fields.remember)


def _regions(cfg, edges) -> tuple:
    """Each hex's region (its lowest hex): hexes joined by open edges, by union-find."""
    parent = list(range(cfg.H))

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
    return tuple(find(h) for h in range(cfg.H))


class Fields:
    """The paddies of one edge pattern. Paddies are named by their representative: the lowest hex."""
    __slots__ = ("region", "members", "paddies", "gates", "chain", "pos", "ok", "open_edges", "pset", "mask",
                 "bad", "after", "cuts", "sizes", "memo")

    def __init__(self, cfg, edges: tuple):
        region = _regions(cfg, edges)
        members: dict[int, tuple] = {}
        for h in range(cfg.H):
            members[region[h]] = members.get(region[h], ()) + (h,)
        self.region = region
        self.members = members
        self.mask = {r: sum(1 << h for h in m) for r, m in members.items()}
        self.paddies = tuple(sorted(r for r, m in members.items() if len(m) <= cfg.max_paddy))
        self.sizes = {r: len(members[r]) for r in self.paddies}  # paddy -> its number of hexes
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
        self.bad = tuple(r for r in self.paddies if len(self.gates[r]) > (1 if r == start else 2))
        self.ok = not self.bad
        self.after = None  # ok_after's answers so far, at 2 * edge + piece - 1 (a list made when first needed)
        self.cuts = {}  # region -> its bridges (_bridges), worked out when first needed
        self.memo = {}  # other answers that depend on these walls and gates (remember)
        # rice_paddy.walls.unconnected: a paddy not joined through gates is not on the chain
        chain = self._chain(cfg, start) if start in paddy else []
        self.chain = tuple(chain)
        self.pos = {r: n for n, r in enumerate(chain)}
        self.open_edges = sum(1 for e in edges if e == OPEN)

    def _chain(self, cfg, start) -> list:
        """The paddies water flows through from the starting paddy, gate by gate, in order."""
        region, chain, cur, seen = self.region, [], start, {start}
        while cur is not None:
            chain.append(cur)
            nxt = None
            for k in self.gates[cur]:
                i, j = cfg.edges[k]
                other = region[j] if region[i] == cur else region[i]
                if other not in seen and other in self.pset:
                    nxt = other
                    break
            seen.add(nxt)
            cur = nxt
        return chain

    def ok_after(self, cfg, edges: tuple, k: int, piece: int) -> bool:
        """Whether the gates limit (rice_paddy.walls.gates-limit) holds once `piece` closes open edge k:
        the same answer as fields(cfg, edges with the piece).ok. Only k's region can change: it stays whole
        (the new piece is inside it and counts for no paddy) or splits in two, whose gates are counted."""
        after = self.after
        if after is None:
            after = self.after = [None] * (2 * cfg.E)
        i = 2 * k + piece - 1
        got = after[i]
        if got is None:
            got = after[i] = self._ok_after(cfg, edges, k, piece)
        return got

    def _ok_after(self, cfg, edges, k, piece) -> bool:
        r = self.region[cfg.edges[k][0]]
        if any(b != r for b in self.bad):  # other regions keep their gates
            return False
        if r not in self.cuts:
            self.cuts[r] = _bridges(cfg, edges, r)
        side = self.cuts[r].get(k)
        if side is None:  # r stays whole
            return r not in self.bad
        gates = [cfg.edge_bits[e] for e in range(cfg.E) if edges[e] == GATE or (e == k and piece == GATE)]
        for part in (side, self.mask[r] & ~side):
            if part.bit_count() <= cfg.max_paddy:
                out = sum(1 for a, b in gates if bool(a & part) != bool(b & part))  # gates leaving this part
                if out > (1 if part >> cfg.start & 1 else 2):
                    return False
        return True

    def remember(self, key, value):
        """Keep `value`, an answer that depends on these walls and gates and on `key` (the other things it
        reads, e.g. the paddies in use for state._build_options); at most MEMO of them."""
        if len(self.memo) >= MEMO:
            self.memo.clear()
        self.memo[key] = value
        return value

    def paddy_of(self, h: int):
        """The paddy (representative) containing hex h, or None if h is in unenclosed field."""
        r = self.region[h]
        return r if r in self.pset else None


def _bridges(cfg, edges: tuple, r: int) -> dict:
    """The open edges inside region r whose closing splits it, each with the hexes (a bit mask) it cuts
    off from hex r: Tarjan's bridge search, one depth-first walk from r."""
    order, low, cut = {}, {}, {}

    def visit(h, via) -> int:  # returns the hexes reached below h
        order[h] = low[h] = len(order)
        below = 1 << h
        for e, o in cfg.hex_nbrs[h]:
            if e == via or edges[e] != OPEN:
                continue
            if o in order:
                low[h] = min(low[h], order[o])
            else:
                sub = visit(o, e)
                low[h] = min(low[h], low[o])
                if low[o] > order[h]:
                    cut[e] = sub
                below |= sub
        return below

    visit(r, None)
    return cut


def fields(cfg, edges: tuple) -> Fields:
    cache = cfg.fields_cache
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
