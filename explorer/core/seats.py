"""Who is looking: one convention for every view, redaction, picture and widget.

A viewer is ``None`` (everything: the omniscient view), ``-1`` (a spectator: public information only)
or a seat number ``0..n-1``. The names :data:`EVERYTHING` and :data:`SPECTATOR`, and the strings
``"everything"`` and ``"spectator"``, mean the same and are accepted wherever a viewer is.

>>> from explorer.core.seats import viewer, EVERYTHING, SPECTATOR
>>> viewer("everything") is EVERYTHING, viewer("spectator") == SPECTATOR, viewer(2)
(True, True, 2)
"""
from __future__ import annotations

EVERYTHING = None   # the omniscient view: every hidden part shown
SPECTATOR = -1      # a spectator: only what every player may see

_NAMES = {"everything": EVERYTHING, "spectator": SPECTATOR}


def viewer(seat):
    """Any accepted spelling of a viewer -> None, -1 or a seat number (ValueError otherwise).

    Numbers below -1 are refused (an old explorer used -2 for the spectator and -1 for everything:
    mapping either silently could show every hidden hand to someone who meant the spectator)."""
    if seat is None:
        return None
    if type(seat) is int:
        if seat >= -1:
            return seat
    elif isinstance(seat, str):
        key = seat.strip().lower()
        if key in _NAMES:
            return _NAMES[key]
        raise ValueError(f"unknown viewer {seat[:40]!r}: expected 'everything', 'spectator' or a seat number")
    elif not isinstance(seat, bool) and hasattr(seat, "__index__"):  # numpy integers, int subclasses
        return viewer(int(seat.__index__()))
    raise ValueError(f"viewer must be None or 'everything' (everything), -1 or 'spectator' (public), "
                     f"or a seat number 0, 1, ...; got {str(seat)[:40]!r}")


def name(seat) -> str:
    """'everything', 'spectator' or 'seat N' (for messages)."""
    seat = viewer(seat)
    return "everything" if seat is None else "spectator" if seat == -1 else f"seat {seat}"
