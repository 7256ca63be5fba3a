"""``citadels-hub enroll``: pair every physical card with its RFID tag, one tap at a time."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, TextIO

from hub.protocol import ProtocolError, cmd_topic, event_topic, make_command, parse_event

from . import texts
from .registry import Enrollment, TagRegistry


class EnrollmentSession:
    """Reads one seat's reader over the bus, asks for each card in turn, saves after each."""

    def __init__(self, bus: Any, path: str | Path, seat: int, table: str = "t1", deck: str = "classic",
                 out: TextIO | None = None) -> None:
        self.bus = bus
        self.path = Path(path)
        self.seat = seat
        self.table = table
        self.out = out
        registry = TagRegistry.load(self.path) if self.path.exists() else TagRegistry.empty(deck)
        self.enrollment = Enrollment(registry)
        self.finished = threading.Event()
        self._cmd = 0
        self._seen: set[tuple[str, int, int]] = set()

    def start(self) -> None:
        self.bus.subscribe(event_topic(self.table, self.seat), self._on_event)
        self._tell(self.enrollment.prompt(), led="blue")
        if self.enrollment.done:
            self.finished.set()

    def _on_event(self, topic: str, payload: bytes) -> None:
        try:
            event = parse_event(payload)
        except ProtocolError as exc:
            self._tell(f"Bad message from the reader: {exc.message}", led="red")
            return
        if event.key in self._seen or event.type != "tag" or event.edge != "added" or event.uid is None:
            return
        self._seen.add(event.key)
        ok, message = self.enrollment.offer(event.uid)
        if ok:
            self.enrollment.registry.save(self.path)  # resumable: saved after every card
        self._tell(message, led="green" if ok else "red")
        self._tell(self.enrollment.prompt(), led="blue")
        if self.enrollment.done:
            self.finished.set()

    def _tell(self, line: str, led: str) -> None:
        if self.out is not None:
            print(line, file=self.out, flush=True)
        self._cmd += 1
        beep = {"green": "ok", "red": "error"}.get(led, "none")
        self.bus.publish(cmd_topic(self.table, self.seat),
                         make_command(self._cmd, led=led, beep=beep, text=texts.lines(line)), qos=1)
