"""A search stronger than the greedy heuristic: information-set search guided by each game's heuristic.

Every iteration rebuilds a full state from the information seat's view (`GameSpec.from_view`; in the chaos
game the others' objectives are dealt by the belief, `lotus_chaos/belief.py`, not uniformly), picks one of
the root's candidate moves by PUCT, and plays on for a few actions with a cheap greedy policy for every
seat; the position reached is valued by the game's evaluation (`explorer/games/<game>/evaluate.py`: each
seat's chance to win and expected score margin, built from the heuristic's pricing). The candidates are
the heuristic's best-rated moves (its `rate`), which are also the priors (by rank): the search is the
heuristic, improved by looking at what happens after its best few moves. The heuristic's own move stands
unless another is clearly better; a game whose evaluate.py sets `PAIRED = True` judges "clearly" by the
difference of the two moves on the worlds both were played in (the deal's luck cancels out).
A game's evaluation may also declare `settled(view, actions)`: the bot then plays the move it returns
without a search (an obvious decision; `think` and Analyse still search).

    >>> import explorer
    >>> from explorer import bots
    >>> s = explorer.load("lotus", players=3, seed=7)
    >>> bot = bots.make("search", iterations=40, seed=1)
    >>> t = bot.think(s)
    >>> t.moves[0].action in s.legal_actions() and abs(sum(t.win) - 1) < 1e-6
    True
    >>> bot.choose(s) == t.moves[0].action
    True

`think(state, seat)` reads only `seat`'s view (the acting seat by default): the same view gives the same
Thought for the same seed and iterations, whatever the hidden cards are. Budgets: `iterations`
(reproducible) or `cpu_seconds` (process CPU time, so not reproducible). `workers=2` runs the iterations
in two processes (root parallel; each takes its share with its own seed, merged in worker order).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..core.registry import spec
from .base import Bot, derive, hooks


@dataclass(frozen=True)
class MoveStat:
    action: object
    visits: int
    win: list
    margin: list
    stderr: float
    line: tuple


@dataclass(frozen=True)
class Thought:
    seat: int
    moves: tuple
    win: list
    margin: list
    stderr: list
    iterations: int
    cpu_seconds: float


def evaluation(game: str):
    """The game's evaluation module `explorer/games/<game>/evaluate.py` (its "evaluate" part), or None (then:
    scores)."""
    return spec(game).part("evaluate")


def score_values(state, scale: float = 5.0) -> tuple[list, list]:
    """(win chances, margins) from the scores alone: a finished game's winners share the win; otherwise
    a softmax of the score with `scale` points per e-fold of the odds."""
    seats = [float(v) for v in state.scores()["seats"]]
    return chances(state, seats, scale)


def chances(state, points, scale: float) -> tuple[list, list]:
    """(win chances, margins) from projected points per seat (the real result once the game is over)."""
    n = len(points)
    if state.is_terminal:
        won = state.winners()
        seats = [float(v) for v in state.scores()["seats"]]
        win = [1.0 / len(won) if i in won else 0.0 for i in range(n)] if won else [1.0 / n] * n
        return win, margins(seats)
    top = max(points)
    w = [math.exp((p - top) / scale) for p in points]
    t = sum(w)
    return [x / t for x in w], margins(points)


def margins(points) -> list:
    if len(points) < 2:
        return [0.0] * len(points)
    out = []
    for i, p in enumerate(points):
        out.append(p - max(q for j, q in enumerate(points) if j != i))
    return out


class _Game:
    """What one search needs of a game: determinise, candidates, playout policy, evaluation."""

    def __init__(self, game, params):
        self.game = game
        self.spec = spec(game)
        self.hooks = hooks(game)
        self.ev = evaluation(game)
        ev = self.ev
        self.depth = params.get("depth", getattr(ev, "DEPTH", 12))
        # playouts end once the game's turn counter (`state.turn`, or evaluate.clock(state)) has gone this
        # many turns past the root's
        # ("round": one turn per seat); None: after `depth` actions only (`depth` caps them anyway)
        self.turns = params.get("turns", getattr(ev, "TURNS", None))
        self.switch = params.get("switch", getattr(ev, "SWITCH", 0.02))
        self.k = params.get("candidates", getattr(ev, "CANDIDATES", 6))
        self.c = params.get("exploration", getattr(ev, "EXPLORATION", 1.0))
        self.rate = getattr(self.hooks, "rate", None)
        self.policy_fn = getattr(ev, "policy", None)
        self.evaluate_fn = getattr(ev, "evaluate", None)
        # a playout's end may be valued otherwise (evaluate.py's `playout_value`, e.g. a finished game softened
        # by its scores rather than its winners alone); default: `evaluate`
        self.value_fn = getattr(ev, "playout_value", None) or self.evaluate_fn
        self.sampler = getattr(ev, "sampler", None)
        self.clock = getattr(ev, "clock", None) or (lambda s: getattr(s, "turn", None))
        # PAIRED (a game's evaluate.py may set it): the heuristic's move is overruled by a paired test, on the
        # worlds both moves were played in, rather than by the two means' separate standard errors
        self.paired = bool(params.get("paired", getattr(ev, "PAIRED", False)))
        # after this many common worlds, drop the candidates valued exactly as the heuristic's move in each
        # (they lead to the same play, e.g. the same workers placed in another order); none left: stop
        self.alike = params.get("alike", getattr(ev, "ALIKE", None))

    def turn_limit(self, d):
        """The turn number at which a playout from `d` stops, or None."""
        turn = self.clock(d)
        if self.turns is None or type(turn) is not int:
            return None
        k = len(d.scores()["seats"]) if self.turns == "round" else self.turns
        return turn + k

    def determiniser(self, view, state):
        if self.spec.from_view is None:
            if state is None:
                raise NotImplementedError(f"{self.game!r} has no GameSpec.from_view")
            return lambda seed: state
        if self.sampler is not None:
            return self.sampler(view)
        fv = self.spec.from_view
        return lambda seed: fv(view, seed)

    def ratings(self, view, actions):
        if self.rate is None:
            return [0.0] * len(actions)
        return [float(v) for v in self.rate(view, actions)]

    def candidates(self, view, actions):
        """The heuristic's best `k` moves, best first, with rank priors (1, 1/2, 1/3... normalised)."""
        if len(actions) <= 1:
            return list(actions), [1.0] * len(actions)
        rated = self.ratings(view, actions)
        order = sorted(range(len(actions)), key=lambda i: (-rated[i], i))[: self.k]
        pri = [1.0 / (r + 1) for r in range(len(order))]
        t = sum(pri)
        return [actions[i] for i in order], [p / t for p in pri]

    def step(self, s, rand):
        """One playout action in place: the game's cheap policy, else the heuristic's best (ties at random)."""
        acts = s.legal_actions()
        if len(acts) == 1:
            a = acts[0]
        elif self.policy_fn is not None:
            a = self.policy_fn(s, acts, rand)
        elif self.rate is not None:
            rated = self.rate(s.view(s.current_player), acts)
            best = max(rated)
            tops = [x for x, v in zip(acts, rated) if v == best]
            a = tops[int(rand() * len(tops))]
        else:
            a = acts[int(rand() * len(acts))]
        s.apply_in_place(a)
        return a

    def evaluate(self, s):
        if self.value_fn is not None:
            return self.value_fn(s)
        return score_values(s)


class _Stat:
    __slots__ = ("n", "win", "margin", "sq", "line", "prior", "rounds", "worlds")

    def __init__(self, seats, prior):
        self.n = 0
        self.win = [0.0] * seats
        self.margin = [0.0] * seats
        self.sq = 0.0
        self.line = None
        self.prior = prior
        self.rounds = 0  # halving phases survived
        self.worlds = {}  # world number -> the mover's win there (kept for a PAIRED game's test)


def _run(game, view, seat, root_actions, params, iterations, cpu_seconds, seed, state=None):
    """One worker's search: ({action text: (action, visits, win sums, margin sums, mover's squared sum,
    first line)}, iterations done, seats). `root_actions`: the mover's legal actions when the information
    seat is the seat to act; None otherwise (then the mover plays its greedy policy in every world).

    The root is searched by sequential halving over common worlds: each world (a determinisation and a
    playout seed) is played from every surviving candidate, so candidates are compared on the same deals;
    after each of the ceil(log2 k) phases the better half (by the mover's mean win) goes on."""
    g = _Game(game, params)
    sample = g.determiniser(view, state)
    stats: dict = {}
    seats = len(view["seats"])  # every world sampled from the view seats as many players
    start = time.process_time()
    limit = iterations if iterations is not None else 1 << 62

    def play(d, a, world, st, mover):
        s = d.scratch()
        if a is not None:
            s.apply_in_place(a)
        rand = random.Random(world).random
        line = [] if st is None or st.line is None else None
        n = 0
        end = g.turn_limit(d)
        while not s.is_terminal and n < g.depth + (a is None):
            if end is not None and g.clock(s) >= end:
                break
            x = g.step(s, rand)
            if line is not None:
                line.append(x)
            n += 1
        return g.evaluate(s), line

    def add(key, a, prior, win, mar, mover, line, world=None):
        st = stats.get(key)
        if st is None:
            st = stats[key] = [a, _Stat(seats, prior)]
        st = st[1]
        st.n += 1
        for i in range(seats):
            st.win[i] += win[i]
            st.margin[i] += mar[i]
        st.sq += win[mover] * win[mover]
        if st.line is None and line is not None:
            st.line = tuple(line)
        if world is not None and g.paired:
            st.worlds[world] = win[mover]

    def over(it):
        return it >= limit or (cpu_seconds is not None and it and time.process_time() - start >= cpu_seconds)

    it = 0
    w = 0
    if root_actions is None:  # another seat's turn: it plays its greedy policy in every world
        while not over(it):
            world = derive(seed, w)
            d = sample(world)
            mover = d.current_player
            s = d.scratch()
            rand = random.Random(world).random
            first = g.step(s, rand)
            (win, mar), line = play(s, None, world, None, mover)
            add(str(first), first, 0.0, win, mar, mover, None)
            it += 1
            w += 1
        return _export(stats), it, seats
    cands, pri = g.candidates(view, list(root_actions))
    have = {str(a) for a in cands}
    more = [a for a in root_actions if str(a) in params.get("_extra", ()) and str(a) not in have]
    low = min(pri, default=1.0) / 2
    cands, pri = cands + more, pri + [low] * len(more)
    alive = list(range(len(cands)))
    phases = max(1, math.ceil(math.log2(len(cands)))) if len(cands) > 1 else 1
    phase = 0
    for a, p in zip(cands, pri):
        stats[str(a)] = [a, _Stat(seats, p)]
    alike = g.alike if len(cands) > 1 else None
    same = set(alive[1:])  # candidates valued exactly as the heuristic's move in every world so far
    while not over(it):
        world = derive(seed, w)
        d = sample(world)
        mover = d.current_player
        legal = d.legal_actions()
        first = None
        for j in alive:
            a = cands[j]
            if over(it):
                break
            st = stats[str(a)][1]
            (win, mar), line = play(d, _same(a, legal), world, st, mover)
            add(str(a), a, 0.0, win, mar, mover, line, w)
            if j == 0:
                first = (win, mar)
            elif alike and first is not None and (win, mar) != first:
                same.discard(j)
            it += 1
        w += 1
        if alike and w >= alike and not over(it):
            # a move that played out exactly as the heuristic's in `alike` worlds is the same move in effect
            # (e.g. the same workers placed in another order): it goes; with none left the search stops
            alive = [j for j in alive if j not in same]
            alike = None
            if len(alive) == 1:
                break
        # the next phase: by iterations (or CPU time) spent, halve the candidates
        if len(alive) > 1:
            done = it / limit if iterations is not None else (time.process_time() - start) / cpu_seconds
            if done >= (phase + 1) / phases:
                phase += 1
                def key(j, mover=mover):
                    st = stats[str(cands[j])][1]
                    return (-(st.win[mover] / st.n if st.n else 0.0) - 0.01 * st.prior, j)
                alive = sorted(alive, key=key)[: max(1, (len(alive) + 1) // 2)]
                alive.sort()
                for j in alive:
                    stats[str(cands[j])][1].rounds += 1
    return _export(stats), it, seats


def _export(stats):
    return {k: (a, st.n, st.win, st.margin, st.sq, st.line, (st.rounds, st.prior, st.worlds))
            for k, (a, st) in stats.items() if st is not None and st.n}


def _worker(args):
    return _run(*args)


_POOLS: dict = {}


def _pool(workers):
    pool = _POOLS.get(workers)
    if pool is None:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor
        try:
            ctx = mp.get_context("fork")
        except ValueError:
            ctx = mp.get_context()
        pool = _POOLS[workers] = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
        import atexit
        atexit.register(pool.shutdown)
    return pool


PARAMS = ("candidates", "depth", "turns", "switch", "exploration", "alike", "paired")


class SearchBot(Bot):
    """Heuristic-guided information-set search (the module doc says how). Parameters beyond the budget:
    `candidates` (how many of the heuristic's best moves are searched), `depth` (playout actions before
    the evaluation), `exploration` (the PUCT constant), `alike` (after this many common worlds, drop the
    candidates valued exactly as the heuristic's move in each, and stop if none is left), `paired` (a move
    replaces the heuristic's when its mean gain over it in the same worlds passes `switch` plus two standard
    errors of that gain, rather than of the two means); defaults per game in its evaluate.py."""

    name = "search"
    searches = True

    def __init__(self, game=None, *, iterations=None, cpu_seconds=None, seed=0, workers=1, **params):
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ValueError(f"iterations must be a whole number of at least 1, got {iterations!r}")
        if cpu_seconds is not None and not (isinstance(cpu_seconds, (int, float)) and cpu_seconds > 0):
            raise ValueError(f"cpu_seconds must be a positive number, got {cpu_seconds!r}")
        if not isinstance(workers, int) or not 1 <= workers <= 64:
            raise ValueError(f"workers must be a whole number from 1 to 64, got {workers!r}")
        for k in params:
            if k not in PARAMS:
                raise ValueError(f"unknown search parameter {k!r}; they are: {', '.join(PARAMS)}")
        for k in ("candidates", "depth", "alike"):
            if k in params and (not isinstance(params[k], int) or params[k] < (1 if k != "depth" else 0)):
                raise ValueError(f"{k} must be a whole number, got {params[k]!r}")
        shown = dict(params)
        if game is not None:
            shown["game"] = game
        if iterations is not None:
            shown["iterations"] = iterations
        if cpu_seconds is not None:
            shown["cpu_seconds"] = cpu_seconds
        if workers != 1:
            shown["workers"] = workers
        super().__init__(seed, **shown)
        self.game, self.iterations, self.cpu_seconds, self.workers = game, iterations, cpu_seconds, workers
        self.search_params = params
        self.last = None

    def _budget(self, game):
        if self.iterations is None and self.cpu_seconds is None:
            return getattr(evaluation(game), "ITERATIONS", 200), None
        return self.iterations, self.cpu_seconds

    def think(self, state, seat=None, moves=None) -> Thought:
        """What the search makes of `state` from `seat`'s information (default: the seat to act): the
        root mover's candidate moves best first, each seat's chances. `moves`: actions to search besides
        the heuristic's candidates (e.g. a move actually played, for a review)."""
        mover = state.current_player
        if mover is None:
            raise ValueError("the game is over: nobody is to act")
        seat = mover if seat is None else seat
        n = len(state.scores()["seats"])
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, got {seat!r}")
        game = state.game_name or self.game
        view = state.view(seat)
        root = list(state.legal_actions()) if seat == mover else None
        return self._think(game, view, seat, root, state, moves)

    def _think(self, game, view, seat, root, state, extra=None, lines=True):
        iterations, cpu = self._budget(game)
        params = dict(self.search_params)
        seed = derive(self.seed, _fingerprint(view, seat))
        t0 = time.process_time()
        own = state if spec(game).from_view is None else None
        if extra and root is not None:
            params["_extra"] = tuple(str(a) for a in extra)
        if self.workers == 1:
            parts = [_run(game, view, seat, root, params, iterations, cpu, seed, own)]
        else:
            shares = [None] * self.workers
            if iterations is not None:
                shares = [iterations // self.workers + (1 if w < iterations % self.workers else 0)
                          for w in range(self.workers)]
            jobs = [(game, view, seat, root, params, shares[w] or (None if iterations is None else 1),
                     cpu, derive(seed, 1000 + w), own) for w in range(self.workers)]
            try:
                parts = list(_pool(self.workers).map(_worker, jobs))
            except (ImportError, OSError, NotImplementedError):  # no processes here (Pyodide)
                parts = [_worker(j) for j in jobs]
        cpu_used = time.process_time() - t0
        return self._merge(game, view, seat, root, parts, cpu_used, lines)

    def _merge(self, game, view, seat, root, parts, cpu_used, lines):
        merged: dict = {}
        its = 0
        n = None
        for part, (out, it, seats) in enumerate(parts):
            its += it
            n = n or seats
            for k, (a, v, win, mar, sq, line, rounds) in out.items():
                m = merged.get(k)
                worlds = {(part, w): x for w, x in rounds[2].items()}
                if m is None:
                    merged[k] = [a, v, list(win), list(mar), sq, line, (rounds[0], rounds[1], worlds)]
                else:
                    m[1] += v
                    m[2] = [x + y for x, y in zip(m[2], win)]
                    m[3] = [x + y for x, y in zip(m[3], mar)]
                    m[4] += sq
                    m[5] = m[5] or line
                    m[6] = (m[6][0] + rounds[0], m[6][1], {**m[6][2], **worlds})
        if root is not None:  # the real state's own action objects
            by_text = {str(a): a for a in root}
            for m in merged.values():
                m[0] = by_text.get(str(m[0]), m[0])
        mover = view.get("current_player") if isinstance(view.get("current_player"), int) else seat
        hidden = _hidden(game, view, seat) if lines or root is None else frozenset()
        cut = _Cutter(game, view, hidden, self.seed) if lines else (lambda a, line: ())
        stats = []
        rounds, priors, worlds = {}, {}, {}
        for a, v, win, mar, sq, line, r in merged.values():
            if v == 0:
                continue
            if root is None and _names(str(a), hidden):
                continue  # another seat's move that names what this seat cannot see
            w = [x / v for x in win]
            mean = w[mover]
            var = max(0.0, sq / v - mean * mean)
            rounds[str(a)] = r[0]
            priors[str(a)] = r[1]
            worlds[str(a)] = r[2]
            stats.append(MoveStat(action=a, visits=v, win=w, margin=[x / v for x in mar],
                                  stderr=math.sqrt(var / v) if v > 1 else 1.0,
                                  line=cut(a, line or ())))
        # best first: the moves that survived most halvings, then by the mover's win, then visits
        stats.sort(key=lambda m: (-rounds[str(m.action)], -m.win[mover], -m.visits))
        if root is not None and len(stats) > 1:
            # the heuristic's choice stands unless the search finds a move clearly better (by `switch`
            # plus two standard errors of the difference)
            switch = self.search_params.get("switch", getattr(evaluation(game), "SWITCH", 0.02))
            top = max(stats, key=lambda m: priors[str(m.action)])
            best = stats[0]
            gap = best.win[mover] - top.win[mover]
            err = math.hypot(best.stderr, top.stderr)
            if len(worlds[str(best.action)].keys() & worlds[str(top.action)].keys()) > 1:
                # a PAIRED game: the difference on the worlds both were played in
                gap, err = _paired(worlds[str(best.action)], worlds[str(top.action)])
            if top is not best and gap < switch + 2 * err:
                stats.remove(top)
                stats.insert(0, top)
        if root is not None and stats:  # best first: the most searched, then the mover's win
            best = stats[0]
            win, mar, err = best.win, best.margin, [best.stderr] * len(best.win)
        else:
            tot = sum(m.visits for m in stats) or 1
            win = [sum(m.win[i] * m.visits for m in stats) / tot for i in range(n or 0)]
            mar = [sum(m.margin[i] * m.visits for m in stats) / tot for i in range(n or 0)]
            err = [math.sqrt(max(1e-12, x * (1 - x)) / tot) for x in win]
        t = Thought(seat=seat, moves=tuple(stats), win=win, margin=mar, stderr=err, iterations=its,
                    cpu_seconds=cpu_used)
        self.last = t
        return t

    # -- the Bot API
    def _choose(self, game, view, actions, state):
        if len(actions) == 1:
            return actions[0]
        settled = getattr(evaluation(game), "settled", None)  # a game's obvious decisions, not searched
        pick = settled(view, actions) if settled is not None else None
        if pick is not None:
            return pick
        seat = view.get("current_player")
        t = self._think(game, view, seat, list(actions), state, lines=False)
        return t.moves[0].action

    def _analyse(self, game, view, actions, state):
        t = self._think(game, view, view.get("current_player"), list(actions), state)
        got = {str(m.action): m for m in t.moves}
        pick = t.moves[0].action
        mover = t.seat
        rows = []
        for a in actions:
            m = got.get(str(a))
            rows.append({"action": str(a), "visits": m.visits if m else 0,
                         "value": m.win[mover] if m else float("nan"), "chosen": str(a) == str(pick)})
        return rows


def _paired(a: dict, b: dict) -> tuple[float, float]:
    """(mean, standard error) of a's win minus b's over the worlds both were played in (common random
    numbers: the deal's luck cancels out of the difference)."""
    d = [x - b[w] for w, x in a.items() if w in b]
    k = len(d)
    if k < 2:
        return 0.0, 1.0
    mean = sum(d) / k
    var = sum((x - mean) ** 2 for x in d) / (k - 1)
    return mean, math.sqrt(var / k)


def _fingerprint(view, seat) -> int:
    """A stable number for a view (the same view, the same search seed, in any process)."""
    import json
    import zlib
    return zlib.crc32(json.dumps(view, sort_keys=True, default=str).encode()) * 8 + (seat or 0) % 8


def _hidden(game, view, seat):
    """The ids `seat` cannot see: every component id of the game less those in its view."""
    from ..compare import view_ids
    try:
        d = spec(game).from_view(view, 0) if spec(game).from_view is not None else None
    except Exception:
        d = None
    if d is None:
        return frozenset()
    return frozenset(d.component_ids() - view_ids(view))


def _names(text, hidden) -> bool:
    if not hidden:
        return False
    from ..annotations import mentions
    return bool(mentions(text, hidden))


class _Cutter:
    """Cuts a playout's line to what the seat may be shown: stop at the first action that names a hidden id
    or that is not legal in every one of a few other worlds the seat cannot tell from this one."""

    LONGEST = 8
    WORLDS = 3

    def __init__(self, game, view, hidden, seed):
        self.game, self.view, self.hidden = game, view, hidden
        fv = spec(game).from_view
        self.worlds = []
        if fv is not None:
            for w in range(self.WORLDS):
                try:
                    self.worlds.append(fv(view, derive(seed, 7919, w)))
                except Exception:
                    pass

    def __call__(self, first, line):
        if not self.worlds or not line:
            return ()
        states = []
        for d in self.worlds:
            if first not in d.legal_actions() and str(first) not in {str(x) for x in d.legal_actions()}:
                return ()
            s = d.scratch()
            s.apply_in_place(_same(first, d.legal_actions()))
            states.append(s)
        out = []
        for a in line[: self.LONGEST]:
            if _names(str(a), self.hidden):
                break
            ok = True
            for s in states:
                if s.is_terminal:
                    ok = False
                    break
                legal = s.legal_actions()
                if a not in legal and str(a) not in {str(x) for x in legal}:
                    ok = False
                    break
            if not ok:
                break
            for s in states:
                s.apply_in_place(_same(a, s.legal_actions()))
            out.append(a)
        return tuple(out)


def _same(a, legal):
    if a in legal:
        return a
    t = str(a)
    return next(x for x in legal if str(x) == t)


__all__ = ["MoveStat", "SearchBot", "Thought", "chances", "evaluation", "score_values"]
