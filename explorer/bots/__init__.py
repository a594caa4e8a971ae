"""Bots that play any registered game through the engine contract.

>>> import explorer
>>> from explorer import bots
>>> state = explorer.load("lotus", players=3, seed=7)
>>> bot = bots.make("mcts", seed=1, iterations=200)   # or "random", "heuristic" (prefer="growth" in Lotus), "search"
>>> a = bot.choose(state)                             # an action for state.current_player
>>> df = bot.analyse(state)                           # action, visits (searching bots), value, chosen
>>> fig = bots.plots.analysis_plot(df)                # why: a Bokeh bar chart (explorer.plots.show(fig))

A bot reads only the acting seat's view (`state.view(state.current_player)`) and that seat's legal
actions; `choose_from_view(game, view)` works from the view alone. Searching bots rebuild full states
from the view with the game's `GameSpec.from_view` (information-set search by determinisation).
"""
from __future__ import annotations

from .base import Bot, derive, hooks
from .heuristic import HeuristicBot
from .mcts import MCTSBot
from .random_bot import RandomBot
from .search import MoveStat, SearchBot, Thought

BOTS = {"random": RandomBot, "heuristic": HeuristicBot, "mcts": MCTSBot, "search": SearchBot}


def make(name: str, seed: int = 0, **kw) -> Bot:
    """A bot by name ("random", "heuristic", "mcts", "search"); keyword arguments are the bot's parameters."""
    if isinstance(name, Bot):
        return name
    cls = BOTS.get(name)
    if cls is None:
        raise ValueError(f"unknown bot {name!r}; the bots are: {', '.join(BOTS)}")
    return cls(seed=seed, **kw)


def __getattr__(name):  # plots pull in bokeh: import on first use
    if name == "plots":
        import importlib
        return importlib.import_module(".plots", __name__)
    raise AttributeError(name)


__all__ = ["Bot", "RandomBot", "HeuristicBot", "MCTSBot", "SearchBot", "Thought", "MoveStat", "BOTS", "make",
           "derive", "hooks"]
