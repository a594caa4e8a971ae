"""Checks every game gets from the core: `check_invariants` also proves the JSON round trip, and every
game's `from_json` raises only PositionError. (A loader runs the game's conservation laws but not the round
trip: reading what it just read would double the cost of every load, e.g. each MCTS determinisation; the
fuzz tests prove that loaded positions round-trip.)"""
from __future__ import annotations

import functools
import threading

from .errors import DataError, PositionError, clip
from .limits import check_values

_LOCAL = threading.local()  # set while a round trip runs, so the reloaded state's check does not recurse


def round_trip(state) -> None:
    """AssertionError unless from_json(to_json()) rebuilds `state` exactly."""
    if getattr(_LOCAL, "busy", False):
        return
    _LOCAL.busy = True
    try:
        data = state.to_json()
        try:
            again = type(state).from_json(data)
        except PositionError as exc:
            raise AssertionError(f"the position does not reload from its JSON: {clip(exc, 200)}") from None
        assert again == state, "the position reloads from its JSON as a different position"
    finally:
        _LOCAL.busy = False


def guard_loader(game: str):
    """Decorator for a game's `from_json(cls, data)`: JSON text is accepted, and every failure comes out
    as PositionError (component files: 'data: ...'), never another exception type."""
    def wrap(fn):
        @functools.wraps(fn)
        def from_json(cls, data):
            if isinstance(data, (str, bytes, bytearray)):
                from .registry import parse_json_text
                data = parse_json_text(data, f"{game} position")
                check_values(data, f"{game} position")  # bounds the errors pydantic can collect
            outer = getattr(_LOCAL, "busy", False)
            _LOCAL.busy = True  # the loader runs the game's laws; the round trip would only load it twice
            try:
                return fn(cls, data)
            except PositionError as exc:
                raise PositionError(clip(exc, 2000)) from None
            except DataError as exc:
                raise PositionError(f"{game} position, field data: {clip(exc, 500)}") from None
            except RecursionError:
                raise PositionError(f"{game} position: nested too deeply") from None
            except (ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError, AssertionError,
                    OSError) as exc:
                raise PositionError(f"{game} position does not validate: {clip(exc, 300)}") from None
            finally:
                _LOCAL.busy = outer
        return from_json
    return wrap
