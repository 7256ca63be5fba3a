"""A tiny deterministic RNG whose whole state is two integers.

The engine keeps its randomness *in the game state* (no global random): SplitMix64 is
fast in pure Python, trivially copied, hashed and serialised, and gives the same
sequence on every platform.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import NamedTuple

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15  # SplitMix64's step


class SplitMix64:
    __slots__ = ("seed", "counter")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed & MASK64
        self.counter = counter

    def next64(self) -> int:
        self.counter += 1
        return mix64(self.seed + self.counter * GOLDEN)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (n small: modulo bias is below 2**-50)."""
        return self.next64() % n

    def shuffle(self, items: list[str]) -> None:
        """Fisher-Yates with ``below``: the i-th swap (i = len-1 down to 1) takes its j from
        the next ``next64() % (i + 1)``. Those numbers are computed all at once (``_draws``),
        then the swaps are done in order: the same shuffle, a quarter of the time."""
        m = len(items) - 1
        if m < 1:
            return
        k = m + 1  # the swap's i is k - 1 (a count, not a zip of two ranges: a fifth less time)
        for z in _draws(self.seed + self.counter * GOLDEN, m):
            j = z % k
            k -= 1
            items[k], items[j] = items[j], items[k]
        self.counter += m


class _Lanes(NamedTuple):
    """Constants to run ``mix64`` on ``count`` numbers side by side in one big integer: each
    number has a 128-bit lane, wide enough for a 64-bit by 64-bit product not to carry into
    the next lane."""

    ones: int  # 1 in every lane
    steps: int  # k * GOLDEN in lane k - 1 (k = 1..count; below 2**128: no carry)
    low: int  # the low 64 bits of every lane
    unpack: Callable[[bytes], tuple[int, ...]]  # each lane's low 64-bit half (the high half skipped)
    size: int  # bytes


_LANES: dict[int, _Lanes] = {}


def _lanes(count: int) -> _Lanes:
    lanes = _LANES.get(count)
    if lanes is None:
        ones = sum(1 << (128 * k) for k in range(count))
        lanes = _LANES[count] = _Lanes(ones, sum((k + 1) * GOLDEN << (128 * k) for k in range(count)),
                                       ones * MASK64, struct.Struct("<" + "Q8x" * count).unpack, 16 * count)
    return lanes


def _draws(start: int, count: int) -> tuple[int, ...]:
    """``mix64(start + k * GOLDEN)`` for k = 1..count: ``next64``'s next ``count`` numbers.

    A shuffle needs one number per card (a deck: 60 to 70). In pure Python each ``mix64``
    costs a dozen big-integer operations; here the dozen run once on an integer holding
    every number in its own lane (C loops over the lanes), and ``struct`` splits the lanes.
    """
    ones, steps, low, unpack, size = _LANES.get(count) or _lanes(count)
    x = ((start & MASK64) * ones + steps) & low  # the inputs (< 2**128 before masking: no carry)
    x ^= (x >> 30) & low  # shifted bits that crossed into the lane below are masked off
    x = (x * 0xBF58476D1CE4E5B9) & low
    x ^= (x >> 27) & low
    x = (x * 0x94D049BB133111EB) & low
    x ^= x >> 31  # bits crossing into the lane below land in its high half, which unpack skips
    return unpack(x.to_bytes(size, "little"))


def mix64(z: int) -> int:
    """SplitMix64's finaliser: a well-mixed 64-bit hash of an integer."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)
