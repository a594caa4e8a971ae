"""Annotation places of Round House: what a study's arrows and highlights may name on the board.

Computed from a view alone, so a seat's view names only what it shows (another seat's orders in hand never).
The board (widgets/boards/round_house.js) marks each with ``data-mark="<name>"``.

    >>> import explorer
    >>> from explorer.games.round_house.places import places
    >>> p = places(explorer.load("round_house", players=3, seed=0).view(1))
    >>> p["o1"], p["hall"], p["a1"]
    ('Goods & caravan, a room on the outer ring', 'the ancestral hall', 'worship-grid cell a1, 1 point')
    >>> p["Red leader 1"], p["caravan"]
    ("Red's leader 1, in the ancestral hall", 'the caravan, in the southeast town')
    >>> [k for k in p if k.startswith("O")]   # Blue's own order in hand, no one else's
    ['O02']
"""
from __future__ import annotations


def leader_name(seat: dict, li: int) -> str:
    """'Red leader 1', or 'Red leader' when the seat has one leader (as the board marks it)."""
    return f"{seat['name']} leader" + (f" {li + 1}" if len(seat["leaders"]) > 1 else "")


def _where(view: dict, room: str) -> str:
    return "the ancestral hall" if room == "h" else f"room {room}"


def places(view: dict) -> dict[str, str]:
    """Annotation places visible in `view` (a `state.view(viewer)` dict): name -> short description."""
    out = {"hall": "the ancestral hall"}
    for r in view["rooms"]:
        out[r["id"]] = f"{r['title']}, a room on the {r['ring']} ring"
    for st in view["seats"]:
        for li, room in enumerate(st["leaders"]):
            out[leader_name(st, li)] = f"{st['name']}'s leader {li + 1}, in {_where(view, room)}"
    for t in view["towns"]:
        out[t["name"]] = f"the {t['name']} town"
    for t in view["towns"]:
        if t["caravan"]:
            out["caravan"] = f"the caravan, in the {t['name']} town"
    _worship(view, out)
    for st in view["seats"]:
        out[st["name"]] = f"{st['name']}'s row: points, money, goods, workers, orders"
    for st in view["seats"]:
        for o in st["hand"] or ():
            out[o["id"]] = f"order {o['id']} in {st['name']}'s hand"
    return out


def _worship(view: dict, out: dict) -> None:
    """The worship grid's cells, the marker and its track."""
    grid = view["grid"]
    for cell, pts in zip(grid["cells"], grid["points"]):
        out[cell] = f"worship-grid cell {cell}, {pts} point{'' if pts == 1 else 's'}"
    for k in range(view["length"] + 1):
        out[f"round {k}"] = f"round {k} on the worship marker's track"
    out["worship marker"] = f"the worship marker, at round {view['marker']} of {view['length']}"
