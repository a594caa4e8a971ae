"""Notation, explanations, redaction, JSON positions (saved and hand-written) and load() options."""
from __future__ import annotations

import json
import random
import re

import pytest

import explorer
from explorer.games.lotus import action

from .helpers import assert_illegal, colour_cards, hand, j, legal_texts, pos, run, wild_deck

LEDGER = explorer.ledger("lotus")
CITED = re.compile(r"\blotus\.[a-z]+(?:\.[a-z0-9-]+)+")


def variants():
    out = []
    for v in explorer.spec("lotus").variants():
        v = dict(v)
        out.append((v.pop("players"), v))
    return out


def playout(players, options, seed, limit=400):
    """States of one random game (every state, at most `limit`)."""
    rng = random.Random(seed)
    s = explorer.load("lotus", players=players, seed=seed, **options)
    states = [s]
    while not s.is_terminal and len(states) < limit:
        s = s.apply(rng.choice(s.legal_actions()))
        states.append(s)
    return states


@pytest.fixture(scope="module")
def random_states():
    states = []
    for i, (players, options) in enumerate(variants()):
        for seed in range(4):
            states += playout(players, options, seed * 100 + i)
    return states


# ================================================================ notation

def test_notation_round_trip_every_legal_action(random_states):
    """state.parse_action(str(a)) == a for every legal action of many random positions."""
    count = 0
    for s in random_states:
        for a in s.legal_actions():
            assert s.parse_action(str(a)) == a
            assert s.parse_action(str(a).upper()) == a  # notation is case-insensitive
            assert action(str(a)) is a
            count += 1
    assert count > 5000


def test_random_games_keep_invariants_and_json_round_trips(random_states):
    """Conservation laws after every action, and from_json(to_json()) gives the same position."""
    for i, s in enumerate(random_states):
        s.check_invariants()
        assert s.is_terminal or s.legal_actions(), "a non-terminal position with no legal action"
        if i % 7 == 0:
            assert explorer.from_json(s.to_json()) == s
            assert explorer.from_json(s.to_json_text()) == s


def test_random_games_end_properly(random_states):
    """Multiplayer games end with scores; solo games with a victory or a defeat."""
    ends = [s for s in random_states if s.is_terminal]
    assert len(ends) >= 10
    for s in ends:
        if s.cfg.solo:
            assert s.outcome == "victory" or s.outcome.startswith("defeat")
        else:
            assert s.outcome == "over" and s.winners()
            sc = s.scores()["seats"]
            assert sc == [len(p) + 5 * t for p, t in zip(s.to_json()["piles"], s.tokens)]
            assert all(h == () for h in s.hands)


def test_illegal_actions_in_random_positions_cite_ledger_ids(random_states):
    """Any well-formed action that is not legal raises IllegalAction with a ledger rule id."""
    probes = ["3s", "5ss", "7sss", "5ssdw", "x3s", "x5s5s", "x5w", "x3s4s5s", "g-5", "g3-5", "e-5", "g5-5",
              "f5r1", "f5w", "d", "w5", "+t", "+elder", "+path", "+fortune", "+growth", "pass"]
    for s in random_states[::5]:
        legal = legal_texts(s)
        for text in probes:
            if text in legal:
                continue
            with pytest.raises(explorer.IllegalAction) as err:
                s.apply(text)
            assert err.value.rule in LEDGER, (text, err.value)


@pytest.mark.parametrize("text,needle", [
    ("", "expected one of"), ("zz", "expected one of"), ("5", "expected one of"), ("x", "expected one of"),
    ("g-9", "expected one of"), ("5q", "expected one of"), ("draw", "expected one of"), ("f5", "expected one of"),
    ("+foo", "expected +t or one of"), ("f5q1", "unknown colour letter"), (42, "must be text"),
    (None, "must be text"),
])
def test_malformed_notation(text, needle):
    """Malformed notation raises NotationError saying what is expected; the state is unchanged."""
    s = pos(2, hands=[["R5s1", "R3s1", "R4s1", "R6s1"], None], flowers={"5": ["B5s1"]})
    before = s.to_json()
    with pytest.raises(explorer.NotationError) as err:
        s.apply(text)
    assert needle in str(err.value)
    assert s.to_json() == before
    with pytest.raises(explorer.NotationError):
        s.parse_action(text)


def test_notation_canonical_forms():
    """Equivalent spellings parse to the same interned action with one canonical text."""
    assert action("5sdw") is action("5wds") and str(action("5wds")) == "5sdw"
    assert action("x5s3w") is action("x3w5s") and str(action("x5s3w")) == "x3w5s"
    assert action("+token") is action("+t")
    assert action(" G-5 ") is action("g-5")
    s = pos(2, hands=[["R5s1", "R5d1", "W5w1", "R3s1"], None])
    assert s.apply("5wd") == s.apply("5dw")


def test_one_type_written_per_card_is_not_called_mixed():
    """lotus.play.same-type is about different types; '3s3s' names one type twice."""
    s = pos(2, hands=[["R3s1", "R3s2", "R4s1", "R5s1"], None])
    try:
        a = s.parse_action("3s3s")
    except explorer.NotationError as err:
        assert "3ss" in str(err) or "expected" in str(err)
    except explorer.IllegalAction as err:
        assert err.rule != "lotus.play.same-type", str(err)
    else:
        assert str(a) == "3ss"


# ================================================================ explain and redact

def test_explain_cites_ledger_ids(random_states):
    """explain() describes each legal action and cites ledger rule ids in brackets."""
    seen = set()
    for s in random_states[::3]:
        for a in s.legal_actions():
            text = s.explain(a)
            ids = CITED.findall(text)
            assert ids, text
            assert set(ids) <= set(LEDGER), text
            seen.update(ids)
    assert {"lotus.play.one-or-two", "lotus.exchange.one-or-two", "lotus.move.incomplete",
            "lotus.draw.refill", "lotus.draw.sources", "lotus.complete.reward"} <= seen


def test_explain_specific_actions():
    s = pos(2, hands=[["R3s2", "R4s1", "R5s1", "R6s1"], None], flowers={"3": ["R3s1", "W3w1"]})
    text = s.explain("3s")
    assert "completing it" in text and "lotus.complete.control" in text and "lotus.complete.pick" in text
    assert "Red Ladybug" in text
    assert "[lotus.move.incomplete]" in s.explain("g-3")
    reward = s.apply("3s")
    assert "lotus.power.path" in reward.explain("+path")
    with pytest.raises(explorer.IllegalAction):
        s.explain("7s")


def test_redact_hides_exchanged_cards():
    """redact(): other seats and spectators see only how many cards were exchanged."""
    s = pos(3, hands=[["R3s1", "R4s1", "R5s1", "W5w1"], None, None])
    a = s.parse_action("x3s5w")
    assert s.redact(a, 1) == "x2" and s.redact(a, 2) == "x2" and s.redact(a, -1) == "x2"
    assert s.redact(a, 0) == "x3s5w" and s.redact(a, None) == "x3s5w"
    one = s.parse_action("x4s")
    assert s.redact(one, 1) == "x1"
    play = s.parse_action("5s")
    assert s.redact(play, 1) == "5s"


def test_view_hides_hands_from_other_seats():
    """lotus.setup.hands: hands are secret (view per seat)."""
    s = pos(2, hands=[["R3s1", "R4s1", "R5s1", "W5w1"], None])
    assert s.view(1)["seats"][0]["hand"] is None and s.view(1)["seats"][0]["hand_size"] == 4
    assert [c["id"] for c in s.view(0)["seats"][0]["hand"]] == ["R3s1", "R4s1", "R5s1", "W5w1"]
    with pytest.raises(ValueError):
        s.view(5)


# ================================================================ hand-written positions

def test_hand_written_defaults():
    """Cards a position does not place are shuffled into decks; missing hands are dealt; a display is laid."""
    s = pos(3, hands=[["R5s1"], None, None], deck_tops=[["R7s1", "R6s1"], [], []], flowers={"5": ["B5s1"]})
    data = j(s)
    assert data["hands"][0] == ["R5s1"] and len(data["hands"][1]) == 4 and len(data["hands"][2]) == 4
    assert data["decks"][0][-2:] == ["R7s1", "R6s1"] and len(data["decks"][0]) == 26 - 1
    assert "B5s1" not in data["hands"][1] + data["decks"][1]
    assert len(data["display"]) == 4 and len(data["wild_deck"]) == 16
    assert s.current_player == 0 and data["turn"]["phase"] == "actions"
    # the seed decides the shuffle
    assert j(pos(3, seed=1))["decks"] != j(pos(3, seed=2))["decks"]
    assert j(pos(3, seed=1)) == j(pos(3, seed=1))


def test_json_round_trip_of_hand_written_positions():
    s = pos(2, hands=[["R3s2", "R4s1", "R5s1", "R6s1"], None], flowers={"3": ["R3s1", "W3w1"]},
            powers=[["elder"], []], guardians=[{"insects": [3, "supply"], "elder": 3}, {}], tokens=[2, 1])
    for t in (s, s.apply("3s"), run(s, "3s", "+t")):
        assert explorer.from_json(t.to_json()) == t
        assert explorer.from_json(t.to_json_text()) == t


def _error(fields, players=2):
    with pytest.raises(explorer.PositionError) as err:
        pos(players, **fields)
    return str(err.value)


@pytest.mark.parametrize("fields,players,needles", [
    ({"hands": [["X5s1"], None]}, 2, ["hands.0.0", "unknown card 'X5s1'"]),
    ({"hands": [["R9s1"], None]}, 2, ["hands.0.0", "unknown card"]),
    ({"hands": [["R5s1"], None], "piles": [["R5s1"], []]}, 2, ["piles.0.0", "already in hands.0"]),
    ({"flowers": {"5": ["R5s1"]}, "out": ["R5s1"]}, 2, ["out.0", "already in flowers.5"]),
    ({"hands": [None, ["R5s1"]]}, 2, ["hands.1.0", "belongs to another player"]),
    ({"decks": [["B5s1"], None]}, 2, ["decks.0.0", "belongs to another player"]),
    ({"flowers": {"5": ["R4s1"]}}, 2, ["flowers.5.0", "not a 5-petal card"]),
    ({"flowers": {"3": ["R3s1", "B3s1", "W3w1", "W3w2"]}}, 2, ["flowers.3", "at most 3"]),
    ({"flowers": {"3": ["R3s1", "B3s1", "W3w1"]}}, 2, ["flowers.3", "complete flower"]),
    ({"flowers": {"8": ["R5s1"]}}, 2, ["flowers.8", "petal count"]),
    ({"guardians": [{"insects": [5, "supply"]}, {}]}, 2, ["guardians.0.insects.0", "growing flower"]),
    ({"guardians": [{"insects": ["supply", "nowhere"]}, {}]}, 2, ["guardians.0.insects.1"]),
    ({"guardians": [{"insects": ["supply"]}, {}]}, 2, ["guardians.0.insects", "expected 2"]),
    ({"guardians": [{"insects": ["supply", "supply"], "elder": "supply"}, {}]}, 2,
     ["guardians.0.elder", "needs the elder power"]),
    ({"powers": [["elder"], []]}, 2, ["guardians.0.elder", "place its Elder Guardian"]),
    ({"powers": [["magic"], []]}, 2, ["powers.0", "unknown power 'magic'"]),
    ({"options": {"zzz": 1}}, 2, ["options.zzz", "unknown option", "exchange_wildflowers"]),
    ({"options": {"edition": "five"}}, 2, ["options.edition", "'four', 'three'"]),
    ({"options": {"family": "yes"}}, 2, ["options.family", "True or False"]),
    ({"options": {"family": True}}, 3, ["options", "4 players"]),
    ({"options": {"difficulty": "easy"}}, 2, ["options", "solo game (players=1)"]),
    ({"foo": 1}, 2, ["foo", "Extra inputs are not permitted"]),
    ({"turn": {"seat": 0, "colour": "red"}}, 2, ["turn.colour"]),
    ({"players": "three"}, 2, ["players", "valid integer"]),
    ({"hands": "R5s1"}, 2, ["hands", "valid list"]),
    ({"hands": [["R5s1", 3], None]}, 2, ["hands.0.1", "valid string"]),
    ({"tokens": [1]}, 2, ["tokens", "one entry per seat"]),
    ({"tokens": [-1, 0]}, 2, ["tokens", ">= 0"]),
    ({"turn": {"seat": "x"}}, 2, ["turn.seat"]),
    ({"turn": {"seat": 2}}, 2, ["turn.seat", "0..1"]),
    ({"turn": {"phase": "lunch"}}, 2, ["turn.phase", "actions"]),
    ({"turn": {"actions_left": 3}}, 2, ["turn.actions_left"]),
    ({"turn": {"phase": "reward"}}, 2, ["turn.pending"]),
    ({"outcome": "over"}, 2, ["outcome"]),
    ({"completed": [9]}, 1, ["completed", "3-7"]),
    ({"display": ["R5s1"]}, 2, ["display", "only wildflowers"]),
    ({"version": 2}, 2, ["version"]),
    ({"players": 5}, 2, ["players", "[1, 2, 3, 4]"]),
    ({"hands": [["R3s4"], None, None]}, 3, ["hands.0.0", "set aside at 3 players"]),
    ({"decks": [["R5s1"], None], "deck_tops": [["R5s2"], []]}, 2, ["deck_tops.0", "not both"]),
])
def test_invalid_positions_name_the_field(fields, players, needles):
    """Invalid hand-written positions raise PositionError naming the field."""
    fields = dict(fields)
    players = fields.pop("players", players)
    with pytest.raises(explorer.PositionError) as err:
        pos(players, **fields)
    for needle in needles:
        assert needle in str(err.value), str(err.value)


def test_invalid_position_conservation_laws():
    msg = _error({"hands": [["R3s1", "R4s1", "R5s1", "R6s1", "R7s1"], None]})
    assert "conservation law" in msg and "more cards than allowed" in msg
    msg = _error({"hands": [[], None], "decks": [[], None]})
    assert "missing" in msg
    assert "exactly when the phase is 'over'" in _error({"turn": {"phase": "over"}})
    with pytest.raises(explorer.PositionError, match="game"):
        explorer.from_json({"players": 2})
    with pytest.raises(explorer.PositionError, match="unknown game"):
        explorer.from_json({"game": "chess", "players": 2})
    with pytest.raises(explorer.PositionError, match="not valid JSON"):
        explorer.from_json("{nope")


def test_solo_position_wildflower_deck_must_hold_the_rest():
    assert "missing" in _error({"wild_deck": wild_deck()[:-1]}, players=1)
    s = pos(1, hands=[colour_cards(1, 0)[:4]], wild_deck=wild_deck())
    assert len(hand(s, 0)) == 4 and j(s)["display"] == []


# ================================================================ load() options

def test_load_unknown_option_lists_valid_ones():
    with pytest.raises(ValueError) as err:
        explorer.load("lotus", players=3, colour="red")
    msg = str(err.value)
    assert "colour" in msg
    for name in explorer.spec("lotus").options:
        assert name in msg


@pytest.mark.parametrize("kwargs,needle", [
    ({"players": 3, "family": True}, "family variant is for 4 players"),
    ({"players": 2, "family": True}, "family variant is for 4 players"),
    ({"players": 2, "difficulty": "easy"}, "'difficulty' is for the solo game (players=1)"),
    ({"players": 3, "longer_play": True}, "'longer_play' is for the solo game (players=1)"),
    ({"players": 4, "solo_powers": "elder"}, "'solo_powers' is for the solo game (players=1)"),
    ({"players": 1, "edition": "three"}, "three-power (Traditional Chinese) edition has no solo"),
    ({"players": 1, "difficulty": "easy", "solo_powers": "elder"}, "the easy difficulty takes 3"),
    ({"players": 1, "solo_powers": "magic"}, "expects one of"),
    ({"players": 3, "scoring_tokens": "some"}, "'limited', 'unlimited'"),
    ({"players": 3, "edition": "five"}, "'four', 'three'"),
    ({"players": 3, "exchange_wildflowers": "no"}, "True or False"),
    ({"players": 5}, "1, 2, 3, 4 players"),
    ({"players": 3, "seed": "x"}, "seed must be an integer"),
])
def test_load_option_validation(kwargs, needle):
    with pytest.raises(ValueError) as err:
        explorer.load("lotus", **kwargs)
    assert needle in str(err.value)


def test_load_valid_option_sets():
    assert explorer.load("lotus", players=4, family=True).cfg.family
    s = explorer.load("lotus", players=1, difficulty="easy", solo_powers="growth + elder+path")
    assert j(s)["options"]["solo_powers"] == "elder+path+growth" and j(s)["powers"] == [["elder", "path", "growth"]]
    assert explorer.load("lotus").cfg.players == 3
    assert_illegal(s, "+t", "lotus.solo.no-rewards")


def _solo(choose: bool):
    """A solo game's start: choosing the powers, or (`choose` False) the first turn after choosing them."""
    s = explorer.load("lotus", players=1, seed=1)
    while not choose and s.to_json()["turn"]["phase"] == "choose_powers":
        s = s.apply(s.legal_actions()[0])
    return json.loads(s.to_json_text())


@pytest.mark.parametrize("choose, turn, field", [
    # negative Winter Lotus actions: the first exchange's end of turn left a position that did not reload
    (False, {"winter_actions": -5}, "turn.winter_actions"),
    (False, {"winter_actions": 1}, "turn.winter_actions"),  # two actions left: none taken yet this turn
    # no actions left while choosing the powers: the deal then starts a turn with 0 actions (does not reload)
    (True, {"actions_left": 0}, "turn.actions_left"),
    (True, {"winter_actions": 1}, "turn.winter_actions"),
])
def test_solo_turn_counters_that_break_a_move_later_are_refused(choose, turn, field):
    js = _solo(choose)
    js["turn"].update(turn)
    with pytest.raises(explorer.PositionError, match=re.escape(f"field {field}")):
        explorer.from_json(js)
