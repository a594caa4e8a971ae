"""The phases of a Round House turn and the names of pending extra goods (shared by the state's parts)."""
from __future__ import annotations

from .config import HALL

SPEC, MOVE, WORSHIP, FAMILY, ROOM, ORDERS, OVER = "spec", "move", "worship", "family", "room", "orders", "over"
PHASES = (SPEC, MOVE, WORSHIP, FAMILY, ROOM, ORDERS, OVER)
DUP = ("dup0", "dup1", "dup2", "dup3")  # pending extra good of a goods order, by good
DUP_GOOD = {t: k for k, t in enumerate(DUP)}
HALL_ONLY = frozenset((HALL,))
