"""The heuristic-guided search (explorer.bots.search): its Thought, determinism, and that it reads only the
information seat's view."""
import dataclasses

import pytest

import explorer
from explorer import bots
from explorer.annotations import hidden_ids
from explorer.bots.search import MoveStat, SearchBot, Thought
from explorer.core.registry import spec

GAMES = [g["name"] for g in explorer.games()]
CHEAP = {"iterations": 8, "depth": 4}


def position(game, seed=3, plies=12):
    """A position a dozen actions in with a real choice for the seat to act."""
    s = explorer.load(game, players=spec(game).default_players, seed=seed)
    for _ in range(plies):
        s = s.apply(s.legal_actions()[len(s.legal_actions()) // 2])
    while len(s.legal_actions()) < 2:
        s = s.apply(s.legal_actions()[0])
    return s


def played(game, seed, plies):
    """A position `plies` heuristic actions in (or earlier, with a choice to make)."""
    s = explorer.load(game, players=spec(game).default_players, seed=seed)
    h = bots.make("heuristic", seed=seed)
    for _ in range(plies):
        s = s.apply(h.choose(s))
    while len(s.legal_actions()) < 2:
        s = s.apply(s.legal_actions()[0])
    return s


def replay_ok(state, first, line):
    """`first` then `line` are legal one after another from `state`."""
    s = state.apply(first)
    for a in line:
        assert str(a) in {str(x) for x in s.legal_actions()}, (first, line, a)
        s = s.apply(str(a))


@pytest.mark.parametrize("game", GAMES)
def test_thought_fields(game):
    s = position(game)
    me = s.current_player
    t = bots.make("search", seed=2, **CHEAP).think(s)
    assert isinstance(t, Thought) and t.seat == me and t.iterations == CHEAP["iterations"]
    n = len(s.scores()["seats"])
    assert len(t.win) == len(t.margin) == len(t.stderr) == n
    assert sum(t.win) == pytest.approx(1.0, abs=1e-6)
    assert sum(m.visits for m in t.moves) == t.iterations
    legal = {str(a) for a in s.legal_actions()}
    hidden = hidden_ids(s, me)
    assert t.moves[0].visits == max(m.visits for m in t.moves)  # best first: the last one standing
    assert t.win == t.moves[0].win
    for m in t.moves:
        assert isinstance(m, MoveStat) and str(m.action) in legal and m.visits >= 1
        assert sum(m.win) == pytest.approx(1.0, abs=1e-6) and all(0 <= x <= 1 for x in m.win)
        assert m.stderr >= 0
        replay_ok(s, m.action, m.line)
        for a in m.line:
            assert not explorer.annotations.mentions(str(a), hidden), (a, hidden)
    assert bots.make("search", seed=2, **CHEAP).choose(s) == t.moves[0].action


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_thought(game):
    s = position(game, seed=5)
    a = dataclasses.replace(bots.make("search", seed=9, **CHEAP).think(s), cpu_seconds=0)
    bot = bots.make("search", seed=9, **CHEAP)
    bot.think(position(game, seed=6))  # an earlier search does not change the next one
    b = dataclasses.replace(bot.think(s), cpu_seconds=0)
    assert a == b


@pytest.mark.parametrize("game", [g for g in GAMES if spec(g).hidden_information])
def test_search_reads_only_the_seats_view(game):
    """Two worlds one seat cannot tell apart give the same Thought for that seat, for the seat to act and
    for another seat (an evaluation bar for any viewer)."""
    s = position(game, seed=3)
    me = s.current_player
    for seat in (me, (me + 1) % len(s.scores()["seats"])):
        view = s.view(seat)
        other = spec(game).from_view(view, 99)
        assert other.view(seat) == view and other != s
        a = dataclasses.replace(bots.make("search", seed=4, **CHEAP).think(s, seat), cpu_seconds=0)
        b = dataclasses.replace(bots.make("search", seed=4, **CHEAP).think(other, seat), cpu_seconds=0)
        assert a == b
        hidden = hidden_ids(s, seat)
        for m in a.moves:
            for x in (m.action, *m.line):
                assert not explorer.annotations.mentions(str(x), hidden), (x, seat)


@pytest.mark.parametrize("game", GAMES)
def test_search_plays_a_legal_action(game):
    s = position(game, seed=8, plies=3)
    bot = bots.make("search", seed=1, iterations=4, depth=2)
    for _ in range(4):
        if s.is_terminal:
            break
        a = bot.choose(s)
        assert a in s.legal_actions()
        s = s.apply(a)


def test_parameters_and_label():
    with pytest.raises(ValueError, match="iterations"):
        bots.make("search", iterations=0)
    with pytest.raises(ValueError, match="workers"):
        bots.make("search", workers=0)
    with pytest.raises(ValueError, match="unknown search parameter"):
        bots.make("search", deep=3)
    b = bots.make("search", seed=3, iterations=50, depth=6)
    assert b.label == "search(depth=6, iterations=50)"
    child = b.spawn(8)
    assert type(child) is SearchBot and child.label == b.label and child.seed == 8


def test_cpu_budget_and_extra_moves():
    s = position("lotus")
    t = bots.make("search", cpu_seconds=0.05, depth=2).think(s)
    assert t.iterations >= 1
    last = s.legal_actions()[-1]
    t = bots.make("search", iterations=10, depth=2, candidates=1).think(s, moves=[last])
    assert str(last) in {str(m.action) for m in t.moves}


def test_two_workers_are_deterministic():
    s = position("round_house")
    a = dataclasses.replace(bots.make("search", seed=1, iterations=8, depth=3, workers=2).think(s), cpu_seconds=0)
    b = dataclasses.replace(bots.make("search", seed=1, iterations=8, depth=3, workers=2).think(s), cpu_seconds=0)
    assert a == b and a.iterations == 8


@pytest.mark.parametrize("game", GAMES)
def test_each_games_evaluation(game):
    """evaluate.py: each seat's chance to win (summing to 1) and margin; a finished game: its winners."""
    from explorer.bots.search import evaluation
    ev = evaluation(game)
    assert ev is not None and ev.ITERATIONS >= 1
    s = played(game, seed=4, plies=30)
    win, margin = ev.evaluate(s)
    n = len(s.scores()["seats"])
    assert len(win) == len(margin) == n and sum(win) == pytest.approx(1.0)
    best = max(range(n), key=lambda i: win[i])
    assert margin[best] == max(margin) or game == "lotus_chaos"
    h = bots.make("heuristic", seed=1)
    while not s.is_terminal:
        s = s.apply(h.choose(s))
    win, margin = ev.evaluate(s)
    won = s.winners()
    assert [i for i in range(n) if win[i] > 0] == won and sum(win) == pytest.approx(1.0)


def test_chaos_worlds_follow_the_belief():
    """The chaos game's determinisations keep the view and deal the others' objectives as the belief weighs
    them: objectives the belief rules out never appear, and the likeliest holder gets its objective most."""
    from explorer.games.lotus_chaos.belief import belief
    from explorer.games.lotus_chaos.evaluate import sampler
    s = played("lotus_chaos", seed=2, plies=30)
    me = s.current_player
    view = s.view(me)
    b = belief(view)
    sample = sampler(view)
    counts = [dict() for _ in b]
    for k in range(300):
        d = sample(k)
        assert d.view(me) == view
        for i in range(len(b)):
            key = d.cfg.objectives[d.objective[i]]
            counts[i][key] = counts[i].get(key, 0) + 1
    for i, row in enumerate(b):
        if i == me:
            continue
        assert set(counts[i]) <= {k for k, p in row.items() if p > 0}
        for key, p in row.items():
            assert counts[i].get(key, 0) / 300 == pytest.approx(p, abs=0.1)
