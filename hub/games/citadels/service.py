"""TableService: the sensor table playing Citadels, i.e. the game-neutral table kernel
(`hub.kernel.Table`: queue, one hub thread, dedupe, readers, buttons, pause, journal,
displays, publishing) hosting `hub.engine.citadels.Game` through the Citadels adapter
(`hub.games.citadels`). Public methods are those the transports, web, store, CLI and
tests call; the few that only make sense for Citadels (the gold correction, the copy map) are here.

Cards are read by readers, and only by readers: in physical mode a phone cannot say a
card (``use_reader``); the table admin can enter one for a seat (``admin_card``), logged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hub.engine.citadels import Action, Game, Setup
from hub.engine.citadels.history import public_history
from hub.games.kit.table import GameTable, JournalMeta
from hub.kernel import Journal, Subscriber

from .adapter import CARD_VERBS, CitadelsAdapter, adjust_gold, button_options, said_with_card
from .registry import TagRegistry


__all__ = ["CARD_VERBS", "Journal", "JournalMeta", "Subscriber", "TableService", "button_options",
           "said_with_card"]


class TableService(GameTable[Game]):
    """The hub: one Citadels game, one input queue, the seats' feedback and the public view.

    `hub_thread`: ``"own"`` (default) starts the hub's own thread at `start()`;
    ``"caller"`` makes the thread that calls `start()` the hub thread (the in-process
    simulator, which then calls `run_pending()` while it waits)."""

    def __init__(self, bus: Any, registry: TagRegistry, setup: Setup, *, table: str = "t1",
                 journal: Callable[[Action], None] | None = None, game: Game | None = None,
                 journal_meta: JournalMeta | None = None, hub_thread: str = "own") -> None:
        self.registry = registry
        self.citadels = CitadelsAdapter(registry)  # the hosted game's adapter, with its Citadels-only methods
        super().__init__(bus, self.citadels, game if game is not None else Game.new(setup), table=table,
                         journal=journal, journal_meta=journal_meta, hub_thread=hub_thread, history_of=public_history)
        self.citadels.game_names = lambda: tuple(self.game.setup.names)  # what the displays call the players

    @property
    def city_uid(self) -> dict[str, int]:
        """Physical copies built: tag UID -> seat."""
        return self.citadels.city_uid

    def adjust_gold(self, seat: int, delta: int, reason: str) -> dict[str, Any]:
        """The gold correction the admin page makes (`hub.games.citadels.plugin.GOLD`)."""
        return self.correct(adjust_gold(seat, delta, reason))

