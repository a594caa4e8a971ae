"""Rebuild a full Round House state from one seat's view, sampling what that seat cannot see (for bots).

The view carries the game's options and component file (`data`), so the rebuilt state plays the same game.
Sampled uniformly from `seed` (explorer.core.rng): the other seats' orders in hand (from the orders the viewer
has not seen: the deck first takes non-starting orders, the hands take from what is left, and unseen starting
orders stay in the box), and the order of every face-down pile (orders, specialists, pirates, amulets).

Searching bots call it with the same view many times (an MCTS iteration each): the first call checks the
position fully (RoundHouseState.from_json); later calls with that view, if it still reads as the checked state
shows it, reuse the checked state with the newly sampled hands, piles and generator state put in: the state
from_json would build from them, as nothing it checks depends on the seed.
"""
from __future__ import annotations

from ...core import rng
from ...core.fields import Fields
from .config import GOODS, config

_LAST = None  # (the last view rebuilt, the checked state built from it, that state's view of it or None)


V = Fields("round_house view")


def _view_config(view):
    """(the viewing seat, its game's config) from a seat's view, or PositionError naming what is wrong."""
    if not isinstance(view, dict) or view.get("game") != "round_house":
        V.fail(None, "expected a view of a Round House position")
    seat = view.get("viewer")
    if not isinstance(seat, int) or seat < -1:  # -1: the spectator's view (every hand is sampled)
        V.fail("viewer", "from_view needs a seat's view (viewer >= 0) or the spectator's (-1)", seat)
    options = V.mapping(view.get("options") or {}, "options")
    data = view.get("data")
    if data is not None and not isinstance(data, str):
        V.fail("data", "expected a component file path or null", data)
    try:
        return seat, config(view["players"], options, data)  # the game's own components and options
    except Exception as exc:  # a bad option, data path or file
        V.fail(None, exc)


def from_view(view: dict, seed: int):
    from .state import RoundHouseState
    seat, cfg = _view_config(view)
    players = view["players"]
    st = rng.seed_state(seed)
    seats = view["seats"]

    def ids(items):
        return [x["id"] for x in items]

    # orders
    seen = set(ids(view["order_supply"])) | (set(ids(seats[seat]["hand"] or [])) if seat >= 0 else set())
    seen |= {o["id"] for s in seats for o in s["completed"]}
    unseen = [o for o in cfg.order_ids if o not in seen]
    st, unseen = rng.shuffled(st, unseen)
    deck = [o for o in unseen if o not in cfg.start_orders][: view["order_deck"]]
    rest = [o for o in unseen if o not in deck]
    hands = []
    for p, s in enumerate(seats):
        if p == seat:
            hands.append(ids(s["hand"]))
        else:
            hands.append(rest[: s["hand_size"]])
            rest = rest[s["hand_size"]:]
    if any(len(h) != s["hand_size"] for h, s in zip(hands, seats)) or len(deck) != view["order_deck"]:
        V.fail(None, "too few unseen orders for the hands and the deck")
    # specialists, pirates, amulets
    held = {x["id"] for s in seats for x in s["specialists"] + s["specialist_amulets"]}
    shown = held | set(ids(view["specialist_supply"])) | set(ids(view["specialist_discard"]))
    st, spec_deck = rng.shuffled(st, [x for x in cfg.spec_ids if x not in shown])
    st, pir_deck = rng.shuffled(st, [x for x in cfg.pirate_ids if x not in set(ids(view["pirate_supply"]))
                                     | set(view["pirate_discard"])])
    amu_seen = {a["id"] for s in seats for a in s["amulets"]} | set(ids(view["amulet_supply"]))
    amu_seen |= {a["amulet"]["id"] for a in view["grid"]["amulets"] if a["amulet"]}
    if view["end_amulet"]:
        amu_seen.add(view["end_amulet"]["id"])
    st, amu_deck = rng.shuffled(st, [x for x in cfg.amulet_ids if x not in amu_seen])
    checked = _checked(view, seat, cfg)
    if checked is not None:
        return _resampled(checked, seed, st, hands, deck, spec_deck, pir_deck, amu_deck)
    rooms = view["rooms"]
    position = {
        "game": "round_house", "players": players, "options": view.get("options") or {}, "data": view.get("data"),
        "seed": seed, "rng": st,
        "seats": [{
            "money": s["money"], "points": s["points"], "goods": [s["goods"][g] for g in GOODS],
            "board": s["board"], "resource": s["resource"], "returned": s["returned"], "leaders": s["leaders"],
            "specialists": ids(s["specialists"]), "amulets": ids(s["amulets"]),
            "specialist_amulets": ids(s["specialist_amulets"]), "hand": hands[p],
            "completed": [[o["id"], o["turn"]] for o in s["completed"]]} for p, s in enumerate(seats)],
        "rooms": [r["kind"] for r in rooms], "out_tiles": view["out_tiles"],
        "slots": [[-1 if g is None else GOODS.index(g) for g in r["goods"]] for r in rooms],
        "chairs": [[[c["seat"], int(c["permanent"])] for c in r["chairs"]] for r in rooms],
        "elders": view["grid"]["elders"], "towns": [t["workers"] for t in view["towns"]],
        "caravan": next(i for i, t in enumerate(view["towns"]) if t["caravan"]),
        "counting": view["counting_house"], "supply": [view["supply"][g] for g in GOODS], "bank": view["bank"],
        "grid_amulets": [a["amulet"]["id"] if a["amulet"] else None for a in view["grid"]["amulets"]],
        "end_amulet": view["end_amulet"]["id"] if view["end_amulet"] else None,
        "amulet_supply": ids(view["amulet_supply"]), "amulet_deck": amu_deck,
        "pirate_supply": ids(view["pirate_supply"]), "pirate_deck": pir_deck,
        "pirate_discard": view["pirate_discard"], "specialist_supply": ids(view["specialist_supply"]),
        "specialist_deck": spec_deck, "specialist_discard": ids(view["specialist_discard"]),
        "order_supply": ids(view["order_supply"]), "order_deck": deck,
        "temples": [t["flipped"] for t in view["temples"]], "marker": view["marker"],
        "seat": view["current_player"] if view["current_player"] is not None else 0, "phase": view["phase"],
        "turn": view["turn"], "room": view["room"], "left": view["executions_left"], "tasks": view["tasks"],
        "prio": view["priority"], "used": view["used_this_turn"], "specialist_used": view["specialist_used"],
        "family_town": view["family_town"], "end_seat": view["end_triggered_by"],
        "final": None if not view["result"] else {str(p): b for p, b in enumerate(view["result"]["breakdown"])},
    }
    state = RoundHouseState.from_json(position)
    state._own = set()  # its lists are shared with the copy kept below: a change copies them first (_mut)
    global _LAST
    _LAST = (view, state._share(), None)
    return state


def _checked(view, seat, cfg):
    """The state checked for this very view on the last call, if the view still reads the same (compared
    with the checked state's view of it, made once), else None."""
    global _LAST
    last = _LAST
    if last is None or last[0] is not view or last[1].cfg is not cfg:
        return None
    view_now, checked, as_seen = last
    if as_seen is None:
        as_seen = checked.view(seat)
        _LAST = (view_now, checked, as_seen)
    return checked if view == as_seen else None


def _resampled(checked, seed, st, hands, deck, spec_deck, pir_deck, amu_deck):
    """`checked` with other hidden parts: the state from_json would build from them (sharing the rest)."""
    s = checked._share()
    s.seed, s.rng = seed, st & rng.MASK
    s.hand = [list(h) for h in hands]
    s.ord_deck, s.spec_deck, s.pir_deck, s.amu_deck = list(deck), list(spec_deck), list(pir_deck), list(amu_deck)
    s._own.update(("hand", "ord_deck", "spec_deck", "pir_deck", "amu_deck"))
    return s
