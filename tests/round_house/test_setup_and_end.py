"""Set-up (round_house.setup.*), turn structure and the end of the game (round_house.end.*)."""
import random

import pytest

from explorer.games.round_house.config import config

from .helpers import at, edit, fresh, give, phase, play, workers_to_town


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup(players):
    """round_house.setup.tiles, round_house.setup.hall, round_house.setup.caravan, round_house.setup.amulets,
    round_house.setup.pirates, round_house.setup.temples, round_house.setup.specialists, round_house.setup.orders,
    round_house.setup.counting, round_house.setup.marker, round_house.setup.leaders, round_house.setup.workers,
    round_house.setup.gold, round_house.setup.money, round_house.setup.warehouse; round_house.turn.length"""
    s = fresh(players, seed=players)
    cfg = s.cfg
    # round_house.setup.tiles: large tiles in large spaces, 2 of the 4 small tiles in play
    for i, k in enumerate(s.kinds):
        if cfg.slot_kind[i] == "tile_large":
            assert k in cfg.large_tiles
        elif cfg.slot_kind[i] == "tile_small":
            assert k in cfg.small_tiles
    assert len(s.out_tiles) == 2 and set(s.out_tiles) <= set(cfg.small_tiles)
    assert all(ls == [-1] * (1 if players == 5 else 2) for ls in s.leaders)  # round_house.setup.leaders
    assert s.caravan == 0 and cfg.towns[0] == "southeast"  # round_house.setup.caravan
    assert all(s.grid) and s.end_amulet and len(s.amu_up) == 3 and len(s.amu_deck) == 18 - 10
    assert len(s.pir_up) == 3 and len(s.pir_deck) == 7  # round_house.setup.pirates
    assert s.temples == [False] * 4  # round_house.setup.temples
    assert len(s.spec_up) == 3 and len(s.spec_deck) == 21  # round_house.setup.specialists
    assert all(len(h) == 1 and h[0] in cfg.start_orders for h in s.hand)  # round_house.setup.orders
    assert len(s.ord_up) == 3 and len(s.ord_deck) == 12
    assert s.counting == 3 and s.marker == 0  # round_house.setup.counting / .marker
    assert s.board == [9] * players and s.res == [5] * players and s.points == [0] * players  # .workers
    assert all(g == [0, 0, 0, 1] for g in s.goods)  # round_house.setup.gold
    assert s.money == [3, 3, 4, 5, 6][:players]  # round_house.setup.money
    assert cfg.length == {2: 7, 3: 8, 4: 10, 5: 12}[players]  # round_house.turn.length
    if "warehouse" in s.kinds:  # round_house.setup.warehouse
        assert s.slots[s.kinds.index("warehouse")] == [0, 1, 2]
    assert s.reachable(0)  # round_house.setup.hall: leaders leave the hall by either ring
    s.check_invariants()


def test_turn_phases_and_order():
    """round_house.turn.phases and round_house.turn.order: specialist, move, room, orders, next seat."""
    s = fresh(3)
    assert s.phase == "move" and s.seat == 0  # no specialist to use: straight to moving
    s = play(s, "1>o1")
    assert s.phase == "room"
    s = play(s, "done")
    assert s.seat == 1 and s.turn == 2


def near_end(players=3, marker=7, fn=None):
    def f(d):
        d["marker"] = marker
        at(d, 0, "o10", "h")
        phase(d, 0, "move")
        if fn:
            fn(d)
    return edit(fresh(players), f)


def test_end_trigger_amulet_and_last_turns():
    """round_house.end.trigger, round_house.end.amulet: the player reaching the end space takes its amulet,
    finishes the turn, then every other player has one more turn."""
    s = near_end()
    amulet = s.end_amulet
    s = play(s, "1>h", "fam:1")
    assert s.marker == 8 and s.end_seat == 0 and amulet in s.amulets[0] and s.end_amulet is None
    assert s.seat == 1 and s.phase != "over"
    s = play(s, "1>o1", "done")
    assert s.seat == 2
    s = play(s, "1>o1" if "1>o1" in s.legal_actions() else s.legal_actions()[0])
    while s.seat == 2 and not s.is_terminal:
        s = play(s, "done" if "done" in s.legal_actions() else "end")
    assert s.is_terminal and s.current_player is None and s.legal_actions() == ()


def test_worship_after_the_end_space():
    """round_house.worship.after-end: in the last turns a family worship still lays out workers; the marker
    stays on the end space and the end amulet is gone already."""
    def fn(d):
        d["end_seat"] = 1
        d["seats"][1]["amulets"].append(d["end_amulet"])
        d["end_amulet"] = None
        workers_to_town(d, 0, 0, 2)
    s = play(near_end(marker=8, fn=fn), "1>h", "fam:1")
    assert s.marker == 8 and s.phase == "family" and s.end_seat == 1
    t = play(s, "line:a2")
    assert t.elders[1] == [0] and t.marker == 8


def test_final_scoring_parts():
    """round_house.end.amulets, round_house.end.orders, round_house.end.board, round_house.end.workers,
    round_house.end.leftovers, round_house.end.no-orders"""
    def fn(d):
        seat = d["seats"][0]
        seat["board"], seat["resource"] = 0, 14
        workers_to_town(d, 0, 1, 3)
        d["chairs"][0] = [[0, 0]]
        seat["resource"] -= 1
        give(d, 0, "fruit", 2)
        seat["completed"] = [["O06", 1]]
        for lst in ("order_supply", "order_deck"):
            if "O06" in d[lst]:
                d[lst].remove("O06")
        seat["points"] = 9
        ids = d["amulet_deck"][:3]
        d["amulet_deck"] = d["amulet_deck"][3:]
        seat["amulets"] = ids
    s = near_end(fn=fn)
    b = s.final_breakdown(0)
    cfg = s.cfg
    kinds = [cfg.amulet_kind[cfg.amulet_ids.index(a)] for a in s.amulets[0]]
    assert b["board"] == 2 + 4 and b["workers"] == 4 and b["orders"] == 8
    assert b["leftovers"] == (2 + 1 + 10 + 3) // 3
    assert b["amulets"] == {3: 6, 2: 3 + 1, 1: 3}[len(set(kinds))]
    t = edit(s, lambda d: (d.update(end_seat=1), phase(d, 0, "orders")))
    t = play(t, "end")
    assert t.is_terminal and t.points[0] == 9 + sum(b.values()) and t.prio == []


def test_tie_breaks_on_money_then_shared():
    """round_house.end.tie"""
    s = near_end(fn=lambda d: (d.update(end_seat=1), phase(d, 0, "orders")))
    t = play(s, "end")
    pts = t.points
    assert t.winners() == [p for p in range(3) if (pts[p], t.money[p]) == max(zip(pts, t.money))]
    tie = edit(s, lambda d: [x.update(money=4, goods=[0, 0, 0, 1]) for x in d["seats"]] and
               d.update(bank=d["bank"] + sum(3 + i for i in (0, 0, 1)) - 12))
    u = play(tie, "end")
    assert u.winners() == [0, 1, 2]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end(players):
    """Whole random games end with final scores (round_house.end.trigger)."""
    for seed in range(2):
        s = fresh(players, seed)
        rnd = random.Random(seed)
        n = 0
        while not s.is_terminal:
            s = s.apply(rnd.choice(s.legal_actions()))
            n += 1
            assert n < 5000
        s.check_invariants()
        assert s.marker == config(players, {}).length and len(s.winners()) >= 1


def test_leftovers_pooled_or_separate():
    """round_house.end.leftovers, round_house.end.leftovers-pooled: 2 goods + 2 gold + 2 workers + 2 money
    score 8 // 3 = 2 pooled; with leftovers='separate' each category is counted on its own, 0 here."""
    import explorer

    def fn(d):
        seat = d["seats"][0]
        give(d, 0, "fruit", 1)
        give(d, 0, "tea", 1)
        give(d, 0, "gold", 1)
        seat["resource"] -= 3
        seat["returned"] += 3
        d["bank"] += seat["money"] - 2
        seat["money"] = 2
    pooled = edit(fresh(3), fn)
    assert pooled.final_breakdown(0)["leftovers"] == 2
    separate = edit(explorer.load("round_house", players=3, seed=0, leftovers="separate"), fn)
    assert separate.final_breakdown(0)["leftovers"] == 0
    assert edit(separate, lambda d: give(d, 0, "cel", 1)).final_breakdown(0)["leftovers"] == 1


def test_amulet_sets_are_grouped_at_best():
    """round_house.end.amulets: the player groups amulets into sets of different kinds; the best grouping
    counts. With the assumed table (1, 3, 6, ...) kinds a,a,b,c make {a,b,c} + {a} = 7; with a table where pairs
    pay more than triples per amulet, two pairs {a,b} + {a,c} win."""
    from explorer.games.round_house.state import best_sets
    tri = (0, 1, 3, 6, 10, 15, 21, 28, 36, 45)
    assert best_sets(tri, (2, 1, 1)) == 7
    pairs = (0, 1, 5, 6, 7, 8, 9, 10, 11, 12)
    assert best_sets(pairs, (2, 1, 1)) == 10
    assert best_sets(pairs, (2, 2)) == 10 and best_sets(tri, (3, 3, 3)) == 18
    assert best_sets(tri, ()) == 0
