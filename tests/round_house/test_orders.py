"""Orders (round_house.order.*) and the rulebook's order example."""
import json

import pytest

import explorer

from .helpers import at, edit, fresh, give, phase, play


def with_order(oid, turn_done=None, fn=None):
    """Seat 0 holds order `oid` (or has completed it on turn `turn_done`)."""
    def f(d):
        for s in d["seats"]:
            if oid in s["hand"]:
                s["hand"].remove(oid)
        for lst in ("order_supply", "order_deck"):
            if oid in d[lst]:
                d[lst].remove(oid)
        if turn_done is None:
            d["seats"][0]["hand"].append(oid)
        else:
            d["seats"][0]["completed"].append([oid, turn_done])
        if fn:
            fn(d)
    return edit(fresh(3), f)


def test_rulebook_example_order():
    """round_house.order.complete and round_house.order.points-end: one good of each of the four kinds
    completes O06, worth 8 points at the end of the game."""
    def fn(d):
        for g in ("fruit", "cel", "tea"):
            give(d, 0, g, 1)
        phase(d, 0, "orders")
    s = with_order("O06", fn=fn)
    assert "order:O06" in s.legal_actions()
    t = play(s, "order:O06")
    assert t.goods[0] == [0, 0, 0, 0] and t.done[0] == [["O06", 1]] and t.points[0] == 0
    assert t.final_breakdown(0)["orders"] == 8


def test_several_orders_in_one_phase():
    """round_house.order.several: two orders in hand, both paid, both completed in the same phase."""
    def fn(d):
        for oid in ("O01", "O02"):
            for seat in d["seats"]:
                if oid in seat["hand"]:
                    seat["hand"].remove(oid)
        d["seats"][0]["hand"] = ["O01", "O02"]
        for g in ("fruit", "cel", "cel", "tea"):
            give(d, 0, g, 1)
        phase(d, 0, "orders")
    s = edit(fresh(3), fn)
    s = play(s, "order:O01")
    assert s.phase == "orders" and "order:O02" in s.legal_actions()
    s = play(s, "order:O02")
    assert [o for o, _ in s.done[0]] == ["O01", "O02"] and s.goods[0] == [0, 0, 0, 1] and s.seat == 1


def test_cannot_complete_without_the_goods():
    s = with_order("O06", fn=lambda d: phase(d, 0, "orders"))
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("order:O06")
    assert err.value.rule == "round_house.order.complete"


def goods_room(turn_done, extra=None):
    def fn(d):
        at(d, 0, "o1", "h")
        phase(d, 0, "room", room="o1", left=1)
        d["turn"] = 4
        if extra:
            extra(d)
    return with_order("O06", turn_done=turn_done, fn=fn)


def test_goods_ability_from_the_next_turn_once_per_turn():
    """round_house.order.abilities, round_house.order.ability-next-turn, round_house.order.ability-once:
    O06 gives one more good of the same kind, from the turn after completion, once per turn."""
    s = play(goods_room(turn_done=1), "do", "good:t")
    assert "dup:t" in s.legal_actions()
    s = play(s, "dup:t")
    assert s.goods[0][2] == 2 and "O06" in s.used
    same_turn = play(goods_room(turn_done=4), "do", "good:t")
    assert same_turn.goods[0][2] == 1 and not any(a.startswith("dup") for a in same_turn.legal_actions())
    twice = goods_room(turn_done=1, extra=lambda d: d["chairs"][0].append([0, 1]) or
                       d["seats"][0].__setitem__("resource", 4))
    twice = edit(twice, lambda d: d.update(left=2))
    twice = play(twice, "do", "do", "good:t", "dup:t", "good:f")
    assert twice.goods[0][2] == 2 and twice.goods[0][0] == 1
    assert not any(a.startswith("dup") for a in twice.legal_actions())


def test_goods_ability_is_optional_and_can_wait():
    """round_house.order.optional: the extra good is a choice; the player may let the first gain pass and
    use the ability on a later gain of the same turn (here gold instead of fruit)."""
    s = goods_room(turn_done=1, extra=lambda d: d["chairs"][0].append([0, 1]) or
                   d["seats"][0].__setitem__("resource", 4))
    s = edit(s, lambda d: d.update(left=2))
    s = play(s, "do", "good:f")
    assert "dup:f" in s.legal_actions()
    s = play(s, "car:0", "do", "good:t")  # the extra fruit is left pending; a tea comes in
    assert {"dup:f", "dup:t"} <= set(s.legal_actions()) and "O06" not in s.used
    s = play(s, "dup:t")
    assert s.goods[0][2] == 2 and s.goods[0][0] == 1 and "O06" in s.used
    assert not any(a.startswith("dup") for a in s.legal_actions())  # once per turn: the fruit one is gone
    with pytest.raises(explorer.IllegalAction) as err:
        goods_room(turn_done=4).apply("dup:t")
    assert err.value.rule == "round_house.order.optional"


def test_other_abilities():
    """round_house.order.abilities (assumed): caravan +1 money, invest +1 point, worship +2 money."""
    s = with_order("O01", turn_done=0, fn=lambda d: (at(d, 0, "o1", "h"), phase(d, 0, "room", room="o1", left=1)))
    s = play(s, "do", "car:0")
    assert s.money[0] == 4
    w = with_order("O03", turn_done=0, fn=lambda d: (at(d, 0, "o10", "h"), phase(d, 0, "move")))
    w = play(w, "1>h")
    assert w.money[0] == 5
    i = with_order("O02", turn_done=0, fn=lambda d: (at(d, 0, "i4", "h"), phase(d, 0, "room", room="i4", left=1)))
    i = play(i, "do:a", "inv:o1")
    assert i.points[0] == 1


def marks(fn=None):
    def f(d):
        d["seats"][0]["points"] = 8
        at(d, 0, "i4", "h")
        d["chairs"][0] = [[0, 0], [0, 0]]
        d["seats"][0]["resource"] -= 2
        phase(d, 0, "room", room="i4", left=1)
        if fn:
            fn(d)
    return edit(fresh(3), f)


def test_order_mark_draw_and_amulet_instead():
    """round_house.order.draw, round_house.order.draw-choice and round_house.order.amulet-instead: passing the
    10 mark (via the elder
    specialist's +3 on investing) lets the player take an order, draw blind, take an amulet, or decline."""
    def fn(d):
        d["seats"][0]["specialists"] = ["S09"]
        d["specialist_supply"] = [x for x in d["specialist_supply"] if x != "S09"]
        d["specialist_deck"] = [x for x in d["specialist_deck"] if x != "S09"]
        d["specialist_discard"] = [x for x in d["specialist_discard"] if x != "S09"]
        d["chairs"][0] = []
        d["seats"][0]["resource"] += 2
    s = play(marks(fn), "do:a", "inv:o2")
    assert s.points[0] == 11 and s.prio == ["ord"]
    acts = s.legal_actions()
    assert acts[-1] == "ord:no" and "ord:deck" in acts and any(a.startswith("ord:A") for a in acts)
    assert all(a.startswith("ord:") for a in acts)
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("car:0")
    assert err.value.rule == "round_house.order.draw"
    up = s.ord_up[0]
    t = play(s, f"ord:{up}")
    assert up in t.hand[0] and len(t.ord_up) == 3
    amulet = s.amu_up[1]
    u = play(s, f"ord:{amulet}")
    assert amulet in u.amulets[0] and len(u.amu_up) == 3
    v = play(s, "ord:deck")
    assert len(v.hand[0]) == 2 and len(v.ord_deck) == len(s.ord_deck) - 1


def test_orders_in_hand_are_secret():
    """round_house.hidden.orders"""
    s = fresh(3)
    mine = s.hand[0][0]
    assert s.private_ids(0) == {mine}
    assert mine in json.dumps(s.view(0))
    for seat in (-1, 1, 2):
        assert f'"{mine}"' not in json.dumps(s.view(seat))
    assert s.view(1)["seats"][0]["hand"] is None and s.view(1)["seats"][0]["hand_size"] == 1


def _secret_hand(hand, goods=("fruit", "cel")):
    """Seat 0 in the gold room o5 with `goods` (+ its gold), holding `hand`; seats 1 and 2 hold O02 and O03.
    Positions built with different `hand`s of one size differ only in what seat 0 alone may see."""
    def fn(d):
        for seat, h in zip(d["seats"], (hand, ["O02"], ["O03"])):
            seat["hand"] = list(h)
        for g in goods:
            give(d, 0, g, 1)
        at(d, 0, "o5", "h")
        phase(d, 0, "room", room="o5", left=1)
    return edit(fresh(3), fn)


def _public(s):
    """Everything seats 1 and 2 and a spectator are shown, including whose turn it is."""
    return (s.current_player, s.phase, s.turn_label(), s.view(-1), s.view(1), s.view(2))


def test_order_phase_does_not_reveal_the_hand():
    """round_house.hidden.orders: whether the order phase waits for an explicit `end` is decided from public
    information only. With fruit and celadon, seat 0 can pay O01 but not O05 or O04: the three worlds, which
    only seat 0 can tell apart, show the same public sequence (same seat to act, same phase, same views) while
    seat 0 alone is offered its completion."""
    worlds = [_secret_hand([o]) for o in ("O01", "O05", "O04")]
    assert len({_public(w)[0] for w in worlds}) == 1 and all(_public(w) == _public(worlds[0]) for w in worlds)
    after = [play(w, "do:gold") for w in worlds]
    assert all(_public(a) == _public(after[0]) for a in after)
    assert after[0].phase == "orders" and after[0].current_player == 0  # someone might complete an order
    assert after[0].legal_actions() == ("order:O01", "end")
    assert after[1].legal_actions() == ("end",) and after[2].legal_actions() == ("end",)
    assert "Red to act (orders)" in after[1].describe()
    ended = [play(a, "end") for a in after]
    assert all(_public(e) == _public(ended[0]) for e in ended) and ended[0].current_player == 1
    # from seat 1's view, bots rebuild worlds that wait for seat 0 in the same way
    rebuilt = explorer.spec("round_house").from_view(after[1].view(1), seed=5)
    assert rebuilt.current_player == 0 and rebuilt.phase == "orders" and rebuilt.view(1) == after[1].view(1)


def test_order_phase_skipped_when_no_order_could_be_paid():
    """round_house.hidden.orders: with goods that pay no order still unaccounted for (a single gold), the turn
    ends by itself whatever the hand holds; so it does with an empty hand."""
    for hand in (["O01"], ["O05"], []):
        s = play(_secret_hand(hand, goods=()), "done")
        assert s.current_player == 1 and s.phase != "orders"
    # two gold pay only O10: hidden, it stops the turn; completed by Blue (so public), it does not
    assert play(_secret_hand(["O01"], goods=("gold",)), "done").current_player == 0

    def only_public(d):
        d["seats"][1]["completed"] = [["O10", 1]]
        for pile in ("order_supply", "order_deck"):
            if "O10" in d[pile]:
                d[pile].remove("O10")
    s = play(edit(_secret_hand(["O01"], goods=("gold",)), only_public), "done")
    assert s.current_player == 1
