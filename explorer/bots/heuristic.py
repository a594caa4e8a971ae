"""A greedy, readable bot: rate each legal action, play a best one (ties broken by the seeded generator).

The rating comes from the game's hooks module (`explorer/games/<game>/heuristic.py`, function
``rate(view, actions, **params)``), which reads only the acting seat's view. A game without one gets a
generic one-ply lookahead: apply each action to a determinisation of the view and compare the seat's
score with the best other score (a win is worth more than any score).
"""
from __future__ import annotations

from .base import Bot, hooks


def lookahead(state, seat, actions) -> list[float]:
    """Score after each action: own score minus the best other score (+1000 for a win, -1000 a loss)."""
    out = []
    for a in actions:
        s = state.apply(a)
        seats = s.scores()["seats"]
        others = [v for i, v in enumerate(seats) if i != seat]
        v = seats[seat] - (max(others) if others else 0)
        if s.is_terminal:
            v += 1000 if seat in s.winners() else -1000
        out.append(float(v))
    return out


class HeuristicBot(Bot):
    """`params` go to the game's `rate` (for Lotus: prefer="token" or a power name)."""

    name = "heuristic"

    def rate(self, game, view, actions, state=None) -> list[float]:
        mod = hooks(game)
        if mod is not None and hasattr(mod, "rate"):
            return [float(v) for v in mod.rate(view, actions, **self.params)]
        if self.params:
            raise ValueError(f"{game!r} has no heuristic hooks module, and the generic lookahead takes no "
                             f"parameters (got {', '.join(self.params)})")
        d = self._search_state(game, view, state)
        legal = d.legal_actions()
        known = [a for a in actions if a in legal]
        scores = dict(zip(known, lookahead(d, d.current_player, known)))
        return [scores.get(a, float("-inf")) for a in actions]

    def _choose(self, game, view, actions, state):
        if len(actions) == 1:
            return actions[0]
        rated = self.rate(game, view, actions, state)
        best = max(rated)
        return self._pick([a for a, v in zip(actions, rated) if v == best])

    def _analyse(self, game, view, actions, state):
        rated = self.rate(game, view, actions, state)
        best = max(rated)
        tops = [a for a, v in zip(actions, rated) if v == best]
        pick = self._pick(tops)
        return [{"action": str(a), "value": v, "chosen": a is pick} for a, v in zip(actions, rated)]

