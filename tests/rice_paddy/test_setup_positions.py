"""explorer.setup for Rice Paddy: completing partial positions, the rulebook's examples, the generated docs."""
import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import explorer
from explorer.core import positions_doc
from explorer.games.rice_paddy.examples import BOOK, EXAMPLES, finish

GAME = "rice_paddy"


def setup(partial, **kw):
    return explorer.setup(GAME, partial, **kw)


def refused(partial, field, **kw):
    with pytest.raises(explorer.PositionError) as err:
        setup(partial, **kw)
    assert field in str(err.value), str(err.value)
    return str(err.value)


# ---- completing --------------------------------------------------------------------------------------------

def test_an_empty_partial_is_a_whole_balanced_position():
    s, filled = setup({}, explain=True)
    s.check_invariants()
    assert (s.cfg.players, s.round, s.step) == (3, 1, "alloc") and s.current_player == s.order[0]
    assert sorted([c for p in s.players for c in p.hand + p.played] + [c for d in s.decks for c in d]) \
        == list(range(1, 41))
    assert all(len(p.hand) == 2 and len(p.played) == 1 for p in s.players)
    assert len(s.ach) == 3 + 6 and len(s.rain_seen) == 1
    assert any("supply" in line for line in filled) and any("turn order" in line for line in filled)
    assert setup({}) == s and setup({}, seed=5) != s  # deterministic from the seed


def test_a_picture_of_one_field_and_the_shorthands():
    partial = {"players": 2, "round": 3, "step": "drain", "order": ["blue", "red"], "to_act": "red",
               "seats": {"red": {"field": {"paddies": ["a", "d", "fh", "cegij"], "gates": "ad df", "water": ["a", "d"],
                                           "weeds": "hh", "crop": {"fh": "grown"}, "pests": {"g": 1}},
                                 "reservoir": 2}}}
    s, filled = setup(partial, explain=True)
    L = s.cfg.index
    p = s.players[0]
    F = s.F(0)
    assert sorted("".join(s.cfg.labels[h] for h in F.members[r]) for r in F.paddies) == \
        ["a", "b", "cegij", "d", "fh"]  # b is closed in by the walls around its neighbours
    assert p.weeds[L["f"]] == 2 and p.pests[L["c"]] == 1 and p.crop[L["f"]] == 2
    assert s.queue == (0,) and s.order == (1, 0) and p.rocks == 0
    assert any("left over" in line for line in filled) and any("first hex" in line for line in filled)
    assert s.water == s.cfg.total_water - 2 - 2 - len(s.to_json()["seats"][1]["field"]["water"])
    assert s.walls + sum(len(x["field"]["walls"]) for x in s.to_json()["seats"]) == 80


def test_cards_are_dealt_as_the_round_needs_and_the_order_holds():
    s = setup({"round": 5, "step": "alloc", "order": [2, 0, 1], "seats": {"1": {"played": [4, 9, 17, 22, 39]}}})
    assert s.order == (2, 0, 1)
    assert all(len(p.played) == 5 and len(p.hand) == 1 for p in s.players)
    assert all(all(c <= 20 for c in p.played[:3]) and all(c > 20 for c in p.played[3:] + p.hand) for p in s.players)
    d = setup({"step": "draft", "seats": [{"draft": [1, 2, 3]}, {"pick": 7}, {}]})
    assert d.dstage == 1 and d.players[1].pick == 7 and 7 in d.players[1].draft and d.queue == (0, 2)


def test_contradictions_are_refused_naming_the_field():
    refused({"seats": [{"hand": [3, 4]}, {"hand": [4, 5]}, {}]}, "two places")
    refused({"seats": [{"hand": [3]}, {}, {}]}, "seats.0.hand")
    refused({"players": 2, "seats": [{"field": {"paddies": ["abcd", "efghij"]}}, {}]}, "seats.0.field.paddies")
    refused({"players": 2, "seats": [{"field": {"water": "ab"}}, {}]}, "seats.0.field.water")
    refused({"players": 2, "seats": [{"field": {"paddies": ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"],
                                                "water": "abcdefghij"}, "reservoir": 8}, {}]}, "supply.water")
    refused({"seats": {"red": {"played": [19]}, "blue": {"played": [2]}}, "order": ["red", "blue", "yellow"]},
            "field order")
    refused({"seats": [{"setup_card": 3}, {"setup_card": 3}, {}]}, "seats.1.setup_card")
    refused({"supply": {"water": 3}}, "supply.water")
    refused({"flowers": {}}, "field flowers")
    refused({"round": 9}, "field round")
    refused({"step": "weeds"}, "step")  # runs by itself: not a resting point
    refused({"players": 3, "seats": [{}, {}]}, "players")
    refused({"seats": {"purple": {}}}, "seats.purple")
    refused({"seats": [{"field": {"weeds": {"b": 1}}}, {}, {}]}, "seats.0.field.weeds")  # b is open field


# ---- the rulebook's examples ------------------------------------------------------------------------------

NO_ASSUMED_VALUE = {"turn order from the highest played card", "the first draft"}


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_each_example_cites_the_rice_paddy_rulebook_and_says_what_it_assumes(name):
    """(Each example builds, round-trips and plays: tests/conformance/test_game_parts.py.)"""
    ex = EXAMPLES[name]
    assert BOOK in ex.description
    if name not in NO_ASSUMED_VALUE:  # fields (hex labels), set-up cards, harvest table or market prices
        assert "assumed" in ex.description


def play(name):
    ex = EXAMPLES[name]
    s = ex.build()
    t = s
    for a in ex.actions:
        t = t.apply(a)
    return s, t


def test_starting_paddy():
    s, t = play("starting paddy")
    assert s.legal_actions() == ("start ad", "start ab", "start ac") and len(s.ach) == 8
    assert s.water == 15 - 2 and all(p.workers + p.wmarket == 20 for p in s.players)
    assert t.players[0].edges[t.cfg.edge_index["ab"]] == 2 and t.current_player == 1


def test_allocation_multiples():
    s, t = play("two oxen remove two rocks")
    assert t.players[0].rocks == 1 << t.cfg.index["e"] and t.rocks == s.rocks + 2
    s, t = play("three workers and an ox build two walls")
    E = t.cfg.edge_index
    assert t.players[0].edges[E["bd"]] == 1 and t.players[0].edges[E["df"]] == 2 and t.walls == s.walls - 1


def test_moving_a_gate():
    s, t = play("moving a gate")
    assert "move df de" in s.legal_actions() and not any(a.startswith("move ad") for a in s.legal_actions())
    E = t.cfg.edge_index
    assert t.players[0].edges[E["de"]] == 2 and t.players[0].edges[E["df"]] == 1 and t.F(0).chain == s.F(0).chain


def test_drain_through_full_paddies():
    s, t = play("drain: through full paddies into a new one")
    assert {"flow R f", "flow R h"} <= set(s.legal_actions())
    L = t.cfg.index
    assert t.players[0].water >> L["f"] & 1 and not t.players[0].water >> L["h"] & 1 and t.players[0].reservoir == 0


@pytest.mark.parametrize("weeds", [1, 2])
def test_weeding_labour(weeds):
    name = "weeding: one weed in a two-hex paddy" if weeds == 1 else "weeding: two weeds in a two-hex paddy"
    s, t = play(name)
    f = s.cfg.index["f"]
    almost = s
    for _ in range(2 * weeds - 1):
        almost = almost.apply("w weed f")
    assert finish(almost.apply("done"), "achieve").players[0].weeds[f] == weeds - (2 * weeds - 1) // 2
    assert "w weed f" not in t.legal_actions() if t.current_player == 0 else True
    done = finish(t, "achieve")
    assert done.players[0].weeds[f] == 0 and done.weeds == s.weeds + weeds


def test_partial_harvest():
    s, t = play("partial harvest")
    done = finish(t, "rot")
    c = s.cfg.index["c"]
    assert done.players[0].rice == s.players[0].rice + s.cfg.harvest[0][1][3 - 1]  # one pest, 3 hexes
    assert done.players[0].crop[c] == 0 and done.players[0].pests[c] == 1


def test_flood_through_gates():
    s, t = play("flood through gates")
    L = t.cfg.index
    assert [bool(t.players[0].water >> L[x] & 1) for x in "adfh"] == [True, True, False, False]
    assert t.players[1].reservoir == 0 and t.water == s.water + 1  # the spare disc passed Blue to the supply


def test_rot():
    s, t = play("rot")
    done = finish(t, "flood")
    f = s.cfg.index["f"]
    p = done.players[0]
    assert p.crop[f] == 0 and not p.fert and p.weeds[f] == 0 and p.pests[f] == 0
    assert (done.weeds, done.pests, done.fert) == (s.weeds + 1, s.pests + 1, s.fert + 1)
    assert done.players[0].rice == s.players[0].rice


def test_market_tax():
    s, t = play("market tax")
    assert t.players[0].rice == 30 - (2 + 2 + 3) - 9 and t.players[0].workers == 12 and t.players[0].livestock == 1


def test_turn_order_and_draft():
    s, t = play("turn order from the highest played card")
    assert s.order == (1, 0) and t.order == (0, 1)
    s, t = play("the first draft")
    assert t.players[0].draft == (4, 9, 13) and t.players[0].hand == (2,) and t.dstage == 1


# ---- properties: partial positions taken from real ones ----------------------------------------------------

def _real_positions():
    out = []
    for n, seed in ((2, 1), (3, 2), (4, 3)):
        s = explorer.load(GAME, players=n, seed=seed, **({"flood": "choose"} if n == 3 else {}))
        rnd = random.Random(seed)
        k = 0
        while not s.is_terminal:
            if k % 17 == 0:
                out.append(s.to_json())
            s = s.apply(rnd.choice(s.legal_actions()))
            k += 1
        out.append(s.to_json())
    return out


REAL = _real_positions()
SAFE = ("supply", "spirit_decks", "order", "queue", "rain", "achievements", "draft_stage", "seed", "version")
SEAT_SAFE = ("worker_market", "livestock_market", "setup_card", "cards")


def _drop_safe(js, picks):
    js = copy.deepcopy(js)
    for k in picks["top"]:
        js.pop(k, None)
    for i, k in picks["seats"]:
        seat = js["seats"][i % len(js["seats"])]
        if k == "cards":
            for c in ("hand", "played", "draft", "spent"):
                seat.pop(c, None)
            js.pop("queue", None)
        else:
            seat.pop(k, None)
    return js


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(REAL) - 1), st.fixed_dictionaries({
    "top": st.lists(st.sampled_from(SAFE), unique=True),
    "seats": st.lists(st.tuples(st.integers(0, 3), st.sampled_from(SEAT_SAFE)), max_size=3)}), st.integers(0, 99))
def test_dropping_what_setup_balances_always_completes(k, picks, seed):
    real = REAL[k]
    s = setup(_drop_safe(real, picks), seed=seed)  # setup runs check_invariants
    js = s.to_json()
    assert (js["round"], js["step"], js["players"]) == (real["round"], real["step"], real["players"])
    for a, b in zip(js["seats"], real["seats"]):
        assert a["field"] == b["field"] and a["rice"] == b["rice"] and a["workers"] == b["workers"]


def _paths(js, prefix=()):
    if isinstance(js, dict):
        for k, v in js.items():
            yield prefix + (k,)
            yield from _paths(v, prefix + (k,))
    elif isinstance(js, list):
        for i, v in enumerate(js):
            yield prefix + (i,)
            yield from _paths(v, prefix + (i,))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(REAL) - 1), st.lists(st.integers(0, 10 ** 6), min_size=1, max_size=4), st.integers(0, 99))
def test_dropping_anything_completes_or_names_a_field(k, cuts, seed):
    js = copy.deepcopy(REAL[k])
    for cut in cuts:
        paths = list(_paths(js))
        path = paths[cut % len(paths)]
        parent = js
        for p in path[:-1]:
            parent = parent[p]
        if isinstance(parent, dict):
            parent.pop(path[-1])
        elif path[:-1] != ("seats",):
            parent.pop(path[-1])
    try:
        s = setup(js, seed=seed)
    except explorer.PositionError as err:
        assert "field" in str(err) or "position breaks" in str(err), str(err)
    else:
        s.check_invariants()


# ---- the generated docs --------------------------------------------------------------------------------------

def test_the_committed_docs_are_generated_from_the_models():
    # regenerate with: python -m explorer.core.positions_doc rice_paddy
    text = (positions_doc.DOCS / f"{GAME}.md").read_text(encoding="utf-8")
    assert text == positions_doc.render(GAME)
    assert "paddies" in text and "assumed" in text


def test_a_seat_with_nothing_to_build_is_passed_over_as_in_play():
    """Issue 21: with no queue given, the build step's first seat in turn order used to be put to act with nothing
    to build (every wall it was offered took its bonus walls below zero); set-up passes it over, as play does.
    A seat named to act with nothing left is refused, naming the field."""
    base = {"players": 2, "round": 2, "step": "build", "order": [0, 1],
            "seats": {"0": {"bonus_walls": 0}, "1": {"bonus_walls": 0, "livestock": 1, "allocation": {"l build": 1}}}}
    s, said = setup(base, explain=True)
    assert s.current_player == 1 and s.queue == (1,) and s.players[1].build_left == 1
    assert any("Red has nothing left to build" in x for x in said)
    refused({**base, "to_act": 0}, "seats.0.build_left")
    refused({**base, "seats": {"0": {"bonus_walls": 0}, "1": {"bonus_walls": 0}}}, "queue")  # nobody builds
