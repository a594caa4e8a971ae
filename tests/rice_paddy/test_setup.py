"""Set-up, draft and spirit cards."""
import pytest

import explorer
from explorer.games.rice_paddy.config import components

from .helpers import edit, game, set_played, until


@pytest.mark.parametrize("players,water", [(2, 15), (3, 22), (4, 30)])
def test_water_discs_by_player_count(players, water):
    # rice_paddy.setup.water: 30 discs, minus 15 for two players and 8 for three
    s = game(players)
    js = s.to_json()
    on_boards = sum(len(x["field"]["water"]) + x["reservoir"] for x in js["seats"])
    assert js["supply"]["water"] + js["rain"]["water"] + on_boards == water
    assert js["supply"]["magic"] == 7


def test_decks_rain_achievements_and_round_track():
    # rice_paddy.setup.decks, rice_paddy.setup.rain, rice_paddy.setup.achievements, rice_paddy.setup.round-track
    s = game(3, seed=4)
    js = s.to_json()
    dealt = [c for x in js["seats"] for c in x["draft"]]
    assert sorted(dealt + js["spirit_decks"][0]) == list(range(1, 21))
    assert sorted(js["spirit_decks"][1]) == list(range(21, 41))
    assert sorted(js["rain"]["deck"]) == list(range(1, 13)) and js["rain"]["card"] is None
    assert len(js["achievements"]) == 3 + 6
    assert len(game(2, seed=4).to_json()["achievements"]) == 8  # the rulebook's example: two players, eight tiles
    assert s.round == 1 and s.step == "draft" and s.turn_label() == "spirit draft 1 · pick 1 of 3"
    other = game(3, seed=5).to_json()
    assert other["rain"]["deck"] != js["rain"]["deck"] or other["spirit_decks"] != js["spirit_decks"]


def test_player_boards_and_starting_paddy():
    # rice_paddy.setup.player-board, rice_paddy.setup.start-paddy, rice_paddy.setup.cards
    s = game(4, seed=2)
    comp = components(None)
    for i, x in enumerate(s.to_json()["seats"]):
        card = next(c for c in comp.setup_cards if c.id == x["setup_card"])
        assert x["workers"] == 10 + card.workers and x["workers"] + x["worker_market"] == 20
        assert x["livestock"] == card.livestock and x["livestock"] + x["livestock_market"] == 6
        f = x["field"]
        assert f["walls"] == ["ab", "ac"] and f["gates"] == ["ad"] and f["water"] == "a"
        assert f["crop"] == {"a": "planted"}
        assert sorted(f["rocks"]) == sorted(card.rocks) and "a" not in f["rocks"] and len(f["rocks"]) == 4
        assert s.F(i).chain == (0,)  # the starting paddy, fed by the reservoir
    assert len({x["setup_card"] for x in s.to_json()["seats"]}) == 4


def test_bonus_workers_come_from_cheapest_market_spaces():
    # rice_paddy.setup.bonus-market
    s = until(game(2, seed=1), "market", 1)
    s = edit(s, lambda js: [js["seats"][i].update(workers=12, rice=50) for i in range(2)])
    seat = s.current_player
    cfg = s.cfg
    assert s.price(seat, "worker") == cfg.wprice[2]  # spaces 0 and 1 are empty


def test_bonus_walls_are_free_in_the_first_build_step():
    # rice_paddy.setup.bonus-walls: no allocation, yet the build step offers pieces; unused ones are kept
    s = until(game(2, seed=1), "alloc", 1)
    s = edit(s, lambda js: [js["seats"][i].update(bonus_walls=2 if i == 0 else 0) for i in range(2)])
    while s.step == "alloc":
        s = s.apply("done")
    assert s.step == "build" and s.current_player == 0
    s = s.apply("wall bd")
    assert s.players[0].bonus == 1
    s = s.apply("done")
    assert s.players[0].bonus == 1 and s.step != "build"


def test_paid_pieces_are_placed_before_bonus_pieces():
    # rice_paddy.setup.bonus-walls: workers paid this round are not wasted by placing a kept bonus piece first
    s = until(game(2, seed=1), "alloc", 1)
    s = edit(s, lambda js: [js["seats"][i].update(bonus_walls=2 if i == 0 else 0) for i in range(2)])
    s = s.apply("w build").apply("w build").apply("w build")
    while s.step == "alloc":
        s = s.apply("done")
    assert s.step == "build" and s.current_player == 0
    assert (s.players[0].build_left, s.players[0].bonus) == (1, 2)
    s = s.apply("wall bd")
    assert (s.players[0].build_left, s.players[0].bonus) == (0, 2)
    s = s.apply("done")
    assert s.players[0].bonus == 2 and s.step != "build"


def test_draft_keep_pass_left_and_return_last():
    # rice_paddy.draft.first, rice_paddy.setup.seats, rice_paddy.draft.hidden
    s = game(3, seed=7)
    hands = [s.players[i].draft for i in range(3)]
    picks = [h[0] for h in hands]
    for i in range(3):
        assert s.current_player == i
        other = (i + 1) % 3
        assert s.view(other)["position"]["seats"][i]["draft"] is None  # hidden
        s = s.apply(f"keep {picks[i]}")
    # passed left: seat 1 now holds seat 0's other three cards
    assert s.players[1].draft == tuple(c for c in hands[0] if c != picks[0])
    assert s.dstage == 1
    while s.step == "draft":
        s = s.apply(s.legal_actions()[0])
    assert all(len(p.hand) == 3 for p in s.players)
    assert len(s.decks[0]) == 20 - 12 + 3  # one card from each player back on top


def test_hidden_picks_are_redacted():
    # rice_paddy.draft.hidden, rice_paddy.spirit.play
    s = game(2, seed=3)
    act = s.legal_actions()[0]
    assert s.redact(act, 1) == "keeps a spirit card" and s.redact(act, 0) == act
    s = until(s, "play", 1)
    act = s.legal_actions()[0]
    t = s.apply(act)
    assert t.view(1)["seats"][0]["picked"] and t.view(1)["position"]["seats"][0]["pick"] is None
    assert s.redact(act, 1) == "plays a spirit card face down"


def test_second_draft_passes_right():
    # rice_paddy.draft.second
    s = until(game(3, seed=2), "draft", 4)
    hands = [s.players[i].draft for i in range(3)]
    assert all(21 <= c <= 40 for h in hands for c in h)
    for i in range(3):
        s = s.apply(f"keep {hands[i][0]}")
    assert s.players[2].draft == hands[0][1:]  # seat 0 passes to seat 2 (right)


def test_turn_order_by_highest_played_card():
    # rice_paddy.spirit.order, rice_paddy.spirit.play, rice_paddy.round.steps
    s = until(game(3, seed=9), "play", 1)
    plays = []
    for i in range(3):
        c = max(s.players[i].hand)
        plays.append(c)
        s = s.apply(f"play {c}")
    assert s.order == tuple(sorted(range(3), key=lambda i: plays[i]))
    assert all(len(p.played) == 1 for p in s.players)


def test_spirit_effects_optional_all_or_nothing():
    # rice_paddy.spirit.optional, rice_paddy.spirit.resolve, rice_paddy.spirit.sample
    s = until(game(2, seed=1), "alloc", 1)

    def setup(js):
        js["step"], js["queue"] = "spirits", [[0, 11]]
        js["order"] = [0, 1]
        set_played(js, {0: [11], 1: [1]})  # 11: active, water 2
    s = edit(s, setup)
    assert s.legal_actions() == ("skip 11", "use 11")
    t = s.apply("use 11")
    assert t.players[0].reservoir == s.players[0].reservoir + 2 and t.water == s.water - 2
    dry = edit(s, lambda js: js["rain"].update(water=js["rain"]["water"] + js["supply"]["water"] - 1))
    assert dry.water == 1 and dry.legal_actions() == ("skip 11",)  # cannot use it in full
    with pytest.raises(explorer.IllegalAction) as err:
        dry.apply("use 11")
    assert err.value.rule == "rice_paddy.spirit.optional"
    assert any(e["name"] == "spirits" for e in explorer.provenance("rice_paddy"))


def test_passive_spirit_harvest_bonus():
    # rice_paddy.spirit.passive
    s = until(game(2, seed=1), "alloc", 2)
    s = edit(s, lambda js: set_played(js, {0: [1, 7], 1: [2, 3]}))
    assert s.passive(0, "harvest_bonus") == 1 and s.passive(1, "harvest_bonus") == 0
    assert s.cfg.spirit[7].kind == "passive"
