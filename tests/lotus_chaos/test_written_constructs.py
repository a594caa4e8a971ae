"""Written-card constructs beyond the printed cards (issue 21 point 14): turning around the centre
('1 hex clockwise'), moving towards the nearest hex of a zone ('towards the nearest green hex'), and swaps
made by players other than the card's holder ('each odd player blindly swaps a card with the player on his
left'). Each: the language, the engine, the rule boundaries, explanations, views and the JSON round trip.

Default table (helpers.py): seat i is Red 1, Blue 2, Yellow 3, Grey 4, White 5, Black 6; tokens on the corners
N, NE, SE, S, SW, NW. Odd = seats 0, 2, 4; Grayscale = seats 3, 4, 5; High = seats 3, 4, 5."""
import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.core import hexgrid as hx
from explorer.core import rng
from explorer.games.lotus_chaos import language as L
from explorer.games.lotus_chaos.board import ZONE_OF, board, nearest_zone, path, ring_path
from explorer.games.lotus_chaos.config import components

from .helpers import cards_of, hexes_of, legal, pos


def table(alive=(0, 1, 2, 3, 4, 5), groups=()):
    return L.Table(alive, (1, 2, 3, 4, 5, 6), ("red", "blue", "yellow", "grey", "white", "black"), groups)


def verdict(text, **kw):
    return L.check(L.parse(text), table(**kw))


# ---- the language --------------------------------------------------------------------------------------------

SWAP_LEFT = ("swap", ("blind",), 1, None, ("left",), False)
READINGS = [
    ("Odd tokens move 1 hex clockwise", (("move", ("odd",), ("ring", "cw", 1), False),),
     "odd tokens move 1 clockwise"),
    ("All tokens move 2 hexes anti-clockwise around the centre", (("move", None, ("ring", "acw", 2), False),),
     "all tokens move 2 anticlockwise"),
    ("all tokens move 1 counterclockwise", (("move", None, ("ring", "acw", 1), False),),
     "all tokens move 1 anticlockwise"),
    ("High tokens move 3 spaces counter clockwise around the center except for tokens in the center hex",
     (("move", ("high",), ("ring", "acw", 3), True),), "high tokens move 3 anticlockwise except centre"),
    ("Grayscale tokens move 2 hexes towards the nearest green hex",
     (("move", ("grayscale",), ("zone", "green", 2), False),), "grayscale tokens move 2 towards nearest green"),
    ("all tokens move 1 towards the nearest corner", (("move", None, ("zone", "blue", 1), False),),
     "all tokens move 1 towards nearest blue"),
    ("low tokens move 4 towards nearest purple then all tokens move 1 clockwise",
     (("move", ("low",), ("zone", "purple", 4), False), ("move", None, ("ring", "cw", 1), False)),
     "low tokens move 4 towards nearest purple then all tokens move 1 clockwise"),
    ("Each odd player blindly swaps a card with the player on his left", (("each", ("odd",), SWAP_LEFT),),
     "each odd player blind swap 1 with player on left"),
    ("odd players swap 1 with the player on their left", (("each", ("odd",), SWAP_LEFT),),
     "each odd player blind swap 1 with player on left"),
    ("each player take swap 1 with a high player",
     (("each", None, ("swap", ("take",), 1, None, ("a", ("high",)), False)),),
     "each player take swap 1 with a high player"),
    ("Low Color Wheel players blindly swap 2 printed cards with the deck",
     (("each", ("low", "colorwheel"), ("swap", ("blind",), 2, "printed", ("deck",), False)),),
     "each low color wheel player blind swap 2 printed with deck"),
    ("each odd or grayscale player give swap 1 with each high player",
     (("each", (("or", "odd", "grayscale"),), ("swap", ("give",), 1, None, ("each", ("high",)), False)),),
     "each odd or grayscale player give swap 1 with each high player"),
]


@pytest.mark.parametrize("text,program,canonical", READINGS, ids=[r[2] for r in READINGS])
def test_new_constructs_read_and_round_trip(text, program, canonical):
    """lotus_chaos.movement.rotate, lotus_chaos.movement.nearest-zone, lotus_chaos.swap.others"""
    assert L.parse(text) == program
    assert L.render(program) == canonical
    assert L.parse(canonical) == program
    assert str(explorer.games.lotus_chaos.action(f'write "{text}"')) == f'write "{canonical}"'


def test_towards_a_colour_still_means_its_token_and_nearest_means_the_board():
    """'towards red' is the red token (as before); 'towards nearest red' is the red centre hex"""
    assert L.parse("all tokens move 1 towards red") == (("move", None, ("colour", "red", 1), False),)
    assert L.parse("all tokens move 1 towards nearest red") == (("move", None, ("zone", "red", 1), False),)
    with pytest.raises(explorer.NotationError):
        L.parse("all tokens move 1 towards nearest yellow")  # no yellow hexes on the board
    with pytest.raises(explorer.NotationError):
        L.parse("all tokens move 1 towards nearest plain")


PRINTED_DIGEST = "936eb800ceb2f89dca2fe7fb0f931cd2a474834904b84e32a267c1a610c989c0"


def test_printed_cards_and_menu_read_exactly_as_before_the_extension():
    """Every printed card and written-menu card gives the same program and canonical text as before the new
    constructs (the digest was taken at commit 4c0aa5b)"""
    c = components(None)
    progs = [(x.action, L.parse(x.action), L.render(L.parse(x.action))) for x in c.action_cards]
    progs += [(t, L.parse(t), L.render(L.parse(t))) for t in c.written_menu]
    assert hashlib.sha256(repr(progs).encode()).hexdigest() == PRINTED_DIGEST
    assert not any(L.construct_ids(p) for _, p, _ in progs)


# ---- turning around the centre -----------------------------------------------------------------------------

@pytest.mark.parametrize("h,way,n,end", [
    ((0, -1), "cw", 1, (1, -1)), ((0, -1), "acw", 1, (-1, 0)),
    ((0, -3), "cw", 3, (3, -3)),     # N corner, three hexes clockwise: the NE corner
    ((3, 0), "acw", 3, (3, -3)),     # SE corner, three anticlockwise: the NE corner
    ((0, -2), "cw", 12, (0, -2)),    # once round ring 2
    ((0, -2), "cw", 13, (1, -2)),
    ((0, 0), "cw", 2, (0, 0)),       # the centre has no ring
])
def test_turning_moves_along_the_tokens_ring(h, way, n, end):
    """lotus_chaos.movement.rotate"""
    p = path(h, ("ring", way, n), 3, {})
    assert (p[-1] if p else h) == end


@settings(max_examples=150, deadline=None)
@given(radius=st.integers(2, 6), data=st.data(), way=st.sampled_from(["cw", "acw"]), n=st.integers(1, 40))
def test_turning_keeps_the_distance_from_the_centre_and_undoes(radius, data, way, n):
    """lotus_chaos.movement.rotate: one hex per step, on the token's own ring, never off the board; turning
    back as far returns; clockwise is the board's ring order (north corner, then east of it)"""
    h = data.draw(st.sampled_from(hx.hexagon(radius)))
    p = ring_path(h, way, n)
    if h == (0, 0):
        assert p == []
        return
    assert len(p) == n
    for a, b in zip([h] + p, p):
        assert hx.distance(a, b) == 1 and hx.length(b) == hx.length(h) <= radius
    back = ring_path(p[-1], "acw" if way == "cw" else "cw", n)
    assert back[-1] == h
    ring = hx.ring(hx.length(h))
    assert ring_path(ring[0], "cw", 1) == [ring[1]] and hx.to_pixel(ring[1], 1)[0] > 0  # from N towards the east


def test_turning_card_in_play_with_explanation_and_preview():
    """lotus_chaos.movement.rotate, lotus_chaos.movement.except-centre: a written card turns every token"""
    s = pos(cards={0: ["b1"]}, blanks={"b1": "all tokens move 1 clockwise except centre"},
            hexes={0: [0, -1], 5: [0, 0]})
    why = s.explain("play b1")
    assert "all tokens move 1 clockwise except centre" in why and "lotus_chaos.movement.rotate" in why
    t = s.apply("play b1")
    t.check_invariants()
    assert hexes_of(t) == {0: (1, -1), 1: (3, -2), 2: (2, 1), 3: (-1, 3), 4: (-3, 2), 5: (0, 0)}
    assert {m["seat"]: tuple(m["to"]) for m in s.preview("play b1")["moves"]} == \
        {i: h for i, h in hexes_of(t).items() if i != 5}


# ---- towards the nearest hex of a zone ------------------------------------------------------------------------

@pytest.mark.parametrize("h,zone,n,tiebreak,expected", [
    ((0, 0), "green", 3, "straight", [(0, -1), (0, -2), (1, -3)]),  # twelve at 3: the first clockwise from N
    ((1, -1), "green", 2, "straight", [(1, -2), (2, -3)]),          # (1,-3) and (2,-3) at 2: (2,-3) is nearer
    ((1, -1), "green", 2, "clockwise", [(1, -2), (1, -3)]),         # ... the option takes the first clockwise
    ((0, -3), "purple", 5, "straight", [(0, -2), (0, -1)]),         # stops on arriving
    ((2, 1), "green", 2, "straight", []),                            # already on a green hex
    ((1, -1), "blue", 1, "straight", [(2, -2)]),                     # the NE corner is the nearest corner
    ((-2, 2), "red", 9, "straight", [(-1, 1), (0, 0)]),
])
def test_nearest_zone_targets_and_tie_breaks(h, zone, n, tiebreak, expected):
    """lotus_chaos.movement.nearest-zone, lotus_chaos.movement.tiebreak"""
    assert path(h, ("zone", zone, n), 3, {}, tiebreak) == expected


def _to_zone(h, zone, radius):
    b = board(radius)
    return min(hx.distance(h, x) for x in b.hexes if b.zone[x] == zone)


@settings(max_examples=200, deadline=None)
@given(radius=st.integers(2, 6), data=st.data(), zone=st.sampled_from(sorted(ZONE_OF)), n=st.integers(1, 15),
       tiebreak=st.sampled_from(["straight", "clockwise"]))
def test_nearest_zone_gets_one_hex_closer_each_step(radius, data, zone, n, tiebreak):
    """lotus_chaos.movement.nearest-zone: each step is to a neighbour on the board one hex nearer the zone;
    the token stops on the zone (the target hex, the nearest) and never passes it"""
    h = data.draw(st.sampled_from(hx.hexagon(radius)))
    z = ZONE_OF[zone]
    d = _to_zone(h, z, radius)
    p = path(h, ("zone", zone, n), radius, {}, tiebreak)
    assert len(p) == min(n, d)
    for k, (a, b) in enumerate(zip([h] + p, p)):
        assert hx.distance(a, b) == 1 and hx.length(b) <= radius
        assert _to_zone(b, z, radius) == d - k - 1
    if n >= d:
        assert (p[-1] if p else h) == nearest_zone(h, z, radius, tiebreak)


def test_nearest_zone_card_in_play_and_the_tiebreak_option():
    """lotus_chaos.movement.nearest-zone: targets are taken where the tokens stood; the tiebreak option
    applies"""
    blanks = {"b1": "odd tokens move 2 towards the nearest green hex"}
    s = pos(cards={0: ["b1"]}, blanks=blanks, hexes={0: [1, -1], 2: [0, 0], 4: [2, 1]})
    assert "lotus_chaos.movement.nearest-zone" in s.explain("play b1")
    t = s.apply("play b1")
    assert hexes_of(t)[0] == (2, -3) and hexes_of(t)[2] == (0, -2) and hexes_of(t)[4] == (2, 1)
    assert all(hexes_of(t)[i] == hexes_of(s)[i] for i in (1, 3, 5))
    c = pos(cards={0: ["b1"]}, blanks=blanks, hexes={0: [1, -1], 2: [0, 0], 4: [2, 1]},
            options={"tiebreak": "clockwise"})
    assert hexes_of(c.apply("play b1"))[0] == (1, -3)


# ---- swaps made by other players ---------------------------------------------------------------------------

def test_each_odd_player_blindly_swaps_with_the_player_on_his_left():
    """lotus_chaos.swap.others: the issue's card word for word; Red 1 (the holder), Yellow 3 and White 5 each
    swap one card at random with the next player to their left"""
    text = "Each odd player blindly swaps a card with the player on his left"
    s = pos(cards={0: ["b1"], 1: [12, 13], 2: [14], 3: [15, 16], 4: [17], 5: [18]}, blanks={"b1": L.render(
        L.parse(text))})
    why = s.explain("play b1")
    assert "each odd player blind swap 1 with player on left" in why and "lotus_chaos.swap.others" in why
    t = s.apply("play b1")
    t.check_invariants()
    assert not t.queue and t.current_player == 0
    got = {i: cards_of(t, i) for i in range(6)}
    assert got[0] in (["12"], ["13"]) and sorted(got[0] + got[1]) == ["12", "13", "b1"]
    assert got[2] in (["15"], ["16"]) and sorted(got[2] + got[3]) == ["14", "15", "16"]
    assert got[4] == ["18"] and got[5] == ["17"]


def test_members_swap_in_turn_from_the_holder_on_the_hands_as_left():
    """lotus_chaos.swap.others: Red 1 holds the card and is not Grayscale, so makes no swap of its own; Grey 4,
    White 5 and Black 6 swap in turn (a card may travel on); a member out of the game makes no swap"""
    blanks = {"b1": "each grayscale player blind swap 1 with player on left"}
    cards = {0: ["b1"], 1: [12], 2: [13], 3: [15], 4: [17], 5: [18]}
    t = pos(cards=cards, blanks=blanks).apply("play b1")
    assert [cards_of(t, i) for i in range(6)] == [["15"], ["12"], ["13"], ["17"], ["18"], ["b1"]]
    alive = [True, True, True, True, False, True]
    u = pos(cards={i: c for i, c in cards.items() if i != 4}, blanks=blanks, alive=alive).apply("play b1")
    assert [cards_of(u, i) for i in range(6)] == [["15"], ["12"], ["13"], ["18"], [], ["b1"]]


def test_blind_swaps_by_others_draw_from_the_seeded_stream():
    """lotus_chaos.write.swap-blind, lotus_chaos.swap.others: which cards go depends on the state's random
    stream only: the same state always gives the same result, other seeds others"""
    outcomes = set()
    for seed in range(10):
        s = explorer.from_json({**pos(cards={0: ["b1", 30], 1: [12, 13, 14], 2: [20, 21], 3: [22, 23]},
                                      blanks={"b1": "each low player blind swap 1 with player on left"}).to_json(),
                                "seed": seed, "rng": None, "deck": None})
        t = s.apply("play b1")
        assert t.to_json() == s.apply("play b1").to_json() and t.rs != s.rs
        t.check_invariants()
        outcomes.add(tuple(tuple(cards_of(t, i)) for i in range(4)))
    assert len(outcomes) > 3


def test_choosing_swaps_by_others_ask_each_member_in_turn():
    """lotus_chaos.swap.others, lotus_chaos.swap.partner, lotus_chaos.swap.pick: each Odd player chooses a High
    partner and the card to take; the JSON round trip holds at every decision"""
    s = pos(cards={0: ["b1", 30], 2: [12, 13], 3: [14], 4: [15, 16], 5: [17]},
            blanks={"b1": "each odd player take swap 1 with a high player"})
    t = s.apply("play b1")
    steps = []
    while t.queue:
        assert explorer.from_json(t.to_json()).to_json() == t.to_json()
        steps.append((t.current_player, sorted(legal(t))))
        a = sorted(legal(t))[0]
        assert t.explain(a).startswith(t.name(t.current_player))
        t = t.apply(a)
        t.check_invariants()
    assert steps[0] == (0, ["with 4", "with 5", "with 6"])   # Red 1 (holder and Odd) chooses a partner
    assert steps[1] == (3, ["take 30", "take b1"])            # took Grey 4's only card; Grey 4 takes one of Red 1's
    assert steps[2] == (2, ["with 4", "with 5", "with 6"])   # then Yellow 3 chooses its partner: Grey 4 again
    assert steps[3] == (3, ["take 12", "take 13"])            # Yellow 3 took 30 (all Grey 4 had); Grey 4 picks
    assert steps[4] == (4, ["with 4", "with 6"])              # White 5 cannot swap with itself
    assert [cards_of(t, i) for i in range(6)] == [["14", "b1"], [], ["13", "30"], ["15"], ["12", "16"], ["17"]]
    assert t.current_player == 0 and t.phase == 2


def test_views_after_a_swap_by_others_follow_the_hidden_information_rules():
    """lotus_chaos.draw.give, lotus_chaos.write.swap-blind: play areas are face up, so after a blind swap every
    seat (and a spectator) sees every play area as it is; objectives stay secret"""
    s = pos(cards={0: ["b1"], 1: [12, 13], 2: [14], 3: [15, 16], 4: [17], 5: [18]},
            blanks={"b1": "each odd player blind swap 1 with player on left"})
    t = s.apply("play b1")
    truth = [[c["id"] for c in x["cards"]] for x in t.view(None)["seats"]]
    for viewer in (-1, 0, 1, 2, 3, 4, 5):
        v = t.view(viewer)
        assert [[c["id"] for c in x["cards"]] for x in v["seats"]] == truth
        assert all((x["objective"] is not None) == (viewer == i) for i, x in enumerate(v["seats"]))
        assert t.redact("play b1", viewer) == "play b1"


# ---- rule boundaries ---------------------------------------------------------------------------------------

BOUNDARIES = [
    ("each odd player blind swap 1 with player on left", None, {}),
    ("each player swap 1 with deck", None, {}),
    ("each odd player swap 1 with a high player", None, {}),
    ("each [hats] player swap 1 with player on left", None, {"groups": {"hats": (1, 2)}}),
    ("each odd player swap 1 with a high low player", "lotus_chaos.write.swap-groups", {}),
    ("each odd low player swap 1 with a high player", "lotus_chaos.write.swap-groups", {}),
    ("each [hats: 1 2] player swap 1 with player on left", "lotus_chaos.write.swap-groups", {}),
    ("each [hats] player swap 1 with player on left", "lotus_chaos.write.swap-groups", {}),
    ("each odd even player swap 1 with player on left", "lotus_chaos.write.swap-groups", {}),
    ("each odd player swap 1 with player 3", "lotus_chaos.write.swap-groups", {}),
    ("each odd player take swap 1 with deck", "lotus_chaos.write.swap-deck-blind", {}),
    ("each odd player swap 1 blank with deck", "lotus_chaos.write.swap-deck-blank", {}),
    ("each odd player swap 2 for 1 with player on left", "lotus_chaos.write.swap-ratio", {}),
    ("each odd player swap 6 with player on left", "lotus_chaos.write.swap-limit", {}),
    ("each odd player swap 0 with player on left", "lotus_chaos.write.swap-count", {}),
    ("each odd player swap 1 blank with player on left erasing blank cards", "lotus_chaos.write.swap-blank-text",
     {}),
    ("each odd player swap 1 with player on left then take swap 1 with player on right",
     "lotus_chaos.write.swap-uniform", {}),
    ("each odd player swap 1 with player on left then odd tokens move 1 clockwise", "lotus_chaos.write.kind", {}),
    ("odd tokens move 1 clockwise", None, {}),
    ("[hats: 2 4] tokens move 2 towards nearest green", None, {}),
    ("odd tokens move 0 clockwise", "lotus_chaos.write.move-count", {}),
    ("odd tokens move 0 towards nearest purple", "lotus_chaos.write.move-count", {}),
    ("odd grayscale tokens move 1 anticlockwise", "lotus_chaos.write.move-combination", {}),
    ("[hats: 4] tokens move 1 towards nearest green", "lotus_chaos.write.move-sole", {}),
    ("odd tokens move 1 clockwise", "lotus_chaos.write.move-two-left", {"alive": (0, 3)}),
    ("all tokens move 1 clockwise", None, {"alive": (0, 3)}),
]


@pytest.mark.parametrize("text,rule,kw", BOUNDARIES, ids=[f"{b[1]}: {b[0]}" for b in BOUNDARIES])
def test_the_rulebooks_boundaries_still_hold_for_the_new_constructs(text, rule, kw):
    """lotus_chaos.write.swap-groups, lotus_chaos.swap.others: the players making a swap are named by up to two
    existing groups (counted with the partners' groups) holding somebody; every other boundary as before"""
    got = verdict(text, **kw)
    assert (got and got[0]) == rule, got


def test_writing_new_constructs_in_play_and_house_rules():
    """lotus_chaos.write.accept, lotus_chaos.write.reject, lotus_chaos.write.house-rules"""
    s = pos(phase="draw", revealed=["3", "4"])
    assert s.explain('write "odd tokens move 1 clockwise then all tokens move 1 towards nearest purple"').endswith(
        "[lotus_chaos.draw.blank, lotus_chaos.write.accept, lotus_chaos.movement.rotate, "
        "lotus_chaos.movement.nearest-zone]")
    assert s.explain('write "each odd player swap 1 with player on left"').endswith("lotus_chaos.swap.others]")
    ok = s.apply('write "Each odd player blindly swaps a card with the player on his left"')
    assert ok.notice is None and ok.to_json()["blanks"] == {"b1": "each odd player blind swap 1 with player on left"}
    no = s.apply('write "each odd player swap 1 with player 3"')
    assert no.notice[0] == "lotus_chaos.write.swap-groups" and cards_of(no, 0) == []
    house = pos(phase="draw", revealed=["3", "4"], options={"house_rules": True})
    assert house.apply('write "each odd player swap 1 with player 3"').notice is None
    assert house.apply('write "each odd player swap 2 for 1 with player on left"').notice[0] == \
        "lotus_chaos.write.swap-ratio"


# ---- a game whose blank cards use them: notation and JSON round trips -----------------------------------------

WRITTEN = {"b1": "all tokens move 1 clockwise", "b2": "odd tokens move 2 towards nearest green",
           "b3": "each odd player blind swap 1 with player on left", "b4": "each grayscale player take swap 1 with "
           "a color wheel player", "b5": "each player give swap 1 with player on right"}


def _random_game(start, seed):
    s, r, played, used = start, rng.seed_state(seed), [], set()
    for _ in range(400):
        if s.is_terminal:
            break
        acts = [a for a in s.legal_actions() if a.kind != 10] or s.legal_actions()  # no accusations: a long game
        plays = [a for a in acts if str(a).startswith("play b")]
        r, j = rng.below(r, len(acts))
        a = plays[j % len(plays)] if plays else acts[j]  # the written cards whenever they can be activated
        assert s.parse_action(str(a)) == a
        used |= {str(a)[5:]} if a in plays else set()
        s = s.apply(str(a))
        played.append(str(a))
        assert explorer.from_json(s.to_json()).to_json() == s.to_json()
        s.check_invariants()
    return s, played, used


def test_a_game_with_the_new_cards_round_trips_in_notation_and_json():
    """Random play from positions whose play areas hold the new written cards: every state's JSON loads back to
    the same state, every action's text parses back to it, and replaying the texts gives the same game"""
    used = set()
    for seed in range(4):
        start = pos(cards={0: ["b1", "b2"], 1: ["b3"], 2: ["b4", 12], 3: ["b5", 13], 4: [14], 5: [15]},
                    blanks=WRITTEN, phase="draw", revealed=["3", "4"], seed=seed)
        s, played, more = _random_game(start, seed)
        used |= more
        again = start
        for text in played:
            again = again.apply(text)
        assert again.to_json() == s.to_json()
    assert set(WRITTEN) <= used, used  # every written card was activated in some game


GROUP = st.sampled_from(["odd", "even", "color wheel", "grayscale", "low", "high"])
SUBJECT = st.one_of(st.just("each player"), st.just("all players"),
                    st.lists(GROUP, min_size=1, max_size=2, unique=True).map(lambda g: f"each {' '.join(g)} player"))
PARTNER = st.one_of(st.sampled_from(["player on left", "player on right", "a player", "deck"]),
                    GROUP.map(lambda g: f"a {g} player"), GROUP.map(lambda g: f"each {g} player"))
SWAP_BY_OTHERS = st.tuples(SUBJECT, st.sampled_from(["blind", "take", "give"]), st.sampled_from(["1", "2", "hands"]),
                           PARTNER).map(lambda t: f"{t[0]} {'blind' if t[3] == 'deck' else t[1]} swap {t[2]} with "
                                        f"{t[3]}")
HAND = st.lists(st.sampled_from([str(n) for n in range(10, 40)]), max_size=4, unique=True)


@settings(max_examples=60, deadline=None)
@given(text=SWAP_BY_OTHERS, hands=st.lists(HAND, min_size=6, max_size=6), seed=st.integers(0, 2**16),
       picks=st.lists(st.integers(0, 99), max_size=40))
def test_any_swap_by_others_keeps_the_cards_and_round_trips(text, hands, seed, picks):
    """lotus_chaos.swap.others, lotus_chaos.limit.swap-exception: whatever the card, its swaps are one for one
    among players (nobody's count changes) and only printed cards go to the deck; every decision on the way is
    made by the member whose swap it is, and the state round-trips through JSON at every step"""
    seen = set()
    hands = [[c for c in h if not (c in seen or seen.add(c))] for h in hands]
    hands[0] = (hands[0] + ["b1"])[-5:]
    s = explorer.from_json({**pos(cards=dict(enumerate(hands)), blanks={"b1": text}).to_json(), "seed": seed,
                            "rng": None, "deck": None})
    verdict = L.check(L.parse(text), s.table())  # only an empty group of swappers (odd even) is refused
    assert verdict is None or verdict[1].endswith("nobody would make the swap")
    deck_swap = text.endswith("deck")
    t = s.apply("play b1")
    for k in range(60):
        t.check_invariants()
        assert explorer.from_json(t.to_json()).to_json() == t.to_json()
        if not t.queue:
            break
        acts = t.legal_actions()
        t = t.apply(acts[picks[k % len(picks)] % len(acts)] if picks else acts[0])
    assert not t.queue
    assert [len(t.areas[i]) for i in range(6)] == [len(s.areas[i]) for i in range(6)]
    if not deck_swap:
        assert sorted(c for a in t.areas for c in a) == sorted(c for a in s.areas for c in a)
    assert "b1" in {c for i in range(6) for c in cards_of(t, i)}  # blank cards never go to the deck
