"""Compare in each game's words, narration per viewer, and neither ever naming what a viewer may not see."""
from __future__ import annotations

import copy
import random
import re

import pytest

import explorer
from explorer import compare
from explorer.compare import changes, field_diff, mentions, narrate

GAMES = ["lotus", "lotus_chaos", "rice_paddy", "round_house"]


def viewers(state):
    return [None, -1, *range(len(state.scores()["seats"]))]


def line(game, seed, moves, players=None):
    """(state, action, next state) along random games of `game` until `moves` moves were played."""
    out = []
    while len(out) < moves:
        s = explorer.load(game, players=players, seed=seed)
        rnd = random.Random(seed)
        while not s.is_terminal and len(out) < moves:
            a = rnd.choice(s.legal_actions())
            t = s.apply(a)
            out.append((s, a, t))
            s = t
        seed += 1000
    return out


def first(steps, test):
    for s, a, t in steps:
        if test(s, a, t):
            return s, a, t
    raise AssertionError("no such move in the line")


def forbidden(a, b, viewer) -> set[str]:
    """Ids `viewer` may not read in a text about `a` → `b`: private to another seat in `b`, or in `a`
    and not shown to `viewer` in `b`."""
    if viewer is None:
        return set()
    seen = compare.view_ids(compare.view_of(b, viewer))
    return compare.others_private(b, viewer) | (compare.others_private(a, viewer) - seen)


# -- the field diff


def test_field_diff_reads_as_paths_and_compares_lists_of_ids_as_sets():
    a = {"seats": [{"name": "Red", "hand": [{"id": "R1"}, {"id": "R2"}, {"id": "R3"}], "hand_size": 3}]}
    b = copy.deepcopy(a)
    b["seats"][0]["hand"].reverse()
    assert field_diff(a, b) == []  # a reordered hand is no change
    b["seats"][0]["hand"] = [{"id": "R3"}, {"id": "R4"}, {"id": "R5"}]
    b["seats"][0]["hand_size"] = 3
    assert field_diff(a, b) == ["seats › Red › hand: added R4, R5; removed R1, R2"]
    b["seats"][0]["hand"][0]["petals"] = 5
    assert "seats › Red › hand › R3 › petals: added 5" in field_diff(a, b)


def test_a_game_without_words_gets_the_field_diff_and_its_own_explain():
    from tests.test_timeline import Pebbles, Take
    s = Pebbles()
    t = s.apply("2r")
    assert compare.words(s) is None
    assert changes(s, t, -1) == {"sentences": ["pile: 7 → 5", "turn: 0 → 1", "taken[0]: 0 → 2"],
                                 "details": ["pile: 7 → 5", "turn: 0 → 1", "taken[0]: 0 → 2"]}
    assert narrate(s, Take(2, "r"), 0) == s.explain(Take(2, "r"))  # the actor
    assert narrate(s, Take(2, "r"), 1) == "Seat 1: 2?"  # redacted; no view names the seats


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_words(game):
    mod = compare.words(explorer.load(game, seed=1))
    assert mod is not None and callable(mod.describe_changes) and callable(mod.narrate)


# -- each game's words


def test_lotus_draws_control_and_score():
    s = explorer.load("lotus", players=3, seed=1)
    b = s.apply("7s").apply("7d")
    played = changes(s.apply("7s"), b, -1)["sentences"]
    assert "Red Ladybug played a red 7-petal double-symbol card" in played and "Lotus 1/7 → 2/7" in played
    assert "control of the Lotus: Red Ladybug 1 → 3 [lotus.complete.control]" in played
    d = b.apply("d").apply("d")
    own = changes(b, d, 0)["sentences"]
    new = sorted(set(d.private_ids(0)) - set(b.private_ids(0)))
    from explorer.games.lotus.words import cards
    assert own[0] == f"Red Ladybug drew {cards(new, d)}" and not any(mentions(own[0], i) for i in new)
    for v in (-1, 1, 2):
        assert changes(b, d, v)["sentences"][0] == "Red Ladybug drew 2 cards (hidden)"
    s, a, t = first(line("lotus", 2, 3000), lambda s, a, t: str(a) == "+t")
    who = s.cfg.color_names[s.current_player]
    assert any(x.startswith(f"{who} scored 5 points (") for x in changes(s, t, -1)["sentences"])
    s, a, t = first(line("lotus", 2, 3000), lambda s, a, t: "completing it" in s.explain(a))
    assert any("was completed" in x for x in changes(s, t, -1)["sentences"])


class Reordered:
    """A state whose views list every hand, display and flower in reverse (as another engine might)."""

    def __init__(self, state):
        self._s = state

    def __getattr__(self, name):
        return getattr(self._s, name)

    def view(self, viewer):
        v = self._s.view(viewer)
        for seat in v["seats"]:
            if seat.get("hand"):
                seat["hand"].reverse()
        v["display"].reverse()
        v["flowers"].reverse()
        return v


def test_a_reordered_hand_is_no_change():
    from explorer.games.lotus import words
    s = explorer.load("lotus", players=3, seed=1)
    for v in (None, 0, 1):
        assert words.describe_changes(s, Reordered(s), v) == []
        assert field_diff(s.view(v), Reordered(s).view(v)) == []


def test_chaos_moves_accusations_and_cards():
    steps = line("lotus_chaos", 1, 400)
    s, a, t = first(steps, lambda s, a, t: str(a).startswith("move"))
    who = s.name(s.current_player)
    assert any(x.startswith(f"{who} moved from ") for x in changes(s, t, 2)["sentences"])
    s, a, t = first(steps, lambda s, a, t: str(a).startswith("accuse"))
    said = changes(s, t, -1)["sentences"]
    assert any(x.startswith(f"{s.name(s.current_player)} accused ") for x in said)
    assert any(x.endswith("is out of the game") for x in said)
    s, a, t = first(steps, lambda s, a, t: str(a).startswith("keep"))
    assert any(x.startswith(f"{s.name(s.current_player)} gained card ") for x in changes(s, t, 0)["sentences"])


def test_rice_paddy_walls_water_and_rice():
    steps = line("rice_paddy", 1, 1500)
    s, a, t = first(steps, lambda s, a, t: str(a).startswith("wall "))
    who = s.cfg.colors[s.current_player].capitalize()
    assert f"{who} built a wall on {str(a)[5:]} [rice_paddy.build.cost]" in changes(s, t, -1)["sentences"]
    s, a, t = first(steps, lambda s, a, t: t.scores()["seats"] != s.scores()["seats"])
    assert any(" rice (" in x and ("scored" in x or "lost" in x) for x in changes(s, t, -1)["sentences"])
    s, a, t = first(steps, lambda s, a, t: str(a).startswith("play "))
    for v in viewers(s):
        said = changes(s, t, v)["sentences"]
        if v not in (None, s.current_player):
            assert all(f"spirit card {str(a)[5:]} " not in x for x in said)


def test_round_house_leaders_orders_and_points():
    steps = line("round_house", 1, 2000)
    s, a, t = first(steps, lambda s, a, t: ">" in str(a))
    who = s.cfg.names[s.current_player]
    assert any(x.startswith(f"{who}'s leader {str(a)[0]} moved from ") for x in changes(s, t, -1)["sentences"])
    s, a, t = first(steps, lambda s, a, t: str(a).startswith("order:"))
    said = changes(s, t, -1)["sentences"]
    from explorer.games.round_house.words import order
    done = order(str(a)[6:], s, points=False)  # 'the 3 fruit order'
    assert any(x.startswith(f"{s.cfg.names[s.current_player]} completed {done}, worth ") for x in said)
    s, a, t = first(steps, lambda s, a, t: str(a).startswith("line:"))  # an elder scores at once
    gain = t.scores()["seats"][s.current_player] - s.scores()["seats"][s.current_player]
    assert gain > 0
    assert any(x.startswith(f"{s.cfg.names[s.current_player]} scored {gain} point")
               for x in changes(s, t, 1)["sentences"])


# -- nothing hidden, ever


@pytest.mark.parametrize("game", GAMES)
def test_sentences_and_narration_never_name_another_seats_private_ids(game):
    """Plant and search: along 200+ random moves, for every viewer, the sentences of a one-move compare
    (and every tenth move a six-move one) and the narration of the move name no id that viewer may
    not see; the details name only ids of the two views."""
    steps = line(game, 7, 220)
    planted = 0
    for i, (s, a, t) in enumerate(steps):
        back = steps[i - 5][0] if i % 10 == 9 else None
        for v in viewers(s):
            bad = forbidden(s, t, v)
            planted += bool(bad)
            said = changes(s, t, v)
            texts = [narrate(s, a, v), *said["sentences"]]
            shown = compare.view_ids(compare.view_of(s, v)) | compare.view_ids(compare.view_of(t, v)) | \
                compare.revealed(s, a)  # a completing play's cards, public though gone to a scoring pile
            for x in texts:  # nor in words: 'a blue 7-petal double-symbol card' no card in view reads as
                assert not compare.described(x, s, bad, shown), (v, bad, x)
            for ident in bad:
                for x in texts:
                    assert not mentions(x, ident), (v, ident, x)
                for x in said["details"]:
                    assert not mentions(x, ident) or ident in compare.view_ids(compare.view_of(s, v)), (v, ident, x)
            if back is not None:
                far = changes(back, t, v)["sentences"]
                for ident in forbidden(back, t, v):
                    assert not any(mentions(x, ident) for x in far), (v, ident, far)
    assert planted, "no hidden component was in play: the test proves nothing"


@pytest.mark.parametrize("game", GAMES)
def test_public_moves_read_the_same_in_every_view(game):
    """A move every seat sees whole narrates as explain() says it (with the actor's name where explain
    has none) in every view; a partly hidden one reads the same to every seat that may not see it,
    marks what is hidden, and reads in full to its player."""
    steps = line(game, 3, 220)
    public = hidden = 0
    for s, a, _ in steps:
        texts = {v: narrate(s, a, v) for v in viewers(s)}
        full = texts[None]
        assert texts[s.current_player] == full
        if game == "lotus_chaos" and str(a).startswith("accuse"):
            # a taken accusation reads with its public verdict, which explain() (also shown before the
            # choice) must not give
            assert full.startswith(s.explain(a).split(" [")[0] + ": ")
        else:
            assert s.explain(a) in full
            assert full == s.explain(a) or full.endswith("— " + s.explain(a))
        others = {t for v, t in texts.items() if t != full}
        assert len(others) <= 1, texts
        if others:
            (redacted,) = others
            assert "(hidden)" in redacted and "[" in redacted or "(" in redacted
            assert all(t == redacted for v, t in texts.items() if v not in (None, s.current_player)), texts
            hidden += 1
        else:
            public += 1
    assert public > 20
    if explorer.load(game, seed=1).legal_actions() and game in ("lotus", "rice_paddy"):
        assert hidden, "no hidden move in the line: the redaction is untested"


def test_lotus_exchange_is_redacted_to_other_seats_only():
    s = explorer.load("lotus", players=3, seed=1)
    a = s.parse_action("x4s6d")
    assert narrate(s, a, 0) == s.explain(a) == narrate(s, a, None)
    assert narrate(s, a, 1) == narrate(s, a, -1) == (
        "Red Ladybug exchanges 2 cards (hidden) to the bottom of the deck and draws 2 [lotus.exchange.one-or-two]")
    assert narrate(s, "7s", 2) == s.explain("7s")  # a play is public: the same words everywhere


def test_rice_paddy_hidden_moves_name_the_seat_and_the_rule():
    steps = line("rice_paddy", 1, 400)
    s, a, _ = first(steps, lambda s, a, t: str(a).startswith("keep"))
    who = s.cfg.colors[s.current_player].capitalize()
    other = (s.current_player + 1) % s.cfg.players
    assert narrate(s, a, other) == f"{who} keeps a spirit card (hidden) (rice_paddy.draft.hidden)."
    assert narrate(s, a, s.current_player) == f"{who} — {s.explain(a)}"


# -- hidden cards told by what they are, not by their ids


def _planted():
    """Blue (seat 1) holds the only blue 7-petal double-symbol card and the only blue 3-petal double-symbol
    card; Red (seat 0) holds a hand no other seat holds alike."""
    return explorer.from_json({"game": "lotus", "players": 3, "seed": 3,
                               "hands": [["R3s1", "R4s1", "R5d1", "R6s1"], ["B7d1", "B3d1", "B4s1", "B5s1"], None]})


SECRET = ("blue 7-petal double-symbol card", "blue 3-petal double-symbol card")


def test_a_hidden_card_is_never_described_to_a_seat_that_cannot_see_it():
    """Plant two cards only Blue may see, play on, and read every log line and compare sentence as Red and as
    a spectator: neither card is described (by id or in words) until it is on the table."""
    from explorer.reader import Eyes, Reader
    from explorer.timeline import Timeline
    s = _planted()
    tl = Timeline(s)
    rnd = random.Random(5)
    node = tl.root
    for _ in range(40):
        if node.state.is_terminal:
            break
        node = tl.play(str(rnd.choice(node.state.legal_actions())))
    reader = Reader(s.cfg.color_names)
    read = 0
    for n in tl.mainline()[1:]:
        for v in (-1, 0, 2):
            on_table = json_ids(n.state.view(v)) | json_ids(n.before.view(v))
            secret = [w for w, cid in zip(SECRET, ("B7d1", "B3d1")) if cid not in on_table]
            texts = [reader.entry(n, Eyes.of(n.state, v))["label"], *changes(n.before, n.state, v)["sentences"]]
            for x in texts:
                read += 1
                assert not any(w in x for w in secret), (v, x)
                assert not mentions(x, "B7d1") or "B7d1" in on_table
    assert read > 100
    # Blue reads its own cards in words
    mine = [x for n in tl.mainline()[1:] for x in changes(n.before, n.state, 1)["sentences"]]
    assert not any("B7d1" in x or "B3d1" in x for x in mine)


def json_ids(view):
    return compare.view_ids(view)


def test_the_guards_catch_a_hidden_card_described_in_words(monkeypatch):
    """An engine whose words would describe Blue's hidden card to Red falls back, in narrate and in a log
    label alike; the same words to Blue, who holds the card, stay."""
    from explorer.games.lotus import words
    from explorer.reader import Eyes, Reader
    from explorer.timeline import Timeline
    s = _planted()
    a = s.legal_actions()[0]
    told = "Red Ladybug plays, and Blue Dragonfly holds a blue 7-petal double-symbol card"
    assert compare.leaks(told, s, a, 0) and compare.leaks(told, s, a, -1) and not compare.leaks(told, s, a, 1)
    played = "Red Ladybug plays a red 5-petal double-symbol card"
    assert not compare.leaks(played, s, s.parse_action("5d"), 2)  # on the table after the move
    assert compare.leaks(played, s, s.parse_action("3s"), 2)  # still in Red's hand: not Yellow's to know
    monkeypatch.setattr(words, "narrate", lambda state, act, viewer: told)
    assert narrate(s, a, 0) == "Red Ladybug acts (hidden)" and narrate(s, a, 1) == told
    tl = Timeline(s)
    node = tl.play(str(a))
    assert "blue 7-petal" not in Reader(s.cfg.color_names).entry(node, Eyes.of(node.state, 0))["label"]
    eyes = Eyes.of(node.state, 0)
    assert eyes.label(told, "fallback") == "fallback" and Eyes.of(node.state, 1).label(told, "x") == told


def test_lotus_log_and_compare_read_as_a_player_says_them():
    """Typical moves in words, no bare card ids: a play, a draw (own and another's), an exchange, a
    wildflower taken from the display."""
    from explorer.games.lotus.words import name
    s = _planted()
    assert name("B7d1", s) == "a blue 7-petal double-symbol card" and name("W5w1", s) == "a 5-petal wildflower"
    assert name("R5d1", s.view(0)) == name("R5d1", s) == "a red 5-petal double-symbol card"  # from a view too
    t = s.apply("5d")
    assert narrate(s, "5d", -1).startswith(
        "Red Ladybug plays a red 5-petal double-symbol card onto a new Cherry Blossom (1/5)")
    assert "Red Ladybug played a red 5-petal double-symbol card" in changes(s, t, 1)["sentences"]
    x = s.apply("x3s4s")
    said = changes(s, x, 0)["sentences"][0]
    assert said.startswith("Red Ladybug exchanged a red 3-petal single-symbol card and a red 4-petal "
                           "single-symbol card for another red 4-petal single-symbol card and "), said
    assert narrate(s, "x3s4s", 0).startswith("Red Ladybug exchanges a red 3-petal single-symbol card and a red "
                                             "4-petal single-symbol card to the bottom of the deck")
    assert "(hidden)" in narrate(s, "x3s4s", 1)
    ids = set(s.cfg.NAME)
    d = t.apply("6s").apply("d").apply("d")
    for v in (0, 1, -1):
        for x in changes(t.apply("6s"), d, v)["sentences"]:
            assert not any(mentions(x, i) for i in ids), x
    assert changes(t.apply("6s"), d, 0)["sentences"][0].startswith("Red Ladybug drew a red ")
    assert changes(t.apply("6s"), d, 1)["sentences"][0] == "Red Ladybug drew 2 cards (hidden)"


def test_a_completing_play_is_still_told_though_its_card_leaves_every_view():
    """Red completes the Iris with one of two red 3-petal single-symbol cards: the flower goes to a scoring
    pile, no view holds the played card, and Red still holds one alike. The play is public all the same, so
    the other seats read it in words (not 'acts (hidden)' or the bare notation)."""
    from explorer.reader import Eyes, Reader
    from explorer.timeline import Timeline
    s = explorer.from_json({"game": "lotus", "players": 3, "seed": 3, "flowers": {"3": ["B3s1", "W3w1"]},
                            "hands": [["R3s1", "R3s2", "R4s1", "R5s1"], None, None]})
    said = "Red Ladybug plays a red 3-petal single-symbol card onto the Iris (3/3), completing it"
    for v in (-1, 1, 2):
        assert narrate(s, "3s", v).startswith(said), v
    node = Timeline(s).play("3s")
    assert Reader(s.cfg.color_names).entry(node, Eyes.of(node.state, 2))["label"].startswith(said)


def test_rice_paddy_and_chaos_cards_read_as_a_player_says_them():
    """Issue 25.9: a spirit card by its number (which decides turn order) and its effect, a chaos card by its
    number and what it says; a face-down pick is still '(hidden)' to the other seat."""
    from explorer.games.lotus_chaos.words import name as chaos_name
    from explorer.games.rice_paddy.words import name as rice_name
    s = explorer.load("rice_paddy", players=2, seed=1)
    rnd = random.Random(3)
    while not str(s.legal_actions()[0]).startswith("keep"):
        s = s.apply(rnd.choice(s.legal_actions()))
    keep = str(s.legal_actions()[0])
    card = rice_name(f"spirit-{keep.split()[1]}", s)
    assert re.fullmatch(r"spirit card \d+ \([a-z ]+ \d+( \(any time\))?\)", card), card
    me, other = s.current_player, 1 - s.current_player
    assert narrate(s, keep, me).endswith(f"{keep}: keep {card} from the draft hand and pass the rest "
                                         "(rice_paddy.draft.first).")
    t = s.apply(keep)
    assert f"Red picked {card} face down [rice_paddy.draft.hidden]" in changes(s, t, me)["sentences"]
    hidden = changes(s, t, other)["sentences"]
    assert "Red picked a spirit card face down (hidden) [rice_paddy.draft.hidden]" in hidden
    assert not any(card[len("spirit card "):] in x for x in hidden + [narrate(s, keep, other)])
    c = explorer.load("lotus_chaos", seed=1)
    while not str(c.legal_actions()[0]).startswith("keep"):  # the six tokens are placed first
        c = c.apply(c.legal_actions()[0])
    keep = str(c.legal_actions()[0])
    cid = keep.split()[1]
    said = narrate(c, keep, -1)
    assert said.startswith(f"Red 4 keeps {chaos_name(cid, c)} and gives card "), said
    assert re.fullmatch(r'card \d+ \("[^"]+"\)', chaos_name(cid, c))
    assert f"Red 4 gained {chaos_name(cid, c)}" in changes(c, c.apply(keep), -1)["sentences"]
