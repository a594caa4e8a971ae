"""Moving gates (rulebook section 使用牆跟閘門): shape kept, inlet and outlet kept, no joining another paddy."""
import random

import pytest

import explorer
from explorer.games.rice_paddy.fields import GATE, WALL, fields

from .helpers import at_alloc, edit, field, game
from .test_fields import order01, to_step

# Seat 0: start a -> d (gates ad, df); b is a closed 1-hex paddy with no gate; c, e-j are open field.
LOOSE = dict(walls=["ab", "ac", "bd", "cd", "de"], gates=["ad", "df"], rocks="")
# Seat 0: start a -> the 2-hex paddy b-d, which touches a on two sides (gate ad, wall ab); its outlet df.
TWICE = dict(walls=["ab", "ac", "cd", "de"], gates=["ad", "df"], rocks="")


def at_gates(fld):
    s = to_step(edit(at_alloc(), lambda js: (order01(js), field(js, 0, **fld))), "gates")
    assert s.step == "gates" and s.current_player == 0
    return s


def refused(s, move, rule):
    before = s.to_json()
    assert move not in s.legal_actions()
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply(move)
    assert err.value.rule == rule, str(err.value)
    assert s.to_json() == before


def links(s, seat):
    """The pairs of completed paddies joined by a gate."""
    cfg, p = s.cfg, s.players[seat]
    F = fields(cfg, p.edges)
    out = set()
    for k, (i, j) in enumerate(cfg.edges):
        a, b = F.region[i], F.region[j]
        if p.edges[k] == GATE and a != b and a in F.pset and b in F.pset:
            out.add(frozenset((a, b)))
    return out


def test_a_gate_moves_to_field_and_keeps_the_chain():
    # rice_paddy.walls.move-gate, rice_paddy.walls.move-gate-flow: d's outlet df faces open field
    s = at_gates(LOOSE)
    acts = s.legal_actions()
    assert "move df de" in acts and "move df cd" in acts
    t = s.apply("move df de")
    assert t.F(0).chain == s.F(0).chain and t.F(0).members == s.F(0).members
    assert t.players[0].edges[t.cfg.edge_index["de"]] == GATE
    assert t.players[0].edges[t.cfg.edge_index["df"]] == WALL
    t.check_invariants()


def test_a_gate_may_not_join_another_completed_paddy():
    # rice_paddy.walls.move-gate-join: d's outlet onto bd would join the closed paddy b
    s = at_gates(LOOSE)
    refused(s, "move df bd", "rice_paddy.walls.move-gate-join")
    # a's outlet onto ab joins b too (and would cut d off: the join is named first)
    refused(s, "move ad ab", "rice_paddy.walls.move-gate-join")


def test_a_gate_move_may_not_cut_a_paddy_off_the_chain():
    # rice_paddy.walls.move-gate-flow: ad is a's outlet and d's inlet
    s = at_gates(LOOSE)
    refused(s, "move ad ac", "rice_paddy.walls.move-gate-flow")  # d loses its inlet
    refused(s, "move ad cd", "rice_paddy.walls.move-gate-flow")  # a loses its outlet, d its inlet


def test_a_gate_stays_on_its_own_paddys_walls():
    # rice_paddy.walls.move-gate-shape: an open side, or a wall away from the gate's paddies
    s = at_gates(LOOSE)
    refused(s, "move df ef", "rice_paddy.walls.move-gate-shape")
    refused(s, "move df ab", "rice_paddy.walls.move-gate-shape")  # ab is a wall of a and b, not of d


def test_a_shared_gate_slides_between_the_same_two_paddies():
    # rice_paddy.walls.move-gate-shared: ad is a's outlet and b-d's inlet; ab also lies between them
    s = at_gates(TWICE)
    assert "move ad ab" in s.legal_actions()
    t = s.apply("move ad ab")
    assert t.F(0).chain == s.F(0).chain and links(t, 0) == links(s, 0)
    refused(s, "move ad ac", "rice_paddy.walls.move-gate-flow")  # along a's side: b-d loses its inlet
    refused(s, "move ad cd", "rice_paddy.walls.move-gate-flow")  # along b-d's side: a loses its outlet


def test_a_moved_gate_waits_a_round():
    # rice_paddy.walls.move-gate: each gate moves at most once a round
    s = at_gates(LOOSE)
    t = s.apply("move df de")
    assert not any(g == t.cfg.edge_index["de"] for g, _ in t.gate_moves(0))


def test_the_starting_gate_still_moves_around_the_starting_paddy():
    # rice_paddy.setup.gate-side: the starting paddy's outlet faces open field
    s = to_step(at_alloc(), "gates")
    assert "move ad ab" in s.legal_actions() and "move ad ac" in s.legal_actions()


def test_random_games_offer_only_moves_that_keep_every_link():
    # rice_paddy.walls.move-gate-join, rice_paddy.walls.move-gate-flow over random play
    seen = 0
    for seed in range(6):
        s, rnd = game(3, seed=seed), random.Random(seed)
        while not s.is_terminal:
            acts = s.legal_actions()
            if s.step == "gates":
                seat = s.current_player
                for a in acts:
                    if a.startswith("move"):
                        t = s.apply(a)
                        assert links(t, seat) == links(s, seat) and t.F(seat).chain == s.F(seat).chain
                        seen += 1
                # every other gate/wall pair is refused with a move-gate rule
                p = s.players[seat]
                n = s.cfg.edge_name
                for g in range(s.cfg.E):
                    for w in range(s.cfg.E):
                        text = f"move {n[g]} {n[w]}"
                        if p.edges[g] == GATE and g != w and text not in acts:
                            with pytest.raises(explorer.IllegalAction) as err:
                                s.apply(text)
                            assert err.value.rule.startswith("rice_paddy.walls.move-gate")
            s = s.apply(rnd.choice(acts))
    assert seen > 0
