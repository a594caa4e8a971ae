"""The thirteen room actions and the four effects (round_house.room.*, round_house.effect.*)."""
import pytest

import explorer

from .helpers import at, edit, fresh, give, money, phase, play, room, workers_to_town


def in_room(rid, kind=None, seat=0, fn=None, players=3, left=1):
    def f(d):
        if kind:
            room(d, rid, kind)
        for p in range(players):
            at(d, p, "h", "h")
        at(d, seat, rid, "h")
        phase(d, seat, "room", room=rid, left=left)
        if fn:
            fn(d)
    return edit(fresh(players), f)


def test_goods_room_good_then_caravan():
    """round_house.room.goods, round_house.effect.good, round_house.effect.caravan."""
    s = in_room("o1")
    assert s.legal_actions() == ("do", "done")
    s = play(s, "do")
    assert set(s.legal_actions()) == {"good:f", "good:c", "good:t", "car:0", "car:1", "car:2", "car:3", "done"}
    s = play(s, "good:t", "car:2")
    assert s.goods[0][2] == 1 and s.money[0] == 1 and s.caravan == 2 and s.towns[2][0] == 1
    assert s.res[0] == 4 and s.phase == "orders" or s.seat == 1


def test_actions_in_any_order_or_none():
    """round_house.room.action: effects may be taken in any order, or skipped with done."""
    s = play(in_room("o1"), "do", "car:0")
    assert s.towns[0][0] == 1 and "good:f" in s.legal_actions()
    t = play(in_room("o1"), "done")
    assert t.seat == 1 and t.goods[0][:3] == [0, 0, 0]


def test_gold_or_pirate():
    """round_house.room.goldpirate and round_house.effect.pirate (refill to three)."""
    s = in_room("o5")
    assert set(s.legal_actions()) == {"do:gold", "do:pirate", "done"}
    t = play(s, "do:gold")
    assert t.goods[0][3] == 2
    u = play(s, "do:pirate")
    pick = u.pir_up[0]
    u = play(u, f"pir:{pick}")
    assert pick in u.pir_disc and len(u.pir_up) == 3 and pick not in u.pir_up


def test_pirate_pile_reshuffles():
    """round_house.effect.pirate: with the pile empty, the discards are shuffled into a new pile."""
    def fn(d):
        d["pirate_discard"] = d["pirate_deck"]
        d["pirate_deck"] = []
    s = play(in_room("o5", fn=fn), "do:pirate")
    pick = s.pir_up[0]
    s = play(s, f"pir:{pick}")
    assert len(s.pir_up) == 3 and len(s.pir_deck) == 7 and s.pir_disc == []


def test_market_sell_one_and_clear_when_full():
    """round_house.room.market and round_house.room.clear (market A in o3: fruit -> 3 money)."""
    s = in_room("o3", fn=lambda d: give(d, 0, "fruit", 1))
    assert set(s.legal_actions()) == {"do:1", "done"}
    t = play(s, "do:1")
    assert t.money[0] == 6 and t.slots[2] == [0, -1, -1]
    full = in_room("o3", fn=lambda d: (give(d, 0, "tea", 1), d["slots"].__setitem__(2, [0, 1, -1]),
                                       d["supply"].__setitem__(0, d["supply"][0] - 1),
                                       d["supply"].__setitem__(1, d["supply"][1] - 1)))
    u = play(full, "do:3")
    assert u.slots[2] == [-1, -1, -1] and u.points[0] == 2


def test_specialist_room_and_refill():
    """round_house.room.specialist"""
    s = play(in_room("o7"), "do")
    pick = s.spec_up[1]
    t = play(s, f"spec:{pick}")
    assert pick in t.specs[0] and len(t.spec_up) == 3


def test_specialist_deck_reshuffles():
    """round_house.specialist.reshuffle"""
    def fn(d):
        d["specialist_discard"] = d["specialist_deck"]
        d["specialist_deck"] = []
    s = play(in_room("o7", fn=fn), "do")
    s = play(s, f"spec:{s.spec_up[0]}")
    assert len(s.spec_up) == 3 and len(s.spec_deck) == 20


def test_counting_house_money_and_refill():
    """round_house.room.counting"""
    s = in_room("i1", fn=lambda d: (d.__setitem__("counting", 7), d.__setitem__("bank", d["bank"] - 4)))
    assert set(s.legal_actions()) == {"do:money", "do:good", "done"}
    t = play(s, "do:money")
    assert t.money[0] == 10 and t.counting == 3 and t.tasks == ["car"]
    u = play(s, "do:good", "good:f")
    assert u.goods[0][0] == 1 and u.counting == 7


def test_great_hall_option_a():
    """round_house.room.greathall and round_house.room.greathall-money: 2 money onto the counting house."""
    s = play(in_room("i4"), "do:a")
    assert s.money[0] == 1 and s.counting == 5 and s.board[0] == 7 and s.res[0] == 7
    assert sorted(s.tasks) == ["car", "inv"]


def test_great_hall_copy_and_not_itself():
    """round_house.room.greathall and round_house.room.copy-self: copy any leader's room, recruit once."""
    s = in_room("i4", fn=lambda d: at(d, 1, "o5", "h"))
    t = play(s, "do:copy")
    assert t.board[0] == 8 and t.tasks == ["copy"]
    assert set(t.legal_actions()) == {"copy:o5:gold", "copy:o5:pirate", "done"}
    u = play(t, "copy:o5:gold")
    assert u.goods[0][3] == 2
    alone = in_room("i4")
    assert "do:copy" not in alone.legal_actions()  # every other leader is in the ancestral hall
    with pytest.raises(explorer.IllegalAction) as err:
        t.apply("copy:i4")
    assert err.value.rule == "round_house.room.copy-self"


def test_great_hall_cannot_copy_a_leader_in_the_ancestral_hall():
    """round_house.room.copy-hall: a leader in the ancestral hall stands in no room, so the great hall offers
    no copy of it (no worship through the great hall), and asking for one names that reading; the state is
    unchanged."""
    alone = in_room("i4")
    assert any(r == -1 for ls in alone.leaders for r in ls)
    assert set(alone.legal_actions()) == {"do:a", "done"}
    before = alone.to_json()
    with pytest.raises(explorer.IllegalAction) as err:
        alone.apply("do:copy")
    assert err.value.rule == "round_house.room.copy-hall"
    t = play(in_room("i4", fn=lambda d: at(d, 1, "o5", "h")), "do:copy")
    assert all(a.startswith("copy:o5") or a == "done" for a in t.legal_actions())
    with pytest.raises(explorer.IllegalAction) as err:
        t.apply("copy:h")
    assert err.value.rule == "round_house.room.copy-hall"
    assert alone.to_json() == before


def test_retail_and_wholesale():
    """round_house.room.retail and round_house.room.wholesale: left to right, different / identical kinds;
    round_house.room.retail-kinds: gold counts as a kind, and no more goods than empty spaces."""
    def goods(d):
        give(d, 0, "fruit", 2)
        give(d, 0, "tea", 1)
    s = in_room("o8", "retail", fn=goods)
    acts = s.legal_actions()
    assert "do:ft" in acts and "do:ff" not in acts and "do:ftg" in acts
    t = play(s, "do:ft")
    assert t.slots[7] == [0, 2, -1] and t.money[0] == 3 + 2 + 3
    w = in_room("o8", "wholesale", fn=goods)
    acts = w.legal_actions()
    assert "do:ff" in acts and "do:ft" not in acts and "do:fff" not in acts
    v = play(w, "do:ff")
    assert v.slots[7] == [0, 0, -1] and v.money[0] == 3 + 2 + 2 and v.board[0] == 8
    assert v.room_choices(7, 0) == ["t", "g"]  # one empty space left: one good, gold included


def test_bank_pays_from_the_left():
    """round_house.room.bank"""
    s = in_room("o6", "bank", fn=lambda d: money(d, 0, 5))
    assert set(s.legal_actions()) == {"do:1", "do:2", "done"}
    t = play(s, "do:2")
    assert t.money[0] == 0 and t.goods[0][3] == 2 and t.points[0] == 2 and t.tasks == ["car"]


def test_black_market_two_transactions():
    """round_house.room.blackmarket and round_house.blackmarket.price (sale = price + 2)."""
    s = in_room("o4", "black_market", fn=lambda d: give(d, 0, "tea", 1))
    s = play(s, "do")
    assert s.tasks == ["bm", "bm"]
    t = play(s, "bm-t")
    assert t.money[0] == 3 + 3 + 2
    t = play(t, "bm+f")
    assert t.money[0] == 6 and t.goods[0][0] == 1 and t.tasks == [] and t.seat == 1


def test_exchange_costs_and_choices():
    """round_house.room.exchange: 1/3/6/9 money for 1/2/3/4 choices, repeats allowed."""
    s = in_room("o2", "exchange", fn=lambda d: money(d, 0, 9))
    assert {"do:1", "do:2", "do:3", "do:4"} <= set(s.legal_actions())
    t = play(s, "do:3", "ex:gold", "ex:gold", "ex:rec")
    assert t.money[0] == 3 and t.goods[0][3] == 3 and t.board[0] == 8


def test_meeting_hall_workers_leave_play():
    """round_house.room.meeting and round_house.effect.return"""
    s = in_room("o4", "meeting_hall")
    t = play(s, "do:3")
    assert t.money[0] == 2 and t.res[0] == 3 and t.gone[0] == 2 and t.tasks == ["spec"] * 3
    for _ in range(3):
        t = play(t, f"spec:{t.spec_up[0]}")
    assert len(t.specs[0]) == 3


def test_warehouse_takes_from_any_room_and_refills():
    """round_house.room.warehouse and round_house.setup.warehouse"""
    s = fresh(3)
    wi = s.kinds.index("warehouse") if "warehouse" in s.kinds else None
    s = in_room("o10", "warehouse", fn=lambda d: (money(d, 0, 5),
                                                   d["slots"].__setitem__(2, [0, -1, -1]),
                                                   d["supply"].__setitem__(0, d["supply"][0] - 1)))
    assert s.slots[9] == [0, 1, 2] and wi is None or True
    t = play(s, "do:2")
    assert t.money[0] == 2 and t.board[0] == 8
    assert "take:o3:f" in t.legal_actions() and "take:o10:t" in t.legal_actions()
    t = play(t, "take:o3:f", "take:o10:t")
    assert t.goods[0][0] == 1 and t.goods[0][2] == 1 and t.slots[2] == [-1, -1, -1]
    assert t.slots[9] == [0, 1, 2]  # refilled once the takes are done


def test_recruit_from_the_left():
    """round_house.effect.recruit: the personal board empties from the left; an empty board gives nothing."""
    s = in_room("i4", fn=lambda d: d["seats"][0].update(board=1, resource=13))
    t = play(s, "do:a")
    assert t.board[0] == 0 and t.res[0] == 14


def test_investment_doubles_the_room_once():
    """round_house.effect.invest, round_house.effect.double: the rulebook's red player in an invested goods
    room takes two goods and makes two caravan dispatches; the normal investment's worker comes back."""
    def fn(d):
        d["chairs"][0] = [[0, 0]]
        d["seats"][0]["resource"] -= 1
    s = in_room("o1", fn=fn, left=2)
    s = play(s, "do", "do")
    assert s.chairs[0] == [] and s.res[0] == 5
    s = play(s, "good:f", "good:c", "car:0", "car:0")
    assert s.goods[0][:3] == [1, 1, 0] and s.towns[0][0] == 2


def _invested_without_workers(**opts):
    """Seat 0 in the goods room o1 on its own normal investment, every other worker in a town: two executions."""
    def fn(d):
        d["chairs"][0] = [[0, 0]]
        d["seats"][0]["resource"] -= 1
        workers_to_town(d, 0, 1, 4)
        for p in range(3):
            at(d, p, "h", "h")
        at(d, 0, "o1", "h")
        phase(d, 0, "room", room="o1", left=2)
    return edit(explorer.load("round_house", players=3, seed=0, **opts) if opts else fresh(3), fn)


def test_normal_investment_worker_returns_at_the_second_execution():
    """round_house.effect.invest-return (default investment_return='second_execution'): the worker comes back
    as the second execution starts, so that execution can dispatch it with the caravan."""
    s = play(_invested_without_workers(), "do")
    assert s.res[0] == 0 and not any(a.startswith("car:") for a in s.legal_actions())
    s = play(s, "do")
    assert s.res[0] == 1 and s.chairs[0] == [] and "car:0" in s.legal_actions()
    s = play(s, "car:0")
    assert s.towns[0][0] == 1 and s.res[0] == 0


def test_normal_investment_worker_returns_at_room_end_option():
    """round_house.effect.invest-return with investment_return='room_end': the worker stays on its chair through
    the second execution (no caravan dispatch with it, the chair still taken) and comes back when the room phase
    ends; a position saved in between keeps that pending return."""
    s = play(_invested_without_workers(investment_return="room_end"), "do", "do")
    assert s.res[0] == 0 and s.chairs[0] == [[0, 0]] and not any(a.startswith("car:") for a in s.legal_actions())
    assert explorer.from_json(s.to_json()) == s
    t = play(s, "good:f", "good:c")
    assert t.res[0] == 1 and t.chairs[0] == [] and not any(u.startswith("chair:") for u in t.used)
    u = play(s, "done")
    assert u.res[0] == 1 and u.chairs[0] == []
    once = play(_invested_without_workers(investment_return="room_end"), "do", "done")  # second not used
    assert once.chairs[0] == [[0, 0]] and once.res[0] == 0


def test_arriving_with_an_investment_allows_two():
    """round_house.effect.double: the move itself grants the second execution."""
    def fn(d):
        at(d, 0, "h", "h")
        d["chairs"][4] = [[0, 1]]
        d["seats"][0]["resource"] -= 1
        phase(d, 0, "move")
    s = edit(fresh(3), fn)
    s = play(s, "1>o1", "2>o3") if False else s
    s = edit(s, lambda d: (at(d, 0, "o3", "h"), phase(d, 0, "move")))
    t = play(s, "1>o5")
    assert t.left == 2
    t = play(t, "do:gold", "do:gold")
    assert t.goods[0][3] == 3 and t.chairs[4] == [[0, 1]]  # permanent: stays


def test_permanent_and_normal_investment():
    """round_house.effect.invest and round_house.effect.permanent"""
    s = play(in_room("i4"), "do:a")
    assert "inv:o1" in s.legal_actions() and "perm:o1" in s.legal_actions()
    t = play(s, "perm:o1")
    assert t.chairs[0] == [[0, 1]]
    u = play(s, "inv:o1")
    assert u.chairs[0] == [[0, 0]]


def test_caravan_needs_a_worker_and_moves_at_most_three():
    """round_house.effect.caravan and round_house.caravan.max"""
    s = play(in_room("o1", fn=lambda d: money(d, 0, 10)), "do")
    assert [a for a in s.legal_actions() if a.startswith("car")] == ["car:0", "car:1", "car:2", "car:3"]
    t = in_room("o1", fn=lambda d: workers_to_town(d, 0, 1, 5))
    t = play(t, "do")
    assert not [a for a in t.legal_actions() if a.startswith("car")]


def test_goods_supply_is_limited():
    """round_house.supply.goods: with no tea left in the supply, tea cannot be gained."""
    def fn(d):
        d["seats"][1]["goods"][2] += d["supply"][2]
        d["supply"][2] = 0
    s = play(in_room("o1", fn=fn), "do")
    assert "good:t" not in s.legal_actions() and "good:f" in s.legal_actions()


def test_money_supply_is_booked():
    """round_house.supply.money: the bank may go below zero, yet money is conserved."""
    def fn(d):
        d["counting"] += d["bank"]
        d["bank"] = 0
    s = in_room("i1", fn=fn)
    s.check_invariants()
    t = play(s, "do:money")
    assert t.bank == -3 and t.counting == 3
    t.check_invariants()


def test_illegal_room_action_names_the_rule():
    """An unavailable room action is refused naming that room's own rule (round_house.room.goldpirate, ...), a
    third execution names round_house.effect.double, and the state is unchanged every time."""
    s = in_room("o5")
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("do:money")
    assert err.value.rule == "round_house.room.goldpirate"
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("good:f")
    assert err.value.rule == "round_house.effect.good"
    once = play(s, "do:pirate")
    with pytest.raises(explorer.IllegalAction) as err:
        once.apply("do:gold")
    assert err.value.rule == "round_house.effect.double"
    with pytest.raises(explorer.IllegalAction) as err:
        edit(fresh(3), lambda d: phase(d, 0, "move")).apply("do")
    assert err.value.rule == "round_house.turn.phases"


@pytest.mark.parametrize("rid,kind,cash,bad,rule", [
    ("i4", None, 1, "do:a", "round_house.room.greathall"),            # the 2-money fee
    ("o2", "exchange", 3, "do:3", "round_house.room.exchange"),       # 6 money for three choices
    ("o6", "bank", 4, "do:3", "round_house.room.bank"),               # 2 + 3 + 4 money
    ("o10", "warehouse", 2, "do:2", "round_house.room.warehouse"),    # 3 money for two goods
    ("o4", "meeting_hall", 0, "do:1", "round_house.room.meeting"),    # 1 money
    ("o3", None, 3, "do:2", "round_house.room.market"),               # no celadon to sell
    ("o8", "retail", 3, "do:ff", "round_house.room.retail"),          # two of one kind
    ("o8", "wholesale", 3, "do:ft", "round_house.room.wholesale"),    # two kinds
    ("i1", None, 3, "do:gold", "round_house.room.counting"),
])
def test_unaffordable_room_actions_name_the_room(rid, kind, cash, bad, rule):
    """Each room's refusal names its own rule (round_house.room.greathall, round_house.room.exchange,
    round_house.room.bank, round_house.room.warehouse, round_house.room.meeting, round_house.room.market,
    round_house.room.retail, round_house.room.wholesale, round_house.room.counting), state unchanged."""
    s = in_room(rid, kind, fn=lambda d: (money(d, 0, cash), give(d, 0, "fruit", 2), give(d, 0, "tea", 1)))
    before = s.to_json()
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply(bad)
    assert err.value.rule == rule
    assert s.to_json() == before
