"""How often one seat link may answer: a budget per seat, like the seats' MQTT budget.

A person taps a button a second at most; every answer, taken or refused, makes the table
publish a frame to every open page. One seat link posting refused answers in a loop pushed
400 frames in 1.9 s to every page (with 200 pages: 45 MB/s and half the hub's CPU). So each
seat has a token bucket: `rate` answers a second, bursts of `burst`; past it the answer is
refused with 429 ``too_many_answers`` and ``Retry-After``, before the table sees it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from hub.errors import HubError


class TooMany(HubError):
    """Over the budget: answered 429 with `retry_after` seconds."""

    def __init__(self, message: str, retry_after: int = 1) -> None:
        super().__init__("too_many_answers", message, text=message)
        self.retry_after = retry_after


@dataclass
class AnswerBudget:
    """`rate` answers a second per seat, bursts up to `burst` (a few quick taps)."""

    rate: float = 2.0
    burst: float = 8.0
    clock: Callable[[], float] = time.monotonic
    refused: dict[int, int] = field(default_factory=dict)
    _buckets: dict[int, tuple[float, float]] = field(default_factory=dict)  # seat -> (tokens, at)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self, seat: int) -> None:
        """One answer from `seat`'s link, or `TooMany`."""
        now = self.clock()
        with self._lock:
            tokens, at = self._buckets.get(seat, (self.burst, now))
            tokens = min(self.burst, tokens + (now - at) * self.rate)
            if tokens < 1:
                self._buckets[seat] = (tokens, now)
                self.refused[seat] = self.refused.get(seat, 0) + 1
                raise TooMany(f"seat {seat} answers too often: at most {self.rate:g} a second",
                              retry_after=max(1, round((1 - tokens) / self.rate)))
            self._buckets[seat] = (tokens - 1, now)
