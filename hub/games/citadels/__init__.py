"""Citadels at the sensor table: everything table-side the game needs, reached by the rest
of the hub through one object, `PLUGIN` (`plugin.py`). The rules are `hub.engine.citadels`.

- `adapter`, `cities`: cards and buttons -> actions; events -> seat prompts and LEDs;
- `service`: the kernel's table hosting the game, with its admin corrections;
- `registry`, `enroll`: its card catalogue, tags and enrollment;
- `world`, `players`: the simulator's table top and simulated people;
- `words`: its word catalogue in three languages (``words/data``), for every medium;
- `texts`, `terminal`: the wording of its events on seat displays and the terminal;
- `voice`: what the table's voice says of it (its plug-in's ``speech``);
- `summary`, `export`: a finished game's summary, a stored game read back.
"""

from .adapter import CARD_VERBS, CitadelsAdapter, button_options, said_with_card
from .plugin import PLUGIN

__all__ = ["CARD_VERBS", "CitadelsAdapter", "PLUGIN", "button_options", "said_with_card"]
