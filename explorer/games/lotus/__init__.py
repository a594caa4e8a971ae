"""Lotus, the card game (Renegade Game Studios): 2-4 players, two editions, family variant, solo mode."""
from itertools import combinations

from ...core.registry import GameSpec, Option, register
from .actions import Action, action
from .config import DIFFICULTY, POWERS
from .position import new_game
from .sample import from_view
from .state import LotusState
from .views import SPECTATOR

_SOLO_POWERS = ("choose",) + tuple(
    "+".join(c) for n in range(0, 4) for c in combinations(POWERS, n))

def _canonical_powers(value):
    if not isinstance(value, str) or value == "choose":
        return value
    names = [p.strip() for p in value.split("+") if p.strip()]
    return "+".join(p for p in POWERS if p in names) if set(names) <= set(POWERS) else value


OPTIONS = {
    "edition": Option("four", "four powers (English rulebook) or three (Traditional Chinese edition)",
                      ("four", "three")),
    "family": Option(False, "family variant: 4 players, partners seated alternately, team scores"),
    "difficulty": Option("medium", "solo: easy 3 / medium 2 / hard 1 / enlightened 0 powers",
                         tuple(DIFFICULTY)),
    "solo_powers": Option("choose", "solo: the powers in play, e.g. 'elder+growth' ('' for none), "
                          "or 'choose' to pick them as set-up decisions", _SOLO_POWERS, _canonical_powers),
    "longer_play": Option(False, "solo Longer Play: types may restart; win with any seven flowers"),
    "exchange_wildflowers": Option(True, "interpretation: wildflowers in hand may be exchanged into your deck"),
    "zero_influence_control": Option(False, "interpretation: with everyone at zero influence, all tie for control"),
    "scoring_tokens": Option("limited", "interpretation: the 30 scoring tokens can run out ('limited') "
                             "or not ('unlimited')", ("limited", "unlimited")),
}


def _new(players, seed, data, **opts):
    return new_game(LotusState, players, seed, data, **opts)


def _variants():
    """Option sets the conformance suite plays through."""
    return [
        {"players": 2}, {"players": 3}, {"players": 4},
        {"players": 3, "edition": "three"},
        {"players": 4, "family": True},
        {"players": 2, "exchange_wildflowers": False, "zero_influence_control": True},
        {"players": 4, "scoring_tokens": "unlimited"},
        {"players": 1, "difficulty": "easy"},
        {"players": 1, "difficulty": "hard", "solo_powers": "growth"},
        {"players": 1, "difficulty": "enlightened", "longer_play": True},
        {"players": 1, "difficulty": "medium", "solo_powers": "fortune+path"},
    ]


SPEC = register(GameSpec(
    name="lotus", title="Lotus (card game)", players=(1, 2, 3, 4), default_players=3,
    options=OPTIONS, new=_new, from_json=LotusState.from_json, variants=_variants, from_view=from_view,
))

__all__ = ["LotusState", "Action", "action", "SPEC", "SPECTATOR"]
