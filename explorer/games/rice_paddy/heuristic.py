"""Bot hooks for Rice Paddy (see explorer.bots.base.hooks): a greedy rating read from one seat's view and
the per-seat columns `explorer.simulate` adds.

The rating rebuilds a state from the view (`from_view`; the rules read only the acting seat's own field,
resources and hand and the public board) and follows these rules (explorer.games.rice_paddy.strategy):

1. Keep a target field: a chain of up to three paddies after the starting one (at most seven pieces to
   build), each joined to the one before by a gate, so the reservoir's water reaches all of them. Of the
   chains its walls and gates still allow, take the one with the most harvest-table rice (big paddies pay
   more per hex; paddies further down the chain count less) for the pieces still to build and the rocks
   inside it. The starting gate points into that chain's first paddy.
2. Build that chain's pieces, finishing the paddy nearest the reservoir first (a gate where the chain goes
   on, walls elsewhere); free walls first, then oxen, then three workers a piece.
3. Allocate in this order: harvest every grown paddy (as many hexes as the workers allow, oxen on its
   pests); oxen on the rocks inside the planned paddies; plant the chain's empty paddies that the flood
   will fill (pulling their weeds first while they are dry); build the next planned paddy (planting it too
   if the water will reach it); pull weeds from this round's harvests where a weed costs the harvest more
   rice than the workers pulling it are worth; an ox on a planted paddy to fertilise it when the water can
   refill it; then more pieces, and with workers still idle, plant the chain's other empty paddies in case
   water comes from the players before. In the last round: the hexes to harvest and weeds to pull that pay
   the most rice.
4. Drain a paddy only when it must be dry (harvest, fertiliser). While it is still full, the reservoir's
   water flows past it into a paddy being planted; then each of its discs flows down the chain into a
   paddy that can take it, and only the rest drains to the next player.
5. Spirit cards: draft the card worth most rice over the rounds it will act (active cards act every round,
   so early ones are worth more); play first the one that gains most by acting now, counting the chance of
   going first and taking the rain; use every card, aiming weeding and pest cards at the biggest crops, rock
   cards at the planned paddies, magic water and planting at the biggest paddies.
6. Remove the planned paddies' rocks first; take the achievement paying most rice. At the market (one
   purchase a round): in rounds 1-4 an ox when it has none and rocks or pieces remain, or a second one
   while two planned rocks remain; else a worker when next round's farming needs more workers than it has
   and 3 rice would be left over.

`result_columns(state)` reads a finished game's state only; per-harvest numbers come from replaying a
game with the engine's event reports (`explorer.games.rice_paddy.study`).
"""
from __future__ import annotations

from .player import GROWN, PLANTED
from .strategy import scores


def rate(view: dict, actions, **params) -> list[float]:
    from . import from_view
    return scores(from_view(view, 0), actions)


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
