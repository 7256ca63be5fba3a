"""One seat's behaviour: poll the reader, track cards and buttons, number the events
and hand them to the link, keep the reader healthy. Hardware comes in ready-made so the
same code runs on the board and in host tests.

Inventory: the cards found by the first good poll after boot were lying there already
and are never `added`; instead every boot starts with an `inventory` event, and each
(re)connect gets one too, queued behind the events still waiting in the outbox (so the
hub applies the backlog in order, then reconciles with the reader's state now). An
inventory waits while the reader is faulty or holds two cards: it must be the truth.
"""

import json

from buttons import Button
from presence import Presence
from pn532 import ReaderError

FIRMWARE_VERSION = "1.5.0"
HUB_UNREACHABLE = ["No link to the hub", "Reconnecting...", "Your cards and moves", "are kept"]
HUB_OFFLINE = ["The hub is offline", "Wait: the game goes", "on when it is back", "Moves are kept"]
HUB_WAITING = ["Waiting for the hub", "(no hub status on", "the broker yet)"]
HUB_SILENT_MS = 3000   # a retained status arrives at once after subscribing: none this long, no hub


class Seat:
    def __init__(self, cfg, device, boot, reader, button_pins, feedback, link, clock, log):
        timing = cfg["timing"]
        self.timing = timing
        self.device = device
        self.boot = boot
        self.reader = reader
        self.feedback = feedback
        self.link = link
        self.clock = clock
        self.log = log
        self.display_name = None
        display = cfg.get("display")
        if display:
            self.display_name = "ssd1306-%dx%d" % (display.get("width", 128), display.get("height", 64))
        self.presence = Presence(timing["remove_after_ms"], timing["remove_after_misses"])
        self.buttons = []
        for pin in button_pins:   # (name, read) or (name, read, watch): hw.button_readers
            button = Button(pin[0], timing["debounce_ms"], timing["long_press_ms"])
            self.buttons.append((button, pin[1]))
            if len(pin) > 2:
                pin[2](button.edge)   # bound once here: the interrupt calls it without allocating
        self.seq = 0
        self.reader_ok = False
        self.reader_fault = None       # detail of the reported fault, or None
        self.reader_failures = 0       # consecutive
        self.reader_errors = 0         # total since boot
        self.reinits = 0
        self._next_poll = 0
        self._next_reinit = 0
        self.baseline = False          # the first good poll after boot has run
        self.inventory_due = True      # each boot starts with an inventory
        self._inventory_seq = 0
        self.multiple = False          # multiple_cards fault reported, not yet recovered
        self._single_polls = 0         # good polls with <= 1 card since then
        self._single_since = 0
        self._refused = None           # the certificate refusal shown on the display
        link.hello = self.hello
        link.on_connect = self._on_connect
        link.clock = clock.now
        link.on_command = lambda payload: feedback.apply(payload, clock.now())
        link.on_drops = self._report_drops

    def hello(self):
        return {"v": 1, "device": self.device, "boot": self.boot, "fw": FIRMWARE_VERSION,
                "reader": self.reader.transport.name, "buttons": ["a", "b", "ok"],
                "display": self.display_name, "dropped": self.link.outbox.dropped,
                "inventory": True, "alive_s": self.link.alive_s}

    def emit(self, kind, **fields):
        self.seq += 1
        event = {"v": 1, "device": self.device, "boot": self.boot, "seq": self.seq,
                 "t": self.clock.now(), "type": kind}
        event.update(fields)
        self.link.queue(self.seq, json.dumps(event))
        return self.seq

    def _on_connect(self):
        """After every connect: an inventory, unless the newest event already is one the
        broker has not acknowledged (it goes out after the backlog and is still current)."""
        pending = self.seq == self._inventory_seq and self._inventory_seq in self.link.outbox.keys()
        if not pending:
            self.inventory_due = True

    def _report_drops(self, count):
        self.emit("fault", what="queue", detail="%d events dropped while offline" % count,
                  dropped=count)
        self.emit("recovered", what="queue")

    def _reader_failed(self, exc, now):
        self.reader_errors += 1
        self.reader_failures += 1
        self.log("reader: %s" % exc)
        if self.reader_failures >= self.timing["reader_failures"]:
            self.reader_ok = False
            if self.reader_fault is None:
                self.reader_fault = str(exc)[:128] or "reader error"
                self.emit("fault", what="reader", detail=self.reader_fault)

    def _poll_reader(self, now):
        if not self.reader_ok:
            if now < self._next_reinit:
                return
            self.reinits += 1
            try:
                self.reader.begin()
            except ReaderError as exc:   # bus errors (OSError) arrive as ReaderError too
                self._next_reinit = now + min(500 * self.reinits, 5000)
                self._reader_failed(exc, now)
                return
            self.reader_ok = True
        try:
            uids = self.reader.scan()
        except ReaderError as exc:
            self._reader_failed(exc, now)
            return
        self.reader_failures = 0
        self.reinits = 0
        if self.reader_fault is not None:
            self.reader_fault = None
            self.presence.restart_misses()
            self.emit("recovered", what="reader")
        now = self.clock.now()
        if self._one_card_at_most(uids, now):
            if not self.baseline:   # first trustworthy poll: what lies there is no tap
                self.baseline = True
                self.presence.seed(uids, now)
            for edge, uid in self.presence.update(uids, now):
                self.emit("tag", edge=edge, uid=uid)
            if self.inventory_due:
                self.inventory_due = False
                self._inventory_seq = self.emit("inventory", uids=self.presence.present())

    def _one_card_at_most(self, uids, now):
        """Two cards on one antenna: which one the player means is unclear, so the seat
        says so (fault multiple_cards) and reports no edge until one card remains for
        as long as a removal takes to confirm (no fault/recovered flapping)."""
        if len(uids) > 1:
            self._single_polls = 0
            if not self.multiple:
                self.multiple = True
                self.emit("fault", what="multiple_cards", detail="%d cards" % len(uids))
            return False
        if not self.multiple:
            return True
        if not self._single_polls:
            self._single_since = now
        self._single_polls += 1
        if (self._single_polls < self.timing["remove_after_misses"]
                or now - self._single_since < self.timing["remove_after_ms"]):
            return False
        self.multiple = False
        self.presence.restart_misses()
        self.emit("recovered", what="multiple_cards")
        return True

    def _show_refusal(self):
        """A broker certificate that does not cover the address dialled is said on the display
        too (the log says it at every attempt): otherwise the seat retries forever, silently."""
        client = getattr(self.link, "client", None)
        refused = getattr(client, "refused", None)
        if refused != self._refused:
            self._refused = refused
            if refused:
                self.feedback.show_text(["Broker cert refused", "for %s" % getattr(client, "server", "?"),
                                         "make-ca.sh must", "name this address"])

    def _show_hub_away(self):
        """A seat is never silent: while it cannot reach the hub, or the hub's status says
        `offline` (its will: it stopped or crashed), the display says so instead of the
        hub's last lines, which may be stale (a prompt nobody can answer now)."""
        if self._refused:
            notice = None   # the certificate refusal says more
        elif not self.link.connected:
            notice = HUB_UNREACHABLE
        elif self.link.hub_online is False:
            notice = HUB_OFFLINE
        elif self.link.hub_online is None and self.clock.now() - self.link.connected_ms >= HUB_SILENT_MS:
            notice = HUB_WAITING   # no hub status at all: a hub never started on this broker
        else:
            notice = None
        self.feedback.set_notice(notice)

    def step(self):
        """One pass of the main loop; never blocks for long."""
        now = self.clock.now()
        if now >= self._next_poll:
            self._next_poll = now + self.timing["poll_ms"]
            self._poll_reader(now)
        for button, read in self.buttons:
            press = button.update(read(), now)
            if press == "short":
                self.emit("button", button=button.name)
            elif press == "long":
                self.emit("button", button=button.name, press="long")
        if self.link.wants_alive(self.clock.now()):
            self.emit("alive")   # keeps the hub's liveness timer fed (docs/protocol.md)
        self.link.service(self.clock.now())
        self._show_refusal()
        self._show_hub_away()
        self.feedback.set_offline(not self.link.connected)
        self.feedback.tick(self.clock.now())
