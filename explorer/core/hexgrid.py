"""Flat-top hex geometry in axial coordinates (q, r), after Red Blob Games' hex grid guide.

A hex is a plain ``(q, r)`` tuple (cube ``s = -q - r``): cheap to hash, copy and store in JSON.
Compass directions are those of a flat-top grid drawn with north up:

    N = (0, -1), NE = (+1, -1), SE = (+1, 0), S = (0, +1), SW = (-1, +1), NW = (-1, 0)

>>> distance((0, 0), (2, -1))
2
>>> walk((0, 0), "N", 5, radius=3)     # stops at the edge
[(0, -1), (0, -2), (0, -3)]
"""
from __future__ import annotations

import math

Hex = tuple[int, int]

DIRECTIONS: dict[str, Hex] = {
    "N": (0, -1), "NE": (1, -1), "SE": (1, 0), "S": (0, 1), "SW": (-1, 1), "NW": (-1, 0),
}
NAMES: tuple[str, ...] = tuple(DIRECTIONS)  # clockwise from north
OPPOSITE: dict[str, str] = {d: NAMES[(i + 3) % 6] for i, d in enumerate(NAMES)}
CENTRE: Hex = (0, 0)


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def scale(a: Hex, k: int) -> Hex:
    return (a[0] * k, a[1] * k)


def neighbor(h: Hex, direction: str) -> Hex:
    d = DIRECTIONS[direction]
    return (h[0] + d[0], h[1] + d[1])


def neighbors(h: Hex) -> list[Hex]:
    """The six neighbours, clockwise from north."""
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS.values()]


def direction_between(a: Hex, b: Hex) -> str | None:
    """The compass direction from `a` to its neighbour `b` (None if they are not adjacent)."""
    d = (b[0] - a[0], b[1] - a[1])
    for name, v in DIRECTIONS.items():
        if v == d:
            return name
    return None


def length(h: Hex) -> int:
    q, r = h
    return (abs(q) + abs(r) + abs(q + r)) // 2


def distance(a: Hex, b: Hex) -> int:
    return length((a[0] - b[0], a[1] - b[1]))


def on_board(h: Hex, radius: int) -> bool:
    """Whether `h` lies on the hexagonal board of the given radius centred on (0, 0)."""
    return length(h) <= radius


def ring(radius: int, centre: Hex = CENTRE) -> list[Hex]:
    """The hexes at exactly `radius` from `centre`, clockwise starting at the north corner."""
    if radius == 0:
        return [centre]
    out = []
    h = add(centre, scale(DIRECTIONS["N"], radius))
    # walking from the north corner clockwise: SE, S, SW, NW, N, NE
    for step in ("SE", "S", "SW", "NW", "N", "NE"):
        for _ in range(radius):
            out.append(h)
            h = neighbor(h, step)
    return out


def hexagon(radius: int, centre: Hex = CENTRE) -> list[Hex]:
    """Every hex within `radius` of `centre`: centre first, then ring by ring (a spiral)."""
    out = []
    for k in range(radius + 1):
        out.extend(ring(k, centre))
    return out


def corners(radius: int) -> dict[str, Hex]:
    """The six corner hexes of a hexagonal board, named by their compass direction."""
    return {name: scale(d, radius) for name, d in DIRECTIONS.items()}


def walk(h: Hex, direction: str, steps: int, radius: int) -> list[Hex]:
    """The hexes entered moving `steps` times towards `direction`, stopping at the board's edge."""
    path = []
    for _ in range(steps):
        nxt = neighbor(h, direction)
        if length(nxt) > radius:
            break
        path.append(nxt)
        h = nxt
    return path


def closer(h: Hex, target: Hex, radius: int | None = None) -> list[Hex]:
    """Neighbours of `h` that are one step nearer `target`, clockwise from north (1 or 2 of them)."""
    d = distance(h, target)
    return [n for n in neighbors(h) if distance(n, target) < d and (radius is None or length(n) <= radius)]


def farther(h: Hex, target: Hex, radius: int | None = None) -> list[Hex]:
    """Neighbours of `h` that are one step farther from `target` (on the board), clockwise from north."""
    d = distance(h, target)
    return [n for n in neighbors(h) if distance(n, target) > d and (radius is None or length(n) <= radius)]


def edge(a: Hex, b: Hex) -> tuple[Hex, Hex]:
    """A canonical key for the edge shared by two adjacent hexes (for walls, gates, borders)."""
    if distance(a, b) != 1:
        raise ValueError(f"{a} and {b} are not adjacent")
    return (a, b) if a <= b else (b, a)


def round_hex(q: float, r: float) -> Hex:
    """The hex containing fractional axial coordinates (cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from `a` to `b`, both included."""
    n = distance(a, b)
    if n == 0:
        return [a]
    eps = 1e-6
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(round_hex(a[0] + (b[0] - a[0]) * t + eps, a[1] + (b[1] - a[1]) * t + eps))
    return out


def to_pixel(h: Hex, size: float) -> tuple[float, float]:
    """Centre of a flat-top hex in pixels (x right, y down), for a hex of circumradius `size`."""
    q, r = h
    return (size * 1.5 * q, size * math.sqrt(3) * (r + q / 2))


def polygon(h: Hex, size: float) -> list[tuple[float, float]]:
    """The six corner points of a flat-top hex, starting east and going clockwise (y down)."""
    cx, cy = to_pixel(h, size)
    return [(cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
            for i in range(6)]


def edge_points(a: Hex, b: Hex, size: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two end points of the edge between adjacent hexes `a` and `b` (to draw a wall or gate)."""
    direction = direction_between(a, b)
    if direction is None:
        raise ValueError(f"{a} and {b} are not adjacent")
    # corner i of a flat-top hex is at angle 60*i (0 = east, clockwise with y down);
    # the edge facing direction k (N=0 ... NW=5) joins corners (k+4)%6 and (k+5)%6
    k = NAMES.index(direction)
    pts = polygon(a, size)
    return pts[(k + 4) % 6], pts[(k + 5) % 6]


__all__ = [
    "Hex", "DIRECTIONS", "NAMES", "OPPOSITE", "CENTRE", "add", "scale", "neighbor", "neighbors",
    "direction_between", "length", "distance", "on_board", "ring", "hexagon", "corners", "walk",
    "closer", "farther", "edge", "round_hex", "line", "to_pixel", "polygon", "edge_points",
]
