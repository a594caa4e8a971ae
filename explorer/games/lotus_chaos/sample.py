"""`from_view(view, seed)`: a full state consistent with one seat's view, for the searching bots.

What is sampled from `seed`: the objectives the viewer cannot see (never one a public failed accusation
has excluded for that seat), then the order of the deck. Everything else is read from the view and
loaded with `ChaosState.from_json`, which checks it.

A search calls this hundreds of times on one view with different seeds. Only the objectives, the deck
order, the seed and the random state differ between those calls, so the last loaded position is kept
(keyed by the text of the view's public parts) and a call with the same public parts copies it and
fills in the sampled parts: the state is the one `from_json` would build, without loading it again.
"""
from __future__ import annotations

from itertools import permutations

from ...core import rng
from ...core.fields import Fields
from ...core.rng import Order, draws, swapped
from ...core.rng import fast_shuffled as shuffled

_LAST = None  # (text of the public parts, the loaded state, its deck's cards in ascending order)


def from_view(view: dict, seed: int):
    """A full state consistent with one seat's view: unknown objectives and the deck order sampled from
    `seed` (objectives excluded by a public failed accusation are never sampled for that seat)."""
    global _LAST
    from . import ChaosState
    if not isinstance(view, dict) or view.get("game") != "lotus_chaos":
        Fields("lotus_chaos view").fail(None, "from_view expects a lotus_chaos view")
    r = rng.seed_state(seed)
    seats = view["seats"]
    known = {i: st["objective"]["key"] for i, st in enumerate(seats) if st.get("objective")}
    unknown = [i for i in range(6) if i not in known]
    free = [k for k in view["objective_keys"] if k not in known.values()]
    excluded = {(a["accused"], a["named"]) for a in view["accusations"] if not a["correct"]}
    options = []
    last = _LAST
    rest = last[2] if last is not None else ()
    got = draws(r, (720, len(rest)))  # the 720 orders' draws, then the deck's should the view be the last one
    if got is None:
        r, order = shuffled(r, range(720))
        deck = None
    else:
        (r, after_deck), (js, deck_js) = got
        order = Order(js)
        deck = (after_deck, deck_js)
    perms = list(permutations(free))
    for idx in order:
        if idx >= len(perms):
            continue
        p = perms[idx]
        if all((seat, key) not in excluded for seat, key in zip(unknown, p)):
            options = p
            break
    else:
        Fields("lotus_chaos view").fail(None, "no assignment of objectives fits this view")
    objs = dict(known)
    objs.update(zip(unknown, options))
    pos = {
        "game": "lotus_chaos", "players": 6, "seed": seed, "rng": r, "options": view["options"],
        "data": view.get("data"),
        "seats": [{"colour": st["color"], "number": st["number"], "objective": objs[i], "hex": st["hex"],
                   "alive": st["alive"], "cards": [c["id"] for c in st["cards"]]} for i, st in enumerate(seats)],
        "blanks": {c["id"]: c["text"] for st in seats for c in st["cards"] if c["id"].startswith("b")},
        "discard": list(view["discard"]), "revealed": [c["id"] for c in view["revealed"]],
        "groups": view["groups"], "turn": view["turn"], "queue": view["queue"],
        "accusations": view["accusations"], "notice": view["notice"],
        "result": view["result"],
    }
    public = _public_text(pos)
    if public is not None and last is not None and last[0] == public:
        s = _resample(last[1], rest, seed, r, deck, objs)
        if s is not None:
            return s
    s = ChaosState.from_json(pos)
    if public is not None:
        keep = s._copy()
        keep._legal = s._legal
        _LAST = (public, keep, tuple(sorted(s.deck)))
    return s


def _public_text(pos):
    """What the position says besides the sampled parts (seed, random state, objectives), as text that
    tells types apart (1, 1.0 and True; a list and a tuple), as from_json does; None if it cannot be had."""
    seats = [{k: v for k, v in st.items() if k != "objective"} for st in pos["seats"]]
    try:
        return repr(dict(pos, seed=None, rng=None, seats=seats))
    except Exception:  # e.g. nested too deeply: then the position is simply loaded
        return None


def _resample(loaded, rest, seed, r, deck, objs):
    """`loaded` with this call's seed, objectives and deck order (`rest` shuffled from `r`, or `deck`: the
    state after it and its draws): what from_json gives for the same public parts. None when from_json
    might refuse them (an objective it does not know, a seed out of range)."""
    cfg = loaded.cfg
    keys = [objs.get(i) for i in range(6)]
    if not -(2 ** 63) <= seed < 2 ** 64 or not all(type(k) is str for k in keys) \
            or sorted(keys) != sorted(cfg.objectives):
        return None
    s = loaded._copy()
    s.seed = seed
    s.objective = tuple(cfg.objectives.index(k) for k in keys)
    if deck is None:
        s.rs, cards = shuffled(r, rest)
    else:
        s.rs, cards = deck[0], swapped(rest, deck[1])
    s.deck = tuple(cards)
    s._legal = loaded._legal  # the legal actions do not depend on the sampled parts
    return s
