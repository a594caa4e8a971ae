"""Every game package registers itself on import.

`explorer.games` is both this subpackage and the function listing the games: importing a
submodule rebinds the package attribute, so the module itself is made callable.
"""
import sys
import types

from . import (
    lotus,  # noqa: F401
    lotus_chaos,  # noqa: F401
    rice_paddy,  # noqa: F401
    round_house,  # noqa: F401
)


class _GamesModule(types.ModuleType):
    def __call__(self) -> list[dict]:
        """Every registered game with its player counts, options and defaults."""
        from ..core.registry import games
        return games()


sys.modules[__name__].__class__ = _GamesModule
