"""The fast shuffles of explorer.core.rng (Draws, fast_shuffled, draws/Order) give exactly what
rng.shuffled gives for the same seeds, rejected draws included."""
from __future__ import annotations

import pytest

from explorer.core import rng


def _seed_before(output: int) -> int:
    """A state from which rng.next64's next output is `output` (its mixing steps undone)."""
    mask = rng.MASK

    def unshift(x, k):  # inverse of x ^ (x >> k)
        y = x
        for _ in range(64 // k + 1):
            y = x ^ (y >> k)
        return y
    z = unshift(output, 31)
    z = unshift(z * pow(rng._MUL2, -1, 1 << 64) & mask, 27)
    z = unshift(z * pow(rng._MUL1, -1, 1 << 64) & mask, 30)
    return (z - rng._GAMMA) & mask


def test_draws_shuffle_exactly_as_core_rng():
    for seed in (0, 1, 12345, rng.MASK, rng.MASK - 9, 1 << 63, 0xDEADBEEF << 20):
        d, r = rng.Draws(seed), rng.seed_state(seed)
        for n in [0, 1, 2, 3, 20, 64, 65, 130, 7, 31, 200, 5]:  # crossing block ends
            r, want = rng.shuffled(r, [f"c{i}" for i in range(n)])
            assert d.shuffled(f"c{i}" for i in range(n)) == want, (seed, n)


def test_draws_reject_as_core_rng_does():
    top = _seed_before(rng.MASK)  # rng.below rejects this output for any list length
    assert rng.next64(top)[1] == rng.MASK
    assert rng.Draws(top).shuffled(range(40)) == rng.shuffled(top, range(40))[1]
    seed = (top - 63 * rng._GAMMA) & rng.MASK  # the rejected output is the last of the first block
    d, r = rng.Draws(seed), seed
    for n in (30, 34, 3, 90):
        r, want = rng.shuffled(r, range(n))
        assert d.shuffled(range(n)) == want, n
    d = rng.Draws(0)  # only rejected outputs left in the block: the shuffle goes on into a new block
    d.out, d.i, d.state = [rng.MASK] * 3, 0, 99
    assert d.shuffled("abc") == rng.shuffled(99, "abc")[1] == ["b", "a", "c"] and d.i == 2


@pytest.mark.parametrize("n", [0, 1, 2, 3, 7, 64, 199, 200, 201, 720, 1024, 1025, 1500])
def test_fast_shuffled_is_core_shuffled(n):
    for seed in (0, 1, 12345, rng.MASK, 1 << 63):
        assert rng.fast_shuffled(seed, range(n)) == rng.shuffled(seed, range(n)), (seed, n)


def test_fast_shuffled_rejects_as_core_rng_does():
    top = _seed_before(rng.MASK)  # the next output is rejected for any length
    for n in (5, 300):
        assert rng.fast_shuffled(top, range(n)) == rng.shuffled(top, range(n)), n
    assert rng.draws(top, (300,)) is None  # the numpy path hands a rejected draw back to the loop


def test_draws_in_a_row_and_order_read_place_by_place():
    pytest.importorskip("numpy")
    ends, (a, b) = rng.draws(7, (720, 30))
    state, first = rng.shuffled(7, range(720))
    assert ends[0] == state and list(rng.Order(a)) == first
    state, second = rng.shuffled(state, "abcdefghijklmnopqrstuvwxyz0123")
    assert ends[1] == state and rng.swapped("abcdefghijklmnopqrstuvwxyz0123", b) == second
