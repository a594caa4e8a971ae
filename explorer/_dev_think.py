"""TEMPORARY (development only, removed when branch `search` lands): a Thought from the existing MCTS,
shaped like explorer.bots.search.SearchBot.think (see /work/wt/_notes/search_api.md)."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

from .bots.base import derive, value_function
from .bots.mcts import MCTSBot
from .core.registry import spec


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


class SearchBot:
    def __init__(self, game=None, *, iterations=None, cpu_seconds=None, seed=0, workers=1, **params):
        self.iterations, self.seed = iterations or 100, seed

    def think(self, state, seat=None):
        t0 = time.process_time()
        mover = state.current_player
        seat = mover if seat is None else seat
        game = state.game_name
        fv = spec(game).from_view
        world = state if fv is None or seat == mover else fv(state.view(seat), derive(self.seed, 9))
        bot = MCTSBot(seed=self.seed, iterations=self.iterations)
        actions = world.legal_actions()
        root = bot.search(game, world.view(mover), actions, world if fv is None else None)
        n = len(state.scores()["seats"])
        moves = []
        for a in actions:
            k = root.children.get(a)
            if not k or not k.visits:
                continue
            p = k.total / k.visits
            win = [(1 - p) / max(1, n - 1)] * n
            win[mover] = p
            moves.append(MoveStat(a, k.visits, win, [0.0] * n, math.sqrt(max(p * (1 - p), 0.01) / k.visits), ()))
        moves.sort(key=lambda m: (-m.win[mover], -m.visits))
        win = list(moves[0].win) if moves else [1 / n] * n
        return Thought(seat, tuple(moves), win, [0.0] * n, [0.05] * n, self.iterations, time.process_time() - t0)
