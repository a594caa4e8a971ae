"""The loaders' last check (issue 21): a position that loads can be played on.

A position given by a user (`explorer.from_json`, `explorer.setup`, the board editor, a saved timeline's root)
is refused unless it is over or its player has a legal move, and every legal move applies without an exception
and leaves a position that keeps the game's invariants (`check_invariants`, which includes the JSON round trip).
That is what the engine guarantees for every position it reaches by play, so a loaded position is one the engine
could have reached as far as one move can tell; each game's loader names the field for the cases it knows
(explorer/games/<game>/position.py), and this check catches the rest, naming the first move that fails.

Only the public loaders run it: the games' own `from_json` (used by the JSON round trip, searches'
determinisations and the set-up completion) does not, so it costs nothing during play.
"""
from __future__ import annotations

from .errors import PositionError, brief, clip


def check_playable(state, what: str | None = None) -> None:
    """PositionError unless `state` is over, or has a legal move and every legal move applies and keeps the
    invariants. `what` names the position in the message (default '<game> position')."""
    what = what or f"{state.game_name} position"
    try:
        if state.is_terminal:
            return
        seat = state.current_player
        acts = state.legal_actions()
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, AssertionError) as exc:
        raise PositionError(f"{what}: whose move it is and what they may do cannot be worked out: "
                            f"{clip(exc, 200)}") from None
    if not acts:
        raise PositionError(f"{what}: the game is not over but the player to act (seat {brief(seat)}) "
                            "has no legal move")
    for a in acts:
        try:
            after = state.apply(a)
            after.check_invariants()
        except AssertionError as exc:
            raise PositionError(f"{what}: the legal move {brief(str(a), 60)} breaks a rule of the game: "
                                f"{clip(exc, 200) or 'an invariant fails'}") from None
        except Exception as exc:  # noqa: BLE001 - any exception here is the position's fault, said as such
            raise PositionError(f"{what}: the legal move {brief(str(a), 60)} cannot be played: "
                                f"{type(exc).__name__}: {clip(exc, 200)}") from None


__all__ = ["check_playable"]
