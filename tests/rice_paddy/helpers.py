"""Builders for Rice Paddy test positions (the same ones the notebooks use)."""
from __future__ import annotations

import explorer
from explorer.games import rice_paddy  # noqa: F401  (registers the game)
from explorer.games.rice_paddy import RicePaddyState
from explorer.games.rice_paddy.examples import CHAIN, FINISH, edit, field, rebalance, set_played, until

__all__ = ["CHAIN", "FINISH", "edit", "field", "rebalance", "set_played", "until", "game", "at_alloc"]


def game(players: int = 2, seed: int = 1) -> RicePaddyState:
    return explorer.load("rice_paddy", players=players, seed=seed)


def at_alloc(players: int = 2, seed: int = 1, rnd: int = 1):
    return until(game(players, seed), "alloc", rnd)
