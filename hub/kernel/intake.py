"""Intake: every message a seat sends (status, hello, event), from the bus or a serial
reader, taken in on the hub thread. Every input gets an answer on the seat's ``cmd``
topic: accepted, refused with the reason, or "not your turn". A card lying on a reader
since before (a reboot, an inventory) is never a move."""

from __future__ import annotations

import logging
import threading
import time

from hub.protocol import MULTIPLE_CARDS, ProtocolError, SeatEvent, parse_event, parse_hello, parse_status, parse_topic

from .cursor import GO_BACK, Menu, decision_of
from .flood import BACK, DROP, FLOODING, OVER, topic_seat
from .interfaces import G, Refusal
from .referee import Referee
from .seat_output import say

log = logging.getLogger("hub.table")


class Intake(Referee[G]):
    """Seat messages -> readers, presence, moves."""

    def _on_message(self, topic: str, payload: bytes) -> None:
        budget = self.seat_budget
        if budget is not None and (seat := topic_seat(topic)) is not None:
            verdict = budget.take(seat)  # on the transport's thread: a flood is never queued
            if verdict == DROP:
                return
            if verdict in (OVER, BACK):
                kind = "reader_fault" if verdict == OVER else "reader_recovered"
                self.loop.post("flood", lambda: self._flood_noted(seat, kind), wait=self.transport_waits)
                if verdict == OVER:
                    return
        self.loop.post("message", lambda: self._take_message(topic, payload), wait=self.transport_waits)

    def _flood_noted(self, seat: int, kind: str) -> None:
        """A seat sent more than its budget (`hub.kernel.flood`): said like a reader fault."""
        if seat > self.game.n:
            return
        self.counters["flooding" if kind == "reader_fault" else "flooding_recovered"] += 1
        self._note({"kind": kind, "seat": seat, "what": FLOODING})

    def feed(self, topic: str, payload: bytes) -> None:
        """Inject a seat message as if it came from the bus (serial readers use this)."""
        self.loop.submit("message", lambda: self._take_message(topic, payload))

    def _take_message(self, topic: str, payload: bytes) -> None:
        try:
            table, seat, kind = parse_topic(topic)
        except ProtocolError as exc:
            self.counters[f"refused_{exc.code}"] += 1
            return
        if seat is None or table != self.table:
            return
        if seat > self.game.n:
            self._unknown_seat(seat, kind, payload)
            return
        if self.presence.heard_from(seat, self.clock()) and kind != "status":
            self._seat_back(seat)
        if kind == "event":  # the usual message first
            self._seat_event(seat, payload)
        elif kind == "status":
            self._presence(seat, payload)
        elif kind == "hello":
            try:
                hello = parse_hello(payload)
            except ProtocolError as exc:
                self.counters[f"refused_{exc.code}"] += 1
                return
            self.devices[seat] = hello.device
            self.presence.declared(seat, hello.alive_s)
            if hello.alive_s is not None:
                self._watch_liveness()
            self.readers.hello(seat, hello.device, hello.boot, hello.inventory)
            self._restore(seat)

    def _unknown_seat(self, seat: int, kind: str, payload: bytes) -> None:
        """A seat this game has not: refused, its event answered (`ref`) so the device
        forgets it, and its heartbeat only acknowledged (no beep every few seconds)."""
        event = None
        if kind == "event":
            try:
                event = parse_event(payload)
            except ProtocolError:
                pass
        if event is not None and event.type == "alive":
            self._acknowledge(seat, event)
            return
        self.counters["refused_unknown_seat"] += 1
        self._send(seat, led="red", beep="error", text=self._lines(say("no_seat", seat=seat)),
                   ref=event.seq if event is not None else None, code="unknown_seat")

    def _presence(self, seat: int, payload: bytes) -> None:
        try:
            state = parse_status(payload)
        except ProtocolError as exc:
            self.counters[f"refused_{exc.code}"] += 1
            return
        if state == "online":
            self._restore(seat)  # a seat (re)connecting shows a blank display: give it back
        if self.presence.seen(seat, state == "online"):
            if self.presence.holding():  # an unsteady seat: its resume is announced when due
                self._watch_liveness()
            self.publish_view([])

    def _seat_event(self, seat: int, payload: bytes) -> None:
        try:
            event = parse_event(payload)
        except ProtocolError as exc:
            self.counters[f"refused_{exc.code}"] += 1
            self._send(seat, led="red", beep="error", text=self._lines(say("bad_message"), exc.message), code=exc.code)
            return
        if not self.seen.first_time(seat, event.device, event.boot, event.seq):
            self.counters["duplicate"] += 1
            self._answer_again(seat, event)
            return
        self.counters["events"] += 1
        kind = event.type
        if kind == "alive":  # a heartbeat: heard (above); answered so the seat forgets it
            self._acknowledge(seat, event)
            return
        self.readers.booted(seat, event.device, event.boot)
        if kind == "button":  # the usual events first: a button, a card laid or lifted
            self.readers.other_event(seat)
            if self.paused:
                self._refuse(seat, event, Refusal("paused", self.pause_text()))
            else:
                self._button(seat, event)
        elif kind == "tag":
            if event.edge == "removed":
                if not self._card_lifted(seat, event):
                    self._acknowledge(seat, event)
            else:
                self._card_reported(seat, event)
        elif kind == "inventory":
            self._inventory(seat, event)
        elif not self._reader_fault(seat, event):  # a fault or its recovery (parse_event knows no other)
            self._acknowledge(seat, event)

    def _card_reported(self, seat: int, event: SeatEvent) -> None:
        """A card reported on the reader: a move if it is new there (not lying there since
        a reboot, not the card left after "One card at a time") and the table is not paused."""
        assert event.uid is not None
        placement = self.readers.added(seat, event.uid)
        if placement == "left":  # the card left after "One card at a time": said, not played
            self.counters["card_left"] += 1
            self._lift_shown.add(seat)
            self._send(seat, led="amber", beep="error", text=self._lines(say("card_left"), say("card_left_lift")), ref=event.seq,
                       code="card_left")
        elif placement != "new":  # re-reported after a reboot, or reported twice: not a move
            self.counters[f"card_{placement}"] += 1
            self._restore(seat, ref=event.seq)
        elif self.paused:
            self._refuse(seat, event, Refusal("paused", self.pause_text()))
        else:
            self._card_placed(seat, event)

    # ------------------------------------------------------------------ what lies on a reader
    def _inventory(self, seat: int, event: SeatEvent) -> None:
        """Cards lying on the reader at (re)connect: never moves. If they fit the table
        (`misplaced` is empty) nothing happens; otherwise the seat is told what to lift."""
        assert event.uids is not None
        self.readers.inventory(seat, event.uids)
        self.counters["inventories"] += 1
        self._restore(seat, ref=event.seq)

    def _card_lifted(self, seat: int, event: SeatEvent) -> bool:
        """True if the seat was answered (its prompt back, once a card to lift is gone)."""
        assert event.uid is not None
        self.readers.removed(seat, event.uid)
        if seat in self._lift_shown and not self.misplaced(seat):
            self._restore(seat, ref=event.seq)  # fixed: the prompt comes back
            return True
        return False

    def _reader_fault(self, seat: int, event: SeatEvent) -> bool:
        """True if the seat was answered (two cards on its reader, or gone again)."""
        self.counters[event.type] += 1
        self.readers.other_event(seat)
        answered = event.what == MULTIPLE_CARDS
        if answered:
            self.readers[seat].too_many = event.type == "fault"
            if event.type == "recovered":
                self.readers.many_recovered(seat)
            self._restore(seat, ref=event.seq)
        self._note({"kind": "reader_" + event.type, "seat": seat, "what": event.what})
        return answered

    # ------------------------------------------------------------------ delivery and liveness
    def _acknowledge(self, seat: int, event: SeatEvent) -> None:
        """Answer an event that changes nothing the seat shows: a command with only its
        `ref` (a device keeps every event until the hub answers it)."""
        self._send(seat, ref=event.seq)

    def _answer_again(self, seat: int, event: SeatEvent) -> None:
        """A duplicate: the seat sent it again because no answer reached it, so it gets
        what it should show now (no beep: nothing new happened), with the `ref` it waits for."""
        shown = self._shown(seat)
        in_view = self._cursor_hidden.get(seat) != decision_of(self.game)  # as it was: OK does what it did
        self._send(seat, led=shown["led"], text=list(shown["text"]), ref=event.seq, shows_option=in_view)

    def _seat_back(self, seat: int) -> None:
        """A seat taken offline by its silence spoke again: online (the game resumes if it waited)."""
        if self.presence.seen(seat, True):
            log.info("seat %d speaks again after its silence", seat)
            self.publish_view([])

    def _watch_liveness(self) -> None:
        """Once a seat has declared a heartbeat (or flapped, see hub.kernel.presence): check
        every second, on the hub thread, whether a seat broke its promise or a held resume
        is due (only with a hub thread of the table's own)."""
        if self._liveness is not None or not self.loop.own:
            return

        def watch() -> None:
            while not self.loop.stopped:
                time.sleep(1.0)
                self.loop.post("liveness", self._check_silence)

        self._liveness = threading.Thread(target=watch, name="hub-liveness", daemon=True)
        self._liveness.start()

    def _check_silence(self) -> None:
        for seat in self.presence.fallen_silent(self.clock()):
            self.counters["silent_offline"] += 1
            log.warning("seat %d said nothing for %.0f s: offline", seat, self.presence.allowed_silence[seat])
            self.publish_view([])
        if self.presence.edge_due(self.game.pending):  # an unsteady seat has stayed back: resume
            self.publish_view([])

    # ------------------------------------------------------------------ moves
    def _card_placed(self, seat: int, event: SeatEvent) -> None:
        assert event.uid is not None
        try:
            action = self.adapter.card_action(self.game, seat, event.uid)
        except self.refusal_types as exc:
            self._keep_learned()  # e.g. a card entered by hand, read at last on its owner's reader
            self._refuse(seat, event, exc)
            return
        self._try(seat, action, event, uid=event.uid)

    def _button(self, seat: int, event: SeatEvent) -> None:
        pending = self.game.pending
        if pending is None or pending.seat != seat:
            who = "nobody" if pending is None else f"seat {pending.seat}"
            code = "no_decision" if pending is None else "not_your_turn"
            short = say("no_decision") if pending is None else say("not_your_turn", seat=pending.seat)
            self._refuse(seat, event, Refusal(code, f"no decision for you now ({who} decides)", short))
            return
        options = self.cursors.options(self.game, seat)
        if not options:
            self._refuse(seat, event, Refusal("use_card", "place a card on your reader"))
            return
        hidden_at = self._cursor_hidden.pop(seat, None)
        unknown_at = self._cursor_unknown.pop(seat, None)  # the first press to a restarted hub (Table.start)
        decision = decision_of(self.game)
        hidden = (hidden_at is not None and hidden_at == decision) or (unknown_at is not None and unknown_at == decision)
        button = event.button
        if button == "a" or button == "b" or hidden:  # OK while the option is not in view: shown first
            if button == "a" or button == "b":
                self.cursors.move(self.game, seat, 1 if button == "a" else -1)
            self.displays.prompted(decision_of(self.game), [])  # the notes were read: not shown again
            self._send_display(seat, self._compose(seat, [], numbered=True), led="blue", beep="none", ref=event.seq)
            return
        option = options[self.cursors.position(self.game, seat)]
        if isinstance(option, Menu) or option is GO_BACK:  # a part of the value taken (or taken back): nothing applied
            if option is GO_BACK:
                self.cursors.back(self.game, seat)
            else:
                self.cursors.open(self.game, seat)
            self.displays.prompted(decision_of(self.game), [])
            self._send_display(seat, self._compose(seat, [], numbered=True), led="blue", beep="ok", ref=event.seq)
            return
        self._try(seat, option, event)
