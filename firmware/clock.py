"""Milliseconds since boot that never wrap (time.ticks_ms wraps after days on a board)."""

import time


class Uptime:
    def __init__(self):
        self._last = time.ticks_ms()
        self._total = 0

    def now(self):
        tick = time.ticks_ms()
        self._total += time.ticks_diff(tick, self._last)
        self._last = tick
        return self._total
