"""A Jupyter-native interactive rules explorer for tabletop games.

>>> import explorer
>>> s = explorer.load("lotus", players=3, seed=1)
>>> s2 = s.apply(s.legal_actions()[0])   # s itself is unchanged
"""
# `_build` first: it makes compiled engine modules load only when built from today's sources (setup.py).
# `games` is the subpackage that registers every game; the module itself is callable: explorer.games()
from . import _build, games
from .core import (
    EVERYTHING,
    SPECTATOR,
    DataError,
    IllegalAction,
    NotationError,
    PositionError,
    State,
    from_json,
    ledger,
    load,
    spec,
)
from .core.action import Action
from .core.data import provenance as _provenance
from .core.setup import example, example_notes, examples, setup

__version__ = "0.1.0"
build_info = _build.build_info  # which engine modules run compiled (README, "Compiled engines")


def provenance(game: str, data=None) -> list[dict]:
    """The component values of `game` that the rulebooks do not give (tagged 'assumed')."""
    return _provenance(spec(game).name, data)  # unknown game -> ValueError; any case


def __getattr__(name):  # lazy: widgets pull in ipywidgets/anywidget
    if name == "Timeline":
        from .timeline import Timeline
        return Timeline
    if name == "Explorer":
        from .widgets import Explorer
        return Explorer
    if name == "Study":
        from .study import Study
        return Study
    if name == "places":  # what annotations may name on a position: explorer.places(state, viewer)
        from .annotations import places
        return places
    if name in ("tutorial", "plots", "widgets", "timeline", "simulate", "bots", "study", "annotations", "publish",
                "studies"):
        import importlib
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(name)


__all__ = [
    "load", "games", "from_json", "provenance", "ledger", "State", "Action", "Timeline", "Explorer", "simulate", "bots",
    "tutorial",
    "IllegalAction", "NotationError", "PositionError", "DataError", "EVERYTHING", "SPECTATOR",
    "setup", "examples", "example", "example_notes", "Study", "places", "study",
]
