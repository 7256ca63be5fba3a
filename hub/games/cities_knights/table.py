"""The kernel's table hosting Cities & Knights: nothing to add to `hub.kernel.Table` but the adapter."""

from __future__ import annotations

from typing import Any

from hub.engine.cities_knights import Game, Setup
from hub.games.kit.table import journal_failure_text, one_journal
from hub.kernel import Table
from hub.transport import InProcessBus

from .adapter import CitiesKnightsAdapter
from .tags import ProgressTags


def make_table(bus: Any, registry: ProgressTags, setup: Setup, *, table: str = "t1", journal: Any = None,
               journal_meta: Any = None, game: Game | None = None, hub_thread: str = "own",
               **_options: Any) -> Table[Game]:
    return Table(bus, CitiesKnightsAdapter(registry), game if game is not None else Game.new(setup), table=table,
                 journal=one_journal(journal, journal_meta), own_thread=hub_thread == "own",
                 transport_waits=isinstance(bus, InProcessBus), explain_journal_failure=journal_failure_text)
