"""Every rule of data/rules/lotus.toml, one or more tests each (the rule id is named in each test).

Positive tests check the exact effect (cards moved, influence, pending rewards, scores ...); tests of
forbidden things check that `apply` raises explorer.IllegalAction citing the rule and leaves the
state unchanged (see helpers.assert_illegal). Seats: 0 Red, 1 Blue, 2 Yellow, 3 Green.
"""
from __future__ import annotations

import random

import pytest

import explorer

from .helpers import (
    LETTERS,
    WILD,
    assert_illegal,
    colour_cards,
    finished,
    flower,
    guards,
    hand,
    j,
    legal_texts,
    others,
    pile,
    pos,
    run,
    solo,
    take_turn,
    turn,
    wild_deck,
    wild_rest,
)

ALL_POWERS = ["elder", "path", "fortune", "growth"]
REWARDS = {"+t", "+elder", "+path", "+fortune", "+growth"}


def all_powers_guards(players):
    return [{"insects": ["supply", "supply"], "elder": "supply"} for _ in range(players)]


# ================================================================ set-up

@pytest.mark.parametrize("players,per_deck,removed", [(2, 31, 0), (3, 26, 1), (4, 21, 2)],
                         ids=["2p", "3p", "4p"])
def test_setup_decks(players, per_deck, removed):
    """lotus.setup.decks: 31 cards per colour; 3p removes one single-symbol card of each type per
    deck (26 left), 4p two (21 left); each deck is shuffled."""
    s = explorer.load("lotus", players=players, seed=3)
    data = j(s)
    cfg = s.cfg
    for seat in range(players):
        mine = data["hands"][seat] + data["decks"][seat]
        assert len(mine) == per_deck
        assert all(c[0] == LETTERS[seat] for c in mine)
        assert sum(1 for c in mine if c[2] == "d") == 5  # every double-symbol card stays
        aside = sorted(cfg.NAME[c] for c in cfg.aside if cfg.OWNER[c] == seat)
        assert len(aside) == 5 * removed
        assert all(n[2] == "s" for n in aside)  # only single-symbol cards are removed...
        assert sorted(n[1] for n in aside) == sorted("34567" * removed)  # ...of each type
        assert not set(aside) & set(mine)
        assert sorted(mine) == sorted(colour_cards(players, seat))
    # the set-aside cards are nowhere in the game
    everywhere = [c for key in ("hands", "decks", "piles") for group in data[key] for c in group]
    everywhere += data["display"] + data["wild_deck"] + data["out"]
    assert not {cfg.NAME[c] for c in cfg.aside} & set(everywhere)
    # shuffled: another seed deals another order of the same cards
    other = j(explorer.load("lotus", players=players, seed=4))
    assert other["decks"][0] != data["decks"][0]
    assert sorted(other["decks"][0] + other["hands"][0]) == sorted(data["decks"][0] + data["hands"][0])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_wildflowers(players):
    """lotus.setup.wildflowers: the shuffled wildflower deck, its top four face up."""
    data = j(explorer.load("lotus", players=players, seed=8))
    assert len(data["display"]) == 4 and all(c.startswith("W") for c in data["display"])
    assert len(data["wild_deck"]) == 16
    assert sorted(data["display"] + data["wild_deck"]) == sorted(WILD)
    assert j(explorer.load("lotus", players=players, seed=9))["wild_deck"] != data["wild_deck"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_guardians_and_hands(players):
    """lotus.setup.guardians: two insects each in supply, no elder, no tokens, no powers.
    lotus.setup.hands: a secret starting hand of four from the own deck."""
    s = explorer.load("lotus", players=players, seed=1)
    data = j(s)
    assert data["guardians"] == [{"insects": ["supply", "supply"], "elder": None}] * players
    assert data["tokens"] == [0] * players and data["powers"] == [[]] * players
    for seat in range(players):
        assert len(data["hands"][seat]) == 4 and all(c[0] == LETTERS[seat] for c in data["hands"][seat])
        assert s.view(None)["seats"][seat]["supply"] == {"insects": 2, "elder": False}
    view = s.view(1)
    assert view["seats"][0]["hand"] is None and view["seats"][0]["hand_size"] == 4
    assert sorted(c["id"] for c in view["seats"][1]["hand"]) == sorted(data["hands"][1])
    assert all(seat["hand"] is None for seat in s.view(-1)["seats"])


def test_setup_first_player_and_clockwise():
    """lotus.setup.first-player: seat 0 (Red) starts, then play goes in seat order, Red Blue Yellow."""
    s = explorer.load("lotus", players=3, seed=2)
    assert s.current_player == 0 and turn(s)["number"] == 1
    assert [seat["color"] for seat in s.view(None)["seats"]] == ["red", "blue", "yellow"]
    seats = []
    for _ in range(4):
        s, seat = take_turn(s)
        seats.append(seat)
    assert seats == [0, 1, 2, 0] and s.current_player == 1 and turn(s)["number"] == 5


# ================================================================ the turn

def test_turn_two_actions_then_draw():
    """lotus.turn.two-actions: exactly two actions, then the draw step; drawing earlier is illegal."""
    display = ["W3w1", "W4w1", "W5w1", "W6w1"]
    s = pos(2, hands=[["R3s1", "R4s1", "R5s1", "R6s1"], None], deck_tops=[["R7s1", "R7s2"], []],
            display=display, wild_deck=wild_deck(exclude=display))
    assert_illegal(s, "d", "lotus.turn.two-actions")
    s1 = s.apply("3s")
    assert turn(s1)["phase"] == "actions" and turn(s1)["actions_left"] == 1 and s1.current_player == 0
    assert_illegal(s1, "d", "lotus.turn.two-actions")
    assert_illegal(s1, "w4", "lotus.turn.two-actions")
    s2 = s1.apply("4s")
    assert turn(s2)["phase"] == "draw" and s2.current_player == 0 and hand(s2, 0) == ["R5s1", "R6s1"]
    assert_illegal(s2, "5s", "lotus.draw.refill")  # no third action
    s3 = run(s2, "d", "d")
    assert hand(s3, 0) == ["R5s1", "R6s1", "R7s1", "R7s2"]
    assert s3.current_player == 1 and turn(s3)["phase"] == "actions" and turn(s3)["actions_left"] == 2
    assert turn(s3)["number"] == 2


def test_turn_same_action_twice():
    """lotus.turn.two-actions: the same action may be taken twice (two moves, two exchanges)."""
    s = pos(2, hands=[["R3s1", "R4s1", "R5s1", "R6s1"], None], flowers={"5": ["B5s1"]})
    s2 = run(s, "g-5", "g-5")
    assert guards(s2, 0)["insects"] == [5, 5] and s2.influence(2) == [2, 1]
    # two exchanges keep four cards: no draw step, the turn passes to Blue at once
    s3 = run(s, "x3s", "x4s")
    assert s3.current_player == 1 and turn(s3)["phase"] == "actions" and len(hand(s3, 0)) == 4


def test_turn_pass_only_when_nothing_is_possible():
    """lotus.turn.pass: with an empty hand and an empty garden the only action is 'pass'."""
    s = pos(2, hands=[[], None])
    assert [str(a) for a in s.legal_actions()] == ["pass"]
    s1 = s.apply("pass")
    assert turn(s1)["actions_left"] == 1 and hand(s1, 0) == []
    s2 = s1.apply("pass")
    assert turn(s2)["phase"] == "draw"
    busy = pos(2, hands=[["R3s1"], None])
    assert "pass" not in legal_texts(busy)
    assert_illegal(busy, "pass", "lotus.turn.pass")


# ================================================================ play petal cards

def test_play_one_or_two_cards():
    """lotus.play.one-or-two: one or two cards from the hand onto one flower; three need a power."""
    s = pos(2, hands=[["R5s1", "R5s2", "R5s3", "W5w1"], None], flowers={"5": ["B5s1"]})
    s1 = s.apply("5sw")
    assert flower(s1, 5) == ["B5s1", "R5s1", "W5w1"] and hand(s1, 0) == ["R5s2", "R5s3"]
    s2 = s1.apply("5s")
    assert flower(s2, 5) == ["B5s1", "R5s1", "W5w1", "R5s2"] and hand(s2, 0) == ["R5s3"]
    assert "5ssw" not in legal_texts(s) and "5sss" not in legal_texts(s)
    assert_illegal(s, "5sss", "lotus.play.one-or-two")
    assert_illegal(s, "5ssw", "lotus.play.one-or-two")


def test_play_from_hand():
    """lotus.play.from-hand: played and exchanged cards must be in the player's own hand."""
    s = pos(2, hands=[["R5s1", "R5s2", "R3s1", "W5w1"], ["B5d1", "B7s1", "B4s1", "B6s1"]])
    assert_illegal(s, "7s", "lotus.play.from-hand")
    assert_illegal(s, "5d", "lotus.play.from-hand")  # Blue holds a double 5, Red does not
    assert_illegal(s, "5ww", "lotus.play.from-hand")
    assert_illegal(s, "x7s", "lotus.play.from-hand")
    assert_illegal(s, "x3s3s", "lotus.play.from-hand")
    s1 = s.apply("5sw")  # the cards held are played from the hand
    assert hand(s1, 0) == ["R3s1", "R5s2"] and hand(s1, 1) == hand(s, 1)


def test_play_same_type():
    """lotus.play.same-type: cards of different types are never played together."""
    s = pos(2, hands=[["R5s1", "R3s1", "R4s1", "W5w1"], None], flowers={"5": ["B5s1"]})
    err = assert_illegal(s, "5s3s", "lotus.play.same-type")
    assert "one type" in str(err)
    assert_illegal(s, "3s5w", "lotus.play.same-type")
    # every legal play is of one type; one type with all symbol kinds mixed is fine
    for a in s.legal_actions():
        text = str(a)
        if text[0].isdigit():
            assert text[1:].strip("sdw") == ""
    s1 = s.apply("5sw")
    assert flower(s1, 5) == ["B5s1", "R5s1", "W5w1"]
    # exchanging cards of two types in one action is allowed
    assert "x3s4s" in legal_texts(s)


def test_play_one_flower_per_type():
    """lotus.play.one-flower-per-type: a card joins the growing flower of its type; a new flower of
    that type starts only after it is completed."""
    s = pos(2, hands=[["R5s1", "R5s2", "R3s1", "R4s1"], None],
            flowers={"5": ["B5s1", "B5s2", "W5w1", "W5w2"]})
    assert "lotus.play.one-flower-per-type" in s.explain("5s")
    s1 = s.apply("5s")  # the fifth petal: the growing Cherry Blossom is completed
    assert flower(s1, 5) == [] and len(pile(s1, 0)) == 5
    assert turn(s1)["pending"] == [1]  # Blue controls it (2 symbols to 1)
    s2 = s1.apply("+t")
    s3 = s2.apply("5s")  # now a new 5-petal flower may start
    assert flower(s3, 5) == ["R5s2"]
    # while a flower grows, a card of its type goes onto that flower, never beside it
    g = pos(2, hands=[["R5s1", "R5s2", "R3s1", "R4s1"], None], flowers={"5": ["B5s1"]})
    g1 = g.apply("5s")
    assert flower(g1, 5) == ["B5s1", "R5s1"] and len(j(g1)["flowers"]) == 1


# ================================================================ exchange

def test_exchange_to_bottom_draw_from_top():
    """lotus.exchange.one-or-two: one or two cards to the bottom of the own deck, as many drawn
    from its top, never from the wildflowers; three is too many."""
    s = pos(2, hands=[["R3s1", "R4s1", "R5s1", "W5w1"], None], deck_tops=[["R7s1", "R6s1"], []])
    deck = j(s)["decks"][0]
    display = j(s)["display"]
    s1 = s.apply("x3s4s")
    assert hand(s1, 0) == ["R5s1", "R6s1", "R7s1", "W5w1"]
    d1 = j(s1)["decks"][0]
    assert sorted(d1[:2]) == ["R3s1", "R4s1"] and d1[2:] == deck[:-2] and len(d1) == len(deck)
    assert j(s1)["display"] == display and turn(s1)["actions_left"] == 1
    s2 = s.apply("x5s")
    assert hand(s2, 0) == ["R3s1", "R4s1", "R6s1", "W5w1"] and j(s2)["decks"][0][0] == "R5s1"
    assert_illegal(s, "x3s4s5s", "lotus.exchange.one-or-two")
    assert "lotus.exchange.one-or-two" in s.explain("x3s4s")


def test_exchange_wildflowers_default_allowed():
    """lotus.exchange.wildflowers (default exchange_wildflowers=True): a wildflower in hand may go
    under the own deck."""
    s = pos(2, hands=[["R3s1", "R4s1", "R5s1", "W5w1"], None], deck_tops=[["R6s1"], []])
    assert {"x5w", "x5s5w", "x3s5w"} <= legal_texts(s)
    s1 = s.apply("x5w")
    assert j(s1)["decks"][0][0] == "W5w1" and hand(s1, 0) == ["R3s1", "R4s1", "R5s1", "R6s1"]
    s1.check_invariants()


def test_exchange_wildflowers_option_off():
    """lotus.exchange.wildflowers with exchange_wildflowers=False: wildflowers cannot be exchanged."""
    s = pos(2, options={"exchange_wildflowers": False},
            hands=[["R3s1", "R4s1", "R5s1", "W5w1"], None])
    texts = legal_texts(s)
    assert "x3s4s" in texts and not any(t.startswith("x") and "w" in t for t in texts)
    assert_illegal(s, "x5w", "lotus.exchange.wildflowers")
    assert_illegal(s, "x3s5w", "lotus.exchange.wildflowers")
    assert s.apply("5w")  # it can still be played


# ================================================================ move a guardian

def _moves_position(**kw):
    return pos(2, flowers={"3": ["W3w1"], "5": ["B5s1"]},
               guardians=[{"insects": ["supply", 3]}, {"insects": [5, "supply"]}], **kw)


def test_move_own_guardian():
    """lotus.move.own: from the own supply or from a flower, never another player's guardian."""
    s = _moves_position()
    moves = {t for t in legal_texts(s) if t[0] in "ge"}
    assert moves == {"g-3", "g-5", "g3-5"}
    s1 = s.apply("g-5")
    assert guards(s1, 0)["insects"] == [3, 5] and s1.influence(2) == [1, 2]
    s2 = s.apply("g3-5")
    assert guards(s2, 0)["insects"] == ["supply", 5] and s2.influence(0) == [0, 0]
    assert guards(s2, 1) == guards(s, 1)
    assert_illegal(s, "g5-3", "lotus.move.own")  # only Blue has a guardian on the 5
    assert_illegal(s, "g4-5", "lotus.move.own")
    both = pos(2, flowers={"3": ["W3w1"]}, guardians=[{"insects": [3, 3]}, {}])
    assert_illegal(both, "g-3", "lotus.move.own")  # the supply is empty


def test_move_to_incomplete_flower():
    """lotus.move.incomplete: a guardian goes onto a flower growing in the garden."""
    s = _moves_position()
    assert_illegal(s, "g-4", "lotus.move.incomplete")
    assert_illegal(s, "g3-7", "lotus.move.incomplete")
    empty = pos(2, hands=[["R3s1"], None])
    assert not any(t.startswith("g") for t in legal_texts(empty))
    assert_illegal(empty, "g-3", "lotus.move.incomplete")
    assert "lotus.move.incomplete" in s.explain("g-3")


def test_move_must_move():
    """lotus.move.must-move: the guardian must change flowers."""
    s = _moves_position()
    assert_illegal(s, "g3-3", "lotus.move.must-move")
    assert "g3-3" not in legal_texts(s)


# ================================================================ draw cards

def test_draw_refill_to_four():
    """lotus.draw.refill: after two actions draw back up to four, and nothing else may be done."""
    s = pos(2, hands=[["R3s1", "R4s1", "R5s1", "R6s1"], None], deck_tops=[["R7s1", "R7s2"], []])
    s1 = run(s, "3s", "4s")
    assert turn(s1)["phase"] == "draw"
    assert_illegal(s1, "5s", "lotus.draw.refill")
    assert_illegal(s1, "g-3", "lotus.draw.refill")
    assert_illegal(s1, "x5s", "lotus.draw.refill")
    s2 = s1.apply("d")
    assert turn(s2)["phase"] == "draw" and len(hand(s2, 0)) == 3 and s2.current_player == 0
    s3 = s2.apply("d")
    assert len(hand(s3, 0)) == 4 and s3.current_player == 1 and turn(s3)["phase"] == "actions"
    # holding four after the two actions: no draw at all
    full = run(s, "x3s", "x4s")
    assert full.current_player == 1 and len(hand(full, 0)) == 4
    assert len(j(full)["decks"][0]) == len(j(s)["decks"][0])


def test_draw_sources_deck_and_display():
    """lotus.draw.sources: from the own deck or the face-up wildflowers, in any combination."""
    display = ["W3w1", "W4w1", "W5w1", "W6w1"]
    s = pos(2, hands=[["R3s1", "R4s1", "R5s1", "R6s1"], None], deck_tops=[["R7s1"], []],
            display=display, wild_deck=wild_deck(top=["W7w1"], exclude=display))
    s1 = run(s, "3s", "4s")
    assert legal_texts(s1) == {"d", "w3", "w4", "w5", "w6"}
    assert_illegal(s1, "w7", "lotus.draw.sources")
    s2 = run(s1, "w5", "d")
    assert hand(s2, 0) == ["R5s1", "R6s1", "R7s1", "W5w1"]
    # an empty deck: only wildflowers can be drawn
    red = ["R3s1", "R4s1", "R5s1", "R6s1"]
    e = pos(2, hands=[red, None], decks=[[], None], piles=[others(2, 0, red), []], display=display,
            wild_deck=wild_deck(top=["W7w1"], exclude=display))
    e1 = run(e, "3s", "4s")
    assert legal_texts(e1) == {"w3", "w4", "w5", "w6"}
    assert_illegal(e1, "d", "lotus.draw.sources")


def test_draw_display_refilled_after_drawing():
    """lotus.draw.display-refill: the display is refilled to four only once the player has drawn."""
    display = ["W3w1", "W4w1", "W5w1", "W6w1"]
    s = pos(2, hands=[["R3s1", "R4s1", "R5s1", "R6s1"], None],
            display=display, wild_deck=wild_deck(top=["W7w1"], exclude=display))
    s1 = run(s, "3s", "4s", "w5")
    assert j(s1)["display"] == ["W3w1", "W4w1", "W6w1"] and turn(s1)["phase"] == "draw"
    # the second card drawn ends the turn: then the two top cards of the wildflower deck are revealed
    s2 = s1.apply("w3")
    assert s2.current_player == 1 and hand(s2, 0) == ["R5s1", "R6s1", "W3w1", "W5w1"]
    assert j(s2)["display"] == ["W4w1", "W6w1", "W7w1", "W7w4"]
    assert len(j(s2)["wild_deck"]) == 14 and j(s2)["wild_deck"] == j(s)["wild_deck"][:-2]


def test_draw_display_not_refilled_when_wildflower_deck_is_empty():
    """lotus.draw.display-refill: once the wildflower deck is empty the display is not refilled."""
    display = ["W3w1", "W4w1", "W5w1", "W6w1"]
    s = pos(2, hands=[["R3s1", "R4s1", "R5s1", "R6s1"], None],
            display=display, wild_deck=[], out=wild_rest(display))
    s1 = run(s, "3s", "4s", "w5", "d")
    assert s1.current_player == 1 and j(s1)["display"] == ["W3w1", "W4w1", "W6w1"]
    assert j(s1)["wild_deck"] == []
    # one card left: only that one comes back
    s = pos(2, hands=[["R3s1", "R4s1", "R5s1", "R6s1"], None], display=display, wild_deck=["W7w1"],
            out=wild_rest(display, ["W7w1"]))
    s1 = run(s, "3s", "4s", "w5", "w6")
    assert sorted(j(s1)["display"]) == ["W3w1", "W4w1", "W7w1"]


# ================================================================ completing flowers

def test_complete_max_petals():
    """lotus.complete.max-petals: a flower never gets more petals than its type (even with growth)."""
    s = pos(2, hands=[["R5s1", "R5s2", "R5s3", "R3s1"], None],
            flowers={"5": ["B5s1", "B5s2", "W5w1", "W5w2"]}, powers=[["growth"], []])
    assert_illegal(s, "5ss", "lotus.complete.max-petals")
    assert_illegal(s, "5sss", "lotus.complete.max-petals")
    assert {t for t in legal_texts(s) if t.startswith("5")} == {"5s"}
    s1 = s.apply("5s")
    assert flower(s1, 5) == [] and len(pile(s1, 0)) == 5  # complete at exactly five


def _lily(blue_elder: bool):
    guardians = [{"insects": [6, "supply"]},
                 {"insects": ["supply", "supply"], "elder": 6 if blue_elder else "supply"}]
    return pos(2, hands=[None, ["W6w3", "B3s1", "B4s1", "B5s1"]],
               flowers={"6": ["R6d1", "B6s1", "B6s2", "W6w1", "W6w2"]},
               powers=[[], ["elder"]], guardians=guardians, turn={"seat": 1})


def test_complete_control_symbols_plus_guardians():
    """lotus.complete.control: symbols on the petals + guardians on the flower; the most controls.
    lotus.power.elder: the Elder Guardian counts as two."""
    s = _lily(blue_elder=False)
    assert s.influence(3) == [3, 2]  # Red: double symbol + guardian; Blue: two single symbols
    s1 = s.apply("6w")
    assert turn(s1)["phase"] == "reward" and turn(s1)["pending"] == [0] and s1.current_player == 0
    assert len(pile(s1, 1)) == 6 and pile(s1, 0) == []  # Blue completed it and picks it
    e = _lily(blue_elder=True)
    assert e.influence(3) == [3, 4]
    e1 = e.apply("6w")
    assert turn(e1)["pending"] == [1]
    assert "lotus.complete.control" in e.explain("6w")


def test_complete_ties_all_rewarded():
    """lotus.complete.control: every tied player has control and is rewarded."""
    s = pos(3, hands=[None, ["B4s1", "B3s1", "B5s1", "B6s1"], None],
            flowers={"4": ["R4s1", "Y4s1", "W4w1"]}, turn={"seat": 1})
    s1 = s.apply("4s")
    assert turn(s1)["pending"] == [1, 2, 0]
    s2 = run(s1, "+t", "+t", "+t")
    assert j(s2)["tokens"] == [1, 1, 1] and turn(s2)["phase"] == "actions"


@pytest.mark.parametrize("completer,tied,order", [
    (0, [1, 2], [1, 2]), (2, [0, 1], [0, 1]), (1, [0, 2], [2, 0]), (2, [0, 1, 2], [2, 0, 1]),
    (1, [0, 1, 2], [1, 2, 0]),
], ids=lambda v: str(v))
def test_complete_reward_order(completer, tied, order):
    """lotus.complete.reward-order: tied controllers choose from the completer clockwise."""
    cherry = [f"{LETTERS[seat]}5s1" for seat in tied]
    cherry += ["W5w1", "W5w2", "W5w3"][: 4 - len(cherry)]
    hands = [None, None, None]
    own = [c for c in colour_cards(3, completer) if c[1] != "5"][:3]
    hands[completer] = ["W5w4"] + own
    s = pos(3, hands=hands, flowers={"5": cherry}, turn={"seat": completer})
    s1 = s.apply("5w")
    assert turn(s1)["pending"] == order
    chooser = []
    while turn(s1)["phase"] == "reward":
        chooser.append(s1.current_player)
        assert turn(s1)["seat"] == completer  # still the completer's turn
        s1 = s1.apply("+t")
    assert chooser == order
    assert [j(s1)["tokens"][seat] for seat in range(3)] == [1 if seat in tied else 0 for seat in range(3)]
    assert s1.current_player == completer and turn(s1)["actions_left"] == 1


def test_complete_reward_choice_on_another_players_turn():
    """lotus.complete.reward: each controller chooses a token (5 points) or a power, even on
    someone else's turn; nothing else can happen until they have chosen."""
    s = pos(3, hands=[None, ["B4s1", "B3s1", "B5s1", "B6s1"], None],
            flowers={"4": ["R4s1", "Y4s1", "W4w1"]}, turn={"seat": 1})
    assert_illegal(s, "+t", "lotus.complete.reward")
    assert_illegal(s, "+elder", "lotus.complete.reward")
    s1 = s.apply("4s")
    assert legal_texts(s1) == REWARDS
    assert_illegal(s1, "3s", "lotus.complete.reward")
    assert_illegal(s1, "d", "lotus.complete.reward")
    assert_illegal(s1, "pass", "lotus.complete.reward")
    s2 = s1.apply("+t")
    assert j(s2)["tokens"] == [0, 1, 0] and s2.current_player == 2 and turn(s2)["seat"] == 1
    s3 = s2.apply("+elder")
    assert j(s3)["powers"][2] == ["elder"] and guards(s3, 2)["elder"] == "supply"
    assert s3.current_player == 0
    s4 = s3.apply("+path")
    assert j(s4)["powers"] == [["path"], [], ["elder"]]
    assert s4.current_player == 1 and turn(s4)["phase"] == "actions" and turn(s4)["actions_left"] == 1
    assert s4.scores()["seats"] == [0 + 0, 4 + 5, 0]


def test_complete_pick_by_completer():
    """lotus.complete.pick: whoever places the last petal takes all its cards, control or not."""
    s = pos(2, hands=[None, ["W7w3", "B3s1", "B4s1", "B5s1"]],
            flowers={"7": ["R7s1", "R7d1", "B7s1", "W7w1", "W7w2", "R7s2"]}, turn={"seat": 1})
    cards = flower(s, 7)
    s1 = s.apply("7w")
    assert pile(s1, 1) == sorted(cards + ["W7w3"]) and pile(s1, 0) == []
    assert turn(s1)["pending"] == [0]  # Red (4 symbols) controls, Blue picks
    assert "lotus.complete.pick" in s.explain("7w")


def test_complete_guardians_return():
    """lotus.complete.return: all guardians on the completed flower go back to their supplies."""
    s = pos(2, hands=[["R5s1", "R3s1", "R4s1", "R6s1"], None],
            flowers={"5": ["B5s1", "B5s2", "W5w1", "W5w2"], "3": ["W3w1"]},
            powers=[[], ["elder"]],
            guardians=[{"insects": [5, 3]}, {"insects": [5, 3], "elder": 5}])
    s1 = s.apply("5s")
    assert guards(s1, 0) == {"insects": ["supply", 3], "elder": None}
    assert guards(s1, 1) == {"insects": ["supply", 3], "elder": "supply"}
    assert s1.influence(0) == [1, 1]


def test_complete_zero_influence_default_nobody():
    """lotus.complete.zero-influence (default): with nobody's symbols or guardians, nobody controls."""
    s = pos(2, hands=[["W3w3", "R4s1", "R5s1", "R6s1"], None], flowers={"3": ["W3w1", "W3w2"]})
    assert s.controllers(0) == []
    s1 = s.apply("3w")
    assert turn(s1)["phase"] == "actions" and turn(s1)["pending"] == [] and s1.current_player == 0
    assert pile(s1, 0) == ["W3w1", "W3w2", "W3w3"] and j(s1)["tokens"] == [0, 0]


def test_complete_zero_influence_option_all_tie():
    """lotus.complete.zero-influence with zero_influence_control=True: all tie at zero and are rewarded."""
    s = pos(2, options={"zero_influence_control": True},
            hands=[["W3w3", "R4s1", "R5s1", "R6s1"], None], flowers={"3": ["W3w1", "W3w2"]})
    s1 = s.apply("3w")
    assert turn(s1)["pending"] == [0, 1]
    s2 = run(s1, "+t", "+growth")
    assert j(s2)["tokens"] == [1, 0] and j(s2)["powers"] == [[], ["growth"]]


def _iris(tokens, red_powers=(), **kw):
    g = [{"insects": ["supply", "supply"], "elder": "supply" if "elder" in red_powers else None}, {}]
    return pos(2, hands=[["R3s2", "R4s1", "R5s1", "R6s1"], None], flowers={"3": ["R3s1", "W3w1"]},
               tokens=tokens, powers=[list(red_powers), []], guardians=g, **kw)


def test_tokens_limit_exhausted():
    """lotus.tokens.limit (default 'limited'): with all 30 tokens handed out only powers remain."""
    s = _iris([20, 10])
    s1 = s.apply("3s")
    assert turn(s1)["pending"] == [0]
    assert legal_texts(s1) == {"+elder", "+path", "+fortune", "+growth"}
    assert_illegal(s1, "+t", "lotus.tokens.limit")
    assert j(s1.apply("+growth"))["powers"][0] == ["growth"]
    assert s.view(None)["tokens_left"] == 0
    # the 30th token can still be taken
    last = _iris([20, 9]).apply("3s")
    assert "+t" in legal_texts(last) and j(last.apply("+t"))["tokens"] == [21, 9]


def test_tokens_limit_all_powers_and_no_tokens_gets_nothing():
    """lotus.tokens.limit: a controller holding every power when the tokens are gone gets nothing."""
    s = _iris([25, 5], red_powers=ALL_POWERS)
    s1 = s.apply("3s")
    assert turn(s1)["phase"] == "actions" and turn(s1)["pending"] == [] and s1.current_player == 0
    assert j(s1)["tokens"] == [25, 5] and len(pile(s1, 0)) == 3


def test_tokens_unlimited_option():
    """lotus.tokens.limit with scoring_tokens='unlimited': the supply never runs out."""
    s = _iris([20, 10], options={"scoring_tokens": "unlimited"})
    s1 = s.apply("3s")
    assert "+t" in legal_texts(s1)
    assert j(s1.apply("+t"))["tokens"] == [21, 10]
    assert s.view(None)["tokens_left"] is None
    full = _iris([25, 5], red_powers=ALL_POWERS, options={"scoring_tokens": "unlimited"}).apply("3s")
    assert legal_texts(full) == {"+t"} and j(full.apply("+t"))["tokens"] == [26, 5]


def test_tokens_limit_last_token_taken_by_earlier_tied_controller():
    """lotus.tokens.limit + lotus.complete.reward-order: one token left, two tied controllers with
    every power: the first takes it, the second gets nothing and play goes on."""
    s = pos(2, hands=[["R3s1", "R4s1", "R5s1", "R6s1"], None], flowers={"3": ["B3s1", "W3w1"]},
            tokens=[29, 0], powers=[ALL_POWERS, ALL_POWERS], guardians=all_powers_guards(2))
    s1 = s.apply("3s")
    assert turn(s1)["pending"] in ([0], [0, 1])
    s2 = s1.apply("+t")
    assert j(s2)["tokens"] == [30, 0]
    assert s2.legal_actions(), "the game is stuck: nobody can act"
    assert turn(s2)["phase"] == "actions" and s2.current_player == 0


# ================================================================ special powers

def test_power_once():
    """lotus.power.once: each power only once per player; holding them all, a token is the reward."""
    s = _iris([0, 0], red_powers=["elder"])
    s1 = s.apply("3s")
    assert legal_texts(s1) == {"+t", "+path", "+fortune", "+growth"}
    assert_illegal(s1, "+elder", "lotus.power.once")
    every = _iris([0, 0], red_powers=ALL_POWERS).apply("3s")
    assert legal_texts(every) == {"+t"}
    for p in ALL_POWERS:
        assert_illegal(every, "+" + p, "lotus.power.once")
    assert j(every.apply("+t"))["tokens"] == [1, 0]


def test_power_elder_moves_and_counts_two():
    """lotus.power.elder: gained into supply, moved with a move action, worth two guardians."""
    s = _iris([0, 0])
    assert_illegal(s, "e-3", "lotus.power.elder")
    s1 = run(s, "3s", "+elder")
    assert guards(s1, 0)["elder"] == "supply" and j(s1)["powers"][0] == ["elder"]
    assert s1.view(None)["seats"][0]["supply"] == {"insects": 2, "elder": True}
    e = pos(2, hands=[["R3s1", "R4s1", "R5s1", "R6s1"], None], flowers={"5": ["B5s1", "B5s2"], "3": ["W3w1"]},
            powers=[["elder"], []], guardians=[{"insects": ["supply", "supply"], "elder": "supply"}, {}])
    assert {"e-5", "e-3", "g-5", "g-3"} <= legal_texts(e)
    e1 = e.apply("e-5")
    assert guards(e1, 0)["elder"] == 5 and e1.influence(2) == [2, 2]
    assert_illegal(e1, "e5-5", "lotus.move.must-move")
    assert_illegal(e1, "e-5", "lotus.move.own")
    assert_illegal(e1, "e3-5", "lotus.move.own")
    e2 = e1.apply("e5-3")
    assert guards(e2, 0)["elder"] == 3 and e2.influence(0) == [2, 0] and e2.influence(2) == [0, 2]


def test_power_path_gained_on_own_turn():
    """lotus.power.path: hand limit five, from this turn's draw step when gained on the own turn."""
    s = pos(2, hands=[["R3s2", "R4s1", "R5s1", "R6s1"], None], flowers={"3": ["R3s1", "W3w1"]})
    s1 = run(s, "3s", "+path", "4s")
    assert s1.hand_limit(0) == 5 and turn(s1)["phase"] == "draw" and len(hand(s1, 0)) == 2
    s2 = run(s1, "d", "d")
    assert len(hand(s2, 0)) == 4 and turn(s2)["phase"] == "draw" and s2.current_player == 0
    s3 = s2.apply("d")
    assert len(hand(s3, 0)) == 5 and s3.current_player == 1
    assert s3.view(None)["seats"][0]["hand_limit"] == 5


def test_power_path_gained_on_another_players_turn():
    """lotus.power.path: gained on another's turn, the fifth card comes at the owner's next draw step."""
    s = pos(2, hands=[["W3w2", "R4s1", "R5s1", "R6s1"], ["B4s1", "B5s1", "B6s1", "B7s1"]],
            flowers={"3": ["B3s1", "W3w1"]})
    s1 = run(s, "3w", "+path")  # Red completes, Blue controls and takes the path
    assert j(s1)["powers"] == [[], ["path"]] and len(hand(s1, 1)) == 4 and s1.hand_limit(1) == 5
    s2 = run(s1, "4s", "d", "d")
    assert s2.current_player == 1 and len(hand(s2, 1)) == 4  # no immediate fifth card
    s3 = run(s2, "4s", "5s")
    assert turn(s3)["phase"] == "draw"
    s4 = run(s3, "d", "d")
    assert s4.current_player == 1 and len(hand(s4, 1)) == 4
    s5 = s4.apply("d")
    assert len(hand(s5, 1)) == 5 and s5.current_player == 0


def test_power_fortune_pluck_once_per_turn():
    """lotus.power.fortune: once per turn, as an action, a petal from a growing flower to the own pile."""
    s = pos(2, hands=[["R3s1", "R4s1", "R6s1", "R7s1"], None], flowers={"5": ["B5s1", "B5d1", "W5w1"]},
            powers=[["fortune"], []])
    assert {t for t in legal_texts(s) if t.startswith("f")} == {"f5b1", "f5b2", "f5w"}
    s1 = s.apply("f5b2")
    assert flower(s1, 5) == ["B5s1", "W5w1"] and pile(s1, 0) == ["B5d1"]
    assert turn(s1)["plucked"] is True and turn(s1)["actions_left"] == 1
    assert s1.scores()["seats"] == [1, 0]
    assert not any(t.startswith("f") for t in legal_texts(s1))
    assert_illegal(s1, "f5w", "lotus.power.fortune")
    assert_illegal(s, "f5r1", "lotus.power.fortune")  # no such petal there
    assert_illegal(s, "f3w", "lotus.power.fortune")  # no such flower
    # a new turn, a new pluck
    s2 = run(s1, "3s", "d")  # the pluck keeps the hand: one card to draw
    assert s2.current_player == 1 and turn(s2)["plucked"] is False
    s3, seat = take_turn(s2)
    assert seat == 1 and s3.current_player == 0 and turn(s3)["plucked"] is False
    assert any(t.startswith("f") for t in legal_texts(s3))
    # without the power
    blue = pos(2, hands=[None, None], flowers={"5": ["R5s1"]}, turn={"seat": 1})
    assert_illegal(blue, "f5r1", "lotus.power.fortune")


def test_power_growth_three_or_more():
    """lotus.power.growth: three or more cards of one type in one play, within the petal count."""
    s = pos(2, hands=[["R5s1", "R5s2", "R5d1", "W5w1"], None], flowers={"5": ["B5s1"]},
            powers=[["growth"], []])
    s1 = s.apply("5ssd")
    assert flower(s1, 5) == ["B5s1", "R5s1", "R5s2", "R5d1"] and hand(s1, 0) == ["W5w1"]
    assert "lotus.power.growth" in s.explain("5ssd")
    s2 = s.apply("5ssdw")  # four cards at once complete it
    assert flower(s2, 5) == [] and len(pile(s2, 0)) == 5
    big = pos(2, hands=[["R5s1", "R5s2", "R5d1", "W5w1"], None], flowers={"5": ["B5s1", "B5s2"]},
              powers=[["growth"], []])
    assert_illegal(big, "5ssdw", "lotus.complete.max-petals")
    assert "5ssd" in legal_texts(big)
    whole = pos(2, hands=[["R7s1", "R7s2", "R7s3", "R7d1"], None], flowers={"7": ["B7s1", "B7s2", "W7w1"]},
                powers=[["growth"], []])
    w1 = whole.apply("7sssd")
    assert flower(w1, 7) == [] and len(pile(w1, 0)) == 7 and turn(w1)["pending"] == [0]


def test_power_empty_flower_after_pluck():
    """lotus.power.empty-flower: plucking the only petal removes the flower; its guardians go home and
    the type may be started again."""
    s = pos(2, hands=[["R4s1", "R3s1", "R5s1", "R6s1"], None], flowers={"4": ["B4s1"]},
            powers=[["fortune"], []], guardians=[{"insects": [4, "supply"]}, {"insects": [4, 4]}])
    s1 = s.apply("f4b1")
    assert j(s1)["flowers"] == {} and pile(s1, 0) == ["B4s1"]
    assert guards(s1, 0)["insects"] == ["supply", "supply"]
    assert guards(s1, 1)["insects"] == ["supply", "supply"]
    s2 = s1.apply("4s")
    assert flower(s2, 4) == ["R4s1"]


def test_edition_three_has_no_fortune():
    """lotus.edition.three: three powers (elder, path, growth), no Fortune Teller, no solo mode."""
    s = pos(3, options={"edition": "three"}, hands=[["R3s2", "R4s1", "R5s1", "R6s1"], None, None],
            flowers={"3": ["R3s1", "W3w1"], "5": ["B5s1"]})
    assert s.cfg.powers == ("elder", "path", "growth")
    assert_illegal(s, "f5b1", "lotus.edition.three")
    s1 = s.apply("3s")
    assert legal_texts(s1) == {"+t", "+elder", "+path", "+growth"}
    assert_illegal(s1, "+fortune", "lotus.edition.three")
    with pytest.raises(explorer.PositionError, match="powers.0"):
        pos(3, options={"edition": "three"}, powers=[["fortune"], [], []])
    with pytest.raises(ValueError, match="no solo"):
        explorer.load("lotus", players=1, edition="three")
    every = pos(3, options={"edition": "three"}, hands=[["R3s2", "R4s1", "R5s1", "R6s1"], None, None],
                flowers={"3": ["R3s1", "W3w1"]}, powers=[["elder", "path", "growth"], [], []],
                guardians=[{"insects": ["supply", "supply"], "elder": "supply"}, {}, {}])
    assert legal_texts(every.apply("3s")) == {"+t"}


# ================================================================ end of the game

def _trigger_position():
    red = ["R5s1", "R5s2", "R6s1", "R6s2"]
    return pos(3, hands=[red, None, None], decks=[["R7s1"], None, None],
               piles=[others(3, 0, red, ["R7s1"]), [], []])


def test_end_trigger_by_drawing_last_card_and_final_turns():
    """lotus.end.trigger / lotus.end.trigger-timing: drawing the last deck card starts the last round;
    the trigger's turn ends as usual, then every player, the trigger last, takes exactly one turn."""
    s = _trigger_position()
    s1 = run(s, "5ss", "6ss")
    assert turn(s1)["final_turns_left"] is None
    s2 = s1.apply("d")
    assert j(s2)["decks"][0] == [] and turn(s2)["final_turns_left"] == 3
    assert s2.view(None)["final_round"] is True
    while s2.current_player == 0:  # the rest of the trigger's turn: wildflowers only
        assert "d" not in legal_texts(s2)
        s2 = s2.apply(s2.legal_actions()[0])
    assert turn(s2)["final_turns_left"] == 2 and len(hand(s2, 0)) == 4
    seats, lefts = [], []
    while not s2.is_terminal:
        s2, seat = take_turn(s2, random.Random(len(seats)))
        seats.append(seat)
        lefts.append(turn(s2)["final_turns_left"])
    assert seats == [1, 2, 0]
    assert lefts == [1, 0, 0]
    assert s2.outcome == "over" and len(s2.legal_actions()) == 0


def test_end_trigger_not_restarted_in_last_round():
    """lotus.end.trigger: a second emptied deck during the last round does not restart it."""
    blue = ["B5s1", "B5s2", "B6s1", "B6s2"]
    s = pos(2, hands=[None, blue], decks=[None, ["B7s1"]], piles=[[], others(2, 1, blue, ["B7s1"])],
            turn={"seat": 1, "final_turns_left": 1})
    s1 = run(s, "5ss", "6ss", "d")
    while s1.current_player == 1:
        s1 = s1.apply(s1.legal_actions()[0])
    assert turn(s1)["final_turns_left"] == 0 and s1.current_player == 0
    s2, seat = take_turn(s1)
    assert seat == 0 and s2.is_terminal


def test_exchange_needs_new_cards():
    """lotus.exchange.new-cards: an exchange draws new cards, so it needs as many in the deck; with an
    empty deck none is legal, and an exchange never empties the deck (so never triggers the end)."""
    red = ["R5s1", "R5s2", "R6s1", "R6s2"]
    empty = pos(2, hands=[red, None], decks=[[], None], piles=[others(2, 0, red), []])
    assert not [a for a in empty.legal_actions() if str(a).startswith("x")]
    assert_illegal(empty, "x5s", "lotus.exchange.new-cards")
    rest = others(2, 0, red)
    one = pos(2, hands=[red, None], decks=[rest[:1], None], piles=[rest[1:], []])
    assert {len(a.a) for a in one.legal_actions() if str(a).startswith("x")} == {1}
    assert_illegal(one, "x5s6s", "lotus.exchange.new-cards")
    after = one.apply("x5s")
    assert j(after)["decks"][0] == ["R5s1"] and turn(after)["final_turns_left"] is None


def test_end_incomplete_flowers_and_scoring():
    """lotus.end.incomplete: each incomplete flower goes to its controller; tied controllers split
    it evenly, the remainder leaves the game; nobody's flower leaves the game.
    lotus.end.scoring: hands go back onto the decks; 1 point per card, 5 per token."""
    yellow = ["Y3s1", "Y4s1", "Y5s1", "Y7s1"]
    s = pos(3, hands=[None, None, yellow], deck_tops=[[], [], ["Y6s1"]],
            flowers={"5": ["R5s1", "B5s1", "W5w1"], "4": ["R4d1", "W4w1"], "6": ["W6w1", "W6w2"],
                     "7": ["R7s1", "B7s1", "Y7s2"]},
            powers=[[], ["elder"], []], tokens=[1, 0, 2],
            guardians=[{}, {"insects": [4, "supply"], "elder": 4}, {}],
            turn={"seat": 2, "actions_left": 1, "final_turns_left": 0})
    assert s.controllers(1) == [1] and s.controllers(2) == [0, 1] and s.controllers(3) == []
    decks_before = j(s)["decks"]
    hands_before = [hand(s, seat) for seat in range(3)]
    s1 = s.apply("3s")
    s2 = s1.apply("d")
    assert s2.is_terminal and s2.outcome == "over" and j(s2)["flowers"] == {}
    piles = j(s2)["piles"]
    assert sorted(piles[1]) == ["B5s1", "B7s1", "R4d1", "W4w1"]
    assert sorted(piles[0]) == ["R5s1", "R7s1"]
    assert sorted(piles[2]) == ["Y3s1", "Y7s2"]
    assert set(j(s2)["out"]) == {"W5w1", "W6w1", "W6w2"}
    assert j(s2)["guardians"] == [{"insects": ["supply", "supply"], "elder": None},
                                  {"insects": ["supply", "supply"], "elder": "supply"},
                                  {"insects": ["supply", "supply"], "elder": None}]
    # hands back onto the decks
    assert j(s2)["hands"] == [[], [], []]
    for seat in range(3):
        held = hands_before[seat] if seat != 2 else ["Y4s1", "Y5s1", "Y6s1", "Y7s1"]
        assert sorted(j(s2)["decks"][seat][-len(held):]) == held
        if seat != 2:
            assert j(s2)["decks"][seat][: len(decks_before[seat])] == decks_before[seat]
    assert s2.scores()["seats"] == [2 + 5, 4, 2 + 10]
    assert s2.winners() == [2]
    view = s2.view(None)["result"]
    assert view["seats"] == [7, 4, 12] and view["winners"] == [2]
    assert_illegal(s2, "d", "lotus.end.scoring")
    assert_illegal(s2, "+t", "lotus.end.scoring")
    assert len(s2.legal_actions()) == 0


def test_end_incomplete_zero_influence_option_splits_among_all():
    """lotus.end.incomplete with zero_influence_control=True: a flower nobody influences is split by all."""
    s = pos(2, options={"zero_influence_control": True}, hands=[["R3s1", "R4s1", "R5s1", "R7s1"], None],
            flowers={"6": ["W6w1", "W6w2", "W6w3"]}, turn={"actions_left": 1, "final_turns_left": 0})
    end = run(s, "3s", "d")
    assert end.is_terminal
    assert len(pile(end, 0)) == 1 + 1 and len(pile(end, 1)) == 1 and "W6w3" in j(end)["out"]


def test_end_scoring_points():
    """lotus.end.scoring: 1 point per petal card, 5 per scoring token, most points wins."""
    s = finished(3, piles=[25, 11, 21], decks=[0, 0, 0], tokens=[4, 6, 3])
    assert s.scores() == {"seats": [45, 41, 36], "teams": None}
    assert s.winners() == [0]


def test_end_tiebreak_by_deck():
    """lotus.end.tiebreak: tied players: most cards left in the deck wins."""
    s = finished(3, piles=[10, 10, 5], decks=[3, 5, 9], tokens=[1, 1, 2])
    assert s.scores()["seats"] == [15, 15, 15]
    assert s.winners() == [2]
    s = finished(3, piles=[10, 10, 5], decks=[3, 5, 9], tokens=[1, 1, 1])
    assert s.winners() == [1]


def test_end_shared_win():
    """lotus.end.shared-win: still tied after the deck tie-break: they share the win."""
    s = finished(3, piles=[10, 10, 5], decks=[4, 4, 9], tokens=[1, 1, 1])
    assert s.winners() == [0, 1]
    s = finished(2, piles=[7, 7], decks=[2, 2])
    assert s.winners() == [0, 1]


# ================================================================ family variant

def test_family_teams_scores_and_winners():
    """lotus.family.teams: partners 0+2 and 1+3 add their scores; the higher team wins."""
    s = finished(4, piles=[5, 3, 4, 6], decks=[1, 1, 1, 1], tokens=[1, 0, 0, 1], family=True)
    assert s.scores() == {"seats": [10, 3, 4, 11], "teams": [14, 14]}
    # not family: the same seats, no teams
    assert finished(4, piles=[5, 3, 4, 6], decks=[1, 1, 1, 1], tokens=[1, 0, 0, 1]).scores()["teams"] is None
    s = finished(4, piles=[5, 3, 5, 6], decks=[0, 9, 0, 9], tokens=[1, 0, 0, 1], family=True)
    assert s.scores()["teams"] == [15, 14] and s.winners() == [0, 2]
    assert [seat["team"] for seat in s.view(None)["seats"]] == [0, 1, 0, 1]


def test_family_control_and_powers_stay_individual():
    """lotus.family.teams: partners' symbols are not added for control; rewards are individual."""
    s = pos(4, options={"family": True}, hands=[["W5w2", "R3s1", "R4s1", "R6s1"], None, None, None],
            flowers={"5": ["R5s1", "B5d1", "Y5s1", "W5w1"]})
    assert s.influence(2) == [1, 2, 1, 0]
    s1 = s.apply("5w")
    assert turn(s1)["pending"] == [1]  # not Red+Yellow together
    s2 = s1.apply("+growth")
    assert j(s2)["powers"] == [[], ["growth"], [], []]


def test_family_tiebreak():
    """lotus.family.tiebreak: tied teams by the partners' combined decks, then both teams win."""
    s = finished(4, piles=[5, 3, 4, 6], decks=[2, 0, 1, 2], tokens=[1, 0, 0, 1], family=True)
    assert s.scores()["teams"] == [14, 14] and s.winners() == [0, 2]
    s = finished(4, piles=[5, 3, 4, 6], decks=[0, 2, 1, 2], tokens=[1, 0, 0, 1], family=True)
    assert s.winners() == [1, 3]
    s = finished(4, piles=[5, 3, 4, 6], decks=[1, 2, 1, 0], tokens=[1, 0, 0, 1], family=True)
    assert s.winners() == [0, 1, 2, 3]


# ================================================================ solo

@pytest.mark.parametrize("difficulty,count", [("easy", 3), ("medium", 2), ("hard", 1), ("enlightened", 0)])
def test_solo_difficulty_power_count(difficulty, count):
    """lotus.solo.difficulty: easy 3, medium 2, hard 1, enlightened 0 powers, chosen as set-up decisions."""
    s = explorer.load("lotus", players=1, seed=5, difficulty=difficulty)
    if count == 0:
        assert turn(s)["phase"] == "actions" and j(s)["powers"] == [[]] and len(hand(s, 0)) == 4
        return
    assert turn(s)["phase"] == "choose_powers" and s.current_player == 0 and hand(s, 0) == []
    assert legal_texts(s) == {"+elder", "+path", "+fortune", "+growth"}
    assert_illegal(s, "d", "lotus.solo.difficulty")
    assert_illegal(s, "5s", "lotus.solo.difficulty")
    assert_illegal(s, "+t", "lotus.solo.difficulty")
    picks = ["growth", "fortune", "elder"][:count]
    for i, p in enumerate(picks):
        assert turn(s)["phase"] == "choose_powers"
        if i:
            assert_illegal(s, "+" + picks[0], "lotus.power.once")
        s = s.apply("+" + p)
    assert turn(s)["phase"] == "actions" and sorted(j(s)["powers"][0]) == sorted(picks)
    assert len(hand(s, 0)) == 4
    assert "lotus.solo.difficulty" in explorer.load("lotus", players=1, seed=5, difficulty=difficulty).explain("+elder")


@pytest.mark.parametrize("powers,size", [("growth", 4), ("path", 5)])
def test_solo_setup_hand_and_wildflowers(powers, size):
    """lotus.solo.setup: a hand of four (five with Enlightened Path) and as many wildflowers
    placed into the garden by type; no display."""
    s = explorer.load("lotus", players=1, seed=6, difficulty="hard", solo_powers=powers)
    data = j(s)
    assert j(s)["powers"] == [[powers]] and turn(s)["phase"] == "actions"
    assert len(data["hands"][0]) == size and len(data["decks"][0]) == 31 - size
    assert len(data["wild_deck"]) == 20 - size and data["display"] == []
    placed = [c for f in data["flowers"].values() for c in f] + data["piles"][0] + data["out"]
    assert len(placed) == size and all(c.startswith("W") for c in placed)
    for key, cards in data["flowers"].items():
        assert all(c[1] == key for c in cards)
    # choosing the path as a set-up decision gives the same
    c = run(explorer.load("lotus", players=1, seed=6, difficulty="hard"), "+" + powers)
    assert len(hand(c, 0)) == size and len(j(c)["wild_deck"]) == 20 - size


def test_solo_setup_can_end_the_game():
    """lotus.solo.simultaneous / lotus.solo.defeat: a set-up wildflower may complete an uncontrolled flower."""
    s = solo(hands=[[]], wild_deck=wild_deck(top=["W5w1", "W3w1", "W3w2", "W3w3"]),
             turn={"phase": "choose_powers"})
    s1 = run(s, "+growth")
    assert turn(s1)["phase"] == "choose_powers"
    s2 = s1.apply("+elder")
    assert s2.is_terminal and s2.outcome.startswith("defeat") and "Iris" in s2.outcome
    assert s2.winners() == []


def _solo_hand(**kw):
    kw.setdefault("hands", [["R5s1", "R5s2", "R6s1", "R7s1"]])
    return solo(**kw)


def test_solo_draw_from_deck_and_equal_wildflowers():
    """lotus.solo.draw: at the end of the turn draw from the own deck only, up to the hand limit,
    and place as many wildflowers into the garden (by type)."""
    s = _solo_hand(deck_tops=[["R4s2", "R4s1", "R3s1"]], wild_deck=wild_deck(top=["W4w1", "W6w1", "W7w1"]))
    assert_illegal(s, "d", "lotus.solo.draw")
    assert_illegal(s, "w5", "lotus.solo.draw")
    s1 = s.apply("5ss")
    assert turn(s1)["actions_left"] == 1
    s2 = s1.apply("6s")
    assert turn(s2)["phase"] == "actions" and turn(s2)["actions_left"] == 2 and turn(s2)["number"] == 2
    assert hand(s2, 0) == ["R3s1", "R4s1", "R4s2", "R7s1"]
    assert j(s2)["flowers"] == {"5": ["R5s1", "R5s2"], "6": ["R6s1", "W6w1"], "7": ["W7w1"], "4": ["W4w1"]}
    assert len(j(s2)["wild_deck"]) == 20 - 3 and j(s2)["display"] == [] and j(s2)["winter"] == 0


def test_solo_draw_hand_five_with_path():
    """lotus.solo.draw with lotus.power.path: drawn back up to five, five wildflowers for five cards."""
    s = solo(powers=[["path"]], hands=[["R5s1", "R5s2", "R6s1", "R7s1", "R3s1"]],
             wild_deck=wild_deck(top=["W4w1", "W4w2", "W7w1"]))
    s1 = run(s, "5ss", "3s")
    assert len(hand(s1, 0)) == 5
    assert j(s1)["flowers"]["4"] == ["W4w2", "W4w1"] and j(s1)["flowers"]["7"] == ["W7w1"]


def test_solo_draw_discards_wildflower_of_completed_type():
    """lotus.solo.draw: a drawn wildflower of a completed type is discarded."""
    s = _solo_hand(completed=[3], wild_deck=wild_deck(top=["W5w1", "W3w1"]))
    s1 = run(s, "5s", "6s")
    assert "W3w1" in j(s1)["out"] and "3" not in j(s1)["flowers"]
    assert j(s1)["flowers"]["5"] == ["R5s1", "W5w1"]


def test_solo_no_restart():
    """lotus.solo.no-restart: a completed type cannot be started again."""
    s = _solo_hand(completed=[5])
    assert not any(t[0] == "5" for t in legal_texts(s))
    assert_illegal(s, "5s", "lotus.solo.no-restart")
    assert_illegal(s, "5ss", "lotus.solo.no-restart")
    assert s.apply("x5s")  # such cards can still be exchanged


def test_solo_longer_play_restart_and_seven_flowers():
    """lotus.solo.longer-play: types restart; victory at any seven completed flowers, not at five types."""
    s = _solo_hand(options={"longer_play": True}, completed=[5])
    s1 = s.apply("5s")
    assert flower(s1, 5) == ["R5s1"]
    five = solo(options={"longer_play": True}, hands=[["R7d1", "R3s1", "R4s1", "R5s1"]],
                completed=[3, 4, 5, 6], flowers={"7": ["R7s1", "R7s2", "R7s3", "R7s4", "R7s5", "W7w1"]})
    f1 = five.apply("7d")
    assert not f1.is_terminal and j(f1)["completed"] == [3, 4, 5, 6, 7]
    seven = solo(options={"longer_play": True}, hands=[["R7d1", "R3s1", "R4s1", "R5s1"]],
                 completed=[3, 3, 4, 5, 6, 7], flowers={"7": ["R7s1", "R7s2", "R7s3", "R7s4", "R7s5", "W7w1"]})
    v = seven.apply("7d")
    assert v.is_terminal and v.outcome == "victory" and v.winners() == [0]
    # without longer play the wildflower of a completed type is discarded; with it, it starts a flower
    w = _solo_hand(options={"longer_play": True}, completed=[3], wild_deck=wild_deck(top=["W5w1", "W3w1"]))
    assert flower(run(w, "5s", "6s"), 3) == ["W3w1"]


def test_solo_winter_per_exchange_move_fortune():
    """lotus.solo.winter: one Winter Lotus card per Exchange, Move or Fortune action, at turn end."""
    s = _solo_hand(flowers={"5": ["W5w1", "W5w2"]}, powers=[["fortune", "growth"]], winter=2)
    s1 = s.apply("g-5")
    assert turn(s1)["winter_actions"] == 1 and j(s1)["winter"] == 2
    s2 = s1.apply("x7s")
    assert j(s2)["winter"] == 4 and turn(s2)["winter_actions"] == 0
    assert s2.view(None)["winter_lotus"] == 4
    s3 = run(s2, "f5w", "5s")
    assert j(s3)["winter"] == 5
    plays = run(s, "5s", "6s")
    assert j(plays)["winter"] == 2  # playing cards adds nothing


def test_solo_winter_defeat_at_seven():
    """lotus.solo.winter / lotus.solo.defeat: the seventh Winter Lotus card loses; six does not."""
    s = _solo_hand(flowers={"5": ["W5w1"]}, winter=5)
    six = run(s, "g-5", "6s")
    assert j(six)["winter"] == 6 and not six.is_terminal
    seven = run(s, "g-5", "g-5")
    assert seven.is_terminal and j(seven)["winter"] == 7 and "Winter Lotus" in seven.outcome
    assert seven.winners() == []
    assert_illegal(seven, "5s", "lotus.end.scoring")


def test_solo_fortune_removes_only_wildflowers():
    """lotus.solo.fortune: the solo Fortune Teller moves one wildflower to the discard; no points."""
    s = _solo_hand(flowers={"5": ["W5w1", "R5s3"]}, powers=[["fortune", "growth"]])
    assert {t for t in legal_texts(s) if t.startswith("f")} == {"f5w"}
    assert_illegal(s, "f5r1", "lotus.solo.fortune")
    s1 = s.apply("f5w")
    assert flower(s1, 5) == ["R5s3"] and "W5w1" in j(s1)["out"] and pile(s1, 0) == []
    assert s1.scores()["seats"] == [0]
    assert_illegal(s1, "f5w", "lotus.power.fortune")  # still once per turn
    assert "lotus.solo.fortune" in s.explain("f5w")


def test_solo_control_strictly_greater():
    """lotus.solo.control: control needs more symbols + guardians than wildflower petals."""
    base = dict(hands=[["R3s1", "R3d1", "R5s1", "R6s1"]], flowers={"3": ["W3w1", "W3w2"]},
                guardians=[{"insects": [3, "supply"]}])
    s = solo(**base)
    assert s.influence(0) == [1] and s.controllers(0) == []
    tie = s.apply("3s")  # 2 (guardian + symbol) against 2 wildflowers: no control
    assert tie.is_terminal and "without your control" in tie.outcome
    win = s.apply("3d")  # 3 against 2
    assert not win.is_terminal and j(win)["completed"] == [3] and len(pile(win, 0)) == 3
    assert guards(win, 0)["insects"] == ["supply", "supply"]
    assert "lotus.solo.control" in s.explain("3d")


def test_solo_victory_five_types():
    """lotus.solo.victory: completing and controlling the fifth type wins at once."""
    s = solo(hands=[["R7d1", "R3s1", "R4s1", "R5s1"]], completed=[3, 4, 5, 6],
             flowers={"7": ["R7s1", "R7s2", "R7s3", "R7s4", "R7s5", "W7w1"]})
    v = s.apply("7d")
    assert v.is_terminal and v.outcome == "victory" and v.winners() == [0]
    assert v.scores()["seats"] == [5] and v.view(None)["result"]["winners"] == [0]
    four = solo(hands=[["R7d1", "R3s1", "R4s1", "R5s1"]], completed=[3, 4, 5],
                flowers={"7": ["R7s1", "R7s2", "R7s3", "R7s4", "R7s5", "W7w1"]})
    assert not four.apply("7d").is_terminal


def test_solo_defeats():
    """lotus.solo.defeat: an uncontrolled completion, or a wildflower needed when none is left."""
    lost = solo(hands=[["R3s1", "R5s1", "R6s1", "R7s1"]], flowers={"3": ["W3w1", "W3w2"]}).apply("3s")
    assert lost.is_terminal and lost.outcome.startswith("defeat") and lost.winners() == []
    empty = _solo_hand(wild_deck=[], out=WILD)
    e1 = empty.apply("5s")
    assert not e1.is_terminal
    e2 = e1.apply("6s")
    assert e2.is_terminal and "Wildflower deck is empty" in e2.outcome
    # a full hand needs no wildflower
    ok = run(_solo_hand(wild_deck=[], out=WILD), "x5s", "x6s")
    assert not ok.is_terminal and j(ok)["winter"] == 2


def test_solo_simultaneous_first_result_wins():
    """lotus.solo.simultaneous: end-of-turn wildflowers are placed first, one at a time; a victory
    they bring ends the game before the Winter Lotus petals are added."""
    s = solo(hands=[["R7s4", "R3s1", "R4s1", "R5s1"]], completed=[3, 4, 5, 6], winter=6,
             flowers={"7": ["R7s1", "R7s2", "R7s3", "W7w1", "W7w2"]},
             wild_deck=wild_deck(top=["W7w3"], exclude=["W7w1", "W7w2"]))
    s1 = run(s, "7s", "g-7")
    assert s1.is_terminal and s1.outcome == "victory" and j(s1)["winter"] == 6
    # the other way: an uncontrolled completion by a wildflower is the defeat, not the winter
    d = solo(hands=[["R5s1", "R3s1", "R4s1", "R6s1"]], winter=6,
             flowers={"7": ["W7w1", "W7w2", "W7w3", "R7s1", "R7s2", "R7s3"]},
             wild_deck=wild_deck(top=["W7w4"], exclude=["W7w1", "W7w2", "W7w3"]))
    d1 = run(d, "5s", "g-7")
    assert d1.is_terminal and "Lotus was completed" in d1.outcome and j(d1)["winter"] == 6


def test_solo_stuck_is_defeat():
    """lotus.solo.stuck: with no action possible at all, the solo game is lost."""
    s = solo(hands=[[]], decks=[[]], piles=[colour_cards(1, 0)], wild_deck=wild_deck())
    assert [str(a) for a in s.legal_actions()] == ["pass"]
    end = s.apply("pass")
    assert end.is_terminal and end.outcome == "defeat: no action was possible" and end.winners() == []


def test_solo_no_rewards():
    """lotus.solo.no-rewards: completing a controlled flower gives no token and no power."""
    s = solo(hands=[["R3s2", "R4s1", "R5s1", "R6s1"]], flowers={"3": ["R3s1", "W3w1"]})
    assert_illegal(s, "+t", "lotus.solo.no-rewards")
    assert_illegal(s, "+elder", "lotus.solo.no-rewards")
    s1 = s.apply("3s")
    assert turn(s1)["phase"] == "actions" and turn(s1)["pending"] == [] and s1.current_player == 0
    assert j(s1)["tokens"] == [0] and j(s1)["powers"] == [[]] and j(s1)["completed"] == [3]
    assert_illegal(s1, "+t", "lotus.solo.no-rewards")
