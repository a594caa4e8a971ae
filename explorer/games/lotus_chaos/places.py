"""Annotation places of the chaos board (arrows and highlights in studies), worked out from a view alone.

Names, as the board marks them (widgets/boards/lotus_chaos.js, `data-mark`):
  "N" .. "NW", "centre", "1,-2"   hexes: the blue corners by name, the centre, any other hex as axial "q,r"
  "Red token"                    a token on the board, by its colour
  "Red play area", "12", "b3"    a play area and the cards in it
  "Red objective"                an objective card, only where the view shows it
  "7"                            a revealed card
  "deck", "discard pile", "blank cards"

>>> import explorer
>>> p = places(explorer.load("lotus_chaos", seed=1).view(-1))
>>> p["N"], p["centre"], p["deck"]
('the north blue corner hex', 'the red centre hex', 'the action deck')
"""
from __future__ import annotations

from ...core import hexgrid as hx

_COMPASS = {"N": "north", "NE": "north-east", "SE": "south-east", "S": "south", "SW": "south-west",
            "NW": "north-west"}


def hex_name(q: int, r: int, corner: str | None) -> str:
    """A hex's place name: its corner name, "centre", or axial "q,r"."""
    return corner or ("centre" if (q, r) == (0, 0) else f"{q},{r}")


def _hex_words(q, r, zone, corner) -> str:
    if corner:
        return f"the {_COMPASS.get(corner, corner)} blue corner hex"
    if (q, r) == (0, 0):
        return "the red centre hex"
    k = hx.length((q, r))
    return f"a {zone} hex (ring {k} #{hx.ring(k).index((q, r))})"


def places(view: dict) -> dict[str, str]:
    """Annotation places visible in `view` (a `state.view(viewer)` dict): name -> short description."""
    out: dict[str, str] = {}
    names = {}
    for q, r, zone, corner in view.get("zones") or []:
        name = hex_name(q, r, corner)
        names[(q, r)] = name
        out[name] = _hex_words(q, r, zone, corner)
    seats = view.get("seats") or []
    for st in seats:
        if st.get("hex"):
            out[f"{st['color'].capitalize()} token"] = f"{st['name']}'s token, on {names[tuple(st['hex'])]}"
    for st in seats:
        colour, who = st["color"].capitalize(), st["name"]
        out[f"{colour} play area"] = f"{who}'s play area"
        for c in st.get("cards") or []:
            out[c["id"]] = f"{'blank card' if c.get('blank') else 'card'} {c['id']} in {who}'s play area"
        if st.get("objective"):
            out[f"{colour} objective"] = f"{who}'s objective card"
    for c in view.get("revealed") or []:
        out[c["id"]] = f"card {c['id']}, revealed"
    out["deck"] = "the action deck"
    if view.get("discard"):
        out["discard pile"] = "the discard pile"
    out["blank cards"] = "the blank cards not in play"
    return out


__all__ = ["hex_name", "places"]
