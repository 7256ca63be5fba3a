"""Intake: every message a seat sends (status, hello, event), from the bus or a serial
reader, taken in on the hub thread. Every input gets an answer on the seat's ``cmd``
topic: accepted, refused with the reason, or "not your turn". A card lying on a reader
since before (a reboot, an inventory) is never a move."""

from __future__ import annotations

from hub.protocol import MULTIPLE_CARDS, ProtocolError, SeatEvent, parse_event, parse_hello, parse_status, parse_topic

from .interfaces import G, Refusal
from .referee import Referee
from .seat_output import say


class Intake(Referee[G]):
    """Seat messages -> readers, presence, moves."""

    def _on_message(self, topic: str, payload: bytes) -> None:
        self.loop.post("message", lambda: self._take_message(topic, payload), wait=self.transport_waits)

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
            self.counters["refused_unknown_seat"] += 1
            self._send(seat, led="red", beep="error", text=self._lines(say("no_seat", seat=seat)),
                       code="unknown_seat")
            return
        if kind == "status":
            self._presence(seat, payload)
        elif kind == "hello":
            try:
                hello = parse_hello(payload)
            except ProtocolError as exc:
                self.counters[f"refused_{exc.code}"] += 1
                return
            self.devices[seat] = hello.device
            self.readers.hello(seat, hello.device, hello.boot, hello.inventory)
            self._restore(seat)
        elif kind == "event":
            self._seat_event(seat, payload)

    def _presence(self, seat: int, payload: bytes) -> None:
        try:
            state = parse_status(payload)
        except ProtocolError as exc:
            self.counters[f"refused_{exc.code}"] += 1
            return
        if state == "online":
            self._restore(seat)  # a seat (re)connecting shows a blank display: give it back
        if self.presence.seen(seat, state == "online"):
            self.publish_view([])

    def _seat_event(self, seat: int, payload: bytes) -> None:
        try:
            event = parse_event(payload)
        except ProtocolError as exc:
            self.counters[f"refused_{exc.code}"] += 1
            self._send(seat, led="red", beep="error", text=self._lines(say("bad_message"), exc.message), code=exc.code)
            return
        if not self.seen.first_time(event.device, event.boot, event.seq):
            self.counters["duplicate"] += 1
            return
        self.counters["events"] += 1
        self.readers.booted(seat, event.device, event.boot)
        if event.type == "inventory":
            self._inventory(seat, event)
            return
        if event.type in ("fault", "recovered"):
            self._reader_fault(seat, event)
            return
        if event.type == "tag" and event.edge == "removed":
            self._card_lifted(seat, event)
            return
        if event.type == "tag":
            assert event.uid is not None
            placement = self.readers.added(seat, event.uid)
            if placement != "new":  # re-reported after a reboot, or reported twice: not a move
                self.counters[f"card_{placement}"] += 1
                self._restore(seat, ref=event.seq)
                return
        else:
            self.readers.other_event(seat)
        if self.paused:
            self._refuse(seat, event, Refusal("paused", self.pause_text()))
            return
        if event.type == "tag":
            self._card_placed(seat, event)
        else:
            self._button(seat, event)

    # ------------------------------------------------------------------ what lies on a reader
    def _inventory(self, seat: int, event: SeatEvent) -> None:
        """Cards lying on the reader at (re)connect: never moves. If they fit the table
        (`misplaced` is empty) nothing happens; otherwise the seat is told what to lift."""
        assert event.uids is not None
        self.readers.inventory(seat, event.uids)
        self.counters["inventories"] += 1
        self._restore(seat, ref=event.seq)

    def _card_lifted(self, seat: int, event: SeatEvent) -> None:
        assert event.uid is not None
        self.readers.removed(seat, event.uid)
        if seat in self._lift_shown and not self.misplaced(seat):
            self._restore(seat, ref=event.seq)  # fixed: the prompt comes back

    def _reader_fault(self, seat: int, event: SeatEvent) -> None:
        self.counters[event.type] += 1
        self.readers.other_event(seat)
        if event.what == MULTIPLE_CARDS:
            self.readers[seat].too_many = event.type == "fault"
            self._restore(seat, ref=event.seq)
        self._note({"kind": "reader_" + event.type, "seat": seat, "what": event.what})

    # ------------------------------------------------------------------ moves
    def _card_placed(self, seat: int, event: SeatEvent) -> None:
        assert event.uid is not None
        try:
            action = self.adapter.card_action(self.game, seat, event.uid)
        except self.refusal_types as exc:
            self._keep_learned()  # e.g. the card of a district entered by hand, read on its owner's reader
            self._refuse(seat, event, exc)
            return
        self._try(seat, action, event, uid=event.uid)

    def _button(self, seat: int, event: SeatEvent) -> None:
        pending = self.game.pending
        if pending is None or pending.seat != seat:
            who = "nobody" if pending is None else f"seat {pending.seat}"
            code = "no_decision" if pending is None else "not_your_turn"
            self._refuse(seat, event, Refusal(code, f"no decision for you now ({who} decides)"))
            return
        options = self.cursors.options(self.game, seat)
        if not options:
            self._refuse(seat, event, Refusal("use_card", "place a card on your reader"))
            return
        if event.button in ("a", "b"):
            cursor = self.cursors.move(self.game, seat, 1 if event.button == "a" else -1)
            describe = self.adapter.describe(options[cursor])
            self._send(seat, led="blue", beep="none", ref=event.seq,
                       text=self._lines(say("option", i=cursor + 1, n=len(options), option=describe), say("ok_do_it")))
            return
        self._try(seat, options[self.cursors.position(self.game, seat)], event)
