"""explorer.simulate: seeded games between bots, the same table on every backend."""
import sys
import warnings

import pytest

import explorer
from explorer import simulate as sim
from explorer.core.registry import spec

GAMES = [g["name"] for g in explorer.games()]
BOTS = ["random", "heuristic", {"name": "mcts", "iterations": 2, "rollout_depth": 3}]


def small(game):
    opts = dict(spec(game).variants()[0])
    return opts.pop("players", None), opts


@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, host="127.0.0.1")
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


@pytest.fixture(scope="module")
def pool():
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as ex:
        yield ex


@pytest.mark.parametrize("game", GAMES)
def test_same_table_on_every_backend(game, dask_client, pool):
    players, opts = small(game)
    kw = dict(n_games=3, seed=11, options=opts, players=players, rotate=True, progress=False)
    local = sim.simulate(game, BOTS, **kw)
    n = len(local) // 3
    assert len(local) == 3 * n and list(local.game_id.unique()) == [0, 1, 2]
    assert {"game_id", "seed", "variant", "seat", "bot", "score", "rank", "winner", "length"} <= set(local.columns)
    assert local.equals(sim.simulate(game, BOTS, backend="processes", client=pool, **kw))
    assert local.equals(sim.simulate(game, BOTS, backend="dask", client=dask_client, **kw))
    # each game's seed comes from (seed, game index) only: a longer run starts with the same games
    longer = sim.simulate(game, BOTS, **dict(kw, n_games=4))
    assert local.equals(longer[longer.game_id < 3])
    for _, g in local.groupby("game_id"):
        assert g.length.nunique() == 1 and (g.length > 0).all()
        assert (g[g.winner]["rank"] == 1).all() or g.winner.sum() == 0


def test_own_process_pool():
    kw = dict(n_games=2, seed=8, players=2, progress=False)
    assert sim.simulate("lotus", "random", backend="processes", workers=2, **kw).equals(
        sim.simulate("lotus", "random", **kw))


def test_lotus_columns_ranks_and_rotation():
    df = sim.simulate("lotus", ["heuristic", "random", "random"], n_games=3, seed=2, rotate=True, progress=False)
    assert list(df.players.unique()) == [3]
    assert {"tokens", "powers", "pile", "outcome"} <= set(df.columns)
    assert (df.score == df.pile + 5 * df.tokens).all()
    heur = df[df.bot == "heuristic"]
    assert list(heur.seat) == [0, 1, 2]  # the heuristic bot sat in each seat once
    for _, g in df.groupby("game_id"):
        best = g.score.max()
        assert (g[g.score == best]["rank"] == 1).all()
        assert set(g[g.winner].seat) <= set(g[g.score == best].seat)
    assert df.variant.iloc[0] == "players=3"


def test_variants_teams_and_solo():
    df = sim.simulate("lotus", "heuristic", n_games=2, seed=1, players=4, options={"family": True}, progress=False)
    assert df.variant.iloc[0] == "players=4,family=True"
    g = df[df.game_id == 0]
    assert list(g.team_score) == [g.score.iloc[0] + g.score.iloc[2], g.score.iloc[1] + g.score.iloc[3]] * 2
    solo = sim.simulate("lotus", "heuristic", n_games=2, seed=1, players=1, progress=False,
                        options=[{"difficulty": "easy"}, {"difficulty": "hard"}])
    assert list(solo.variant) == ["players=1,difficulty=easy", "players=1,difficulty=hard"]
    assert (solo.winner == (solo.outcome == "victory")).all()


def test_callable_module_and_bad_arguments():
    df = explorer.simulate.simulate("lotus", "random", n_games=1, progress=False)
    assert sim(game="lotus", bots="random", n_games=1, progress=False).equals(df)
    with pytest.raises(ValueError, match="backend"):
        sim.simulate("lotus", "random", n_games=1, backend="gpu")
    short = sim.simulate("lotus", ["heuristic", "random"], n_games=1, players=3, progress=False)
    assert list(short.bot) == ["heuristic", "random", "heuristic"]  # a short list repeats around the table
    with pytest.raises(ValueError, match="players"):
        sim.simulate("lotus", "random", n_games=1, players=7)
    with pytest.raises(ValueError, match="unknown option"):
        sim.simulate("lotus", "random", n_games=1, options={"colour": "red"}, backend="processes")
    with pytest.raises(ValueError, match="unknown bot"):
        sim.simulate("lotus", "oracle", n_games=1)
    with pytest.raises(ValueError, match="unknown game"):
        sim.simulate("chess", "random", n_games=1)
    assert sim.simulate("lotus", "random", n_games=0).empty


def test_interrupt_returns_finished_games(monkeypatch):
    real = sim.play_game

    def flaky(game, bots, game_seed, opts, game_id=0, rotate=0, **kw):
        if game_id == 2:
            raise KeyboardInterrupt
        return real(game, bots, game_seed, opts, game_id, rotate, **kw)

    monkeypatch.setattr(sim, "play_game", flaky)
    with pytest.warns(UserWarning, match="2 of 5 games"):
        df = sim.simulate("lotus", "random", n_games=5, seed=4, progress=False)
    assert sorted(df.game_id.unique()) == [0, 1]


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_save_and_load(tmp_path, suffix):
    df = sim.simulate("lotus", ["heuristic", "random"], n_games=2, seed=3, players=2, progress=False)
    path = sim.save_results(df, tmp_path / f"results{suffix}")
    back = sim.load_results(path)
    assert list(back.columns) == list(df.columns)
    assert back[["game_id", "seat", "score", "winner"]].equals(df[["game_id", "seat", "score", "winner"]])
    with pytest.raises(ValueError, match="parquet"):
        sim.save_results(df, tmp_path / "results.xlsx")


def test_missing_optional_packages_are_explained(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    with pytest.raises(ImportError, match="scale"):
        sim.simulate("lotus", "random", n_games=1, backend="dask", progress=False)
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(ImportError, match="pyarrow"):
        sim.load_results(tmp_path / "x.parquet")


def test_default_local_cluster():
    pytest.importorskip("dask.distributed")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        df = sim.simulate("lotus", "random", n_games=2, seed=5, backend="dask", workers=1, progress=False)
    assert df.equals(sim.simulate("lotus", "random", n_games=2, seed=5, progress=False))


def test_wilson_intervals_and_win_rates():
    low, high = sim.wilson(0, 10)
    assert low == 0.0 and 0.27 < high < 0.28  # the rule of three's cousin: 0 of 10 is not 0%
    low, high = sim.wilson(5, 10)
    assert low == pytest.approx(1 - high) and 0.23 < low < 0.24
    assert sim.wilson(0, 0) == (0.0, 1.0)
    df = sim.simulate("lotus", ["heuristic", "random"], n_games=4, seed=1, players=2, rotate=True, progress=False)
    table = sim.win_rates(df, "bot")
    assert list(table.bot) == ["heuristic", "random"] and list(table.games) == [4, 4]
    assert (table.wins == [df[df.bot == b].winner.sum() for b in table.bot]).all()
    assert ((table.low <= table.win_rate) & (table.win_rate <= table.high)).all()
    from explorer.bots.plots import win_rate_plot
    fig = win_rate_plot(table, "bot", reference=0.5)
    assert list(fig.select_one({"name": "win-rates"}).data["games"]) == [4, 4]


def test_progress_bar_runs(capsys):
    df = sim.simulate("lotus", "random", n_games=2, seed=1, players=2, progress=True)
    assert df.game_id.nunique() == 2


def test_first_batches_are_single_games():
    jobs = list(range(100))
    parts = sim._chunks(jobs, 2, None)
    assert [len(p) for p in parts[:2]] == [1, 1]  # a rate (and an ETA) after about one game's time
    assert [j for p in parts for j in p] == jobs
    assert max(map(len, parts)) == 12
    assert [len(p) for p in sim._chunks(jobs, 2, 30)] == [30, 30, 30, 10]  # an explicit chunk is kept


def test_progress_bar_shows_the_time_left(monkeypatch, capsys):
    import re
    import time
    real = sim.play_game

    def slow(*args, **kw):
        time.sleep(0.3)
        return real(*args, **kw)

    monkeypatch.setattr(sim, "play_game", slow)
    sim.simulate("lotus", "random", n_games=4, seed=1, players=2, progress=True)
    err = capsys.readouterr().err
    # e.g. "lotus:  50%|█████     | 2/4 [00:00<00:00,  3.2game/s]": a count of 4 and a time left, not "?"
    shown = re.findall(r"\b([0-3])/4 \[\d\d:\d\d<(\S+?),", err)
    assert shown and all(eta != "?" for n, eta in shown if n != "0"), err
    assert any(n != "0" for n, _ in shown), err


UNGUARDED = """
import explorer
df = explorer.simulate("lotus", "random", n_games=2, players=2, backend="processes", workers=1, progress=False)
print("rows", len(df))
"""


@pytest.mark.parametrize("guarded", [False, True])
def test_worker_backend_in_a_script_needs_the_main_guard(tmp_path, guarded):
    import subprocess
    import textwrap
    body = UNGUARDED
    if guarded:
        body = 'if __name__ == "__main__":\n' + textwrap.indent(body.strip(), "    ") + "\n"
    script = tmp_path / "sweep.py"
    script.write_text(body)
    proc = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    if guarded:
        assert proc.returncode == 0 and "rows 4" in proc.stdout, proc.stderr[-3000:]
        return
    assert proc.returncode != 0
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("explorer.simulate.MainGuardError:"), proc.stderr[-3000:]
    assert 'if __name__ == "__main__":' in last and "sweep.py" in last and "line 3" in last
    assert "bootstrapping" not in proc.stderr and "BrokenProcessPool" not in proc.stderr
