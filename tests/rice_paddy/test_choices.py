"""Player choices and spirit-card mechanisms: the starting gate, stopping a flood, once-per-game,
round-long and rule-overriding spirit cards, planting after a split, and water previews."""
import random

import pytest

import explorer
from explorer.games.rice_paddy.fields import fields

from .helpers import CHAIN, at_alloc, edit, field, game, set_played, until
from .test_farm import farm, finish
from .test_fields import drain_state, order01, to_step

# ---- set-up: the starting gate -------------------------------------------------------------------

def test_starting_gate_goes_on_any_side_of_the_starting_paddy():
    # rice_paddy.setup.gate-side, rice_paddy.setup.start-paddy
    s = game(2, seed=1, setup=False)
    assert s.step == "setup" and s.turn_label() == "set-up · starting gate" and s.current_player == 0
    assert s.legal_actions() == ("start ad", "start ab", "start ac")
    t = s.apply("start ab")
    f = t.to_json()["seats"][0]["field"]
    assert f["gates"] == ["ab"] and sorted(f["walls"]) == ["ac", "ad"] and t.walls == s.walls
    assert t.players[1].edges == s.players[1].edges and t.current_player == 1
    with pytest.raises(explorer.IllegalAction) as err:
        t.apply("start bd")
    assert err.value.rule == "rice_paddy.setup.gate-side"
    u = t.apply("start ac")
    assert u.step == "draft"
    with pytest.raises(explorer.IllegalAction) as err:
        u.apply("start ad")
    assert err.value.rule == "rice_paddy.turn.step"
    # the chain now leaves the starting paddy through b: building b's paddy joins it
    F = fields(u.cfg, u.players[0].edges)
    assert F.gates[0] == (u.cfg.edge_index["ab"],)
    u.check_invariants()


# ---- flooding: who decides how far -------------------------------------------------------------

def flood_state(reservoir, water="a", flood="choose"):
    """Seat 0 with the CHAIN field (a -> d -> f-h) at the flood decision, `reservoir` discs to pour."""
    s = until(game(2, seed=1, flood=flood), "alloc", 1)

    def setup(js):
        order01(js)
        field(js, 0, **{**CHAIN, "water": water})
        js["seats"][0]["reservoir"] = reservoir
        js["seats"][1]["reservoir"] = 0
    return to_step(edit(s, setup), "flood")


def test_flood_choose_lets_a_player_stop_early():
    # rice_paddy.flood.choose, rice_paddy.flood.flow, rice_paddy.flood.surplus, rice_paddy.flood.order
    s = flood_state(3)
    L = s.cfg.index
    assert s.step == "flood" and s.current_player == 0 and s.legal_actions() == ("flood d", "done")
    t = s.apply("flood d")
    assert t.legal_actions() == ("flood f", "done")  # 2 discs left: enough for the 2-hex paddy f-h
    stop = t.apply("done")
    p = stop.players[0]
    assert p.water >> L["d"] & 1 and not p.water >> L["f"] & 1 and p.reservoir == 0
    assert stop.players[1].water >> 0 & 1  # the 2 discs went on: seat 1 filled its starting paddy (1 left)
    full = to_step(t.apply("flood f"), "achieve")
    assert all(full.players[0].water >> L[c] & 1 for c in "adfh")
    # the default reading fills as far as the water goes, and 'flood d' is not an action there
    auto = flood_state(3, flood="auto")
    assert all(auto.players[0].water >> L[c] & 1 for c in "adfh")
    with pytest.raises(explorer.IllegalAction) as err:
        auto.apply("flood d")
    assert err.value.rule in ("rice_paddy.flood.choose", "rice_paddy.turn.step")
    assert explorer.ledger("rice_paddy")["rice_paddy.flood.choose"].option == "flood"


def test_flood_choose_still_empties_part_filled_paddies():
    # rice_paddy.flood.no-partial with flood='choose': f was part filled in the drain step
    s = flood_state(1, water="adf")
    assert s.legal_actions() == ("flood f", "done")  # 1 disc fills the rest of f-h (the rep is f)
    t = s.apply("done")
    assert not t.players[0].water >> t.cfg.index["f"] & 1 and t.players[1].water >> 0 & 1
    t.check_invariants()


def test_flooding_has_no_route_choice():
    # rice_paddy.flood.route: one inlet and one outlet per paddy make the connected paddies one path
    rnd = random.Random(5)
    s = game(3, seed=5)
    seen = 0
    while not s.is_terminal:
        for i in range(3):
            F = s.F(i)
            cfg = s.cfg
            start = F.region[cfg.start]
            if start not in F.pset:
                continue
            reach, todo = {start}, [start]
            while todo:  # every paddy water can reach through gates
                r = todo.pop()
                for k in F.gates[r]:
                    a, b = (F.region[h] for h in cfg.edges[k])
                    o = b if a == r else a
                    if o in F.pset and o not in reach:
                        reach.add(o)
                        todo.append(o)
            assert set(F.chain) == reach
            assert all(sum(1 for k in F.gates[r] if all(F.region[h] in reach for h in cfg.edges[k])) <= 2
                       for r in reach)
            seen += len(reach)
        acts = s.legal_actions()
        builds = [a for a in acts if a.startswith(("gate", "w build", "l build"))]
        s = s.apply(rnd.choice(builds) if builds and rnd.random() < 0.7 else rnd.choice(acts))
    assert seen > 100


# ---- spirit cards ---------------------------------------------------------------------------------

def spirits_state(played, seat_queue):
    s = until(game(2, seed=1), "alloc", 2)

    def setup(js):
        js["step"], js["queue"] = "spirits", seat_queue
        js["order"] = [0, 1]
        set_played(js, played)
        field(js, 0, **CHAIN, water="ad", crop={})
    return edit(s, setup)


def test_once_per_game_card_can_wait_and_is_then_spent():
    # rice_paddy.spirit.once, rice_paddy.spirit.resolve
    s = spirits_state({0: [20, 1], 1: [2, 3]}, [[0, 1], [0, 20]])
    assert s.cfg.spirit[20].once and s.current_player == 0
    s = s.apply("skip 1")
    assert s.legal_actions()[0] == "skip 20" and "use 20 b" in s.legal_actions()
    later = until(s.apply("skip 20"), "spirits", 3)
    assert any(q == (0, 20) for q in later.queue)  # not used: offered again next round
    t = s.apply("use 20 b")
    assert t.players[0].magic >> t.cfg.index["b"] & 1 and t.to_json()["seats"][0]["spent"] == [20]
    assert type(t).from_json(t.to_json())._key() == t._key()
    nxt = until(t, "alloc", 3)
    assert nxt.round == 3 and all(q != (0, 20) for q in nxt.queue)  # spent: never resolved again
    assert nxt.view(1)["seats"][0]["spent"] == [20]
    js = s.to_json()
    js["seats"][0]["spent"] = [1]  # card 1 is not a once-per-game card
    with pytest.raises(explorer.PositionError, match="spent"):
        type(s).from_json(js)


def test_spirit_card_plants_a_paddy_without_workers():
    # rice_paddy.spirit.plant, rice_paddy.spirit.overrides
    s = spirits_state({0: [13, 1], 1: [2, 3]}, [[0, 13]])
    acts = s.legal_actions()
    assert acts[0] == "skip 13" and {"use 13 a", "use 13 b", "use 13 c", "use 13 d", "use 13 f"} <= set(acts)
    t = s.apply("use 13 c")
    assert t.players[0].crop[t.cfg.index["c"]] == 1 and t.players[0].workers == s.players[0].workers
    rocky = edit(s, lambda js: field(js, 0, rocks="e", crop={"d": "planted"}))
    acts = rocky.legal_actions()
    assert "use 13 c" not in acts and "use 13 d" not in acts and "use 13 a" in acts
    with pytest.raises(explorer.IllegalAction) as err:
        rocky.apply("use 13 c")
    assert err.value.rule == "rice_paddy.spirit.optional"


def test_round_six_spirit_planting_grows_that_round():
    # rice_paddy.sixth.spirit-plant, rice_paddy.sixth.second-grow
    s = until(game(2, seed=2), "alloc", 6)

    def setup(js):
        js["step"], js["queue"], js["order"] = "spirits", [[0, 13]], [0, 1]
        set_played(js, {0: [13, 1, 2, 3, 4, 5], 1: [6, 7, 8, 9, 10, 11]})
        field(js, 0, **CHAIN, water="ad", crop={})
        js["seats"][0].update(reservoir=0)
        js["seats"][1].update(reservoir=0)
    s = edit(s, setup)
    s = s.apply("use 13 d")
    assert s.players[0].crop[s.cfg.index["d"]] == 1
    s = to_step(s, "achieve")
    assert s.round == 6 and s.players[0].crop[s.cfg.index["d"]] == 2


def test_harvest_wet_card_overrides_the_dry_only_rule():
    # rice_paddy.spirit.harvest-wet, rice_paddy.spirit.overrides, rice_paddy.farm.dry-only
    alloc = ("w harvest d", "w harvest d")
    plain = finish(farm(alloc=alloc, rnd=2, water="ad", crop={"d": "grown"}))
    assert plain.players[0].crop[plain.cfg.index["d"]] == 0  # not harvested: it rotted
    s = farm(alloc=alloc, rnd=2, water="ad", crop={"d": "grown"}, played={0: [31, 1], 1: [2, 3]})
    assert s.passive(0, "harvest_wet") == 1
    t = finish(s)
    d = t.cfg.index["d"]
    assert t.players[0].rice == s.players[0].rice + t.cfg.harvest[0][0][0]
    assert t.players[0].crop[d] == 0 and t.players[0].water >> d & 1  # the water stays


def test_round_long_passive_only_in_the_round_it_is_played():
    # rice_paddy.spirit.lasting, rice_paddy.spirit.passive
    s = until(game(2, seed=1), "market", 2)
    s = edit(s, lambda js: set_played(js, {0: [1, 38], 1: [2, 3]}))
    assert s.cfg.spirit[38].lasting == "round" and s.round == 2
    assert s.passive(0, "market_discount") == 3 and s.passive(1, "market_discount") == 0
    later = edit(s, lambda js: set_played(js, {0: [1, 38, 4], 1: [2, 3, 5]}) or js.update(round=3))
    assert later.passive(0, "market_discount") == 0
    kept = edit(s, lambda js: set_played(js, {0: [14, 1, 4], 1: [2, 3, 5]}) or js.update(round=3))
    assert kept.passive(0, "market_discount") == 1  # card 14 lasts the game


def test_spirit_vocabulary_validation(tmp_path):
    # rice_paddy.spirit.sample: the keys once / lasting are checked
    from explorer.games.rice_paddy.config import _Spirit
    with pytest.raises(ValueError, match="once"):
        _Spirit(n=1, kind="passive", effect="end_rice", amount=1, once=True)
    with pytest.raises(ValueError, match="lasting"):
        _Spirit(n=1, kind="active", effect="rice", amount=1, lasting="round")
    with pytest.raises(ValueError, match="exactly one"):
        _Spirit(n=1, kind="active", effect="plant", amount=2)
    assert _Spirit(n=1, kind="passive", effect="harvest_wet", amount=1).lasting == "game"


# ---- allocation ------------------------------------------------------------------------------------

def test_plant_workers_may_name_any_hex_of_an_empty_paddy_to_be_split():
    # rice_paddy.alloc.useful, rice_paddy.walls.split-empty, rice_paddy.plant.whole
    def setup(js):
        order01(js)
        field(js, 0, walls=["ab", "ac", "bd", "cd", "de", "ef", "eh", "gh", "hi", "hj"], gates=["ad"], rocks="",
              water="a", crop={})
        js["seats"][0].update(workers=20, livestock=6, bonus_walls=0, reservoir=0)
        js["seats"][1].update(bonus_walls=0)
        js["options"]["plant_water"] = "any"  # the paddy is never flooded: this test is about naming it
    s = edit(at_alloc(), setup)
    # d-f-g... : {c, e, g, i, j} is an empty 5-hex paddy; e, g name it too (a wall may split it)
    acts = s.legal_actions()
    assert {"w plant c", "w plant e", "w plant g"} <= set(acts)
    s = s.apply("l build")
    for a in ("w plant g", "w plant g", "w plant i", "w plant j"):
        s = s.apply(a)
    s = to_step(s.apply("done"), "build")
    assert s.step == "build" and s.current_player == 0
    s = s.apply("wall eg").apply("done")  # splits {c, e} from {g, i, j}
    t = to_step(s, "achieve")
    p, L = t.players[0], t.cfg.index
    assert p.crop[L["g"]] == 1 and p.crop[L["c"]] == 0
    assert sorted(t.F(0).members[L["g"]]) == [L["g"], L["i"], L["j"]]


# ---- previews ---------------------------------------------------------------------------------------

def test_preview_shows_the_water_a_drain_or_flow_moves():
    s = drain_state(reservoir=1, water="ad")
    assert s.preview("drain d") == {"water": [{"from": [0, "d"], "to": [1, "reservoir"]}]}
    assert s.preview("flow R f") == {"water": [{"from": [0, "reservoir"], "to": [0, "f"]}]}
    assert s.preview("flow a f") == {"water": [{"from": [0, "a"], "to": [0, "f"]}]}
    before = s._key()
    s.preview("done")
    assert s._key() == before  # previews never change the state
    last = s.apply("done")
    assert last.current_player == 1
    moves = last.preview("done")["water"]  # ends the drain step: the automatic flood follows
    assert {"from": [0, "reservoir"], "to": [1, "reservoir"]} in moves
    assert all(m["to"][1] in ("reservoir", "supply") or m["to"][1] in "abcdefghij" for m in moves)
    assert s.preview("flow R f")["water"][0]["to"] == [0, "f"]
    with pytest.raises(explorer.IllegalAction):
        s.preview("flow f a")


def test_preview_of_a_chosen_flood_and_round_seven_clearing():
    s = flood_state(3)
    assert s.preview("flood d") == {"water": [{"from": [0, "reservoir"], "to": [0, "d"]}]}
    stop = s.preview("done")["water"]
    assert stop[:3] == [{"from": [0, "reservoir"], "to": [1, "reservoir"]}] * 3
    # the last decision of round 6 sets off round 7's 'remove water' (to the supply)
    t = until(game(2, seed=2), "achieve", 6)
    while t.round == 6 and t.step != "achieve":
        t = t.apply(t.legal_actions()[-1])
    q = t
    while True:
        nxt = q.apply(q.legal_actions()[-1])
        if nxt.round == 7:
            break
        q = nxt
    wet = sum(bin(p.water).count("1") + p.reservoir for p in q.players)
    moves = (q.preview(q.legal_actions()[-1]) or {"water": []})["water"]
    assert sum(m["to"][1] == "supply" for m in moves) >= wet


def test_no_allocation_box_needs_water():
    # rice_paddy.farm.wet-symbol: boxes are offered whatever the water (it is checked when they resolve,
    # after the drain step); growth is the only thing that needs water (rice_paddy.grow.auto)
    dry = farm(water="", crop={"d": "grown", "c": "planted"}, weeds={"f": 1}, pests={"c": 1})
    wet = farm(water="adfh", crop={"d": "grown", "c": "planted"}, weeds={"f": 1}, pests={"c": 1})
    assert dry.legal_actions() == wet.legal_actions()
    assert {"w harvest d", "w weed f", "l pest c", "w plant f"} <= set(dry.legal_actions())
