"""A tiny, portable PRNG (SplitMix64) so that seeds mean the same thing everywhere.

Python's `random` module is not promised to give the same shuffles across versions;
this one is fixed arithmetic on 64-bit integers. Two faster ways to the same shuffles follow the core
functions: `Draws`, a stream computed a block at a time (Lotus's set-up and from_view), and `fast_shuffled`
with `draws`/`swapped`/`Order` (Lotus Chaos's), both bit for bit what `shuffled` gives:

>>> Draws(7).shuffled(range(10)) == shuffled(7, range(10))[1]
True
>>> fast_shuffled(7, range(50)) == shuffled(7, range(50)), fast_shuffled(7, range(720)) == shuffled(7, range(720))
(True, True)
>>> ends, (js,) = draws(7, (720,))
>>> list(Order(js)) == shuffled(7, range(720))[1] and ends[0] == shuffled(7, range(720))[0]
True
"""

from __future__ import annotations

import functools
from array import array
from operator import mod

MASK = (1 << 64) - 1
_GAMMA, _MUL1, _MUL2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB  # next64's constants


def next64(state: int) -> tuple[int, int]:
    """Return (new_state, output) for one SplitMix64 step."""
    state = (state + _GAMMA) & MASK
    z = state
    z = ((z ^ (z >> 30)) * _MUL1) & MASK
    z = ((z ^ (z >> 27)) * _MUL2) & MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, k) with k uniform in range(n) (rejection sampling)."""
    limit = MASK - (MASK % n)
    while True:
        state, x = next64(state)
        if x < limit:
            return state, x % n


def shuffled(state: int, items) -> tuple[int, list]:
    """Fisher-Yates shuffle; returns (new_state, new_list)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state, j = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, out


def seed_state(seed: int) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    return seed & MASK


# ---- fast shuffles: a block stream (Draws) --------------------------------------------------------
# Shuffles exactly as `shuffled` makes them, several times faster (Lotus's set-up and from_view).
# `Draws(seed).shuffled(items)` gives what `shuffled(state, items)[1]` gives, with `state` carried on
# from shuffle to shuffle as rng's callers do. SplitMix64's n-th output depends only on seed + n * GAMMA,
# so a block of outputs is computed at once: each 64-bit value sits in its own 128-bit lane of one big
# integer, and every step of next64 (add, xor-shift, multiply, `& MASK`) runs on all lanes in one
# integer operation (a lane's product fits its 128 bits; the mask clears what shifts in from the next).
# A determinisation shuffles some 200 cards, and drawing them one at a time was most of its cost.
BLOCK = 64  # outputs computed at a time (more when one shuffle needs more)
_SAFE = MASK - (1 << 32)  # rng.below never rejects an output this low (lists shorter than 2**32)


@functools.lru_cache(maxsize=16)
def _lanes(n: int) -> tuple[int, int, int]:
    """For n lanes: 1 in each, MASK in each, and (k + 1) * _GAMMA in lane k."""
    ones = sum(1 << (128 * k) for k in range(n))
    steps = sum((((k + 1) * _GAMMA) & MASK) << (128 * k) for k in range(n))
    return ones, MASK * ones, steps


def outputs(state: int, n: int) -> list[int]:
    """The next n outputs of rng.next64 from `state`."""
    ones, low, steps = _lanes(n)
    z = (steps + state * ones) & low
    z = ((z ^ (z >> 30)) & low) * _MUL1 & low
    z = ((z ^ (z >> 27)) & low) * _MUL2 & low
    z ^= z >> 31
    return array("Q", z.to_bytes(16 * n, "little"))[::2].tolist()


class Draws:
    """One seeded stream of rng draws (see the module docstring)."""
    __slots__ = ("state", "out", "i")

    def __init__(self, seed: int):
        self.state = seed_state(seed)  # rng's state after the last output computed
        self.out, self.i = [], 0  # the outputs computed, and how many of them are used

    def _fill(self, need: int):
        n = -(-need // BLOCK) * BLOCK
        self.out = self.out[self.i:] + outputs(self.state, n)
        self.i = 0
        self.state = (self.state + n * _GAMMA) & MASK

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


# ---- fast shuffles: one loop, or numpy for long lists (fast_shuffled) ----------------------------------
# `fast_shuffled(state, items)`: `shuffled`, bit for bit, only faster (Lotus Chaos).
# The same SplitMix64 steps and Fisher-Yates swaps, written out in one loop. Long lists (the 720 orders
# `from_view` draws from) take their draws from numpy all at once (`draws`) when numpy is installed
# (pandas brings it); a draw that rejection sampling would refuse sends the shuffle back to the loop, so
# the result is always the core's. `Order` reads the first places of a shuffled range(n) from its draws
# without shuffling the whole list.
_LIMIT = [0, 0] + [MASK - MASK % n for n in range(2, 1025)]  # rng.below's rejection bound for n
_LONG = 200  # lists at least this long use numpy
_np = None  # numpy, imported on the first long shuffle (False when missing)


def fast_shuffled(state: int, items) -> tuple[int, list]:
    """shuffled(state, items), bit for bit, faster (see 'Fast shuffles' above)."""
    out = list(items)
    n = len(out)
    if _LONG <= n < len(_LIMIT):
        got = draws(state, (n,))
        if got is not None:
            return got[0][0], swapped(out, got[1][0])
    if n >= len(_LIMIT):
        return shuffled(state, out)
    limit = _LIMIT
    for i in range(n - 1, 0, -1):
        k = i + 1  # j = rng.below(state, k): one SplitMix64 step, drawn again while rejected
        state = (state + _GAMMA) & MASK
        z = ((state ^ (state >> 30)) * _MUL1) & MASK
        z = ((z ^ (z >> 27)) * _MUL2) & MASK
        x = z ^ (z >> 31)
        while x >= limit[k]:
            state, x = next64(state)
        j = x % k
        out[i], out[j] = out[j], out[i]
    return state, out


def swapped(items, js) -> list:
    """Fisher-Yates with these draws (as `draws` gives them): the shuffled list."""
    out = list(items)
    i = len(out) - 1
    for j in js.tolist():
        out[i], out[j] = out[j], out[i]
        i -= 1
    return out


def _numpy():
    global _np
    if _np is None:
        try:
            import numpy
            _np = numpy
        except ImportError:  # pragma: no cover - pandas depends on numpy
            _np = False
    return _np


_TABLES: dict = {}  # lengths -> (random state offsets k * gamma, the bound k of each draw, rejection bounds)


def draws(state: int, lengths: tuple):
    """The swap places shuffled draws for lists of these lengths shuffled one after another from
    `state`: (the random state after each list, a numpy array of each list's draws, last place first).
    None without numpy, for a list too long, or when a draw would be rejected (1 in 10**16 or so)."""
    np = _numpy()
    if np is False or max(lengths, default=0) >= len(_LIMIT):
        return None
    tab = _TABLES.get(lengths)
    if tab is None:
        ks = [k for n in lengths for k in range(n, 1, -1)]
        if len(_TABLES) > 64:
            _TABLES.clear()
        tab = _TABLES[lengths] = (np.array([k * _GAMMA & MASK for k in range(1, len(ks) + 1)], dtype=np.uint64),
                                  np.array(ks, dtype=np.uint64), np.array([_LIMIT[k] for k in ks], dtype=np.uint64))
    offsets, ks, limits = tab
    # array arithmetic on uint64 wraps modulo 2**64 (the & MASK above) without a warning
    s = offsets + np.uint64(state)
    z = (s ^ (s >> np.uint64(30))) * np.uint64(_MUL1)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(_MUL2)
    x = z ^ (z >> np.uint64(31))
    if (x >= limits).any():
        return None
    js = (x % ks).astype(np.int64)
    ends, parts, done = [], [], 0
    for n in lengths:
        k = max(n - 1, 0)
        parts.append(js[done:done + k])
        done += k
        ends.append((state + done * _GAMMA) & MASK)
    return ends, parts


class Order:
    """shuffled(state, range(n))[1], read place by place from the shuffle's draws.

    Fisher-Yates traced backwards: the swap at step i (i = n-1 down to 1) exchanges places i and J[i] <= i,
    and later steps never touch place i again. So place p ends with what place J[p] held just before step
    p (place 0: after every step); a place q holds its own number until the last earlier step that swapped
    into it, the smallest k with J[k] == q among the steps already made, brought what place k held just
    before step k, and so on back."""

    def __init__(self, js):
        np = _np
        n = len(js) + 1  # at most 1024: a step and its J fit in one number, J * 1024 + step
        vals = js[::-1]  # vals[i - 1] = J[i]
        key = np.sort(vals * 1024 + np.arange(1, n, dtype=np.int64))  # by J, then by step
        sv, si = key >> 10, key & 1023
        same = sv[1:] == sv[:-1]
        nxt = np.zeros(n, dtype=np.int64)  # the next step after i with the same J (0: none)
        nxt[si[:-1][same]] = si[1:][same]
        start = np.ones(n - 1, dtype=bool)
        start[1:] = ~same
        first = np.zeros(n, dtype=np.int64)  # the first step with J == q (0: none)
        first[sv[start]] = si[start]
        self.n, self.vals, self.nxt, self.first = n, vals, nxt, first

    def __getitem__(self, p: int) -> int:
        nxt, first = self.nxt, self.first
        if p == 0:
            k = first.item(0)
            if k == 0:
                return 0
        else:
            k = nxt.item(p)
            if k == 0:
                return self.vals.item(p - 1)
        while True:  # what place k held just before step k
            m = first.item(k)
            if m == k:
                m = nxt.item(k)
            if m == 0:
                return k
            k = m

    def __iter__(self):
        return (self[p] for p in range(self.n))
