"""One seat's behaviour: poll the reader, track cards and buttons, number the events
and hand them to the link, keep the reader healthy. Hardware comes in ready-made so the
same code runs on the board and in host tests.
"""

import json

from buttons import Button
from presence import Presence
from pn532 import ReaderError

FIRMWARE_VERSION = "1.0.0"


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
        self.buttons = [(Button(name, timing["debounce_ms"], timing["long_press_ms"]), read)
                        for name, read in button_pins]
        self.seq = 0
        self.reader_ok = False
        self.reader_fault = None       # detail of the reported fault, or None
        self.reader_failures = 0       # consecutive
        self.reader_errors = 0         # total since boot
        self.reinits = 0
        self._next_poll = 0
        self._next_reinit = 0
        link.hello = self.hello
        link.on_command = lambda payload: feedback.apply(payload, clock.now())
        link.on_drops = self._report_drops

    def hello(self):
        return {"v": 1, "device": self.device, "boot": self.boot, "fw": FIRMWARE_VERSION,
                "reader": self.reader.transport.name, "buttons": ["a", "b", "ok"],
                "display": self.display_name, "dropped": self.link.outbox.dropped}

    def emit(self, kind, **fields):
        self.seq += 1
        event = {"v": 1, "device": self.device, "boot": self.boot, "seq": self.seq,
                 "t": self.clock.now(), "type": kind}
        event.update(fields)
        self.link.queue(self.seq, json.dumps(event))

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
            except ReaderError as exc:
                wait = min(500 * self.reinits, 5000)
                self._next_reinit = now + wait
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
            self.emit("recovered", what="reader")
        for edge, uid in self.presence.update(uids, self.clock.now()):
            self.emit("tag", edge=edge, uid=uid)

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
        self.link.service(self.clock.now())
        self.feedback.tick(self.clock.now())
