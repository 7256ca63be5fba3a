"""A tiny deterministic RNG whose whole state is two integers.

The engine keeps its randomness *in the game state* (no global random): SplitMix64 is
fast in pure Python, trivially copied, hashed and serialised, and gives the same
sequence on every platform.
"""

from __future__ import annotations

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
        """Fisher-Yates with ``below`` (``next64`` and ``mix64``) written out inline: the
        same numbers, without three calls per card (a game shuffles every round)."""
        x = self.seed + self.counter * GOLDEN  # next64's input, one step at a time
        for i in range(len(items) - 1, 0, -1):
            x += GOLDEN
            z = x & MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.counter += max(len(items) - 1, 0)


def mix64(z: int) -> int:
    """SplitMix64's finaliser: a well-mixed 64-bit hash of an integer."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)
