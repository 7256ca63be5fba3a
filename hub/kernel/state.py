"""What every part of a table shares: the bus, the hosted game and its adapter, the
journal, and the table's memory of its seats (presence, readers, displays, dedupe).

`Table` (hub/kernel/table.py) is built in layers, one job each, every layer a subclass of
the one below: this state; `ViewPublisher` (the public view and listeners); `Journaling`
(apply and journal); `SeatOutput` (what each seat's display shows); `Referee` (try a move,
answer or refuse it); `Intake` (seat messages); `Requests` (phones and the admin); the
`Table` itself (start and stop). Everything above runs on the hub thread.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, Generic

from hub.bus import Bus
from hub.errors import HubError
from hub.protocol import hub_events_topic, public_topic

from .cursor import ButtonCursors
from .dedupe import SeenEvents
from .displays import SeatDisplays
from .flood import SeatBudget
from .hubloop import HubLoop
from .interfaces import G, GameAdapter, Journal, Refusal, as_journal
from .presence import Presence
from .publishing import Listeners
from .readers import Readers
from .view_publisher import LazyPublisher, PublishedView

JournalLike = Journal | Callable[[Any], None]
"""A `Journal`, or a function of the action alone (made one by `as_journal`)."""


def generic_journal_failure(exc: BaseException) -> str:
    return "the game record cannot be written (see the hub's log); no more moves are accepted"


class TableState(Generic[G]):
    """The state of one table hosting one game at a time (see `Table` for the arguments)."""

    def __init__(self, bus: Bus, adapter: GameAdapter[G], game: G, *, table: str = "t1",
                 journal: JournalLike | None = None, own_thread: bool = True, transport_waits: bool = False,
                 explain_journal_failure: Callable[[BaseException], str] = generic_journal_failure) -> None:
        self.bus = bus
        self.adapter = adapter
        self.game = game
        self.table = table
        self.journal = journal  # a function of the action is made a Journal (the setter)
        self.explain_journal_failure = explain_journal_failure
        self.transport_waits = transport_waits
        self.seat_budget: SeatBudget | None = None  # what one seat may send (`run` sets it: hub.kernel.flood)
        self.on_new_game: Callable[[Any], JournalLike | None] | None = None  # gets the new setup, returns its journal
        self.store_error: str | None = None  # set when the journal failed: no more actions accepted
        self.counters: Counter[str] = Counter()
        self.presence = Presence(lambda: self.clock())  # which readers are online, the admin's pause
        self.devices: dict[int, str] = {}
        self.listeners = Listeners()
        self.seen = SeenEvents()
        self.readers = Readers()  # what lies on each seat's reader
        self.displays = SeatDisplays()  # what each seat's LED and display show
        self.loop = HubLoop(own=own_thread, on_error=lambda _item: self.counters.update(["internal_error"]))
        self.cursors = ButtonCursors(lambda game, seat: self.adapter.button_options(game, seat))
        self._cmd_id = 0
        self._lift_shown: set[int] = set()  # seats told to lift a card; their prompt returns once it is gone
        self._pause_shown: str | None = None  # why the table is paused, as every seat's display says it
        self._showing_pause: set[int] = set()  # seats whose display says the table is paused
        self._turn_refused: dict[int, int | None] = {}  # seat told "not your turn" -> who decided then
        self._cursor_hidden: dict[int, Any] = {}  # seat -> the decision whose cursor option a refusal hid
        self._cursor_unknown: dict[int, Any] = {}  # seat -> the decision whose cursor went with the hub before (Table.start)
        self._cmd_topics: dict[int, str] = {}  # seat -> its cmd topic, checked once
        self._public_topic = public_topic(table)
        self._events_topic = hub_events_topic(table)
        self._view: PublishedView | None = None  # the public view last published, while current
        self._publisher = LazyPublisher(bus)  # the view and hub events, made only when read if the bus can
        self._liveness: threading.Thread | None = None  # checks the seats' heartbeats, once one declared it
        self.clock: Callable[[], float] = time.monotonic  # the liveness clock (seconds)

    @property
    def journal(self) -> Journal | None:
        """Where each action that stands is written before it is announced (None: nowhere)."""
        return self._journal

    @journal.setter
    def journal(self, journal: JournalLike | None) -> None:
        self._journal = as_journal(journal)

    @property
    def refusal_types(self) -> tuple[type[HubError], ...]:
        """The coded errors that refuse an input: the kernel's and the game's."""
        return (Refusal, *self.adapter.refusals)

    @property
    def recent(self) -> Any:
        return self.listeners.recent

    @property
    def answer_timeout_s(self) -> float:
        """How long a phone or admin request waits for the table."""
        return self.loop.timeout_s

    @answer_timeout_s.setter
    def answer_timeout_s(self, seconds: float) -> None:
        self.loop.timeout_s = seconds

    # ------------------------------------------------------------------ presence and pause
    @property
    def online(self) -> dict[int, bool]:
        """Each seat's reader: online or not, as it last said (absent: never heard)."""
        return self.presence.online

    @property
    def paused(self) -> bool:
        return self.presence.paused(self.game.pending)

    def pause_text(self) -> str:
        """Why the table is paused ("" when it is not)."""
        return self.presence.pause_text(self.game.pending)
