"""The baseline: a uniformly random legal action, from a seeded generator."""
from __future__ import annotations

from .base import Bot


class RandomBot(Bot):
    name = "random"

    def choose(self, state):  # no view needed: skip building it
        if state.current_player is None:
            raise ValueError("the game is over: nobody is to act")
        return self._pick(state.legal_actions())

    def _choose(self, game, view, actions, state):
        return self._pick(actions)

    def _analyse(self, game, view, actions, state):
        pick = self._pick(actions)
        share = 1.0 / len(actions)
        return [{"action": str(a), "value": share, "chosen": a is pick} for a in actions]
