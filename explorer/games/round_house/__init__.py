"""Round House (圓樓): 2-5 players move family leaders clockwise through a round earthen building.

Notation (each decision is one short token; ids: rooms o1..o10 (outer ring) and i1..i6 (inner ring), h the
ancestral hall, specialists S01..S24, orders O01..O20, amulets A01..A18, pirates P01..P10, goods f c t g):

    use:S03   use specialist S03 (use:S06.1 / use:S06.2 pick one side of an either/or card);  skip  use none
    1>o5      move leader 1 to room o5 (2>h: leader 2 into the ancestral hall, to worship)
    temple:2  small-temple worship at temple 2;  fam:1  family-temple worship with your workers in town 1
    line:b3   end the line of workers on worship-grid cell b3 (rows a-d, columns 1-5)
    do        execute the room's action;  do:gold  do:pirate  do:money  do:good  do:a  do:copy  do:2  do:ft  do:ff
    good:t    gain a tea (f fruit, c celadon, t tea);  car:1  caravan dispatch after 1 paid move
    inv:o3    invest (once) on a chair in o3;  perm:o3  invest permanently
    pir:P04   pirate smuggling;  spec:S12  take a face-up specialist;  amu:A07  take a face-up amulet
    ex:rec    exchange choice (rec, car, inv, gold);  take:o3:f  warehouse: take a fruit from room o3
    bm+t bm-f black market: buy a tea / sell a fruit;  copy:o5:gold  great hall: do another leader's room
    sell:o3.2 a specialist sale onto space 2 of market o3 (sell:o8.1:t a tea onto the retail or wholesale
              market's leftmost empty space, with specialist_markets='all')
    ord:O07   order mark: take face-up order O07 (ord:deck draw blind, ord:A05 take an amulet, ord:no decline)
    disc:S01  discard a specialist (over the limit of three)
    dup:t     take the extra good a completed goods order offers (optional, once per turn)
    order:O06 complete order O06;  done  forfeit pending effects and go on;  end  end the turn
              (the order phase waits for `end` whenever you hold an order and your goods could pay some order
              whose place is not public: decided without looking at your secret hand)

Each action is an explorer.Action, a str (the token) with named fields: Action("round_house", "1>o5").room
is 'o5' (actions.py lists the names).

Component values the rulebook does not print are tagged "assumed" in data/round_house/components.toml.
"""
from ...core.registry import GameSpec, Option, register
from .board import destinations, worship_ends
from .position import new_game
from .sample import from_view
from .state import RoundHouseState

OPTIONS: dict = {
    "amulet_specialist_slot": Option(
        "free", "interpretation: a used amulet-type specialist, kept as an amulet, no longer takes one of the three "
        "specialist slots ('free') or still does ('occupied')", ("free", "occupied")),
    "returned_workers": Option(
        "leave", "interpretation: a worker returned 'to the worker supply' (craftsman, concubine, meeting hall) "
        "leaves play ('leave') or goes back onto the personal board ('board')", ("leave", "board")),
    "leftovers": Option(
        "pooled", "interpretation: leftover goods, gold, workers and money score 1 per 3 all together ('pooled') "
        "or per category ('separate')", ("pooled", "separate")),
    "investment_return": Option(
        "second_execution", "interpretation: a normal investment's worker comes back to the resource area as the "
        "second execution it allows starts, so that execution may use it ('second_execution'), or only when the "
        "room phase is over ('room_end')", ("second_execution", "room_end")),
    "specialist_markets": Option(
        "market", "interpretation: the merchants' sales go only to rooms named 'market' ('market') or also to the "
        "retail and wholesale markets ('all')", ("market", "all")),
}


def _new(players, seed, data, **opts):
    return new_game(RoundHouseState, players, seed, data, **opts)


def _variants():
    return [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 5},
            {"players": 3, "amulet_specialist_slot": "occupied", "returned_workers": "board",
             "leftovers": "separate", "investment_return": "room_end", "specialist_markets": "all"}]


def reachable(state, leader: int, seat: int | None = None) -> list[str]:
    """The rooms ('h' = the ancestral hall) that `seat`'s leader number `leader` (1-based) can reach this turn."""
    return sorted(state.reachable(leader - 1, seat))


SPEC = register(GameSpec(
    name="round_house", title="Round House (圓樓)", players=(2, 3, 4, 5), default_players=3,
    options=OPTIONS, new=_new, from_json=RoundHouseState.from_json, variants=_variants, from_view=from_view,
))

__all__ = ["RoundHouseState", "SPEC", "reachable", "destinations", "worship_ends"]
