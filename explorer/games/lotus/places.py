"""Annotation places of a Lotus board (widgets/boards/lotus.js marks each one with `data-mark`).

Names, from a view only (a seat's view never names a card in another seat's hand):
  "garden"                          the Lotus Garden
  "Iris", "Cherry Blossom", ...     each growing flower, by its type
  "R5s1", "W6w2", ...               each face-up card (in the garden, the display, a hand the view shows)
  "display", "wildflower deck"      the face-up Wildflowers and the Wildflower Deck
  "Winter Lotus"                    the solo game's Winter Lotus count
  "Red hand", "Red deck", "Red pile", "Red tokens", "Red supply"   each seat's hand, Player Deck,
                                    scoring pile, Scoring Tokens and personal supply of Guardians

>>> import explorer
>>> p = places(explorer.load("lotus", players=2, seed=1).view(0))
>>> p["Blue hand"], "display" in p, any(n.startswith("B") and n[1].isdigit() for n in p)
("Blue's hand", True, False)
"""
from __future__ import annotations

SYMBOLS = {1: "one Guardian symbol", 2: "two Guardian symbols"}


def _colour(view: dict, i) -> str:
    """The seat's colour as the board writes it: "Red"."""
    c = str(view["seats"][i]["color"]) if i is not None and 0 <= i < len(view.get("seats") or []) else str(i)
    return c[:1].upper() + c[1:]


def _card(view: dict, card: dict, where: str) -> str:
    if card.get("owner") is None:
        return f"a {card['petals']}-petal Wildflower {where}"
    return (f"{_colour(view, card['owner'])}'s {card['petals']}-petal card with "
            f"{SYMBOLS.get(card.get('symbols'), 'no symbol')} {where}")


def places(view: dict) -> dict[str, str]:
    """Annotation places visible in `view` (a `state.view(viewer)` dict): name -> short description."""
    out = {"garden": "the Lotus Garden"}
    for f in view.get("flowers") or []:
        out[f["name"]] = f"the growing {f['name']} ({f['petals']} petals)"
        for c in f.get("cards") or []:
            out[c["id"]] = _card(view, c, f"on the {f['name']}")
    display = view.get("display") or []
    if not view.get("solo") or display:
        out["display"] = "the face-up Wildflowers"
        for c in display:
            out[c["id"]] = _card(view, c, "in the display")
    out["wildflower deck"] = "the Wildflower Deck"
    if view.get("winter_lotus") is not None:
        out["Winter Lotus"] = "the Winter Lotus cards played"
    for i, seat in enumerate(view.get("seats") or []):
        who = _colour(view, i)
        out[f"{who} hand"] = f"{who}'s hand"
        for c in seat.get("hand") or []:  # None: a hand this view does not show
            out[c["id"]] = _card(view, c, f"in {who}'s hand")
        out[f"{who} deck"] = f"{who}'s Player Deck"
        out[f"{who} pile"] = f"{who}'s scoring pile"
        out[f"{who} tokens"] = f"{who}'s Scoring Tokens"
        out[f"{who} supply"] = f"{who}'s supply of Guardians"
    return out


__all__ = ["places"]
