"""The Builders: Middle Ages at the sensor table: everything table-side the game needs,
reached by the rest of the hub through one object, `PLUGIN` (`plugin.py`). The rules are
`hub.engine.builders`.

- `adapter`, `tags`: cards and buttons -> actions; events -> seat displays (docs/protocol.md);
- `table`: the kernel's table hosting it, with the admin's corrections;
- `world`, `players`: the simulator's table top and simulated people;
- `words` (every sentence in three languages), `texts` (display lines), `voice`, `pages`
  and `static/` (its scoreboard, seat and admin pages);
- `record`: terminal lines, summary, replay and export.
"""

from .adapter import BuildersAdapter, SeatRefusal
from .plugin import PLUGIN
from .tags import BuildersTags

__all__ = ["PLUGIN", "BuildersAdapter", "BuildersTags", "SeatRefusal"]
