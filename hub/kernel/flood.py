"""How much one seat may send: a budget per seat, checked before a message is queued.

A seat's board sends a few events a second at most (a card laid, a button, its inventory
after a reboot). One seat publishing thousands a second (a broken board, a stolen seat
login) would fill the hub's queue and, behind it, the broker's queue for the hub, where
another seat's moves then wait or are lost. So each seat has a token bucket, checked on
the transport's thread in O(1): what is over budget is dropped there, never queued, and
the hub says so once as a reader fault on that seat (`what`: ``flooding``), and once
more (``recovered``) when the seat has been quiet long enough to have its budget back.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

FLOODING = "flooding"  # the reader fault's `what`

OK, DROP, OVER, BACK = "ok", "drop", "over", "back"


@dataclass
class _Bucket:
    tokens: float
    at: float
    over: bool = False


@dataclass
class SeatBudget:
    """`rate` messages a second per seat, bursts up to `burst` (a reboot's hello, status and
    inventory, a few quick button presses). `dropped` counts what was refused, per seat."""

    rate: float = 20.0
    burst: float = 60.0
    clock: Callable[[], float] = time.monotonic
    dropped: dict[int, int] = field(default_factory=dict)
    _buckets: dict[int, _Bucket] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self, seat: int) -> str:
        """One message from `seat`: OK (queue it), DROP (over budget), OVER (the first one
        dropped: say so), BACK (its budget is whole again: say so, then queue it)."""
        now = self.clock()
        with self._lock:
            bucket = self._buckets.get(seat)
            if bucket is None:
                bucket = self._buckets[seat] = _Bucket(self.burst, now)
            bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.rate)
            bucket.at = now
            if bucket.over and bucket.tokens >= self.burst:
                bucket.over = False
                bucket.tokens -= 1
                return BACK
            if bucket.tokens >= 1 and not bucket.over:
                bucket.tokens -= 1
                return OK
            self.dropped[seat] = self.dropped.get(seat, 0) + 1
            bucket.tokens = max(-self.burst, bucket.tokens - 1)  # a flood goes on costing: only quiet gives it back
            if bucket.over:
                return DROP
            bucket.over = True
            return OVER


def topic_seat(topic: str) -> int | None:
    """The seat number of `citadels/<table>/seat/<n>/<kind>`, cheaply (None if not a seat's)."""
    parts = topic.split("/", 4)
    if len(parts) == 5 and parts[2] == "seat" and parts[3].isdigit() and len(parts[3]) <= 3:
        return int(parts[3])
    return None
