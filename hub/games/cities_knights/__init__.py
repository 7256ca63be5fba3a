"""Catan: Cities & Knights at the sensor table, as a companion: the hub referees the dice,
the barbarians, progress cards, improvements and points; the board stays with the players.

- `tags`: its tag registry (the 54 progress cards);
- `adapter`: cards and buttons -> actions; events -> seat displays;
- `table`: the kernel's table hosting it;
- `sim`: its simulated people;
- `words`: every sentence it shows or says, in three languages;
- `record`: terminal lines, summary, replay and export;
- `plugin`: all of the above as the one object the hub registers.
"""

from .plugin import PLUGIN

__all__ = ["PLUGIN"]
