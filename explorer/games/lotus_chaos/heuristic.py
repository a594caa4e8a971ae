"""Bot hooks: a greedy policy read from the acting seat's view alone (see explorer/bots/base.py).

`rate(view, actions)` rebuilds a position consistent with the view (hidden objectives and deck order
sampled with a fixed seed), applies each action there and scores:

1. winning (your objective met at the end of a turn after the first round) above everything;
2. otherwise progress towards your own objective: for the north, south and centre objectives your token's
   distance to that hex and how near the other tokens are; for the purple, green and blue objectives how far
   the count of tokens on those hexes is from the number wanted;
3. accusations only when the public and private evidence leaves the accused a single possible objective
   (a wrong accusation puts you out), and a written card the table would reject a little below the rest.
"""
from __future__ import annotations

from ...core import hexgrid as hx

WIN, OUT = 1000.0, -1000.0


def candidates(view, seat) -> set:
    """The objectives `seat` may hold, as the viewer of `view` can tell."""
    st = view["seats"][seat]
    if st["objective"]:
        return {st["objective"]["key"]}
    known = {x["objective"]["key"] for x in view["seats"] if x["objective"]}
    out = set(view["objective_keys"]) - known
    out -= {a["named"] for a in view["accusations"] if a["accused"] == seat and not a["correct"]}
    return out


def progress(state, seat) -> float:
    """How near `seat` is to meeting its objective in `state` (0 when met; more negative is farther)."""
    if not state.alive[seat]:
        return OUT
    if state.objective_met(seat):
        return 0.0
    cfg = state.cfg
    key = cfg.objectives[state.objective[seat]]
    others = [state.pos[i] for i in state.alive_seats() if i != seat and state.pos[i] is not None]
    if state.pos[seat] is None:  # set-up: not placed yet
        return -10.0
    if key in ("north", "south", "centre"):
        target = hx.CENTRE if key == "centre" else cfg.board.corners["N" if key == "north" else "S"]
        need = 2 if key == "centre" else 1
        near = sorted(hx.distance(h, target) for h in others)[:need]
        return -2.0 * hx.distance(state.pos[seat], target) - sum(near) - 0.5
    from .board import BLUE, GREEN, PURPLE
    zone = cfg.board.zone
    tokens = [state.pos[i] for i in state.alive_seats() if state.pos[i] is not None]
    if key == "purple":
        n, want = sum(zone[h] == PURPLE for h in tokens), 4
    elif key == "green":
        n, want = sum(zone[h] == GREEN for h in tokens), 3
    else:
        n, want = sum(zone[h] == BLUE and cfg.board.corner_of[h] not in ("N", "S") for h in tokens), 2
    return -1.5 * abs(n - want) - 0.5


def rate(view, actions, seed: int = 0) -> list[float]:
    from .position import from_view
    me = view["viewer"] if isinstance(view.get("viewer"), int) and view["viewer"] >= 0 else view["current_player"]
    state = from_view(view, seed)
    out = []
    for a in actions:
        text = str(a)
        if text.startswith("accuse"):
            _, number, key = text.split()
            accused = next(i for i, st in enumerate(view["seats"]) if st["number"] == int(number))
            out.append(WIN / 2 if candidates(view, accused) == {key} else OUT / 2)
            continue
        after = state.apply(a)
        if after.is_terminal:
            out.append(WIN if me in after.winners() else OUT)
            continue
        score = progress(after, me)
        if text.startswith("write") and after.notice is not None:
            score -= 0.25
        out.append(score)
    return out
