"""Round House set-up from a partial position (explorer.setup) and the rulebook's pictured examples."""
import json
import pathlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import explorer
from explorer.core import positions_doc
from explorer.games.round_house import reachable
from explorer.games.round_house.board import cell_name
from explorer.games.round_house.examples import EXAMPLES, STEPPING_STONE

BOOK = pathlib.Path(__file__).resolve().parents[3] / "shared" / "seeds" / "004_00010dfb1d46ff35.txt"


def setup(partial, **kw):
    return explorer.setup("round_house", partial, **kw)


def refused(partial, needle, **kw):
    with pytest.raises(explorer.PositionError) as err:
        setup(partial, **kw)
    assert needle in str(err.value), str(err.value)
    return str(err.value)


# ---- the rulebook's examples ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(EXAMPLES))
def test_each_example_cites_a_section_of_the_rulebook_and_its_assumed_building(name):
    """(Each example builds, round-trips and plays: tests/conformance/test_game_parts.py.)"""
    ex = EXAMPLES[name]
    assert "004_00010dfb1d46ff35.txt" in ex.description and "assumed building" in ex.description
    if BOOK.is_file():
        assert ex.section in BOOK.read_text(encoding="utf-8")


def test_examples_are_served_by_the_core():
    assert list(explorer.examples("round_house")) == list(EXAMPLES)
    assert explorer.examples("round_house")["six reachable rooms"] == EXAMPLES["six reachable rooms"].build()
    assert explorer.example_notes("round_house")["order example"].actions == ("order:O06",)


def test_set_up_picture():
    """遊戲設置 with five players: money 3, 3, 4, 5, 6, one gold and 5 + 9 workers each, one leader in the hall,
    six amulets on the grid and one on the end space, three of each display, 3 on the counting house."""
    s = EXAMPLES["set-up"].build()
    cfg = s.cfg
    assert s.money == [3, 3, 4, 5, 6] and s.goods == [[0, 0, 0, 1]] * 5
    assert s.res == [5] * 5 and s.board == [9] * 5 and s.leaders == [[-1]] * 5
    assert s.counting == 3 and s.bank == 90 - 21 - 3 and s.caravan == 0 and s.marker == 0
    assert all(a is not None for a in s.grid) and len(s.grid) == 6 and s.end_amulet is not None
    assert len(s.amu_up) == len(s.pir_up) == len(s.spec_up) == len(s.ord_up) == 3
    assert all(len(h) == 1 and h[0] in cfg.start_orders for h in s.hand)
    assert len(s.out_tiles) == 2 and set(s.out_tiles) <= set(cfg.small_tiles)
    assert s.supply == [14, 14, 14, 5]  # the warehouse holds one of each, each seat one gold
    assert s.phase == "move" and s.seat == 0 and s.turn == 1
    assert sorted(s.reachable(0)) == ["i1", "i2", "i3", "o1", "o2", "o3"]


def test_six_reachable_rooms():
    """2.移動領袖: Red's leader in o1 can choose exactly six rooms; Blue's leader in i2 is passed over."""
    s = EXAMPLES["six reachable rooms"].build()
    assert s.seat == 0 and s.phase == "move"
    assert reachable(s, 1) == ["i3", "i4", "o2", "o3", "o4", "o5"]
    assert s.reachable(0) == {"o2": 1, "o3": 2, "i3": 2, "o4": 3, "i4": 3, "o5": 3}
    assert sorted(a for a in s.legal_actions() if a.startswith("1>")) == [
        "1>i3", "1>i4", "1>o2", "1>o3", "1>o4", "1>o5"]


def test_wrong_way_move_is_refused():
    """2.移動領袖 '像這樣就違反規則了': up the o2 -> i2 stair against its arrow, or backwards, is refused."""
    s = EXAMPLES["wrong-way move"].build()
    before = s.to_json()
    for bad in ("1>o2", "1>i1"):
        with pytest.raises(explorer.IllegalAction) as err:
            s.apply(bad)
        assert err.value.rule == "round_house.move.clockwise"
    assert s.to_json() == before
    assert set(s.reachable(0)) == {"i3", "i4", "i5", "o5", "o6"}


def test_stepping_stone_reaches_farther():
    """祭拜行動: Purple's own elder on a2 lets its 5 workers end on b5; without it they cannot."""
    ex = EXAMPLES["worship with an elder as a stepping stone"]
    s = ex.build()
    assert s.cfg.players == 5 and s.seat == 4 and s.towns[0][4] == 5 and s.elders[1] == [4] and s.marker == 1
    lined = s.apply("1>h").apply("fam:1")
    assert "line:b5" in lined.legal_actions() and "line:a2" not in lined.legal_actions()
    alone = dict(STEPPING_STONE, elders={})
    bare = setup(alone, players=5).apply("1>h").apply("fam:1")
    assert "line:b5" not in bare.legal_actions()
    t = s
    for a in ex.actions:
        t = t.apply(a)
    b5 = [c for c in range(20) if cell_name(t.cfg, c) == "b5"][0]
    assert t.elders[b5] == [4] and t.towns[0][4] == 0 and t.marker == 2
    assert t.points[4] == t.cfg.cell_points[b5] + 2 + 1  # 9, and the sides' p2 and p1 (no chairs)


def test_order_example():
    """4.完成訂單: one good of each kind completes O06, worth 8 points at the end; the turn passes on."""
    ex = EXAMPLES["order example"]
    s = ex.build()
    assert s.phase == "orders" and s.hand[0] == ["O06"] and s.goods[0] == [1, 1, 1, 1]
    t = s.apply(*ex.actions)
    assert t.goods[0] == [0, 0, 0, 0] and t.done[0] == [["O06", 1]] and t.points[0] == 0
    assert t.final_breakdown(0)["orders"] == 8 and t.seat == 1


def test_investment_doubles_the_room():
    """效果介紹 3.投資: a leader entering a room with its own investment executes it twice."""
    ex = EXAMPLES["investment doubles the room"]
    s = ex.build()
    assert s.kinds[0] == "goods" and s.chairs[0] == [[0, 0]] and s.res[0] == 4
    moved = s.apply("1>o1")
    assert moved.left == 2
    t = s
    for a in ex.actions:
        t = t.apply(a)
    assert t.goods[0] == [1, 0, 1, 1] and t.towns[0][0] == 2 and t.chairs[0] == [] and t.res[0] == 3


# ---- shorthands -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("label", ["Bank", "bank", "銀行", " BANK "])
def test_room_tile_by_printed_label_in_one_entry(label):
    s, filled = setup({"rooms": {"o2": label}}, explain=True)
    assert s.kinds[1] == "bank" and "bank" not in s.out_tiles
    assert sorted(k for k in s.kinds if k in s.cfg.large_tiles) == sorted(s.cfg.large_tiles)
    assert any("room tiles drawn" in f for f in filled)


def test_rooms_by_label_elsewhere():
    s = setup({"rooms": {"o4": "black market"}, "seats": {"red": {"leaders": ["Black market", "錢莊"]}},
               "chairs": {"Great hall": ["blue", ["red", 1]]}, "seat": "red"})
    assert s.leaders[0] == [3, 10] and s.chairs[13] == [[1, 0], [0, 1]]
    refused({"seats": {"red": {"leaders": ["Market"]}}}, "stands in o3, o9, i2")
    refused({"rooms": {"o4": "retail"}, "seats": {"red": {"leaders": ["Wholesale market"]}},
             "out_tiles": ["wholesale", "meeting_hall"]}, "not in the building")


def test_seats_goods_towns_elders_and_orders_shorthands():
    s = setup({"seats": {"blue": {"goods": {"tea": 2, "g": 1}, "completed": ["O07"], "hand": []}},
               "towns": {"northwest": {"blue": 3}}, "elders": {"c2": ["blue"]}, "caravan": "northwest"},
              players=4)
    assert s.goods[1] == [0, 0, 2, 1] and s.done[1] == [["O07", 0]] and s.hand[1] == []
    assert s.towns[2][1] == 3 and s.elders[11] == [1] and s.caravan == 2 and s.marker == 1
    assert s.res[1] == 1 and s.board[1] == 9  # 5 in the resource area, less the 4 placed


def test_missing_seats_and_players_inferred():
    assert setup({"seats": [{}, {}]}).cfg.players == 2
    assert setup({"seats": {"purple": {}}}).cfg.players == 5
    refused({"players": 2}, "players", players=3)


# ---- balancing ---------------------------------------------------------------------------------------------

def test_money_goods_and_workers_balance():
    s = setup({"seats": [{"money": 20, "goods": [5, 0, 0, 4]}], "counting": 7,
               "towns": [[6, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]]})
    assert s.bank == 90 - 20 - 3 - 4 - 7 and s.counting == 7
    assert s.supply[0] == 15 - 5 - sum(sl.count(0) for sl in s.slots) and s.supply[3] == 10 - 4 - 2
    assert s.res[0] == 0 and s.board[0] == 8
    t = setup({"bank": 50, "seats": [{"money": 10}]})
    assert t.counting == 90 - 50 - 10 - 3 - 4
    refused({"seats": [{"resource": 2}]}, "at most 9")  # the other 12 cannot all be on a 9-space board


def test_workers_resource_given_board_balances():
    s = setup({"seats": [{"resource": 7}]})
    assert s.res[0] == 7 and s.board[0] == 7


def test_full_positions_come_back_unchanged():
    rnd = random.Random(1)
    for players in (2, 3, 4, 5):
        s = explorer.load("round_house", players=players, seed=players)
        for _ in range(rnd.randrange(0, 120)):
            if s.is_terminal:
                break
            s = s.apply(rnd.choice(s.legal_actions()))
        assert setup(s.to_json()) == s


def test_the_seed_completes_deterministically():
    assert setup({}, seed=4) == setup({}, seed=4)
    assert setup({}, seed=4).kinds != setup({}, seed=5).kinds or setup({}, seed=4) != setup({}, seed=5)


# ---- contradictions ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("partial,needle", [
    ({"rooms": {"o4": "Bank"}}, "rooms.o4"),                                   # a large tile on a small space
    ({"rooms": {"o2": "Bank", "o6": "bank"}}, "already on o2"),                 # one tile in two spaces
    ({"rooms": {"o1": "Bank"}}, "printed on the board"),
    ({"rooms": {"o2": "Casino"}}, "rooms.o2"),
    ({"rooms": {"o2": "Bank"}, "out_tiles": ["bank"]}, "out_tiles"),
    ({"seats": [{"goods": {"fruit": 16}}]}, "seats.goods"),
    ({"seats": [{"goods": {"wine": 1}}]}, "seats[0].goods"),
    ({"seats": [{"board": 9, "resource": 9}]}, "seats[0].board"),
    ({"towns": {"southeast": {"red": 10}, "southwest": {"red": 5}}}, "seats[0].board"),
    ({"seats": [{"specialists": ["S01"]}], "specialist_supply": ["S01"]}, "two places"),
    ({"seats": [{"specialists": ["S99"]}]}, "unknown specialist"),
    ({"seats": [{"leaders": ["o3"]}, {"leaders": ["o3"]}]}, "seats[1].leaders"),
    ({"seats": [{"leaders": ["o3", "o4", "o5"]}]}, "seats[0].leaders"),
    ({"seats": [{"hand": ["O06"]}, {"completed": ["O06"]}]}, "two places"),
    ({"seats": {"pink": {}}}, "seats.pink"),
    ({"supply": [0, 0, 0, 0]}, "supply"),
    ({"bank": 1000}, "bank"),
    ({"elders": {"z9": [0]}}, "elders.z9"),
    ({"elders": {"a1": [0], "a2": [1]}, "marker": 1}, "marker"),
    ({"left": 2}, "phase"),
    ({"colour": "red"}, "colour"),
    ({"seats": [{"wealth": 3}]}, "seats[0].wealth"),
    ({"towns": {"atlantis": {}}}, "towns.atlantis"),
    ({"slots": {"o3": ["wine"]}}, "slots.o3: expected goods by name"),
    ({"chairs": {"o1": [[0, 2]]}}, "chairs.o1"),
    ({"seat": "pink"}, "seat"),
    ({"players": 9}, "players"),
])
def test_contradictions_name_the_field(partial, needle):
    refused(partial, needle)


# ---- properties --------------------------------------------------------------------------------------------

def _real_positions():
    out = []
    rnd = random.Random(7)
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4), (3, 5)):
        s = explorer.load("round_house", players=players, seed=seed)
        for step in range(400):
            if s.is_terminal:
                break
            if step % 37 == 0:
                out.append(s.to_json())
            s = s.apply(rnd.choice(s.legal_actions()))
        out.append(s.to_json())
    return out


POSITIONS = _real_positions()
TURN = ["phase", "room", "left", "tasks", "prio", "used", "specialist_used", "family_town", "final"]
# dropping a field also drops what only balances against it (each pool absorbs what is not placed)
DEPS = {
    "counting": ["bank"], "slots": ["supply"], "rooms": ["slots", "supply", "out_tiles"],
    "chairs": ["*board", "*resource"], "elders": ["*board", "*resource"],
    "towns": ["*board", "*resource", *TURN], "seat": TURN, "phase": TURN,
    "*money": ["bank"], "*goods": ["supply"], "*returned": ["*resource"],
    "*specialists": ["specialist_deck", *TURN], "*specialist_amulets": ["specialist_deck", *TURN],
    "*amulets": ["amulet_deck"],
}
TOP = ["supply", "bank", "counting", "seed", "rng", "version", "options", "data", "slots", "rooms", "out_tiles",
       "chairs", "elders", "towns", "caravan", "grid_amulets", "end_amulet", "amulet_supply", "amulet_deck",
       "pirate_supply", "pirate_deck", "pirate_discard", "specialist_supply", "specialist_deck",
       "specialist_discard", "order_supply", "order_deck", "temples", "marker", "turn", "seat", "end_seat",
       "players", "game", *TURN]
SEAT = ["money", "points", "goods", "board", "resource", "returned", "leaders", "specialists", "amulets",
        "specialist_amulets", "taken", "hand", "completed"]


def _drop(d, names):
    todo, gone = list(names), set()
    while todo:
        n = todo.pop()
        if n in gone:
            continue
        gone.add(n)
        todo += DEPS.get(n, []) + (DEPS.get("*" + n.split(".")[1], []) if "." in n else [])
    for n in gone:
        if n.startswith("*"):
            for st in d["seats"]:
                st.pop(n[1:], None)
        elif "." in n:
            i, f = n.split(".")
            d["seats"][int(i)].pop(f, None)
        else:
            d.pop(n, None)
    return d


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_property_partials_of_real_positions_complete(data):
    """Random partial positions taken from real ones (fields dropped, with what balances against them)
    complete to valid positions that keep every field given."""
    d = json.loads(json.dumps(data.draw(st.sampled_from(POSITIONS))))
    names = data.draw(st.lists(st.sampled_from(TOP), max_size=8))
    names += [f"{data.draw(st.integers(0, d['players'] - 1))}.{f}" for f in
              data.draw(st.lists(st.sampled_from(SEAT), max_size=5))]
    partial = _drop(json.loads(json.dumps(d)), names)
    s = setup(partial, seed=data.draw(st.integers(0, 2**32)))
    s.check_invariants()
    got = s.to_json()
    for k, v in partial.items():
        if k not in ("seats", "final", *TURN[1:]) and not (k == "phase" and v == "over" and "final" not in partial):
            assert got[k] == v, k
    for p, seat in enumerate(partial["seats"]):
        for k, v in seat.items():
            if k != "points" or partial.get("phase") != "over" or "final" in partial:
                assert got["seats"][p][k] == v, (p, k)


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.text(max_size=6),
                 st.lists(st.integers(-1, 5), max_size=4), st.dictionaries(st.text(max_size=3), st.integers(0, 3),
                                                                           max_size=2),
                 st.sampled_from(["red", "o3", "Bank", "h", "S01", "A01", "O06", "b3", "southeast", 10**70]))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_property_junk_is_refused_with_position_error_only(data):
    """Any field set to anything: a valid position or PositionError, never another exception."""
    d = json.loads(json.dumps(data.draw(st.sampled_from(POSITIONS))))
    d = _drop(d, data.draw(st.lists(st.sampled_from(TOP), max_size=6)))
    for _ in range(data.draw(st.integers(1, 3))):
        if data.draw(st.booleans()):
            d[data.draw(st.sampled_from(TOP + ["seats", "rooms"]))] = data.draw(JUNK)
        elif isinstance(d.get("seats"), list) and d["seats"]:
            seat = d["seats"][data.draw(st.integers(0, len(d["seats"]) - 1))]
            if isinstance(seat, dict):
                seat[data.draw(st.sampled_from(SEAT))] = data.draw(JUNK)
    try:
        s = setup(d)
    except explorer.PositionError as exc:
        assert str(exc) and len(str(exc)) < 2100
    else:
        s.check_invariants()


# ---- documentation -----------------------------------------------------------------------------------------

def test_committed_docs_match_the_generated_text():
    path = positions_doc.DOCS / "round_house.md"
    assert path.read_text(encoding="utf-8") == positions_doc.render("round_house"), (
        "docs/positions/round_house.md is stale: python -m explorer.core.positions_doc round_house")
