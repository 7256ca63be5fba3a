"""Event objects of table protocol v1, stamped the way a seat device stamps them.

Why: readers the hub drives itself (a PN532 on its UART) must look exactly like a seat
device on MQTT, so the table service dedups and orders them with the same
(device, boot, seq) rule.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

PROTOCOL_VERSION = 1
Event = dict[str, Any]
EventCallback = Callable[[int, Event], None]
"""on_event(seat, event): called from the reader's thread, once per event."""


def new_boot_id() -> int:
    """A number that differs at every start: wall-clock milliseconds."""
    return time.time_ns() // 1_000_000


class EventStamper:
    """Adds v, device, boot, seq (1, 2, ...) and t (ms since start) to each event."""

    def __init__(self, device: str, boot: int | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.device = device
        self.boot = new_boot_id() if boot is None else boot
        self._clock = clock
        self._started = clock()
        self._seq = 0

    def make(self, event_type: str, **fields: Any) -> Event:
        """A complete event object of this type with the given type-specific fields."""
        self._seq += 1
        elapsed_ms = int((self._clock() - self._started) * 1000)
        return {
            "v": PROTOCOL_VERSION,
            "device": self.device,
            "boot": self.boot,
            "seq": self._seq,
            "t": elapsed_ms,
            "type": event_type,
            **fields,
        }
