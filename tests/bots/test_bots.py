"""Every registered game is playable by every bot; bots are seeded and read only their seat's view."""
import json

import pytest

import explorer
from explorer import bots
from explorer.bots.base import default_values, derive
from explorer.core.registry import spec

GAMES = [g["name"] for g in explorer.games()]
CHEAP = {"random": {}, "heuristic": {}, "mcts": {"iterations": 3, "rollout_depth": 4},
         "search": {"iterations": 2, "depth": 1, "candidates": 2}}


def first_variant(game):
    opts = dict(spec(game).variants()[0])
    return opts.pop("players", None), opts


def new(game, seed):
    players, opts = first_variant(game)
    return explorer.load(game, players=players, seed=seed, **opts)


def play(game, name, seed, limit=20000):
    s = new(game, seed)
    seats = [bots.make(name, seed=derive(seed, i), **CHEAP[name]) for i in range(len(s.scores()["seats"]))]
    line = []
    while not s.is_terminal:
        a = seats[s.current_player].choose(s)
        assert a in s.legal_actions()
        line.append(str(a))
        s = s.apply(a)
        assert len(line) < limit, "game does not end"
    return line, s


@pytest.mark.parametrize("name", list(CHEAP))
@pytest.mark.parametrize("game", GAMES)
def test_every_bot_plays_every_game_to_the_end_reproducibly(game, name):
    line, last = play(game, name, seed=1)
    assert last.is_terminal and line
    again, _ = play(game, name, seed=1)
    assert again == line


@pytest.mark.parametrize("game", GAMES)
def test_mcts_analysis_lists_every_legal_action(game):
    s = new(game, 2)
    while len(s.legal_actions()) < 2 and not s.is_terminal:
        s = s.apply(s.legal_actions()[0])
    bot = bots.make("mcts", seed=5, iterations=12, rollout_depth=6)
    df = bot.analyse(s)
    assert list(df.columns) == ["action", "visits", "value", "chosen"]
    assert list(df.action) == [str(a) for a in s.legal_actions()]
    assert df.chosen.sum() == 1 and df.visits.sum() == 12
    assert df.loc[df.chosen, "visits"].iloc[0] == df.visits.max()
    assert ((df.value.dropna() >= 0) & (df.value.dropna() <= 1)).all()
    fig = bots.plots.analysis_plot(df)
    src = fig.select_one({"name": "analysis"})
    assert sorted(src.data["action"]) == sorted(df.action)


@pytest.mark.parametrize("game", [g for g in GAMES if spec(g).from_view is not None])
def test_search_depends_on_the_view_only(game):
    """Two worlds that one seat cannot tell apart (same view, different hidden cards) get the same
    decision and the same search statistics: the bots never read hidden parts of the true state."""
    s = new(game, 3)
    for _ in range(12):
        if s.is_terminal:
            break
        s = s.apply(s.legal_actions()[len(s.legal_actions()) // 2])
    seat = s.current_player
    view = s.view(seat)
    other = spec(game).from_view(view, 99)
    assert other.view(seat) == view
    if spec(game).hidden_information:
        assert other != s  # the hidden parts really differ
    for name, kw in (("mcts", {"iterations": 15, "rollout_depth": 8}), ("heuristic", {}),
                     ("search", {"iterations": 6, "depth": 4})):
        a = bots.make(name, seed=4, **kw).analyse(s)
        b = bots.make(name, seed=4, **kw).analyse(other)
        assert a.equals(b), name
    # from a bare view (a JSON round trip: plain data, no state behind it)
    bare = json.loads(json.dumps(view))
    for name in CHEAP:
        a = bots.make(name, seed=4, **CHEAP[name]).choose_from_view(game, bare)
        assert str(a) in {str(x) for x in s.legal_actions()}


@pytest.mark.parametrize("game", GAMES)
def test_values_are_win_shares(game):
    _, last = play(game, "random", seed=4)
    v = default_values(last)
    assert len(v) == len(last.scores()["seats"])
    assert sum(v) == pytest.approx(1.0 if last.winners() else 0.0)


def test_make_and_parameters():
    with pytest.raises(ValueError, match="unknown bot"):
        bots.make("genius")
    with pytest.raises(ValueError, match="iterations"):
        bots.make("mcts", iterations=0)
    with pytest.raises(ValueError, match="seed"):
        bots.make("random", seed="x")
    m = bots.make("mcts", seed=3, iterations=50, rollout_depth=10)
    assert m.label == "mcts(iterations=50, rollout_depth=10)"
    child = m.spawn(9)
    assert type(child) is bots.MCTSBot and child.label == m.label and child.seed == 9
    assert bots.make("heuristic", prefer="growth").label == "heuristic(prefer=growth)"
    assert bots.make(m) is m


def test_rating_bots_show_no_visits():
    s = explorer.load("lotus", players=3, seed=1)
    for name in ("heuristic", "random"):
        df = bots.make(name, seed=2).analyse(s)
        assert list(df.columns) == ["action", "value", "chosen"] and df.chosen.sum() == 1
        fig = bots.plots.analysis_plot(df)
        assert "visits" not in str(fig.title.text)


def test_time_budget_stops():
    s = explorer.load("lotus", players=3, seed=1)
    bot = bots.make("mcts", iterations=None, seconds=0.05)
    df = bot.analyse(s)
    assert df.visits.sum() >= 1


def test_no_from_view_uses_the_state(monkeypatch):
    """A game without from_view: searching bots look ahead on the state itself; views alone cannot work."""
    import dataclasses

    from explorer.core import registry
    sp = spec("lotus")
    monkeypatch.setitem(registry._GAMES, "lotus", dataclasses.replace(sp, from_view=None))
    s = explorer.load("lotus", players=2, seed=1)
    assert bots.make("mcts", iterations=4, rollout_depth=3).choose(s) in s.legal_actions()
    assert bots.make("heuristic").choose(s) in s.legal_actions()
    with pytest.raises(NotImplementedError, match="from_view"):
        bots.make("mcts").choose_from_view("lotus", s.view(0))



def test_generic_lookahead_without_a_hooks_module(monkeypatch):
    """A game without `rate`: the heuristic applies each action to a determinisation and compares scores."""
    import explorer.bots.heuristic as h
    monkeypatch.setattr(h, "hooks", lambda game: None)
    s = explorer.from_json({
        "game": "lotus", "players": 2, "seed": 1,
        "hands": [["R3s1", "R3s2", "R6s1", "R7s1"], None], "flowers": {"3": ["B3d1"]},
    })
    bot = bots.make("heuristic", seed=2)
    rated = dict(zip(map(str, s.legal_actions()), bot.rate("lotus", s.view(0), s.legal_actions())))
    assert rated["3ss"] == 3 and max(rated, key=rated.get) == "3ss"  # completing the Iris: 3 cards picked
    assert str(bot.choose(s)) == "3ss"
    with pytest.raises(ValueError, match="no heuristic hooks"):
        bots.make("heuristic", prefer="token").choose(s)
