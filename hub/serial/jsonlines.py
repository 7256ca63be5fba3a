"""USB-serial seat readers that speak table protocol v1 as JSON lines.

Why: a microcontroller on USB CDC sends the same event objects as an MQTT seat, one per
line with an added "seat" field, and takes command objects back the same way. The hub
turns each valid line into on_event(seat, event) with the event exactly as on MQTT
(the "seat" field removed); malformed lines are dropped and counted by reason.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import Counter
from typing import Any

import serial

from hub.serial.events import Event, EventCallback
from hub.serial.validate import MAX_LINE_BYTES, command_problem, event_problem
from hub.serial.worker import ReaderThread

log = logging.getLogger(__name__)

DEFAULT_BAUDRATE = 115200
READ_TIMEOUT_S = 0.05
REOPEN_DELAY_S = 1.0


class JsonLineReader(ReaderThread):
    """Reads event lines from `port` (a pyserial URL/path, or an open port) for `seat`."""

    thread_name = "serial-jsonl"

    def __init__(
        self,
        port: str | serial.SerialBase,
        seat: int,
        on_event: EventCallback,
        *,
        baudrate: int = DEFAULT_BAUDRATE,
        reopen_delay: float = REOPEN_DELAY_S,
    ) -> None:
        super().__init__()
        self.seat = seat
        self._on_event = on_event
        self._url = port if isinstance(port, str) else None
        self._port: serial.SerialBase | None = None if isinstance(port, str) else port
        self._baudrate = baudrate
        self._reopen_delay = reopen_delay
        self._pending = bytearray()
        self._skip_to_newline = False
        self._write_lock = threading.Lock()
        self.accepted = 0
        self.dropped: Counter[str] = Counter()
        self.port_errors = 0
        self.thread_name = f"serial-jsonl-seat{seat}"

    # ----- hub -> device -------------------------------------------------------------
    def send_command(self, command: dict[str, Any]) -> None:
        """Write one command object as a JSON line; raises ValueError if it is not valid v1."""
        problem = command_problem(command)
        if problem:
            raise ValueError(f"invalid command ({problem}): {command!r}")
        line = json.dumps(command, separators=(",", ":")).encode() + b"\n"
        port = self._port
        if port is None:
            raise serial.SerialException("serial port not open")
        with self._write_lock:
            port.write(line)
            port.flush()

    # ----- device -> hub -------------------------------------------------------------
    def feed(self, data: bytes) -> None:
        """Process raw bytes from the port (complete lines are handled, the rest kept)."""
        self._pending.extend(data)
        while True:
            end = self._pending.find(b"\n")
            if end < 0:
                if len(self._pending) > MAX_LINE_BYTES:
                    self.dropped["too_long"] += 1
                    self._pending.clear()
                    self._skip_to_newline = True
                return
            line = bytes(self._pending[:end])
            del self._pending[: end + 1]
            if self._skip_to_newline:
                self._skip_to_newline = False  # tail of an overlong line
                continue
            self._handle_line(line)

    def _handle_line(self, raw: bytes) -> None:
        line = raw.strip()
        if not line:
            return
        if len(line) > MAX_LINE_BYTES:
            self.dropped["too_long"] += 1
            return
        try:
            obj = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            self.dropped["not_json"] += 1
            return
        reason = self._problem_with(obj)
        if reason:
            self.dropped[reason] += 1
            log.debug("seat %d: dropped line (%s): %r", self.seat, reason, line[:80])
            return
        event: Event = {key: value for key, value in obj.items() if key != "seat"}
        self.accepted += 1
        try:
            self._on_event(self.seat, event)
        except Exception:
            log.exception("seat %d: on_event failed", self.seat)

    def _problem_with(self, obj: Any) -> str | None:
        if not isinstance(obj, dict):
            return "not_an_object"
        seat = obj.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            return "missing_seat"
        if seat != self.seat:
            return "seat_mismatch"
        return event_problem({key: value for key, value in obj.items() if key != "seat"})

    # ----- thread --------------------------------------------------------------------
    def _run_until_stopped(self) -> None:
        while not self.stopping:
            port = self._port or self._open()
            if port is None:
                self._stopping.wait(self._reopen_delay)
                continue
            try:
                data = port.read(max(1, port.in_waiting))
            except (serial.SerialException, OSError) as error:
                self.port_errors += 1
                log.warning("seat %d: serial read failed: %s", self.seat, error)
                self._drop_port()
                self._stopping.wait(self._reopen_delay)
                continue
            if data:
                self.feed(data)

    def _open(self) -> serial.SerialBase | None:
        if self._url is None:
            return None
        try:
            self._port = serial.serial_for_url(self._url, baudrate=self._baudrate, timeout=READ_TIMEOUT_S)
        except (serial.SerialException, OSError, ValueError) as error:
            self.port_errors += 1
            log.warning("seat %d: cannot open %s: %s", self.seat, self._url, error)
            return None
        self._pending.clear()
        return self._port

    def _drop_port(self) -> None:
        """Forget a failed port; one we opened ourselves is closed and reopened later."""
        if self._url is None:
            return
        port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except (serial.SerialException, OSError):
                pass

    def _close(self) -> None:
        if self._url is not None and self._port is not None:
            self._port.close()
            self._port = None

