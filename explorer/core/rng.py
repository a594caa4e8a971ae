"""A tiny, portable PRNG (SplitMix64) so that seeds mean the same thing everywhere.

Python's `random` module is not promised to give the same shuffles across versions;
this one is fixed arithmetic on 64-bit integers.
"""

MASK = (1 << 64) - 1


def next64(state: int) -> tuple[int, int]:
    """Return (new_state, output) for one SplitMix64 step."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
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
