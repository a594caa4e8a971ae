"""from_view for searches: one view, many seeds.

A searching bot calls from_view with the same view object once per iteration. The first call checks the
whole position (RicePaddyState.from_json). Later calls with that very view, if it still reads as the checked
state shows it, reuse the checked state with the newly sampled hidden parts put in: the other seats' hands,
draft hands and face-down picks, the order of the spirit decks and the rain deck, and the seed. That is the
state from_json would build from them, as nothing it checks depends on the seed.
"""
from __future__ import annotations

from .position import from_view as _view_to_json
from .position import sample_allocations

_LAST = None  # (the last view rebuilt, the state checked for it, that state's view of it or None)


def from_view(view: dict, seed: int):
    from .state import RicePaddyState
    global _LAST
    data = _view_to_json(view, seed)
    checked = _checked(view, seed)
    if checked is not None:
        state = _resampled(checked, data)
    else:
        state = RicePaddyState.from_json(data)
        _LAST = (view, state, None)
    return sample_allocations(state, view, seed)


def _checked(view: dict, seed: int):
    """The state checked for this very view on the last call, if the view still reads the same (compared
    with the checked state's own view of the seat, made once), else None."""
    global _LAST
    last = _LAST
    # a seed the position format refuses (see core.registry.position_options) goes the full way
    if last is None or last[0] is not view or not -(1 << 63) <= seed < 1 << 64:
        return None
    _, checked, as_seen = last
    if as_seen is None:
        seat = view.get("viewer")
        if seat.__class__ is not int or not 0 <= seat < checked.cfg.players:
            return None
        as_seen = checked.view(seat)
        _LAST = (view, checked, as_seen)
    return checked if view == as_seen else None


def _resampled(checked, data: dict):
    """`checked` with the hidden parts sampled in `data`: what from_json(data) builds (sharing the rest)."""
    s = checked._copy()
    s.seed = data["seed"]
    s.decks = tuple(tuple(d) for d in data["spirit_decks"])
    s.rain_deck = tuple(data["rain"]["deck"])
    for i, seat in enumerate(data["seats"]):
        hand, draft = tuple(sorted(seat["hand"])), tuple(sorted(seat["draft"]))
        pick = -1 if seat["pick"] is None else seat["pick"]
        p = s.players[i]
        if (p.hand, p.draft, p.pick) != (hand, draft, pick):
            p = s.pm(i)
            p.hand, p.draft, p.pick = hand, draft, pick
    s._freeze()
    return s
