"""Every rule boundary for written cards, in play: an accepted card goes to the writer's play area and runs; a
rejected one names the boundary, the blank card goes back, the revealed cards stay discarded and the writer
gets no card but goes on with the turn (activations and the move), as the rulebook says.

Default table (helpers.py): Red 1, Blue 2, Yellow 3 are Color Wheel and Low; Grey 4, White 5, Black 6
Grayscale and High; Odd = Red 1, Yellow 3, White 5."""
import pytest

import explorer

from .helpers import cards_of, legal, pos

EVERYONE = [True] * 6
TWO_LEFT = [True, False, False, True, False, False]

# (boundary, accepted card, rejected card or None, who is still in the game)
BOUNDARIES = [
    ("lotus_chaos.write.kind", "odd tokens move 1 N then even tokens move 1 S",
     "odd tokens move 1 N then blind swap 1 with deck", EVERYONE),
    ("lotus_chaos.write.move-sole", "odd tokens move 1 N", "[tall: 4] tokens move 1 N", EVERYONE),
    ("lotus_chaos.write.move-identifiable", "[red shirts: 2 4] tokens move 1 N", "[red and blue: 1 2] tokens move 1 N",
     EVERYONE),
    ("lotus_chaos.write.move-identifiable", "[the steve group: 2 4] tokens move 1 N",
     "[sue, bill and mary: 1 2 3] tokens move 1 N", EVERYONE),
    ("lotus_chaos.write.move-combination", "odd color wheel tokens move 1 N", "odd grayscale tokens move 1 N",
     EVERYONE),
    ("lotus_chaos.write.move-two-left", "all tokens move 1 S", "odd tokens move 1 S", TWO_LEFT),
    ("lotus_chaos.write.move-on-board", "all tokens move 9 S", "odd tokens move 2 off the board", EVERYONE),
    ("lotus_chaos.write.move-count", "odd tokens jump 1 S", "odd tokens jump 0 S", EVERYONE),
    ("lotus_chaos.write.swap-groups", "blind swap 1 with a odd grayscale player", "blind swap 1 with player 3",
     EVERYONE),
    # boundaries 2, 3, 4 and 12 only permit: no card breaks them (their limits are boundaries 9, 10 and 11)
    ("lotus_chaos.write.swap-blind", "blind swap 1 with player on left", None, EVERYONE),
    ("lotus_chaos.write.swap-take", "take swap 1 with player on left", None, EVERYONE),
    ("lotus_chaos.write.swap-give", "give swap 1 with player on left", None, EVERYONE),
    ("lotus_chaos.write.swap-count", "blind swap hands with player on left", "blind swap 0 with player on left",
     EVERYONE),
    ("lotus_chaos.write.swap-ratio", "blind swap 2 for 2 with player on left", "blind swap 2 for 1 with player on left",
     EVERYONE),
    ("lotus_chaos.write.swap-limit", "blind swap 5 with player on left", "blind swap 6 with player on left", EVERYONE),
    ("lotus_chaos.write.swap-blank-text", "blind swap 1 blank with player on left",
     "blind swap 1 blank with player on left erasing blank cards", EVERYONE),
    ("lotus_chaos.write.swap-uniform", "take swap 1 with player on left", "blind take swap 1 with player on left",
     EVERYONE),
    ("lotus_chaos.write.swap-uniform", "take swap 1 with player on left then take swap 1 with player on right",
     "take swap 1 with player on left then blind swap 1 with player on right", EVERYONE),
    ("lotus_chaos.write.swap-groups", "blind swap 1 with a odd player then blind swap 1 with a low player",
     "blind swap 1 with a odd player then blind swap 1 with a low player then blind swap 1 with a high player",
     EVERYONE),
    ("lotus_chaos.write.swap-default-blind", "swap 1 with player on left", None, EVERYONE),
    ("lotus_chaos.write.swap-deck-blind", "blind swap 1 with deck", "take swap 1 with deck", EVERYONE),
    ("lotus_chaos.write.swap-deck-blank", "blind swap 1 printed with deck", "blind swap 1 blank with deck", EVERYONE),
    ("lotus_chaos.write.swap-blank-trade", "blind swap 1 blank with player on left", None, EVERYONE),
]


def table(alive):
    """Red 1 to write, holding card 30; Blue 2 (or the next player in) holds 12 and a written card."""
    nxt = next(i for i in range(1, 6) if alive[i])
    return pos(phase="draw", revealed=["3", "4"], alive=alive, cards={0: [30], nxt: [12, "b5"]},
               blanks={"b5": "all tokens move 1 N"}, hexes={0: [0, -1]})


def finish(s):
    """Settle every decision the activation asked for (first legal choice), back to the active player."""
    while s.queue:
        s = s.apply(s.legal_actions()[0])
        s.check_invariants()
    return s


@pytest.mark.parametrize("rule,good,bad,alive", BOUNDARIES, ids=[b[0].split(".")[-1] for b in BOUNDARIES])
def test_boundary_accepts_and_rejects_in_play(rule, good, bad, alive):
    """lotus_chaos.write.accept, lotus_chaos.write.reject, lotus_chaos.draw.blank"""
    assert rule in explorer.ledger("lotus_chaos")
    s = table(alive)
    ok = s.apply(f'write "{good}"')
    assert ok.notice is None and cards_of(ok, 0) == ["30", "b1"]
    assert ok.to_json()["blanks"]["b1"] == str(s.parse_action(f'write "{good}"'))[7:-1]
    assert ok.to_json()["discard"] == ["3", "4"] and ok.phase == 2 and ok.current_player == 0
    after = finish(ok.apply("play b1"))  # the card runs
    after.check_invariants()
    assert after.current_player == 0 and "b1" in {c for i in range(6) for c in cards_of(after, i)}
    if bad is None:
        return
    before = s.to_json()
    no = s.apply(f'write "{bad}"')
    assert s.to_json() == before  # the state written from is untouched
    assert no.notice[0] == rule and s.explain(f'write "{bad}"').rules[0] == rule  # the broken boundary first
    assert no.view(3)["notice"]["rule"] == rule  # read to every player
    assert cards_of(no, 0) == ["30"] and no.to_json()["blanks"] == {"b5": "all tokens move 1 N"}  # erased, returned
    assert no.to_json()["discard"] == ["3", "4"] and no.to_json()["revealed"] == []  # the revealed cards are gone
    assert sum(t is None for t in no.texts) == 29
    assert no.phase == 2 and no.current_player == 0  # the turn goes on: activate, move
    assert "play 30" in legal(no) and "play b1" not in legal(no) and "move S" in legal(no)
    assert not any(str(a).startswith(("write", "keep")) for a in no.legal_actions())  # no other card this turn
    done = no.apply("move S").apply("play 30")
    assert done.phase == 3  # activated, moved: on to the objective check and accusations


def test_take_and_give_swaps_let_the_players_choose():
    """lotus_chaos.write.swap-take, lotus_chaos.write.swap-give, lotus_chaos.write.swap-uniform: every player in
    the swap chooses, what they take or what they give"""
    blanks = {"b1": "take swap 1 with player on left", "b2": "give swap 1 with player on left"}
    s = pos(cards={0: ["b1", "b2", 30], 1: [12, 13]}, blanks=blanks, hexes={0: [0, -1]})
    t = s.apply("play b1")
    assert t.current_player == 0 and legal(t) == {"take 12", "take 13"}  # Red 1 picks among Blue 2's cards
    t = t.apply("take 13")
    assert t.current_player == 1 and legal(t) == {"take b1", "take b2", "take 30"}
    t = t.apply("take 30")
    assert cards_of(t, 0) == ["13", "b1", "b2"] and cards_of(t, 1) == ["12", "30"]
    u = s.apply("play b2")
    assert u.current_player == 0 and legal(u) == {"give b1", "give b2", "give 30"}  # Red 1 picks its own card
    u = u.apply("give b1").apply("give 12")
    assert cards_of(u, 0) == ["12", "30", "b2"] and cards_of(u, 1) == ["13", "b1"]
    assert u.to_json()["blanks"]["b1"] == blanks["b1"]  # lotus_chaos.write.swap-blank-text


def test_blind_swap_takes_cards_at_random_and_they_lie_face_up():
    """lotus_chaos.write.swap-blind: the cards a blind swap moves depend on the shuffle (the seed), and afterwards
    every play area is public again (lotus_chaos.draw.give)"""
    got = set()
    for seed in range(12):
        s = explorer.from_json({**pos(cards={0: ["b1", 30, 31], 1: [12, 13, 14]},
                                      blanks={"b1": "blind swap 1 with player on left"}).to_json(), "seed": seed,
                                "rng": None, "deck": None})
        t = s.apply("play b1")
        got.add((tuple(cards_of(t, 0)), tuple(cards_of(t, 1))))
        for viewer in (-1, 2):
            assert [c["id"] for c in t.view(viewer)["seats"][0]["cards"]] == cards_of(t, 0)
    assert len(got) > 3


def test_the_table_may_object_to_a_written_card():
    """lotus_chaos.write.table: with objections=table a card the boundary checks accept goes round the other
    players; all agree: it stays; one objection: it is erased and the writer gets no card"""
    s = pos(phase="draw", revealed=["3", "4"], cards={0: [30]}, options={"objections": "table"})
    text = "[red shirts: 2 4] tokens move 1 N"
    assert "may object" in s.explain(f'write "{text}"')
    t = s.apply(f'write "{text}"')
    assert t.current_player == 1 and legal(t) == {"agree", "object"} and cards_of(t, 0) == ["30"]
    assert explorer.from_json(t.to_json()) == t  # the vote round-trips
    from .helpers import assert_illegal
    assert_illegal(t, "move S", "lotus_chaos.turn.pending")
    ok = t
    for seat in range(1, 6):
        assert ok.current_player == seat and "lotus_chaos.write.table" in ok.explain("agree")
        ok = ok.apply("agree")
    assert ok.notice is None and cards_of(ok, 0) == ["30", "b1"] and ok.current_player == 0
    assert ok.to_json()["groups"] == [{"name": "red shirts", "members": [1, 3]}]
    no = t.apply("agree").apply("agree").apply("object")  # Grey 4 does not wear a red shirt
    assert no.notice == ("lotus_chaos.write.table", "Grey 4 objects: the table finds the card outside the rule "
                         "boundaries")
    assert not no.queue and no.current_player == 0 and cards_of(no, 0) == ["30"] and no.to_json()["blanks"] == {}
    assert no.to_json()["groups"] == [] and no.to_json()["discard"] == ["3", "4"]
    assert "play 30" in legal(no) and "move S" in legal(no)
    bad = s.apply('write "odd grayscale tokens move 1 N"')  # the checks still reject first: no vote
    assert bad.notice[0] == "lotus_chaos.write.move-combination" and not bad.queue
