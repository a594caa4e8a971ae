"""Bot hooks for Round House (see explorer.bots.base.hooks): a greedy rating read from the acting seat's view,
and the per-seat columns of explorer.simulate.

Not a strategy guide: it prefers doing something to stopping, completing orders, family worships worth many
points (the best cell its workers in a town can reach, plus 1 per invested worker), ending lines on valuable
cells, and gains over payments. Moving into the ancestral hall is rated by the best family worship it would
allow: below a room move while that is worth 1 point, level with it at 2, above it from 3.
With `prefer="S09"` (a specialist id) it also seeks that specialist: while the card is face up it moves a leader
to a specialist room or the meeting hall whenever one is reachable, takes it whenever it may, and never
discards it.
"""
from __future__ import annotations

import re

from .board import _ends

STOP = {"done": 0.0, "skip": 0.5, "end": 0.0, "ord:no": 0.0}
SEEK_ROOMS = ("specialist", "meeting_hall")


def rate(view: dict, actions, prefer: str | None = None, **_params) -> list[float]:
    if prefer is not None and not (isinstance(prefer, str) and re.fullmatch(r"S\d\d", prefer)):
        raise ValueError(f"prefer: a specialist id like 'S09', got {prefer!r}")
    out = _base(view, actions)
    if prefer is None:
        return out
    face_up = any(x["id"] == prefer for x in view.get("specialist_supply") or [])
    kinds = {r["id"]: r["kind"] for r in view.get("rooms") or []}
    for i, a in enumerate(map(str, actions)):
        if a == f"spec:{prefer}":
            out[i] = 30.0
        elif a == f"disc:{prefer}":
            out[i] = 0.0
        elif face_up and ">" in a and kinds.get(a.split(">")[1]) in SEEK_ROOMS:
            out[i] = 25.0
    return out


def family_points(view: dict, seat: int, town: int) -> int:
    """What a family-temple worship with `seat`'s workers in `town` would score at once (round_house.worship.score):
    the best cell a line of them can end on, through the seat's own elders, plus 1 per worker on a chair."""
    n = view["towns"][town]["workers"][seat]
    if n <= 0:
        return 0
    grid = view["grid"]
    mask = sum(1 << c for c, e in enumerate(grid["elders"]) if seat in e)
    _placed, ends = _ends(grid["rows"], grid["cols"], mask, n)
    return max((grid["points"][c] for c in ends), default=0) + view["seats"][seat]["chairs"]


def _base(view: dict, actions) -> list[float]:
    seat = view["current_player"]
    me = view["seats"][seat] if seat is not None else None
    grid = view.get("grid") or {}
    points = dict(zip(grid.get("cells", []), grid.get("points", [])))
    worship = None  # the best family worship, computed once if a move into the hall is offered
    out = []
    for a in map(str, actions):
        if a in STOP:
            out.append(STOP[a])
        elif a.startswith("order:"):
            out.append(20.0)
        elif a.startswith("line:"):
            out.append(5.0 + points.get(a[5:], 0))
        elif a.startswith("fam:"):
            out.append(1.0 + family_points(view, seat, int(a[4:]) - 1) if me else 1.0)
        elif a.startswith("temple:"):
            out.append(3.0)
        elif a.startswith(("ord:O", "ord:deck")):
            out.append(6.0)
        elif a.startswith(("perm:", "inv:")):
            out.append(4.0 if a.startswith("perm:") else 3.5)
        elif a.startswith("car:"):
            out.append(4.0 - int(a[4:]))
        elif a.startswith(("do", "use:", "copy:", "sell:", "pir:", "spec:", "ex:", "take:", "good:", "dup:", "amu:",
                           "ord:A", "bm")):
            out.append(3.0)
        elif ">" in a:
            if a.endswith(">h"):
                if worship is None:
                    worship = max((family_points(view, seat, t) for t in range(len(view["towns"]))), default=0) \
                        if me else 0
                out.append(2.0 + 0.25 * worship)
            else:
                out.append(2.5)
        else:
            out.append(1.0)
    return out


def result_columns(state) -> list[dict]:
    """Per seat, for explorer.simulate, read from the final state (the "+"-joined lists are sorted ids):

    - specialists: every specialist the seat took during the game (in a specialist room, the meeting hall, by a
      great-hall copy or from a pirate tile), whether it was later used up, discarded over the limit or is still
      held (the state's `taken` record); a card taken twice (the discards are reshuffled) is listed once;
    - specialist_takes: how many times the seat took a specialist (repeats counted);
    - specialists_held: specialists still in hand at the end (passive ones and unused ones);
    - specialist_amulets: used amulet-type specialists, kept as amulets (a used one-shot card or one discarded
      over the limit of three is in `specialists` only);
    - orders: orders completed; order_points: their points (final scoring);
    - amulets: amulet tiles held (not counting amulet-type specialists); amulet_points: the final set scoring
      of the tiles and the kept amulet-type specialists together;
    - elders: the seat's elders on the worship grid, one per family-temple worship that laid out workers;
    - chairs: the seat's workers on room chairs at the end (investments still standing);
    - money: money at the end (the tie-break).
    """
    cfg = state.cfg
    final = state.final or {}
    out = []
    for p in range(cfg.players):
        b = final.get(str(p), {})
        out.append({
            "specialists": "+".join(sorted(set(state.taken[p]))),
            "specialist_takes": len(state.taken[p]),
            "specialists_held": "+".join(sorted(state.specs[p])),
            "specialist_amulets": "+".join(sorted(state.spec_amulets[p])),
            "orders": len(state.done[p]),
            "order_points": b.get("orders", sum(cfg.orders[o].points for o, _ in state.done[p])),
            "amulets": len(state.amulets[p]),
            "amulet_points": b.get("amulets", state.amulet_points(p)),
            "elders": sum(e.count(p) for e in state.elders),
            "chairs": state.chairs_of(p),
            "money": state.money[p],
        })
    return out
