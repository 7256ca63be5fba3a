"""The kernel's table hosting Nim: nothing to add to `hub.kernel.Table` but the adapter."""

from __future__ import annotations

from typing import Any

from hub.engine.nim import NimGame, NimSetup
from hub.games.plugin import journal_failure_text, one_journal
from hub.kernel import Table
from hub.transport import InProcessBus

from .adapter import NimAdapter
from .cards import StoneTags


def make_table(bus: Any, registry: StoneTags, setup: NimSetup, *, table: str = "t1", journal: Any = None,
               journal_meta: Any = None, game: NimGame | None = None, hub_thread: str = "own") -> Table[NimGame]:
    return Table(bus, NimAdapter(registry), game if game is not None else NimGame(setup), table=table,
                 journal=one_journal(journal, journal_meta), own_thread=hub_thread == "own",
                 transport_waits=isinstance(bus, InProcessBus), explain_journal_failure=journal_failure_text)
