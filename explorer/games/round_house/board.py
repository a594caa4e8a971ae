"""Movement through the building and paths on the worship grid (pure functions of the Config)."""
from __future__ import annotations

import functools

from .actions import LEADER_MOVE
from .config import HALL

MAX_STEPS = 3


def destinations(cfg, start: int, occupied: frozenset) -> dict:
    """Room index (or HALL) -> fewest counted steps, for a leader at `start` moving 1-3 steps clockwise.

    Rooms in `occupied` (holding a leader, the mover's own room included) are passed over without counting
    (round_house.move.skip); entering the ancestral hall ends the move (round_house.move.hall)."""
    out: dict[int, int] = {}

    def walk(node, used):
        for nxt in cfg.exits[node]:
            if nxt == HALL:
                if used + 1 <= MAX_STEPS and out.get(HALL, 99) > used + 1:
                    out[HALL] = used + 1
                continue
            if nxt in occupied:
                walk(nxt, used)  # round_house.move.skip: no step counted
                continue
            n = used + 1
            if out.get(nxt, 99) > n:
                out[nxt] = n
            if n < MAX_STEPS:
                walk(nxt, n)

    walk(start, 0)
    out.pop(start, None)
    return out


def reach(cfg, start: int, occupied: frozenset) -> tuple:
    """`destinations` as (room id or 'h', steps) pairs in room order (the hall first), for a leader at `start`
    when the rooms in `occupied` hold a leader."""
    return _reach(cfg, start, _near(cfg, start, occupied))


def move_actions(cfg, starts: tuple, occupied: frozenset) -> tuple:
    """The move actions ('1>o5') of a seat whose leaders stand at `starts`, leader by leader, in room order."""
    out = ()
    for li, start in enumerate(starts):
        out += _leader_moves(cfg, li, start, _near(cfg, start, occupied))
    return out


def _near(cfg, start: int, occupied: frozenset) -> frozenset:
    """The rooms holding a leader that a leader at `start` could pass over: only these change where it can go
    (the walk never leaves the rooms ahead of it), so the caches below are keyed on them."""
    rooms = ahead(cfg, start)
    near = occupied & rooms
    if start != HALL and start in rooms:  # a way round to its own room (no printed board has one)
        near = near | {start}
    return near


@functools.lru_cache(maxsize=1 << 14)
def _reach(cfg, start: int, near: frozenset) -> tuple:
    d = destinations(cfg, start, near)  # exact: the walk only asks about rooms ahead of `start`
    return tuple((("h" if r == HALL else cfg.room_ids[r]), n) for r, n in sorted(d.items()))


@functools.lru_cache(maxsize=1 << 14)
def _leader_moves(cfg, leader: int, start: int, near: frozenset) -> tuple:
    return tuple(LEADER_MOVE[leader + 1, r] for r, _n in _reach(cfg, start, near))


@functools.lru_cache(maxsize=1024)
def ahead(cfg, start: int) -> frozenset:
    """Every room (and the hall) a leader at `start` could reach clockwise with no limit on steps, up to the
    hall: what is behind it, or up a stair against its arrow, is not ahead (round_house.move.clockwise).
    Refusals use it to tell a wrong-way move from one that is too long; `reach` to key its cache."""
    seen: set[int] = set()
    todo = [start]
    while todo:
        for nxt in cfg.exits[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                if nxt != HALL:
                    todo.append(nxt)
    return frozenset(seen)


def _neighbours(cfg):
    rows, cols = cfg.rows, cfg.cols
    nb = []
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        out = []
        if r > 0:
            out.append(i - cols)
        if r < rows - 1:
            out.append(i + cols)
        if c > 0:
            out.append(i - 1)
        if c < cols - 1:
            out.append(i + 1)
        nb.append(tuple(out))
    return tuple(nb)


@functools.lru_cache(maxsize=4096)
def _ends(rows: int, cols: int, elders: int, n: int) -> tuple:
    """(cost actually placed, end cells) for `n` workers from cell 0 through own elders (a bitmask)."""
    class _G:
        pass
    g = _G()
    g.rows, g.cols = rows, cols
    nb = _neighbours(g)
    by_cost: dict[int, set] = {}

    def dfs(cell, visited, cost):
        if not elders >> cell & 1:
            by_cost.setdefault(cost, set()).add(cell)
        for m in nb[cell]:
            if visited >> m & 1:
                continue
            c2 = cost + (0 if elders >> m & 1 else 1)
            if c2 <= n:
                dfs(m, visited | 1 << m, c2)

    dfs(0, 1, 0 if elders & 1 else 1)
    for cost in range(n, 0, -1):
        if by_cost.get(cost):
            return cost, tuple(sorted(by_cost[cost]))
    return 0, ()


def worship_ends(cfg, elders: int, n: int) -> tuple:
    """Where a line of exactly `n` workers can end (round_house.worship.line); if no line of n fits, the
    longest line that does (round_house.worship.short). Returns (workers placed, cells)."""
    if n <= 0:
        return 0, ()
    return _ends(cfg.rows, cfg.cols, elders, n)  # round_house.worship.line, round_house.worship.short


def cell_name(cfg, cell: int) -> str:
    r, c = divmod(cell, cfg.cols)
    return f"{'abcdefghij'[r]}{c + 1}"
