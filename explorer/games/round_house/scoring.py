"""End-of-game scoring in Round House: amulet sets, orders, board, workers, leftovers."""
from __future__ import annotations

import functools

from .config import GOLD
from .phases import OVER


class ScoringMixin:
    __slots__ = ()

    def amulet_points(self, p) -> int:
        cfg = self.cfg
        counts = [0] * len(cfg.amulet_kinds)
        for a in self.amulets[p]:
            counts[cfg.amulet_kind[cfg.amulet_ids.index(a)]] += 1
        for sid in self.spec_amulets[p]:
            counts[cfg.spec_amulet[sid]] += 1
        # round_house.end.amulets: sets of different kinds, grouped the best way
        return best_sets(cfg.set_points, tuple(sorted((c for c in counts if c), reverse=True)))

    def final_breakdown(self, p) -> dict:
        cfg = self.cfg
        # round_house.end.board: the two rightmost spaces, once their workers were recruited
        exposed = (cfg.board_bonus[0] if self.board[p] <= 1 else 0) + (cfg.board_bonus[1] if self.board[p] == 0 else 0)
        placed = self.chairs_of(p) + sum(t[p] for t in self.towns)  # round_house.end.workers: chairs and towns
        k = cfg.disp["leftover_ratio"]
        parts = (sum(self.goods[p][:GOLD]), self.goods[p][GOLD], self.res[p], max(self.money[p], 0))
        # round_house.end.leftovers; round_house.end.leftovers-pooled unless leftovers='separate'
        left = sum(x // k for x in parts) if cfg.leftovers_separate else sum(parts) // k
        return {"amulets": self.amulet_points(p),
                "orders": sum(cfg.orders[o].points for o, _ in self.done[p]),  # round_house.end.orders
                "board": exposed, "workers": placed, "leftovers": left}

    def finish(self):
        """The final scoring."""
        self.phase = OVER
        self.prio = []
        self.tasks = []
        self.final = {}
        for p in range(self.cfg.players):
            b = self.final_breakdown(p)
            self.final[str(p)] = b
            self._mut("points")[p] += sum(b.values())  # round_house.end.no-orders: not gain_points, no draws

    def scores(self) -> dict:
        return {"seats": list(self.points), "teams": None}

    def winners(self) -> list[int]:
        """Most points, then most money, then shared."""
        if self.phase != OVER:
            return []
        best = max(zip(self.points, self.money))  # round_house.end.tie
        return [p for p in range(self.cfg.players) if (self.points[p], self.money[p]) == best]


@functools.lru_cache(maxsize=4096)
def payable_orders(cfg, goods: tuple) -> tuple:
    """The orders whose cost `goods` ([fruit, celadon, tea, gold]) could pay, in component-file order."""
    g0, g1, g2, g3 = goods
    return tuple(o for o, (c0, c1, c2, c3) in cfg.order_cost.items() if c0 <= g0 and c1 <= g1 and c2 <= g2 and c3 <= g3)


@functools.lru_cache(maxsize=4096)
def best_sets(points: tuple, counts: tuple) -> int:
    """The best split of amulets (`counts` per kind, descending, no zeros) into sets of different kinds
    (the player groups them). For a set of k kinds, taking the k most plentiful kinds
    is always as good as any other choice, so only the size is tried."""
    if not counts:
        return 0
    best = 0
    for k in range(1, len(counts) + 1):
        rest = tuple(sorted((c - 1 if i < k else c for i, c in enumerate(counts) if c > 1 or i >= k), reverse=True))
        best = max(best, points[k] + best_sets(points, rest))
    return best
