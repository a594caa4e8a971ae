"""Walls, gates, paddies, rocks, draining and flooding."""
import pytest

import explorer
from explorer.games.rice_paddy.steps import steps_of

from .helpers import CHAIN, at_alloc, edit, field


def to_step(s, step):
    """Finish decisions ('done', 'pass', else the first action) until the round reaches `step` or passes it
    (automatic steps are never stopped at: the state is then at the next decision)."""
    rnd = s.round
    seq = steps_of(rnd)
    target = seq.index(step)
    while s.round == rnd and s.step != "over" and seq.index(s.step) < target:
        acts = s.legal_actions()
        s = s.apply("done" if "done" in acts else "pass" if "pass" in acts else acts[0])
    return s


def order01(js):
    js["order"] = [0, 1]
    if js["step"] == "alloc":
        js["queue"] = [0, 1]


def test_paddies_are_enclosed_regions_of_one_to_five_hexes():
    # rice_paddy.paddy.definition, rice_paddy.build.edge
    s = at_alloc()
    F = s.F(0)
    assert F.paddies == (0,) and len(F.members[F.region[1]]) == 9  # the open field is not a paddy
    s = edit(s, lambda js: field(js, 0, **CHAIN))
    F = s.F(0)
    L = s.cfg.labels
    assert sorted("".join(L[h] for h in F.members[r]) for r in F.paddies) == ["a", "b", "cegij", "d", "fh"]
    assert ["".join(L[h] for h in F.members[r]) for r in F.chain] == ["a", "d", "fh"]


def test_rulebook_example_three_workers_and_a_cow_build_two_walls():
    # rice_paddy.build.cost, rice_paddy.alloc.multiples, rice_paddy.livestock.ox-duck
    s = edit(at_alloc(), lambda js: (order01(js), js["seats"][0].update(livestock=1, bonus_walls=0),
                                     js["seats"][1].update(bonus_walls=0)))
    for a in ("w build", "w build", "w build", "l build", "done", "done"):
        s = s.apply(a)
    assert s.step == "build" and s.players[0].build_left == 2
    s = s.apply("wall bd").apply("gate df")
    assert s.step != "build" or s.current_player != 0
    assert s.players[0].edges[s.cfg.edge_index["bd"]] == 1 and s.players[0].edges[s.cfg.edge_index["df"]] == 2


def test_two_workers_build_nothing():
    # rice_paddy.build.cost: three workers a piece
    s = edit(at_alloc(), lambda js: (order01(js), [x.update(bonus_walls=0) for x in js["seats"]]))
    s = s.apply("w build").apply("w build").apply("done").apply("done")
    assert s.step != "build"
    assert s.players[0].build_left == 0


def test_walls_are_permanent_and_edges_take_one_piece():
    # rice_paddy.build.permanent, rice_paddy.build.edge
    s = edit(at_alloc(), lambda js: (order01(js), js["seats"][0].update(bonus_walls=1),
                                     js["seats"][1].update(bonus_walls=0)))
    s = to_step(s, "build")
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("wall ab")
    assert err.value.rule == "rice_paddy.build.permanent"
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("wall aj")  # not two adjacent field hexes
    assert err.value.rule == "rice_paddy.build.edge"
    assert not any(a.startswith("move ab") for a in s.legal_actions())


def test_one_inlet_and_one_outlet_per_paddy():
    # rice_paddy.walls.gates-limit: the starting paddy already has its outlet (its inlet is the reservoir)
    s = edit(at_alloc(), lambda js: (order01(js), js["seats"][0].update(bonus_walls=1),
                                     js["seats"][1].update(bonus_walls=0),
                                     field(js, 0, walls=["ab", "ac", "bd", "cd"], gates=["ad", "de"], rocks="")))
    s = to_step(s, "build")
    # closing d with a gate would give paddy d three gates (a -> d -> e and f)
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("gate df")
    assert err.value.rule == "rice_paddy.walls.gates-limit"
    assert "wall df" in s.legal_actions()


def test_gates_move_without_changing_the_paddy():
    # rice_paddy.walls.move-gate (the conditions: tests/rice_paddy/test_gates_moving.py)
    loose = dict(walls=["ab", "ac", "bd", "cd", "de"], gates=["ad", "df"], rocks="")  # d's outlet faces field
    s = edit(at_alloc(), lambda js: (order01(js), field(js, 0, **loose)))
    s = to_step(s, "gates")
    assert s.current_player == 0
    acts = s.legal_actions()
    assert "move df de" in acts and "move df cd" in acts
    t = s.apply("move df de")
    F = t.F(0)
    assert F.chain == s.F(0).chain  # a -> d still
    assert not any(g == t.cfg.edge_index["de"] for g, _ in t.gate_moves(0))  # each gate once a round
    assert sorted(map(len, F.members.values())) == sorted(map(len, s.F(0).members.values()))
    # in CHAIN every side of every paddy faces another paddy: moving a gate would join or cut one off
    s = to_step(edit(at_alloc(), lambda js: (order01(js), field(js, 0, **CHAIN))), "gates")
    assert s.current_player == 1 and s.gate_moves(0) == []


def test_split_only_empty_paddies():
    # rice_paddy.walls.split-empty
    def setup(js):
        order01(js)
        field(js, 0, **CHAIN)
        js["seats"][0]["bonus_walls"] = 2
        js["seats"][1]["bonus_walls"] = 0
        field(js, 0, weeds={"c": 1})
    s = to_step(edit(at_alloc(), setup), "build")
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("wall ce")
    assert err.value.rule == "rice_paddy.walls.split-empty"
    assert "wall fh" in s.legal_actions()  # f-h is empty: it may be split
    t = s.apply("wall fh")
    assert sorted(len(m) for r, m in t.F(0).members.items()) == [1, 1, 1, 1, 1, 5]


def test_unconnected_paddy_gets_no_water_and_limits():
    # rice_paddy.walls.unconnected, rice_paddy.components.limits
    s = edit(at_alloc(), lambda js: (order01(js), field(js, 0, **CHAIN)))
    F = s.F(0)
    assert F.region[1] not in F.chain  # paddy b has no gate
    assert F.region[2] not in F.chain
    s2 = edit(at_alloc(), lambda js: (order01(js), js["seats"][0].update(bonus_walls=1),
                                      js["seats"][1].update(bonus_walls=0)))
    # with every gate out of the box, only walls can be built (checked on a scratch copy)
    s3 = to_step(s2, "build")._copy()
    s3.gates = 0
    assert s3.can_place(0, s3.cfg.edge_index["bd"], 2) == "rice_paddy.components.limits"


def test_rulebook_example_two_cows_remove_two_rocks():
    # rice_paddy.rocks.remove, rice_paddy.alloc.multiples
    s = edit(at_alloc(), lambda js: (order01(js), js["seats"][0].update(livestock=2),
                                     field(js, 0, rocks="bej")))
    s = s.apply("l rock").apply("l rock")
    assert "l rock" not in s.legal_actions()  # both livestock are placed
    s = to_step(s.apply("done").apply("done"), "rocks")
    assert s.current_player == 0 and s.legal_actions() == ("rock b", "rock e", "rock j", "done")
    s = s.apply("rock b").apply("rock j")
    assert s.players[0].rocks == 1 << s.cfg.index["e"] and s.players[0].removed == 2
    assert s.step != "rocks" or s.current_player != 0


def test_rocks_block_flooding_and_planting():
    # rice_paddy.rocks.block, rice_paddy.plant.rocks, rice_paddy.drain.complete-rockfree
    def setup(js):
        order01(js)
        field(js, 0, **{**CHAIN, "rocks": "d", "water": "a"})
        js["seats"][0]["reservoir"] = 3
        js["seats"][0]["workers"] = 10
    s = edit(at_alloc(), setup)
    s = s.apply("w plant d").apply("done").apply("done")
    s = to_step(s, "drain")
    assert not any(a.startswith("flow R") for a in s.legal_actions())
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("flow R d")
    assert err.value.rule == "rice_paddy.rocks.block"
    s = s.apply("done")
    s = to_step(s, "achieve")
    p = s.players[0]
    assert not p.water >> s.cfg.index["d"] & 1 and p.crop[s.cfg.index["d"]] == 0
    assert p.reservoir == 0  # the water went on to the next player


def drain_state(reservoir=1, water="ad"):
    def setup(js):
        order01(js)
        field(js, 0, **{**CHAIN, "water": water})
        js["seats"][0]["reservoir"] = reservoir
        js["seats"][1]["reservoir"] = 0
    return to_step(edit(at_alloc(), setup), "drain")


def test_rulebook_example_water_flows_through_full_paddies_into_a_new_one():
    # rice_paddy.drain.downstream, rice_paddy.drain.partial-ok, rice_paddy.drain.order
    s = drain_state()
    assert s.current_player == 0
    acts = s.legal_actions()
    assert "flow R f" in acts and "flow R h" in acts and "flow a f" in acts and "flow d h" in acts
    t = s.apply("flow R f")
    f, h = t.cfg.index["f"], t.cfg.index["h"]
    assert t.players[0].water >> f & 1 and not t.players[0].water >> h & 1  # partly filled is fine now
    assert t.players[0].reservoir == 0


def test_water_never_flows_upstream_or_onto_a_disc():
    # rice_paddy.drain.downstream, rice_paddy.drain.one-per-hex
    s = drain_state(reservoir=1, water="adf")
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("flow f a")
    assert err.value.rule == "rice_paddy.drain.one-per-hex"
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("flow f d")
    assert err.value.rule == "rice_paddy.drain.one-per-hex"
    t = s.apply("drain a")
    with pytest.raises(explorer.IllegalAction) as err:
        t.apply("flow f a")
    assert err.value.rule == "rice_paddy.drain.downstream"
    # a dry paddy on the way stops the flow: d is empty, so nothing passes to f-h
    u = drain_state(reservoir=2, water="a")
    assert "flow R h" not in u.legal_actions() and "flow R d" in u.legal_actions()


def test_drained_water_goes_to_the_next_player_then_the_supply():
    # rice_paddy.drain.to-next, rice_paddy.drain.order
    s = drain_state(reservoir=0, water="ad")
    t = s.apply("drain d")
    assert t.players[1].reservoir == 1 and t.water == s.water
    t = t.apply("done")
    assert t.current_player == 1
    t2 = t.apply("drain a")
    assert t2.water == t.water + 1  # the last player's drained water returns to the supply


def test_only_a_hex_holding_a_disc_can_be_drained():
    # rice_paddy.drain.discs, rice_paddy.magic.never-removed
    s = edit(drain_state(reservoir=0, water="ad"), lambda js: field(js, 0, magic="h"))
    for text, rule in (("drain f", "rice_paddy.drain.discs"), ("drain h", "rice_paddy.magic.never-removed")):
        with pytest.raises(explorer.IllegalAction) as err:
            s.apply(text)
        assert err.value.rule == rule
    assert "drain d" in s.legal_actions() and explorer.from_json(s.to_json()) == s  # refusals left s as it was


def test_flood_fills_down_the_chain_without_partial_paddies():
    # rice_paddy.flood.flow, rice_paddy.flood.no-partial, rice_paddy.flood.surplus, rice_paddy.flood.order
    s = drain_state(reservoir=3, water="a")
    s = to_step(s, "achieve")
    p = s.players[0]
    L = s.cfg.index
    assert all(p.water >> L[c] & 1 for c in "adfh")
    s = drain_state(reservoir=2, water="a")
    s = to_step(s, "achieve")
    p = s.players[0]
    assert all(p.water >> L[c] & 1 for c in "ad") and not p.water >> L["f"] & 1
    # the one disc that could not fill f-h went on to the next player, who floods after
    assert s.players[1].water >> 0 & 1


def test_partly_filled_paddy_is_emptied_at_flood():
    # rice_paddy.flood.no-partial
    s = drain_state(reservoir=0, water="adf")
    s = to_step(s, "achieve")
    p = s.players[0]
    assert not p.water >> s.cfg.index["f"] & 1 and p.water >> 0 & 1


def test_magic_water_is_never_removed_and_fills_a_hex():
    # rice_paddy.magic.never-removed, rice_paddy.magic.choice
    s = drain_state(reservoir=1, water="ad")
    s = edit(s, lambda js: field(js, 0, magic="h"))
    assert "drain h" not in s.legal_actions()
    assert "flow R f" in s.legal_actions() and "flow R h" not in s.legal_actions()
    t = to_step(s.apply("flow R f"), "achieve")
    p = t.players[0]
    assert p.magic >> t.cfg.index["h"] & 1 and p.water >> t.cfg.index["f"] & 1  # f-h counts as full
