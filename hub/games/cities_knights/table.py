"""The kernel's table hosting Cities & Knights: the kit's one table with its adapter."""

from __future__ import annotations

from hub.engine.cities_knights import Game
from hub.games.kit import table_maker

from .adapter import CitiesKnightsAdapter

make_table = table_maker(lambda registry, setup: CitiesKnightsAdapter(registry), Game.new)
