"""explorer.setup for the chaos game: the shorthands, the rulebook's examples as positions (each played as the
rulebook plays it), contradictions refused naming a field, and partial positions cut from real games."""
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.core.positions_doc import render
from explorer.core.setup import example_notes
from explorer.games.lotus_chaos.setup import hex_of

from .helpers import assert_illegal, cards_of, hexes_of, legal, run

NOTES = example_notes("lotus_chaos")


def setup(partial=None, **kw):
    return explorer.setup("lotus_chaos", partial or {}, **kw)


def play(name):
    ex = NOTES[name]
    s = ex.build()
    return s, run(s, *ex.actions)


# ---- the shorthands ----------------------------------------------------------------------------------------
def test_hex_names():
    assert hex_of("centre", "f", 3) == hex_of("Center", "f", 3) == hex_of("ring 0 #0", "f", 3) == (0, 0)
    corners = {"N": (0, -3), "NE": (3, -3), "SE": (3, 0), "S": (0, 3), "SW": (-3, 3), "NW": (-3, 0)}
    for name, h in corners.items():
        assert hex_of(name, "f", 3) == hex_of(name.lower() + " corner", "f", 3) == h
        assert hex_of(f"ring 3 #{3 * list(corners).index(name)}", "f", 3) == h
    assert hex_of("north", "f", 2) == (0, -2)
    ring1 = [hex_of(f"ring 1 #{i}", "f", 3) for i in range(6)]
    assert ring1 == [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]  # from north, clockwise
    assert hex_of({"ring": 2, "index": 1}, "f", 3) == hex_of("ring 2 1", "f", 3) == (1, -2)
    assert hex_of([2, -1], "f", 3) == hex_of("2,-1", "f", 3) == (2, -1)


@pytest.mark.parametrize("bad", ["middle", [0, -4], "ring 1 #6", "ring 4 #0", {"ring": 1}, [True, 0], "x" * 10_000])
def test_bad_hex_names_the_field(bad):
    with pytest.raises(explorer.PositionError, match=r"seats\.0\.hex") as err:
        setup({"seats": [{"hex": bad}]})
    assert len(str(err.value)) < 400


def test_seats_by_seat_number_and_colour():
    s = setup({"seats": {"player 3": {"hex": "centre"}, "grey": {"hex": "N"}, 5: {"cards": [12]}}})
    j = s.to_json()["seats"]
    assert (j[2]["number"], j[2]["hex"]) == (3, [0, 0])
    assert (j[3]["colour"], j[3]["hex"]) == ("grey", [0, -3])
    assert j[5]["cards"] == ["12"]
    t = setup({"seats": {"2": {"colour": "white"}, "player 3": {"hex": "S"}}})
    seats = t.to_json()["seats"]
    assert seats[2]["colour"] == "white" and seats[0]["number"] == 3 and seats[0]["hex"] == [0, 3]


def test_defaults_and_what_was_filled_in():
    s, filled = setup({}, explain=True)
    j = s.to_json()
    assert [(x["colour"], x["number"]) for x in j["seats"]] == list(zip(
        ["red", "blue", "yellow", "grey", "white", "black"], range(1, 7)))
    assert sorted(x["objective"] for x in j["seats"]) == sorted(["north", "centre", "south", "purple", "green",
                                                                 "blue"])
    assert [x["hex"] for x in j["seats"]] == [[0, -3], [3, -3], [3, 0], [0, 3], [-3, 3], [-3, 0]]
    assert j["turn"]["phase"] == "draw" and j["turn"]["seat"] == 0 and j["turn"]["round"] == 2
    assert len(j["revealed"]) == 2 and len(j["deck"]) == 48
    text = "\n".join(filled)
    assert "objectives" in text and "Red 1's token: on the free N corner" in text and "revealed" in text
    assert setup({}, seed=3).to_json() == setup({}, seed=3).to_json()
    assert setup({}, seed=3).to_json() != s.to_json()


def test_written_cards_and_counts():
    s, filled = setup({"seats": {"0": {"cards": [9, {"written": "All Odd Color Wheel players move 1 space north"}]},
                                 "1": {"cards": 4}}}, explain=True)
    assert cards_of(s, 0) == ["9", "b1"] and s.to_json()["blanks"] == {"b1": "odd color wheel tokens move 1 N"}
    assert len(cards_of(s, 1)) == 4 and "9" not in cards_of(s, 1)
    assert any("Blue 2's play area: 4 printed cards" in f for f in filled)


def test_setup_phase_places_only_the_seats_before_the_turn():
    s = setup({"turn": {"phase": "setup", "seat": 2}})
    assert [x["hex"] for x in s.to_json()["seats"]] == [[0, -3], [3, -3], None, None, None, None]
    assert legal(s) == {"place SE", "place S", "place SW", "place NW"}


def test_phase_over_gets_its_result():
    s = setup({"seats": {"0": {"objective": "north", "hex": "N"}, "1": {"hex": "N"}},
               "turn": {"phase": "over"}})
    assert s.is_terminal and s.winners() == [0]


CONTRADICTIONS = [
    ({"seats": {"0": {"cards": [12]}, "1": {"cards": ["12"]}}}, "seats.1.cards.0", "already in seats.0.cards.0"),
    ({"seats": [{"cards": [1, 2, 3, 4, 5, 6]}]}, "seats.0.cards", "card limit"),
    ({"seats": [{"cards": ["99"]}]}, "seats.0.cards.0", "unknown card"),
    ({"seats": [{"colour": "red"}, {"colour": "red"}]}, "seats.*.colour", "different"),
    ({"seats": [{"objective": "east"}]}, "seats.*.objective", "expected one of"),
    ({"seats": {"seven": {}}}, "seats.seven", "expected a seat"),
    ({"seats": {"player 9": {}}}, "seats.player 9", "expected a seat"),
    ({"seats": [{"hat": 1}]}, "seats.0.hat", "unknown field"),
    ({"seats": {"2": {"alive": False, "hex": "N"}}}, "seats.2.hex", "out of the game"),
    ({"seats": {"2": {"alive": False, "cards": [3]}}}, "seats.2.cards", "holds no cards"),
    ({"seats": {"0": {"alive": False}}, "turn": {"seat": 0}}, "turn.seat", "out of the game"),
    ({"turn": {"phase": "dancing"}}, "turn.phase", "expected one of"),
    ({"turn": {"phase": "setup", "seat": 1}, "seats": {"4": {"hex": "S"}}}, "seats.4.hex", "set-up"),
    ({"blanks": {"b2": "odd tokens move 1 N"}}, "blanks.b2", "play area"),
    ({"deck": ["1", "2"]}, "deck", "nowhere"),
    ({"options": {"bogus": 1}}, "options.bogus", "unknown option"),
    ({"players": 4}, "players", "six players"),
    ({"game": "lotus"}, "game", "lotus_chaos"),
    ({"seats": "all of them"}, "seats", "expected a list"),
]


@pytest.mark.parametrize("partial,field,words", CONTRADICTIONS)
def test_contradictions_name_the_field(partial, field, words):
    with pytest.raises(explorer.PositionError) as err:
        setup(partial)
    assert f"field {field}:" in str(err.value) and words in str(err.value)


def test_options_given_twice_must_agree():
    with pytest.raises(explorer.PositionError, match="options.radius"):
        setup({"options": {"radius": 2}}, radius=4)
    assert setup({"options": {"radius": 2}}, radius=2).cfg.radius == 2
    assert setup({"seats": [{"hex": "N"}]}, radius=4).to_json()["seats"][0]["hex"] == [0, -4]


# ---- the rulebook's examples --------------------------------------------------------------------------------
# (each example builds, round-trips, cites the rulebook and plays: tests/conformance/test_game_parts.py)
def test_setup_corners():
    s, t = play("set-up: tokens on the blue corners")
    assert legal(s) == {"place SE", "place SW", "place NW"}
    assert_illegal(s, "place N", "lotus_chaos.setup.corners")
    assert sorted(hexes_of(t).values()) == sorted([(0, -3), (3, -3), (3, 0), (0, 3), (-3, 3), (-3, 0)])
    j = t.to_json()["turn"]
    assert (j["phase"], j["seat"], j["round"]) == ("draw", 0, 1)


def test_edge_one_north_stays():
    s, t = play("edge: one hex north from the north-most hex")
    assert "play 9" in legal(s)
    assert hexes_of(t)[3] == (0, -3) == hexes_of(s)[3]  # already north-most: stays
    assert hexes_of(t)[4] == (0, 0) and hexes_of(t)[5] == (-3, 2)
    assert hexes_of(t)[0] == hexes_of(s)[0]  # Red is Color Wheel: card 9 leaves it


def test_edge_two_north_stops():
    s, t = play("edge: two hexes north from one south of the north-most hex")
    assert hexes_of(s)[3] == (0, -2) and hexes_of(t)[3] == (0, -3)
    assert hexes_of(t)[4] == (0, -2) and hexes_of(t)[5] == (0, 1)


def test_johns_five_card_limit():
    ex = NOTES["john's five-card limit"]
    s = ex.build()
    assert cards_of(s, 1) == ["5", "12", "30", "b1", "b2"]
    u = s.apply("keep 7 >2")
    assert u.current_player == 1 and cards_of(u, 1) == ["5", "12", "22", "30", "b1", "b2"]
    assert legal(u) == {"discard 5", "discard 12", "discard 30", "discard b1", "discard b2"}
    assert_illegal(u, "discard 22", "lotus_chaos.limit.five")
    assert_illegal(u, "move N", "lotus_chaos.turn.pending")
    t = u.apply("discard b2")
    assert cards_of(t, 1) == ["5", "12", "22", "30", "b1"] and "b2" not in t.to_json()["blanks"]
    assert sum(x is None for x in t.texts) == 29 and cards_of(t, 0) == ["7"]


def test_exchange_at_the_limit():
    s = NOTES["a card exchange at the five-card limit"].build()
    u = s.apply("play 45")
    assert legal(u) == {"with 4", "with 5", "with 6"}
    t = u.apply("with 4")
    assert len(cards_of(t, 3)) == 5 and "45" in cards_of(t, 3) and not t.queue
    assert len(cards_of(t, 0)) == 1 and cards_of(t, 0)[0] in ["1", "2", "3", "4", "6"]


@pytest.mark.parametrize("name,text", [
    ("written: All Odd Color Wheel players move 1 space north", "odd color wheel tokens move 1 N"),
    ("written: The Steve Group", "[the steve group: 2 4] tokens move 1 N"),
    ("written: Red Shirts", "[red shirts: 2 4] tokens move 1 N"),
    ("written: blindly swap a card with the player on your left", "blind swap 1 with player on left"),
])
def test_written_wordings_accepted(name, text):
    s, t = play(name)
    assert cards_of(t, 0) == ["b1"] and t.to_json()["blanks"] == {"b1": text} and t.notice is None
    assert len(t.to_json()["discard"]) == 2  # both revealed cards discarded


@pytest.mark.parametrize("name,rule", [
    ("written: the same card isolating a player", "lotus_chaos.write.move-combination"),
    ("written: The Steve Group of one", "lotus_chaos.write.move-sole"),
    ("written: Dave and Jim", "lotus_chaos.write.move-identifiable"),
    ("written: Sue, Bill and Mary", "lotus_chaos.write.move-identifiable"),
    ("written: two players left", "lotus_chaos.write.move-two-left"),
    ("written: tokens leaving the board", "lotus_chaos.write.move-on-board"),
])
def test_written_wordings_refused(name, rule):
    s, t = play(name)
    assert t.notice[0] == rule and cards_of(t, 0) == [] and t.to_json()["blanks"] == {}
    assert t.to_json()["turn"]["phase"] == "actions"  # no card this turn, the turn goes on


def test_groups_and_two_players_left():
    _, t = play("written: The Steve Group")
    assert t.to_json()["groups"] == [{"name": "the steve group", "members": [1, 3]}]
    s = NOTES["written: two players left"].build()
    assert cards_of(s.apply('write "all tokens move 1 N"'), 0) == ["b1"]


@pytest.mark.parametrize("key,other", [("north", "S"), ("centre", "N"), ("south", "N"), ("purple", "N"),
                                       ("green", "SW"), ("blue", "NW")])
def test_each_objective(key, other):
    s, t = play(f"objective: {key}")
    assert t.winners() == [0] and key in t.outcome
    u = s.apply(f"move {other}")  # another move: nothing met, accusations follow
    assert not u.is_terminal and u.to_json()["turn"]["phase"] == "accusations"


def test_first_round():
    s, t = play("objective in the first round")
    assert not t.is_terminal and t.to_json()["turn"]["phase"] == "accusations"
    assert t.objective_met(0)


def test_accusations():
    _, t = play("accusation: correct")
    assert t.alive[2] is False and hexes_of(t)[2] is None and t.alive[0]
    assert t.view("spectator")["seats"][2]["objective"]["key"] == "south"
    assert not t.view("spectator")["seats"][1]["objective"]
    _, w = play("accusation: wrong")
    assert w.alive[0] is False and w.alive[2] and w.current_player == 1
    _, last = play("accusation: the last token on the board")
    assert last.winners() == [0] and "last token" in last.outcome


def test_docs_are_generated():
    from pathlib import Path
    path = Path(__file__).resolve().parents[2] / "docs" / "positions" / "lotus_chaos.md"
    assert path.read_text(encoding="utf-8") == render("lotus_chaos"), \
        "stale: run python -m explorer.core.positions_doc lotus_chaos"


# ---- partial positions cut from real games ------------------------------------------------------------------
def _played(seed, steps):
    r = random.Random(seed)
    s = explorer.load("lotus_chaos", seed=seed)
    for _ in range(steps):
        if s.is_terminal:
            break
        s = s.apply(r.choice(s.legal_actions()))
    return s


SEAT_FIELDS = ["colour", "number", "objective", "hex", "cards"]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60), drops=st.lists(
    st.tuples(st.integers(0, 5), st.sampled_from(SEAT_FIELDS)), max_size=8),
    turn_drops=st.lists(st.sampled_from(["round", "number", "window"]), max_size=3),
    more=st.lists(st.sampled_from(["discard", "revealed", "seed"]), max_size=3))
def test_partial_of_a_real_position_completes(seed, steps, drops, turn_drops, more):
    j = _played(seed, steps).to_json()
    j.pop("deck"), j.pop("rng")
    for i, f in drops:
        seat = j["seats"][i]
        if f == "cards":
            for nm in seat.get("cards", []):
                j["blanks"].pop(nm, None)
        if f == "hex" and not seat.get("alive", True):
            continue
        seat.pop(f, None)
    for f in turn_drops:
        j["turn"].pop(f, None)
    for f in more:
        if f == "discard":  # its cards go back to the deck
            j.pop("discard", None)
        elif f == "revealed" and j["turn"]["phase"] == "draw":
            j.pop("revealed", None)
        elif f == "seed":
            j.pop("seed", None)
    s = setup(j)
    s.check_invariants()
    assert explorer.from_json(s.to_json()) == s
    kept = {i: x for i, x in enumerate(j["seats"]) if "hex" in x and x["hex"] is not None}
    assert all(list(hexes_of(s)[i]) == x["hex"] for i, x in kept.items())


def _paths(obj, prefix=()):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield prefix + (k,)
            yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield prefix + (i,)
            yield from _paths(v, prefix + (i,))


JUNK = st.one_of(st.none(), st.integers(-10, 60), st.text(max_size=6), st.just([1, 2]), st.just({}),
                 st.sampled_from(["N", "centre", "ring 2 #3", "12", "b1", "player 2", "red"]))


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 30), picks=st.lists(st.integers(0, 10_000), max_size=6),
       junk=st.lists(JUNK, max_size=6), data=st.data())
def test_any_cut_or_change_is_completed_or_refused_naming_a_field(seed, steps, picks, junk, data):
    j = _played(seed, steps).to_json()
    for n, p in enumerate(picks):
        paths = list(_paths(j))
        if not paths:
            break
        path = paths[p % len(paths)]
        parent = j
        for k in path[:-1]:
            parent = parent[k]
        if n < len(junk) and data.draw(st.booleans()):
            parent[path[-1]] = junk[n]
        elif isinstance(parent, dict):
            parent.pop(path[-1])
        else:
            del parent[path[-1]]
    try:
        s = setup(j)
    except explorer.PositionError as exc:
        msg = str(exc)  # "field x" (setup, the loader's checks) or "does not validate:\n  x: ..." (pydantic)
        assert re.search(r"field|does not validate:\n  [\w.*]+:", msg) and len(msg) < 2100, msg
        return
    s.check_invariants()


def test_revealed_cards_outside_the_draw_phase_are_refused():
    """Issue 21: 49 cards 'revealed' during the set-up placements loaded, and the last legal placement then raised
    IndexError (the draw phase found no deck to reveal from). Cards lie revealed only in the draw phase, two."""
    s = explorer.load("lotus_chaos", seed=1)
    for _ in range(5):
        s = s.apply(s.legal_actions()[0])
    js = s.to_json()
    assert js["turn"]["phase"] == "setup" and js["revealed"] == []
    js["revealed"], js["deck"] = js["deck"][:49], js["deck"][49:]
    with pytest.raises(explorer.PositionError, match="field revealed"):
        explorer.from_json(js)
    with pytest.raises(explorer.PositionError, match="field revealed"):
        setup(js)
    while s.to_json()["turn"]["phase"] != "draw":
        s = s.apply(s.legal_actions()[0])
    js = s.to_json()
    js["deck"].append(js["revealed"].pop())
    with pytest.raises(explorer.PositionError, match="field revealed.*two"):
        explorer.from_json(js)
