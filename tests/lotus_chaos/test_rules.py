"""Set-up, the turn, the card limit, objectives, accusations, the end, hidden information and positions."""
import json
import random

import pytest

import explorer
from explorer.games.lotus_chaos import SPEC

from .helpers import START, assert_illegal, cards_of, hexes_of, legal, pos


def setup_done(seed=3, **opts):
    s = explorer.load("lotus_chaos", seed=seed, **opts)
    for _ in range(6):
        s = s.apply(s.legal_actions()[0])
    return s


def test_setup_draws_colours_numbers_objectives_and_shuffles():
    """lotus_chaos.setup.colours, lotus_chaos.setup.numbers, lotus_chaos.setup.objectives, lotus_chaos.setup.deck"""
    seen = set()
    for seed in range(8):
        j = explorer.load("lotus_chaos", seed=seed).to_json()
        assert sorted(x["colour"] for x in j["seats"]) == sorted(["red", "blue", "yellow", "grey", "white", "black"])
        assert sorted(x["number"] for x in j["seats"]) == [1, 2, 3, 4, 5, 6]
        objectives = sorted(["north", "centre", "south", "purple", "green", "blue"])
        assert sorted(x["objective"] for x in j["seats"]) == objectives
        assert sorted(map(int, j["deck"])) == list(range(1, 51)) and j["blanks"] == {}
        seen.add((tuple(x["colour"] for x in j["seats"]), tuple(j["deck"])))
    assert len(seen) == 8  # blind draws differ by seed


def test_setup_corners_in_turn_order():
    """lotus_chaos.setup.corners, lotus_chaos.setup.corner-order, lotus_chaos.setup.start-player"""
    s = explorer.load("lotus_chaos", seed=1)
    assert s.current_player == 0 and legal(s) == {f"place {d}" for d in ("N", "NE", "SE", "S", "SW", "NW")}
    s = s.apply("place S")
    assert s.current_player == 1 and "place S" not in legal(s)
    assert_illegal(s, "place S", "lotus_chaos.setup.corners")
    assert_illegal(s, "move N", "lotus_chaos.turn.order")
    for d in ("N", "NE", "SE", "SW"):
        s = s.apply(f"place {d}")
    s = s.apply("place NW")
    assert s.current_player == 0 and s.phase == 1 and len(s.revealed) == 2  # seat 0 starts
    assert sorted(map(tuple, (x["hex"] for x in s.to_json()["seats"]))) == sorted(map(tuple, START))


def test_reveal_keep_and_give():
    """lotus_chaos.turn.reveal, lotus_chaos.draw.give, lotus_chaos.draw.reveal"""
    s = pos(phase="draw", revealed=["7", "9"])
    assert {a for a in legal(s) if a.startswith("keep")} == {f"keep {c} >{n}" for c in (7, 9) for n in range(2, 7)}
    assert_illegal(s, "keep 8 >2", "lotus_chaos.draw.reveal")
    assert_illegal(s, "keep 7 >1", "lotus_chaos.draw.give")  # not to yourself
    t = s.apply("keep 9 >4")
    assert cards_of(t, 0) == ["9"] and cards_of(t, 3) == ["7"] and t.phase == 2
    out = pos(phase="draw", revealed=["7", "9"], alive=[True, True, True, False, True, True])
    assert_illegal(out, "keep 7 >4", "lotus_chaos.draw.give")  # not to a player out of the game


def test_turn_order_and_pending_decisions():
    """lotus_chaos.turn.order, lotus_chaos.turn.pending"""
    s = pos(phase="draw", revealed=["7", "9"])
    assert_illegal(s, "move S", "lotus_chaos.turn.order")
    assert_illegal(s, "accuse 2 north", "lotus_chaos.turn.order")
    full = pos(phase="draw", revealed=["7", "9"], cards={3: [1, 2, 3, 4, 5]})
    t = full.apply("keep 9 >4")
    assert t.current_player == 3  # Grey 4 owes a discard during Red 1's turn
    assert_illegal(t, "move S", "lotus_chaos.turn.pending")


def test_card_limit_rulebook_example_john():
    """lotus_chaos.limit.five, lotus_chaos.limit.discard: three action cards and two blank cards make five; on
    receiving another, John discards a blank card, which is erased and goes back to the blank supply."""
    blanks = {"b1": "all tokens move 1 N", "b2": "blind swap 1 with deck"}
    s = pos(phase="draw", revealed=["7", "9"], cards={0: [1, 2, 3, "b1", "b2"]}, blanks=blanks)
    t = s.apply("keep 7 >2")
    assert t.current_player == 0 and len(cards_of(t, 0)) == 6
    assert legal(t) == {"discard 1", "discard 2", "discard 3", "discard b1", "discard b2"}  # not the new card
    assert_illegal(t, "discard 7", "lotus_chaos.limit.five")
    u = t.apply("discard b2")
    assert sorted(cards_of(u, 0)) == ["1", "2", "3", "7", "b1"]
    assert u.to_json()["blanks"] == {"b1": "all tokens move 1 N"}
    assert sum(1 for x in u.texts if x is None) == 29
    v = t.apply("discard 3")
    assert v.to_json()["discard"] == ["3"]


def test_swap_through_the_limit_is_fine():
    """lotus_chaos.limit.swap-exception: a one-for-one swap with a player holding five needs no discard"""
    s = pos(cards={0: [45, 1], 3: [2, 3, 4, 5, 6]}, hexes={0: [0, -1]}, alive=[True, True, True, True, False, False])
    t = s.apply("play 45")  # Blindly swap with a High player: Grey 4 is the only one left
    assert len(cards_of(t, 3)) == 5 and len(cards_of(t, 0)) == 2 and not t.queue


def test_activations_and_mandatory_move():
    """lotus_chaos.act.two, lotus_chaos.act.distinct, lotus_chaos.act.own-card, lotus_chaos.act.persist,
    lotus_chaos.move.mandatory"""
    s = pos(cards={0: [11, 12, 26], 1: [30]}, hexes={0: [0, -1]})
    assert_illegal(s, "play 30", "lotus_chaos.act.own-card")
    assert_illegal(s, "end", "lotus_chaos.move.mandatory")
    t = s.apply("play 11")
    assert_illegal(t, "play 11", "lotus_chaos.act.distinct")  # once per turn
    t = t.apply("play 12")
    assert_illegal(t, "play 26", "lotus_chaos.act.two")  # two already
    t = t.apply("move S")  # the move may come after the activations
    assert t.phase == 3  # nothing left to do: the turn went on to accusations
    assert sorted(cards_of(t, 0)) == ["11", "12", "26"]  # activated cards stay
    u = s.apply("move S")
    assert "end" in legal(u)
    assert u.apply("end").phase == 3


def test_blank_card_activation_runs_its_text():
    s = pos(cards={0: ["b1"]}, blanks={"b1": "all tokens jump to centre"})
    t = s.apply("play b1")
    assert set(hexes_of(t).values()) == {(0, 0)}


def test_deck_reshuffles_when_exhausted():
    """lotus_chaos.deck.reshuffle"""
    rest = [str(c) for c in range(3, 51)]
    s = pos(phase="accusations", cards={0: [1]}, deck=["2"], discard=rest, revealed=[],
            turn={"window": [0, 1, 2, 3, 4, 5]})
    for _ in range(6):
        s = s.apply("pass")
    assert s.phase == 1 and s.seat == 1
    j = s.to_json()
    assert "2" in j["revealed"] and len(j["deck"]) == 47 and j["discard"] == []


def test_deck_swap_is_blind_and_goes_to_the_bottom():
    """lotus_chaos.swap.deck"""
    s = pos(cards={0: ["b1", 5, 6]}, blanks={"b1": "blind swap 2 with deck"})
    top = s.to_json()["deck"][-2:]
    t = s.apply("play b1")
    j = t.to_json()
    assert sorted(j["seats"][0]["cards"]) == sorted(["b1"] + top)  # the blank card never goes to the deck
    assert sorted(j["deck"][:2]) == ["5", "6"]


def test_swap_shortfall():
    """lotus_chaos.swap.shortfall: asked for three, a player with one card swaps one"""
    s = pos(cards={0: ["b1", 5, 6], 1: [7]}, blanks={"b1": "blind swap 3 with player on left"})
    t = s.apply("play b1")
    assert len(cards_of(t, 0)) == 3 and len(cards_of(t, 1)) == 1 and "7" in cards_of(t, 0)


def test_whole_hands_swap_one_for_one_or_completely():
    """lotus_chaos.swap.whole-hands, lotus_chaos.write.swap-ratio: Red 1 holds five cards and Blue 2 one. By
    default one card goes each way (the smaller hand); whole_hands=complete swaps the two hands. Equal hands
    swap completely either way."""
    cards = {0: ["b1", 1, 2, 3, 4], 1: [5]}
    blanks = {"b1": "blind swap hands with player on left"}
    s = pos(cards=cards, blanks=blanks)
    t = s.apply("play b1")
    assert len(cards_of(t, 0)) == 5 and len(cards_of(t, 1)) == 1 and "5" in cards_of(t, 0)
    assert cards_of(t, 1)[0] in ("1", "2", "3", "4", "b1")
    c = pos(cards=cards, blanks=blanks, options={"whole_hands": "complete"}).apply("play b1")
    assert cards_of(c, 0) == ["5"] and cards_of(c, 1) == ["1", "2", "3", "4", "b1"]
    # a choosing swap of whole hands: Red 1 takes Blue 2's only card, Blue 2 picks one of Red 1's five
    take = pos(cards=cards, blanks={"b1": "take swap hands with player on left"}).apply("play b1")
    assert take.current_player == 1 and legal(take) == {"take 1", "take 2", "take 3", "take 4", "take b1"}
    take = take.apply("take 3")
    assert cards_of(take, 0) == ["1", "2", "4", "5", "b1"] and cards_of(take, 1) == ["3"]
    even = pos(cards={0: ["b1", 1], 1: [5, 6]}, blanks=blanks).apply("play b1")
    assert cards_of(even, 0) == ["5", "6"] and cards_of(even, 1) == ["1", "b1"]
    assert explorer.load("lotus_chaos", seed=0).cfg.complete_hands is False


def test_partner_choice_and_pick_errors():
    """lotus_chaos.swap.partner, lotus_chaos.swap.pick"""
    s = pos(cards={0: [45, 1], 3: [2], 4: [3], 5: [4]}, hexes={0: [0, -1]})
    t = s.apply("play 45")
    assert legal(t) == {"with 4", "with 5", "with 6"}
    assert_illegal(t, "with 2", "lotus_chaos.swap.partner")
    u = pos(cards={0: [49, 1], 1: [2, 8], 2: [3]}, hexes={0: [0, -1]}, colours=["red", "grey", "white", "blue",
                                                                               "yellow", "black"])
    v = u.apply("play 49").apply("with 2")
    assert_illegal(v, "take 1", "lotus_chaos.swap.pick")


def test_objectives_each():
    """lotus_chaos.objective.cards, lotus_chaos.objective.check, lotus_chaos.end.objective"""
    n, s_, c = [0, -3], [0, 3], [0, 0]
    cases = {
        "north": {0: n, 1: n},
        "centre": {0: c, 1: c, 2: c},
        "south": {0: s_, 1: s_},
        "purple": {1: [0, -1], 2: [1, -1], 3: [1, 0], 4: [0, 1]},
        "green": {0: [1, -3], 1: [2, -3], 2: [3, -1]},
        "blue": {0: [1, 0], 1: [1, 1], 2: [0, 2], 4: [-1, 1], 5: [-3, 3]},
    }
    for key, hexes in cases.items():
        if key == "blue":
            hexes = {0: [1, 0], 1: [3, -3], 2: [0, 2], 3: [-1, 1], 4: [-3, 3], 5: [0, 1]}
        objectives = [key] + [k for k in ("north", "centre", "south", "purple", "green", "blue") if k != key]
        s = pos(hexes=hexes, objectives=objectives)
        assert s.objective_met(0), key
        t = pos(hexes=hexes, objectives=objectives, cards={0: [30]}).apply("move " + ("S" if key != "south" else "N"))
        if key in ("north", "centre", "south"):
            assert not t.objective_met(0), key  # the token left the hex


def test_objective_win_at_end_of_turn_and_first_round():
    """lotus_chaos.objective.first-round, lotus_chaos.objective.check"""
    hexes = {0: [0, -2], 1: [0, -3]}
    for rnd, over in ((1, False), (2, True)):
        s = pos(hexes=hexes, round=rnd, cards={})
        t = s.apply("move N")  # Red 1 (north objective) joins Blue 2 in the N hex; the turn ends
        assert (t.phase == 4) == over
        if over:
            assert t.winners() == [0] and t.scores()["seats"] == [1, 0, 0, 0, 0, 0]
            assert t.view(-1)["result"]["winners"] == [0] and t.legal_actions() == ()


def test_the_winner_shows_their_objective_card():
    """lotus_chaos.objective.show: the winner's objective is public in every view once the game is over (and no
    longer private); the others' stay hidden; before the end it was private"""
    hexes = {0: [0, -2], 1: [0, -3]}
    s = pos(hexes=hexes, cards={})
    assert s.private_ids(0) == {"objective-north"}
    assert all(s.view(v)["seats"][0]["objective"] is None for v in (-1, 1, 2, 3, 4, 5))
    t = s.apply("move N")
    assert t.is_terminal and t.winners() == [0]
    assert t.private_ids(0) == frozenset()
    for viewer in (-1, 0, 1, 2, 3, 4, 5):
        v = t.view(viewer)
        assert v["seats"][0]["objective"]["key"] == "north", viewer
        assert '"objective-north"' in json.dumps(v)
        if viewer not in (-1, 2):
            assert v["seats"][2]["objective"] is None  # Yellow 3 did not win: its card stays hidden
    for seat in range(1, 6):
        assert t.private_ids(seat) == {f"objective-{t.cfg.objectives[t.objective[seat]]}"}
    assert "· north" in t.svg(-1)
    # both players who met their objectives show them, whoever wins under simultaneous=turn_order
    both = {0: [0, -2], 1: [0, -3], 2: [0, 3], 3: [0, 3], 4: [-2, 2]}
    u = pos(hexes=both, options={"simultaneous": "turn_order"}).apply("move N")
    assert u.winners() == [0]
    assert u.view(-1)["seats"][0]["objective"]["key"] == "north"
    assert u.view(-1)["seats"][2]["objective"]["key"] == "south" and u.private_ids(2) == frozenset()
    assert u.view(-1)["seats"][1]["objective"] is None


def test_objective_count_option():
    """lotus_chaos.objective.count"""
    hexes = {0: [0, -3], 1: [0, -3], 2: [0, -3]}
    assert pos(hexes=hexes).objective_met(0)
    assert not pos(hexes=hexes, options={"objective_count": "exactly"}).objective_met(0)


def test_simultaneous_objectives_share_or_turn_order():
    """lotus_chaos.objective.simultaneous: Red 1 (north) and Yellow 3 (south) both meet theirs"""
    hexes = {0: [0, -2], 1: [0, -3], 2: [0, 3], 3: [0, 3], 4: [-2, 2]}
    t = pos(hexes=hexes).apply("move N")
    assert t.winners() == [0, 2]
    t = pos(hexes=hexes, seat=0, options={"simultaneous": "turn_order"}).apply("move N")
    assert t.winners() == [0]


def test_accusation_window_any_and_active():
    """lotus_chaos.accuse.window, lotus_chaos.accuse.target"""
    s = pos(hexes={0: [0, -2]}).apply("move SW")
    assert s.phase == 3 and s.current_player == 0 and list(s.window) == [0, 1, 2, 3, 4, 5]
    assert len(s.legal_actions()) == 1 + 5 * 6
    assert_illegal(s, "accuse 1 north", "lotus_chaos.accuse.target")
    s = s.apply("pass")
    assert s.current_player == 1
    t = pos(hexes={0: [0, -2]}, options={"accusations": "active"}).apply("move SW")
    assert list(t.window) == [0]
    t = t.apply("pass")
    assert t.phase == 1 and t.seat == 1  # lotus_chaos.turn.left


def test_correct_and_wrong_accusations_and_what_is_revealed():
    """lotus_chaos.accuse.correct, lotus_chaos.accuse.wrong, lotus_chaos.accuse.reveal, lotus_chaos.eliminated.cards,
    lotus_chaos.groups.elimination"""
    s = pos(phase="accusations", cards={1: [5, 6], 2: ["b1"]}, blanks={"b1": "all tokens move 1 N"},
            turn={"window": [0, 1, 2, 3, 4, 5]}, revealed=[])
    assert s.private_ids(1) == {"objective-centre"}
    t = s.apply("accuse 2 centre")  # correct: Blue 2 is out
    assert not t.alive[1] and t.pos[1] is None and cards_of(t, 1) == []
    assert t.to_json()["discard"] == ["5", "6"]
    assert t.private_ids(1) == frozenset()
    for seat in (-1, 0, 2, 3, 4, 5):
        assert t.view(seat)["seats"][1]["objective"]["key"] == "centre"  # revealed to everyone
    assert "even" not in t.view(None)["seats"][1]["groups"]
    u = t.apply("accuse 4 north")  # Yellow 3 accuses Grey 4 wrongly: Yellow 3 is out
    assert not u.alive[2] and u.to_json()["blanks"] == {}  # its blank card erased
    assert u.view(2)["seats"][3]["objective"]["key"] == "purple"  # the accuser saw the card
    for seat in (-1, 0, 3, 4, 5):
        assert u.view(seat)["seats"][3]["objective"] is None or seat == 3
        assert u.view(seat)["seats"][2]["objective"]["key"] == "south"  # the one out reveals theirs
    assert u.private_ids(3) == frozenset()  # someone else has seen it now
    assert u.view(-1)["accusations"][-1] == {"accuser": 2, "accused": 3, "named": "north", "correct": False}


def test_last_token_on_the_board_wins():
    """lotus_chaos.end.last-token"""
    s = pos(phase="accusations", alive=[True, True, False, False, False, False], turn={"window": [0, 1]}, revealed=[])
    t = s.apply("accuse 2 centre")
    assert t.is_terminal and t.winners() == [0] and "last token" in t.outcome


def test_rounds_count_from_the_start_player():
    s = setup_done()
    assert s.round == 1
    rnd = random.Random(0)
    while s.seat != 0 or s.turn == 1:
        acts = [a for a in s.legal_actions() if a.kind != 10]
        s = s.apply(rnd.choice(acts))
    assert s.round == 2 and s.turn == 7


def test_private_ids_and_views():
    s = setup_done()
    for seat in range(6):
        ids = s.private_ids(seat)
        assert len(ids) == 1
        (oid,) = ids
        for other in (-1, *range(6)):
            assert (f'"{oid}"' in json.dumps(s.view(other))) == (other == seat)
    with pytest.raises(ValueError):
        s.view(6)
    assert "deck" not in s.view(0) and s.view(0)["deck_size"] == 48


def test_from_view_samples_hidden_parts_consistently():
    s = setup_done()
    s = pos(phase="accusations", turn={"window": [0, 1, 2, 3, 4, 5]}, revealed=[])
    s = s.apply("accuse 4 north")  # wrong: Grey 4 is not north; Red 1 is out, Red 1 saw Grey 4's card
    v = s.view(2)
    samples = {SPEC.from_view(v, seed).to_json()["seats"][3]["objective"] for seed in range(40)}
    assert "north" not in samples and len(samples) > 1  # the public failed accusation rules 'north' out
    for seed in range(5):
        t = SPEC.from_view(v, seed)
        j = t.to_json()
        assert j["seats"][2]["objective"] == "south" and j["seats"][0]["objective"] == "north"
        assert t.legal_actions() == s.legal_actions() and t.view(2)["seats"] == v["seats"]
    assert SPEC.from_view(s.view(1), 3).to_json()["deck"] != SPEC.from_view(s.view(1), 4).to_json()["deck"]


def test_notation_round_trips_and_errors():
    s = setup_done()
    for a in s.legal_actions():
        assert s.parse_action(str(a)) == a
    assert s.parse_action("  KEEP 7 >2 ".replace("7", s.cfg.NAME[s.revealed[0]])).text.startswith("keep")
    for bad in ("", "keep", "keep 1 >0", "move X", "accuse 2 nowhere", "play b", "write", 'write "a"b"', 42, None):
        with pytest.raises(explorer.NotationError):
            s.parse_action(bad)


def test_json_round_trip_and_bad_positions():
    s = setup_done()
    assert explorer.from_json(json.loads(json.dumps(s.to_json()))) == s
    good = s.to_json()
    for field, value in [("players", 4), ("version", 9), ("seats", good["seats"][:5]), ("discard", ["99"]),
                         ("turn", {**good["turn"], "phase": "lunch"}), ("blanks", {"b1": "fly"}),
                         ("options", {"radius": 7}), ("queue", [{"task": "dance"}])]:
        with pytest.raises(explorer.PositionError):
            explorer.from_json({**good, field: value})
    dup = json.loads(json.dumps(good))
    dup["seats"][1]["colour"] = dup["seats"][0]["colour"]
    with pytest.raises(explorer.PositionError):
        explorer.from_json(dup)
    off = json.loads(json.dumps(good))
    off["seats"][0]["hex"] = [9, 9]
    with pytest.raises(explorer.PositionError):
        explorer.from_json(off)


def test_describe_explain_turn_label_svg():
    s = setup_done()
    assert "Red" in s.describe() or "Blue" in s.describe()
    for a in s.legal_actions()[:6]:
        assert "lotus_chaos." in s.explain(a)
    assert s.turn_label().startswith("round 1 · turn 1")
    svg = s.svg(0)
    assert svg.startswith("<svg") and svg.count("<polygon") == 37
    assert "<svg" in s._repr_html_()


def test_random_games_end_and_keep_invariants():
    for seed in range(4):
        s = explorer.load("lotus_chaos", seed=seed)
        rnd = random.Random(seed)
        n = 0
        while not s.is_terminal:
            acts = s.legal_actions()
            quiet = [a for a in acts if a.kind != 10] or acts  # mostly no accusations: longer games
            s = s.apply(rnd.choice(quiet if rnd.random() < 0.995 else acts))
            s.check_invariants()
            n += 1
            assert n < 5000
        assert s.winners()
        assert explorer.from_json(s.to_json()) == s


def test_swap_with_each_member_waits_in_the_queue_and_round_trips():
    """lotus_chaos.swap.pick: a choosing swap with each Color Wheel player, one after the other"""
    s = pos(cards={0: ["b1", 1, 2], 1: [3], 2: [4], 3: [5]}, blanks={"b1": "take swap 1 with each color wheel player"})
    t = s.apply("play b1")
    assert [task[0] for task in t.queue] == ["swap", "pair"]  # Blue 2 picks; the swap with Yellow 3 waits
    assert t.current_player == 1 and legal(t) == {"take 1", "take 2", "take b1"}
    assert explorer.from_json(json.loads(json.dumps(t.to_json()))) == t
    t = t.apply("take b1")
    assert cards_of(t, 1) == ["b1"] and t.current_player == 2
    assert explorer.from_json(t.to_json()) == t
    t = t.apply("take 3")
    assert sorted(cards_of(t, 0)) == ["1", "2", "4"] and cards_of(t, 2) == ["3"] and not t.queue


def test_hostile_positions_are_position_errors():
    s = setup_done()
    good = s.to_json()
    rnd = random.Random(0)
    junk = [None, 1, -1, 10**30, "x", [], {}, [1, 2], {"a": 1}, True, 0.5]
    refused = 0
    for _ in range(300):
        data = json.loads(json.dumps(good))
        where = rnd.choice(["top", "seat", "turn", "queue"])
        if where == "top":
            data[rnd.choice(sorted(data))] = rnd.choice(junk)
        elif where == "seat":
            data["seats"][rnd.randrange(6)][rnd.choice(["colour", "number", "objective", "hex", "alive", "cards"])] = \
                rnd.choice(junk)
        elif where == "turn":
            data["turn"][rnd.choice(sorted(data["turn"]))] = rnd.choice(junk)
        else:
            data["queue"] = [{"task": rnd.choice(["exec", "discard", "partner", "swap", "pair"]),
                              "seat": rnd.choice(junk), "text": rnd.choice(["blind swap 1 with deck", 5, "x"]),
                              "candidates": rnd.choice(junk), "k": rnd.choice(junk), "new": rnd.choice(junk)}]
        try:
            explorer.from_json(data)  # anything else than a PositionError fails the test
        except explorer.PositionError:
            refused += 1
    assert refused > 150


def test_user_component_file_replaces_assumed_values(tmp_path):
    src = (explorer.core.data_root() / "lotus_chaos" / "components.toml").read_text()
    mine = tmp_path / "chaos.toml"
    mine.write_text(src.replace("[board_radius]\nvalue = 3", "[board_radius]\nvalue = 4")
                    .replace('"blind swap 1 with deck",', '"blind swap 2 with deck",'))
    s = explorer.load("lotus_chaos", seed=1, data=str(mine))
    assert s.cfg.radius == 4 and "blind swap 2 with deck" in s.cfg.menu
    assert explorer.load("lotus_chaos", seed=1, data=str(mine), radius=2).cfg.radius == 2
    broken = tmp_path / "broken.toml"
    broken.write_text(src.replace('action = "odd tokens move 1 SW"', 'action = "odd tokens fly 1 SW"'))
    with pytest.raises(explorer.DataError, match="card 33"):
        explorer.load("lotus_chaos", seed=1, data=str(broken))


def test_impossible_objective_wins_only_as_the_last_token():
    """lotus_chaos.objective.impossible: with three players left, Grey 4 (purple: exactly four tokens on purple)
    cannot meet it even with every token on purple; it wins by accusing the others."""
    alive = [True, False, False, True, True, False]
    hexes = {0: [0, -1], 3: [1, -1], 4: [1, 0]}
    s = pos(hexes=hexes, alive=alive, phase="accusations", turn={"window": [3, 4, 0]}, revealed=[], seat=3)
    assert not s.objective_met(3)
    t = s.apply("accuse 1 north")  # right: Red 1 is out
    assert not t.is_terminal and not t.objective_met(3)
    t = t.apply("accuse 4 south")  # White 5 guesses wrong and is out
    assert t.is_terminal and t.winners() == [3] and "last token" in t.outcome


def test_objective_completed_by_an_accusation_counts_at_the_next_check():
    """lotus_chaos.objective.after-accusations: four tokens on green; White 5 (green: exactly three) accuses Red 1
    correctly, which leaves exactly three. The game goes on; at the end of Blue 2's turn White 5 wins."""
    hexes = {0: [1, -3], 1: [1, -2], 2: [2, -3], 3: [3, -1], 4: [3, -2], 5: [-2, 1]}
    s = pos(hexes=hexes, phase="accusations", turn={"window": [4]}, revealed=[])
    t = s.apply("accuse 1 north")
    assert not t.alive[0] and t.objective_met(4) and not t.is_terminal
    assert t.phase == 1 and t.seat == 1
    t = t.apply(t.legal_actions()[0]).apply("move S")
    assert t.pos[1] == (1, -1)
    t = t.apply("end")
    assert t.is_terminal and t.winners() == [4] and "green" in t.outcome
