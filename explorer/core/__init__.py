"""Shared machinery: the engine contract, registry, errors, RNG, data files."""
from .data import cite, data_root, ledger, load_components, provenance, widgets_root
from .errors import DataError, IllegalAction, NotationError, PositionError
from .registry import GameSpec, Option, from_json, games, load, register, spec
from .seats import EVERYTHING, SPECTATOR
from .state import State

__all__ = [
    "State", "EVERYTHING", "SPECTATOR", "GameSpec", "Option", "register", "games", "load", "from_json", "spec",
    "IllegalAction", "NotationError", "PositionError", "DataError",
    "ledger", "cite", "load_components", "provenance", "data_root", "widgets_root",
]
