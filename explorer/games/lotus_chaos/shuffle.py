"""`shuffled(state, items)`: explorer.core.rng.shuffled, bit for bit, only faster.

The same SplitMix64 steps and Fisher-Yates swaps, written out in one loop. Long lists (the 720 orders
`from_view` draws from) take their draws from numpy all at once (`draws`) when numpy is installed
(pandas brings it); a draw that rejection sampling would refuse sends the shuffle back to the loop, so
the result is always the core's. `Order` reads the first places of a shuffled range(n) from its draws
without shuffling the whole list.

>>> from explorer.core import rng
>>> shuffled(7, range(50)) == rng.shuffled(7, range(50)), shuffled(7, range(720)) == rng.shuffled(7, range(720))
(True, True)
>>> ends, (js,) = draws(7, (720,))
>>> list(Order(js)) == rng.shuffled(7, range(720))[1] and ends[0] == rng.shuffled(7, range(720))[0]
True
"""
from __future__ import annotations

from ...core import rng

MASK = rng.MASK
_GAMMA, _MUL1, _MUL2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_LIMIT = [0, 0] + [MASK - MASK % n for n in range(2, 1025)]  # rng.below's rejection bound for n
_LONG = 200  # lists at least this long use numpy
_np = None  # numpy, imported on the first long shuffle (False when missing)


def shuffled(state: int, items) -> tuple[int, list]:
    out = list(items)
    n = len(out)
    if _LONG <= n < len(_LIMIT):
        got = draws(state, (n,))
        if got is not None:
            return got[0][0], swapped(out, got[1][0])
    if n >= len(_LIMIT):
        return rng.shuffled(state, out)
    limit = _LIMIT
    for i in range(n - 1, 0, -1):
        k = i + 1  # j = rng.below(state, k): one SplitMix64 step, drawn again while rejected
        state = (state + _GAMMA) & MASK
        z = ((state ^ (state >> 30)) * _MUL1) & MASK
        z = ((z ^ (z >> 27)) * _MUL2) & MASK
        x = z ^ (z >> 31)
        while x >= limit[k]:
            state, x = rng.next64(state)
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
    """The swap places rng.shuffled draws for lists of these lengths shuffled one after another from
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
    """rng.shuffled(state, range(n))[1], read place by place from the shuffle's draws.

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
