"""Bot hooks for Rice Paddy (see explorer.bots.base.hooks): a greedy rating read from one seat's view.

The rating replays `examples.simple_policy` on a state rebuilt from the view (`from_view`; the policy only
reads the acting seat's own field, resources and legal actions, which the view shows in full): the action
it picks scores 1, the others 0. Spirit draft and play choices are left to chance (all score 0).
"""
from __future__ import annotations

import random

from .examples import simple_policy


def rate(view: dict, actions, **params) -> list[float]:
    from . import from_view
    if view.get("step") in ("draft", "play"):
        return [0.0] * len(actions)
    state = from_view(view, 0)
    pick = simple_policy(state, random.Random(0))
    return [1.0 if a == pick else 0.0 for a in actions]
