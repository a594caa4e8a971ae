"""Lotus, the six-player chaos game: six tokens on a hexagonal board, secret objectives, action cards
that move groups of tokens or swap cards, and blank cards on which players write new actions.

Notation (players are named by their number identifier 1-6; cards by their printed number 1-50, blank
cards b1..b30; directions N NE SE S SW NW)::

    place NE            set-up: put your token on the free NE blue corner
    keep 12 >3          keep revealed card 12 and give the other revealed card to player 3
    write "odd tokens move 1 N"   take a blank card instead and write an action on it (language.py)
    discard 12          card limit: discard a card already in your play area (also b2 for a blank card)
    play 12             activate card 12 from your play area (up to two per turn)
    move NE             the mandatory one-hex move of your own token
    end                 end your actions (once your token has moved)
    with 4              a swap card's partner: player 4
    take 12 / give 12   pick a card in a swap that lets players choose what they take / give
    accuse 3 north      accuse player 3 of holding the north objective (north centre south purple green blue)
    pass                make no accusation
    agree / object      objections=table: accept or object to a card another player has just written

Rules: ``rules-explorer rules lotus_chaos`` (data/rules/lotus_chaos.toml). The action language of the
cards is documented in ``language.py``.
"""
from ...core.registry import GameSpec, Option, register
from .actions import Action, action
from .position import from_view, new_game
from .state import ChaosState

OPTIONS = {
    "radius": Option(0, "board radius (0: the data file's value, 3, which is assumed: the rulebook gives no size)",
                     (0, 2, 3, 4, 5, 6)),
    "tiebreak": Option("straight", "interpretation: between two equally good neighbours take the one nearest "
                       "in a straight line ('straight') or the first clockwise from north ('clockwise')",
                       ("straight", "clockwise")),
    "diagonal": Option("direction", "interpretation: cards moving 'towards the NE' (NW, SE, SW) go in that hex "
                       "direction ('direction') or step towards the blue corner hex of that name ('corner')",
                       ("direction", "corner")),
    "objective_count": Option("at_least", "interpretation: 'your token and one (two) other token(s)' means at "
                              "least ('at_least') or exactly ('exactly') that many", ("at_least", "exactly")),
    "simultaneous": Option("share", "interpretation: players meeting their objectives at the same check share "
                           "the win ('share') or the first in turn order from the active player wins "
                           "('turn_order')", ("share", "turn_order")),
    "accusations": Option("any", "interpretation: after each turn every player in turn may accuse ('any') or "
                          "only the active player ('active')", ("any", "active")),
    "trade_pick": Option("take", "interpretation: on cards 47-50 each player picks the card they take ('take') "
                         "or the card they give ('give')", ("take", "give")),
    "objections": Option("validator", "interpretation: a written card within the engine's boundary checks is "
                         "accepted ('validator') or then goes to the other players, any of whom may object ('table')",
                         ("validator", "table")),
    "whole_hands": Option("one_for_one", "interpretation: a card swapping whole hands between players holding "
                          "different numbers of cards swaps as many as the smaller hand holds, one for one "
                          "('one_for_one'), or the two hands completely ('complete')", ("one_for_one", "complete")),
    "house_rules": Option(False, "the table overrules the validator: written cards that break a group or "
                          "singling-out boundary are accepted"),
}


def _new(players, seed, data, **opts):
    return new_game(ChaosState, players, seed, data, **opts)


def _variants():
    return [
        {"players": 6},
        {"players": 6, "radius": 2, "accusations": "active"},
        {"players": 6, "tiebreak": "clockwise", "objective_count": "exactly", "simultaneous": "turn_order",
         "trade_pick": "give", "house_rules": True, "objections": "table", "whole_hands": "complete"},
        {"players": 6, "radius": 4, "accusations": "active", "diagonal": "corner"},
    ]


SPEC = register(GameSpec(
    name="lotus_chaos", title="Lotus, the six-player chaos game", players=(6,), default_players=6,
    options=OPTIONS, new=_new, from_json=ChaosState.from_json, variants=_variants, from_view=from_view,
))

__all__ = ["ChaosState", "Action", "action", "SPEC", "OPTIONS"]
