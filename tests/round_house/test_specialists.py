"""The 24 specialists as printed (round_house.specialist.*)."""
import pytest

import explorer

from .helpers import at, edit, fresh, give, money, phase, play, room


def holding(*sids, fn=None, ph="spec", **opts):
    def f(d):
        for sid in sids:
            for lst in ("specialist_supply", "specialist_deck", "specialist_discard"):
                if sid in d[lst]:
                    d[lst].remove(sid)
        d["seats"][0]["specialists"] = list(sids)
        phase(d, 0, ph)
        if fn:
            fn(d)
    return edit(explorer.load("round_house", players=3, seed=0, **opts) if opts else fresh(3), f)


@pytest.mark.parametrize("sid,money_,points,goods", [
    ("S01", 6, 0, [0, 0, 0, 1]), ("S02", 4, 1, [0, 0, 0, 1]), ("S03", 3, 0, [1, 1, 0, 1]),
    ("S04", 3, 0, [0, 1, 1, 1]), ("S05", 3, 0, [1, 0, 1, 1]),
])
def test_amulet_specialists_with_plain_rewards(sid, money_, points, goods):
    """round_house.specialist.effects and round_house.specialist.amulet: used, kept as an amulet, out of the
    specialist slots (round_house.specialist.amulet-slot)."""
    s = play(holding(sid), f"use:{sid}")
    assert (s.money[0], s.points[0], s.goods[0]) == (money_, points, goods)
    assert s.specs[0] == [] and s.spec_amulets[0] == [sid] and s.phase == "move"


def test_peddler_either_side():
    """round_house.specialist.effects: the peddler gives 4 money or 3 points."""
    s = holding("S06")
    assert {"use:S06.1", "use:S06.2", "skip"} == set(s.legal_actions())
    assert play(s, "use:S06.1").money[0] == 7
    assert play(s, "use:S06.2").points[0] == 3


def test_servant_and_young_master():
    s = play(holding("S07"), "use:S07", "perm:o3")
    assert s.chairs[2] == [[0, 1]] and s.spec_amulets[0] == ["S07"]
    t = play(holding("S08"), "use:S08", "car:0")
    assert t.money[0] == 4 and t.towns[0][0] == 1


def test_amulet_specialists_score_as_amulets():
    """round_house.end.amulets: an amulet-type specialist counts as the amulet kind it shows."""
    s = play(holding("S01"), "use:S01")
    assert s.amulet_points(0) == 1
    t = edit(s, lambda d: (d["seats"][0]["amulets"].append(d["amulet_deck"].pop())))
    assert t.amulet_points(0) in (3, 2)  # a set of two kinds (3), or two singles of one kind (1 + 1)


def test_passives_cannot_be_used_and_fire_once_per_turn():
    """round_house.specialist.passive: the shopkeeper gives +1 point for a non-gold good, once per turn."""
    s = holding("S11", fn=lambda d: (at(d, 0, "o1", "h"), d["chairs"][0].append([0, 1]),
                                     d["seats"][0].__setitem__("resource", 4)), ph="room")
    s = edit(s, lambda d: d.update(room="o1", left=2))
    assert not any(a.startswith("use:") for a in holding("S11").legal_actions())
    s = play(s, "do", "do", "good:f", "good:c")
    assert s.points[0] == 1


@pytest.mark.parametrize("sid,setup,actions,check", [
    ("S09", "i4", ["do:a", "inv:o1"], lambda s: s.points[0] == 3),
    ("S10", "o5", ["do:gold"], lambda s: s.points[0] == 2),
    ("S12", "o7", ["do", "spec:{up}"], lambda s: s.points[0] == 2),
])
def test_passive_effects(sid, setup, actions, check):
    """round_house.specialist.effects: elder +3 on investing, rich man +2 on gold, clerk +2 on a specialist."""
    s = holding(sid, fn=lambda d: (at(d, 0, setup, "h")), ph="room")
    s = edit(s, lambda d: d.update(room=setup, left=1))
    for a in actions:
        s = play(s, a.format(up=s.spec_up[0]))
    assert check(s)


def test_wet_nurse_noble_lady_cantonese_huizhou():
    """round_house.specialist.oneshot (discarded after use) and round_house.specialist.investment"""
    s = play(holding("S13"), "use:S13")
    assert s.money[0] == 4 and s.board[0] == 7 and "S13" in s.spec_disc
    t = play(holding("S14"), "use:S14", "car:0", "car:1")
    assert t.board[0] == 8 and t.towns[0][0] == 1 and t.towns[1][0] == 1
    u = play(holding("S15"), "use:S15", "inv:o2")
    assert u.board[0] == 8 and u.chairs[1] == [[0, 0]]
    v = play(holding("S16"), "use:S16", "car:0")
    assert v.money[0] == 4 and v.board[0] == 8 and v.towns[0][0] == 1


def test_bookseller_eldest_daughter():
    s = play(holding("S17"), "use:S17")
    assert s.money[0] == 3 + 5 + 1
    t = play(holding("S18"), "use:S18", "good:t", "good:t")
    assert t.goods[0][2] == 2 and t.money[1] == 4 and t.money[2] == 5 and t.money[0] == 3


def test_returned_workers_option():
    """round_house.effect.return with returned_workers='board': the worker goes back onto a free space of the
    personal board (re-covering the exposed bonus space), or leaves play when the board is full."""
    def fn(d):
        for lst in ("specialist_supply", "specialist_deck", "specialist_discard"):
            if "S20" in d[lst]:
                d[lst].remove("S20")
        d["seats"][0]["specialists"] = ["S20"]
        phase(d, 0, "spec")
    base = explorer.load("round_house", players=3, seed=0, returned_workers="board")
    full = play(edit(base, fn), "use:S20")
    assert full.board[0] == 9 and full.gone[0] == 1 and full.res[0] == 4
    empty = edit(base, lambda d: (fn(d), d["seats"][0].update(board=0, resource=14)))
    assert empty.final_breakdown(0)["board"] == 6
    t = play(empty, "use:S20")
    assert t.board[0] == 1 and t.gone[0] == 0 and t.res[0] == 13
    assert t.final_breakdown(0)["board"] == 2  # the rightmost space is covered again


def test_craftsman_and_concubine_return_a_worker():
    """round_house.effect.return"""
    s = play(holding("S19"), "use:S19", "good:c")
    assert s.res[0] == 4 and s.gone[0] == 1 and s.goods[0][1] == 1 and s.goods[0][3] == 2
    t = play(holding("S20"), "use:S20")
    assert t.res[0] == 4 and t.money[0] == 7 and t.goods[0][3] == 2
    none = holding("S20", fn=lambda d: (d["seats"][0].__setitem__("resource", 0),
                                        d["towns"][2].__setitem__(0, 5)))
    assert "use:S20" not in none.legal_actions()


def test_specialist_sales_give_no_effects():
    """round_house.specialist.sell, round_house.specialist.sell-markets (only 'market' rooms, two different
    rooms for the Shandong merchant): market C's fruit space gives 1 money and an investment; through the
    Shandong merchant only the money; the fruit merchant doubles the reward; two rooms for two sales."""
    def goods(d):
        give(d, 0, "fruit", 2)
        give(d, 0, "tea", 1)
    s = play(holding("S21", fn=goods), "use:S21")
    assert s.tasks == ["sell", "sell"]
    s = play(s, "sell:i2.1")
    assert s.money[0] == 4 and s.tasks == ["sell!11"] and "inv:o1" not in s.legal_actions()
    assert not any(a.startswith("sell:i2") for a in s.legal_actions())
    s = play(s, "sell:o3.1")
    assert s.money[0] == 7
    f = play(holding("S24", fn=goods), "use:S24", "sell:o3.1")
    assert f.money[0] == 3 + 6
    t = play(holding("S22", fn=goods), "use:S22")
    assert {a for a in t.legal_actions() if a.startswith("sell")} == {"sell:o3.3", "sell:o9.3", "sell:i2.3"}
    assert "use:S23" not in holding("S23", fn=goods).legal_actions()  # no celadon to sell


def _one_of_each(d):
    for good in ("fruit", "cel", "tea"):
        give(d, 0, good, 1)


@pytest.mark.parametrize("first,second", [("sell:o3.1", "sell:o9.2"), ("sell:o9.2", "sell:o3.1")])
def test_shandong_merchant_never_doubles_whatever_the_first_room(first, second):
    """round_house.specialist.sell (rulebook 專家卡效果, card 9): the Shandong merchant's two sales each take
    their space's printed reward; only cards 10-12 double. The first sale going to o3 (room index 2) once
    made the pending second sale 'sell!2', which the engine doubled because the name ends in '2'."""
    s = play(holding("S21", fn=_one_of_each), "use:S21")
    start = s.money[0]
    s = play(s, first)
    mid = s.money[0]
    s = play(s, second)
    assert (mid - start, s.money[0] - mid) == (3, 3)  # o3's fruit space: 3 money; o9's celadon space: 3 money
    assert s.tasks == [] and s.points[0] == 0


@pytest.mark.parametrize("sid,sale,gain", [
    ("S22", "sell:o3.3", ("points", 4)),   # tea onto market A: 2 points, doubled
    ("S23", "sell:o9.2", ("money", 6)),    # celadon onto market B: 3 money, doubled
    ("S24", "sell:o3.1", ("money", 6)),    # fruit onto market A: 3 money, doubled
])
def test_tea_porcelain_and_fruit_merchants_still_double(sid, sale, gain):
    """round_house.specialist.sell: cards 10-12 double the space's reward (their doubling comes from the card)."""
    s = play(holding(sid, fn=_one_of_each), f"use:{sid}")
    before = s.money[0] if gain[0] == "money" else s.points[0]
    s = play(s, sale)
    after = s.money[0] if gain[0] == "money" else s.points[0]
    assert after - before == gain[1] and s.tasks == []


def _retail_goods(d):
    """Seat 0 has two fruit, a tea and its gold; the retail market stands in o8, the wholesale market in o4."""
    give(d, 0, "fruit", 2)
    give(d, 0, "tea", 1)
    room(d, "o8", "retail")
    room(d, "o4", "wholesale")


def test_specialist_sales_to_retail_and_wholesale_are_an_option():
    """round_house.specialist.sell-markets: by default the merchants sell only to rooms named 'market'; a sale
    to the retail market is refused naming that reading, state unchanged. With specialist_markets='all' the
    retail and wholesale markets take sales too: the good goes onto the leftmost empty space and earns that
    space's reward (doubled by the tea merchant, still without the caravan dispatch: round_house.specialist.sell),
    and the Shandong merchant's second sale goes to another room."""
    plain = play(holding("S22", fn=_retail_goods), "use:S22")
    assert not any(":" in a[5:] for a in plain.legal_actions() if a.startswith("sell"))
    before = plain.to_json()
    with pytest.raises(explorer.IllegalAction) as err:
        plain.apply("sell:o8.1:t")
    assert err.value.rule == "round_house.specialist.sell-markets" and plain.to_json() == before

    s = play(holding("S22", fn=_retail_goods, specialist_markets="all"), "use:S22")
    assert {"sell:o8.1:t", "sell:o4.1:t", "sell:o3.3"} <= set(s.legal_actions())
    assert "sell:o8.1:f" not in s.legal_actions()  # the tea merchant sells tea
    t = play(s, "sell:o8.1:t")
    assert t.slots[7] == [2, -1, -1] and t.money[0] == 3 + 2 * 2 and t.tasks == [] and t.seat == 0

    u = play(holding("S21", fn=_retail_goods, specialist_markets="all"), "use:S21")
    assert {"sell:o8.1:f", "sell:o8.1:g", "sell:o4.1:t"} <= set(u.legal_actions())
    u = play(u, "sell:o4.1:g")  # gold onto the wholesale market's first space: 2 money, no recruit
    assert u.slots[3] == [3, -1, -1] and u.money[0] == 5 and u.board[0] == 9 and u.goods[0][3] == 0
    assert not any(a.startswith("sell:o4") for a in u.legal_actions())
    with pytest.raises(explorer.IllegalAction) as err:
        u.apply("sell:o4.2:f")
    assert err.value.rule == "round_house.specialist.sell-markets"
    u = play(u, "sell:o8.1:f")
    assert u.slots[7] == [0, -1, -1] and u.money[0] == 7 and u.tasks == []


def test_unusable_specialists_name_the_rule():
    """round_house.specialist.passive (a passive card is never used), round_house.specialist.effects (an
    either/or card needs its side), round_house.specialist.sell (nothing to sell), state unchanged."""
    for sid, text, rule in (("S11", "use:S11", "round_house.specialist.passive"),
                            ("S06", "use:S06", "round_house.specialist.effects"),
                            ("S23", "use:S23", "round_house.specialist.sell")):
        s = holding(sid)
        before = s.to_json()
        with pytest.raises(explorer.IllegalAction) as err:
            s.apply(text)
        assert err.value.rule == rule, text
        assert s.to_json() == before


def test_one_specialist_per_turn():
    """round_house.specialist.use"""
    s = play(holding("S01", "S02"), "use:S01")
    assert s.phase == "move"
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("use:S02")
    assert err.value.rule == "round_house.specialist.use"


def test_limit_of_three_discard_on_gain():
    """round_house.specialist.limit: taking a fourth specialist forces the discard of an old one (the rulebook
    says the old one; the new card cannot be thrown away at once, e.g. to cash in the clerk's +2)."""
    s = holding("S01", "S02", "S03", fn=lambda d: (at(d, 0, "o7", "h"), d.update(room="o7", left=1)), ph="room")
    s = play(s, "do")
    new = s.spec_up[0]
    s = play(s, f"spec:{new}")
    assert s.prio == ["disc"]
    assert set(s.legal_actions()) == {f"disc:{x}" for x in ("S01", "S02", "S03")}
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply(f"disc:{new}")
    assert err.value.rule == "round_house.specialist.limit"
    t = play(s, "disc:S02")
    assert sorted(t.specs[0]) == sorted(["S01", "S03", new]) and "S02" in t.spec_disc


def _slot_game(option):
    """Seat 0 holds S02 and S03 and has used S01 (kept as an amulet); it stands in a specialist room."""
    def f(d):
        for sid in ("S01", "S02", "S03"):
            for lst in ("specialist_supply", "specialist_deck", "specialist_discard"):
                if sid in d[lst]:
                    d[lst].remove(sid)
        d["seats"][0]["specialists"] = ["S02", "S03"]
        d["seats"][0]["specialist_amulets"] = ["S01"]
        at(d, 0, "o7", "h")
        phase(d, 0, "room", room="o7", left=1)
    opts = {} if option is None else {"amulet_specialist_slot": option}
    return edit(explorer.load("round_house", players=3, seed=0, **opts), f)


def test_used_amulet_specialist_and_the_slot_limit():
    """round_house.specialist.amulet-slot: by default a used amulet-type specialist is an amulet and frees its
    slot; with amulet_specialist_slot='occupied' it still counts, and may be the card discarded."""
    s = _slot_game(None)
    s = play(s, "do", f"spec:{s.spec_up[0]}")
    assert s.prio == [] and len(s.specs[0]) == 3
    t = _slot_game("occupied")
    t = play(t, "do")
    new = t.spec_up[0]
    t = play(t, f"spec:{new}")
    assert t.prio == ["disc"] and set(t.legal_actions()) == {"disc:S01", "disc:S02", "disc:S03"}
    u = play(t, "disc:S01")
    assert u.spec_amulets[0] == [] and "S01" in u.spec_disc and u.amulet_points(0) == 0
    assert u.to_json()["options"] == {"amulet_specialist_slot": "occupied", "returned_workers": "leave",
                                      "leftovers": "pooled", "investment_return": "second_execution",
                                      "specialist_markets": "market"}
    assert explorer.from_json(u.to_json())._key() == u._key()


def test_money_helper_used():
    s = holding("S01", fn=lambda d: money(d, 0, 0))
    assert play(s, "use:S01").money[0] == 3
