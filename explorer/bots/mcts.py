"""Monte Carlo tree search (UCT); for hidden information, information-set MCTS by determinisation.

Each iteration samples a full state consistent with the acting seat's view (`GameSpec.from_view`),
then walks one shared tree (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012): at every node
only the children legal in this sample compete, scored by UCB1 with their *availability* count in place
of the parent's visits; one new node is added, the game is played out at random, and every node on the
path adds the value of the seat that moved into it. The bot never sees the true state's hidden parts.
Each iteration plays on its own scratch copy of the sample, in place (`State.scratch`, `apply_in_place`).

Budgets: `iterations` (reproducible for a seed) or `seconds` (wall clock, so not reproducible).
`rollout="heuristic"` plays the playouts with the game's greedy policy (stronger, about ten times slower
per step) instead of uniformly at random; `rollout_depth` cuts playouts short (valued by score instead of
the result; "auto" takes the game's `MCTS_ROLLOUT_DEPTH` from its hooks module, else plays to the end,
None always plays to the end); `resample` reuses each sampled state for that many iterations (sampling
costs about as much as 15-30 random actions in Lotus).
"""
from __future__ import annotations

import math
import time

from .base import Bot, hooks, value_function


class Node:
    __slots__ = ("children", "visits", "total", "avail", "seat")

    def __init__(self, seat):
        self.children = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.seat = seat  # who chose the action leading here (its value is credited)


class MCTSBot(Bot):
    name = "mcts"
    searches = True

    def __init__(self, seed: int = 0, iterations: int = 200, seconds: float | None = None,
                 exploration: float = 0.7, rollout_depth: int | None | str = "auto", resample: int = 1,
                 rollout: str = "random"):
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if resample < 1:
            raise ValueError("resample must be at least 1")
        if rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout must be 'random' or 'heuristic', got {rollout!r}")
        params = {"iterations": iterations}
        if rollout != "random":
            params["rollout"] = rollout
        if seconds is not None:
            params["seconds"] = seconds
        if exploration != 0.7:
            params["exploration"] = exploration
        if rollout_depth != "auto":
            if rollout_depth is not None and (not isinstance(rollout_depth, int) or rollout_depth < 1):
                raise ValueError(f"rollout_depth must be 'auto', None (play to the end) or >= 1, got {rollout_depth!r}")
            params["rollout_depth"] = rollout_depth
        if resample != 1:
            params["resample"] = resample
        super().__init__(seed, **params)
        self.iterations, self.seconds = iterations, seconds
        self.exploration, self.rollout_depth, self.resample = exploration, rollout_depth, resample
        self.rollout = rollout
        self.last_root = None

    # -- the search
    def search(self, game, view, actions, state=None) -> Node:
        """Run the search from the acting seat's view; return the root (children keyed by action)."""
        values = value_function(game)
        policy = self._rollout_policy(game)
        rand = self.rand.random
        c = self.exploration
        depth_cap = self.rollout_depth
        if depth_cap == "auto":
            depth_cap = getattr(hooks(game), "MCTS_ROLLOUT_DEPTH", None)
        root = Node(None)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iterations if self.iterations is not None else 1 << 62
        root_set = set(actions)
        sample = None
        it = 0
        while it < limit:
            if deadline is not None and it and time.perf_counter() >= deadline:
                break
            if sample is None or it % self.resample == 0:
                sample = self._search_state(game, view, state)
            s = sample.scratch()  # this iteration's own copy, played on in place
            node = root
            path = []
            first = True
            while not s.is_terminal:
                legal = s.legal_actions()
                if first:
                    legal = [a for a in legal if a in root_set] or legal
                    first = False
                kids = node.children
                untried = [a for a in legal if a not in kids]
                if untried:
                    for a in legal:
                        k = kids.get(a)
                        if k is not None:
                            k.avail += 1
                    a = untried[int(rand() * len(untried))]
                    child = kids[a] = Node(s.current_player)
                    s.apply_in_place(a)
                    path.append(child)
                    break
                best, best_u = None, -1.0
                for a in legal:
                    k = kids[a]
                    k.avail += 1
                    u = k.total / k.visits + c * math.sqrt(math.log(k.avail) / k.visits)
                    if u > best_u:
                        best, best_u = a, u
                node = kids[best]
                s.apply_in_place(best)
                path.append(node)
            n = 0
            while not s.is_terminal and (depth_cap is None or n < depth_cap):
                acts = s.legal_actions()
                s.apply_in_place(acts[int(rand() * len(acts))] if policy is None or len(acts) == 1 else policy(s, acts))
                n += 1
            v = values(s)
            root.visits += 1
            for nd in path:
                nd.visits += 1
                nd.total += v[nd.seat]
            it += 1
        self.last_root = root
        return root

    def _rollout_policy(self, game):
        """None for uniform random playouts; else a function (state, actions) -> action that plays the
        heuristic's best-rated action (ties at random) inside the sampled world."""
        if self.rollout == "random":
            return None
        from .heuristic import HeuristicBot
        rater = HeuristicBot(seed=self._next_seed())
        rand = self.rand.random

        def policy(s, acts):
            rated = rater.rate(game, s.view(s.current_player), acts, s)
            best = max(rated)
            tops = [a for a, v in zip(acts, rated) if v == best]
            return tops[int(rand() * len(tops))]
        return policy

    def _ranked(self, root, actions):
        """Root actions, most visited first (ties: higher value, then legal order)."""
        def key(ia):
            i, a = ia
            k = root.children.get(a)
            return (-(k.visits if k else 0), -(k.total / k.visits if k and k.visits else 0.0), i)
        return [a for _, a in sorted(enumerate(actions), key=key)]

    def _choose(self, game, view, actions, state):
        if len(actions) == 1:
            return actions[0]
        root = self.search(game, view, actions, state)
        return self._ranked(root, actions)[0]

    def _analyse(self, game, view, actions, state):
        root = self.search(game, view, actions, state)
        pick = self._ranked(root, actions)[0]
        rows = []
        for a in actions:
            k = root.children.get(a)
            visits = k.visits if k else 0
            rows.append({"action": str(a), "visits": visits,
                         "value": k.total / visits if visits else float("nan"), "chosen": a is pick})
        return rows
