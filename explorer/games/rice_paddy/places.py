"""Annotation places of a Rice Paddy board (widgets/boards/rice_paddy.js marks each one with `data-mark`).

Names, from a view only (a seat's view never names a spirit card another seat holds), in board order:
  "rain card", "turn order", "supply", "achievements"   the panel above the fields
  "Red field", "Red farm"          Red's whole field, and its banner (rice, workers, livestock)
  "Red workers", "Red livestock"   the worker and ox/duck counts on that banner
  "Red reservoir"                  Red's reservoir
  "Red a" ... "Red j"              a hex of Red's field, by its printed label
  "Red ab", "Red ad", ...          the side between hexes a and b (where walls and gates stand), as 'wall ab'
  "Red played", "Red hand", "Red draft hand", "Red pick", "Red allocation", "Red rice"   Red's row of cards
  "spirit 7", ...                  a spirit card the view shows (played, in a hand this view sees)

>>> import explorer
>>> s = explorer.load("rice_paddy", players=2, seed=1)
>>> p = places(s.view(0))
>>> p["Red ad"], p["Blue reservoir"]
("the side between Red's hexes a and d", "Blue's reservoir")
>>> while s.step == "setup":
...     s = s.apply(s.legal_actions()[0])
>>> [n for n in places(s.view(1)) if "hand" in n or n.startswith("spirit")]  # Blue's cards, not Red's
['Red draft hand', 'Blue draft hand', 'spirit 5', 'spirit 7', 'spirit 17', 'spirit 20']
"""
from __future__ import annotations


def card_name(n: int) -> str:
    """A spirit card's place name: 'spirit 7'."""
    return f"spirit {n}"


def _cards(out: dict, seen: set, cards, where: str) -> None:
    """Each card not yet named on the board (a face-down pick is also still in its hand)."""
    for c in cards or []:
        if c["n"] not in seen:
            seen.add(c["n"])
            out[card_name(c["n"])] = f"spirit card {c['n']} ({where})"


def _holds(cards, size) -> bool:
    """Whether the board draws this hand: its cards when the view shows them, else how many it holds."""
    return bool(cards) if isinstance(cards, list) else bool(size)


def places(view: dict) -> dict[str, str]:
    """Annotation places visible in `view` (a `state.view(viewer)` dict): name -> short description."""
    out = {"rain card": "this round's rain card", "turn order": "the turn order",
           "supply": "the supply of water and magic water discs", "achievements": "the face-up achievements"}
    seats = view.get("seats") or []
    board = view["board"]
    for seat in seats:
        who = seat["name"]
        out[f"{who} field"] = f"{who}'s field"
        out[f"{who} farm"] = f"{who}'s banner: rice, workers and livestock"
        out[f"{who} workers"] = f"{who}'s workers"
        out[f"{who} livestock"] = f"{who}'s oxen and ducks"
        out[f"{who} reservoir"] = f"{who}'s reservoir"
        for hx in board["hexes"]:
            out[f"{who} {hx['label']}"] = f"hex {hx['label']} of {who}'s field"
        for e in board["edges"]:
            out[f"{who} {e}"] = f"the side between {who}'s hexes {e[0]} and {e[1]}"
    seen: set = set()
    for seat in seats:
        who = seat["name"]
        out[f"{who} played"] = f"the spirit cards {who} played"
        _cards(out, seen, seat.get("played"), f"played by {who}")
        if _holds(seat.get("hand"), seat.get("hand_size")):
            out[f"{who} hand"] = f"{who}'s hand of spirit cards"
            _cards(out, seen, seat.get("hand"), f"in {who}'s hand")
        if _holds(seat.get("draft"), seat.get("draft_size")):
            out[f"{who} draft hand"] = f"{who}'s draft hand"
            _cards(out, seen, seat.get("draft"), f"in {who}'s draft hand")
        if seat.get("pick") or seat.get("picked"):
            out[f"{who} pick"] = f"the spirit card {who} chose"
            _cards(out, seen, [seat["pick"]] if seat.get("pick") else [], f"{who}'s choice")
        out[f"{who} allocation"] = f"{who}'s workers and livestock on the farm actions"
        out[f"{who} rice"] = f"{who}'s rice"
    return out
