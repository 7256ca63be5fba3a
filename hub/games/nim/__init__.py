"""Nim at the sensor table: the smallest complete game plug-in, the template to copy.

- `cards`: its tag registry (every tag starting ``5707`` is a stone);
- `adapter`: stones and buttons -> `Take`s (the kit's `KitAdapter` does the rest);
- `words`: every sentence it shows or says, in three languages;
- `plugin`: what the hub must be told of it, as the one object the hub registers (the
  game kit, `hub.games.kit`, gives its table, terminal, simulated people and pages).
"""

from .plugin import PLUGIN

__all__ = ["PLUGIN"]
