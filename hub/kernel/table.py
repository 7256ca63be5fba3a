"""The game-neutral table: seats, readers, buttons, presence and pause, dedupe, journal,
display memory, publishing, all driven from one input queue by one hub thread.

It hosts a game through two small interfaces (`hub.kernel.interfaces`): the game itself
(`HostedGame`: who decides, legal actions, apply, views, replay) and a `GameAdapter`
that knows what a card or a button means in that game and what each seat should be told
about its events. Nothing here knows Citadels: `hub.games.citadels` is one such adapter.

`Table` is built in layers, one job a module, each a subclass of the one below (see
`hub.kernel.state`): state, view publishing, journaling, seat output, referee, intake,
requests; here only starting and stopping. Every input gets an answer on the seat's
``cmd`` topic: accepted, refused with the reason, or "not your turn". A card lying on a
reader since before (a reboot, an inventory) is never a move; a seat that (re)connects
gets its display back.
"""

from __future__ import annotations

from hub.bus import ReconnectingBus
from hub.protocol import hub_status_topic, seat_subscription

from .cursor import decision_of
from .hubloop import Input
from .interfaces import G, Journal
from .requests import Requests
from .state import JournalLike, generic_journal_failure


class Table(Requests[G]):
    """One table hosting one game at a time (see the module doc).

    ``Table(bus, adapter, game, *, table="t1", journal=None, own_thread=True,
    transport_waits=False, explain_journal_failure=...)``.

    `journal`: a `Journal` (the store's `Recorder`: each action with its meta, and
    amendments), or a function of the action alone (``list.append``), or None. `own_thread`: True starts a hub thread of its own at `start()`; False makes the
    thread that calls `start()` the hub thread (the in-process simulator: it must call
    `run_pending()` while it waits). `transport_waits`: the bus delivers in the publisher's
    thread (an in-process bus), which then waits for the hub to take the message in, as a
    web request does, so a publish has been handled when it returns; a real broker's
    network thread never waits."""

    def start(self) -> None:
        """Start the hub thread, subscribe to the seats and announce the hub; returns once
        the opening is published. A bus that reconnects by itself (``on_connect``) gets
        `restore_displays` as its hook unless someone already set one: a restarted broker
        has forgotten the retained hub status and view, the seats may have missed commands."""
        self.loop.start()
        self._forget_cursors()
        for kind in ("status", "hello"):
            self.bus.subscribe(seat_subscription(self.table, kind), self._on_message)
        self.bus.subscribe(seat_subscription(self.table, "event"), self._on_message, retained=False)  # a retained event is never a move
        if isinstance(self.bus, ReconnectingBus) and self.bus.on_connect is None:
            self.bus.on_connect = lambda: self.restore_displays(wait=False)
        self.loop.submit("start", self._open, wait=True)

    def _forget_cursors(self) -> None:
        """A game resumed (this hub restarted): the cursor of the hub before went with it,
        and an OK pressed on its display, in flight as it went down (held by the broker or
        the seat), would take this hub's first option instead of the one the person saw.
        So the deciding seat's first OK to this hub only shows its option (as after notes
        over the prompt), and the next says it. Before the seats' events can come in."""
        if self.game.log:
            for seat in range(1, self.game.n + 1):
                if self._decides(seat):
                    self._cursor_unknown[seat] = decision_of(self.game)

    def _open(self) -> None:
        """The hub is online: the opening, then every seat's display."""
        self.bus.publish(hub_status_topic(self.table), b"online", qos=1, retain=True)
        self.publish_view(self._opening_events())
        self._restore_all()

    def stop(self) -> None:
        """Stop taking inputs, let the one being applied finish, then say ``offline``.
        A seat message arriving while the bus closes is dropped, not applied half-way."""
        self.loop.stop()
        try:
            self.bus.publish(hub_status_topic(self.table), b"offline", qos=1, retain=True)
        except Exception:  # noqa: BLE001 - the broker may already be gone
            pass

    def run_pending(self) -> None:
        """Caller mode: take in what other threads queued (call it from the hub thread)."""
        self.loop.run_pending()

    def serve_for(self, seconds: float) -> None:
        """Caller mode: answer other threads' inputs as they arrive, for `seconds`."""
        self.loop.serve_for(seconds)

    def settle(self) -> None:
        """Return once every input queued so far has been taken in, its listeners told
        (a simulated player acts on a settled table, as a person waits for the prompt).
        On the hub thread itself there is nothing to wait for."""
        if not self.loop.on_hub_thread():
            self.loop.ask("settle", lambda: None)

    def handled(self, device: str, boot: int, seq: int) -> bool:
        """Whether this seat event has been taken in (asked through the input queue, so
        every earlier input is done): a simulated seat whose answer was lost in a broker
        outage asks this instead of waiting forever."""
        return self.loop.ask("handled", lambda: self.seen.taken(None, device, boot, seq)) is True


__all__ = ["Input", "Journal", "JournalLike", "Table", "generic_journal_failure"]
