"""The engine's RNG: the shuffle's numbers, made side by side in one big integer's lanes,
are SplitMix64's own (``next64``), so a shuffle is plain Fisher-Yates with ``below``."""

from __future__ import annotations

from hub.engine.rng import GOLDEN, SplitMix64, _draws, mix64


def test_the_lanes_draws_are_next64s_numbers() -> None:
    # starts with every bit of the 64 in play, past 2**64 too (a counter far on), and
    # counts from one number to more than any deck
    starts = [0, 1, 2**63 + 5, 2**64 - 1, 2**64 + 3, 2**70 + 11, *((k * GOLDEN) % 2**64 for k in range(1, 30))]
    for start in starts:
        for count in (1, 2, 7, 8, 31, 65, 70, 97):
            assert _draws(start, count) == tuple(mix64(start + k * GOLDEN) for k in range(1, count + 1))


def test_a_shuffle_is_fisher_yates_with_below() -> None:
    for seed in (0, 1, 7, 2**64 - 1, 123456789):
        for size in (0, 1, 2, 8, 66, 90):
            rng, plain = SplitMix64(seed, 5), SplitMix64(seed, 5)
            items = [str(k) for k in range(size)]
            expected = list(items)
            for i in range(size - 1, 0, -1):
                j = plain.below(i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            rng.shuffle(items)
            assert items == expected
            assert rng.counter == plain.counter
