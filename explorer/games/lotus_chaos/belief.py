"""Reading the others' objectives from one seat's view: for every other seat, how likely each objective is.

The view keeps no log of earlier turns, so the belief reads what the turns left behind:

1. what is certain: cards shown by players who are out, your own card, objectives named in wrong
   accusations (the accused does not hold them), and the objective check that has just ended nothing
   (a player standing where an objective of theirs would have been met does not hold it; an objective
   met for whoever holds it is held by nobody still in the game);
2. the tells: where each token stands. A holder of north or south keeps its token near that corner, a
   holder of centre near the centre; `CORNER_TELL` and `CENTRE_TELL` say how much likelier each distance
   is for the holder than for anyone else (counted in games between heuristic bots). Purple, green and
   blue count anyone's tokens, so a token's place says nothing about them;
3. each objective card is dealt to exactly one player, so the belief weighs every way of dealing the
   unknown cards to the unknown seats (at most 5! = 120) by the product of the tells.

>>> import explorer
>>> s = explorer.load("lotus_chaos", seed=1)
>>> for a in ["place N", "place NE", "place SE", "place S", "place SW", "place NW"]:
...     s = s.apply(a)
>>> b = belief(s.view(0))
>>> round(sum(b[1].values()), 6), b[0]  # a probability per objective for each other seat; none for yourself
(1.0, {})
"""
from __future__ import annotations

import functools
from itertools import permutations

from ...core import hexgrid as hx
from .board import BLUE, GREEN, PURPLE

# How much likelier a token d hexes from the north (south) corner is for north's (south's) holder than for
# another player, d = 0, 1, 2 ... (heuristic bots' games; farther than the table: its last entry).
CORNER_TELL = (8.0, 6.0, 2.0, 0.6, 0.3, 0.2, 0.2)
# The same for the centre objective and the token's distance from the centre.
CENTRE_TELL = (3.0, 2.0, 1.2, 0.6)

NEED = {"north": 1, "south": 1, "centre": 2}  # other tokens needed on the objective's hex
COUNT = {"purple": (PURPLE, 4), "green": (GREEN, 3), "blue": (BLUE, 2)}  # zone and token count wanted


def target(board, key):
    """The hex the north, south or centre objective is about (None for the counting objectives)."""
    if key == "centre":
        return hx.CENTRE
    if key in ("north", "south"):
        return board.corners["N" if key == "north" else "S"]
    return None


def in_zone(board, h, key) -> bool:
    zone, _ = COUNT[key]
    return board.zone[h] == zone and (key != "blue" or board.corner_of.get(h) not in ("N", "S"))


@functools.lru_cache(maxsize=8)
def tables(radius) -> tuple[dict, dict]:
    """({north/south/centre: {hex: distance to its hex}}, {purple/green/blue: the set of hexes counted})."""
    from .board import board as make_board
    b = make_board(radius)
    far = {key: {h: hx.distance(h, target(b, key)) for h in b.hexes} for key in NEED}
    zone = {key: frozenset(h for h in b.hexes if in_zone(b, h, key)) for key in COUNT}
    return far, zone


def met(board, key, seat, pos, exact=False) -> bool:
    """Whether `key` is met for a holder at `seat` with tokens at `pos` (None for a seat out of the game)."""
    where = target(board, key)
    if where is not None:
        if pos[seat] != where:
            return False
        others = pos.count(where) - 1
        return others == NEED[key] if exact else others >= NEED[key]
    return sum(map(tables(board.radius)[1][key].__contains__, pos)) == COUNT[key][1]


def short(board, key, seat, pos) -> int:
    """How many one-hex steps `key` is short of being met for a holder at `seat` (0: met, or more tokens
    than an exact count allows): for north, south and centre the holder's distance to the hex plus the
    nearest other tokens' distances; for the counting objectives how many tokens too few or too many are
    on the zone."""
    got = shorts(board.radius, tuple(pos))[key]
    return got if key in COUNT else got[seat]


@functools.lru_cache(maxsize=1 << 16)
def shorts(radius, pos) -> dict:
    """`short` for every objective and seat at once: {key: steps} for the counting objectives, {key:
    (steps per seat, None for a seat out of the game)} for north, south and centre."""
    far, zone = tables(radius)
    out = {key: abs(sum(map(zone[key].__contains__, pos)) - want) for key, (_, want) in COUNT.items()}
    for key, need in NEED.items():
        d = far[key]
        ds = [d[h] if h is not None else None for h in pos]
        srt = sorted(x for x in ds if x is not None)
        row = []
        for own in ds:
            if own is None:
                row.append(None)
                continue
            rest, skipped, took = own, False, 0
            for x in srt:
                if took == need:
                    break
                if x == own and not skipped:
                    skipped = True
                    continue
                rest += x
                took += 1
            row.append(rest)
        out[key] = tuple(row)
    return out


def _checked(view) -> bool:
    """Whether the tokens stand as they did at an objective check that ended nothing: just after a turn of
    round 2 or later (the accusations), or at the draw of the next turn."""
    t = view["turn"]
    if t["phase"] == "accusations":
        return view["round"] >= 2
    if t["phase"] != "draw" or t["activated"] or t["moved"]:
        return False
    first = min(i for i, st in enumerate(view["seats"]) if st["alive"])
    return view["round"] - (1 if t["seat"] == first else 0) >= 2


def possible(view, seat, board, exact=False, check=True) -> set:
    """The objectives `seat` may hold, as the viewer can tell for certain (point 1 of the module doc)."""
    seats = view["seats"]
    if seats[seat]["objective"]:
        return {seats[seat]["objective"]["key"]}
    known = {x["objective"]["key"] for x in seats if x["objective"]}
    out = set(view["objective_keys"]) - known
    out -= {a["named"] for a in view["accusations"] if a["accused"] == seat and not a["correct"]}
    if check and seats[seat]["alive"] and _checked(view):
        pos = [tuple(x["hex"]) if x["hex"] else None for x in seats]
        everyone = all(x["alive"] for x in seats)
        for key in list(out):
            # a token taken off since the check could change a count; "at least one other" stays met
            sure = everyone or (target(board, key) is not None and not exact)
            if sure and met(board, key, seat, pos, exact):
                out.discard(key)
    return out


def tell(board, key, h) -> float:
    """How much likelier a token at `h` is for a holder of `key` than for anyone else (point 2)."""
    where = target(board, key)
    if where is None or h is None:
        return 1.0
    table = CENTRE_TELL if key == "centre" else CORNER_TELL
    return table[min(hx.distance(h, where), len(table) - 1)]


def belief(view, board=None, exact=None) -> list[dict]:
    """For every seat, {objective: probability} as the viewer of `view` may judge it; {} for the viewer
    itself. Known objectives get probability 1."""
    from .board import board as make_board
    board = board or make_board(view["radius"])
    if exact is None:
        exact = view["options"].get("objective_count") == "exactly"
    me = view["viewer"] if isinstance(view.get("viewer"), int) and view["viewer"] >= 0 else view["current_player"]
    seats = view["seats"]
    cands = [possible(view, i, board, exact) for i in range(len(seats))]
    fixed = {i: next(iter(c)) for i, c in enumerate(cands) if len(c) == 1 and seats[i]["objective"]}
    unknown = [i for i in range(len(seats)) if i not in fixed]
    free = [k for k in view["objective_keys"] if k not in fixed.values()]
    weight = [[tell(board, k, tuple(seats[i]["hex"]) if seats[i]["hex"] else None) for k in free] for i in unknown]
    total, mass = 0.0, [[0.0] * len(free) for _ in unknown]
    for check in (True, False):  # should the deductions clash (a hand-written position), drop the check's
        if not check:
            cands = [possible(view, i, board, exact, check=False) for i in range(len(seats))]
        rows = [[w if k in cands[i] else 0.0 for k, w in zip(free, row)] for i, row in zip(unknown, weight)]
        for deal in permutations(range(len(free)), len(unknown)):
            w = 1.0
            for row, j in zip(rows, deal):
                w *= row[j]
            if w:
                total += w
                for acc, j in zip(mass, deal):
                    acc[j] += w
        if total:
            break
    out = []
    for i in range(len(seats)):
        if i == me:
            out.append({})
        elif i in fixed:
            out.append({fixed[i]: 1.0})
        else:
            acc = mass[unknown.index(i)]
            out.append({k: m / total for k, m in zip(free, acc) if m > 0} if total else {})
    return out


_SHARED: dict = {}  # shared_belief's results by what belief reads of the view
_SHARED_MAX = 4096


def shared_belief(view, board, exact) -> list[dict]:
    """`belief(view, board, exact)`, kept for the next view that agrees in everything belief reads (the
    viewer, every seat's known objective, token and whether it is in the game, the accusations, the
    objectives, whether the tokens stand as at a check): searches rate the same positions many times. The
    result is shared: read it, never change it."""
    me = view["viewer"] if isinstance(view.get("viewer"), int) and view["viewer"] >= 0 else view["current_player"]
    key = (board.radius, exact, me, _checked(view), tuple(view["objective_keys"]),
           tuple((st["objective"]["key"] if st["objective"] else None, tuple(st["hex"]) if st["hex"] else None,
                  st["alive"]) for st in view["seats"]),
           tuple((a["accused"], a["named"], a["correct"]) for a in view["accusations"]))
    out = _SHARED.get(key)
    if out is None:
        if len(_SHARED) >= _SHARED_MAX:
            _SHARED.clear()
        out = _SHARED[key] = belief(view, board, exact)
    return out


__all__ = ["CENTRE_TELL", "CORNER_TELL", "belief", "met", "possible", "short", "tell"]
