"""Achievements, market, rounds 6 and 7, final scoring."""
import pytest

import explorer
from explorer.games.rice_paddy.steps import steps_of

from .helpers import CHAIN, at_alloc, edit, field, game, set_played, until
from .test_fields import order01, to_step


def test_round_steps():
    # rice_paddy.round.steps, rice_paddy.sixth.second-grow, rice_paddy.sixth.no-market, rice_paddy.final.steps
    assert steps_of(2) == ("rain", "play", "take", "spirits", "alloc", "build", "gates", "rocks", "drain", "weeds",
                           "pests", "harvest", "rot", "flood", "grow", "plant", "achieve", "market")
    assert steps_of(1)[:2] == ("setup", "draft") and steps_of(4)[0] == "draft"
    assert steps_of(6)[-3:] == ("plant", "grow2", "achieve") and "market" not in steps_of(6)
    assert steps_of(7) == ("dry", "alloc", "weeds", "pests", "harvest", "score")


def test_rain_card_water_and_first_player_takes_it():
    # rice_paddy.rain.reveal, rice_paddy.rain.take
    s = until(game(3, seed=6), "play", 1)
    card = s.cfg.rain[s.rain]
    assert s.rainw == card.water["3"]
    before = [p.reservoir for p in s.players]
    for _ in range(3):
        s = s.apply(s.legal_actions()[0])
    first = s.order[0]
    assert s.players[first].reservoir == before[first] + card.water["3"] and s.rainw == 0


def test_rain_adds_weeds_and_pests():
    # rice_paddy.rain.weeds-pests: card 11 adds a weed and a pest to every planted paddy
    s = until(game(2, seed=1), "market", 1)

    def setup(js):
        js["rain"]["deck"].remove(11)
        js["rain"]["deck"].insert(0, 11)
        field(js, 0, **CHAIN, crop={"a": "grown", "d": "planted"})
    s = edit(s, setup)
    while s.step != "play":
        s = s.apply("done" if "done" in s.legal_actions() else s.legal_actions()[0])
    p = s.players[0]
    L = s.cfg.index
    assert s.rain == 11 and p.weeds[L["a"]] == 1 and p.pests[L["d"]] == 1 and p.weeds[L["f"]] == 0


def achieve_state(**seat0):
    def setup(js):
        order01(js)
        js["step"], js["queue"] = "achieve", [0, 1]
        js["achievements"] = [1, 13, 15]
        js["seats"][0].update(seat0)
    return edit(at_alloc(), setup)


def test_achievements_in_turn_order_one_per_round():
    # rice_paddy.achieve.order, rice_paddy.achieve.one-per-round, rice_paddy.achieve.condition
    s = achieve_state(livestock=2)
    s = edit(s, lambda js: field(js, 0, **{**CHAIN, "rocks": ""}))
    assert s.current_player == 0
    assert s.legal_actions() == ("ach 1", "ach 13", "ach 15", "pass")
    t = s.apply("ach 13")
    assert t.players[0].rice == s.players[0].rice + t.cfg.ach[13].rice and 13 not in t.ach
    assert t.step != "achieve" or t.current_player == 1
    again = edit(s, lambda js: (js.update(queue=[0, 1]), js["seats"][0].update(achieved=True)))
    assert again.current_player == 0 and again.legal_actions() == ("pass",)
    with pytest.raises(explorer.IllegalAction) as err:
        again.apply("ach 1")
    assert err.value.rule == "rice_paddy.achieve.one-per-round"
    u = achieve_state(livestock=0)
    with pytest.raises(explorer.IllegalAction) as err:
        u.apply("ach 15")
    assert err.value.rule == "rice_paddy.achieve.condition"


def market_state(rice=40):
    s = until(game(2, seed=1), "market", 1)
    return edit(s, lambda js: (order01(js), js.update(queue=[0, 1]),
                               [x.update(rice=rice, workers=10, livestock=0) for x in js["seats"]]))


def test_rulebook_tax_for_two_and_three_purchases():
    # rice_paddy.market.tax, rice_paddy.market.price, rice_paddy.market.cheapest, rice_paddy.market.limit,
    # rice_paddy.market.order
    s = market_state()
    w = s.cfg.wprice
    one = s.apply("buy worker")
    two = one.apply("buy worker")
    three = two.apply("buy livestock")
    assert s.players[0].rice - one.players[0].rice == w[0]
    assert s.players[0].rice - two.players[0].rice == w[0] + w[1] + 4
    assert s.players[0].rice - three.players[0].rice == w[0] + w[1] + s.cfg.lprice[0] + 9
    assert three.players[0].workers == 12 and three.players[0].livestock == 1
    assert three.current_player == 1  # seat 0 has bought its three: the market moves on in turn order
    stuck = edit(two.apply("buy livestock"), lambda js: js.update(queue=[0, 1]))
    with pytest.raises(explorer.IllegalAction) as err:
        stuck.apply("buy worker")
    assert err.value.rule == "rice_paddy.market.limit"
    poor = market_state(rice=1)
    assert poor.current_player is None or "buy worker" not in poor.legal_actions()


def test_no_market_in_rounds_six_and_seven():
    # rice_paddy.market.rounds, rice_paddy.sixth.no-market
    s = until(game(2, seed=3), "alloc", 6)
    s = to_step(s, "achieve")
    while s.round == 6:
        s = s.apply(s.legal_actions()[-1])
    assert s.round == 7 and s.step == "alloc"
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("buy worker")
    assert err.value.rule == "rice_paddy.turn.step"


def test_round_six_second_grow():
    # rice_paddy.sixth.second-grow: planted in round 6 with water, it grows at once
    s = until(game(2, seed=2), "alloc", 6)

    def setup(js):
        order01(js)
        js["queue"] = [0, 1]
        field(js, 0, **CHAIN, water="a", crop={})
        js["seats"][0].update(workers=10, reservoir=0)
    s = edit(s, setup)
    s = s.apply("w plant a")
    s = to_step(s, "achieve")
    assert s.round == 6 and s.players[0].crop[0] == 2


def test_round_seven_removes_water_and_limits_allocation():
    # rice_paddy.final.remove-water, rice_paddy.final.allocate, rice_paddy.harvest.round7
    s = until(game(2, seed=2), "alloc", 6)
    s = edit(s, lambda js: (order01(js), js.update(step="achieve", queue=[0, 1]),
                            field(js, 0, **CHAIN, water="adf", magic="b", crop={"d": "grown"}),
                            js["seats"][0].update(workers=10, achieved=False)))
    while s.round == 6:
        s = s.apply(s.legal_actions()[-1])
    assert s.step == "alloc" and s.round == 7
    p = s.players[0]
    assert p.water == 0 and p.magic == 1 << s.cfg.index["b"]
    acts = s.legal_actions() if s.current_player == 0 else ()
    assert "w harvest d" in acts and not any(a.split()[1:2] in (["build"], ["plant"], ["rock"]) for a in acts)
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("w build")
    assert err.value.rule in ("rice_paddy.final.allocate", "rice_paddy.turn.step")
    rice = p.rice
    s = s.apply("w harvest d").apply("w harvest d")
    while not s.is_terminal:
        s = s.apply("done")
    bonus = s.passive(0, "end_rice") + s.passive(0, "end_per_paddy") * len(s.F(0).paddies)
    assert s.players[0].rice == rice + s.cfg.harvest[1][0][0] + s.passive(0, "harvest_bonus") + bonus


def test_final_scoring_and_tie_break():
    # rice_paddy.end.score, rice_paddy.end.tie
    s = until(game(2, seed=2), "alloc", 7)
    s = edit(s, lambda js: ([x.update(rice=20) for x in js["seats"]],
                            set_played(js, {0: [1, 2, 3, 21, 22, 23], 1: [4, 5, 6, 24, 25, 26]})))
    while not s.is_terminal:
        s = s.apply("done")
    sc = s.scores()["seats"]
    # seat 0 gains end_rice 5 (card 21); seat 1 gains end_per_paddy 2 per paddy (card 24)
    assert sc[0] == 25 and sc[1] == 20 + 2 * len(s.F(1).paddies)
    best = max(sc)
    tied = [i for i in range(2) if sc[i] == best]
    assert s.winners() == ([1] if len(tied) == 2 else tied)
    assert s.view(0)["result"]["winners"] == s.winners() and s.turn_label() == "final scores"
