"""explorer.setup for Lotus: shorthands, what is filled in, contradictions, every rulebook example
(explorer/games/lotus/examples.py), a property test on partial positions, and the generated docs."""
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import explorer
from explorer import PositionError
from explorer.core import positions_doc
from explorer.games.lotus.examples import EXAMPLES

ROOT = Path(__file__).resolve().parents[2]


def setup(partial, **kw):
    kw.setdefault("players", 3)
    return explorer.setup("lotus", partial, **kw)


def legal(s):
    return {str(a) for a in s.legal_actions()}


def play(name):
    ex = EXAMPLES[name]
    line = [ex.build()]
    for a in ex.actions:
        line.append(line[-1].apply(a))
        line[-1].check_invariants()
    return line


# ---- the docstring's promise and the shorthands ---------------------------------------------------
def test_core_docstring_lily():
    s = explorer.setup("lotus", {"flowers": {"Lily": ["B6s", "R6d"]}}, players=3)
    assert s.to_json()["flowers"] == {"6": ["B6s1", "R6d1"]}
    assert s.influence(3) == [2, 1, 0] and s.controllers(3) == [0]
    s.check_invariants()


@pytest.mark.parametrize("texts", [
    ["B6s", "R6d", "W6"], ["blue 6 single", "red lily double", "wild lily"], ["b6s", "R 6 d", "wildflower 6"],
    ["blue single", "red double", "wild"], ["Blue Dragonfly single", "Red Ladybug two symbols", "W"],
])
def test_card_shorthands_name_the_same_cards(texts):
    s = setup({"flowers": {"lily": texts}})
    assert s.to_json()["flowers"]["6"] == ["B6s1", "R6d1", "W6w1"]


@pytest.mark.parametrize("key", ["Lily", "lily", "6", 6, "6-petal"])
def test_flowers_by_name_or_petals(key):
    assert setup({"flowers": {key: ["R6s"]}}).to_json()["flowers"] == {"6": ["R6s1"]}
    assert setup({"flowers": {"cherry blossom": ["R5s"]}}).to_json()["flowers"] == {"5": ["R5s1"]}


def test_shorthand_takes_the_first_free_card_and_skips_set_aside_ones():
    s = setup({"flowers": {"Lily": ["B6s", "B6s1"]}})  # the exact id is kept; the kind takes the next
    assert s.to_json()["flowers"]["6"] == ["B6s2", "B6s1"]
    four = setup({"hands": {"Blue": ["6s"] * 4}}, players=4)  # 4 players set B6s5 and B6s6 aside
    assert four.to_json()["hands"][1] == ["B6s1", "B6s2", "B6s3", "B6s4"]
    with pytest.raises(PositionError, match=r"hands\.1\.4.*no free 6-petal Blue Dragonfly single-symbol"):
        setup({"hands": {"Blue": ["6s"] * 5}}, players=4)


def test_seats_by_colour_and_partial_guardians():
    s = setup({"flowers": {"Iris": ["Y3s"]}, "guardians": {"Blue": ["Iris"], "yellow": {"insects": [3, 3]}},
               "turn": {"seat": "Yellow"}, "tokens": {"B": 2}, "powers": {"Red": "path+growth"}})
    js = s.to_json()
    assert js["guardians"][1]["insects"] == ["supply", 3] and js["guardians"][2]["insects"] == [3, 3]
    assert s.current_player == 2 and js["tokens"] == [0, 2, 0] and js["powers"][0] == ["path", "growth"]
    assert len(js["hands"][0]) == 5  # the path power's hand limit


def test_an_elder_on_a_flower_brings_its_power():
    s, filled = setup({"flowers": {"Lily": ["W6"]}, "guardians": {"Blue": {"elder": "Lily"}}}, explain=True)
    assert s.to_json()["powers"][1] == ["elder"] and s.influence(3)[1] == 2
    assert any("elder power" in line for line in filled)


def test_filled_says_what_was_added_and_seed_decides():
    s, filled = setup({"hands": {"Red": ["3s", "4s"]}, "turn": {"phase": "draw"}}, explain=True)
    text = "\n".join(filled)
    for words in ("Blue's hand: dealt 4", "the wildflower display: 4", "Red's deck: the 24 Red card(s)",
                  "Red's hand: '3s' is R3s1, '4s' is R4s1", "guardians: every insect guardian"):
        assert words in text
    assert "Red's hand: dealt" not in text  # a hand given is not dealt
    assert legal(s) >= {"d"} and s.current_player == 0
    assert setup({}, seed=5) == setup({}, seed=5) and setup({}, seed=5) != setup({}, seed=6)
    assert setup({"players": 2}, players=None).cfg.players == 2


def test_players_and_options_must_agree():
    with pytest.raises(PositionError, match="field players"):
        explorer.setup("lotus", {"players": 2}, players=3)
    with pytest.raises(PositionError, match="field options.edition"):
        explorer.setup("lotus", {"options": {"edition": "four"}}, players=3, edition="three")


def test_every_mode_sets_up():
    """Both editions, the family variant and the solo mode at each difficulty set up and play."""
    cases = [dict(players=2), dict(players=4, family=True), dict(players=3, edition="three"),
             dict(players=4, edition="three", family=True), dict(players=1),
             dict(players=1, difficulty="easy", solo_powers="elder+path+fortune"),
             dict(players=1, difficulty="enlightened", longer_play=True), dict(players=1, difficulty="hard")]
    for kw in cases:
        s = explorer.setup("lotus", {}, **kw)
        s.check_invariants()
        assert s.legal_actions()
    assert explorer.setup("lotus", {}, players=1).view(None)["phase"] == "choose_powers"
    solo = explorer.setup("lotus", {}, players=1, difficulty="hard").apply("+growth")  # the game's own deal
    assert sum(map(len, solo.to_json()["flowers"].values())) == len(solo.hands[0]) == 4
    picked = explorer.setup("lotus", {"hands": [["3s", "4s"]]}, players=1, difficulty="hard")
    assert len(picked.to_json()["powers"][0]) == 1  # something placed: the power is chosen from the seed
    three = explorer.setup("lotus", {"flowers": {"Iris": ["R3s", "W3"]}, "hands": {"Red": ["3s", "4s"]}},
                           players=3, edition="three")
    assert legal(three.apply("3s")) == {"+t", "+elder", "+path", "+growth"}
    inferred = explorer.setup("lotus", {"powers": ["growth"], "hands": [["3s", "4s", "5s", "6s"]]}, players=1)
    assert inferred.cfg.options["difficulty"] == "hard"


@pytest.mark.parametrize("partial,field", [
    ({"hands": {"Red": ["R3s1"]}, "out": ["R3s1"]}, "out.0"),
    ({"flowers": {"Lily": ["W6"] * 4 + ["R6s", "B6s", "Y6s"]}}, "flowers.6"),
    ({"flowers": {"Lily": ["W6"] * 6}}, "flowers.6"),
    ({"flowers": {"Rose": ["W6"]}}, "flowers.Rose"),
    ({"flowers": {"Lily": ["W6"], "6": ["R6s"]}}, "flowers.6"),
    ({"flowers": {"Lily": ["W6"]}, "guardians": {"Red": ["Lily", "Lily", "Lily"]}}, "guardians.0.insects"),
    ({"guardians": {"Red": ["Iris"]}}, "guardians.0.insects.0"),
    ({"hands": {"Purple": ["3s"]}}, "hands.Purple"),
    ({"hands": {"Green": ["3s"]}}, "hands.Green"),
    ({"hands": {"Red": ["B3s"]}}, "hands.0.0"),
    ({"hands": {"Red": ["3s", "4s", "5s", "6s", "7s", "3d"]}}, "hands.0"),
    ({"flowers": {"Lily": ["R5s"]}}, "flowers.6.0"),
    ({"flowers": {"Lily": ["R6"]}}, "flowers.6.0"),
    ({"flowers": {"Lily": ["W6s"]}}, "flowers.6.0"),
    ({"tokens": [20, 11]}, "tokens"),
    ({"powers": {"Red": ["flying"]}}, "powers.0"),
    ({"turn": {"seat": 7}}, "turn.seat"),
    ({"turn": {"phase": "dancing"}}, "turn.phase"),
    ({"display": ["R3s"]}, "display"),
    ({"colour": "red"}, "colour"),
    ({"decks": {"Red": ["3s"]}, "deck_tops": {"Red": ["4s"]}}, "deck_tops.0"),
])
def test_contradictions_name_the_field(partial, field):
    with pytest.raises(PositionError) as err:
        setup(partial)
    assert f"field {field}" in str(err.value), str(err.value)
    assert len(str(err.value)) < 700


# ---- every rulebook example ------------------------------------------------------------------------
# (each example builds, round-trips, cites the rulebook and plays: tests/conformance/test_game_parts.py)
def test_example_setup_and_exchange():
    s = EXAMPLES["setup_three_players"].build()
    assert [len(h) for h in s.hands] == [4, 4, 4] and len(s.display) == 4 and [len(d) for d in s.decks] == [22] * 3
    assert not any(a.startswith("g") for a in legal(s))  # an empty garden: nowhere to move a guardian
    s0, s1 = play("exchange_two_cards")
    assert s1.to_json()["hands"][0] == ["R5s1", "R5s2", "R6s1", "R7s1"]
    assert s1.to_json()["decks"][0][:2] == ["R3s1", "R4s1"]  # under the deck


def test_example_move_guardian():
    s0, s1, s2 = play("move_guardian")
    assert {"g-3", "g-6"} <= legal(s0) and not any(a in legal(s0) for a in ("g-4", "g-5", "g-7"))
    assert "g3-6" in legal(s1) and s1.influence(0)[0] == 1
    assert s2.to_json()["guardians"][0]["insects"] == ["supply", 6] and s2.influence(3) == [1, 0, 1]


def test_example_draw_back_up():
    s0, s1, s2 = play("draw_back_up")
    assert legal(s0) == {"d", "w3", "w4", "w5", "w7"}
    assert len(s2.hands[0]) == 4 and "W5w1" in s2.to_json()["hands"][0]
    assert len(s2.display) == 4 and s2.current_player == 1


def test_example_turns():
    line = play("turn_player1")
    assert line[1].influence(0) == [1, 2, 0] and line[2].pending == (0,)
    line = play("turn_player2")
    assert line[2].pending == (1,) and len(line[2].piles[1]) == 5
    line = play("turn_player3")
    assert line[1].influence(3) == [3, 2, 4] and line[2].pending == (2,)
    s0, s1 = play("completed_flower")
    assert len(s1.piles[1]) == 7 and s1.pending == (0,)
    assert legal(s1) == {"+t", "+elder", "+path", "+fortune", "+growth"}
    s0, s1, s2 = play("completed_flower_three_powers")
    assert legal(s1) == {"+t", "+elder", "+path", "+growth"}  # no Fortune Teller in this edition


def test_example_end_game_pictures():
    end = play("end_game_primrose")[-1]
    assert end.is_terminal and sorted(end.to_json()["piles"][1]) == ["R4d1", "W4w1"]
    end = play("end_game_lily")[-1]
    piles, out = end.to_json()["piles"], end.to_json()["out"]
    assert "R6s1" in piles[0] and "Y6s1" in piles[2] and out == ["W6w1"]
    end = play("end_game_iris")[-1]
    assert sorted(end.to_json()["out"]) == ["W3w1", "W3w2"] and end.scores()["seats"] == [0, 0, 1]
    end = play("end_game_ties")[-1]
    assert end.scores()["seats"] == [1, 2, 2]


def test_example_scoring_and_family():
    (s,) = play("scoring")
    assert s.scores()["seats"] == [45, 41, 36] and s.winners() == [0]
    s0, s1 = play("family_partners_count_apart")
    assert s0.influence(0) == [1, 2, 1, 0] and s0.cfg.family
    assert s1.pending == (1,)  # Blue alone: partners Red and Yellow do not add up


def test_example_solo():
    s = EXAMPLES["solo_setup"].build()
    assert s.to_json()["powers"][0] == ["elder", "growth"]
    assert sum(len(f) for f in s.flowers) == len(s.hands[0]) == 4 and "e-3" in legal(s) or any(
        a.startswith("e-") for a in legal(s))
    s0, *_, end = play("solo_winter_lotus")
    assert s0.winter == 6 and end.outcome == "defeat: the Winter Lotus bloomed"
    end = play("solo_tie_is_defeat")[-1]
    assert end.is_terminal and "without your control" in end.outcome
    s0, s1 = play("solo_fortune_teller")
    assert "f7w" in legal(s0) and not any(a.startswith("f7r") for a in legal(s0))
    assert len(s1.out) == 1 and not s1.piles[0] and s1.wmoves == 1


# ---- property: partial positions taken from real ones ---------------------------------------------
VARIANTS = [dict(players=3), dict(players=2), dict(players=4, family=True), dict(players=3, edition="three"),
            dict(players=1, difficulty="hard"), dict(players=1, difficulty="easy", solo_powers="elder+path+fortune"),
            dict(players=1, difficulty="enlightened", longer_play=True)]
DROPPABLE = ["seed", "version", "hands", "decks", "piles", "guardians", "tokens", "powers", "display",
             "wild_deck", "out", "turn", "winter", "completed"]


def real_position(variant, seed, moves):
    opts = dict(variant)
    s = explorer.load("lotus", players=opts.pop("players"), seed=seed, **opts)
    rnd = random.Random(seed)
    for _ in range(moves):
        if s.is_terminal:
            break
        s = s.apply(rnd.choice(s.legal_actions()))
    return s.to_json()


def drop(js, rnd):
    """Leave out random fields, seats' entries and cards, never emptying a flower a guardian stands on."""
    js = json.loads(json.dumps(js))
    for k in DROPPABLE:
        if rnd.random() < 0.25:
            js.pop(k, None)
    for k in ("hands", "decks"):
        if isinstance(js.get(k), list):
            js[k] = [None if rnd.random() < 0.3 else v for v in js[k]]
    guarded = {str(p) for g in js.get("guardians") or [] for p in [*g["insects"], g["elder"]] if p != "supply"}
    for key, cards in list(js["flowers"].items()):
        keep = [c for c in cards if rnd.random() < 0.7] or (cards[:1] if key in guarded else [])
        js["flowers"][key] = keep
    for k in ("piles", "hands"):
        for cards in js.get(k) or []:
            if cards and rnd.random() < 0.3:
                cards.pop(rnd.randrange(len(cards)))
    return {k: v for k, v in js.items() if k not in ("flowers",) or v}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 2**16), st.integers(0, 120), st.integers(0, 2**16))
def test_partial_positions_from_real_games_complete(variant, seed, moves, drop_seed):
    partial = drop(real_position(variant, seed, moves), random.Random(drop_seed))
    s = explorer.setup("lotus", partial, seed=drop_seed)
    s.check_invariants()
    assert s.is_terminal or s.legal_actions()


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(VARIANTS[:4]), st.integers(0, 2**16), st.integers(0, 60), st.integers(0, 5))
def test_contradictions_in_real_positions_are_refused(variant, seed, moves, kind):
    js = real_position(variant, seed, moves)
    cards = [c for h in js["hands"] for c in h] or [c for d in js["decks"] for c in d]
    if kind == 0:
        js["out"] = js["out"] + [cards[0]]  # a card in two places
        field = "out"
    elif kind == 1:
        js["flowers"]["Iris"] = ["W3"] * 3  # a complete flower standing in the garden
        js["flowers"].pop("3", None)
        field = "flowers"
    elif kind == 2:
        js["guardians"][0]["insects"] = ["supply"] * 3
        field = "guardians.0.insects"
    elif kind == 3:
        js["tokens"] = [31] + js["tokens"][1:]
        field = "tokens"
    elif kind == 4:
        js["hands"] = {"Purple": []}
        field = "hands.Purple"
    else:
        js["turn"]["seat"] = 9
        field = "turn.seat"
    with pytest.raises(PositionError) as err:
        explorer.setup("lotus", js)
    assert f"field {field}" in str(err.value), str(err.value)


# ---- the generated docs -----------------------------------------------------------------------------
def test_position_docs_are_generated_from_the_models():
    path = ROOT / "docs" / "positions" / "lotus.md"
    assert path.read_text(encoding="utf-8") == positions_doc.render("lotus"), \
        "stale: run python -m explorer.core.positions_doc lotus"


LEAF = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.sampled_from(
    ["Lily", "B6s", "R6d", "supply", "Red", "W3", "6s", "x", "draw", "reward", "over", "elder", "6", "path"]))
JUNK = st.recursive(LEAF, lambda c: st.lists(c, max_size=5) | st.dictionaries(
    st.sampled_from(["Red", "Blue", "0", "1", "Lily", "insects", "elder", "seat", "phase", "x"]), c, max_size=3),
    max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(["hands", "decks", "deck_tops", "piles", "flowers", "guardians", "tokens",
                                        "powers", "display", "wild_deck", "out", "turn", "winter", "completed",
                                        "outcome", "players", "seed", "options"]), JUNK, max_size=4),
       st.sampled_from([1, 2, 3, 4]))
def test_junk_is_refused_with_a_field_named(partial, players):
    try:
        s = explorer.setup("lotus", partial, players=None if "players" in partial else players)
    except PositionError as exc:
        assert "field" in str(exc) or "does not validate:" in str(exc), str(exc)
    else:
        s.check_invariants()
