"""Spirits of the Rice Paddy (稻田之靈): 2-4 players, seven rounds of walls, water and rice.

Rulebook: 002_bb030e3577f242d1.txt (Traditional Chinese). Components the rulebook does not print
(board layout, harvest table, market, rain/set-up/spirit cards, achievements) are a labelled sample
set in data/rice_paddy/components.toml: see explorer.provenance("rice_paddy").
"""
from ...core.registry import GameSpec, Option, register
from .position import new_game
from .resample import from_view as _from_view
from .state import RicePaddyState
from .views import SPECTATOR

OPTIONS: dict = {
    "flood": Option("auto", "interpretation (rice_paddy.flood.choose): 'auto' fills paddies down the chain as far "
                    "as the water goes; 'choose' lets each player stop early and pass the rest on",
                    choices=("auto", "choose")),
    "plant_water": Option("flooded", "interpretation (rice_paddy.plant.water): 'flooded' plants only a paddy holding "
                          "water (or magic water) at the plant step; 'any' plants dry paddies too",
                          choices=("flooded", "any")),
}


def _new(players, seed, data, **opts):
    return new_game(RicePaddyState, players, seed, data, **opts)


def _variants():
    return [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 3, "flood": "choose"},
            {"players": 2, "plant_water": "any"}]


def from_view(view: dict, seed: int) -> RicePaddyState:
    """A full state consistent with `view` (one seat's view), hidden parts sampled from `seed`: the other
    seats' spirit cards, the deck orders, and the allocations of seats that finished allocating unseen.
    Called again with the same view (as a search does), it reuses the position checked the first time."""
    return _from_view(view, seed)


SPEC = register(GameSpec(
    name="rice_paddy", title="Spirits of the Rice Paddy", players=(2, 3, 4), default_players=3,
    options=OPTIONS, new=_new, from_json=RicePaddyState.from_json, variants=_variants,
    hidden_information=True, from_view=from_view,
))

__all__ = ["RicePaddyState", "SPEC", "SPECTATOR", "from_view"]
