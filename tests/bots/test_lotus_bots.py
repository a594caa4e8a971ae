"""Lotus: the determinisation (from_view) and the greedy policy of explorer/games/lotus/heuristic.py."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer import bots
from explorer.core.errors import PositionError
from explorer.games.lotus import SPEC
from explorer.games.lotus.heuristic import rate
from explorer.games.lotus.sample import from_view, view_options


def states(players, seed, every=9, **opts):
    s = explorer.load("lotus", players=players, seed=seed, **opts)
    rnd = random.Random(seed)
    k = 0
    while True:
        if k % every == 0:
            yield s
        if s.is_terminal:
            return
        s = s.apply(rnd.choice(s.legal_actions()))
        k += 1


@pytest.mark.parametrize("variant", SPEC.variants(), ids=str)
def test_from_view_rebuilds_a_state_with_the_same_view(variant):
    opts = dict(variant)
    players = opts.pop("players")
    # the view shows (or implies) these options; the others must be at their defaults to rebuild exactly
    inferable = all(SPEC.options[k].default == v for k, v in opts.items()
                    if k not in ("edition", "family", "scoring_tokens", "difficulty", "solo_powers", "longer_play"))
    for s in states(players, 3, every=13, **opts):
        for seat in [None, -1, *range(max(players, 1))]:
            view = s.view(seat)
            d = from_view(view, 7)
            d.check_invariants()
            if inferable:
                assert d.view(seat) == view
                assert d.final == s.final and d.seat == s.seat
                if seat == s.current_player and not s.plucked:
                    assert d.legal_actions() == s.legal_actions()


def test_from_view_samples_the_hidden_cards_only():
    s = explorer.load("lotus", players=3, seed=5)
    for _ in range(40):
        s = s.apply(s.legal_actions()[0])
    view = s.view(1)
    a, b = from_view(view, 1), from_view(view, 2)
    assert a.hands[1] == b.hands[1] == s.hands[1]  # the viewer's own hand is known
    assert a.hands[0] != b.hands[0] or a.hands[2] != b.hands[2]  # others' hands are sampled
    assert a.flowers == s.flowers and a.display == s.display and a.guards == s.guards
    assert from_view(view, 1) == a  # seeded


def test_from_view_reads_options_when_the_view_has_them():
    s = explorer.load("lotus", players=2, seed=1, exchange_wildflowers=False, zero_influence_control=True)
    view = s.view(0)
    assert view["options"] == s.cfg.options  # the view carries the options: read exactly
    assert from_view(view, 3).cfg.options == s.cfg.options
    bare = {k: v for k, v in view.items() if k != "options"}  # a view from elsewhere may not
    assert view_options(bare)["exchange_wildflowers"] is True  # not in the view: the default
    solo = explorer.load("lotus", players=1, seed=2, difficulty="hard", solo_powers="growth", longer_play=True)
    opts = view_options({k: v for k, v in solo.view(0).items() if k != "options"})
    assert opts["difficulty"] == "hard"  # one power held
    assert opts["longer_play"] is False  # not visible until a completed type grows again
    tokens = explorer.load("lotus", players=4, seed=2, scoring_tokens="unlimited")
    assert view_options(tokens.view(1))["scoring_tokens"] == "unlimited"


def test_from_view_rejects_other_input():
    with pytest.raises(PositionError, match="lotus view"):
        from_view({"game": "chess"}, 1)
    s = explorer.load("lotus", players=2, seed=1)
    view = s.view(0)
    view["seats"][1]["deck_size"] += 40
    with pytest.raises(PositionError, match="unseen"):
        from_view(view, 1)


def tie_position():
    return explorer.from_json({
        "game": "lotus", "players": 3, "seed": 5,
        "hands": [["W7w1", "R5s1", "R4s1", "R3s1"], None, None],
        "flowers": {"7": ["B7d1", "R7s1", "R7s2", "Y7s1", "W7w2", "W7w3"]},
        "guardians": [{"insects": ["supply", "supply"]}, {"insects": ["supply", "supply"]},
                      {"insects": [7, "supply"]}],
    })


def test_heuristic_completes_a_flower_and_takes_its_preferred_reward():
    s = tie_position()
    # the turn's two actions together: a guardian first (Red leads the Lotus alone, 3 to 2), then the
    # wildflower completes it: 7 cards and the only reward
    bot = bots.make("heuristic")
    assert str(bot.choose(s)) == "g-7"
    assert str(bot.choose(s.apply("g-7"))) == "7w"
    s = s.apply("7w")  # completed at once instead, a three-way tie: every seat chooses a reward, the completer first
    for prefer, expected in (("token", "+t"), ("growth", "+growth"), ("elder", "+elder")):
        assert s.current_player == 0
        assert str(bots.make("heuristic", prefer=prefer).choose(s)) == expected
    nxt = s.apply("+t")
    assert nxt.current_player == 1  # a pending decision of another seat: the bot acts for it
    assert str(bots.make("heuristic", prefer="path").choose(nxt)) == "+path"
    assert str(bots.make("mcts", seed=1, iterations=8, rollout_depth=5).choose(nxt)) in {
        str(a) for a in nxt.legal_actions()}


def test_heuristic_rates_from_the_view():
    s = explorer.from_json({
        "game": "lotus", "players": 2, "seed": 1,
        "hands": [["R3s1", "R3s2", "R6s1", "R7s1"], None],
        "flowers": {"3": ["B3d1"], "6": ["W6w1", "W6w2", "W6w3", "W6w4"]},
        "guardians": [{"insects": ["supply", "supply"]}, {"insects": [6, "supply"]}],
    })
    view = s.view(0)
    acts = s.legal_actions()
    r = dict(zip(map(str, acts), rate(view, acts)))
    # 3ss completes the Iris with control (2 vs 2 tie) and picks it: the turn's two actions include it (the
    # first action is rated with the best second one after it, so 7s-then-3ss and 3ss-then-7s are close)
    bot = bots.make("heuristic")
    first = bot.choose(s)
    assert "3ss" in (str(first), str(bot.choose(s.apply(first))))
    assert r["3ss"] > r["3s"] and r["3ss"] > r["6s"]
    # one card onto the Lily only ties Blue and leaves it one petal short for Blue to finish:
    # starting a new Lotus is better
    assert r["6s"] < r["7s"]
    with pytest.raises(ValueError, match="prefer"):
        rate(view, acts, prefer="luck")


def test_heuristic_weighs_the_token_against_powers_by_what_is_left():
    s = tie_position().apply("7w")  # Red chooses a reward with a full deck: many turns left
    acts = s.legal_actions()
    early = dict(zip(map(str, acts), rate(s.view(0), acts)))
    assert max(early, key=early.get) == "+fortune"  # a point a turn for the rest of the game beats 5 points
    late = s.view(0)
    for seat in late["seats"]:
        seat["deck_size"] = 2  # about one turn left: nothing a power does pays 5 points
    rated = dict(zip(map(str, acts), rate(late, acts)))
    assert max(rated, key=rated.get) == "+t"
    assert early["+t"] == rated["+t"] == 5.0  # ratings are points


def test_heuristic_does_not_set_up_a_rival():
    # Red leads nothing on the Lily (Blue 2, 3 of 6 petals): two Red cards there would leave it one petal
    # short for Blue or Yellow to finish; a new Primrose is safer
    s = explorer.from_json({
        "game": "lotus", "players": 3, "seed": 2,
        "hands": [["R6s1", "R6s2", "R4s1", "R5s1"], None, None],
        "flowers": {"6": ["B6d1", "W6w1", "W6w2"]},
    })
    acts = s.legal_actions()
    r = dict(zip(map(str, acts), rate(s.view(0), acts)))
    assert r["6ss"] < r["4s"]


def test_solo_heuristic_never_completes_a_flower_it_does_not_control():
    s = explorer.from_json({
        "game": "lotus", "players": 1, "seed": 1, "options": {"difficulty": "enlightened"},
        "hands": [["R3s1", "R4s1", "R5s1", "R6s1"]], "flowers": {"3": ["W3w1", "W3w2"]},
    })
    acts = s.legal_actions()
    r = dict(zip(map(str, acts), rate(s.view(0), acts)))
    assert "3s" in r and r["3s"] < 0 < max(r.values())


def test_heuristic_breaks_a_stalled_game():
    s = explorer.from_json({
        "game": "lotus", "players": 2, "seed": 1,
        "hands": [["R3s1", "R3s2", "R6s1", "R7s1"], None],
        "flowers": {"6": ["B6d1", "B6s1", "W6w1", "W6w2"]},
        "turn": {"number": 201},
    })
    acts = s.legal_actions()
    r = dict(zip(map(str, acts), rate(s.view(0), acts)))
    plays = [v for a, v in r.items() if a[0].isdigit()]
    assert all(v < min(plays) for a, v in r.items() if a[0] in "gex")


@settings(max_examples=40)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 300), players=st.sampled_from([1, 2, 3, 4]),
       sample=st.integers(0, 2**63 - 1))
def test_property_a_sampled_world_looks_the_same_to_the_viewer(seed, steps, players, sample):
    s = explorer.load("lotus", players=players, seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal:
            break
        s = s.apply(rnd.choice(s.legal_actions()))
    seat = s.current_player if s.current_player is not None else -1
    d = from_view(s.view(seat), sample)
    d.check_invariants()
    assert d.view(seat) == s.view(seat)
    assert d.is_terminal or d.legal_actions() == s.legal_actions() or s.plucked
