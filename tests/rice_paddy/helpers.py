"""Builders for Rice Paddy test positions (the same ones the notebooks use)."""
from __future__ import annotations

import explorer
from explorer.games import rice_paddy  # noqa: F401  (registers the game)
from explorer.games.rice_paddy import RicePaddyState
from explorer.games.rice_paddy.examples import CHAIN, FINISH, edit, field, rebalance, set_played, until

__all__ = ["CHAIN", "FINISH", "edit", "field", "rebalance", "set_played", "until", "game", "at_alloc"]


def game(players: int = 2, seed: int = 1, setup: bool = True, **opts) -> RicePaddyState:
    """A new game; with `setup` every seat keeps the starting gate on the board data's side ('start ad')."""
    s = explorer.load("rice_paddy", players=players, seed=seed, **opts)
    while setup and s.step == "setup":
        s = s.apply(s.legal_actions()[0])
    return s


def at_alloc(players: int = 2, seed: int = 1, rnd: int = 1):
    return until(game(players, seed), "alloc", rnd)
