"""The hexagonal board: zones, and how tokens move on it (clamped at the edge).

Tie-breaks (``lotus_chaos.movement.tiebreak``): where two neighbours are equally good for
"towards the centre", "away from the centre" or "towards a token", the ``"straight"`` rule takes the one
whose centre lies nearest (farthest) in a straight line, then the first clockwise from north; the
``"clockwise"`` rule takes the first clockwise from north at once.

Written cards may also move tokens around the centre (``lotus_chaos.movement.rotate``): each step goes to the
next hex of the token's own ring (the hexes at its distance from the centre), clockwise or anticlockwise with
north up, so the token keeps its distance from the centre and never leaves the board; a token in the centre
hex stays. And towards the nearest hex of a zone (``lotus_chaos.movement.nearest-zone``): the target is the
hex of that zone at the least hex distance, ties broken by `tiebreak` as above (nearest in a straight line,
then first clockwise from north; or first clockwise from north at once); a token already on that zone stays.

>>> ring_path((0, -2), "cw", 2)          # N of the centre, two hexes clockwise along ring 2
[(1, -2), (2, -2)]
>>> ring_path((0, -2), "acw", 1)
[(-1, -1)]
>>> nearest_zone((0, 0), GREEN, 3)       # all twelve green hexes are 3 away: the first clockwise from north
(1, -3)
>>> path((0, 0), ("zone", "green", 2), 3, {})
[(0, -1), (0, -2)]
"""
from __future__ import annotations

import functools
import math

from ...core import hexgrid as hx

CENTRE = hx.CENTRE
PLAIN, RED, PURPLE, BLUE, GREEN = range(5)
ZONE_NAMES = ("plain", "red", "purple", "blue", "green")


class Board:
    """Zones of a hexagon of flat-top hexes of a given radius (>= 2)."""

    def __init__(self, radius: int):
        self.radius = radius
        self.hexes = tuple(hx.hexagon(radius))
        self.corners = hx.corners(radius)  # name -> hex
        self.corner_of = {h: d for d, h in self.corners.items()}
        zone = {}  # lotus_chaos.board.zones
        for h in self.hexes:
            k = hx.length(h)
            if k == 0:
                zone[h] = RED
            elif k == 1:
                zone[h] = PURPLE
            elif k == radius:
                zone[h] = BLUE if h in self.corner_of else GREEN
            else:
                zone[h] = PLAIN
        self.zone = zone

    def on(self, h) -> bool:
        return hx.length(h) <= self.radius


@functools.lru_cache(maxsize=16)
def board(radius: int) -> Board:
    return Board(radius)


def _px(h):
    return hx.to_pixel(h, 1.0)


def _pick(options, target, far: bool, tiebreak: str):  # lotus_chaos.movement.tiebreak
    """One of `options` (clockwise from north): nearest (or farthest) to `target` in a straight line."""
    if len(options) == 1 or tiebreak == "clockwise":
        return options[0]
    tx, ty = _px(target)

    def d(h):
        x, y = _px(h)
        return round(math.hypot(x - tx, y - ty), 9)

    best = max(d(h) for h in options) if far else min(d(h) for h in options)
    return next(h for h in options if d(h) == best)


@functools.lru_cache(maxsize=65536)
def step_towards(h, target, radius, tiebreak="straight"):
    """The next hex from `h` towards `target` (None if already there)."""
    if h == target:
        return None
    return _pick(hx.closer(h, target, radius), target, False, tiebreak)


@functools.lru_cache(maxsize=65536)
def step_away(h, radius, tiebreak="straight"):
    """The next hex from `h` away from the centre (None at the edge)."""
    opts = hx.farther(h, CENTRE, radius)
    return _pick(opts, CENTRE, True, tiebreak) if opts else None


ZONE_OF = {"red": RED, "purple": PURPLE, "blue": BLUE, "green": GREEN}


@functools.lru_cache(maxsize=4096)
def ring_path(h, way, n) -> list:
    """The hexes a token at `h` enters going `n` hexes along its ring around the centre, clockwise ("cw") or
    anticlockwise ("acw") with north up (lotus_chaos.movement.rotate); [] in the centre."""
    k = hx.length(h)
    if k == 0 or n <= 0:
        return []
    ring = hx.ring(k)  # clockwise from the north corner
    i = ring.index(h)
    step = 1 if way == "cw" else -1
    return [ring[(i + step * j) % len(ring)] for j in range(1, n + 1)]


@functools.lru_cache(maxsize=4096)
def nearest_zone(h, zone, radius, tiebreak="straight"):
    """The hex of `zone` nearest `h` by hex distance (lotus_chaos.movement.nearest-zone): ties go to the one
    nearest in a straight line, then the first clockwise from north ("clockwise": that at once); None if the
    board has no hex of that zone."""
    b = board(radius)
    options = [x for x in b.hexes if b.zone[x] == zone]  # one ring, clockwise from north
    if not options:
        return None
    d = min(hx.distance(h, x) for x in options)
    return _pick([x for x in options if hx.distance(h, x) == d], h, False, tiebreak)


def _on(h, radius):
    """`h`, or None when it is off the board."""
    return h if hx.length(h) <= radius else None


def _steps(h, n, step) -> list:
    """Up to `n` hexes from `h`, each `step` of the last; stops where `step` gives None."""
    out = []
    for _ in range(n):
        h = step(h)
        if h is None:
            break
        out.append(h)
    return out


def _target(h, motion, radius, targets, tiebreak):
    """The hex a 'towards' motion heads for (None: a token off the board)."""
    kind = motion[0]
    if kind == "corner":  # towards the blue corner hex of that name (lotus_chaos.movement.diagonal)
        return hx.scale(hx.DIRECTIONS[motion[1]], radius)
    if kind == "zone":  # towards the nearest hex of a zone (lotus_chaos.movement.nearest-zone)
        return nearest_zone(h, ZONE_OF[motion[1]], radius, tiebreak)
    return CENTRE if kind == "centre" else targets.get(motion[:2])


def path(h, motion, radius, targets, tiebreak="straight") -> list:
    """Hexes a token at `h` enters under `motion` (see language.py), stopping at the board's edge (a token
    moves as far as it can and stops there: lotus_chaos.movement.clamp).
    `targets` maps ("token", n) / ("colour", c) to the target hex (None if it is off the board)."""
    kind = motion[0]
    if kind == "dir":
        return hx.walk(h, motion[1], motion[2], radius)
    if kind == "path":  # lotus_chaos.movement.path-stop: the first step off the board ends the pattern
        steps = iter(motion[1])
        return _steps(h, len(motion[1]), lambda x: _on(hx.neighbor(x, next(steps)), radius))
    if kind == "jump":  # straight to the hex n away, or the last hex of that line on the board
        walked = hx.walk(h, motion[1], motion[2], radius)
        return walked[-1:]
    if kind == "jumpto":
        dest = jump_target(motion[1], radius)
        return [] if dest == h or dest is None else [dest]
    if kind in ("centre", "token", "colour", "corner", "zone"):
        target = _target(h, motion, radius, targets, tiebreak)
        if target is None:  # lotus_chaos.movement.target: towards a token off the board, no move
            return []
        return _steps(h, motion[-1], lambda x: step_towards(x, target, radius, tiebreak))
    if kind == "ring":
        return list(ring_path(h, motion[1], motion[2]))
    if kind == "away":
        return _steps(h, motion[1], lambda x: step_away(x, radius, tiebreak))
    return []  # "off": never accepted (boundary 5)


def jump_target(where, radius):
    if where[0] == "centre":
        return CENTRE
    if where[0] == "corner":
        return hx.scale(hx.DIRECTIONS[where[1]], radius)
    h = (where[1], where[2])
    return h if hx.length(h) <= radius else None
