"""Builders for Rice Paddy test positions (the same ones the notebooks use)."""
from __future__ import annotations

import functools
import tempfile
import tomllib
from pathlib import Path

import explorer
from explorer.core.data import data_root
from explorer.games import rice_paddy  # noqa: F401  (registers the game)
from explorer.games.rice_paddy import RicePaddyState
from explorer.games.rice_paddy.examples import CHAIN, FINISH, edit, field, rebalance, set_played, until

__all__ = ["CHAIN", "FINISH", "edit", "field", "rebalance", "set_played", "until", "game", "at_alloc",
           "ANYTIME_CARDS", "anytime_components"]


def game(players: int = 2, seed: int = 1, setup: bool = True, **opts) -> RicePaddyState:
    """A new game; with `setup` every seat keeps the starting gate on the board data's side ('start ad')."""
    s = explorer.load("rice_paddy", players=players, seed=seed, **opts)
    while setup and s.step == "setup":
        s = s.apply(s.legal_actions()[0])
    return s


def at_alloc(players: int = 2, seed: int = 1, rnd: int = 1):
    return until(game(players, seed), "alloc", rnd)


# ---- a user's components file with any-time spirit cards (rice_paddy.spirit.anytime) ------------------------

ANYTIME_CARDS = (1, 2, 5, 10, 13, 15, 20, 22, 25, 26, 30, 34)  # 20, 26 and 34 stay once a game


@functools.cache
def anytime_components() -> str:
    """The packaged components with the spirit cards ANYTIME_CARDS turned into any-time cards (their effects,
    amounts and 'once' kept), written once per session to a temporary file; returns its path."""
    raw = tomllib.loads((data_root() / "rice_paddy" / "components.toml").read_text(encoding="utf-8"))
    for card in raw["spirits"]["value"]:
        if card["n"] in ANYTIME_CARDS:
            card["kind"] = "anytime"
    raw["spirits"]["note"] = "Test data: the sample cards, some of them any-time cards."
    lines = []
    for name, table in raw.items():
        lines.append(f"[{name}]")
        lines += [f"{k} = {_toml(v)}" for k, v in table.items()]
    path = Path(tempfile.mkdtemp(prefix="rice_anytime_")) / "anytime.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return str(path)


def _toml(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, list):
        return "[" + ", ".join(_toml(x) for x in v) + "]"
    return "{" + ", ".join(f'"{k}" = {_toml(x)}' for k, x in v.items()) + "}"
