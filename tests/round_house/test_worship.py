"""Worship at the ancestral hall (round_house.worship.*) and the rulebook's worship example."""
import pytest

import explorer
from explorer.games.round_house.board import cell_name, worship_ends
from explorer.games.round_house.config import config

from .helpers import at, edit, fresh, phase, play, workers_to_town

CFG = config(3, {})


def cells(mask, n):
    return [cell_name(CFG, c) for c in worship_ends(CFG, mask, n)[1]]


def at_hall(fn=None, players=3):
    def f(d):
        at(d, 0, "o10", "h")
        phase(d, 0, "move")
        if fn:
            fn(d)
    return play(edit(fresh(players), f), "1>h")


def test_passing_the_hall_forces_worship():
    """round_house.worship.stop: entering the hall ends the move and offers the two kinds of worship."""
    s = at_hall()
    assert s.phase == "worship"
    assert set(s.legal_actions()) == {"temple:1", "temple:2", "temple:3", "temple:4", "fam:1", "fam:2", "fam:3",
                                      "fam:4"}


def test_small_temple_reward_and_flip():
    """round_house.worship.small: temple 1 gives 3 money and is flipped; a flipped temple is not offered."""
    s = play(at_hall(), "temple:1")
    assert s.money[0] == 6 and s.temples[0] is True and s.seat == 1
    t = at_hall(lambda d: d.update(temples=[True] * 4))
    assert all(a.startswith("fam:") for a in t.legal_actions())
    before = t.to_json()
    with pytest.raises(explorer.IllegalAction) as err:
        t.apply("temple:1")
    assert err.value.rule == "round_house.worship.small" and "flipped" in str(err.value)
    assert t.to_json() == before


def test_family_worship_empty_town_still_advances_the_marker():
    """round_house.worship.family, round_house.worship.marker, round_house.worship.empty-town"""
    s = play(at_hall(), "fam:2")
    assert s.marker == 1 and s.seat == 1 and all(e == [] for e in s.elders)


def test_rulebook_example_stepping_stone_reaches_farther():
    """round_house.worship.line: the rulebook's purple player with 5 workers reaches farther thanks to an
    earlier elder of their own; another player's elder does not help."""
    alone = cells(0, 5)
    helped = cells(1 << 1, 5)  # own elder on a2
    assert "b5" in helped and "b5" not in alone
    assert "a2" not in helped  # you cannot end on your own elder
    s = at_hall(lambda d: (workers_to_town(d, 0, 0, 4), d["elders"][1].append(0),
                           d["seats"][0].__setitem__("resource", 0), _one_more(d, 0)))
    s = play(s, "fam:1")
    assert s.phase == "family"
    assert [a[5:] for a in s.legal_actions()] == helped
    other = at_hall(lambda d: (workers_to_town(d, 0, 0, 4), d["elders"][1].append(1), _one_more(d, 0),
                               d["seats"][1].__setitem__("resource", d["seats"][1]["resource"] - 1)))
    other = play(other, "fam:1")
    assert [a[5:] for a in other.legal_actions()] == alone


def _one_more(d, seat):
    """A fifth worker into town 1, taken from the personal board."""
    d["seats"][seat]["board"] -= 1
    d["towns"][0][seat] += 1


def test_line_end_becomes_an_elder_scores_and_takes_four_sides():
    """round_house.worship.elder, round_house.worship.score, round_house.worship.rewards,
    round_house.worship.refill"""
    def fn(d):
        workers_to_town(d, 0, 0, 3)
        d["chairs"][0] = [[0, 0]]
        d["chairs"][1] = [[0, 1]]
        d["seats"][0]["resource"] -= 2
    s = play(at_hall(fn), "fam:1")
    assert "line:b2" in s.legal_actions()
    amulet = s.grid[0]  # the amulet side above b2
    deck_top = s.amu_deck[-1]
    t = play(s, "line:b2")
    assert t.elders[6] == [0] and t.towns[0][0] == 0 and t.res[0] == 2
    assert t.points[0] == CFG.cell_points[6] + 2  # 3 points + 2 workers on chairs
    assert amulet in t.amulets[0] and t.grid[0] == deck_top
    assert t.money[0] == 3 + 2 + 1  # m2 below, m1 to the right
    assert t.tasks == ["good"] and "good:f" in t.legal_actions()


def test_amulet_side_emptied_gives_nothing():
    """round_house.worship.rewards / round_house.worship.refill: with no amulets left to refill, the side stays
    empty and gives nothing."""
    def fn(d):
        workers_to_town(d, 0, 0, 3)
        d["seats"][1]["amulets"] += [d["grid_amulets"][0]] + d["amulet_deck"]
        d["grid_amulets"][0] = None
        d["amulet_deck"] = []
    s = play(at_hall(fn), "fam:1", "line:b2")
    assert s.amulets[0] == [] and s.grid[0] is None


def test_line_that_cannot_take_every_worker():
    """round_house.worship.short: 25 workers on a 20-cell grid lay the longest line possible."""
    placed, ends = worship_ends(CFG, 0, 25)
    assert placed == 20 and ends


def test_worship_only_in_the_hall():
    s = edit(fresh(3), lambda d: phase(d, 0, "orders"))
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("fam:1")
    assert err.value.rule == "round_house.worship.stop"
    t = play(at_hall(lambda d: workers_to_town(d, 0, 0, 2)), "fam:1")
    with pytest.raises(explorer.IllegalAction) as err:
        t.apply("line:d5")
    assert err.value.rule == "round_house.worship.line"
    with pytest.raises(explorer.IllegalAction) as err:
        at_hall().apply("fam:5")  # four towns
    assert err.value.rule == "round_house.worship.family"
    temple = play(at_hall(), "temple:4")  # a good and an investment to resolve, but no room to act in
    assert temple.phase == "room" and temple.room is None and temple.tasks
    with pytest.raises(explorer.IllegalAction) as err:
        temple.apply("do")
    assert err.value.rule == "round_house.move.hall"


def test_visible_amulets_on_the_grid():
    """round_house.worship.visible: the grid's and the end space's amulets are in every view."""
    s = fresh(3)
    v = s.view(-1)
    assert [a["amulet"]["id"] for a in v["grid"]["amulets"]] == s.grid
    assert v["end_amulet"]["id"] == s.end_amulet
