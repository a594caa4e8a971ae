"""Play many seeded games between bots and collect the results as a pandas DataFrame (plain rows with the same
columns, explorer.rows.Rows, where pandas is not installed: the JupyterLite site).

>>> from explorer.simulate import simulate
>>> df = simulate("lotus", ["heuristic", "random", "random"], n_games=20, seed=1)   # "mcts" plays too
>>> rates = df.groupby("bot").winner.mean()

One row per game and seat: game_id, seed (the game's own seed), game, variant, players, seat, bot, score,
team_score (team games only), rank (1 = best score; ties share it), winner, length (actions played),
plus the game's own columns (its hooks module's `result_columns`, e.g. Lotus tokens and powers).
Game i is seeded from (seed, i) only, and each seat's bot from (that game's seed, seat), so the same
arguments give the same table on every backend: "inprocess", "processes" (local cores) or "dask"
(a `dask.distributed` Client: a LocalCluster by default, or pass `client=` / a scheduler address to
scale out; needs the optional `scale` extra). Ctrl-C returns the games finished so far, with a warning.
Bots with a `seconds` budget depend on the machine's speed: use iteration budgets to reproduce.
The progress bar counts games and shows the time left from the first finished game on (the worker
backends run one game per worker first, then larger batches). In a script, the worker backends re-import
the script in every worker: call simulate under `if __name__ == "__main__":`, or it raises
MainGuardError (a RuntimeError) naming that fix before any worker starts.
"""
from __future__ import annotations

import ast
import os
import sys
import types
import warnings
from pathlib import Path

from .bots import Bot, derive, hooks, make
from .core.registry import load, spec
from .rows import Rows, have_pandas, records

COLUMNS = ["game_id", "seed", "game", "variant", "players", "seat", "bot", "score", "team_score", "rank",
           "winner", "length"]


# ---- one game -----------------------------------------------------------------------------------

def as_bot(b) -> Bot:
    if isinstance(b, Bot):
        return b
    if isinstance(b, str):
        return make(b)
    if isinstance(b, dict):
        kw = dict(b)
        return make(kw.pop("name"), **kw)
    raise ValueError(f"a bot is a name ('random', 'heuristic', 'mcts'), a dict with 'name', or a Bot; got {b!r}")


def variant_label(opts: dict, game: str) -> str:
    """'players=3' plus the options that differ from the defaults, e.g. 'players=3,edition=three'."""
    sp = spec(game)
    parts = [f"players={opts['players']}"]
    parts += [f"{k}={v}" for k, v in sorted(opts.items())
              if k != "players" and (k not in sp.options or sp.options[k].default != v)]
    return ",".join(parts)


def play_game(game: str, bots: list[Bot], game_seed: int, opts: dict, game_id: int = 0,
              rotate: int = 0, max_actions: int = 100_000) -> list[dict]:
    """Play one game; seat i is played by bots[(i - rotate) % len(bots)]. Returns one row per seat."""
    opts = dict(opts)
    players = opts.pop("players")
    state = load(game, players=players, seed=game_seed, **opts)
    n = state.num_players
    seated = [bots[(i - rotate) % len(bots)].spawn(derive(game_seed, i)) for i in range(n)]
    length = 0
    while not state.is_terminal:
        state = state.apply(seated[state.current_player].choose(state))
        length += 1
        if length > max_actions:
            raise RuntimeError(f"{game} game {game_id} did not end within {max_actions} actions")
    sc = state.scores()
    seats, teams = sc["seats"], sc["teams"]
    team_of = _teams(state, n, teams)
    keyed = [teams[team_of[i]] if team_of else seats[i] for i in range(n)]
    won = set(state.winners())
    extra = getattr(hooks(game), "result_columns", None)
    extra = extra(state) if extra else [{}] * n
    label = variant_label({"players": players, **opts}, game)
    return [{"game_id": game_id, "seed": game_seed, "game": game, "variant": label, "players": players,
             "seat": i, "bot": seated[i].label, "score": seats[i],
             "team_score": teams[team_of[i]] if team_of else None,
             "rank": 1 + sum(1 for v in keyed if v > keyed[i]), "winner": i in won, "length": length,
             **extra[i]} for i in range(n)]


def _teams(state, n, teams):
    """Seat -> team index when the game scores teams (a view's seats may name their team)."""
    if not teams:
        return None
    seats = state.view(-1).get("seats", [])
    out = [s.get("team") if isinstance(s, dict) else None for s in seats]
    if len(out) == n and all(isinstance(t, int) and 0 <= t < len(teams) for t in out):
        return out
    return [i % len(teams) for i in range(n)]


def _run_chunk(game, bots, jobs, module=None):
    """Worker entry point: jobs are (game_id, game_seed, opts, rotate). `module` registers the game in a
    fresh worker process if importing explorer.games does not (a game defined outside the package)."""
    if module:
        from .core.registry import _GAMES, _ensure_loaded
        _ensure_loaded()
        if game not in _GAMES:
            import importlib
            importlib.import_module(module)
    rows = []
    for gid, gseed, opts, rot in jobs:
        rows.extend(play_game(game, bots, gseed, opts, gid, rot))
    return rows


# ---- many games ---------------------------------------------------------------------------------

def _jobs(game, n_games, seed, options, players, rotate, nbots):
    sp = spec(game)
    variants = options if isinstance(options, (list, tuple)) else [options or {}]
    if not variants:
        raise ValueError("options: expected a dict or a non-empty list of dicts")
    out = []
    for i in range(n_games):
        opts = dict(variants[i % len(variants)])
        opts.setdefault("players", players if players is not None else
                        (nbots if nbots and nbots in sp.players else sp.default_players))
        if opts["players"] not in sp.players:
            raise ValueError(f"{game!r} is for {', '.join(map(str, sp.players))} players, not {opts['players']!r}")
        out.append((i, derive(seed, i), opts, i if rotate else 0))
    for opts in {repr(sorted(o.items())): o for _, _, o, _ in out}.values():  # bad options fail here, early
        rest = dict(opts)
        load(game, players=rest.pop("players"), seed=0, **rest)
    return out


class MainGuardError(RuntimeError):
    """simulate(backend="processes" or "dask") was called at the top level of a script without the
    `if __name__ == "__main__":` guard that worker processes need."""


GUARD_FIX = ('backend={backend!r} starts worker processes that re-import {script}; there simulate() runs at '
             'the top level (line {line}), so every worker would start workers of its own. Put the call under '
             '`if __name__ == "__main__":` (see the Python docs, multiprocessing "Safe importing of main module"), '
             'or use backend="inprocess"')


def _is_main_guard(node) -> bool:
    """`if __name__ == "__main__":` (either side)."""
    t = node.test if isinstance(node, ast.If) else None
    if not (isinstance(t, ast.Compare) and len(t.ops) == 1 and isinstance(t.ops[0], ast.Eq)):
        return False
    sides = [t.left, t.comparators[0]]
    return (any(isinstance(x, ast.Name) and x.id == "__name__" for x in sides)
            and any(isinstance(x, ast.Constant) and x.value == "__main__" for x in sides))


def check_main_guard(backend: str) -> None:
    """Raise MainGuardError when this call comes from the unguarded top level of the `__main__` script
    (or, inside a worker, from the script's re-import as `__mp_main__`). Notebooks and `python -c` pass."""
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if not path or not str(path).endswith(".py"):
        return
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_name == "<module>" and frame.f_globals.get("__name__") in ("__main__", "__mp_main__") \
                and frame.f_globals.get("__file__") == path:
            break
        frame = frame.f_back
    if frame is None:
        return
    line = frame.f_lineno
    if frame.f_globals.get("__name__") == "__main__":
        try:
            tree = ast.parse(Path(path).read_text(encoding="utf-8"))
        except (OSError, SyntaxError, ValueError):
            return
        if any(_is_main_guard(n) and n.lineno <= line <= (n.end_lineno or n.lineno) for n in tree.body):
            return
    raise MainGuardError(GUARD_FIX.format(backend=backend, script=Path(path).name, line=line))


def simulate(game: str, bots, n_games: int = 100, seed: int = 0, options=None, players: int | None = None,
             backend: str = "inprocess", client=None, workers: int | None = None, rotate: bool = False,
             progress: bool = True, chunk: int | None = None):
    """Play `n_games` seeded games and return a DataFrame, one row per game and seat (see module doc).

    bots: one bot for every seat, or a list seated in turn (seat i gets bots[i % len(bots)], so a shorter
      list repeats around the table; with `rotate`, bots[(i - game index) % len(bots)]); each is a name
      ("random", "heuristic", "mcts"), a dict like {"name": "mcts", "iterations": 100}, or a Bot
      (re-seeded for every game and seat).
    options: the game's options as a dict, or a list of dicts used in turn (a dict may set "players").
    players: the player count (default: the number of bots listed if the game allows it, else its default).
    rotate: seat game i's bots shifted by i, so every bot sits in every seat equally often.
    backend: "inprocess", "processes" (a ProcessPoolExecutor of `workers` processes, default all cores;
      or pass your own executor as `client` to reuse it) or "dask" (`client`: a dask.distributed Client
      or a scheduler address; default a LocalCluster of `workers` processes on 127.0.0.1, no dashboard).
      In a script, call it under `if __name__ == "__main__":` (else MainGuardError, naming that fix).
    progress: a bar counting games, with the time left once the first game has finished.
    """
    spec(game)
    if not isinstance(n_games, int) or n_games < 0:
        raise ValueError(f"n_games must be a whole number >= 0, got {n_games!r}")
    listed = list(bots) if isinstance(bots, (list, tuple)) else [bots]
    if not listed:
        raise ValueError("bots: give at least one bot")
    bot_objs = [as_bot(b) for b in listed]
    jobs = _jobs(game, n_games, seed, options, players, rotate, len(listed) if len(listed) > 1 else None)
    module = getattr(spec(game).new, "__module__", None)
    runners = {"inprocess": _inprocess, "processes": _processes, "dask": _dask}
    if backend not in runners:
        raise ValueError(f"backend must be one of {', '.join(runners)}, got {backend!r}")
    if backend != "inprocess" and jobs and _may_spawn(backend, client):
        check_main_guard(backend)
    rows = []
    try:
        runners[backend](game, bot_objs, jobs, rows, progress, workers=workers, client=client, chunk=chunk,
                         module=module)
    except KeyboardInterrupt:
        done = len({r["game_id"] for r in rows})
        warnings.warn(f"interrupted: returning the {done} of {n_games} games finished", stacklevel=2)
    return _frame(rows)


def _frame(rows):
    if not have_pandas():
        return _plain(rows)
    import pandas as pd
    df = pd.DataFrame(rows)
    if df.empty:
        return pd.DataFrame(columns=COLUMNS)
    extra = [c for c in df.columns if c not in COLUMNS]
    df = df[COLUMNS + extra].sort_values(["game_id", "seat"], kind="stable").reset_index(drop=True)
    if df["team_score"].isna().all():
        df = df.drop(columns="team_score")
    return df


def _plain(rows) -> Rows:
    """What _frame gives, as plain rows: the same columns in the same order, the same row order."""
    if not rows:
        return Rows([], COLUMNS)
    extra = [c for c in dict.fromkeys(k for r in rows for k in r) if c not in COLUMNS]
    ordered = sorted(rows, key=lambda r: (r["game_id"], r["seat"]))
    columns = [c for c in COLUMNS if c != "team_score" or any(r.get(c) is not None for r in ordered)]
    return Rows(ordered, columns + extra)


def _may_spawn(backend, client) -> bool:
    """Whether workers will import the main script: new processes not started by fork."""
    if backend == "dask":
        return client is None
    ctx = getattr(client, "_mp_context", None) if client is not None else None
    method = ctx.get_start_method() if ctx is not None else ("spawn" if client is None else None)
    return method in ("spawn", "forkserver")


def _bar(total, progress, desc):
    """Counts games; smoothing=0 makes the time left the average rate since the start, which is steadier
    when batches of games finish at once."""
    from tqdm.auto import tqdm
    return tqdm(total=total, disable=not progress, delay=0.5, smoothing=0, desc=desc,
                unit="game")


def _chunks(jobs, parts, chunk):
    """One game per worker first, so the progress bar has a rate (and an ETA) after about one game's time;
    then batches of about a quarter of each worker's share, at most 50 (or `chunk` games from the start)."""
    size = chunk or max(1, min(50, len(jobs) // max(1, parts * 4)))
    first = 0 if chunk or size == 1 else min(parts, len(jobs))
    out = [[job] for job in jobs[:first]]
    return out + [jobs[i:i + size] for i in range(first, len(jobs), size)]


def _inprocess(game, bots, jobs, rows, progress, **_):
    with _bar(len(jobs), progress, game) as bar:
        for job in jobs:
            rows.extend(_run_chunk(game, bots, [job]))
            bar.update(1)


def _processes(game, bots, jobs, rows, progress, workers=None, chunk=None, module=None, client=None, **_):
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed
    if client is not None:  # a pool the caller keeps (reused across calls)
        pool, workers = client, workers or getattr(client, "_max_workers", None) or os.cpu_count() or 1
    else:
        workers = workers or os.cpu_count() or 1
        ctx = multiprocessing.get_context("spawn")  # safe inside Jupyter kernels (no fork of threads)
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
    futs = {}
    try:
        futs = {pool.submit(_run_chunk, game, bots, part, module): len(part)
                for part in _chunks(jobs, workers, chunk)}
        with _bar(len(jobs), progress, f"{game} ({workers} processes)") as bar:
            for f in as_completed(futs):
                rows.extend(f.result())
                bar.update(futs[f])
    finally:
        if client is None:
            pool.shutdown(wait=True, cancel_futures=True)
        else:
            for f in futs:
                f.cancel()


def _dask(game, bots, jobs, rows, progress, workers=None, client=None, chunk=None, module=None, **_):
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise ImportError("backend='dask' needs dask[distributed]: pip install 'rules-explorer[scale]' "
                          "(or pip install 'dask[distributed]')") from None
    own_cluster = own_client = None
    if client is None or isinstance(client, str):
        if client is None:
            own_cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                                       processes=True, dashboard_address=None, host="127.0.0.1")
        own_client = client = Client(own_cluster if own_cluster is not None else client)
    try:
        nworkers = max(1, len(client.scheduler_info().get("workers", {})) or (workers or 1))
        parts = _chunks(jobs, nworkers, chunk)
        futs = client.map(_run_chunk, [game] * len(parts), [bots] * len(parts), parts, [module] * len(parts),
                          pure=False)
        sizes = {f.key: len(p) for f, p in zip(futs, parts)}
        try:
            with _bar(len(jobs), progress, f"{game} (dask, {nworkers} workers)") as bar:
                for f in as_completed(futs):
                    rows.extend(f.result())
                    bar.update(sizes[f.key])
        except BaseException:
            client.cancel(futs)
            raise
    finally:
        if own_client is not None:
            own_client.close()
        if own_cluster is not None:
            own_cluster.close()


# ---- summaries ------------------------------------------------------------------------------------

def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default); (0, 1) with no games."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * ((p * (1 - p) / games + z * z / (4 * games * games)) ** 0.5) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def win_rates(df, by, z: float = 1.96):
    """Games, wins, win rate and its Wilson interval (low, high) per group of rows (e.g. by="bot"); `df` is
    what simulate returns (a DataFrame, or plain rows where pandas is not installed)."""
    names = by if isinstance(by, (list, tuple)) else [by]
    if hasattr(df, "groupby"):
        groups = [(key if isinstance(key, tuple) else (key,), int(g["winner"].sum()), len(g))
                  for key, g in df.groupby(by, sort=True)]
    else:
        found: dict = {}
        for r in records(df):
            key = tuple(r[n] for n in names)
            if not any(k is None or k != k for k in key):  # pandas leaves out rows with no key too
                found.setdefault(key, []).append(r)
        groups = [(key, sum(1 for r in found[key] if r["winner"]), len(found[key])) for key in sorted(found)]
    rows = []
    for keys, wins, games in groups:
        low, high = wilson(wins, games, z)
        rows.append({**dict(zip(names, keys)), "games": games, "wins": wins,
                     "win_rate": wins / games if games else float("nan"), "low": low, "high": high})
    if not have_pandas():
        return Rows(rows, [*names, "games", "wins", "win_rate", "low", "high"])
    import pandas as pd
    return pd.DataFrame(rows)


# ---- saving ---------------------------------------------------------------------------------------

def save_results(df, path) -> Path:
    """Write results as Parquet (.parquet / .pq, needs pyarrow) or CSV (.csv), by the file's suffix."""
    path = Path(path)
    suffix = path.suffix.lower()
    if not hasattr(df, "to_csv") and suffix == ".csv":  # plain rows (no pandas)
        _write_csv(df, path)
    elif suffix in (".parquet", ".pq"):
        if not hasattr(df, "to_parquet"):
            raise ValueError(f"{path}: Parquet needs pandas and pyarrow, not installed here; save as .csv")
        _need_pyarrow()
        df.to_parquet(path, index=False)
    elif suffix == ".csv":
        df.to_csv(path, index=False)
    else:
        raise ValueError(f"{path}: expected a .parquet, .pq or .csv file name")
    return path


def load_results(path):
    """Read results written by save_results (plain rows from a CSV file where pandas is not installed)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".csv" and not have_pandas():
        return _read_csv(path)
    import pandas as pd
    if suffix in (".parquet", ".pq"):
        _need_pyarrow()
        return pd.read_parquet(path)
    if suffix == ".csv":
        return pd.read_csv(path)
    raise ValueError(f"{path}: expected a .parquet, .pq or .csv file name")


def _write_csv(table, path: Path) -> None:
    import csv
    columns = getattr(table, "columns", None) or list(dict.fromkeys(k for r in table for k in r))
    with path.open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(columns)
        for r in table:
            out.writerow(["" if r.get(c) is None else r[c] for c in columns])


def _read_csv(path: Path) -> Rows:
    import csv
    with path.open(newline="", encoding="utf-8") as f:
        got = list(csv.reader(f))
    if not got:
        return Rows([], [])
    return Rows([dict(zip(got[0], map(_value, line))) for line in got[1:]], got[0])


def _value(text: str):
    """A CSV cell as pandas would read it: a number, True/False, or None when empty."""
    if text == "":
        return None
    if text in ("True", "False"):
        return text == "True"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _need_pyarrow():
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ImportError("Parquet needs pyarrow: pip install 'rules-explorer[scale]' (or pip install pyarrow); "
                          "or save as .csv") from None


__all__ = ["simulate", "MainGuardError", "play_game", "save_results", "load_results", "variant_label", "wilson",
           "win_rates"]


class _SimulateModule(types.ModuleType):
    """`explorer.simulate(...)` calls simulate() whether the attribute is this module or the function."""

    def __call__(self, *args, **kwargs):
        return simulate(*args, **kwargs)


sys.modules[__name__].__class__ = _SimulateModule
