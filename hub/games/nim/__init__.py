"""Nim at the sensor table: the smallest complete game plug-in, the template to copy.

- `cards`: its tag registry (every tag starting ``5707`` is a stone);
- `adapter`: stones and buttons -> `Take`s; events -> seat displays;
- `table`: the kernel's table hosting it;
- `sim`: its simulated people (no table top needed);
- `words`: every sentence it shows or says, in three languages;
- `record`: terminal lines, summary, replay and export;
- `plugin`: all of the above as the one object the hub registers.
"""

from .plugin import PLUGIN

__all__ = ["PLUGIN"]
