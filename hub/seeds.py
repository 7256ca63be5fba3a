"""Game seeds: where a new game's shuffle comes from when nobody chose one.

The engine is deterministic (a seed and the log rebuild a game), so a guessable seed is
a guessable deal: with seed 0 every hand and every card dealt face down can be computed.
A seed nobody gave is drawn from the operating system's CSPRNG (`secrets`), stored with
the game's setup (replay still works) and shown only once the game is over.
"""

from __future__ import annotations

import secrets

MAX_SEED = 2**53 - 1  # the largest integer JavaScript holds exactly: a seed shown on a page can be typed back


def fresh_seed() -> int:
    """An unpredictable seed in 0..MAX_SEED (53 bits from the OS CSPRNG)."""
    return secrets.randbelow(MAX_SEED + 1)
