"""The kernel's table hosting Cities & Knights: the kit's one table with its adapter, and
the game log the scoreboard reads: every public event replayed from the log, each with
its round and the number of the move that made it (undos told where they happened)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hub.engine.cities_knights import Action, Game, Setup
from hub.games.kit.table import GameTable

from .adapter import CitiesKnightsAdapter
from .tags import ProgressTags


def public_history(setup: Setup, log: Sequence[Action]) -> list[dict[str, Any]]:
    """The public events of a log whose actions all stand, each with ``round`` and ``move``
    (the action's number in that log, 0 for the opening)."""
    game = Game.new(setup)
    out = [{**e.to_json(), "round": game.round, "move": 0} for e in game.start_events if e.public]
    for number, action in enumerate(log, start=1):
        for e in game.apply(action):
            if e.public:
                out.append({**e.to_json(), "round": e.data.get("round", game.round), "move": number})
    return out


def make_table(bus: Any, registry: ProgressTags, setup: Setup, *, game: Game | None = None,
               **options: Any) -> GameTable[Game]:
    return GameTable(bus, CitiesKnightsAdapter(registry), game if game is not None else Game.new(setup),
                     history_of=public_history, **options)
