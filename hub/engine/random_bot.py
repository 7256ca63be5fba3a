"""The random bot every engine shares: uniform over the legal options, stateless.

Its choice follows from its seed, the seat and the game's log length (``mix64`` of
``seed * 0x100000001B3 ^ len(log) << 8 ^ seat << 4``), so a game replayed or resumed
after a crash makes exactly the same choices. It is the benchmarks' hot loop, so the
roll is written out with its fixed half made once.
"""

from __future__ import annotations

from typing import Any

from .rng import MASK64


class RandomBot:
    """Uniform over the legal options: ``options`` if given, else the game's (a game has
    ``pending``, ``log``, ``options_made`` — the options at hand, or None — and
    ``legal_actions()``)."""

    __slots__ = ("seed", "_mixed", "_low", "_high_product")

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        salted = (seed * 0x100000001B3) & MASK64  # the part of the roll's input that never changes
        mixed = self._mixed = salted ^ (salted >> 30)  # and mix64's first step on it, done once
        # the roll's varying bits v stay below bit 30 (a game of under 4 million actions), so
        # mixed ^ v = high + (low ^ v) and mix64's first product, mod 2**64, is
        # high * C + (low ^ v) * C: the first term is made here, the second is a small number's
        self._low = mixed & 0x3FFFFFFF
        self._high_product = ((mixed - self._low) * 0xBF58476D1CE4E5B9) & MASK64

    def choose(self, game: Any, options: Any = None, hand: Any = None) -> Any:
        if options is None:
            options = game.options_made or game.legal_actions()
        n = len(options)
        if n == 1:  # one option: the roll cannot change the choice
            return options[0]
        pending = game.pending
        # mix64(salted ^ v), v = the log length and seat bits, written out: mix64 starts with
        # z ^ (z >> 30), which is (salted ^ (salted >> 30)) ^ v ^ (v >> 30)
        v = (len(game.log) << 8) | ((pending[0] if pending else 0) << 4)
        if v < 0x40000000:  # v >> 30 is 0: see __init__ (half the big-integer work of the product)
            z = (self._high_product + (self._low ^ v) * 0xBF58476D1CE4E5B9) & MASK64
        else:
            z = ((self._mixed ^ v ^ (v >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return options[(z ^ (z >> 31)) % n]
