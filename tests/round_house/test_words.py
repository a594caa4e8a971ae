"""Round House in a player's words (issue 25.9): specialists by their names, orders by their cost, amulets by
their kind, pirate tiles by their reward, in the log (explain, narrate) and in compare's sentences; an order
taken into a hand is still not told to the other seats."""
import re

from explorer.compare import changes, narrate
from explorer.games.round_house.words import name

from .helpers import at, fresh, play
from .test_specialists import holding

ID = re.compile(r"\b[SOAP]\d\d\b")


def test_components_are_named_by_what_they_are():
    s = fresh(3)
    assert name("S21", s) == "the Shandong merchant" and name("S04", s) == "the porter"
    assert name("O07", s) == "the 3 fruit order (5 points)"
    assert name("O06", s) == "the fruit + celadon + tea + gold order (8 points)"
    assert name("A01", s) == "a jade amulet" and name("P01", s) == "the pirate tile for 4 money"
    assert name("P05", s) == "the pirate tile for 1 recruit and 1 caravan dispatch"


def test_taking_and_using_a_specialist_read_by_its_name():
    s = holding("S01", fn=lambda d: (at(d, 0, "o7", "h"), d.update(room="o7", left=1)), ph="room")
    s = play(s, "do")
    new = s.spec_up[0]
    move = f"spec:{new}"
    t = play(s, move)
    for v in (None, -1, 0, 1):
        said = narrate(s, move, v)
        assert said == f"Red — Take {name(new, s)} (round_house.room.specialist).", said
        sentences = changes(s, t, v)["sentences"]
        assert f"Red took {name(new, s)} [round_house.room.specialist]" in sentences, sentences
        assert not any(ID.search(x) for x in [said, *sentences]), (said, sentences)
    u = holding("S01")
    assert narrate(u, "use:S01", -1) == "Red — Use the Suzhou merchant (round_house.specialist.use)."
    w = play(u, "use:S01")
    assert not any(ID.search(x) for x in changes(u, w, -1)["sentences"])


def test_an_order_reads_by_its_cost_and_stays_hidden_in_a_hand():
    from .test_board_review import holding as with_order
    s = with_order("O06", ("fruit", "cel", "tea"))
    said = narrate(s, "order:O06", 1)
    assert said == ("Red — Complete the fruit + celadon + tea + gold order (8 points) "
                    "(round_house.order.complete)."), said


def test_a_face_up_order_taken_is_named_only_to_its_taker():
    from .test_orders import marks
    def fn(d):
        d["seats"][0]["specialists"] = ["S09"]
        for lst in ("specialist_supply", "specialist_deck", "specialist_discard"):
            d[lst] = [x for x in d[lst] if x != "S09"]
        d["chairs"][0] = []
        d["seats"][0]["resource"] += 2
    s = play(marks(fn), "do:a", "inv:o2")
    up = s.ord_up[0]
    words = name(up, s)
    t = s.apply(f"ord:{up}")
    mine = narrate(s, f"ord:{up}", 0)
    assert mine == f"Red — Order mark reached: take {words} (round_house.order.draw).", mine
    assert any(words in x for x in changes(s, t, 0)["sentences"])
    for v in (1, 2, -1):
        told = [narrate(s, f"ord:{up}", v), *changes(s, t, v)["sentences"]]
        assert not any(words[4:] in x or up in x for x in told), (v, told)
    assert "draw the top order of the deck" in narrate(s, "ord:deck", 0)
