"""The kernel's table hosting Cities & Knights (`hub.kernel.Table`), with the game log the
scoreboard reads: every public event replayed from the log, each with its round and the
number of the move that made it (undos told where they happened)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hub.engine.cities_knights import Action, Game, Setup
from hub.games.plugin import journal_failure_text, one_journal
from hub.kernel import Table
from hub.kernel.undo import history_with_undos
from hub.transport import InProcessBus

from .adapter import CitiesKnightsAdapter, undo_reason
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


class CitiesKnightsTable(Table[Game]):
    """One table hosting Cities & Knights; `history` is the scoreboard's game log."""

    def history(self) -> list[dict[str, Any]]:
        setup, log = self.game_log()
        return history_with_undos(log, undo_reason, lambda standing: public_history(setup, standing))


def make_table(bus: Any, registry: ProgressTags, setup: Setup, *, table: str = "t1", journal: Any = None,
               journal_meta: Any = None, game: Game | None = None, hub_thread: str = "own",
               **_options: Any) -> CitiesKnightsTable:
    return CitiesKnightsTable(bus, CitiesKnightsAdapter(registry), game if game is not None else Game.new(setup),
                              table=table, journal=one_journal(journal, journal_meta), own_thread=hub_thread == "own",
                              transport_waits=isinstance(bus, InProcessBus), explain_journal_failure=journal_failure_text)
