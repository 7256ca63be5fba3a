"""The kernel's table hosting The Builders (`hub.kernel.Table`), with the game log the
scoreboard reads (undos told where they happened)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hub.engine.builders import Action, Game, Setup
from hub.engine.builders.history import public_history
from hub.games.kit.table import GameTable, JournalMeta

from .adapter import BuildersAdapter, adjust_coins
from .tags import BuildersTags


class BuildersTable(GameTable[Game]):
    """One table hosting The Builders. `hub_thread`: ``"own"`` starts the hub's own thread
    at `start()`; ``"caller"`` makes the caller's thread the hub thread (the in-process
    simulator). ``physical`` False: every move by buttons or a phone."""

    def __init__(self, bus: Any, registry: BuildersTags, setup: Setup, *, table: str = "t1",
                 journal: Callable[[Action], None] | None = None, journal_meta: JournalMeta | None = None,
                 game: Game | None = None, hub_thread: str = "own", physical: bool = True) -> None:
        self.registry = registry
        self.builders = BuildersAdapter(registry, physical=physical)
        super().__init__(bus, self.builders, game if game is not None else Game.new(setup), table=table,
                         journal=journal, journal_meta=journal_meta, hub_thread=hub_thread, history_of=public_history)

    def adjust_coins(self, seat: int, delta: int, reason: str) -> dict[str, Any]:
        """Correct a seat's coins (the bank miscounted, a card was misread): the admin
        page's correction (`hub.games.builders.plugin.COINS`)."""
        return self.correct(adjust_coins(seat, delta, reason))



def make_table(bus: Any, registry: BuildersTags, setup: Setup, **options: Any) -> BuildersTable:
    return BuildersTable(bus, registry, setup, **options)
