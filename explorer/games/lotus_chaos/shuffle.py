"""`shuffled(state, items)`: explorer.core.rng.shuffled, bit for bit, only faster.

The same SplitMix64 steps and Fisher-Yates swaps, written out in one loop. A long list (the 720
orders `from_view` draws from) takes its draws from numpy in one go when numpy is installed (pandas
brings it); a draw that rejection sampling would refuse sends the whole shuffle back to the core's
loop, so the result is always the core's.

>>> from explorer.core import rng
>>> shuffled(7, range(50)) == rng.shuffled(7, range(50)), shuffled(7, range(720)) == rng.shuffled(7, range(720))
(True, True)
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
    if n >= _LONG and n < len(_LIMIT):
        got = _shuffled_numpy(state, out)
        if got is not None:
            return got
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


_TABLES: dict = {}  # n -> (the random states' offsets k * gamma, the k of each step, rejection bounds), numpy


def _shuffled_numpy(state, out):
    """All n - 1 draws at once; None when numpy is missing or a draw would be rejected (rare as 1 in 10**16)."""
    global _np
    if _np is None:
        try:
            import numpy
            _np = numpy
        except ImportError:  # pragma: no cover - pandas depends on numpy
            _np = False
    if _np is False:
        return None
    np = _np
    n = len(out)
    tab = _TABLES.get(n)
    if tab is None:
        ks = list(range(n, 1, -1))
        tab = _TABLES[n] = (np.array([k * _GAMMA & MASK for k in range(1, n)], dtype=np.uint64),
                            np.array(ks, dtype=np.uint64), np.array([_LIMIT[k] for k in ks], dtype=np.uint64))
    offsets, ks, limits = tab
    # array arithmetic on uint64 wraps modulo 2**64 (the & MASK above) without a warning
    s = offsets + np.uint64(state)
    z = (s ^ (s >> np.uint64(30))) * np.uint64(_MUL1)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(_MUL2)
    x = z ^ (z >> np.uint64(31))
    if (x >= limits).any():
        return None
    i = n - 1
    for j in (x % ks).tolist():
        out[i], out[j] = out[j], out[i]
        i -= 1
    return (state + (n - 1) * _GAMMA) & MASK, out
