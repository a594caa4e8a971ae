"""One player's board and resources (copy-on-write: a State copies a Player before changing it)."""
from __future__ import annotations

NONE, PLANTED, GROWN = 0, 1, 2


def put(row: tuple, i: int, value) -> tuple:
    return row[:i] + (value,) + row[i + 1:]


def bits(mask: int, hexes) -> int:
    """How many of `hexes` are set in `mask`."""
    return sum(1 for h in hexes if mask >> h & 1)


class Player:
    __slots__ = (
        "rice", "workers", "wmarket", "livestock", "lmarket", "bonus", "setup", "reservoir", "removed",
        "edges", "rocks", "water", "magic", "weeds", "pests", "crop", "fert",
        "hand", "played", "pick", "draft", "alloc", "build_left", "rock_left", "bought", "achieved",
        "moved", "tiles", "hold", "spent")

    def copy(self) -> Player:
        p = Player.__new__(Player)
        for k in Player.__slots__:
            setattr(p, k, getattr(self, k))
        return p

    def key(self) -> tuple:
        return tuple(getattr(self, k) for k in Player.__slots__)

    def count(self, text: str) -> int:
        for t, n in self.alloc:
            if t == text:
                return n
        return 0

    def used(self) -> tuple[int, int]:
        """(workers, livestock) allocated this round."""
        w = sum(n for t, n in self.alloc if t[0] == "w")
        return w, sum(n for t, n in self.alloc if t[0] == "l")

    def add_alloc(self, text: str) -> None:
        d = dict(self.alloc)
        d[text] = d.get(text, 0) + 1
        self.alloc = tuple(sorted(d.items()))
