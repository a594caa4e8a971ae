"""One player's board and resources (copy-on-write: a State copies a Player before changing it)."""
from __future__ import annotations

from operator import attrgetter

NONE, PLANTED, GROWN = 0, 1, 2


def put(row: tuple, i: int, value) -> tuple:
    return row[:i] + (value,) + row[i + 1:]


def bits(mask: int, hexes) -> int:
    """How many of `hexes` are set in `mask`."""
    return sum(1 for h in hexes if mask >> h & 1)


class Player:
    """One seat's pieces. The attributes live in the instance's dict, so copy() is a single dict copy;
    FIELDS names them in key() order."""
    FIELDS = (
        "rice", "workers", "wmarket", "livestock", "lmarket", "bonus", "setup", "reservoir", "removed",
        "edges", "rocks", "water", "magic", "weeds", "pests", "crop", "fert",
        "hand", "played", "pick", "draft", "alloc", "build_left", "rock_left", "bought", "achieved",
        "moved", "tiles", "hold", "spent")
    # caches, not part of the position: (edges, cfg, their Fields) for RicePaddyState.F, and
    # RicePaddyState._alloc_boxes' last answer with what it read
    walled = boxes = None

    def copy(self) -> Player:
        p = object.__new__(Player)
        p.__dict__ = self.__dict__.copy()
        return p

    def key(self) -> tuple:
        return _fields(self)

    def count(self, text: str) -> int:
        for t, n in self.alloc:
            if t == text:
                return n
        return 0

    def used(self) -> tuple[int, int]:
        """(workers, livestock) allocated this round."""
        w = ll = 0
        for t, n in self.alloc:
            if t[0] == "w":
                w += n
            elif t[0] == "l":
                ll += n
        return w, ll

    def add_alloc(self, text: str) -> None:
        d = dict(self.alloc)
        d[text] = d.get(text, 0) + 1
        self.alloc = tuple(sorted(d.items()))


_fields = attrgetter(*Player.FIELDS)
