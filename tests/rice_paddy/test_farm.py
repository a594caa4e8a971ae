"""Weeds, pests and fertiliser, harvest, rot, grow and plant."""
import pytest

import explorer
from explorer.games.rice_paddy.steps import infestation

from .helpers import CHAIN, at_alloc, edit, field, set_played
from .test_fields import order01, to_step


def farm(alloc=(), rnd=1, played=None, **fld):
    """Seat 0 with the CHAIN field plus `fld`, allocating `alloc`, then every later step runs."""
    def setup(js):
        order01(js)
        field(js, 0, **{**CHAIN, **fld})
        js["seats"][0].update(workers=20, livestock=6, reservoir=0, bonus_walls=0)
        js["seats"][1].update(bonus_walls=0)
        if played:
            set_played(js, played)
    s = edit(at_alloc(rnd=rnd), setup)
    for a in alloc:
        s = s.apply(a)
    return s


def finish(s, step="achieve"):
    s = s.apply("done") if s.step == "alloc" and s.current_player == 0 else s
    return to_step(s, step)


def test_rulebook_example_weeding_a_two_hex_paddy():
    # rice_paddy.weeds.cost: one weed in a 2-hex paddy takes 2 workers, two weeds 4
    s = farm(weeds={"f": 2})
    s2 = s.apply("w weed f")
    t = finish(s2)
    assert t.players[0].weeds[t.cfg.index["f"]] == 2  # one worker does nothing
    t = finish(s.apply("w weed f").apply("w weed f"))
    assert t.players[0].weeds[t.cfg.index["f"]] == 1
    s4 = s
    for _ in range(4):
        s4 = s4.apply("w weed f")
    assert "w weed f" not in s4.legal_actions()  # 4 workers clear both: no use for a fifth
    t = finish(s4)
    assert t.players[0].weeds[t.cfg.index["f"]] == 0 and t.weeds == s.weeds + 2


def test_farm_actions_need_a_dry_paddy():
    # rice_paddy.farm.dry-only, rice_paddy.farm.order
    s = farm(alloc=("w weed f", "w weed f"), weeds={"f": 1}, water="adfh")
    t = finish(s)
    assert t.players[0].weeds[t.cfg.index["f"]] == 1  # still wet: the weeders could not work
    # draining first (the drain step comes before weeding) makes it work
    s = to_step(s.apply("done"), "drain")
    s = s.apply("drain f").apply("drain h").apply("done")
    t = to_step(s, "achieve")
    assert t.players[0].weeds[t.cfg.index["f"]] == 0


def test_one_livestock_removes_one_pest_and_fertilises():
    # rice_paddy.pests.remove, rice_paddy.pests.fertilise
    s = farm(alloc=("l pest c",), pests={"c": 2}, crop={"a": "planted", "c": "planted"})
    assert "l pest c" in s.legal_actions()
    t = finish(s)
    c = t.cfg.index["c"]
    assert t.players[0].pests[c] == 1 and t.players[0].fert >> c & 1
    # no pest at all: a livestock still fertilises a planted, ungrown paddy; never a grown one
    s = farm(alloc=("l pest d",), crop={"a": "planted", "d": "planted", "f": "grown"})
    assert "l pest f" not in s.legal_actions()
    t = finish(s)
    assert t.players[0].fert >> t.cfg.index["d"] & 1


def test_harvest_table_rows_sizes_and_fertiliser():
    # rice_paddy.harvest.table, rice_paddy.harvest.cost, rice_paddy.harvest.fertilised, rice_paddy.harvest.clears
    assert [infestation(0, 0), infestation(0, 1), infestation(1, 0), infestation(1, 1), infestation(2, 0)] == \
        [0, 1, 2, 3, 3]
    base = farm().players[0].rice
    s = farm(alloc=("w harvest f",) * 4, crop={"a": "planted", "f": "grown"})
    assert "w harvest f" not in s.legal_actions()  # 2 workers per hex: 4 is all a 2-hex paddy can use
    t = finish(s, "rot")
    table = t.cfg.harvest[0]
    assert t.players[0].rice == base + table[0][1]
    assert t.players[0].crop[t.cfg.index["f"]] == 0
    s = farm(alloc=("w harvest f",) * 4, crop={"a": "planted", "f": "grown"}, fertilised="f", weeds={"f": 1})
    t = finish(s, "rot")
    assert t.players[0].rice == base + table[2][2]  # one weed, counts as size 3
    assert not t.players[0].fert and t.players[0].weeds[t.cfg.index["f"]] == 1  # weeds stay


def test_partial_harvest_and_whole_paddy_infestation():
    # rice_paddy.harvest.partial: 6 workers on 5 hexes harvest 3 hexes; the paddy's pests pick the row
    base = farm().players[0].rice
    s = farm(alloc=("w harvest c",) * 6, crop={"a": "planted", "c": "grown"}, pests={"c": 1})
    t = finish(s, "rot")
    assert t.players[0].rice == base + t.cfg.harvest[0][1][2]
    assert t.players[0].crop[t.cfg.index["c"]] == 0  # all tiles go: nothing left to rot


def test_only_grown_paddies_are_harvested_and_unharvested_ones_rot():
    # rice_paddy.harvest.grown-only, rice_paddy.rot.clear
    s = farm(crop={"a": "planted", "c": "planted", "f": "grown"}, weeds={"f": 1}, pests={"f": 2}, fertilised="f")
    assert not any(a.startswith("w harvest c") for a in s.legal_actions())
    t = finish(s, "flood")
    f = t.cfg.index["f"]
    p = t.players[0]
    assert p.crop[f] == 0 and not p.fert and p.weeds[f] == 0 and p.pests[f] == 0
    assert t.weeds == s.weeds + 1 and t.pests == s.pests + 2 and t.fert == s.fert + 1


def test_grow_needs_water_and_plant_takes_a_worker_per_hex():
    # rice_paddy.grow.auto, rice_paddy.plant.cost, rice_paddy.plant.whole, rice_paddy.grow.harvest-later
    s = farm(alloc=("w plant c",) * 5 + ("w plant f",), water="acegijfh", crop={"a": "planted"})
    assert "w plant c" not in s.legal_actions() and "w plant a" not in s.legal_actions()
    t = finish(s)
    p = t.players[0]
    L = t.cfg.index
    assert p.crop[L["a"]] == 2  # watered: grew
    assert p.crop[L["c"]] == 1  # planted this round, after growing
    assert p.crop[L["f"]] == 0  # one worker cannot plant a 2-hex paddy


def test_a_paddy_harvested_or_rotting_this_round_may_be_planted_again():
    # rice_paddy.alloc.useful, rice_paddy.plant.cost: planting follows harvest and rot in the round, and every
    # paddy without tiles after growing may be planted (a planted, ungrown one may not)
    kw = dict(crop={"a": "planted", "f": "grown"}, magic="f")  # magic water: f is wet again when planting
    s = farm(**kw)
    assert "w plant f" in s.legal_actions() and "w plant a" not in s.legal_actions()
    harvested = finish(farm(alloc=("w harvest f",) * 4 + ("w plant f",) * 2, **kw))
    rotted = finish(farm(alloc=("w plant f",) * 2, **kw))
    unplanted = finish(farm(alloc=("w harvest f",) * 4, **kw))
    f = s.cfg.index["f"]
    assert harvested.players[0].crop[f] == 1 and rotted.players[0].crop[f] == 1
    assert unplanted.players[0].crop[f] == 0
    assert harvested.players[0].rice > rotted.players[0].rice


def test_planting_needs_water_in_the_paddy_unless_the_option_says_any():
    # rice_paddy.plant.water, rice_paddy.farm.wet-symbol: checked when planting resolves, after the flood
    alloc = ("w plant c",) * 5
    dry = finish(farm(alloc=alloc, water="a", crop={"a": "planted"}))
    c = dry.cfg.index["c"]
    assert dry.players[0].crop[c] == 0  # five workers spent, nothing planted
    assert dry.players[0].workers == farm(water="a").players[0].workers  # the workers come back as usual
    flooded = finish(farm(alloc=alloc, water="acegij", crop={"a": "planted"}))
    assert flooded.players[0].crop[c] == 1
    partial = finish(farm(alloc=alloc, water="ag", crop={"a": "planted"}))  # rice_paddy.flood.no-partial
    assert partial.players[0].crop[c] == 0
    magic = finish(farm(alloc=alloc, water="a", magic="i", crop={"a": "planted"}))
    assert magic.players[0].crop[c] == 1

    def any_water(js):
        js["options"]["plant_water"] = "any"
    anyway = finish(edit(farm(water="a", crop={"a": "planted"}), any_water).apply("w plant c").apply("w plant c")
                    .apply("w plant c").apply("w plant c").apply("w plant c"))
    assert anyway.players[0].crop[c] == 1 and anyway.cfg.plant_dry


def test_magic_water_counts_for_growth_as_its_owner_chooses():
    # rice_paddy.magic.choice: at the grow step the owner may hold a magic-watered paddy back
    s = farm(magic="b", crop={"a": "planted", "b": "planted"}, water="")
    g = to_step(s.apply("done"), "grow")
    assert g.step == "grow" and g.current_player == 0 and g.legal_actions() == ("hold b", "done")
    assert g.players[0].crop[g.cfg.index["b"]] == 1
    grown = to_step(g.apply("done"), "achieve")
    assert grown.players[0].crop[grown.cfg.index["b"]] == 2
    held = to_step(g.apply("hold b"), "achieve")
    assert held.players[0].crop[held.cfg.index["b"]] == 1 and held.players[0].hold == 0
    assert g.explain("hold b").startswith("hold b:")


def test_harvest_bonus_spirit():
    # rice_paddy.spirit.passive: card 7 gives 1 rice per paddy harvested
    kw = dict(crop={"a": "planted", "f": "grown"})
    plain = finish(farm(alloc=("w harvest f",) * 4, played={0: [1], 1: [2]}, **kw), "rot")
    bonus = finish(farm(alloc=("w harvest f",) * 4, played={0: [7], 1: [2]}, **kw), "rot")
    assert bonus.players[0].rice - plain.players[0].rice == 1


def test_allocation_limits():
    # rice_paddy.alloc.available, rice_paddy.alloc.useful, rice_paddy.alloc.simultaneous
    s = edit(at_alloc(), lambda js: (order01(js), js["seats"][0].update(livestock=0)))
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("l build")
    assert err.value.rule == "rice_paddy.alloc.available"
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("w weed a")
    assert err.value.rule == "rice_paddy.alloc.useful"
    t = s.apply("w build")
    assert t.view(1)["seats"][0]["allocation"] is None and t.view(0)["seats"][0]["allocation"]
    assert t.redact("w build", 1) == "allocates"
    assert "alloc0:w build" in t.private_ids(0)
    after = to_step(t.apply("done"), "build") if t.current_player == 0 else t
    assert after.step == "alloc" or after.view(1)["seats"][0]["allocation"] is not None


def test_actions_only_in_their_step():
    # rice_paddy.turn.step
    s = at_alloc()
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("wall bd")
    assert err.value.rule == "rice_paddy.turn.step"
    with pytest.raises(explorer.NotationError):
        s.apply("build a wall please")
