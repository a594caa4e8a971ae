"""What every bot shares: seeding, the acting seat's view, determinisation, hooks and outcome values.

A bot decides for whichever seat is `state.current_player` (a turn, a reward choice, a discard...). It
reads only that seat's view (`state.view(seat)`) and the actions that seat may take, which it knows;
searching bots rebuild full states from the view with the game's `GameSpec.from_view(view, seed)`.
"""
from __future__ import annotations

import random

from ..core import rng
from ..core.registry import spec
from ..rows import Rows, have_pandas

MASK = rng.MASK


def derive(seed: int, *path: int) -> int:
    """A 63-bit seed derived from `seed` and the integers in `path` only (portable: SplitMix64)."""
    s = rng.seed_state(seed)
    for k in path:
        s, x = rng.next64((s ^ (k * 0xD1B54A32D192ED03)) & MASK)
        s = x
    return rng.next64(s)[1] >> 1


def hooks(game: str):
    """The game's bot hooks module `explorer/games/<game>/heuristic.py`, or None. It may define

    - ``rate(view, actions, **params) -> list[float]``: a greedy score per legal action (higher is better),
      read from the acting seat's view only; HeuristicBot plays a best-rated action;
    - ``values(state) -> list[float]``: each seat's value in [0, 1] of a finished (or cut-off) game, for
      MCTS; the default is a share of the win, split between tied winners;
    - ``result_columns(state) -> list[dict]``: extra per-seat columns for `explorer.simulate`;
    - ``MCTS_ROLLOUT_DEPTH``: how many random actions an MCTS playout takes before it is valued (by
      `values`), when the bot is not told (default: play to the end).
    """
    return spec(game).part("heuristic")


def default_values(state) -> list[float]:
    """Each seat's share of the win (1 for a sole winner, 1/k for k tied winners, 0 otherwise). A game
    cut off before its end is valued by score: the leaders share 1 the same way."""
    seats = state.scores()["seats"]
    n = len(seats)
    if state.is_terminal:
        won = state.winners()
    else:
        best = max(seats)
        won = [i for i, v in enumerate(seats) if v == best] if n > 1 else []
    out = [0.0] * n
    for w in won:
        out[w] = 1.0 / len(won)
    return out


def value_function(game: str):
    mod = hooks(game)
    return getattr(mod, "values", None) or default_values


class Bot:
    """Base class. `choose(state)` -> a legal action for `state.current_player`."""

    name = "bot"
    searches = False  # True for bots whose estimates come from counted visits (the analyse table shows them)

    def __init__(self, seed: int = 0, **params):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        self.seed = seed
        self.params = params
        self.rand = random.Random(seed & MASK)  # random() is reproducible across Python versions

    def spawn(self, seed: int) -> Bot:
        """A fresh bot of the same kind and parameters with another seed (one per game and seat)."""
        return type(self)(seed=seed, **self.params)

    @property
    def label(self) -> str:
        if not self.params:
            return self.name
        return f"{self.name}(" + ", ".join(f"{k}={v}" for k, v in sorted(self.params.items())) + ")"

    def __repr__(self):
        return f"<{self.label} seed={self.seed}>"

    # -- the API
    def choose(self, state):
        """The action this bot plays for `state.current_player`."""
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: nobody is to act")
        actions = state.legal_actions()
        if len(actions) == 1:  # forced: nothing to think about
            return actions[0]
        view = state.view(seat)
        return self._choose(state.game_name or view["game"], view, actions, state)

    def choose_from_view(self, game: str, view: dict):
        """The action for the seat whose view this is (it must be the seat to act). Needs the game's
        `from_view` to list the legal actions; the result is an action of that rebuilt state."""
        d = self.determinise(game, view, self._next_seed())
        return self._choose(game, view, d.legal_actions(), None)

    def analyse(self, state):
        """Each legal action with this bot's estimate: a DataFrame (action, value, chosen; a searching bot adds
        visits before value), or the same columns as plain rows (explorer.rows.Rows) where pandas is not
        installed. A bot that rates moves without searching (heuristic, random) has no visits to show."""
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: nobody is to act")
        view = state.view(seat)
        rows = self._analyse(state.game_name or view["game"], view, state.legal_actions(), state)
        columns = ["action", "visits", "value", "chosen"] if self.searches else ["action", "value", "chosen"]
        if not have_pandas():
            return Rows(rows, columns)
        import pandas as pd
        return pd.DataFrame(rows, columns=columns)

    # -- for subclasses
    def _choose(self, game, view, actions, state):
        raise NotImplementedError

    def _analyse(self, game, view, actions, state) -> list[dict]:
        pick = self._choose(game, view, actions, state)
        return [{"action": str(a), "value": float("nan"), "chosen": a is pick or a == pick}
                for a in actions]

    # -- helpers
    def _next_seed(self) -> int:
        return int(self.rand.random() * (1 << 53))

    def _pick(self, actions):
        return actions[int(self.rand.random() * len(actions))]

    @staticmethod
    def determinise(game: str, view: dict, seed: int):
        """A full state consistent with `view`, hidden parts sampled from `seed`."""
        fv = spec(game).from_view
        if fv is None:
            raise NotImplementedError(
                f"{game!r} has no GameSpec.from_view: a bot cannot rebuild a state from a view alone")
        return fv(view, seed)

    def _search_state(self, game, view, state):
        """A state to look ahead on: a determinisation of the view when the game can make one; else the
        state itself (a game without from_view must then have no hidden information to peek at)."""
        if spec(game).from_view is not None:
            return self.determinise(game, view, self._next_seed())
        if state is None:
            raise NotImplementedError(f"{game!r} has no GameSpec.from_view")
        return state

