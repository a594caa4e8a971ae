"""Bot hooks for Round House (see explorer.bots.base.hooks): a greedy rating read from the acting seat's view.

Not a strategy guide: it prefers doing something to stopping, completing orders, family worships with many
workers ending on valuable cells, and gains over payments.
"""
from __future__ import annotations

STOP = {"done": 0.0, "skip": 0.5, "end": 0.0, "ord:no": 0.0}


def rate(view: dict, actions, **_params) -> list[float]:
    seat = view["current_player"]
    me = view["seats"][seat] if seat is not None else None
    grid = view.get("grid") or {}
    points = dict(zip(grid.get("cells", []), grid.get("points", [])))
    out = []
    for a in map(str, actions):
        if a in STOP:
            out.append(STOP[a])
        elif a.startswith("order:"):
            out.append(20.0)
        elif a.startswith("line:"):
            out.append(5.0 + points.get(a[5:], 0))
        elif a.startswith("fam:"):
            town = view["towns"][int(a[4:]) - 1]
            out.append(1.0 + 2.0 * town["workers"][seat] if me else 1.0)
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
            out.append(2.0 if a.endswith(">h") else 2.5)
        else:
            out.append(1.0)
    return out
