"""Shuffles exactly as explorer.core.rng makes them, several times faster (for set-up and from_view).

`Draws(seed).shuffled(items)` gives what `rng.shuffled(state, items)[1]` gives, with `state` carried on
from shuffle to shuffle as rng's callers do. SplitMix64's n-th output depends only on seed + n * GAMMA,
so a block of outputs is computed at once: each 64-bit value sits in its own 128-bit lane of one big
integer, and every step of rng.next64 (add, xor-shift, multiply, `& MASK`) runs on all lanes in one
integer operation (a lane's product fits its 128 bits; the mask clears what shifts in from the next).
A determinisation shuffles some 200 cards, and drawing them one at a time was most of its cost.

>>> from explorer.core import rng
>>> Draws(7).shuffled(range(10)) == rng.shuffled(7, range(10))[1]
True
"""
from __future__ import annotations

import functools
from array import array
from operator import mod

from ...core import rng

MASK = rng.MASK
GAMMA, MIX1, MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB  # rng.next64's constants
BLOCK = 64  # outputs computed at a time (more when one shuffle needs more)
_SAFE = MASK - (1 << 32)  # rng.below never rejects an output this low (lists shorter than 2**32)


@functools.lru_cache(maxsize=16)
def _lanes(n: int) -> tuple[int, int, int]:
    """For n lanes: 1 in each, MASK in each, and (k + 1) * GAMMA in lane k."""
    ones = sum(1 << (128 * k) for k in range(n))
    steps = sum((((k + 1) * GAMMA) & MASK) << (128 * k) for k in range(n))
    return ones, MASK * ones, steps


def outputs(state: int, n: int) -> list[int]:
    """The next n outputs of rng.next64 from `state`."""
    ones, low, steps = _lanes(n)
    z = (steps + state * ones) & low
    z = ((z ^ (z >> 30)) & low) * MIX1 & low
    z = ((z ^ (z >> 27)) & low) * MIX2 & low
    z ^= z >> 31
    return array("Q", z.to_bytes(16 * n, "little"))[::2].tolist()


class Draws:
    """One seeded stream of rng draws (see the module docstring)."""
    __slots__ = ("state", "out", "i")

    def __init__(self, seed: int):
        self.state = rng.seed_state(seed)  # rng's state after the last output computed
        self.out, self.i = [], 0  # the outputs computed, and how many of them are used

    def _fill(self, need: int):
        n = -(-need // BLOCK) * BLOCK
        self.out = self.out[self.i:] + outputs(self.state, n)
        self.i = 0
        self.state = (self.state + n * GAMMA) & MASK

    def shuffled(self, items) -> list:
        """rng.shuffled's Fisher-Yates shuffle, drawing from this stream."""
        out = list(items)
        m = len(out)
        if len(self.out) - self.i < m:
            self._fill(m)
        xs, i = self.out, self.i
        drawn = xs[i:i + m - 1]
        if drawn and max(drawn) > _SAFE:  # rng.below may reject one (odds m in 2**64): draw one by one
            return self._shuffled_slowly(out)
        self.i = i + len(drawn)
        for k, j in zip(range(m - 1, 0, -1), map(mod, drawn, range(m, 1, -1))):
            out[k], out[j] = out[j], out[k]
        return out

    def _shuffled_slowly(self, out: list) -> list:
        xs, i = self.out, self.i
        for k in range(len(out) - 1, 0, -1):
            n = k + 1
            x = xs[i]
            i += 1
            while x >= MASK - MASK % n:  # rng.below's rejection
                if i == len(xs):
                    self.i = i
                    self._fill(1)
                    xs, i = self.out, self.i
                x = xs[i]
                i += 1
            j = x % n
            out[k], out[j] = out[j], out[k]
        self.i = i
        return out
