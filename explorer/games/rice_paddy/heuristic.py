"""Bot hooks for Rice Paddy (see explorer.bots.base.hooks): a greedy rating read from one seat's view and
the per-seat columns `explorer.simulate` adds.

The rating replays `examples.simple_policy` on a state rebuilt from the view (`from_view`; the policy only
reads the acting seat's own field, resources and legal actions, which the view shows in full): the action
it picks scores 1, the others 0. Spirit draft and play choices are left to chance (all score 0).

`result_columns(state)` reads a finished game's state only; per-harvest numbers come from replaying a
game with the engine's event reports (`explorer.games.rice_paddy.study`).
"""
from __future__ import annotations

import random

from .examples import simple_policy
from .player import GROWN, PLANTED


def rate(view: dict, actions, **params) -> list[float]:
    from . import from_view
    if view.get("step") in ("draft", "play"):
        return [0.0] * len(actions)
    state = from_view(view, 0)
    pick = simple_policy(state, random.Random(0))
    return [1.0 if a == pick else 0.0 for a in actions]


# ---- simulation columns ----------------------------------------------------------------------------

def result_columns(state) -> list[dict]:
    """Per seat, for explorer.simulate, read from the final state:

    rice (the score), workers and livestock owned at the end, achievements taken and the rice they paid,
    setup_rice (the set-up card's bonus), end_bonus (rice the passive spirit cards added at the final
    scoring: end_rice plus end_per_paddy per paddy), paddies, paddy_hexes, largest_paddy and chain
    (paddies joined to the reservoir through gates) of the finished field, rocks_removed and rocks_left,
    grown_left / planted_left (hexes of crops still on the field: grown but never harvested, planted but
    never grown) and spirits (the cards played, in order, joined by '+')."""
    cfg = state.cfg
    out = []
    for i, p in enumerate(state.players):
        F = state.F(i)
        sizes = {r: len(F.members[r]) for r in F.paddies}
        out.append({
            "rice": p.rice, "workers": p.workers, "livestock": p.livestock,
            "achievements": len(p.tiles), "achievement_rice": sum(cfg.ach[a].rice for a in p.tiles),
            "setup_rice": cfg.setup[p.setup].rice,
            "end_bonus": state.passive(i, "end_rice") + state.passive(i, "end_per_paddy") * len(F.paddies),
            "paddies": len(F.paddies), "paddy_hexes": sum(sizes.values()),
            "largest_paddy": max(sizes.values(), default=0), "chain": len(F.chain),
            "rocks_removed": p.removed, "rocks_left": bin(p.rocks).count("1"),
            "grown_left": sum(s for r, s in sizes.items() if p.crop[r] == GROWN),
            "planted_left": sum(s for r, s in sizes.items() if p.crop[r] == PLANTED),
            "spirits": "+".join(str(c) for c in p.played),
        })
    return out
