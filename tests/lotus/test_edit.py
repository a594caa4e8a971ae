"""The Lotus board editor (explorer/games/lotus/edit.py): palette, places, and each edit through explorer.setup."""
from __future__ import annotations

import copy
import json
import random
import re

import pytest

import explorer
from explorer import PositionError
from explorer.editor import Editor
from explorer.games.lotus import edit

START = {"players": 3, "seed": 5, "flowers": {"Lily": ["R6d1", "B6s2"], "Iris": ["W3w1"]},
         "hands": {"Red": ["R4s1", "R5s3", "R6s5"], "Blue": ["B4s3", "B6s4"], "Yellow": ["Y4s2"]},
         "guardians": {"Red": ["Lily"], "Blue": {"elder": "Lily"}}, "tokens": {"Yellow": 1}}


@pytest.fixture(scope="module")
def state():
    return explorer.setup("lotus", START)


def run(state, op):
    """The edited state (the edit must validate)."""
    pos = state.to_json()
    out = edit.apply(pos, op)
    assert pos == state.to_json(), "apply changed its input"
    return explorer.setup("lotus", out)


def refused(state, op, *words):
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(ValueError) as err:
        edit.apply(state.to_json(), op)
    assert isinstance(err.value, PositionError)
    for w in words:
        assert w in str(err.value), (w, str(err.value))
    assert json.dumps(state.to_json(), sort_keys=True) == before


def hand(s, i):
    return sorted(s.to_json()["hands"][i])


def flower(s, petals):
    return s.to_json()["flowers"].get(str(petals), [])


# ---- put -------------------------------------------------------------------------------------------------

def test_put_a_new_card_from_the_palette_takes_it_from_its_deck(state):
    s = run(state, {"op": "put", "piece": "Y6s", "to": "flower:Lily"})
    added = flower(s, 6)[-1]
    assert added.startswith("Y6s") and added in state.to_json()["decks"][2]
    assert len(s.to_json()["decks"][2]) == len(state.to_json()["decks"][2]) - 1
    w = run(state, {"op": "put", "piece": "W5", "to": "garden"})  # the garden: a new Cherry Blossom
    assert [c[:2] for c in flower(w, 5)] == ["W5"] and len(w.wild) == len(state.wild) - 1


def test_put_moves_a_card_from_the_board(state):
    s = run(state, {"op": "put", "piece": "R5s3", "from": "hand:Red", "to": "garden"})
    assert flower(s, 5) == ["R5s3"] and "R5s3" not in hand(s, 0)
    s = run(state, {"op": "put", "piece": "B6s2", "from": "flower:Lily", "to": "hand:Blue"})
    assert flower(s, 6) == ["R6d1"] and "B6s2" in hand(s, 1)


def test_put_guardians_elders_and_tokens(state):
    s = run(state, {"op": "put", "piece": "guardian:Yellow", "to": "flower:Iris"})
    assert s.to_json()["guardians"][2]["insects"] == ["supply", 3]
    s = run(state, {"op": "put", "piece": "guardian:Red", "from": "flower:Lily", "to": "supply:Red"})
    assert s.to_json()["guardians"][0]["insects"] == ["supply", "supply"]
    s = run(state, {"op": "put", "piece": "elder:Red", "to": "flower:Iris"})  # brings the elder power
    assert s.to_json()["guardians"][0]["elder"] == 3 and s.to_json()["powers"][0] == ["elder"]
    s = run(state, {"op": "put", "piece": "token", "to": "tokens:Blue"})
    assert s.tokens == (0, 1, 1)
    s = run(state, {"op": "put", "piece": "token:Yellow", "from": "tokens:Yellow", "to": "tokens:Red"})
    assert s.tokens == (1, 0, 0)


def test_an_illegal_position_is_returned_for_setup_to_report(state):
    ed = Editor(state)
    ed.apply({"op": "put", "piece": "R4s1", "from": "hand:Red", "to": "flower:Lily"})
    assert ed.problems == ["the Lily: R4s1 is not a 6-petal card"]  # said by place, not field path (issue 25.2)
    ed = Editor(state)
    ed.apply({"op": "put", "piece": "guardian:Red", "to": "flower:Iris"})
    ed.apply({"op": "put", "piece": "guardian:Red", "to": "flower:Iris"})  # a third insect
    assert ed.problems and "Red Ladybug's guardians: " in ed.problems[0]
    ed = Editor(state)
    ed.apply({"op": "put", "piece": "W3", "to": "garden"})
    ed.apply({"op": "put", "piece": "W3", "to": "garden"})  # the Iris would be complete
    assert ed.problems and "complete flower" in ed.problems[0]


def test_a_kind_with_no_free_card_left_is_reported_by_setup(state):
    ed = Editor(state)
    for _ in range(3):  # 3 players: one red 3-petal double-symbol card
        ed.apply({"op": "put", "piece": "R3d", "to": "pile:Red"})
    assert ed.problems and "no free 3-petal wildflower" not in ed.problems[0]
    assert "no free" in ed.problems[0] and "pile" in ed.problems[0]


# ---- remove -----------------------------------------------------------------------------------------------

def test_remove_sends_cards_to_the_bottom_of_their_deck(state):
    s = run(state, {"op": "remove", "piece": "R5s3", "from": "hand:Red"})
    assert "R5s3" not in hand(s, 0) and s.to_json()["decks"][0][0] == "R5s3"
    s = run(state, {"op": "remove", "piece": "W3w1", "from": "flower:Iris"})
    assert flower(s, 3) == [] and s.to_json()["wild_deck"][0] == "W3w1"
    deck_top = state.to_json()["decks"][1][-1]
    s = run(state, {"op": "remove", "piece": deck_top, "from": "deck:Blue"})
    assert deck_top in s.to_json()["out"]


def test_an_emptied_flower_sends_its_guardians_home(state):
    s = run(state, {"op": "remove", "piece": "R6d1", "from": "flower:Lily"})
    s = run(s, {"op": "remove", "piece": "B6s2", "from": "flower:Lily"})
    g = s.to_json()["guardians"]
    assert flower(s, 6) == [] and g[0]["insects"] == ["supply", "supply"] and g[1]["elder"] == "supply"


def test_remove_guardians_elders_and_tokens(state):
    s = run(state, {"op": "remove", "piece": "guardian:Red", "from": "flower:Lily"})
    assert s.to_json()["guardians"][0]["insects"] == ["supply", "supply"]
    s = run(state, {"op": "remove", "piece": "elder:Blue", "from": "flower:Lily"})
    assert s.to_json()["guardians"][1]["elder"] == "supply"
    s = run(s, {"op": "remove", "piece": "elder:Blue", "from": "supply:Blue"})  # out with its power
    assert s.to_json()["guardians"][1]["elder"] is None and s.to_json()["powers"][1] == []
    s = run(state, {"op": "remove", "piece": "token:Yellow", "from": "tokens:Yellow"})
    assert s.tokens == (0, 0, 0)


# ---- turn -------------------------------------------------------------------------------------------------

def test_turn_makes_a_seat_the_one_to_act(state):
    s = run(state, {"op": "turn", "seat": 2})
    assert s.current_player == 2 and s.to_json()["turn"]["actions_left"] == 2
    assert run(state, {"op": "turn", "seat": "Blue"}).current_player == 1
    refused(state, {"op": "turn", "seat": 3}, "seat 3", "Red")
    refused(state, {"op": "turn", "seat": None}, "'seat'")


# ---- refused -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("op, words", [
    ({"op": "put", "piece": "Z9q", "to": "garden"}, ["unknown piece", "'Z9q'"]),
    ({"op": "put", "piece": "R6s", "to": "flower:Tulip"}, ["flower:Tulip", "Lily"]),
    ({"op": "put", "piece": "R6s", "to": "moon"}, ["unknown place", "'moon'", "hand:Red"]),
    ({"op": "put", "piece": "R6s", "to": "hand:Green"}, ["Green", "3-player"]),
    ({"op": "put", "piece": "R4s1", "from": "hand:Blue", "to": "garden"}, ["R4s1 is not in Blue's hand"]),
    ({"op": "put", "piece": "R6s", "to": "supply:Red"}, ["a card goes to", "Red's supply"]),
    ({"op": "put", "piece": "guardian:Red", "to": "hand:Red"}, ["Red's guardian goes on a flower"]),
    ({"op": "put", "piece": "guardian:Red", "to": "supply:Blue"}, ["belongs in Red's supply"]),
    ({"op": "put", "piece": "guardian:Yellow", "from": "flower:Lily", "to": "flower:Iris"}, ["no Yellow guardian"]),
    ({"op": "put", "piece": "elder:Blue", "to": "flower:Iris"}, ["one Elder Guardian"]),
    ({"op": "put", "piece": "token", "to": "pile:Red"}, ["scoring token goes to a seat's tokens"]),
    ({"op": "remove", "piece": "token", "from": "tokens:Red"}, ["Red has no scoring token"]),
    ({"op": "remove", "piece": "guardian:Red", "from": "supply:Red"}, ["stay in the game"]),
    ({"op": "remove", "piece": "B6s2", "from": "display"}, ["B6s2 is not in the display"]),
    ({"op": "put", "piece": [], "to": {}}, ["'piece' must be"]),
    ({"op": "remove", "piece": "R4s1"}, ["'from' must be"]),
    ({"op": "fly"}, ["unknown op 'fly'"]),
    ({"op": "put", "piece": "x" * 100_000, "to": "y" * 100_000}, ["unknown piece"]),
])
def test_senseless_edits_are_refused_naming_the_problem(state, op, words):
    refused(state, op, *words)


def test_long_input_gives_a_short_message(state):
    with pytest.raises(PositionError) as err:
        edit.apply(state.to_json(), {"op": "put", "piece": "x" * 100_000, "to": "garden"})
    assert len(str(err.value)) < 400


# ---- palette and places ------------------------------------------------------------------------------------

def test_palette_is_every_kind_in_the_game_with_words(state):
    pal = edit.palette(state)
    ids = [p["piece"] for p in pal]
    assert {"R6s", "B3d", "W7", "guardian:Yellow", "elder:Red", "token"} <= set(ids)  # (unique, worded: conformance)
    assert not any(i.startswith("G") for i in ids)  # no Green at 3 players
    assert {p["label"] for p in pal if p["piece"] == "B6s"} == {"blue 6-petal single"}
    solo = explorer.setup("lotus", {"players": 1, "options": {"difficulty": "hard", "solo_powers": "elder"},
                                   "seed": 2})
    solo_ids = [p["piece"] for p in edit.palette(solo)]
    assert "token" not in solo_ids and not any(i[0] in "BYG" for i in solo_ids)


def test_every_palette_piece_can_be_put_somewhere_or_is_said_to_be_all_placed(state):
    for p in edit.palette(state):
        ok, said = False, set()
        for place in edit.places(state):
            ed = Editor(state)
            try:
                ed.apply({"op": "put", "piece": p["piece"], "to": place})
            except PositionError:
                continue
            ok = ok or not ed.problems
            said.update(ed.problems)
        if p["piece"] == "R6d":  # 3 players: one red 6-petal double, on the Lily
            assert not ok and any("no free 6-petal Red Ladybug double" in x for x in said), said
        elif p["piece"] == "elder:Blue":  # Blue's one Elder Guardian is on the Lily: move it, not add one
            refused(state, {"op": "put", "piece": "elder:Blue", "to": "supply:Blue"}, "one Elder Guardian")
        else:
            assert ok, (p, said)


def test_every_place_is_accepted_in_a_played_game():
    s = explorer.load("lotus", players=4, seed=3)
    rnd = random.Random(3)
    for _ in range(60):
        s = s.apply(rnd.choice(s.legal_actions()))
    assert any(p.startswith("flower:") for p in edit.places(s))
    pos = s.to_json()
    frozen = copy.deepcopy(pos)
    for place in edit.places(s):
        head, _, key = place.partition(":")
        piece = {"tokens": "token", "supply": f"guardian:{key}", "flower": "guardian:Red"}.get(head, "W4")
        assert isinstance(edit.apply(pos, {"op": "put", "piece": piece, "to": place}), dict), place
    assert pos == frozen


def test_random_edits_raise_only_position_errors_and_setup_judges_the_rest():
    """Random puts, removes and turns over a played 4-player game: apply answers with a dict or a
    PositionError, never mutates its input, and set-up either loads the result or says what is wrong."""
    rnd = random.Random(15)
    s = explorer.load("lotus", players=4, seed=8)
    for _ in range(40):
        s = s.apply(rnd.choice(s.legal_actions()))
    ed = Editor(s)
    changed = refusals = reported = 0
    for _ in range(300):
        st = ed.state
        pos = ed.position
        cards = [c for _, names in edit._card_lists(pos, st.cfg) for c in names]
        pieces = [p["piece"] for p in edit.palette(st)] + cards + ["token:Red", "guardian:Blue", "elder:Green"]
        kind = rnd.choice(["put", "put", "remove", "turn"])
        op = {"op": kind, "seat": rnd.randrange(-1, 5)} if kind == "turn" else {"op": kind, "piece": rnd.choice(pieces)}
        places = edit.places(st)
        if kind == "put":
            op["to"] = rnd.choice(places)
        if kind == "remove" or rnd.random() < 0.3:
            op["from"] = rnd.choice(places)
        frozen = json.dumps(pos, sort_keys=True)
        try:
            ed.apply(op)
        except PositionError:
            refusals += 1
        assert json.dumps(pos, sort_keys=True) == frozen
        changed += not ed.problems and ed.state != st
        reported += bool(ed.problems)
        if ed.problems:
            assert all(x and not re.search(r"\b[a-z_]+\.\d", x) for x in ed.problems), ed.problems
            ed = Editor(ed.state)  # start again from the last valid position
    assert changed > 30 and refusals > 30 and reported > 30, (changed, refusals, reported)
