"""The kernel's table hosting one game (`hub.kernel.Table`): the one ``Table(...)`` call
every game made, with the game log the scoreboard reads (undos told where they happened)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hub.kernel import GameAdapter, Journal, JournalFunction, Table
from hub.kernel.interfaces import G
from hub.kernel.undo import history_with_undos
from hub.transport import InProcessBus

JournalMeta = Journal | Callable[[Any, dict[str, Any]], None]
"""A journal of each action with its meta: the store's `Recorder`, or a function of (action, meta)."""


def one_journal(journal: Callable[[Any], None] | None, journal_meta: JournalMeta | None) -> Any:
    """The kernel's one journal from a game table's two arguments: `journal_meta` (a
    `Journal`, or a function of (action, meta)) if given, else `journal` (a function of the
    action alone, which the kernel takes as it is)."""
    if journal_meta is None:
        return journal
    return journal_meta if isinstance(journal_meta, Journal) else JournalFunction(journal_meta)


def journal_failure_text(exc: BaseException) -> str:
    """What everyone may read about a journal failure: the store's own explanation, which
    names the file and the fix and never an action (``exc.public``), or a generic line."""
    if getattr(exc, "public", False):
        return f"the game record cannot be written: {getattr(exc, 'message', exc)}"
    return "the game record cannot be written (see the hub's log); no more moves are accepted"


HistoryOf = Callable[[Any, list[Any]], list[dict[str, Any]]]
"""(setup, a log of actions that all stand) -> its public events (each with its ``round``)."""


class GameTable(Table[G]):
    """One table hosting `adapter`'s game. `hub_thread`: ``"own"`` starts the hub's own
    thread at `start()`; ``"caller"`` makes the caller's thread the hub thread (the
    in-process simulator). `history_of`: the game's public story of a log, for the
    scoreboard's game log (None: the log replayed through the adapter, `replayed`)."""

    def __init__(self, bus: Any, adapter: GameAdapter[G], game: G, *, table: str = "t1",
                 journal: Callable[[Any], None] | None = None, journal_meta: JournalMeta | None = None,
                 hub_thread: str = "own", history_of: HistoryOf | None = None) -> None:
        if hub_thread not in ("own", "caller"):
            raise ValueError(f"hub_thread must be 'own' or 'caller', not {hub_thread!r}")
        self.history_of = history_of or self.replayed
        super().__init__(bus, adapter, game, table=table, journal=one_journal(journal, journal_meta),
                         own_thread=hub_thread == "own", transport_waits=isinstance(bus, InProcessBus),
                         explain_journal_failure=journal_failure_text)

    def history(self) -> list[dict[str, Any]]:
        """Every public event of this game, replayed from its log with its undos (`history_of`).
        The log is copied on the hub thread; the replay runs on the caller's."""
        setup, log = self.game_log()
        history_of = self.history_of
        return history_with_undos(log, self.adapter.undo_reason, lambda standing: history_of(setup, standing))

    def replayed(self, setup: Any, log: list[Any]) -> list[dict[str, Any]]:
        """The public events of a log of standing actions, as the adapter told them: the
        opening (``move`` 0), then each move's, numbered (a game without a story of its own)."""
        game = self.adapter.replay(setup, [])
        events = [{**e, "move": 0} for e in self.adapter.opening_events(game)]
        for move, action in enumerate(log, start=1):  # each move's number: a page tells one move's events from the next
            events += [{**e, "move": move} for e in self.adapter.public_events(game.apply(action))]
        return events


def table_maker(adapter: Callable[[Any, Any], GameAdapter[Any]],
                new_game: Callable[[Any], Any]) -> Callable[..., GameTable[Any]]:
    """A plug-in's ``make_table``: (bus, registry, setup, **table options) -> a `GameTable`
    hosting ``adapter(registry, setup)`` and, unless one is given, ``new_game(setup)``."""

    def make_table(bus: Any, registry: Any, setup: Any, *, game: Any = None, **options: Any) -> GameTable[Any]:
        return GameTable(bus, adapter(registry, setup), game if game is not None else new_game(setup), **options)
    return make_table
